"""The player's own record (Type B): WIN, WON, BPG, BWG, REP, STD, PS, TPN (C.07 Art. 7).

Each count is a per-round mask (a :class:`~.breakdown.Breakdown` whose parts are 1 where the
round counts), summed; the account reads the same mask and why a round does not count.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any, Callable, Sequence

import numpy as np

from ..formatting import format_value
from ..reasons import Reason as R
from .breakdown import Account, AccountLayout, Breakdown, Fact, mark, summed
from ..arrays import DFF, FLOSS, HPB, ZPB
from .context import Column, Context
from .spec import Spec

if TYPE_CHECKING:
    from ..descriptor import TieBreak
    from .spec import Evaluation


def counted(ctx: Context, ok: np.ndarray, account: bool,
            why: Callable[[], list[tuple[np.ndarray, R]]]) -> Breakdown:
    """The breakdown of a count: ``ok`` where a round counts; ``why()`` the (mask, reason) pairs
    of an account (built only when one is asked for)."""
    if not account:
        return summed(ok, 1)
    return summed(ok, 1, reasons=mark(ok.shape, *why()), facts={}, ctx=ctx)


def wins_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """WIN: rounds in which the player obtained the points of a win, played or not (Art. 7.1).

    Forfeit wins and full-point byes count; a pairing-allocated bye counts when it is worth a win.
    """
    ok = ctx.pts == ctx.W
    return counted(ctx, ok, account, lambda: [(ok & ~ctx.is_game, R.WIN_UNPLAYED)])


def won_breakdown(ctx: Context, account: bool = False, games: "np.ndarray | None" = None) -> Breakdown:
    """WON: games won over the board (Art. 7.2); round-robin forfeit wins per Art. 15.2.
    ``games``: what counts as a game instead (MOSTWINS/O: over the board only)."""
    won = ctx.pts == ctx.W
    ok = won & (ctx.played("type-b") if games is None else games)
    return counted(ctx, ok, account, lambda: [(won & ~ok, R.NOT_OVER_THE_BOARD)])


def black_breakdown(ctx: Context, wins_only: bool = False, account: bool = False) -> Breakdown:
    """BPG: games played with Black (Art. 7.3); with ``wins_only`` BWG, games won with Black
    (Art. 7.4). A forfeit "with Black" is no game in a Swiss."""
    played = ctx.played("type-b")
    ok = ctx.black & played & ((ctx.pts == ctx.W) if wins_only else True)
    return counted(ctx, ok, account, lambda: [(ctx.black & ~played, R.BLACK_NOT_PLAYED)])


def elected_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """REP (formerly GE): rounds minus half- and zero-point byes and forfeit losses (Art. 7.6).

    Absences, rounds after a withdrawal or before a late entry and double forfeits count as
    zero-point byes or forfeit losses; PABs, full-point byes and forfeit wins count as played.
    A round-robin forfeit loss that Art. 15.2 makes a regular game counts too.
    """
    k = ctx.kind
    unplayed = np.isin(k, (HPB, ZPB)) | (np.isin(k, (FLOSS, DFF)) & ~ctx.played("type-b"))
    return counted(ctx, ~unplayed, account, lambda: [(unplayed, R.NOT_ELECTED)])


def standard_breakdown(ctx: Context, account: bool = False) -> Breakdown:
    """STD: 1 per round with more than a draw's points, ½ with exactly a draw's, else 0 (7.7).

    Compares the player's points with the draw value, which for individual games is the same as
    comparing with the opponent's; a double forfeit gives 0 (RULES_NOTES §4.11, as gacrux).
    """
    halves = 2 * (ctx.pts > ctx.D) + (ctx.pts == ctx.D)
    if not account:
        return summed(halves, 2)
    return summed(halves, 2, reasons=np.zeros(halves.shape, dtype=np.int64), facts={}, ctx=ctx)


def progressive_breakdown(ctx: Context, cut: int = 0, account: bool = False) -> Breakdown:
    """PS: the sum of the running scores after each round; /Ck drops the first k (Art. 7.5). A
    game not in yet (live standings) is no round: it adds no running score."""
    running = np.cumsum(ctx.pts, axis=1)
    first = np.arange(ctx.n)[None, :] < cut
    parts = np.where(first | ctx.not_in, 0, running)
    if not account:
        return summed(parts, ctx.scale)
    return summed(parts, ctx.scale, reasons=mark(parts.shape, (first, R.CUT_FIRST_ROUNDS)),
                  facts={"running": Fact(running, ctx.scale)}, ctx=ctx)


_NOTES = {"WIN": "rounds with the points of a win, played or not (C.07 Art. 7.1)",
          "WON": "games won over the board (C.07 Art. 7.2)",
          "BPG": "games played with Black (C.07 Art. 7.3)",
          "BWG": "games won with Black (C.07 Art. 7.4)",
          "REP": "rounds minus requested byes and forfeit losses (C.07 Art. 7.6)",
          "STD": "1 for more than a draw's points, ½ for a draw's (C.07 Art. 7.7)",
          "PS": "the sum of the running scores (C.07 Art. 7.5)"}
COUNT_COLUMNS = (("Rd", "rd"), ("Result", "result"), ("Counts", "parts"))


def shown(bd: Breakdown, account: bool, note: str, decimals: int = 0,
          columns: tuple[tuple[str, str], ...] = COUNT_COLUMNS) -> Breakdown:
    """A count's breakdown, with (``account``) its layout: which rounds counted, the nonzero ones
    summed with ``decimals``, and the rule (``note``)."""
    if not account:
        return bd
    return replace(bd, layout=AccountLayout(columns, (note,), skip_zero=True, decimals=decimals,
                                            value_decimals=decimals))


def pairing_number(ev: "Evaluation", tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Column:
    """TPN: the start number (Art. 7.8); lower ranks higher unless /R."""
    return Column(np.array([p.no for p in ev.ctx.t.players], dtype=np.int64))


def number_account(what: str, article: str) -> Callable[..., Account]:
    """The account of a number the player has (TPN's start number, RTNG's rating): the number."""
    def account(ctx: Context, i: int, tb: "TieBreak", value: Any = None, res: Any = None) -> Account:
        return Account((what.capitalize(),), (((value,), f"the player's {what} ({article})", "", None),),
                       format_value(value, 0, "unrated: undefined"))
    return account


# ------------------------------------------------------------------------------ registry rows

ROWS = (
    Spec("WIN", "Number of wins, played or not, C.07 Art. 7.1", "C.07 Art. 7.1",
         lambda ev, tb, _, acc: shown(wins_breakdown(ev.ctx, acc), acc, _NOTES["WIN"]), decimals=0,
         excel=(("WINS", "WIN"),), reach=0),
    Spec("WON", "Number of games won over the board, C.07 Art. 7.2", "C.07 Art. 7.2",
         lambda ev, tb, _, acc: shown(won_breakdown(ev.ctx, acc), acc, _NOTES["WON"]), decimals=0,
         excel=(("GAMES_WON", "WON"),), reach=0),
    Spec("BPG", "Number of games played with Black, C.07 Art. 7.3", "C.07 Art. 7.3",
         lambda ev, tb, _, acc: shown(black_breakdown(ev.ctx, False, acc), acc, _NOTES["BPG"]), decimals=0,
         excel=(("BLACK_GAMES", "BPG"),), reach=0),
    Spec("BWG", "Number of games won with Black, C.07 Art. 7.4", "C.07 Art. 7.4",
         lambda ev, tb, _, acc: shown(black_breakdown(ev.ctx, True, acc), acc, _NOTES["BWG"]), decimals=0,
         excel=(("BLACK_WINS", "BWG"),), reach=0),
    Spec("PS", "Sum of progressive scores, C.07 Art. 7.5", "C.07 Art. 7.5",
         lambda ev, tb, _, acc: shown(progressive_breakdown(ev.ctx, tb.cut, acc), acc, _NOTES["PS"], 1,
                                      COUNT_COLUMNS[:2] + (("Running score", "running"),)), "C",
         excel=(("PROGRESSIVE", "PS"),), reach=0),
    Spec("REP", "Rounds one elected to play, C.07 Art. 7.6", "C.07 Art. 7.6",
         lambda ev, tb, _, acc: shown(elected_breakdown(ev.ctx, acc), acc, _NOTES["REP"]), aliases=("GE",),
         decimals=0, reach=0),
    Spec("STD", "Standard points (1/½/0 per round), C.07 Art. 7.7", "C.07 Art. 7.7",
         lambda ev, tb, _, acc: shown(standard_breakdown(ev.ctx, acc), acc, _NOTES["STD"], 1), reach=0),
    Spec("TPN", "Tournament pairing number (lower is better), C.07 Art. 7.8", "C.07 Art. 7.8",
         pairing_number, "R", aliases=("SNO",), lower_is_better=True, decimals=0,
         account=number_account("start number", "C.07 Art. 7.8"), reach=0),
)
