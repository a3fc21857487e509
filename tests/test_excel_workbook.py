"""Templates, workbooks from and to TRF, the workbook reader, and the headless recompute."""

from __future__ import annotations

import io
import re
import shutil
import subprocess
import zipfile
from pathlib import Path

import pytest
from openpyxl import load_workbook

from xl_tiebreak import compute, demo_tournament, parse_trf, read_trf, write_trf
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.examples import demo_text
from xl_tiebreak.excel.recompute import patch_sheet_xml, recompute, recompute_bytes
from xl_tiebreak.excel.template import template_bytes
from xl_tiebreak.excel.workbook import read_workbook, workbook_bytes, write_workbook
from xl_tiebreak.formatting import json_number
from conftest import ROOT, real_files

TEMPLATES = ROOT / "workbook_templates"
CODES = "BH/C1,BH,SB,DE,WIN,BPG"


@pytest.fixture
def demo_book(tmp_path) -> Path:
    path = tmp_path / "demo.xlsx"
    write_workbook(demo_tournament(), path)
    return path


# ------------------------------------------------------------------------------ templates


@pytest.mark.parametrize("kind,name", [("swiss", "xl-tiebreak-swiss.xlsx"),
                                       ("round-robin", "xl-tiebreak-round-robin.xlsx")])
def test_committed_templates_equal_the_generator(kind, name):
    assert (TEMPLATES / name).read_bytes() == template_bytes(kind)


def test_template_structure():
    wb = load_workbook(TEMPLATES / "xl-tiebreak-swiss.xlsx")
    assert wb.sheetnames == ["Crosstable", "Standings", "Settings", "Help", "xlwings.conf"]
    assert wb["xlwings.conf"].sheet_state == "hidden"
    assert (wb["xlwings.conf"]["A1"].value, wb["xlwings.conf"]["B1"].value) == ("UDF Modules", "xl_tiebreak.udfs")
    assert wb.defined_names["Crosstable"].attr_text == "Crosstable!$A$4:$P$404"
    ws = wb["Crosstable"]
    assert [ws.cell(4, j).value for j in range(1, 7)] == ["No", "Name", "Title", "Rating", "Fed", "R1"]
    assert ws.freeze_panes == "F5"
    assert ws["Q5"].value == "=SCORE($A5,Crosstable,Settings!$B$3,Settings!$B$4)"
    assert ws["R5"].value.startswith("=TIEBREAK($A5,Crosstable,Settings!$B$7,")
    assert ws["X404"].value.startswith("=PLACE($A404,")
    dv = ws.data_validations.dataValidation[0]
    assert "F5:P404" in str(dv.sqref) and "12w1" in dv.prompt and dv.showInputMessage
    assert ws.print_title_rows == "$4:$4" and ws.page_setup.orientation == "landscape"
    st = wb["Standings"]
    assert st["C5"].value == "=STANDINGS(Crosstable,Settings!$B$7:$B$12,Settings!$B$3,Settings!$B$4,1,3)"
    settings = wb["Settings"]
    assert (settings["B3"].value, settings["B4"].value) == ("fide2026", "swiss")
    assert [settings.cell(7 + j, 2).value for j in range(6)] == CODES.split(",")
    rr = load_workbook(TEMPLATES / "xl-tiebreak-round-robin.xlsx")
    assert rr["Settings"]["B4"].value == "round-robin" and rr["Settings"]["B7"].value == "DE"


# ---------------------------------------------------------------- workbooks from and to TRF


def test_workbook_from_trf_and_back(tmp_path):
    t = parse_trf(demo_text())
    book = tmp_path / "b.xlsx"
    write_workbook(t, book)
    again, settings = read_workbook(book)
    assert again.players == tuple(p.__class__(**{**p.__dict__, "declared_points": None, "declared_rank": None,
                                                 "sex": "", "fide_id": "", "birth": ""}) for p in t.players)
    assert settings.edition == "fide2024" and settings.start_date == "2025-01-01"  # edition of 042's date
    trf2 = parse_trf(write_trf(again))
    assert [p.rounds for p in trf2.players] == [p.rounds for p in t.players]
    assert compute(again, CODES).values == compute(t, CODES).values


