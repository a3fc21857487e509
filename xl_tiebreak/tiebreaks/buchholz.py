"""Buchholz family and Sonneborn-Berger: BH, FB, AOB, SB with cuts, medians and /P.

C.07 Art. 8.1 (BH), 8.2 (AOB), 8.3 (FB), 9.1 (SB), Art. 14 (cuts), Art. 16 (unplayed rounds),
Art. 15.2 (round robins); the 2012 virtual opponent of C.02 §13 for the ``fide2012`` edition.
Each function computes the column of every player at once.
"""

from __future__ import annotations

from dataclasses import replace
from math import lcm
from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np

from .context import Column, Context
from .registry import Evaluation, Spec, register

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

_BIG = np.int64(1) << 40


Elements = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def elements(ctx: Context, sb: bool, forfeits_as_games: bool) -> Elements:
    """The contribution list of every player (TIEBREAK_RULES §4.4): score, value, is-VUR and
    present arrays (players x rounds).

    A game (or, with ``/P``, a forfeit) contributes the opponent's adjusted score; an own
    unplayed round contributes the dummy (Art. 16.4) or, under 2012, the virtual opponent. In
    round robins (Art. 15.2) every round with an opponent is a game at the opponent's raw score,
    and a round without one (the sit-out round of an odd field) contributes nothing. For SB the
    value is the score times :func:`sb_factor` (the points obtained in that round).
    """
    if ctx.rr:
        game = ctx.has_opp
    elif forfeits_as_games:
        game = ctx.has_opp
    else:
        game = ctx.is_game
    own = ctx.svon if ctx.edition.virtual_opponent and not ctx.rr else ctx.dummy
    score = np.where(game, ctx.adj[ctx.opp0], own)
    present = game if ctx.rr else np.ones_like(game)
    if ctx.rr:
        score = np.where(present, score, 0)
        vur = np.zeros_like(game)
    elif ctx.edition.virtual_opponent:
        vur = ~game if ctx.options.svon_cut_unplayed_first else np.zeros_like(game)
    else:
        vur = ~game & ctx.is_vur
    value = score * sb_factor(ctx, game) if sb else score
    return score, value, vur, present


def sb_factor(ctx: Context, game: np.ndarray) -> np.ndarray:
    """What SB multiplies each round's score by (C.07 Art. 9.1): the points obtained. Under the
    2012 rule an own unplayed round counts its awarded result "as a normal result" against the
    virtual opponent (C.02 §13); with ``svon_sb_unplayed="draw"`` it counts as a draw whatever was
    awarded, so it adds half the virtual opponent's score (Swiss-Manager, RULES_NOTES §3.7)."""
    if sb_unplayed_as_draw(ctx):
        return np.where(game, ctx.pts, ctx.D)
    return ctx.pts


def sb_unplayed_as_draw(ctx: Context) -> bool:
    """Whether own unplayed rounds count as draws against the virtual opponent in SB (2012 only)."""
    return ctx.edition.virtual_opponent and not ctx.rr and ctx.options.svon_sb_unplayed == "draw"


KEPT, CUT_VUR, CUT_LOW, CUT_HIGH, ABSENT = 0, 1, 2, 3, -1


def cut_sum(elems: Elements, low: int, high: int, pick_vur_by_score: bool = False) -> np.ndarray:
    """Sum of the values left after ``low`` least and ``high`` most significant elements are cut
    (see :func:`cut_marks`)."""
    return cut_marks(elems, low, high, pick_vur_by_score)[0]


def cut_marks(elems: Elements, low: int, high: int, pick_vur_by_score: bool = False
              ) -> tuple[np.ndarray, np.ndarray]:
    """The sum of the values left after the cuts, and what happened to each element: KEPT,
    CUT_VUR (a VUR cut first, Art. 16.5), CUT_LOW (the least significant), CUT_HIGH (a median's
    highest) or ABSENT (no element: a round robin's sit-out round).

    Each low cut (C.07 Art. 16.5): LS is the least significant element (lowest score, then lowest
    value) and V the VUR with the lowest contribution (lowest value, then score). V is cut when
    its value is not below LS's, otherwise LS; for BH this always cuts a VUR first, for SB a VUR
    worth 0 stays and LS goes. High cuts (medians) take the highest (score, value) and know no
    VUR rule. A player with fewer elements than cuts keeps nothing, as gacrux does.
    """
    score, value, vur, present = elems
    total = np.where(present, value, 0).sum(axis=1)
    marks = np.where(present, KEPT, ABSENT).astype(np.int8)
    n = score.shape[1]
    low = min(low, n)
    high = min(high, n - low)
    if (not low and not high) or n == 0:
        return total, marks
    rows = np.arange(score.shape[0])
    alive = present.copy()
    ls_key = score * _BIG + value
    v_key = (score * _BIG + value) if pick_vur_by_score else (value * _BIG + score)
    inf = np.iinfo(np.int64).max
    for _ in range(low):
        ls = np.argmin(np.where(alive, ls_key, inf), axis=1)
        vk = np.where(alive & vur, v_key, inf)
        v = np.argmin(vk, axis=1)
        has_v = vk[rows, v] != inf
        take_v = has_v & (value[rows, v] >= value[rows, ls])
        cut = np.where(take_v, v, ls)
        some = alive.any(axis=1)
        total = total - np.where(some, value[rows, cut], 0)
        alive[rows[some], cut[some]] = False
        marks[rows[some], cut[some]] = np.where(vur[rows, cut], CUT_VUR, CUT_LOW)[some]
    for _ in range(high):
        hi = np.argmax(np.where(alive, ls_key, -inf), axis=1)
        some = alive.any(axis=1)
        total = total - np.where(some, value[rows, hi], 0)
        alive[rows[some], hi[some]] = False
        marks[rows[some], hi[some]] = CUT_HIGH
    return total, marks


