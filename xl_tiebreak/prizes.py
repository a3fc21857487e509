"""Prize lists: place prizes and category prizes, one prize per player, from the final standings.

Two steps, each a setting of the event's regulations:

1. **Who receives which prize** (``order``). Prizes are handed out one at a time; each goes to the
   best-placed player (in the standings, tie-breaks included) who may receive it and has no
   prize yet, so that nobody receives two.

   * ``"value"`` (default): the most valuable prize first, so that a player entitled to several
     receives the most valuable one (on equal amounts a place prize comes before a category
     prize, then the categories in the table's order);
   * ``"places-first"``: every place prize first, then the category prizes, in the table's order.

2. **What is paid when players are tied on points** (``ties``):

   * ``"tiebreak"`` (default; C.07 Art. 2.2.2: tie-breaks rank tied players): each receives the
     prize of his place; players the tie-breaks did not separate either (a shared place, ``3-4``)
     share the prizes of their places equally, as under ``"shared"``: their order in the list
     (the start number) decides nothing;
   * ``"shared"``: the prizes of one list (the place prizes, or one category's) that went to
     players tied on points are added and split equally among them; a player of that score who
     is in the list but received no prize at all (the list ran out inside the tie) shares too;
   * ``"hort"`` (the Hort system): each keeps half of the prize of his place; the other halves
     go into one pot per score, split equally among the tied players as under ``"shared"``.

   What a tied player receives (under Hort his own half and his share together) is rounded down
   to ``unit`` (default 0.01); what the rounding leaves over is stated, never silently paid or
   dropped.

A prize for which nobody qualifies who has no larger prize (no player in the category, or each
has a larger prize) is reported as not awarded. A
prize list must not rise from one prize to the next (``500,300,2000`` is taken for a typing
error and refused).

Under ``"value"``, what a prize is worth to a player is what he would be paid: a player tied on
the place prizes who took a smaller category prize first takes his share of the place prizes
instead when it pays more (and the category prize goes to the next player in the category).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Optional, Protocol, Sequence, TypeVar

from .categories import Category, parse_category
from .errors import InputError
from .number_text import OutOfRange, amount_of

__all__ = ["Competitor", "PrizeTable", "Award", "PrizeList", "ORDERS", "TIES", "allocate", "parse_amounts",
           "parse_unit", "ordinal", "same_label", "twice"]

ORDERS = ("value", "places-first")
TIES = ("tiebreak", "shared", "hort")

R = TypeVar("R")


class Competitor(Protocol):
    """Who receives a prize: a player (:class:`~xl_tiebreak.model.Player`) or a team
    (:class:`~xl_tiebreak.team_engine.TeamRow`), by number and name."""

    @property
    def no(self) -> int: ...

    @property
    def name(self) -> str: ...


def ordinal(n: int) -> str:
    """1st, 2nd, 3rd, 4th, 11th, 21st."""
    suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
    return f"{n}{suffix}"


def parse_amounts(text: str, where: str) -> tuple[Fraction, ...]:
    """``"500,300,200"`` -> the amounts of the 1st, 2nd, 3rd prize (exact); an :class:`InputError`
    naming ``where`` for anything else (an amount too long or too large to be one included:
    :func:`~xl_tiebreak.number_text.amount_of`)."""
    out = []
    for k, part in enumerate(text.split(","), 1):
        s = part.strip()
        try:
            v = amount_of(s)
        except OutOfRange as exc:
            raise InputError(f"{where}: prize {k}: {exc}") from None
        if v is None:
            raise InputError(f"{where}: prize {k} {s!r} is not an amount; expected numbers separated by "
                             "commas, e.g. 500,300,200")
        if v < 0:
            raise InputError(f"{where}: prize {k} is negative ({s})")
        if v == 0:  # a place without a prize is not a prize of nothing (it would be paid, and shared, as 0.00)
            raise InputError(f"{where}: prize {k} is 0; list only the places that have a prize "
                             "(500,300 gives a 1st and a 2nd prize)")
        out.append(v)
    return tuple(out)


def parse_unit(text: str, where: str = "--unit") -> Fraction:
    """The rounding unit of shared prizes (``"0.01"``, ``"1"``), exactly: one positive amount; an
    :class:`InputError` naming ``where`` and the text otherwise."""
    s = text.strip()
    try:
        v = amount_of(s)
    except OutOfRange as exc:
        raise InputError(f"{where}: {exc}") from None
    if v is None or v <= 0:
        raise InputError(f"{where} {s[:20]}: expected a positive amount, e.g. 0.01 or 1")
    return v


def same_label(category: Category) -> str:
    """What two category prize lists must not share: the label their prizes are paid under
    (``U1700 1st``), as read: ``U1700`` and ``u 1700``, ``women`` and ``W`` are one category; a
    name of the Categories sheet (``Juniors``) is its own label, whatever it stands for."""
    if category.plain:
        return category.label.casefold()
    return " ".join(category.text.split()).casefold()


def twice(categories: Sequence[Category]) -> Optional[tuple[int, int]]:
    """The positions (from 0) of the first category given a second time (:func:`same_label`),
    or None: two lists under one label would pay two different prizes named alike."""
    seen: dict[str, int] = {}
    for k, c in enumerate(categories):
        key = same_label(c)
        if key in seen:
            return seen[key], k
        seen[key] = k
    return None


@dataclass(frozen=True)
class PrizeTable:
    """The place prizes (1st, 2nd, ...) and, per category, its prizes (1st, 2nd, ...)."""

    places: tuple[Fraction, ...] = ()
    categories: tuple[tuple[Category, tuple[Fraction, ...]], ...] = ()
    #: where each category's list was given (``--category-prize U1600=100,50``, a heading's cell),
    #: for the messages only
    sources: tuple[str, ...] = field(default=(), compare=False, repr=False)

    def __post_init__(self) -> None:
        """A list's prizes go down from the 1st: a later one larger is refused as a typing error;
        a category has one list of prizes (:func:`twice`), refused at the second list's source."""
        again = twice([c for c, _ in self.categories])
        if again is not None:
            first, second = again
            label = self.categories[first][0].text.strip()
            shown = self.sources if len(self.sources) == len(self.categories) else ()
            raise InputError(f"the category {label} is given twice" + (f" (first at {shown[first]})" if shown else "")
                             + ", which would pay two prizes under one name; give its prizes once, in one list",
                             shown[second] if shown else None)
        lists = [("place prizes", self.places)] + [(f"category {c.text.strip()} prizes", a) for c, a in self.categories]
        for name, amounts in lists:
            for k in range(1, len(amounts)):
                if amounts[k] > amounts[k - 1]:
                    raise InputError(f"{name}: the {ordinal(k + 1)} prize ({_shown(amounts[k])}) is more than the "
                                     f"{ordinal(k)} ({_shown(amounts[k - 1])}); prizes go down from the 1st: "
                                     "correct the amounts (a typing error?)")

    @classmethod
    def parse(cls, places: str = "", categories: Sequence[str] = ()) -> "PrizeTable":
        """From the CLI's texts: ``places`` ``"500,300,200"``; each category ``"U1600=100,50"``."""
        cats = []
        for text in categories:
            name, _, amounts = text.rpartition("=")  # the last "=": FED=ENG=100,50 is FED=ENG's
            if ":" in amounts:  # U1600:100,50 and FED=ENG:100,50
                name, _, amounts = text.rpartition(":")
            if not amounts.strip() or not name.strip():
                raise InputError(f"category prizes {text!r}: expected CATEGORY=amounts, e.g. U1600=100,50")
            cats.append((parse_category(name, f"category prizes {text!r}"),
                         parse_amounts(amounts, f"category {name.strip()} prizes")))
        return cls(parse_amounts(places, "place prizes") if places.strip() else (), tuple(cats),
                   tuple(f"--category-prize {text}" for text in categories))


