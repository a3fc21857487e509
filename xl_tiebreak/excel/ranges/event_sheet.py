"""The ``Event`` sheet: the TRF header records of a workbook, written by ``export-trf`` (TRF-16
records 012-132; other records verbatim): those of the TRF file a workbook was made from, or, in a
template, the fields of the FIDE rating report for the arbiter to fill in (the event's name, start
date and type are held elsewhere there: the Crosstable's title and the Settings sheet; the event's
name is the Crosstable's title in every individual workbook, the one name every output shows).

Rows of ``label | value`` in columns A and B, read by label (without case). The labelled records
are those an arbiter edits; any other record read from the TRF (``XXC``, ``XXA``, ``192`` ...)
is kept on a row labelled ``TRF <code>``, a comment line (``###``) on a row ``TRF ###``, and a line
that is no record (a column ruler ``1234567890...`` some files carry) whole on a row ``TRF line``. Records the
writer works out itself are not kept: the
number of rounds (``XXR``/142, from Settings "Rounds" or the round columns), the scoring (162),
the tie-breaks (202/212, Settings B7:B12); the player counts (062/072) are kept, and recounted
by the writer when the number of players changed. Settings!B5 stays the start date that counts;
the ``Start date`` row keeps the text of record 042 as the file wrote it (written back when it is
the same date). A row with an empty value writes nothing. Round dates typed as dates (``2026-04-10
2026-04-17 ...``) are written at the rounds' columns (92-99, 102-109, ...) as ``YY/MM/DD``; deputy
arbiters separated by ``;`` are written one record each (TRF-16: one line per arbiter).
:func:`report_findings` are ``check``'s warnings for the rating report's fields left empty.
"""

from __future__ import annotations

import datetime as dt
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ...name_text import clean_name

if TYPE_CHECKING:
    from ...validation import Findings

SHEET = "Event"
FIRST_ROW = 4  # A1 title, A2 a note, A3 the column heads
#: the labelled records, in the order of TRF-16 (C.04 Annex 2)
RECORDS = (
    ("012", "Event name"), ("022", "City"), ("032", "Federation"), ("042", "Start date"),
    ("052", "End date"), ("092", "Type of event"), ("102", "Chief arbiter"), ("112", "Deputy arbiters"),
    ("122", "Time control"), ("132", "Round dates"),
)
LABELS = dict(RECORDS)
CODES = {label.casefold(): code for code, label in RECORDS}
#: records the TRF writer makes from the workbook itself (never kept here)
WORKED_OUT = frozenset({"XXR", "142", "162", "202", "212"})
OTHER_PREFIX = "TRF "
#: a comment line's first characters (TRF-26, Remark 1), kept on a row ``TRF ###``
COMMENT = "###"
#: the label of a header line that is no record, kept whole
WHOLE_LINE = "TRF line"
#: at most this many rows are read (a TRF's header is some dozens of lines; XXA lines one a player)
MAX_ROWS = 20_000
#: the records a FIDE rating report needs that the arbiter types (the player counts 062/072/082,
#: the type 092 and the rounds are written from the workbook itself)
REPORT = ("012", "022", "032", "042", "052", "102", "112", "122", "132")
#: how to write a field, shown beside it
HINTS = {"052": "YYYY-MM-DD", "102": "name, and FIDE ID if any", "112": "one or several names, separated by ;",
         "122": "e.g. 90 min/40 moves + 30 min + 30 s per move", "132": "YYYY-MM-DD for each round, spaces "
         "between"}
#: TRF-16: the first round's date at columns 92-99, the next ones every 10 columns
ROUND_DATES_AT, ROUND_DATES_EVERY = 92, 10


def value_of(line: str) -> str:
    """A record's value as the sheet keeps it: the text after the code, right-stripped; the
    labelled records also left-stripped, but for 132 (its dates stand at the columns of the
    rounds); other records verbatim (``XXA    1  1.0`` keeps its columns)."""
    rest = line[4:].rstrip() if line[:3] != COMMENT or line[3:4] == " " else line[3:].rstrip()
    return rest.strip() if line[:3] in LABELS and line[:3] != "132" else rest


def event_rows(header: Sequence[str], elsewhere: Sequence[str] = ()) -> list[tuple[str, str, str]]:
    """The sheet's rows (label, value, code) for a tournament's header records, in the file's
    order (other records on rows ``TRF <code>``), then every labelled record the file lacks,
    empty, for the arbiter to fill in; none for those the workbook holds ``elsewhere`` (codes)."""
    rows: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for line in header:
        code = line[:3]
        if not _is_record(line):
            if line.strip():
                rows.append((WHOLE_LINE, line.rstrip(), ""))
            continue
        if code in elsewhere:
            continue
        if code in LABELS:  # (the event's name as its reader cleaned it: the name every output shows)
            rows.append((LABELS[code], clean_name(value_of(line))[0] if code == "012" else value_of(line), code))
            seen.add(code)
        elif code not in WORKED_OUT and code.strip():
            rows.append((OTHER_PREFIX + code, value_of(line), code))
    return rows + [(label, "", code) for code, label in RECORDS if code not in seen and code not in elsewhere]


