"""Typing into a TRF file as an arbiter does between rounds, for the season tests and the pairing
benchmark: a round's results over its pending games, a round field set (a bye typed in advance, a
withdrawal), a late entrant's line; the points (columns 81-84) recounted, as FIDE's reference checks
them. Test equipment, not the product."""

from __future__ import annotations

import random
from pathlib import Path

from xl_tiebreak.trf.layout import ROUND_STRIDE, ROUNDS_FROM


def seeded_results(pairing: dict, rng: random.Random, outcomes: str = "11==0") -> dict[int, tuple[int, str, str]]:
    """A seeded result for each game: player -> (opponent, colour, result code 1 = 0), White's
    drawn from ``outcomes`` (default: White wins two games in five, draws two, loses one)."""
    out = {}
    for p in pairing["pairs"]:
        w = rng.choice(outcomes)
        out[p["white"]] = (p["black"], "w", w)
        out[p["black"]] = (p["white"], "b", {"1": "0", "0": "1", "=": "="}[w])
    return out


POINTS = {"1": 1.0, "=": 0.5, "0": 0.0, "U": 1.0, "H": 0.5, "F": 1.0}


def set_field(line: str, rnd: int, field: str) -> str:
    """``line`` with round ``rnd``'s field (columns 92+10(r-1)) set and the points (81-84) recounted
    from every round field, as FIDE's reference checks them."""
    start = ROUNDS_FROM + ROUND_STRIDE * (rnd - 1)
    line = line.ljust(start + ROUND_STRIDE - 2)
    line = line[:start] + field + line[start + ROUND_STRIDE - 2:]
    points = sum(POINTS.get(line[s + 7:s + 8], 0.0)
                 for s in range(ROUNDS_FROM, len(line), ROUND_STRIDE) if line[s:s + 8].strip())
    return (line[:80] + f"{points:>4.1f}" + line[84:]).rstrip()


def edit_trf(trf: Path, fields: dict[int, dict[int, str]], new: str = "") -> None:
    """Round fields typed into a TRF (player -> round -> field), a new 001 line appended."""
    lines = []
    for line in trf.read_text(encoding="latin-1").splitlines():
        if line[:3] == "001":
            for rnd, field in fields.get(int(line[4:8]), {}).items():
                line = set_field(line, rnd, field)
        lines.append(line)
    if new:
        lines.append(new)
    trf.write_text("\n".join(lines) + "\n", encoding="latin-1")


def type_results(trf: Path, rnd: int, results: dict[int, tuple[int, str, str]]) -> None:
    """Round ``rnd``'s results typed over its pending games (``  12 w  `` becomes ``  12 w 1``)."""
    fields = {}
    for line in trf.read_text(encoding="latin-1").splitlines():
        if line[:3] == "001" and int(line[4:8]) in results:
            opp, colour, code = results[int(line[4:8])]
            start = ROUNDS_FROM + ROUND_STRIDE * (rnd - 1)
            assert line[start:start + 6] == f"{opp:>4} {colour}" and not line[start + 6:start + 8].strip(), line
            fields[int(line[4:8])] = {rnd: f"{opp:>4} {colour} {code}"}
    edit_trf(trf, fields)
