"""``prizes`` on a team event (:mod:`.team`): the place prizes by the team standings
(:mod:`xl_tiebreak.team_prize_report`), ``--ties``, ``--order`` and ``--unit`` as for an
individual event; the category options refused (a team has no rating, age, sex or club)."""

from __future__ import annotations

import argparse
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError, TiebreakError
from ..output import emit
from .team import pab_json, pab_text, team_result

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_prizes(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """The team prize list: ``--places`` (a team workbook has no Prizes sheet), by the team standings."""
    from ..prizes import PrizeTable, parse_unit
    from ..team_prize_report import render_team_prizes, team_prize_list
    name = Path(args.input).name
    given = [f for f, on in (("--category-prize", args.category_prize), ("--age", args.age)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: category prizes are for individual events (a category reads a "
                            f"player's rating, age, sex, federation or club); {name} is a team event: give its place "
                            "prizes with --places 500,300,200")
    if not (args.places or "").strip():
        where = ("a team workbook has no Prizes sheet (its sheets are Matches, Teams, Standings and Settings)"
                 if Path(args.input).suffix.lower() in (".xlsx", ".xlsm") else "a team TRF states no prizes")
        raise InputError(f"prizes: no prize given; {where}: give the place prizes with --places 500,300,200")
    table = PrizeTable.parse(args.places)
    unit = parse_unit(args.unit) if args.unit is not None else Fraction(1, 100)
    result = team_result(args, event)
    got = team_prize_list(result, table, ties=args.ties or "tiebreak", order=args.order or "value", unit=unit)
    if args.format.startswith("csv"):
        import sys
        print(f"xl-tiebreak: note: {pab_text(event, result.pab)}", file=sys.stderr)
        for note in result.notes:
            print(f"xl-tiebreak: note: {note}", file=sys.stderr)
    return emit(args, render_team_prizes(event, result, got, args.format, args.input, pab=pab_text(event, result.pab),
                                         pab_document=pab_json(event, result.pab)))
