"""The ``Event`` sheet: the TRF header records of a workbook made from a TRF file, kept for the
file written back by ``export-trf`` (TRF-16 records 012-132; other records verbatim).

Rows of ``label | value`` in columns A and B, read by label (without case). The labelled records
are those an arbiter edits; any other record read from the TRF (``XXC``, ``XXA``, ``192`` ...)
is kept on a row labelled ``TRF <code>``, a comment line (``###``) on a row ``TRF ###``, and a line
that is no record (a column ruler ``1234567890...`` some files carry) whole on a row ``TRF line``. Records the
writer works out itself are not kept: the
number of rounds (``XXR``/142, from Settings "Rounds" or the round columns), the scoring (162),
the tie-breaks (202/212, Settings B7:B12); the player counts (062/072) are kept, and recounted
by the writer when the number of players changed. Settings!B5 stays the start date that counts;
the ``Start date`` row keeps the text of record 042 as the file wrote it (written back when it is
the same date). A row with an empty value writes nothing.
"""

from __future__ import annotations

import datetime as dt
from typing import Any, Optional

from ..name_text import clean_name

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


def value_of(line: str) -> str:
    """A record's value as the sheet keeps it: the text after the code, right-stripped; the
    labelled records also left-stripped, but for 132 (its dates stand at the columns of the
    rounds); other records verbatim (``XXA    1  1.0`` keeps its columns)."""
    rest = line[4:].rstrip() if line[:3] != COMMENT or line[3:4] == " " else line[3:].rstrip()
    return rest.strip() if line[:3] in LABELS and line[:3] != "132" else rest


def event_rows(header: "tuple[str, ...] | list[str]") -> list[tuple[str, str, str]]:
    """The sheet's rows (label, value, code) for a tournament's header records, in the file's
    order (other records on rows ``TRF <code>``), then every labelled record the file lacks,
    empty, for the arbiter to fill in."""
    rows: list[tuple[str, str, str]] = []
    seen: set[str] = set()
    for line in header:
        code = line[:3]
        if not _is_record(line):
            if line.strip():
                rows.append((WHOLE_LINE, line.rstrip(), ""))
            continue
        if code in LABELS:  # (the event's name as its reader cleaned it: the name every output shows)
            rows.append((LABELS[code], clean_name(value_of(line))[0] if code == "012" else value_of(line), code))
            seen.add(code)
        elif code not in WORKED_OUT and code.strip():
            rows.append((OTHER_PREFIX + code, value_of(line), code))
    return rows + [(label, "", code) for code, label in RECORDS if code not in seen]


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


def header_lines(cells: dict[str, Any], sheet: str = SHEET) -> list[str]:
    """The TRF records of an Event sheet's cells (by A1 name), in row order; a row with an empty
    value writes nothing, unknown labels are skipped. A value holding a spreadsheet error, or a
    row ``TRF 001`` (a player record: players are on the crosstable), is an error naming the cell."""
    from ..errors import InputError
    from ..notation import spreadsheet_error
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
        if code in LABELS and code != "132":
            value = value.strip()
        if value.strip():
            out.append(f"{code} {value}")
    return out


def read_event(book) -> Optional[list[str]]:
    """The header records of an opened workbook's Event sheet (a :class:`~.book_reader.Book`),
    or None when it has no such sheet."""
    title = book.sheet(SHEET)
    if title is None:
        return None
    return header_lines(book.cells(title), title)
