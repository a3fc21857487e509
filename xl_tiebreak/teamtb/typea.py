"""Type A team tie-breaks over the one rule (C.07 Art. 4.2, 4.3; :mod:`xl_tiebreak.tiebreaks.typea`):
a team column of values by team number read as the engine's :class:`~xl_tiebreak.tiebreaks.context.Column`
over the event's teams (:func:`as_column`), its tied groups and ranks as the players' are found.

:func:`ranked` gives a Type A column with its breakdown (:class:`Ranked`): each tied group, its
tiers and how they were found, from which the row's account is written (an account cannot
disagree with its value).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from ..teams import match_score
from ..tiebreaks.context import Column
from ..tiebreaks import typea
from ..tiebreaks.typea import ranks_from_tiers, tiers_by_key
from .spec import TeamColumn, TeamEvaluation, TeamValues, as_column

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["as_column", "tied_groups", "ranks_from_tiers", "rank_column", "tiers_by_key", "Group", "Ranked", "ranked",
           "account_earlier", "account_group"]


def _columns(order: Sequence[int], earlier: Sequence[TeamColumn]) -> list[Column]:
    """``earlier`` as the engine's columns over the teams in ``order`` (a column the evaluation
    keeps in that order already is taken as it is)."""
    return [c.column if isinstance(c, TeamValues) and c.teams == tuple(order) else as_column(order, c)
            for c in earlier]


def tied_groups(teams: Sequence[int], earlier: Sequence[TeamColumn]) -> list[list[int]]:
    """The groups of teams equal on every column of ``earlier`` (the primary score first; an
    undefined value ties only with another undefined one), each in team-number order
    (:func:`xl_tiebreak.tiebreaks.typea.tied_groups`)."""
    order = sorted(teams)
    cols = _columns(order, earlier)
    return [[order[k] for k in g] for g in typea.tied_groups(cols[0], cols[1:])]


def rank_column(teams: Sequence[int], earlier: Sequence[TeamColumn],
                tiers: Callable[[list[int]], list[list[int]]]) -> TeamColumn:
    """A Type A team column: each team's rank inside the group ``earlier`` leaves tied, as
    ``tiers(group)`` orders the group, in team-number order (1 when alone;
    :func:`xl_tiebreak.tiebreaks.typea.rank_column`)."""
    order = sorted(teams)
    cols = _columns(order, earlier)
    row = {t: k for k, t in enumerate(order)}

    def ranks(members: list[int]) -> dict[int, int]:
        return {row[t]: r for t, r in ranks_from_tiers(tiers([order[k] for k in members])).items()}
    got = typea.rank_column(cols[0], cols[1:], ranks)
    return {t: Fraction(int(r)) for t, r in zip(order, got.num.tolist())}


@dataclass(frozen=True)
class Group:
    """One tied group of a Type A column: its teams (in number order), the tiers they were ordered
    into (best first, a tier still tied) and the steps that ordered them, as the account tells them."""

    members: list[int]
    tiers: list[list[int]]
    told: list[str]


@dataclass(frozen=True)
class Ranked:
    """A Type A team column and its breakdown: each team's group (:class:`Group`), from which the
    account is written; a team alone in its group has none (:meth:`group`)."""

    column: TeamColumn
    groups: dict[int, Group]

    def group(self, team: int) -> Group:
        """The team's group (a team alone: itself, rank 1, nothing told)."""
        return self.groups.get(team) or Group([team], [[team]], [])


def ranked(teams: Sequence[int], earlier: Sequence[TeamColumn],
           order: Callable[[list[int]], tuple[list[list[int]], list[str]]], focus: Optional[int] = None) -> Ranked:
    """:func:`rank_column` with its breakdown: ``order(group)`` gives the group's tiers and the
    steps that found them (what the account shows). ``focus``: a team whose account is asked: only
    its group is ordered, and the column holds its members' ranks only."""
    if focus is not None:
        group = next(g for g in tied_groups(teams, earlier) if focus in g)
        if len(group) == 1:
            return Ranked({focus: Fraction(1)}, {})
        got, told = order(group)
        one = Group(group, got, told)
        return Ranked({t: Fraction(r) for t, r in ranks_from_tiers(got).items()}, dict.fromkeys(group, one))
    groups: dict[int, Group] = {}

    def tiers(members: list[int]) -> list[list[int]]:
        got, told = order(members)
        group = Group(members, got, told)
        groups.update(dict.fromkeys(members, group))
        return got
    return Ranked(rank_column(teams, earlier, tiers), groups)


def account_earlier(ev: TeamEvaluation, tb: TieBreak) -> tuple[list[TeamColumn], str]:
    """The columns a Type A account ranks inside, and what they are: the columns before ``tb``
    in the list computed when the evaluation offers them (``earlier_for(tb)``, C.07 Art. 4.2),
    else (no such hook, or ``tb`` not in the list) the primary score alone (the account then
    says so)."""
    fn = getattr(ev, "earlier_for", None)
    listed = fn(tb) if callable(fn) else None
    if listed is not None:
        return listed, "the score and the tie-breaks before it"
    k = 0 if ev.primary == "MP" else 1
    return ([{t.no: sum((match_score(ev.event, m)[k] for m in ev.event.matches_of(t.no) if m.round <= ev.rounds),
                        Fraction(0)) for t in ev.event.teams}], f"the primary score ({ev.primary})")


def account_group(ev: TeamEvaluation, tb: TieBreak, team: int) -> tuple[list[int], str]:
    """The group tied with ``team`` on what :func:`account_earlier` gives, and what that is (BC's
    account names it when its members' game points differ, C.07 Art. 12.1)."""
    earlier, what = account_earlier(ev, tb)
    group = next(g for g in tied_groups([t.no for t in ev.event.teams], earlier) if team in g)
    return group, what