@pytest.mark.parametrize("path", [p for p in real_files() if "team" not in p.name][:6], ids=lambda p: p.name)
def test_real_files_through_a_workbook(path, tmp_path):
    t = read_trf(path)
    book = tmp_path / "real.xlsx"
    write_workbook(t, book)
    again, _ = read_workbook(book)
    codes = "BH/C1,BH,SB,FB,AOB,DE,WIN,ARO,TPR,PS"
    assert compute(again, codes).values == compute(t, codes).values


def test_text_is_written_as_text_never_as_a_formula(tmp_path):
    from dataclasses import replace
    demo = demo_tournament()
    names = {1: '=HYPERLINK("x")', 2: "+cmd|'/c'", 3: "@SUM(1)", 4: "-2+3"}
    t = demo.with_players(replace(p, name=names.get(p.no, p.name)) for p in demo.players)
    book = tmp_path / "evil.xlsx"
    write_workbook(t, book)
    with zipfile.ZipFile(book) as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
    assert "<f>HYPERLINK" not in sheet and "<f>cmd" not in sheet
    ws = load_workbook(book)["Crosstable"]
    assert ws["B5"].data_type == "s" and ws["B5"].value == t.player(1).name
    again, _ = read_workbook(book)
    assert [p.name for p in again.players] == [p.name for p in t.players]
    report = recompute(book, tmp_path / "out.xlsx")
    assert report.skipped == {} and report.errors == {}


def test_reader_errors_name_sheet_and_cell(tmp_path, demo_book):
    wb = load_workbook(demo_book)
    wb["Crosstable"]["G6"] = "12x1"
    bad = tmp_path / "bad.xlsx"
    wb.save(bad)  # a test fixture: openpyxl may write it
    with pytest.raises(InputError, match=r"Crosstable!G6: '12x1' is not a result"):
        read_workbook(bad)
    wb["Crosstable"]["G6"] = "3w1"
    wb["Crosstable"]["A7"] = "three"
    wb.save(bad)
    with pytest.raises(InputError, match=r"Crosstable!A7: start number 'three'"):
        read_workbook(bad)
    (tmp_path / "not.xlsx").write_text("hello")
    with pytest.raises(InputError, match="not.xlsx: not a .xlsx workbook"):
        read_workbook(tmp_path / "not.xlsx")


def test_workbook_refuses_to_overwrite(tmp_path, demo_book):
    with pytest.raises(InputError, match="exists"):
        write_workbook(demo_tournament(), demo_book)


# ------------------------------------------------------------------------------ recompute


def _cached(book: Path) -> dict:
    wb = load_workbook(book, data_only=True)
    return {ws.title: {c.coordinate: c.value for row in ws.iter_rows() for c in row} for ws in wb.worksheets}


def test_recompute_fills_every_function_cell_with_the_engines_values(tmp_path, demo_book):
    out = tmp_path / "out.xlsx"
    report = recompute(demo_book, out)
    assert report.errors == {} and report.skipped == {}
    formulas = load_workbook(demo_book)
    n_formulas = sum(1 for ws in formulas.worksheets for row in ws.iter_rows() for c in row
                     if isinstance(c.value, str) and c.value.startswith("="))
    assert report.written == n_formulas
    vals = _cached(out)
    res = compute(demo_tournament(), CODES, edition="fide2024")
    for k, p in enumerate(demo_tournament().players):  # 4 rounds: Pts in J, tie-breaks K-P, Place Q
        row = 5 + k
        assert vals["Crosstable"][f"J{row}"] == json_number(res.points[k])
        got = [vals["Crosstable"][f"{col}{row}"] for col in "KLMNOP"]
        assert got == [json_number(v) for v in res.values[k]]
    assert [vals["Crosstable"][f"{c}4"] for c in "KLMNOP"] == CODES.split(",")
    assert [vals["Crosstable"][f"Q{r}"] for r in range(5, 11)] == [2, 3, 1, 5, 4, 6]
    assert [vals["Standings"][f"B{r}"] for r in range(5, 11)] == [3, 1, 2, 5, 4, 6]
    assert vals["Standings"]["C5"] == "Three, C"
    # compute BOOK.xlsx gives the same as compute TRF (the Settings sheet holds edition and list)
    again, settings = read_workbook(out)
    assert compute(again, ",".join(settings.tiebreaks), edition=settings.edition).values == res.values


