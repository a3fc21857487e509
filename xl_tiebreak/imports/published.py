"""What an export published beside the results: each player's rank, points and tie-break columns
(``TB1``, ``TB2``, ...), and where published and computed values differ.

A published value is printed with a few decimals (``21.75``, ``28,5``); it agrees with ours when
ours, rounded half up to the same decimals, is the same number. Which tie-break a column holds is
not in the export: the caller says it (the event's tie-break list, in order: TB1 is the first).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from typing import Optional, Sequence

from ..number_text import decimal_of, quoted

__all__ = ["PublishedValue", "Published", "Difference", "differences", "read_number"]


@dataclass(frozen=True)
class PublishedValue:
    """A number as printed: its exact value and its decimals (``28,50`` -> 57/2, 2)."""

    value: Fraction
    decimals: int

    def agrees(self, ours: Optional[Fraction]) -> bool:
        """Whether ``ours``, rounded half up to the printed decimals, is this number."""
        if ours is None:
            return False
        step = Decimal(1).scaleb(-self.decimals)
        mine = (Decimal(ours.numerator) / Decimal(ours.denominator)).quantize(step, rounding=ROUND_HALF_UP)
        return Fraction(mine) == self.value

    def __str__(self) -> str:
        return f"{Decimal(self.value.numerator) / Decimal(self.value.denominator):.{self.decimals}f}"


#: what a published cell without a value holds
NO_VALUE = frozenset({"", "-", "\u2013", "\u2014"})


def read_number(v: object) -> Optional[PublishedValue]:
    """A published number: a cell's number, or text with a decimal point or comma (``5,5``);
    None for an empty cell or a dash. Anything else raises a ValueError saying what it is, for
    the caller to name the cell: a word or ``NaN`` left out would be a value never compared,
    without a word; a number too long or too large to be a published value (``1e999999999``)
    raises :class:`~xl_tiebreak.number_text.OutOfRange`, a ValueError too."""
    if v is None:
        return None
    raw = str(v).strip()
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        d = decimal_of(v)
    elif raw in NO_VALUE:
        return None
    else:
        text = raw.replace(",", ".").replace("½", ".5")
        d = decimal_of("0" + text if text.startswith(".") else text)
    if d is None:
        raise ValueError(f"{quoted(raw)} is not a number; expected a published value such as 21.5 (or 21,5), or an "
                         "empty cell")
    exponent = d.as_tuple().exponent
    decimals = max(0, -exponent) if isinstance(exponent, int) else 0
    if isinstance(v, float) and d == d.to_integral_value():
        decimals = 0
    return PublishedValue(Fraction(d), decimals)


@dataclass(frozen=True)
class Published:
    """By start number: the published rank, points and tie-break columns (``columns`` their
    headings, ``TB1`` ...; ``values[no]`` one entry per column, None where the cell was empty),
    and the export's own legend lines (``Tie Break1: Buchholz ...``)."""

    columns: tuple[str, ...] = ()
    ranks: dict[int, int] = field(default_factory=dict)
    points: dict[int, Optional[PublishedValue]] = field(default_factory=dict)
    values: dict[int, tuple[Optional[PublishedValue], ...]] = field(default_factory=dict)
    legend: tuple[str, ...] = ()


@dataclass(frozen=True)
class Difference:
    """One published value that is not ours: the player, what (``Pts.``, ``TB2 (SB)``, ``Rk``),
    the published and our value as text."""

    no: int
    name: str
    what: str
    published: str
    ours: str


def differences(published: Published, nos: Sequence[int], names: Sequence[str],
                points: Sequence[Fraction], values: Sequence[Sequence[Optional[Fraction]]],
                codes: Sequence[str], ranks: Optional[dict[int, int]]) -> list[Difference]:
    """Every published point total, tie-break value and rank that differs from ours (players in
    ``nos`` order; ``values[k]`` our values in the order of ``codes``, TB1 the first; ``ranks``
    our rank by start number, None: ranks not compared). Columns past our list are not compared."""
    out: list[Difference] = []
    for k, no in enumerate(nos):
        pts = published.points.get(no)
        if pts is not None and not pts.agrees(points[k]):
            out.append(Difference(no, names[k], "Pts.", str(pts), _text(points[k], pts.decimals)))
        for j, pub in enumerate(published.values.get(no, ())):
            if j >= len(codes) or pub is None:
                continue
            if not pub.agrees(values[k][j]):
                ours = values[k][j]
                out.append(Difference(no, names[k], f"{published.columns[j]} ({codes[j]})", str(pub),
                                      "undefined" if ours is None else _text(ours, pub.decimals)))
        rk = published.ranks.get(no)
        if ranks is not None and rk is not None and ranks.get(no) != rk:
            out.append(Difference(no, names[k], "Rk", str(rk), str(ranks.get(no, "-"))))
    return out


def _text(v: Fraction, decimals: int) -> str:
    exact = Decimal(v.numerator) / Decimal(v.denominator)
    shown = f"{exact:.{max(decimals, 2)}f}".rstrip("0").rstrip(".")
    return shown if Fraction(Decimal(shown)) == v else f"{exact:.4f}…"
