"""The one reader of a workbook for every command (compute, standings, check, export-trf and, for
the crosstable's name, recompute): the Crosstable and the Settings, read through
:mod:`.xlsx.sheet` (never openpyxl), so that every command sees the same cells, every cell
present whatever the sheet's ``<dimension>`` says.

The crosstable is the ``Crosstable`` defined name's range (else a sheet called Crosstable, else
the first sheet, from its header row ``No | Name | ...``), extended downward over the rows typed
just below it (a late entrant): contiguous rows holding a start number or a name, up to the first
empty row. ``recompute`` widens the name itself over those rows (:func:`widened_name_xml`).

Bad input is an :class:`InputError` naming the file and the place (sheet and cell); a workbook
with two sheets of one name (Excel compares them without case) is refused.

A command opens the file once (:func:`open_book`) and hands that :class:`Book` to every reader it
needs (the crosstable, the Settings, the team tables, the categories, prizes and What if sheets,
the staleness check): each sheet is parsed once, and every reader sees the same bytes.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable, Iterable, Optional

from ...errors import InputError
from ...input_file import read_input_file
from ...model import Tournament
from ...name_text import clean_name
from ...options import Options, options_from_pairs
from ...validation import Findings, strict
from ..xlsx.a1 import column_letter
from ..xlsx.sheet import SheetCells, SheetPart, XlsxBook
from ..xlsx.package import MAX_WORKBOOK_BYTES, check_area, check_zip, full_bounds
from .pairing_settings import PairingCells, pairing_cells, yes_or_no

if TYPE_CHECKING:
    from ...editions import Edition

#: limits on the crosstable read (checked before the table is built); see README "Limits and safety"
MAX_CROSSTABLE_ROWS = 100_001  # a header and 100,000 players
MAX_CROSSTABLE_COLUMNS = 1_000  # No, Name, ... and the rounds
HEADER_WORDS = ("no", "sno", "nr", "#")

# the Settings sheet (as workbook_templates and excel/template.py lay it out)
EDITION_CELL, TYPE_CELL, START_CELL = "B3", "B4", "B5"
TB_FIRST_ROW, TB_SLOTS = 7, 6
UNRATED_ROW, OPTIONS_HEAD_ROW = 14, 16
#: how to set a rating for unrated players in a workbook, in the notes of its faces (the Standings
#: page, EXPLAIN, check): its Settings cell (:func:`xl_tiebreak.rating_notes.notes_for`'s ``how``)
UNRATED_HOW = (f"set one in Settings!B{UNRATED_ROW} (Rating for unrated players) or write a descriptor such as "
               "ARO/U1000 in the Settings list")
ROUNDS_LABEL, LIVE_LABEL, RATE_LABEL = "rounds", "live standings", "rate of play"
#: under the block of open choices (one row per field of Options but the rating for unrated players)
#: and a row between: "Rate of play", then "Rating figures" (yes: Rp, K and Rtg+/- on the Standings page)
RATE_ROW = OPTIONS_HEAD_ROW + sum(1 for f in fields(Options) if f.name != "unrated_rating") + 2
FIGURES_ROW = RATE_ROW + 1


@dataclass(frozen=True)
class BookSettings:
    """What the Settings sheet says (empty strings where it is absent). ``edition`` empty: the
    edition in force at the start date. ``rounds`` None: the crosstable's round columns.
    :func:`read_book` gives ``edition`` as the edition's name and ``kind`` as ``swiss`` or
    ``round-robin`` (:func:`.ranges.arguments.read_event_cells`); :func:`read_settings`, as the cells hold
    them."""

    edition: Any = ""
    kind: Any = ""
    tiebreaks: tuple[str, ...] = ()
    start_date: Any = ""  # Settings!B5 as the cell holds it (a date, a number, text): read by xl_tiebreak.dates
    options: Optional[Options] = None  # the rating for unrated players and the open choices
    rounds: Optional[int] = None  # Settings!B13 "Rounds"
    live: bool = False  # Settings!B15 "Live standings"
    #: the pairing rows (Forbidden pairs, Baku acceleration, Initial colour), checked when a round is paired
    pairing: PairingCells = PairingCells()
    rate_cell: tuple[Any, str] = ("", "")  # "Rate of play" as the cell holds it, and the cell (:meth:`rate`)

    def rate(self) -> Optional[str]:
        """The rate of play the rating figures are computed at (B.02 1.1): standard, rapid or
        blitz; None when the row is empty or absent (a workbook from before it: the rules then
        assume standard and say so). A cell that says something else is an error naming it, read
        here (by the faces that show rating figures), not by every command."""
        from ...rating_rules import rate_named
        value, place = self.rate_cell
        return rate_named(value, place or "Settings, Rate of play")


@dataclass(frozen=True)
class CrosstablePlace:
    """Where the crosstable is: the sheet, its area (1-based, inclusive) as read, and the last
    row of the ``Crosstable`` name when rows below it were read too (else None)."""

    sheet: str
    min_col: int
    min_row: int
    max_col: int
    max_row: int
    name_end: Optional[int] = None

    @property
    def area(self) -> str:
        return f"{column_letter(self.min_col)}{self.min_row}:{column_letter(self.max_col)}{self.max_row}"


class Book:
    """An .xlsx file opened once for a command: its bytes (``data``), its sheets (titles checked),
    names, and each sheet's cells, parsed once whoever reads them (the crosstable, the Settings,
    the Event and Published sheets here; the formulas of :class:`.recompute.formula_book.FormulaBook`, and so
    the categories, the prizes, the What if sheet and the staleness check, from the same parse)."""

    def __init__(self, data: bytes, name: str = "") -> None:
        self.name = name
        self.data = data
        check_zip(io.BytesIO(data))
        try:
            self._zip = zipfile.ZipFile(io.BytesIO(data))
            self.xlsx = XlsxBook(self._zip)
        except InputError:
            raise
        except Exception as exc:  # a damaged part: XML, numbers ...
            raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})") from None
        check_titles(p.title for p in self.xlsx.sheets)
        self.sheets: dict[str, SheetPart] = {p.title: p for p in self.xlsx.sheets}
        self._parsed: dict[str, SheetCells] = {}
        self._cells: dict[str, dict[str, Any]] = {}

    def sheet_cells(self, title: str) -> SheetCells:
        """A sheet's cells as :meth:`.xlsx.sheet.XlsxBook.cells` reads them (constants, formulas,
        stored values), its part parsed the first time only; an error is raised as that reader
        raises it (and the part is read again by the next who asks)."""
        got = self._parsed.get(title)
        if got is None:
            got = self._parsed[title] = self.xlsx.cells(self.sheets[title])
        return got

    def cells(self, title: str) -> dict[str, Any]:
        """The values of a sheet by A1 name; a formula cell gives its text (``"=..."``)."""
        got = self._cells.get(title)
        if got is None:
            try:
                sc = self.sheet_cells(title)
            except InputError:
                raise
            except Exception as exc:  # a damaged zip member or part
                raise InputError(f"not a readable .xlsx workbook: the sheet {title!r} cannot be read "
                                 f"({type(exc).__name__}: {exc})") from None
            got = dict(sc.values)
            for coord, text, _ in sc.formulas:
                got[coord] = text
            self._cells[title] = got
        return got

    def sheet(self, title: str) -> Optional[str]:
        """The sheet's title as the workbook spells it (names are compared without case)."""
        if title in self.sheets:
            return title
        return next((t for t in self.sheets if t.casefold() == title.casefold()), None)


