"""The cells of a workbook's sheets, read straight from its zip parts (no openpyxl, which takes half
a second to load a big workbook): :class:`XlsxBook` opens the file (worksheets, global defined
names, shared strings, date styles) and gives each sheet's cells.

Cells are read as openpyxl reads them in its read-only mode, so that nothing changes for the
user: numbers are ``int`` or ``float`` (a date-formatted number a ``datetime``, see
:mod:`.dates`), text comes from the shared strings or the cell itself (rich text joined),
``TRUE``/``FALSE`` are ``bool``, error values (``#REF!``) and formula-looking text (``"=A1"``
typed as text) stay text. A formula cell gives its formula text (``"=..."``); a shared formula is
rebuilt for each cell (:mod:`.formula_shift`); an array formula also gives its range; the value
stored with it (what a viewer shows), where the file has one, is kept apart. Every cell
present is read, whatever the sheet's ``<dimension>`` says (other programs leave it stale).

Every XML part is parsed by :mod:`.safe_xml` (no DTD, so no XML bombs); the zip itself is
checked by :func:`.package.check_zip` before anything is inflated. Sheets are read off their tree
while it grows when their rows are where Excel puts them (the faster way), else from the
parser's events, wherever they are, as openpyxl reads them.
"""

from __future__ import annotations

import zipfile
from dataclasses import dataclass, field
from typing import Any, Optional

from ...errors import InputError
from . import safe_xml
from .a1 import COLUMNS, MAX_COLUMN, column_letter, column_number
from .dates import MAC_EPOCH, WINDOWS_EPOCH, date_styles, from_iso, from_serial
from .formula_shift import pieces, shift
from .names import global_names
from .parts import MAIN, STRINGS_TYPE, SheetPart, content_type_parts, find_workbook_part, read_part, sheets_of
from .safe_xml import Unusual
from .strings import shared_strings, text_of, unescape

MAX_ROW = 1_048_576  # the last row of an Excel sheet
MAX_SHEET_XML_BYTES = 256 * 2**20  # a sheet part inflating to more is refused before it is read

_ROW, _C, _V, _F, _IS = MAIN + "row", MAIN + "c", MAIN + "v", MAIN + "f", MAIN + "is"
_DIMENSION, _SHEET_DATA, _T = MAIN + "dimension", MAIN + "sheetData", MAIN + "t"
_SHEET_TAGS = frozenset((_ROW, _DIMENSION, _SHEET_DATA))  # what the reading of a sheet looks at

__all__ = ["MAX_ROW", "MAX_SHEET_XML_BYTES", "SheetCells", "SheetPart", "XlsxBook"]


@dataclass
class SheetCells:
    """The cells of one sheet: constants by A1 name, and formulas (A1 name, ``"=..."`` text,
    the array formula's range or None) in reading order (rows, then columns); ``stored``: the
    value stored with a formula (its last calculation), by A1 name, for the formula cells that
    have a readable one."""

    values: dict[str, Any] = field(default_factory=dict)
    formulas: list[tuple[str, str, Optional[str]]] = field(default_factory=list)
    stored: dict[str, Any] = field(default_factory=dict)


