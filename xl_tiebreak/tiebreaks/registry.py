"""The one registry of tie-breaks: a row per code, declared at the end of its family's module.

A row says everything the faces need to know about a code: its legend (title and article), its
aliases, the modifiers it takes, which way is better, how many decimals it shows, its Excel
function names, which other tie-breaks it reads, and the function that computes its column. The
descriptor parser, the engine, formatting, the explanations, the Excel functions and the Help
sheet all read it; adding a tie-break touches one file (its family's).

>>> spec("GE").name, spec("BH").modifiers, spec("DE").lower_is_better
('REP', 'CMP', True)
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional, Protocol, Sequence

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
    from .context import Column, Context


class Evaluation(Protocol):
    """What a tie-break's compute function receives: the evaluated event and its other columns."""

    ctx: "Context"  # the event under one edition, rounds, type and options
    fore: "Context"  # the same with the last round's games as draws (Fore Buchholz, Art. 8.3)
    points: "Column"  # every player's points

    def column(self, tb: "TieBreak") -> "Column":
        """Another tie-break of the same evaluation (computed once, then shared)."""


#: ``compute(evaluation, tiebreak, earlier columns) -> Column``; the earlier columns are those
#: listed before this tie-break (DE and KENTLER rank inside the groups they leave tied).
Compute = Callable[["Evaluation", "TieBreak", Sequence["Column"]], "Column"]

#: The modifier letters: cut, median, Koya limit, forfeits as games, of Fore Buchholz, reversed,
#: rating of unrated players, over the board only.
MODIFIERS = "CMLPFRUO"


@dataclass(frozen=True)
class Spec:
    """One tie-break code and everything the faces need to know about it."""

    name: str
    legend: str  # the one-line meaning shown under the standings
    article: str  # where the rule is written: "C.07 Art. 8.1" or "TIEBREAK_RULES §7.3"
    compute: Compute
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
    #: its explanation: ``account(ctx, row, tb, value, result)`` -> a Breakdown (the rows of a sum,
    #: which explain assembles) or a finished Account (tiebreaks/breakdown.py)
    account: Optional[Callable[..., Any]] = None

    @property
    def place(self) -> tuple:
        """Where it stands in lists: C.07 by article, then the national systems by section."""
        return (self.national, tuple(int(x) for x in re.findall(r"\d+", self.article.split("Art.")[-1])))


_ROWS: dict[str, Spec] = {}


def register(row: Spec) -> Spec:
    """Add a row (each family module registers its own at import)."""
    if row.name in _ROWS:
        raise ValueError(f"tie-break {row.name} is registered twice")
    if set(row.modifiers) - set(MODIFIERS):
        raise ValueError(f"{row.name}: unknown modifier letters {row.modifiers!r}")
    _ROWS[row.name] = row
    return row


def rows() -> dict[str, Spec]:
    """Every row, in the order of the regulations (C.07 articles, then TIEBREAK_RULES §7)."""
    global _SORTED
    if _SORTED is None:
        from . import buchholz, counts, direct, koya, national, rating  # noqa: F401  (they register)
        _SORTED = {r.name: r for r in sorted(_ROWS.values(), key=lambda r: r.place)}
    return _SORTED


_SORTED: Optional[dict[str, Spec]] = None


def aliases() -> dict[str, str]:
    """Other names accepted for a code (``GE`` for ``REP``, ...)."""
    return {a: r.name for r in rows().values() for a in r.aliases}


def spec(name: str) -> Spec:
    """The row of a code or alias (upper case); ``KeyError`` if there is none."""
    got = rows()
    return got[name] if name in got else got[aliases()[name]]


def excel_functions() -> list[tuple[str, str]]:
    """Every named Excel function (name, code), in the registry's order."""
    return [pair for r in rows().values() for pair in r.excel]
