"""The templates' Event sheet (issue 33.2): the fields of the FIDE rating report, typed by the
arbiter and written by export-trf (round dates at the rounds' columns, one record per deputy
arbiter, the player and team counts added); check names each field left empty; a workbook made
before the sheet existed is read and exported as before, and check says what it lacks."""

from __future__ import annotations

import json
from pathlib import Path

from openpyxl import load_workbook

from tests.support.workbook_typing import EVENT_FIELDS, event_cells, read_sheet, type_cells
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_tournament
from xl_tiebreak.trf import read_trf


def _book(tmp_path: Path, *args: str) -> Path:
    book = tmp_path / "b.xlsx"
    assert main(["template", "--players", "4", "--rounds", "3", "-o", str(book), *args]) == 0
    cells = {}
    for no, cols in {1: ["2w1", "3b½", "4w1"], 2: ["1b0", "4w½", "3b1"], 3: ["4b1", "1w½", "2w0"],
                     4: ["3w0", "2b½", "1b0"]}.items():
        cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}",
                      f"Crosstable!D{4 + no}": 2000 - 100 * no if no != 4 else None})
        cells.update({f"Crosstable!{'FGH'[r]}{4 + no}": c for r, c in enumerate(cols)})
    type_cells(book, {**cells, "Crosstable!A1": "Spring Open", "Settings!B5": "2026-04-10"})
    return book


def _records(path: Path) -> dict[str, list[str]]:
    out: dict[str, list[str]] = {}
    for ln in path.read_text(encoding="utf-8").splitlines():
        out.setdefault(ln[:3], []).append(ln[4:])
    return out


def test_the_event_sheets_fields_are_written_as_the_rating_report_has_them(tmp_path, capsys):
    book = _book(tmp_path)
    rows = {v: k[1:] for k, v in read_sheet(book, "Event").items() if k[0] == "A"}
    assert "Event name" not in rows and "Start date" not in rows  # the Crosstable's title, Settings!B5
    type_cells(book, {**event_cells(book), f"Event!B{rows['Deputy arbiters']}": "Bob Deputy ; Cy Second",
                      f"Event!B{rows['Round dates']}": "2026-04-10, 17/04/2026 2026/04/24"})
    out = tmp_path / "b.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    rec = _records(out)
    assert rec["012"] == ["Spring Open"] and rec["042"] == ["2026/04/10"] and rec["022"] == [EVENT_FIELDS["City"]]
    assert rec["112"] == ["Bob Deputy", "Cy Second"]  # one record per deputy arbiter (TRF-16)
    assert rec["132"] == [" " * 87 + "26/04/10  26/04/17  26/04/24"]  # columns 92-99, 102-109, 112-119
    assert (rec["062"], rec["072"], rec["082"]) == (["4"], ["3"], ["0"])  # counted: 4 players, 3 rated
    assert read_trf(out).start_date == "2026-04-10"


def test_check_names_each_field_of_the_report_left_empty_with_its_cell(tmp_path, capsys):
    book = _book(tmp_path)
    capsys.readouterr()
    assert main(["check", str(book), "--format", "json"]) == 0
    found = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "rating-report"]
    assert len(found) == 1 and found[0]["severity"] == "warning" and found[0]["where"] == "Event!B4"
    for label, row in (("city", 4), ("federation", 5), ("end date", 6), ("chief arbiter", 7),
                       ("deputy arbiters", 8), ("time control", 9), ("round dates", 10)):
        assert f"{label} (Event!B{row})" in found[0]["message"]
    type_cells(book, {**event_cells(book), "Event!B10": "next week"})
    assert main(["check", str(book), "--format", "json"]) == 0
    found = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "rating-report"]
    assert [f["where"] for f in found] == ["Event!B10"] and "are not dates" in found[0]["message"]


def test_a_workbook_made_before_the_event_sheet_exports_as_before_and_check_says_what_it_lacks(tmp_path, capsys):
    from xl_tiebreak.excel.authoring.template import to_bytes, with_values
    from xl_tiebreak.excel.authoring.workbook import filled_workbook
    book = tmp_path / "old.xlsx"
    book.write_bytes(with_values(to_bytes(filled_workbook(demo_tournament(), event=False)[0])))
    assert "Event" not in load_workbook(book).sheetnames
    out = tmp_path / "old.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    rec = _records(out)
    assert "022" not in rec and rec["062"] == ["6"] and [p.no for p in read_trf(out).players] == list(range(1, 7))
    capsys.readouterr()
    assert main(["check", str(book), "--format", "json"]) == 0
    found = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "rating-report"]
    assert len(found) == 1 and "no Event sheet: export-trf writes no city (022)" in found[0]["message"]


