"""``prizes``: the prize list from the standings and a prize table (the options, else a workbook's
Prizes sheet). A team event goes to :mod:`.team_prizes`. :func:`prizes` is the command as a library
function; :func:`run_prizes` turns the parsed options into it."""

from __future__ import annotations

import argparse
import os
from typing import Optional, Sequence

from ..output import check_paths, deliver
from .choices import EventChoices, StrPath, check_format
from .common import book_prizes, compute_result, load_input, open_input, team_event


def prizes(source: StrPath, choices: EventChoices = EventChoices(), *, places: Optional[str] = None,
           category_prizes: Sequence[str] = (), ties: Optional[str] = None, order: Optional[str] = None,
           unit: Optional[str] = None, age: Optional[str] = None, fmt: str = "table",
           output: Optional[StrPath] = None, force: bool = False) -> str:
    """``prizes``: the prize list (:mod:`xl_tiebreak.prizes`) of ``places`` (``"500,300,200"``) and
    ``category_prizes`` (``"U1600=100,50"`` each), a workbook's Prizes sheet giving what they do not;
    ``ties`` (tiebreak, shared, hort), ``order`` (value, places-first), ``unit`` (the smallest amount
    paid), ``age`` (year, date) as the command's options; a team event: the team prize list
    (:mod:`.team_prizes`). The text as ``fmt``, or with ``output`` the file written (replaced only
    with ``force``; never the input) and a line saying so."""
    from fractions import Fraction
    from ..errors import InputError
    from ..prize_report import prize_list, render_prizes
    from ..prizes import PrizeTable, parse_unit
    check_format(fmt)
    source = os.fspath(source)
    check_paths(source, output, force)
    table_ = PrizeTable.parse(places or "", list(category_prizes))
    book_ties, book_order, book_unit, book_age = "tiebreak", "value", Fraction(1, 100), "year"
    book = open_input(source)
    team = team_event(source, choices, book)  # a team TRF or team workbook: the team prize list
    if team is not None:
        from .team_prizes import team_prizes
        return deliver(team_prizes(source, team[0], team[1], places=places, category_prizes=category_prizes,
                                   ties=ties, order=order, unit=unit, age=age, fmt=fmt), output, force)
    loaded = load_input(source, choices, book) if book is not None else None
    given = bool(places), bool(category_prizes)
    if not all(given):
        # a workbook's Prizes sheet: what the options do not give (the place prizes, the category
        # prizes, the rules), so that --places replaces the sheet's place prizes only
        setup = book_prizes(book)
        if setup is None and not any(given):
            raise InputError("prizes: no prize given; expected --places 500,300,200 and/or --category-prize "
                             "U1600=100,50 (or a workbook whose Prizes sheet has a prize table)")
        if setup is not None:
            sheet, book_ties, book_order, book_unit, book_age = setup
            table_ = PrizeTable(table_.places if given[0] else sheet.places,
                                table_.categories if given[1] else sheet.categories)
        if not table_.places and not table_.categories:
            raise InputError("prizes: the workbook's prize table is empty; type the amounts on its Prizes sheet, "
                             "or give --places 500,300,200 and/or --category-prize U1600=100,50")
    paid = parse_unit(unit) if unit is not None else book_unit
    result = compute_result(choices, *(loaded or load_input(source, choices)))
    got, notes = prize_list(result, table_, ties=ties or book_ties, order=order or book_order,
                            age=age or book_age, unit=paid)
    return deliver(render_prizes(result, got, notes, fmt, source), output, force)


def run_prizes(args: argparse.Namespace) -> tuple[str, int]:
    """``prizes`` on the command line: :func:`prizes`."""
    return prizes(args.input, EventChoices.of(args), places=args.places, category_prizes=args.category_prize,
                  ties=args.ties, order=args.order, unit=args.unit, age=args.age, fmt=args.format,
                  output=args.output, force=args.force), 0
