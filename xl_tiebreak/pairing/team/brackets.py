"""The pairing process of the team system (C.04.6 art. 3.3.2): the PAB first (art. 3.4), then
bracket after bracket the top scoregroup with a set of upfloaters (art. 3.5), paired by art. 3.6.
There are no downfloaters: every team of the top scoregroup is paired in its own bracket.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations, product
from typing import Iterator, Optional, Sequence

from ..model import PairingError
from .history import TeamState
from .matching import CanMeet, best_pairing, pairable
from .trace import SetPassed, TeamBracket, TeamTrace, identifiers_before


@dataclass(frozen=True)
class Field:
    """The teams to pair in a round and what the criteria read: ``states`` by TPN, ``can_meet``
    ([C1] and the pairs forbidden), ``floats_count`` whether [C7] and [C10] apply (not in the last
    two rounds, art. 2.3.4 and 2.3.7)."""

    states: dict[int, TeamState]
    can_meet: CanMeet
    floats_count: bool


def choose_pab(f: Field, teams: Sequence[int], trace: Optional[TeamTrace] = None) -> Optional[int]:
    """Art. 3.4: with an odd number of teams, the PAB goes to the team that (3.4.1) leaves a legal
    pairing for all the others, and may have it ([C2] art. 2.1.2), with (3.4.2) the lowest score,
    (3.4.3) the most matches played, (3.4.4) the largest TPN. ``None`` with an even number.
    ``trace``: the teams [C2] bars and those passed over by art. 3.4.1 are noted in it."""
    if len(teams) % 2 == 0:
        return None
    st = f.states
    passed: list[int] = []
    for t in sorted((t for t in teams if not st[t].pab_barred),
                    key=lambda t: (st[t].score, -st[t].played, -t)):
        if pairable([u for u in teams if u != t], f.can_meet):
            if trace is not None:
                trace.pab, trace.pab_passed = t, tuple(passed)
                trace.pab_barred = tuple(sorted(u for u in teams if st[u].pab_barred))
            return t
        passed.append(t)
    raise PairingError("no team can receive the pairing-allocated bye so that all the others are paired "
                       "(C.04.6 art. 3.4.1 and art. 2.1.2: no PAB after a PAB, a match won by forfeit or a "
                       "full-point bye; C.04.1: two teams shall not play each other more than once)")


def _profiles(levels: list[list[int]], k: int) -> list[tuple[int, ...]]:
    """The counts per score level (levels in descending score) of ``k`` upfloaters, best first by
    [C5] (art. 2.3.2): the upfloaters' scores taken in ascending order, the largest first."""
    out: list[tuple[int, ...]] = []

    def walk(i: int, left: int, acc: tuple[int, ...]) -> None:
        if i == len(levels):
            if left == 0:
                out.append(acc)
            return
        for c in range(min(left, len(levels[i])), -1, -1):
            walk(i + 1, left - c, acc + (c,))
    walk(0, k, ())
    # a profile is better when its scores in ascending order are larger: fewer teams from the
    # lowest levels first (compare the counts from the lowest level up, fewer is better)
    return sorted(out, key=lambda cs: tuple(cs[::-1]))


def _sets(levels: list[list[int]], counts: tuple[int, ...]) -> Iterator[list[int]]:
    """Art. 3.5.3-3.5.4: the sets with these counts, each sorted by score then TPN, in the
    lexicographic order of their TPNs."""
    for parts in product(*(combinations(lv, c) for lv, c in zip(levels, counts))):
        yield [t for part in parts for t in part]


def _c6_ok(f: Field, left: list[int], rest: list[int]) -> bool:
    """[C6] art. 2.3.3 for what is left of the next scoregroup: it can be paired ([C1], [C3]) with
    the fewest upfloaters its size allows ([C4]: none when even, one when odd)."""
    if not left:
        return True
    if len(left) % 2 == 0:
        return pairable(left, f.can_meet) and pairable(rest, f.can_meet)
    return any(pairable(left + [u], f.can_meet) and pairable([v for v in rest if v != u], f.can_meet)
               for u in rest)


