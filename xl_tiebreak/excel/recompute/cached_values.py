"""Headless recompute: evaluate our functions in a workbook's formula cells and write the results
as the cells' cached values, changing nothing else in the file.

The workbook's cells are read straight from its XML parts (:mod:`.xlsx.sheet`, which reads them
as openpyxl does, five times faster); openpyxl is never used to re-save it (that would drop add-in
parts, shapes and dynamic-array metadata). The sheet XML parts that hold evaluated cells are edited in place,
cell by cell (the ``<v>`` value and the ``t`` type of those ``<c>`` elements only); every other
zip part is copied unchanged. The write is atomic; the input is replaced only when no output is
named, and then a backup is kept. If the file changes while we work, nothing is written.

A formula whose value is a table (STANDINGS, RESULTS, EXPLAIN, ...) is written as Excel 365 writes
a spill: the anchor holds ``<f t="array" ref="A4:J405">`` and the ``cm`` attribute pointing at the
dynamic-array entry (XLDAPR) of ``xl/metadata.xml`` (added, with its relationship and content type,
when the workbook has none); every cell of the spill area gets its value (an empty result is an
empty cell, so text can overflow into it); cells of an earlier, larger spill are cleared. A spill
that would cover a cell holding something else is not written (Excel shows #SPILL!); the report
names the cell. ``IFERROR(<call>, <range>)`` also gets the table in ``<range>`` (the values
LibreOffice shows, since it recalculates array formulas on load). A call that fails (a bad cell)
leaves no old figure standing: its table becomes ``#ERROR: <the cell>: <what is wrong>`` in the
first cell, the rest emptied, in the sheet and in ``<range>`` (:func:`error_table`); so does a
call whose argument reads a cell holding a formula we do not evaluate (its stored value may be
stale: :meth:`.recompute.formula_book.FormulaBook.argument`), not left as it was. :func:`plan`
computes every value without writing (the staleness check of :mod:`.recompute.stale` compares them).
"""

from __future__ import annotations

import io
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ...errors import InputError, TiebreakError
from ..ranges.book_reader import Book
from .formula import Ref, Unsupported, is_plain_ref, uses_our_functions
from .formula_book import FormulaBook
from ..functions.individual import ERROR_PREFIX, error_table  # one prefix: the add-in shows the same error table
from ..xlsx.a1 import area_name, block_bounds, column_letter, split_cell
from ..xlsx.package import MAX_WORKBOOK_BYTES, LimitError, ZipCopy, check_area, check_zip, full_bounds, read_text
from ..xlsx.parts import dynamic_array_index, sheet_parts, workbook_part
from ..xlsx.patch import CLEAR, SheetEdit, already_holds, patch_sheet_xml
from ..xlsx.row_heights import fitted_rows, one_row_merges
from ..xlsx.safe_write import atomic_write, replace_keeping_backup, update_target


@dataclass
class Report:
    """What a recompute did: cells written, cells whose evaluation failed (with the message),
    formulas left alone because they use something we do not evaluate."""

    written: int = 0  # cells whose cached value (or array formula) was written
    unchanged: int = 0  # cells computed that already held their value: left byte for byte
    errors: dict[str, str] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    output: Optional[Path] = None
    backup: Optional[Path] = None
    backups_removed: list[Path] = field(default_factory=list)  # older backups of ours removed (the newest few kept)
    values: dict[str, Any] = field(default_factory=dict)  # "Sheet!A1" -> value written
    name_widened: Optional[str] = None  # the Crosstable name's new range, when rows below it were taken in
    names_widened: list[str] = field(default_factory=list)  # "Teams: Teams!A4:J420", a team workbook's names
    up_to_date: bool = False  # in place, the new file would be the one read, byte for byte: nothing written


def _cells_of(area: str) -> list[tuple[int, int]]:
    min_col, min_row, max_col, max_row = block_bounds(area)
    return [(r, c) for r in range(min_row, max_row + 1) for c in range(min_col, max_col + 1)]


