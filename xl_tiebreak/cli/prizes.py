"""``prizes``: the prize list from the standings and a prize table (the options, else a workbook's
Prizes sheet). A team event goes to :mod:`.team_prizes`."""

from __future__ import annotations

from ..output import emit as _emit
from .common import book_prizes, compute_result, load_input, open_input, team_event


def run_prizes(args) -> tuple[str, int]:
    """``prizes``: the prize list from the standings and a prize table (:mod:`xl_tiebreak.prizes`)."""
    from fractions import Fraction
    from ..errors import InputError
    from ..prize_report import prize_list, render_prizes
    from ..prizes import PrizeTable, parse_unit
    table_ = PrizeTable.parse(args.places or "", args.category_prize)
    ties, order, unit, age = "tiebreak", "value", Fraction(1, 100), "year"
    book = open_input(args.input)
    event = team_event(args, book)  # a team TRF or team workbook: the team prize list
    if event is not None:
        from .team_prizes import team_prizes
        return team_prizes(args, event)
    loaded = load_input(args.input, args, book) if book is not None else None
    given = bool(args.places), bool(args.category_prize)
    if not all(given):
        # a workbook's Prizes sheet: what the options do not give (the place prizes, the category
        # prizes, the rules), so that --places replaces the sheet's place prizes only
        setup = book_prizes(book)
        if setup is None and not any(given):
            raise InputError("prizes: no prize given; expected --places 500,300,200 and/or --category-prize "
                             "U1600=100,50 (or a workbook whose Prizes sheet has a prize table)")
        if setup is not None:
            sheet, ties, order, unit, age = setup
            table_ = PrizeTable(table_.places if given[0] else sheet.places,
                                table_.categories if given[1] else sheet.categories)
        if not table_.places and not table_.categories:
            raise InputError("prizes: the workbook's prize table is empty; type the amounts on its Prizes sheet, "
                             "or give --places 500,300,200 and/or --category-prize U1600=100,50")
    if args.unit is not None:
        unit = parse_unit(args.unit)
    result = compute_result(args, *(loaded or load_input(args.input, args)))
    got, notes = prize_list(result, table_, ties=args.ties or ties, order=args.order or order, age=args.age or age,
                            unit=unit)
    return _emit(args, render_prizes(result, got, notes, args.format, args.input))
