"""Rows whose text wraps inside a merged cell (a sheet's status line, ``A3:M3``) made tall enough
for the text the recompute writes there: neither Excel nor LibreOffice grows a row for the text
of a merged cell, so a status line quoting three problems was cut at the height the template gave
it. Only the row's ``ht`` attribute changes (every other byte of the part stays), and only for a
row of a set height (``customHeight``) whose text needs more than :data:`FLOOR_LINES` lines, or that
an earlier recompute made taller (it comes back to two lines).
"""

from __future__ import annotations

import math
import re
from typing import Mapping

from .a1 import block_bounds, split_cell

#: points per line of the 11-point font the templates use (the line's height, leading included)
LINE_POINTS = 15
#: the lines a status row keeps whatever its text (the templates give it two)
FLOOR_LINES = 2
#: characters of a line per unit of column width (bold text, the words wrapped whole: a little fewer
#: than the width, so that the last line is never cut)
CHARS_PER_WIDTH = 0.9
DEFAULT_WIDTH = 8.43  # Excel's column width where the part sets none

_MERGE = re.compile(r'<(?:\w+:)?mergeCell\s[^>]*?\bref="([A-Z]{1,3}[0-9]{1,7}):([A-Z]{1,3}[0-9]{1,7})"')
_COL = re.compile(r"<(?:\w+:)?col\s([^>]*?)/?>")
_ATTR = re.compile(r'\b(\w+)="([^"]*)"')
_DEFAULT = re.compile(r'<(?:\w+:)?sheetFormatPr\b[^>]*?\bdefaultColWidth="([0-9.]+)"')


def _widths(xml: str) -> tuple[dict[int, float], float]:
    """The column widths a sheet part sets (column number -> width), and its default width."""
    default = _DEFAULT.search(xml)
    out: dict[int, float] = {}
    for m in _COL.finditer(xml):
        a = dict(_ATTR.findall(m.group(1)))
        try:
            lo, hi, width = int(a["min"]), int(a["max"]), float(a["width"])
        except (KeyError, ValueError):
            continue
        for c in range(lo, min(hi, lo + 16_384) + 1):
            out[c] = width
    return out, float(default.group(1)) if default else DEFAULT_WIDTH


def one_row_merges(xml: str) -> dict[tuple[int, int], int]:
    """The merged ranges of one row of a sheet part (a status line): (row, first column) -> last column."""
    merged = {}
    for m in _MERGE.finditer(xml):
        c1, r1, c2, r2 = block_bounds(f"{m.group(1)}:{m.group(2)}")
        if r1 == r2 and c2 > c1:
            merged[(r1, c1)] = c2
    return merged


def fitted_rows(xml: str, texts: Mapping[str, str]) -> str:
    """The sheet part with the height of each row whose cell of ``texts`` (A1 -> the text written)
    heads a merged range of one row fitted to that text (see the module's description)."""
    merged = one_row_merges(xml)
    if not merged:
        return xml
    wanted: dict[int, float] = {}
    widths, default = None, DEFAULT_WIDTH
    for coord, text in texts.items():
        col, row = split_cell(coord)
        last = merged.get((row, col))
        if last is None or not isinstance(text, str):
            continue
        if widths is None:
            widths, default = _widths(xml)
        room = sum(widths.get(c, default) for c in range(col, last + 1)) * CHARS_PER_WIDTH
        lines = max(FLOOR_LINES, sum(max(1, math.ceil(len(part) / max(room, 1.0))) for part in text.split("\n")))
        wanted[row] = lines * LINE_POINTS
    for row, height in wanted.items():
        xml = _with_height(xml, row, height)
    return xml


def _with_height(xml: str, row: int, height: float) -> str:
    """The part with ``<row r="row">``'s set height made ``height`` when the text needs more than
    the row has, or back to it when an earlier fitting made the row taller."""
    m = re.search(r'<(?:\w+:)?row\b[^>]*?\sr="%d"[^>]*?>' % row, xml)
    if m is None or 'customHeight="1"' not in m.group(0) and "customHeight='1'" not in m.group(0):
        return xml
    ht = re.search(r'\sht="([0-9.]+)"', m.group(0))
    if ht is None:
        return xml
    now = float(ht.group(1))
    floor = FLOOR_LINES * LINE_POINTS
    if height <= floor and now <= floor or height == now:
        return xml  # a status line of two lines in a row the template made (28 or 30 points): as it is
    new = m.group(0)[:ht.start(1)] + f"{height:g}" + m.group(0)[ht.end(1):]
    return xml[:m.start()] + new + xml[m.end():]


__all__ = ["fitted_rows", "LINE_POINTS", "FLOOR_LINES"]