class XlsxBook:
    """An .xlsx file opened for reading cells: ``sheets``, ``names`` (global defined names, as
    ``NAME -> (sheet title, area)``), and :meth:`cells` of a sheet."""

    def __init__(self, z: zipfile.ZipFile) -> None:
        self._zip = z
        overrides, defaults = content_type_parts(z)
        wb_path = find_workbook_part(overrides, defaults)
        root = safe_xml.parse(read_part(z, wb_path), wb_path)
        self.sheets = sheets_of(z, wb_path, root)
        pr = root.find(MAIN + "workbookPr")
        date1904 = pr.get("date1904") if pr is not None else None
        self.epoch = MAC_EPOCH if date1904 and date1904 not in ("false", "f", "0") else WINDOWS_EPOCH
        self.names = global_names(root)
        strings_path = overrides.get(STRINGS_TYPE)
        self._strings = shared_strings(read_part(z, strings_path), strings_path) if strings_path else []
        self._dates, self._elapsed = date_styles(z)

    def cells(self, sheet: SheetPart) -> SheetCells:
        """Every cell of the sheet that holds something (see the module's description). A sheet
        part larger than ``MAX_SHEET_XML_BYTES`` is refused before it is inflated."""
        try:
            size = self._zip.getinfo(sheet.path).file_size
        except KeyError:
            raise InputError(f"the sheet {sheet.title!r} has no part {sheet.path} in the file") from None
        if size > MAX_SHEET_XML_BYTES:
            raise InputError(f"the sheet {sheet.title!r} is {size:,} bytes of XML, over the limit of "
                             f"{MAX_SHEET_XML_BYTES:,} bytes per sheet (MAX_SHEET_XML_BYTES)")
        return _SheetReader(self, sheet.path, sheet.title).read(read_part(self._zip, sheet.path))


