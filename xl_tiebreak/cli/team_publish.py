"""``publish`` on a team event (:mod:`.team`): the team page (:mod:`xl_tiebreak.publish.team_page`),
each value's account as ``explain`` prints it; the prize options refused (a team page has none)."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from ..errors import TiebreakError
from ..output import emit
from .team import pab_text, team_result
from .team_explain import team_explain

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_publish(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """The team event's page: the standings, each value's account, the matches."""
    from ..publish.team_page import build_team_page
    given = [f for f, on in (("--places", args.places), ("--category-prize", args.category_prize),
                             ("--ties", args.ties), ("--order", args.order), ("--age", args.age),
                             ("--unit", args.unit)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: categories and prizes are for individual events; "
                            f"{Path(args.input).name} is a team event (its page has no categories or prizes)")
    result = team_result(args, event)

    def account(no: int, code: str) -> str:
        return team_explain(argparse.Namespace(**{**vars(args), "tiebreak": code, "player": no, "format": "text"}),
                            event)[0].rstrip("\n")
    page = build_team_page(event, result, Path(args.input).name, notes=[pab_text(event, result.pab)], account=account)
    return emit(args, page)
