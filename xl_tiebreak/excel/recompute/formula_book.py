"""A workbook's cells as our functions see them (read by :class:`.xlsx.sheet.XlsxBook`, as openpyxl
would read them), and the evaluation of its formulas that call our functions: the value of any
cell, the table a formula spills, the cells the crosstable reader names by player and round
(``R5 of player 1``) given as worksheet cells. The recompute writes these values; the staleness
check compares them with the stored ones.

A cell an argument reads that holds a formula we do not evaluate (``=B11*0.6``) is an error
naming that cell, never its stored value: that value may be stale (:meth:`FormulaBook.argument`).
"""

from __future__ import annotations

import io
import re
import zipfile
from inspect import signature
from typing import Any, Callable, Optional

from ...check import collect
from ...errors import DescriptorError, InputError, TiebreakError
from ..functions import individual as fx
from ..ranges.arguments import read_kind, read_rounds
from ..ranges.book_reader import Book, check_titles
from .formula import Call, Name, Ref, Unsupported, count_calls, evaluate, is_plain_ref, parse, split_fallback, uses_our_functions
from ..functions.registry import TEAM
from ..functions.results import codes_of
from ..ranges.crosstable_range import rows_to_tournament
from ..xlsx.a1 import block_bounds, column_letter, range_bounds, split_cell
from ..xlsx.package import check_area
from ..xlsx.sheet import SheetCells, SheetPart, XlsxBook


def call_arguments(node: Call) -> dict[str, Any]:
    """A call of one of our functions: its arguments by parameter name (those given)."""
    return dict(zip(signature(fx.FUNCTIONS[node.name]).parameters, node.args))


