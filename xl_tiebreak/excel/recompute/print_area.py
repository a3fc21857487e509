"""Print areas that follow the players present.

A template is formatted for hundreds of players; printed as it is, a 12-player event would take a
dozen pages of empty bordered rows. The headless recompute therefore ends each print area
(``_xlnm.Print_Area``, a defined name local to its sheet in the workbook part) at the last row
that shows something, and an area that is one table of ours (the Standings page: its anchor in the
area's first column) at the table's last column, so the page is as wide as what it shows (the
rating figures after Fed only where the Settings ask for them): :func:`refit_print_areas` rewrites
only the end of that name's text, as Excel writes it (``'Standings'!$A$1:$Q$16``); every other
byte of the workbook part stays.
"""

from __future__ import annotations

import re
from typing import Callable, Optional
from xml.sax.saxutils import unescape

from ..xlsx import safe_xml
from ..xlsx.a1 import column_letter, column_number

_MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_AREA_NAME = re.compile(r'(<(?:\w+:)?definedName\b([^>]*)>)([^<]*)(</(?:\w+:)?definedName>)')
# rows of at most seven digits (a sheet has 1,048,576): another area is kept as it is, never converted
_ONE_AREA = re.compile(r"^(?P<sheet>.*!)\$?(?P<c1>[A-Z]{1,3})\$?(?P<r1>[0-9]{1,7}):"
                       r"\$?(?P<c2>[A-Z]{1,3})\$?(?P<r2>[0-9]{1,7})$")

#: ``last_cell(sheet, first_column, last_column, first_row)``: the last column and the last row of that
#: sheet to print (from those columns), or None to leave its print area as it is
LastCell = Callable[[str, int, int, int], Optional[tuple[int, int]]]


def sheet_titles(xml: str) -> list[str]:
    """The sheet names of a workbook part, in order (the ``localSheetId`` of a name counts them)."""
    root = safe_xml.parse(xml.encode("utf-8"), "xl/workbook.xml")
    return [s.get("name") or "" for s in root.iterfind(f"{_MAIN}sheets/{_MAIN}sheet")]


def refit_print_areas(xml: str, last_cell: LastCell) -> Optional[str]:
    """The workbook part with each single-range print area ending at ``last_cell`` of its sheet;
    None when nothing changes. A print area of several ranges, or of whole columns, is kept."""
    titles = sheet_titles(xml)
    out, at, changed = [], 0, False
    for m in _AREA_NAME.finditer(xml):
        attrs = m.group(2)
        if 'name="_xlnm.Print_Area"' not in attrs:
            continue
        sheet_id = re.search(r'localSheetId="([0-9]{1,5})"', attrs)
        area = _ONE_AREA.match(unescape(m.group(3), {"&apos;": "'", "&quot;": '"'}))
        if sheet_id is None or area is None or int(sheet_id.group(1)) >= len(titles):
            continue
        r1, r2 = int(area.group("r1")), int(area.group("r2"))
        c1, c2 = column_number(area.group("c1")), column_number(area.group("c2"))
        new = last_cell(titles[int(sheet_id.group(1))], c1, c2, r1)
        if new is None or new == (c2, r2):
            continue
        col = column_letter(max(new[0], c1))
        text = re.sub(r"(\$?)[A-Z]{1,3}(\$?)\d+$", lambda e: f"{e.group(1)}{col}{e.group(2)}{max(new[1], r1)}",
                      m.group(3))
        out += [xml[at:m.start(3)], text]
        at, changed = m.end(3), True
    if not changed:
        return None
    return "".join(out) + xml[at:]
