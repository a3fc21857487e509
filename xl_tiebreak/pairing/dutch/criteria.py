"""The criteria a Dutch pairing is judged by (C.04.3 art. 2, 2026), as one failure vector.

C1-C3 are absolute (:meth:`Round.compatible`); C4 is the completion test (:mod:`.completion`) and C5
the PAB's score (:mod:`.engine`). A bracket's candidates are compared by the failure values of the
quality criteria, criterion by criterion (art. 3.4-3.8): the vector below, compared as a tuple, in
the order C6, C7, C8, C9, C10, C11, C12, C13, C14, C15, C16, C17, C18, C19, C20, C21. Counts are
ints; C7 and C18-C21 are lists of scores or score differences sorted in descending order; C8 is the
following bracket's best (C6, C7) pair (see :mod:`.bracket`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from ..history import Colour, PlayerState
from .colours import allocate

Vector = tuple[object, ...]


@dataclass
class Round:
    """What the criteria read: the participants' states, who is a topscorer (art. 1.8: more than
    half the maximum score, only when the final round is paired), the pairs the arbiter forbids,
    the initial-colour and the numbers art. 5.2.5 reads."""

    states: dict[int, PlayerState]
    topscorers: frozenset[int]
    forbidden: frozenset[frozenset[int]]
    initial: Colour
    numbers: dict[int, int]

    def __post_init__(self) -> None:
        nos = list(self.states)
        self.partners: dict[int, frozenset[int]] = {
            a: frozenset(b for b in nos if b != a and self._allowed(a, b)) for a in nos}

    def compatible(self, a: int, b: int) -> bool:
        """C1 (no rematch: C.04.1 art. 2, played games only), a forbidden pair, C3 (two
        non-topscorers with the same absolute colour preference do not meet)."""
        return b in self.partners[a]

    def _allowed(self, a: int, b: int) -> bool:
        sa, sb = self.states[a], self.states[b]
        if b in sa.opponents or frozenset((a, b)) in self.forbidden:
            return False
        pa, pb = sa.preference, sb.preference
        if (pa.strength == "absolute" and pb.strength == "absolute" and pa.colour == pb.colour
                and a not in self.topscorers and b not in self.topscorers):
            return False
        return True


@dataclass(frozen=True)
class PairCost:
    """One pair's part of the counts and lists of the vector."""

    c10: int
    c11: int
    c12: int
    c13: int
    c15: int
    c17: int
    d19: Optional[Fraction]
    d21: Optional[Fraction]


def pair_cost(rnd: Round, a: int, b: int, mdps: frozenset[int]) -> PairCost:
    """The failures the pair a-b brings. ``mdps``: the bracket's moved-down players (an MDP meets a
    resident, art. 3.2). C18/C20 come from the MDPs that float on, not from pairs (:mod:`.bracket`)."""
    sa, sb = rnd.states[a], rnd.states[b]
    pa, pb = sa.preference, sb.preference
    same = pa.colour is not None and pa.colour == pb.colour
    c12 = 1 if same else 0  # C12: one of the two does not get the colour preferred
    c13 = 1 if same and pa.rank >= 2 and pb.rank >= 2 else 0  # C13: ... a strong one
    c10 = c11 = 0
    if a in rnd.topscorers or b in rnd.topscorers:  # C10, C11: topscorers and their opponents
        white, _ = allocate(sa, sb, rnd.initial, rnd.numbers)
        for s in (sa, sb):
            seq = s.colours + ("w" if s.tpn == white else "b")
            cd = seq.count("w") - seq.count("b")
            c10 += 1 if abs(cd) > 2 else 0
            c11 += 1 if len(seq) >= 3 and seq[-1] == seq[-2] == seq[-3] else 0
    c15 = c17 = 0
    d19 = d21 = None
    if (a in mdps) != (b in mdps):  # an MDP and its resident opponent (C15, C17, C19, C21)
        m, r = (sa, sb) if a in mdps else (sb, sa)
        diff = m.score - r.score
        c15 = 1 if r.floated(1) == "up" else 0
        c17 = 1 if r.floated(2) == "up" else 0
        d19 = diff if r.floated(1) == "up" else None
        d21 = diff if r.floated(2) == "up" else None
    return PairCost(c10, c11, c12, c13, c15, c17, d19, d21)
