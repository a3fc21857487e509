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
from xl_tiebreak.excel.recompute.cached_values import recompute, recompute_bytes
from xl_tiebreak.excel.xlsx.patch import patch_sheet_xml
from xl_tiebreak.excel.authoring.template import template_bytes
from xl_tiebreak.excel.authoring.workbook import workbook_bytes, write_workbook
from xl_tiebreak.excel.ranges.book_reader import read_workbook
from xl_tiebreak.formatting import json_number
from conftest import ROOT, real_files
from tests.support.pdf_pages import to_pdf

TEMPLATES = ROOT / "workbook_templates"
CODES = "BH/C1,BH,SB,DE,WIN"  # the templates' list: the default (xl_tiebreak.default_lists)


@pytest.fixture
def demo_book(tmp_path) -> Path:
    """The demo event in the template as openpyxl writes it: formulas, no values yet."""
    from xl_tiebreak.excel.authoring.template import to_bytes
    from xl_tiebreak.excel.authoring.workbook import filled_workbook
    path = tmp_path / "demo.xlsx"
    path.write_bytes(to_bytes(filled_workbook(demo_tournament())[0]))
    return path


# ------------------------------------------------------------------------------ templates


@pytest.mark.parametrize("kind,name", [("swiss", "xl-tiebreak-swiss.xlsx"),
                                       ("round-robin", "xl-tiebreak-round-robin.xlsx")])
def test_committed_templates_equal_the_generator(kind, name):
    assert (TEMPLATES / name).read_bytes() == template_bytes(kind)


def test_template_structure():
    wb = load_workbook(TEMPLATES / "xl-tiebreak-swiss.xlsx")
    assert wb.sheetnames == ["Crosstable", "Standings", "Settings", "Help", "Cache", "xlwings.conf", "Categories",
                             "Prizes", "What if", "Event"]  # Event last: the other sheets' parts keep their names
    assert wb["xlwings.conf"].sheet_state == "hidden" and wb["Cache"].sheet_state == "hidden"
    assert (wb["xlwings.conf"]["A1"].value, wb["xlwings.conf"]["B1"].value) == ("UDF Modules", "xl_tiebreak.udfs")
    assert wb.defined_names["Crosstable"].attr_text == "Crosstable!$A$4:$P$404"
    ws = wb["Crosstable"]
    assert [ws.cell(4, j).value for j in range(1, 7)] == ["No", "Name", "Title", "Rating", "Fed", "R1"]
    assert ws.freeze_panes == "F5"
    # the status line keeps its last value in the Cache sheet (shown where our functions do not run)
    assert ws["A3"].value == ("=IFERROR(STATUS(Crosstable,Settings!$B$4,Settings!$B$3:$B$5,Settings!$B$13,"
                              "Settings!$B$15,Settings!$B$7:$B$12),Cache!$AA$1)")
    # unrated, settings (a row per field of Options but unrated_rating), rounds, live
    tail = "Settings!$B$14,Settings!$A$17:$C$25,Settings!$B$13,Settings!$B$15"
    assert ws["Q4"].value.text == ("=IFERROR(RESULTS(Crosstable,Settings!$B$7:$B$12,Settings!$B$3:$B$5,Settings!$B$4,"
                                   f"{tail}),Cache!$A$1:$H$401)")
    assert ws["Q4"].value.ref == "Q4:W404"  # the spill: header and 400 rows; Pts, five tie-breaks, Place
    assert ws["Q5"].value is None and ws["X404"].value is None  # no formula per cell
    dv = ws.data_validations.dataValidation[0]
    # the result cells of the 400 rows and of the 20 rows kept ready for late entrants
    assert "F5:P424" in str(dv.sqref) and "12w1" in dv.prompt and dv.showInputMessage
    assert ws.print_title_rows == "$4:$4" and ws.page_setup.orientation == "landscape"
    st = wb["Standings"]
    assert st["A3"].value == "=Crosstable!$A$3"
    # the notice-board page: Title, Rating, Fed after the tie-breaks, then the rating figures (Rp, K,
    # Rtg+/-) at the Settings' rate of play where the Settings row Rating figures says yes, the legend
    # and notes under the table
    assert st["A4"].value.text == ("=IFERROR(STANDINGS(Crosstable,Settings!$B$7:$B$12,Settings!$B$3:$B$5,Settings!$B$4,,,"
                                   f"{tail},TRUE,Settings!$B$28,Settings!$B$27),Cache!$J$1:$Y$441)")
    assert st.page_setup.orientation == "portrait"
    settings = wb["Settings"]
    assert (settings["B3"].value, settings["B4"].value) == (None, "swiss")  # the edition follows the start date
    assert (settings["A13"].value, settings["B13"].value) == ("Rounds", None)  # empty: the round columns
    assert (settings["A15"].value, settings["B15"].value) == ("Live standings", "no")
    assert [settings.cell(7 + j, 2).value for j in range(6)] == CODES.split(",") + [None]
    assert settings["A14"].value == "Rating for unrated players" and settings["B14"].value is None
    # under the choices, the rate of play of the rating figures: empty, standard assumed (and said)
    assert (settings["A27"].value, settings["B27"].value) == ("Rate of play", None)
    # then whether the Standings page shows them: no (the page prints at about 10 pt, issue 33)
    assert (settings["A28"].value, settings["B28"].value) == ("Rating figures", "no")
    # the print area: the page without the rating figures (recompute takes them in when shown)
    assert st.print_area.startswith("'Standings'!$A$1:$M$")
    options = {settings.cell(r, 1).value: settings.cell(r, 2).value for r in range(17, 24)}
    assert options == {"unrated_policy": "drop", "svon_cut_unplayed_first": "no", "sb_vur_pick": "value",
                       "rr_forfeits": "text", "short_games_played": "yes", "cap_rounds": "evaluated",
                       "aob_decimals": "auto"}
    for sheet in ("Crosstable", "Standings", "Settings", "Help"):
        w = wb[sheet]
        assert w.page_setup.orientation == ("portrait" if sheet == "Standings" else "landscape"), sheet
        assert w.page_setup.fitToWidth == 1, sheet
        assert w.sheet_properties.pageSetUpPr.fitToPage and w.print_area, sheet
    helps = [wb["Help"].cell(r, 2).value or "" for r in range(1, wb["Help"].max_row + 1)]
    assert not any("``" in h or "\n" in h for h in helps)
    rr = load_workbook(TEMPLATES / "xl-tiebreak-round-robin.xlsx")
    assert rr["Settings"]["B4"].value == "round-robin" and rr["Settings"]["B7"].value == "DE"


