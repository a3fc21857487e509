"""Cached values written into a sheet's XML text, changing nothing else.

Only the ``<c>`` elements of the given cells change (their ``<v>`` value and ``t`` type, and for the
anchor of a spilled table its ``<f t="array" ref=...>`` and ``cm``); cells and rows are added
where the sheet has none. The text is edited, never re-serialised, so everything the recompute
does not understand stays byte for byte.

>>> patch_sheet_xml('<worksheet><sheetData><row r="1"><c r="A1"><v>1</v></c></row></sheetData></worksheet>',
...                 {"A1": 2.5, "B1": "x"})
('<worksheet><sheetData><row r="1"><c r="A1"><v>2.5</v></c><c r="B1" t="str"><v>x</v></c></row></sheetData></worksheet>', 2)
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from operator import itemgetter
from typing import Any, Iterator, Optional, cast

from ...errors import InputError
from .a1 import COLUMNS, area_name, block_bounds, column_number, split_cell

CLEAR = object()  # a cell whose cached value is removed (an empty result, a shrunk spill)

# elements with or without a namespace prefix (<c ...> or <x:c ...>)
_P = r"((?:[A-Za-z_][\w.-]*:)?)"
# a cell, with its A1 name and letters when ``r`` is the first attribute (as always)
_CELL_R = re.compile("<" + _P + r'c\b(?:(?=\s+r="(([A-Z]+)\d+)")|)([^>]*?)(/>|>(.*?)</\1c>)', re.S)
# a row of plain cells: each only its name (first), maybe a style and a type, and maybe a value
_SIMPLE_ROW = re.compile(r'(?:<c r="[A-Z]{1,3}[1-9]\d*"(?: s="\d+")?(?: t="(?:n|s|str|b|e)")?'
                         r'(?:/>|><v>[^<]*</v></c>))*')
_SIMPLE_CELL = re.compile(r'<c r="([A-Z]{1,3}[1-9]\d*)"( s="\d+")?')
_ROW_OPEN = re.compile("<" + _P + r"row\b([^>]*)>")
_SHEET_DATA_OPEN = re.compile("<" + _P + r"sheetData\b([^>]*)>")
_ATTR_R = re.compile(r'\br="([A-Z]+\d+)"')
_ROW_R = re.compile(r'\br="(\d+)"')
_ATTR_T = re.compile(r'\s+t="[^"]*"')
_ATTR_CM = re.compile(r'\s+cm="[^"]*"')
_SPANS = re.compile(r'\bspans="(\d+):(\d+)"')
_VALUE = re.compile("<" + _P + r"(v|is)\b[^>]*/>|<" + _P + r"(v|is)\b[^>]*>.*?</\3\4>", re.S)
_FORMULA_OPEN = re.compile("<" + _P + r"f\b([^>]*?)(/?)>")
_FORMULA_TEXT = re.compile(r"(<(?:[A-Za-z_][\w.-]*:)?f\b[^>/]*>).*?(</(?:[A-Za-z_][\w.-]*:)?f>)", re.S)
_DIMENSION = re.compile(r'(<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*\bref=")([A-Z]+\d+(?::[A-Z]+\d+)?)(")')
ERRORS = ("#N/A", "#VALUE!", "#NUM!", "#REF!", "#NAME?", "#DIV/0!", "#NULL!")


@dataclass
class SheetEdit:
    """What to change in one sheet: cached values (A1 -> value, or CLEAR), anchors whose formula
    becomes an array formula over a new ref, and the ``cm`` index to give those anchors."""

    values: dict[str, Any] = field(default_factory=dict)
    arrays: dict[str, str] = field(default_factory=dict)
    cm: Optional[int] = None
    formulas: dict[str, str] = field(default_factory=dict)  # anchor -> its new formula text (a range grown)


class Typed(str):
    """A text typed into a cell, as a user's constant (an inline string, ``t="inlineStr"``), not a
    formula's cached value (``t="str"``): what the ``pair`` command writes into the crosstable."""


def escape(text: str) -> str:
    """``&``, ``<`` and ``>`` as XML entities (xml.sax.saxutils.escape, whose import pulls in
    urllib and http: a twentieth of a second)."""
    return text.replace("&", "&amp;").replace(">", "&gt;").replace("<", "&lt;")


