"""``explain``: how one value is reached, step by step (:mod:`xl_tiebreak.explanation`). A team event
goes to :mod:`.team_explain`. :func:`explain` is the command as a library function; :func:`run_explain`
turns the parsed options into it."""

from __future__ import annotations

import argparse
import os

from .choices import TEXT_FORMATS, EventChoices, StrPath, check_format
from .common import (chosen_edition, chosen_live, chosen_settings, how_to_set, load_input, open_input,
                     team_event)


def explain(source: StrPath, player: int, tiebreak: str, choices: EventChoices = EventChoices(), *,
            fmt: str = "text") -> str:
    """``explain``: the account of player ``player``'s value of ``tiebreak`` (a team event: team
    ``player``'s), as ``fmt`` (text: lines to read; json: the same steps as data). ``choices.tiebreaks``:
    the list the value is ranked in, where the code's account depends on it."""
    check_format(fmt, TEXT_FORMATS)
    source = os.fspath(source)
    opened = open_input(source)
    team = team_event(source, choices, opened)  # a team TRF or team workbook: the team command
    if team is not None:
        from .team_explain import team_explain
        return team_explain(source, team[0], player, tiebreak, team[1], fmt)
    from ..explanation import explain as account, render_text
    t, book = load_input(source, choices, opened)
    tiebreaks, kind, options = chosen_settings(choices, book)
    edition = chosen_edition(choices, book)
    e = account(t, player, tiebreak, edition, rounds=choices.rounds, kind=kind, tiebreaks=tiebreaks,
                options=options, live=chosen_live(choices, book), how=how_to_set(source))
    if fmt == "json":
        import json  # here, not at the top: the other commands start without it
        return json.dumps(e.as_dict(), ensure_ascii=False, indent=1) + "\n"
    return render_text(e)


def run_explain(args: argparse.Namespace) -> tuple[str, int]:
    """``explain`` on the command line: :func:`explain`."""
    return explain(args.input, args.player, args.tiebreak, EventChoices.of(args), fmt=args.format), 0
