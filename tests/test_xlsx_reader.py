"""The package's own workbook reader and sheet writer against openpyxl, an independent reader.

The reader gives the cells, formulas, array ranges, defined names and skipped sheets openpyxl
reads (tests/support/xlsx_reference.py), and openpyxl reads back what the writer wrote (the values set,
the other cells unchanged, the formulas kept): on the shipped templates, on workbooks made by
``xl-tiebreak workbook`` from the real TRF files, on recomputed workbooks whose tables change
shape, and on hand-made sheets full of odd cells.
"""

from __future__ import annotations

import datetime as dt
import io
import random
import re
import subprocess
import sys
import warnings
import zipfile
from typing import Any, Optional

import pytest

from conftest import ROOT, real_files
from test_sheet_patch_read_back import assert_read_back
from tests.support.xlsx_reference import read_with_openpyxl
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError, TiebreakError
from xl_tiebreak.examples import demo_tournament
from xl_tiebreak.excel.recompute import formula_book, cached_values as rc
from xl_tiebreak.excel.xlsx import a1, dates as cell_dates, patch as sheet_patch
from xl_tiebreak.excel.xlsx.formula_shift import pieces, shift
from xl_tiebreak.excel.authoring.workbook import workbook_bytes

TEMPLATES = sorted((ROOT / "workbook_templates").glob("*.xlsx"))
MAIN = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
RELS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"


def read_with_formula_book(data: bytes) -> dict[str, Any]:
    """What the recompute reads (FormulaBook), in the shape of read_with_openpyxl."""
    b = formula_book.FormulaBook(data)
    return {"cells": b.cells, "formulas": b.formulas, "array_ref": b.array_ref, "names": b.names,
            "skipped": b.skipped_sheets}


def typed(cells: dict[str, dict[str, Any]]) -> dict[str, dict[str, tuple[type, Any]]]:
    """Cells with their types, so 1 and 1.0 and True are told apart."""
    return {s: {k: (type(v), v) for k, v in c.items()} for s, c in cells.items()}


def assert_reads_as_openpyxl(data: bytes) -> dict[str, Any]:
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # openpyxl warns about what it drops; the oracle only
        before = read_with_openpyxl(data)
    now = read_with_formula_book(data)
    assert typed(now["cells"]) == typed(before["cells"])
    for key in ("formulas", "array_ref", "names", "skipped"):
        assert now[key] == before[key], key
    return now


# ---------------------------------------------------------------- the same cells as openpyxl


@pytest.mark.parametrize("path", TEMPLATES, ids=lambda p: p.name)
def test_templates_read_as_openpyxl_reads_them(path):
    now = assert_reads_as_openpyxl(path.read_bytes())
    assert now["formulas"] and now["names"]


def test_a_big_workbook_reads_as_openpyxl_reads_it():
    sys.path.insert(0, str(ROOT / "benchmarks"))
    try:
        from events import swiss
    finally:
        sys.path.remove(str(ROOT / "benchmarks"))
    assert_reads_as_openpyxl(workbook_bytes(swiss(300, 9, seed=3)))


@pytest.mark.parametrize("path", real_files(), ids=lambda p: p.name)
def test_workbooks_of_the_real_files_read_as_openpyxl_reads_them(path, tmp_path):
    book = tmp_path / "book.xlsx"
    try:
        status = main(["workbook", str(path), "-o", str(book)])
    except TiebreakError as exc:  # a team event or a TRF the workbook cannot hold
        pytest.skip(f"no workbook: {exc}")
    if status != 0 or not book.exists():
        pytest.skip("no workbook made")
    assert_reads_as_openpyxl(book.read_bytes())


# ------------------------------------------------------------------- hand-made odd workbooks


def _book(sheets: list[tuple[str, str, str]], names: str = "", strings: Optional[str] = None,
          styles: Optional[str] = None, workbook_pr: str = "", extra: Optional[dict[str, bytes]] = None) -> bytes:
    """A workbook zip from sheet XML texts: (title, xml, state)."""
    ct = ['<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/'
          'content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.'
          'relationships+xml"/><Default Extension="xml" ContentType="application/xml"/>'
          '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.'
          'spreadsheetml.sheet.main+xml"/>']
    rels = ['<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/'
            'package/2006/relationships">']
    wb_sheets = []
    parts: dict[str, bytes] = {}
    for i, (title, xml, state) in enumerate(sheets, start=1):
        parts[f"xl/worksheets/sheet{i}.xml"] = xml.encode("utf-8")
        ct.append(f'<Override PartName="/xl/worksheets/sheet{i}.xml" ContentType="application/vnd.'
                  f'openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>')
        rels.append(f'<Relationship Id="rId{i}" Type="{RELS}/worksheet" Target="worksheets/sheet{i}.xml"/>')
        st = f' state="{state}"' if state != "visible" else ""
        wb_sheets.append(f'<sheet name="{title}" sheetId="{i}"{st} r:id="rId{i}"/>')
    if strings is not None:
        parts["xl/sharedStrings.xml"] = strings.encode("utf-8")
        ct.append('<Override PartName="/xl/sharedStrings.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.sharedStrings+xml"/>')
        rels.append(f'<Relationship Id="rIdS" Type="{RELS}/sharedStrings" Target="sharedStrings.xml"/>')
    if styles is not None:
        parts["xl/styles.xml"] = styles.encode("utf-8")
        ct.append('<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-'
                  'officedocument.spreadsheetml.styles+xml"/>')
        rels.append(f'<Relationship Id="rIdT" Type="{RELS}/styles" Target="styles.xml"/>')
    parts["xl/workbook.xml"] = (
        f'<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="{MAIN}" xmlns:r="{RELS}">{workbook_pr}'
        f'<sheets>{"".join(wb_sheets)}</sheets>{names}</workbook>').encode("utf-8")
    parts["xl/_rels/workbook.xml.rels"] = ("".join(rels) + "</Relationships>").encode("utf-8")
    parts["[Content_Types].xml"] = ("".join(ct) + "</Types>").encode("utf-8")
    parts["_rels/.rels"] = (
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/'
        '2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/'
        'relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>').encode("utf-8")
    parts.update(extra or {})
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in parts.items():
            z.writestr(name, body)
    return out.getvalue()


STRINGS = (f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}" count="9" uniqueCount="9">'
           '<si><t>plain</t></si>'
           '<si><r><t>rich </t></r><r><rPr><b/></rPr><t>text</t></r></si>'
           '<si><t>kanji</t><rPh sb="0" eb="1"><t>KANA</t></rPh><phoneticPr fontId="1"/></si>'
           '<si><t>under_x005F_x0041_score</t></si>'
           '<si><t>12</t></si>'
           '<si><t>=A1</t></si>'
           '<si><t/></si>'
           '<si><t>a &amp; b &lt; c</t></si>'
           '<si><t xml:space="preserve">  12w1  </t></si>'
           '</sst>')