class _SheetReader:
    """Reads one sheet part, streamed row by row."""

    def __init__(self, book: XlsxBook, path: str, title: str = "") -> None:
        self.book = book
        self.path = path
        self.title = title or path
        self.shared: dict[Optional[str], tuple[int, int, list]] = {}  # si -> first cell (row, col), pieces
        self.out = SheetCells()
        self.last = 0  # the last row number read
        self.row_no = 0
        self._styles: dict[Optional[str], int] = {None: 0, "": 0}  # a cell's s -> its style, once checked
        self._numbers: dict[str, "int | float"] = {}  # a number cell's text -> its number (many repeat)
        self._root: Optional[Any] = None  # the part's root, once read off its growing tree

    def read(self, data: bytes) -> SheetCells:
        """The sheet's cells, read off its tree as it grows when the part has the usual shape, else
        (and on any error, so that the error is the one it always was) from its parser's events."""
        try:
            return self._read_grown(data)
        except Exception:  # Unusual, or an error :meth:`_read_streamed` raises again
            return _SheetReader(self.book, self.path, self.title)._read_streamed(data)

    def _read_streamed(self, data: bytes) -> SheetCells:
        """The cells read as openpyxl reads them: each ``<row>``, ``<dimension>`` and ``<sheetData>``
        wherever it is, when it ends."""
        for el in safe_xml.stream(data, self.path, _SHEET_TAGS):
            if el.tag == _ROW:
                self._row(el)
        return self.out

    def _read_grown(self, data: bytes) -> SheetCells:
        """The cells read off the part's tree, each row once it is complete: the same as
        :meth:`_read_streamed` when ``<dimension>`` and ``<sheetData>`` are children of the root and
        the rows children of ``<sheetData>``, as Excel writes them. Unusual for any other place of
        those tags."""
        for child in safe_xml.children(data, self.path, self._sheet_data):
            self._grown_row(child)
        _check_after(self._root)
        return self.out

    def _sheet_data(self, root: Any) -> Optional[Any]:
        """The ``<sheetData>`` of a growing root once it has started (then the elements before
        it are checked), else None. The sheet's declared size (``<dimension>``) is not trusted:
        other programs leave it stale, and every cell present is read (DESIGN: one reader)."""
        if root.tag in _SHEET_TAGS:
            raise Unusual
        sheet_data = root.find(_SHEET_DATA)
        if sheet_data is None:
            return None
        for child in root:
            if child is sheet_data:
                break
            if safe_xml.holds(child, _SHEET_TAGS, below=child.tag == _DIMENSION):
                raise Unusual
        self._root = root
        return sheet_data

    def _grown_row(self, row: Any) -> None:
        """Reads a complete child of ``<sheetData>``."""
        if row.tag != _ROW:
            if safe_xml.holds(row, _SHEET_TAGS):
                raise Unusual
            return
        if not self._row(row) and safe_xml.holds(row, _SHEET_TAGS, below=True):
            raise Unusual

    def _row(self, el: Any) -> bool:
        """Reads a ``<row>`` into ``out``; True when it was read by :meth:`_plain_row` (each of
        its cells has a usual shape)."""
        r = el.get("r")
        try:
            row_no = self.row_no = self.row_no + 1 if r is None else _row_number(r)
        except (ValueError, OverflowError):
            raise InputError(f"row number {r[:40]!r} is not a whole number; the workbook is damaged",
                             self.title) from None
        if row_no > MAX_ROW:
            raise InputError(f"row number {row_no} is past the last row of a sheet ({MAX_ROW})",
                             self.title)
        if row_no <= self.last:
            return False  # a row out of order or repeated: openpyxl skips it
        self.last = row_no
        try:
            got = self._plain_row(el, row_no)
            if got is not None:
                self.out.values.update(got)
                return True
            cells, ordered = self._cells(el, row_no)
        except (ValueError, IndexError, OverflowError, KeyError, TypeError) as exc:
            raise self._bad_cell(el, row_no, exc) from None
        if cells:
            self._write(cells, ordered)
        return False

    def _bad_cell(self, row: Any, row_no: int, exc: Exception) -> InputError:
        """The error naming the sheet and cell of a row that could not be read (a cell ``ZZZZ5``,
        a number ``abc``, a shared string that does not exist, a date that is not one)."""
        col = 0
        for c in row:
            coord = c.get("r")
            where = f"{self.title}!{coord}" if coord else f"{self.title} row {row_no}"
            if coord:
                try:
                    col, _ = _coordinate(coord)
                except (ValueError, IndexError):
                    return InputError(f"{coord!r} is not a cell reference (columns A to XFD, rows from 1)",
                                      f"{self.title}!{coord}"[:200])
            else:
                col += 1
                where = f"{self.title}!{column_letter(min(col, MAX_COLUMN))}{row_no}"
            kind = c.get("t", "n")
            for child in c:
                if child.tag != _V or not child.text or kind == "inlineStr":
                    continue
                text = child.text
                try:
                    self._value(text, kind, self._styles.get(c.get("s"), 0))
                except (ValueError, IndexError, OverflowError, KeyError, TypeError):
                    what = {"n": "a number", "s": "the number of a shared string", "b": "0 or 1 (FALSE/TRUE)",
                            "d": "an ISO date (YYYY-MM-DD)"}.get(kind, "a value")
                    return InputError(f"the file holds {text[:40]!r} where {what} should be "
                                      f"(type t={kind!r}); the workbook is damaged", where[:200])
            try:
                self._style(c.get("s"))
            except ValueError:
                return InputError(f"style {c.get('s')!r} is not a number; the workbook is damaged", where[:200])
        return InputError(f"row {row_no} cannot be read ({type(exc).__name__}: {exc})", self.title)

    def _write(self, cells: list[tuple[int, str, Any, bool, Optional[str]]], ordered: bool) -> None:
        """Puts a row's cells (from :meth:`_cells`) into ``out``."""
        if ordered:
            values, formulas = self.out.values, self.out.formulas
            for _, coord, value, formula, ref in cells:
                if formula:
                    formulas.append((coord, value, ref))
                elif value is not None:
                    values[coord] = value
        else:
            self._keep(cells, self.out)

    def _plain_row(self, row: Any, row_no: int) -> Optional[dict[str, Any]]:
        """The values by A1 name of a row whose cells all have the usual shapes, else None (then
        :meth:`_cells` reads the row again from its start; nothing has changed meanwhile but caches).

        Usual: ``<c>`` named for this row in upper case (``B7``), in increasing columns up to XFD,
        and empty or holding a lone ``<v>`` or ``<is><t>`` (no formula, no rich text,
        nothing deeper); e.g. ``<c r="B7" s="3" t="n"><v>1.5</v></c>``. Nearly every cell of a big
        sheet is one; the values are those :meth:`_cells` gives, by the same conversions."""
        if row_no <= 0:
            return None
        suffix = str(row_no)
        cut = -len(suffix)
        limit = MAX_COLUMN
        columns, styles, numbers = COLUMNS, self._styles, self._numbers
        dates = self.book._dates
        c_tag, v_tag, is_tag, t_tag = _C, _V, _IS, _T  # local names: a little faster in the loop
        got: dict[str, Any] = {}
        last = 0
        for c in row:
            attrs = c.attrib
            coord = attrs.get("r")
            if not coord or coord[cut:] != suffix:
                return None
            col = columns.get(coord[:cut])
            if col is None or col <= last or col > limit or c.tag != c_tag:
                return None
            last = col
            kind = attrs.get("t", "n")
            style = styles.get(attrs.get("s"))
            if style is None:
                style = self._style(attrs.get("s"))
            n = len(c)
            if not n:
                continue
            if n != 1:
                return None
            child = c[0]
            if len(child):  # <is><t>text</t></is> only
                t = child[0]
                if child.tag != is_tag or len(child) != 1 or t.tag != t_tag or len(t):
                    return None
                if kind == "inlineStr":
                    got[coord] = unescape(t.text or "")
                continue
            if child.tag != v_tag:
                return None
            text = child.text
            if not text or kind == "inlineStr":
                continue
            if kind == "n":
                value = numbers.get(text)
                if value is None:
                    value = numbers[text] = _number(text)
                got[coord] = self._date(value, style) if style in dates else value
            elif kind == "s":
                got[coord] = self._string(text)
            elif kind == "str":
                got[coord] = text
            else:
                value = self._value(text, kind, style)
                if value is not None:
                    got[coord] = value
        return got

    def _style(self, s: Optional[str]) -> int:
        """A cell's style as a number, kept for the next cells: as openpyxl, ValueError for a style
        that is not a number."""
        style = self._styles[s] = int(s) if s else 0
        return style

    def _string(self, text: str) -> str:
        """The shared string numbered ``text``; IndexError for a number outside the table
        (a negative one too: it must not count from the end)."""
        i = int(text)
        if i < 0:
            raise IndexError(i)
        return self.book._strings[i]

    def _value(self, text: str, kind: str, style: int) -> Any:
        """The value of a cell of type ``kind`` whose ``<v>`` holds ``text`` (not empty)."""
        if kind == "n":
            value = _number(text)
            return self._date(value, style) if style in self.book._dates else value
        if kind == "s":
            return self._string(text)
        if kind == "b":
            return bool(int(text))
        if kind == "d":
            return from_iso(text)
        return text

    def _cells(self, row: Any, row_no: int) -> tuple[list[tuple[int, str, Any, bool, Optional[str]]], bool]:
        """(column, A1 name, value, is a formula, array range) of each child of a ``<row>``
        (every child counts as a cell, as in openpyxl), and whether their columns increase."""
        cells: list[tuple[int, str, Any, bool, Optional[str]]] = []
        col = last = 0
        ordered = True
        for c in row:
            attrs = c.attrib
            coord = attrs.get("r")
            if coord:
                letters = coord.rstrip("0123456789")
                col = COLUMNS.get(letters, 0)
                if not col or len(letters) == len(coord) or coord[len(letters)] == "0":  # not B7
                    col, cell_row = _coordinate(coord)
                    coord = f"{column_letter(col)}{cell_row}"
            else:
                col += 1
                coord = f"{column_letter(col)}{row_no}"
            if col <= last:
                ordered = False
            last = col
            kind = attrs.get("t", "n")
            style = self._styles.get(attrs.get("s"))
            if style is None:
                style = self._style(attrs.get("s"))
            v = f = inline = None
            for child in c:
                tag = child.tag
                if tag == _V:
                    if v is None:
                        v = child
                elif tag == _F:
                    if f is None:
                        f = child
                elif tag == _IS and inline is None:
                    inline = child
            if f is not None:
                text, ref = self._formula(f, attrs.get("r"))
                cells.append((col, coord, text, True, ref))
                if v is not None and v.text:
                    try:
                        self.out.stored[coord] = self._value(v.text, kind, style)
                    except (ValueError, IndexError, OverflowError, KeyError, TypeError):
                        pass  # a stored value that cannot be read: none (the formula is what counts)
                elif v is not None and kind == "str":
                    self.out.stored[coord] = ""  # a formula that gives empty text
                continue
            value = None if v is None or kind == "inlineStr" else (v.text or None)
            if value is not None:
                value = self._value(value, kind, style)
            elif kind == "inlineStr" and inline is not None:
                if len(inline) == 1 and inline[0].tag == _T:  # the usual <is><t>text</t></is>
                    value = unescape(inline[0].text or "")
                else:
                    value = unescape(text_of(inline))
            cells.append((col, coord, value, False, None))
        return cells, ordered

    def _date(self, value: "int | float", style: int) -> Any:
        try:
            return from_serial(value, self.book.epoch, style in self.book._elapsed)
        except (OverflowError, ValueError):
            return "#VALUE!"  # a date outside the calendar, as openpyxl reads it

    @staticmethod
    def _keep(cells: list[tuple[int, str, Any, bool, Optional[str]]], out: SheetCells) -> None:
        """Keep a row's cells up to the column of its last child, in column order, the last of a
        column winning (as openpyxl places them)."""
        limit = cells[-1][0]
        if any(cells[i][0] >= cells[i + 1][0] for i in range(len(cells) - 1)):
            by_col = {cell[0]: cell for cell in cells}
            cells = [by_col[k] for k in sorted(by_col)]
        values, formulas = out.values, out.formulas
        for col, coord, value, formula, ref in cells:
            if col > limit:
                continue
            if formula:
                formulas.append((coord, value, ref))
            elif value is not None:
                values[coord] = value

    def _formula(self, f: Any, coord: Optional[str]) -> tuple[str, Optional[str]]:
        """The formula text of a cell and, for an array formula (or a data table), its range."""
        text = "=" + (f.text or "")
        kind = f.get("t")
        if kind == "array" or kind == "dataTable":
            ref = f.get("ref")
            return text, (ref.replace("$", "").upper() if ref else None)
        if kind == "shared":
            si = f.get("si")
            master = self.shared.get(si)
            if master is not None:
                if not coord:
                    return shift(master[2], 0, 0), None
                col, row = _coordinate(coord)
                return shift(master[2], row - master[0], col - master[1]), None
            if text != "=":
                if not coord:
                    raise ValueError("a shared formula's first cell has no address")
                col, row = _coordinate(coord)
                self.shared[si] = (row, col, pieces(text))
        return text, None




def _check_after(root: Any) -> None:
    """Unusual when a tag the reading of a sheet looks at follows ``<sheetData>``."""
    seen = False
    for child in root:
        if seen and safe_xml.holds(child, _SHEET_TAGS):
            raise Unusual
        seen = seen or child.tag == _SHEET_DATA


def _number(text: str) -> "int | float":
    """A number cell's text as openpyxl reads it: a float when it has a point or an exponent."""
    return float(text) if ("." in text or "E" in text or "e" in text) else int(text)


def _row_number(text: str) -> int:
    try:
        return int(text)
    except ValueError:
        n = float(text)
        if not n.is_integer():
            raise ValueError(f"{text} is not a valid row number") from None
        return int(n)


def _coordinate(coord: str) -> tuple[int, int]:
    """``"B7"`` -> (2, 7) as openpyxl reads a cell's ``r`` (the letters before the first digit,
    in any case; the rest a whole number); ValueError when it is not one."""
    i = 0
    while i < len(coord) - 1 and coord[i] not in "0123456789":
        i += 1
    return column_number(coord[:i]), int(coord[i:])