class FormulaBook:
    """The cells of a workbook (as openpyxl would read them), and our evaluation of its formulas."""

    def __init__(self, source: "bytes | Book") -> None:
        """``source``: the workbook's bytes, or the workbook a command opened (:class:`.ranges.book_reader.Book`),
        whose sheets are then not parsed again."""
        self.cells: dict[str, dict[str, Any]] = {}  # constants (text starting with "=" included)
        self.formula_of: dict[tuple[str, str], str] = {}
        self.formulas: list[tuple[str, str, str]] = []  # (sheet, coordinate, text)
        self.array_ref: dict[tuple[str, str], str] = {}  # anchor -> its t="array" ref ("A4:J405")
        self.names: dict[str, Ref] = {}
        self.skipped_sheets: set[str] = set()
        self._splits: dict[str, tuple[str, Any]] = {}
        self._trees: dict[str, Any] = {}
        try:
            if isinstance(source, Book):
                self._read_sheets(source.xlsx, lambda part: source.sheet_cells(part.title))
            else:
                with zipfile.ZipFile(io.BytesIO(source)) as z:
                    book = XlsxBook(z)
                    check_titles(p.title for p in book.sheets)
                    self._read_sheets(book, book.cells)
        except InputError as exc:  # a part that is not XML, or declares a DTD; a bad cell ...
            if exc.where:  # the sheet and cell, or the limit, are named
                raise
            raise InputError(f"not a readable .xlsx workbook ({exc.detail})") from None
        except Exception as exc:  # a damaged part: zip, numbers, shared formulas ...
            raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})") from None
        self._memo: dict[tuple[str, str], Any] = {}
        self._ranges: dict[tuple[str, str], tuple] = {}
        self._formula_places: dict[str, list[tuple[int, int]]] = {}
        self._busy: set[tuple[str, str]] = set()
        # the anchors of our formulas, by sheet, with (row, column) of their top-left cell
        self._anchors: dict[str, list[tuple[int, int, str]]] = {}
        for sheet, coord, text in self.formulas:
            if uses_our_functions(text) and not is_plain_ref(text):
                col, row = split_cell(coord)
                self._anchors.setdefault(sheet, []).append((row, col, coord))

    def _read_sheets(self, book: XlsxBook, read: Callable[[SheetPart], SheetCells]) -> None:
        """The cells and formulas of every sheet (``read``: a sheet's cells), the defined names."""
        stores: set[str] = set()  # sheets named as IFERROR stores of tables (the hidden Cache)
        for part in book.sheets:
            if part.title in stores and part.state != "visible":
                self.cells[part.title] = {}  # only written to, never read: not parsed (speed)
                self.skipped_sheets.add(part.title)
                continue
            got = read(part)
            for coord, text, ref in got.formulas:
                self.formulas.append((part.title, coord, text))
                self.formula_of[(part.title, coord)] = text
                fallback = self.split(text)[1] if "IFERROR" in text.upper() else None
                if isinstance(fallback, Ref) and fallback.sheet and fallback.sheet != part.title:
                    stores.add(fallback.sheet)
                if ref:
                    try:
                        range_bounds(ref)
                    except ValueError:
                        raise InputError(f"the array formula's range {ref[:40]!r} is not a range like "
                                         "A4:H20; the file is damaged", f"{part.title}!{coord}") from None
                    check_area(ref, f"{part.title}!{coord} (its array formula's range {ref})")
                    _check_array_ref(ref, coord, part.title)
                    self.array_ref[(part.title, coord)] = ref
                if isinstance(fallback, Ref) and ":" in fallback.area:
                    check_area(fallback.area, f"{part.title}!{coord} (its range of stored values)")
            self.cells[part.title] = got.values
        for name, (sheet, area) in book.names.items():
            self.names[name.upper()] = Ref(sheet, area.replace("$", "").upper())

    def split(self, text: str) -> tuple[str, "Ref | str | None"]:
        """``split_fallback`` of a formula, kept (a formula is looked at several times)."""
        got = self._splits.get(text)
        if got is None:
            got = self._splits[text] = split_fallback(text)
        return got

    def tree(self, text: str) -> Any:
        """The parsed call of a formula (without its IFERROR store), kept like ``split``."""
        got = self._trees.get(text)
        if got is None:
            got = self._trees[text] = parse(self.split(text)[0])
        return got

    def spilled(self, sheet: str, coord: str) -> tuple[bool, Any]:
        """(True, value) when the cell lies in the table spilled by one of our formulas (its
        value now, "" inside the old spill area but past the new table), else (False, None)."""
        col, row = split_cell(coord)
        for arow, acol, anchor in self._anchors.get(sheet, ()):
            if (arow, acol) == (row, col) or arow > row or acol > col:
                continue
            old = self.array_ref.get((sheet, anchor))
            in_old = old is not None and _inside(old, row, col)
            try:
                v = self.value(sheet, anchor)
            except (TiebreakError, Unsupported):
                continue
            if isinstance(v, (list, tuple)) and row - arow < len(v) and col - acol < len(v[row - arow]):
                return True, v[row - arow][col - acol]
            if in_old:
                return True, ""
        return False, None

    def _ours_or_text(self, text: str, sheet: str, depth: int = 0) -> bool:
        """A plain reference (``=Settings!$B$7``) is evaluated only when it points at text, at a
        cell of ours or into a table of ours: numbers, dates and empty cells are left to the
        spreadsheet."""
        ref = parse(text)
        if not isinstance(ref, Ref) or ":" in ref.area:
            return False
        target = (ref.sheet or sheet, ref.area)
        inner = self.formula_of.get(target)
        if inner is not None:
            if is_plain_ref(inner):  # a reference to a reference: follow it a few steps
                return depth < 8 and self._ours_or_text(inner, target[0], depth + 1)
            return uses_our_functions(inner)
        if self.spilled(*target)[0]:
            return True
        return isinstance(self.cells.get(target[0], {}).get(target[1]), str)

    def value(self, sheet: str, coord: str) -> Any:
        """A cell's value; a formula cell is evaluated (our functions) first."""
        key = (sheet, coord)
        if key in self._memo:
            return self._memo[key]
        text = self.formula_of.get(key)
        if text is None:
            v = self.cells.get(sheet, {}).get(coord)
        elif is_plain_ref(text):
            if not self._ours_or_text(text, sheet):
                raise Unsupported(f"{sheet}!{coord} refers to a cell that is not text nor ours")
            ref = parse(text)
            assert isinstance(ref, Ref)  # is_plain_ref: the formula is one cell's reference
            target = ref.sheet or sheet
            hit, v = self.spilled(target, ref.area)
            if not hit:
                v = self.resolve(ref, sheet)
        elif uses_our_functions(text):
            if key in self._busy:
                raise Unsupported(f"circular reference at {sheet}!{coord}")
            self._busy.add(key)
            try:
                node = self.tree(text)
                if isinstance(node, Call) and node.name in ("PRIZES", "CATEGORY_STANDINGS"):
                    # its tables as the sheet holds them: what the function cannot see (a prize typed
                    # below the table's range) is refused by its cell before the function runs
                    wrong = self._sheet_inputs(sheet, text)
                    if wrong:
                        raise InputError(wrong)
                v = evaluate(node, lambda r: self.resolve(r, sheet), self.name)
                v = self.cells_named(sheet, text, v)
            finally:
                self._busy.discard(key)
        else:
            raise Unsupported(f"{sheet}!{coord} holds a formula we do not evaluate")
        self._memo[key] = v
        return v

    def resolve(self, ref: Ref, here: str) -> Any:
        sheet = ref.sheet or here
        if sheet not in self.cells:
            raise Unsupported(f"the workbook has no sheet {sheet!r}")
        if ":" not in ref.area:
            return self.argument(sheet, ref.area)
        key = (sheet, ref.area)
        got = self._ranges.get(key)
        if got is None:
            check_area(ref.area, f"{sheet}!{ref.area}")
            min_col, min_row, max_col, max_row = block_bounds(ref.area)
            letters = [column_letter(c) for c in range(min_col, max_col + 1)]
            rows = range(min_row, max_row + 1)
            if any(min_row <= r <= max_row and min_col <= c <= max_col for r, c in self._formula_cells(sheet)):
                got = tuple(tuple(self.argument(sheet, f"{col}{r}") for col in letters) for r in rows)
            else:  # constants only: straight from the sheet's cells
                cells = self.cells[sheet]
                got = tuple(tuple(cells.get(f"{col}{r}") for col in letters) for r in rows)
            self._ranges[key] = got  # one object: the functions' cache recognises it at once
        return got

    def argument(self, sheet: str, coord: str, depth: int = 0) -> Any:
        """A cell read as (part of) an argument of our functions, as Excel hands it over: its
        value, a plain reference followed to the cell it names, the first cell of a table of ours
        (the error table's text when that call fails, as the add-in shows it). A formula we do not
        evaluate (``=B11*0.6``) is an :class:`InputError` naming the cell: its stored value may be
        stale (its inputs changed and nothing recalculated it), and no figure is computed from a
        value that may be stale (DESIGN, "The arbiter's round-by-round workflow")."""
        text = self.formula_of.get((sheet, coord))
        if text is None:
            return self.cells.get(sheet, {}).get(coord)
        if is_plain_ref(text):
            if self._ours_or_text(text, sheet):
                return self.value(sheet, coord)
            ref = parse(text)
            assert isinstance(ref, Ref)
            if depth >= 8 or (ref.sheet or sheet) not in self.cells:
                raise InputError(f"holds {text[:40]!r}, a reference xl-tiebreak cannot follow; type the value "
                                 "itself", f"{sheet}!{coord}")
            return self.argument(ref.sheet or sheet, ref.area.replace("$", "").upper(), depth + 1)
        if not uses_our_functions(text):
            raise InputError(f"holds a formula ({text[:40]}) that xl-tiebreak does not evaluate: its stored value "
                             "may be out of date; type the value itself", f"{sheet}!{coord}")
        node = None
        try:
            node = self.tree(text)
        except Unsupported:
            pass
        if isinstance(node, Call) and node.name in fx.SPILLING:
            try:
                v = self.value(sheet, coord)
            except TiebreakError as exc:
                return fx.error_table(self.failure(sheet, text, exc))[0][0]
            return v[0][0] if isinstance(v, (list, tuple)) and v and isinstance(v[0], (list, tuple)) and v[0] \
                else v
        return self.value(sheet, coord)

    def failure(self, sheet: str, text: str, exc: TiebreakError) -> str:
        """The message of a failed call of the formula ``text`` on ``sheet``, as the recompute writes
        it: without the function's name in front, each place given as its cell."""
        head, sep, rest = str(exc).partition(": ")
        message = rest if sep and head in fx.FUNCTIONS else str(exc)
        named = self._sheet_inputs(sheet, text)
        return named or self.argument_cell(sheet, text, self.cells_named(sheet, text, message))

    def _sheet_inputs(self, sheet: str, text: str) -> Optional[str]:
        """The error of a failed PRIZES or CATEGORY_STANDINGS call's own inputs (the prize table,
        the categories, ...) naming the sheet cell (``Prizes!B12: ...``): the function called in
        Excel names only the place in its argument. None when those inputs read well (the error
        is elsewhere: the crosstable, the settings)."""
        from ..ranges.prize_arguments import read_sheet_inputs
        try:
            node = self.tree(text)
        except Unsupported:
            return None
        if not isinstance(node, Call) or node.name not in ("PRIZES", "CATEGORY_STANDINGS"):
            return None
        given = call_arguments(node)

        def arg(param: str) -> Any:
            a = given.get(param)
            return None if a is None else evaluate(a, lambda r: self.resolve(r, sheet), self.name)
        try:
            read_sheet_inputs(node.name, arg, argument_cells(self, sheet, node), rows_below(self, sheet, node))
        except TiebreakError as exc:
            return str(exc)
        except Unsupported:
            return None
        return None

    def _formula_cells(self, sheet: str) -> list[tuple[int, int]]:
        """(row, column) of every formula cell of a sheet."""
        got = self._formula_places.get(sheet)
        if got is None:
            got = self._formula_places[sheet] = [split_cell(c)[::-1] for s, c in self.formula_of if s == sheet]
        return got

    def cells_named(self, sheet: str, text: str, v: Any) -> Any:
        """A STATUS or CHECK value, or a failed call's message, with each place the crosstable
        reader names by player and round (``R5 of player 1``: a function does not know where its
        range is) given as the worksheet cell (``Crosstable!J5``), and so the code of a tie-break
        list that cannot be read (:meth:`list_cell`)."""
        if any(isinstance(c, str) and LIST_ERROR in c for c in _flat(v)):
            v = self.list_cell(sheet, text, v)
        if any(isinstance(c, str) and _RANGE_PLACE.search(c) for c in _flat(v)):
            v = self._range_places(sheet, text, v)
        if not any(isinstance(c, str) and _PLACE.search(c) for c in _flat(v)):
            return v
        call = self._range_argument(text, "crosstable")
        if call is None:
            return v
        function, given, ref = call
        target = ref.sheet or sheet
        min_col, min_row, _, _ = range_bounds(ref.area)

        def arg(param: str) -> Any:
            return evaluate(given[param], lambda r: self.resolve(r, sheet), self.name) if param in given else None
        try:
            table = self.resolve(ref, target)
            kind, rounds = read_kind(arg("kind")), read_rounds(arg("rounds"), function)
        except (TiebreakError, Unsupported):
            return v

        def wheres(cell_name: Any) -> list[str]:
            return [f.where for f in collect(lambda fd: rows_to_tournament(
                table, findings=fd, kind=kind, rounds=rounds, cell_name=cell_name))]
        by_place = wheres(None)
        by_cell = wheres(lambda i, j: f"{target}!{column_letter(min_col + j)}{min_row + i}")
        if len(by_place) != len(by_cell):
            return v
        return _renamed_places(v, {p: c for p, c in zip(by_place, by_cell) if p and c and p != c})

    def _range_argument(self, text: str, param: str) -> "Optional[tuple[str, dict[str, Any], Ref]]":
        """(the function's name, its arguments by parameter name, the range given as ``param``) of
        the formula ``text`` when it is a call of one of our functions whose ``param`` is a range (a
        reference or a defined name), else ``None``."""
        try:
            node = self.tree(text)
        except Unsupported:
            return None
        if not isinstance(node, Call) or node.name not in fx.FUNCTIONS:
            return None
        given = call_arguments(node)
        ref = self.range_of(given.get(param))
        if ref is None or ":" not in ref.area:
            return None
        return node.name, given, ref

    def list_cell(self, sheet: str, text: str, v: Any) -> Any:
        """``v`` with the error of a tie-break list given as a range (``tiebreak_list: unknown
        tie-break 'XYZ' ...``: a function does not know where its range is) naming the cell of the
        code instead (``Settings!B8: unknown tie-break 'XYZ' ...``), as ``check`` names it; a team
        function's list is of team codes."""
        from ...descriptor import parse_descriptor
        from ...descriptor import parse_team
        from ..ranges.arguments import list_text, text_of
        call = self._range_argument(text, "tiebreak_list")
        if call is None:
            return v
        team = fx.REGISTRY[call[0]].group == TEAM
        ref = call[2]
        target = ref.sheet or sheet
        try:
            cells = self.resolve(ref, sheet)
            if not team:
                codes_of(list_text(cells))
                return v  # (the list reads well: the error is another one)
        except DescriptorError as exc:
            said = str(exc)
        except (TiebreakError, Unsupported):
            return v
        min_col, min_row, _, _ = range_bounds(ref.area)
        if min_col is None or min_row is None:
            return v
        for i, row in enumerate(cells):
            for j, c in enumerate(row):
                code = text_of(c)
                if not code:
                    continue
                try:
                    (parse_team if team else parse_descriptor)(code)
                except TiebreakError as exc:
                    if team:  # the team functions quote the first code the team parser refuses
                        said = f"{LIST_ERROR}{exc}"
                    new = f"{target}!{column_letter(min_col + j)}{min_row + i}: {exc}"
                    return [[x.replace(said, new) if isinstance(x, str) else x for x in r] for r in v] \
                        if isinstance(v, (list, tuple)) else v.replace(said, new)
        return v

    def _range_places(self, sheet: str, text: str, v: Any, depth: int = 0) -> Any:
        """``v`` with each cell a team function names inside its range (``row 7 of the Matches
        range, column F``) given as the worksheet cell (``Matches!F10``), from the argument's range
        (through a plain reference to the formula, ``=Matches!$A$3``, too)."""
        try:
            node = self.tree(text)
        except Unsupported:
            return v
        if isinstance(node, Ref) and ":" not in node.area and depth < 8:
            target = (node.sheet or sheet, node.area.replace("$", ""))
            inner = self.formula_of.get(target)
            return v if inner is None else self._range_places(target[0], inner, v, depth + 1)
        if not isinstance(node, Call) or node.name not in fx.FUNCTIONS:
            return v
        given = call_arguments(node)
        origins: dict[str, tuple[str, int, int]] = {}
        for param, label in (("matches", "Matches"), ("teams", "Teams"), ("settings", "Settings"),
                             ("edition", "edition")):
            ref = self.range_of(given.get(param))
            if ref is not None and ":" in ref.area:
                min_col, min_row, _, _ = range_bounds(ref.area)
                if min_col is not None and min_row is not None:
                    origins[label] = (ref.sheet or sheet, min_col, min_row)

        def place(m: "re.Match[str]") -> str:
            got = origins.get(m.group(2))
            if got is None:
                return m.group(0)
            target, c0, r0 = got
            col = split_cell(f"{m.group(3)}1")[0]
            return f"{target}!{column_letter(c0 + col - 1)}{r0 + int(m.group(1)) - 1}"

        def fix(c: Any) -> Any:
            if isinstance(c, (list, tuple)):
                return [fix(x) for x in c]
            return _RANGE_PLACE.sub(place, c) if isinstance(c, str) else c
        return fix(v)

    def argument_cell(self, sheet: str, text: str, message: str) -> str:
        """A failed call's message that begins with an argument given as one cell (``places
        'three' is not a whole number``) with that cell in front (``What if!B5: places ...``): the
        function knows the argument's name, not where it is."""
        head = message.split(" ", 1)[0].rstrip(":,")
        try:
            node = self.tree(text)
        except Unsupported:
            return message
        if head == "crosstable" or not isinstance(node, Call) or node.name not in fx.FUNCTIONS:
            return message
        a = call_arguments(node).get(head)
        if not isinstance(a, Ref) or ":" in a.area:
            return message
        return f"{a.sheet or sheet}!{a.area.replace('$', '')}: {message}"

    def range_of(self, a: Any) -> Optional[Ref]:
        """The cells an argument of a call names: a reference, or a defined name's range; None for
        anything else (a literal, a formula)."""
        return self.names.get(a.name.upper()) if isinstance(a, Name) else a if isinstance(a, Ref) else None

    def name(self, name: str) -> Any:
        ref = self.names.get(name.upper())
        if ref is None:
            raise Unsupported(f"the workbook has no defined name {name} (Formulas > Name Manager)")
        return self.resolve(ref, ref.sheet or "")

    def occupied(self, sheet: str, coord: str) -> bool:
        """Does the cell hold something (a constant or a formula)?"""
        return (sheet, coord) in self.formula_of or coord in self.cells.get(sheet, {})


