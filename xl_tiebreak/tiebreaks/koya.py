"""KS, the Koya system (C.07 Art. 9.2) with the limit modifier of Art. 14.5."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional

import numpy as np

from .breakdown import Breakdown, Fact, Layout, mark, num, summed
from .context import Context
from .spec import Spec
from .reasons import Reason as R



def koya_limit(ctx: Context, limit: Optional[tuple[str, int]] = None) -> Fraction:
    """The score an opponent needs to count: half the maximum possible score (Art. 9.2).

    The maximum is the win value times the games a player can play (TIEBREAK_RULES §5.10): the
    rounds evaluated; in a round robin less the rounds each player sits out (one per cycle when
    the number of entrants divides the rounds, i.e. an odd field) and less one for each entrant
    who was never paired. ``/Lx`` moves the limit by x half points; ``/Lp`` (no sign) sets it to
    p % of the maximum.
    """
    games = ctx.n
    if ctx.rr and ctx.size:
        if ctx.n % ctx.size == 0:
            games -= ctx.n // ctx.size
        games -= int((~ctx.has_opp.any(axis=1)).sum())
    maximum = Fraction(ctx.W, ctx.scale) * games
    if limit is None:
        return maximum / 2
    kind, v = limit
    if kind == "percent":
        return maximum * Fraction(v, 100)
    return maximum / 2 + Fraction(v, 2)


def koya_breakdown(ctx: Context, limit: Optional[tuple[str, int]] = None, account: bool = False) -> Breakdown:
    """KS: points scored against opponents whose final score reaches the limit (Art. 9.2).

    Opponents' raw scores; forfeits count as games (Art. 15.2).
    """
    lim = koya_limit(ctx, limit)
    strong = ctx.has_opp & (ctx.score[ctx.opp0] >= math.ceil(lim * ctx.scale))  # scores are whole units
    parts = np.where(strong, ctx.pts, 0)
    if not account:
        return summed(parts, ctx.scale)
    has = ctx.has_opp
    reasons = mark(parts.shape, (strong, R.REACHES_KOYA_LIMIT), (has & ~strong, R.BELOW_KOYA_LIMIT),
                   (~has, R.NO_OPPONENT))
    facts = {"met": Fact(has), "opp_score": Fact(ctx.score[ctx.opp0], ctx.scale, has),
             "limit": Fact(lim, 1, decimals=1)}
    layout = Layout((("Rd", "rd"), ("Opponent", "who"), ("Opponent's score", "opp_score"), ("Result", "result"),
                     ("Counted", "parts")), (f"limit: {num(lim, 1)} points, half the maximum score (C.07 Art. 9.2)",),
                    skip_zero=True, decimals=1, value_decimals=1)
    return summed(parts, ctx.scale, reasons=reasons, facts=facts, ctx=ctx, layout=layout)


ROWS = (
    Spec("KS", "Koya system, C.07 Art. 9.2", "C.07 Art. 9.2",
         lambda ev, tb, _, account: koya_breakdown(ev.ctx, tb.limit, account), "L", excel=(("KOYA", "KS"),), reach=1),
)
