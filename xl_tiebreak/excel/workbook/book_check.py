"""``check BOOK.xlsx``: the findings for a workbook's crosstable (as :mod:`xl_tiebreak.check` gives
them for a TRF file), the ``unrated`` warnings at the players' Rating cells, the fields of the FIDE
rating report left empty (:func:`.ranges.event_sheet.report_findings`), then the findings on its stored
values (stale tables, formulas the recompute cannot compute: :mod:`.recompute.stale`).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

from ...check import collect
from ...errors import InputError
from ...model import Tournament
from ...rating_notes import unrated_findings, unrated_players
from ...validation import Finding
from ..ranges.book_reader import (TB_FIRST_ROW, TB_SLOTS, UNRATED_HOW, Book, BookSettings, crosstable_place,
                          crosstable_table, open_book, read_workbook)
from ..ranges.crosstable_range import find_layout
from ..recompute.stale import stale_findings
from ..xlsx.a1 import column_letter


def check_workbook(path: "str | Path") -> list:
    """The findings for a workbook's crosstable (see :mod:`xl_tiebreak.check`), then those on
    its stored values (stale tables, formulas the recompute cannot compute: :mod:`.recompute.stale`). A part
    that cannot be read at all is an :class:`~xl_tiebreak.errors.InputError` naming the file."""
    try:
        return _check_workbook(path)
    except InputError as exc:  # the file first, then the sheet and cell
        name = Path(path).name
        if exc.where and name in exc.where:
            raise
        raise InputError(str(exc) if exc.where else exc.detail, name) from None


def _check_workbook(path: "str | Path") -> list:
    from ..ranges.team_book import is_team_book, read_team_book
    try:
        book = open_book(path)  # the one reading of the file: every finding below is of these bytes
    except InputError as exc:  # the reader's error, as a finding (the recompute refuses such a file too)
        return [Finding("error", "layout", exc.where or "", exc.detail)]
    if is_team_book(book):  # a team workbook: its tables as the team functions read them (a bad cell once,
        tables: list = []  # not again for every table it breaks), its tie-break list at its cells
        found = collect(lambda fd: tables.append(read_team_book(book, findings=fd)))
        if tables:
            found += settings_list_findings(book, tables[0][0].event.rounds)
        return found + _report(book, found, "Event", "Start date") + stale_findings(book, found)
    read: list = []
    found = collect(lambda fd: read.append(read_workbook(book, findings=fd)))
    if read:
        found += settings_list_findings(book, read[0][0].rounds)
    if read and not any(f.severity == "error" for f in found):
        found += _unrated_findings(book, *read[0])
        from ..ranges.published_sheet import published_findings
        found += published_findings(book, *read[0])
        found += _report(book, found, None, None)
    return found + stale_findings(book, found)


def _report(book, found: list, name_label: "str | None", start_label: "str | None") -> list:
    """The rating report's empty fields (:func:`.ranges.event_sheet.report_findings`): the event's name
    held in the Crosstable's title (A1) or, in a team workbook, on the Settings row
    ``name_label``; the start date in Settings!B5 or on the row ``start_label``. A cell another
    finding names already (no start date: the edition's warning) is not named again."""
    from ..ranges.event_sheet import report_findings
    held: dict[str, tuple[str, object]] = {}
    settings = book.sheet("Settings")
    cells = book.cells(settings) if settings is not None else {}
    if name_label is None:
        crosstable = book.sheet("Crosstable")
        if crosstable is not None:
            held["012"] = (f"{crosstable}!A1", book.cells(crosstable).get("A1"))
        held["042"] = ("Settings!B5", cells.get("B5"))
    else:
        rows = {str(v).strip().casefold(): k[1:] for k, v in cells.items() if k[:1] == "A" and isinstance(v, str)}
        for code, label in (("012", name_label), ("042", start_label)):
            r = rows.get(str(label).casefold())
            if r is not None:
                held[code] = (f"{settings}!B{r}", cells.get(f"B{r}"))
    named = {f.where for f in found}
    try:
        return report_findings(book, held, [c for c, (where, _) in held.items() if where in named])
    except InputError as exc:  # a damaged Event sheet: an error at its place, once
        return [] if exc.where in named else [Finding("error", "layout", exc.where or "", exc.detail)]


def settings_list_findings(source: "str | Path | Book", rounds: int) -> list[Finding]:
    """The findings on the Settings tie-break list, each at its cell (:mod:`xl_tiebreak.list_check`):
    a code the program does not know (an error: named here once, rather than by every table it
    stops), an empty row between two codes, a cut that leaves nothing of the event's rounds. An
    individual workbook's list is Settings!B7:B12 (individual codes); a team workbook's the range
    of its name TeamTiebreaks (team codes, :func:`xl_tiebreak.descriptor.parse_team`).
    ``source``: the file, or the workbook opened."""
    from ...list_check import list_findings
    entries, rounds_at, parse = settings_list(source if isinstance(source, Book) else open_book(source))
    return list_findings(entries, rounds, rounds_at, parse, "a blank row between two codes")


def settings_list(book) -> tuple[list[tuple[str, str]], str, Callable[[str], Any]]:
    """A workbook's Settings tie-break list: its entries (text, cell), the cell of the event's
    rounds, and the parser of its codes (individual, or team codes in a team workbook)."""
    from ..ranges.team_book import is_team_book, named_range
    title = book.sheet("Settings")
    cells = book.cells(title) if title else {}
    if is_team_book(book):
        from ...descriptor import parse_team
        try:
            sheet, c0, r0, rows = named_range(book, "TeamTiebreaks")
        except InputError:
            return [], "", parse_team
        entries = [(str(c if c is not None else "").strip(), f"{sheet}!{column_letter(c0 + j)}{r0 + i}")
                   for i, row in enumerate(rows) for j, c in enumerate(row)]
        label = next((k for k, v in cells.items() if k[:1] == "A" and str(v).strip().casefold() == "rounds"), None)
        return entries, f"{title}!B{label[1:]}, Rounds" if label else "Settings, Rounds", parse_team
    from ...descriptor import parse_descriptor
    entries = [(str(cells.get(f"B{r}") or "").strip(), f"Settings!B{r}")
               for r in range(TB_FIRST_ROW, TB_FIRST_ROW + TB_SLOTS)]
    return entries, "Settings!B13, Rounds", parse_descriptor


def _unrated_findings(book: Book, t: Tournament, settings: BookSettings) -> list:
    """The ``unrated`` warnings (:func:`xl_tiebreak.rating_notes.unrated_findings`), each at the
    unrated player's Rating cell (his start number's cell when there is no Rating column)."""
    if not unrated_players(t) or not settings.tiebreaks:
        return []
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
                            UNRATED_HOW)


__all__ = ["check_workbook", "settings_list_findings", "settings_list"]
