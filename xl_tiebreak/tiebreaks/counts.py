"""The player's own record (Type B): WIN, WON, BPG, BWG, REP, STD, PS, TPN (C.07 Art. 7)."""

from __future__ import annotations

from fractions import Fraction

from .context import FLOSS, FPB, FWIN, GAME, HPB, PAB, ZPB, DFF, Context


def wins(ctx: Context, i: int) -> Fraction:
    """WIN: rounds in which the player obtained the points of a win, played or not (Art. 7.1).

    Forfeit wins and full-point byes count; a pairing-allocated bye counts when it is worth a win.
    """
    W = ctx.W
    return Fraction(sum(1 for p in ctx.pts[i] if p == W))


def games_won(ctx: Context, i: int) -> Fraction:
    """WON: games won over the board (Art. 7.2); round-robin forfeit wins per Art. 15.2."""
    W = ctx.W
    return Fraction(sum(1 for r, p in enumerate(ctx.pts[i]) if p == W and ctx.played(i, r, "type-b")))


def black_games(ctx: Context, i: int) -> Fraction:
    """BPG: games played with Black (Art. 7.3); a forfeit "with Black" is not a game in Swiss events."""
    return Fraction(sum(1 for r, b in enumerate(ctx.black[i]) if b and ctx.played(i, r, "type-b")))


def black_wins(ctx: Context, i: int) -> Fraction:
    """BWG: games won with Black (Art. 7.4)."""
    W = ctx.W
    return Fraction(sum(1 for r, (b, p) in enumerate(zip(ctx.black[i], ctx.pts[i]))
                        if b and p == W and ctx.played(i, r, "type-b")))


def rounds_elected(ctx: Context, i: int) -> Fraction:
    """REP (formerly GE): rounds minus half- and zero-point byes and forfeit losses (Art. 7.6).

    Absences, rounds after a withdrawal or before a late entry and double forfeits count as
    zero-point byes or forfeit losses; PABs, full-point byes and forfeit wins count as played.
    """
    n = 0
    for r, k in enumerate(ctx.kinds[i]):
        if k in (HPB, ZPB):
            continue
        if k in (FLOSS, DFF) and not ctx.played(i, r, "type-b"):
            continue
        n += 1
    return Fraction(n)


def standard_points(ctx: Context, i: int) -> Fraction:
    """STD: 1 per round with more than a draw's points, ½ with exactly a draw's, else 0 (Art. 7.7).

    Compares the player's points with the draw value, which for individual games is the same as
    comparing with the opponent's; a double forfeit gives 0 (RULES_NOTES §4.11, as gacrux).
    """
    D = ctx.D
    total = Fraction(0)
    for p in ctx.pts[i]:
        if p > D:
            total += 1
        elif p == D:
            total += Fraction(1, 2)
    return total


def progressive(ctx: Context, i: int, cut: int = 0) -> Fraction:
    """PS: sum of the running scores after each round; /Ck drops the first k (Art. 7.5)."""
    run = 0
    total = 0
    for r, p in enumerate(ctx.pts[i]):
        run += p
        if r >= cut:
            total += run
    return ctx.to_points(total)


def pairing_number(ctx: Context, i: int) -> Fraction:
    """TPN: the start number (Art. 7.8); lower ranks higher unless /R."""
    return Fraction(ctx.t.players[i].no)


__all__ = ["wins", "games_won", "black_games", "black_wins", "rounds_elected", "standard_points",
           "progressive", "pairing_number", "GAME", "FWIN", "PAB", "FPB"]
