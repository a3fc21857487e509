"""The sheet patcher writes cached values that a spreadsheet reads back as written: openpyxl
(an independent reader) opens the patched sheet and finds every value set, every cell cleared
empty, every other cell as it was, every formula kept, and the new array formulas over their
new ranges. Sheets and edits are generated (plain, styled, typed and formula cells, rows out of
order, cells new to the sheet)."""

from __future__ import annotations

import datetime as dt
import io
import re
import math
import warnings
import zipfile
from typing import Callable

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st
from openpyxl import load_workbook
from openpyxl.utils.datetime import to_excel
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.errors import InputError
from xl_tiebreak.excel.xlsx import a1
from xl_tiebreak.excel.xlsx.patch import CLEAR, SheetEdit, patch_sheet_xml

MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
PKG = "http://schemas.openxmlformats.org/package/2006"
ROWS, COLS = 8, 6
#: the values the recompute writes: numbers, booleans, text (with XML's special characters),
#: error values, empty text, None
VALUES = [1, 2.5, -0.125, 1e20, 10 ** 12, float("inf"), float("nan"), True, False, "text", "a & <b>",
          "#N/A", "#REF!", "", " ", None, CLEAR]
#: stored cells: (t attribute, content)
CELLS = [("", "<v>2</v>"), (' t="n"', "<v>0.5</v>"), (' t="str"', "<v>x &amp; y</v>"), (' t="s"', "<v>0</v>"),
         (' t="b"', "<v>1</v>"), (' t="e"', "<v>#N/A</v>"), ("", ""), (' t="str"', "<f>A1&amp;\"!\"</f><v>2!</v>"),
         ("", "<f>1+1</f><v>2</v>"), ("", "<f>SUM(A1:A2)</f>")]


def book(sheet_xml: str) -> bytes:
    """A one-sheet workbook around a sheet's XML (with twenty shared strings and ten cell styles)."""
    parts = {
        "[Content_Types].xml": f'<Types xmlns="{PKG}/content-types">'
        '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
        '<Default Extension="xml" ContentType="application/xml"/>'
        '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
        '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
        '<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/>'
        '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
        "</Types>",
        "_rels/.rels": f'<Relationships xmlns="{PKG}/relationships"><Relationship Id="rId1" '
        f'Type="{REL}/officeDocument" Target="xl/workbook.xml"/></Relationships>',
        "xl/workbook.xml": f'<workbook xmlns="{MAIN}" xmlns:r="{REL}"><sheets>'
        '<sheet name="S" sheetId="1" r:id="rId1"/></sheets></workbook>',
        "xl/_rels/workbook.xml.rels": f'<Relationships xmlns="{PKG}/relationships">'
        f'<Relationship Id="rId1" Type="{REL}/worksheet" Target="worksheets/sheet1.xml"/>'
        f'<Relationship Id="rId2" Type="{REL}/sharedStrings" Target="sharedStrings.xml"/>'
        f'<Relationship Id="rId3" Type="{REL}/styles" Target="styles.xml"/></Relationships>',
        "xl/sharedStrings.xml": f'<sst xmlns="{MAIN}" count="20" uniqueCount="20"><si><t>shared</t></si>'
        + "".join(f"<si><t>shared {i}</t></si>" for i in range(1, 20)) + "</sst>",
        "xl/styles.xml": f'<styleSheet xmlns="{MAIN}"><fonts count="1"><font/></fonts><fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
        '<borders count="1"><border/></borders><cellStyleXfs count="1"><xf/></cellStyleXfs>'
        '<cellXfs count="10">' + "<xf/>" * 10 + "</cellXfs></styleSheet>",
        "xl/worksheets/sheet1.xml": sheet_xml,
    }
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w") as z:
        for name, text in parts.items():
            z.writestr(name, text)
    return out.getvalue()


