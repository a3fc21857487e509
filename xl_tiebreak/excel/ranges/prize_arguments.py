"""The arguments of CATEGORY_STANDINGS and PRIZES read as Excel passes them (a range as a 2-D
list, empty cells ``None``, numbers floats): the categories, the prize table, the prize rules,
the age basis and the start date. The CLI reads a workbook's Prizes sheet through these same
readers (:mod:`.workbook.prize_book`), so the command line and the sheet never disagree about a table.

* **categories**: rows ``name | category`` (the Categories sheet), the category written as the
  CLI's ``--category`` takes it (``U1600``, ``1600-1799``, ``women``, ``U18``, ``S50``,
  ``FED=ENG``, ``CLUB=name``, ``unrated``); a one-column range or one text: each cell a category, named by itself.
* **prize table**: a heading row, then one row per prize (1st, 2nd, ...): the first column holds
  the rows' labels (not read), each further column one list of prizes, headed ``Place`` for the
  place prizes or by a category (a name of the categories, or a category itself).
* **prize rules**: rows ``name | value`` (or a text ``ties=shared; order=places-first``):
  ``Ties`` tiebreak|shared|hort, ``Order`` value|places-first, ``Rounding unit`` (e.g. 0.01).

A function called in Excel gets the values, not where they are: its errors name the place in
the argument (``prize_table, column 2 (Place), 2nd prize``). Given ``cell`` (row and column in the
range -> ``Prizes!B12``), as the recompute, ``check`` and the command line give it
(:func:`read_sheet_inputs`), they name the sheet cell instead.

A table's range does not grow with what is typed below it (its formula names the range, and the
list the table makes comes right under it): an amount typed in the row just below the prize table
(a 21st prize under the 20 rows of the template), or a category just below the categories, would
be left out without a word. Given the sheet's row below the range (``below``: the recompute,
``check`` and the command line read it; the function in Excel cannot), it is refused by its cell,
saying to insert rows inside the table, which the range then takes in.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from datetime import date
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from ...categories import AGE_BASES, Category, parse_category
from ...errors import InputError
from ...number_text import OutOfRange, amount_of
from ...prizes import ORDERS, TIES, PrizeTable, ordinal
from .arguments import edition_date, shown, text_of

__all__ = ["PrizeSetup", "CellName", "read_sheet_inputs", "read_categories", "read_prize_table", "read_prize_rules",
           "read_age", "read_start", "refuse_typed_below",
           "PLACE_WORDS", "MAX_CATEGORIES", "MAX_PRIZES"]

#: the heading of the place prizes' column (any case)
PLACE_WORDS = frozenset({"place", "places", "overall", "open", "main"})
MAX_CATEGORIES = 100
MAX_PRIZES = 1000  # prizes in one list
#: the sheet cell of (row, column) of a range argument, both from 0: (1, 1) -> "Prizes!B12"
CellName = Callable[[int, int], str]


@dataclass(frozen=True)
class PrizeSetup:
    """A prize table and how it is handed out (see :mod:`xl_tiebreak.prizes`)."""

    table: PrizeTable
    ties: str = "tiebreak"
    order: str = "value"
    unit: Fraction = Fraction(1, 100)


def _rows(v: Any) -> list[list[Any]]:
    """A range (or one value) as a list of rows."""
    if isinstance(v, (list, tuple)):
        return [list(r) if isinstance(r, (list, tuple)) else [r] for r in v]
    return [[v]]


def refuse_typed_below(rows: int, below: Optional[Sequence[Any]], cell: Optional[CellName], what: str,
                       columns: range) -> None:
    """An :class:`InputError` naming the first cell of ``columns`` in the sheet's row just below a
    table of ``rows`` rows (``below``: that row's values, a formula's as None) that holds something:
    it is not in the table's range, so it would be left out without a word. ``what``: the next
    row's meaning (``a 21st prize``)."""
    if not below or cell is None:
        return
    for j in columns:
        v = below[j] if j < len(below) else None
        if text_of(v):
            last = cell(rows - 1, j).rsplit("!", 1)[-1].lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")
            raise InputError(f"{cell(rows, j)}: {shown(v)} is typed just below the table, whose range ends at row "
                             f"{last}, and is not read there; for {what}, insert a row inside the table (above its "
                             "last row): its range takes the new row in")


