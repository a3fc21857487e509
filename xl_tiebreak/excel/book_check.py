"""``check BOOK.xlsx``: the findings for a workbook's crosstable (as :mod:`xl_tiebreak.check` gives
them for a TRF file), the ``unrated`` warnings at the players' Rating cells, then the findings on
its stored values (stale tables, formulas the recompute cannot compute: :mod:`.stale`).
"""

from __future__ import annotations

from pathlib import Path

from ..check import collect
from ..model import Tournament
from ..rating_notes import unrated_findings, unrated_players
from ..validation import Finding
from .book_reader import (TB_FIRST_ROW, TB_SLOTS, UNRATED_ROW, BookSettings, crosstable_place, crosstable_table,
                          open_book, read_workbook)
from .sheet_table import find_layout
from .stale import stale_findings
from .xlsx.a1 import column_letter


def check_workbook(path: "str | Path") -> list:
    """The findings for a workbook's crosstable (see :mod:`xl_tiebreak.check`), then those on
    its stored values (stale tables, formulas the recompute cannot compute: :mod:`.stale`)."""
    from ..errors import InputError
    from .team_book import is_team_book, read_team_book
    try:
        book = open_book(path)
        team = is_team_book(book)
    except InputError:  # the reader below says what is wrong, as a finding
        team = False
    if team:  # a team workbook: its tables as the team functions read them
        return collect(lambda fd: read_team_book(book, findings=fd)) + stale_findings(path, [])
    read: list = []
    found = collect(lambda fd: read.append(read_workbook(path, findings=fd)))
    if read:
        found += settings_list_findings(path, read[0][0].rounds)
    if read and not any(f.severity == "error" for f in found):
        found += _unrated_findings(path, *read[0])
        from .published_sheet import published_findings
        found += published_findings(open_book(path), *read[0])
    return found + stale_findings(path, found)


def settings_list_findings(path: "str | Path", rounds: int) -> list[Finding]:
    """The findings on the Settings tie-break list, each at its cell (:mod:`xl_tiebreak.list_check`):
    a code the program does not know (an error: named here once, rather than by every table it
    stops), an empty row between two codes, a cut that leaves nothing of the event's rounds."""
    from ..descriptor import parse_descriptor
    from ..list_check import list_findings
    book = open_book(path)
    title = book.sheet("Settings")
    cells = book.cells(title) if title else {}
    entries = [(str(cells.get(f"B{r}") or "").strip(), f"Settings!B{r}")
               for r in range(TB_FIRST_ROW, TB_FIRST_ROW + TB_SLOTS)]
    return list_findings(entries, rounds, "Settings!B13, Rounds", parse_descriptor, "a blank row between two codes")


def _unrated_findings(path: "str | Path", t: Tournament, settings: BookSettings) -> list:
    """The ``unrated`` warnings (:func:`xl_tiebreak.rating_notes.unrated_findings`), each at the
    unrated player's Rating cell (his start number's cell when there is no Rating column)."""
    if not unrated_players(t) or not settings.tiebreaks:
        return []
    book = open_book(path)
    place = crosstable_place(book)
    rows = crosstable_table(book, place)
    layout = find_layout(rows[0], max(len(r) for r in rows))
    col = layout.no if layout.rating is None else layout.rating
    cells: dict[int, str] = {}
    for i, r in enumerate(rows[1 if layout.header else 0:], start=1 if layout.header else 0):
        no = r[layout.no] if layout.no < len(r) else None
        if isinstance(no, (int, float)) and not isinstance(no, bool) and float(no).is_integer():
            cells.setdefault(int(no), f"{place.sheet}!{column_letter(place.min_col + col)}{place.min_row + i}")
    return unrated_findings(t, settings.tiebreaks, settings.options, lambda p: cells.get(p.no, place.sheet),
                            f"set one in Settings!B{UNRATED_ROW} (Rating for unrated players) or write a "
                            "descriptor such as ARO/U1000 in the Settings list")


__all__ = ["check_workbook", "settings_list_findings"]