def xml_value(v: Any) -> tuple[Optional[str], str]:
    """(t attribute, text of <v>) for a value."""
    kind = type(v)
    if kind is float:  # the usual values first
        if not math.isfinite(v):
            return "e", "#NUM!"
        return None, repr(v) if not v.is_integer() else str(int(v))
    if kind is int:
        return None, str(v)
    if isinstance(v, bool):
        return "b", "1" if v else "0"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            return "e", "#NUM!"
        return None, repr(v) if isinstance(v, float) and not v.is_integer() else str(int(v))
    text = "" if v is None else str(v)
    if text in ERRORS:
        return "e", text
    return "str", escape(text)


def already_holds(cached: Any, v: Any) -> bool:
    """Does a cell whose cached value reads as ``cached`` (as :mod:`.sheet` reads it; None
    for an empty cell) already show ``v``, so that writing ``v`` would change nothing a
    spreadsheet shows? Numbers by value (``3`` and ``3.0`` alike), TRUE/FALSE only as booleans,
    text only as text; an error value is always written (its cached form may be text).

    >>> already_holds(3.0, 3), already_holds(1, True), already_holds("#N/A", "#N/A"), already_holds(None, CLEAR)
    (True, False, False, True)
    """
    if v is CLEAR:
        return cached is None
    old, new = type(cached), type(v)
    if new is str:
        return old is str and cached == v and v not in ERRORS
    if new is int or new is float:
        return (old is int or old is float) and cached == v and math.isfinite(v)
    if new is bool:
        return old is bool and cached == v
    return False


def _without_value(inner: Optional[str]) -> str:
    """A cell's content without its ``<v>`` / ``<is>``."""
    if not inner or inner.startswith("<v>") and inner.endswith("</v>") and "<" not in inner[3:-4]:
        return ""  # the usual case: only a cached value
    return _VALUE.sub("", inner)


def _without_type(attrs: str) -> str:
    """A cell's attributes without ``t="..."``, and without trailing spaces."""
    at = attrs.find(' t="')
    if at < 0:
        return attrs.rstrip() if 't="' not in attrs else _ATTR_T.sub("", attrs).rstrip()
    end = attrs.find('"', at + 4)
    if end > 0 and 't="' not in attrs[end:] and not attrs[at - 1:at].isspace() and attrs.isprintable():
        return (attrs[:at] + attrs[end + 1:]).rstrip()  # one t, after one space: the usual case
    return _ATTR_T.sub("", attrs).rstrip()


def _patch_cell(prefix: str, attrs: str, inner: Optional[str], coord: str, edit: SheetEdit) -> str:
    """One ``<c>`` element with its new value (and array ref / cm for an anchor)."""
    v = edit.values.get(coord, CLEAR)
    kind = type(v)
    if ((kind is int or kind is float and math.isfinite(v)) and 't="' not in attrs
            and (not inner or inner[:3] == "<v>" and inner[-4:] == "</v>" and "<" not in inner[3:-4])
            and not (edit.arrays and coord in edit.arrays)):  # the usual number, said at once
        text = repr(v) if kind is float and not v.is_integer() else str(int(v))
        return f"<{prefix}c{attrs.rstrip()}><{prefix}v>{text}</{prefix}v></{prefix}c>"
    kept = _without_value(inner)
    new_attrs = _without_type(attrs)
    ref = edit.arrays.get(coord) if edit.arrays else None
    opened = _FORMULA_OPEN.search(kept) if ref is not None else None
    if opened is not None and opened.group(3):
        # a shared formula's follower (<f t="shared" si="0"/>) holds no formula text to make an
        # array of: it keeps its formula as it is and gets its value (valid XML, no spill)
        ref = None
    if ref is not None:
        def array_open(m: re.Match) -> str:
            a = re.sub(r'\s+(?:t|ref)="[^"]*"', "", m.group(2))
            return f'<{m.group(1)}f t="array" ref="{ref}"{a}>'
        kept = _FORMULA_OPEN.sub(array_open, kept, count=1)
        if edit.formulas and coord in edit.formulas:
            text = escape(edit.formulas[coord])
            kept = _FORMULA_TEXT.sub(lambda m: m.group(1) + text + m.group(2), kept, count=1)
        if edit.cm is not None and not _ATTR_CM.search(new_attrs):
            new_attrs += f' cm="{edit.cm}"'
    if v is CLEAR:
        return f"<{prefix}c{new_attrs}>{kept}</{prefix}c>" if kept else f"<{prefix}c{new_attrs}/>"
    if kind is Typed:
        return (f'<{prefix}c{new_attrs} t="inlineStr">{kept}<{prefix}is><{prefix}t>{escape(v)}</{prefix}t>'
                f'</{prefix}is></{prefix}c>')
    t, text = xml_value(v)
    if t:
        return f'<{prefix}c{new_attrs} t="{t}">{kept}<{prefix}v>{text}</{prefix}v></{prefix}c>'
    return f"<{prefix}c{new_attrs}>{kept}<{prefix}v>{text}</{prefix}v></{prefix}c>"


