"""The one reading of an event's dates: its start date (the rule edition in force then, C.07's
editions apply by it; ages on it) and its players' birth dates.

Every face reads a date here, so that one text means one day everywhere: the TRF reader (042, the
birth dates of 001), the workbook readers (Settings!B5, the team Settings' start date, the Born
column), the Excel functions (the edition argument, Settings!B3:B5), Vega's start date, and the TRF
writers (which keep the 042 text read only when it is written year first). It reads:

* a date cell, or an Excel date serial from 1970 on (a whole number 25569 to 2958465);
* year first: ``2026-01-08``, ``2026/1/8``, ``2026.01.08`` (a time after the date is ignored);
* day or month first, with a four-digit year: ``18/05/2026``, ``8.1.2026``, ``5/18/2026``. A
  number above 12 is the day. When both are 12 or less and differ (``08/01/2026``: 8 January or
  1 August), the date is read **day first**, the order of FIDE's forms and of the programs
  arbiters use (Swiss-Manager, Vega, chess-results), with a warning that names both readings;
* an English month name: ``Mar 4, 2025``, ``4 March 2025``;
* in a TRF record only, TRF-16's ``YY/MM/DD`` (the year 20YY), with a warning when the text is
  also a date day first.

Anything else is not a date: :class:`~xl_tiebreak.errors.InputError` naming the place, "not a
date; write YYYY-MM-DD".

>>> read_date("08/01/2026").iso, read_date("2026-1-8").iso, read_date("18.05.2026").iso
('2026-01-08', '2026-01-08', '2026-05-18')
>>> read_date("08/01/2026").note
"'08/01/2026' could be 8 January 2026 or 1 August 2026: read day first, as 2026-01-08; write 2026-01-08 \
(or 2026-08-01) to say which"
>>> read_date("1/13/2026").iso, read_date("1/13/2026").note
('2026-01-13', '')
"""

from __future__ import annotations

import datetime as dt
import re
from dataclasses import dataclass
from typing import Any, Optional

from .errors import InputError

__all__ = ["EventDate", "read_date", "read_birth", "date_text", "MONTHS"]

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
#: Excel's date serials read as dates: 1970-01-01 to 9999-12-31 (smaller numbers are no start date)
_SERIALS = (25_569, 2_958_466)
_EXCEL_EPOCH = dt.date(1899, 12, 30)
_TIME = r"(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?"
_YEAR_FIRST = re.compile(r"(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})" + _TIME, re.ASCII)
_YEAR_LAST = re.compile(r"(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{4})" + _TIME, re.ASCII)
_TRF_SHORT = re.compile(r"(\d{2})/(\d{2})/(\d{2})", re.ASCII)
_MONTH_FIRST = re.compile(r"([A-Za-z]{3,9})\.?\s+(\d{1,2}),?\s+(\d{4})", re.ASCII)
_DAY_FIRST = re.compile(r"(\d{1,2})\.?\s+([A-Za-z]{3,9})\.?,?\s+(\d{4})", re.ASCII)
#: the longest text tried (a date with a time is under 30 characters)
_LONGEST = 40


@dataclass(frozen=True)
class EventDate:
    """A date read: the day, a warning when the text could be read another way (which reading
    was taken, ``""`` when there is no doubt), and whether it was written year first (a date
    cell too), the form every program reads the same."""

    day: dt.date
    note: str = ""
    year_first: bool = True

    @property
    def iso(self) -> str:
        return self.day.isoformat()


def date_text(day: dt.date) -> str:
    """``8 January 2026``: a day as a reader reads it, whatever his order."""
    return f"{day.day} {MONTHS[day.month - 1].capitalize()} {day.year}"


def _day(y: int, m: int, d: int) -> Optional[dt.date]:
    try:
        return dt.date(y, m, d)
    except ValueError:  # 2026/13/45, 2026/02/30
        return None


def _month(word: str) -> int:
    w = word.lower()
    return next((i for i, name in enumerate(MONTHS, start=1) if len(w) >= 3 and name.startswith(w)), 0)