def test_template_values_and_dynamic_array_metadata():
    """The committed templates carry their (empty) tables as Excel 365 spills."""
    with zipfile.ZipFile(TEMPLATES / "xl-tiebreak-swiss.xlsx") as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
        meta = z.read("xl/metadata.xml").decode()
        assert "sheetMetadata" in z.read("xl/_rels/workbook.xml.rels").decode()
        assert "/xl/metadata.xml" in z.read("[Content_Types].xml").decode()
    assert 'name="XLDAPR"' in meta and 'fDynamic="1"' in meta
    assert re.search(r'<c r="Q4"[^>]* cm="1"[^>]*><f t="array" ref="Q4:W404">IFERROR\(RESULTS', sheet)
    vals = _cached(TEMPLATES / "xl-tiebreak-swiss.xlsx")
    status = ("After round 0 of 11 (the round columns: write the event's rounds in Settings); rules fide2026 "
              "(assumed: no start date). No problems found.")
    assert vals["Crosstable"]["A3"] == status and vals["Standings"]["A3"] == status
    assert [vals["Crosstable"][f"{c}4"] for c in "QRSTUVW"] == ["Pts", *CODES.split(","), "Place"]
    assert [vals["Standings"][f"{c}4"] for c in "ABCDEFGHI"] == ["Rk", "No", "Name", "Pts", *CODES.split(",")]


def test_one_cell_forms(tmp_path):
    """--cells: one formula per value, for Excel without dynamic arrays; empty rows stay empty."""
    book = tmp_path / "cells.xlsx"
    assert main(["template", "--cells", "--players", "8", "--rounds", "4", "-o", str(book)]) == 0
    ws = load_workbook(book)["Crosstable"]
    assert ws["J5"].value == ('=IFERROR(SCORE($A5,Crosstable,Settings!$B$3:$B$5,Settings!$B$4,'
                              'Settings!$B$14,Settings!$A$17:$C$25,Settings!$B$13,Settings!$B$15),"")')
    assert ws["Q12"].value.startswith('=IFERROR(PLACE($A12,Crosstable,Settings!$B$7:$B$12,')
    filled = tmp_path / "filled.xlsx"
    write_workbook(demo_tournament(), filled, cells=True)
    vals = _cached(filled)
    res = compute(demo_tournament(), CODES, edition="fide2024")
    assert [vals["Crosstable"][f"J{5 + k}"] for k in range(6)] == [json_number(p) for p in res.points]
    assert [vals["Standings"][f"B{r}"] for r in range(5, 11)] == [3, 1, 2, 5, 4, 6]


