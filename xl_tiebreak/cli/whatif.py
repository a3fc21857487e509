"""``whatif``: before a round's results, who can still finish in the prize places
(:mod:`xl_tiebreak.whatif`), with the workbook's What if sheet's settings where no option gives them."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ..output import emit as _emit
from .common import chosen_edition, chosen_settings, load_input, open_input

if TYPE_CHECKING:
    from ..excel.ranges.book_reader import Book


def run_whatif(args) -> tuple[str, int]:
    """``whatif``: who can still finish in the prize places (:mod:`xl_tiebreak.whatif`)."""
    from ..errors import InputError
    from ..whatif import DEFAULT_MAX_BOARDS, before_results, played_outcomes, what_if
    from ..whatif_report import render_whatif
    opened = open_input(args.input)
    t, book = load_input(args.input, args, opened)
    played = t
    if args.before is not None:
        if args.round is not None and args.round != args.before:
            raise InputError(f"--round {args.round} and --before {args.before}: give one round")
        args.round = args.before
        t = before_results(t, args.before)
    tiebreaks, kind, options = chosen_settings(args, book)
    places, boards = args.places, args.max_boards
    if opened is not None and (places is None or boards is None):  # as the workbook's What if sheet has them
        sheet = _book_whatif(opened, [n for n, v in (("places", places), ("max_boards", boards)) if v is not None])
        if sheet is not None and places is None and sheet[0] is not None:
            places = sheet[0]
            if places > len(t.players):  # named by its cell, as the sheet names it (no --places was given)
                raise InputError(f"{sheet[2]}: WHATIF: places {places}: expected a number of prize places from 1 to "
                                 f"{len(t.players)} (the players)", Path(args.input).name)
        boards = sheet[1] if sheet is not None and boards is None else boards
    got = what_if(t, tiebreaks, rnd=args.round, places=3 if places is None else places, edition=chosen_edition(args, book),
                  kind=kind, options=options, max_boards=DEFAULT_MAX_BOARDS if boards is None else boards)
    if played is not t:
        got = dataclasses.replace(got, played=played_outcomes(played, got.round, got.boards))
    return _emit(args, render_whatif(got, args.format, t.name or args.input))


def _book_whatif(book: Book, given: Sequence[str]) -> Optional[tuple[Optional[int], Optional[int], str, str]]:
    """A workbook's What if settings (its WHATIF formula: prize places, boards combined, and their
    cells), or None; ``given``: those an option replaces (their cells not read)."""
    from ..errors import InputError
    from ..excel.workbook.prize_book import workbook_whatif_setup
    try:
        return workbook_whatif_setup(book, given)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None
