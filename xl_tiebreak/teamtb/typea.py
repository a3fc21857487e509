"""Type A team tie-breaks: the groups the earlier columns leave tied, and ranks inside them
(C.07 Art. 4.2, 4.3 "Type A"; TIEBREAK_RULES §5.1, §5.17).

A Type A column holds each team's rank inside its tied group: 1 for the best tier, teams still
tied share the number, the next tier starts after them (1, 1, 3); a team alone in its group is 1.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Hashable, Iterable, Optional, Sequence

from ..standings import ranks_from_tiers
from ..teams import match_score
from .spec import TeamColumn, TeamEvaluation

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["tied_groups", "ranks_from_tiers", "rank_column", "tiers_by_key", "account_group"]


def tied_groups(teams: Iterable[int], earlier: Sequence[TeamColumn]) -> list[list[int]]:
    """The groups of teams equal on every column of ``earlier`` (the primary score first; an
    undefined value ties only with another undefined one), each group in team-number order."""
    groups: dict[tuple[Optional[Fraction], ...], list[int]] = {}
    for t in sorted(teams):
        groups.setdefault(tuple(col.get(t) for col in earlier), []).append(t)
    return list(groups.values())


def tiers_by_key(members: Sequence[int], key: Callable[[int], Hashable]) -> list[list[int]]:
    """Split ``members`` into tiers of equal ``key``, best (largest key) first."""
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


def rank_column(teams: Iterable[int], earlier: Sequence[TeamColumn],
                tiers: Callable[[list[int]], list[list[int]]]) -> TeamColumn:
    """A Type A column: each team's rank inside the group ``earlier`` leaves tied, as
    ``tiers(group)`` orders the group (1 when alone)."""
    out: TeamColumn = {}
    for group in tied_groups(teams, earlier):
        if len(group) == 1:
            out[group[0]] = Fraction(1)
            continue
        for t, r in ranks_from_tiers(tiers(group)).items():
            out[t] = Fraction(r)
    return out


def account_group(ev: TeamEvaluation, tb: TieBreak, team: int) -> tuple[list[int], str]:
    """The group a Type A account explains, and what it is tied on: the columns before ``tb``
    in the list computed when the evaluation offers them (``earlier_for(tb)``, C.07 Art. 4.2),
    else (no such hook, or ``tb`` not in the list) the primary score alone (the account then
    says so)."""
    fn = getattr(ev, "earlier_for", None)
    listed = fn(tb) if callable(fn) else None
    if listed is not None:
        earlier, what = listed, "the score and the tie-breaks before it"
    else:
        k = 0 if ev.primary == "MP" else 1
        earlier = [{t.no: sum((match_score(ev.event, m)[k] for m in ev.event.matches_of(t.no)
                               if m.round <= ev.rounds), Fraction(0)) for t in ev.event.teams}]
        what = f"the primary score ({ev.primary})"
    group = next(g for g in tied_groups([t.no for t in ev.event.teams], earlier) if team in g)
    return group, what
