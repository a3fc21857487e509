"""Rating tie-breaks (Type D): ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10) and the FIDE tables.

Tables: FIDE Rating Regulations B.02 8.1 a/b (TIEBREAK_RULES §5.16). Unrated players follow §5.15:
the tie-break is dropped (undefined) when a participant is unrated, unless a rating is assigned.
"""

from __future__ import annotations

import math
from fractions import Fraction
from typing import Optional

from ..model import Kind
from .context import Context

#: dp for p = .50, .51, ..., 1.00 (B.02 8.1a); dp(p) = -dp(1-p) below .50.
_DP = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149, 158,
       166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336, 351, 366,
       383, 401, 422, 444, 470, 501, 538, 589, 677, 800]

#: (upper bound of |D|, expected score of the higher-rated player in hundredths) (B.02 8.1b).
_PD = [(3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
       (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67),
       (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
       (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83),
       (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90), (391, 91),
       (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99)]
_PD_BY_DIFF: list[int] = []
for _hi, _v in _PD:
    _PD_BY_DIFF.extend([_v] * (_hi + 1 - len(_PD_BY_DIFF)))


def dp(p_hundredths: int) -> int:
    """Rating difference for a score fraction given in hundredths, 0..100 (table 8.1a)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError("p must be between 0 and 100 hundredths")
    if p_hundredths >= 50:
        return _DP[p_hundredths - 50]
    return -_DP[50 - p_hundredths]


def expected_hundredths(diff: int) -> int:
    """Expected score, in hundredths, of a player rated ``diff`` points above the opponent (8.1b)."""
    d = abs(diff)
    e = _PD_BY_DIFF[d] if d < len(_PD_BY_DIFF) else 100
    return e if diff >= 0 else 100 - e


def round_half_up_int(x: Fraction) -> int:
    """Nearest integer, .5 away from zero (Art. 10: averages rounded with .5 up)."""
    r = math.floor(abs(x) + Fraction(1, 2))
    return r if x >= 0 else -r


def ratings(ctx: Context, unrated: Optional[int]) -> Optional[list[Optional[int]]]:
    """Each player's rating for Art. 10, or ``None`` when the tie-breaks must be dropped (§5.15).

    ``unrated``: the rating assigned to unrated players (/Unnnn or the option). Without one, an
    unrated participant drops every rating tie-break, unless the policy is ``"exclude"`` (the 2024
    reference engine), where unrated opponents are left out of the averages.
    """
    rs = [p.rating for p in ctx.t.players]
    if unrated is None:
        unrated = ctx.options.unrated_rating
    if unrated is not None:
        return [r if r is not None else unrated for r in rs]
    if any(r is None for r in rs) and ctx.options.unrated_policy == "drop":
        return None
    return rs


def _opponent_ratings(ctx: Context, i: int, rt: list[Optional[int]]) -> list[int]:
    return [rt[o] for r, o in enumerate(ctx.opps[i])
            if ctx.played(i, r, "rating") and rt[o] is not None]


def aro(ctx: Context, i: int, rt: list[Optional[int]], cut: int = 0, median: int = 0) -> Optional[Fraction]:
    """ARO: mean rating of the opponents met over the board, rounded, .5 up (Art. 10.1).

    /Ck drops the k lowest ratings, /Mk also the k highest; undefined when nothing is left.
    """
    rs = sorted(_opponent_ratings(ctx, i, rt))
    low = cut or median
    rs = rs[low:len(rs) - median] if median else rs[low:]
    if not rs:
        return None
    return Fraction(round_half_up_int(Fraction(sum(rs), len(rs))))


def _otb_score(ctx: Context, i: int, rt: list[Optional[int]]) -> tuple[Fraction, list[int]]:
    """Score on the 1/½/0 scale over the rated games over the board, and the opponents' ratings."""
    score = Fraction(0)
    opp: list[int] = []
    for r, o in enumerate(ctx.opps[i]):
        if not ctx.played(i, r, "rating") or rt[o] is None:
            continue
        k = ctx.raw_kinds[i][r]
        if k in (Kind.WIN, Kind.SHORT_WIN, Kind.FORFEIT_WIN):
            score += 1
        elif k in (Kind.DRAW, Kind.SHORT_DRAW):
            score += Fraction(1, 2)
        opp.append(rt[o])
    return score, opp


def tpr(ctx: Context, i: int, rt: list[Optional[int]]) -> Optional[Fraction]:
    """TPR = ARO + dp(p), p the fraction scored over the board rounded to 0.01 (Art. 10.2)."""
    score, opp = _otb_score(ctx, i, rt)
    if not opp:
        return None
    mean = round_half_up_int(Fraction(sum(opp), len(opp)))
    p = round_half_up_int(score * 100 / len(opp))
    return Fraction(mean + dp(p))


def ptp(ctx: Context, i: int, rt: list[Optional[int]]) -> Optional[Fraction]:
    """PTP: the lowest rating R whose expected score against the opponents reaches the score (10.3).

    A zero score gives the lowest opponent minus 800; the table's steps make a perfect score
    the highest opponent plus 736. Computed in hundredths, exactly.
    """
    score, opp = _otb_score(ctx, i, rt)
    if not opp:
        return None
    if score == 0:
        return Fraction(min(opp) - 800)
    target = score * 100
    lo, hi = min(opp) - 800, max(opp) + 800  # E(hi) is the maximum possible score

    def reaches(R: int) -> bool:
        return sum(expected_hundredths(R - x) for x in opp) >= target

    while lo < hi:
        mid = (lo + hi) // 2
        if reaches(mid):
            hi = mid
        else:
            lo = mid + 1
    return Fraction(lo)


def average_of(ctx: Context, i: int, values: list[Optional[Fraction]]) -> Optional[Fraction]:
    """APRO / APPO: mean of the opponents' TPR / PTP over the games, rounded .5 up (10.4, 10.5).

    Opponents whose value is undefined are skipped; each game counts once.
    """
    got = [values[o] for r, o in enumerate(ctx.opps[i])
           if ctx.played(i, r, "rating") and values[o] is not None]
    if not got:
        return None
    return Fraction(round_half_up_int(sum(got, Fraction(0)) / len(got)))


def rating(ctx: Context, i: int, rt: list[Optional[int]]) -> Optional[Fraction]:
    """RTNG: the player's own rating (Art. 10.6); undefined for an unrated player."""
    r = rt[i]
    return None if r is None else Fraction(r)
