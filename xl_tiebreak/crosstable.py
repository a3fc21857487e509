"""A Tournament from crosstable rows (one row per player, one cell per round).

This is the core of the spreadsheet face, with no spreadsheet library: the Excel functions and
the workbook reader hand it plain rows. Errors name the cell (``R3 of player 12`` or the
caller's own cell names).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from .model import STANDARD_SCORING, Kind, Player, Round, Scoring, Tournament
from .notation import NotationError, is_us_cell, parse_cell
from .pairings import reconcile
from .validation import Findings, strict


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
                         place: Callable[[int, int], str] = default_place,
                         findings: Optional[Findings] = None,
                         row_place: Optional[Callable[[Row], str]] = None,
                         style: str = "auto") -> Tournament:
    """Parse every cell and build the Tournament. ``place(no, round)`` names a cell in errors.

    A forfeit loss entered on both sides of one pairing is a double forfeit; both sides of every
    pairing must agree (:mod:`xl_tiebreak.pairings`). ``findings``: where problems go (by default
    the first error raises); a bad cell is then read as not played. ``style``: ``"fide"``,
    ``"us"`` (the US wall chart) or ``"auto"``: US when any cell reads like ``W12``.
    """
    if style == "auto":
        style = "us" if any(is_us_cell(c) for row in rows for c in row.cells) else "fide"
    fd = findings if findings is not None else strict()
    nrounds = rounds if rounds is not None else max((len(r.cells) for r in rows), default=0)
    seen: set[int] = set()
    unique: list[Row] = []
    for row in rows:
        if row.no in seen:
            fd.add("duplicate-player", f"start number {row.no} appears on more than one row",
                   row_place(row) if row_place else f"player {row.no}")
            continue
        seen.add(row.no)
        unique.append(row)
    parsed: dict[int, list[Round]] = {}
    for row in unique:
        extra = [r for r in range(nrounds + 1, len(row.cells) + 1) if row.cells[r - 1] not in (None, "")]
        if extra:
            fd.add("rounds", f"a result in round {extra[0]}, but the event has {nrounds} rounds",
                   place(row.no, extra[0]))
        rs = []
        for r in range(1, nrounds + 1):
            cell = row.cells[r - 1] if r - 1 < len(row.cells) else None
            try:
                rs.append(parse_cell(cell, scoring, style))
            except NotationError as exc:
                fd.add("notation", str(exc), place(row.no, r))
                rs.append(Round(Kind.NOT_PLAYED))
        parsed[row.no] = rs
    reconcile(parsed, place, fd, swiss=kind != "round-robin")
    rows = unique
    players = [Player(no=row.no, name=row.name, rating=row.rating, title=row.title, fed=row.fed,
                      rounds=tuple(parsed[row.no])) for row in sorted(rows, key=lambda x: x.no)]
    return Tournament(players=tuple(players), rounds=nrounds, name=name, scoring=scoring, kind=kind,
                      start_date=start_date)
