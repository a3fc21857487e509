"""KS, the Koya system (C.07 Art. 9.2) with the limit modifier of Art. 14.5."""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional

import numpy as np

from ..formatting import format_value
from ..reasons import Reason as R
from .breakdown import AccountLayout, Breakdown, Fact, mark, summed
from .context import Context
from .spec import Spec



def koya_limit(ctx: Context, limit: Optional[tuple[str, int]] = None, not_in: int = 0) -> Fraction:
    """The score an opponent needs to count: half the maximum possible score (Art. 9.2).

    The maximum is the win value times the games a player can play (TIEBREAK_RULES §5.10): the
    rounds evaluated; in a round robin less the rounds each player sits out (one per cycle when
    the number of entrants divides the rounds, i.e. an odd field) and less one for each entrant
    who was never paired; less ``not_in`` games not in yet (live standings: the opponent's score
    is over his games finished). ``/Lx`` moves the limit by x half points; ``/Lp`` (no sign) sets
    it to p % of the maximum.
    """
    games = ctx.n - not_in
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

    Opponents' raw scores; forfeits count as games (Art. 15.2). Live standings: an opponent whose
    game is not in yet is measured against the maximum of his games finished.
    """
    lim = koya_limit(ctx, limit)
    waiting = ctx.not_in.any(axis=1)
    less = koya_limit(ctx, limit, 1) if waiting.any() else lim
    need = np.where(waiting, math.ceil(less * ctx.scale), math.ceil(lim * ctx.scale))  # scores are whole units
    strong = ctx.has_opp & (ctx.score[ctx.opp0] >= need[ctx.opp0])
    parts = np.where(strong, ctx.pts, 0)
    if not account:
        return summed(parts, ctx.scale)
    has = ctx.has_opp
    reasons = mark(parts.shape, (strong, R.REACHES_KOYA_LIMIT), (has & ~strong, R.BELOW_KOYA_LIMIT),
                   (~has, R.NO_OPPONENT))
    den = math.lcm(lim.denominator, less.denominator)
    limits = np.where(waiting, less.numerator * (den // less.denominator), lim.numerator * (den // lim.denominator))
    facts = {"met": Fact(has), "opp_score": Fact(ctx.score[ctx.opp0], ctx.scale, has),
             "limit": Fact(limits, den, decimals=1)}  # the opponent's (read at the opponent)
    note = f"limit: {format_value(lim, 1)} points, half the maximum score (C.07 Art. 9.2)"
    if less != lim:
        note += f"; {format_value(less, 1)} for an opponent whose game of the round in progress is not in yet"
    layout = AccountLayout((("Rd", "rd"), ("Opponent", "who"), ("Opponent's score", "opp_score"), ("Result", "result"),
                            ("Counted", "parts")), (note,), skip_zero=True, decimals=1, value_decimals=1)
    return summed(parts, ctx.scale, reasons=reasons, facts=facts, ctx=ctx, layout=layout)


ROWS = (
    Spec("KS", "Koya system, C.07 Art. 9.2", "C.07 Art. 9.2",
         lambda ev, tb, _, account: koya_breakdown(ev.ctx, tb.limit, account), "L", excel=(("KOYA", "KS"),), reach=1),
)
