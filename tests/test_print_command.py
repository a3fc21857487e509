"""``xl-tiebreak print`` (issue 33, item 4): the notice-board PDF of one sheet, through LibreOffice.

Run as a user runs it, the CLI in its own process; the PDF read back with poppler. The sheet alone
(one page where LibreOffice prints the workbook's ten), the values the results typed give (a
workbook saved without recalculating is recomputed on a copy), the workbook left as it was; the
Prizes and What if sheets without the cells one types in above the table, one category of the
Categories sheet; a TRF file's standings; without LibreOffice, a LibreOffice that hangs or fails,
a sheet that does not exist (Pairings: not yet), a PDF already there: a message and exit 2,
nothing written.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from conftest import ROOT
from tests.support.pdf_pages import pdf_texts
from tests.support.workbook_typing import read_sheet, type_cells
from xl_tiebreak.examples import DEMO_FILE

printing = pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                              reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
DEMO = ROOT / "xl_tiebreak" / "data" / DEMO_FILE


def cli(*args: object, env: "dict[str, str] | None" = None, timeout: float = 300) -> subprocess.CompletedProcess:
    """``python -m xl_tiebreak.cli ARGS`` in its own process, this checkout's package."""
    full = {**os.environ, **(env or {})}
    full["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *map(str, args)], env=full, capture_output=True,
                          text=True, timeout=timeout)


def pdf_text(pdf: Path) -> list[str]:
    """The text of each page (``pdftotext -layout``), no-break spaces as spaces."""
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    return [p.replace("\u00a0", " ") for p in text.split("\f")[:-1]]


def ranked(page: str) -> list[tuple[str, str, str]]:
    """(rank, start number, points) of each player's line of a Standings page."""
    lines = [line.split() for line in page.splitlines() if re.match(r"\s*\d+(-\d+)?\s+\d+\s+\D", line)]
    return [(g[0], g[1], next(t for t in g[2:] if re.fullmatch(r"\d+\.\d", t))) for g in lines]


@pytest.fixture
def demo_book(tmp_path) -> Path:
    """The demo event as ``xl-tiebreak workbook`` makes it, with two categories and prizes typed."""
    from xl_tiebreak.excel.authoring.prize_sheets import CAT_FIRST, PRIZE_HEAD_ROW
    book = tmp_path / "demo.xlsx"
    assert cli("workbook", DEMO, "-o", book).returncode == 0
    cells = {f"Categories!A{CAT_FIRST}": "Low", f"Categories!B{CAT_FIRST}": "U1800",
             f"Categories!A{CAT_FIRST + 1}": "High", f"Categories!B{CAT_FIRST + 1}": "1800-2099",
             f"Prizes!C{PRIZE_HEAD_ROW}": "Low"}
    for i, amount in enumerate((100, 60, 40), start=1):
        cells[f"Prizes!B{PRIZE_HEAD_ROW + i}"] = amount
    cells[f"Prizes!C{PRIZE_HEAD_ROW + 1}"] = 20
    type_cells(book, cells)
    assert cli("recompute", book).returncode == 0
    return book


@printing
def test_the_standings_alone_with_the_values_the_results_give_and_the_workbook_unchanged(demo_book, tmp_path):
    # a result corrected and the workbook saved without recalculating: its stored standings are stale
    shown = read_sheet(demo_book, "Crosstable")
    won = next(c for c, v in shown.items() if v == "4w1")  # One beat Four in round 1
    lost = next(c for c, v in shown.items() if v == "1b0")
    type_cells(demo_book, {f"Crosstable!{won}": "4w0", f"Crosstable!{lost}": "1b1"})
    before, mtime = demo_book.read_bytes(), demo_book.stat().st_mtime_ns
    pdf = tmp_path / "standings.pdf"
    run = cli("print", demo_book, "-o", pdf)
    assert run.returncode == 0, run.stderr
    assert "1 page" in run.stdout and "the workbook is unchanged" in run.stdout
    assert "stale values: the table at Crosstable!N4" in run.stderr  # as standings says it
    assert demo_book.read_bytes() == before and demo_book.stat().st_mtime_ns == mtime
    [page] = pdf_text(pdf)  # one page: the Standings, no other sheet
    assert "Standings - page 1 of 1" in page and "Crosstable" not in page
    want = json.loads(cli("standings", demo_book, "-f", "json").stdout)["players"]
    got = ranked(page)
    assert got == [(p["rank"], str(p["no"]), f"{p['points']:.1f}") for p in want]
    assert ("2", "1", "2.0") in got  # One, with the game lost, on 2 points (stored: 3.0)


