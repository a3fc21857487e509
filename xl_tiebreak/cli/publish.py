"""``publish``: one self-contained HTML page of the event (:mod:`xl_tiebreak.publish`). A team
event goes to :mod:`.team_publish`. :func:`publish` is the command as a library function;
:func:`run_publish` turns the parsed options into it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Optional, Sequence

from ..output import check_paths, deliver
from .choices import EventChoices, StrPath
from .common import book_categories, book_prizes, compute_result, how_to_set, load_input, open_input, team_event


def publish(source: StrPath, output: Optional[StrPath] = None, choices: EventChoices = EventChoices(), *,
            force: bool = False, categories: Sequence[str] = (), places: Optional[str] = None,
            category_prizes: Sequence[str] = (), ties: Optional[str] = None, order: Optional[str] = None,
            unit: Optional[str] = None, age: Optional[str] = None) -> str:
    """``publish``: the event's page (standings after each round, crosstable, categories, prizes,
    each value's account); written to ``output`` (replaced only with ``force``; never the input), the line saying so
    returned; without ``output``, the page's HTML itself. ``categories``: the categories listed
    (as ``standings --category``); ``places`` (``"500,300,200"``), ``category_prizes``
    (``"U1600=100,50"`` each), ``ties``, ``order``, ``unit``, ``age``: the prizes, as the
    ``prizes`` command takes them, over a workbook's Prizes sheet (a team event takes none)."""
    from ..excel.recompute.stale import note_stale
    from ..prizes import parse_unit
    from ..publish import build_page, extras_from_texts
    source = os.fspath(source)
    check_paths(source, output, force)
    if unit is not None:
        parse_unit(unit)  # its message, before the page's reader of the same text
    book = open_input(source)
    team = team_event(source, choices, book, category=bool(categories))  # a team event: the team page
    if team is not None:
        from .team_publish import refuse_prize_options, team_page
        refuse_prize_options(source, [f for f, on in (("--places", places), ("--category-prize", category_prizes),
                                                      ("--ties", ties), ("--order", order), ("--age", age),
                                                      ("--unit", unit)) if on])
        return deliver(team_page(source, team[0], team[1]), output, force)
    named, book_age = book_categories(book)  # a workbook's Categories and Prizes sheets, as standings and prizes
    sheet = None if places and category_prizes else book_prizes(book)  # what no option replaces
    table, book_ties, book_order, book_unit, book_age = sheet or (None, "tiebreak", "value", "0.01", book_age)
    extras = extras_from_texts(list(categories), places or "", list(category_prizes), ties=ties or book_ties,
                               order=order or book_order, age=age or book_age or "year", unit=unit or book_unit,
                               named=named, table=table)
    t, settings = load_input(source, choices, book)
    if book is not None:  # the Event sheet's records: the page's details, as export-trf reads them
        from dataclasses import replace
        from ..excel.ranges.event_sheet import read_event
        t = replace(t, header=tuple(read_event(book) or ()))
    result = compute_result(choices, t, settings)
    rate = settings.rate() if settings is not None else None  # the cards' rate of play, as card reads it
    got = deliver(build_page(result, extras, Path(source).name, how_to_set(source), rate), output, force)
    note_stale(book)
    return got


def run_publish(args: argparse.Namespace) -> tuple[str, int]:
    """``publish`` on the command line: :func:`publish`."""
    return publish(args.input, args.output, EventChoices.of(args), force=args.force, categories=args.category,
                   places=args.places, category_prizes=args.category_prize, ties=args.ties, order=args.order,
                   unit=args.unit, age=args.age), 0
