"""The team side's types (C.07 team articles; TIEBREAK_RULES §5.17): the parsed team code, the
evaluation a team rule receives and the column it gives. The families (modules of this package)
declare their ``ROWS`` with :func:`~xl_tiebreak.tiebreaks.spec.team_row`: rows of team scope of
the one registry (:mod:`xl_tiebreak.tiebreaks.registry`).

A team value is a :data:`TeamColumn`: ``{team number: Fraction or None}`` (``None`` = undefined).
Type A codes (EDE family, TBR, BBE, DE) give a rank inside the group the earlier columns leave
tied (1 = best, lower is better), as the individual ``DE`` does.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Optional, Protocol, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from ..editions import Edition
    from ..teams import TeamEvent

#: one value per team number (None where undefined)
TeamColumn = dict[int, Optional[Fraction]]


@dataclass(frozen=True)
class TeamTieBreak:
    """A parsed team descriptor ``NAME[:Q][/Ck|/Mk][/Kx][/P][/R]`` (§9.4). ``qualifier`` ``""``
    = the event's primary score; ``forfeits_as_played`` is ``/P``; ``k`` is SSSC's ``/Kx``."""

    name: str
    qualifier: str = ""
    cut: int = 0
    median: int = 0
    k: Optional[int] = None
    forfeits_as_played: bool = False
    reverse: bool = False

    @property
    def code(self) -> str:
        """The canonical text, e.g. ``BH:MP/C1``."""
        parts = [self.name + (f":{self.qualifier}" if self.qualifier else "")]
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.k is not None:
            parts.append(f"K{self.k}")
        if self.forfeits_as_played:
            parts.append("P")
        if self.reverse:
            parts.append("R")
        return "/".join(parts)


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

    def column(self, tb: TeamTieBreak, earlier: Sequence[TeamColumn] = ()) -> TeamColumn:
        """Another tie-break of the same evaluation (computed once, then shared)."""


#: ``compute(evaluation, tiebreak, earlier) -> TeamColumn``. ``earlier``: the primary score's
#: column first, then the columns listed before this tie-break (type A codes rank inside the
#: groups they leave tied).
TeamCompute = Callable[[TeamEvaluation, TeamTieBreak, Sequence[TeamColumn]], TeamColumn]
#: ``account(evaluation, tiebreak, team) -> lines``: the value of one team step by step (which
#: matches, which opponent scores, what Art. 16 did), for ``explain``.
TeamAccount = Callable[[TeamEvaluation, TeamTieBreak, int], list[str]]
