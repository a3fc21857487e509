"""DE, direct encounter (C.07 Art. 6): a rank inside a group of tied competitors (Type A).

The rule is written once, for players and teams (:func:`encounter_pass`, :func:`encounter_tiers`),
over what it reads of a tied group (:class:`Meetings`): each pair of members that met in a
counted encounter, and what the one scored against the other (the average of their encounters,
6.1.2). Players supply the points of their games (:func:`direct_encounter_tiers`); teams their
match or game points per match, and the team EDE chain (Art. 13.3) applies the same passes with
one score, then the other (:mod:`xl_tiebreak.tiebreaks.team_encounter`).
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from typing import TYPE_CHECKING, Any, Callable, Generic, Hashable, Optional, Sequence, TypeVar

import numpy as np

from ..formatting import format_value
from ..standings import ranks_from_tiers
from .breakdown import Account
from .context import Column, Context
from .spec import Evaluation, Spec
from .typea import rank_column, tied_groups

if TYPE_CHECKING:
    from ..descriptor import TieBreak

#: exact scores: integers over one denominator (the players' games) or fractions (the teams' matches)
V = TypeVar("V", int, Fraction)


@dataclass(frozen=True)
class Meetings(Generic[V]):
    """What Art. 6 reads of a tied group: ``scores`` holds each pair of members that met in a
    counted encounter, ``(member, other) -> member's score against other`` (the average of their
    encounters, 6.1.2); ``win``, the most one encounter gives (a won game or match, every board
    won), the bound of Art. 6.3; both over ``den`` (1 for fractions)."""

    scores: dict[tuple[int, int], V]
    win: V
    den: int = 1

    def points(self, v: V) -> Fraction:
        """A score of these meetings as a fraction."""
        return Fraction(v, self.den)


#: a tied group's meetings, as a kind of competitor supplies them (its games, its matches in MP or GP)
MeetingsOf = Callable[[list[int]], Meetings[V]]


@dataclass(frozen=True)
class Pass(Generic[V]):
    """One application of Art. 6.2 / 6.3 to a tied group: its ``meetings``, each member's ``sums``
    (its scores against the others) and how many of them it did not meet (``unmet``); ``all_met``
    (6.2, always in a round robin) or not (6.3), then ``maxima``: the most each could reach by
    winning its missing encounters; ``tiers``, best first, each tier in ascending order (one
    tier: it breaks no tie)."""

    members: list[int]
    meetings: Meetings[V]
    sums: dict[int, V]
    unmet: dict[int, int]
    all_met: bool
    maxima: Optional[dict[int, V]]
    tiers: list[list[int]]

    @property
    def placed(self) -> list[int]:
        """The leaders Art. 6.3 places, one by one (none when all have met)."""
        return [] if self.maxima is None or len(self.tiers) == 1 else [t[0] for t in self.tiers[:-1]]


def encounter_pass(meetings_of: MeetingsOf[V], members: list[int], round_robin: bool = False) -> Pass[V]:
    """Art. 6.2 / 6.3 once on a tied group. Each member sums its scores against the other members.
    All have met (or a round robin, Art. 15.2): the sums rank the group (6.2). Not all have met
    (6.3): the leader is placed only if its sum beats every other member's maximum (its sum plus a
    win for each member it did not meet); then the next, among the rest."""
    met = meetings_of(members)
    zero = met.win * 0
    sums = dict.fromkeys(members, zero)
    seen = dict.fromkeys(members, 0)
    for (i, _other), v in met.scores.items():
        sums[i] += v
        seen[i] += 1
    unmet = {i: len(members) - 1 - seen[i] for i in members}
    all_met = round_robin or all(v == 0 for v in unmet.values())
    if all_met:
        tiers: list[list[int]] = []
        for i in sorted(members, key=lambda i: -sums[i]):
            if tiers and sums[tiers[-1][0]] == sums[i]:
                tiers[-1].append(i)
            else:
                tiers.append([i])
        return Pass(members, met, sums, unmet, True, None, [sorted(x) for x in tiers])
    maxima = {i: sums[i] + met.win * unmet[i] for i in members}
    rest = sorted(members, key=lambda i: (-sums[i], -maxima[i], i))
    placed: list[list[int]] = []
    while len(rest) > 1 and all(sums[rest[0]] > maxima[o] for o in rest[1:]):
        placed.append([rest[0]])
        rest = rest[1:]
    return Pass(members, met, sums, unmet, False, maxima, placed + [sorted(rest)] if placed else [sorted(members)])


def encounter_tiers(meetings_of: MeetingsOf[V], members: list[int], round_robin: bool = False,
                    seen: Optional[Callable[[Pass[V]], None]] = None) -> list[list[int]]:
    """Order a tied group by Art. 6: :func:`encounter_pass`, reapplied to every subgroup still tied
    until nothing changes; returns tiers, best first, members in a tier still tied. ``seen`` gets
    every pass, in order (the accounts are written from them)."""
    if len(members) < 2:
        return [list(members)]
    got = encounter_pass(meetings_of, members, round_robin)
    if seen is not None:
        seen(got)
    if len(got.tiers) == 1:
        return got.tiers
    out: list[list[int]] = []
    for tier in got.tiers:
        out.extend(encounter_tiers(meetings_of, tier, round_robin, seen))
    return out


# ------------------------------------------------------------------------------ players


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


def _meetings(ctx: Context, forfeits: bool, members: list[int]) -> "Meetings[int]":
    """What Art. 6 reads of a group of players: each pair that met in a counted game and the
    player's points against the other, as integers over ``den`` (scale times the least common
    multiple of how often a pair met: two members who met more than once count the average of
    their games, Art. 6.1.2), and a won game over the same denominator."""
    player, opponent, per_pair, times = _pairs(ctx, members, forfeits)
    times_lcm = int(np.lcm.reduce(times)) if len(times) else 1
    per_pair = per_pair * (times_lcm // times)
    return Meetings(dict(zip(zip(player.tolist(), opponent.tolist()), per_pair.tolist())), ctx.W * times_lcm,
                    ctx.scale * times_lcm)


def direct_encounter_tiers(ctx: Context, members: list[int], forfeits: bool = False,
                           seen: Optional[Callable[["Pass[int]"], None]] = None) -> list[list[int]]:
    """Order a tied group of players by Art. 6 (:func:`encounter_tiers` over their games; in a
    round robin all are taken to have met, Art. 15.2); returns tiers, best first, players in a
    tier still tied. ``seen``: as :func:`encounter_tiers`'s."""
    return encounter_tiers(partial(_meetings, ctx, forfeits), members, ctx.rr, seen)


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