def check_titles(titles: Iterable[str]) -> None:
    """Refuse two sheets of one name (Excel compares sheet names without case)."""
    seen: dict[str, str] = {}
    for title in titles:
        key = title.casefold()
        if key in seen:
            raise InputError(f"two sheets are called {seen[key]!r} and {title!r}; Excel allows one "
                             "sheet per name (whatever the case): rename one")
        seen[key] = title


def no_such_sheet(sheet_name: Optional[str], titles: Iterable[str]) -> InputError:
    """The error for a Crosstable name pointing at a sheet the workbook lacks."""
    return InputError(f"the name Crosstable points at the sheet {sheet_name!r}, which the workbook does not have "
                      f"(sheets: {', '.join(titles) or 'none'}); define the name again (Formulas > Name Manager) "
                      "over the crosstable")


def open_book(path: "str | Path") -> Book:
    """A workbook file opened for reading, with a clear error when it is not one."""
    p = Path(path)
    data = read_input_file(p, MAX_WORKBOOK_BYTES,
                           f"the file is larger than {MAX_WORKBOOK_BYTES // 2**20} MiB (MAX_WORKBOOK_BYTES)")
    try:
        return Book(data, p.name)
    except InputError as exc:
        raise InputError(str(exc), p.name) from None


def _used(cells: dict[str, Any], min_col: int, min_row: int, max_col: int, max_row: int) -> tuple[int, int]:
    """The last row and column holding something inside an area (min_row / min_col when none)."""
    from ..xlsx.a1 import split_cell
    last_row, last_col = min_row, min_col
    for coord in cells:
        col, row = split_cell(coord)
        if min_row <= row <= max_row and min_col <= col <= max_col:
            last_row, last_col = max(last_row, row), max(last_col, col)
    return last_row, last_col


