"""A crosstable range as Excel hands it over (a 2-D list with a header row) -> Tournament.

Columns are recognised by their header (``No``/``SNo``, ``Name``, ``Rating``/``Rtg``/``Elo``,
``Fed``, ``Title``, the TRF 001 identity fields ``FIDE ID``/``FideID``/``ID FIDE``,
``Sex``/``Gender`` and ``Born``/``Birth``/``B-day``/``Birth date``, ``Club``/``Club/City``, the FIDE
K factor ``K``/``K factor`` (B.02 8.3.3, read by the rating figures), rounds
``R1``/``1``/``Rd1``/``1.Rd``); without a header row the layout is ``No | Name | Rating | R1 ... Rn``.
Other columns (points, tie-breaks, place) are ignored. Empty rows are skipped. Errors name the cell the way the caller wants (``R3 of player 12`` in a
function, ``Crosstable!F7`` in a workbook).
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass
from typing import Callable, Optional, Sequence

from ...crosstable import MAX_ROUNDS, CrosstableRow, tournament_from_rows
from ...dates import birth_as_trf
from ...notation import spreadsheet_error
from ...errors import InputError
from ...model import Tournament
from ...name_text import clean_name
from ...number_text import is_digits
from ...validation import Findings, strict

_FIELDS = {
    "no": "no", "sno": "no", "nr": "no", "startno": "no", "start": "no", "#": "no", "id": "no",
    "name": "name", "player": "name",
    "rating": "rating", "rtg": "rating", "elo": "rating", "fideelo": "rating", "fiderating": "rating",
    "fed": "fed", "federation": "fed", "title": "title",
    "fideid": "fide_id", "idfide": "fide_id", "fidenumber": "fide_id", "fideno": "fide_id",
    "sex": "sex", "gender": "sex",
    "born": "birth", "birth": "birth", "b-day": "birth", "bday": "birth", "birthdate": "birth",
    "dateofbirth": "birth", "birthday": "birth",
    "club": "club", "club/city": "club", "clubcity": "club", "verein": "club", "verein/ort": "club",
    "k": "k_factor", "kfactor": "k_factor",
}
_ROUND = re.compile(r"^(?:r|rd|round)?(\d+)(?:rd)?$")


def _norm(v: object) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return re.sub(r"[\s._]", "", str(v)).lower()


@dataclass(frozen=True)
class TableColumns:
    """Which column holds what; ``rounds`` maps round number -> column index."""

    header: bool
    no: int
    name: Optional[int]
    rating: Optional[int]
    fed: Optional[int]
    title: Optional[int]
    rounds: dict[int, int]
    fide_id: Optional[int] = None
    sex: Optional[int] = None
    birth: Optional[int] = None
    club: Optional[int] = None
    k_factor: Optional[int] = None


def find_layout(first_row: Sequence[object], width: int) -> TableColumns:
    """Recognise the header row, or fall back to ``No | Name | Rating | R1 ... Rn``."""
    fields: dict[str, int] = {}
    rounds: dict[int, int] = {}
    for j, v in enumerate(first_row):
        key = _norm(v)
        if key in _FIELDS and _FIELDS[key] not in fields:
            fields[_FIELDS[key]] = j
            continue
        m = _ROUND.match(key)
        if m:  # (a heading of more digits is past the last round: not converted, it may have 5,000)
            rounds.setdefault(int(m.group(1)) if len(m.group(1)) <= 9 else MAX_ROUNDS + 1, j)
    is_header = "no" in fields and (rounds or "name" in fields)
    if not is_header:
        return TableColumns(False, 0, 1 if width > 1 else None, 2 if width > 2 else None, None, None,
                            {r: 2 + r for r in range(1, max(width - 2, 0))})
    return TableColumns(True, fields["no"], fields.get("name"), fields.get("rating"), fields.get("fed"),
                        fields.get("title"), rounds, fields.get("fide_id"), fields.get("sex"), fields.get("birth"),
                        fields.get("club"), fields.get("k_factor"))


def _untag(v: object) -> object:
    """Excel's TRUE and FALSE (tagged by the function cache so they differ from 1 and 0) read
    as the words, so that they are reported, not taken for numbers."""
    if type(v) is bool:
        return "TRUE" if v else "FALSE"
    if isinstance(v, tuple) and len(v) == 2 and v[0] == "bool":
        return "TRUE" if v[1] else "FALSE"
    return v


def _untagged(row: Sequence[object]) -> list[object]:
    """A row with its TRUE and FALSE as words (see _untag); rows without them are only copied."""
    kinds = set(map(type, row))
    if bool in kinds or any(issubclass(k, tuple) for k in kinds):
        return [_untag(c) for c in row]
    return list(row)


#: the largest start number and rating read (a rating above 9999 or a start number above 99999 is
#: a typing error, and would overflow the engine's integer arrays if it were huge)
LIMITS = {"start number": 99_999, "rating": 9_999}


def _int_cell(v: object, what: str, where: str, allow_empty: bool) -> Optional[int]:
    if v is None or (isinstance(v, str) and not v.strip()):
        if allow_empty:
            return None
        raise InputError(f"{what} is empty", where)
    if isinstance(v, bool):
        raise InputError(f"{what} {v!r} is not a number", where)
    got: Optional[int] = None
    if isinstance(v, int):  # a 400-digit int has no float: the range check below refuses it
        got = v
    elif isinstance(v, float) and math.isfinite(v) and v.is_integer():
        got = int(v)
    elif isinstance(v, str) and is_digits(v.strip()) and len(v.strip()) <= 12:
        got = int(v.strip())
    if got is None:
        raise InputError(f"{what} {str(v)[:40]!r} is not a whole number", where)
    most = LIMITS.get(what, 10**9)
    if not 0 <= got <= most:
        raise InputError(f"{what} {got if abs(got) < 10**12 else str(v)[:40]} is out of range: write a whole "
                         f"number from {1 if what == 'start number' else 0} to {most}", where)
    return got


def _k_cell(r: Sequence[object], at: int, where: str, fd: Findings) -> Optional[int]:
    """A player's K column (empty: K by the rules), a whole number from 1 to 40, else a warning
    at the cell and K by the rules (:func:`xl_tiebreak.rating_rules.check_k`): a column the
    tie-breaks do not read blocks none of them."""
    if not _typed(r[at]):
        return None
    from ...rating_rules import check_k
    try:
        got = _int_cell(r[at], "K factor", where, True)
        return None if got is None else check_k(got, "K factor")
    except InputError as exc:
        fd.add("k-factor", f"{exc.detail}; the player's K is found by B.02 8.3.3 instead", where)
        return None


def _typed(v: object) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def _id_text(r: Sequence[object], j: Optional[int]) -> str:
    """A FIDE ID as text: typed as a number it reads without ``.0``."""
    v = None if j is None else r[j]
    if isinstance(v, float) and math.isfinite(v) and v.is_integer():
        v = int(v)
    return "" if v is None or isinstance(v, bool) else str(v).strip()


def _birth_text(r: Sequence[object], j: Optional[int]) -> str:
    """A birth date as the TRF writes it (``YYYY/MM/DD`` or ``YYYY``): a cell typed as a date
    becomes that text; a year typed as a number reads without ``.0``; other text is kept."""
    v = None if j is None else r[j]
    if hasattr(v, "year") and hasattr(v, "month") and hasattr(v, "day"):
        return f"{v.year:04d}/{v.month:02d}/{v.day:02d}"
    return _id_text(r, j)


def rows_to_tournament(table: Sequence[Sequence[object]], *,
                       cell_name: Optional[Callable[[int, int], str]] = None,
                       kind: Optional[str] = None, name: str = "",
                       findings: Optional[Findings] = None, rounds: Optional[int] = None) -> Tournament:
    """Build the Tournament of a crosstable range. ``cell_name(row_index, col_index)`` names a
    cell of the table (0-based) for error messages; by default messages say ``R3 of player 12``
    or ``row 5``. ``findings``: where problems go (by default the first error raises).
    ``rounds``: the event's number of rounds (Settings "Rounds"), else the round columns; a
    result in a column past it is an error naming the cell.

    The last reading of an immutable table (a tuple of tuples, as the headless recompute and the
    function cache pass it) that found no error is remembered: the same table read again, for
    STATUS after RESULTS or the other way round, gives the same tournament and the same warnings
    at once. Only an error makes a strict and a collecting reading differ, and then nothing is
    remembered."""
    fd = findings if findings is not None else strict()
    if cell_name is not None or not _immutable(table):
        return _read(table, cell_name, kind, name, fd, rounds)
    last = _last_read[0]
    if last is not None and last[0] is table and last[1] == (kind, name, rounds):
        fd.items.extend(last[3])
        return last[2]
    before = len(fd.items)
    t = _read(table, None, kind, name, fd, rounds)
    found = fd.items[before:]
    if not any(f.severity == "error" for f in found):
        _last_read[0] = (table, (kind, name, rounds), t, tuple(found))
    return t


_last_read: list = [None]  # (table, (kind, name), tournament, warnings) of the last clean reading


def _immutable(table: object) -> bool:
    return type(table) is tuple and all(type(r) is tuple for r in table)


def _read(table: Sequence[Sequence[object]], cell_name: Optional[Callable[[int, int], str]],
          kind: Optional[str], name: str, fd: Findings, event_rounds: Optional[int] = None) -> Tournament:
    rows = [_untagged(r) if r is not None else [] for r in table]
    if not rows:
        raise InputError("the crosstable is empty")
    width = max(len(r) for r in rows)
    layout = find_layout(rows[0], width)
    body = rows[1:] if layout.header else rows
    offset = 1 if layout.header else 0
    if not layout.rounds:
        raise InputError("the crosstable has no round columns (R1, R2, ...)")
    last = max(layout.rounds)
    if last > MAX_ROUNDS:
        j = layout.rounds[last]
        heading = str(rows[0][j]).strip() if layout.header else f"R{last}"
        raise InputError(f"the round column {heading if len(heading) <= 20 else heading[:17] + '...'} is past "
                         f"round {MAX_ROUNDS}; number the round "
                         "columns R1, R2, ... as the event's rounds",
                         cell_name(0, j) if cell_name and layout.header else f"header column {j + 1}")
    nrounds = last if event_rounds is None else event_rounds

    def place_of(i: int, j: int, default: str) -> str:
        return cell_name(i + offset, j) if cell_name else default

    header_name = {j: "" for j in range(width)}
    if layout.header:
        header_name = {j: str(rows[0][j]).strip() if j < len(rows[0]) and rows[0][j] is not None
                       else "" for j in range(width)}
        for j, v in enumerate(rows[0]):
            err = spreadsheet_error(v)
            if err:
                raise InputError(f"the header cell holds the spreadsheet error {err}; write its "
                                 f"column name (No, Name, Rating, R1, ...)", place_of(-1, j, f"header column {j + 1}"))
    round_cols = set(layout.rounds.values())

    out: list[CrosstableRow] = []
    row_of: dict[int, int] = {}
    for i, r in enumerate(body):
        r = r + [None] * (width - len(r))
        no_v = r[layout.no]
        cells = [r[layout.rounds[k]] if k in layout.rounds else None for k in range(1, nrounds + 1)]
        for k in sorted(k for k in layout.rounds if k > nrounds and _typed(r[layout.rounds[k]])):
            fd.add("rounds", f"{str(r[layout.rounds[k]])[:20]!r} is written in round {k}, but the event has "
                   f"{nrounds} round{'' if nrounds == 1 else 's'} (Settings, Rounds): clear the cell or correct the number of rounds",
                   place_of(i, layout.rounds[k], f"R{k} of row {i + offset + 1}"))
            break
        where_no = place_of(i, layout.no, f"row {i + offset + 1}")
        bad = [(j, spreadsheet_error(v)) for j, v in enumerate(r) if j not in round_cols]
        bad = [(j, e) for j, e in bad if e]
        if bad:  # an error value in a player's No / Name / Rating ... column: the row is unreadable
            for j, err in bad:
                what = header_name.get(j) or f"column {j + 1}"
                fd.add("layout", f"{what} holds the spreadsheet error {err} (a formula or reference that "
                       f"failed); fix that cell", place_of(i, j, f"{what} of row {i + offset + 1}"))
            continue
        if no_v is None or (isinstance(no_v, str) and not no_v.strip()):
            if any(c not in (None, "") for c in cells):
                fd.add("layout", "a row has results but no start number", where_no)
            continue
        try:
            no = _int_cell(no_v, "start number", where_no, False)
        except InputError as exc:
            fd.add("layout", exc.detail + " (a start number is a whole number)", exc.where)
            continue
        if no is None or no < 1:
            fd.add("layout", f"start number {no_v!r} must be 1 or more", where_no)
            continue
        rating = None
        if layout.rating is not None:
            try:
                rating = _int_cell(r[layout.rating], "rating", place_of(i, layout.rating, f"rating of player {no}"), True)
            except InputError as exc:
                fd.add("layout", exc.detail + " (leave it empty for an unrated player)", exc.where)
            if rating is not None and rating <= 0:
                rating = None
        shown: dict[str, str] = {}
        for what, at in (("name", layout.name), ("title", layout.title), ("federation", layout.fed),
                         ("sex", layout.sex), ("club", layout.club)):  # as every output shows them (name_text)
            shown[what], changed = clean_name("" if at is None or r[at] is None else str(r[at]))
            if changed:
                fd.add("name", f"{what} {shown[what]!r}: {changed}", place_of(i, at, f"{what} of player {no}")
                       if at is not None else f"{what} of player {no}")
        birth, note = birth_as_trf(_birth_text(r, layout.birth))  # as TRF writes it: export-trf writes it so
        if note and layout.birth is not None:
            fd.add("date-order", f"birth date {note}", place_of(i, layout.birth, f"birth date of player {no}"))
        k_given = (None if layout.k_factor is None else
                   _k_cell(r, layout.k_factor, place_of(i, layout.k_factor, f"K of player {no}"), fd))
        out.append(CrosstableRow(no=no, name=shown["name"], rating=rating, cells=cells, title=shown["title"],
                       fed=shown["federation"], fide_id=_id_text(r, layout.fide_id), sex=shown["sex"], birth=birth,
                       club=shown["club"], k_factor=k_given))
        row_of[no] = i

    def place(no: int, rnd: int) -> str:
        if cell_name and no in row_of:
            return cell_name(row_of[no] + offset, layout.rounds.get(rnd, 0))
        return f"R{rnd} of player {no}"

    return tournament_from_rows(out, rounds=nrounds, kind=kind, name=name, place=place, findings=fd,
                                row_place=lambda row: place_of(row_of[row.no], layout.no, f"player {row.no}"))