def test_recompute_changes_nothing_else(tmp_path, demo_book):
    out = tmp_path / "out.xlsx"
    recompute(demo_book, out)
    with zipfile.ZipFile(demo_book) as a, zipfile.ZipFile(out) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()]
        changed = [n for n in a.namelist() if a.read(n) != b.read(n)]
        assert sorted(changed) == ["xl/worksheets/sheet1.xml", "xl/worksheets/sheet2.xml"]
        for name in changed:
            old, new = a.read(name).decode(), b.read(name).decode()
            # outside the <v> values and t attributes of formula cells, the XML is the same
            strip = lambda x: re.sub(r'<v>[^<]*</v>|<v\s*/>| t="[^"]*"', "", x)  # noqa: E731
            assert strip(old) == strip(new)


def _add_parts(book: Path, dest: Path) -> dict[str, bytes]:
    """Copy a workbook adding a macro part, an add-in (web extension) part and a custom XML
    part, as Excel would hold them; returns the added parts."""
    extra = {
        "xl/vbaProject.bin": bytes(range(256)) * 4,
        "xl/webextensions/webextension1.xml": b'<?xml version="1.0"?><we:webextension xmlns:we="http://schemas.microsoft.com/office/webextensions/webextension/2010/11" id="{1}"/>',
        "xl/webextensions/taskpanes.xml": b'<?xml version="1.0"?><wetp:taskpanes xmlns:wetp="http://schemas.microsoft.com/office/webextensions/taskpanes/2010/11"/>',
        "customXml/item1.xml": b"<xlwings/>",
    }
    with zipfile.ZipFile(book) as src, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info, src.read(info.filename))
        for name, data in extra.items():
            dst.writestr(name, data)
    return extra


def test_recompute_keeps_chart_macro_and_add_in_parts(tmp_path):
    from openpyxl.chart import BarChart, Reference
    wb = load_workbook(io.BytesIO(workbook_bytes(demo_tournament())))
    chart = BarChart()
    chart.add_data(Reference(wb["Crosstable"], min_col=4, min_row=4, max_row=10), titles_from_data=True)
    wb["Crosstable"].add_chart(chart, "B20")
    with_chart = tmp_path / "chart.xlsx"
    wb.save(with_chart)  # test fixture
    book = tmp_path / "full.xlsm"
    extra = _add_parts(with_chart, book)
    out = tmp_path / "out.xlsm"
    report = recompute(book, out)
    assert report.written > 100 and report.errors == {}
    with zipfile.ZipFile(book) as a, zipfile.ZipFile(out) as b:
        assert any(n.startswith("xl/charts/") for n in b.namelist())
        for name in a.namelist():
            if not name.startswith("xl/worksheets/sheet"):
                assert a.read(name) == b.read(name), name
        for name, data in extra.items():
            assert b.read(name) == data


def test_recompute_replaces_the_input_only_without_output_and_keeps_a_backup(tmp_path, demo_book):
    before = demo_book.read_bytes()
    report = recompute(demo_book)
    assert report.output == demo_book and report.backup == tmp_path / "demo.bak.xlsx"
    assert report.backup.read_bytes() == before and demo_book.read_bytes() != before
    out = tmp_path / "o.xlsx"
    out.write_bytes(b"keep me")
    with pytest.raises(InputError, match="exists"):
        recompute(demo_book, out)
    assert out.read_bytes() == b"keep me"
    recompute(demo_book, out, overwrite=True)
    assert zipfile.is_zipfile(out)