def _named_cells(area: str) -> list[tuple[int, int, str]]:
    """(row, column, A1 name) of every cell of an area, row by row."""
    min_col, min_row, max_col, max_row = block_bounds(area)
    letters = [(c, column_letter(c)) for c in range(min_col, max_col + 1)]
    return [(r, c, f"{name}{r}") for r in range(min_row, max_row + 1) for c, name in letters]


def _put_table(edit: SheetEdit, row: int, col: int, table: list[list[Any]]) -> None:
    """``_put`` of every value of a table (rows of equal width) whose top-left cell is (row, col)."""
    letters = [column_letter(col + j) for j in range(len(table[0]))]
    values = edit.values
    for i, line in enumerate(table):
        r = row + i
        for name, v in zip(letters, line):
            values[f"{name}{r}"] = CLEAR if v is None or (isinstance(v, str) and not v.strip()) else v


def _table(v: Any) -> Optional[list[list[Any]]]:
    """A 2-D table (a list of rows), or None for a single value."""
    if isinstance(v, (list, tuple)) and v:
        rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in v]
        width = max(len(r) for r in rows)
        return [r + [""] * (width - len(r)) for r in rows] if width else None
    return None


def _put(edit: SheetEdit, coord: str, v: Any) -> None:
    """An empty result leaves the cell empty, so text from the left can overflow into it."""
    edit.values[coord] = CLEAR if v is None or (isinstance(v, str) and not v.strip()) else v


def recompute_bytes(data: bytes, report: Optional[Report] = None) -> tuple[bytes, Report]:
    """The recomputed workbook as bytes, and the report."""
    report = report or Report()
    return planned_bytes(plan(data, report), report)


def planned_bytes(planned: tuple[FormulaBook, bytes, dict[str, SheetEdit]], report: Report) -> tuple[bytes, Report]:
    """The workbook of a :func:`plan` with its values written, as bytes, and the report."""
    book, data, edits = planned
    data = _fit_print_areas(book, data, edits, report)
    _leave_unchanged(book, edits, report)
    try:
        return _write_values(data, edits, report)
    except TiebreakError:
        raise
    except (zipfile.BadZipFile, zlib.error, ValueError, SyntaxError, KeyError, OSError, EOFError) as exc:
        raise InputError(f"a part of the workbook cannot be read ({type(exc).__name__}: {exc})") from None


def plan(source: "bytes | Book", report: Report) -> tuple[FormulaBook, bytes, dict[str, SheetEdit]]:
    """Every value the recompute would write (nothing is written): the workbook read, its bytes
    (the Crosstable name widened if need be) and the edits by sheet; ``report.values`` gets each
    formula's value (a table for a spill), ``report.errors`` and ``report.skipped`` the rest.
    The staleness check (:mod:`.recompute.stale`) compares these with the stored values. ``source``: the
    workbook's bytes, or the workbook a command opened (its sheets are not parsed again)."""
    if isinstance(source, Book):
        data = source.data  # (its zip checked as it was opened)
    else:
        data = source
        check_zip(io.BytesIO(data))
    book = FormulaBook(source)
    data = _widen_crosstable_name(book, data, report)
    data = _widen_team_names(book, data, report)
    edits: dict[str, SheetEdit] = {}
    for sheet, coord, text in book.formulas:
        if not uses_our_functions(text):
            continue
        where = f"{sheet}!{coord}"
        edit = edits.setdefault(sheet, SheetEdit())
        inner, fallback = book.split(text)
        old = book.array_ref.get((sheet, coord))
        try:
            v = book.value(sheet, coord)
        except LimitError:
            raise  # the whole recompute stops: no table is written from part of a range
        except Unsupported as exc:
            report.skipped[where] = str(exc)
            continue
        except TiebreakError as exc:
            report.errors[where] = book.failure(sheet, text, exc)
            v = _failed(fallback, report.errors[where])
        except Exception as exc:  # a bug of ours: that cell gets #VALUE!, the rest is written
            report.errors[where] = f"internal error ({type(exc).__name__}: {exc}); please report it"
            v = _failed(fallback, report.errors[where])
        table = _table(v)
        if table is None:
            if isinstance(v, (list, tuple)):
                v = ""
            edit.values[coord] = v
            if old is not None:  # an array formula that now gives one value: clear the rest
                for r, c in _cells_of(old)[1:]:
                    edit.values.setdefault(f"{column_letter(c)}{r}", CLEAR)
                edit.arrays[coord] = coord
            report.values[where] = v
            if isinstance(fallback, Ref):  # a one-cell store (the status line's, for LibreOffice)
                _fill_fallback(book, edits, fallback, sheet, [[v]], report, where)
            continue
        col, row = split_cell(coord)
        area = area_name(row, col, len(table), len(table[0]))
        was = block_bounds(old) if old is not None else (0, 0, -1, -1)
        same = was == block_bounds(area)  # the table keeps its size: it covers its old cells again
        blocked = None if same else next((f"{column_letter(c)}{r}" for r, c in _cells_of(area)[1:]
                                          if not (was[1] <= r <= was[3] and was[0] <= c <= was[2])
                                          and book.occupied(sheet, f"{column_letter(c)}{r}")), None)
        if blocked:
            report.errors[where] = (f"the table needs {sheet}!{area}, but {sheet}!{blocked} is not empty; "
                                    "clear it (Excel shows #SPILL!)")
            continue
        if old is not None and not same:
            edit.values.update((name, CLEAR) for _, _, name in _named_cells(old))
        _put_table(edit, row, col, table)
        edit.values[coord] = table[0][0]  # the anchor keeps a value, even an empty one
        edit.arrays[coord] = area
        report.values[where] = table
        if isinstance(fallback, Ref):
            _fill_fallback(book, edits, fallback, sheet, table, report, where)
            if where in report.errors and _is_error_table(table):
                _blank_store(edits, fallback, sheet)
    _refuse_if_nothing_computed(book, report)
    return book, data, edits