@printing
def test_the_prize_list_without_the_prize_table(demo_book, tmp_path):
    pdf = tmp_path / "prizes.pdf"
    run = cli("print", demo_book, "--sheet", "prizes", "-o", pdf)
    assert run.returncode == 0, run.stderr
    [page] = pdf_text(pdf)
    awards = json.loads(cli("prizes", demo_book, "-f", "json").stdout)["awards"]
    for a in awards:
        assert any(a["name"] in line and a["paid"] in line for line in page.splitlines()), a
    assert "Prize list" in page and "Total paid" in page
    for typed in ("Prize table", "Rounding unit", "Type the prizes"):  # the cells one types in, and the note
        assert typed not in page
    assert "No problems found." in " ".join(page.split())  # the status line stays


@printing
def test_one_category_of_the_categories_sheet(demo_book, tmp_path):
    pdf = tmp_path / "low.pdf"
    run = cli("print", demo_book, "--category", "low", "-o", pdf)
    assert run.returncode == 0, run.stderr
    [page] = pdf_text(pdf)
    names = {p["name"] for p in json.loads(cli("standings", demo_book, "--category", "U1800", "-f", "json")
                                                  .stdout)["players"]}
    assert names == {"Four, D", "Five, E", "Six, F"}
    assert all(n in page for n in names) and "One, A" not in page and "High" not in page
    assert "Ages counted by" not in page


@printing
def test_a_trf_files_standings_and_a_category_of_it(tmp_path):
    pdf = tmp_path / "demo.pdf"
    run = cli("print", DEMO, "-o", pdf)
    assert run.returncode == 0, run.stderr
    [page] = pdf_text(pdf)
    want = json.loads(cli("standings", DEMO, "-f", "json").stdout)["players"]
    assert ranked(page) == [(p["rank"], str(p["no"]), f"{p['points']:.1f}") for p in want]
    assert "BH/C1: Buchholz Cut-1, C.07 Art. 8.1" in " ".join(page.split())
    run = cli("print", DEMO, "--category", "U1800", "-o", tmp_path / "low.pdf")
    assert run.returncode == 0, run.stderr
    [page] = pdf_text(tmp_path / "low.pdf")
    assert "Four, D" in page and "Three, C" not in page


@printing
def test_the_standings_page_prints_at_about_10_pt(demo_book, tmp_path):
    pdf = tmp_path / "standings.pdf"
    assert cli("print", demo_book, "-o", pdf).returncode == 0
    [texts] = pdf_texts(pdf)
    names = [t for t in texts if "Three, C" in t.text]
    assert names and all(9.5 <= t.size <= 11 for t in names)


def test_without_libreoffice_it_says_so_and_writes_nothing(demo_book, tmp_path):
    empty = tmp_path / "bin"
    empty.mkdir()
    pdf = tmp_path / "standings.pdf"
    run = cli("print", demo_book, "-o", pdf, env={"PATH": str(empty)})
    assert run.returncode == 2 and "Traceback" not in run.stderr
    assert "needs LibreOffice" in run.stderr and "nothing was written" in run.stderr
    assert not pdf.exists()


def test_no_pairings_sheet_yet(demo_book, tmp_path):
    run = cli("print", demo_book, "--sheet", "pairings", "-o", tmp_path / "p.pdf")
    assert run.returncode == 2 and "no Pairings sheet yet" in run.stderr and "Standings" in run.stderr
    run = cli("print", demo_book, "--sheet", "scores", "-o", tmp_path / "p.pdf")
    assert run.returncode == 2 and "--sheet scores: no such sheet to print; the sheets: Crosstable, Standings" \
        in run.stderr
    assert not (tmp_path / "p.pdf").exists()