class _Patcher:
    """The edit of one sheet's ``<sheetData>``, row by row; ``done`` counts the cells set."""

    def __init__(self, edit: SheetEdit) -> None:
        self.edit = edit
        self.done = 0
        self.by_row: dict[int, dict[int, str]] = {}  # row -> column -> A1 name
        self.place: dict[str, tuple[int, int]] = {}  # A1 name -> (column, row)
        coords = list(edit.values)
        letters = [c.rstrip("0123456789") for c in coords]
        cols = list(map(COLUMNS.get, letters))
        try:
            if None in cols:
                raise ValueError
            places = list(zip(cast("list[int]", cols), [int(c[len(a):]) for a, c in zip(letters, coords)]))
        except ValueError:  # a column past ZZ, or not a cell (split_cell raises then)
            places = [split_cell(c) for c in coords]
        self.place = dict(zip(coords, places))
        by_row = self.by_row
        for coord, (col, row) in zip(coords, places):
            got = by_row.get(row)
            if got is None:
                got = by_row[row] = {}
            got[col] = coord

    def data(self, prefix: str, body: str) -> str:
        """The new ``<sheetData>`` (its rows only, in row order)."""
        out: list[tuple[int, str]] = []
        seen_rows: set[int] = set()
        n = 0
        for start, end, row_prefix, attrs, row_body in _elements(body, _ROW_OPEN, "row"):
            rr = _ROW_R.search(attrs)
            n = int(rr.group(1)) if rr else n + 1  # a row without its number follows the one before
            seen_rows.add(n)
            wanted = self.by_row.get(n)
            if wanted and not rr:
                raise InputError(f"row {n} is stored without its row number, so its cells cannot be "
                                 "written; open the workbook in Excel or LibreOffice and save it")
            out.append((n, self.row(row_prefix, attrs, row_body or "", wanted) if wanted else body[start:end]))
        for n, wanted in self.by_row.items():
            if n not in seen_rows:
                cells = self._new_cells(prefix, wanted, sorted(wanted))
                if cells:
                    out.append((n, f'<{prefix}row r="{n}">' + "".join(c for _, c in cells) + f"</{prefix}row>"))
        out.sort(key=lambda p: p[0])
        inner = "".join(t for _, t in out)
        return f"<{prefix}sheetData>{inner}</{prefix}sheetData>" if inner else f"<{prefix}sheetData/>"

    def _new_cells(self, prefix: str, wanted: dict[int, str], cols: list[int]) -> list[tuple[int, str]]:
        """(column, element) for wanted cells the row does not have (each counted as set; a
        cleared one needs no element)."""
        out = []
        for col in cols:
            coord = wanted[col]
            self.done += 1
            if self.edit.values[coord] is not CLEAR:
                out.append((col, _patch_cell(prefix, f' r="{coord}"', "", coord, self.edit)))
        return out

    def row(self, prefix: str, attrs: str, body: str, wanted: dict[int, str]) -> str:
        """One ``<row>`` with its wanted cells set or added, cells in column order."""
        if not prefix and _SIMPLE_ROW.fullmatch(body):
            got = self._simple_row(attrs, body, wanted)
            if got is not None:
                return got
        found = _CELL_R.findall(body)
        if found and len(body) == _covered(found):
            got = self._usual_row(prefix, attrs, found, wanted)  # only cells, each with its r first
            if got is not None:
                return got
        return self._any_row(prefix, attrs, body, wanted)

    def _simple_row(self, attrs: str, body: str, wanted: dict[int, str]) -> Optional[str]:
        """The row written anew when its cells are exactly the wanted ones, in column order, each
        holding at most a value and a style (a stored table's rows, a recomputed table's): the
        same text as :meth:`_usual_row` gives, without taking every cell apart; else None."""
        cells = _SIMPLE_CELL.findall(body)
        if len(cells) != len(wanted):
            return None
        values, place = self.edit.values, self.place
        cols = []
        for coord, _ in cells:
            if coord not in values:
                return None
            cols.append(place[coord][0])
        if any(a >= b for a, b in zip(cols, cols[1:])) or any(wanted.get(c) != coord
                                                                for c, (coord, _) in zip(cols, cells)):
            return None
        texts = []
        for coord, style in cells:
            v = values[coord]
            kind = type(v)
            if kind is int or kind is float and math.isfinite(v):
                number = repr(v) if kind is float and not v.is_integer() else int(v)
                texts.append(f'<c r="{coord}"{style}><v>{number}</v></c>')
            elif v is CLEAR:
                texts.append(f'<c r="{coord}"{style}/>')
            elif kind is Typed:
                return None  # an inline string: written by _patch_cell
            else:
                t, text = xml_value(v)
                texts.append(f'<c r="{coord}"{style} t="{t}"><v>{text}</v></c>' if t
                             else f'<c r="{coord}"{style}><v>{text}</v></c>')
        self.done += len(cells)
        return f"<row{_spanning(attrs, cols)}>" + "".join(texts) + "</row>"

    def _usual_row(self, prefix: str, attrs: str, found: list[tuple[str, ...]], wanted: dict[int, str]) -> Optional[str]:
        """The row when it holds only cells, each with its ``r`` first, in column order, and every
        wanted cell among them (the usual case, done in bulk); else None."""
        edit = self.edit
        values, place = edit.values, self.place
        coords = [f[1] for f in found]
        if "" in coords:
            return None
        hit = list(map(values.__contains__, coords))
        hits = sum(hit)  # a cell of another row counts too
        if hits == len(coords):  # every cell of the row gets a value
            cols = [place[c][0] for c in coords]
        else:
            cols = [place[c][0] if h else (COLUMNS.get(f[2]) or column_number(f[2]))
                    for c, h, f in zip(coords, hit, found)]
        if cols != sorted(cols) or not set(wanted.values()).issubset(coords):
            return None
        texts = [_patch_cell(p, a, inner, c, edit) if h else f"<{p}c{a}{t}"
                 for (p, c, _, a, t, inner), h in zip(found, hit)]
        self.done += hits
        return f"<{prefix}row{_spanning(attrs, cols)}>" + "".join(texts) + f"</{prefix}row>"

    def _any_row(self, prefix: str, attrs: str, body: str, wanted: dict[int, str]) -> str:
        """The row in general: other content kept, missing cells added, cells sorted by column."""
        edit = self.edit
        values, place = edit.values, self.place
        seen: set[str] = set()
        hits = 0
        cols: list[int] = []
        texts: list[str] = []
        gaps: list[str] = []  # what lies between the cells
        pos = 0
        in_order = True
        last = -1
        for m in _CELL_R.finditer(body):
            start, end = m.span()
            if start > pos:
                gaps.append(body[pos:start])
            pos = end
            cell_prefix, coord, letters, cell_attrs, _, inner = m.groups()
            if coord is None:
                coord = _coord_of(cell_attrs)
                letters = coord.rstrip("0123456789")
            if coord in values:
                col = place[coord][0]
                seen.add(coord)
                hits += 1
                texts.append(_patch_cell(cell_prefix, cell_attrs, inner, coord, edit))
            else:
                col = (COLUMNS.get(letters) or column_number(letters)) if coord else 0
                texts.append(m.group(0))
            cols.append(col)
            if col < last:
                in_order = False
            last = col
        self.done += hits
        rest = "".join(gaps) + body[pos:] if gaps else body[pos:]
        if rest.strip():  # something else than cells in the row (extLst): keep the row as it was
            missing = [c for c in wanted.values() if c not in seen]
            if missing:
                raise InputError(f"cannot add cell {missing[0]}: its row holds more than cells")
            return f"<{prefix}row{attrs}>" + "".join(texts) + rest + f"</{prefix}row>"
        absent = [c for c, a1 in wanted.items() if a1 not in seen]  # (seen may hold a cell named for another row)
        if absent:
            for col, text in self._new_cells(prefix, wanted, absent):
                cols.append(col)
                texts.append(text)
            in_order = False
        if not in_order:  # column order (a stable sort, as cells of one column keep theirs)
            order = sorted(range(len(cols)), key=cols.__getitem__)
            cols = [cols[i] for i in order]
            texts = [texts[i] for i in order]
        return f"<{prefix}row{_spanning(attrs, cols)}>" + "".join(texts) + f"</{prefix}row>"


