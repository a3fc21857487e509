"""One reading of the start date everywhere (issue 31, item 3): the same workbook, its start date
(Settings!B5) written in each form an arbiter types or pastes, through every face that reads it:
the sheet functions (the recompute's status line and the Categories sheet), ``standings``,
``check``, ``export-trf`` (its 042, read by FIDE's reference), the printed Standings heading as
LibreOffice renders it, and an age category. Each form gives one date and one edition in all.

Where the values come from: the edition in force at a date is C.07's (the 2024 text until
28 Feb 2026, the 2026 text from 1 Mar 2026: TIEBREAK_RULES §2); an age on a date is counted as
the regulations count it (U18 = not yet 18 on the start date). The day-first reading of a date
whose day and month could be swapped is the project's documented rule (README, "Rule editions").
The demo event's BH of player 3 is 11.5 under the 2024 text and 8.0 under the 2026 one (FIDE's
reference computes both; it reads the exported 042 to choose).
"""

from __future__ import annotations

import datetime as dt
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from tests.support.workbook_typing import read_sheet, type_cells
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text
from xl_tiebreak.excel.authoring.prize_sheets import CAT_FIRST, CAT_TABLE_ROW
from xl_tiebreak.excel.authoring.template import to_bytes
from xl_tiebreak.excel.authoring.workbook import filled_workbook
from xl_tiebreak.trf import parse_trf

pytest.importorskip("openpyxl")

JAN = ("2026-01-08", "fide2024", True)   # 8 January 2026: the 2024 text; player 1 (born 2008-05-01) is 17
JAN13 = ("2026-01-13", "fide2024", True)
AUG = ("2026-08-01", "fide2026", False)  # 1 August 2026: the 2026 text; player 1 is 18
#: (B5 as typed, the date read, the edition, player 1 in U18 on that date, a warning that the
#: day and month could be swapped)
FORMS = [
    (dt.date(2026, 1, 8), *JAN, False),  # a real date cell
    ("2026-01-08", *JAN, False),
    ("2026/01/08", *JAN, False),  # as TRF writes it
    ("2026-1-8", *JAN, False),
    ("08/01/2026", *JAN, True),  # pasted or text-formatted: day first, with a warning
    ("08.01.2026", *JAN, True),
    ("13/01/2026", *JAN13, False),  # a day above 12: no doubt
    ("1/8/2026", *AUG, True),  # day first too: 1 August
]
NOT_DATES = ["soon", "2026-13-45", "08-01-26"]


def _source(tmp_path: Path) -> Path:
    """The demo event (every kind of unplayed round), player 1 born 2008-05-01."""
    text = demo_text().replace("1001 2000/01/01", "1001 2008/05/01", 1)
    assert "2008/05/01" in text
    p = tmp_path / "demo.trf"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.fixture
def book(tmp_path) -> Path:
    """The demo event as ``xl-tiebreak workbook`` makes it, with a category U18 counted by the
    exact age on the start date."""
    from xl_tiebreak.trf import read_trf
    wb, _ = filled_workbook(read_trf(_source(tmp_path)), trf_fields=True)
    wb["Categories"]["B5"] = "date"
    wb["Categories"].cell(CAT_FIRST, 1, "Juniors")
    wb["Categories"].cell(CAT_FIRST, 2, "U18")
    path = tmp_path / "event.xlsx"
    path.write_bytes(to_bytes(wb))
    return path


