"""Score-strength combination ``SSSC`` (C.07 team tie-breaks; TIEBREAK_RULES §5.17): the secondary
score + BH of the primary score ÷ a normaliser.

The normaliser is the highest primary score achievable (in the rounds counted) ÷ the highest
secondary score achievable in one match, truncated to an integer: with MP primary
``floor(TW × rounds ÷ (boards × win))``, with GP primary ``floor(boards × win × rounds ÷ TW)``;
``/Kx`` sets it to x. A normaliser that truncates to 0 (fewer possible primary points than one
match's secondary ones, e.g. after one round of four boards) divides nothing: the value is
undefined and the account says why (FIDE's reference engine divides by zero there). ``/P``:
the BH counts forfeited matches as played. The value is exact (the reference engine prints it
rounded to 2 decimals).
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Optional, Sequence

from .context import Column
from .spec import Spec, TeamEvaluation, team_row
from .team_buchholz import buchholz, buchholz_lines
from .team_context import TeamContext, context_of, show

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["ROWS", "normaliser"]


def normaliser(ctx: TeamContext, tb: TieBreak) -> tuple[int, str]:
    """The divisor of BH and how it was found."""
    if tb.k is not None:
        return tb.k, f"/K{tb.k}"
    p, s = ctx.primary, ctx.secondary
    top = ctx.win(p) * ctx.rounds
    per_match = ctx.win(s)
    n = int(top / per_match) if per_match else 0
    return n, (f"highest {p} in {ctx.rounds} round(s) {show(top)} ÷ highest {s} in one match {show(per_match)}"
               f" = {show(top / per_match) if per_match else 'undefined'}, truncated: {n}")


def _sssc(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    ctx = context_of(ev)
    n, _ = normaliser(ctx, tb)
    out: list[Optional[Fraction]] = []
    for t in ctx.teams:
        value: Optional[Fraction] = None
        if n > 0:
            value = ctx.score(t, ctx.secondary) + buchholz(ctx, t, ctx.primary, 0, 0, tb.forfeits_as_played) / n
        out.append(value)
    return Column.of(out)


def _sssc_account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    n, how = normaliser(ctx, tb)
    sec = ctx.score(team, ctx.secondary)
    bh = buchholz(ctx, team, ctx.primary, 0, 0, tb.forfeits_as_played)
    lines = [f"{tb.code} of team {team} ({ctx.name(team)}): {ctx.secondary} + BH({ctx.primary}) ÷ normaliser",
             f"  normaliser: {how}"]
    lines += buchholz_lines(ctx, team, ctx.primary, 0, 0, tb.forfeits_as_played,
                            f"  BH({ctx.primary}), {ctx.edition.name}:")
    if n <= 0:
        lines.append("  the normaliser is 0: nothing to divide by, the value is undefined")
    else:
        lines.append(f"  {show(sec)} + {show(bh)} / {n} = {show(sec + bh / n)}")
    return lines


ROWS: list[Spec] = [
    team_row("SSSC", "Secondary score + BH(primary) ÷ normaliser", "C.07 team tie-breaks (SSSC); "
             "TIEBREAK_RULES §5.17", _sssc, _sssc_account, modifiers="KPR", decimals=2),
]
