"""Type A team tie-breaks over the one rule (C.07 Art. 4.2, 4.3; :mod:`xl_tiebreak.tiebreaks.typea`):
a team column of values by team number read as the engine's :class:`~xl_tiebreak.tiebreaks.context.Column`
over the event's teams (:func:`as_column`), its tied groups and ranks as the players' are found.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Callable, Sequence

import numpy as np

from ..teams import match_score
from ..tiebreaks.context import Column
from ..tiebreaks import typea
from ..tiebreaks.typea import ranks_from_tiers, tiers_by_key
from .spec import TeamColumn, TeamEvaluation

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["as_column", "tied_groups", "ranks_from_tiers", "rank_column", "tiers_by_key", "account_group"]


def as_column(teams: Sequence[int], col: TeamColumn) -> Column:
    """A team column as the engine's: the numerators over the values' common denominator, in
    ``teams`` order, and which are defined (None: all)."""
    got = [col.get(t) for t in teams]
    den = lcm(*(v.denominator for v in got if v is not None))
    num = np.array([0 if v is None else v.numerator * (den // v.denominator) for v in got])  # object past int64
    defined = None if all(v is not None for v in got) else np.array([v is not None for v in got])
    return Column(num, den, defined)


def tied_groups(teams: Sequence[int], earlier: Sequence[TeamColumn]) -> list[list[int]]:
    """The groups of teams equal on every column of ``earlier`` (the primary score first; an
    undefined value ties only with another undefined one), each in team-number order
    (:func:`xl_tiebreak.tiebreaks.typea.tied_groups`)."""
    order = sorted(teams)
    cols = [as_column(order, c) for c in earlier]
    return [[order[k] for k in g] for g in typea.tied_groups(cols[0], cols[1:])]


def rank_column(teams: Sequence[int], earlier: Sequence[TeamColumn],
                tiers: Callable[[list[int]], list[list[int]]]) -> TeamColumn:
    """A Type A team column: each team's rank inside the group ``earlier`` leaves tied, as
    ``tiers(group)`` orders the group, in team-number order (1 when alone;
    :func:`xl_tiebreak.tiebreaks.typea.rank_column`)."""
    order = sorted(teams)
    cols = [as_column(order, c) for c in earlier]
    row = {t: k for k, t in enumerate(order)}

    def ranks(members: list[int]) -> dict[int, int]:
        return {row[t]: r for t, r in ranks_from_tiers(tiers([order[k] for k in members])).items()}
    got = typea.rank_column(cols[0], cols[1:], ranks)
    return {t: Fraction(int(r)) for t, r in zip(order, got.num.tolist())}


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
