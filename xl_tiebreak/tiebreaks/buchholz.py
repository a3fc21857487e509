"""Buchholz family and Sonneborn-Berger: BH, FB, AOB, SB with cuts, medians and /P.

C.07 Art. 8.1 (BH), 8.2 (AOB), 8.3 (FB), 9.1 (SB), Art. 14 (cuts), Art. 16 (unplayed rounds),
Art. 15.2 (round robins); the 2012 virtual opponent of C.02 §13 for the ``fide2012`` edition.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional

from .context import FORFEITS, GAME, VUR_CODES, WITH_OPPONENT, Context

#: one element of the contribution list (TIEBREAK_RULES §4.4): (score, value, is_vur)
Element = tuple[int, int, bool]


def elements(ctx: Context, i: int, sb: bool, forfeits_as_games: bool) -> list[Element]:
    """The per-round contributions of player i (TIEBREAK_RULES §4.4).

    A game (or, with ``/P``, a forfeit) contributes the opponent's adjusted score; an own
    unplayed round contributes the dummy (Art. 16.4) or, under 2012, the virtual opponent.
    For SB the value is score x points obtained in that round.
    """
    kinds, opps, pts = ctx.kinds[i], ctx.opps[i], ctx.pts[i]
    adj = ctx.adj
    out: list[Element] = []
    if ctx.rr:
        # Art. 15.2: forfeits are regular games, opponents' raw final scores, no dummies.
        for r, k in enumerate(kinds):
            if k in WITH_OPPONENT:
                s = adj[opps[r]]
            else:
                s = ctx.dummy(i, r)
            out.append((s, s * pts[r] if sb else s, False))
        return out
    svon = ctx.edition.virtual_opponent
    for r, k in enumerate(kinds):
        if k == GAME or (forfeits_as_games and k in FORFEITS):
            s = adj[opps[r]]
            vur = False
        else:
            if svon:
                s = ctx.svon(i, r)
                vur = ctx.options.svon_cut_unplayed_first
            else:
                s = ctx.dummy(i, r)
                vur = k in VUR_CODES
        out.append((s, s * pts[r] if sb else s, vur))
    return out


def cut_sum(elems: list[Element], low: int, high: int, sb_pick_by_score: bool = False) -> int:
    """Sum of the values left after ``low`` least and ``high`` most significant elements are cut.

    Each low cut (C.07 Art. 16.5): let LS be the least significant element (lowest score, then
    lowest value) and V the VUR with the lowest contribution (lowest value, then score). Cut V
    when its value is not below LS's, otherwise LS. For BH this always cuts a VUR first. High cuts
    (medians) take the highest (score, value) and know no VUR rule. Counts are clamped to the
    number of elements, as gacrux does.
    """
    n = len(elems)
    low = min(low, n)
    high = min(high, n - low)
    if not low and not high:
        return sum(e[1] for e in elems)
    items = list(elems)
    for _ in range(low):
        ls = min(items, key=lambda e: (e[0], e[1]))
        vurs = [e for e in items if e[2]]
        cut = ls
        if vurs:
            key = (lambda e: (e[0], e[1])) if sb_pick_by_score else (lambda e: (e[1], e[0]))
            v = min(vurs, key=key)
            if v[1] >= ls[1]:
                cut = v
        items.remove(cut)
    for _ in range(high):
        items.remove(max(items, key=lambda e: (e[0], e[1])))
    return sum(e[1] for e in items)


def buchholz(ctx: Context, i: int, cut: int = 0, median: int = 0,
             forfeits_as_games: bool = False) -> Fraction:
    """BH of player i: sum of opponents' adjusted scores and own dummies, after cuts (Art. 8.1)."""
    low = cut or median
    return ctx.to_points(cut_sum(elements(ctx, i, False, forfeits_as_games), low, median))


def sonneborn_berger(ctx: Context, i: int, cut: int = 0, median: int = 0,
                     forfeits_as_games: bool = False) -> Fraction:
    """SB of player i: sum of score x points obtained per round, after cuts (Art. 9.1, 16.5)."""
    low = cut or median
    by_score = ctx.options.sb_vur_pick == "score"
    v = cut_sum(elements(ctx, i, True, forfeits_as_games), low, median, by_score)
    return Fraction(v, ctx.scale * ctx.scale)


def average_of_opponents(ctx: Context, i: int, values: list[Fraction],
                         forfeits_as_games: bool = False) -> Optional[Fraction]:
    """AOB: mean of the given values (opponents' BH or FB) over the games played (Art. 8.2).

    Each game counts once (a repeated opponent counts per game); byes and forfeits are left out.
    Undefined with no game. Rounded half-up to ``options.aob_decimals`` (gacrux: 2).
    """
    got = [values[o] for k, o in zip(ctx.kinds[i], ctx.opps[i])
           if k == GAME or (forfeits_as_games and k in FORFEITS) or (ctx.rr and k in FORFEITS)]
    if not got:
        return None
    mean = sum(got, Fraction(0)) / len(got)
    return round_half_up(mean, ctx.options.aob_decimals)


def round_half_up(x: Fraction, decimals: Optional[int]) -> Fraction:
    """Round an exact value half-up to ``decimals`` places (``None``: unchanged)."""
    if decimals is None:
        return x
    unit = 10 ** decimals
    scaled = abs(x) * unit
    whole = math.floor(scaled + Fraction(1, 2))
    return Fraction(whole if x >= 0 else -whole, unit)
