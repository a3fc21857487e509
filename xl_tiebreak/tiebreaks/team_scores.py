"""The team scores as tie-breaks (C.07 team articles; TIEBREAK_RULES §5.17, §9.4): ``MPTS`` (match
points), ``GPTS`` (game points), ``PTS`` (the primary score, record 192) and ``MPvGP`` (the
secondary score: game points when match points are primary, and the reverse).

Scores are the awarded ones over the rounds counted, unplayed rounds at face value (Art. 16
changes only what other teams see, not a team's own score).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .context import Column
from .spec import Spec, TeamEvaluation, team_row
from .team_context import context_of, show

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["ROWS", "score_of"]


def score_of(tb: TieBreak, primary: str) -> str:
    """Which score (``"MP"``/``"GP"``) a score code gives."""
    if tb.name == "MPTS":
        return "MP"
    if tb.name == "GPTS":
        return "GP"
    if tb.name == "PTS":
        return primary
    return "GP" if primary == "MP" else "MP"  # MPvGP: the secondary score


def _compute(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    ctx = context_of(ev)
    s = score_of(tb, ctx.primary)
    return Column.of([ctx.score(t, s) for t in ctx.teams])


def _account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    s = score_of(tb, ctx.primary)
    lines = [f"{tb.code} of team {team} ({ctx.name(team)}): its {s}, awarded points of every round "
             f"(primary score {ctx.primary})"]
    for r in ctx.by_team[team]:
        opp = f" against team {r.opponent}" if r.opponent is not None else ""
        lines.append(f"  round {r.round}: {r.kind}{opp}: {show(r.points(s))} {s}")
    lines.append(f"  total {show(ctx.score(team, s))}")
    return lines


ROWS: list[Spec] = [
    team_row("PTS", "Primary score (MP or GP, record 192)", "C.07 Art. 2, team events; TIEBREAK_RULES §5.17",
             _compute, _account, aliases=("PRIMARY",)),
    team_row("MPTS", "Match points", "C.07 team events; TIEBREAK_RULES §5.17", _compute, _account,
             aliases=("MP",)),
    team_row("GPTS", "Game points", "C.07 team events; TIEBREAK_RULES §5.17", _compute, _account,
             aliases=("GP",)),
    team_row("MPvGP", "Secondary score (GP when MP are primary, else MP)", "C.07 team tie-breaks (MPvGP); "
             "TIEBREAK_RULES §5.17", _compute, _account, aliases=("SECONDARY", "GPVMP")),
]