# ---------------------------------------------------------------- workbooks from and to TRF


def test_workbook_from_trf_and_back(tmp_path):
    t = parse_trf(demo_text())
    book = tmp_path / "b.xlsx"
    write_workbook(t, book)
    again, settings = read_workbook(book)
    assert again.players == tuple(p.__class__(**{**p.__dict__, "declared_points": None, "declared_rank": None,
                                                 "sex": "", "fide_id": "", "birth": ""}) for p in t.players)
    assert settings.edition == "" and settings.start_date == "2025-01-01"  # empty: the edition of 042's date
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
    vals = _cached(out)
    res = compute(demo_tournament(), CODES, edition="fide2024")
    # 4 rounds: RESULTS spills from J4: Pts in J, tie-breaks K-O, Place P
    assert [vals["Crosstable"][f"{c}4"] for c in "JKLMNOP"] == ["Pts", *CODES.split(","), "Place"]
    for k, p in enumerate(demo_tournament().players):
        row = 5 + k
        assert vals["Crosstable"][f"J{row}"] == json_number(res.points[k])
        got = [vals["Crosstable"][f"{col}{row}"] for col in "KLMNO"]
        assert got == [json_number(v) for v in res.values[k]]
    assert [vals["Crosstable"][f"P{r}"] for r in range(5, 11)] == [2, 3, 1, 5, 4, 6]
    assert [vals["Standings"][f"B{r}"] for r in range(5, 11)] == [3, 1, 2, 5, 4, 6]
    assert vals["Standings"]["C5"] == "Three, C" and vals["Standings"].get("A11") is None
    assert vals["Crosstable"]["A3"] == vals["Standings"]["A3"] == ("After round 4 of 4; rules fide2024 (start date "
                                                                   "2025-01-01). No problems found.")
    # the Cache sheet holds the same tables (what LibreOffice shows through IFERROR)
    assert [vals["Cache"][f"{c}2"] for c in "ABCDEFG"] == [vals["Crosstable"][f"{c}5"] for c in "JKLMNOP"]
    assert [vals["Cache"][f"K{r}"] for r in range(2, 8)] == [3, 1, 2, 5, 4, 6]
    # compute BOOK.xlsx gives the same as compute TRF (the Settings sheet holds edition and list)
    again, settings = read_workbook(out)
    assert compute(again, ",".join(settings.tiebreaks), edition=settings.edition).values == res.values
    assert settings.options == __import__("xl_tiebreak.options", fromlist=["Options"]).Options()


_C = re.compile(r'<c r="([A-Z]+\d+)"([^>]*?)(?:/>|>(.*?)</c>)', re.S)


def _cells_xml(xml: str) -> dict[str, tuple[str, str]]:
    """coordinate -> (attributes without t and cm, formula text) of every cell element."""
    out = {}
    for m in _C.finditer(xml):
        attrs = re.sub(r'\s+(?:t|cm)="[^"]*"', "", m.group(2)).strip()
        f = re.search(r"<f[^>]*>(.*?)</f>", m.group(3) or "", re.S)
        out[m.group(1)] = (attrs, f.group(1) if f else "")
    return out


