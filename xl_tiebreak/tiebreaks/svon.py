"""The FIDE 2012 virtual opponent (C.02 §13, seeds 000 and 002)."""

from __future__ import annotations

from fractions import Fraction
from typing import Union

Number = Union[int, Fraction, str, float]


def svon(score_before: Number, forfeit_score: Number, rounds_completed: int, round_no: int,
         win: Number = 1, draw: Number = Fraction(1, 2), loss: Number = 0) -> Fraction:
    """Score of the virtual opponent for a player's unplayed round ``round_no``.

    ``Svon = S(P, R-1) + (1 - Sf(P, R)) + 0.5 x (n - R)``: the opponent starts with the player's
    score before round R, takes the opposite of the player's forfeit result in R and draws every
    later round up to n, the rounds completed (seed 000, C.02 §13). With 1/½/0 the opposite
    result is ``1 - Sf``; other scoring systems give the loss, draw or win value.

    >>> svon(0, 1, 9, 1)      # seed 000, example 1: opponent absent in round 1 of 9
    Fraction(4, 1)
    """
    s, sf, w, d, lo = (Fraction(str(x)) if isinstance(x, float) else Fraction(x)
                       for x in (score_before, forfeit_score, win, draw, loss))
    if not 1 <= round_no <= rounds_completed:
        raise ValueError(f"round {round_no} is not among rounds 1..{rounds_completed}")
    opposite = lo if sf >= w else d if sf >= d else w
    return s + opposite + d * (rounds_completed - round_no)
