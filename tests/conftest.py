"""Shared test helpers: where the shared data lives, and building events from crosstable rows."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import Optional

import pytest

from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows

ROOT = Path(__file__).resolve().parents[1]
SHARED = ROOT.parent / "shared"
REAL = SHARED / "data" / "real"
DATA = Path(__file__).resolve().parent / "data"


def sample_and_rest(total: int, sample: int, name: str = "seeds") -> list:
    """Parameters that split ``range(total)`` in two: the first ``sample`` run in the default suite, the
    rest under the ``campaign`` marker (``python -m pytest -m campaign``; CI runs it apart). Together
    they are the whole sweep, each unit once."""
    return [pytest.param(range(sample), id=f"{name}-0-{sample - 1}"),
            pytest.param(range(sample, total), id=f"{name}-{sample}-{total - 1}", marks=pytest.mark.campaign)]


def real_files() -> list[Path]:
    return sorted(REAL.glob("*.trf")) if REAL.is_dir() else []


@pytest.fixture
def real_dir() -> Path:
    if not REAL.is_dir():
        pytest.skip("../shared/data/real is not beside the project")
    return REAL


def event(rows: dict[int, list[str]], ratings: Optional[dict[int, int]] = None, **kw):
    """A Tournament from ``{start number: [cell, ...]}`` in the crosstable notation."""
    ratings = ratings or {}
    return tournament_from_rows(
        [CrosstableRow(no=no, name=f"Player {no}", rating=ratings.get(no), cells=cells) for no, cells in rows.items()],
        **kw)


def trf_line(no: int, rounds: list[tuple], points: str = "", rating: int = 1500) -> str:
    """A TRF 001 line for player ``no`` (rank ``no``) with rounds of ``(opponent, colour, result)``."""
    line = f"001 {no:>4} m    {f'Player {no}':<33} {rating:>4} NOR {1000 + no:>11} {'':<10} {points:>4} {no:>4}"
    line = line.ljust(89)
    for opp, col, res in rounds:
        line += f"  {opp:>4} {col} {res}"
    return line


def F(x) -> Fraction:
    return Fraction(str(x))


_MIRROR_RESULT = {"1": "0", "0": "1", "½": "½"}


def mirror(cell: str, me: int) -> tuple[int, str]:
    """(opponent, the opponent's cell) for a centre cell like ``2w1``, ``+2``, ``--2``."""
    import re
    m = re.fullmatch(r"(\d+)([wb])(1|0|½)", cell)
    if m:
        opp, col, res = m.groups()
        return int(opp), f"{me}{'b' if col == 'w' else 'w'}{_MIRROR_RESULT[res]}"
    m = re.fullmatch(r"(--|\+|-)(\d+)", cell)
    if m:
        sign, opp = m.groups()
        return int(opp), {"+": "-", "-": "+", "--": "--"}[sign] + str(me)
    raise ValueError(cell)


def around(center: list[str], opp_scores: dict[int, str], ratings: Optional[dict[int, int]] = None,
           **kw):
    """An event built around player 1: its cells name opponents 2, 3, ...; each opponent reaches
    the given final score by games (not byes) against filler players numbered from 100, so every
    opponent's adjusted score equals its raw score. Filler players are absent in other rounds."""
    rounds = len(center)
    rows: dict[int, list[str]] = {1: list(center)}
    for r, cell in enumerate(center):
        if cell and cell[0].isdigit() or cell[:1] in "+-" and len(cell) > 1:
            opp, theirs = mirror(cell, 1)
            rows.setdefault(opp, [""] * rounds)[r] = theirs
    filler = 100
    for opp, target in opp_scores.items():
        row = rows[opp]
        have = sum(F({"1": 1, "½": "0.5", "0": 0}[c[-1]]) if c[0].isdigit() else F(1 if c.startswith("+") else 0)
                   for c in row if c)
        need = F(target) - have
        for r in range(rounds):
            if row[r]:
                continue
            res = "1" if need >= 1 else "½" if need == F("0.5") else "0"
            need -= {"1": 1, "½": F("0.5"), "0": 0}[res]
            row[r] = f"{filler}w{res}"
            frow = ["-"] * rounds
            frow[r] = f"{opp}b{_MIRROR_RESULT[res]}"
            rows[filler] = frow
            filler += 1
        assert need == 0, f"score {target} not reachable for player {opp}"
    for no, row in rows.items():
        rows[no] = [c if c else "-" for c in row]
    return event(dict(sorted(rows.items())), ratings, **kw)

