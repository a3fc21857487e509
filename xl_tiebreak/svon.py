"""The FIDE 2012 virtual opponent (C.02 §13, seeds 000 and 002): one formula, three faces.

:func:`terms` is the rule; :func:`svon` applies it to one round (the ``SVON`` spreadsheet
function), :func:`svon_array` to every player and round at once (the engine), and
:func:`formula` writes it out filled in (the explanations).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any, Optional, Union

import numpy as np

Number = Union[int, Fraction, str, float]


def terms(before: Any, got: Any, later: Any, win: Any, draw: Any, loss: Any) -> tuple[Any, Any, Any]:
    """The three terms of ``Svon = S(P, R-1) + (1 - Sf(P, R)) + 0.5 x (n - R)``: the player's score
    before the round, the opposite of the player's result in it (a win's points give the opponent
    a loss, a draw's a draw, anything less a win) and a draw in each of the ``later`` rounds.
    Works on numbers and on arrays alike."""
    opposite = np.where(got >= win, loss, np.where(got >= draw, draw, win))
    if np.ndim(opposite) == 0:
        opposite = opposite[()]
    return before, opposite, draw * later


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
    return Fraction(sum(terms(s, sf, rounds_completed - round_no, w, d, lo), Fraction(0)))


def svon_array(pts: np.ndarray, win: int, draw: int, loss: int,
               facts: Optional[dict[str, np.ndarray]] = None, rounds: Optional[np.ndarray] = None) -> np.ndarray:
    """The virtual opponent of every player and round (players x rounds of points, in the
    context's units), by :func:`terms`; ``facts`` receives the terms (``before``, ``opposite``,
    ``later``) for an account. ``rounds``: each player's rounds completed, when they are not all
    the columns (live standings: a game not in yet is no round completed)."""
    n = pts.shape[1]
    before = np.cumsum(pts, axis=1) - pts
    last = n if rounds is None else np.asarray(rounds)[:, None]
    later = np.broadcast_to(last - np.arange(1, n + 1), pts.shape)
    before, opposite, draws = terms(before, pts, later, win, draw, loss)
    if facts is not None:
        facts.update(before=before, opposite=opposite, later=later)
    vo: np.ndarray = before + opposite + draws
    return vo


def formula(p: Any) -> str:
    """The virtual opponent's formula filled in from an account row's facts (``before``, ``got``,
    ``n``, ``rd``, ``score``; with other scoring systems ``opposite``, ``draw``, ``later``):
    ``Svon = 3 + (1 - 1) + 0.5 x (9 - 7) = 4``."""
    if p["standard"]:
        return f"Svon = {p['before']} + (1 - {p['got']}) + 0.5 x ({p['n']} - {p['rd']}) = {p['score']}"
    return (f"Svon = {p['before']} + {p['opposite']} (the opposite result) + {p['draw']} x {p['later']} = "
            f"{p['score']}")