def _is_error_table(table: list[list[Any]]) -> bool:
    return len(table) == 1 and len(table[0]) == 1 and str(table[0][0]).startswith(ERROR_PREFIX)


def _blank_store(edits: dict[str, SheetEdit], ref: Ref, here: str) -> None:
    """The range of stored values behind an error table: empty text past its first cell, not
    empty cells, since Excel shows an empty cell of a spilled range as 0 (a figure)."""
    edit = edits.get(ref.sheet or here)
    if edit is None:
        return
    for _, _, coord in _named_cells(ref.area)[1:]:
        if edit.values.get(coord) is CLEAR:
            edit.values[coord] = ""


def _failed(fallback: "Ref | str | None", message: str) -> Any:
    """What a failing call's cell shows, as Excel would show it once the stored values are
    written: a formula without IFERROR the error ``#VALUE!``; ``IFERROR(<call>, "")`` its
    fallback; ``IFERROR(<call>, <range of stored values>)`` (the templates' tables) the
    :func:`error_table`, written into the range too, so Excel without the add-in and LibreOffice
    show the error instead of the last good figures."""
    if isinstance(fallback, Ref):
        return error_table(message)
    return "#VALUE!" if fallback is None else fallback


def _widen_crosstable_name(book: FormulaBook, data: bytes, report: Report) -> bytes:
    """The workbook with its ``Crosstable`` name widened over the players typed just below its
    range (a late entrant: the rows every command reads, :mod:`.ranges.book_reader`), else as it is;
    ``book`` then reads the name's new range. Only the name's text in the workbook part changes.
    A name pointing at a sheet the workbook lacks, or over ``MAX_RANGE_CELLS``, stops the recompute."""
    from ..ranges.book_reader import extended_rows, no_such_sheet, widened_name_xml
    ref = book.names.get("CROSSTABLE")
    if ref is None:
        return data
    if ref.sheet not in book.cells:
        raise no_such_sheet(ref.sheet, book.cells)
    check_area(ref.area, f"the name Crosstable ({ref.sheet}!{ref.area})")
    try:
        min_col, min_row, max_col, max_row = full_bounds(ref.area)
    except ValueError:
        return data
    cells, formula_of = book.cells[ref.sheet], book.formula_of

    def filled(coord: str) -> bool:
        v = cells.get(coord)
        return (ref.sheet, coord) in formula_of or (v is not None and not (isinstance(v, str) and not v.strip()))
    last = extended_rows(filled, min_col, max_row)
    if last == max_row:
        return data
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        path = workbook_part(z)
        xml = read_text(z, path)
    new = widened_name_xml(xml, last)
    if new is None:
        return data
    area = f"{column_letter(min_col)}{min_row}:{column_letter(max_col)}{last}"
    book.names["CROSSTABLE"] = Ref(ref.sheet, area)
    report.name_widened = f"{ref.sheet}!{area}"
    copy = ZipCopy(data, {path})
    copy.put(path, new.encode("utf-8"))
    return copy.finish()


