"""The team scope of the one registry (:mod:`xl_tiebreak.tiebreaks.registry`) and of the one
grammar (:mod:`xl_tiebreak.descriptor`, TIEBREAK_RULES §9.4): the names the team engine and the
team faces look their codes up by.

>>> parse_team("bh:gp/c1").code, parse_team("MPvGP").name, team_spec("EMGSB").modifiers
('BH:GP/C1', 'MPvGP', 'CMPR')
"""

from __future__ import annotations

from ..descriptor import TeamCodes, parse_team, parse_team_list, team_spec
from ..tiebreaks import registry
from ..tiebreaks.spec import Spec

__all__ = ["team_rows", "team_spec", "parse_team", "parse_team_list", "TeamCodes"]


def team_rows() -> dict[str, Spec]:
    """Every row of team scope by its name as C.07 spells it (``MPvGP``), in its families' order."""
    return registry.rows("team")