STYLES = (f'<?xml version="1.0" encoding="UTF-8"?><styleSheet xmlns="{MAIN}">'
          '<numFmts count="4"><numFmt numFmtId="164" formatCode="dd/mm/yyyy"/>'
          '<numFmt numFmtId="165" formatCode="[h]:mm:ss"/><numFmt numFmtId="166" formatCode="0.00&quot; days&quot;"/>'
          '<numFmt numFmtId="167" formatCode="[Red]0.0;[Blue]dd"/></numFmts>'
          '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
          '<fills count="1"><fill><patternFill patternType="none"/></fill></fills>'
          '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
          '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
          '<cellXfs count="9"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/>'
          '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="164" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="165" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="166" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="167" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="20" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="46" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '<xf numFmtId="30" fontId="0" fillId="0" borderId="0" xfId="0" applyNumberFormat="1"/>'
          '</cellXfs><cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
          '</styleSheet>')

ODD = (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}" xmlns:r="{RELS}">'
       '<dimension ref="A1:H30"/><sheetData>'
       '<row r="1"><c r="A1" t="s"><v>0</v></c><c r="B1" t="s"><v>1</v></c><c r="C1" t="s"><v>2</v></c>'
       '<c r="D1" t="s"><v>3</v></c><c r="E1" t="inlineStr"><is><t>inline</t></is></c>'
       '<c r="F1" t="inlineStr"><is><r><t>rich </t></r><r><rPr><b/></rPr><t>inline</t></r></is></c>'
       '<c r="G1" t="inlineStr"><is><t xml:space="preserve">  spaced  </t></is></c><c r="H1" t="inlineStr"/></row>'
       '<row r="2"><c r="A2" t="b"><v>1</v></c><c r="B2" t="b"><v>0</v></c><c r="C2" t="e"><v>#REF!</v></c>'
       '<c r="D2" t="e"><v>#N/A</v></c><c r="E2" t="str"><v>12</v></c><c r="F2" t="s"><v>4</v></c>'
       '<c r="G2" t="s"><v>5</v></c><c r="H2"><v>1E3</v></c></row>'
       '<row r="3"><c r="A3"><v>42</v></c><c r="B3"><v>-0.5</v></c><c r="C3" s="1"><v>45717</v></c>'
       '<c r="D3" s="2"><v>45717.75</v></c><c r="E3" s="3"><v>1.5</v></c><c r="F3" s="6"><v>0.5</v></c>'
       '<c r="G3" s="4"><v>3</v></c><c r="H3" s="1"><v>30</v></c></row>'
       '<row r="4"><c r="A4" t="d"><v>2025-03-01</v></c><c r="B4" t="d"><v>2025-03-01T10:30:00</v></c>'
       '<c r="C4" t="d"><v>10:30:00</v></c><c r="D4" t="s"><v>6</v></c><c r="E4"><v></v></c>'
       '<c r="F4" t="str"><v> </v></c><c r="G4" s="7"><v>2.25</v></c><c r="H4" s="1"/></row>'
       '<row r="5"><c r="A5"><f t="shared" ref="A5:A7" si="0">SCORE(B5,Crosstable)</f><v>1</v></c>'
       '<c r="B5"><f t="shared" ref="B5:C6" si="1">$A$1&amp;A1&amp;\'It\'\'s here\'!B$2&amp;SUM(A:A)&amp;SUM(1:2)'
       '&amp;"A1"&amp;a1&amp;SUM(B1:$C$2)</f></c>'
       '<c r="C5"><f t="shared" si="1"/></c>'
       '<c r="D5"><f>IFERROR(RESULTS(Crosstable),Store!$A$1:$B$3)</f><v>x</v></c>'
       '<c r="E5" t="str"><f>"="&amp;"x"</f><v>=x</v></c>'
       '<c r="F5"><f t="array" ref="$F$5:g6">STANDINGS(Crosstable)</f><v>1</v></c><c r="G5"><v>2</v></c>'
       '<c r="H5"><f>  SUM( A1 ,\n  B1 )</f></c></row>'
       '<row r="6"><c r="A6"><f t="shared" si="0"/></c><c r="B6"><f t="shared" si="1"/></c>'
       '<c r="C6"><f t="shared" si="1"/></c><c r="D6" s="8"><v>45000</v></c><c r="F6"><v>3</v></c></row>'
       '<row r="7"><c r="A7"><f t="shared" si="0"/></c><c r="B7" t="s"><v>7</v></c><c r="C7" t="s"><v>8</v></c>'
       '<c r="D7" t="inlineStr"><is><t>=SCORE(1,Crosstable)</t></is></c></row>'
       '<row><c><v>8</v></c><c t="inlineStr"><is><t>no r</t></is></c><c r="D8"><v>4</v></c><c><v>5</v></c></row>'
       '<row r="10"><c r="B10"><v>1</v></c><c r="A10"><v>2</v></c><c r="B10"><v>3</v></c></row>'
       '<row r="9"><c r="A9"><v>9</v></c></row>'
       '<row r="11"><c r="a11"><v>11</v></c><c r="I11"><v>99</v></c></row>'
       '<row r="12" spans="1:2" ht="20" customHeight="1"><c r="A12" s="5"><v>2.5</v></c>'
       '<c r="B12" s="5"><v>-1</v></c></row>'
       '<row r="40"><c r="A40"><v>1</v></c></row>'
       '</sheetData></worksheet>')

PREFIXED = (f'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<x:worksheet xmlns:x="{MAIN}">'
            '<!-- a comment --><x:sheetData>'
            '<x:row r="1"><x:c r="A1" t="inlineStr"><x:is><x:t><![CDATA[cdata <text> & more]]></x:t></x:is></x:c>'
            '<x:c r="C1"><x:v>3</x:v></x:c></x:row>'
            '<x:row r="2"><x:c r="B2"><x:v>2</x:v></x:c><x:c r="A2"><x:v>1</x:v></x:c></x:row>'
            '<x:row r="3"><x:c r="A3"><x:f>Odd!A1</x:f><x:v>plain</x:v></x:c>'
            '<x:c r="B3" t="str"><x:f>\'It\'\'s here\'!B2</x:f></x:c></x:row>'
            '</x:sheetData></x:worksheet>')


def _sheet(rows: str, dimension: str = "") -> str:
    dim = f'<dimension ref="{dimension}"/>' if dimension else ""
    return f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}">{dim}<sheetData>{rows}</sheetData></worksheet>'