@dataclass(frozen=True)
class Award:
    """One player's prize: ``prize`` its name ("2nd place", "U1600 1st"), ``listed`` its amount in
    the table, ``paid`` what the player receives after sharing, ``shared_with`` the start numbers
    of the players it is shared with (himself included; empty when not shared)."""

    no: int
    name: str
    place: str
    prize: str
    listed: Fraction
    paid: Fraction
    shared_with: tuple[int, ...] = ()


def _shown(v: Fraction) -> str:
    """An amount in an error message (exact when it has few decimals)."""
    return str(v.numerator) if v.denominator == 1 else f"{float(v):g}"


@dataclass(frozen=True)
class PrizeList:
    """The awards in standings order, the prizes nobody could receive (and their amounts, in the
    same order), and what rounding left."""

    awards: tuple[Award, ...]
    unawarded: tuple[str, ...]
    left_over: Fraction
    ties: str
    order: str
    unawarded_amounts: tuple[Fraction, ...] = ()

    @property
    def total(self) -> Fraction:
        return sum((a.paid for a in self.awards), Fraction(0))


#: at most this many players are moved from a category prize to their larger share of tied prizes
_MOST_REFUSALS = 100


@dataclass
class _Prize:
    list_no: int  # 0: the place prizes; k: the k-th category
    place: int
    amount: Fraction
    label: str
    winner: Optional[int] = None  # index into the standings rows


@dataclass
class _HandOut:
    """One handing out: the prizes (with their winners), who took which, what each is paid, with
    whom it is shared, and what rounding left."""

    prizes: list[_Prize]
    taken: dict[int, _Prize]
    paid: dict[int, Fraction]
    shared: dict[int, tuple[int, ...]]
    left: Fraction


def _prizes(table: PrizeTable, order: str) -> list[_Prize]:
    out = [_Prize(0, k, a, f"{ordinal(k)} place") for k, a in enumerate(table.places, 1)]
    for c, (cat, amounts) in enumerate(table.categories, 1):
        out += [_Prize(c, k, a, f"{cat.text.strip()} {ordinal(k)}") for k, a in enumerate(amounts, 1)]
    if order == "value":
        out.sort(key=lambda p: (-p.amount, p.list_no, p.place))
    return out


