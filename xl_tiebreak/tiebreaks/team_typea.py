"""Type A team tie-breaks over the one rule (C.07 Art. 4.2, 4.3; :mod:`xl_tiebreak.tiebreaks.typea`):
the columns before a code are the engine's :class:`~xl_tiebreak.tiebreaks.context.Column`, one row
per team in the event's order; their tied groups and ranks are found as the players' are.

:func:`ranked` gives a Type A column with its breakdown (:class:`Ranked`): each tied group, its
tiers and how they were found, from which the row's account is written (an account cannot
disagree with its value).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from ..teams import match_score
from .context import Column
from . import typea
from .typea import ranks_from_tiers, tiers_by_key
from .spec import TeamEvaluation

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["tied_groups", "ranks_from_tiers", "rank_column", "tiers_by_key", "Group", "Ranked", "ranked",
           "account_earlier", "account_group"]


def _by_number(teams: Sequence[int], earlier: Sequence[Column]) -> tuple[list[int], list[Column]]:
    """The team numbers in ascending order, and ``earlier`` (rows in ``teams`` order) over them."""
    order = sorted(teams)
    if order == list(teams):
        return order, list(earlier)
    row = {t: k for k, t in enumerate(teams)}
    rows = [row[t] for t in order]
    return order, [c.taken(rows) for c in earlier]


def tied_groups(teams: Sequence[int], earlier: Sequence[Column]) -> list[list[int]]:
    """The groups of teams equal on every column of ``earlier`` (rows in ``teams`` order, the
    primary score first; an undefined value ties only with another undefined one), each in
    team-number order (:func:`xl_tiebreak.tiebreaks.typea.tied_groups`)."""
    order, cols = _by_number(teams, earlier)
    return [[order[k] for k in g] for g in typea.tied_groups(cols[0], cols[1:])]


def rank_column(teams: Sequence[int], earlier: Sequence[Column],
                tiers: Callable[[list[int]], list[list[int]]]) -> Column:
    """A Type A team column (rows in ``teams`` order): each team's rank inside the group
    ``earlier`` leaves tied, as ``tiers(group)`` orders the group (its members in team-number
    order; 1 when alone; :func:`xl_tiebreak.tiebreaks.typea.rank_column`)."""
    order, cols = _by_number(teams, earlier)
    pos = {t: k for k, t in enumerate(order)}

    def ranks(members: list[int]) -> dict[int, int]:
        return {pos[t]: r for t, r in ranks_from_tiers(tiers([order[k] for k in members])).items()}
    got = typea.rank_column(cols[0], cols[1:], ranks)
    return got if order == list(teams) else got.taken([pos[t] for t in teams])


@dataclass(frozen=True)
class Group:
    """One tied group of a Type A column: its teams (in number order), the tiers they were ordered
    into (best first, a tier still tied) and the steps that ordered them, as the account tells them."""

    members: list[int]
    tiers: list[list[int]]
    told: list[str]


@dataclass(frozen=True)
class Ranked:
    """A Type A team column (rows in ``teams`` order) and its breakdown: each team's group
    (:class:`Group`), from which the account is written; a team alone in its group has none
    (:meth:`group`)."""

    column: Column
    groups: dict[int, Group]
    teams: tuple[int, ...]

    def rank(self, team: int) -> Optional[Fraction]:
        """The team's value in :attr:`column`."""
        return self.column.value(self.teams.index(team))

    def group(self, team: int) -> Group:
        """The team's group (a team alone: itself, rank 1, nothing told)."""
        return self.groups.get(team) or Group([team], [[team]], [])


def ranked(teams: Sequence[int], earlier: Sequence[Column],
           order: Callable[[list[int]], tuple[list[list[int]], list[str]]], focus: Optional[int] = None) -> Ranked:
    """:func:`rank_column` with its breakdown: ``order(group)`` gives the group's tiers and the
    steps that found them (what the account shows). ``focus``: a team whose account is asked: only
    its group is ordered, and the column holds its members' ranks only (the others undefined)."""
    if focus is not None:
        group = next(g for g in tied_groups(teams, earlier) if focus in g)
        got, told = order(group) if len(group) > 1 else ([[focus]], [])
        ranks = ranks_from_tiers(got)
        column = Column.of([None if ranks.get(t) is None else Fraction(ranks[t]) for t in teams])
        return Ranked(column, dict.fromkeys(group, Group(group, got, told)) if len(group) > 1 else {}, tuple(teams))
    groups: dict[int, Group] = {}

    def tiers(members: list[int]) -> list[list[int]]:
        got, told = order(members)
        group = Group(members, got, told)
        groups.update(dict.fromkeys(members, group))
        return got
    return Ranked(rank_column(teams, earlier, tiers), groups, tuple(teams))


def account_earlier(ev: TeamEvaluation, tb: TieBreak) -> tuple[list[Column], str]:
    """The columns a Type A account ranks inside, and what they are: the columns before ``tb``
    in the list computed when the evaluation offers them (``earlier_for(tb)``, C.07 Art. 4.2),
    else (no such hook, or ``tb`` not in the list) the primary score alone (the account then
    says so)."""
    fn = getattr(ev, "earlier_for", None)
    listed = fn(tb) if callable(fn) else None
    if listed is not None:
        return listed, "the score and the tie-breaks before it"
    k = 0 if ev.primary == "MP" else 1
    return ([Column.of([sum((match_score(ev.event, m)[k] for m in ev.event.matches_of(t.no) if m.round <= ev.rounds),
                            Fraction(0)) for t in ev.event.teams])], f"the primary score ({ev.primary})")


def account_group(ev: TeamEvaluation, tb: TieBreak, team: int) -> tuple[list[int], str]:
    """The group tied with ``team`` on what :func:`account_earlier` gives, and what that is (BC's
    account names it when its members' game points differ, C.07 Art. 12.1)."""
    earlier, what = account_earlier(ev, tb)
    group = next(g for g in tied_groups([t.no for t in ev.event.teams], earlier) if team in g)
    return group, what
