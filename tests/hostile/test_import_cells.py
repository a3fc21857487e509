"""Hostile cells of another program's export (issue 32; ``check --from``, ``workbook --from``):
every cell is read as what the file shows, or refused with exit 2 and one message naming it. A
formula cell without a stored value was read as empty (a player without a name, a rated player
unrated, every opponent's ARO changed); ``²`` as a start number, rating or rank was an internal
error; a byte-order mark before the header row hid ``Rk.`` (the opponents, named by rank, were
read as start numbers and the file refused for a mirror error it does not have); a published
``NaN`` was neither compared nor named.
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path

import pytest
from openpyxl import Workbook  # type: ignore[import-untyped]

from test_vega_import import SAMPLE as VEGA
from xl_tiebreak.imports.export_file import read_import

from .conftest import assert_refused, assert_unchanged, run_cli, snapshot
from .test_hostile_numbers import CSV_HEAD, HEADER, ROWS, _csv, _row

TITLE = "Final Ranking crosstable after 3 Rounds"  # the last title line: opponents named by rank


@pytest.mark.parametrize("column, row, place", [
    (1, 0, "row 6, column B (SNo): '²' is not a start number"),
    (4, 0, "row 6, column E (Rtg): '²' is not a rating"),
    (0, 1, "row 7, column A (Rk.): '²' is not a rank; expected a whole number"),
])
def test_a_unicode_digit_in_a_number_cell_is_refused_naming_the_cell(tmp_path, column, row, place):
    # str.isdigit() takes '²', int() does not: it was an internal error
    (tmp_path / "x.csv").write_text(_csv(rows=_row(row, column, "²")), encoding="utf-8")
    before = snapshot(tmp_path)
    assert_refused(run_cli(["check", "--from", "chess-results", "x.csv"], tmp_path), f"x.csv: {place}")
    assert_refused(run_cli(["workbook", "--from", "chess-results", "x.csv", "-o", "x.xlsx"], tmp_path),
                   f"x.csv: {place}")
    assert_unchanged(before, tmp_path)


def test_an_opponent_of_5000_digits_is_refused_quoting_the_cell(tmp_path):
    (tmp_path / "x.csv").write_text(_csv(rows=_row(0, 6, "9" * 5000 + "w1")), encoding="utf-8")
    err = assert_refused(run_cli(["check", "--from", "chess-results", "x.csv"], tmp_path),
                         f"x.csv: row 6, column G (1.Rd): '{'9' * 30}' is not a chess-results result")
    assert "4300" not in err  # not Python's own words about its limit


@pytest.mark.parametrize("text, published", [("NaN", "NaN"), ("nan", "nan"), ("inf", "inf"), ("abc", "abc")])
@pytest.mark.parametrize("column, place", [(9, "row 6, column J (Pts.)"), (10, "row 6, column K (TB1)")])
def test_a_published_value_that_is_no_number_is_refused_naming_the_cell(tmp_path, text, published, column, place):
    (tmp_path / "x.csv").write_text(_csv(rows=_row(0, column, text)), encoding="utf-8")
    assert_refused(run_cli(["check", "--from", "chess-results", "x.csv", "-t", "BH,SB"], tmp_path),
                   f"x.csv: {place}: '{published}' is not a number; expected a published value such as 21.5")


def test_a_vega_result_with_a_digit_of_another_script_is_refused_naming_the_line():
    from xl_tiebreak.errors import InputError
    from xl_tiebreak.imports.vega import read_vega_export
    with pytest.raises(InputError, match=r"^v.txt: line 8, round 1: '\+W٣' is not a Vega result"):
        read_vega_export(VEGA.replace("+W3 ", "+W٣ ", 1), "v.txt")


@pytest.mark.parametrize("name, data", [
    # title rows, then a header row that starts with a byte-order mark (two files joined)
    ("joined", (CSV_HEAD + "\ufeff" + HEADER + "\n" + "\n".join(ROWS) + "\n").encode("utf-8")),
    # no title rows, the file's own mark, and a name in Windows-1252 (so read as such)
    ("cp1252", b"\xef\xbb\xbf" + (HEADER + "\n" + "\n".join(ROWS).replace("Dunn", "D\xfcnn") + "\n").encode("cp1252")),
])
def test_a_byte_order_mark_before_the_header_row_hides_no_heading(tmp_path, name, data):
    (tmp_path / f"{name}.csv").write_bytes(data)
    got = read_import(tmp_path / f"{name}.csv", "chess-results")
    # the cells name opponents by rank (Adams, rank 1, is No 2 and plays rank 3, Cole, No 3)
    assert got.numbered_by == "rank"
    assert [(p.no, p.name[:4], p.rounds[0].opponent) for p in got.tournament.players] == [
        (1, "Brow", 4), (2, "Adam", 3), (3, "Cole", 2), (4, "Dunn" if name == "joined" else "Dünn", 1)]
    proc = run_cli(["check", "--from", "chess-results", f"{name}.csv"], tmp_path)
    assert proc.returncode in (0, 1) and b"difference" in proc.stdout, proc.stderr  # compared, not refused


# ------------------------------------------------------------------------- formula cells

def _export_book(path: Path, formula_cell: str, formula: str, stored: "str | None") -> Path:
    """The export as an .xlsx (its rows from row 1: the title, the header, the players), with one
    cell holding ``formula``, stored with the value ``stored`` (None: no stored value, as a program
    that does not calculate writes it)."""
    wb = Workbook()
    ws = wb.active
    ws.append([TITLE])
    ws.append(HEADER.split(";"))
    for r in ROWS:
        ws.append([int(c) if c.isdigit() else c for c in r.split(";")])
    ws[formula_cell] = formula
    wb.save(path)
    if stored is not None:  # as Excel or LibreOffice saves it: the value after the formula
        with zipfile.ZipFile(path) as z:
            parts = {i: z.read(i.filename) for i in z.infolist()}
        with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
            for info, body in parts.items():
                if info.filename == "xl/worksheets/sheet1.xml":
                    kind = "" if stored.replace(".", "").isdigit() else ' t="str"'
                    body = re.sub(rf'<c r="{formula_cell}"([^>]*)><f>(.*?)</f><v\s*/>',
                                  rf'<c r="{formula_cell}"\1{kind}><f>\2</f><v>{stored}</v>', body.decode()).encode()
                z.writestr(info, body)
    return path


@pytest.mark.parametrize("cell, formula", [("E3", "=2000+100"), ("D4", '="Brown, B"')])
def test_a_formula_cell_without_a_stored_value_is_refused_naming_the_cell(tmp_path, cell, formula):
    # E3: Adams' rating (read as empty: unrated, every opponent's ARO changed); D4: Brown's name
    _export_book(tmp_path / "f.xlsx", cell, formula, None)
    before = snapshot(tmp_path)
    message = f"f.xlsx: Sheet!{cell} holds a formula ({formula}) without a stored value"
    assert_refused(run_cli(["check", "--from", "chess-results", "f.xlsx", "-t", "ARO"], tmp_path), message)
    assert_refused(run_cli(["workbook", "--from", "chess-results", "f.xlsx", "-o", "b.xlsx"], tmp_path), message)
    assert_unchanged(before, tmp_path)


def test_a_formula_cell_is_read_as_the_value_stored_with_it(tmp_path):
    _export_book(tmp_path / "r.xlsx", "E3", "=2000+100", "2100")  # Adams, No 2
    _export_book(tmp_path / "n.xlsx", "D4", '="Brown, B"', "Brown, B")  # No 1
    ratings = {p.no: p.rating for p in read_import(tmp_path / "r.xlsx", "chess-results").tournament.players}
    assert ratings == {1: 2200, 2: 2100, 3: 1900, 4: None}
    names = {p.no: p.name for p in read_import(tmp_path / "n.xlsx", "chess-results").tournament.players}
    assert names[1] == "Brown, B"


def test_a_published_sheet_cell_that_is_no_number_is_refused_by_check(tmp_path):
    # the workbook made from an export keeps what was published on its Published sheet (TB1 in
    # column E, Brown's row 5); NaN typed there was left out of the comparison without a word
    from xl_tiebreak.excel.xlsx.sheet import XlsxBook
    (tmp_path / "x.csv").write_text(_csv(), encoding="utf-8")
    assert run_cli(["workbook", "--from", "chess-results", "x.csv", "-o", "made.xlsx", "-t", "BH,SB"],
                   tmp_path).returncode == 0
    with zipfile.ZipFile(tmp_path / "made.xlsx") as src, zipfile.ZipFile(tmp_path / "b.xlsx", "w") as dst:
        sheet = next(s.path for s in XlsxBook(src).sheets if s.title == "Published")
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == sheet:
                cell = re.search(rb'<c r="E5"[^>]*>.*?</c>', body)
                assert cell is not None
                body = body.replace(cell.group(), b'<c r="E5" t="inlineStr"><is><t>NaN</t></is></c>')
            dst.writestr(info, body)
    assert_refused(run_cli(["check", "b.xlsx"], tmp_path), "b.xlsx: Published!E5: 'NaN' is not a number")
