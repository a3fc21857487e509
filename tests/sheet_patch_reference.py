"""The recompute's former writer of cached values (``patch_sheet_xml`` as it was before it moved
to xl_tiebreak/excel/sheet_patch.py and was made faster): the reference the new one must match
byte for byte in test_xlsx_reader.py. Kept as it was, but for one fixed bug (marked below); used
by the tests only."""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from typing import Any, Optional
from xml.sax.saxutils import escape

from openpyxl.utils import range_boundaries
from openpyxl.utils.cell import column_index_from_string, get_column_letter

from xl_tiebreak.errors import InputError

CLEAR = object()  # a cell whose cached value is removed (an empty result, a shrunk spill)

_COORD = re.compile(r"([A-Z]+)(\d+)")


def _split(coord: str) -> tuple[int, int]:
    """``"B7"`` -> (column 2, row 7)."""
    m = _COORD.fullmatch(coord)
    if not m:
        raise ValueError(f"not a cell: {coord}")
    return column_index_from_string(m.group(1)), int(m.group(2))



def _area(row: int, col: int, rows: int, cols: int) -> str:
    first = f"{get_column_letter(col)}{row}"
    last = f"{get_column_letter(col + cols - 1)}{row + rows - 1}"
    return first if first == last else f"{first}:{last}"




# a cell element, with or without a namespace prefix (<c ...> or <x:c ...>)
_CELL = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)c\b([^>]*?)(/>|>(.*?)</\1c>)", re.S)
_ROW = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)row\b([^>]*?)(?:/>|>(.*?)</\1row>)", re.S)
_SHEET_DATA = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)sheetData\b[^>]*?(?:/>|>(.*?)</\1sheetData>)", re.S)
_ATTR_R = re.compile(r'\br="([A-Z]+\d+)"')
_ROW_R = re.compile(r'\br="(\d+)"')
_ATTR_T = re.compile(r'\s+t="[^"]*"')
_ATTR_CM = re.compile(r'\s+cm="[^"]*"')
_VALUE = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)(v|is)\b[^>]*/>|<((?:[A-Za-z_][\w.-]*:)?)(v|is)\b[^>]*>.*?</\3\4>", re.S)
_FORMULA_OPEN = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)f\b([^>]*?)(/?)>")
_ERRORS = ("#N/A", "#VALUE!", "#NUM!", "#REF!", "#NAME?", "#DIV/0!", "#NULL!")


def _xml_value(v: Any) -> tuple[Optional[str], str]:
    """(t attribute, text of <v>) for a value."""
    if isinstance(v, bool):
        return "b", "1" if v else "0"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            return "e", "#NUM!"
        return None, repr(v) if isinstance(v, float) and not v.is_integer() else str(int(v))
    text = "" if v is None else str(v)
    if text in _ERRORS:
        return "e", text
    return "str", escape(text)


@dataclass
class SheetEdit:
    """What to change in one sheet: cached values (A1 -> value, or CLEAR), anchors whose formula
    becomes an array formula over a new ref, and the ``cm`` index to give those anchors."""

    values: dict[str, Any] = field(default_factory=dict)
    arrays: dict[str, str] = field(default_factory=dict)
    cm: Optional[int] = None


def _patch_cell(prefix: str, attrs: str, inner: str, coord: str, edit: SheetEdit) -> str:
    """One ``<c>`` element with its new value (and array ref / cm for an anchor)."""
    v = edit.values.get(coord, CLEAR)
    kept = _VALUE.sub("", inner)
    new_attrs = _ATTR_T.sub("", attrs).rstrip()
    ref = edit.arrays.get(coord)
    # the one departure from the former writer, a fixed bug: an anchor that is a shared formula's
    # follower (<f .../>) became an unclosed <f t="array">; it now keeps its formula
    # (tests/test_sheet_patch_shared.py)
    opened = _FORMULA_OPEN.search(kept) if ref is not None else None
    if opened is not None and opened.group(3):
        ref = None
    if ref is not None:
        def array_open(m: re.Match) -> str:
            a = re.sub(r'\s+(?:t|ref)="[^"]*"', "", m.group(2))
            close = "" if m.group(3) else ""
            return f'<{m.group(1)}f t="array" ref="{ref}"{a}{close}>'
        kept = _FORMULA_OPEN.sub(array_open, kept, count=1)
        if edit.cm is not None and not _ATTR_CM.search(new_attrs):
            new_attrs += f' cm="{edit.cm}"'
    if v is CLEAR:
        return f"<{prefix}c{new_attrs}>{kept}</{prefix}c>" if kept else f"<{prefix}c{new_attrs}/>"
    t, text = _xml_value(v)
    new_attrs += f' t="{t}"' if t else ""
    return f"<{prefix}c{new_attrs}>{kept}<{prefix}v>{text}</{prefix}v></{prefix}c>"


