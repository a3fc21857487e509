"""Stale values: a workbook whose stored (cached) values no longer match its results.

Excel with the add-in recalculates our functions itself; a workbook edited in LibreOffice, by
another program, or in Excel without the add-in keeps the values of its last recalculation, and
every viewer shows them as current. ``check`` and ``standings`` compare the stored value of every
cell our functions fill (the tables' spill areas, the status line and the plain references to
them) with what the recompute would write now (:func:`.recompute.cached_values.plan`, nothing written), and name
the first stale table and cell (DESIGN, "The arbiter's round-by-round workflow": check, standings
and recompute agree on whether there is a problem). The hidden store of tables (the ``Cache``
sheet) is not compared: it is a copy the recompute writes with the tables.
"""

from __future__ import annotations

import dataclasses
import html
import io
import math
import re
import sys
import zipfile
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterable, Optional

from ...errors import TiebreakError
from ...validation import Finding

if TYPE_CHECKING:
    from ..ranges.book_reader import Book
    from .formula_book import FormulaBook
    from .cached_values import Report
    from ..xlsx.patch import SheetEdit

_OPEN_TAG = re.compile(r"(?:[A-Za-z_][\w.-]*:)?c\s[^<>]*")
_CLOSE = re.compile(r"</(?:[A-Za-z_][\w.-]*:)?c>")
_V = re.compile(r"<(?:[A-Za-z_][\w.-]*:)?v>(.*?)</(?:[A-Za-z_][\w.-]*:)?v>", re.S)
_T = re.compile(r'\st="(\w+)"')


@dataclass(frozen=True)
class Stale:
    """The first stale cell: the table (its formula's cell and function) and what differs."""

    table: str  # "Standings!A4"
    function: str  # "STANDINGS", or the formula of a plain reference
    cell: str  # "Standings!D5"
    stored: Any
    now: Any
    tables: int  # how many formula cells of ours (a table counts once) hold stale values
    empty: bool = False  # the table holds no stored value at all (saved by a program that does not calculate)
    heading: bool = False  # only the table's headings differ: its figures are current

    def message(self, book: str = "BOOK.xlsx") -> str:
        """The sentence a user reads: which table, which cell, what it holds and should hold (a
        figure, not a heading that the stored table merely lacks)."""
        more = f"; {self.tables} formula cells of ours hold stale values" if self.tables > 1 else ""
        if self.empty:
            return (f"stale values: the table at {self.table} ({self.function}{more}) holds no stored values, so "
                    f"every viewer shows it empty (the workbook was saved by a program that does not calculate our "
                    f"functions); the results give {_shown(self.now)} in {self.cell}, for example: run "
                    f"'xl-tiebreak recompute {book}' (or recalculate in Excel with the add-in)")
        if self.heading:
            return (f"stale values: the table at {self.table} ({self.function}{more}) has current figures, but its "
                    f"heading {self.cell} shows {_shown(self.stored)} where it should read {_shown(self.now)}: run "
                    f"'xl-tiebreak recompute {book}' (or recalculate in Excel with the add-in)")
        return (f"stale values: the table at {self.table} ({self.function}{more}) does not match the "
                f"results typed: {self.cell} shows {_shown(self.stored)}, the results give "
                f"{_shown(self.now)}; the workbook was edited and not recalculated: run "
                f"'xl-tiebreak recompute {book}' (or recalculate in Excel with the add-in)")


def _shown(v: Any) -> str:
    if v is None or (isinstance(v, str) and not v.strip()):
        return "nothing"
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    if not isinstance(v, str):
        text = str(v)
        return text if len(text) <= 20 else f"a number of {len(text)} digits"
    return repr(v) if len(v) <= 58 else repr(v[:55] + "...")


def _same(stored: Any, now: Any) -> bool:
    """Does a stored value show what the recompute would write? Empty and blank text alike;
    numbers by value (to the last bits Excel may round); TRUE/FALSE only as booleans."""
    if now is None or (isinstance(now, str) and not now.strip()):
        return stored is None or (isinstance(stored, str) and not stored.strip())
    if isinstance(now, bool) or isinstance(stored, bool):
        return type(now) is type(stored) and now == stored
    if isinstance(now, (int, float)) and isinstance(stored, (int, float)):
        try:
            return math.isclose(now, stored, rel_tol=1e-12, abs_tol=1e-12)
        except OverflowError:  # an integer past a float's range (a damaged cell): only itself is alike
            return now == stored
    return type(now) is type(stored) and now == stored