#: how the Excel functions begin the error of a tie-break list they cannot read (:func:`.functions.results.codes_of`)
LIST_ERROR = "tiebreak_list: "
#: how the crosstable reader names a place when it is not told the cells: ``R5 of player 1``,
#: ``rating of player 3``, ``row 7``, ``header column 4``, ``player 5`` (a start number twice)
_PLACE = re.compile(r"\b(?:row|player|header column) \d")
#: how the team functions name a cell inside a range argument (:mod:`.functions.team`), and the
#: Excel functions a cell of the edition range (the start date in Settings!B3:B5, :mod:`.ranges.arguments`)
_RANGE_PLACE = re.compile(r"\brow (\d+) of the (Matches|Teams|Settings|edition) range, column ([A-Z]{1,3})\b")


def argument_cells(book: FormulaBook, sheet: str, node: Call) -> Callable[[str], Optional[Callable[[int, int], str]]]:
    """For a call on ``sheet``: parameter -> the sheet cell of (row, column) of its range (from 0),
    or None when the argument is no reference (a literal, a defined name's range is followed)."""
    given = call_arguments(node)

    def cells(param: str) -> Optional[Callable[[int, int], str]]:
        ref = book.range_of(given.get(param))
        if ref is None:
            return None
        try:
            min_col, min_row, _, _ = range_bounds(ref.area.replace("$", ""))
        except ValueError:
            return None
        if min_col is None or min_row is None:
            return None
        target = ref.sheet or sheet
        return lambda i, j: f"{target}!{column_letter(min_col + j)}{min_row + i}"
    return cells


