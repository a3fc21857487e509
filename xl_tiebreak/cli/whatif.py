"""``whatif``: before a round's results, who can still finish in the prize places
(:mod:`xl_tiebreak.whatif`), with the workbook's What if sheet's settings where no option gives them.
A team event goes to :mod:`.team_whatif`. :func:`whatif` is the command as a library function;
:func:`run_whatif` turns the parsed options into it."""

from __future__ import annotations

import argparse
import dataclasses
import os
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ..output import check_paths, deliver
from .choices import EventChoices, StrPath, check_format
from .common import chosen_edition, chosen_settings, load_input, open_input, team_event

if TYPE_CHECKING:
    from ..excel.ranges.book_reader import Book


def whatif(source: StrPath, choices: EventChoices = EventChoices(), *, rnd: Optional[int] = None,
           before: Optional[int] = None, places: Optional[int] = None, max_boards: Optional[int] = None,
           fmt: str = "table", output: Optional[StrPath] = None, force: bool = False) -> str:
    """``whatif``: who can still finish in the first ``places`` places (default: the workbook's What
    if sheet, else 3, or every player when there are fewer) before round ``rnd``'s results (default:
    the round in progress), each board's outcomes and what they do, exact up to ``max_boards``
    boards still to play; ``before``: look back at round ``before`` as it stood before its results;
    a team event: over its matches
    (:mod:`.team_whatif`). The text as ``fmt``, or with ``output`` the file written (replaced only
    with ``force``; never the input) and a line saying so."""
    from ..errors import InputError
    from ..whatif import DEFAULT_MAX_BOARDS, before_results, played_outcomes, what_if
    from ..whatif_report import render_whatif
    check_format(fmt)
    if choices.rounds is not None or choices.live:  # (the command line has neither option here)
        raise InputError("whatif looks at the round given by rnd/--round or before/--before: choices.rounds and "
                         "choices.live are not taken")
    source = os.fspath(source)
    check_paths(source, output, force)
    if before is not None:
        if rnd is not None and rnd != before:
            raise InputError(f"--round {rnd} and --before {before}: give one round")
        rnd = before
    opened = open_input(source)
    team = team_event(source, choices, opened)  # a team TRF or team workbook: the teams' what-if
    if team is not None:
        from .team_whatif import team_whatif
        return deliver(team_whatif(source, team[0], team[1], rnd=rnd, before=before, places=places,
                                   max_boards=max_boards, fmt=fmt), output, force)
    t, book = load_input(source, choices, opened)
    played = t
    if before is not None:
        t = before_results(t, before)
    tiebreaks, kind, options = chosen_settings(choices, book)
    if opened is not None and (places is None or max_boards is None):  # as the workbook's What if sheet has them
        sheet = _book_whatif(opened, [n for n, v in (("places", places), ("max_boards", max_boards)) if v is not None])
        if sheet is not None and places is None and sheet[0] is not None:
            places = sheet[0]
            if places > len(t.players):  # named by its cell, as the sheet names it (no --places was given)
                raise InputError(f"{sheet[2]}: WHATIF: places {places}: expected a number of prize places from 1 to "
                                 f"{len(t.players)} (the players)", Path(source).name)
        max_boards = sheet[1] if sheet is not None and max_boards is None else max_boards
    got = what_if(t, tiebreaks, rnd=rnd, places=min(3, len(t.players)) if places is None else places,
                  edition=chosen_edition(choices, book), kind=kind, options=options,
                  max_boards=DEFAULT_MAX_BOARDS if max_boards is None else max_boards)
    if played is not t:
        got = dataclasses.replace(got, played=played_outcomes(played, got.round, got.boards))
    return deliver(render_whatif(got, fmt, t.name or source), output, force)


def run_whatif(args: argparse.Namespace) -> tuple[str, int]:
    """``whatif`` on the command line: :func:`whatif`."""
    return whatif(args.input, EventChoices.of(args), rnd=args.round, before=args.before, places=args.places,
                  max_boards=args.max_boards, fmt=args.format, output=args.output, force=args.force), 0


def _book_whatif(book: Book, given: Sequence[str]) -> Optional[tuple[Optional[int], Optional[int], str, str]]:
    """A workbook's What if settings (its WHATIF formula: prize places, boards combined, and their
    cells), or None; ``given``: those an option replaces (their cells not read)."""
    from ..errors import InputError
    from ..excel.workbook.prize_book import workbook_whatif_setup
    try:
        return workbook_whatif_setup(book, given)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None
