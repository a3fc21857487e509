"""Tie-break descriptors: ``"BH/C1/P"`` <-> :class:`TieBreak` (FIDE MTB / TRF-26 codes, §9.4).

Grammar: ``NAME[/Ck|/Mk][/Lx][/P][/F][/R][/Unnnn]``, case-insensitive. ``GE`` is accepted as an
alias of ``REP``; ``KS/L-2`` moves the Koya limit by half points, ``KS/L40`` sets it to 40 %.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional, TypedDict

from .errors import DescriptorError
from .number_text import quoted
from .tiebreaks import registry

if TYPE_CHECKING:
    from .tiebreaks.spec import Spec

MAX_CUT = 99


@dataclass(frozen=True)
class TieBreak:
    """A parsed descriptor. ``cut``/``median`` are the Ck/Mk counts; ``limit`` is the KS modifier
    (``("shift", halfpoints)`` or ``("percent", p)``); ``unrated`` the /Unnnn rating."""

    name: str
    cut: int = 0
    median: int = 0
    limit: Optional[tuple[str, int]] = None
    forfeits_as_games: bool = False  # /P
    fore: bool = False  # /F (AOB of Fore Buchholz)
    reverse: bool = False  # /R
    unrated: Optional[int] = None  # /Unnnn
    over_the_board: bool = False  # /O (MOSTWINS: games won over the board only)

    @property
    def code(self) -> str:
        """The canonical descriptor text, e.g. ``BH/C1/P``."""
        parts = [self.name]
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.limit is not None:
            kind, v = self.limit
            parts.append(f"L{v}" if kind == "percent" else f"L{v:+d}")
        if self.forfeits_as_games:
            parts.append("P")
        if self.fore:
            parts.append("F")
        if self.reverse:
            parts.append("R")
        if self.unrated is not None:
            parts.append(f"U{self.unrated}")
        if self.over_the_board:
            parts.append("O")
        return "/".join(parts)

    @property
    def spec(self) -> Spec:
        """The registry row of this tie-break."""
        return registry.spec(self.name)

    @property
    def lower_is_better(self) -> bool:
        """DE and KENTLER are ranks and TPN a pairing number: lower is better; /R turns it round."""
        return self.spec.lower_is_better != self.reverse

    @property
    def title(self) -> str:
        """Its name in a legend: the row's name (its legend without the article) with the modifiers
        in the words of C.07 Art. 14 (``Cut-k``, ``Median-k``, TIEBREAK_RULES §4.5): ``BH/C1`` is
        "Buchholz Cut-1", ``BH`` "Buchholz", ``SB/M1/P`` "Sonneborn-Berger Median-1, forfeits count
        as games"."""
        spec = self.spec
        name = spec.legend
        for tail in (f", {spec.article}", f" ({spec.article})"):
            if name.endswith(tail):
                name = name[: -len(tail)]
        more = []
        if self.forfeits_as_games:
            more.append("forfeits count as games")
        if self.fore:
            more.append("taken as Fore Buchholz")
        if self.limit is not None:
            kind, v = self.limit
            more.append(f"limit {v} %" if kind == "percent" else f"limit moved {v:+d} half points")
        if self.reverse:
            more.append("reversed")
        if self.unrated is not None:
            more.append(f"unrated players count {self.unrated}")
        if self.over_the_board:
            more.append("over the board only")
        return with_cut(name, self.cut, self.median) + "".join(f", {m}" for m in more)

    def legend(self, space: str = " ") -> str:
        """Its line in every legend (the command line's, the published page's, the printed
        sheet's) and an account's heading: :attr:`title`, then the article; ``space`` joins the
        article's words (the printed sheet keeps them on one line with a no-break space).
        ``BH/C1`` is "Buchholz Cut-1, C.07 Art. 8.1"."""
        return f"{self.title}, {self.spec.article.replace(' ', space)}"


def with_cut(name: str, cut: int, median: int) -> str:
    """A legend's name with its cut or median in the words of C.07 Art. 14 (TIEBREAK_RULES §4.5)
    after the name itself, before what follows it (``: ...`` or `` (...)``): "Buchholz (sum of
    the opponents' MP or GP)" with a cut of 1 is "Buchholz Cut-1 (sum of the opponents' MP or GP)"."""
    words = f" Cut-{cut}" if cut else f" Median-{median}" if median else ""
    at = min((k for k in (name.find(":"), name.find(" (")) if k > 0), default=len(name))
    return name[:at] + words + name[at:]


