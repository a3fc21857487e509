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


def decimals_for(tb: Optional["TieBreak"], scale: int = 2) -> int:
    """Decimals to show: the registry's (none for counts and ratings, two for SB and AOB), else
    the scoring's (one for 1/½/0, two for quarter points); points (``tb`` None) the scoring's."""
    if tb is not None and tb.spec.decimals is not None:
        return tb.spec.decimals
    return 1 if scale <= 2 else 2


@lru_cache(maxsize=8192)
def format_value(v: Optional[Fraction], decimals: int = 1) -> str:
    """Exact value with at least ``decimals`` decimals (more if needed, up to 4); ``""`` if undefined.
    (Kept per value: an event's thousands of accounts repeat a few hundred values.)"""
    if v is None:
        return ""
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