NAMES = ('<definedNames>'
         '<definedName name="Crosstable">Odd!$A$1:$H$4</definedName>'
         '<definedName name="Local" localSheetId="0">Odd!$A$1</definedName>'
         '<definedName name="_xlnm.Print_Area" localSheetId="0">Odd!$A$1:$B$2</definedName>'
         '<definedName name="_xlnm._FilterDatabase" hidden="1">Odd!$A$1:$B$9</definedName>'
         '<definedName name="Konst">0.5</definedName>'
         '<definedName name="Formel">SUM(Odd!$A$1:$A$2)</definedName>'
         '<definedName name="Quoted">\'It\'\'s here\'!$B$2:$C$3</definedName>'
         '<definedName name="Broken">#REF!</definedName>'
         '<definedName name="SheetRef">Odd!#REF!</definedName>'
         '<definedName name="Multi">Odd!$A$1,Odd!$B$2</definedName>'
         '<definedName name="Text">"text"</definedName>'
         '<definedName name="cased">Odd!$c$3</definedName>'
         '</definedNames>')


def odd_workbook(workbook_pr: str = "") -> bytes:
    return _book([("Odd", ODD, "visible"),
                  ("It's here", _sheet('<row r="2"><c r="B2"><v>7</v></c><c r="C2" t="b"><v>1</v></c></row>',
                                       "B2:C3"), "visible"),
                  ("Prefixed", PREFIXED, "visible"),
                  ("Narrow", _sheet('<row r="1"><c r="A1" t="n" s="0"><v>1</v></c><c r="D1"><v>4</v></c></row>'
                                    '<row r="5"><c r="B5"><v>2</v></c></row>', "A1:B2"), "visible"),
                  ("Empty", _sheet(""), "visible"),
                  ("Store", _sheet('<row r="1"><c r="A1"><v>1</v></c></row>', "A1"), "hidden"),
                  ("Secret", _sheet('<row r="1"><c r="A1"><f>Store!A1</f></c></row>', "A1"), "veryHidden")],
                 names=NAMES, strings=STRINGS, styles=STYLES, workbook_pr=workbook_pr)


def test_odd_cells_read_as_openpyxl_reads_them():
    now = assert_reads_as_openpyxl(odd_workbook())
    odd = now["cells"]["Odd"]
    # a few of them spelled out, so the oracle is not the only judge
    assert odd["A1"] == "plain" and odd["B1"] == "rich text" and odd["C1"] == "kanji"
    assert odd["E1"] == "inline" and odd["F1"] == "rich inline" and "H1" not in odd
    assert odd["A2"] is True and odd["C2"] == "#REF!" and odd["E2"] == "12" and odd["G2"] == "=A1"
    assert odd["H2"] == 1000.0 and type(odd["A3"]) is int
    assert odd["D3"] == dt.datetime(2025, 3, 1, 18, 0) and odd["E3"] == dt.timedelta(hours=36)
    assert odd["F3"] == dt.time(12, 0) and odd["G3"] == 3 and odd["A4"] == dt.date(2025, 3, 1)
    assert odd["D4"] == "" and "E4" not in odd and odd["D6"] == 45000  # id 30: no code, no date
    assert odd["D7"] == "=SCORE(1,Crosstable)"  # text that looks like a formula stays text
    assert odd["I11"] == 99 and odd["A40"] == 1 and "A9" not in odd  # past the stale dimension: read; a row out of order: not
    formulas = {c: t for s, c, t in now["formulas"] if s == "Odd"}
    assert formulas["A6"] == "=SCORE(B6,Crosstable)" and formulas["A7"] == "=SCORE(B7,Crosstable)"
    assert formulas["C6"].startswith("=$A$1&B2&'It''s here'!C$2&SUM(B:B)&SUM(2:3)&\"A1\"&B2&SUM(C2:$C$2)")
    assert now["array_ref"][("Odd", "F5")] == "F5:G6"
    assert now["skipped"] == {"Store"} and now["cells"]["Store"] == {}
    assert set(now["names"]) == {"CROSSTABLE", "QUOTED", "SHEETREF", "MULTI", "CASED"}


def test_the_1904_date_system_reads_as_openpyxl_reads_it():
    now = assert_reads_as_openpyxl(odd_workbook('<workbookPr date1904="1"/>'))
    assert now["cells"]["Odd"]["C3"] == dt.datetime(2029, 3, 2)


def test_broken_parts_are_refused_with_a_readable_error():
    good = odd_workbook()
    for part, body, message in [
            ("xl/worksheets/sheet1.xml", b"<worksheet", "not a readable .xlsx workbook"),
            ("xl/worksheets/sheet1.xml", ODD.replace('<v>42</v>', '<v>4x2</v>').encode(),
             "Odd!A3: the file holds '4x2' where a number should be"),
            ("xl/worksheets/sheet1.xml", ODD.replace('t="s"><v>0<', 't="s"><v>99<').encode(),
             "Odd!A1: the file holds '99' where the number of a shared string should be"),
            ("xl/sharedStrings.xml", b"<sst><si>", "not a readable .xlsx workbook"),
            ("xl/workbook.xml", b"", "not a readable .xlsx workbook")]:
        out = io.BytesIO()
        with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(out, "w") as dst:
            for n in src.namelist():
                dst.writestr(n, body if n == part else src.read(n))
        with pytest.raises(InputError, match=message):
            formula_book.FormulaBook(out.getvalue())


@pytest.mark.parametrize("part", ["xl/workbook.xml", "xl/worksheets/sheet1.xml", "xl/sharedStrings.xml",
                                  "xl/styles.xml", "[Content_Types].xml"])
def test_a_dtd_is_refused_in_every_part(part):
    good = odd_workbook()
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(out, "w") as dst:
        for n in src.namelist():
            body = src.read(n)
            if n == part:
                body = body.replace(b"?>", b'?><!DOCTYPE x [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>', 1)
            dst.writestr(n, body)
    with pytest.raises(TiebreakError, match="DTD"):
        rc.recompute_bytes(out.getvalue())


def test_names_openpyxl_could_not_read_are_left_out():
    # openpyxl's read-only reading gave up on the whole workbook for these; the reader skips them
    names = ('<definedNames><definedName name="Crosstable">Odd!$A$1:$H$4</definedName>'
             '<definedName name="Other">Crosstable</definedName>'
             '<definedName name="Tbl">Table1[#All]</definedName></definedNames>')
    book = formula_book.FormulaBook(_book([("Odd", ODD, "visible")], names=names, strings=STRINGS, styles=STYLES))
    assert set(book.names) == {"CROSSTABLE"}


# --------------------------------------------------------------------- the pieces on their own