def rows_below(book: FormulaBook, sheet: str, node: Call) -> Callable[[str], Optional[list[Any]]]:
    """For a call on ``sheet``: parameter -> the sheet's row just below its range argument, the
    constants typed there (a formula cell, a total's =SUM(...), as None), or None when the argument
    is no range (:func:`.ranges.prize_arguments.refuse_typed_below`)."""
    given = call_arguments(node)

    def below(param: str) -> Optional[list[Any]]:
        ref = book.range_of(given.get(param))
        if ref is None or ":" not in ref.area:
            return None
        try:
            min_col, _min_row, max_col, max_row = block_bounds(ref.area.replace("$", ""))
        except (ValueError, TypeError):  # no block of cells (a whole column): nothing is below it
            return None
        target = ref.sheet or sheet
        cells = book.cells.get(target, {})
        row = max_row + 1
        return [None if (target, f"{column_letter(c)}{row}") in book.formula_of else cells.get(f"{column_letter(c)}{row}")
                for c in range(min_col, max_col + 1)]
    return below


def _flat(v: Any) -> list[Any]:
    if isinstance(v, (list, tuple)):
        return [c for r in v for c in (r if isinstance(r, (list, tuple)) else [r])]
    return [v]


def _renamed_places(v: Any, places: dict[str, str]) -> Any:
    """``v`` (a text or a table of them) with each place ``P`` written as its cell: ``P:`` in a
    status line, a whole cell ``P`` in CHECK's Where column."""
    if not places:
        return v
    if isinstance(v, (list, tuple)):
        return [_renamed_places(c, places) if isinstance(c, (list, tuple)) else
                places.get(c, c) if isinstance(c, str) else c for c in v]
    if isinstance(v, str):
        for place, cell in places.items():
            v = v.replace(f"{place}: ", f"{cell}: ")
    return v


