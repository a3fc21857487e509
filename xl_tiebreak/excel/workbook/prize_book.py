"""A workbook's prize table for ``xl-tiebreak prizes BOOK.xlsx`` (no prize flags), and its named
categories for ``standings BOOK.xlsx --category NAME``: the arguments of its ``PRIZES`` and
``CATEGORY_STANDINGS`` formulas (the Prizes sheet of the templates), read through the same evaluator as
the headless recompute and the same readers as the function (:mod:`.ranges.prize_arguments`), so that
the command prints the prize list the sheet shows. Each reads the workbook's bytes, or the workbook
a command opened (:class:`.ranges.book_reader.Book`: its sheets are not parsed again).
"""

from __future__ import annotations

import re
from typing import Any, Callable, Optional, Sequence

from ...categories import Category

from ...errors import InputError, TiebreakError
from ..ranges.book_reader import Book
from ..recompute.formula import Call, Ref, Unsupported, evaluate
from ..recompute.formula_book import FormulaBook, argument_cells, call_arguments, rows_below
from ..ranges.prize_arguments import PrizeSetup, read_sheet_inputs

#: a message that begins with a sheet cell (``Prizes!B12``, ``'What if'!B5``)
_NAMES_CELL = re.compile(r"(?:'[^']+'|[^\s!:']+)![A-Z]{1,3}\d+\b")

__all__ = ["workbook_prize_setup", "workbook_categories", "workbook_whatif_setup"]


def _call(book: FormulaBook, function: str) -> Optional[tuple[str, str, Call]]:
    """(sheet, cell, call) of the first formula calling ``function`` (its IFERROR store left aside)."""
    for sheet, coord, text in book.formulas:
        if function not in text.upper():
            continue
        try:
            node = book.tree(text)
        except Unsupported:
            continue
        if isinstance(node, Call) and node.name == function:
            return sheet, coord, node
    return None


def _arguments(book: FormulaBook, found: tuple[str, str, Call], function: str) -> Callable[[str], Any]:
    """The value of a named argument of the call (None when not given)."""
    sheet, coord, node = found
    given = call_arguments(node)

    def arg(name: str) -> Any:
        a = given.get(name)
        if a is None:
            return None
        try:
            return evaluate(a, lambda r: book.resolve(r, sheet), book.name)
        except Unsupported as exc:
            raise InputError(f"the argument {name} of {function} cannot be read ({exc})", f"{sheet}!{coord}") from None
    return arg


def workbook_categories(source: "bytes | Book") -> Optional[tuple[list[tuple[str, Category]], str]]:
    """The categories of the workbook's CATEGORY_STANDINGS formula (the Categories sheet), named,
    and its age basis; None when no cell calls it."""
    book = FormulaBook(source)
    found = _call(book, "CATEGORY_STANDINGS")
    if found is None:
        return None
    return _read(book, found, "CATEGORY_STANDINGS")


def _read(book: FormulaBook, found: tuple[str, str, Call], function: str) -> Any:
    """:func:`.ranges.prize_arguments.read_sheet_inputs` of the call, each error naming its sheet cell
    (an error without one is named by the formula's cell)."""
    try:
        return read_sheet_inputs(function, _arguments(book, found, function), argument_cells(book, found[0], found[2]),
                                 rows_below(book, found[0], found[2]))
    except InputError as exc:
        if exc.where or _NAMES_CELL.match(str(exc)):  # the cell typed in (Prizes!B12: ...)
            raise
        raise InputError(f"{function}: {exc}", f"{found[0]}!{found[1]}") from None
    except TiebreakError as exc:
        raise InputError(f"{function}: {exc}", f"{found[0]}!{found[1]}") from None


def workbook_prize_setup(source: "bytes | Book") -> Optional[tuple[PrizeSetup, str, str]]:
    """The prize table and rules of the workbook's PRIZES formula, the age basis, and the formula's
    cell (``Prizes!A33``); None when no cell calls PRIZES. A bad table is an :class:`InputError`
    naming that cell and the place in the table."""
    book = FormulaBook(source)
    found = _call(book, "PRIZES")
    if found is None:
        return None
    setup, age = _read(book, found, "PRIZES")
    return setup, age, f"{found[0]}!{found[1]}"


def workbook_whatif_setup(source: "bytes | Book", replaced: Sequence[str] = ()) -> Optional[tuple[Optional[int], Optional[int], str, str]]:
    """The prize places and boards combined of the workbook's WHATIF formula (the What if sheet;
    None where empty), and the cells they are typed in (``What if!B5``; the formula's cell when an
    argument is no cell), so that ``whatif BOOK.xlsx`` answers as the sheet and names the sheet's
    cell, not an option, in what it refuses; None when no cell calls WHATIF. A value that is no
    whole number is an :class:`InputError` naming its cell. ``replaced``: the arguments an option
    replaces (``places``, ``max_boards``): their cells are not read (None), whatever they hold."""
    from ..ranges.arguments import read_whole
    book = FormulaBook(source)
    found = _call(book, "WHATIF")
    if found is None:
        return None
    arg = _arguments(book, found, "WHATIF")
    given = call_arguments(found[2])
    from ...whatif import MOST_BOARDS
    got: list[Optional[int]] = []
    wheres: list[str] = []
    for name, least, most in (("places", 1, None), ("max_boards", 1, MOST_BOARDS)):
        a = given.get(name)
        where = f"{a.sheet or found[0]}!{a.area.replace('$', '')}" if isinstance(a, Ref) and ":" not in a.area \
            else f"{found[0]}!{found[1]}"
        if name in replaced:
            got.append(None)
            wheres.append(where)
            continue
        try:
            v = read_whole(arg(name), name, "WHATIF")
        except TiebreakError as exc:  # named by the cell typed in, when the argument is one
            if isinstance(exc, InputError) and exc.where:  # a cell the evaluator named (a formula there)
                raise
            raise InputError(str(exc), where) from None
        if v is not None and (v < least or (most is not None and v > most)):
            raise InputError(f"WHATIF: {name} {v}: expected a whole number from {least}"
                             + (f" to {most}" if most else ""), where)
        got.append(v)
        wheres.append(where)
    return got[0], got[1], wheres[0], wheres[1]