def _widen_team_names(book: FormulaBook, data: bytes, report: Report) -> bytes:
    """A team workbook's ``Teams`` and ``Matches`` names widened over the rows typed just below
    them (a player, a match), as the team reader reads them (:mod:`.ranges.team_book`); only the names'
    text changes. ``report.names_widened`` says which."""
    from ..ranges.book_reader import widened_name_xml
    from ..ranges.team_book import GROWING, rows_below
    for name in GROWING:
        ref = book.names.get(name.upper())
        if ref is None or ref.sheet not in book.cells:
            continue
        try:
            min_col, min_row, max_col, max_row = full_bounds(ref.area)
        except ValueError:
            continue
        cells, formula_of, sheet = book.cells[ref.sheet], book.formula_of, ref.sheet

        def filled(coord: str) -> bool:
            v = cells.get(coord)
            return (sheet, coord) in formula_of or (v is not None and not (isinstance(v, str) and not v.strip()))
        last = rows_below(filled, min_col, max_col, max_row)
        if last == max_row:
            continue
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            path = workbook_part(z)
            new = widened_name_xml(read_text(z, path), last, name)
        if new is None:
            continue
        area = f"{column_letter(min_col)}{min_row}:{column_letter(max_col)}{last}"
        check_area(area, f"the name {name} ({sheet}!{area})")
        book.names[name.upper()] = Ref(sheet, area)
        report.names_widened.append(f"{name}: {sheet}!{area}")
        copy = ZipCopy(data, {path})
        copy.put(path, new.encode("utf-8"))
        data = copy.finish()
    return data


def _fit_print_areas(book: FormulaBook, data: bytes, edits: dict[str, SheetEdit], report: Report) -> bytes:
    """The workbook with the print area of each sheet holding a table of ours ending at the last
    row that shows something after this recompute (:mod:`.recompute.print_area`): a 12-player event in a
    400-row template prints one page, a late entrant's row is taken in. A row counts when a
    constant of it is kept (not inside an array formula's old area, not cleared), a formula of
    someone else's sits there, or a value we write there is not empty. An area whose first column
    holds the anchor of a table of ours and a status line merged from that column (the Standings
    page) ends at the last column that table shows something in (:func:`_table_width`), never
    narrower than that status line (the template merges it across the page without the optional
    rating figures, so the page without them prints as wide as the template sets it) nor than
    something else kept there. Other areas keep their columns (a chart may sit beside a table)."""
    from .print_area import refit_print_areas
    tables = {w.split("!", 1)[0] for w, v in report.values.items() if isinstance(v, list)}
    if not tables:
        return data

    def shown(v: Any) -> bool:
        return v is not CLEAR and v is not None and not (isinstance(v, str) and not v.strip())

    def last_cell(sheet: str, c1: int, c2: int, r1: int) -> Optional[tuple[int, int]]:
        if sheet not in tables:
            return None
        arrays = [block_bounds(a) for (s, _), a in book.array_ref.items() if s == sheet]
        written = edits.get(sheet, SheetEdit()).values
        width = _table_width(report, sheet, c1, r1)
        status = [] if width is None else [c for (row, c0), c in merges(sheet).items() if c0 == c1 and row >= r1]
        # a page of ours has its status line merged across it; elsewhere (a chart beside a table) the width stays
        width = max([width, *status]) if width is not None and status else None
        kept: list[tuple[int, int]] = []  # (column, row) of what shows in the area's columns
        for coord, v in book.cells.get(sheet, {}).items():
            col, row = split_cell(coord)
            if row > r1 and c1 <= col <= c2 and shown(v) and coord not in written and (sheet, coord) \
                    not in book.formula_of and not any(a[1] <= row <= a[3] and a[0] <= col <= a[2] for a in arrays):
                kept.append((col, row))
        for (s, coord), text in book.formula_of.items():
            col, row = split_cell(coord)
            if s == sheet and c1 <= col <= c2 and not uses_our_functions(text):
                kept.append((col, row))
        shows = [split_cell(coord) for coord, v in written.items() if shown(v)]
        last = max([r1] + [row for col, row in kept + shows if c1 <= col <= (c2 if width is None else max(c2, width))])
        if width is None:
            return c2, last
        return max([width] + [col for col, row in kept]), last

    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {p.title: p.path for p in sheet_parts(z)}

        def merges(sheet: str) -> dict[tuple[int, int], int]:
            return one_row_merges(read_text(z, parts[sheet])) if sheet in parts else {}

        path = workbook_part(z)
        new = refit_print_areas(read_text(z, path), last_cell)
    if new is None:
        return data
    copy = ZipCopy(data, {path})
    copy.put(path, new.encode("utf-8"))
    return copy.finish()