def allocate(rows: Sequence[R], table: PrizeTable, *, player_of: Callable[[R], Competitor],
             points_of: Callable[[R], Fraction], place_of: Callable[[R], str],
             in_category: Callable[[Category, R], bool], ties: str = "tiebreak", order: str = "value",
             unit: Fraction = Fraction(1, 100)) -> PrizeList:
    """The prize list of the standings ``rows`` (best first; a row a player's or a team's,
    ``player_of`` its competitor). ``in_category(category, row)`` says whether the row's player may
    receive that category's prizes (see :mod:`xl_tiebreak.categories`); see the module docstring for
    ``order`` and ``ties``."""
    if ties not in TIES:
        raise InputError(f"prize ties: expected one of {', '.join(TIES)}, not {ties!r}")
    if order not in ORDERS:
        raise InputError(f"prize order: expected one of {', '.join(ORDERS)}, not {order!r}")
    if unit <= 0:
        raise InputError("prize rounding unit must be positive")
    cats = [c for c, _ in table.categories]

    def hand_out(refused: frozenset[tuple[int, int]]) -> _HandOut:
        """The prizes handed out, each to the best-placed player who may receive it (not one of
        ``refused``: player, list) and has none yet, then the tied players' money shared."""
        def eligible(list_no: int, i: int) -> bool:
            return (i, list_no) not in refused and (list_no == 0 or in_category(cats[list_no - 1], rows[i]))
        prizes = _prizes(table, order)
        taken: dict[int, _Prize] = {}
        for pz in prizes:
            for i in range(len(rows)):
                if i not in taken and eligible(pz.list_no, i):
                    pz.winner, taken[i] = i, pz
                    break
        paid = {i: pz.amount for i, pz in taken.items()}
        shared: dict[int, tuple[int, ...]] = {}
        if ties != "tiebreak":
            left = _share(rows, prizes, taken, paid, shared, eligible, points_of, ties, unit)
        else:  # players on one shared place (the tie-breaks did not separate them) share its prizes
            left = _share(rows, prizes, taken, paid, shared, eligible, place_of, "shared", unit)
        return _HandOut(prizes, taken, paid, shared, left)

    refused: frozenset[tuple[int, int]] = frozenset()
    got = hand_out(refused)
    while order == "value" and len(refused) < _MOST_REFUSALS:
        # one prize per player, the most valuable: valued by what he is paid, sharing included (a
        # player tied on the place prizes takes his share of them when it pays more than his category prize)
        better = next(((i, pz.list_no) for i, pz in sorted(got.taken.items()) if pz.list_no
                       and hand_out(refused | {(i, pz.list_no)}).paid.get(i, Fraction(0)) > got.paid[i]), None)
        if better is None:
            break
        refused |= {better}
        got = hand_out(refused)
    prizes, taken, paid, shared, left = got.prizes, got.taken, got.paid, got.shared, got.left
    awards = []
    for i in sorted(paid):
        p = player_of(rows[i])
        mine = taken.get(i)
        awards.append(Award(p.no, p.name, place_of(rows[i]), mine.label if mine else "share of tied prizes",
                            mine.amount if mine else Fraction(0), paid[i],
                            tuple(player_of(rows[j]).no for j in shared.get(i, ()))))
    nobody = [p for p in prizes if p.winner is None]
    return PrizeList(tuple(awards), tuple(p.label for p in nobody), left, ties, order,
                     tuple(p.amount for p in nobody))


def _share(rows: Sequence[R], prizes: list[_Prize], taken: dict[int, _Prize], paid: dict[int, Fraction],
           shared: dict[int, tuple[int, ...]], eligible: Callable[[int, int], bool],
           points_of: Callable[[R], Any], ties: str, unit: Fraction) -> Fraction:
    """Share the money of tied players, list by list and score by score (``shared`` or Hort;
    ``points_of`` gives what the tied players have equal: their points, or their shared place);
    returns what rounding down to ``unit`` left over."""
    left = Fraction(0)
    joined: set[int] = set()  # players without a prize who already share in one pot
    lists = sorted({p.list_no for p in prizes})
    for list_no in lists:
        winners = [p.winner for p in prizes if p.list_no == list_no and p.winner is not None]
        for score in sorted({points_of(rows[i]) for i in winners}, reverse=True):
            group = [i for i in winners if points_of(rows[i]) == score]
            extra = [i for i in range(len(rows)) if i not in taken and i not in joined
                     and points_of(rows[i]) == score and eligible(list_no, i)]
            sharers = sorted(group + extra)
            if len(sharers) < 2:
                continue
            joined.update(extra)
            pot = sum((taken[i].amount for i in group), Fraction(0))
            if ties == "hort":
                pot /= 2
            for i in sharers:
                own = taken[i].amount / 2 if ties == "hort" and i in taken else Fraction(0)
                exact = own + pot / len(sharers)
                paid[i] = exact // unit * unit  # every payment in whole units (Hort's own half too)
                left += exact - paid[i]
                shared[i] = tuple(sharers)
    return left