def test_a1_agrees_with_openpyxl():
    from openpyxl.utils import get_column_letter, range_boundaries
    from openpyxl.utils.cell import column_index_from_string
    for n in range(1, 18279):
        assert a1.column_letter(n) == get_column_letter(n)
        assert a1.column_number(get_column_letter(n)) == n == column_index_from_string(get_column_letter(n).lower())
    for bad in (0, 18279):
        with pytest.raises(ValueError):
            a1.column_letter(bad)
    for area in ("A1", "$B$2:D9", "a1:c3", "A:C", "2:5", "XFD1048576", "A1:B", "A1:", ":", "", "AAAA1", "A0"):
        try:
            want = range_boundaries(area)
        except ValueError:
            with pytest.raises(ValueError):
                a1.range_bounds(area)
        else:
            assert a1.range_bounds(area) == want, area


def test_dates_agree_with_openpyxl():
    from openpyxl.styles.numbers import BUILTIN_FORMATS, is_date_format, is_timedelta_format
    from openpyxl.utils.datetime import MAC_EPOCH, WINDOWS_EPOCH, from_ISO8601, from_excel
    codes = list(BUILTIN_FORMATS.values()) + [
        "dd/mm/yyyy", "[h]:mm:ss", '0.00" days"', "[Red]0.0;[Blue]dd", "[$-409]mmmm d, yyyy", "yyyy-mm-dd\\ hh",
        "_(d", "\\d0", "[mm]:ss", "[ss].00", "General", '"y"0', "0.0E+00", "mmss.0", "[hh]", "@", '"a\nd"0']
    for code in codes:
        assert cell_dates.is_date_format(code) == is_date_format(code), code
        assert cell_dates.is_elapsed_format(code) == is_timedelta_format(code), code
    for k, code in BUILTIN_FORMATS.items():
        assert (cell_dates.BUILTIN_DATE_CODES.get(k) is not None) == is_date_format(code), k
    def outcome(f, *args, **kw):
        try:
            return f(*args, **kw)
        except (OverflowError, ValueError) as exc:
            return type(exc)
    for v in (0, 0.25, 0.999999, 1, 30, 59.5, 60, 61, 45717, 45717.123456789, 2958465, 10 ** 7, -1.5):
        for epoch in (WINDOWS_EPOCH, MAC_EPOCH):
            for elapsed in (False, True):
                assert outcome(cell_dates.from_serial, v, epoch, elapsed) == outcome(
                    from_excel, v, epoch, timedelta=elapsed), (v, epoch, elapsed)
    for text in ("2025-03-01", "2025-03-01T10:30:00", "2025-03-01T10:30:00.125Z", "10:30", "10:30:15.5",
                 "PT1H30M", "PT12.5S", "PT2H"):
        assert cell_dates.from_iso(text) == from_ISO8601(text), text
    with pytest.raises(ValueError):
        cell_dates.from_iso("soon")


FORMULAS = ["=SUM(A1:B$2,$C3)*2", "=A1+Sheet2!B2-'My sheet'!$C$3", "=SUM(A:A)+SUM(1:3)+SUM($A:B)",
            '=IF(A1="A1",B1,"x""y")', "=Crosstable", "=SCORE(A5,Crosstable,\"fide2026\")",
            "=A1:B2:C3", "=1E+5+A1", "= A1  +\n B1", "={1,2;3,4}", "=Table1[[#This Row],[Col]]+A1",
            "=-A1%", "=A1>=B1", "=#REF!+A1", "=Sheet1!#REF!", "=a1+zz10", "=SUM(Sheet1:Sheet3!A1)"]


@pytest.mark.parametrize("formula", FORMULAS)
def test_shared_formulas_move_like_openpyxl(formula):
    from openpyxl.formula.translate import Translator
    for dest in ("C5", "E9", "D4", "AA100", "D1"):
        col, row = a1.split_cell(dest)
        try:
            want = Translator(formula, "D4").translate_formula(dest)
        except Exception:  # out of the sheet, or not a formula openpyxl can cut up
            with pytest.raises(ValueError):
                shift(pieces(formula), row - 4, col - 4)
            continue
        got = shift(pieces(formula), row - 4, col - 4)
        if formula.endswith("Sheet1!#REF!"):
            assert got == formula  # openpyxl drops the sheet there: kept here
            continue
        assert got == want, (formula, dest)


def test_a_shared_formula_that_would_leave_the_sheet_is_refused():
    with pytest.raises(ValueError):
        shift(pieces("=A1+B2"), -1, 0)
    with pytest.raises(ValueError):
        pieces('=A1&"open')


# ------------------------------------------------------------------------ the sheet writer


def _unprefixed(xml: str) -> str:
    """A sheet whose elements carry the ``x:`` prefix, without it."""
    return re.sub(r"<(/?)x:", r"<\1", xml).replace("xmlns:x=", "xmlns=")


def _one_sheet_book(xml: str) -> bytes:
    """The sheet ``S`` in a workbook with the odd workbook's shared strings and styles."""
    return _book([("S", xml, "visible")], strings=STRINGS, styles=STYLES)


def assert_patches_as_read_back(xml: str, edit: sheet_patch.SheetEdit) -> bool:
    """The patched sheet read back by openpyxl (test_sheet_patch_read_back); False when the
    patcher refuses the edit with a readable error (a cell it cannot write)."""
    try:
        sheet_patch.patch_sheet_xml(xml, edit)
    except InputError as exc:
        assert exc.detail, exc
        return False
    assert_read_back(xml, edit, _one_sheet_book)
    return True


ODD_ROWS = [
    ODD, PREFIXED,
    _sheet('<row r="1" spans="2:3"><c r="B1" s="3" t="n"><v>1</v></c><c r="C1" t="str"><f>A1</f><v>x</v></c></row>'
           '<row r="3"/><row r="2"><c r="A2"/><c r="B2" cm="1"><f t="array" ref="B2:C3">STANDINGS(X)</f></c></row>'
           '<row r="4">  <c r="A4"><v>1</v></c>\n<c r="B4"><v>2</v></c></row>'
           '<row r="5"><c r="A5"><v>1</v></c><extLst><ext uri="x"/></extLst></row>'
           '<row r="6"><c r="C6" t="inlineStr"><is><t>a</t></is></c><c r="A6"  t="e" ><v>#N/A</v></c></row>'
           '<row r="7"><c s="1" r="B7"><v>2</v></c><c r="A7"\tt="s"><v>0</v></c></row>', "A1:C7"),
    _sheet(""), _sheet("", "A1"),
]