def _run(capsys, *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def _category_players(book: Path) -> list[int]:
    """The start numbers the Categories sheet's table lists after the recompute."""
    cells = read_sheet(book, "Categories")
    rows = sorted({int(re.sub(r"\D", "", k)) for k in cells if int(re.sub(r"\D", "", k)) > CAT_TABLE_ROW})
    head = next(r for r in [CAT_TABLE_ROW, *rows] if cells.get(f"A{r}") == "Rk")
    return [cells[f"C{r}"] for r in rows if r > head and isinstance(cells.get(f"C{r}"), int)]


@pytest.mark.parametrize("typed,iso,edition,junior,warned", FORMS, ids=[str(f[0]) for f in FORMS])
def test_each_form_of_the_start_date_is_one_date_and_one_edition_in_every_face(book, tmp_path, capsys, typed, iso,
                                                                                edition, junior, warned):
    type_cells(book, {"Settings!B5": typed})
    shown = typed.isoformat() if isinstance(typed, dt.date) else typed
    # standings (the CLI reads the workbook)
    code, out, err = _run(capsys, "standings", book, "--format", "json")
    assert code == 0 and json.loads(out)["edition"] == edition
    assert ("Settings!B5" in err and f"read day first, as {iso}" in err) == warned, err
    # check: the doubt is a warning naming the cell and both readings, nothing else about the date
    code, out, _ = _run(capsys, "check", book, "--format", "json")
    found = [f for f in json.loads(out)["findings"] if f["where"] == "Settings!B5"]
    assert code == 0 and [f["rule"] for f in found] == (["date-order"] if warned else []), found
    if warned:
        assert f"{shown!r} could be" in found[0]["message"] and f"read day first, as {iso}" in found[0]["message"]
    # an age category on the start date, on the command line
    code, out, _ = _run(capsys, "standings", book, "--category", "U18", "--age", "date", "--format", "json")
    assert code == 0 and (1 in [p["no"] for p in json.loads(out)["players"]]) == junior
    # the sheet functions, through the recompute: the status line and the Categories sheet
    code, _, _ = _run(capsys, "recompute", book)
    status = read_sheet(book, "Crosstable")["A3"]
    assert code == 0 and f"rules {edition} (start date {iso}" in status, status
    assert ("Settings!B5: " in status and f"read day first, as {iso}" in status) == warned, status
    assert (1 in _category_players(book)) == junior
    # export-trf: the date the rating officer's file carries, and FIDE's reference reads it so
    trf = tmp_path / "back.trf"
    code, _, _ = _run(capsys, "export-trf", book, "-o", trf, "--force")
    text = trf.read_text(encoding="utf-8")
    assert code == 0 and f"042 {iso.replace('-', '/')}" in text.splitlines()
    assert parse_trf(text).start_date == iso
    if gacrux_available():
        code, out, _ = _run(capsys, "compute", book, "-t", "BH", "--format", "json")
        ours = {p["no"]: p["values"][0] for p in json.loads(out)["players"]}
        ref = run_gacrux(str(trf), ["BH"], mode="swiss")
        assert ours[3] == (11.5 if edition == "fide2024" else 8) == ref[3]["BH"]
        assert all(ours[no] == ref[no]["BH"] for no in ours)


@pytest.mark.parametrize("typed", NOT_DATES)
def test_a_start_date_that_is_no_date_is_refused_by_every_face_naming_the_cell(book, tmp_path, capsys, typed):
    type_cells(book, {"Settings!B5": typed})
    for argv in (["standings", book], ["export-trf", book, "-o", tmp_path / "x.trf"]):
        code, out, err = _run(capsys, *argv)
        assert code == 2 and f"Settings!B5: start date {typed!r} is not a date; write YYYY-MM-DD" in err, err
    assert not (tmp_path / "x.trf").exists()
    code, out, _ = _run(capsys, "check", book, "--format", "json")
    found = [(f["severity"], f["where"], f["rule"]) for f in json.loads(out)["findings"]
             if f["where"] == "Settings!B5"]
    assert code == 1 and found == [("error", "Settings!B5", "date")], found  # and no "assumed" edition
    code, _, _ = _run(capsys, "recompute", book)
    status = read_sheet(book, "Crosstable")["A3"]
    assert code == 1 and f"Settings!B5: start date {typed!r} is not a date; write YYYY-MM-DD" in status, status


@pytest.mark.parametrize("typed,iso,edition,warned", [("07/03/2024", "2024-03-07", "fide2012", True),
                                                      ("03/07/2024", "2024-07-03", "fide2024", True),
                                                      ("18/05/2026", "2026-05-18", "fide2026", False)])
def test_a_trf_start_date_is_read_as_a_workbook_one_and_written_back_as_trf_writes_dates(tmp_path, capsys, typed,
                                                                                         iso, edition, warned):
    """Record 042 as Swiss-Manager writes it in France (07/03/2024: the real bre-jeunes files): day
    first, a warning when the day and month could be swapped; written back year first, which FIDE's
    reference reads as the same date (it reads 18/05/2026 as 2018-05-20)."""
    src = _source(tmp_path)
    src.write_text(src.read_text(encoding="utf-8").replace("042 2025/01/01", f"042 {typed}"), encoding="utf-8")
    code, out, err = _run(capsys, "standings", src, "--format", "json")
    assert code == 0 and json.loads(out)["edition"] == edition
    assert ("demo.trf line 2, column 5: start date" in err and f"read day first, as {iso}" in err) == warned, err
    code, out, _ = _run(capsys, "check", src, "--format", "json")
    found = [f for f in json.loads(out)["findings"] if f["rule"] == "date-order"]
    assert [f["where"] for f in found] == (["demo.trf line 2, column 5"] if warned else []), found
    back, made = tmp_path / "back.trf", tmp_path / "made.xlsx"
    assert _run(capsys, "workbook", src, "-o", made)[0] == 0 and _run(capsys, "export-trf", made, "-o", back)[0] == 0
    assert f"042 {iso.replace('-', '/')}" in back.read_text(encoding="utf-8").splitlines()
    if gacrux_available() and edition != "fide2012":
        ref = run_gacrux(str(back), ["BH"], mode="swiss")
        assert ref[3]["BH"] == (8 if edition == "fide2026" else 11.5)


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext")),
                    reason="LibreOffice (soffice) and poppler (pdftotext) are needed")