def test_the_team_templates_event_sheet_and_the_number_of_teams(tmp_path, capsys):
    book = tmp_path / "team.xlsx"
    assert main(["template", "--type", "team", "-o", str(book)]) == 0
    rows = {v: k[1:] for k, v in read_sheet(book, "Event").items() if k[0] == "A"}
    teams = {"Teams!A5": 1, "Teams!B5": "Alpha", "Teams!C5": 1, "Teams!D5": "A One", "Teams!C6": 2,
             "Teams!D6": "A Two", "Teams!A7": 2, "Teams!B7": "Bravo", "Teams!C7": 3, "Teams!D7": "B One",
             "Teams!C8": 4, "Teams!D8": "B Two", "Teams!F5": 2100}
    matches = {"Matches!A5": 1, "Matches!B5": 1, "Matches!C5": 2, "Matches!E5": "1-0", "Matches!F5": "½-½"}
    type_cells(book, {**teams, **matches, "Settings!B5": "2026-04-10", "Settings!B6": 1, "Settings!B7": 2,
                      **event_cells(book)})
    capsys.readouterr()
    assert main(["check", str(book)]) == 0 and "rating-report" not in capsys.readouterr().out
    out = tmp_path / "team.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    rec = _records(out)
    assert rec["022"] == [EVENT_FIELDS["City"]] and rec["102"] == [EVENT_FIELDS["Chief arbiter"]]
    assert (rec["062"], rec["072"], rec["082"]) == (["4"], ["1"], ["2"])
    assert rec["132"] == [" " * 87 + "26/04/01"] and "Round dates" in rows


def _check_json(book: Path, capsys) -> list[dict]:
    capsys.readouterr()
    main(["check", str(book), "--format", "json"])
    return json.loads(capsys.readouterr().out)["findings"]


def test_the_event_sheets_dates_are_read_as_every_date_and_written_as_trf_writes_them(tmp_path, capsys):
    """The end date and the round dates typed on the Event sheet are read as Settings!B5 is
    (:mod:`xl_tiebreak.dates`: day first where the day and month could be swapped, with a warning
    naming the cell) and written YYYY/MM/DD (052) and YY/MM/DD at the rounds' columns (132): a
    day-first 11/04/2026 was written as typed (FIDE's reference reads it as 2011-04-2026), 03/07/2024
    taken for July without a word, and 10/04/26 read as TRF's YY/MM/DD (2010-04-26)."""
    book = _book(tmp_path)
    rows = {v: k[1:] for k, v in read_sheet(book, "Event").items() if k[0] == "A"}
    end, dates = f"Event!B{rows['End date']}", f"Event!B{rows['Round dates']}"
    type_cells(book, {**event_cells(book), end: "11/04/2026", dates: "03/07/2024 04/07/2024 05/07/2024"})
    out = tmp_path / "b.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    rec = _records(out)
    assert rec["052"] == ["2026/04/11"]
    assert rec["132"] == [" " * 87 + "24/07/03  24/07/04  24/07/05"]
    found = [(f["rule"], f["where"], f["message"]) for f in _check_json(book, capsys) if f["where"] in (end, dates)]
    assert [(rule, where) for rule, where, _ in found] == [("date-order", end)] + [("date-order", dates)] * 3, found
    assert "end date '11/04/2026' could be 11 April 2026 or 4 November 2026: read day first" in found[0][2]
    assert "round 1's date '03/07/2024' could be 3 July 2024 or 7 March 2024: read day first" in found[1][2]
    type_cells(book, {dates: "10/04/26", end: "soon"})  # no four-digit year: no date a workbook reads
    assert main(["export-trf", str(book), "-o", str(out), "--force"]) == 0
    rec = _records(out)
    assert rec["132"] == ["10/04/26"] and rec["052"] == ["soon"]  # as typed, and check says so
    found = {f["where"]: f["message"] for f in _check_json(book, capsys) if f["where"] in (end, dates)}
    assert "are not dates" in found[dates] and found[end] == "end date 'soon' is not a date; write YYYY-MM-DD"


def test_the_event_name_has_one_source_the_crosstables_title_cleaned_as_every_name(tmp_path, capsys):
    """A workbook made from a TRF file: its event's name is the Crosstable's title, the name
    standings shows; renamed there, export-trf writes the new name (it wrote the Event sheet's
    copy, which the workbook no longer has); a right-to-left override typed in it is dropped, with
    check's warning naming the cell; an Event sheet row ``Event name`` (a workbook made before)
    is not written, so its raw U+202E never reaches the TRF."""
    from xl_tiebreak.examples import demo_text
    src = tmp_path / "demo.trf"
    src.write_text(demo_text(), encoding="utf-8")
    book = tmp_path / "demo.xlsx"
    assert main(["workbook", str(src), "-o", str(book)]) == 0
    labels = [v for k, v in read_sheet(book, "Event").items() if k[0] == "A"]
    assert "Event name" not in labels and "Start date" in labels
    type_cells(book, {"Crosstable!A1": "NSW \u202eRapid", "Event!A40": "Event name", "Event!B40": "Old \u202ename"})
    capsys.readouterr()
    assert main(["standings", str(book)]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "NSW Rapid"
    out = tmp_path / "b.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    text = out.read_bytes().decode("cp1252")
    assert _records(out)["012"] == ["NSW Rapid"] and "\u202e" not in text and "Old" not in text
    assert read_trf(out).name == "NSW Rapid"
    found = [(f["rule"], f["where"]) for f in _check_json(book, capsys) if f["rule"] == "name"]
    assert found == [("name", "Crosstable!A1")], found
