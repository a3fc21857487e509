"""DE, direct encounter (C.07 Art. 6): a rank inside a group of tied players (Type A)."""

from __future__ import annotations

from fractions import Fraction

from .context import Context


def _encounters(ctx: Context, members: list[int], forfeits: bool) -> dict[tuple[int, int], list[int]]:
    """Points (scaled) each member scored in each counted game against another member.

    Forfeits count only with ``/P`` or in a round robin (Art. 6.1.1, 15.2)."""
    inside = set(members)
    counted = ctx.has_opp if (forfeits or ctx.rr) else ctx.is_game
    games: dict[tuple[int, int], list[int]] = {}
    for i in members:
        for c, o, p in zip(counted[i].tolist(), ctx.opp[i].tolist(), ctx.pts[i].tolist()):
            if c and o in inside:
                games.setdefault((i, o), []).append(p)
    return games


def direct_encounter_tiers(ctx: Context, members: list[int], forfeits: bool = False) -> list[list[int]]:
    """Order a tied group by Art. 6; returns tiers, best first, players in a tier still tied.

    Each member scores its points against the other members; two members who met more than once
    count the average of their games (6.1.2). When all have met (always in a round robin) the
    sums rank the group (6.2); in a Swiss event where not all have met (6.3) the leader is placed
    only if its sum beats every lower member's maximum (sum plus a win for each member not met).
    Art. 6 is reapplied to every subgroup still tied until nothing changes.
    """
    if len(members) <= 1:
        return [list(members)]
    games = _encounters(ctx, members, forfeits)
    sums: dict[int, Fraction] = {i: Fraction(0) for i in members}
    met: dict[int, int] = {i: 0 for i in members}
    for (i, o), got in games.items():
        sums[i] += Fraction(sum(got), len(got) * ctx.scale)
        met[i] += 1
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
    win = Fraction(ctx.W, ctx.scale)
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
