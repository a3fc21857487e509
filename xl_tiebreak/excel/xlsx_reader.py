"""What the headless recompute reads from an .xlsx file, straight from its zip parts (no openpyxl,
which takes half a second to load a big workbook): the worksheets (title, part, visibility), the
workbook's global defined names, and each sheet's cells.

Cells are read as openpyxl reads them in its read-only mode, so that nothing changes for the
user: numbers are ``int`` or ``float`` (a date-formatted number a ``datetime``, see
:mod:`.cell_dates`), text comes from the shared strings or the cell itself (rich text joined),
``TRUE``/``FALSE`` are ``bool``, error values (``#REF!``) and formula-looking text (``"=A1"``
typed as text) stay text. A formula cell gives its formula text (``"=..."``); a shared formula is
rebuilt for each cell (:mod:`.formula_shift`); an array formula also gives its range. Only the
cells inside the sheet's declared dimension are read, as openpyxl does.

Every XML part is parsed by :mod:`.safe_xml` (no DTD, so no XML bombs); the zip itself is
checked by ``zip_guard.check_zip`` before anything is inflated. Sheets and shared strings are read
off their tree while it grows when their rows and strings are where Excel puts them (the faster
way), else from the parser's events, wherever they are, as openpyxl reads them.
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass, field
from typing import Any, Optional

from ..errors import InputError
from . import safe_xml
from .a1 import COLUMNS, MAX_COLUMN, column_letter, column_number, range_bounds
from .cell_dates import (
    BUILTIN_DATE_CODES,
    MAC_EPOCH,
    WINDOWS_EPOCH,
    from_iso,
    from_serial,
    is_date_format,
    is_elapsed_format,
)
from .formula_shift import OPERAND, pieces, shift
from .safe_xml import Unusual
from .zip_guard import read_member

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_WORKBOOK_TYPES = (  # in the order openpyxl looks for them
    "application/vnd.ms-excel.template.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
)
_STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"
MAX_ROW = 1_048_576  # the last row of an Excel sheet
MAX_SHEET_XML_BYTES = 256 * 2**20  # a sheet part inflating to more is refused before it is read
_UNNAMED_GLOBALS = ("_xlnm.Print_Titles", "_xlnm.Print_Area", "_xlnm._FilterDatabase")

_ROW, _C, _V, _F, _IS = MAIN + "row", MAIN + "c", MAIN + "v", MAIN + "f", MAIN + "is"
_DIMENSION, _SHEET_DATA, _SI, _T = MAIN + "dimension", MAIN + "sheetData", MAIN + "si", MAIN + "t"
_SHEET_TAGS = frozenset((_ROW, _DIMENSION, _SHEET_DATA))  # what the reading of a sheet looks at
_STRING_TAGS = frozenset((_SI,))  # what the reading of the shared strings looks at


@dataclass(frozen=True)
class SheetPart:
    """A worksheet: its title, the zip path of its XML part, and ``visible`` / ``hidden`` /
    ``veryHidden``."""

    title: str
    path: str
    state: str = "visible"


@dataclass
class SheetCells:
    """The cells of one sheet: constants by A1 name, and formulas (A1 name, ``"=..."`` text,
    the array formula's range or None) in reading order (rows, then columns)."""

    values: dict[str, Any] = field(default_factory=dict)
    formulas: list[tuple[str, str, Optional[str]]] = field(default_factory=list)


def _read(z: zipfile.ZipFile, path: str) -> bytes:
    try:
        return read_member(z, path)
    except KeyError:
        raise InputError(f"the part {path} is missing") from None


def _relationships(z: zipfile.ZipFile, source: str) -> dict[str, tuple[str, str]]:
    """Id -> (type, zip path of the target) for the part ``source`` (targets resolved as
    openpyxl resolves them; an external target is kept as written)."""
    folder, name = posixpath.split(source)
    rels_path = posixpath.join(folder, "_rels", name + ".rels")
    if rels_path not in z.namelist():
        return {}
    out = {}
    for r in safe_xml.parse(_read(z, rels_path), rels_path).iter(_PKG + "Relationship"):
        target = r.get("Target") or ""
        if r.get("TargetMode") != "External":
            target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        out[r.get("Id")] = (r.get("Type") or "", target)
    return out


def _content_type_parts(z: zipfile.ZipFile) -> tuple[dict[str, str], set[str]]:
    """The parts named in ``[Content_Types].xml``: content type -> first part of that type, and
    the content types given as defaults by extension."""
    root = safe_xml.parse(_read(z, "[Content_Types].xml"), "[Content_Types].xml")
    overrides: dict[str, str] = {}
    for o in root.iter(_CT + "Override"):
        overrides.setdefault(o.get("ContentType") or "", (o.get("PartName") or "")[1:])
    return overrides, {d.get("ContentType") or "" for d in root.iter(_CT + "Default")}


def workbook_part(z: zipfile.ZipFile) -> str:
    """The zip path of the workbook part (``xl/workbook.xml`` in every common file)."""
    return _workbook_part(*_content_type_parts(z))


def _workbook_part(overrides: dict[str, str], defaults: set[str]) -> str:
    for t in _WORKBOOK_TYPES:
        if t in overrides:
            return overrides[t]
    if defaults & set(_WORKBOOK_TYPES):
        return "xl/workbook.xml"
    raise InputError("the file holds no workbook part ([Content_Types].xml names none)")


def sheet_parts(z: zipfile.ZipFile) -> list[SheetPart]:
    """The worksheets in workbook order (chart sheets left out; a sheet whose part is missing is an error)."""
    wb_path = workbook_part(z)
    return _sheets(z, wb_path, safe_xml.parse(_read(z, wb_path), wb_path))


def _sheets(z: zipfile.ZipFile, wb_path: str, root: Any) -> list[SheetPart]:
    rels = _relationships(z, wb_path)
    files = set(z.namelist())
    out = []
    for s in root.iterfind(f"{MAIN}sheets/{MAIN}sheet"):
        rid = s.get(_R_ID)
        if not rid:
            continue
        if rid not in rels:
            raise InputError(f"the sheet {s.get('name')!r} has no relationship {rid}")
        kind, path = rels[rid]
        if "chartsheet" in kind:
            continue
        if path not in files:
            raise InputError(f"the sheet {s.get('name')!r} has no part {path} in the file; the workbook is damaged")
        if s.get("name") is None:
            raise InputError("a sheet has no name")
        out.append(SheetPart(s.get("name"), path, s.get("state") or "visible"))
    return out


class XlsxBook:
    """An .xlsx file opened for reading cells: ``sheets``, ``names`` (global defined names, as
    ``NAME -> (sheet title, area)``), and :meth:`cells` of a sheet."""

    def __init__(self, z: zipfile.ZipFile) -> None:
        self._zip = z
        overrides, defaults = _content_type_parts(z)
        wb_path = _workbook_part(overrides, defaults)
        root = safe_xml.parse(_read(z, wb_path), wb_path)
        self.sheets = _sheets(z, wb_path, root)
        pr = root.find(MAIN + "workbookPr")
        date1904 = pr.get("date1904") if pr is not None else None
        self.epoch = MAC_EPOCH if date1904 and date1904 not in ("false", "f", "0") else WINDOWS_EPOCH
        self.names = _global_names(root)
        strings_path = overrides.get(_STRINGS_TYPE)
        self._strings = _shared_strings(_read(z, strings_path), strings_path) if strings_path else []
        self._dates, self._elapsed = _date_styles(z)

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
        return _SheetReader(self, sheet.path, sheet.title).read(_read(self._zip, sheet.path))


def _global_names(root: Any) -> dict[str, tuple[Optional[str], str]]:
    """Defined names of the whole workbook that point at a range (``Crosstable`` ->
    (``"Crosstable"``, ``"$A$4:$P$404"``)); names of one sheet, names of constants or formulas,
    and names whose target cannot be read are left out."""
    by_name: dict[str, str] = {}
    for d in root.iterfind(f"{MAIN}definedNames/{MAIN}definedName"):
        name = d.get("name")
        if name is None or d.get("localSheetId") is not None or name in _UNNAMED_GLOBALS:
            continue
        by_name[name] = d.text or ""
    out = {}
    for name, text in by_name.items():
        target = _destination(text)
        if target is not None:
            out[name] = target
    return out


def _destination(text: str) -> Optional[tuple[Optional[str], str]]:
    """(sheet, area) of a name's formula when it starts with a reference (``Sheet!$A$1:$B$2``,
    ``'My sheet'!A1``), else None. The sheet is as written between the quotes."""
    try:
        parts = pieces("=" + text)
    except ValueError:
        return None
    if not parts or parts[0][0] != OPERAND:
        return None
    first = parts[0][1]
    if first.startswith("#") or first in ("TRUE", "FALSE") or _is_number(first):
        return None
    return _sheet_area(first)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _sheet_area(ref: str) -> Optional[tuple[Optional[str], str]]:
    """``'It''s'!$A$1:B2`` -> (``"It''s"``, ``"$A$1:B2"``): the sheet up to ``!`` and the longest
    A1-looking text after it; None without a ``!``."""
    if ref.startswith("'"):
        end = 1
        while True:
            end = ref.find("'", end)
            if end < 0:
                return None
            if ref.startswith("''", end):
                end += 2
                continue
            break
        if not ref.startswith("!", end + 1):
            return None
        return ref[1:end], _area_prefix(ref[end + 2:])
    sheet, bang, rest = ref.partition("!")
    if not bang or any(ch in sheet for ch in "'^ "):
        return None
    return sheet or None, _area_prefix(rest)


def _area_prefix(text: str) -> str:
    """The longest beginning of ``text`` shaped like ``$A$1:$B$2`` (every part optional)."""
    i = 0

    def skip(allowed: str, most: int) -> None:
        nonlocal i
        start = i
        while i < len(text) and i - start < most and text[i] in allowed:
            i += 1

    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    for half in (0, 1):
        if half:
            if not text.startswith(":", i):
                break
            i += 1
        skip("$", 1)
        skip(letters, 3)
        skip("$", 1)
        skip("0123456789", len(text))
    return text[:i]


def _shared_strings(data: bytes, path: str) -> list[str]:
    """The shared strings: each one's text (rich text runs joined, phonetic hints left out).
    Read off the part's tree when each ``<si>`` is a child of the root, else (and on any error,
    so that the error is the one it always was) from the parser's events, as openpyxl reads them:
    each ``<si>`` wherever it is, when it ends."""
    try:
        return _strings_grown(data, path)
    except Exception:  # Unusual, or an error the events give again
        return [_text_of(si).replace("x005F_", "") for si in safe_xml.stream(data, path, _STRING_TAGS)]


def _strings_grown(data: bytes, path: str) -> list[str]:
    """The shared strings read off the growing tree: the root's ``<si>`` children; Unusual for an
    ``<si>`` anywhere else."""
    out = []
    for si in safe_xml.children(data, path, _string_table):
        if si.tag != _SI:
            if _holds(si, tags=_STRING_TAGS):
                raise Unusual
            continue
        if len(si) == 1 and si[0].tag == _T and not len(si[0]):  # the usual <si><t>text</t></si>
            text = si[0].text or ""
        elif _holds(si, below=True, tags=_STRING_TAGS):
            raise Unusual
        else:
            text = _text_of(si)
        out.append(text.replace("x005F_", ""))
    return out


def _string_table(root: Any) -> Any:
    """The element whose children are the shared strings: the root (Unusual if it is one)."""
    if root.tag == _SI:
        raise Unusual
    return root


def _text_of(node: Any) -> str:
    """The text of an ``<si>`` or ``<is>``: its ``<t>``, then the ``<t>`` of each ``<r>`` run."""
    plain: Optional[str] = None
    runs = []
    for child in node:
        tag = child.tag.rpartition("}")[2]
        if tag == "t":
            plain = child.text
        elif tag == "r":
            t = None
            for part in child:
                if part.tag.rpartition("}")[2] == "t":
                    t = part.text
            if t is not None:
                runs.append(t)
    return (plain or "") + "".join(runs)


def _date_styles(z: zipfile.ZipFile) -> tuple[frozenset[int], frozenset[int]]:
    """The cell styles (indexes into ``cellXfs``) whose number format shows a date or time, and
    those showing elapsed time."""
    if "xl/styles.xml" not in z.namelist():
        return frozenset(), frozenset()
    root = safe_xml.parse(_read(z, "xl/styles.xml"), "xl/styles.xml")
    custom = {}
    fmts = root.find(MAIN + "numFmts")
    for f in (fmts if fmts is not None else ()):
        if f.tag == MAIN + "numFmt":
            custom[int(f.get("numFmtId"))] = f.get("formatCode")
    dates, elapsed = set(), set()
    xfs = root.find(MAIN + "cellXfs")
    for i, xf in enumerate(x for x in (xfs if xfs is not None else ()) if x.tag == MAIN + "xf"):
        fid = int(xf.get("numFmtId", 0))
        code = custom[fid] if fid in custom else BUILTIN_DATE_CODES.get(fid)  # other built-ins: no date
        if is_date_format(code):
            dates.add(i)
        if is_elapsed_format(code):
            elapsed.add(i)
    return frozenset(dates), frozenset(elapsed)


class _SheetReader:
    """Reads one sheet part, streamed row by row."""

    def __init__(self, book: XlsxBook, path: str, title: str = "") -> None:
        self.book = book
        self.path = path
        self.title = title or path
        self.shared: dict[Optional[str], tuple[int, int, list]] = {}  # si -> first cell (row, col), pieces
        self.out = SheetCells()
        self.max_row: Optional[int] = None
        self.max_col: Optional[int] = None
        self.sized = False  # the dimension counts only before the cells
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
            tag = el.tag
            if tag == _DIMENSION:
                self._dimension(el)
                continue
            self.sized = True
            if tag != _SHEET_DATA and not self._row(el)[0]:
                break
        return self.out

    def _read_grown(self, data: bytes) -> SheetCells:
        """The cells read off the part's tree, each row once it is complete: the same as
        :meth:`_read_streamed` when ``<dimension>`` and ``<sheetData>`` are children of the root and
        the rows children of ``<sheetData>``, as Excel writes them. Unusual for any other place of
        those tags."""
        for child in safe_xml.children(data, self.path, self._sheet_data):
            if not self._grown_row(child):
                return self.out
        _check_after(self._root)
        return self.out

    def _sheet_data(self, root: Any) -> Optional[Any]:
        """The ``<sheetData>`` of a growing root once it has started (then the dimension is read,
        the elements before it checked), else None."""
        if root.tag in _SHEET_TAGS:
            raise Unusual
        sheet_data = root.find(_SHEET_DATA)
        if sheet_data is None:
            return None
        for child in root:
            if child is sheet_data:
                break
            if _holds(child, below=child.tag == _DIMENSION):
                raise Unusual
            if child.tag == _DIMENSION:
                self._dimension(child)
        self.sized = True
        self._root = root
        return sheet_data

    def _grown_row(self, row: Any) -> bool:
        """Reads a complete child of ``<sheetData>``; False past the dimension."""
        if row.tag != _ROW:
            if _holds(row):
                raise Unusual
            return True
        go_on, plain = self._row(row)
        if not plain and _holds(row, below=True):
            raise Unusual
        return go_on

    def _dimension(self, el: Any) -> None:
        """The sheet's declared size (``<dimension>``) is not trusted: other programs leave it
        stale, and every cell present is read (DESIGN: one reader, every cell)."""
        self.sized = True

    def _row(self, el: Any) -> tuple[bool, bool]:
        """Reads a ``<row>`` into ``out``: (whether to read on: False past the dimension, whether it
        was read by :meth:`_plain_row`, so that each of its cells has a usual shape)."""
        r = el.get("r")
        try:
            row_no = self.row_no = self.row_no + 1 if r is None else _row_number(r)
        except (ValueError, OverflowError):
            raise InputError(f"row number {r[:40]!r} is not a whole number; the workbook is damaged",
                             self.title) from None
        if row_no > MAX_ROW:
            raise InputError(f"row number {row_no} is past the last row of a sheet ({MAX_ROW})",
                             self.title)
        if self.max_row is not None and row_no > self.max_row:
            return False, False
        if row_no <= self.last:
            return True, False  # a row out of order or repeated: openpyxl skips it
        self.last = row_no
        try:
            got = self._plain_row(el, row_no)
            if got is not None:
                self.out.values.update(got)
                return True, True
            cells, ordered = self._cells(el, row_no)
        except (ValueError, IndexError, OverflowError, KeyError, TypeError) as exc:
            raise self._bad_cell(el, row_no, exc) from None
        if cells:
            self._write(cells, ordered)
        return True, False

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
            self._keep(cells, self.max_col, self.out)

    def _plain_row(self, row: Any, row_no: int) -> Optional[dict[str, Any]]:
        """The values by A1 name of a row whose cells all have the usual shapes, else None (then
        :meth:`_cells` reads the row again from its start; nothing has changed meanwhile but caches).

        Usual: ``<c>`` named for this row in upper case (``B7``), in increasing columns within the
        dimension, and empty or holding a lone ``<v>`` or ``<is><t>`` (no formula, no rich text,
        nothing deeper); e.g. ``<c r="B7" s="3" t="n"><v>1.5</v></c>``. Nearly every cell of a big
        sheet is one; the values are those :meth:`_cells` gives, by the same conversions."""
        if row_no <= 0:
            return None
        suffix = str(row_no)
        cut = -len(suffix)
        limit = self.max_col if self.max_col is not None else MAX_COLUMN
        columns, styles, numbers = COLUMNS, self._styles, self._numbers
        dates, strings = self.book._dates, self.book._strings
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
                    got[coord] = t.text or ""
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
        cells = []
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
                continue
            value = None if v is None or kind == "inlineStr" else (v.text or None)
            if value is not None:
                value = self._value(value, kind, style)
            elif kind == "inlineStr" and inline is not None:
                if len(inline) == 1 and inline[0].tag == _T:  # the usual <is><t>text</t></is>
                    value = inline[0].text or ""
                else:
                    value = _text_of(inline)
            cells.append((col, coord, value, False, None))
        return cells, ordered

    def _date(self, value: "int | float", style: int) -> Any:
        try:
            return from_serial(value, self.book.epoch, style in self.book._elapsed)
        except (OverflowError, ValueError):
            return "#VALUE!"  # a date outside the calendar, as openpyxl reads it

    @staticmethod
    def _keep(cells: list, max_col: Optional[int], out: SheetCells) -> None:
        """Keep a row's cells up to the last column (the dimension's, else the row's last cell),
        in column order, the last of a column winning (as openpyxl places them)."""
        limit = max_col if max_col is not None else cells[-1][0]
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




def _holds(el: Any, below: bool = False, tags: frozenset[str] = _SHEET_TAGS) -> bool:
    """Does the element (or, ``below``, anything under it) carry one of ``tags``?"""
    it = el.iter()
    if below:
        next(it)
    return any(e.tag in tags for e in it)


def _check_after(root: Any) -> None:
    """Unusual when a tag the reading of a sheet looks at follows ``<sheetData>``."""
    seen = False
    for child in root:
        if seen and _holds(child):
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
