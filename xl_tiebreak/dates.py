"""The one reading of an event's dates: its start date (the rule edition in force then, C.07's
editions apply by it; ages on it) and its players' birth dates.

Every face reads a date here, so that one text means one day everywhere: the TRF reader (042, the
birth dates of 001), the workbook readers (Settings!B5, the team Settings' start date, the Born
column), the Excel functions (the edition argument, Settings!B3:B5), Vega's start date, and the TRF
writers (which keep the 042 text read only when it starts with the date written YYYY/MM/DD). It
reads:

* a date cell, or an Excel date serial from 1970 on (a whole number 25569 to 2958465);
* year first: ``2026-01-08``, ``2026/1/8``, ``2026.01.08`` (a time after the date is ignored);
* day or month first, with a four-digit year: ``18/05/2026``, ``8.1.2026``, ``5/18/2026``. A
  number above 12 is the day; a day or a month of 0 is no date. When both are 12 or less and
  differ (``08/01/2026``: 8 January or 1 August), the date is read **day first**, the order of
  FIDE's forms and of the programs arbiters use (Swiss-Manager, Vega, chess-results), with a
  warning that names both readings;
* an English month name: ``Mar 4, 2025``, ``4 March 2025``;
* in a TRF record only: TRF-16's ``YY/MM/DD`` (the year 20YY), with a warning when the text is
  also a date day first; a two-digit year last in any other form (``07.03.24``, ``7/3/24``,
  ``07-03-24``: the year 20YY), read day first as above; and a date followed by other text
  (``2024/03/07 - 2024/03/10``, ``2024/3/7 (Thursday)``), as FIDE's reference reads a record's
  leading date (:attr:`EventDate.rest` keeps the text after it).

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
from typing import Any, Callable, Optional

from .errors import InputError
from .number_text import is_digits

__all__ = ["EventDate", "read_date", "read_birth", "birth_as_trf", "date_text", "MONTHS"]

MONTHS = ("january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
          "november", "december")
#: Excel's date serials read as dates: 1970-01-01 to 9999-12-31 (smaller numbers are no start date)
_SERIALS = (25_569, 2_958_466)
_EXCEL_EPOCH = dt.date(1899, 12, 30)
_TIME = r"(?:[T ]\s*\d{1,2}:\d{2}(?::\d{2}(?:\.\d+)?)?)?"
_YEAR_FIRST = re.compile(r"(\d{4})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{1,2})" + _TIME, re.ASCII)
_YEAR_LAST = re.compile(r"(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{4})" + _TIME, re.ASCII)
_TRF_SHORT = re.compile(r"(\d{2})/(\d{2})/(\d{2})", re.ASCII)
_SHORT_YEAR_LAST = re.compile(r"(\d{1,2})\s*([-/.])\s*(\d{1,2})\s*\2\s*(\d{2})", re.ASCII)
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
    #: in a TRF record, the text after the date (``" - 2024/03/10"``), ``""`` when there is none
    rest: str = ""

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


def _day_first(a: int, b: int, y: int, text: str, trf: bool, order: str) -> Optional[EventDate]:
    """``a/b/y`` read day first (``order`` ``"dmy"``, a day above 12, or day and month equal),
    month first when only the second number can be a day (``5/18/2026``), else day first with a
    note naming both readings; None when neither reading is a day (``0/1/2024``, ``05/06/0000``)."""
    if order == "dmy" or a > 12 or a == b:
        day = _day(y, b, a)
        return EventDate(day, year_first=False) if day else None
    if b > 12:  # the second number is the day: month first (5/18/2026)
        day = _day(y, a, b)
        return EventDate(day, year_first=False) if day else None
    first, other = _day(y, b, a), _day(y, a, b)
    if first is None:
        return None
    if other is None:
        return EventDate(first, year_first=False)
    written = (lambda d: d.isoformat().replace("-", "/")) if trf else dt.date.isoformat
    return EventDate(first, f"{text!r} could be {date_text(first)} or {date_text(other)}: read day first, as "
                            f"{first.isoformat()}; write {written(first)} (or {written(other)}) to say which",
                     year_first=False)


def _from_text(text: str, trf: bool, order: str) -> Optional[EventDate]:
    """The date ``text`` writes (the whole text; in a TRF record, its beginning: see
    :attr:`EventDate.rest`), or None."""
    probe = text[:_LONGEST]  # (a date is shorter: the rest of a long record is not searched)

    def match(pattern: "re.Pattern[str]") -> "Optional[re.Match[str]]":
        if not trf:
            return pattern.fullmatch(text)
        m = pattern.match(probe)
        return None if m is None or is_digits(text[m.end():m.end() + 1]) else m  # (2024/03/071 is no date)

    got = _read_match(probe, trf, order, match)
    if got is not None and trf:
        return EventDate(got[0].day, got[0].note, got[0].year_first, text[got[1]:])
    return got[0] if got else None


def _read_match(text: str, trf: bool, order: str, match: Callable[["re.Pattern[str]"], "Optional[re.Match[str]]"]
                ) -> Optional[tuple[EventDate, int]]:
    """The date read by the first form that ``match`` finds, with where its text ends; None when
    no form matches or the one that does is no day (``2026/02/30``)."""
    m = match(_YEAR_FIRST)
    if m:
        day = _day(int(m.group(1)), int(m.group(3)), int(m.group(4)))
        return (EventDate(day), m.end()) if day else None
    m = match(_YEAR_LAST)
    if m:
        got = _day_first(int(m.group(1)), int(m.group(3)), int(m.group(4)), text[:m.end()], trf, order)
        return (got, m.end()) if got else None
    m = match(_TRF_SHORT) if trf else None
    if m:
        a, b, c = (int(g) for g in m.groups())
        day = _day(2000 + a, b, c)
        if day is None:
            return None
        alt = _day(2000 + c, b, a)
        note = (f"{m.group()!r} is read as TRF's YY/MM/DD, {date_text(day)}, not day first ({date_text(alt)}); "
                f"write {day.year:04d}/{day.month:02d}/{day.day:02d}") if alt and alt != day else ""
        return EventDate(day, note, year_first=False), m.end()
    m = match(_SHORT_YEAR_LAST) if trf else None
    if m:  # 07.03.24: TRF files written by hand, and the older readers of this program, read it so
        got = _day_first(int(m.group(1)), int(m.group(3)), 2000 + int(m.group(4)), text[:m.end()], trf, order)
        return (got, m.end()) if got else None
    for pattern, mo, d in ((_MONTH_FIRST, 1, 2), (_DAY_FIRST, 2, 1)):
        m = match(pattern)
        if m and _month(m.group(mo)):
            day = _day(int(m.group(3)), _month(m.group(mo)), int(m.group(d)))
            return (EventDate(day, year_first=False), m.end()) if day else None
    return None


def read_date(value: Any, what: str = "start date", where: Optional[str] = None, *, trf: bool = False,
              order: str = "") -> Optional[EventDate]:
    """The date a cell or a field holds (see the module's text); ``None`` when it is empty.
    ``what`` and ``where`` name it in the error (``start date '1.1.26' is not a date; write
    YYYY-MM-DD``); ``trf``: a TRF record's text (TRF-16's YY/MM/DD, a two-digit year last and a
    date followed by other text are read too); ``order``
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
        got = _from_text(text, trf, order) if trf or len(text) <= _LONGEST else None
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
#: a birth date day first (DD/MM/YYYY), where TRF's 00 may stand for an unknown day or month too
_BIRTH_DAY_FIRST = re.compile(r"(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})", re.ASCII)


