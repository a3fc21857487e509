"""Tie-break descriptors: ``"BH/C1/P"`` <-> :class:`TieBreak` (FIDE MTB / TRF-26 codes, §9.4).

Grammar: ``NAME[/Ck|/Mk][/Lx][/P][/F][/R][/Unnnn]``, case-insensitive. ``GE`` is accepted as an
alias of ``REP``; ``KS/L-2`` moves the Koya limit by half points, ``KS/L40`` sets it to 40 %.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional

from .errors import DescriptorError

#: Every tie-break name with its one-line meaning (the legend of the standings).
NAMES: dict[str, str] = {
    "DE": "Direct encounter (rank inside the tied group), C.07 Art. 6",
    "WIN": "Number of wins, played or not, C.07 Art. 7.1",
    "WON": "Number of games won over the board, C.07 Art. 7.2",
    "BPG": "Number of games played with Black, C.07 Art. 7.3",
    "BWG": "Number of games won with Black, C.07 Art. 7.4",
    "PS": "Sum of progressive scores, C.07 Art. 7.5",
    "REP": "Rounds one elected to play, C.07 Art. 7.6",
    "STD": "Standard points (1/½/0 per round), C.07 Art. 7.7",
    "TPN": "Tournament pairing number (lower is better), C.07 Art. 7.8",
    "BH": "Buchholz, C.07 Art. 8.1",
    "AOB": "Average of opponents' Buchholz, C.07 Art. 8.2",
    "FB": "Fore Buchholz, C.07 Art. 8.3",
    "SB": "Sonneborn-Berger, C.07 Art. 9.1",
    "KS": "Koya system, C.07 Art. 9.2",
    "ARO": "Average rating of opponents, C.07 Art. 10.1",
    "TPR": "Tournament performance rating, C.07 Art. 10.2",
    "PTP": "Perfect tournament performance, C.07 Art. 10.3",
    "APRO": "Average performance rating of opponents, C.07 Art. 10.4",
    "APPO": "Average perfect performance of opponents, C.07 Art. 10.5",
    "RTNG": "Rating (higher is better), C.07 Art. 10.6",
    # national and historical systems (TIEBREAK_RULES §7.3-7.11)
    "MEDIAN": "Median / Harkness: opponents' scores without the highest and lowest (USCF)",
    "MODMED": "Modified median (USCF 34E1)",
    "SOLKOFF": "Solkoff: opponents' scores, nothing dropped (USCF 34E2)",
    "CUM": "Cumulative score less unplayed points (USCF 34E3)",
    "OPPCUM": "Opponents' cumulative scores (USCF)",
    "KASHDAN": "Kashdan: 4 per win, 2 per draw, 1 per loss, 0 unplayed (USCF 34E7)",
    "MOSTWINS": "Most wins (Baumbach)",
    "SSFBH": "Swedish federation Buchholz Cut-1 (SSF, before 2023)",
    "KENTLER": "Kentler: best opponents' performance ratings, compared in turn (rank in the tied group)",
}
#: The national and historical systems (TIEBREAK_RULES §7); the other codes are FIDE's (C.07).
NATIONAL = frozenset({"MEDIAN", "MODMED", "SOLKOFF", "CUM", "OPPCUM", "KASHDAN", "MOSTWINS", "SSFBH",
                      "KENTLER"})
ALIASES = {"GE": "REP", "RTG": "RTNG", "SNO": "TPN", "ML": "DE", "HARKNESS": "MEDIAN",
           "BAUMBACH": "MOSTWINS"}

_CUTTABLE = {"BH", "FB", "SB", "ARO", "AOB"}
_DROPS = {"MEDIAN", "MODMED"}  # /Mk sets the number of scores dropped at each end
MAX_CUT = 99
_P_ALLOWED = {"BH", "FB", "SB", "DE", "AOB"}
_RATED = {"ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "KENTLER"}
_REVERSIBLE = {"TPN", "RTNG"}


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
    def lower_is_better(self) -> bool:
        """DE is a rank and TPN a pairing number: lower is better (unless /R on TPN)."""
        if self.name in ("DE", "KENTLER"):
            return True
        if self.name == "TPN":
            return not self.reverse
        if self.name == "RTNG":
            return self.reverse
        return False

    @property
    def describe(self) -> str:
        text = NAMES[self.name]
        mods = []
        if self.cut:
            mods.append(f"cut {self.cut} lowest")
        if self.median:
            mods.append(f"median: cut {self.median} lowest and {self.median} highest")
        if self.forfeits_as_games:
            mods.append("forfeits count as games")
        if self.fore:
            mods.append("of Fore Buchholz")
        if self.limit is not None:
            kind, v = self.limit
            mods.append(f"limit {v} %" if kind == "percent" else f"limit moved {v:+d} half points")
        if self.reverse:
            mods.append("reversed")
        if self.unrated is not None:
            mods.append(f"unrated players count {self.unrated}")
        return text + (f" ({'; '.join(mods)})" if mods else "")


_MOD = re.compile(r"^(?:(C)(\d+)|(M)(\d+)|(L)([+-]?\d+)|(P)|(F)|(R)|(U)(\d+)|(O))$", re.IGNORECASE)


def parse_descriptor(text: str) -> TieBreak:
    """Parse one descriptor; raises :class:`DescriptorError` naming the offending word."""
    raw = text.strip()
    if not raw:
        raise DescriptorError("empty tie-break descriptor")
    head, *mods = raw.split("/")
    name = head.strip().upper()
    name = ALIASES.get(name, name)
    if name not in NAMES:
        raise DescriptorError(f"unknown tie-break {head.strip()!r} in {raw!r}; known: "
                              + ", ".join(list(NAMES) + ["GE"]))
    fields: dict = {}
    seen: set[str] = set()
    for m in mods:
        mm = _MOD.match(m.strip())
        if not mm:
            raise DescriptorError(f"unknown modifier '/{m}' in {raw!r}")
        letter = m.strip()[:1].upper()
        if letter in seen:
            raise DescriptorError(f"modifier '/{letter}' appears twice in {raw!r}")
        seen.add(letter)
        g = mm.groups()
        if g[0]:
            _only(name, _CUTTABLE | {"PS"}, m, raw)
            fields["cut"] = _count(g[1], m, raw)
        elif g[2]:
            _only(name, _CUTTABLE | _DROPS, m, raw)
            fields["median"] = _count(g[3], m, raw)
        elif g[4]:
            _only(name, {"KS"}, m, raw)
            v = g[5]
            if abs(int(v)) > 1000:
                raise DescriptorError(f"'/{m}' in {raw!r}: the limit is out of range")
            fields["limit"] = ("shift", int(v)) if v[0] in "+-" else ("percent", int(v))
        elif g[6]:
            _only(name, _P_ALLOWED, m, raw)
            fields["forfeits_as_games"] = True
        elif g[7]:
            _only(name, {"AOB"}, m, raw)
            fields["fore"] = True
        elif g[8]:
            _only(name, _REVERSIBLE, m, raw)
            fields["reverse"] = True
        elif g[9]:
            _only(name, _RATED, m, raw)
            fields["unrated"] = int(g[10])
        elif g[11]:
            _only(name, {"MOSTWINS"}, m, raw)
            fields["over_the_board"] = True
    if name in _DROPS and "median" in fields and fields["median"] < 1:
        raise DescriptorError(f"{raw!r}: drop at least one score at each end (SOLKOFF drops none)")
    if fields.get("cut") and fields.get("median"):
        raise DescriptorError(f"{raw!r} has both a cut and a median; use one")
    return TieBreak(name=name, **fields)


def _count(text: str, mod: str, raw: str) -> int:
    k = int(text)
    if k > MAX_CUT:
        raise DescriptorError(f"'/{mod}' in {raw!r}: at most {MAX_CUT} may be cut")
    return k


def _only(name: str, allowed: set, mod: str, raw: str) -> None:
    if name not in allowed:
        raise DescriptorError(f"modifier '/{mod}' does not apply to {name} in {raw!r}")


def parse_list(text: "str | list[str] | tuple[str, ...]") -> list[TieBreak]:
    """Parse a comma-separated list (or a sequence) of descriptors."""
    items = text.split(",") if isinstance(text, str) else list(text)
    out = [parse_descriptor(i) for i in items if i.strip()]
    if not out:
        raise DescriptorError("the tie-break list is empty")
    return out
