"""Whether the players not yet paired can still all be paired (C.04.3 C4, 2026), and the lowest
score the PAB assignee can have (C5).

A round-pairing is complete when everyone but at most one player is paired under C1-C3, and that
one may receive the PAB (art. 1.9, C.04.1 art. 4). Each test is a maximum matching: first a greedy
one, which almost always pairs everyone in a Swiss field; only when it does not, an exact maximum
matching (networkx's, on these players only) decides.
"""

from __future__ import annotations

from typing import Callable, Iterable, Optional

Compatible = Callable[[int, int], bool]
BYE = 0  # the virtual player who "pairs" the PAB assignee (start numbers begin at 1)


class Completion:
    """C4 for one round: ``complete(players)`` is True when ``players`` can all be paired, with one
    left for the PAB (one of ``pab_ok``) when their number is odd."""

    def __init__(self, compatible: Compatible, pab_ok: frozenset[int],
                 partners: Optional[dict[int, frozenset[int]]] = None) -> None:
        self.compatible = compatible
        self.pab_ok = pab_ok
        self.partners = partners
        self._memo: dict[tuple[frozenset[int], frozenset[int]], bool] = {}

    def complete(self, players: Iterable[int], pab_ok: Optional[frozenset[int]] = None) -> bool:
        """``pab_ok``: who may take the PAB here, instead of the round's."""
        group = frozenset(players)
        allowed = self.pab_ok if pab_ok is None else pab_ok
        key = (group, allowed)
        got = self._memo.get(key)
        if got is None:
            got = self._memo[key] = perfectly_matched(sorted(group), self.compatible, allowed, self.partners)
        return got

    def max_pairs(self, players: list[int], compatible: Optional[Compatible] = None,
                  known: Optional[dict[int, frozenset[int]]] = None) -> int:
        """The most pairs ``players`` can make among themselves under ``compatible`` (C1-C3);
        ``known``: each player's partners under it, when computed already (faster)."""
        ok = compatible or self.compatible
        pairs = len(greedy(players, ok, known if compatible else self.partners))
        if pairs == len(players) // 2:
            return pairs
        return len(exact(players, ok))


def perfectly_matched(players: list[int], compatible: Compatible, pab_ok: frozenset[int],
                      partners: Optional[dict[int, frozenset[int]]] = None) -> bool:
    """Everyone paired, or all but one player of ``pab_ok`` when their number is odd."""
    nodes = list(players)
    ok = compatible
    known = partners
    if len(nodes) % 2 == 1:
        if not any(p in pab_ok for p in nodes):
            return False
        nodes.append(BYE)
        if partners is not None:
            known = dict(partners)
            known[BYE] = pab_ok
            known.update({p: partners[p] | {BYE} for p in pab_ok if p in partners})

        def ok(a: int, b: int) -> bool:
            if a == BYE or b == BYE:
                return (b if a == BYE else a) in pab_ok
            return compatible(a, b)
    if not nodes:
        return True
    if len(greedy(nodes, ok, known)) * 2 == len(nodes):
        return True
    return len(exact(nodes, ok)) * 2 == len(nodes)


def greedy(players: list[int], compatible: Compatible,
           known: Optional[dict[int, frozenset[int]]] = None) -> list[tuple[int, int]]:
    """A maximal matching, the players with the fewest partners served first. ``known``: each
    player's partners under ``compatible`` when already computed (faster)."""
    if known is not None:
        group = set(players)
        partners = {p: sorted(known[p] & group) for p in players}
    else:
        partners = {p: [q for q in players if q != p and compatible(p, q)] for p in players}
    free = set(players)
    out = []
    for p in sorted(players, key=lambda x: len(partners[x])):
        if p not in free:
            continue
        options = [q for q in partners[p] if q in free]
        if not options:
            continue
        q = min(options, key=lambda x: len(partners[x]))
        free.discard(p)
        free.discard(q)
        out.append((p, q))
    return out


def exact(players: list[int], compatible: Compatible) -> set[tuple[int, int]]:
    """A maximum-cardinality matching (networkx, Edmonds' blossom algorithm; imported here, as most
    rounds never need it and its import costs a third of a second)."""
    import networkx as nx  # type: ignore[import-untyped]

    g = nx.Graph()
    g.add_nodes_from(players)
    g.add_edges_from((p, q) for i, p in enumerate(players) for q in players[i + 1:] if compatible(p, q))
    return set(nx.max_weight_matching(g, maxcardinality=True))