def cells(sheet_xml: str, data_only: bool, wrap: Callable[[str], bytes] = book) -> dict[str, object]:
    """Every cell's value as openpyxl reads it (cached values, or formulas) from the sheet ``S``
    of the workbook ``wrap`` makes around the sheet."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ws = load_workbook(io.BytesIO(wrap(sheet_xml)), data_only=data_only)["S"]
    return {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}


@st.composite
def sheets(draw) -> str:
    """A sheet of typed, styled and formula cells; rows sometimes with their cells out of order."""
    rows = []
    for r in range(1, ROWS + 1):
        cols = sorted(draw(st.sets(st.integers(1, COLS), max_size=COLS)))
        if draw(st.integers(0, 9)) == 0:
            cols.reverse()
        row = []
        for c in cols:
            t, content = draw(st.sampled_from(CELLS))
            style = draw(st.sampled_from(["", ' s="3"']))
            coord = f"{a1.column_letter(c)}{r}"
            row.append(f'<c r="{coord}"{style}{t}>{content}</c>' if content else f'<c r="{coord}"{style}{t}/>')
        if row or draw(st.booleans()):
            spans = draw(st.sampled_from(["", ' spans="1:6"']))
            rows.append(f'<row r="{r}"{spans}>' + "".join(row) + "</row>")
    return (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}"><dimension ref="A1:F{ROWS}"/>'
            f'<sheetData>{"".join(rows)}</sheetData></worksheet>')


@st.composite
def edits(draw) -> SheetEdit:
    """Values for some cells (present or not), and maybe an array anchor with its new range."""
    coords = st.builds(lambda c, r: f"{a1.column_letter(c)}{r}", st.integers(1, COLS + 1), st.integers(1, ROWS + 1))
    edit = SheetEdit(draw(st.dictionaries(coords, st.sampled_from(VALUES), min_size=1, max_size=20)))
    if draw(st.booleans()):
        anchor = draw(st.sampled_from(sorted(edit.values)))
        edit.arrays[anchor] = f"{anchor}:{a1.column_letter(COLS + 1)}{ROWS + 1}"
        edit.cm = draw(st.sampled_from([None, 1]))
    return edit


def as_number(v: object) -> object:
    """A date or time openpyxl made of a cell's number (its style is a date format), as that
    number (the 1900 date system); anything else as it is."""
    if isinstance(v, (dt.datetime, dt.date, dt.time, dt.timedelta)):
        return to_excel(v)
    return v


def read_as(v: object) -> object:
    """What a spreadsheet shows for a value the recompute writes (openpyxl reads nothing as None)."""
    if v is CLEAR or v is None or v == "":
        return None
    if isinstance(v, float) and not math.isfinite(v):
        return "#NUM!"
    return v


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(sheets(), edits())
def test_openpyxl_reads_back_what_the_patcher_wrote(xml, edit):
    assert_read_back(xml, edit)


def assert_read_back(xml: str, edit: SheetEdit, wrap: Callable[[str], bytes] = book) -> None:
    """openpyxl finds in the patched sheet the values of ``edit``, the other cells as they were,
    the formulas kept and the array formulas over their new ranges (``wrap`` makes the workbook
    around a sheet: its shared strings and styles)."""
    before_values, before_formulas = cells(xml, True, wrap), cells(xml, False, wrap)
    patched, _count = patch_sheet_xml(xml, edit)
    values, formulas = cells(patched, True, wrap), cells(patched, False, wrap)
    for coord in set(before_values) | set(values) | set(edit.values):
        if coord in edit.values:  # a number written into a date-styled cell reads as a date
            assert as_number(values.get(coord)) == read_as(edit.values[coord]), coord
        else:
            assert values.get(coord) == before_values.get(coord), coord
    for coord, formula in before_formulas.items():  # formulas kept, arrays over their new range
        if not (isinstance(formula, str) and formula.startswith("=")) or before_values.get(coord) == formula:
            continue  # not a formula (a text that starts with "=" reads the same with data_only)
        got = formulas.get(coord)
        follower = re.search(rf'<c r="{coord}"[^>]*>\s*<f t="shared" si="\d+"\s*/>', xml)
        if coord in edit.arrays and not follower:  # (a shared formula's follower keeps its formula)
            assert isinstance(got, ArrayFormula) and got.ref == edit.arrays[coord] and got.text == formula
        else:
            assert got == formula, coord


def test_a_row_stored_without_its_number_keeps_its_place_and_is_not_written_into():
    """A row may be stored without ``r`` (it follows the row before: ECMA-376 18.3.1.73). The
    patcher leaves it where it is when writing other rows, and refuses to write into it (the
    reader reads it as row 3 here; a new row 3 beside it would make a second row 3)."""
    xml = (f'<worksheet xmlns="{MAIN}"><sheetData><row r="2"><c r="A2"><v>2</v></c></row>'
           '<row><c><v>3</v></c></row><row r="5"><c r="A5"><v>5</v></c></row></sheetData></worksheet>')
    assert cells(xml, True) == {"A2": 2, "A3": 3, "A5": 5}
    assert_read_back(xml, SheetEdit({"A1": 1, "B2": 2.5, "A4": 4, "A6": 6}))
    assert cells(patch_sheet_xml(xml, {"A1": 1, "A4": 4})[0], True) == {"A1": 1, "A2": 2, "A3": 3, "A4": 4, "A5": 5}
    with pytest.raises(InputError, match="row 3 is stored without its row number"):
        patch_sheet_xml(xml, {"B3": 1})
