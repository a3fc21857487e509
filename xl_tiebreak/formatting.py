"""Exact rounding and the display of exact values: each tie-break with its natural decimals
(TIEBREAK_RULES §3.5)."""

from __future__ import annotations

from fractions import Fraction
from functools import lru_cache
from typing import TYPE_CHECKING, Any, Optional, Union

if TYPE_CHECKING:  # pragma: no cover
    from .descriptor import TieBreak


def half_up_div(num: Any, den: Any) -> Any:
    """``num / den`` rounded to the nearest integer, .5 up (C.07 Art. 10: the rating averages; AOB
    and the shown decimals too); integers or integer arrays, ``den`` positive."""
    return (2 * num + den) // (2 * den)


def decimals_for(row: "TieBreak | int | None", scale: int = 2) -> int:
    """Decimals to show: the row's (a tie-break's registry row, or the decimals a team row
    carries: none for counts and ratings, two for SB and AOB), else the scoring's (one for 1/½/0,
    two for quarter points); points (``row`` None) the scoring's."""
    decimals = row if row is None or isinstance(row, int) else row.spec.decimals
    if decimals is not None:
        return decimals
    return 1 if scale <= 2 else 2


@lru_cache(maxsize=8192)
def format_value(v: Optional[Fraction], decimals: int = 1, undefined: str = "", fractions: bool = False) -> str:
    """An exact value as every output writes it (tables, CSV, accounts, the page, messages): at
    least ``decimals`` decimals, more if needed, up to 4; ``undefined`` (``""`` unless told) for
    None. ``fractions``: a value that is not a whole number of quarters written exactly as a
    (mixed) fraction, ``29 1/3``, as the team accounts write it, rather than to 4 decimals.
    (Kept per value: an event's thousands of accounts repeat a few hundred values.)

    >>> format_value(Fraction(21, 2)), format_value(Fraction(3), 0), format_value(Fraction(1, 3), 2)
    ('10.5', '3', '0.3333')
    >>> format_value(Fraction(88, 3), 0, fractions=True), format_value(None, 0, "undefined")
    ('29 1/3', 'undefined')
    """
    if v is None:
        return undefined
    if fractions and (v * 4).denominator != 1:
        whole = v.numerator // v.denominator
        rest = v - whole
        return f"{whole} {rest.numerator}/{rest.denominator}" if whole else f"{rest.numerator}/{rest.denominator}"
    d = decimals
    while d < 4 and (v * 10 ** d).denominator != 1:
        d += 1
    neg = v < 0
    a = abs(v)
    units = half_up_div(a.numerator * 10 ** d, a.denominator)
    whole, frac = divmod(units, 10 ** d)
    text = f"{whole}.{frac:0{d}d}" if d else str(whole)
    return ("-" if neg else "") + text


def json_number(v: Optional[Fraction]) -> Union[int, float, None]:
    """A value as a JSON number: an int when whole, else a float (exact for halves and quarters)."""
    if v is None:
        return None
    n, d = v.numerator, v.denominator  # (as int() and float() of a Fraction, without their calls)
    return n if d == 1 else n / d
