"""A registry row: one tie-break code as one whole unit (the types the families declare rows with).

A row holds everything about its code: whom it ranks (its :data:`Scope`: players, teams or both),
the legend and article, the qualifiers and modifiers it takes, which way is better, its
decimals, its Excel names, and the one function that gives its value and its account
(:data:`Compute`; a team row's :class:`TeamRule`). The families, individual and team alike,
import this module only; the one registry (:mod:`.registry`) imports the families and collects
their ``ROWS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Literal, Optional, Protocol, Sequence, Union

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
    from ..editions import Edition
    from ..teams import TeamEvent
    from .breakdown import Account, Breakdown
    from .context import Column, Context


class Evaluation(Protocol):
    """What a tie-break's compute function receives: the evaluated event and its other columns."""

    @property
    def ctx(self) -> "Context":
        """The event under one edition, rounds, type and options."""

    @property
    def fore(self) -> "Context":
        """The same with the last round's games as draws (Fore Buchholz, C.07 Art. 8.3)."""

    @property
    def points(self) -> "Column":
        """Every player's points."""

    def column(self, tb: "TieBreak", earlier: Sequence["Column"] = ()) -> "Column":
        """Another tie-break of the same evaluation (computed once, then shared)."""


#: ``compute(evaluation, tiebreak, earlier columns, account) -> Column | Breakdown``: the value
#: of every player; a :class:`~.breakdown.Breakdown` also says what each round contributed, and
#: with ``account`` its reasons, facts and layout, from which explain writes the account (a row
#: without a layout, or whose value is a bare Column, gets a generic account). ``earlier``: the
#: columns listed before this tie-break (DE and KENTLER rank inside the groups they leave tied).
Compute = Callable[["Evaluation", "TieBreak", Sequence["Column"], bool], Union["Column", "Breakdown"]]
#: ``account(context, row, tiebreak, value, result) -> Account``: a finished account, for a row
#: whose value is no sum over rounds (AOB, the rating family, DE, KENTLER, TPN, RTNG).
AccountOf = Callable[["Context", int, "TieBreak", Any, Any], "Account"]

class TeamEvaluation(Protocol):
    """What a team row's compute function receives (:class:`~.team_context.TeamContext`): the team
    event under one edition and rounds, and its other columns."""

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

    def column(self, tb: "TieBreak", earlier: Sequence["Column"] = ()) -> "Column":
        """Another tie-break of the same evaluation (computed once, then shared)."""


#: ``compute(evaluation, tiebreak, earlier) -> Column``: a team row's value of every team, one row
#: per team in the event's order (the engine's column type, as the players' rows give it).
#: ``earlier``: the primary score's column first, then the columns listed before this tie-break
#: (type A codes rank inside the groups they leave tied).
TeamCompute = Callable[[TeamEvaluation, "TieBreak", Sequence["Column"]], "Column"]
#: ``account(evaluation, tiebreak, team) -> lines``: the value of one team step by step (which
#: matches, which opponent scores, what Art. 16 did), for ``explain``.
TeamAccount = Callable[[TeamEvaluation, "TieBreak", int], list[str]]

#: The modifier letters each scope's reading of a code knows (:mod:`xl_tiebreak.descriptor`,
#: TIEBREAK_RULES §9.4): a player code's cut, median, Koya limit, forfeits as games, of Fore
#: Buchholz, reversed, rating of unrated players, over the board only; a team code's cut, median,
#: SSSC's normaliser /Kx, forfeits as played, reversed.
SCOPE_MODIFIERS = {"player": "CMLPFRUO", "team": "CMKPR"}

#: Whom a row ranks: players, teams (C.07 team articles; TIEBREAK_RULES §5.17) or both.
Scope = Literal["player", "team", "both"]

#: The score qualifiers of §9.4: ``:MP`` / ``:GP`` (which score a Buchholz-like team code sums), and
#: for the ESB family ``:MM :MG :GM :GG`` (opponent's score, then the score scored against him).
QUALIFIERS = ("MP", "GP", "MM", "MG", "GM", "GG")


