"""National and historical systems (TIEBREAK_RULES §7.3-7.11): USCF Median (Harkness), Modified
Median, Solkoff, Cumulative, Opposition Cumulative, Kashdan; most wins (Baumbach); the Swedish
SSF Buchholz; Kentler's opponent-performance comparison.

Each unplayed round is handled as its own system says; the docstrings name the rule.
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np

from .buchholz import cut_marks
from .context import DFF, FLOSS, FPB, FWIN, HPB, PAB, ZPB, Column, Context
from .direct import rank_column
from .rating import Ratings, tpr
from .registry import Evaluation, Spec, register

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

# ------------------------------------------------------------------------------ USCF family


def us_adjusted(ctx: Context) -> np.ndarray:
    """An opponent's score for the USCF systems: every unplayed game of his counts as a draw
    (TIEBREAK_RULES §7.3, USCF 34E1: byes, forfeits and absences are ½)."""
    return np.where(ctx.is_game, ctx.pts, ctx.D).sum(axis=1)


def opponent_elements(ctx: Context) -> np.ndarray:
    """Per round: the opponent's adjusted score for a game over the board, 0 for an own unplayed
    round (forfeits, byes and absences: USCF 34E1 counts them as an opponent with 0)."""
    return np.where(ctx.is_game, us_adjusted(ctx)[ctx.opp0], 0)


def drop_marks(values: np.ndarray, low: np.ndarray, high: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Sum per row after dropping ``low[k]`` lowest and ``high[k]`` highest values (the earlier
    round first among equal values), and per element -1 dropped low, 0 kept, 1 dropped high."""
    order = np.argsort(values, axis=1, kind="stable")
    n = values.shape[1]
    pos = np.arange(n)[None, :]
    low = np.minimum(low, n)[:, None]
    high = np.minimum(high, np.maximum(n - low[:, 0], 0))[:, None]
    mark_sorted = np.where(pos < low, -1, np.where(pos >= n - high, 1, 0))
    marks = np.empty_like(mark_sorted)
    np.put_along_axis(marks, order, mark_sorted, axis=1)
    return np.where(marks == 0, values, 0).sum(axis=1), marks


def _drop(values: np.ndarray, low: np.ndarray, high: np.ndarray) -> np.ndarray:
    return drop_marks(values, low, high)[0]


def drop_counts(ctx: Context, name: str, k: Optional[int] = None) -> tuple[np.ndarray, np.ndarray]:
    """How many scores MEDIAN / MODMED / SOLKOFF drop at the bottom and the top, per player."""
    k = default_drops(ctx) if not k else k
    if name == "SOLKOFF":
        none = np.zeros(ctx.size, dtype=np.int64)
        return none, none
    if name == "MEDIAN":
        both = np.full(ctx.size, k)
        return both, both
    half = ctx.W * ctx.n  # the score doubled against the maximum: above, at or below 50 %
    twice = 2 * ctx.score
    return np.where(twice >= half, k, 0), np.where(twice <= half, k, 0)


def default_drops(ctx: Context) -> int:
    """Scores dropped at each end: 1, or 2 from nine rounds on (USCF 34E1/34E2, seed 001)."""
    return 2 if ctx.n >= 9 else 1


def median(ctx: Context, count: Optional[int] = None) -> Column:
    """MEDIAN (Harkness): opponents' adjusted scores without the highest and the lowest (two of
    each from nine rounds on; ``MEDIAN/M1`` or ``/M2`` sets the number). §7.3."""
    low, high = drop_counts(ctx, "MEDIAN", count)
    return Column(_drop(opponent_elements(ctx), low, high), ctx.scale)


def modified_median(ctx: Context, count: Optional[int] = None) -> Column:
    """MODMED (USCF 34E1): at exactly 50 % drop the highest and the lowest; above 50 % only the
    lowest; below only the highest. Each drop is of two scores from nine rounds on (RULES_NOTES
    §3.5: unverified, so ``MODMED/M1`` keeps it at one). §7.4."""
    low, high = drop_counts(ctx, "MODMED", count)
    return Column(_drop(opponent_elements(ctx), low, high), ctx.scale)


def solkoff(ctx: Context) -> Column:
    """SOLKOFF (USCF 34E2): the sum of the opponents' adjusted scores, nothing dropped; an own
    unplayed round counts 0. §7.5."""
    return Column(opponent_elements(ctx).sum(axis=1), ctx.scale)


def unplayed_points(ctx: Context) -> np.ndarray:
    """Points obtained without playing (forfeit wins, byes), per player and round."""
    return np.where(ctx.is_game, 0, ctx.pts)


