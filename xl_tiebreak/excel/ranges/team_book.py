"""The reader of a team workbook (:mod:`.authoring.team_template`): its ``Teams``, ``Matches`` and
``TeamSettings`` ranges (the defined names, else the sheets of those names from their header
row) read through the one XML reader of :mod:`.ranges.book_reader` into a
:class:`~xl_tiebreak.teams.TeamEvent` by :func:`.ranges.team_ranges.build_team_event`. Errors name the
file, the sheet and the cell.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable, Optional

from ...errors import InputError
from ...validation import Findings
from .book_reader import Book, open_book
from .team_ranges import TeamEventRead, build_team_event
from ..xlsx.a1 import column_letter
from ..xlsx.package import check_area, full_bounds

#: the defined names a team workbook has, and the sheet each is looked for on without them
TEAM_NAMES = {"Teams": "Teams", "Matches": "Matches", "TeamSettings": "Settings", "TeamTiebreaks": "Settings"}


def is_team_book(book: Book) -> bool:
    """Whether the workbook is a team workbook (it has the names Teams and Matches)."""
    names = {k.casefold() for k in book.xlsx.names}
    return "teams" in names and "matches" in names


def named_range(book: Book, name: str) -> tuple[str, int, int, list[list[Any]]]:
    """(sheet, first column, first row, the cells row by row) of a defined name."""
    names = {k.casefold(): v for k, v in book.xlsx.names.items()}
    dest = names.get(name.casefold())
    if dest is None:
        raise InputError(f"the workbook has no name {name}: not a team workbook (xl-tiebreak template --type team "
                         "makes one)")
    sheet_name, area = dest
    title = book.sheet(sheet_name or "")
    if title is None:
        raise InputError(f"the name {name} points at the sheet {sheet_name!r}, which the workbook does not have")
    try:
        min_col, min_row, max_col, max_row = full_bounds(area)
    except (ValueError, TypeError):
        raise InputError(f"the name {name} ({area!r}) is not a range of cells") from None
    check_area(area, f"the name {name} ({sheet_name}!{area})")
    cells = book.cells(title)
    if name in GROWING:  # rows typed just below the name are the table's too (recompute widens it)
        max_row = rows_below(lambda coord: _filled(cells.get(coord)), min_col, max_col, max_row)
    letters = [column_letter(c) for c in range(min_col, max_col + 1)]
    rows = [[cells.get(f"{col}{r}") for col in letters] for r in range(min_row, max_row + 1)]
    return title, min_col, min_row, rows


#: the names whose tables grow downward (a player, a match typed below the range)
GROWING = ("Teams", "Matches")
MAX_ROWS_BELOW = 100_000


def _filled(v: Any) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def rows_below(filled: Callable[[str], bool], min_col: int, max_col: int, last: int) -> int:
    """The last row of a table once the rows typed just below ``last`` are taken in: each holding
    something in the table's columns, up to the first row without anything."""
    letters = [column_letter(c) for c in range(min_col, max_col + 1)]
    row = last
    while row - last < MAX_ROWS_BELOW and row < 1_048_576 and any(filled(f"{c}{row + 1}") for c in letters):
        row += 1
    return row


def read_team_book(book: Book, findings: Optional[Findings] = None) -> tuple[TeamEventRead, list[str]]:
    """The team event of an opened workbook, and its tie-break list (Settings); ``findings``: see
    :func:`.ranges.team_ranges.build_team_event` (by default the first problem raises)."""
    places: dict[str, tuple[str, int, int]] = {}
    tables: dict[str, list[list[Any]]] = {}
    for name, table in (("Teams", "Teams"), ("Matches", "Matches"), ("TeamSettings", "Settings")):
        sheet, c0, r0, rows = named_range(book, name)
        places[table], tables[table] = (sheet, c0, r0), rows

    def cell_name(table: str, i: int, j: int) -> str:
        sheet, c0, r0 = places[table]
        return f"{sheet}!{column_letter(c0 + j)}{r0 + i}"
    got = build_team_event(tables["Teams"], tables["Matches"], tables["Settings"], cell_name=cell_name,
                           findings=findings)
    tbs: list[str] = []
    try:
        _, _, _, rows = named_range(book, "TeamTiebreaks")
        tbs = [str(c).strip() for r in rows for c in r if c is not None and str(c).strip()]
    except InputError:
        pass
    return got, tbs


def read_team_workbook(path: "str | Path") -> tuple[TeamEventRead, list[str]]:
    """A team workbook file read (see :func:`read_team_book`); errors name the file, sheet and cell."""
    book = open_book(path)
    try:
        return read_team_book(book)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None


__all__ = ["is_team_book", "read_team_book", "read_team_workbook", "named_range", "TEAM_NAMES"]