def _filled(v: Any) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def crosstable_place(book: Book) -> CrosstablePlace:
    """Where the crosstable is (see the module's description); errors say what was not found."""
    names = {k.casefold(): v for k, v in book.xlsx.names.items()}
    dest = names.get("crosstable")
    if dest is not None:
        sheet_name, area = dest
        title = book.sheet(sheet_name or "")
        if title is None:
            raise no_such_sheet(sheet_name, book.sheets)
        try:
            min_col, min_row, max_col, max_row = full_bounds(area)
        except (ValueError, TypeError):
            raise InputError(f"the name Crosstable ({area!r}) is not a range of cells; define it again "
                             "over the crosstable, e.g. Crosstable!$A$4:$P$404") from None
        check_area(area, f"the name Crosstable ({sheet_name}!{area})")  # before any cell is read
        cells = book.cells(title)
        name_end = max_row
        max_row = extended_rows(lambda coord: _filled(cells.get(coord)), min_col, max_row)
        place = CrosstablePlace(title, min_col, min_row, max_col, max_row, name_end if max_row > name_end else None)
    else:
        place = _by_header(book)
    _check_size(place)
    return place


def extended_rows(filled: Callable[[str], bool], min_col: int, last: int) -> int:
    """The last row of the crosstable once the rows typed just below ``last`` are taken in: each
    holding a start number or a name (``filled`` for the cell of the first or second column), up
    to the first row without either."""
    a, b = column_letter(min_col), column_letter(min_col + 1)
    row = last
    while row - last < MAX_CROSSTABLE_ROWS and row < 1_048_576 and (filled(f"{a}{row + 1}") or filled(f"{b}{row + 1}")):
        row += 1
    return row


def _by_header(book: Book) -> CrosstablePlace:
    if not book.sheets:
        raise InputError("the workbook has no worksheet (its part xl/workbook.xml lists none)")
    if {"teams", "matches"} <= {k.casefold() for k in book.xlsx.names}:
        raise InputError("this is a team workbook (the names Teams and Matches), not an individual crosstable: "
                         "'xl-tiebreak recompute' fills in its values; check, compute, standings, explain, compare and "
                         "export-trf read it; this command (or option) is for individual crosstables")
    title = book.sheet("Crosstable") or next(iter(book.sheets))
    cells = book.cells(title)
    for r in range(1, 31):
        texts = [(c, str(cells[f"{column_letter(c)}{r}"]).strip().lower()) for c in range(1, 101)
                 if _filled(cells.get(f"{column_letter(c)}{r}"))]
        if texts and texts[0][1] in HEADER_WORDS and len(texts) > 2:
            first_col = texts[0][0]
            last_row, last_col = _used(cells, first_col, r, MAX_CROSSTABLE_COLUMNS + first_col, 1_048_576)
            return CrosstablePlace(title, first_col, r, last_col, max(last_row, r + 1))
    raise InputError("no crosstable found: the workbook has no name Crosstable and no header row "
                     "(No | Name | Rating | R1 ...) in the first 30 rows; define the name Crosstable or put "
                     "the header row on a sheet called Crosstable", title)


def _check_size(p: CrosstablePlace) -> None:
    rows, cols = p.max_row - p.min_row + 1, p.max_col - p.min_col + 1
    if rows > MAX_CROSSTABLE_ROWS:
        raise InputError(f"the crosstable holds {rows} rows, over the limit of {MAX_CROSSTABLE_ROWS} "
                         "(MAX_CROSSTABLE_ROWS)", f"{p.sheet}!{p.area}")
    if cols > MAX_CROSSTABLE_COLUMNS:
        raise InputError(f"the crosstable holds {cols} columns, over the limit of {MAX_CROSSTABLE_COLUMNS} "
                         "(MAX_CROSSTABLE_COLUMNS)", f"{p.sheet}!{p.area}")


def crosstable_table(book: Book, place: CrosstablePlace) -> list[list[Any]]:
    """The crosstable's cells, row by row (None where empty)."""
    cells = book.cells(place.sheet)
    letters = [column_letter(c) for c in range(place.min_col, place.max_col + 1)]
    return [[cells.get(f"{col}{r}") for col in letters] for r in range(place.min_row, place.max_row + 1)]


