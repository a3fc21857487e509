"""``whatif`` on a team event (:mod:`.team`): which teams can still finish in the prize places
before a round's results (:mod:`xl_tiebreak.team_whatif`), each match's results and what they do;
``--before R`` looks back. A team workbook's round in progress is not read as pairings yet (its
reader keeps the round out of the event), so on a team workbook only ``--before`` looks (back) at
a round."""

from __future__ import annotations

import argparse
import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import InputError
from ..output import emit
from .team import pab_text, team_choices

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_whatif(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """Who can still finish where, over the remaining matches of the round (``--round``, default
    the round in progress; ``--before R``: as it stood before round R's results)."""
    from ..team_whatif import pending_matches, played_results, team_before_results, team_what_if
    from ..team_whatif_report import render_team_whatif
    from ..whatif import DEFAULT_MAX_BOARDS
    played = event
    if args.before is not None:
        if args.round is not None and args.round != args.before:
            raise InputError(f"--round {args.round} and --before {args.before}: give one round")
        args.round = args.before
        event = team_before_results(event, args.before)
    elif Path(args.input).suffix.lower() in (".xlsx", ".xlsm"):
        raise InputError("whatif does not read a team workbook's round in progress as pairings yet: on a team "
                         "workbook, --before R looks back at a round; for the round in progress, give a team TRF with "
                         "the round paired and its results blank", Path(args.input).name)
    codes = args.tiebreaks or (",".join(event.tournament.tiebreaks) if event.tournament.tiebreaks else None)
    choices = team_choices(args)
    got = team_what_if(event, codes, rnd=args.round, places=3 if args.places is None else args.places,
                       edition=args.rules or None,
                       max_boards=DEFAULT_MAX_BOARDS if args.max_boards is None else args.max_boards,
                       ede_knockout=choices["ede_knockout"], ede_subset=choices["ede_subset"])
    if played is not event:
        got = dataclasses.replace(got, played=played_results(played, got.round, pending_matches(event, got.round)[1]))
    if args.format.startswith("csv"):
        import sys
        print(f"xl-tiebreak: note: {pab_text(event, event.pab)}", file=sys.stderr)
    return emit(args, render_team_whatif(got, args.format, event.name or args.input, pab_text(event, event.pab)))
