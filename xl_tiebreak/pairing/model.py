"""A round's pairing and the request for it, shared by every pairing system.

A pairing says who plays whom with which colours, and who is not paired in that round: the
pairing-allocated bye (C.04.1 art. 3, "PAB") or a participant who is absent (a bye or absence typed
in advance, a withdrawal). Participants are named by their start numbers, which are the tournament
pairing numbers (C.04.2 art. 2).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Literal

from ..errors import InputError
from ..model import Tournament

#: the PAB (C.04.1 art. 3); absent (typed in advance, withdrawn); a round robin's sit-out (the dummy's
#: partner in a Berger table, which is not a PAB: C.07 Art. 15)
ByeKind = Literal["PAB", "absent", "sit-out"]


@dataclass(frozen=True)
class Pair:
    """One board: ``white`` and ``black`` are start numbers."""

    board: int
    white: int
    black: int


@dataclass(frozen=True)
class Unpaired:
    """A participant not paired in the round: the PAB, absent (typed in advance, withdrawn), or a
    round robin's sit-out."""

    no: int
    kind: ByeKind


@dataclass(frozen=True)
class Pairing:
    """The pairing of one round by one system (``"berger"``, ``"dutch"``, ...)."""

    round: int
    system: str
    pairs: tuple[Pair, ...]
    byes: tuple[Unpaired, ...] = ()

    def to_json(self) -> dict[str, object]:
        """The documented JSON shape (issue 35): start numbers, boards from 1."""
        return {
            "round": self.round,
            "system": self.system,
            "pairs": [{"board": p.board, "white": p.white, "black": p.black} for p in self.pairs],
            "byes": [{"no": b.no, "kind": b.kind} for b in self.byes],
        }


@dataclass(frozen=True)
class Request:
    """What a system pairs: ``event`` holds rounds 1..round-1 (results in) and, in round ``round``,
    only what was typed in advance; ``absent`` are the start numbers not to pair in that round;
    ``forbidden`` the pairs the arbiter forbids (same family, same club)."""

    event: Tournament
    round: int
    absent: frozenset[int] = frozenset()
    forbidden: tuple[frozenset[int], ...] = ()
    baku: bool = False
    options: tuple[tuple[str, str], ...] = field(default=())


class PairingError(InputError):
    """A round that cannot be paired: the message names the players and the rule."""


System = Callable[[Request], Pairing]
