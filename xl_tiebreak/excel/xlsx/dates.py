"""Dates in cells, read the way openpyxl reads them (so a workbook means the same thing to the
headless recompute as to the rest of the package).

A number cell whose style's number format shows a date or a time is a date: a ``datetime`` (a
``time`` below 1, a ``timedelta`` for elapsed-time formats such as ``[h]:mm``) counted from the
workbook's epoch (1899-12-30, or 1904-01-01 for the 1904 date system). A cell of type ``d``
holds an ISO 8601 text.

>>> is_date_format("dd/mm/yyyy"), is_date_format('0.00" days"'), is_elapsed_format("[h]:mm")
(True, False, True)
>>> from_serial(45717.5)
datetime.datetime(2025, 3, 1, 12, 0)
"""

from __future__ import annotations

import datetime as dt
import re
import zipfile
from typing import Any, Optional, Union, cast

from . import safe_xml
from .parts import MAIN, read_part

WINDOWS_EPOCH = dt.datetime(1899, 12, 30)
MAC_EPOCH = dt.datetime(1904, 1, 1)

# the built-in number formats whose codes openpyxl knows (other built-in ids have no code)
BUILTIN_DATE_CODES = {
    14: "mm-dd-yy", 15: "d-mmm-yy", 16: "d-mmm", 17: "mmm-yy", 18: "h:mm AM/PM",
    19: "h:mm:ss AM/PM", 20: "h:mm", 21: "h:mm:ss", 22: "m/d/yy h:mm", 45: "mm:ss",
    46: "[h]:mm:ss", 47: "mmss.0",
}
# the other known built-in ids (0-13, 37-44, 48, 49) are numbers, text or currency: no date

# quoted text, and any [...] block except an elapsed-time one ([h], [hh], [m], [mm], [s], [ss])
_IGNORED = re.compile(r'"[^"\n]*"|\[(?!(?:hh?|mm?|ss?)\])[^\]]*\]')
_DATE_LETTER = re.compile(r"(?<![_\\])[dmhysDMHYS]")
_ELAPSED = re.compile(r"\[hh?\](?::mm(?::ss(?:\.0*)?)?)?|\[mm?\](?::ss(?:\.0*)?)?|\[ss?\](?:\.0*)?",
                      re.IGNORECASE)


def is_date_format(code: Optional[str]) -> bool:
    """Does the (first section of the) number format show a date or a time?"""
    if code is None:
        return False
    first = _IGNORED.sub("", code.split(";", 1)[0])
    return _DATE_LETTER.search(first) is not None


def is_elapsed_format(code: Optional[str]) -> bool:
    """Does the (first section of the) number format show elapsed time (``[h]:mm``)?"""
    return code is not None and _ELAPSED.search(code.split(";", 1)[0]) is not None


def from_serial(value: Union[int, float], epoch: dt.datetime = WINDOWS_EPOCH,
                elapsed: bool = False) -> Union[dt.datetime, dt.time, dt.timedelta]:
    """An Excel serial number as a date and time (to the millisecond; Excel's phantom
    1900-02-29 skipped), a time of day below 1, or a duration for an elapsed-time format."""
    if elapsed:
        span = dt.timedelta(days=value)
        if span.microseconds:
            span = dt.timedelta(seconds=span.total_seconds() // 1,
                                microseconds=round(span.microseconds, -3))
        return span
    whole, part = divmod(value, 1)
    rest = dt.timedelta(milliseconds=round(part * 86400 * 1000))
    if 0 <= value < 1 and rest.days == 0:
        minutes, seconds = divmod(rest.seconds, 60)
        return dt.time(minutes // 60, minutes % 60, seconds, rest.microseconds)
    if 0 < value < 60 and epoch == WINDOWS_EPOCH:
        whole += 1
    return epoch + dt.timedelta(days=whole) + rest


# patterns compiled on first use (re's cache), not at import: t="d" cells are rare (start-up time)
_ISO = (r"(?P<date>(?P<year>\d{4})-(?P<month>\d{2})-(?P<day>\d{2}))?T?"
        r"(?P<time>(?P<hour>\d{2}):(?P<minute>\d{2})(?::(?P<second>\d{2})"
        r"(?P<fraction>\.\d{1,3})?)?)?Z?")
_DURATION = r"PT(?:(?P<hours>\d+)H)?(?:(?P<minutes>\d+)M)?(?:(?P<seconds>\d+(?:\.\d{1,3})?)S)?"


def from_iso(text: str) -> Union[dt.datetime, dt.date, dt.time, dt.timedelta, None]:
    """The value of a ``t="d"`` cell: an ISO 8601 date, time, date and time, or ``PT..H..M..S``
    duration; None for an empty text; ValueError for anything else."""
    if not text:
        return None
    m = re.match(_ISO, text)
    if m and (m.group("date") or m.group("time")):
        g: dict[str, Any] = {k: int(v) if v and k not in ("date", "time", "fraction") else v
             for k, v in m.groupdict().items()}
        micro = int(float(g["fraction"]) * 1_000_000) if g["fraction"] else 0
        clock = (g["hour"] or 0, g["minute"] or 0, g["second"] or 0, micro)
        if not g["date"]:
            return dt.time(*clock)
        if not g["time"]:
            return dt.date(g["year"], g["month"], g["day"])
        return dt.datetime(g["year"], g["month"], g["day"], *clock)
    d = re.match(_DURATION, text)
    if d and any(d.groups()):
        return dt.timedelta(**{k: float(v) for k, v in d.groupdict().items() if v})
    raise ValueError(f"Unable to parse date: {text}")


def date_styles(z: zipfile.ZipFile) -> tuple[frozenset[int], frozenset[int]]:
    """The cell styles (indexes into ``cellXfs``) whose number format shows a date or time, and
    those showing elapsed time."""
    if "xl/styles.xml" not in z.namelist():
        return frozenset(), frozenset()
    root = safe_xml.parse(read_part(z, "xl/styles.xml"), "xl/styles.xml")
    custom: dict[int, Optional[str]] = {}
    fmts = root.find(MAIN + "numFmts")
    for f in (fmts if fmts is not None else ()):
        if f.tag == MAIN + "numFmt":
            custom[int(cast(str, f.get("numFmtId")))] = f.get("formatCode")
    dates: set[int] = set()
    elapsed: set[int] = set()
    xfs = root.find(MAIN + "cellXfs")
    for i, xf in enumerate(x for x in (xfs if xfs is not None else ()) if x.tag == MAIN + "xf"):
        fid = int(xf.get("numFmtId", 0))
        code = custom[fid] if fid in custom else BUILTIN_DATE_CODES.get(fid)  # other built-ins: no date
        if is_date_format(code):
            dates.add(i)
        if is_elapsed_format(code):
            elapsed.add(i)
    return frozenset(dates), frozenset(elapsed)