def _spanning(attrs: str, cols: list[int]) -> str:
    """A row's attributes with its ``spans`` (when it has one) widened to the columns of its cells."""
    spans = _SPANS.search(attrs)
    if not spans or not cols:
        return attrs
    lo, hi = min(int(spans.group(1)), cols[0] or 1), max(int(spans.group(2)), cols[-1])
    return attrs[:spans.start()] + f'spans="{lo}:{hi}"' + attrs[spans.end():]


_PREFIX, _ATTRS, _TAIL = itemgetter(0), itemgetter(3), itemgetter(4)


def _covered(found: list[tuple[str, ...]]) -> int:
    """How many characters the cells found by ``_CELL_R.findall`` span (``<``, ``c`` and their
    groups)."""
    return (2 * len(found) + sum(map(len, map(_PREFIX, found))) + sum(map(len, map(_ATTRS, found)))
            + sum(map(len, map(_TAIL, found))))


def _coord_of(attrs: str) -> str:
    """The ``r`` of a cell's attributes (``""`` without one)."""
    r = _ATTR_R.search(attrs)
    return r.group(1) if r else ""


def patch_sheet_xml(xml: str, values: "dict[str, Any] | SheetEdit") -> tuple[str, int]:
    """Set the cached values of the given cells (A1 -> value, or CLEAR) in one sheet's XML,
    adding ``<c>`` and ``<row>`` elements where the sheet has none; returns the new text and how
    many cells were set. Only those cells (and the rows that gain cells) change."""
    edit = values if isinstance(values, SheetEdit) else SheetEdit(dict(values))
    patcher = _Patcher(edit)
    if not patcher.by_row:
        return xml, 0
    for start, end, prefix, _attrs, body in _elements(xml, _SHEET_DATA_OPEN, "sheetData"):
        new = xml[:start] + patcher.data(prefix, body or "") + xml[end:]
        return _grow_dimension(new, patcher), patcher.done
    raise InputError("the sheet has no cell data")


