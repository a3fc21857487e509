"""What a team round's pairing decided and why (C.04.6, 2026; issue 35 item 5), recorded by the
engine's own steps while it pairs, as :mod:`..dutch.trace` does for the Dutch system: the PAB
(art. 3.4), each bracket's scoregroup and upfloaters with the earlier sets of art. 3.5.4's order
passed over, the pairing identifier (art. 3.6) with the earlier identifiers passed over, and each
match's colour rule (art. 4.3.1-4.3.9).

A :class:`TeamTrace` is filled only when one is handed to the engine; without one nothing is
recorded. It holds facts, not words: :mod:`xl_tiebreak.pairing.team_explained` says them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from itertools import combinations
from typing import Callable, Optional

from ..dutch.trace import PassedOver

#: how many passed-over sets or identifiers a bracket keeps (the earliest in the text's order)
KEEP = 12
#: the most identifiers the explanation walks through before the chosen one (only when asked)
MAX_WALK = 20_000


@dataclass(frozen=True)
class SetPassed:
    """A set of upfloaters (art. 3.5.4 order) passed over, with the first criterion it breaks:
    ``C1`` (the bracket cannot be paired without a rematch or a forbidden pair), ``C3`` (the teams
    left could not all be paired), ``C6``, ``C7``."""

    teams: tuple[int, ...]
    criterion: str


@dataclass
class TeamBracket:
    """One bracket (art. 3.3.2): the scoregroup's score and residents (the top scoregroup), the
    upfloaters chosen, how many sets were examined, the earlier sets passed over, the chosen set's
    [C6] (1: not complied) and [C7] values, the pairs
    (top member first, art. 3.6.1), the chosen pairing's [C8], [C9], [C10] counts and the earlier
    identifiers passed over (``walked``: whether every earlier identifier was looked at)."""

    score: Fraction
    residents: tuple[int, ...]
    upfloaters: tuple[int, ...] = ()
    sets_examined: int = 0
    sets_passed: tuple[SetPassed, ...] = ()
    set_grade: tuple[int, int] = (0, 0)
    pairs: tuple[tuple[int, int], ...] = ()
    costs: tuple[int, int, int] = (0, 0, 0)
    passed_over: tuple[PassedOver, ...] = ()
    walked: bool = True


@dataclass(frozen=True)
class TeamSeat:
    """What art. 4 reads of one team of a pair: TPN, primary and secondary score, the colours of
    its played matches (art. 1.6), colour difference and preference (art. 1.7: ``w``/``b`` or
    None, strong or not)."""

    no: int
    primary: Fraction
    secondary: Fraction
    colours: str
    difference: int
    colour: Optional[str]
    strong: bool


@dataclass(frozen=True)
class TeamColour:
    """One match's colours: the rule of art. 4.3 that decided (``4.3.1``..``4.3.9``), the
    first-team (art. 4.2) and the other team as the rule read them."""

    white: int
    black: int
    article: str
    first: TeamSeat
    other: TeamSeat


@dataclass
class TeamTrace:
    """A team round's record: the colour model (art. 1.7), the primary score (art. 1.2: ``MP`` or
    ``GP``), the initial-colour (art. 4.1), whether [C7] and [C10] apply, the PAB
    (art. 3.4) with the teams [C2] bars and those passed over because the others could not all be
    paired (art. 3.4.1), the brackets and each match's colour rule."""

    round: int = 0
    model: str = "A"
    primary: str = "MP"
    initial: str = "w"
    floats_count: bool = True
    pab: Optional[int] = None
    pab_barred: tuple[int, ...] = ()
    pab_passed: tuple[int, ...] = ()
    brackets: list[TeamBracket] = field(default_factory=list)
    colours: list[TeamColour] = field(default_factory=list)


def identifiers_before(teams: list[int], can_meet: Callable[[int, int], bool],
                       why_not: Callable[[int, int], str], cost: Callable[[int, int], tuple[int, int, int]],
                       chosen: tuple[tuple[int, int], ...]) -> tuple[tuple[PassedOver, ...], bool]:
    """The identifiers of art. 3.6.2 that come before ``chosen`` (the bracket's pairs, top member
    first), in their order: the top members ascending, then their partners (art. 3.6.1), each
    with the first criterion it breaks where the chosen one does not: a pair that may not meet
    cuts every identifier that holds it (``C1`` a rematch, ``forbidden``: ``why_not``; noted once,
    ``partial``), a complete one is worse on [C8], [C9] or [C10] (art. 3.6.4). The second value
    is False when :data:`MAX_WALK` steps did not reach the chosen one."""
    ts = sorted(teams)
    half = len(ts) // 2
    best = tuple(sum(cost(a, b)[i] for a, b in chosen) for i in range(3))
    out: list[PassedOver] = []
    steps = 0

    def walk(tops: tuple[int, ...], free: list[int], acc: tuple[tuple[int, int], ...]) -> Optional[bool]:
        """True at the chosen identifier, None when the walk is too long, else False."""
        nonlocal steps
        if len(acc) == half:
            if acc == chosen:
                return True
            got = tuple(sum(cost(a, b)[i] for a, b in acc) for i in range(3))
            at = next((i for i in range(3) if got[i] != best[i]), 2)
            if len(out) < 4 * KEEP:
                out.append(PassedOver(acc, ("C8", "C9", "C10")[at]))
            return False
        top = tops[len(acc)]
        for b in free:
            steps += 1
            if steps > MAX_WALK:
                return None
            if b < top:
                continue
            pair = acc + ((top, b),)
            if not can_meet(top, b):
                if len(out) < 4 * KEEP:
                    out.append(PassedOver(pair, why_not(top, b), partial=True))
                continue
            done = walk(tops, [x for x in free if x != b], pair)
            if done is not False:
                return done
        return False
    for tops in combinations(ts, half):
        bottoms = [t for t in ts if t not in tops]
        if any(a > b for a, b in zip(tops, bottoms)):
            continue  # (no identifier has these top members: each is the smaller TPN of its pair)
        done = walk(tops, bottoms, ())
        if done is not False:
            return tuple(out), bool(done)
    return tuple(out), False
