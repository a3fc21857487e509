"""``explain`` on a team event (:mod:`.team`): one team's value of one code, step by step."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .choices import EventChoices
from .team import pab_json, pab_text, team_choices

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_explain(source: str, event: "TeamEvent", team: int, tiebreak: str, choices: EventChoices,
                 fmt: str = "text") -> str:
    """Team ``team``'s value of ``tiebreak``, step by step (``--player``/``--team``: the team's
    number), as ``fmt`` (text or json)."""
    from ..team_engine import explain_team
    # the list the standings use (--tiebreaks, else the file's 202/212, else the default): a Type A
    # code is explained inside the group the standings rank it in
    keywords = team_choices(source, choices)
    lines = explain_team(event, tiebreak, team, edition=choices.rules or None, rounds=choices.rounds,
                         codes=choices.tiebreaks or None, ede_knockout=keywords["ede_knockout"],
                         ede_subset=keywords["ede_subset"])
    pab = pab_text(event, event.pab)
    if fmt == "json":
        import json
        return json.dumps({"team": team, "tiebreak": tiebreak, "lines": lines,
                           "pab": pab_json(event, event.pab)}, ensure_ascii=False, indent=1) + "\n"
    return "\n".join(lines + [pab]) + "\n"