def _elements(text: str, opener: re.Pattern, name: str) -> Iterator[tuple[int, int, str, str, Optional[str]]]:
    """Each ``<name ...>...</name>`` or ``<name .../>`` of ``text`` in order, with or without a
    namespace prefix: (start, end, prefix, attributes, content or None when empty). The content
    ends at the first closing tag; an element that is never closed is passed over."""
    pos = 0
    while True:
        m = opener.search(text, pos)
        if m is None:
            return
        prefix, attrs = m.group(1), m.group(2)
        if attrs.endswith("/"):
            yield m.start(), m.end(), prefix, attrs[:-1], None
            pos = m.end()
            continue
        close = f"</{prefix}{name}>"
        end = text.find(close, m.end())
        if end < 0:
            pos = m.start() + 1
            continue
        yield m.start(), end + len(close), prefix, attrs, text[m.end():end]
        pos = end + len(close)


def _grow_dimension(xml: str, patcher: _Patcher) -> str:
    """Widen ``<dimension ref>`` to the cells now holding values."""
    m = _DIMENSION.search(xml)
    if not m:
        return xml
    min_col, min_row, max_col, max_row = block_bounds(m.group(2))
    filled = [patcher.place[coord] for coord, v in patcher.edit.values.items() if v is not CLEAR]
    if filled:
        cols = [c for c, _ in filled]
        rows = [r for _, r in filled]
        min_col, min_row = min(min_col, min(cols)), min(min_row, min(rows))
        max_col, max_row = max(max_col, max(cols)), max(max_row, max(rows))
    ref = area_name(min_row, min_col, max_row - min_row + 1, max_col - min_col + 1)
    return xml[:m.start(2)] + ref + xml[m.end(2):]