def cumulative_scaled(ctx: Context) -> np.ndarray:
    """The sum of the running scores less the points of each unplayed round (a forfeit win or a
    full-point bye 1, a half-point bye ½), USCF 34E3. §7.6."""
    running = np.cumsum(ctx.pts, axis=1).sum(axis=1)
    return running - unplayed_points(ctx).sum(axis=1)


def cumulative(ctx: Context) -> Column:
    """CUM (USCF 34E3): see :func:`cumulative_scaled`. W, L, W, D, L gives 9; with the draw a
    half-point bye 8.5; bye, W, L, W, W gives 11 against 12 played. §7.6."""
    return Column(cumulative_scaled(ctx), ctx.scale)


def opposition_cumulative(ctx: Context) -> Column:
    """OPPCUM: the sum of the opponents' Cumulative scores (each with its own subtraction); an
    own unplayed round contributes 0. §7.7."""
    cum = cumulative_scaled(ctx)
    return Column(np.where(ctx.is_game, cum[ctx.opp0], 0).sum(axis=1), ctx.scale)


def kashdan(ctx: Context) -> Column:
    """KASHDAN (USCF 34E7): 4 for a win, 2 for a draw, 1 for a loss over the board, 0 for an
    unplayed game (RULES_NOTES §3.4). §7.8."""
    pts = ctx.pts
    value = np.where(pts == ctx.W, 4, np.where(pts == ctx.D, 2, 1))
    return Column(np.where(ctx.is_game, value, 0).sum(axis=1))


def most_wins(ctx: Context, over_the_board: bool = False) -> Column:
    """MOSTWINS (Baumbach): the number of wins, as FIDE WIN; ``MOSTWINS/O`` counts only games
    won over the board (as WON). §7.9."""
    won = ctx.pts == ctx.W
    if over_the_board:
        won &= ctx.is_game
    return Column(won.sum(axis=1))


# ------------------------------------------------------------------------------ Swedish SSF


def ssf_opponent_value(ctx: Context) -> np.ndarray:
    """SSF (a), an opponent's value (seed 002, steps 4-7, TIEBREAK_RULES §7.10): the final score,
    less a draw's difference for each forfeit win (it counts ½), plus ½ for each forfeit loss,
    less the whole point of each bye win (it counts 0), plus ½ for each round not played after
    withdrawing (the trailing absences)."""
    k, pts, D = ctx.kind, ctx.pts, ctx.D
    value = ctx.score.copy()
    value += np.where(k == FWIN, D - pts, 0).sum(axis=1)
    value += np.where(np.isin(k, (FLOSS, DFF)), D - pts, 0).sum(axis=1)
    value -= np.where(np.isin(k, (PAB, FPB)), pts, 0).sum(axis=1)
    absent = k == ZPB
    trailing = np.flip(np.cumprod(np.flip(absent, axis=1), axis=1), axis=1).astype(bool)
    value += np.where(trailing, D - pts, 0).sum(axis=1)
    return value


def ssf_elements(ctx: Context) -> tuple[np.ndarray, np.ndarray]:
    """Per round the SSF value and whether the round is unplayed (step 10-13): a game gives the
    opponent's value (a); an own forfeit the scheduled opponent's (our reading, RULES_NOTES
    §4.21); an own bye (pairing, full or half) the virtual opponent Svon (step 9); a round not
    played or after a withdrawal nothing (step 8)."""
    opp_value = ssf_opponent_value(ctx)[ctx.opp0]
    k = ctx.kind
    forfeit = np.isin(k, (FWIN, FLOSS, DFF))
    bye = np.isin(k, (PAB, FPB, HPB))
    value = np.where(ctx.is_game | forfeit, opp_value, np.where(bye, ctx.svon, 0))
    unplayed = ~ctx.is_game
    return value, unplayed


def ssf_buchholz(ctx: Context) -> Column:
    """SSFBH (seed 002): Buchholz Cut-1 over the SSF values; with unplayed rounds the lowest of
    them is dropped even when a played one is lower (steps 11-13). §7.10."""
    value, unplayed = ssf_elements(ctx)
    present = np.ones_like(unplayed)
    total, _ = cut_marks((value, value, unplayed, present), 1, 0)
    return Column(total, ctx.scale)


# ------------------------------------------------------------------------------ Kentler


def kentler_lists(ctx: Context, tpr: Column) -> list[list[int]]:
    """For each player, the TPRs of the opponents met over the board, highest first (a repeated
    opponent once per game; undefined TPRs left out; unplayed rounds excluded). §7.11."""
    games = ctx.played("rating")
    out = []
    for i in range(ctx.size):
        got = [int(tpr.num[o]) for o, g in zip(ctx.opp[i].tolist(), games[i].tolist())
               if g and (tpr.defined is None or tpr.defined[o])]
        out.append(sorted(got, reverse=True))
    return out