def _table_width(report: Report, sheet: str, c1: int, r1: int) -> Optional[int]:
    """The last column a table of ours anchored in column ``c1`` of ``sheet`` (at row ``r1`` or
    below) shows something in, when it is a table of more than one column (an error, one cell,
    leaves the area's width as it was); None without one."""
    last = None
    for where, v in report.values.items():
        name, _, coord = where.partition("!")
        if name != sheet or not isinstance(v, list) or not v or len(v[0]) < 2:
            continue
        col, row = split_cell(coord)
        if col != c1 or row < r1:
            continue
        for line in v:
            for j, x in enumerate(line):
                if x is not None and not (isinstance(x, str) and not x.strip()):
                    last = max(last or col, col + j)
    return last


def _refuse_if_nothing_computed(book: FormulaBook, report: Report) -> None:
    """A recompute that finds nothing to compute, or whose every formula of ours points at
    something the workbook lacks (a name, a sheet), stops with a message saying what it did not
    find, instead of writing "0 cells computed" (DESIGN: a command that computes nothing says so)."""
    ours = [(s, c) for s, c, t in book.formulas if uses_our_functions(t) and not is_plain_ref(t)]
    if not book.cells:  # as the reader says it (check, standings)
        raise InputError("the workbook has no worksheet (its part xl/workbook.xml lists none)")
    if not ours:
        raise InputError("nothing to compute: no cell of the workbook calls an xl-tiebreak function "
                         "(SCORE, STANDINGS, TIEBREAKS, ...)")
    done = [w for w in (f"{s}!{c}" for s, c in ours) if w not in report.skipped]
    if done:
        return
    where, why = next(iter(report.skipped.items()))
    raise InputError(f"nothing computed: none of the {len(ours)} cells calling xl-tiebreak functions could "
                     f"be evaluated; the first, {where}: {why}")


def _leave_unchanged(book: FormulaBook, edits: dict[str, SheetEdit], report: Report) -> None:
    """Take out of ``edits`` the cells that already hold their new value (most of them, after a
    small change): those are left as they are in the file, byte for byte, and cost no writing.
    Anchors of tables (their formula becomes an array formula) and formula cells are always
    written; so are the cells of a sheet that was not read (the hidden store of tables)."""
    for sheet, edit in edits.items():
        if sheet in book.skipped_sheets:
            continue
        cells, arrays = book.cells.get(sheet, {}), edit.arrays
        formula = book.formula_of
        keep = {coord: v for coord, v in edit.values.items()
                if not already_holds(cells.get(coord), v) or coord in arrays or (sheet, coord) in formula}
        report.unchanged += len(edit.values) - len(keep)
        edit.values = keep