#: the most sets of upfloaters one bracket examines before it gives up (a guard against a search that
#: would not end in a reasonable time; no generated or real event comes near it)
MAX_SETS = 200_000


def choose_upfloaters(f: Field, residents: list[int], lower: list[int], following: Optional[Fraction] = None,
                      step: Optional[TeamBracket] = None) -> list[int]:
    """Art. 3.5: the upfloaters of the bracket of ``residents`` (the top scoregroup) from the
    ``lower`` teams. [C4] fewest, [C5] best scores; within one score profile the sets in the order
    of art. 3.5.4, and of those that give a legal pairing of the bracket and of every team left
    ([C1], [C3]) the first with the best [C6] (complied or not), then the best [C7] (art. 2.3.4,
    upfloaters that floated in the previous round; not in the last two rounds). ``following``: the
    score of the scoregroup after the residents' among all the teams of the round, those paired
    already as upfloaters included: [C6] holds when none of it is left ("all the teams in the
    following scoregroup became or are upfloaters"); by default the next score of ``lower``.
    ``step``: the sets examined and those passed over before the chosen one are noted in it."""
    st = f.states
    scores = sorted({st[t].score for t in lower}, reverse=True)
    levels = [sorted(t for t in lower if st[t].score == s) for s in scores]
    nxt = [t for t in lower if st[t].score == (scores[0] if following is None and scores else following)]
    examined = 0
    refused: list[SetPassed] = []  # (only with a ``step``) the sets met before the chosen one
    for k in range(len(residents) % 2, len(lower) + 1, 2):
        for counts in _profiles(levels, k):
            best: Optional[tuple[tuple[int, int], list[int]]] = None
            graded: list[tuple[tuple[int, ...], str, tuple[int, int]]] = []  # (set, C1/C3 or "", (C6, C7))
            for ups in _sets(levels, counts):
                examined += 1
                if examined > MAX_SETS:
                    raise PairingError(f"the bracket of score {_score(st[residents[0]].score)} ({_list(residents)}) "
                                       f"needs more than {MAX_SETS:,} sets of upfloaters examined; pair this round by "
                                       "hand (C.04.6 art. 3.3.3: the Chief Arbiter decides)")
                chosen = set(ups)
                rest = [t for t in lower if t not in chosen]
                if not pairable(residents + ups, f.can_meet) or not pairable(rest, f.can_meet):
                    if step is not None:
                        graded.append((tuple(ups), "C1" if not pairable(residents + ups, f.can_meet) else "C3", (0, 0)))
                    continue
                left = [t for t in nxt if t not in chosen]
                c6 = 0 if _c6_ok(f, left, [t for t in rest if t not in set(left)]) else 1
                c7 = sum(st[t].floated for t in ups) if f.floats_count else 0
                if step is not None:
                    graded.append((tuple(ups), "", (c6, c7)))
                if best is None or (c6, c7) < best[0]:
                    best = ((c6, c7), ups)
                    if best[0] == (0, 0):
                        break
            if best is not None:
                if step is not None:
                    _note_sets(step, refused, graded, best, examined)
                return best[1]
            if step is not None:
                refused += [SetPassed(u, why) for u, why, _g in graded]
    raise PairingError("the teams of score " + _score(st[residents[0]].score) + f" ({_list(residents)}) cannot be "
                       "paired with any set of upfloaters (C.04.6 art. 3.3.3; C.04.1: two teams shall not play "
                       "each other more than once)")


