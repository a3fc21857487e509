"""A real TRF file as it stood after round k: the mid-event files an arbiter's program writes
(test-only helpers for the guard in ``tests/test_mid_event_files.py``).

``cut_after(text, k, rounds_record)`` keeps rounds 1..k of every 001 line, sets each player's
points (columns 81-84) to what his first k rounds scored, and writes the event's number of rounds
one of three ways (``ROUNDS_RECORDS``):

* ``"none"``: no XXR/142 record (the reader then knows only the rounds in the file);
* ``"played"``: ``XXR k`` / ``142 k`` (programs that write the rounds played so far);
* ``"planned"``: the record as the file has it (the planned rounds; rounds after k not played yet);
* ``"behind"``: ``XXR k-1`` (after round 2 on: a program that wrote the record before the last
  round's results; FIDE's reference reads every round with a result).

A team file keeps the team records of rounds 1..k only: 330 (forfeited matches), 240 (team byes),
300 (line-ups) and 299 (abnormal points; ``000``, every round, is kept) of later rounds are
dropped, 320's list of PAB teams ends at round k, and record 310's match and game points
(columns 55-60, 62-67) are emptied, since the file's are the final ones. The informative records
801/802 are kept as they are (neither program reads them).

The points written are those the results give under the usual scoring (1 / ½ / 0, a
pairing-allocated bye or a full-point bye 1, a half-point bye ½), counted here from the result
codes (TRF-16 C.04 Annex 2), not by the package; a file with its own scoring (record 162) is
refused (none of the real files has one).
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Optional

ROUNDS_RECORDS = ("none", "played", "planned", "behind")

#: result code -> points (C.04 Annex 2): with an opponent, and without one (0000 or blank)
_WITH = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "W": Fraction(1), "D": Fraction(1, 2),
         "L": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
_WITHOUT = {"U": Fraction(1), "+": Fraction(1), "F": Fraction(1), "H": Fraction(1, 2), "Z": Fraction(0),
            "-": Fraction(0), " ": Fraction(0)}
_FIRST_ROUND = 89  # index of round 1's field (columns 90-99: 2 blanks, opponent, colour, result)
_STRIDE = 10


def rounds_in(text: str) -> int:
    """The last round any 001 line fills (a result, a bye or a pairing)."""
    last = 0
    for line in text.splitlines():
        if line[:3] == "001":
            body = line.rstrip()
            if len(body) > _FIRST_ROUND:
                last = max(last, (len(body) - _FIRST_ROUND - 1) // _STRIDE + 1)
    return last


def rounds_record(text: str) -> Optional[int]:
    """The planned rounds a file states (XXR or 142), or None."""
    for line in text.splitlines():
        if line[:3] in ("XXR", "142"):
            m = re.match(r"\s*(\d+)", line[4:])
            if m:
                return int(m.group(1))
    return None


def _points(fields: str) -> Fraction:
    total = Fraction(0)
    for at in range(0, len(fields), _STRIDE):
        cell = fields[at:at + _STRIDE].ljust(_STRIDE)
        opp, res = cell[2:6].strip(), cell[9]
        if opp and opp != "0000":
            total += _WITH.get(res.upper(), Fraction(0))
        else:
            total += _WITHOUT.get(res.upper(), Fraction(0))
    return total


def _points_text(v: Fraction) -> str:
    s = f"{float(v):.1f}"
    return (s if Fraction(s) == v else f"{float(v):.2f}").rjust(4)


def _player(line: str, k: int) -> str:
    kept = line[:_FIRST_ROUND + _STRIDE * k].rstrip()
    head = kept[:_FIRST_ROUND].ljust(_FIRST_ROUND)
    return (head[:80] + _points_text(_points(kept[_FIRST_ROUND:])) + head[84:] + kept[_FIRST_ROUND:]).rstrip()


def _round_of(line: str) -> Optional[int]:
    """The round a team record of one round names (330, 240, 300, 299), or None for the others."""
    code, tok = line[:3], line[4:].split()
    try:
        if code in ("330", "240") and len(tok) >= 2:
            return int(tok[1])
        if code == "300" and tok:
            return int(tok[0])
        if code == "299":
            return int(line[19:22]) or None  # 000: every round
    except ValueError:
        return None
    return None


def cut_after(text: str, k: int, rounds_record_as: str) -> str:
    """The file after round ``k`` with its rounds record written as ``rounds_record_as`` (module
    docstring)."""
    if rounds_record_as not in ROUNDS_RECORDS:
        raise ValueError(rounds_record_as)
    if any(line[:3] == "162" for line in text.splitlines()):
        raise ValueError("record 162: a scoring system of its own, which cut_after does not count")
    out = []
    has_record = rounds_record(text) is not None
    for line in text.splitlines():
        code = line[:3]
        if code == "001":
            out.append(_player(line, k))
        elif code in ("XXR", "142"):
            if rounds_record_as in ("played", "behind"):
                out.append(f"{code} {k if rounds_record_as == 'played' else max(k - 1, 1)}")
            elif rounds_record_as == "planned":
                out.append(line)
        elif code == "320":
            out.append(line[:14 + 4 * k].rstrip())
        elif code == "310":
            out.append((line[:54].ljust(54) + " " * 6 + line[60:61] + " " * 6 + line[67:]).rstrip())
        elif code in ("330", "240", "300", "299") and (_round_of(line) or 0) > k:
            continue
        else:
            out.append(line)
    if rounds_record_as in ("played", "behind") and not has_record:
        at = next((i for i, ln in enumerate(out) if ln[:3] == "001"), len(out))
        out.insert(at, f"XXR {k if rounds_record_as == 'played' else max(k - 1, 1)}")
    return "\n".join(out) + "\n"
