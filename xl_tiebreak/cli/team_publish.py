"""``publish`` on a team event (:mod:`.team`): the team page (:mod:`xl_tiebreak.publish.team_page`),
each value's account as ``explain`` prints it; the prize options refused (a team page has none)."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Sequence

from ..errors import TiebreakError
from .choices import EventChoices
from .team import pab_text, team_result
from .team_explain import team_explain

if TYPE_CHECKING:
    from ..teams import TeamEvent


def refuse_prize_options(source: str, given: Sequence[str]) -> None:
    """The prize options (``given``: the flags of those given) refused: a team page has no
    categories or prizes."""
    if given:
        raise TiebreakError(f"{', '.join(given)}: categories and prizes are for individual events; "
                            f"{Path(source).name} is a team event (its page has no categories or prizes)")


def team_page(source: str, event: "TeamEvent", choices: EventChoices) -> str:
    """The team event's page (HTML): the standings, each value's account, the matches."""
    from ..publish.team_page import build_team_page
    result = team_result(source, choices, event)

    def account(no: int, code: str) -> str:
        return team_explain(source, event, no, code, choices, "text").rstrip("\n")
    return build_team_page(event, result, Path(source).name, notes=[pab_text(event, result.pab)], account=account)