def _random_edit(rng: random.Random, rows: int, cols: int) -> sheet_patch.SheetEdit:
    edit = sheet_patch.SheetEdit()
    kinds = [1, 2.5, -0.125, 1e20, float("inf"), True, False, "text", "a & <b>", "#N/A", "#REF!", "", " ",
             None, sheet_patch.CLEAR, 3, 10 ** 12]
    for _ in range(rng.randint(1, 40)):
        coord = f"{a1.column_letter(rng.randint(1, cols))}{rng.randint(1, rows)}"
        edit.values[coord] = rng.choice(kinds)
    if rng.random() < 0.5:
        anchor = rng.choice(list(edit.values))
        edit.arrays[anchor] = f"{anchor}:{a1.column_letter(cols)}{rows}"
        edit.cm = rng.choice([None, 1, 2])
    return edit


@pytest.mark.parametrize("index", range(len(ODD_ROWS)))
def test_odd_sheets_are_patched_as_openpyxl_reads_back(index):
    rng = random.Random(index)
    # openpyxl reads a formula's cached text only with its t="str" (the reader's own tests read
    # the cell as it is); here the oracle must read the sheet before the patch too
    xml = ODD_ROWS[index].replace('Store!$A$1:$B$3)</f><v>x</v>', 'Store!$A$1:$B$3)</f><v>0</v>')
    if "<x:" in xml:  # openpyxl does not read it: the same patch as the sheet without the prefix
        for _ in range(60):
            edit = _random_edit(rng, 14, 10)
            assert _unprefixed(sheet_patch.patch_sheet_xml(xml, edit)[0]) == \
                sheet_patch.patch_sheet_xml(_unprefixed(xml), edit)[0]
        return
    written = sum(assert_patches_as_read_back(xml, _random_edit(rng, 14, 10)) for _ in range(60))
    assert written >= 15  # most edits are written (a refusal names the cell it cannot write)


def _plain_rows_sheet(rng: random.Random) -> tuple[str, dict[int, list[str]]]:
    """A sheet of plain cells (a name, maybe a style and a type, maybe a value), as stored tables
    are; sometimes a row out of column order or holding a cell named for another row."""
    rows, names = [], {}
    for r in range(1, 9):
        cols = sorted(rng.sample(range(1, 8), rng.randint(0, 6)))
        if rng.random() < 0.1:
            cols.reverse()
        cells = []
        for c in cols:
            coord = f"{a1.column_letter(c)}{r if rng.random() > 0.05 else r + 1}"
            style = rng.choice(["", ' s="8"'])
            t, v = rng.choice([("", "<v>2</v>"), (' t="n"', "<v>0.5</v>"), (' t="str"', "<v>x &amp; y</v>"),
                               (' t="s"', "<v>0</v>"), (' t="b"', "<v>1</v>"), (' t="e"', "<v>#N/A</v>"),
                               ("", None), (' t="str"', "<v></v>")])
            cells.append(f'<c r="{coord}"{style}{t}/>' if v is None else f'<c r="{coord}"{style}{t}>{v}</c>')
            names.setdefault(r, []).append(coord)
        spans = rng.choice(["", ' spans="1:7"', ' spans="2:3"'])
        rows.append(f'<row r="{r}"{spans}>' + "".join(cells) + "</row>")
    return _sheet("".join(rows), "A1:G8"), names


def test_plain_rows_are_patched_as_openpyxl_reads_back():
    """Rows whose every cell gets a value (a stored table's) are written anew."""
    rng = random.Random(11)
    kinds = [1, 2.5, -0.125, 1e20, float("nan"), True, "text", "a & <b>", "#N/A", "", None, sheet_patch.CLEAR, 10 ** 12]
    for _ in range(150):
        xml, names = _plain_rows_sheet(rng)
        edit = sheet_patch.SheetEdit()
        for r, coords in names.items():
            if rng.random() < 0.7:
                for coord in coords:
                    if rng.random() < 0.95:
                        edit.values[coord] = rng.choice(kinds)
        if rng.random() < 0.2:
            edit.values[f"{a1.column_letter(rng.randint(1, 8))}{rng.randint(1, 9)}"] = rng.choice(kinds)
        if edit.values:
            assert_patches_as_read_back(xml, edit)


# --------------------------------------------------------- the whole recompute, old and new


def _with_cell(data: bytes, part: str, pattern: bytes, new: bytes) -> bytes:
    """``data`` with the first match of ``pattern`` in ``part`` replaced."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for n in src.namelist():
            body = src.read(n)
            if n == part:
                body, k = re.subn(pattern, new, body, count=1)
                assert k == 1
            dst.writestr(n, body)
    return out.getvalue()


def _books() -> list[tuple[str, bytes]]:
    demo = workbook_bytes(demo_tournament())
    ref_cell = _with_cell(demo, "xl/worksheets/sheet1.xml", rb'<c r="G6"[^>]*>.*?</c>',
                          b'<c r="G6" s="6" t="e"><v>#REF!</v></c>')
    return [("demo", demo), ("ref-error", ref_cell), ("odd", odd_workbook())] + [
        (p.name, p.read_bytes()) for p in TEMPLATES]


def _scenarios() -> list[tuple[str, bytes]]:
    """Workbooks whose tables change shape: fewer tie-breaks (narrower), more players in the
    Settings' list than fit, a cell typed inside a spill area, a player removed (shorter)."""
    demo = workbook_bytes(demo_tournament())
    narrower = _with_cell(demo, "xl/worksheets/sheet3.xml", rb'(<c r="B11"[^>]*?)(?: t="[^"]*")?>.*?</c>', rb"\1/>")
    # a recompute with one tie-break less narrows the spills; the tie-break back, and a value
    # typed in the column it needs, blocks the Standings
    narrowed = rc.recompute_bytes(narrower)[0]
    widened = _with_cell(narrowed, "xl/worksheets/sheet3.xml", rb'<c r="B11"[^>]*?/>',
                         b'<c r="B11" s="12" t="inlineStr"><is><t>WIN</t></is></c>')
    blocked = _with_cell(widened, "xl/worksheets/sheet2.xml", rb'<c r="L6"[^>]*?/>',
                         b'<c r="L6" t="inlineStr"><is><t>mine</t></is></c>')
    shorter = _with_cell(demo, "xl/worksheets/sheet1.xml", rb'<row r="10"[^>]*>.*?</row>', b"")
    emptied = _with_cell(demo, "xl/worksheets/sheet1.xml", rb'<c r="A5"[^>]*?>.*?</c>', b"")
    return [("narrower", narrower), ("widened", widened), ("blocked", blocked), ("shorter", shorter),
            ("emptied", emptied)] + _books()


