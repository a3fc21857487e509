"""Pairing one bracket (C.04.3 art. 3 and 4, 2026): its candidates in the order of art. 4, the best
one by the criteria (art. 3.4-3.8).

The text's procedure, stated as a search: the answer is the earliest-generated candidate among those
with the smallest failure vector (:mod:`.criteria`). The candidates are generated in the text's order
(art. 4): MDP sets (4.4), then the transpositions of S2 that pair the MDPs (4.2), then, for the
remainder, its number of pairs, the resident exchanges (4.3) and the transpositions (4.2). C4
(completion) is tested on each candidate that would become the answer.

The search runs in phases, each a branch-and-bound in that order: first it looks for a candidate that
meets the bracket's lower bound (the floor), pruning every branch that cannot; the first one found is
the answer (no candidate does better, and it comes first). Failing that, the same with the floor
tightened (C8 and C9 of the best single downfloater). Failing that, it keeps the best candidate
found, pruning every branch whose lower bound reaches it (no candidate there does better, and an
equal one comes later).

C8 (choose the downfloaters so that the following bracket can comply with C1-C7) is read as the
following bracket's best (C6, C7) when the candidate's downfloaters join the next scoregroup as MDPs
and the players below it stay pairable (C4), as gacrux encodes it.

Limits: the exchanges of more than two players per side are not generated in brackets where they
number over ``EXCHANGE_LIMIT``; the floor phases stop after ``FLOOR_BUDGET`` steps, the last one after
``NODE_BUDGET`` (keeping the best found).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from math import comb
from typing import Callable, Iterator, Optional

from .completion import BYE, Completion, greedy
from .criteria import PairCost, Round, Vector, pair_cost
from .trace import Recorder

NODE_BUDGET = 200_000
FLOOR_BUDGET = 50_000
EXCHANGE_LIMIT = 20_000


class _Stop(Exception):
    """The search is over: a perfect candidate was found, or the budget is spent."""


@dataclass(frozen=True)
class Outcome:
    """A bracket's pairs (S1 member first) and its downfloaters, in art. 1.2 order."""

    pairs: tuple[tuple[int, int], ...]
    downfloaters: tuple[int, ...]
    vector: Vector


@dataclass(frozen=True)
class _Acc:
    """The failures of the pairs chosen so far."""

    counts: tuple[int, int, int, int, int, int] = (0, 0, 0, 0, 0, 0)  # C10 C11 C12 C13 C15 C17
    lists: tuple[tuple[Fraction, ...], ...] = ((), ())  # C19 C21

    def add(self, c: PairCost) -> "_Acc":
        counts = (self.counts[0] + c.c10, self.counts[1] + c.c11, self.counts[2] + c.c12,
                  self.counts[3] + c.c13, self.counts[4] + c.c15, self.counts[5] + c.c17)
        lists = self.lists
        if c.d19 is not None or c.d21 is not None:
            lists = (_insert(lists[0], c.d19), _insert(lists[1], c.d21))
        return _Acc(counts, lists)


def _insert(lst: tuple[Fraction, ...], d: Optional[Fraction]) -> tuple[Fraction, ...]:
    return lst if d is None else tuple(sorted(lst + (d,), reverse=True))