def test_recompute_changes_nothing_else(tmp_path, demo_book):
    out = tmp_path / "out.xlsx"
    recompute(demo_book, out)
    with zipfile.ZipFile(demo_book) as a, zipfile.ZipFile(out) as b:
        assert [i.filename for i in a.infolist()] == [i.filename for i in b.infolist()][:len(a.infolist())]
        assert b.namelist()[len(a.namelist()):] == ["xl/metadata.xml"]  # added: the dynamic-array entry
        changed = [n for n in a.namelist() if a.read(n) != b.read(n)]
        assert sorted(changed) == ["[Content_Types].xml", "xl/_rels/workbook.xml.rels",
                                   "xl/workbook.xml",  # the Standings' print area, ended at its legend
                                   "xl/worksheets/sheet1.xml",
                                   "xl/worksheets/sheet2.xml", "xl/worksheets/sheet5.xml",
                                   "xl/worksheets/sheet7.xml", "xl/worksheets/sheet8.xml",  # Categories, Prizes
                                   "xl/worksheets/sheet9.xml"]  # What if
        area = r"(_xlnm.Print_Area\" localSheetId=\"1\">'Standings'!\$A\$1:\$M\$)\d+"
        assert re.sub(area, r"\1", b.read("xl/workbook.xml").decode()) == re.sub(area, r"\1", a.read(
            "xl/workbook.xml").decode())  # the row number of that area, nothing else
        for name in ("[Content_Types].xml", "xl/_rels/workbook.xml.rels"):  # one element added, nothing else
            old, new = a.read(name).decode(), b.read(name).decode()
            assert re.sub(r"<(Override|Relationship) [^>]*metadata[^>]*/>", "", new) == old
        for name in changed[2:] if changed[0].startswith("[") else changed:
            if not name.startswith("xl/worksheets/"):
                continue
            old, new = _cells_xml(a.read(name).decode()), _cells_xml(b.read(name).decode())
            for coord, (attrs, f) in old.items():  # every cell keeps its style and formula text
                assert new[coord] == (attrs, f), (name, coord)
            outside = [c for c in set(new) - set(old)]  # cells added: spill and cache areas only
            for coord in outside:
                col = re.match(r"[A-Z]+", coord).group()
                assert name.endswith("sheet5.xml") or col in "JKLMNOPQ" or col in "ABCDEFGHIJ", (name, coord)


def test_recompute_of_a_shrinking_and_growing_table_clears_and_refuses(tmp_path, demo_book):
    """A table that shrinks clears the cells of its earlier spill; one that would cover a cell
    holding something is not written and the report names the cell."""
    first = tmp_path / "first.xlsx"
    recompute(demo_book, first)
    with zipfile.ZipFile(first) as z:
        settings = z.read("xl/worksheets/sheet3.xml").decode()
    # drop the last tie-break (Settings!B11) by editing the XML as Excel would save it
    smaller = re.sub(r'(<c r="B11"[^>]*?)(?: t="[^"]*")?>.*?</c>', r"\1/>", settings, flags=re.S)
    assert smaller != settings
    shrunk = tmp_path / "shrunk.xlsx"
    _replace_part(first, shrunk, "xl/worksheets/sheet3.xml", smaller)
    report = recompute(shrunk, tmp_path / "after.xlsx")
    assert report.errors == {}
    vals = _cached(tmp_path / "after.xlsx")
    assert [vals["Crosstable"][f"{c}4"] for c in "JKLMNOPQ"] == ["Pts", "BH/C1", "BH", "SB", "DE", "Place", None, None]
    assert vals["Crosstable"]["P5"] is None  # the earlier, wider table's Place cleared
    assert vals["Crosstable"]["Q5"] is None and vals["Crosstable"]["O5"] == 2  # Place moved left
    with zipfile.ZipFile(tmp_path / "after.xlsx") as z:
        assert '<f t="array" ref="J4:O10">' in z.read("xl/worksheets/sheet1.xml").decode()
    # a value typed inside the new spill area blocks it
    with zipfile.ZipFile(demo_book) as z:
        standings = z.read("xl/worksheets/sheet2.xml").decode()
    blocked = re.sub(r'<c r="C7"([^>]*?) t="n"\s*/>', r'<c r="C7"\1 t="inlineStr"><is><t>mine</t></is></c>',
                     standings, count=1)
    assert "mine" in blocked
    mine = tmp_path / "mine.xlsx"
    _replace_part(demo_book, mine, "xl/worksheets/sheet2.xml", blocked)
    report = recompute(mine, tmp_path / "mine-out.xlsx")
    assert "Standings!C7 is not empty" in report.errors["Standings!A4"]
    assert _cached(tmp_path / "mine-out.xlsx")["Standings"]["C7"] == "mine"