@dataclass(frozen=True)
class TeamRule:
    """How a row ranks teams: ``compute`` gives every team's value over the team event (Art. 16
    applied per match, C.07 Art. 16), ``account`` its lines step by step for ``explain``."""

    compute: "TeamCompute"
    account: Optional["TeamAccount"] = None


def _players_only(*_: object) -> Any:
    raise TypeError("a team tie-break ranks no players")


@dataclass(frozen=True)
class Spec:
    """One tie-break code and everything the faces need to know about it."""

    name: str
    legend: str  # the one-line meaning shown under the standings
    article: str  # where the rule is written: "C.07 Art. 8.1" or "TIEBREAK_RULES §7.3"
    compute: Compute  # its value, and (account=True) what its account shows
    modifiers: str = ""  # the letters of SCOPE_MODIFIERS it takes
    aliases: tuple[str, ...] = ()
    lower_is_better: bool = False  # /R turns it round
    decimals: Optional[int] = None  # shown decimals; None: the scoring's (1, or 2 for quarters)
    excel: tuple[tuple[str, str], ...] = ()  # (Excel function name, code) of its named functions
    needs: Optional[Callable[["TieBreak"], "TieBreak"]] = None  # the other tie-break it reads, if any
    # (AOB/C1 -> BH/C1, AOB/F -> FB, APRO -> TPR, APPO -> PTP): its value and its account read it
    national: bool = False  # a national or historical system (TIEBREAK_RULES §7), not C.07
    ranks: bool = False  # a rank inside the groups the earlier columns leave tied (DE, KENTLER)
    least_median: int = 0  # the smallest /Mk (the USCF medians drop at least one at each end)
    account: Optional[AccountOf] = None  # a finished account, when the value is no sum over rounds
    #: how it treats unrated players (C.07 Art. 10): "" not at all, "opponents" (the rating
    #: family's averages), "own" (RTNG, the player's own rating)
    unrated: str = ""
    #: what its Excel function shows for each player (in start order), when not its value
    #: (KENTLER: the opponents' TPRs as text): ``shown(context, tiebreak)``; and its description
    shown: Optional[Callable[["Context", "TieBreak"], Sequence[Any]]] = None
    excel_doc: str = ""
    #: whose results its value reads: 0 the player's own rounds, 1 also his opponents' rounds, 2
    #: also theirs' opponents' (a rank row: those of its tied group's members); None unknown,
    #: as if every result of the event mattered (what-if uses it to leave out boards soundly)
    reach: Optional[int] = None
    #: whom it ranks; and, for teams, its rule and the qualifiers (of QUALIFIERS) it takes
    scope: Scope = "player"
    team: Optional[TeamRule] = None
    qualifiers: tuple[str, ...] = ()

    def serves(self, scope: Scope) -> bool:
        """Whether it ranks competitors of ``scope`` (a ``"both"`` row serves either)."""
        return self.scope in (scope, "both")

    @property
    def team_rule(self) -> TeamRule:
        """Its rule for teams; ``TypeError`` for a row that ranks players only."""
        if self.team is None:
            raise TypeError(f"tie-break {self.name} ranks no teams")
        return self.team

    @property
    def place(self) -> tuple[bool, tuple[int, ...]]:
        """Where it stands in lists: C.07 by article, then the national systems by section."""
        return (self.national, tuple(int(x) for x in re.findall(r"\d+", self.article.split("Art.")[-1])))


def team_row(name: str, legend: str, article: str, compute: "TeamCompute", account: Optional["TeamAccount"] = None,
             *, modifiers: str = "", qualifiers: tuple[str, ...] = (), lower_is_better: bool = False,
             ranks: bool = False, decimals: Optional[int] = None, aliases: tuple[str, ...] = ()) -> Spec:
    """A row of team scope (a team family's ``ROWS``): its value and account are a :class:`TeamRule`."""
    return Spec(name, legend, article, _players_only, modifiers, aliases, lower_is_better, decimals, ranks=ranks,
                scope="team", team=TeamRule(compute, account), qualifiers=qualifiers)