def _is_record(line: str) -> bool:
    """A record: a three-character code (letters and digits, or ``###``) and a blank (or nothing)
    after it."""
    code = line[:3]
    return code == COMMENT or (code.isalnum() and line[3:4] in (" ", ""))


def _text(v: Any) -> str:
    if v is None or isinstance(v, bool):
        return "" if v is None else ("TRUE" if v else "FALSE")
    if isinstance(v, (dt.datetime, dt.date)):
        return f"{v.year:04d}/{v.month:02d}/{v.day:02d}"
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v)


def header_lines(cells: dict[str, Any], sheet: str = SHEET, findings: "Optional[Findings]" = None) -> list[str]:
    """The TRF records of an Event sheet's cells (by A1 name), in row order; a row with an empty
    value writes nothing, unknown labels are skipped. A value holding a spreadsheet error, or a
    row ``TRF 001`` (a player record: players are on the crosstable), is an error naming the cell.
    The event's name (012) is cleaned as every name is (:func:`xl_tiebreak.name_text.clean_name`);
    the start and end dates (042, 052) and the round dates (132) typed are read as every date is
    (:mod:`xl_tiebreak.dates`) and written as TRF writes dates. ``findings`` gets the warnings
    (a name cleaned, a date whose day and month could be swapped, a date that is none), each at
    its cell."""
    from ...errors import InputError
    from ...notation import spreadsheet_error
    from ...validation import Findings
    fd = findings if findings is not None else Findings(strict=False)
    out: list[str] = []
    rows = sorted({int(k[1:]) for k in cells if k[:1] == "A" and k[1:].isdigit()})
    for r in rows[:MAX_ROWS]:
        label = _text(cells.get(f"A{r}")).strip()
        if label.casefold() == WHOLE_LINE.casefold():  # a line that is no record, as it was
            line = _text(cells.get(f"B{r}")).rstrip()
            if line[:3] == "001" or spreadsheet_error(cells.get(f"B{r}")):
                raise InputError(f"{line[:20]!r} is not a header line (players are on the crosstable); delete the "
                                 "row", f"{sheet}!B{r}")
            if line.strip():
                out.append(line)
            continue
        code = CODES.get(label.casefold())
        if code is None and label.upper().startswith(OTHER_PREFIX) and len(label) == len(OTHER_PREFIX) + 3:
            code = label[len(OTHER_PREFIX):].upper()
            if code == "001" or not (code.isalnum() or code == COMMENT):
                raise InputError(f"{label!r} is not a header record (players are on the crosstable); "
                                 "delete the row", f"{sheet}!A{r}")
            if code in WORKED_OUT:
                continue
        if code is None:
            continue
        err = spreadsheet_error(cells.get(f"B{r}"))
        if err:
            raise InputError(f"the {label} holds the spreadsheet error {err}; type the text", f"{sheet}!B{r}")
        value = _text(cells.get(f"B{r}")).rstrip()
        where = f"{sheet}!B{r}"
        if code in LABELS and code != "132":
            value = value.strip()
        if code == "012":
            value, changed = clean_name(value)
            if changed:
                fd.add("name", f"event name {value!r}: {changed}", where)
        elif code in ("042", "052") and value:
            value = _date(cells.get(f"B{r}"), value, LABELS[code].lower(), where, fd)
        elif code == "132":
            value = round_dates(value, where, fd)
        if code == "112" and ";" in value:  # one record per deputy arbiter
            out += [f"{code} {name.strip()}" for name in value.split(";") if name.strip()]
        elif value.strip():
            out.append(f"{code} {value}")
    return out


def _date(raw: Any, text: str, what: str, where: str, fd: "Findings") -> str:
    """A start or end date typed on the sheet (a date cell, or a text read as every date is,
    :func:`xl_tiebreak.dates.read_date`), as TRF writes dates: ``YYYY/MM/DD``; a day and month that
    could be swapped are read day first, with a warning naming the cell; a text that is no date
    stays as typed, with a warning, but for TRF-16's ``YY/MM/DD`` (kept from a TRF file, as read)."""
    from ...dates import read_date
    from ...errors import InputError
    try:
        got = read_date(raw, what, where)
    except InputError as exc:
        if not _trf_date(text):
            fd.add("rating-report", exc.detail, where)
        return text
    if got is None:
        return text
    if got.note:
        fd.add("date-order", f"{what} {got.note}", where)
    return got.day.strftime("%Y/%m/%d")


def _trf_date(text: str) -> bool:
    """Whether a record's text is a date as TRF writes one (``YY/MM/DD`` included), kept as read."""
    from ...dates import read_date
    from ...errors import InputError
    try:
        return read_date(text, trf=True) is not None
    except InputError:
        return False