def _replace_part(src: Path, dest: Path, name: str, text: str) -> None:
    with zipfile.ZipFile(src) as a, zipfile.ZipFile(dest, "w", zipfile.ZIP_DEFLATED) as b:
        for info in a.infolist():
            b.writestr(info, text.encode() if info.filename == name else a.read(info.filename))


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
        for name in a.namelist():  # the metadata entry is added to the rels and content types
            if not name.startswith("xl/worksheets/sheet") and name not in ("[Content_Types].xml",
                                                                           "xl/_rels/workbook.xml.rels"):
                assert a.read(name) == b.read(name), name
        for name, data in extra.items():
            assert b.read(name) == data


def test_recompute_replaces_the_input_only_without_output_and_keeps_a_backup(tmp_path, demo_book):
    before = demo_book.read_bytes()
    report = recompute(demo_book)
    assert report.output == demo_book and re.fullmatch(r"demo\.bak-\d{4}-\d\d-\d\d-\d{6}-[0-9a-f]{8}\.xlsx",
                                                       report.backup.name) and report.backup.parent == tmp_path
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
    good = tmp_path / "good.xlsx"
    recompute(demo_book, good)
    with zipfile.ZipFile(good) as z:
        sheet = z.read("xl/worksheets/sheet1.xml").decode()
    g6 = re.search(r'<c r="G6"[^>]*>.*?</c>', sheet, re.S).group()
    bad = tmp_path / "bad.xlsx"
    _replace_part(good, bad, "xl/worksheets/sheet1.xml",
                  sheet.replace(g6, '<c r="G6" t="inlineStr"><is><t>12x1</t></is></c>'))
    report = recompute(bad, tmp_path / "o.xlsx")
    msg = "Crosstable!G6: '12x1' is not a result; write e.g. 12w1, 12b½, +12, BYE, H"
    assert report.errors == {"Crosstable!J4": msg, "Standings!A4": msg, "Categories!A22": msg, "Prizes!A33": msg,
                             "What if!A9": msg}
    vals = _cached(tmp_path / "o.xlsx")
    assert vals["Crosstable"]["A3"].startswith("1 error - ") and "'12x1' is not a result" in vals["Crosstable"]["A3"]
    assert vals["Standings"]["A3"] == vals["Crosstable"]["A3"]
    # no last good figure stands as current: the tables show the error with the cell
    assert vals["Crosstable"]["J4"] == "#ERROR: " + msg and vals["Crosstable"]["J5"] is None
    assert vals["Standings"]["A4"] == "#ERROR: " + msg and vals["Standings"]["D5"] is None
    # the command says so and exits 1, so a script does not take the file for up to date
    assert main(["recompute", str(bad), "-o", str(tmp_path / "o2.xlsx")]) == 1
    assert main(["recompute", str(good), "-o", str(tmp_path / "o3.xlsx")]) == 0


def test_compute_of_a_workbook_reads_its_settings_choices(tmp_path, capsys):
    """The Settings sheet's rating for unrated players reaches `xl-tiebreak compute BOOK.xlsx`,
    and --set still overrides the workbook's choices."""
    import dataclasses
    import json

    from xl_tiebreak.options import Options
    t = demo_tournament()
    t = dataclasses.replace(t, players=tuple(dataclasses.replace(p, rating=None) if p.no == 4 else p
                                             for p in t.players))
    plain = tmp_path / "plain.xlsx"
    write_workbook(t, plain, tiebreaks=["TPR"])
    with zipfile.ZipFile(plain) as z:
        settings = z.read("xl/worksheets/sheet3.xml").decode()
    b14 = re.search(r'<c r="B14"[^>]*?(/>|>.*?</c>)', settings, re.S).group()
    style = re.search(r's="(\d+)"', b14)
    book = tmp_path / "rated.xlsx"
    _replace_part(plain, book, "xl/worksheets/sheet3.xml",
                  settings.replace(b14, f'<c r="B14"{" s=" + chr(34) + style.group(1) + chr(34) if style else ""}>'
                                        f'<v>1400</v></c>'))

    def tpr(*args: str) -> list:
        assert main(["compute", *args, "--tiebreaks", "TPR", "--format", "json"]) == 0
        return [p["values"][0] for p in json.loads(capsys.readouterr().out)["players"]]

    want = compute(t, "TPR", options=Options(unrated_rating=1400))
    assert tpr(str(plain)) == [None] * 6  # FIDE: undefined while anyone is unrated
    assert tpr(str(book)) == [json_number(want.value(no, "TPR")) for no in range(1, 7)]
    assert tpr(str(book), "--set", "unrated_rating=none") == [None] * 6
    for command in (["explain", str(book), "--player", "1", "--tiebreak", "TPR"],
                    ["compare", str(book), "--tiebreaks", "TPR", "--rules", "fide2024,fide2026"]):
        assert main(command) == 0
        assert str(json_number(want.value(1, "TPR"))) in capsys.readouterr().out, command


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
    to_pdf(book, tmp_path)  # (a private LibreOffice profile: tests may run side by side)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "demo.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "#NAME?" not in text and "#VALUE!" not in text and "#N/A" not in text
    res = compute(demo_tournament(), CODES, edition="fide2024")
    for k, p in enumerate(demo_tournament().players):
        line = next(l for l in text.splitlines() if p.name in l and "NOR" in l)
        numbers = line.split()[-7:]  # Pts, five tie-breaks, Place: none empty
        want = [json_number(res.points[k])] + [json_number(v) for v in res.values[k]]
        assert [float(x) for x in numbers[:6]] == [float(w) for w in want], line
    assert text.count("No problems found.") == 5  # the status lines: Crosstable, Standings, Categories, Prizes, What if
    standings = text[text.index("Standings"):]
    order = [standings.index(p.name) for p in demo_tournament().players]
    assert sorted(range(6), key=lambda k: order[k]) == [2, 0, 1, 4, 3, 5]  # spilled, sorted, all there


