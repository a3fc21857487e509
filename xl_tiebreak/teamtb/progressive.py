"""Team progressive scores ``PS`` (C.07 Art. 7.5; TIEBREAK_RULES §5.3): the sum of the team's
running score after each round, in MP or GP (``:MP``/``:GP``, default the primary score).
Unplayed rounds count their awarded points, with no Art. 16 adjustment; ``/Ck`` leaves out the
running scores of the first k rounds."""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from ..tiebreaks.spec import Spec, team_row
from .buchholz import score_kind
from .context import TeamContext, context_of, show
from .spec import TeamColumn, TeamEvaluation, TeamTieBreak

__all__ = ["ROWS", "running"]


def running(ctx: TeamContext, team: int, score: str) -> list[Fraction]:
    """The team's score after each round counted."""
    out, acc = [], Fraction(0)
    for r in ctx.by_team[team]:
        acc += r.points(score)
        out.append(acc)
    return out


def _ps(ev: TeamEvaluation, tb: TeamTieBreak, earlier: Sequence[TeamColumn]) -> TeamColumn:
    ctx = context_of(ev)
    s = score_kind(tb, ctx.primary)
    return {t: sum(running(ctx, t, s)[tb.cut:], Fraction(0)) for t in ctx.teams}


def _ps_account(ev: TeamEvaluation, tb: TeamTieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    s = score_kind(tb, ctx.primary)
    run = running(ctx, team, s)
    lines = [f"{tb.code} of team {team} ({ctx.name(team)}): the sum of its running {s} (C.07 Art. 7.5)"]
    for r, acc in zip(ctx.by_team[team], run):
        left = " (cut)" if r.round <= tb.cut else ""
        lines.append(f"  after round {r.round} ({r.kind}, {show(r.points(s))}): {show(acc)}{left}")
    lines.append(f"  sum {show(sum(run[tb.cut:], Fraction(0)))}")
    return lines


ROWS: list[Spec] = [
    team_row("PS", "Progressive scores (sum of the running MP or GP)", "C.07 Art. 7.5; TIEBREAK_RULES §5.3",
             _ps, _ps_account, modifiers="CR", qualifiers=("MP", "GP")),
]
