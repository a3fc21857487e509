"""Numbers written by hand (an export's cell, a prize cell, a command-line option) read exactly,
and bounded *before* they are converted.

``Fraction(Decimal("1e999999999"))`` builds an integer of a billion digits: it runs for minutes
and takes gigabytes. No tie-break, published value, prize or rounding unit is written with more
than a few digits, so a number's text longer than :data:`MAX_LENGTH` characters, or a number
whose first significant digit lies beyond 10^±:data:`MAX_EXPONENT`, is refused
(:class:`OutOfRange`, a ValueError saying why) before anything large is made. A number typed in
a cell arrives as a float or an int and is bounded the same way (its shortest text); an amount
of money above :data:`MAX_AMOUNT` is a typing error too.

A whole number of a fixed field or a cell (a team number, a round, a start number, a rating
category's bound) is read by :func:`whole_number`: ASCII digits only (``str.isdigit`` and ``re``'s
``\\d`` also take ``'²'``, which ``int()`` refuses, and ``'٣'``), its size checked on its text
before it is converted (Python refuses to convert more than 4,300 digits).

>>> decimal_of("28,5".replace(",", ".")), decimal_of("-"), decimal_of(12.5)
(Decimal('28.5'), None, Decimal('12.5'))
>>> whole_number(" 007 ", 1, 999), whole_number("1000", 1, 999), whole_number("²", 0, 9)
(7, None, None)
>>> decimal_of("1e999999999")
Traceback (most recent call last):
...
xl_tiebreak.number_text.OutOfRange: '1e999999999' is out of range: expected a number between 10^-15 and 10^15
"""

from __future__ import annotations

import math
from decimal import Decimal, InvalidOperation
from fractions import Fraction
from typing import Optional

__all__ = ["OutOfRange", "decimal_of", "amount_of", "is_digits", "whole_number", "quoted", "MAX_LENGTH",
           "MAX_EXPONENT", "MAX_AMOUNT"]

#: the longest text read as a number (``-1234567.1234567890`` is 19 characters)
MAX_LENGTH = 30
#: the largest power of ten (either way) of a number's first significant digit
MAX_EXPONENT = 15
#: the largest amount of money (a prize, a rounding unit)
MAX_AMOUNT = 10 ** 12


class OutOfRange(ValueError):
    """A number too long, too large or too small to be a number of this kind; the message
    quotes it (cut short) and says what was expected."""


def quoted(text: str) -> str:
    """``text`` as a message quotes it: in quotes, cut to 20 characters."""
    return repr(text if len(text) <= 20 else text[:17] + "...")


def is_digits(text: str) -> bool:
    """Whether ``text`` is ASCII digits only, at least one (``str.isdigit`` also accepts ``'¹'``,
    which ``int()`` refuses)."""
    return text.isascii() and text.isdigit()


def whole_number(text: str, lo: int, hi: int) -> Optional[int]:
    """The whole number ``text`` writes in ASCII digits (blanks around them and leading zeros
    allowed) when it lies in ``lo``..``hi`` (``lo`` >= 0); None for anything else: an empty text, a
    sign, a point, a letter, another script's digit, or a number out of the range, found too
    large from its length before it is converted."""
    t = text.strip()
    if not is_digits(t):
        return None
    digits = t.lstrip("0") or "0"
    if len(digits) > len(str(hi)):
        return None
    n = int(digits)
    return n if lo <= n <= hi else None


def decimal_of(v: object) -> Optional[Decimal]:
    """The exact value of a number written as text (``"12.5"``, ``"-3"``, ``"1.5E2"``) or typed
    as a number (an int or a float: its shortest text, so that 12.3 is 123/10); None for
    anything that is not a finite number (an empty cell, a dash, a word, TRUE); raises
    :class:`OutOfRange` for a number too long or too far from 1 to be a sensible one.
    Zero is read whatever its exponent (``0e-99999999`` is 0)."""
    if v is None or isinstance(v, bool):
        return None
    if isinstance(v, float):
        if not math.isfinite(v):
            return None
        text = repr(v)
    elif isinstance(v, int):
        if abs(v) >= 10 ** (MAX_EXPONENT + 1):  # (str() of a huge int is slow, or refused)
            raise OutOfRange(f"a number of more than {MAX_EXPONENT + 1} digits is out of range: expected a "
                             f"number between 10^-{MAX_EXPONENT} and 10^{MAX_EXPONENT}")
        text = str(v)
    else:
        text = str(v).strip()
    if len(text) > MAX_LENGTH:
        raise OutOfRange(f"{quoted(text)} is too long for a number ({len(text):,} characters; at most "
                         f"{MAX_LENGTH})")
    if "_" in text:  # Decimal reads 1_000 as Python does; nobody writes a number so
        return None
    try:
        d = Decimal(text)
    except InvalidOperation:
        return None
    if not d.is_finite():
        return None
    if d.is_zero():
        return d if abs(d.as_tuple().exponent) <= MAX_LENGTH else Decimal(0)  # type: ignore[arg-type]
    if not -MAX_EXPONENT <= d.adjusted() <= MAX_EXPONENT:
        raise OutOfRange(f"{quoted(text)} is out of range: expected a number between 10^-{MAX_EXPONENT} and "
                         f"10^{MAX_EXPONENT}")
    return d


def amount_of(v: object) -> Optional[Fraction]:
    """An amount of money (a prize, a rounding unit) exactly, as :func:`decimal_of` reads it
    (None: not a number); :class:`OutOfRange` also above :data:`MAX_AMOUNT` in size. The sign is
    the caller's to check."""
    d = decimal_of(v)
    if d is None:
        return None
    if abs(d) > MAX_AMOUNT:
        raise OutOfRange(f"{quoted(str(v).strip())} is too large for an amount (at most {MAX_AMOUNT:,}): a "
                         "typing error?")
    return Fraction(d)
