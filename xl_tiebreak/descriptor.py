"""Tie-break descriptors, the one grammar of every code (TIEBREAK_RULES §9.4, FIDE MTB / TRF-26):
``NAME[:Q][/mods]``, case-insensitive, read against the rows of one scope of the one registry
(:mod:`xl_tiebreak.tiebreaks.registry`). A code of either scope becomes one :class:`TieBreak`
that knows the scope it was read in: a player code (``"BH/C1/P"``) or a team code (``"BH:GP/C1"``).

The modifiers: ``/Ck`` cut, ``/Mk`` median, ``/Lx`` Koya limit (``KS/L-2`` moves it by half points,
``KS/L40`` sets it to 40 %), ``/P`` forfeits as games, ``/F`` of Fore Buchholz, ``/R`` reversed,
``/Unnnn`` rating of unrated players, ``/O`` over the board only, ``/Kx`` SSSC's normaliser. Which
ones a code takes (and which qualifiers) is its row's (``modifiers``, ``qualifiers``).

The team reading is a scope of this grammar, not a second one; where it reads differently (the
team lists of TRF-26 records 202/212 and C.07 Art. 16's team codes were written apart, and tests
pin both sides' messages word for word), :func:`read_code` branches on the scope:

========================  =====================================  =====================================
                          player scope                           team scope
========================  =====================================  =====================================
qualifier ``:Q``          none (``BH:MP`` is an unknown name)    one of :data:`QUALIFIERS`, then one
                                                                 the row takes (``:MP``/``:GP``, the
                                                                 ESB family's ``:MM`` ...)
case                      the name and each modifier upper-      the whole code upper-cased first
                          cased (``c1`` is ``C1``)
the name                  looked up first (``GE`` for ``REP``)   a word ``[A-Z][A-Z0-9_]*``; looked
                                                                 up after the modifiers' grammar
modifier letters          ``C M L P F R U O``                    ``C M K P R``
a count (``/Ck /Mk``)     ASCII digits, at most 99 (MAX_CUT)     any digits, at most 9999 in ASCII
                                                                 (MAX_NUMBER); ``/Kx`` the same
``/Lx``, ``/Unnnn``       -1000..1000, 1..3999                   (not read)
a letter twice            refused ("appears twice")              ``/C``,``/M`` one of them (a zero
                                                                 one may be given again), ``/K`` once,
                                                                 ``/P``,``/R`` once
a letter the row lacks    refused as read ("does not apply")     refused after the lookup, in the
                                                                 order C M K P R ("takes no ...")
cut and median            refused after the modifiers            refused as read
least median              the row's ``least_median``             none
a list                    commas; an empty entry or list         commas or semicolons; blanks
                          refused                                dropped; ``None`` is no list
========================  =====================================  =====================================
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, Optional, Sequence, TypedDict, Union

from .errors import DescriptorError
from .number_text import quoted, whole_number
from .tiebreaks import registry
from .tiebreaks.spec import QUALIFIERS, Scope

if TYPE_CHECKING:
    from .tiebreaks.spec import Spec

#: the largest cut or median of a player code; of a team code's number (a longer one is refused
#: before it is converted)
MAX_CUT = 99
MAX_NUMBER = 9999


@dataclass(frozen=True)
class TieBreak:
    """A parsed descriptor of a player or a team code (``scope``: the registry rows it was read
    against). ``cut``/``median`` are the Ck/Mk counts; ``limit`` is the KS modifier
    (``("shift", halfpoints)`` or ``("percent", p)``); ``unrated`` the /Unnnn rating. A team code
    (§9.4) adds ``qualifier``, the score ``:Q`` it reads (``""``: the event's primary score), and
    ``k``, SSSC's normaliser ``/Kx``; its ``/P`` is :attr:`forfeits_as_played`."""

    name: str
    cut: int = 0
    median: int = 0
    limit: Optional[tuple[str, int]] = None
    forfeits_as_games: bool = False  # /P
    fore: bool = False  # /F (AOB of Fore Buchholz)
    reverse: bool = False  # /R
    unrated: Optional[int] = None  # /Unnnn
    over_the_board: bool = False  # /O (MOSTWINS: games won over the board only)
    qualifier: str = ""  # :Q of a team code (one of QUALIFIERS)
    k: Optional[int] = None  # /Kx of a team code (SSSC)
    scope: Literal["player", "team"] = "player"

    @property
    def forfeits_as_played(self) -> bool:
        """``/P`` in the words of the team articles: forfeited matches count as played against
        the scheduled opponent (the same flag as :attr:`forfeits_as_games`)."""
        return self.forfeits_as_games

    @property
    def code(self) -> str:
        """The canonical descriptor text, e.g. ``BH/C1/P`` or ``BH:MP/C1``."""
        parts = [self.name + (f":{self.qualifier}" if self.qualifier else "")]
        if self.cut:
            parts.append(f"C{self.cut}")
        if self.median:
            parts.append(f"M{self.median}")
        if self.k is not None:
            parts.append(f"K{self.k}")
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
        """The registry row of this tie-break, of the scope it was read in."""
        return registry.spec(self.name, self.scope)

    @property
    def lower_is_better(self) -> bool:
        """A rank inside a tied group (DE, KENTLER, the team Type A codes; 1 is best), TPN a
        pairing number and BC: lower is better; /R turns it round."""
        spec = self.spec
        return (spec.lower_is_better or spec.ranks) != self.reverse

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
#: each letter's argument, as each scope reads it (TIEBREAK_RULES §9.4): player counts are ASCII
#: digits, team numbers any digits (then refused unless ASCII and at most MAX_NUMBER)
_ARGUMENT = {"player": {"C": "[0-9]+", "M": "[0-9]+", "L": "[+-]?[0-9]+", "U": "[0-9]+",
                        "P": "", "F": "", "R": "", "O": ""},
             "team": {"C": r"\d+", "M": r"\d+", "K": r"\d+", "P": "", "R": ""}}
_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")


class _Fields(TypedDict, total=False):
    """The modifiers a descriptor gives, as :class:`TieBreak`'s fields (``k``: a team code's /Kx)."""

    cut: int
    median: int
    limit: tuple[str, int]
    forfeits_as_games: bool
    fore: bool
    reverse: bool
    unrated: int
    over_the_board: bool
    k: int


def read_code(text: str, scope: Scope) -> "tuple[Spec, str, _Fields]":
    """Read one code of ``scope``: its row, its qualifier (``""`` if none) and its modifiers, each
    checked against the row. Raises :class:`DescriptorError` naming the code and the part that is
    wrong, in the words of the scope (the table above)."""
    team = scope == "team"
    raw = text if team else text.strip()  # (a team message quotes the code as given)
    code = text.strip().upper() if team else raw
    if not code:
        raise DescriptorError("an empty team tie-break code" if team else "empty tie-break descriptor")
    head, *mods = code.split("/")
    qualifier = ""
    row: Optional[Spec] = None
    if team:
        name, colon, qualifier = (part.strip() for part in head.partition(":"))
        if not _NAME.match(name):
            raise DescriptorError(f"team tie-break {quoted(raw)}: {quoted(name)} is not a tie-break name")
        if colon and qualifier not in QUALIFIERS:
            raise DescriptorError(f"team tie-break {quoted(raw)}: unknown qualifier {quoted(':' + qualifier)}; "
                                  f"expected one of {', '.join(':' + q for q in QUALIFIERS)}")
    else:
        row = _player_row(head, raw, bool(mods))
    fields = _modifiers(mods, raw, scope, row)
    if row is None:
        row = team_spec(name)
        _fits_team(row, qualifier, fields, raw)
        return row, qualifier, fields
    if "median" in fields and fields["median"] < row.least_median:
        raise DescriptorError(f"{quoted(raw)}: drop at least one score at each end (SOLKOFF drops none)")
    if fields.get("cut") and fields.get("median"):
        raise DescriptorError(f"{quoted(raw)} has both a cut and a median; use one")
    return row, qualifier, fields


def _player_row(head: str, raw: str, mods: bool) -> "Spec":
    """The player row of a name or alias; refused with the list of every player code."""
    name = head.strip().upper()
    rows = registry.rows()
    name = registry.aliases().get(name, name)
    if name not in rows:
        raise DescriptorError(f"unknown tie-break {quoted(head.strip())}" + (f" in {quoted(raw)}" if mods else "")
                              + "; known: "
                              + ", ".join(list(rows) + ["GE"]))
    return rows[name]


def _modifiers(mods: Sequence[str], raw: str, scope: Scope, row: "Optional[Spec]") -> _Fields:
    """The modifiers' grammar: each a letter of the scope with its argument, given once (and, when
    the row is known, one it takes)."""
    team = scope == "team"
    fields: _Fields = {}
    seen: set[str] = set()
    for m in mods:
        word = m.strip()
        letter = word[:1] if team else word[:1].upper()
        form = _ARGUMENT[scope].get(letter) if len(letter) == 1 else None
        if form is None or not re.fullmatch(form, word[1:]):
            if team:
                raise _unknown_team_modifier(raw, word)
            raise DescriptorError(f"unknown modifier {quoted('/' + m)} in {quoted(raw)}")
        if team:
            _team_modifier(letter, word, raw, fields)
            continue
        if letter in seen:
            raise DescriptorError(f"modifier '/{letter}' appears twice in {quoted(raw)}")
        seen.add(letter)
        assert row is not None
        if letter not in row.modifiers:
            raise DescriptorError(f"modifier {quoted('/' + m)} does not apply to {row.name} in {quoted(raw)}")
        arg = word[1:]
        if letter in "CM":
            fields["cut" if letter == "C" else "median"] = _count(arg, m, raw)
        elif letter == "L":
            if len(arg.lstrip("+-")) > 4 or abs(int(arg)) > 1000:  # (5,000 digits would not even convert)
                raise DescriptorError(f"{quoted('/' + m)} in {quoted(raw)}: the limit is out of range")
            fields["limit"] = ("shift", int(arg)) if arg[0] in "+-" else ("percent", int(arg))
        elif letter == "U":
            if len(arg) > 4 or not 0 < int(arg) < 4000:
                raise DescriptorError(f"{quoted('/' + m)} in {quoted(raw)}: the rating for unrated players must be "
                                      "from 1 to 3999")
            fields["unrated"] = int(arg)
        else:
            fields[_FLAGS[letter]] = True
    return fields


def _team_modifier(letter: str, word: str, raw: str, fields: _Fields) -> None:
    """One modifier of a team code: a number at most MAX_NUMBER; one cut or median; /K, /P, /R once."""
    if letter in "PR":
        flag: _Flag = "forfeits_as_games" if letter == "P" else "reverse"
        if fields.get(flag):
            raise _unknown_team_modifier(raw, word)
        fields[flag] = True
        return
    number = whole_number(word[1:], 0, MAX_NUMBER)
    if number is None:  # (not converted: it may have 5,000 digits)
        raise DescriptorError(f"team tie-break {quoted(raw)}: {quoted('/' + word)}: at most {MAX_NUMBER}")
    if letter == "K":
        if "k" in fields:
            raise DescriptorError(f"team tie-break {quoted(raw)}: /K given twice")
        fields["k"] = number
        return
    if fields.get("cut") or fields.get("median"):
        raise DescriptorError(f"team tie-break {quoted(raw)}: one cut or median only (/Ck or /Mk)")
    fields.pop("cut", None)
    fields.pop("median", None)
    fields["cut" if letter == "C" else "median"] = number


def _unknown_team_modifier(raw: str, word: str) -> DescriptorError:
    return DescriptorError(f"team tie-break {quoted(raw)}: unknown or repeated modifier {quoted('/' + word)}; "
                           "expected /Ck, /Mk, /Kx, /P or /R")


def _fits_team(row: "Spec", qualifier: str, fields: _Fields, shown: str) -> None:
    """A team code's qualifier and modifiers are ones its row takes (checked C, M, K, P, R)."""
    if qualifier and qualifier not in row.qualifiers:
        takes = ", ".join(":" + q for q in row.qualifiers) or "none"
        raise DescriptorError(f"team tie-break {quoted(shown)}: {row.name} takes no qualifier :{qualifier} "
                              f"(qualifiers it takes: {takes})")
    used = {"C": bool(fields.get("cut")), "M": bool(fields.get("median")), "K": "k" in fields,
            "P": bool(fields.get("forfeits_as_games")), "R": bool(fields.get("reverse"))}
    for letter, on in used.items():
        if on and letter not in row.modifiers:
            takes = ", ".join("/" + m for m in row.modifiers) or "none"
            raise DescriptorError(f"team tie-break {quoted(shown)}: {row.name} takes no /{letter} modifier "
                                  f"(modifiers it takes: {takes})")


def parse_descriptor(text: str) -> TieBreak:
    """Parse one player descriptor; raises :class:`DescriptorError` naming the offending word."""
    row, _, f = read_code(text, "player")
    return TieBreak(row.name, f.get("cut", 0), f.get("median", 0), f.get("limit"), f.get("forfeits_as_games", False),
                    f.get("fore", False), f.get("reverse", False), f.get("unrated"), f.get("over_the_board", False))


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


#: a list of team codes as the team functions take it: a comma- or semicolon-separated text, a
#: sequence of codes (text or parsed), or none
TeamCodes = Union[str, Sequence[Union[str, TieBreak]], None]


def team_rows() -> dict[str, "Spec"]:
    """Every row of team scope by its name as C.07 spells it (``MPvGP``), in its families' order."""
    return registry.rows("team")


def team_spec(name: str) -> "Spec":
    """The team row of a name or alias (any case); :class:`DescriptorError` if there is none."""
    row = registry.find(name, "team")
    if row is None:
        raise DescriptorError(f"unknown team tie-break {quoted(name)}; team codes: {', '.join(registry.rows('team'))}")
    return row


def parse_team(code: "str | TieBreak") -> TieBreak:
    """A team code, parsed and checked against its row: the name (or alias) exists, the qualifier
    and every modifier are ones the row takes. The name is made canonical."""
    if isinstance(code, str):
        row, qualifier, fields = read_code(code, "team")
    else:
        row, qualifier = team_spec(code.name), code.qualifier
        fields = _Fields(cut=code.cut, median=code.median, forfeits_as_games=code.forfeits_as_games,
                         reverse=code.reverse)
        if code.k is not None:
            fields["k"] = code.k
        _fits_team(row, qualifier, fields, code.code)
    return TieBreak(row.name, fields.get("cut", 0), fields.get("median", 0),
                    forfeits_as_games=fields.get("forfeits_as_games", False), reverse=fields.get("reverse", False),
                    qualifier=qualifier, k=fields.get("k"), scope="team")


def split_list(text: str) -> list[str]:
    """A comma- (or semicolon-) separated list of team codes, blanks dropped."""
    return [c.strip() for c in re.split(r"[,;]", text) if c.strip()]


def parse_team_list(codes: TeamCodes) -> list[TieBreak]:
    """A list of team codes (a comma-separated string or a sequence), each checked."""
    if codes is None:
        return []
    items = split_list(codes) if isinstance(codes, str) else list(codes)
    return [parse_team(c) for c in items]