class BracketSearch:
    """One bracket: ``players`` in art. 1.2 order (MDPs first), ``mdps`` among them, ``rest`` the
    players of the lower scoregroups, ``following`` those of the next scoregroup (C8), ``last``: no
    scoregroup below (its downfloater is the PAB). ``recorder``: notes what the search judges, for
    the explanation (:mod:`.trace`); None records nothing."""

    def __init__(self, rnd: Round, completion: Completion, players: list[int], mdps: frozenset[int],
                 rest: list[int], following: list[int], last: bool, recorder: Optional[Recorder] = None) -> None:
        self.rec = recorder
        self.rnd = rnd
        self.completion = completion
        self.players = players
        self.mdps = mdps
        self.rest = rest
        self.last = last
        # C9 (2026) and its note: it counts in a bracket that downfloats one player who ends with
        # the PAB: the last bracket, or the PAB's scoregroup (C5) when all below pair among themselves
        pab_group = bool(completion.pab_ok) and rnd.states[next(iter(completion.pab_ok))].score == min(
            rnd.states[p].score for p in players)
        self.c9_here = last or (pab_group and len(rest) % 2 == 0 and completion.complete(rest, frozenset()))
        self.following = following
        self._c8_memo: dict[frozenset[int], tuple[int, tuple[Fraction, ...]]] = {}
        self.phase1 = True
        self.prefs = {p: (rnd.states[p].preference.colour, rnd.states[p].preference.rank >= 2) for p in players}
        self.low: tuple[int, tuple[Fraction, ...], int, int, int] = (0, (), 0, 0, 0)
        st = rnd.states
        self._by_unplayed = sorted((st[p].unplayed, p) for p in players if p in completion.pab_ok)
        self._not_down = ([p for p in players if st[p].floated(1) != "down"],
                          [p for p in players if st[p].floated(2) != "down"])
        self.score = {p: rnd.states[p].score for p in players}
        self._partners = {p: rnd.partners[p] - mdps if p in mdps else rnd.partners[p] for p in players}
        self.resident_score = min(self.score.values())
        self.best: Optional[Vector] = None
        self.best_pairs: tuple[tuple[int, int], ...] = ()
        self.best_down: tuple[int, ...] = ()
        self.nodes = 0
        self._costs: dict[tuple[int, int], PairCost] = {}
        self.floor = self._lower_bound()

    # --- the bound -----------------------------------------------------------------------------
    def _ok(self, a: int, b: int) -> bool:
        """A pair the bracket may form: C1-C3, and not two MDPs (S1 holds MDPs, S2 residents: art. 3.2)."""
        return not (a in self.mdps and b in self.mdps) and self.rnd.compatible(a, b)

    def _lower_bound(self) -> Vector:
        """No candidate of the bracket does better than this, criterion by criterion."""
        n = len(self.players)
        pairs = self.completion.max_pairs(self.players, self._ok, self._partners)
        down = n - 2 * pairs
        lowest = sorted((self.score[p] for p in self.players))[:down]
        c9 = 0
        if self.c9_here and down:
            ok = [self.rnd.states[p].unplayed for p in self.players if p in self.completion.pab_ok]
            c9 = min(ok) if ok else 0
        self.wants = self._wants(self.players)
        w, b, sw, sb = self.wants
        self.low = (down, tuple(sorted(lowest, reverse=True)), c9, _unmet(w, b, pairs, down),
                    _unmet(sw, sb, pairs, down))
        # with no downfloater C8 is one value for every candidate; with one, see _tighten
        self.floor_c8 = self._c8([]) if down == 0 else self._c8_floor(down)
        return (down, self.low[1], self.floor_c8, c9, 0, 0, self.low[3], self.low[4], 0, 0, 0, 0, (), (), (), ())

    def _c8_floor(self, down: int) -> tuple[int, tuple[Fraction, ...]]:
        """C8 can do no better than the parity of the following bracket, its downfloater a resident."""
        if self.last or not self.following:
            return (0, ())
        odd = (down + len(self.following)) % 2
        return (odd, (self.rnd.states[self.following[0]].score,) * odd)

    def _optimistic(self, acc: _Acc, known: Optional[tuple[int, tuple[Fraction, ...]]],
                    limbo: Optional[list[int]] = None, open_: Optional[list[int]] = None) -> Vector:
        """A lower bound of every candidate below this branch. With ``known`` (C6, C7) and, when the
        remainder floats at most one player, the players it may be (``open_``), C8, C9, C14 and C16
        are bounded by the best of them."""
        down, scores, c9, c12, c13 = self.low
        c6, c7 = known if known is not None else (down, scores)
        if c6 != down:  # the colour bounds hold for a number of pairs
            w, b, sw, sb = self.wants
            pairs = (len(self.players) - c6) // 2
            c12, c13 = _unmet(w, b, pairs, c6), _unmet(sw, sb, pairs, c6)
        if c6 != down:  # the floor's C8 and C9 hold for its own number of downfloaters only
            c8, c9 = self._c8_floor(c6), (c9 if c6 == 1 else 0)
        else:
            c8 = self.floor_c8
        c14 = c16 = 0
        if known is not None and limbo is not None and open_ is not None and c6 - len(limbo) <= 1:
            if c6 == len(limbo):
                c8 = self._c8(limbo)
                c9 = self.rnd.states[limbo[0]].unplayed if self.c9_here and len(limbo) == 1 else 0
            else:
                free = set(open_)
                c8 = self._c8_best(limbo, open_)
                if self.c9_here and not limbo:
                    c9 = next((u for u, x in self._by_unplayed if x in free), c9)
                c14 = 0 if any(x in free for x in self._not_down[0]) else 1
                c16 = 0 if any(x in free for x in self._not_down[1]) else 1
        k = acc.counts
        return (c6, c7, c8, c9, k[0], k[1], max(k[2], c12), max(k[3], c13), c14, k[4], c16, k[5],
                (), acc.lists[0], (), acc.lists[1])

    def _c8_best(self, limbo: list[int], candidates: list[int]) -> tuple[int, tuple[Fraction, ...]]:
        """The best C8 when one of ``candidates`` floats beside ``limbo`` (stops at the parity bound)."""
        bound = self._c8_floor(len(limbo) + 1)
        best: Optional[tuple[int, tuple[Fraction, ...]]] = None
        for x in candidates:
            got = self._c8(limbo + [x])
            if got == bound:
                return got
            if best is None or got < best:
                best = got
        return best if best is not None else bound

    def _remainder_colours(self, acc: _Acc, xs: list[int], pairs: int) -> _Acc:
        """``acc`` with the colour failures that ``pairs`` pairs among ``xs`` cannot avoid."""
        w, b, sw, sb = self._wants(xs)
        down = len(xs) - 2 * pairs
        k = acc.counts
        return _Acc((k[0], k[1], k[2] + _unmet(w, b, pairs, down), k[3] + _unmet(sw, sb, pairs, down), k[4], k[5]),
                    acc.lists)

    def _wants(self, players: list[int]) -> tuple[int, int, int, int]:
        """How many of ``players`` want White, Black, White strongly (or absolutely), Black strongly."""
        w = b = sw = sb = 0
        for x in players:
            colour, strong = self.prefs[x]
            if colour == "w":
                w += 1
                sw += strong
            elif colour == "b":
                b += 1
                sb += strong
        return w, b, sw, sb

    def _colour_bound(self, acc: _Acc, s1: list[int], s2: list[int]) -> _Acc:
        """``acc`` with C12 and C13 raised by the failures the pairs still to make (each of ``s1``
        with one of ``s2``) cannot avoid: a player wanting White needs one who does not, and so on."""
        if not s1:
            return acc
        aw, ab, asw, asb = self._wants(s1)
        bw, bb, bsw, bsb = self._wants(s2)
        r, nb = len(s1), len(s2)
        e12 = max(0, r - (min(aw, nb - bw) + min(ab, nb - bb) + (r - aw - ab)))
        e13 = max(0, r - (min(asw, nb - bsw) + min(asb, nb - bsb) + (r - asw - asb)))
        if not e12 and not e13:
            return acc
        k = acc.counts
        return _Acc((k[0], k[1], k[2] + e12, k[3] + e13, k[4], k[5]), acc.lists)

    def _tighten(self) -> bool:
        """A bracket that floats one player: its floor's C8 becomes the best any single downfloater
        allows (when no candidate met the first floor); False when that changes nothing."""
        if self.low[0] != 1:
            return False
        tight = self._c8_best([], self.players)
        if tight == self.floor_c8:
            return False
        self.floor_c8 = tight
        f = list(self.floor)
        f[2] = self.floor_c8
        self.floor = tuple(f)
        return True

    # --- the search ----------------------------------------------------------------------------
    def run(self) -> Optional[Outcome]:
        """The best candidate (None: no candidate satisfies C1-C4)."""
        for phase in ("floor", "tight floor", "best"):
            if phase == "tight floor" and not self._tighten():
                continue
            self.phase1 = phase != "best"
            self.nodes = 0
            if self.rec is not None:
                self.rec.phase()
            try:
                self._mdp_sets()
            except _Stop:
                pass
            if self.best is not None:
                break
        if self.best is None:
            return None
        return Outcome(self.best_pairs, self.best_down, self.best)

    def _mdp_sets(self) -> None:
        """Art. 4.4: sets of M1 MDPs, the most first, each size in lexicographic order of BSNs."""
        mdps = [p for p in self.players if p in self.mdps]
        residents = [p for p in self.players if p not in self.mdps]
        for m1 in range(min(len(mdps), len(residents)), -1, -1):
            for s1 in combinations(mdps, m1):
                limbo = [p for p in mdps if p not in s1]
                self._pair_mdps(0, list(s1), residents, set(), [], _Acc(), limbo)
            if self.best is not None and self.best[0] == self.low[0]:
                return  # fewer MDPs paired cannot have fewer downfloaters

    def _pair_mdps(self, i: int, s1: list[int], s2: list[int], used: set[int], pairs: list[tuple[int, int]],
                   acc: _Acc, limbo: list[int]) -> None:
        """Art. 4.2 on the MDP-pairing: S1[i] meets the next resident in lexicographic order."""
        if i == len(s1):
            remainder = [p for p in s2 if p not in used]
            self._remainder(remainder, pairs, acc, limbo)
            return
        self._partners_of(i, s1, s2, used, pairs, acc,
                          lambda got, free: self._optimistic(self._colour_bound(got, s1[i + 1:], free), None),
                          lambda got: self._pair_mdps(i + 1, s1, s2, used, pairs, got, limbo))

    def _remainder(self, xs: list[int], fixed: list[tuple[int, int]], acc: _Acc, limbo: list[int]) -> None:
        """The homogeneous part (the whole bracket, or the remainder): the most pairs first, then
        the exchanges of art. 4.3, then the transpositions of art. 4.2."""
        most = self.completion.max_pairs(xs, self._ok, self._partners)
        for p in range(most, -1, -1):
            down = len(limbo) + len(xs) - 2 * p
            scores = [self.score[x] for x in limbo] + [self.score[x] for x in xs[:len(xs) - 2 * p]]
            known = (down, tuple(sorted(scores, reverse=True)))
            if self._pruning and self._beaten(self._optimistic(self._remainder_colours(acc, xs, p), known)):
                return  # fewer pairs only add downfloaters
            s1, s2 = xs[:p], xs[p:]
            for out1, in2 in exchanges(len(s1), len(s2)):
                t1 = sorted([x for j, x in enumerate(s1) if j not in out1] + [s2[j] for j in in2], key=xs.index)
                t2 = sorted([x for j, x in enumerate(s2) if j not in in2] + [s1[j] for j in out1], key=xs.index)
                self._transpose(0, t1, t2, set(), list(fixed), acc, limbo, known)

    def _transpose(self, i: int, s1: list[int], s2: list[int], used: set[int], pairs: list[tuple[int, int]],
                   acc: _Acc, limbo: list[int], known: tuple[int, tuple[Fraction, ...]]) -> None:
        """Art. 4.2: S1[i] meets the next player of S2 in lexicographic order; the unused float."""
        if i == len(s1):
            self._leaf(pairs, acc, limbo + [x for x in s2 if x not in used])
            return
        self._partners_of(i, s1, s2, used, pairs, acc,
                          lambda got, free: self._optimistic(self._colour_bound(got, s1[i + 1:], free), known,
                                                             limbo, free),
                          lambda got: self._transpose(i + 1, s1, s2, used, pairs, got, limbo, known))

    def _partners_of(self, i: int, s1: list[int], s2: list[int], used: set[int], pairs: list[tuple[int, int]],
                     acc: _Acc, bound: Callable[[_Acc, list[int]], Vector], deeper: Callable[[_Acc], None]) -> None:
        """One step of art. 4.2's generation order: S1[i] meets each free player of S2 in turn; a
        pair C1/C3 or the arbiter forbids is refused, a candidate whose ``bound`` (given the cost so
        far and the players of S2 still free) cannot beat the best found is cut, and ``deeper``
        pairs the rest."""
        a = s1[i]
        for b in s2:
            if b in used:
                continue
            if not self._ok(a, b):
                if self.rec is not None:
                    self.rec.note(pairs + [(a, b)], None, self._refusal(a, b), True)
                continue
            got = acc.add(self._cost(a, b))
            self._step()
            if self._pruning:
                bnd = bound(got, [x for x in s2 if x not in used and x != b])
                if self._beaten(bnd):
                    if self.rec is not None:
                        self.rec.note(pairs + [(a, b)], bnd, "", True)
                    continue
            used.add(b)
            pairs.append((a, b))
            deeper(got)
            pairs.pop()
            used.discard(b)

    def _leaf(self, pairs: list[tuple[int, int]], acc: _Acc, down: list[int]) -> None:
        st = self.rnd.states
        down = sorted(down, key=self.players.index)
        residents_down = [st[p] for p in down if p not in self.mdps]
        c9 = st[down[0]].unplayed if self.c9_here and len(down) == 1 else 0
        k = acc.counts
        c7 = tuple(sorted((self.score[p] for p in down), reverse=True))
        if (self.phase1 and (len(down), c7) > self.floor[:2]) or (
                self.best is not None and (len(down), c7) > self.best[:2]):
            if self.rec is not None:
                self.rec.note(pairs, (len(down), c7))
            return
        # C18/C20: the MDPs floating on that had a downfloat one / two rounds before, by how far they
        # are above this bracket (gacrux's reading of "score differences of MDPs who had a downfloat")
        again = [st[p] for p in down if p in self.mdps]
        c18 = tuple(sorted((s.score - self.resident_score for s in again if s.floated(1) == "down"), reverse=True))
        c20 = tuple(sorted((s.score - self.resident_score for s in again if s.floated(2) == "down"), reverse=True))
        lists = acc.lists
        vector: Vector = (len(down), c7, self._c8(down), c9, k[0], k[1], k[2], k[3],
                          sum(1 for s in residents_down if s.floated(1) == "down"), k[4],
                          sum(1 for s in residents_down if s.floated(2) == "down"), k[5],
                          c18, lists[0], c20, lists[1])
        if (self.phase1 and vector > self.floor) or (self.best is not None and vector >= self.best):
            if self.rec is not None:
                self.rec.note(pairs, vector)
            return
        if not self.completion.complete(down + self.rest):  # C4
            if self.rec is not None:
                self.rec.note(pairs, None, "C4")
            return
        if self.rec is not None:
            self.rec.note(pairs, vector)
            self.rec.accept()
        self.best, self.best_pairs, self.best_down = vector, tuple(pairs), tuple(down)
        if vector <= self.floor:
            raise _Stop

    def _c8(self, down: list[int]) -> tuple[int, tuple[Fraction, ...]]:
        """C8: the following bracket's fewest downfloaters and their lowest scores (descending), with
        ``down`` as its MDPs (who do not meet each other, art. 3.2)."""
        if self.last or not self.following:
            return (0, ())
        key = frozenset(down)
        got = self._c8_memo.get(key)
        if got is not None:
            return got
        st = self.rnd.states
        players = down + self.following

        def ok(a: int, b: int) -> bool:
            return not (a in key and b in key) and self.rnd.compatible(a, b)

        below = [p for p in self.rest if p not in set(self.following)]
        floor = self._c8_floor(len(down))
        partners = {p: self.rnd.partners[p] - key if p in key else self.rnd.partners[p] for p in players}
        matched = greedy(players, ok, partners)
        left = set(players) - {x for pair in matched for x in pair}
        if left & key:  # an MDP left over: let it take a resident's partner, the resident floats
            mate = {a: b for pair in matched for a, b in (pair, pair[::-1])}
            for x in sorted(left & key):
                y = next((y for y in partners[x] if y in mate and mate[y] not in key), None)
                if y is not None:
                    z = mate.pop(y)
                    del mate[z]
                    mate[x], mate[y] = y, x
                    left = (left - {x}) | {z}
        if len(left) == floor[0] and not (left & key) and self.completion.complete(list(left) + below):
            got = floor
        else:  # the following bracket's best pairing, first alone, then with the rest pairable (C4)
            left = self._best_next(players, ok, [])
            if not self.completion.complete(list(left) + below):
                left = self._best_next(players, ok, below)
            rest = [st[p].score for p in left]
            got = (len(rest), tuple(sorted(rest, reverse=True)))
        self._c8_memo[key] = got
        return got

    def _best_next(self, players: list[int], ok: Callable[[int, int], bool], below: list[int]) -> set[int]:
        """Who the following bracket (``players``) leaves unpaired at best: the most pairs (C6), then
        the highest scores paired (C7), by a maximum-weight matching; with ``below`` the players of
        the lower scoregroups join the matching so that they stay pairable (C4, one PAB allowed)."""
        import networkx as nx  # type: ignore[import-untyped]  # (see completion.exact)

        st = self.rnd.states
        levels = {sc: j for j, sc in enumerate(sorted({st[p].score for p in players}), start=1)}
        weight = {p: (len(players) + 1) ** levels[st[p].score] for p in players}
        big = 2 * sum(weight.values()) + 1  # C6 before C7: one more pair outweighs any scores
        inside = set(players)
        nodes = players + below
        g = nx.Graph()
        g.add_nodes_from(nodes)
        g.add_weighted_edges_from((a, b, big + weight[a] + weight[b] if a in inside and b in inside else 0)
                                  for i, a in enumerate(nodes) for b in nodes[i + 1:]
                                  if (ok(a, b) if b in inside else self.rnd.compatible(a, b)))
        if below and len(nodes) % 2:
            g.add_weighted_edges_from((BYE, p, 0) for p in nodes if p in self.completion.pab_ok)
        matching = nx.max_weight_matching(g, maxcardinality=True)
        paired = {x for a, b in matching if a in inside and b in inside for x in (a, b)}
        return inside - paired

    def _refusal(self, a: int, b: int) -> str:
        """Why the bracket may not pair a with b: two MDPs (art. 3.2), a game played (C1), a pair
        the arbiter forbids, or the same absolute colour preference (C3)."""
        if a in self.mdps and b in self.mdps:
            return "art. 3.2"
        if b in self.rnd.states[a].opponents:
            return "C1"
        return "forbidden" if frozenset((a, b)) in self.rnd.forbidden else "C3"

    def _cost(self, a: int, b: int) -> PairCost:
        got = self._costs.get((a, b))
        if got is None:
            got = self._costs[(a, b)] = pair_cost(self.rnd, a, b, self.mdps)
        return got

    @property
    def _pruning(self) -> bool:
        return self.phase1 or self.best is not None

    def _beaten(self, optimistic: Vector) -> bool:
        """No candidate below a branch with this bound can be the answer: in the first phases one
        that meets the floor is sought; then one better than the best found."""
        if self.phase1:
            return optimistic > self.floor
        return self.best is not None and optimistic >= self.best

    def _step(self) -> None:
        self.nodes += 1
        if self.phase1 and self.nodes > FLOOR_BUDGET:
            raise _Stop
        if self.nodes > NODE_BUDGET and self.best is not None:
            raise _Stop