def _grown_fallback(book: FormulaBook, edits: dict[str, SheetEdit], ref: Ref, here: str,
                    table: list[list[Any]], where: str) -> Optional[Ref]:
    """The range of stored values of an anchor grown to its table (a late entrant makes the
    tables a row longer): the anchor's formula gets the new range, the cells below the old one
    are free on the hidden sheet. None when the range cannot grow (its text not found, or the
    cells it would take hold something)."""
    sheet = ref.sheet or here
    min_col, min_row, max_col, max_row = block_bounds(ref.area)
    rows, cols = max(len(table), max_row - min_row + 1), max(len(table[0]), max_col - min_col + 1)
    area = area_name(min_row, min_col, rows, cols)
    new_min_col, new_min_row, new_max_col, new_max_row = block_bounds(area)
    if new_max_row > 1_048_576 or new_max_col > 16_384:
        return None
    for r in range(min_row, new_max_row + 1):
        for c in range(min_col, new_max_col + 1):
            if (r > max_row or c > max_col) and book.occupied(sheet, f"{column_letter(c)}{r}"):
                return None
    anchor_sheet, coord = where.rsplit("!", 1)
    text = book.formula_of.get((anchor_sheet, coord))
    if text is None:
        return None
    a, b = column_letter(min_col), column_letter(max_col)
    old = re.compile(rf"\$?{a}\$?{min_row}:\$?{b}\$?{max_row}(?![\d$A-Za-z])")
    hits = list(old.finditer(text))
    if not hits:
        return None
    last = hits[-1]  # IFERROR(<our call>, <range>): the range is the last argument
    new_text = (text[:last.start()] + f"${a}${min_row}:${column_letter(new_max_col)}${new_max_row}"
                + text[last.end():])
    edits.setdefault(anchor_sheet, SheetEdit()).formulas[coord] = new_text[1:] if new_text.startswith("=") else new_text
    book.formula_of[(anchor_sheet, coord)] = new_text
    return Ref(ref.sheet, area)


def _fill_fallback(book: FormulaBook, edits: dict[str, SheetEdit], ref: Ref, here: str,
                   table: list[list[Any]], report: Report, where: str) -> None:
    """Write ``table`` into the IFERROR range of an anchor (clearing the rest of the range)."""
    sheet = ref.sheet or here
    if sheet not in book.cells:
        report.errors[where] = f"the range of stored values {sheet}!{ref.area} is on no sheet"
        return
    min_col, min_row, max_col, max_row = block_bounds(ref.area)
    if len(table) > max_row - min_row + 1 or len(table[0]) > max_col - min_col + 1:
        grown = _grown_fallback(book, edits, ref, here, table, where)
        if grown is None:
            report.errors[where] = (f"the table is larger than its range of stored values {sheet}!{ref.area}; "
                                    "LibreOffice will show only part of it")
        else:  # a player added below the others: the stored values follow the table
            ref = grown
            min_col, min_row, max_col, max_row = block_bounds(ref.area)
    edit = edits.setdefault(sheet, SheetEdit())
    skipped, cells = sheet in book.skipped_sheets, book.cells.get(sheet, {})
    rows, cols = len(table), len(table[0])
    if rows <= max_row - min_row + 1 and cols <= max_col - min_col + 1:
        _put_table(edit, min_row, min_col, table)  # the table first, then what is left of the range
        right = [column_letter(c) for c in range(min_col + cols, max_col + 1)]
        every = [column_letter(c) for c in range(min_col, max_col + 1)]
        for r in range(min_row, max_row + 1):
            for letters in (right if r < min_row + rows else every):
                coord = f"{letters}{r}"
                if skipped or coord in cells:
                    edit.values[coord] = CLEAR
        return
    for r, c, coord in _named_cells(ref.area):
        i, j = r - min_row, c - min_col
        if i < rows and j < cols:
            _put(edit, coord, table[i][j])
        elif skipped or coord in cells:
            edit.values[coord] = CLEAR


