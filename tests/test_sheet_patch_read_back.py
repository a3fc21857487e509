"""The sheet patcher writes cached values that a spreadsheet reads back as written: openpyxl
(an independent reader) opens the patched sheet and finds every value set, every cell cleared
empty, every other cell as it was, every formula kept, and the new array formulas over their
new ranges. Sheets and edits are generated (plain, styled, typed and formula cells, rows out of
order, cells new to the sheet)."""

from __future__ import annotations

import io
import math
import warnings
import zipfile

from hypothesis import HealthCheck, given, settings, strategies as st
from openpyxl import load_workbook
from openpyxl.worksheet.formula import ArrayFormula

from xl_tiebreak.excel import a1
from xl_tiebreak.excel.sheet_patch import CLEAR, ERRORS, SheetEdit, patch_sheet_xml

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
    """A one-sheet workbook around a sheet's XML (with one shared string and ten cell styles)."""
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
        "xl/sharedStrings.xml": f'<sst xmlns="{MAIN}" count="1" uniqueCount="1"><si><t>shared</t></si></sst>',
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


def cells(sheet_xml: str, data_only: bool) -> dict[str, object]:
    """Every cell's value as openpyxl reads it (cached values, or formulas)."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        ws = load_workbook(io.BytesIO(book(sheet_xml)), data_only=data_only)["S"]
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
    before_values, before_formulas = cells(xml, True), cells(xml, False)
    patched, _count = patch_sheet_xml(xml, edit)
    values, formulas = cells(patched, True), cells(patched, False)
    for coord in set(before_values) | set(values) | set(edit.values):
        want = read_as(edit.values[coord]) if coord in edit.values else before_values.get(coord)
        assert values.get(coord) == want, coord
    for coord, formula in before_formulas.items():  # formulas kept, arrays over their new range
        if not (isinstance(formula, str) and formula.startswith("=")):
            continue
        got = formulas.get(coord)
        if coord in edit.arrays:
            assert isinstance(got, ArrayFormula) and got.ref == edit.arrays[coord] and got.text == formula
        else:
            assert got == formula, coord