def _note_sets(step: TeamBracket, refused: list[SetPassed], graded: list[tuple[tuple[int, ...], str, tuple[int, int]]],
               best: tuple[tuple[int, int], list[int]], examined: int) -> None:
    """The sets before the chosen one, each with the first criterion it breaks (C1, C3, then [C6]
    or [C7] against the chosen set's values), and the chosen set's [C6], [C7] values, kept in the
    step."""
    chosen = tuple(best[1])
    for ups, why, g in graded:
        if ups == chosen:
            break
        refused.append(SetPassed(ups, why or ("C6" if g[0] > best[0][0] else "C7")))
    step.upfloaters, step.sets_examined, step.sets_passed = chosen, examined, tuple(refused)
    step.set_grade = best[0]


def pair_bracket(f: Field, residents: list[int], ups: list[int], step: Optional[TeamBracket] = None
                 ) -> list[tuple[int, int]]:
    """Art. 3.6: the bracket's pairs (top member, bottom member), the first identifier among those
    with the best [C8] (art. 2.3.5: teams whose colour preference is not met; two teams wanting the
    same colour leave one unmet), [C9] (art. 2.3.6, Type B: the same for strong preferences) and
    [C10] (art. 2.3.7: upfloaters' opponents that floated in the previous round). ``step``: the
    pairs, their counts and the earlier identifiers passed over are noted in it."""
    st = f.states
    up = set(ups)

    def cost(a: int, b: int) -> tuple[int, int, int]:
        pa, pb = st[a].preference, st[b].preference
        same = pa.colour is not None and pa.colour == pb.colour
        c10 = 0
        if f.floats_count:
            c10 = (a in up and st[b].floated) + (b in up and st[a].floated)
        return int(same), int(same and pa.strong and pb.strong), c10
    pairs = best_pairing(residents + ups, f.can_meet, cost)
    if not pairs:
        raise PairingError(f"the bracket {_list(residents + ups)} cannot be paired (C.04.6 art. 3.3.3)")
    if step is not None:
        step.pairs = tuple(pairs)
        step.costs = (sum(cost(a, b)[0] for a, b in pairs), sum(cost(a, b)[1] for a, b in pairs),
                      sum(cost(a, b)[2] for a, b in pairs))

        def why_not(a: int, b: int) -> str:
            return "C1" if b in st[a].opponents else "forbidden"
        step.passed_over, step.walked = identifiers_before(residents + ups, f.can_meet, why_not, cost, step.pairs)
    return pairs


def pair_round(f: Field, teams: list[int], trace: Optional[TeamTrace] = None
               ) -> tuple[list[tuple[int, int]], Optional[int]]:
    """Art. 3.3.2: the PAB, then the brackets from the top scoregroup down; (pairs, PAB team).
    ``trace``: each step is noted in it (only when asked)."""
    if not pairable(teams, f.can_meet) and len(teams) % 2 == 0:
        raise PairingError(f"teams {_list(teams)} cannot all be paired: C.04.1 \"two teams shall not play each other "
                           "more than once\" (C.04.6 art. 2.1.1)")
    pab = choose_pab(f, teams, trace)
    left = sorted((t for t in teams if t != pab), key=lambda t: (-f.states[t].score, t))
    levels = sorted({f.states[t].score for t in left}, reverse=True)
    pairs: list[tuple[int, int]] = []
    while left:
        top = f.states[left[0]].score
        residents = [t for t in left if f.states[t].score == top]
        lower = [t for t in left if f.states[t].score != top]
        following = next((s for s in levels if s < top), None)
        step = TeamBracket(top, tuple(residents)) if trace is not None else None
        ups = choose_upfloaters(f, residents, lower, following, step) if lower or len(residents) % 2 else []
        pairs += pair_bracket(f, residents, ups, step)
        if trace is not None and step is not None:
            trace.brackets.append(step)
        done = set(residents) | set(ups)
        left = [t for t in left if t not in done]
    return pairs, pab


def _score(x: Fraction) -> str:
    return f"{float(x):g}"


def _list(ts: Sequence[int]) -> str:
    return ", ".join(str(t) for t in sorted(ts))
