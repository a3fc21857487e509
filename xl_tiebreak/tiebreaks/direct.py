"""DE, direct encounter (C.07 Art. 6): a rank inside a group of tied players (Type A)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Sequence

import numpy as np

from .context import Column, Context
from .registry import Evaluation, Spec, register

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak


def _scores(ctx: Context, members: list[int], forfeits: bool) -> tuple[dict[int, int], dict[int, int], int]:
    """Each member's points against the other members in the counted games, and how many of them
    it met, as integers over ``den`` (scale times the least common multiple of how often a pair
    met: two members who met more than once count the average of their games, Art. 6.1.2).

    Forfeits count only with ``/P`` or in a round robin (Art. 6.1.1, 15.2)."""
    rows = np.asarray(members, dtype=np.int64)
    inside = np.zeros(ctx.size, dtype=bool)
    inside[rows] = True
    counted = (ctx.has_opp if (forfeits or ctx.rr) else ctx.is_game)[rows]
    opp = ctx.opp[rows]
    hit = counted & inside[np.where(opp < 0, 0, opp)] & (opp >= 0)
    who, rnd = np.nonzero(hit)
    pairs = rows[who] * ctx.size + opp[who, rnd]
    got = ctx.pts[rows][who, rnd]
    keys, at, times = np.unique(pairs, return_inverse=True, return_counts=True)
    per_pair = np.zeros(len(keys), dtype=np.int64)
    np.add.at(per_pair, at, got)
    times_lcm = int(np.lcm.reduce(times)) if len(times) else 1
    per_pair *= times_lcm // times
    player = keys // ctx.size
    sums = dict.fromkeys(members, 0)
    met = dict.fromkeys(members, 0)
    for i, v in zip(player.tolist(), per_pair.tolist()):
        sums[i] += v
        met[i] += 1
    return sums, met, ctx.scale * times_lcm


def direct_encounter_tiers(ctx: Context, members: list[int], forfeits: bool = False) -> list[list[int]]:
    """Order a tied group by Art. 6; returns tiers, best first, players in a tier still tied.

    Each member scores its points against the other members; two members who met more than once
    count the average of their games (6.1.2). When all have met (always in a round robin) the
    sums rank the group (6.2); in a Swiss event where not all have met (6.3) the leader is placed
    only if its sum beats every lower member's maximum (sum plus a win for each member not met).
    Art. 6 is reapplied to every subgroup still tied until nothing changes. Exact: integers over
    one denominator.
    """
    if len(members) <= 1:
        return [list(members)]
    sums, met, den = _scores(ctx, members, forfeits)
    unmet = {i: len(members) - 1 - met[i] for i in members}
    all_met = ctx.rr or all(v == 0 for v in unmet.values())
    if all_met:
        ordered = sorted(members, key=lambda i: -sums[i])
        tiers: list[list[int]] = []
        for i in ordered:
            if tiers and sums[tiers[-1][0]] == sums[i]:
                tiers[-1].append(i)
            else:
                tiers.append([i])
        if len(tiers) == 1:
            return tiers
        out: list[list[int]] = []
        for tier in tiers:
            out.extend(direct_encounter_tiers(ctx, tier, forfeits) if len(tier) > 1 else [tier])
        return out
    win = ctx.W * (den // ctx.scale)  # a win, over the same denominator
    maxima = {i: sums[i] + win * unmet[i] for i in members}
    rest = sorted(members, key=lambda i: (-sums[i], -maxima[i]))
    placed: list[list[int]] = []
    while len(rest) > 1 and all(sums[rest[0]] > maxima[o] for o in rest[1:]):
        placed.append([rest[0]])
        rest = rest[1:]
    if not placed:
        return [rest]
    return placed + direct_encounter_tiers(ctx, rest, forfeits)


def ranks_from_tiers(tiers: list[list[int]]) -> dict[int, int]:
    """Rank inside the group: 1 for the best tier; tied players share the number."""
    out: dict[int, int] = {}
    pos = 1
    for tier in tiers:
        for i in tier:
            out[i] = pos
        pos += len(tier)
    return out


def tied_groups(points: Column, earlier: Sequence[Column]) -> list[list[int]]:
    """The groups of two or more players tied on points and on every earlier tie-break (an
    undefined value ties only with another undefined one), rows in start order."""
    keys = [points.num.tolist()]
    for col in earlier:
        nums = col.num.tolist()
        if col.defined is not None:
            nums = [v if d else None for v, d in zip(nums, col.defined.tolist())]
        keys.append(nums)
    groups: dict[tuple, list[int]] = {}
    for i, key in enumerate(zip(*keys)):
        groups.setdefault(key, []).append(i)
    return [g for g in groups.values() if len(g) > 1]


def rank_column(ev: Evaluation, earlier: Sequence[Column],
                ranks: Callable[[list[int]], dict[int, int]]) -> Column:
    """A Type-A tie-break: each player's rank inside its tied group (1 when alone)."""
    out = np.ones(ev.ctx.size, dtype=np.int64)
    for members in tied_groups(ev.points, earlier):
        for i, rank in ranks(members).items():
            out[i] = rank
    return Column(out)


# ------------------------------------------------------------------------------ registry rows


def _de(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column]) -> Column:
    return rank_column(ev, earlier, lambda members: ranks_from_tiers(
        direct_encounter_tiers(ev.ctx, members, tb.forfeits_as_games)))


register(Spec("DE", "Direct encounter (rank inside the tied group), C.07 Art. 6", "C.07 Art. 6", _de, "P",
              aliases=("ML",), lower_is_better=True, decimals=0, ranks=True))
