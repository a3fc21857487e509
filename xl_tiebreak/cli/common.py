"""What the individual commands share: the input read (a TRF file or a workbook, opened once), the
choices of the command line over a workbook's Settings, the result computed, a workbook's categories
and prizes, and the gate to the team commands (:func:`team_event`)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Union

from ..errors import TiebreakError
from ..options import Options, options_from_pairs
from .choices import EventChoices

if TYPE_CHECKING:  # the commands import what they use when they run: a quick start
    from ..engine import Result
    from ..excel.ranges.book_reader import Book, BookSettings
    from ..model import Tournament
    from ..teams import TeamEvent

#: a command's choices: as values, or (the commands not yet given a library function) the parsed options
Choices = Union[EventChoices, argparse.Namespace]


def open_input(path: str) -> Optional[Book]:
    """The workbook a command reads (.xlsx/.xlsm), opened once: the crosstable or the team tables,
    the Settings, the categories, the prizes, the What if sheet and the staleness check all read
    this one copy, each sheet parsed once; None for a TRF file."""
    if Path(path).suffix.lower() not in (".xlsx", ".xlsm"):
        return None
    from ..excel.ranges.book_reader import open_book
    return open_book(path)


def load_input(path: str, choices: Optional[Choices] = None, book: Optional[Book] = None):
    """A TRF file, or a workbook (.xlsx/.xlsm) with its Settings; returns (tournament, settings).
    ``choices``: the command's (:class:`.choices.EventChoices`; its tie-breaks replace record 202,
    its encoding reads the TRF); ``book``: the workbook, when the command opened it already
    (:func:`open_input`). Errors stop; warnings are printed on standard error (not the one saying
    which edition is assumed for want of a date, when ``rules`` chose one)."""
    from ..input_file import check_input_file
    check_input_file(path)
    c = EventChoices() if choices is None else EventChoices.of(choices)
    p = Path(path)
    from ..trf import read_trf
    from ..validation import Findings
    fd = Findings(strict=True)
    got: tuple[Tournament, Optional[BookSettings]]
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        from ..excel.ranges.book_reader import read_workbook
        got = read_workbook(p if book is None else book, findings=fd)
    else:
        given = bool((c.tiebreaks or "").strip())  # --tiebreaks replaces record 202
        got = (read_trf(p, findings=fd, encoding=c.encoding, check_list=not given), None)
    chosen = bool(c.rules)
    for w in fd.warnings:
        if not (chosen and w.rule == "edition" and "is assumed" in w.message):
            print(f"xl-tiebreak: {w}", file=sys.stderr)
    return got


def options_of(choices: Choices, base: Optional[Options] = None) -> Optional[Options]:
    """Options from ``--set NAME=VALUE`` (and ``--unrated``) over ``base`` (a workbook's Settings);
    unknown names and values are errors."""
    c = EventChoices.of(choices)
    pairs: list[tuple[str, object]] = []
    for item in c.sets:
        name, eq, value = item.partition("=")
        if not eq:
            raise TiebreakError(f"--set {item!r}: write NAME=VALUE")
        pairs.append((name, value))
    if c.unrated is not None:
        pairs.append(("unrated_rating", c.unrated))
    try:
        return options_from_pairs(pairs, where="--set", base=base)
    except ValueError as exc:
        raise TiebreakError(str(exc)) from None


def chosen_settings(choices: Choices, book) -> tuple[Optional[str], Optional[str], Optional[Options]]:
    """The tie-break list, event type and options: the command line's, else those of a workbook's
    Settings sheet (``book``), else ``None`` (the engine's defaults)."""
    c = EventChoices.of(choices)
    tiebreaks = c.tiebreaks or (",".join(book.tiebreaks) if book is not None and book.tiebreaks else None)
    kind = c.kind or (book.kind if book is not None else None) or None
    return tiebreaks, kind, options_of(c, base=book.options if book is not None else None)


def chosen_edition(choices: Choices, book) -> Optional[str]:
    """The edition: ``--rules``, else a workbook's Settings, else ``None`` (by the start date). An
    empty ``--rules ""`` is no choice, in every command."""
    return EventChoices.of(choices).rules or (book.edition if book is not None else None) or None


def chosen_live(choices: Choices, book) -> bool:
    """Live standings: ``--live``, else a workbook's Settings (Live standings)."""
    return bool(EventChoices.of(choices).live or (book is not None and book.live))


def compute_result(choices: Choices, t, book) -> Result:
    """The engine's result over ``t`` with the choices, a workbook's Settings (``book``) filling
    those not made."""
    from ..engine import compute
    c = EventChoices.of(choices)
    tiebreaks, kind, options = chosen_settings(c, book)
    return compute(t, tiebreaks, edition=chosen_edition(c, book), rounds=c.rounds, kind=kind, options=options,
                   live=chosen_live(c, book))


def team_event(source: str, choices: EventChoices, book: Optional[Book] = None, *,
               category: bool = False) -> Optional[tuple[TeamEvent, EventChoices]]:
    """The team event of a team TRF or team workbook (``book``: the workbook opened, see
    :func:`open_input`) and the choices it is computed with (a team workbook's Settings edition
    where none is chosen), the options of individual events refused (:mod:`.team`; ``category``:
    whether ``--category`` was given); ``None`` for any other input, which goes the individual
    way (``--team-pab`` and ``--team-primary`` refused)."""
    from .team import load_team_event, refuse_individual_options
    got = load_team_event(source, choices, book)
    if got is None:
        given = [f for f, on in (("--team-pab", choices.team_pab), ("--team-primary", choices.team_primary)) if on]
        if given:
            raise TiebreakError(f"{', '.join(given)}: for a team event; {Path(source).name} is not a team TRF")
        return None
    refuse_individual_options(source, got[1], category=category)
    return got


def book_categories(book: Optional[Book]) -> tuple[list, Optional[str]]:
    """A workbook's named categories and age basis (its Categories sheet), or none (``book``
    None: a TRF file)."""
    if book is None:
        return [], None
    from ..errors import InputError
    from ..excel.workbook.prize_book import workbook_categories
    try:
        got = workbook_categories(book)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None
    return (got[0], got[1]) if got else ([], None)


def book_prizes(book: Optional[Book]):
    """A workbook's prize table and rules (its PRIZES formula: table, ties, order, unit, age basis),
    or None for a TRF file (``book`` None) or a workbook without one."""
    if book is None:
        return None
    from ..errors import InputError
    from ..excel.workbook.prize_book import workbook_prize_setup
    try:
        got = workbook_prize_setup(book)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None
    if got is None:
        return None
    setup, age, _where = got
    return setup.table, setup.ties, setup.order, setup.unit, age


def value_columns(result: Result) -> list[tuple[str, int]]:
    return list(zip(result.codes, result.decimals))


def how_to_set(source: str) -> str:
    """How to set a rating for unrated players, in a note on ``source``: a workbook's Settings cell,
    or the command line's ways for a TRF file (which has no such cell)."""
    from ..rating_notes import HOW_TO_SET
    if not str(source).lower().endswith((".xlsx", ".xlsm")):
        return HOW_TO_SET
    from ..excel.ranges.book_reader import UNRATED_ROW
    return (f"set one in Settings!B{UNRATED_ROW} (Rating for unrated players), with --unrated RATING or with a "
            "descriptor such as ARO/U1000")
