"""A workbook's prize table for ``xl-tiebreak prizes BOOK.xlsx`` (no prize flags): the arguments of
its ``PRIZES`` formula (the Prizes sheet of the templates), read through the same evaluator as
the headless recompute and the same readers as the function (:mod:`.prize_arguments`), so that
the command prints the prize list the sheet shows.
"""

from __future__ import annotations

from inspect import signature
from typing import Any, Optional

from ..errors import InputError, TiebreakError
from . import functions as fx
from .formula import Call, Unsupported, evaluate
from .formula_book import FormulaBook
from .prize_arguments import PrizeSetup, read_age, read_categories, read_prize_rules, read_prize_table

__all__ = ["workbook_prize_setup"]


def _prizes_call(book: FormulaBook) -> Optional[tuple[str, str, Call]]:
    """(sheet, cell, call) of the first formula calling PRIZES (its IFERROR store left aside)."""
    for sheet, coord, text in book.formulas:
        if "PRIZES" not in text.upper():
            continue
        try:
            node = book.tree(text)
        except Unsupported:
            continue
        if isinstance(node, Call) and node.name == "PRIZES":
            return sheet, coord, node
    return None


def workbook_prize_setup(data: bytes) -> Optional[tuple[PrizeSetup, str, str]]:
    """The prize table and rules of the workbook's PRIZES formula, the age basis, and the formula's
    cell (``Prizes!A33``); None when no cell calls PRIZES. A bad table is an :class:`InputError`
    naming that cell and the place in the table."""
    book = FormulaBook(data)
    found = _prizes_call(book)
    if found is None:
        return None
    sheet, coord, node = found
    where = f"{sheet}!{coord}"
    given = dict(zip(signature(fx.FUNCTIONS["PRIZES"]).parameters, node.args))

    def arg(name: str) -> Any:
        a = given.get(name)
        if a is None:
            return None
        try:
            return evaluate(a, lambda r: book.resolve(r, sheet), book.name)
        except Unsupported as exc:
            raise InputError(f"the argument {name} of PRIZES cannot be read ({exc})", where) from None

    try:
        named = read_categories(arg("categories"))
        table = read_prize_table(arg("prize_table"), named)
        ties, order, unit = read_prize_rules(arg("prize_rules"))
        age = read_age(arg("age_basis"))
    except TiebreakError as exc:
        raise InputError(f"PRIZES: {exc}", where) from None
    return PrizeSetup(table, ties, order, unit), age, where
