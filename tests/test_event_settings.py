"""The event's rounds and its rule edition, as a workbook's Settings give them, through the command
line on the template typed into as a user does.

Values here come from the rule text: the edition in force at a date is C.07's (2024 edition from
1 Aug 2024 ... 28 Feb 2026, 2026 edition from 1 Mar 2026; TIEBREAK_RULES "Rule editions"); a
player's points after one round are his result.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.support.workbook_typing import read_sheet, type_cells
from xl_tiebreak.cli import main
from xl_tiebreak.trf import parse_trf

pytest.importorskip("openpyxl")

# six players, round 1: 1-4, 2-5, 3-6, White wins
ROUND_1 = {"F5": "4w1", "F8": "1b0", "F6": "5w1", "F9": "2b0", "F7": "6w1", "F10": "3b0"}


@pytest.fixture
def book(tmp_path) -> Path:
    """The Swiss template (11 round columns), six players and round 1 typed, nothing in Settings."""
    b = tmp_path / "event.xlsx"
    assert main(["template", "--players", "6", "-o", str(b)]) == 0
    cells = {f"Crosstable!A{4 + i}": i for i in range(1, 7)}
    cells.update({f"Crosstable!B{4 + i}": f"Player {i}" for i in range(1, 7)})
    cells.update({f"Crosstable!{k}": v for k, v in ROUND_1.items()})
    type_cells(b, cells)
    return b


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main(list(argv))
    got = capsys.readouterr()
    return code, got.out, got.err


def _check(capsys, book: Path) -> tuple[int, list[dict]]:
    code, out, _ = _run(capsys, "check", str(book), "--format", "json")
    return code, json.loads(out)["findings"]


# ------------------------------------------------------------------------------ rounds

def test_without_rounds_set_the_label_counts_the_round_columns_and_says_where_to_set_them(book, capsys):
    code, out, _ = _run(capsys, "standings", str(book))
    assert code == 0 and out.splitlines()[1] == "Standings after round 1 of 11"
    assert main(["recompute", str(book)]) == 0
    status = read_sheet(book, "Crosstable")["A3"]
    assert status.startswith("After round 1 of 11 (the round columns: write the event's rounds in Settings)")


def test_the_events_rounds_setting_is_the_n_of_every_label_and_the_trfs_xxr(book, capsys, tmp_path):
    type_cells(book, {"Settings!B13": 5})
    code, out, _ = _run(capsys, "standings", str(book), "--format", "json")
    doc = json.loads(out)
    assert code == 0 and (doc["rounds"], doc["of"], doc["label"]) == (1, 5, "after round 1 of 5")
    assert main(["recompute", str(book)]) == 0
    assert read_sheet(book, "Crosstable")["A3"].startswith("After round 1 of 5; rules ")
    trf = tmp_path / "event.trf"
    assert main(["export-trf", str(book), "-o", str(trf)]) == 0
    text = trf.read_text(encoding="utf-8")
    assert "XXR 5" in text and parse_trf(text).rounds == 5


def test_a_result_past_the_events_rounds_is_an_error_naming_its_cell(book, capsys):
    type_cells(book, {"Settings!B13": 1, "Crosstable!G5": "2w1", "Crosstable!G6": "1b0"})
    code, found = _check(capsys, book)
    errors = [f for f in found if f["severity"] == "error"]
    assert code == 1 and [(f["where"], f["rule"]) for f in errors] == [("Crosstable!G5", "rounds"),
                                                                       ("Crosstable!G6", "rounds")]
    assert "the event has 1 round (Settings, Rounds)" in errors[0]["message"]
    code, _, err = _run(capsys, "standings", str(book))
    assert code == 2 and "Crosstable!G5" in err


def test_the_round_robin_template_command_sets_the_rounds_from_the_players(tmp_path, capsys):
    for players, rounds in ((5, 5), (6, 5)):
        b = tmp_path / f"rr{players}.xlsx"
        assert main(["template", "--type", "round-robin", "--players", str(players), "-o", str(b)]) == 0
        assert read_sheet(b, "Settings")["B13"] == rounds


# ------------------------------------------------------------------------------ edition

def test_an_empty_edition_follows_the_start_date(book, capsys):
    for date, edition in (("2025-06-01", "fide2024"), ("2026-04-10", "fide2026"), ("2026-02-28", "fide2024")):
        type_cells(book, {"Settings!B5": date})
        code, out, _ = _run(capsys, "standings", str(book), "--format", "json")
        assert code == 0 and json.loads(out)["edition"] == edition, date
        code, found = _check(capsys, book)
        assert not [f for f in found if f["rule"] == "edition"], found


def test_an_event_without_a_date_names_the_edition_assumed_and_how_to_choose(book, capsys):
    code, found = _check(capsys, book)
    ed = [f for f in found if f["rule"] == "edition"]
    assert code == 0 and len(ed) == 1 and ed[0]["where"] == "Settings!B5"
    assert "fide2026" in ed[0]["message"] and "assumed" in ed[0]["message"] and "Settings!B3" in ed[0]["message"]
    assert main(["recompute", str(book)]) == 0
    assert "rules fide2026 (assumed: no start date)" in read_sheet(book, "Crosstable")["A3"]


def test_an_edition_chosen_against_the_date_is_used_with_a_warning(book, capsys):
    type_cells(book, {"Settings!B5": "2025-06-01", "Settings!B3": "fide2026"})
    code, out, _ = _run(capsys, "standings", str(book), "--format", "json")
    assert json.loads(out)["edition"] == "fide2026"
    code, found = _check(capsys, book)
    ed = [f for f in found if f["rule"] == "edition"]
    assert code == 0 and [f["where"] for f in ed] == ["Settings!B3"] and "fide2024" in ed[0]["message"]
    assert main(["recompute", str(book)]) == 0
    assert "rules fide2026 (chosen)" in read_sheet(book, "Crosstable")["A3"]


@pytest.mark.parametrize("date", ["2062-01-01", "1926-05-05"])
def test_an_implausible_start_date_is_a_warning_naming_the_cell(book, capsys, date):
    type_cells(book, {"Settings!B5": date})
    code, found = _check(capsys, book)
    assert code == 0 and any(f["where"] == "Settings!B5" and f["severity"] == "warning" for f in found), found


def test_a_start_date_that_is_no_date_is_an_error_naming_the_cell(book, capsys):
    type_cells(book, {"Settings!B5": "2025/13/45"})
    code, found = _check(capsys, book)
    assert code == 1 and any(f["where"] == "Settings!B5" and f["severity"] == "error" for f in found), found


# ---------------------------------------- one reading of Settings!B3:B5 (each cell one meaning)

def _status(book: Path) -> tuple[int, str]:
    code = main(["recompute", str(book)])
    return code, read_sheet(book, "Crosstable")["A3"]


def test_an_edition_name_in_the_start_date_cell_is_refused_by_the_sheets_and_every_command_alike(book, capsys):
    """B5 holds the start date only: ``fide2012`` there is no date, for the sheet functions as for
    standings and check (the sheets used to compute everything under fide2012)."""
    type_cells(book, {"Settings!B5": "fide2012"})
    said = "Settings!B5: start date 'fide2012' is not a date; write YYYY-MM-DD"
    code, status = _status(book)
    assert code == 1 and said in status and "fide2012 (chosen)" not in status, status
    code, _, err = _run(capsys, "standings", str(book))
    assert code == 2 and said in err, err
    code, found = _check(capsys, book)
    assert code == 1 and [(f["where"], f["severity"]) for f in found if f["where"].startswith("Settings")] == [
        ("Settings!B5", "error")], found


@pytest.mark.parametrize("typed", ["2024-05-01", "fide1999"])
def test_a_date_or_an_unknown_name_in_the_edition_cell_is_an_error_at_settings_b3_everywhere(book, capsys, typed):
    """B3 holds an edition's name only: a date there (it goes in B5) or a name of none is an error
    naming Settings!B3 in the status line, for standings and for check (which used to pass it)."""
    type_cells(book, {"Settings!B3": typed})
    said = f"Settings!B3: edition '{typed}' is not the name of one; write fide2026, fide2024 or fide2012"
    code, status = _status(book)
    assert code == 1 and said in status, status
    code, _, err = _run(capsys, "standings", str(book))
    assert code == 2 and said in err, err
    code, found = _check(capsys, book)
    errors = [(f["where"], f["message"]) for f in found if f["severity"] == "error"]
    assert code == 1 and len(errors) == 1 and errors[0][0] == "Settings!B3" and said[13:] in errors[0][1], found


@pytest.mark.parametrize("typed", ["round_robin", "Round Robin", "RR"])
def test_the_event_type_cell_has_one_vocabulary_for_the_sheets_and_the_commands(book, capsys, typed):
    """B4 in any of the event type's spellings is a round robin for the sheet functions (inside
    the range B3:B5 they are passed too) as for every command (which refused the spellings the
    sheets took): a BYE typed for a seventh player is then refused by all, at its cell."""
    type_cells(book, {"Settings!B4": typed, "Crosstable!A11": 7, "Crosstable!B11": "Player 7", "Crosstable!F11": "BYE"})
    said = "Crosstable!F11: a round robin has no pairing-allocated bye"
    code, status = _status(book)
    assert code == 1 and said in status, status
    code, _, err = _run(capsys, "standings", str(book))
    assert code == 2 and said in err, err
    code, found = _check(capsys, book)
    errors = [f["where"] for f in found if f["severity"] == "error"]
    assert code == 1 and errors == ["Crosstable!F11"], found


def test_only_the_settings_range_gives_its_cells_fixed_meanings_one_value_keeps_name_or_date():
    """A range of cells (the templates pass Settings!B3:B5) is read cell by cell in its places: a
    name in its third cell is no start date. One value (``=BUCHHOLZ(1, Crosstable, "fide2024")``,
    a date there, a one-cell range) is the name of an edition or a start date, as before."""
    from xl_tiebreak.errors import InputError
    from xl_tiebreak.excel.ranges.arguments import read_edition
    with pytest.raises(InputError, match=r"^STATUS: edition: row 3 of the edition range, column A: start date "
                                         r"'fide2012' is not a date"):
        read_edition([[None], ["swiss"], ["fide2012"]], "STATUS")
    with pytest.raises(InputError, match=r"row 1 of the edition range, column A: edition '2024-05-01' is not"):
        read_edition([["2024-05-01"], [None], [None]], "STATUS")
    assert read_edition([[None], ["round_robin"], ["2024-05-01"]]).name == "fide2024"
    assert read_edition([["fide2012"], ["Round Robin"], ["2026-04-10"]]).name == "fide2012"
    assert read_edition("fide2024").name == "fide2024" and read_edition([["fide2012"]]).name == "fide2012"
    assert read_edition("2024-05-01").name == "fide2024" and read_edition([["2026-04-10"]]).name == "fide2026"