def _label(cells: dict[str, Any], label: str) -> Optional[int]:
    """The row (1..60) whose column A says ``label`` (without case), else None."""
    for r in range(1, 61):
        v = cells.get(f"A{r}")
        if isinstance(v, str) and v.strip().casefold() == label:
            return r
    return None


def _settings_options(cells: dict[str, Any]) -> Optional[Options]:
    """The Options of a Settings sheet (rating for unrated players, the block of open choices);
    None when the sheet has neither. Errors name the cell."""
    if str(cells.get(f"A{UNRATED_ROW}") or "").strip().lower() != "rating for unrated players":
        return None  # a workbook from before these settings
    from dataclasses import fields
    n = len([f for f in fields(Options) if f.name != "unrated_rating"])
    pairs: list[tuple[str, object]] = []
    rating = cells.get(f"B{UNRATED_ROW}")
    if rating not in (None, ""):
        pairs.append(("unrated_rating", rating))
    for r in range(OPTIONS_HEAD_ROW + 1, OPTIONS_HEAD_ROW + 1 + n):
        name = cells.get(f"A{r}")
        if name not in (None, "") and str(name).strip():
            pairs.append((str(name), cells.get(f"B{r}")))
    try:
        return options_from_pairs(pairs, where=f"Settings!A{UNRATED_ROW}:B{OPTIONS_HEAD_ROW + n}")
    except ValueError as exc:
        raise InputError(str(exc)) from None


def _rounds(cells: dict[str, Any]) -> Optional[int]:
    r = _label(cells, ROUNDS_LABEL)
    if r is None:
        return None
    v = cells.get(f"B{r}")
    if not _filled(v):
        return None
    try:
        f = float(str(v).strip()) if not isinstance(v, (int, float)) or isinstance(v, bool) else float(v)
        ok = f.is_integer() and 1 <= f <= 10_000 and not isinstance(v, bool)
    except (ValueError, OverflowError):
        ok = False
    if not ok:
        raise InputError(f"the number of rounds {str(v)[:40]!r} is not a whole number from 1 to 10000 "
                         "(leave it empty for the crosstable's round columns)", f"Settings!B{r}")
    return int(f)


def _live(cells: dict[str, Any]) -> bool:
    r = _label(cells, LIVE_LABEL)
    if r is None:
        return False
    return yes_or_no(cells.get(f"B{r}"), "live standings", f"Settings!B{r}")


def _rate(cells: dict[str, Any]) -> tuple[Any, str]:
    """The row "Rate of play" as its cell holds it, and the cell (("", "") without the row)."""
    r = _label(cells, RATE_LABEL)
    return ("", "") if r is None else (_or_empty(cells.get(f"B{r}")), f"Settings!B{r}")


def _or_empty(v: Any) -> Any:
    return "" if v is None else v


def read_settings(book: Book) -> BookSettings:
    """The Settings sheet: B3 edition (empty: by the start date), B4 type, B5 start date, B7:B12
    tie-breaks, "Rounds", "Live standings" and "Rate of play" (found by their labels in column A),
    options, and the pairing rows (:mod:`.pairing_settings`, read as the cells hold them)."""
    title = book.sheet("Settings")
    if title is None:
        return BookSettings()
    cells = book.cells(title)
    tbs = [cells.get(f"B{TB_FIRST_ROW + j}") for j in range(TB_SLOTS)]
    return BookSettings(_or_empty(cells.get(EDITION_CELL)), _or_empty(cells.get(TYPE_CELL)),
                        tuple(str(t).strip() for t in tbs if t is not None and str(t).strip()),
                        _or_empty(cells.get(START_CELL)), _settings_options(cells), _rounds(cells), _live(cells),
                        pairing_cells(cells, lambda a1: f"{title}!{a1}"), _rate(cells))


