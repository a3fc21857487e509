"""DE, direct encounter (C.07 Art. 6): a rank inside a group of tied players (Type A)."""

from __future__ import annotations

import weakref
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Hashable, Optional, Sequence, TypeVar

import numpy as np

from ..formatting import format_value
from ..standings import ranks_from_tiers
from .breakdown import Account
from .context import Column, Context
from .spec import Evaluation, Spec

if TYPE_CHECKING:
    from ..descriptor import TieBreak


def _pairs(ctx: Context, members: list[int], forfeits: bool) -> tuple[np.ndarray, ...]:
    """Each pair of members who met in a counted game: the player, the opponent, the player's
    points against it (summed, in the context's units) and how many games they played.

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
    return keys // ctx.size, keys % ctx.size, per_pair, times


def _scores(ctx: Context, members: list[int], forfeits: bool) -> tuple[dict[int, int], dict[int, int], int]:
    """Each member's points against the other members in the counted games, and how many of them
    it met, as integers over ``den`` (scale times the least common multiple of how often a pair
    met: two members who met more than once count the average of their games, Art. 6.1.2)."""
    player, _, per_pair, times = _pairs(ctx, members, forfeits)
    times_lcm = int(np.lcm.reduce(times)) if len(times) else 1
    per_pair = per_pair * (times_lcm // times)
    sums = dict.fromkeys(members, 0)
    met = dict.fromkeys(members, 0)
    for i, v in zip(player.tolist(), per_pair.tolist()):
        sums[i] += v
        met[i] += 1
    return sums, met, ctx.scale * times_lcm


def encounters(ctx: Context, members: list[int], forfeits: bool = False) -> dict[tuple[int, int], Fraction]:
    """The points of each member against each other member it met: the average of their counted
    games (Art. 6.1.2), as in :func:`direct_encounter_tiers`."""
    player, opponent, per_pair, times = _pairs(ctx, members, forfeits)
    return {(p, o): Fraction(s, ctx.scale * t) for p, o, s, t in
            zip(player.tolist(), opponent.tolist(), per_pair.tolist(), times.tolist())}


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


def tied_groups(points: Column, before: Sequence[Column]) -> list[list[int]]:
    """The groups of players tied on points and on every tie-break ``before`` (an undefined value
    ties only with another undefined one), each in start order: what DE and KENTLER rank."""
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


T = TypeVar("T")
#: what the accounts of one evaluation share (a tied group, its mini crosstable), by key: every
#: member's account of a group of 160 would otherwise rebuild its 160 x 160 table
_SHARED: "weakref.WeakKeyDictionary[Context, dict[Hashable, Any]]" = weakref.WeakKeyDictionary()


def shared(ctx: Context, key: Hashable, make: Callable[[], T]) -> T:
    """``make()``, once per evaluation and ``key`` (kept while the evaluation lives)."""
    got = _SHARED.setdefault(ctx, {})
    if key not in got:
        got[key] = make()
    value: T = got[key]
    return value


def tied_group(res: Any, tb: "TieBreak", i: int) -> list[int]:
    """The group of row ``i`` for ``tb`` in an engine Result: tied on points and on the columns
    listed before ``tb``'s first place in the list."""
    j = next(k for k, t in enumerate(res.tiebreaks) if t.code == tb.code)

    def by_row() -> dict[int, list[int]]:
        return {k: g for g in tied_groups(res.points_column, res.columns[:j]) for k in g}
    return shared(res.context, ("tied groups", tuple(res.codes[:j])), by_row)[i]  # the list before tb decides


def de_account(ctx: Context, i: int, tb: "TieBreak", value: Any, res: Any) -> Account:
    """DE: the mini crosstable of the tied group and how Art. 6 ranks it (built once per group)."""
    group = tied_group(res, tb, i)
    j = next(k for k, t in enumerate(res.tiebreaks) if t.code == tb.code)
    body = shared(ctx, ("DE", tuple(res.codes[:j]), tb.code, tb.forfeits_as_games, group[0]),
                  lambda: _de_table(ctx, group, tb, res))
    return Account(body[0], body[1], f"rank {format_value(value, 0)} of {len(group)}", body[2])


def _de_table(ctx: Context, group: list[int], tb: "TieBreak",
              res: Any) -> tuple[tuple[str, ...], tuple[Any, ...], tuple[str, ...]]:
    """A tied group's DE table: its columns, rows and notes (what every member's account shows)."""
    met = encounters(ctx, group, tb.forfeits_as_games)
    ranks = ranks_from_tiers(direct_encounter_tiers(ctx, group, tb.forfeits_as_games))
    nos = [ctx.t.players[k].no for k in group]
    rows = []
    for k in group:
        row = [ctx.t.players[k].no] + ["x" if m == k else met.get((k, m)) for m in group]
        points = sum((v for v in row[1:] if isinstance(v, Fraction)), Fraction(0))
        rows.append((tuple(row) + (points, ranks[k]), "", "", None))
    j = next(k for k, t in enumerate(res.tiebreaks) if t.code == tb.code)
    notes = [f"players tied on points{' and on ' + ', '.join(res.codes[:j]) if j else ''}: "
             f"{', '.join(map(str, nos))}"]
    if len(group) == 1:
        notes.append("alone in the group: rank 1")
    else:
        met_all = all(v is not None for row in rows for v in row[0][1:-2] if v != "x")
        notes.append("all have met: ranked by the points among them, then again inside each subgroup still "
                     "tied (C.07 Art. 6.2)" if met_all or ctx.rr else
                     "not all have met: a leader is placed only if its points are more than any other member "
                     "could reach by winning its missing games (C.07 Art. 6.3)")
        notes.append("an empty cell: not met (or only by forfeit); two games against one opponent count as "
                     "their average (Art. 6.1.2)")
    return ("No", *map(str, nos), "Points", "Rank"), tuple(rows), tuple(notes)


def rank_column(ev: Evaluation, earlier: Sequence[Column],
                ranks: Callable[[list[int]], dict[int, int]]) -> Column:
    """A Type-A tie-break: each player's rank inside its tied group (1 when alone)."""
    out = np.ones(ev.ctx.size, dtype=np.int64)
    for members in tied_groups(ev.points, earlier):
        if len(members) < 2:
            continue
        for i, rank in ranks(members).items():
            out[i] = rank
    return Column(out)


# ------------------------------------------------------------------------------ registry rows


def _de(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Column:
    return rank_column(ev, earlier, lambda members: ranks_from_tiers(
        direct_encounter_tiers(ev.ctx, members, tb.forfeits_as_games)))


ROWS = (
    Spec("DE", "Direct encounter (rank inside the tied group), C.07 Art. 6", "C.07 Art. 6", _de, "P",
         aliases=("ML",), lower_is_better=True, decimals=0, ranks=True, account=de_account, reach=0),
)
