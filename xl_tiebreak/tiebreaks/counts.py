"""The player's own record (Type B): WIN, WON, BPG, BWG, REP, STD, PS, TPN (C.07 Art. 7)."""

from __future__ import annotations

import numpy as np

from .context import DFF, FLOSS, HPB, ZPB, Column, Context
from .registry import Spec, register


def wins(ctx: Context) -> Column:
    """WIN: rounds in which the player obtained the points of a win, played or not (Art. 7.1).

    Forfeit wins and full-point byes count; a pairing-allocated bye counts when it is worth a win.
    """
    return Column((ctx.pts == ctx.W).sum(axis=1))


def games_won(ctx: Context) -> Column:
    """WON: games won over the board (Art. 7.2); round-robin forfeit wins per Art. 15.2."""
    return Column(((ctx.pts == ctx.W) & ctx.played("type-b")).sum(axis=1))


def black_games(ctx: Context) -> Column:
    """BPG: games played with Black (Art. 7.3); a forfeit "with Black" is no game in a Swiss."""
    return Column((ctx.black & ctx.played("type-b")).sum(axis=1))


def black_wins(ctx: Context) -> Column:
    """BWG: games won with Black (Art. 7.4)."""
    return Column((ctx.black & (ctx.pts == ctx.W) & ctx.played("type-b")).sum(axis=1))


def rounds_elected(ctx: Context) -> Column:
    """REP (formerly GE): rounds minus half- and zero-point byes and forfeit losses (Art. 7.6).

    Absences, rounds after a withdrawal or before a late entry and double forfeits count as
    zero-point byes or forfeit losses; PABs, full-point byes and forfeit wins count as played.
    A round-robin forfeit loss that Art. 15.2 makes a regular game counts too.
    """
    k = ctx.kind
    unplayed = np.isin(k, (HPB, ZPB)) | (np.isin(k, (FLOSS, DFF)) & ~ctx.played("type-b"))
    return Column(ctx.n - unplayed.sum(axis=1))


def standard_points(ctx: Context) -> Column:
    """STD: 1 per round with more than a draw's points, ½ with exactly a draw's, else 0 (7.7).

    Compares the player's points with the draw value, which for individual games is the same as
    comparing with the opponent's; a double forfeit gives 0 (RULES_NOTES §4.11, as gacrux).
    """
    halves = 2 * (ctx.pts > ctx.D).sum(axis=1) + (ctx.pts == ctx.D).sum(axis=1)
    return Column(halves, 2)


def progressive(ctx: Context, cut: int = 0) -> Column:
    """PS: the sum of the running scores after each round; /Ck drops the first k (Art. 7.5)."""
    running = np.cumsum(ctx.pts, axis=1)
    return Column(running[:, cut:].sum(axis=1), ctx.scale)


def pairing_number(ctx: Context) -> Column:
    """TPN: the start number (Art. 7.8); lower ranks higher unless /R."""
    return Column(np.array([p.no for p in ctx.t.players], dtype=np.int64))


# ------------------------------------------------------------------------------ registry rows

register(Spec("WIN", "Number of wins, played or not, C.07 Art. 7.1", "C.07 Art. 7.1",
              lambda ev, tb, _: wins(ev.ctx), decimals=0, excel=(("WINS", "WIN"),)))
register(Spec("WON", "Number of games won over the board, C.07 Art. 7.2", "C.07 Art. 7.2",
              lambda ev, tb, _: games_won(ev.ctx), decimals=0, excel=(("GAMES_WON", "WON"),)))
register(Spec("BPG", "Number of games played with Black, C.07 Art. 7.3", "C.07 Art. 7.3",
              lambda ev, tb, _: black_games(ev.ctx), decimals=0, excel=(("BLACK_GAMES", "BPG"),)))
register(Spec("BWG", "Number of games won with Black, C.07 Art. 7.4", "C.07 Art. 7.4",
              lambda ev, tb, _: black_wins(ev.ctx), decimals=0, excel=(("BLACK_WINS", "BWG"),)))
register(Spec("PS", "Sum of progressive scores, C.07 Art. 7.5", "C.07 Art. 7.5",
              lambda ev, tb, _: progressive(ev.ctx, tb.cut), "C", excel=(("PROGRESSIVE", "PS"),)))
register(Spec("REP", "Rounds one elected to play, C.07 Art. 7.6", "C.07 Art. 7.6",
              lambda ev, tb, _: rounds_elected(ev.ctx), aliases=("GE",), decimals=0))
register(Spec("STD", "Standard points (1/½/0 per round), C.07 Art. 7.7", "C.07 Art. 7.7",
              lambda ev, tb, _: standard_points(ev.ctx)))
register(Spec("TPN", "Tournament pairing number (lower is better), C.07 Art. 7.8", "C.07 Art. 7.8",
              lambda ev, tb, _: pairing_number(ev.ctx), "R", aliases=("SNO",), lower_is_better=True,
              decimals=0))
