"""A Tournament from crosstable rows (one row per player, one cell per round).

This is the core of the spreadsheet face, with no spreadsheet library: the Excel functions and
the workbook reader hand it plain rows. Errors name the cell (``R3 of player 12`` or the
caller's own cell names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from .errors import InputError
from .model import Kind, Player, Round, STANDARD_SCORING, Scoring, Tournament
from .notation import NotationError, parse_cell


@dataclass(frozen=True)
class Row:
    """One crosstable row as typed: start number, name, rating and the round cells."""

    no: int
    name: str = ""
    rating: Optional[int] = None
    cells: Sequence[object] = ()
    title: str = ""
    fed: str = ""


def default_place(no: int, r: int) -> str:
    return f"R{r} of player {no}"


def tournament_from_rows(rows: Sequence[Row], *, rounds: Optional[int] = None, name: str = "",
                         scoring: Scoring = STANDARD_SCORING, kind: Optional[str] = None,
                         start_date: Optional[str] = None,
                         place: Callable[[int, int], str] = default_place) -> Tournament:
    """Parse every cell and build the Tournament. ``place(no, round)`` names a cell in errors.

    A forfeit loss entered on both sides of one pairing is a double forfeit. Opponents must be
    start numbers of the crosstable.
    """
    nrounds = rounds if rounds is not None else max((len(r.cells) for r in rows), default=0)
    nos = [r.no for r in rows]
    dup = {n for n in nos if nos.count(n) > 1}
    if dup:
        raise InputError(f"start number {min(dup)} appears on more than one row")
    known = set(nos)
    parsed: dict[int, list[Round]] = {}
    for row in rows:
        rs = []
        for r in range(1, nrounds + 1):
            cell = row.cells[r - 1] if r - 1 < len(row.cells) else None
            try:
                rd = parse_cell(cell, scoring)
            except NotationError as exc:
                raise InputError(str(exc), place(row.no, r)) from None
            if rd.opponent is not None:
                if rd.opponent not in known:
                    raise InputError(f"opponent {rd.opponent} is not in the crosstable", place(row.no, r))
                if rd.opponent == row.no:
                    raise InputError(f"player {row.no} cannot play himself", place(row.no, r))
            rs.append(rd)
        parsed[row.no] = rs
    for no, rs in parsed.items():
        for r, rd in enumerate(rs):
            if rd.kind is Kind.FORFEIT_LOSS:
                other = parsed[rd.opponent][r]
                if other.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and other.opponent == no:
                    rs[r] = Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour, rd.points)
    players = [Player(no=row.no, name=row.name, rating=row.rating, title=row.title, fed=row.fed,
                      rounds=tuple(parsed[row.no])) for row in sorted(rows, key=lambda x: x.no)]
    return Tournament(players=tuple(players), rounds=nrounds, name=name, scoring=scoring, kind=kind,
                      start_date=start_date)