def test_a_pdf_already_there_is_replaced_only_with_force(demo_book, tmp_path):
    pdf = tmp_path / "standings.pdf"
    pdf.write_bytes(b"mine")
    run = cli("print", demo_book, "-o", pdf)
    assert run.returncode == 2 and "--force" in run.stderr and pdf.read_bytes() == b"mine"
    run = cli("print", demo_book, "-o", tmp_path / "standings.txt")
    assert run.returncode == 2 and "*.pdf" in run.stderr


def _fake_soffice(folder: Path, body: str) -> None:
    folder.mkdir()
    fake = folder / "soffice"
    fake.write_text("#!/bin/sh\n" + body + "\n")
    fake.chmod(0o755)


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for LibreOffice")
def test_a_libreoffice_that_hangs_is_stopped_and_nothing_is_written(demo_book, tmp_path, monkeypatch, capsys):
    from xl_tiebreak.cli import main
    from xl_tiebreak.excel.workbook import printing as printing_module
    pid_file = tmp_path / "pid"
    _fake_soffice(tmp_path / "bin", f"echo $$ > {pid_file}\nexec {shutil.which('sleep')} 120")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr(printing_module, "TIMEOUT", 2)
    pdf = tmp_path / "standings.pdf"
    started = time.monotonic()
    assert main(["print", str(demo_book), "-o", str(pdf)]) == 2
    assert time.monotonic() - started < 60
    assert "did not write the PDF within 2 s; nothing was written" in capsys.readouterr().err
    assert not pdf.exists()
    with pytest.raises(ProcessLookupError):  # LibreOffice's process is gone, not left running
        os.kill(int(pid_file.read_text()), 0)


@pytest.mark.skipif(os.name != "posix", reason="a shell script stands in for LibreOffice")
def test_a_libreoffice_that_fails_is_named_and_nothing_is_written(demo_book, tmp_path):
    _fake_soffice(tmp_path / "bin", "echo 'Error: source file could not be loaded' >&2\nexit 1")
    pdf = tmp_path / "standings.pdf"
    run = cli("print", demo_book, "-o", pdf, env={"PATH": f"{tmp_path / 'bin'}{os.pathsep}{os.environ['PATH']}"})
    assert run.returncode == 2 and "wrote no PDF (exit status 1: Error: source file could not be loaded)" in run.stderr
    assert not pdf.exists()


def test_one_sheet_shown_and_rows_hidden_change_nothing_else_of_the_parts():
    """The copy LibreOffice prints: the other sheets hidden and without their print ranges (which
    LibreOffice would print anyway), the sheet active; rows hidden, rows the part does not list
    added, a page break after a hidden row dropped; every other byte as it was."""
    from xl_tiebreak.excel.xlsx.visibility import hide_rows, show_only
    book = ('<x:workbook xmlns:x="m"><x:bookViews><x:workbookView activeTab="0" firstSheet="0"/></x:bookViews>'
            '<x:sheets><x:sheet name="Crosstable" sheetId="1" r:id="rId1"/><x:sheet name="What &amp; if" '
            'sheetId="2" state="hidden" r:id="rId2"/></x:sheets><x:definedNames>'
            '<x:definedName name="_xlnm.Print_Area" localSheetId="0">Crosstable!$A$1:$B$2</x:definedName>'
            '<x:definedName name="_xlnm.Print_Area" localSheetId="1">\'What &amp; if\'!$A$1:$B$2</x:definedName>'
            '<x:definedName name="Crosstable">Crosstable!$A$4:$P$9</x:definedName></x:definedNames></x:workbook>')
    assert show_only(book, "What & if") == (
        '<x:workbook xmlns:x="m"><x:bookViews><x:workbookView activeTab="1"/></x:bookViews>'
        '<x:sheets><x:sheet name="Crosstable" sheetId="1" r:id="rId1" state="hidden"/><x:sheet name="What &amp; if" '
        'sheetId="2" r:id="rId2"/></x:sheets><x:definedNames>'
        '<x:definedName name="_xlnm.Print_Area" localSheetId="1">\'What &amp; if\'!$A$1:$B$2</x:definedName>'
        '<x:definedName name="Crosstable">Crosstable!$A$4:$P$9</x:definedName></x:definedNames></x:workbook>')
    sheet = ('<worksheet><sheetData><row r="1" spans="1:2"><c r="A1"/></row><row r="3" hidden="0" ht="28">'
             '<c r="A3"/></row><row r="7"/></sheetData><rowBreaks count="2" manualBreakCount="2">'
             '<brk id="3" max="16383" man="1"/><brk id="7" max="16383" man="1"/></rowBreaks></worksheet>')
    assert hide_rows(sheet, [2, 3, 9]) == (
        '<worksheet><sheetData><row r="1" spans="1:2"><c r="A1"/></row><row r="2" hidden="1"/>'
        '<row r="3" ht="28" hidden="1"><c r="A3"/></row><row r="7"/><row r="9" hidden="1"/></sheetData>'
        '<rowBreaks count="1" manualBreakCount="1"><brk id="7" max="16383" man="1"/></rowBreaks></worksheet>')
    assert hide_rows("<worksheet><sheetData/></worksheet>", [2]) == \
        '<worksheet><sheetData><row r="2" hidden="1"/></sheetData></worksheet>'
    assert hide_rows(sheet, []) == sheet