#: the most members whose whole mini crosstable a DE account shows; a larger group's account shows
#: the player's own games inside the group and the leaders Art. 6.3 placed, so that it grows with
#: the rounds, not with the square of the group (a page holds every member's account)
DE_TABLE_MEMBERS = 30
#: the most placed leaders a large group's account names
_DE_LEADERS_NAMED = 10


def de_account(ctx: Context, i: int, tb: "TieBreak", value: Any, res: Any) -> Account:
    """DE: the mini crosstable of the tied group and how Art. 6 ranks it (built once per group);
    past :data:`DE_TABLE_MEMBERS` members, the player's own games inside the group instead."""
    group = tied_group(res, tb, i)
    j = next(k for k, t in enumerate(res.tiebreaks) if t.code == tb.code)
    key = ("DE", tuple(res.codes[:j]), tb.code, tb.forfeits_as_games, group[0])
    total = f"rank {format_value(value, 0)} of {len(group)}"
    if len(group) > DE_TABLE_MEMBERS:
        first, games, notes = shared(ctx, key, lambda: _de_large(ctx, group, tb, res))
        return _de_own(ctx, i, first, games.get(i, []), total, notes)
    body = shared(ctx, key, lambda: _de_table(ctx, group, tb, res))
    return Account(body[0], body[1], total, body[2])