def read_birth(text: str) -> "tuple[Optional[tuple[dt.date, dt.date]], str]":
    """The earliest and latest day a birth date may stand for (the same day twice when it is
    complete) and :func:`read_date`'s warning: TRF's ``YYYY/MM/DD``, a year alone, ``00`` (or
    nothing) for an unknown month or day, in either order (``00/12/1969``: December 1969); or any
    date :func:`read_date` reads (``08/01/2010`` day first). ``None`` when it is no date: the
    player is then in no age category, and the category's note names him.

    >>> read_birth("2012/05/00")[0]
    (datetime.date(2012, 5, 1), datetime.date(2012, 5, 31))
    >>> read_birth("18.05.2010")[0][0], read_birth("1999")[0][1], read_birth("00/12/1969")[0][1]
    (datetime.date(2010, 5, 18), datetime.date(1999, 12, 31), datetime.date(1969, 12, 31))
    """
    t = (text or "").strip()
    m = _TRF_BIRTH.fullmatch(t)
    if m is not None:
        return _span(int(m.group(1)), int(m.group(2) or 0), int(m.group(3) or 0)), ""
    m = _BIRTH_DAY_FIRST.fullmatch(t)
    if m is not None and 0 in (int(m.group(1)), int(m.group(2))):  # TRF's 00, written day first
        return _span(int(m.group(3)), int(m.group(2)), int(m.group(1))), ""
    try:
        got = read_date(t, "birth date")
    except InputError:
        return None, ""
    return ((got.day, got.day) if got else None), got.note if got else ""


def _span(y: int, mo: int, d: int) -> Optional[tuple[dt.date, dt.date]]:
    """The first and last day of a birth date whose month or day may be 0 (unknown); None for a
    year 0 or a month or day that no calendar has (2010/13/45)."""
    if not y:
        return None
    try:
        if not mo:
            return dt.date(y, 1, 1), dt.date(y, 12, 31)
        if not d:
            return dt.date(y, mo, 1), dt.date(y + (mo == 12), mo % 12 + 1, 1) - dt.timedelta(days=1)
        return dt.date(y, mo, d), dt.date(y, mo, d)
    except ValueError:  # 2010/13/45
        return None


def birth_as_trf(text: str) -> tuple[str, str]:
    """A birth date as TRF writes it, and :func:`read_birth`'s warning: a text written year first
    (TRF's ``YYYY/MM/DD``, a year alone) as it is; one written otherwise (a Born cell or a 001
    field holding ``05/08/2008``, ``00/12/1969``) read day first and written ``YYYY/MM/DD``, ``00``
    for an unknown month or day; a text that is no date as it is (the player is in no age
    category).

    >>> birth_as_trf("05/08/2008")[0], birth_as_trf("00/12/1969"), birth_as_trf("2012/05/00")
    ('2008/08/05', ('1969/12/00', ''), ('2012/05/00', ''))
    """
    t = (text or "").strip()
    if not t or is_digits(t[:4]):
        return t, ""
    span, note = read_birth(t)
    if span is None:
        return t, note
    first, last = span
    if first == last:
        return f"{first.year:04d}/{first.month:02d}/{first.day:02d}", note
    month = first.month if (first.month, first.year) == (last.month, last.year) else 0
    return f"{first.year:04d}/{month:02d}/00", note