def _captured_recompute(data: bytes) -> tuple[bytes, rc.Report, dict[str, sheet_patch.SheetEdit]]:
    """The recomputed workbook, its report and each sheet's edit as the writer got it."""
    from xl_tiebreak.excel.functions import individual as fx
    fx.CACHE.clear()
    edits: dict[str, sheet_patch.SheetEdit] = {}
    real = rc._patched

    def spy(src, sheet, edit, part, report):
        edits[sheet] = edit
        return real(src, sheet, edit, part, report)
    rc._patched = spy
    try:
        got, report = rc.recompute_bytes(data)
    finally:
        rc._patched = real
    return got, report, edits


def _openpyxl_cells(data: bytes, data_only: bool) -> dict[str, dict[str, Any]]:
    """Every sheet's cells as openpyxl reads them: cached values, or formulas."""
    from openpyxl import load_workbook
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        wb = load_workbook(io.BytesIO(data), data_only=data_only)
    return {ws.title: {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}
            for ws in wb.worksheets}


@pytest.mark.parametrize("name,data", _scenarios(), ids=[n for n, _ in _scenarios()])
def test_recompute_results_read_back_by_openpyxl(name, data):
    """openpyxl (an independent reader) opens the recomputed workbook: every cell the recompute
    wrote holds what it wrote, every other cell what it held, every formula is kept (an anchor
    over its new range, a grown store range in its new text)."""
    from openpyxl.worksheet.formula import ArrayFormula
    from test_sheet_patch_read_back import read_as
    try:
        got, report, edits = _captured_recompute(data)
    except TiebreakError as exc:
        assert exc.detail, exc  # a refusal says why
        return
    assert edits and report.written == sum(len(e.values) for e in edits.values())
    if name == "odd":  # openpyxl itself refuses the input (D5 <v>x</v> as a number): no oracle here;
        # its SCORE(B5, ...) reads B5, a formula we do not evaluate: an error naming B5, not a skip
        assert report.errors["Odd!A5"].startswith("Odd!B5: holds a formula"), report.errors
        return
    before, after = _openpyxl_cells(data, True), _openpyxl_cells(got, True)
    formulas_before, formulas_after = _openpyxl_cells(data, False), _openpyxl_cells(got, False)
    for sheet, cells in after.items():
        edit = edits.get(sheet, sheet_patch.SheetEdit())
        for coord in set(cells) | set(before[sheet]) | set(edit.values):
            want = read_as(edit.values[coord]) if coord in edit.values else before[sheet].get(coord)
            assert cells.get(coord) == want, (name, sheet, coord)
        for coord, formula in formulas_before[sheet].items():
            if not isinstance(formula, ArrayFormula) and not (isinstance(formula, str) and formula.startswith("=")):
                continue  # a constant, checked above
            now = formulas_after[sheet].get(coord)
            if coord in edit.arrays:
                assert isinstance(now, ArrayFormula) and now.ref == edit.arrays[coord], (sheet, coord)
            elif coord not in edit.formulas and not isinstance(formula, ArrayFormula):
                assert now == formula, (name, sheet, coord)
    if name == "ref-error":
        assert any("Crosstable!G6" in m and "#REF!" in m for m in report.errors.values()), report.errors
    if name == "blocked":
        assert "Standings!L6 is not empty" in report.errors["Standings!A4"]


def test_the_recompute_does_not_load_openpyxl(tmp_path):
    script = ("import sys\n"
              "from xl_tiebreak.cli import main\n"
              "status = main(['recompute', sys.argv[1], '-o', sys.argv[2]])\n"
              "print('openpyxl loaded' if 'openpyxl' in sys.modules else 'no openpyxl')\n"
              "sys.exit(status)\n")
    book = ROOT / "workbook_templates" / "xl-tiebreak-swiss.xlsx"
    proc = subprocess.run([sys.executable, "-c", script, str(book), str(tmp_path / "out.xlsx")],
                          capture_output=True, text=True)
    assert proc.stdout.strip().endswith("no openpyxl"), proc.stdout + proc.stderr


def test_docstring_examples_of_the_reader_and_writer():
    import doctest

    from xl_tiebreak.excel.xlsx import formula_shift
    for mod in (a1, cell_dates, formula_shift, sheet_patch):
        failed, tried = doctest.testmod(mod)
        assert tried > 0 and failed == 0, mod.__name__


# ------------------------------------------------- the reader's fast paths against its long ones


def _random_cell(rng: random.Random, row: int, col: int) -> str:
    """A cell of row ``row``, column ``col``: mostly of the usual shapes the reader takes a short
    way for, sometimes not (no or odd name, rich text, formula, ``<v>`` and ``<is>`` together)."""
    name = f"{a1.column_letter(col)}{row}"
    r = rng.choice([f' r="{name}"'] * 12 + ["", f' r="{name.lower()}"', f' r="{a1.column_letter(col)}{row + 1}"',
                                            f' r="{a1.column_letter(col)}0{row}"', ' r=""'])
    s = rng.choice(["", "", ' s="0"', ' s="1"', ' s="2"', ' s="3"', ' s="4"', ' s="6"', ' s="7"', ' s="8"', ' s=""'])
    body = rng.choice([
        ("", "<v>42</v>"), (' t="n"', "<v>-0.5</v>"), ("", "<v>45717.25</v>"), ("", "<v>1E3</v>"), ("", "<v></v>"),
        ("", None), (' t="n"', None), (' t="str"', "<v>text</v>"), (' t="str"', "<v> </v>"), (' t="s"', "<v>1</v>"),
        (' t="s"', "<v>3</v>"), (' t="b"', "<v>1</v>"), (' t="b"', "<v>0</v>"), (' t="e"', "<v>#N/A</v>"),
        (' t="d"', "<v>2025-03-01</v>"), (' t="inlineStr"', "<is><t>in line</t></is>"),
        (' t="inlineStr"', "<is><t/></is>"),
        (' t="inlineStr"', "<is><r><t>ri</t></r><r><t>ch</t></r></is>"), (' t="inlineStr"', "<v>5</v>"),
        (' t="inlineStr"', None), ("", "<is><t>not inline</t></is>"),
        (' t="inlineStr"', "<v>1</v><is><t>both</t></is>"),
        ("", "<f>A1+1</f><v>2</v>"), (' t="str"', "<f>\"a\"&amp;\"b\"</f><v>ab</v>"), ("", "<v>7</v><extLst/>"),
        (' t="s"', "<v>0</v>"), ("", "<v><b/>3</v>")])
    kind, inner = body
    return f"<c{r}{s}{kind}/>" if inner is None else f"<c{r}{s}{kind}>{inner}</c>"


