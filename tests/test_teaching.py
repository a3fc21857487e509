"""EXPLAIN in Excel and the teaching workbook (Explain, Exercise with an answer key, Progress chart)."""

from __future__ import annotations

import shutil
import subprocess
import zipfile

import pytest
from openpyxl import load_workbook

import xl_tiebreak.udfs as udfs
from xl_tiebreak.excel.authoring.teaching import teaching_bytes
from conftest import ROOT
from test_excel_functions import DEMO
from tests.support.pdf_pages import to_pdf

TEACHING = ROOT / "workbook_templates" / "xl-tiebreak-teaching.xlsx"


def test_explain_spills_the_account_and_gives_single_cells():
    table = udfs.EXPLAIN(3.0, DEMO, "BH/C1")
    assert table[0] == ["Rd", "Opponent", "Counts as", "Result", "Contribution", "Why", "Cut"]
    assert table[3][:5] == [3, "2 Two, B", 1.5, "won 1.0", 1.5] and "least significant" in table[3][6]
    assert table[5][:2] == ["BH/C1 =", "2.0 + 3.0 + 1.5 = 6.5 (cut: 1.5)"]
    assert udfs.EXPLAIN(3.0, DEMO, "BH/C1", None, None, 1, 2) == "dummy"
    assert udfs.EXPLAIN(3.0, DEMO, "BH/C1", None, None, 30, 1) == ""
    assert udfs.EXPLAIN(99.0, DEMO, "BH") == "#N/A"
    text = udfs.EXPLAIN_TEXT(6.0, DEMO, "BH", "fide2012")
    assert "Svon = 0 + (1 - 0) + 0.5 x (4 - 1) = 2.5" in text
    assert udfs.RUNNING(3.0, DEMO, 3.0) == 2.5 and udfs.RUNNING(3.0, DEMO, 0) == 0


def test_committed_teaching_workbook_equals_the_generator():
    assert TEACHING.read_bytes() == teaching_bytes()


def test_teaching_workbook_sheets_values_and_chart():
    wb = load_workbook(TEACHING, data_only=True)
    assert wb.sheetnames[:6] == ["Crosstable", "Standings", "Explain", "Exercise", "Answers", "Progress"]
    ex = wb["Explain"]
    assert (ex["B3"].value, ex["B4"].value) == (3, "BH/C1")
    assert [ex.cell(7, j).value for j in range(1, 6)] == ["Rd", "Opponent", "Counts as", "Result", "Contribution"]
    # fide2024, the edition of the demo's start date (as `xl-tiebreak demo` and `explain` give it):
    # the forfeit wins of rounds 1 and 4 count the dummy at the player's own 3.5 (Art. 16.4)
    assert [ex.cell(8 + r, 5).value for r in range(4)] == [3.5, 3, 1.5, 3.5]
    assert ex["A12"].value == "BH/C1 =" and ex["B12"].value.endswith("= 10.0 (cut: 1.5)")
    assert wb["Crosstable"]["A3"].value == ("After round 4 of 4; rules fide2024 (start date 2025-01-01). "
                                            "No problems found.")
    xs = wb["Exercise"]
    assert [xs.cell(8 + r, 3).value for r in range(4)] == [None] * 4  # left for the student
    assert xs["G8"].value is None  # Excel's own IF: computed by Excel, left alone by the recompute
    assert [xs.cell(8 + r, 2).value for r in range(4)] == ["2 Two, B", "dummy", "1 One, A", "dummy"]  # from Answers
    ans = wb["Answers"]
    assert [ans.cell(8 + r, 5).value for r in range(4)] == [0.75, 1.5, 0, 0]  # SB/C1 of player 5
    pr = wb["Progress"]
    assert [pr.cell(3, 2 + k).value for k in range(5)] == ["Three, C", "One, A", "Two, B", "Five, E", "Four, D"]
    assert [pr.cell(4 + r, 2).value for r in range(5)] == [0, 1, 1.5, 2.5, 3.5]
    with zipfile.ZipFile(TEACHING) as z:
        assert any(n.startswith("xl/charts/chart") for n in z.namelist())
    formulas = load_workbook(TEACHING)
    assert formulas["Exercise"]["G8"].value.startswith("=IF(AND(C8")


@pytest.mark.skipif(shutil.which("soffice") is None or shutil.which("pdftotext") is None,
                    reason="LibreOffice (soffice) and pdftotext are not installed")
def test_teaching_workbook_renders_without_errors(tmp_path):
    book = tmp_path / "teach.xlsx"
    book.write_bytes(TEACHING.read_bytes())
    to_pdf(book, tmp_path)  # (a private LibreOffice profile: tests may run side by side)
    text = subprocess.run(["pdftotext", "-layout", str(tmp_path / "teach.pdf"), "-"], check=True,
                          capture_output=True, text=True).stdout
    assert "#NAME?" not in text and "#VALUE!" not in text
    assert "Running score by round" in text and "BH/C1 =" in text
    assert "= 10.0 (cut: 1.5)" in text  # the total is whole: no placeholder stops it, the cell wraps
    assert "No problems found." in text and "Three, C" in text
