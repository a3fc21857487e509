"""The player's own record (Type B): WIN, WON, BPG, BWG, REP, STD, PS, TPN (C.07 Art. 7).

Each count is a per-round mask (a :class:`~.breakdown.Breakdown` whose parts are 1 where the
round counts), summed; the account reads the same mask and why a round does not count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Callable

import numpy as np

from .breakdown import Account, Breakdown, Fact, Layout, mark, num, summed
from .context import DFF, FLOSS, HPB, ZPB, Column, Context
from .registry import Spec, register
from .reasons import Reason as R

if TYPE_CHECKING:
    from ..descriptor import TieBreak


def counted(ctx: Context, ok: np.ndarray, account: bool, why: Callable[[], list]) -> Breakdown:
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
    """PS: the sum of the running scores after each round; /Ck drops the first k (Art. 7.5)."""
    running = np.cumsum(ctx.pts, axis=1)
    first = np.arange(ctx.n)[None, :] < cut
    parts = np.where(first, 0, running)
    if not account:
        return summed(parts, ctx.scale)
    return summed(parts, ctx.scale, reasons=mark(parts.shape, (first, R.CUT_FIRST_ROUNDS)),
                  facts={"running": Fact(running, ctx.scale)}, ctx=ctx)


def wins(ctx: Context) -> Column:
    """WIN (:func:`wins_breakdown`)."""
    return wins_breakdown(ctx).column


def games_won(ctx: Context) -> Column:
    """WON (:func:`won_breakdown`)."""
    return won_breakdown(ctx).column


def black_games(ctx: Context) -> Column:
    """BPG (:func:`black_breakdown`)."""
    return black_breakdown(ctx).column


def black_wins(ctx: Context) -> Column:
    """BWG (:func:`black_breakdown`)."""
    return black_breakdown(ctx, wins_only=True).column


def rounds_elected(ctx: Context) -> Column:
    """REP (:func:`elected_breakdown`)."""
    return elected_breakdown(ctx).column


def standard_points(ctx: Context) -> Column:
    """STD (:func:`standard_breakdown`)."""
    return standard_breakdown(ctx).column


def progressive(ctx: Context, cut: int = 0) -> Column:
    """PS (:func:`progressive_breakdown`)."""
    return progressive_breakdown(ctx, cut).column


def pairing_number(ctx: Context) -> Column:
    """TPN: the start number (Art. 7.8); lower ranks higher unless /R."""
    return Column(np.array([p.no for p in ctx.t.players], dtype=np.int64))


_NOTES = {"WIN": "rounds with the points of a win, played or not (C.07 Art. 7.1)",
          "WON": "games won over the board (C.07 Art. 7.2)",
          "BPG": "games played with Black (C.07 Art. 7.3)",
          "BWG": "games won with Black (C.07 Art. 7.4)",
          "REP": "rounds minus requested byes and forfeit losses (C.07 Art. 7.6)",
          "STD": "1 for more than a draw's points, ½ for a draw's (C.07 Art. 7.7)",
          "PS": "the sum of the running scores (C.07 Art. 7.5)"}
COUNT_COLUMNS = (("Rd", "rd"), ("Result", "result"), ("Counts", "parts"))


def record_account(ctx: Context, i: int, tb: "TieBreak", value: Any = None, res: Any = None) -> Breakdown:
    """The account of WIN, WON, BPG, BWG, REP, STD and PS: which rounds counted."""
    name = tb.name
    bd = {"WIN": lambda: wins_breakdown(ctx, True), "WON": lambda: won_breakdown(ctx, True),
          "BPG": lambda: black_breakdown(ctx, False, True), "BWG": lambda: black_breakdown(ctx, True, True),
          "REP": lambda: elected_breakdown(ctx, True), "STD": lambda: standard_breakdown(ctx, True),
          "PS": lambda: progressive_breakdown(ctx, tb.cut, True)}[name]()
    columns = (COUNT_COLUMNS[:2] + (("Running score", "running"),)) if name == "PS" else COUNT_COLUMNS
    d = 1 if name in ("PS", "STD") else 0
    return Breakdown(bd.column, bd.parts, bd.den, bd.reasons, bd.facts, ctx,
                     Layout(columns, (_NOTES[name],), skip_zero=True, decimals=d, value_decimals=d))


def number_account(ctx: Context, i: int, tb: "TieBreak", value: Any = None, res: Any = None) -> Account:
    """TPN: the start number (Art. 7.8); the rating's account (RTNG, Art. 10.6) is the same shape."""
    what, art = ("start number", "7.8") if tb.name == "TPN" else ("rating", "10.6")
    return Account((what.capitalize(),), (((value,), f"the player's {what} (C.07 Art. {art})", "", None),),
                   num(value, 0) if value is not None else "unrated: undefined")


# ------------------------------------------------------------------------------ registry rows

register(Spec("WIN", "Number of wins, played or not, C.07 Art. 7.1", "C.07 Art. 7.1",
              lambda ev, tb, _: wins(ev.ctx), decimals=0, excel=(("WINS", "WIN"),), account=record_account))
register(Spec("WON", "Number of games won over the board, C.07 Art. 7.2", "C.07 Art. 7.2",
              lambda ev, tb, _: games_won(ev.ctx), decimals=0, excel=(("GAMES_WON", "WON"),), account=record_account))
register(Spec("BPG", "Number of games played with Black, C.07 Art. 7.3", "C.07 Art. 7.3",
              lambda ev, tb, _: black_games(ev.ctx), decimals=0, excel=(("BLACK_GAMES", "BPG"),),
              account=record_account))
register(Spec("BWG", "Number of games won with Black, C.07 Art. 7.4", "C.07 Art. 7.4",
              lambda ev, tb, _: black_wins(ev.ctx), decimals=0, excel=(("BLACK_WINS", "BWG"),), account=record_account))
register(Spec("PS", "Sum of progressive scores, C.07 Art. 7.5", "C.07 Art. 7.5",
              lambda ev, tb, _: progressive(ev.ctx, tb.cut), "C", excel=(("PROGRESSIVE", "PS"),),
              account=record_account))
register(Spec("REP", "Rounds one elected to play, C.07 Art. 7.6", "C.07 Art. 7.6",
              lambda ev, tb, _: rounds_elected(ev.ctx), aliases=("GE",), decimals=0, account=record_account))
register(Spec("STD", "Standard points (1/½/0 per round), C.07 Art. 7.7", "C.07 Art. 7.7",
              lambda ev, tb, _: standard_points(ev.ctx), account=record_account))
register(Spec("TPN", "Tournament pairing number (lower is better), C.07 Art. 7.8", "C.07 Art. 7.8",
              lambda ev, tb, _: pairing_number(ev.ctx), "R", aliases=("SNO",), lower_is_better=True,
              decimals=0, account=number_account))