def _random_sheet(rng: random.Random) -> str:
    """Rows of random cells, mostly in order and within the dimension, sometimes not."""
    rows = []
    for row in range(1, rng.randint(2, 12)):
        cols = sorted(rng.sample(range(1, 9), rng.randint(0, 7)))
        if rng.random() < 0.1:
            rng.shuffle(cols)
        if rng.random() < 0.05 and cols:
            cols.append(cols[0])
        cells = "".join(_random_cell(rng, row, c) for c in cols)
        r = rng.choice([f' r="{row}"'] * 8 + ["", f' r="{row + 1}"'])
        rows.append(f"<row{r}>{cells}</row>")
    return _sheet("".join(rows), rng.choice(["A1:H12", "A1:E12", "A1:H5", "", "A1:Z99"]))


def test_random_rows_read_as_openpyxl_reads_them():
    """Rows of every shape, read as openpyxl reads them, and the same with the short way for
    usual rows turned off."""
    from xl_tiebreak.excel.xlsx import sheet as xlsx_reader
    rng = random.Random(2026)
    real = xlsx_reader._SheetReader._plain_row
    for _ in range(40):
        data = _book([(f"S{i}", _random_sheet(rng), "visible") for i in range(3)], strings=STRINGS, styles=STYLES)
        now = assert_reads_as_openpyxl(data)
        xlsx_reader._SheetReader._plain_row = lambda *_args: None
        try:
            slow = read_with_formula_book(data)
            assert slow == now and typed(slow["cells"]) == typed(now["cells"])
            assert [list(c.items()) for c in slow["cells"].values()] == [list(c.items()) for c in now["cells"].values()]
        finally:
            xlsx_reader._SheetReader._plain_row = real


def _big_sheet(rng: random.Random, rows: int) -> str:
    """A sheet of many rows of usual cells, a shared formula down column H (some cells odd)."""
    out = []
    for row in range(1, rows + 1):
        cells = [f'<c r="A{row}" t="inlineStr"><is><t>p{row}</t></is></c>']
        for c in range(2, 7):
            usual = f'<c r="{a1.column_letter(c)}{row}" s="{c % 3}"><v>{row * c / 4}</v></c>'
            cells.append(_random_cell(rng, row, c) if rng.random() < 0.02 else usual)
        shared = '<f t="shared" ref="H1:H9999" si="0">A1*2</f>' if row == 1 else '<f t="shared" si="0"/>'
        cells.append(f'<c r="H{row}">{shared}<v>1</v></c>')
        out.append(f'<row r="{row}">{"".join(cells)}</row>')
    return _sheet("".join(out), f"A1:H{rows}")


def _read_both(book: Any, xml: str) -> tuple[Any, Any, int]:
    """The reader's cells of a sheet part, the cells read from its parser's events alone, and
    how often the reader fell back on those (outcomes: SheetCells, or the error's type and text)."""
    from xl_tiebreak.excel.xlsx import sheet as xlsx_reader
    data = xml.encode("utf-8")

    def outcome(read: Any) -> Any:
        try:
            got = read(data)
        except Exception as exc:
            return type(exc), str(exc)
        return got.formulas, [(k, type(v), v) for k, v in got.values.items()]
    real = xlsx_reader._SheetReader._read_streamed
    calls = []

    def spy(self: Any, blob: bytes) -> Any:
        calls.append(1)
        return real(self, blob)
    xlsx_reader._SheetReader._read_streamed = spy
    try:
        now = outcome(xlsx_reader._SheetReader(book, "xl/worksheets/sheet1.xml").read)
    finally:
        xlsx_reader._SheetReader._read_streamed = real
    streamed = outcome(xlsx_reader._SheetReader(book, "xl/worksheets/sheet1.xml")._read_streamed)
    return now, streamed, len(calls)


def _in_sheet(before: str, rows: str, after: str = "", dimension: str = '<dimension ref="A1:H20"/>') -> str:
    return (f'<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="{MAIN}">{before}{dimension}'
            f'<sheetData>{rows}</sheetData>{after}</worksheet>')


ROWS = '<row r="1"><c r="A1"><v>1</v></c><c r="B1" t="s"><v>1</v></c></row><row r="2"><c r="A2"><v>2</v></c></row>'
UNUSUAL_SHEETS = {  # the tags the reading looks at elsewhere than Excel puts them, or errors
    "row in a value": _in_sheet("", '<row r="1"><c r="A1"><v>1<row r="5"><c r="B5"><v>2</v></c></row></v></c></row>'),
    "row in a row": _in_sheet("", '<row r="1"><c r="A1"><v>1</v></c><row r="3"><c r="B3"><v>2</v></c></row></row>'),
    "row in text": _in_sheet("", '<row r="1"><c r="A1" t="inlineStr"><is><t>a<row r="2"/></t></is></c></row>' + ROWS),
    "dimension in a cell": _in_sheet("", '<row r="1"><c r="A1"><v>1</v><dimension ref="A1:A1"/></c></row>' + ROWS,
                                     "", ""),
    "dimension in sheetPr": _in_sheet('<sheetPr><dimension ref="A1:A1"/></sheetPr>', ROWS, "", ""),
    "dimension with a row": _in_sheet("", ROWS, "", '<dimension ref="A1:H2"><row r="9"/></dimension>'),
    "dimension after": _in_sheet("", ROWS, '<dimension ref="A1:A1"/>', ""),
    "row after": _in_sheet("", ROWS, '<row r="7"><c r="A7"><v>7</v></c></row>'),
    "row before": _in_sheet('<row r="1"><c r="C1"><v>7</v></c></row>', ROWS),
    "two sheetData": _in_sheet("", ROWS, f'<sheetData>{ROWS.replace("A2", "C2")}</sheetData>'),
    "sheetData in a row": _in_sheet("", '<row r="1"><c r="A1"><v>1</v></c><sheetData/></row>' + ROWS),
    "sheetData as root": f'<sheetData xmlns="{MAIN}">{ROWS}</sheetData>',
    "row as root": f'<row xmlns="{MAIN}" r="5"><sheetData>{ROWS}</sheetData><c r="A5"><v>5</v></c></row>',
    "dimension as a cell": _in_sheet("", '<row r="1"><c r="A1"><v>1</v></c><dimension r="B1" ref="A1:A1"/></row>'
                                     '<row r="2"><c r="A2"><v>2</v></c></row>', "", ""),
    "dimension in sheetData": _in_sheet("", '<dimension ref="A1:A1"/>' + ROWS, "", ""),
    "no sheetData": f'<worksheet xmlns="{MAIN}"><dimension ref="A1:A2"/>{ROWS}</worksheet>',
    "long prolog": _in_sheet("<cols>" + '<col min="1" max="1" width="9"/>' * 9000 + "</cols>", ROWS),
    "broken after a bad cell": _in_sheet("", ROWS + '<row r="3"><c r="A3"><v>4x</v></c></row>' * 3000, "<oops>"),
    "broken": _in_sheet("", ROWS * 3000, "<oops>"),
    "broken in the chunk past the dimension": _in_sheet("", ROWS + ROWS.replace('"1"', '"30"') + "<row>", "<oops>"),
    "broken past the dimension (read too)": _in_sheet("", ROWS + '<row r="30"><c r="A30"><v>4</v></c></row>' * 3000, "<oops>"),
    "bad shared formula": _in_sheet("", '<row r="1"><c r="A1"><f t="shared" si="0"/></c><c><f t="shared" si="1">A1</f>'
                                    "</c></row>"),
}
USUAL_SHEETS = {
    "odd cells": ODD, "prefixed": PREFIXED, "no dimension": _in_sheet("", ROWS, "", ""),
    "other children of sheetData": _in_sheet("", ROWS + '<extLst><ext uri="x"><c r="A9"/></ext></extLst>' + ROWS),
    "empty": _in_sheet("", ""), "self-closed": _sheet("").replace("<sheetData></sheetData>", "<sheetData/>"),
}