def _cached_formula_values(xml: str, coords: Iterable[str]) -> dict[str, Any]:
    """The stored values of formula cells (``coords`` in reading order), read from the sheet's
    XML text (the workbook reader keeps the formulas of such cells, not their values). A cell
    not found, or stored as a shared string, is left out (not compared)."""
    out: dict[str, Any] = {}
    pos = 0
    for coord in coords:
        at = xml.find(f' r="{coord}"', pos)
        if at < 0:
            at = xml.find(f' r="{coord}"')  # out of order: search from the start
            if at < 0:
                continue
        lt = xml.rfind("<", 0, at)
        gt = xml.find(">", at)
        if lt < 0 or gt < 0 or not _OPEN_TAG.fullmatch(xml, lt + 1, gt if xml[gt - 1] != "/" else gt - 1):
            continue
        pos = gt
        kind = (_T.search(xml, lt, gt) or [None, "n"])[1]
        if xml[gt - 1] == "/":
            out[coord] = None
            continue
        end = _CLOSE.search(xml, gt)
        if end is None:
            continue
        m = _V.search(xml, gt, end.start())
        text = None if m is None else html.unescape(m.group(1))
        if text is None or (text == "" and kind != "str"):
            out[coord] = None
        elif kind in ("str", "e", "inlineStr"):
            out[coord] = text
        elif kind == "b":
            out[coord] = text.strip() == "1"
        elif kind == "n":
            try:
                out[coord] = int(text) if re.fullmatch(r"-?\d+", text) else float(text)
            except ValueError:
                continue
    return out


def first_stale(source: "bytes | Book") -> tuple[Optional[Stale], dict[str, str]]:
    """The first stale cell of a workbook (None when every stored value is current), and the
    errors the recompute would report (formula cell -> message). Raises InputError when the
    recompute itself would refuse the workbook (nothing to compute, a limit, a damaged part).
    ``source``: the workbook's bytes, or the workbook a command opened (not parsed again)."""
    from .cached_values import Report, plan
    report = Report()
    planned = plan(source, report)
    return stale_in(planned, report), report.errors


