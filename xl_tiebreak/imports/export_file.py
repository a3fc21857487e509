"""Another program's export file read into an event: :func:`read_import` is the one place where
the reader of a source (``--from chess-results``, ``swiss-manager``, ``vega``) is chosen, for every
command (``check --from``, ``workbook --from``).

The rows of an export (a chess-results crosstable saved as .xlsx, or as CSV / tab-separated text):
the first visible sheet of a workbook read through the project's one workbook reader
(:mod:`xl_tiebreak.excel.xlsx.sheet`, never openpyxl; imported only for a workbook), as a list of
rows of cell values; size limits checked before the work.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import Path
from typing import Any, Optional

from ..errors import InputError
from ..input_file import read_input_file
from .chess_results import Imported

__all__ = ["export_rows", "read_import", "SOURCES", "MAX_EXPORT_ROWS", "MAX_EXPORT_COLUMNS"]

#: the programs whose exports are read (``--from``); Swiss-Manager's crosstable is the one
#: chess-results.com publishes (its server), so both use the same reader
SOURCES = ("chess-results", "swiss-manager", "vega")

MAX_EXPORT_ROWS = 100_050
MAX_EXPORT_COLUMNS = 1_000


def export_rows(path: "str | Path") -> list[list[Any]]:
    """The rows of an export file: ``.xlsx`` (its first visible sheet) or text (CSV, semicolons
    or tabs); an :class:`InputError` naming the file otherwise."""
    p = Path(path)
    data = _bytes(p)
    if data[:2] == b"PK":
        return _workbook_rows(data, p.name)
    if data[:8] == b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1":
        raise InputError("an old Excel .xls file: open it and save it as .xlsx (or CSV), then read that", p.name)
    from .chess_results import rows_from_text
    try:
        return rows_from_text(_text(data, p.name))
    except InputError as exc:
        raise InputError(exc.detail, exc.where or p.name) from None


def _workbook_rows(data: bytes, name: str) -> list[list[Any]]:
    from ..excel.xlsx.a1 import split_cell
    from ..excel.xlsx.package import check_zip
    from ..excel.xlsx.sheet import XlsxBook
    try:
        check_zip(io.BytesIO(data))
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            book = XlsxBook(z)
            sheets = [s for s in book.sheets if s.state == "visible"] or list(book.sheets)
            if not sheets:
                raise InputError("the workbook has no sheet", name)
            read = book.cells(sheets[0])
    except InputError as exc:
        raise InputError(exc.detail, exc.where or name) from None
    except (zipfile.BadZipFile, KeyError, ValueError, OSError, EOFError) as exc:
        raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})", name) from None
    cells = dict(read.values)
    for coord, formula, _area in read.formulas:  # what the file shows: the value stored with the formula
        if coord not in read.stored:
            raise InputError(f"{sheets[0].title}!{coord} holds a formula ({formula[:40]}) without a stored value, "
                             "so what it shows is not in the file; open the file in Excel or LibreOffice and save "
                             "it (which stores the values), or save it as CSV", name)
        cells[coord] = read.stored[coord]
    places = [(split_cell(c), v) for c, v in cells.items()]
    if not places:
        return []
    rows = max(r for (_, r), _ in places)
    cols = max(c for (c, _), _ in places)
    if rows > MAX_EXPORT_ROWS or cols > MAX_EXPORT_COLUMNS:
        raise InputError(f"the sheet {sheets[0].title!r} reaches row {rows:,} and column {cols:,}: more than a "
                         f"crosstable holds ({MAX_EXPORT_ROWS:,} rows, {MAX_EXPORT_COLUMNS:,} columns)", name)
    out: list[list[Any]] = [[None] * cols for _ in range(rows)]
    for (c, r), v in places:
        out[r - 1][c - 1] = v
    return out


def _utf16(data: bytes) -> Optional[str]:
    """Which UTF-16 the text is in (``utf-16``: with a byte-order mark, as Excel saves "Unicode
    text"; ``utf-16-le`` / ``-be``: without one, recognised by the NUL byte beside each ASCII
    character), or None for a byte-oriented encoding."""
    if data[:2] in (b"\xff\xfe", b"\xfe\xff"):
        return "utf-16"
    sample = data[:1000]
    pairs = len(sample) // 2
    if pairs < 2:
        return None
    even, odd = sample[0:2 * pairs:2].count(0), sample[1:2 * pairs:2].count(0)
    if odd >= pairs * 0.4 and even == 0:
        return "utf-16-le"
    if even >= pairs * 0.4 and odd == 0:
        return "utf-16-be"
    return None


def _text(data: bytes, name: str = "") -> str:
    """The text of an export file: UTF-16 (Excel's "Unicode text"), else UTF-8 (with or without
    a byte-order mark), else Windows-1252."""
    wide = _utf16(data)
    if wide is not None:
        try:
            return data.decode(wide).lstrip("\ufeff")
        except UnicodeDecodeError:
            raise InputError("looks like UTF-16 text (Excel's 'Unicode text') but cannot be read as such; save it "
                             "as 'CSV UTF-8' and read that", name or None) from None
    if data[:3] == b"\xef\xbb\xbf":  # UTF-8's byte-order mark (not a cp1252 "ï»¿" before the first cell)
        data = data[3:]
    for encoding in ("utf-8", "cp1252"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    return data.decode("latin-1")  # pragma: no cover - cp1252 decodes nearly every byte


def _bytes(p: Path) -> bytes:
    """The file's bytes, its size checked before they are read (an :class:`InputError` naming it)."""
    from ..excel.xlsx.package import MAX_WORKBOOK_BYTES
    return read_input_file(p, MAX_WORKBOOK_BYTES, f"the file is larger than {MAX_WORKBOOK_BYTES // 2**20} MiB")


def read_import(path: "str | Path", source: str) -> Imported:
    """The event of another program's export (``source`` one of :data:`SOURCES`) and what it
    published; an :class:`InputError` naming the file and the place otherwise."""
    p = Path(path)
    if source in ("chess-results", "swiss-manager"):
        from .chess_results import read_export
        return read_export(export_rows(p), p.name)
    if source == "vega":
        from .vega import read_vega_export
        data = _bytes(p)
        if data[:2] == b"PK":
            raise InputError("a workbook, not Vega's cross table: save the cross table as text (.txt)", p.name)
        return read_vega_export(_text(data, p.name), p.name)
    raise InputError(f"--from {source!r}: expected one of {', '.join(SOURCES)}")
