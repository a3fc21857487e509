"""A day or a month of 0 in a date (``00/07/2005``, ``0/1/2024``, ``05/06/0000``) is no date, in
every face that reads one, never an internal error: record 042 (the edition is then assumed, as
for a missing 042), Settings!B5 (an error naming the cell), the Excel functions' edition argument
(the project's own error). In a birth date, 00 is TRF's own "unknown day or month", in either
order: ``00/12/1969`` is December 1969, read from a 001 record or a workbook's Born cell and
written back as TRF writes it, ``1969/12/00``.

Failed before: each of these ended in ``ValueError: day is out of range for month`` (exit 3, or
the Excel function's builtins ValueError). Where the values come from: an age on a date is
counted as the regulations count it (S50 = 50 or more on the start date: a player born in
December 1969 is 55 on 1 January 2025, the demo event's start date).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from tests.support.workbook_typing import find_header, read_sheet, type_cells
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.examples import demo_text

pytest.importorskip("openpyxl")


def _run(capsys, *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def _trf(tmp_path: Path, *, start: str = "2025/01/01", birth: str = "2000/01/01") -> Path:
    """The demo event, its start date and player 1's birth date (001 columns 70-79) as given."""
    text = demo_text().replace("042 2025/01/01", f"042 {start}").replace("1001 2000/01/01", f"1001 {birth:<10}", 1)
    p = tmp_path / "demo.trf"
    p.write_text(text, encoding="utf-8")
    return p


@pytest.fixture
def book(tmp_path, capsys) -> Path:
    """The demo event as ``xl-tiebreak workbook`` makes it, with the player fields (Born)."""
    path = tmp_path / "event.xlsx"
    assert _run(capsys, "workbook", _trf(tmp_path), "-o", path)[0] == 0
    return path


@pytest.mark.parametrize("start", ["00/07/2005", "1/0/2024", "05/06/0000"])
def test_a_start_date_with_a_zero_day_month_or_year_in_a_trf_is_no_date_and_the_edition_is_assumed(
        tmp_path, capsys, start):
    src = _trf(tmp_path, start=start)
    code, out, err = _run(capsys, "standings", src, "--format", "json")
    assert code == 0 and json.loads(out)["edition"] == "fide2026", err
    assert (f"demo.trf line 2, column 5: start date '{start}' is not a date, so the rules in force are not known: "
            "fide2026 (the newest edition) is assumed") in err
    code, out, _ = _run(capsys, "check", src, "--format", "json")
    assert code == 0 and [(f["rule"], f["where"]) for f in json.loads(out)["findings"]] == \
        [("edition", "demo.trf line 2, column 5")]


def test_a_trf_birth_date_with_a_zero_day_written_day_first_is_that_month(tmp_path, capsys):
    src = _trf(tmp_path, birth="00/12/1969")
    code, out, err = _run(capsys, "standings", src, "--category", "S50", "--age", "date", "--format", "json")
    assert code == 0 and [p["no"] for p in json.loads(out)["players"]] == [1], err  # 55 on 2025-01-01
    code, out, _ = _run(capsys, "check", src, "--format", "json")
    assert code == 0 and json.loads(out)["findings"] == []


def test_a_settings_start_date_with_a_zero_day_is_refused_by_every_face_naming_the_cell(book, tmp_path, capsys):
    type_cells(book, {"Settings!B5": "00/03/2024"})
    said = "Settings!B5: start date '00/03/2024' is not a date; write YYYY-MM-DD"
    for argv in (["standings", book], ["export-trf", book, "-o", tmp_path / "x.trf"]):
        code, _, err = _run(capsys, *argv)
        assert code == 2 and said in err, err
    code, out, _ = _run(capsys, "check", book, "--format", "json")
    assert code == 1 and [(f["severity"], f["rule"]) for f in json.loads(out)["findings"]
                          if f["where"] == "Settings!B5"] == [("error", "date")]
    code, _, _ = _run(capsys, "recompute", book)
    cells = [v for sheet in ("Crosstable", "Standings") for v in read_sheet(book, sheet).values() if isinstance(v, str)]
    assert code == 1 and any(said in v for v in cells) and not any("internal error" in v for v in cells)


def test_a_born_cell_with_a_zero_day_is_that_month_and_written_as_trf_writes_it(book, tmp_path, capsys):
    col, head = find_header(read_sheet(book, "Crosstable"), "Born")
    cell = f"Crosstable!{chr(ord('A') + col - 1)}{head + 1}"  # player 1's row
    type_cells(book, {cell: "00/12/1969"})
    code, out, err = _run(capsys, "standings", book, "--category", "S50", "--age", "date", "--format", "json")
    assert code == 0 and [p["no"] for p in json.loads(out)["players"]] == [1], err
    trf = tmp_path / "back.trf"
    assert _run(capsys, "export-trf", book, "-o", trf)[0] == 0
    line = next(ln for ln in trf.read_text(encoding="cp1252").splitlines() if ln.startswith("001    1"))
    assert line[69:79] == "1969/12/00"
    if gacrux_available():  # FIDE's reference reads the file written, with the source's values
        assert run_gacrux(str(trf), ["BH", "SB"], mode="swiss") == run_gacrux(str(_trf(tmp_path)), ["BH", "SB"],
                                                                               mode="swiss")


@pytest.mark.parametrize("edition", ["00/05/2026", "0/1/2024", "05/06/0000"])
def test_an_excel_function_given_a_date_with_a_zero_part_fails_with_the_project_s_error(edition):
    from xl_tiebreak.excel.functions import individual as fx
    table = [["No", "Name", "Rating", "R1"], [1, "A", 1500, "2w1"], [2, "B", 1500, "1b0"]]
    with pytest.raises(InputError, match=f"BUCHHOLZ: edition: '{edition}' is neither an edition name nor a date"):
        fx.BUCHHOLZ(1, table, edition)


def test_round_dates_with_a_zero_day_are_no_dates_and_no_command_ends_in_an_internal_error(book, tmp_path, capsys):
    """The Event sheet's round dates (record 132) as check reads them for the rating report, and
    export-trf. Failed before: both ended in an internal error (exit 3)."""
    col, row = find_header(read_sheet(book, "Event"), "Round dates")
    cell = f"Event!{chr(ord('A') + col)}{row}"  # the value beside the label
    type_cells(book, {cell: "07/03/2024 00/03/2024"})
    code, out, err = _run(capsys, "check", book, "--format", "json")
    assert code == 0 and any(f["where"] == cell and "are not dates" in f["message"]
                             for f in json.loads(out)["findings"]), out + err
    code, _, err = _run(capsys, "export-trf", book, "-o", tmp_path / "back.trf")
    assert code == 0 and "internal error" not in err, err