def compare_kentler(a: list[int], b: list[int]) -> int:
    """-1 when ``a`` ranks higher: the higher best opponent TPR, then the next, ...; a list that
    runs out first ranks lower (Kentler's comparison, seed 004)."""
    for x, y in zip(a, b):
        if x != y:
            return -1 if x > y else 1
    return (len(b) > len(a)) - (len(a) > len(b))


def kentler_ranks(lists: list[list[int]], members: list[int]) -> dict[int, int]:
    """Rank inside a tied group by :func:`compare_kentler`; equal lists share a rank."""
    order = sorted(members, key=cmp_to_key(lambda x, y: compare_kentler(lists[x], lists[y])))
    ranks: dict[int, int] = {}
    for pos, m in enumerate(order):
        if pos and compare_kentler(lists[order[pos - 1]], lists[m]) == 0:
            ranks[m] = ranks[order[pos - 1]]
        else:
            ranks[m] = pos + 1
    return ranks


def kentler_tpr_lists(ctx: Context, unrated: Optional[int] = None) -> list[list[int]]:
    """Each player's opponents' TPRs, best first. Kentler's method is no FIDE rating tie-break:
    an unrated player's games are left out of the TPRs rather than dropping the comparison
    (TIEBREAK_RULES §7.11: a TPR needs no own rating)."""
    return kentler_lists(ctx, tpr(Ratings(ctx, unrated, policy="exclude")))


# ------------------------------------------------------------------------------ registry rows


def _kentler(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column]) -> Column:
    lists = kentler_tpr_lists(ev.ctx, tb.unrated)
    return rank_column(ev, earlier, lambda members: kentler_ranks(lists, members))


_USCF = "TIEBREAK_RULES §"
register(Spec("MEDIAN", "Median / Harkness: opponents' scores without the highest and lowest (USCF)", _USCF + "7.3",
              lambda ev, tb, _: median(ev.ctx, tb.median), "M", aliases=("HARKNESS",), national=True, least_median=1,
              excel=(("HARKNESS", "MEDIAN"),)))
register(Spec("MODMED", "Modified median (USCF 34E1)", _USCF + "7.4",
              lambda ev, tb, _: modified_median(ev.ctx, tb.median), "M", national=True, least_median=1,
              excel=(("MODIFIED_MEDIAN", "MODMED"),)))
register(Spec("SOLKOFF", "Solkoff: opponents' scores, nothing dropped (USCF 34E2)", _USCF + "7.5",
              lambda ev, tb, _: solkoff(ev.ctx), national=True, excel=(("SOLKOFF", "SOLKOFF"),)))
register(Spec("CUM", "Cumulative score less unplayed points (USCF 34E3)", _USCF + "7.6",
              lambda ev, tb, _: cumulative(ev.ctx), national=True, excel=(("CUMULATIVE", "CUM"),)))
register(Spec("OPPCUM", "Opponents' cumulative scores (USCF)", _USCF + "7.7",
              lambda ev, tb, _: opposition_cumulative(ev.ctx), national=True,
              excel=(("OPP_CUMULATIVE", "OPPCUM"),)))
register(Spec("KASHDAN", "Kashdan: 4 per win, 2 per draw, 1 per loss, 0 unplayed (USCF 34E7)", _USCF + "7.8",
              lambda ev, tb, _: kashdan(ev.ctx), decimals=0, national=True, excel=(("KASHDAN", "KASHDAN"),)))
register(Spec("MOSTWINS", "Most wins (Baumbach)", _USCF + "7.9",
              lambda ev, tb, _: most_wins(ev.ctx, tb.over_the_board), "O", aliases=("BAUMBACH",), decimals=0,
              national=True, excel=(("MOST_WINS", "MOSTWINS"),)))
register(Spec("SSFBH", "Swedish federation Buchholz Cut-1 (SSF, before 2023)", _USCF + "7.10",
              lambda ev, tb, _: ssf_buchholz(ev.ctx), national=True, excel=(("SSF_BUCHHOLZ", "SSFBH"),)))
register(Spec("KENTLER", "Kentler: best opponents' performance ratings, compared in turn (rank in the tied group)",
              _USCF + "7.11", _kentler, "U", lower_is_better=True, decimals=0, national=True, ranks=True))


__all__ = ["median", "modified_median", "solkoff", "cumulative", "opposition_cumulative", "kashdan",
           "most_wins", "ssf_buchholz", "kentler_lists", "kentler_ranks", "compare_kentler"]
