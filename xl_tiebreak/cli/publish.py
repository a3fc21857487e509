"""``publish``: one self-contained HTML page of the event (:mod:`xl_tiebreak.publish`). A team
event goes to :mod:`.team_publish`."""

from __future__ import annotations

from pathlib import Path

from ..output import emit as _emit
from .common import book_categories, book_prizes, compute_result, how_to_set, load_input, open_input, team_event


def run_publish(args) -> tuple[str, int]:
    """``publish``: one self-contained HTML page of the event (:mod:`xl_tiebreak.publish`)."""
    from ..excel.recompute.stale import note_stale
    from ..prizes import parse_unit
    from ..publish import build_page, extras_from_texts
    if args.unit is not None:
        parse_unit(args.unit)  # its message, before the page's reader of the same text
    book = open_input(args.input)
    event = team_event(args, book)  # a team TRF or team workbook: the team page
    if event is not None:
        from .team_publish import team_publish
        return team_publish(args, event)
    named, age = book_categories(book)  # a workbook's Categories and Prizes sheets, as standings and prizes
    sheet = None if args.places and args.category_prize else book_prizes(book)  # what no option replaces
    table, ties, order, unit, age = sheet or (None, "tiebreak", "value", "0.01", age)
    extras = extras_from_texts(args.category, args.places or "", args.category_prize, ties=args.ties or ties,
                               order=args.order or order, age=args.age or age or "year", unit=args.unit or unit,
                               named=named, table=table)
    result = compute_result(args, *load_input(args.input, args, book))
    got = _emit(args, build_page(result, extras, Path(args.input).name, how_to_set(args.input)))
    note_stale(book)
    return got
