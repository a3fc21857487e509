"""The arguments of the Excel functions read as Excel passes them (floats, None for an empty
cell, ranges as 2-D lists): the edition, the event type, the rounds, live, the tie-break list,
the settings; each bad one refused with the function's name and what was expected."""

from __future__ import annotations

import datetime
from typing import Any, Optional

from ..editions import get_edition
from ..errors import EditionError, InputError, TiebreakError
from ..options import Options, options_from_pairs
from .sheet_table import MAX_ROUNDS


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


def read_kind(kind: Any) -> Optional[str]:
    k = text_of(kind).lower().replace("_", "-").replace(" ", "-")
    if not k:
        return None
    if k in ("swiss", "round-robin", "roundrobin", "rr"):
        return "swiss" if k == "swiss" else "round-robin"
    raise InputError(f"kind: unknown event type {shown(kind)}; use swiss or round-robin")


def read_edition(edition: Any, function: str = "") -> Any:
    """The rule edition: a name (fide2026, fide2024, fide2012), or the event's start date (a date
    cell, an Excel date number from 1970 on, or text YYYY-MM-DD) meaning the edition in force then (C.07's
    editions apply by the start date); or a range holding both, as the templates pass
    Settings!B3:B5: a name chosen there wins, else the date's edition. Empty: fide2026."""
    from ..editions import EDITIONS, edition_for_date
    if isinstance(edition, (list, tuple)):
        cells = [c for row in edition for c in (row if isinstance(row, (list, tuple)) else [row])]
        for c in cells:
            if text_of(c).lower() in EDITIONS:
                return get_edition(text_of(c).lower())
        for c in cells:
            day = read_date(c)
            if day:
                return edition_for_date(day)
        return get_edition(None)
    day = read_date(edition)
    if day:
        return edition_for_date(day)
    text = text_of(edition)
    if text[:4].isdigit() and len(text) >= 8:
        raise InputError(f"{function + ': ' if function else ''}edition {text[:30]!r} is neither an edition "
                         "name nor a date (YYYY-MM-DD)")
    try:
        return get_edition(text or None)
    except TiebreakError as exc:
        raise EditionError(f"{function + ': ' if function else ''}edition: {exc}") from None


def edition_source(edition: Any) -> str:
    """Why this edition, for STATUS: chosen, the start date's, or assumed for want of a date."""
    from ..editions import EDITIONS
    cells = [c for row in edition for c in (row if isinstance(row, (list, tuple)) else [row])] \
        if isinstance(edition, (list, tuple)) else [edition]
    if any(text_of(c).lower() in EDITIONS for c in cells):
        return " (chosen)"
    day = next((d for d in map(read_date, cells) if d), None)
    return f" (start date {day})" if day else " (assumed: no start date)"


def read_date(v: Any) -> Optional[str]:
    """An ISO date from a date cell, an Excel date number (days since 1899-12-30) or text
    YYYY-MM-DD (also with / or .); None for anything else."""
    import datetime as dt
    if isinstance(v, dt.datetime):
        return v.date().isoformat()
    if isinstance(v, dt.date):
        return v.isoformat()
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        if 25_569 <= v < 2_958_466 and float(v).is_integer():  # 1970 to 9999
            return (dt.date(1899, 12, 30) + dt.timedelta(days=int(v))).isoformat()
        return None
    text = text_of(v)
    if len(text) == 10 and text[4] in "-/." and text[:4].isdigit():
        from ..trf.records import parse_date
        return parse_date(text)
    return None


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
