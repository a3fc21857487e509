"""National and historical systems (TIEBREAK_RULES §7.3-7.11): USCF Median (Harkness), Modified
Median, Solkoff, Cumulative, Opposition Cumulative, Kashdan; most wins (Baumbach); the Swedish
SSF Buchholz; Kentler's opponent-performance comparison.

Each unplayed round is handled as its own system says; the docstrings name the rule.
"""

from __future__ import annotations

from functools import cmp_to_key
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

import numpy as np

from ..editions import unplayed_as_draws
from ..formatting import format_value
from ..reasons import Reason as R
from ..svon import svon_array
from .breakdown import Account, AccountLayout, Breakdown, Fact, mark, summed
from .buchholz import KEPT, cuts, kept_parts
from ..arrays import DFF, FLOSS, FPB, FWIN, HPB, PAB, ZPB
from .context import Column, Context
from .spec import Compute, Evaluation, Spec
from .counts import shown, won_breakdown, wins_breakdown
from .direct import shared, tied_group
from .typea import rank_column
from .rating import Ratings, tpr_breakdown

if TYPE_CHECKING:
    from ..descriptor import TieBreak

# ------------------------------------------------------------------------------ USCF family


def us_adjusted(ctx: Context) -> np.ndarray:
    """An opponent's score for the USCF systems: every unplayed game of his counts as a draw
    (TIEBREAK_RULES §7.3, USCF 34E1: byes, forfeits and absences are ½), as the 2012 rule has it."""
    return unplayed_as_draws(ctx)[0]


def opponent_elements(ctx: Context) -> np.ndarray:
    """Per round: the opponent's adjusted score for a game over the board, 0 for an own unplayed
    round (forfeits, byes and absences: USCF 34E1 counts them as an opponent with 0)."""
    return np.where(ctx.is_game, us_adjusted(ctx)[ctx.opp0], 0)


def drop_marks(values: np.ndarray, low: np.ndarray, high: np.ndarray,
               present: "np.ndarray | None" = None) -> tuple[np.ndarray, np.ndarray]:
    """Sum per row after dropping ``low[k]`` lowest and ``high[k]`` highest values (the earlier
    round first among equal values), and per element -1 dropped low, 0 kept, 1 dropped high;
    ``present``: the elements there are (the others, marked 2, are none: a game not in yet)."""
    if present is None:
        present = np.ones(values.shape, dtype=bool)
    order = np.lexsort((values, ~present), axis=1)  # the elements there are first, by value (stable)
    n = present.sum(axis=1)[:, None]
    pos = np.arange(values.shape[1])[None, :]
    low = np.minimum(low, n[:, 0])[:, None]
    high = np.minimum(high, np.maximum(n[:, 0] - low[:, 0], 0))[:, None]
    mark_sorted = np.where(pos >= n, 2, np.where(pos < low, -1, np.where(pos >= n - high, 1, 0)))
    marks = np.empty_like(mark_sorted)
    np.put_along_axis(marks, order, mark_sorted, axis=1)
    return np.where(marks == 0, values, 0).sum(axis=1), marks


Drops = Callable[[Context, "int | np.ndarray"], tuple[np.ndarray, np.ndarray]]


def median_drops(ctx: Context, k: "int | np.ndarray") -> tuple[np.ndarray, np.ndarray]:
    """MEDIAN: ``k`` scores dropped at the bottom and ``k`` at the top, for every player."""
    both = np.full(ctx.size, k)
    return both, both


def modified_drops(ctx: Context, k: "int | np.ndarray") -> tuple[np.ndarray, np.ndarray]:
    """MODMED: at 50 % both ends, above 50 % the bottom only, below the top only (USCF 34E1)."""
    half = ctx.W * ctx.player_rounds  # the score doubled against the maximum: above, at or below 50 %
    twice = 2 * ctx.score
    return np.where(twice >= half, k, 0), np.where(twice <= half, k, 0)


def default_drops(ctx: Context) -> np.ndarray:
    """Scores dropped at each end, per player: 1, or 2 from nine rounds on (USCF 34E1/34E2, seed
    001; live standings: the player's rounds, a game not in yet is none)."""
    return np.where(ctx.player_rounds >= 9, 2, 1)