def read_categories(v: Any, argument: str = "categories",
                    cell: Optional[CellName] = None, below: Optional[Sequence[Any]] = None) -> list[tuple[str, Category]]:
    """``(name, category)`` of each row ``name | category`` (a one-column range, or one text: each
    cell a category named by itself); empty rows are skipped, a heading row ``Name | Category`` too.
    The category's ``text`` is its name, so prizes and headings say ``Juniors 1st``. ``below``: the
    sheet's row under the range (:func:`refuse_typed_below`)."""
    rows_ = _rows(v)
    refuse_typed_below(len(rows_), below, cell, "another category", range(max(len(r) for r in rows_) if rows_ else 0))
    out: list[tuple[str, Category]] = []
    seen: dict[str, int] = {}
    for k, row in enumerate(rows_, start=1):
        cells = [text_of(c) for c in row]
        if len(cells) >= 2:
            name, text = cells[0], cells[1]
        else:
            name = text = cells[0] if cells else ""
        if not name and not text:
            continue
        if text.casefold() in ("category", "definition") and k == 1:
            continue  # the heading row
        where = cell(k - 1, 1 if len(cells) >= 2 else 0) if cell else f"{argument}, row {k}"
        if not text:
            raise InputError(f"{where}: {name!r} has no category; write one beside it, e.g. U1600, women, U18, "
                             "S50, FED=ENG or CLUB=name")
        name = name or text
        cat = parse_category(text, f"{where} ({name})")
        if name.casefold() in seen:
            first = seen[name.casefold()]
            where, first_at = (cell(k - 1, 0), cell(first - 1, 0)) if cell else (where, f"row {first}")
            raise InputError(f"{where}: the name {name!r} is already used in {first_at}; "
                             "give each category its own name")
        seen[name.casefold()] = k
        out.append((name, dataclasses.replace(cat, text=name)))
        if len(out) > MAX_CATEGORIES:
            raise InputError(f"{argument}: more than {MAX_CATEGORIES} categories")
    return out


def _amount(v: Any, where: str) -> Optional[Fraction]:
    """An amount typed in a cell (a number, or a number as text), exactly; None for an empty cell."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    if isinstance(v, bool):
        raise InputError(f"{where}: {v!r} is not an amount; type a number such as 500 or 12.50")
    try:
        got = amount_of(v)  # a float's shortest text: 12.3 is 123/10
    except OutOfRange as exc:
        raise InputError(f"{where}: {exc}; type a number such as 500 or 12.50") from None
    if got is None:
        raise InputError(f"{where}: {shown(v)} is not an amount; type a number such as 500 or 12.50")
    if got < 0:
        raise InputError(f"{where}: the amount {shown(v)} is negative")
    return got


def read_prize_table(v: Any, named: Sequence[tuple[str, Category]] = (),
                     argument: str = "prize_table", cell: Optional[CellName] = None,
                     below: Optional[Sequence[Any]] = None) -> PrizeTable:
    """The prize table of a range (see the module docstring). ``named``: the categories a
    column's heading may name. A column with amounts but no heading, an amount after an empty
    prize, a heading that is neither Place, a name nor a category, and an amount typed in the
    sheet's row under the range (``below``, :func:`refuse_typed_below`) are refused by their place."""
    rows = _rows(v)
    if not rows:
        return PrizeTable()
    width = max(len(r) for r in rows)
    refuse_typed_below(len(rows), below, cell, f"a {ordinal(len(rows))} prize", range(1, width))
    head = rows[0] + [None] * (width - len(rows[0]))
    names = {n.casefold(): c for n, c in named}
    places: tuple[Fraction, ...] = ()
    has_places = False
    cats: list[tuple[Category, tuple[Fraction, ...]]] = []
    heads: list[str] = []  # where each of cats is headed
    for j in range(1, width):
        heading = text_of(head[j])
        cells = [r[j] if j < len(r) else None for r in rows[1:]]
        where = cell(0, j) if cell else f"{argument}, column {j + 1}" + (f" ({heading})" if heading else "")

        def at(i: int) -> str:  # the i-th prize's place
            if cell:
                return f"{cell(i, j)} ({heading + ', ' if heading else ''}{ordinal(i)} prize)"
            return f"{where}, {ordinal(i)} prize"
        amounts: list[Fraction] = []
        gap = 0
        for i, value in enumerate(cells, start=1):
            a = _amount(value, at(i))
            if a == 0:  # as --places: a place without a prize is left out, not paid (and shared) as 0.00
                raise InputError(f"{at(i)}: the amount is 0; list only the places that have a prize (leave the "
                                 "cell empty)")
            if a is None:
                gap = gap or i
                continue
            if not heading:
                raise InputError(f"{where}: the amounts have no heading; write Place or a category (a name "
                                 "of the Categories sheet, or e.g. U1600) above them")
            if gap:
                raise InputError(f"{cell(i, j) if cell else where}: the {ordinal(i)} prize is given but the "
                                 f"{ordinal(gap)} is empty; write the prizes from the 1st down without a gap")
            amounts.append(a)
        if len(amounts) > MAX_PRIZES:
            raise InputError(f"{where}: more than {MAX_PRIZES} prizes")
        if not heading:
            continue
        if heading.casefold() in PLACE_WORDS:
            if has_places:
                raise InputError(f"{where}: a second column of place prizes; give the place prizes in one column")
            places, has_places = tuple(amounts), True
            continue
        cat = names.get(heading.casefold())
        if cat is None:
            try:
                cat = dataclasses.replace(parse_category(heading), text=heading)
            except InputError:
                raise InputError(f"{where}: {heading!r} is neither Place, a name of the categories nor a "
                                 "category; expected Place, a name from the Categories sheet, or a category "
                                 "such as U1600, 1600-1799, women, U18, S50, FED=ENG, CLUB=name") from None
        if amounts:
            cats.append((cat, tuple(amounts)))
            heads.append(where)
    return PrizeTable(places, tuple(cats), tuple(heads))