def round_dates(value: str, where: str = "", findings: "Optional[Findings]" = None) -> str:
    """Record 132's text after its code: as it stands when its first date is at the first
    round's columns already (a TRF's, kept), else each date typed (``2026-04-10``, ``10/04/2026``,
    ``2026/04/10`` ...; blanks, commas or semicolons between them), read as every date typed in a
    cell is (:func:`xl_tiebreak.dates.read_date`: a day and month that could be swapped read day
    first, with a warning naming ``where`` in ``findings``), at its round's columns as
    ``YY/MM/DD``; a text that is not dates stays as typed (``check`` names it)."""
    from ...dates import read_date
    from ...errors import InputError
    at = ROUND_DATES_AT - 5  # the value starts at column 5
    if len(value) > at and not value[:at].strip():
        return value
    try:
        dates = [read_date(d, "round date") for d in value.replace(",", " ").replace(";", " ").split()]
    except InputError:
        return value
    if not dates:
        return value
    out = ""
    for k, day in enumerate(dates):
        assert day is not None
        if day.note and findings is not None:
            findings.add("date-order", f"round {k + 1}'s date {day.note}", where or None)
        iso = day.iso
        out = out.ljust(at + ROUND_DATES_EVERY * k) + f"{iso[2:4]}/{iso[5:7]}/{iso[8:10]}"
    return out


def report_findings(book, elsewhere: "dict[str, tuple[str, Any]]", skip: Sequence[str] = ()) -> list:
    """``check``'s warnings (rule ``rating-report``): one naming every field of the FIDE rating
    report (:data:`REPORT`) that ``export-trf`` would write empty, each with the cell to fill in
    (the Event sheet's row, else where the workbook holds the field: ``elsewhere``, code -> (cell,
    value), such as the event's name and start date: the one place of those fields, the sheet's
    row for them is not read), placed at the first of them; one for round dates that are not dates;
    and the warnings of reading the sheet's values as export-trf writes them (:func:`header_lines`:
    a name cleaned, a date that is none or whose day and month could be swapped), each at its cell;
    a row export-trf refuses is an error. ``skip``: fields another finding names already. A
    workbook without the sheet (made before it existed) gets one warning naming what it lacks."""
    from ...errors import InputError
    from ...validation import Finding, Findings
    title = book.sheet(SHEET)
    if title is None:
        lacking = [c for c in REPORT if c not in skip and not (c in elsewhere and _text(elsewhere[c][1]).strip())]
        if not lacking:
            return []
        names = ", ".join(f"{LABELS[c].lower()} ({c})" for c in lacking)
        return [Finding("warning", "rating-report", "", f"no {SHEET} sheet: export-trf writes no {names}, which "
                        f"the FIDE rating report needs; add a sheet named {SHEET} with a row per field (label in "
                        f"column A from row {FIRST_ROW}, value in B), as xl-tiebreak template makes it")]
    cells = book.cells(title)
    read = Findings(strict=False)
    try:
        header_lines(cells, title, read)
    except InputError as exc:
        read.items.append(Finding("error", "layout", exc.where or title, exc.detail))
    rows: dict[str, tuple[int, str]] = {}
    for r in sorted({int(k[1:]) for k in cells if k[:1] == "A" and k[1:].isdigit()})[:MAX_ROWS]:
        code = CODES.get(_text(cells.get(f"A{r}")).strip().casefold())
        if code is not None and (code not in rows or not rows[code][1].strip()):
            rows[code] = (r, _text(cells.get(f"B{r}")).rstrip())
    out, empty = [], []
    for code in (c for c in REPORT if c not in skip):
        held = elsewhere.get(code)
        row = rows.get(code) if held is None else None
        if row and row[1].strip():
            if code == "132" and round_dates(row[1]) == row[1] and row[1][:1].strip():
                out.append(Finding("warning", "rating-report", f"{title}!B{row[0]}", f"round dates {row[1][:40]!r} "
                                   "are not dates: write one date per round, YYYY-MM-DD, separated by spaces"))
        elif not (held and _text(held[1]).strip()):
            empty.append((LABELS[code].lower(), f"{title}!B{row[0]}" if row else held[0] if held else
                          f"{title}, a row {LABELS[code]!r} to add"))
    if empty:
        listed = ", ".join(f"{what} ({where})" for what, where in empty)
        out.insert(0, Finding("warning", "rating-report", empty[0][1].split(",")[0], f"empty, and needed by a FIDE "
                              f"rating report (export-trf writes them): {listed}"))
    unread = {f"{title}!B{r}" for code, (r, _) in rows.items() if code in elsewhere}  # (the field is elsewhere)
    return out + [f for f in read.items if f.where not in unread]


def read_event(book) -> Optional[list[str]]:
    """The header records of an opened workbook's Event sheet (a :class:`~.ranges.book_reader.Book`),
    or None when it has no such sheet."""
    title = book.sheet(SHEET)
    if title is None:
        return None
    return header_lines(book.cells(title), title)