def uscf_breakdown(ctx: Context, drops: Optional[Drops], rule: str, count: Optional[int] = None,
                   account: bool = False) -> Breakdown:
    """MEDIAN, MODMED or SOLKOFF: the opponents' adjusted scores, an own unplayed round 0, without
    the scores ``drops`` drops (``count`` at each end, else :func:`default_drops`; SOLKOFF: None,
    nothing dropped); ``rule`` is the account's note."""
    elems = opponent_elements(ctx)
    if drops is None:
        marks = np.zeros_like(elems)
    else:
        marks = drop_marks(elems, *drops(ctx, count or default_drops(ctx)), ~ctx.not_in)[1]
    parts = np.where(marks == 0, elems, 0)
    if not account:
        return summed(parts, ctx.scale)
    adj, drawn = unplayed_as_draws(ctx)
    game = ctx.is_game
    reasons = mark(parts.shape, (game & np.asarray(drawn.any(axis=1))[ctx.opp0], R.US_OPPONENT_DRAWS),
                   (~game, R.US_UNPLAYED_ZERO), (marks < 0, R.DROPPED_LOW), (marks == 1, R.DROPPED_HIGH))
    facts = {"met": Fact(game), "score": Fact(elems, ctx.scale), "opp_adj": Fact(adj, ctx.scale),
             "opp_drawn": Fact(drawn)}
    layout = AccountLayout((("Rd", "rd"), ("Opponent", "who"), ("Counts as", "score"), ("Result", "result")),
                           (rule,), term=2)
    return summed(parts, ctx.scale, reasons=reasons, facts=facts, ctx=ctx, layout=layout)


def uscf_unit(drops: Optional[Drops], rule: str) -> "Compute":
    """The row of MEDIAN (Harkness: the highest and the lowest dropped, two of each from nine
    rounds on; ``/M1``, ``/M2`` set the number, §7.3), MODMED (USCF 34E1, RULES_NOTES §3.5:
    unverified, so ``MODMED/M1`` keeps one, §7.4) or SOLKOFF (nothing dropped, §7.5)."""
    return lambda ev, tb, _, account: uscf_breakdown(ev.ctx, drops, rule, tb.median, account)


def unplayed_points(ctx: Context) -> np.ndarray:
    """Points obtained without playing (forfeit wins, byes), per player and round."""
    return np.where(ctx.is_game, 0, ctx.pts)


def cumulative_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """CUM (USCF 34E3): the running score after each round, less the points of that round when
    obtained without playing (a forfeit win or a full-point bye 1, a half-point bye ½), taken off
    once. W, L, W, D, L gives 9; with the draw a half-point bye 8.5; bye, W, L, W, W gives 11
    against 12 played. A game not in yet (live standings) is no round: it adds nothing. §7.6."""
    running = np.cumsum(ctx.pts, axis=1)
    less = unplayed_points(ctx)
    parts = np.where(ctx.not_in, 0, running - less)
    if not account:
        return summed(parts, ctx.scale)
    layout = AccountLayout((("Rd", "rd"), ("Result", "result"), ("Running score", "running"), ("Less", "less")),
                           ("the sum of the running scores, less the points of unplayed wins and half points",),
                           term=2, empty="", less=3)
    return summed(parts, ctx.scale, reasons=mark(parts.shape, (less != 0, R.TAKEN_OFF)), ctx=ctx, layout=layout,
                  facts={"running": Fact(running, ctx.scale), "less": Fact(-less, ctx.scale, less != 0)})


def oppcum_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """OPPCUM: the sum of the opponents' Cumulative scores (each with its own subtraction); an
    own unplayed round contributes 0. §7.7."""
    parts = np.where(ctx.is_game, cumulative_breakdown(ctx).column.num[ctx.opp0], 0)
    if not account:
        return summed(parts, ctx.scale)
    layout = AccountLayout((("Rd", "rd"), ("Opponent", "who"), ("Opponent's CUM", "parts")),
                           ("the sum of the opponents' cumulative scores (USCF)",), term=2, empty="")
    return summed(parts, ctx.scale, reasons=mark(parts.shape, (~ctx.is_game, R.OPPCUM_UNPLAYED)),
                  facts={"met": Fact(ctx.is_game)}, ctx=ctx, layout=layout)


def kashdan_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """KASHDAN (USCF 34E7): 4 for a win, 2 for a draw, 1 for a loss over the board, 0 for an
    unplayed game (RULES_NOTES §3.4). §7.8."""
    pts = ctx.pts
    parts = np.where(ctx.is_game, np.where(pts == ctx.W, 4, np.where(pts == ctx.D, 2, 1)), 0)
    if not account:
        return summed(parts, 1)
    layout = AccountLayout((("Rd", "rd"), ("Result", "result"), ("Points", "parts")),
                           ("4 for a win, 2 for a draw, 1 for a loss over the board, 0 unplayed (USCF 34E7)",),
                           empty="", value_decimals=0)
    return summed(parts, 1, reasons=mark(parts.shape, (~ctx.is_game, R.KASHDAN_UNPLAYED)), ctx=ctx,
                  layout=layout)


def most_wins_breakdown(ctx: Context, over_the_board: bool = False, account: bool = False) -> Breakdown:
    """MOSTWINS (Baumbach): the number of wins, as FIDE WIN; ``MOSTWINS/O`` counts only games
    won over the board (as WON). §7.9."""
    if over_the_board:
        bd = won_breakdown(ctx, account, games=ctx.is_game)
    else:
        bd = wins_breakdown(ctx, account)
    return shown(bd, account, "the number of wins (Baumbach); /O: over the board only")