def stale_in(planned: "tuple[FormulaBook, bytes, dict[str, SheetEdit]]", report: "Report") -> Optional[Stale]:
    """The first stale cell of a workbook the recompute planned (:func:`.recompute.cached_values.plan`, whose
    values are in ``report``), None when every stored value is current."""
    from ..xlsx.a1 import block_bounds, column_letter, split_cell
    from .formula import Call, Unsupported
    from ..xlsx.parts import sheet_parts
    from ..xlsx.package import read_text
    book, data, _edits = planned
    wanted: dict[str, list[str]] = {}
    for where in report.values:
        sheet, coord = where.rsplit("!", 1)
        wanted.setdefault(sheet, []).append(coord)
    cached: dict[str, dict[str, Any]] = {}
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = {p.title: p.path for p in sheet_parts(z)}
        for sheet, coords in wanted.items():
            if sheet in parts:
                cached[sheet] = _cached_formula_values(read_text(z, parts[sheet]), coords)
    first: Optional[Stale] = None
    tables = 0
    # tables first: a status line (STATUS) that changed says less than the figures that did
    for where, v in sorted(report.values.items(), key=lambda item: not isinstance(item[1], list)):
        sheet, coord = where.rsplit("!", 1)
        cells, stored_formulas = book.cells.get(sheet, {}), cached.get(sheet, {})
        col, row = split_cell(coord)
        table = v if isinstance(v, list) else [[v]]
        expected: dict[str, Any] = {}
        for i, line in enumerate(table):
            for j, x in enumerate(line):
                expected[f"{column_letter(col + j)}{row + i}"] = x
        old = book.array_ref.get((sheet, coord))
        if old is not None:  # an earlier, larger spill: its cells past the table should be empty
            min_col, min_row, max_col, max_row = block_bounds(old)
            for r in range(min_row, max_row + 1):
                for c in range(min_col, max_col + 1):
                    expected.setdefault(f"{column_letter(c)}{r}", None)
        heading = f"{row}" if len(table) > 1 else None  # the table's row of headings (Pts, BH, ...)
        found: Optional[tuple[str, Any, Any, bool]] = None  # the first cell that differs (a figure, if one does)
        kept = False  # some stored value is there
        for cell, now in expected.items():
            if cell == coord:
                if cell not in stored_formulas:
                    continue
                stored = stored_formulas[cell]
            else:
                stored = cells.get(cell)
            kept = kept or not _same(stored, None)
            if not _same(stored, now):
                label = heading is not None and isinstance(now, str) and cell.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ") == heading
                if found is None or (found[3] and not label):
                    found = (cell, stored, now, label)
                if first is not None or (not label and kept):
                    break  # the first stale table is told by a figure; the others are only counted
        if found is not None:
            tables += 1
            if first is None:
                text = book.formula_of.get((sheet, coord), "")
                try:
                    node = book.tree(text)
                    name = node.name if isinstance(node, Call) else "=" + text.lstrip("=")
                except (Unsupported, TiebreakError):
                    name = "=" + text.lstrip("=")
                first = Stale(where, name, f"{sheet}!{found[0]}", found[1], found[2], 0, empty=not kept,
                              heading=kept and found[3])
    if first is not None:
        first = dataclasses.replace(first, tables=tables)
    return first


def stale_findings(book: "Book", found: Iterable[Finding] = ()) -> list[Finding]:
    """``check``'s findings on the stored values of an opened workbook: the first stale table
    (rule ``stale``), and, when the crosstable reader found no error, each error the recompute
    would report (rule ``formula-error``: a table blocked by a cell, a bad setting), so that
    check, standings and recompute agree on whether there is a problem. A workbook the recompute
    refuses for a damaged place (a cell it names) is an error here too, once, when the reader
    found none; one it refuses as a whole (no formula of ours, no defined name: a plain
    crosstable that ``compute`` reads well) gives nothing here."""
    try:
        stale, errors = first_stale(book)
    except TiebreakError as exc:
        where = getattr(exc, "where", "") or ""
        if not where or any(f.severity == "error" for f in found):
            return []
        return [Finding("error", "formula-error", where,
                        f"recompute refuses this workbook: {getattr(exc, 'detail', None) or exc}")]
    return planned_findings(stale, errors, book.name, found)


def planned_findings(stale: Optional[Stale], errors: dict[str, str], name: str,
                     found: Iterable[Finding] = ()) -> list[Finding]:
    """The findings of :func:`stale_findings` from a staleness check's answer (``name``: the
    workbook's file name, in the message)."""
    out: list[Finding] = []
    if stale is not None:
        out.append(Finding("warning", "stale", stale.cell, stale.message(name)))
    if not any(f.severity == "error" for f in found):
        tables: dict[str, list[str]] = {}  # one bad input breaks every table that reads it: told once
        for where, message in errors.items():
            tables.setdefault(message, []).append(where)
        for message, wheres in tables.items():
            also = f" (and in {', '.join(wheres[1:])})" if len(wheres) > 1 else ""
            out.append(Finding("error", "formula-error", wheres[0],
                               f"recompute gives an error here{also}: {message}"))
    return out


def note_stale(book: "Optional[Book]") -> None:
    """For ``standings`` of a workbook (``book``: the workbook opened; None for a TRF file): a
    note on standard error when its stored values are stale (the standings printed are computed
    from the results, so they are current)."""
    if book is not None:
        note(stale_findings(book))


def note(findings: Iterable[Finding]) -> None:
    """The findings on stored values as notes on standard error."""
    for f in findings:
        print(f"xl-tiebreak: {f}", file=sys.stderr)


__all__ = ["Stale", "first_stale", "stale_in", "stale_findings", "planned_findings", "note_stale", "note"]