def _from_text(text: str, trf: bool, order: str) -> Optional[EventDate]:
    m = _YEAR_FIRST.fullmatch(text)
    if m:
        day = _day(int(m.group(1)), int(m.group(3)), int(m.group(4)))
        return EventDate(day) if day else None
    m = _YEAR_LAST.fullmatch(text)
    if m:
        a, b, y = int(m.group(1)), int(m.group(3)), int(m.group(4))
        if order == "dmy" or a > 12 or a == b:
            day = _day(y, b, a)
            return EventDate(day, year_first=False) if day else None
        if b > 12:  # the second number is the day: month first (5/18/2026)
            day = _day(y, a, b)
            return EventDate(day, year_first=False) if day else None
        first, other = dt.date(y, b, a), dt.date(y, a, b)
        written = (lambda d: d.isoformat().replace("-", "/")) if trf else dt.date.isoformat
        return EventDate(first, f"{text!r} could be {date_text(first)} or {date_text(other)}: read day first, as "
                                f"{first.isoformat()}; write {written(first)} (or {written(other)}) to say which",
                         year_first=False)
    m = _TRF_SHORT.fullmatch(text) if trf else None
    if m:
        a, b, c = (int(g) for g in m.groups())
        day = _day(2000 + a, b, c)
        if day is None:
            return None
        alt = _day(2000 + c, b, a)
        note = (f"{text!r} is read as TRF's YY/MM/DD, {date_text(day)}, not day first ({date_text(alt)}); write "
                f"{day.year:04d}/{day.month:02d}/{day.day:02d}") if alt and alt != day else ""
        return EventDate(day, note, year_first=False)
    for pattern, mo, d in ((_MONTH_FIRST, 1, 2), (_DAY_FIRST, 2, 1)):
        m = pattern.fullmatch(text)
        if m and _month(m.group(mo)):
            day = _day(int(m.group(3)), _month(m.group(mo)), int(m.group(d)))
            return EventDate(day, year_first=False) if day else None
    return None


def read_date(value: Any, what: str = "start date", where: Optional[str] = None, *, trf: bool = False,
              order: str = "") -> Optional[EventDate]:
    """The date a cell or a field holds (see the module's text); ``None`` when it is empty.
    ``what`` and ``where`` name it in the error (``start date '1.1.26' is not a date; write
    YYYY-MM-DD``); ``trf``: a TRF record's text (TRF-16's YY/MM/DD is read too); ``order``
    ``"dmy"``: a source whose order is known to be day first (no warning)."""
    if value is None:
        return None
    if isinstance(value, bool):
        pass
    elif isinstance(value, dt.datetime):
        return EventDate(value.date())
    elif isinstance(value, dt.date):
        return EventDate(value)
    elif isinstance(value, (int, float)):
        if _SERIALS[0] <= value < _SERIALS[1] and float(value).is_integer():
            return EventDate(_EXCEL_EPOCH + dt.timedelta(days=int(value)))
    else:
        text = str(value).strip()
        if not text:
            return None
        got = _from_text(text, trf, order) if len(text) <= _LONGEST else None
        if got is not None:
            return got
    try:
        shown = str(value).strip()
    except ValueError:  # an integer past Python's 4,300 digits
        shown = "a number of 4,300+ digits"
    shown = shown if len(shown) <= 30 else shown[:27] + "..."
    hint = "YYYY/MM/DD" if trf else "YYYY-MM-DD"
    raise InputError(f"{what} {shown!r} is not a date; write {hint}", where)


#: TRF's birth date (001, columns 70-79): YYYY/MM/DD, a year alone, 00 for an unknown month or day
_TRF_BIRTH = re.compile(r"(\d{4})(?:[/.-](\d{1,2})(?:[/.-](\d{1,2}))?)?", re.ASCII)


def read_birth(text: str) -> "tuple[Optional[tuple[dt.date, dt.date]], str]":
    """The earliest and latest day a birth date may stand for (the same day twice when it is
    complete) and :func:`read_date`'s warning: TRF's ``YYYY/MM/DD``, a year alone, ``00`` (or
    nothing) for an unknown month or day; or any date :func:`read_date` reads (``08/01/2010``
    day first). ``None`` when it is no date: the player is then in no age category, and the
    category's note names him.

    >>> read_birth("2012/05/00")[0]
    (datetime.date(2012, 5, 1), datetime.date(2012, 5, 31))
    >>> read_birth("18.05.2010")[0][0], read_birth("1999")[0][1]
    (datetime.date(2010, 5, 18), datetime.date(1999, 12, 31))
    """
    t = (text or "").strip()
    m = _TRF_BIRTH.fullmatch(t)
    if m is None:
        try:
            got = read_date(t, "birth date")
        except InputError:
            return None, ""
        return ((got.day, got.day) if got else None), got.note if got else ""
    y, mo, d = int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0)
    if not y:
        return None, ""
    try:
        if not mo:
            return (dt.date(y, 1, 1), dt.date(y, 12, 31)), ""
        if not d:
            return (dt.date(y, mo, 1), dt.date(y + (mo == 12), mo % 12 + 1, 1) - dt.timedelta(days=1)), ""
        return (dt.date(y, mo, d), dt.date(y, mo, d)), ""
    except ValueError:  # 2010/13/45
        return None, ""