_RULES = {"ties": "ties", "tiedplayers": "ties", "order": "order", "prizeorder": "order",
          "unit": "unit", "roundingunit": "unit", "rounding": "unit"}


def read_prize_rules(v: Any, argument: str = "prize_rules",
                     cell: Optional[CellName] = None) -> tuple[str, str, Fraction]:
    """``(ties, order, unit)`` from rows ``name | value`` or a text ``ties=shared; order=value``;
    an empty value keeps the default (tiebreak, value, 0.01)."""
    pairs: list[tuple[str, Any, str, str]] = []  # name, value, where the name is, where the value is
    for k, row in enumerate(_rows(v)):
        first = text_of(row[0]) if row else ""
        rest = [(j, c) for j, c in enumerate(row[1:], start=1) if text_of(c)]
        if "=" in first and not rest:
            for item in first.replace("\n", ";").split(";"):
                if item.strip():
                    key, _, value = item.partition("=")
                    where = cell(k, 0) if cell else argument
                    pairs.append((key, value, where, where))
        elif first:
            pairs.append((first, rest[0][1] if rest else None, cell(k, 0) if cell else argument,
                          cell(k, rest[0][0] if rest else 1) if cell else argument))
    got: dict[str, Any] = {"ties": "tiebreak", "order": "value", "unit": Fraction(1, 100)}
    for key, value, key_at, argument in pairs:
        name = _RULES.get(key.strip().casefold().replace(" ", "").replace("_", "").replace("-", ""))
        if name is None:
            raise InputError(f"{key_at}: {key.strip()!r} is not a prize rule; expected Ties, Order or "
                             "Rounding unit")
        text = text_of(value).casefold()
        if not text:
            continue
        if name == "ties":
            if text not in TIES:
                raise InputError(f"{argument}: Ties {shown(value)}: expected {', '.join(TIES)}")
            got["ties"] = text
        elif name == "order":
            text = text.replace(" ", "-")
            if text not in ORDERS:
                raise InputError(f"{argument}: Order {shown(value)}: expected {' or '.join(ORDERS)}")
            got["order"] = text
        else:
            unit = _amount(value, f"{argument}: Rounding unit")
            if not unit:
                raise InputError(f"{argument}: Rounding unit {shown(value)}: expected a positive amount, "
                                 "e.g. 0.01 or 1")
            got["unit"] = unit
    return got["ties"], got["order"], got["unit"]


def read_age(v: Any, argument: str = "age_basis", cell: Optional[CellName] = None) -> str:
    """How ages are counted: ``year`` (default: by birth year) or ``date`` (on the start date)."""
    text = text_of(v).casefold()
    if not text:
        return "year"
    if cell:
        argument = f"{cell(0, 0)}: {argument}"
    if text not in AGE_BASES:
        raise InputError(f"{argument}: {shown(v)}: expected year (the age reached in the event's year) or "
                         "date (the exact age on the start date)")
    return text


def read_start(edition: Any) -> Optional[date]:
    """The event's start date, if the edition argument holds one (the templates pass Settings!B3:B5)."""
    day, _ = edition_date(edition)
    return day.day if day is not None else None


def read_sheet_inputs(function: str, arg: Callable[[str], Any],
                      cells: Callable[[str], Optional[CellName]],
                      below: Callable[[str], Optional[Sequence[Any]]] = lambda parameter: None) -> tuple[Any, str]:
    """The inputs of a ``PRIZES`` call (its :class:`PrizeSetup`) or of a ``CATEGORY_STANDINGS``
    call (its named categories), and the age basis, read from ``arg(parameter)`` (the value Excel
    hands over) with each error naming the sheet cell ``cells(parameter)`` gives (None: the place
    in the argument, as the function in Excel says it); ``below(parameter)``: the sheet's row
    under a table's range, when known (:func:`refuse_typed_below`)."""
    if function == "CATEGORY_STANDINGS":
        return (read_categories(arg("category"), "category", cells("category"), below("category")),
                read_age(arg("age_basis"), cell=cells("age_basis")))
    named = read_categories(arg("categories"), cell=cells("categories"), below=below("categories"))
    table = read_prize_table(arg("prize_table"), named, cell=cells("prize_table"), below=below("prize_table"))
    ties, order, unit = read_prize_rules(arg("prize_rules"), cell=cells("prize_rules"))
    return PrizeSetup(table, ties, order, unit), read_age(arg("age_basis"), cell=cells("age_basis"))