def test_recompute_refuses_when_excel_has_the_file_open(tmp_path, demo_book):
    (tmp_path / "~$demo.xlsx").write_bytes(b"lock")
    before = demo_book.read_bytes()
    with pytest.raises(InputError, match="Excel .or LibreOffice. has this workbook open"):
        recompute(demo_book)
    assert demo_book.read_bytes() == before


def test_recompute_reports_bad_cells_and_still_writes_the_rest(tmp_path, demo_book):
    wb = load_workbook(demo_book)
    wb["Crosstable"]["G6"] = "12x1"
    bad = tmp_path / "bad.xlsx"
    wb.save(bad)
    report = recompute(bad, tmp_path / "o.xlsx")
    assert report.errors and report.written > 100
    assert set(report.errors.values()) == {"Crosstable!G6: '12x1' is not a result; write e.g. 12w1, 12b½, +12, BYE, H"}
    assert _cached(tmp_path / "o.xlsx")["Crosstable"]["J5"] == "#VALUE!"


def test_evaluator_forms(tmp_path):
    """Literal arguments, cell and range references, sheet-qualified references, defined names,
    the _xldudf_ prefix, and formulas we do not evaluate (left alone)."""
    from openpyxl import Workbook
    from openpyxl.workbook.defined_name import DefinedName
    wb = Workbook()
    ws = wb.active
    ws.title = "Data Sheet"
    t = demo_tournament()
    ws.append(["No", "Name", "Rating", "R1", "R2", "R3", "R4"])
    from xl_tiebreak.notation import format_cell
    for p in t.players:
        ws.append([p.no, p.name, p.rating] + [format_cell(r) for r in p.rounds])
    wb.defined_names["Table"] = DefinedName("Table", attr_text="'Data Sheet'!$A$1:$G$7")
    calc = wb.create_sheet("Calc")
    calc["A1"] = "fide2024"
    calc["B1"] = 3
    calc["A2"] = "=BUCHHOLZ(3,Table,\"fide2024\")"
    calc["A3"] = "=_xldudf_BUCHHOLZ(B1,'Data Sheet'!A1:G7,A1)"
    calc["A4"] = "=TIEBREAK($B$1,Table,\"SB/C1\",Calc!A1)"
    calc["A5"] = "=SVON(0,1,9,1)"
    calc["A6"] = "=SUM(B1,1)"
    calc["A7"] = "=BUCHHOLZ(3,Table,,)"
    calc["A8"] = "=STANDINGS(Table,\"BH\",A1,,1,3)"
    src = tmp_path / "forms.xlsx"
    wb.save(src)
    report = recompute(src, tmp_path / "out.xlsx")
    vals = _cached(tmp_path / "out.xlsx")["Calc"]
    assert (vals["A2"], vals["A3"], vals["A4"], vals["A5"]) == (11.5, 11.5, 8.5, 4)
    assert vals["A7"] == 8 and vals["A8"] == "Three, C"
    assert "Calc!A6" not in report.values and vals["A6"] is None  # not ours: untouched


def test_patch_sheet_xml_sets_only_the_named_cells():
    xml = ('<sheetData><row r="1"><c r="A1" s="2"><f>SCORE(1,X)</f><v>0</v></c><c r="B1" t="s"><v>4</v></c>'
           '<c r="C1"><f>TIEBREAK(1,X,"BH")</f></c><c r="D1" s="1"/></row></sheetData>')
    new, n = patch_sheet_xml(xml, {"A1": 3.5, "C1": "#N/A", "D1": "text & <more>"})
    assert n == 3
    assert '<c r="A1" s="2"><f>SCORE(1,X)</f><v>3.5</v></c>' in new
    assert '<c r="B1" t="s"><v>4</v></c>' in new
    assert '<c r="C1" t="e"><f>TIEBREAK(1,X,"BH")</f><v>#N/A</v></c>' in new
    assert '<c r="D1" s="1" t="str"><v>text &amp; &lt;more&gt;</v></c>' in new


