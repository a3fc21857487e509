"""The team side's types (C.07 team articles; TIEBREAK_RULES §5.17): the evaluation a team rule
receives and the column it gives (the code itself is the one :class:`~xl_tiebreak.descriptor.TieBreak`,
read in team scope). The families (modules of this package) declare their ``ROWS`` with
:func:`~xl_tiebreak.tiebreaks.spec.team_row`: rows of team scope of the one registry
(:mod:`xl_tiebreak.tiebreaks.registry`).

A team value is a :data:`TeamColumn`: ``{team number: Fraction or None}`` (``None`` = undefined).
Type A codes (EDE family, TBR, BBE, DE) give a rank inside the group the earlier columns leave
tied (1 = best, lower is better), as the individual ``DE`` does.
"""

from __future__ import annotations

from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Callable, Mapping, Optional, Protocol, Sequence

import numpy as np

from ..tiebreaks.context import Column

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
    from ..editions import Edition
    from ..teams import TeamEvent

#: one value per team number (None where undefined)
TeamColumn = dict[int, Optional[Fraction]]


def as_column(teams: Sequence[int], col: Mapping[int, Optional[Fraction]]) -> Column:
    """A team column as the engine's :class:`~xl_tiebreak.tiebreaks.context.Column`: the numerators
    over the values' common denominator, in ``teams`` order, and which are defined (None: all)."""
    got = [col.get(t) for t in teams]
    den = lcm(*(v.denominator for v in got if v is not None))
    num = np.array([0 if v is None else v.numerator * (den // v.denominator) for v in got])  # object past int64
    defined = None if all(v is not None for v in got) else np.array([v is not None for v in got])
    return Column(num, den, defined)


class TeamValues(TeamColumn):
    """A team column as the team evaluation keeps it: the values by team number (what a team row
    reads and gives, a :data:`TeamColumn`) and the same as the engine's ``column`` over ``teams``
    (the event's order), which the one ranking and the Type A rule read
    (:func:`xl_tiebreak.standings.list_keys`, :mod:`xl_tiebreak.tiebreaks.typea`)."""

    def __init__(self, teams: Sequence[int], values: Mapping[int, Optional[Fraction]]) -> None:
        super().__init__((t, values.get(t)) for t in teams)
        self.teams = tuple(teams)
        self._column: Optional[Column] = None

    @property
    def column(self) -> Column:
        """The values as the engine's column over :attr:`teams` (made when first read)."""
        if self._column is None:
            self._column = as_column(self.teams, self)
        return self._column


class TeamEvaluation(Protocol):
    """What a team row's compute function receives."""

    @property
    def event(self) -> "TeamEvent":
        """The team event."""

    @property
    def edition(self) -> "Edition":
        """The rule edition (2024 or 2026: how unplayed matches count, C.07 Art. 16)."""

    @property
    def rounds(self) -> int:
        """The rounds counted (1..rounds)."""

    @property
    def primary(self) -> str:
        """``"MP"`` or ``"GP"``: the event's primary score."""

    def column(self, tb: TieBreak, earlier: Sequence[TeamColumn] = ()) -> TeamColumn:
        """Another tie-break of the same evaluation (computed once, then shared)."""


#: ``compute(evaluation, tiebreak, earlier) -> TeamColumn``. ``earlier``: the primary score's
#: column first, then the columns listed before this tie-break (type A codes rank inside the
#: groups they leave tied).
TeamCompute = Callable[[TeamEvaluation, "TieBreak", Sequence[TeamColumn]], TeamColumn]
#: ``account(evaluation, tiebreak, team) -> lines``: the value of one team step by step (which
#: matches, which opponent scores, what Art. 16 did), for ``explain``.
TeamAccount = Callable[[TeamEvaluation, "TieBreak", int], list[str]]
