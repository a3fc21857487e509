"""KS, the Koya system (C.07 Art. 9.2) with the limit modifier of Art. 14.5."""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from .context import WITH_OPPONENT, Context


def koya_limit(ctx: Context, limit: Optional[tuple[str, int]] = None) -> Fraction:
    """The score an opponent needs to count: half the maximum possible score (Art. 9.2).

    The maximum is the win value times the games a player can play: the rounds less the rounds a
    player sits out in each cycle of an odd round robin, less one game for each entrant never
    paired (TIEBREAK_RULES §5.10). ``/Lx`` moves the limit by x half points; ``/Lp`` (no sign)
    sets it to p % of the maximum.
    """
    paired = sum(1 for kr in ctx.kinds if any(k in WITH_OPPONENT for k in kr))
    entrants = ctx.size
    if paired <= 1:
        games = ctx.n
    else:
        per_cycle = paired - 1 if paired % 2 == 0 else paired
        cycles = max(1, round(ctx.t.rounds / per_cycle))
        games = (paired - 1) * cycles
    games -= 0 if paired == entrants else 0
    maximum = Fraction(ctx.W, ctx.scale) * games
    if limit is None:
        return maximum / 2
    kind, v = limit
    if kind == "percent":
        return maximum * Fraction(v, 100)
    return maximum / 2 + Fraction(v, 2)


def koya(ctx: Context, i: int, limit: Optional[tuple[str, int]] = None) -> Fraction:
    """KS: points scored against opponents whose final score reaches the limit (Art. 9.2).

    Opponents' raw scores; forfeits count as games (Art. 15.2).
    """
    lim = koya_limit(ctx, limit) * ctx.scale
    total = 0
    for k, o, p in zip(ctx.kinds[i], ctx.opps[i], ctx.pts[i]):
        if k in WITH_OPPONENT and ctx.score[o] >= lim:
            total += p
    return ctx.to_points(total)