def _unmet(want_w: int, want_b: int, pairs: int, down: int) -> int:
    """At most one player per pair gets White, one Black; a downfloater needs no colour here."""
    return max(0, max(0, want_w - pairs) + max(0, want_b - pairs) - down)


def exchanges(n1: int, n2: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """Art. 4.3: the resident exchanges between S1 (``n1`` players) and S2 (``n2``), as (positions
    leaving S1, positions leaving S2), in priority order: (a) fewer players; (b) the smaller
    difference of the BSN sums; (c) the highest differing BSN moved S1->S2 higher; (d) the lowest
    differing BSN moved S2->S1 lower. The empty exchange comes first."""
    yield (), ()
    for k in range(1, min(n1, n2) + 1):
        if comb(n1, k) * comb(n2, k) > EXCHANGE_LIMIT:
            return
        found = []
        for out1 in combinations(range(n1), k):
            for in2 in combinations(range(n2), k):
                bsn1 = [j + 1 for j in out1]
                bsn2 = [n1 + j + 1 for j in in2]
                found.append(((sum(bsn2) - sum(bsn1), tuple(-b for b in sorted(bsn1, reverse=True)),
                               tuple(bsn2)), out1, in2))
        found.sort()
        for _, out1, in2 in found:
            yield out1, in2
