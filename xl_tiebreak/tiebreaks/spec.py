"""A registry row: one tie-break code as one whole unit (the types the families declare rows with).

A row holds everything about its code: the legend and article, the modifiers it takes, which way
is better, its decimals, its Excel names, and the one function that gives its value and its
account (:data:`Compute`). The families import this module only; the registry
(:mod:`.registry`) imports the families and collects their ``ROWS``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, Sequence, Union

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
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

#: The modifier letters: cut, median, Koya limit, forfeits as games, of Fore Buchholz, reversed,
#: rating of unrated players, over the board only.
MODIFIERS = "CMLPFRUO"


@dataclass(frozen=True)
class Spec:
    """One tie-break code and everything the faces need to know about it."""

    name: str
    legend: str  # the one-line meaning shown under the standings
    article: str  # where the rule is written: "C.07 Art. 8.1" or "TIEBREAK_RULES §7.3"
    compute: Compute  # its value, and (account=True) what its account shows
    modifiers: str = ""  # the letters of MODIFIERS it takes
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

    @property
    def place(self) -> tuple[bool, tuple[int, ...]]:
        """Where it stands in lists: C.07 by article, then the national systems by section."""
        return (self.national, tuple(int(x) for x in re.findall(r"\d+", self.article.split("Art.")[-1])))