@printing
def test_a_trf_file_prints_under_the_options_and_notes_of_the_workbook_command(tmp_path):
    """``print EVENT.trf`` makes the workbook ``workbook`` makes, under the same options: ``-t``
    replaces a record 202 the program cannot read (the page's BH column is the standings' one),
    ``--rules fide2012`` of a team file is refused as ``workbook`` refuses it (exit 2, naming
    --rules, no PDF), and the reader's warnings (no start date) are told, not dropped."""
    text = DEMO.read_text(encoding="utf-8").splitlines()
    src = tmp_path / "bad202.trf"
    src.write_text("\n".join([ln for ln in text if ln[:3] not in ("202", "042")] + ["202 XYZ,BH"]) + "\n",
                   encoding="utf-8")
    pdf = tmp_path / "bad.pdf"
    run = cli("print", src, "-t", "BH", "-o", pdf)
    assert run.returncode == 0 and "bad202.trf: no start date (record 042)" in run.stdout, run.stdout + run.stderr
    made = cli("workbook", src, "-t", "BH", "-o", tmp_path / "bad.xlsx")
    assert made.returncode == 0 and "note: bad202.trf: no start date (record 042)" in made.stdout
    [page] = pdf_text(pdf)
    want = json.loads(cli("standings", src, "-t", "BH", "-f", "json").stdout)["players"]
    lines = [ln.split() for ln in page.splitlines() if re.match(r"\s*\d+(-\d+)?\s+\d+\s+\D", ln)]
    got = {g[1]: [t for t in g[2:] if re.fullmatch(r"\d+\.\d", t)][1] for g in lines}  # after the points
    assert got == {str(p["no"]): f"{p['values'][0]:.1f}" for p in want}
    team = ROOT.parent / "shared" / "data" / "team" / "sample-trf26-mp.trf"
    if team.is_file():
        for argv in (["print", team, "--rules", "fide2012", "-o", tmp_path / "t.pdf"],
                     ["workbook", team, "--rules", "fide2012", "-o", tmp_path / "t.xlsx"]):
            run = cli(*argv)
            assert run.returncode == 2 and "--rules: team tie-breaks follow the FIDE 2024 or 2026 rules" in run.stderr
        assert not (tmp_path / "t.pdf").exists()


@printing
def test_a_sheet_name_spelled_with_a_character_reference_prints(demo_book, tmp_path):
    """A valid workbook whose workbook part writes the Standings sheet's name with a character
    reference (``St&#97;ndings``, as XML allows) prints its Standings like any other (it was an
    internal error, exit 3: the sheet was looked for by its undecoded name)."""
    import io
    import zipfile
    book = tmp_path / "spelled.xlsx"
    out = io.BytesIO()
    with zipfile.ZipFile(demo_book) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "xl/workbook.xml":
                assert b'name="Standings"' in body
                body = body.replace(b'name="Standings"', b'name="St&#97;ndings"')
            dst.writestr(info, body)
    book.write_bytes(out.getvalue())
    pdf = tmp_path / "s.pdf"
    run = cli("print", book, "-o", pdf)
    assert run.returncode == 0 and "the Standings sheet of spelled.xlsx, 1 page" in run.stdout, run.stdout + run.stderr
    [page] = pdf_text(pdf)
    assert "Three, C" in page and "Standings - edition" in page
