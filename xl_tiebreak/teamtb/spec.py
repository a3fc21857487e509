"""The team side's types (C.07 team articles; TIEBREAK_RULES §5.17): the evaluation a team rule
receives and the column it gives (the code itself is the one :class:`~xl_tiebreak.descriptor.TieBreak`,
read in team scope). The families (modules of this package) declare their ``ROWS`` with
:func:`~xl_tiebreak.tiebreaks.spec.team_row`: rows of team scope of the one registry
(:mod:`xl_tiebreak.tiebreaks.registry`).

A team value is the engine's :class:`~xl_tiebreak.tiebreaks.context.Column`, one row per team in the
event's order (``event.teams``; undefined where not ``defined``), as a player value is one row per
player: the one ranking and the one Type A rule read both alike. Type A codes (EDE family, TBR,
BBE, DE) give a rank inside the group the earlier columns leave tied (1 = best, lower is better),
as the individual ``DE`` does.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Callable, Protocol, Sequence

from ..tiebreaks.context import Column

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
    from ..editions import Edition
    from ..teams import TeamEvent


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

    def column(self, tb: TieBreak, earlier: Sequence[Column] = ()) -> Column:
        """Another tie-break of the same evaluation (computed once, then shared)."""


#: ``compute(evaluation, tiebreak, earlier) -> Column`` (one row per team, the event's order).
#: ``earlier``: the primary score's column first, then the columns listed before this tie-break
#: (type A codes rank inside the groups they leave tied).
TeamCompute = Callable[[TeamEvaluation, "TieBreak", Sequence[Column]], Column]
#: ``account(evaluation, tiebreak, team) -> lines``: the value of one team step by step (which
#: matches, which opponent scores, what Art. 16 did), for ``explain``.
TeamAccount = Callable[[TeamEvaluation, "TieBreak", int], list[str]]
