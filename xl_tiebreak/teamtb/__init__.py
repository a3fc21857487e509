"""Team tie-breaks (FIDE C.07 team articles; TIEBREAK_RULES §5.17, §9.4) over a
:class:`~xl_tiebreak.teams.TeamEvent`: rows of team scope of the one registry, Art. 16 applied
per match, under the 2024 and 2026 editions.

>>> from xl_tiebreak.teamtb import compute_team, explain_team, DEFAULT_TEAM_LIST
"""

from .engine import DEFAULT_TEAM_LIST, TeamResult, TeamRow, compute_team, explain_team, team_context
from .registry import parse_team, parse_team_list, team_rows, team_spec

__all__ = ["compute_team", "explain_team", "TeamResult", "TeamRow", "DEFAULT_TEAM_LIST", "team_context",
           "parse_team", "parse_team_list", "team_rows", "team_spec"]