def buchholz(ctx: Context, cut: int = 0, median: int = 0, forfeits_as_games: bool = False) -> Column:
    """BH: opponents' adjusted scores and own dummies, after cuts (Art. 8.1, 14, 16)."""
    return Column(cut_sum(elements(ctx, False, forfeits_as_games), cut or median, median), ctx.scale)


def sonneborn_berger(ctx: Context, cut: int = 0, median: int = 0,
                     forfeits_as_games: bool = False) -> Column:
    """SB: the sum of score x points obtained per round, after cuts (Art. 9.1, 16.5)."""
    by_score = ctx.options.sb_vur_pick == "score"
    return Column(cut_sum(elements(ctx, True, forfeits_as_games), cut or median, median, by_score),
                  ctx.scale * ctx.scale)


def average_of_opponents(ctx: Context, base: Column, decimals: Optional[int] = None) -> Column:
    """AOB: the mean of the opponents' BH (or FB) over the games played (Art. 8.2).

    Each game counts once, so a repeated opponent counts per game; byes and forfeits are left
    out (a round robin's forfeits count where Art. 15.2 makes them games). ``base`` is the
    opponents' value: with ``AOB/P`` or ``AOB/C1`` the caller passes BH/P or BH/C1, as gacrux
    does. Undefined without a game. Rounded half-up to ``decimals``; ``None`` keeps the exact
    mean.
    """
    games = ctx.played("other")
    count = games.sum(axis=1)
    total = np.where(games, base.num[ctx.opp0], 0).sum(axis=1)
    defined = count > 0
    safe = np.maximum(count, 1)
    if decimals is None:
        # exact: over the denominator base.den x lcm(1..most games), which every count divides
        common = lcm(*range(1, int(count.max(initial=1)) + 1))
        return Column(total * (common // safe), base.den * common, defined)
    unit = 10 ** decimals
    # round half up: floor(total * unit / (count * den) + 1/2)
    d = safe * base.den
    num = (2 * total * unit + d) // (2 * d)
    return Column(num, unit, defined)


# ------------------------------------------------------------------------------ registry rows


def _aob(ev: Evaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    """AOB over the opponents' BH (or FB with /F), with the same cut and /P (as gacrux)."""
    base = ev.column(replace(tb, name="FB" if tb.fore else "BH", fore=False))
    decimals = ev.ctx.options.aob_decimals
    if decimals == "auto":  # gacrux: enough decimals to tell the averages apart
        n = ev.ctx.n
        decimals = 2 if n < 9 else 3 if n < 27 else 4 if n < 73 else 5
    return average_of_opponents(ev.ctx, base, decimals)


register(Spec("BH", "Buchholz, C.07 Art. 8.1", "C.07 Art. 8.1",
              lambda ev, tb, _: buchholz(ev.ctx, tb.cut, tb.median, tb.forfeits_as_games), "CMP",
              excel=(("BUCHHOLZ", "BH"), ("BUCHHOLZ_CUT1", "BH/C1"), ("BUCHHOLZ_CUT2", "BH/C2"),
                     ("BUCHHOLZ_MEDIAN1", "BH/M1"))))
register(Spec("AOB", "Average of opponents' Buchholz, C.07 Art. 8.2", "C.07 Art. 8.2", _aob, "CMPF",
              decimals=2, excel=(("AVG_OPP_BUCHHOLZ", "AOB"),), needs=("BH", "FB")))
register(Spec("FB", "Fore Buchholz, C.07 Art. 8.3", "C.07 Art. 8.3",
              lambda ev, tb, _: buchholz(ev.fore, tb.cut, tb.median, tb.forfeits_as_games), "CMP",
              excel=(("FORE_BUCHHOLZ", "FB"),)))
register(Spec("SB", "Sonneborn-Berger, C.07 Art. 9.1", "C.07 Art. 9.1",
              lambda ev, tb, _: sonneborn_berger(ev.ctx, tb.cut, tb.median, tb.forfeits_as_games), "CMP",
              decimals=2, excel=(("SONNEBORN_BERGER", "SB"), ("SONNEBORN_BERGER_CUT1", "SB/C1"))))
