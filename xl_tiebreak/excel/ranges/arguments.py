"""The arguments of the Excel functions read as Excel passes them (floats, None for an empty
cell, ranges as 2-D lists): the edition, the event type, the rounds, live, the tie-break list,
the settings; each bad one refused with the function's name and what was expected."""

from __future__ import annotations

import datetime
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ...editions import get_edition
from ...errors import EditionError, InputError, TiebreakError
from ...options import Options, options_from_pairs
from ...validation import Findings
from .crosstable_range import MAX_ROUNDS

if TYPE_CHECKING:
    from ...dates import EventDate
    from ...editions import Edition


def is_hashable(v: Any) -> bool:
    """Whether ``v`` can be part of a dictionary key (a cell value can, a list cannot)."""
    try:
        return isinstance(hash(v), int)
    except TypeError:
        return False


def shown(v: Any) -> str:
    """A value in a message: its repr, cut to 40 characters (a 1 MB argument stays readable); a
    date or time as the cell shows it, not as Python writes it.

    >>> shown(datetime.datetime(2026, 1, 1)), shown(datetime.datetime(2026, 1, 1, 9, 30)), shown("abc")
    ('2026-01-01', '2026-01-01 09:30', "'abc'")
    """
    if isinstance(v, datetime.datetime):
        return v.date().isoformat() if v.time() == datetime.time() else v.isoformat(" ", "minutes")
    if isinstance(v, (datetime.date, datetime.time)):
        return v.isoformat()
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def text_of(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def event_type(value: Any, place: str = "") -> Optional[str]:
    """An event type as a cell or an argument gives it: ``swiss`` or ``round-robin`` (also
    ``round robin``, ``round_robin``, ``roundrobin``, ``rr``; any case); None when empty. The one
    vocabulary of every face (the sheet functions' ``kind``, Settings!B4 read by every command);
    anything else is an error naming ``place``."""
    k = text_of(value).lower().replace("_", "-").replace(" ", "-")
    if not k:
        return None
    if k in ("swiss", "round-robin", "roundrobin", "rr"):
        return "swiss" if k == "swiss" else "round-robin"
    raise InputError(f"unknown event type {shown(value)}; use swiss or round-robin", place or None)


def read_kind(kind: Any) -> Optional[str]:
    """The ``kind`` argument of a function (:func:`event_type`)."""
    try:
        return event_type(kind)
    except InputError as exc:
        raise InputError(f"kind: {exc.detail}") from None


def edition_name(value: Any, place: str = "") -> "Optional[Edition]":
    """The edition a Settings cell chooses by its name (Settings!B3: ``fide2026``, ``fide2024``,
    ``fide2012``); None when empty (the edition in force at the start date, C.07's editions
    apply by it). Anything else, a date included (it goes in the start date's cell), is an error
    naming ``place``."""
    text = text_of(value)
    if not text:
        return None
    try:
        return get_edition(text)
    except TiebreakError:
        raise InputError(f"edition {shown(value)} is not the name of one; write fide2026, fide2024 or fide2012, "
                         "or leave it empty for the edition in force at the start date (written in its own "
                         "cell, Settings!B5)", place or None) from None


@dataclass(frozen=True)
class EventCells:
    """What the Settings cells B3:B5 say: the edition chosen (None: the one in force at the start
    date), the event type (None: not given), the start date (None: none) and its place."""

    chosen: "Optional[Edition]" = None
    kind: Optional[str] = None
    day: "Optional[EventDate]" = None
    day_place: str = ""


#: the cells of the Settings range B3:B5, in order: each has one meaning
EVENT_CELLS = ("edition", "type", "start date")


def read_event_cells(cells: Sequence[Any], places: Sequence[str], findings: Optional[Findings] = None) -> EventCells:
    """Settings!B3:B5 as every face reads them (the sheet functions, given the range, and every
    command through the workbook reader): B3 only the name of an edition (:func:`edition_name`),
    B4 only the event type (:func:`event_type`), B5 only the start date (read by
    :mod:`xl_tiebreak.dates`, the one reading of a date; a day and month that could be swapped
    give a ``date-order`` warning naming the cell). Each cell that is not what its place holds
    is an error naming its place (``places``, one per cell); ``findings`` collects them (a
    strict one, the default, raises the first)."""
    from ...dates import read_date
    fd = findings if findings is not None else Findings(strict=True)
    values = list(cells) + [None] * (len(EVENT_CELLS) - len(cells))
    places = list(places) + [""] * (len(EVENT_CELLS) - len(places))
    got: dict[str, Any] = {}
    for what, value, place in zip(EVENT_CELLS, values, places):
        try:
            if what == "edition":
                got[what] = edition_name(value, place)
            elif what == "type":
                got[what] = event_type(value, place)
            else:
                got[what] = read_date(value, where=place or None)
        except InputError as exc:
            fd.add("date" if what == "start date" else "layout", exc.detail, exc.where)
    day = got.get("start date")
    if day is not None and day.note:
        fd.add("date-order", f"start date {day.note}", places[2] or None)
    return EventCells(got.get("edition"), got.get("type"), day, places[2] if day is not None else "")


def _edition_cells(edition: Any) -> list[list[tuple[str, Any]]]:
    """The edition argument's values row by row, each with its place in a range (``row 3 of the
    edition range, column A``, which the recompute gives as the sheet cell) or ``""`` for one value."""
    from ..xlsx.a1 import column_letter
    if not isinstance(edition, (list, tuple)):
        return [[("", edition)]]
    rows = [r if isinstance(r, (list, tuple)) else [r] for r in edition]
    return [[(f"row {i} of the edition range, column {column_letter(j)}", c) for j, c in enumerate(r, start=1)]
            for i, r in enumerate(rows, start=1)]


def _edition_argument(edition: Any, function: str) -> EventCells:
    """The edition argument read. One value (a cell, or a text typed in the formula): the name of
    an edition, or the event's start date meaning the edition in force then. A range of several
    cells (the templates pass Settings!B3:B5): its rows' first cells (a row's cells, when it is
    one row) in their places, as every command reads the Settings sheet (:func:`read_event_cells`);
    nothing past the third place nor beside the first column."""
    from ...dates import read_date
    head = f"{function}: edition: " if function else "edition: "
    rows = _edition_cells(edition)
    if len(rows) == 1 and len(rows[0]) == 1:
        place, c = rows[0][0]
        text = text_of(c)
        if c is None or not text:
            return EventCells()
        try:
            return EventCells(chosen=get_edition(text))
        except TiebreakError as exc:
            try:
                day = read_date(c, where=place or None)
            except InputError as bad:
                if isinstance(c, str) and not text[:1].isdigit():
                    raise EditionError(head + str(exc)) from None
                raise InputError(head + (str(bad) if place else f"{shown(c)} is neither an edition name nor a "
                                         "date; write e.g. fide2026, or the start date as YYYY-MM-DD")) from None
            return EventCells(day=day, day_place=place)
    places = [r[0] if r else ("", None) for r in rows] if len(rows) > 1 else rows[0] if rows else []
    beside = [cell for r in rows[1 if len(rows) == 1 else 0:] for cell in r[1:]]
    extra = next(((place, c) for place, c in places[len(EVENT_CELLS):] + beside if text_of(c)), None)
    if extra is not None:
        raise InputError(f"{head}{extra[0]}: {shown(extra[1])}: the edition range holds the edition, the event type "
                         "and the start date, one cell each (as Settings!B3:B5); nothing past or beside them")
    try:
        return read_event_cells([c for _, c in places], [place for place, _ in places])
    except InputError as exc:
        raise InputError(head + str(exc)) from None


def edition_date(edition: Any, function: str = "") -> "tuple[Optional[EventDate], str]":
    """The event's start date the edition argument holds (None without one) and its place: in a
    range (the templates pass Settings!B3:B5), its third cell."""
    got = _edition_argument(edition, function)
    return got.day, got.day_place


def read_edition(edition: Any, function: str = "") -> Any:
    """The rule edition: a name (fide2026, fide2024, fide2012), or the event's start date (a date
    cell, an Excel date number from 1970 on, or a date text, read as :mod:`xl_tiebreak.dates`
    reads every date) meaning the edition in force then (C.07's editions apply by the start
    date); or the range Settings!B3:B5 the templates pass (:func:`read_event_cells`): the edition
    named in its first cell, else the one in force at the date in its third. Empty: fide2026."""
    from ...editions import edition_for_date
    got = _edition_argument(edition, function)
    return got.chosen or (edition_for_date(got.day.iso) if got.day is not None else get_edition(None))


def edition_source(edition: Any) -> str:
    """Why this edition, for STATUS: chosen, the start date's, or assumed for want of a date; with
    the warning of a start date whose day and month could be swapped (its place in the range)."""
    got = _edition_argument(edition, "")
    day, place = got.day, got.day_place
    note = f"; {place + ': ' if place else ''}{day.note}" if day is not None and day.note else ""
    if got.chosen is not None:
        return f" (chosen{note})"
    return f" (start date {day.iso}{note})" if day is not None else " (assumed: no start date)"


def read_rounds(rounds: Any, function: str) -> Optional[int]:
    """The event's number of rounds (empty: the crosstable's round columns)."""
    n = read_whole(rounds, "rounds", function)
    if n is not None and not 1 <= n <= MAX_ROUNDS:
        raise InputError(f"{function}: rounds {n if abs(n) < 10 ** 12 else shown(rounds)} is not a number of rounds (1 to {MAX_ROUNDS}; empty: the "
                         "crosstable's round columns)")
    return n


def read_live(live: Any, function: str) -> bool:
    """Live standings asked for: TRUE, 1 or yes; FALSE, 0, no or empty: not."""
    return read_flag(live, "live", function)


def read_flag(value: Any, name: str, function: str) -> bool:
    """A yes-or-no argument: TRUE, 1 or yes; FALSE, 0, no or empty: no."""
    if isinstance(value, bool):
        return value
    text = text_of(value).casefold()
    if text in ("", "0", "no", "n", "false", "off"):
        return False
    if text in ("1", "yes", "y", "true", "on"):
        return True
    raise InputError(f"{function}: {name} {shown(value)}: write TRUE or FALSE (yes or no)")


def list_text(tiebreaks: Any) -> str:
    """A tie-break list given as ``"BH/C1,BH,SB"`` or as a range of cells, one code per cell."""
    if isinstance(tiebreaks, (list, tuple)):
        cells = [c for row in tiebreaks for c in (row if isinstance(row, (list, tuple)) else [row])]
        return ",".join(t for t in (text_of(c) for c in cells) if t)
    return text_of(tiebreaks)


def read_options(unrated: Any, settings: Any, function: str) -> Optional[Options]:
    """The Options of a call: ``unrated`` (a rating for unrated players) and ``settings`` (rows
    ``name | value | ...`` of a Settings range, or a text ``"name=value; name=value"``)."""
    pairs: list[tuple[str, Any]] = []
    rows = settings if isinstance(settings, (list, tuple)) else [[settings]]
    for row in rows:
        cells = list(row) if isinstance(row, (list, tuple)) else [row]
        name = text_of(cells[0]) if cells else ""
        rest = [c for c in cells[1:] if text_of(c)]
        if "=" in name and not rest:  # a text "name=value; name=value"
            for item in name.replace("\n", ";").split(";"):
                if item.strip():
                    key, _, value = item.partition("=")
                    pairs.append((key, value))
        elif name:
            if len(cells) < 2:
                raise InputError(f"{function}: settings: {shown(name)} has no value; give rows of name "
                                 f"and value, or a text name=value")
            pairs.append((name, cells[1]))
    rating = read_whole(unrated, "unrated", function)
    if rating is not None:
        if not 0 < rating < 4000:
            raise InputError(f"{function}: unrated {rating if abs(rating) < 10 ** 12 else shown(unrated)} is not a rating (1 to 3999)")
        pairs.append(("unrated_rating", rating))
    try:
        return options_from_pairs(pairs, where=f"{function}: setting")
    except ValueError as exc:
        raise InputError(str(exc)) from None


def read_whole(v: Any, what: str, function: str) -> Optional[int]:
    """A whole-number argument (Excel passes floats); "" or None is missing."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    if isinstance(v, bool):  # TRUE is no 1
        raise InputError(f"{function}: {what} {'TRUE' if v else 'FALSE'} is not a whole number")
    if type(v) is int:
        return v  # exact, however large (no float holds a 400-digit number)
    try:
        f = float(v)
    except (TypeError, ValueError, OverflowError):
        raise InputError(f"{function}: {what} {shown(v)} is not a whole number") from None
    if not f.is_integer():  # NaN and the infinities too
        raise InputError(f"{function}: {what} {shown(v)} is not a whole number")
    return int(f)


def table_part(table: list[list[Any]], row: Any, column: Any, function: str) -> Any:
    """The whole table (row and column empty), one row, one column, or one cell of it: the
    one-cell forms for Excel without dynamic arrays; empty past the last row or column (a sheet
    keeps room for six tie-breaks, a list may have fewer), #N/A elsewhere."""
    i = read_whole(row, "row", function)
    j = read_whole(column, "column", function)
    if i is None and j is None:  # both empty (None, or "" as Office.js passes an empty cell)
        return [list(r) for r in table]
    if i is not None and not 0 <= i < len(table):
        return "" if i >= len(table) else "#N/A"
    if j is not None and not 1 <= j <= len(table[0]):
        return "" if j > len(table[0]) else "#N/A"
    if i is None:
        assert j is not None
        return [[table[k][j - 1]] for k in range(len(table))]
    if j is None:
        return [table[i]]
    return table[i][j - 1]