def test_patch_sheet_xml_with_a_namespace_prefix():
    xml = ('<x:sheetData><x:row r="1"><x:c r="A1" s="2"><x:f>SCORE(1,X)</x:f><x:v>0</x:v></x:c>'
           '<x:c r="B1" t="s"><x:v>4</x:v></x:c></x:row></x:sheetData>')
    new, n = patch_sheet_xml(xml, {"A1": "text"})
    assert n == 1
    assert '<x:c r="A1" s="2" t="str"><x:f>SCORE(1,X)</x:f><x:v>text</x:v></x:c>' in new
    assert '<x:c r="B1" t="s"><x:v>4</x:v></x:c>' in new


def test_recompute_refuses_zip_bombs_and_non_zips(tmp_path):
    with pytest.raises(InputError, match="not a .xlsx"):
        recompute_bytes(b"not a zip")
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", zipfile.ZIP_DEFLATED) as z:
        z.writestr("xl/worksheets/sheet1.xml", b"\0" * (201 * 1024 * 1024))
    with pytest.raises(InputError, match="inflates"):
        recompute_bytes(bomb.getvalue())


# ------------------------------------------------------------------------------ the CLI


def test_cli_workbook_commands(tmp_path, capsys):
    trf = tmp_path / "e.trf"
    trf.write_text(demo_text())
    book = tmp_path / "e.xlsx"
    assert main(["workbook", str(trf), "-o", str(book), "--tiebreaks", "BH,SB", "--rules", "fide2026"]) == 0
    assert main(["recompute", str(book)]) == 0
    assert main(["compute", str(book), "-f", "json"]) == 0
    assert main(["export-trf", str(book), "-o", str(tmp_path / "back.trf")]) == 0
    assert main(["template", "--type", "round-robin", "-o", str(tmp_path / "rr.xlsx")]) == 0
    out = capsys.readouterr().out
    assert '"tiebreaks": ["BH", "SB"]' in out.replace("\n", "").replace(' ', ' ') or '"BH"' in out
    back = read_trf(tmp_path / "back.trf")
    assert [p.rounds for p in back.players] == [p.rounds for p in parse_trf(demo_text()).players]
    assert back.tiebreaks == ("BH", "SB")
    assert main(["workbook", str(trf), "-o", str(book)]) == 2  # exists: refused
    assert "exists" in capsys.readouterr().err
    assert main(["workbook", str(trf), "-o", str(tmp_path / "x.xlsx"), "-t", "BH,NOPE"]) == 2
    assert not (tmp_path / "x.xlsx").exists()


# ------------------------------------------------------------------------------ looking at it


@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdftotext") is None,
                    reason="LibreOffice (soffice) and pdftotext are not installed")
def test_libreoffice_renders_a_recomputed_workbook(tmp_path):
    book = tmp_path / "demo.xlsx"
    write_workbook(demo_tournament(), book)
    recompute(book)
    subprocess.run(["soffice", "--headless", "--convert-to", "pdf", "--outdir", str(tmp_path), str(book)],
                   check=True, capture_output=True, timeout=180)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "demo.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "#NAME?" not in text and "#VALUE!" not in text and "#N/A" not in text
    res = compute(demo_tournament(), CODES, edition="fide2024")
    for k, p in enumerate(demo_tournament().players):
        line = next(l for l in text.splitlines() if p.name in l and "NOR" in l)
        numbers = line.split()[-8:]  # Pts, six tie-breaks, Place: none empty
        want = [json_number(res.points[k])] + [json_number(v) for v in res.values[k]]
        assert [float(x) for x in numbers[:7]] == [float(w) for w in want], line
