"""Type A tie-breaks (C.07 Art. 4.2, 4.3): a rank inside the group of competitors that the score
and the tie-breaks listed before leave tied, written once for players (DE, KENTLER) and teams (DE,
the EDE chains, TBR, BBE; TIEBREAK_RULES §5.1, §5.17).

A Type A column holds each competitor's rank inside its tied group: 1 for the best tier,
competitors still tied share the number, the next tier starts after them (1, 1, 3); one alone in
its group is 1. Groups are read over the engine's :class:`~.context.Column` arrays, competitors
by row (a player's start order, a team's place in the event's team list).
"""

from __future__ import annotations

from typing import Callable, Hashable, Optional, Sequence

import numpy as np

from ..standings import ranks_from_tiers
from .context import Column

__all__ = ["tied_groups", "rank_column", "tiers_by_key", "ranks_from_tiers"]


def tied_groups(points: Column, before: Sequence[Column]) -> list[list[int]]:
    """The groups of rows tied on the score and on every column ``before`` (an undefined value
    ties only with another undefined one), each in row order, in the order of their first rows
    (C.07 Art. 4.2: what a Type A tie-break ranks)."""
    keys = [points.num.tolist()]
    for col in before:
        nums = col.num.tolist()
        if col.defined is not None:
            nums = [v if d else None for v, d in zip(nums, col.defined.tolist())]
        keys.append(nums)
    groups: dict[tuple[Optional[int], ...], list[int]] = {}
    for i, key in enumerate(zip(*keys)):
        groups.setdefault(key, []).append(i)
    return list(groups.values())


def rank_column(points: Column, earlier: Sequence[Column],
                ranks: Callable[[list[int]], dict[int, int]]) -> Column:
    """A Type A column: each row's rank inside the group ``points`` and ``earlier`` leave tied,
    as ``ranks(group)`` ranks the group's rows (1 when alone)."""
    out = np.ones(len(points.num), dtype=np.int64)
    for members in tied_groups(points, earlier):
        if len(members) < 2:
            continue
        for i, rank in ranks(members).items():
            out[i] = rank
    return Column(out)


def tiers_by_key(members: Sequence[int], key: Callable[[int], Hashable]) -> list[list[int]]:
    """Split ``members`` into tiers of equal ``key``, best (largest key) first, each tier in
    ascending order (TBR and BBE compare their keys so, C.07 Art. 12.2, 12.3)."""
    keyed = sorted(members, key=key, reverse=True)  # type: ignore[arg-type]
    tiers: list[list[int]] = []
    last: object = object()
    for t in keyed:
        k = key(t)
        if tiers and k == last:
            tiers[-1].append(t)
        else:
            tiers.append([t])
        last = k
    return [sorted(tier) for tier in tiers]