def _inside(area: str, row: int, col: int) -> bool:
    min_col, min_row, max_col, max_row = block_bounds(area)
    return min_row <= row <= max_row and min_col <= col <= max_col


def _check_array_ref(ref: str, coord: str, sheet: str) -> None:
    """An array formula's range is a block of cells whose first cell holds the formula (as Excel
    writes it); anything else (``A:A``, a range elsewhere) is refused, naming the cell."""
    try:
        bounds = range_bounds(ref)
        first = split_cell(coord)
    except (ValueError, TypeError):
        bounds, first = (None, None, None, None), None
    if None in bounds or (bounds[0], bounds[1]) != first:
        raise InputError(f"its array formula's range {ref[:40]!r} is not a block of cells starting at "
                         f"{coord}; enter the formula again", f"{sheet}!{coord}")


def workbook_calls(data: bytes) -> tuple[list[tuple[str, list[Any]]], int, int]:
    """Every call of our functions in a workbook with its arguments as Excel hands them over (each
    a 2-D list, empty cells ``""``, an omitted argument ``None``), the number of calls per full
    recalculation, and the number of cells handed over. For the benchmark and the runtime tests;
    a call wrapped in another Excel function is counted but not listed."""
    book = FormulaBook(data)
    calls: list[tuple[str, list[Any]]] = []
    cells = n = 0
    for sheet, _coord, text in book.formulas:
        k = count_calls(text)
        if not k:
            continue
        n += k
        try:
            node = book.tree(text)
        except Unsupported:
            continue
        if not isinstance(node, Call):
            continue
        args: list[Any] = []
        for a in node.args:
            if isinstance(a, (Ref, Name)):
                v = book.resolve(a, sheet) if isinstance(a, Ref) else book.name(a.name)
                rows = [["" if c is None else c for c in r] for r in (v if isinstance(v, tuple) else ((v,),))]
                cells += sum(len(r) for r in rows)
                args.append(rows)
            else:
                args.append(None if a is None else [[a]])
        calls.append((node.name, args))
    return calls, n, cells
