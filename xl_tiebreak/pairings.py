"""Both sides of every pairing must tell the same story.

Used by every reader (TRF and crosstable): a forfeit loss entered on both sides of one pairing
is a double forfeit; otherwise each side's result must mirror the other's (``12w1`` against
``5b0``), the colours must differ, and a player cannot meet himself. A mismatch raises an error
naming the place, because tie-breaks computed from it would be silently wrong.
"""

from __future__ import annotations

from typing import Callable

from .errors import InputError
from .model import MIRROR, Kind, Round

_PENDING = Kind.NOT_PLAYED


def describe(r: Round) -> str:
    """A round in words, for messages."""
    if r.opponent is None:
        return "no game (absent)" if r.kind in (Kind.ABSENT, _PENDING) else f"a {r.kind.value}"
    colour = {"w": " with White", "b": " with Black"}.get(r.colour or "", "")
    if r.kind is _PENDING:
        return f"a pairing against {r.opponent}{colour} without a result"
    return f"a {r.kind.value} against {r.opponent}{colour}"


def reconcile(rounds: dict[int, list[Round]], place: Callable[[int, int], str]) -> dict[int, list[Round]]:
    """Mark double forfeits and check that every pairing mirrors; ``place(no, round)`` names the
    place of a player's round (1-based) in messages. Works in place and returns ``rounds``."""
    for no, rs in rounds.items():
        for r, rd in enumerate(rs):
            if rd.kind is Kind.FORFEIT_LOSS and rd.opponent in rounds:
                other = rounds[rd.opponent][r]
                if other.opponent == no and other.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
                    rs[r] = Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour, rd.points)
    for no, rs in rounds.items():
        for r, rd in enumerate(rs):
            opp = rd.opponent
            if opp is None:
                continue
            if opp == no:
                raise InputError(f"round {r + 1}: player {no} is paired with himself", place(no, r + 1))
            if opp not in rounds:
                raise InputError(f"round {r + 1}: opponent {opp} is not a player of this event", place(no, r + 1))
            other = rounds[opp][r]
            want = _PENDING if rd.kind is _PENDING else MIRROR[rd.kind]
            if other.opponent != no or other.kind is not want:
                raise InputError(
                    f"round {r + 1}: player {no} has {describe(rd)}, but player {opp} has "
                    f"{describe(other)} in that round", place(no, r + 1))
            if rd.colour and other.colour and rd.colour == other.colour:
                raise InputError(f"round {r + 1}: players {no} and {opp} both have "
                                 f"{'White' if rd.colour == 'w' else 'Black'}", place(no, r + 1))
    return rounds