def _write_values(data: bytes, edits: dict[str, SheetEdit], report: Report) -> tuple[bytes, Report]:
    """Copy the zip, patching the sheets that hold new values (the copy is written, and
    compressed, on a second thread while the sheets are patched in the zip's order)."""
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        parts = {p.title: p.path for p in sheet_parts(src)}
        changed: dict[str, bytes] = {}
        added: dict[str, bytes] = {}
        cm: Optional[int] = None
        if any(e.arrays for e in edits.values()):
            cm, extra = dynamic_array_index(src)
            for name, body in extra.items():
                (changed if name in src.namelist() else added)[name] = body
        plan: list[tuple[str, SheetEdit, str]] = []
        for sheet, edit in edits.items():
            if not edit.values:
                continue
            part = parts.get(sheet)
            if part is None:
                raise InputError(f"the sheet {sheet!r} has no XML part")
            edit.cm = cm
            plan.append((sheet, edit, part))
        position = {name: i for i, name in enumerate(src.namelist())}
        copy = ZipCopy(data, set(changed) | {part for _, _, part in plan})
        try:
            for name, body in changed.items():
                copy.put(name, body)
            for sheet, edit, part in sorted(plan, key=lambda p: position.get(p[2], len(position))):
                copy.put(part, _patched(src, sheet, edit, part, report))
        except Exception:
            copy.cancel()
            for sheet, edit, part in plan:  # the error is the first failure in the order of the edits
                _patched(src, sheet, edit, part, Report())
            raise
        except BaseException:
            copy.cancel()
            raise
    return copy.finish(added), report


def _patched(src: zipfile.ZipFile, sheet: str, edit: SheetEdit, part: str, report: Report) -> bytes:
    """A sheet part with its new values."""
    xml = read_text(src, part)
    try:
        new, n = patch_sheet_xml(xml, edit)
    except InputError as exc:  # the patch names the cell, not the sheet
        if exc.where:
            raise
        raise InputError(exc.detail, f"sheet {sheet!r} ({part})") from None
    if n != len(edit.values):
        raise InputError(f"could only write {n} of {len(edit.values)} cells of sheet {sheet!r}")
    report.written += n
    if "mergeCell" in new:  # a status line written into a merged cell: its row as tall as its text
        new = fitted_rows(new, {c: v for c, v in edit.values.items() if isinstance(v, str)})
    return new.encode("utf-8")


def recompute(path: "str | Path", out: "str | Path | None" = None, *, overwrite: bool = False) -> Report:
    """Recompute ``path``; write to ``out``, or replace ``path`` and keep its previous version as
    ``BOOK.bak-YYYY-MM-DD-HHMMSS-xxxxxxxx.xlsx`` beside it (the newest few such backups are kept;
    see :mod:`.xlsx.safe_write`). Everything that would refuse the write is checked before the
    work; a file that changed after it was read is not replaced (checked as it is replaced). A
    book whose new content would be the one read, byte for byte, is left alone: no write, no
    backup (which would push an earlier version out of the few kept), ``report.up_to_date``."""
    src = Path(path)
    if not src.is_file():
        raise InputError("no such file", str(path))
    if src.stat().st_size > MAX_WORKBOOK_BYTES:
        raise InputError(f"the file is larger than {MAX_WORKBOOK_BYTES // 2**20} MiB", str(path))
    target, in_place = update_target(src, out, overwrite=overwrite)
    data = src.read_bytes()
    try:
        new, report = recompute_bytes(data)
    except InputError as exc:  # the file first, then the sheet and cell (or the limit)
        raise InputError(str(exc), src.name) from None
    if in_place and new == data:  # (a version saved meanwhile stays, and is not called up to date)
        if src.read_bytes() != data:
            raise InputError("the file changed while it was being recomputed; nothing was written", str(path))
        report.output, report.up_to_date = src, True
    elif in_place:
        replaced = replace_keeping_backup(src, data, new)
        report.output, report.backup, report.backups_removed = src, replaced.backup, replaced.removed
    else:  # the input is left as it is: a copy of a version that is no longer the book's is not written
        if src.read_bytes() != data:
            raise InputError("the file changed while it was being recomputed; nothing was written", str(path))
        report.output = atomic_write(target, new, overwrite=overwrite)
    return report