_Flag = Literal["forfeits_as_games", "fore", "reverse", "over_the_board"]
_FLAGS: dict[str, _Flag] = {"P": "forfeits_as_games", "F": "fore", "R": "reverse", "O": "over_the_board"}
_MOD = re.compile(r"^(?:(C)([0-9]+)|(M)([0-9]+)|(L)([+-]?[0-9]+)|(P)|(F)|(R)|(U)([0-9]+)|(O))$", re.IGNORECASE)


class _Fields(TypedDict, total=False):
    """The modifiers a descriptor gives, as :class:`TieBreak`'s fields."""

    cut: int
    median: int
    limit: tuple[str, int]
    forfeits_as_games: bool
    fore: bool
    reverse: bool
    unrated: int
    over_the_board: bool


def parse_descriptor(text: str) -> TieBreak:
    """Parse one descriptor; raises :class:`DescriptorError` naming the offending word."""
    raw = text.strip()
    if not raw:
        raise DescriptorError("empty tie-break descriptor")
    head, *mods = raw.split("/")
    name = head.strip().upper()
    rows = registry.rows()
    name = registry.aliases().get(name, name)
    if name not in rows:
        raise DescriptorError(f"unknown tie-break {quoted(head.strip())}" + (f" in {quoted(raw)}" if mods else "")
                              + "; known: "
                              + ", ".join(list(rows) + ["GE"]))
    allowed = rows[name].modifiers
    fields: _Fields = {}
    seen: set[str] = set()
    for m in mods:
        mm = _MOD.match(m.strip())
        if not mm:
            raise DescriptorError(f"unknown modifier {quoted('/' + m)} in {quoted(raw)}")
        letter = m.strip()[:1].upper()
        if letter in seen:
            raise DescriptorError(f"modifier '/{letter}' appears twice in {quoted(raw)}")
        seen.add(letter)
        if letter not in allowed:
            raise DescriptorError(f"modifier {quoted('/' + m)} does not apply to {name} in {quoted(raw)}")
        g = mm.groups()
        if g[0]:
            fields["cut"] = _count(g[1], m, raw)
        elif g[2]:
            fields["median"] = _count(g[3], m, raw)
        elif g[4]:
            v = g[5]
            if len(v.lstrip("+-")) > 4 or abs(int(v)) > 1000:  # (5,000 digits would not even convert)
                raise DescriptorError(f"{quoted('/' + m)} in {quoted(raw)}: the limit is out of range")
            fields["limit"] = ("shift", int(v)) if v[0] in "+-" else ("percent", int(v))
        elif g[9]:
            if len(g[10]) > 4 or not 0 < int(g[10]) < 4000:
                raise DescriptorError(f"{quoted('/' + m)} in {quoted(raw)}: the rating for unrated players must be "
                                      "from 1 to 3999")
            fields["unrated"] = int(g[10])
        else:
            fields[_FLAGS[letter]] = True
    if "median" in fields and fields["median"] < rows[name].least_median:
        raise DescriptorError(f"{quoted(raw)}: drop at least one score at each end (SOLKOFF drops none)")
    if fields.get("cut") and fields.get("median"):
        raise DescriptorError(f"{quoted(raw)} has both a cut and a median; use one")
    return TieBreak(name=name, **fields)


def _count(text: str, mod: str, raw: str) -> int:
    k = int(text) if len(text) <= 6 else MAX_CUT + 1
    if k > MAX_CUT:
        raise DescriptorError(f"{quoted('/' + mod)} in {quoted(raw)}: at most {MAX_CUT} may be cut")
    return k


def parse_list(text: "str | list[str] | tuple[str, ...]") -> list[TieBreak]:
    """Parse a comma-separated list (or a sequence) of descriptors."""
    items = text.split(",") if isinstance(text, str) else list(text)
    if isinstance(text, str) and text.strip():
        for k, item in enumerate(items, start=1):
            if not item.strip() and (k < len(items) or len(items) == 1):  # a trailing comma is harmless
                raise DescriptorError(f"entry {k} of the tie-break list is empty (two commas in a row?)")
    out = [parse_descriptor(i) for i in items if i.strip()]
    if not out:
        raise DescriptorError("the tie-break list is empty")
    return out