# ------------------------------------------------------------------ calls per recalculation


def calls_per_recalculation(book: "Path | bytes") -> int:
    """Calls of our functions in every formula of a workbook: what one full recalculation makes."""
    from xl_tiebreak.excel.recompute.formula import count_calls
    wb = load_workbook(io.BytesIO(book) if isinstance(book, bytes) else book)
    total = 0
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                v = c.value
                text = v if isinstance(v, str) else getattr(v, "text", None)
                if isinstance(text, str) and text.startswith("="):
                    total += count_calls(text)
    return total


@pytest.mark.parametrize("name", ["xl-tiebreak-swiss.xlsx", "xl-tiebreak-round-robin.xlsx",
                                  "xl-tiebreak-teaching.xlsx"])
def test_every_shipped_template_makes_at_most_ten_calls(name):
    n = calls_per_recalculation(TEMPLATES / name)
    assert 1 <= n <= 10, (name, n)


def test_a_workbook_of_a_thousand_players_makes_nine_calls(tmp_path):
    import random
    from fractions import Fraction
    from xl_tiebreak.model import Kind, Player, Round, Tournament
    rng = random.Random(3)
    n = 1000
    players = []
    for i in range(1, n + 1):  # 11 rounds, paired i with its neighbour, random results
        rounds = []
        for r in range(11):
            opp = i + 1 if i % 2 else i - 1
            res = rng.choice([Kind.WIN, Kind.DRAW, Kind.LOSS]) if i % 2 else None
            rounds.append((opp, res))
        players.append(rounds)
    lines = []
    for i in range(1, n + 1):
        cells = []
        for r in range(11):
            opp, res = players[i - 1][r]
            if res is None:  # the partner's result, mirrored
                res = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN, Kind.DRAW: Kind.DRAW}[players[opp - 1][r][1]]
            pts = {Kind.WIN: Fraction(1), Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0)}[res]
            cells.append(Round(res, opponent=opp, colour="w" if (i + r) % 2 else "b", points=pts))
        lines.append(Player(no=i, name=f"Player {i}", rating=2000 - i % 500, rounds=tuple(cells)))
    t = Tournament(players=tuple(lines), rounds=11)
    trf = tmp_path / "big.trf"
    trf.write_text(write_trf(t))
    book = tmp_path / "big.xlsx"
    assert main(["workbook", str(trf), "-o", str(book)]) == 0
    # RESULTS, STATUS, STANDINGS, CATEGORY_STANDINGS, PRIZES, WHATIF, and the status lines of the last three
    # sheets (SHEET_STATUS: two cells handed over each, the event's status line and the table's first cell)
    assert calls_per_recalculation(book) == 9
    vals = _cached(book)
    res = compute(read_trf(trf), CODES)
    assert vals["Crosstable"]["Q1004"] == json_number(res.points[999])
    assert vals["Standings"]["B5"] == res.tournament.players[rank_first(res)].no


def rank_first(res) -> int:
    from xl_tiebreak.standings import rank
    leader = rank(res)[0].player.no
    return [p.no for p in res.tournament.players].index(leader)