@pytest.mark.parametrize("name", sorted(UNUSUAL_SHEETS) + sorted(USUAL_SHEETS))
def test_sheets_read_off_their_tree_as_from_events(name):
    """The reading off the growing tree gives what the parser's events give, falling back on
    those exactly for the unusual places of rows, dimensions and sheetData, and on errors."""
    book = _open_book()
    now, streamed, fallbacks = _read_both(book, UNUSUAL_SHEETS.get(name) or USUAL_SHEETS[name])
    assert now == streamed
    assert fallbacks == (1 if name in UNUSUAL_SHEETS else 0)
    if name == "broken":
        assert now[0] is InputError and "xl/worksheets/sheet1.xml is not well-formed" in now[1]
    if name == "broken after a bad cell":  # the bad cell is named, before the broken XML is reached
        assert now[0] is InputError and "A3" in now[1] and "'4x' where a number should be" in now[1]


def _open_book() -> Any:
    from xl_tiebreak.excel.xlsx.sheet import XlsxBook
    return XlsxBook(zipfile.ZipFile(io.BytesIO(_book([("S", _sheet(""), "visible")], strings=STRINGS, styles=STYLES))))


def test_big_sheets_read_off_their_tree_as_from_events_and_in_pieces():
    """Many rows over many chunks: the same cells and formulas as from the events, the tree
    holding a few chunks' rows at a time."""
    from xl_tiebreak.excel.xlsx import safe_xml
    rng = random.Random(3)
    xml = _big_sheet(rng, 3000)
    assert len(xml) > 8 * safe_xml.CHUNK
    most = []
    real = safe_xml._grow

    def watch(data: bytes, part: str):
        for root, done in real(data, part):
            if root is not None and root.find(f"{{{MAIN}}}sheetData") is not None:
                most.append(len(root.find(f"{{{MAIN}}}sheetData")))
            yield root, done
    safe_xml._grow = watch
    try:
        now, streamed, fallbacks = _read_both(_open_book(), xml)
    finally:
        safe_xml._grow = real
    assert now == streamed and fallbacks == 0 and len(now[0]) >= 3000
    assert 0 < max(most) < 3000 / 8


def _strings_both(xml: str) -> tuple[Any, Any, bool]:
    """The shared strings as the reader reads them, as the parser's events give them, and
    whether the reader read them off the tree (outcomes: a list, or the error's type and text)."""
    from xl_tiebreak.excel.xlsx import safe_xml, strings
    data = xml.encode("utf-8")

    def outcome(read: Any) -> Any:
        try:
            return read()
        except Exception as exc:
            return type(exc), str(exc)
    streamed = outcome(lambda: [strings.unescape(strings.text_of(si))
                                for si in safe_xml.stream(data, "xl/sharedStrings.xml", {f"{{{MAIN}}}si"})])
    grown = outcome(lambda: strings._strings_grown(data, "xl/sharedStrings.xml"))
    return outcome(lambda: strings.shared_strings(data, "xl/sharedStrings.xml")), streamed, isinstance(grown, list)


SST = f'<?xml version="1.0" encoding="UTF-8"?><sst xmlns="{MAIN}">'
STRING_TABLES = {  # name: (table, read off the tree)
    "odd strings": (STRINGS, True),
    "many": (SST + "".join(f"<si><t>s{i} &amp; _x005F_{i}_x000D_</t></si>" for i in range(20000)) + "</sst>", True),
    "prefixed": (f'<x:sst xmlns:x="{MAIN}"><x:si><x:t>a</x:t></x:si><x:si><x:r><x:t>b</x:t></x:r></x:si>'
                 '</x:sst>', True),
    "other children": (SST + "<si><t>a</t></si><extLst><ext/></extLst><si><t/></si></sst>", True),
    "si in a run": (SST + "<si><r><t>a</t><si><t>b</t></si></r></si><si><t>c</t></si></sst>", False),
    "si in a text": (SST + "<si><t>a<si><t>b</t></si></t></si></sst>", False),
    "si in phonetics": (SST + "<si><t>a</t><rPh><si><t>b</t></si></rPh></si></sst>", False),
    "si in other children": (SST + "<si><t>a</t></si><extLst><si><t>b</t></si></extLst></sst>", False),
    "si as root": (f'<si xmlns="{MAIN}"><t>a</t></si>', False),
    "long prolog": (SST.replace("?><sst", "?>" + "<!-- pad -->" * 30000 + "<sst") + "<si><t>a</t></si></sst>", False),
    "broken": (SST + "<si><t>a</t></si>" * 20000 + "<si>", False),
    "empty": ("", False),
}


@pytest.mark.parametrize("name", sorted(STRING_TABLES))
def test_shared_strings_read_off_their_tree_as_from_events(name):
    xml, off_tree = STRING_TABLES[name]
    now, streamed, grown = _strings_both(xml)
    assert now == streamed and grown == off_tree
    assert isinstance(now, list) == (name not in ("broken", "empty"))
    if name == "broken":
        assert now[0] is InputError and "xl/sharedStrings.xml is not well-formed" in now[1]


def test_without_a_tree_to_see_before_the_end(monkeypatch):
    """Where the tree builder cannot show its tree before the end (the pure-Python one), a big
    part is read from the parser's events, a small one off its whole tree: the same cells."""
    from xl_tiebreak.excel.xlsx import safe_xml

    class Strict:
        def close(self) -> None:
            raise AssertionError("missing end tags")
    assert safe_xml._root_so_far(Strict()) is None
    monkeypatch.setattr(safe_xml, "_root_so_far", lambda builder: None)
    book = _open_book()
    for xml, fallbacks in [(_big_sheet(random.Random(4), 2000), 1), (ODD, 0)]:
        now, streamed, used = _read_both(book, xml)
        assert now == streamed and used == fallbacks
