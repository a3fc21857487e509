"""``explain`` on a team event (:mod:`.team`): one team's value of one code, step by step."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from .team import pab_json, pab_text, team_choices

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_explain(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """One team's value of one code, step by step (``--player``/``--team``: the team's number)."""
    from ..teamtb.engine import explain_team
    # the list the standings use (--tiebreaks, else the file's 202/212, else the default): a Type A
    # code is explained inside the group the standings rank it in
    choices = team_choices(args)
    lines = explain_team(event, args.tiebreak, args.player, edition=args.rules or None, rounds=args.rounds,
                         codes=getattr(args, "tiebreaks", None) or None, ede_knockout=choices["ede_knockout"],
                         ede_subset=choices["ede_subset"])
    pab = pab_text(event, event.pab)
    if args.format == "json":
        import json
        return json.dumps({"team": args.player, "tiebreak": args.tiebreak, "lines": lines,
                           "pab": pab_json(event, event.pab)}, ensure_ascii=False, indent=1) + "\n", 0
    return "\n".join(lines + [pab]) + "\n", 0
