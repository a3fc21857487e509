"""Team progressive scores ``PS`` (C.07 Art. 7.5; TIEBREAK_RULES §5.3): the sum of the team's
running score after each round, in MP or GP (``:MP``/``:GP``, default the primary score).
Unplayed rounds count their awarded points, with no Art. 16 adjustment; ``/Ck`` leaves out the
running scores of the first k rounds."""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from .breakdown import Breakdown
from .counts import progressive_breakdown
from .context import Column
from .spec import Spec, TeamEvaluation, team_row
from .team_buchholz import score_kind
from .team_context import TeamContext, context_of, show

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["ROWS"]


def _breakdown(ctx: TeamContext, tb: TieBreak, account: bool = False) -> Breakdown:
    """The players' PS (:func:`~xl_tiebreak.tiebreaks.counts.progressive_breakdown`) over the team
    arrays of the score ``tb`` names."""
    return progressive_breakdown(ctx.channel(score_kind(tb, ctx.primary)), tb.cut, account)


def _ps(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    return _breakdown(context_of(ev), tb).column


def _ps_account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    s = score_kind(tb, ctx.primary)
    bd = _breakdown(ctx, tb, account=True)
    i = ctx.teams.index(team)
    running = bd.facts["running"]
    lines = [f"{tb.code} of team {team} ({ctx.name(team)}): the sum of its running {s} (C.07 Art. 7.5)"]
    for k, r in enumerate(ctx.by_team[team]):
        left = " (cut)" if r.round <= tb.cut else ""
        lines.append(f"  after round {r.round} ({r.kind}, {show(r.points(s))}): "
                     f"{show(Fraction(int(running.num[i, k]), running.den))}{left}")
    lines.append(f"  sum {show(bd.column.value(i))}")
    return lines


ROWS: list[Spec] = [
    team_row("PS", "Progressive scores (sum of the running MP or GP)", "C.07 Art. 7.5; TIEBREAK_RULES §5.3",
             _ps, _ps_account, modifiers="CR", qualifiers=("MP", "GP")),
]