# ------------------------------------------------------------------------------ Swedish SSF


def ssf_opponent_value(ctx: Context) -> np.ndarray:
    """SSF (a), an opponent's value (seed 002, steps 4-7, TIEBREAK_RULES §7.10): the final score,
    less a draw's difference for each forfeit win (it counts ½), plus ½ for each forfeit loss,
    less the whole point of each bye win (it counts 0), plus ½ for each round not played after
    withdrawing (the trailing absences; a game not in yet, live, is no round and ends no run)."""
    k, pts, D = ctx.kind, ctx.pts, ctx.D
    value = ctx.score.copy()
    value += np.where(k == FWIN, D - pts, 0).sum(axis=1)
    value += np.where(np.isin(k, (FLOSS, DFF)), D - pts, 0).sum(axis=1)
    value -= np.where(np.isin(k, (PAB, FPB)), pts, 0).sum(axis=1)
    absent = k == ZPB  # a game not in yet too: it does not end the run of absences before it
    trailing = np.flip(np.cumprod(np.flip(absent, axis=1), axis=1), axis=1).astype(bool) & ~ctx.not_in
    value += np.where(trailing, D - pts, 0).sum(axis=1)
    return value


def ssf_elements(ctx: Context) -> tuple[np.ndarray, np.ndarray]:
    """Per round the SSF value and whether the round is unplayed (step 10-13): a game gives the
    opponent's value (a); an own forfeit the scheduled opponent's (our reading, RULES_NOTES
    §4.21); an own bye (pairing, full or half) the virtual opponent Svon (step 9); a round not
    played or after a withdrawal nothing (step 8). A game not in yet (live) is no element at all
    (:func:`ssf_breakdown`)."""
    opp_value = ssf_opponent_value(ctx)[ctx.opp0]
    k = ctx.kind
    forfeit = np.isin(k, (FWIN, FLOSS, DFF))
    bye = np.isin(k, (PAB, FPB, HPB))
    value = np.where(ctx.is_game | forfeit, opp_value, np.where(bye, ctx.svon, 0))
    unplayed = ~ctx.is_game
    return value, unplayed


def ssf_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """SSFBH (seed 002): Buchholz Cut-1 over the SSF values; with unplayed rounds the lowest of
    them is dropped even when a played one is lower (steps 11-13). §7.10."""
    value, unplayed = ssf_elements(ctx)
    elems = (value, value, unplayed & ~ctx.not_in, ~ctx.not_in)
    marks = cuts(elems, 1, 0)
    parts = kept_parts(elems, marks)
    if not account:
        return summed(parts, ctx.scale)
    has, cut = ctx.has_opp, (marks > KEPT) if marks is not None else False
    reasons = mark(parts.shape, (has & ~ctx.is_game, R.SSF_OWN_FORFEIT), (has, R.SSF_OPPONENT),
                   (~has & (value != 0), R.SSF_VIRTUAL), (~has & (value == 0), R.SSF_NO_COMPENSATION),
                   (cut & unplayed, R.SSF_CUT_UNPLAYED), (cut & ~unplayed, R.SSF_CUT_LOW))
    terms: dict[str, np.ndarray] = {}
    svon_array(ctx.pts, ctx.W, ctx.D, ctx.L, terms, ctx.player_rounds)
    facts = {"met": Fact(has), "score": Fact(value, ctx.scale), "opp_score": Fact(ctx.score, ctx.scale),
             "opp_value": Fact(ssf_opponent_value(ctx), ctx.scale), "before": Fact(terms["before"], ctx.scale),
             "opposite": Fact(terms["opposite"], ctx.scale), "later": Fact(terms["later"])}
    layout = AccountLayout((("Rd", "rd"), ("Opponent", "who"), ("Value", "score"), ("Result", "result")),
                           ("SSF Buchholz (seed 002): Cut-1, an unplayed round is cut first",), term=2, empty="")
    return summed(parts, ctx.scale, reasons=reasons, facts=facts, ctx=ctx, layout=layout)


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
    def compare(x: int, y: int) -> int:
        return compare_kentler(lists[x], lists[y])
    order = sorted(members, key=cmp_to_key(compare))
    ranks: dict[int, int] = {}
    for pos, m in enumerate(order):
        if pos and compare_kentler(lists[order[pos - 1]], lists[m]) == 0:
            ranks[m] = ranks[order[pos - 1]]
        else:
            ranks[m] = pos + 1
    return ranks


