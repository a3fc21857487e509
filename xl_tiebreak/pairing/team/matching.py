"""Matchings for the team pairing (C.04.6): whether teams can all be paired under the absolute
criteria (art. 2.1 [C1]: no two teams meet twice; [C3] art. 2.2.1: a pairing exists for every
team not yet paired), and a bracket's pairing chosen by art. 3.6: the best values of [C8], [C9],
[C10], then the first identifier (art. 3.6.2). networkx's blossom algorithm does the matching; with
integer weights it computes exactly.
"""

from __future__ import annotations

from typing import Callable, Iterable, Sequence

#: may two teams be paired ([C1], and a pair the arbiter forbids)
CanMeet = Callable[[int, int], bool]
#: the quality of one pair as ([C8], [C9], [C10]) counts, lower is better
PairCost = Callable[[int, int], tuple[int, int, int]]


def _graph(teams: Sequence[int], can_meet: CanMeet) -> object:
    import networkx as nx  # type: ignore[import-untyped]  # imported here: its import is slow
    g = nx.Graph()
    g.add_nodes_from(teams)
    g.add_edges_from((a, b) for i, a in enumerate(teams) for b in teams[i + 1:] if can_meet(a, b))
    return g


def pairable(teams: Iterable[int], can_meet: CanMeet) -> bool:
    """Whether every team of ``teams`` can be paired with another of them ([C1], [C3])."""
    ts = sorted(teams)
    if len(ts) % 2:
        return False
    if not ts:
        return True
    import networkx as nx
    g = _graph(ts, can_meet)
    return 2 * len(nx.max_weight_matching(g, maxcardinality=True)) == len(ts)


def best_pairing(teams: Sequence[int], can_meet: CanMeet, cost: PairCost) -> list[tuple[int, int]]:
    """The pairing of a bracket by art. 3.6: of the perfect pairings allowed by ``can_meet``, the
    one with the lowest [C8], then [C9], then [C10] totals (art. 3.6.4: the first that complies,
    read as attaining the best value), then the first identifier (art. 3.6.2): the top members (the
    smaller TPN of each pair, art. 3.6.1) in ascending order, then their partners in that order.
    Pairs come back as (top, bottom); ``[]`` when no perfect pairing exists.

    The order is one integer weight per pair (minimised; networkx maximises ``big - cost``): a top
    member at bracket position ``i`` of ``n`` is worth ``2**(n-1-i)`` (a lexicographically smaller
    set of top members has the larger sum), its partner at position ``j`` costs
    ``j * n**(n-1-i)`` (the partners compared in the order of their top members), and each level
    is scaled above every sum of the levels under it."""
    ts = sorted(teams)
    n = len(ts)
    if n == 0 or n % 2:
        return []
    half = n // 2
    if all(can_meet(a, b) and cost(a, b) == (0, 0, 0) for i, a in enumerate(ts) for b in ts[i + 1:]):
        return [(ts[i], ts[i + half]) for i in range(half)]  # (nothing to choose by: the first identifier)
    import networkx as nx
    pos = {t: i for i, t in enumerate(ts)}
    partner_span = n ** n  # the partner level: a sum of distinct digits below n, base n
    top_span = (2 ** n + 1) * partner_span * n  # above every top-member and partner sum
    crit = (n + 1) * top_span  # one unit of [C10]; each pair adds at most 2, so 2n+1 units separate the levels
    c9, c8 = (2 * n + 1) * crit, (2 * n + 1) ** 2 * crit
    costs = {}
    for i, a in enumerate(ts):
        for b in ts[i + 1:]:
            if can_meet(a, b):
                q8, q9, q10 = cost(a, b)
                costs[(a, b)] = (q8 * c8 + q9 * c9 + q10 * crit + (2 ** n - 2 ** (n - 1 - pos[a])) * partner_span
                                 + pos[b] * n ** (n - 1 - pos[a]))
    if not costs:
        return []
    big = max(costs.values()) + 1
    g = nx.Graph()
    g.add_nodes_from(ts)
    g.add_weighted_edges_from((a, b, big - c) for (a, b), c in costs.items())
    m = nx.max_weight_matching(g, maxcardinality=True)
    if 2 * len(m) != n:
        return []
    return sorted((min(a, b), max(a, b)) for a, b in m)