def read_book(book: Book, findings: Optional[Findings] = None) -> tuple[Tournament, BookSettings]:
    """The tournament of an opened workbook's crosstable and its settings (see read_workbook)."""
    from .arguments import read_event_cells  # here: the recompute, which reads only the name, starts without it
    from .crosstable_range import rows_to_tournament
    fd = findings if findings is not None else strict()
    place = crosstable_place(book)
    table = crosstable_table(book, place)
    settings = read_settings(book)
    if place.name_end is not None:
        fd.add("crosstable-name", f"the Crosstable name ends at row {place.name_end}; rows {place.name_end + 1}.."
               f"{place.max_row} read too: recompute widens the name",
               f"{place.sheet}!A{place.name_end + 1}")

    def cell_name(i: int, j: int) -> str:
        return f"{place.sheet}!{column_letter(place.min_col + j)}{place.min_row + i}"

    a1 = book.cells(place.sheet).get("A1")
    title, changed = clean_name(a1 if place.sheet == "Crosstable" and isinstance(a1, str) else "")
    if changed:
        fd.add("name", f"event name {title!r}: {changed}", f"{place.sheet}!A1")
    # B3:B5 as the sheet functions read them (one function: the edition, the type, the start date)
    event = read_event_cells([settings.edition, settings.kind, settings.start_date],
                             [f"Settings!{c}" for c in (EDITION_CELL, TYPE_CELL, START_CELL)], fd)
    try:
        t = rows_to_tournament(table, cell_name=cell_name, kind=event.kind, name=title or "", findings=fd,
                               rounds=settings.rounds)
    except InputError as exc:  # the table as a whole (no round columns ...): named by its range
        if exc.where:
            raise
        raise InputError(exc.detail, f"{place.sheet}!{place.area}") from None
    if event.day is not None:
        t = replace(t, start_date=event.day.iso)
    _edition_findings(settings, event.chosen, t.start_date, fd)
    return t, replace(settings, edition=event.chosen.name if event.chosen is not None else "",
                      kind=event.kind or "")


def _edition_findings(settings: BookSettings, chosen: "Optional[Edition]", start: Optional[str],
                      fd: Findings) -> None:
    """The rule edition as the workbook sets it (C.07's editions apply by the event's start date):
    an implausible date, an edition chosen that disagrees with the date, or no date and no
    edition (the one assumed is named, and how to choose). A cell that is not what its place
    holds is an error already (:func:`.ranges.arguments.read_event_cells`)."""
    from ...editions import DEFAULT_EDITION, date_note, edition_for_date
    if start:
        note = date_note(start)
        if note:
            fd.add("edition", note, "Settings!B5")
    if chosen is not None:
        if start and edition_for_date(start).name != chosen.name:
            fd.add("edition", f"the edition chosen, {chosen.name}, is not the one in force at the start date "
                   f"{start} ({edition_for_date(start).name}): values follow {chosen.name}; leave Settings!B3 "
                   "empty to follow the date", "Settings!B3")
    elif not start and not str(settings.start_date).strip() and not str(settings.edition).strip():
        # (a cell that is not what its place holds: an error already)
        fd.add("edition", f"no start date: computed under {DEFAULT_EDITION.name} (the edition is assumed); write "
               "the start date in Settings!B5, or choose an edition in Settings!B3", "Settings!B5")


def read_workbook(source: "str | Path | Book", findings: Optional[Findings] = None) -> tuple[Tournament, BookSettings]:
    """The tournament of a workbook's crosstable and its settings; ``source``: the file, or the
    workbook a command opened once (:func:`open_book`) to read more of it. Errors name the file,
    sheet and cell; ``findings`` collects them instead (see :mod:`xl_tiebreak.validation`)."""
    book = source if isinstance(source, Book) else open_book(source)
    try:
        return read_book(book, findings)
    except InputError as exc:  # the file first, then the sheet and cell
        raise InputError(str(exc), book.name) from None


# ---------------------------------------------------------------- the name, widened (recompute)

_DEFINED = re.compile(r'(<(?:\w+:)?definedName\b[^>]*\bname="Crosstable"[^>]*>)([^<]*)(</(?:\w+:)?definedName>)',
                      re.IGNORECASE)


def widened_name_xml(xml: str, last_row: int, name: str = "Crosstable") -> Optional[str]:
    """The workbook part's XML with the global ``Crosstable`` name's range (or another global
    name's) ending at ``last_row`` (``Crosstable!$A$4:$P$404`` -> ``Crosstable!$A$4:$P$409``); only
    the name's text changes. None when there is no such name or its text has no row to change."""
    pattern = _DEFINED if name == "Crosstable" else re.compile(
        r'(<(?:\w+:)?definedName\b[^>]*\bname="' + re.escape(name) + r'"[^>]*>)([^<]*)(</(?:\w+:)?definedName>)',
        re.IGNORECASE)
    for m in pattern.finditer(xml):
        if "localSheetId" in m.group(1):
            continue
        text = m.group(2)
        new = re.sub(r"(\$?)(\d+)(?!.*\d)", lambda g: f"{g.group(1)}{last_row}", text, count=1)
        if new == text:
            return None
        return xml[:m.start(2)] + new + xml[m.end(2):]
    return None


__all__ = ["BookSettings", "Book", "CrosstablePlace", "open_book", "crosstable_place", "read_settings",
           "read_book", "read_workbook", "crosstable_table", "widened_name_xml", "extended_rows", "check_titles",
           "no_such_sheet"]