def test_the_printed_heading_names_the_edition_every_other_face_reads(book, tmp_path, capsys):
    """LibreOffice prints each book's Standings heading (a formula of Excel's own functions that
    LibreOffice computes): the edition the status line gives, whatever the form of the date."""
    books = []
    for typed, iso, edition, _, _ in FORMS:
        b = tmp_path / f"b{len(books)}.xlsx"
        shutil.copy(book, b)
        type_cells(b, {"Settings!B5": typed})
        assert main(["recompute", str(b)]) == 0
        books.append((b, edition))
    out = tmp_path / "pdf"
    profile = out / "profile"
    (profile / "user").mkdir(parents=True)
    subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(out), *(str(b) for b, _ in books)], check=True, capture_output=True, timeout=600)
    for b, edition in books:
        text = subprocess.run(["pdftotext", "-layout", str(out / (b.stem + ".pdf")), "-"], check=True,
                              capture_output=True, text=True).stdout
        heads = {m.group(1) for m in re.finditer(r"Standings - edition (\S+)", text)}
        assert heads == {edition}, (b, heads)


def test_a_birth_date_typed_day_first_is_read_as_the_start_date_is_and_written_back_as_trf_writes_it(book, tmp_path,
                                                                                                     capsys):
    """A Born cell holding the text 05/08/2008 (day first: 5 August 2008, with a warning naming the
    cell) makes player 2 17 on 1 June 2026 (U18 counted on the start date), and export-trf writes
    the birth date YYYY/MM/DD (TRF's form, 001 columns 70-79)."""
    from tests.support.workbook_typing import find_header
    col, head = find_header(read_sheet(book, "Crosstable"), "Born")
    cell = f"Crosstable!{chr(ord('A') + col - 1)}{head + 2}"  # player 2's row
    type_cells(book, {"Settings!B5": "2026-06-01", cell: "05/08/2008"})
    code, out, err = _run(capsys, "standings", book, "--category", "U18", "--age", "date", "--format", "json")
    assert code == 0 and 2 in [p["no"] for p in json.loads(out)["players"]]
    assert f"{cell.split('!')[0]}!" in err and "birth date '05/08/2008' could be 5 August 2008 or 8 May 2008" in err
    code, out, _ = _run(capsys, "check", book, "--format", "json")
    assert [(f["rule"], f["where"]) for f in json.loads(out)["findings"] if f["rule"] == "date-order"] == \
        [("date-order", cell)]
    trf = tmp_path / "back.trf"
    assert _run(capsys, "export-trf", book, "-o", trf)[0] == 0
    line = next(ln for ln in trf.read_text(encoding="utf-8").splitlines() if ln.startswith("001    2"))
    assert line[69:79] == "2008/08/05"