def kentler_tprs(ctx: Context, unrated: Optional[int] = None) -> list[list[int]]:
    """Each player's opponents' TPRs, best first (:func:`kentler_lists`). Kentler's method is no
    FIDE rating tie-break: an unrated player's games are left out of the TPRs rather than
    dropping the comparison (TIEBREAK_RULES §7.11: a TPR needs no own rating)."""
    return kentler_lists(ctx, tpr_breakdown(Ratings(ctx, unrated, policy="exclude")).column)


def kentler_account(ctx: Context, i: int, tb: "TieBreak", value: Any, res: Any) -> Account:
    """KENTLER: the opponents' TPRs, best first, and the comparison inside the tied group."""
    lists = shared(ctx, ("KENTLER", tb.unrated), lambda: kentler_tprs(ctx, tb.unrated))  # once, not per player
    group = tied_group(res, tb, i)
    ranks = kentler_ranks(lists, group)
    rows = tuple(((ctx.t.players[k].no, ctx.t.players[k].name, ", ".join(map(str, lists[k])), ranks[k]), "", "",
                  None) for k in sorted(group, key=ranks.__getitem__))
    return Account(("No", "Name", "Opponents' TPR, best first", "Rank"), rows,
                   f"rank {format_value(value, 0)} of {len(group)}",
                   ("compared in turn: the better best opponent, then the next ... (Kentler, seed 004); "
                    "TPR from this event's games (C.07 Art. 10.2), an unrated player's games left out",))


# ------------------------------------------------------------------------------ registry rows


def _kentler(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Column:
    lists = kentler_tprs(ev.ctx, tb.unrated)
    return rank_column(ev.points, earlier, lambda members: kentler_ranks(lists, members))


_USCF = "TIEBREAK_RULES §"
ROWS = (
    Spec("MEDIAN", "Median / Harkness: opponents' scores without the highest and lowest (USCF)", _USCF + "7.3",
         uscf_unit(median_drops, "the highest and the lowest are dropped (two of each from nine rounds on)"), "M",
         aliases=("HARKNESS",), national=True, least_median=1, excel=(("HARKNESS", "MEDIAN"),), reach=1),
    Spec("MODMED", "Modified median (USCF 34E1)", _USCF + "7.4",
         uscf_unit(modified_drops, "at 50 % the highest and the lowest are dropped, above 50 % the lowest, below "
                   "the highest; two at a time from nine rounds on (USCF 34E1)"), "M", national=True,
         least_median=1, excel=(("MODIFIED_MEDIAN", "MODMED"),), reach=1),
    Spec("SOLKOFF", "Solkoff: opponents' scores, nothing dropped (USCF 34E2)", _USCF + "7.5",
         uscf_unit(None, "nothing is dropped (USCF 34E2)"), national=True, excel=(("SOLKOFF", "SOLKOFF"),), reach=1),
    Spec("CUM", "Cumulative score less unplayed points (USCF 34E3)", _USCF + "7.6",
         lambda ev, tb, _, account: cumulative_breakdown(ev.ctx, account), national=True,
         excel=(("CUMULATIVE", "CUM"),), reach=0),
    Spec("OPPCUM", "Opponents' cumulative scores (USCF)", _USCF + "7.7",
         lambda ev, tb, _, account: oppcum_breakdown(ev.ctx, account), national=True,
         excel=(("OPP_CUMULATIVE", "OPPCUM"),), reach=1),
    Spec("KASHDAN", "Kashdan: 4 per win, 2 per draw, 1 per loss, 0 unplayed (USCF 34E7)", _USCF + "7.8",
         lambda ev, tb, _, account: kashdan_breakdown(ev.ctx, account), decimals=0, national=True,
         excel=(("KASHDAN", "KASHDAN"),), reach=0),
    Spec("MOSTWINS", "Most wins (Baumbach)", _USCF + "7.9",
         lambda ev, tb, _, account: most_wins_breakdown(ev.ctx, tb.over_the_board, account), "O",
         aliases=("BAUMBACH",), decimals=0, national=True, excel=(("MOST_WINS", "MOSTWINS"),), reach=0),
    Spec("SSFBH", "Swedish federation Buchholz Cut-1 (SSF, before 2023)", _USCF + "7.10",
         lambda ev, tb, _, account: ssf_breakdown(ev.ctx, account), national=True,
         excel=(("SSF_BUCHHOLZ", "SSFBH"),), reach=1),
    Spec("KENTLER", "Kentler: best opponents' performance ratings, compared in turn (rank in the tied group)",
         _USCF + "7.11", _kentler, "U", lower_is_better=True, decimals=0, national=True, ranks=True,
         account=kentler_account, excel=(("KENTLER", "KENTLER"),),
         shown=lambda ctx, tb: [", ".join(map(str, tprs)) for tprs in kentler_tprs(ctx, tb.unrated)],
         excel_doc="Kentler's comparison: the performance ratings of the player's opponents, best first, as "
                   "text; TIEBREAK with code KENTLER gives the rank inside the tied group.", reach=1),
)