def patch_sheet_xml(xml: str, values: "dict[str, Any] | SheetEdit") -> tuple[str, int]:
    """Set the cached values of the given cells (A1 -> value, or CLEAR) in one sheet's XML,
    adding ``<c>`` and ``<row>`` elements where the sheet has none; returns the new text and how
    many cells were set. Only those cells (and the rows that gain cells) change."""
    edit = values if isinstance(values, SheetEdit) else SheetEdit(dict(values))
    by_row: dict[int, dict[int, str]] = {}
    for coord in edit.values:
        col, row = _split(coord)
        by_row.setdefault(row, {})[col] = coord
    done = 0

    def patch_row(prefix: str, attrs: str, body: str, wanted: dict[int, str]) -> str:
        nonlocal done
        seen: set[str] = set()
        parts: list[tuple[int, str]] = []
        for m in _CELL.finditer(body):
            r = _ATTR_R.search(m.group(2))
            coord = r.group(1) if r else ""
            if coord in edit.values:
                seen.add(coord)
                done += 1
                parts.append((_split(coord)[0], _patch_cell(m.group(1), m.group(2), m.group(4) or "", coord, edit)))
            else:
                parts.append((_split(coord)[0] if coord else 0, m.group(0)))
        rest = _CELL.sub("", body)
        if rest.strip():  # something else than cells in the row (extLst): keep the row as it was
            missing = [c for c in wanted.values() if c not in seen]
            if missing:
                raise InputError(f"cannot add cell {missing[0]}: its row holds more than cells")
            return f"<{prefix}row{attrs}>" + "".join(p for _, p in parts) + rest + f"</{prefix}row>"
        for col, coord in wanted.items():
            if coord not in seen and edit.values[coord] is not CLEAR:
                done += 1
                parts.append((col, _patch_cell(prefix, f' r="{coord}"', "", coord, edit)))
            elif coord not in seen:
                done += 1  # nothing to clear: the cell does not exist
        parts.sort(key=lambda p: p[0])
        spans = re.search(r'\bspans="(\d+):(\d+)"', attrs)
        if spans and parts:
            lo, hi = min(int(spans.group(1)), parts[0][0] or 1), max(int(spans.group(2)), parts[-1][0])
            attrs = attrs[:spans.start()] + f'spans="{lo}:{hi}"' + attrs[spans.end():]
        return f"<{prefix}row{attrs}>" + "".join(p for _, p in parts) + f"</{prefix}row>"

    def patch_data(m: re.Match) -> str:
        nonlocal done
        prefix, body = m.group(1), m.group(2) or ""
        out: list[tuple[int, str]] = []
        seen_rows: set[int] = set()
        for rm in _ROW.finditer(body):
            rr = _ROW_R.search(rm.group(2))
            n = int(rr.group(1)) if rr else 0
            seen_rows.add(n)
            wanted = by_row.get(n)
            text = rm.group(0) if not wanted else patch_row(rm.group(1), rm.group(2), rm.group(3) or "", wanted)
            out.append((n, text))
        for n, wanted in by_row.items():
            if n in seen_rows:
                continue
            cells = []
            for col in sorted(wanted):
                coord = wanted[col]
                done += 1
                if edit.values[coord] is not CLEAR:
                    cells.append(_patch_cell(prefix, f' r="{coord}"', "", coord, edit))
            if cells:
                out.append((n, f'<{prefix}row r="{n}">' + "".join(cells) + f"</{prefix}row>"))
        out.sort(key=lambda p: p[0])
        inner = "".join(t for _, t in out)
        return f"<{prefix}sheetData>{inner}</{prefix}sheetData>" if inner else f"<{prefix}sheetData/>"

    if not by_row:
        return xml, 0
    new, n = _SHEET_DATA.subn(patch_data, xml, count=1)
    if not n:
        raise InputError("the sheet has no cell data")
    return _grow_dimension(new, edit), done


def _grow_dimension(xml: str, edit: SheetEdit) -> str:
    """Widen ``<dimension ref>`` to the cells now holding values."""
    m = re.search(r'(<(?:[A-Za-z_][\w.-]*:)?dimension\b[^>]*\bref=")([A-Z]+\d+(?::[A-Z]+\d+)?)(")', xml)
    if not m:
        return xml
    min_col, min_row, max_col, max_row = range_boundaries(m.group(2))
    for coord, v in edit.values.items():
        if v is CLEAR:
            continue
        col, row = _split(coord)
        min_col, min_row = min(min_col, col), min(min_row, row)
        max_col, max_row = max(max_col, col), max(max_row, row)
    ref = _area(min_row, min_col, max_row - min_row + 1, max_col - min_col + 1)
    return xml[:m.start(2)] + ref + xml[m.end(2):]