def _de_large(ctx: Context, group: list[int], tb: "TieBreak",
              res: Any) -> tuple["Pass[int]", dict[int, list[tuple[int, int]]], tuple[str, ...]]:
    """A large tied group's first pass, each member's games inside it (opponent row, score) and
    the notes every member's account shows: how many are tied, on what, and which leaders Art. 6.3
    placed (the decisive sums), or that none could be."""
    passes: list[Pass[int]] = []
    ranks = ranks_from_tiers(direct_encounter_tiers(ctx, group, tb.forfeits_as_games, passes.append))
    j = next(k for k, t in enumerate(res.tiebreaks) if t.code == tb.code)
    on = f" and on {', '.join(res.codes[:j])}" if j else ""
    notes = [f"{len(group):,} players tied on points{on}: more than the {DE_TABLE_MEMBERS} whose mini crosstable "
             "an account shows; the table lists this player's own games against the group (Art. 6.1)"]
    if passes[0].all_met:
        notes.append("all have met: ranked by the points among them, then again inside each subgroup still tied "
                     "(C.07 Art. 6.2)")
    else:
        notes.append("not all have met: a leader is placed only if its points are more than any other member could "
                     "reach by winning its missing games (C.07 Art. 6.3)")
    placed = [(p, k) for p in passes for k in p.placed]
    for p, k in placed[:_DE_LEADERS_NAMED]:
        assert p.maxima is not None
        best = max(p.maxima[o] for o in p.members if o != k)
        notes.append(f"placed: player {ctx.t.players[k].no} at rank {ranks[k]}, "
                     f"{format_value(p.meetings.points(p.sums[k]), 1)} points against the group, more than any of "
                     f"the other {len(p.members) - 1:,} could reach (at most {format_value(p.meetings.points(best), 1)})")
    if len(placed) > _DE_LEADERS_NAMED:
        notes.append(f"and {len(placed) - _DE_LEADERS_NAMED:,} more placed the same way")
    if not placed and not passes[0].all_met:
        notes.append("nobody could be placed: all share the group's first rank")
    games: dict[int, list[tuple[int, int]]] = {}
    for (k, m), v in passes[0].meetings.scores.items():
        games.setdefault(k, []).append((m, v))
    return passes[0], games, tuple(notes)


def _de_own(ctx: Context, i: int, first: "Pass[int]", games: list[tuple[int, int]], total: str,
            notes: tuple[str, ...]) -> Account:
    """Player row ``i``'s account in a large tied group: each member it met (``games``: opponent
    row, score) and its points against them (the average of their games, Art. 6.1.2), then its
    points among the group."""
    met = first.meetings
    players = ctx.t.players
    rows = [((players[m].no, met.points(v)), "", "", None) for m, v in sorted(games, key=lambda g: players[g[0]].no)]
    reach = "" if first.maxima is None else f"; at most {format_value(met.points(first.maxima[i]), 1)} by winning those"
    own = (f"player {players[i].no}: {format_value(met.points(first.sums[i]), 1)} points against the group "
           f"({len(rows)} met, {first.unmet[i]:,} not met{reach})")
    return Account(("Opponent", "Points"), tuple(rows), total, (notes[0], own, *notes[1:]))


def _de_table(ctx: Context, group: list[int], tb: "TieBreak",
              res: Any) -> tuple[tuple[str, ...], tuple[Any, ...], tuple[str, ...]]:
    """A tied group's DE table: its columns, rows and notes (what every member's account shows),
    from the passes that rank it (the first one, over the whole group, gives its cells)."""
    passes: list[Pass[int]] = []
    ranks = ranks_from_tiers(direct_encounter_tiers(ctx, group, tb.forfeits_as_games, passes.append))
    nos = [ctx.t.players[k].no for k in group]
    rows = []
    for k in group:
        if passes:
            met = passes[0].meetings
            scores = met.scores
            cells = ["x" if m == k else (met.points(scores[(k, m)]) if (k, m) in scores else None) for m in group]
            points = met.points(passes[0].sums[k])
        else:
            cells, points = ["x"], Fraction(0)
        rows.append(((ctx.t.players[k].no, *cells, points, ranks[k]), "", "", None))
    j = next(k for k, t in enumerate(res.tiebreaks) if t.code == tb.code)
    notes = [f"players tied on points{' and on ' + ', '.join(res.codes[:j]) if j else ''}: "
             f"{', '.join(map(str, nos))}"]
    if len(group) == 1:
        notes.append("alone in the group: rank 1")
    else:
        notes.append("all have met: ranked by the points among them, then again inside each subgroup still "
                     "tied (C.07 Art. 6.2)" if passes[0].all_met else
                     "not all have met: a leader is placed only if its points are more than any other member "
                     "could reach by winning its missing games (C.07 Art. 6.3)")
        notes.append("an empty cell: not met (or only by forfeit); two games against one opponent count as "
                     "their average (Art. 6.1.2)")
    return ("No", *map(str, nos), "Points", "Rank"), tuple(rows), tuple(notes)


# ------------------------------------------------------------------------------ registry rows


def _de(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Column:
    return rank_column(ev.points, earlier, lambda members: ranks_from_tiers(
        direct_encounter_tiers(ev.ctx, members, tb.forfeits_as_games)))


ROWS = (
    Spec("DE", "Direct encounter (rank inside the tied group), C.07 Art. 6", "C.07 Art. 6", _de, "P",
         aliases=("ML",), lower_is_better=True, decimals=0, ranks=True, account=de_account, reach=0),
)
