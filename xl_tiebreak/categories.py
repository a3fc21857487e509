"""Categories: which players a category prize or a category standings list is for.

A category is written as a short text (the CLI's ``--category``, a Categories sheet's cell):

* ``U1600``: rated below 1600; ``1600-1799``: rated 1600 to 1799 inclusive. Unrated players are in
  no rating category (they have no rating to compare: named as missing, see below); ``unrated``
  is their own category.
* ``women`` (also ``W``, ``F``): TRF sex field ``w`` or ``f``.
* ``U18`` (juniors) and ``S50`` (seniors): a number under 100 is an age. By the birth *year*
  (the default, the convention of FIDE's youth and senior championships: ``U18`` = at most 18
  in the year of the event, ``S50`` = at least 50 in it) or, with ``age="date"``, by the exact
  age on the event's start date (``U18`` = not yet 18, ``S50`` = already 50); a birth date without
  its day or month counts only where every day it may stand for gives the same answer.
* ``FED=ENG``: the federation.
* ``CLUB=Hastings CC``: the club, as the crosstable's Club column (or an import's Club/City
  column) writes it; case and repeated spaces do not matter. A TRF file has no club field.

A player whose field is missing (no birth date, no sex) is in no category that reads it; the
result says how many were so left out, so that a missing field is never silently a "no".
Category standings keep the whole event's order (the tie-breaks are those of the full event).
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from datetime import date
from typing import Callable, Generic, Optional, Sequence, TypeVar

from .dates import read_birth
from .errors import InputError
from .model import Player
from .number_text import whole_number
from .textutil import NAMED

__all__ = ["Category", "parse_category", "AGE_BASES", "Selection", "select", "NAMED"]

#: how an age is counted: by birth year (FIDE's youth and senior events) or exactly on the start date
AGE_BASES = ("year", "date")

_AGE_MAX = 100  # a number below this in U<n> / S<n> is an age, at or above it a rating
_RATING_MAX = 10_000  # U10000: every rated player (a rating is at most 9999)


@dataclass(frozen=True)
class Category:
    """A parsed category: ``text`` as written, ``label`` for headings (the category's code, then what
    it means: ``U1600 (rated below 1600)``, ``Women (female players)``), ``field`` the player field
    it reads (``rating``, ``sex``, ``birth``, ``fed``, ``club``), and its test on one player (``None``
    = the field is missing)."""

    text: str
    label: str
    field: str
    test: Callable[[Player, Optional[date], str], Optional[bool]]

    def holds(self, player: Player, start: Optional[date] = None, age: str = "year") -> Optional[bool]:
        """Whether the player is in the category; ``None`` when the field it reads is missing."""
        return self.test(player, start, age)

    @property
    def plain(self) -> bool:
        """Whether the category is what its text says (``U18``, ``u 18``, ``women``): its text read
        as a category gives its label; a name of a workbook's Categories sheet (``Juniors``)
        standing for one is not."""
        try:
            return parse_category(self.text).label == self.label
        except InputError:
            return False


def _births(p: Player) -> Optional[tuple[date, date]]:
    """The earliest and latest day the birth field may stand for (:func:`xl_tiebreak.dates.read_birth`,
    the one reading of dates: TRF's ``YYYY/MM/DD``, ``YYYY``, ``00`` for an unknown month or
    day, or a date as a workbook's Born cell may hold it); the same day twice when it is complete."""
    return read_birth(p.birth or "")[0]


def _age_test(limit: int, junior: bool) -> Callable[[Player, Optional[date], str], Optional[bool]]:
    def holds(born: date, start: date, age: str) -> bool:
        if age == "year":
            years = start.year - born.year  # the age reached in the year of the event
            return years <= limit if junior else years >= limit
        years = start.year - born.year - ((start.month, start.day) < (born.month, born.day))
        return years < limit if junior else years >= limit

    def test(p: Player, start: Optional[date], age: str) -> Optional[bool]:
        born = _births(p)
        if born is None or start is None:
            return None
        first, last = (holds(b, start, age) for b in born)
        return first if first == last else None  # an incomplete date that does not decide: missing
    return test


def _rating_test(low: Optional[int], high: Optional[int]) -> Callable[[Player, Optional[date], str], Optional[bool]]:
    def test(p: Player, start: Optional[date], age: str) -> Optional[bool]:
        if p.rating is None:
            return None  # unrated: in no rating band (the category "unrated" is theirs), and named as such
        return (low is None or p.rating >= low) and (high is None or p.rating <= high)
    return test


def _sex_test(p: Player, start: Optional[date], age: str) -> Optional[bool]:
    s = (p.sex or "").strip().lower()
    return None if not s else s in ("w", "f")


def _unrated_test(p: Player, start: Optional[date], age: str) -> Optional[bool]:
    return p.rating is None


def _same_name(text: str) -> str:
    """A club name as compared: case and runs of spaces do not count."""
    return " ".join(text.split()).casefold()


def _club_test(club: str) -> Callable[[Player, Optional[date], str], Optional[bool]]:
    want = _same_name(club)

    def test(p: Player, start: Optional[date], age: str) -> Optional[bool]:
        have = _same_name(p.club)
        return None if not have else have == want
    return test


def _shown(text: str) -> str:
    """The text as an error message quotes it: its first 40 characters."""
    return repr(text if len(text) <= 40 else text[:40] + "...")


def parse_category(text: str, where: str = "category") -> Category:
    """Parse a category text (see the module docstring); an :class:`InputError` naming ``where``
    and what is accepted otherwise."""
    t = text.strip()
    up = t.upper().replace(" ", "")
    m = re.fullmatch(r"([US])([0-9]+)", up)
    if m:
        n = whole_number(m.group(2), 0, _RATING_MAX)
        if n is None:  # (not converted: it may have 5,000 digits)
            raise InputError(f"{where}: {_shown(text)}: a rating category goes up to U{_RATING_MAX} (a rating is at "
                             "most 9999); expected an age (U18, S50) or a rating (U1600)")
        if n == 0:
            raise InputError(f"{where}: {_shown(text)}: nobody is under or over 0; expected an age (U18, S50) or a "
                             "rating (U1600)")
        if n < _AGE_MAX:
            junior = m.group(1) == "U"
            label = f"under {n}" if junior else f"{n} and over"
            return Category(t, f"{up} ({label})", "birth", _age_test(n, junior))
        if m.group(1) == "U":
            return Category(t, f"{up} (rated below {n})", "rating", _rating_test(None, n - 1))
    m = re.fullmatch(r"(\d{3,4})-(\d{3,4})", up)
    if m and int(m.group(1)) <= int(m.group(2)):
        lo, hi = int(m.group(1)), int(m.group(2))
        return Category(t, f"{lo}-{hi} (rated {lo} to {hi})", "rating", _rating_test(lo, hi))
    if up in ("W", "F", "WOMEN", "WOMAN", "FEMALE", "GIRLS"):
        return Category(t, "Women (female players)", "sex", _sex_test)
    if up == "UNRATED":
        return Category(t, "Unrated (players without a rating)", "rating", _unrated_test)
    m = re.fullmatch(r"FED[=:]([A-Z]{2,3})", up)
    if m:
        fed = m.group(1)
        return Category(t, f"FED={fed} (federation {fed})", "fed",
                        lambda p, s, a: None if not p.fed.strip() else p.fed.strip().upper() == fed)
    m = re.match(r"(?i)club\s*[=:]", t)
    if m:
        name = " ".join(t[m.end():].split())  # no regex over the name: a cell may hold 32,767 characters
        if not name:
            raise InputError(f"{where}: {_shown(text)} names no club; expected CLUB= and the club's name as the "
                             "Club column writes it, e.g. CLUB=Hastings CC")
        return Category(t, f"CLUB={name} (the club's players)", "club", _club_test(name))
    raise InputError(f"{where}: {_shown(text)} is not a category; expected U1600 (rated below 1600), "
                     "1600-1799, women, U18 / S50 (age), unrated, FED=ENG or CLUB=<name>")


R = TypeVar("R")


@dataclass(frozen=True)
class Selection(Generic[R]):
    """The rows of one category, in the full event's order, and the players left out because the
    field the category reads is missing (their start numbers, and their names in ``missing_names``)."""

    category: Category
    rows: tuple[R, ...]
    missing: tuple[int, ...]
    missing_names: tuple[str, ...] = ()

    @property
    def missing_players(self) -> list[str]:
        """``12 (Smith, John)`` for each player left out (the start number alone without a name)."""
        names = self.missing_names or ("",) * len(self.missing)
        return [f"{no} ({name})" if name else str(no) for no, name in zip(self.missing, names)]

    @property
    def lacking(self) -> str:
        """What the players left out lack: ``no birth date``, ``no sex field``, ..."""
        return {"birth": "no full birth date", "sex": "no sex field",
                "fed": "no federation", "rating": "no rating", "club": "no club"}[self.category.field]

    @property
    def note(self) -> str:
        """What the output says of the players whose field is missing ("" when none)."""
        if not self.missing:
            return ""
        shown = self.missing_players[:NAMED]
        more = len(self.missing) - len(shown)
        who = "; ".join(shown) + (f"; and {more} more" if more else "")  # names hold commas
        return f"{len(self.missing)} player(s) with {self.lacking} are not in {self.category.label}: {who}"


def select(rows: Sequence[R], category: Category, player_of: Callable[[R], Player],
           start: Optional[date], age: str = "year") -> Selection[R]:
    """The rows (standings rows, any type) whose player is in the category, in their order.
    An age category needs the start date: without it every player is reported missing."""
    if age not in AGE_BASES:
        raise InputError(f"age basis: expected one of {', '.join(AGE_BASES)}, not {age!r}")
    kept, missing = [], []
    for r in rows:
        p = player_of(r)
        got = category.holds(p, start, age)
        if got is None:
            missing.append(p)
        elif got:
            kept.append(r)
    return Selection(category, tuple(kept), tuple(p.no for p in missing), tuple(p.name for p in missing))
