"""No stale values (DESIGN "The arbiter's round-by-round workflow"): a recompute
refreshes every table, a wrong cell shows in the tables as an error naming the cell (not as the
last good figures), and ``check`` and ``standings`` say when a workbook's stored values no longer
match its results; check, standings and recompute agree on whether there is a problem.

The workbook is the 8-player template, typed into as a user does (tests/support/workbook_typing.py) and
read back as a viewer shows it (cached values, read with openpyxl). The expected figures come from
the rule text: after one round a player's points are his result, his Buchholz his opponent's points.
"""

from __future__ import annotations

import json
import random
import shutil
from pathlib import Path

import pytest

from tests.support.workbook_typing import event_cells, read_sheet, type_cells
from xl_tiebreak.cli import main

PLAYERS = 8
# round 1: 1-5 1-0, 2-6 ½-½, 3-7 0-1, 4-8 1-0 (white first)
ROUND_1 = {"F5": "5w1", "F9": "1b0", "F6": "6b½", "F10": "2w½",
           "F7": "7w0", "F11": "3b1", "F8": "8w1", "F12": "4b0"}
# round 2: 1-7 ½-½, 4-2 0-1, 5-3 1-0, 6-8 0-1
ROUND_2 = {"G5": "7w½", "G11": "1b½", "G8": "2w0", "G6": "4b1",
           "G9": "3w1", "G7": "5b0", "G10": "8w0", "G12": "6b1"}
TYPO = "Crosstable!F5: '6x1' is not a result; write e.g. 12w1, 12b½, +12, BYE, H"


def _typed(book: Path, cells: dict[str, object]) -> None:
    type_cells(book, {f"Crosstable!{k}": v for k, v in cells.items()})


@pytest.fixture
def book(tmp_path) -> Path:
    """The template with eight players and round 1 typed, recomputed."""
    b = tmp_path / "event.xlsx"
    assert main(["template", "--players", str(PLAYERS), "-o", str(b)]) == 0
    cells: dict[str, object] = {f"A{5 + i}": i + 1 for i in range(PLAYERS)}
    cells.update({f"B{5 + i}": f"Player {i + 1}" for i in range(PLAYERS)})
    _typed(b, {**cells, **ROUND_1})
    # no edition assumed, 7 rounds, the rating report's fields filled in
    type_cells(b, {"Settings!B5": "2026-04-01", "Settings!B13": 7, **event_cells(b)})
    assert main(["recompute", str(b)]) == 0
    return b


def _check(book: Path, capsys) -> tuple[int, list[dict]]:
    status = main(["check", str(book), "--format", "json"])
    return status, json.loads(capsys.readouterr().out)["findings"]


def test_a_typo_shows_in_every_table_as_an_error_naming_the_cell(book, capsys):
    _typed(book, {"F5": "6x1"})
    assert main(["recompute", str(book)]) == 1
    cross, stand, cache = (read_sheet(book, s) for s in ("Crosstable", "Standings", "Cache"))
    # the RESULTS table beside the crosstable: the error in its first cell, no figure left
    assert cross["Q4"] == "#ERROR: " + TYPO
    assert not any(k[0] in "QRSTUVWX" and k != "Q4" for k in cross)
    assert stand["A4"] == "#ERROR: " + stand["A4"][len("#ERROR: "):] == "#ERROR: " + TYPO
    # no row of the old standings (row 4 keeps the headings of the player columns and the legend)
    assert not [k for k in stand if int(k.lstrip("ABCDEFGHIJKLMNOPQRSTUVWXYZ")) > 4]
    # the stored values LibreOffice and Excel without the add-in show (IFERROR) hold it too
    assert cache["A1"] == "#ERROR: " + TYPO and not any(isinstance(v, (int, float)) for v in cache.values())
    assert "'6x1' is not a result" in cross["A3"]  # the status line names the typo


def test_fixing_the_typo_brings_the_numbers_back(book):
    _typed(book, {"F5": "6x1"})
    assert main(["recompute", str(book)]) == 1
    _typed(book, {"F5": "5w1"})
    assert main(["recompute", str(book)]) == 0
    cross, stand = read_sheet(book, "Crosstable"), read_sheet(book, "Standings")
    assert cross["Q4"] == "Pts" and cross["A3"].endswith("No problems found.")
    # player 1 beat player 5 (0 points): 1 point, Buchholz 0; player 5: 0 points, Buchholz 1
    assert (cross["Q5"], cross["S5"]) == (1, 0) and (cross["Q9"], cross["S9"]) == (0, 1)
    # player 2 drew with player 6 (½): ½ point, Buchholz ½
    assert (cross["Q6"], cross["S6"]) == (0.5, 0.5)
    assert stand["A4"] == "Rk" and sorted(stand[f"D{r}"] for r in range(5, 13)) == [0] * 3 + [0.5] * 2 + [1] * 3


def test_results_typed_without_recompute_make_check_report_stale_and_standings_note_it(book, capsys):
    _typed(book, ROUND_2)
    status, found = _check(book, capsys)
    assert status == 0  # a warning: the results are right, only the stored values are behind
    stale = [f for f in found if f["rule"] == "stale"]
    assert len(stale) == 1 and stale[0]["severity"] == "warning"
    # the first table of the workbook, at its first stale cell: player 1 has 1½ points now, 1 stored
    assert stale[0]["where"] == "Crosstable!Q5"
    assert stale[0]["message"].startswith("stale values: the table at Crosstable!Q4 (RESULTS;")
    assert "Crosstable!Q5 shows 1, the results give 1.5" in stale[0]["message"]
    assert "xl-tiebreak recompute event.xlsx" in stale[0]["message"]
    assert main(["check", str(book)]) == 0
    out = capsys.readouterr().out
    assert "warning  Crosstable!Q5: stale values" in out and "0 error(s), 1 warning(s)" in out
    assert main(["standings", str(book)]) == 0
    got = capsys.readouterr()
    assert "xl-tiebreak: warning: Crosstable!Q5: stale values: the table at Crosstable!Q4" in got.err
    assert "Player 1" in got.out  # the standings printed are computed from the results


def test_after_a_recompute_there_is_no_stale_finding(book, capsys):
    _typed(book, ROUND_2)
    assert main(["recompute", str(book)]) == 0
    capsys.readouterr()
    assert _check(book, capsys) == (0, [])
    assert main(["standings", str(book)]) == 0
    assert capsys.readouterr().err == ""


def test_a_typo_not_recomputed_is_an_error_and_its_tables_are_stale(book, capsys):
    _typed(book, {"F5": "6x1"})
    status, found = _check(book, capsys)
    assert status == 1
    assert [(f["rule"], f["where"]) for f in found] == [("notation", "Crosstable!F5"), ("stale", "Crosstable!Q4")]


def test_a_setting_the_recompute_refuses_is_a_check_error_at_its_cell(book, capsys):
    """An unknown tie-break in the Settings list: every table fails on recompute (exit 1), each
    naming the Settings cell (not the functions' argument, ``tiebreak_list:``); check names that
    cell once (rule descriptor; the tables it stops are not listed again), and standings refuses
    it naming the cell. Before: five formula-errors ``tiebreak_list: unknown tie-break 'XYZ'``,
    Settings!B8 named nowhere."""
    type_cells(book, {"Settings!B8": "XYZ"})
    status, found = _check(book, capsys)
    assert status == 1
    assert [(f["severity"], f["rule"], f["where"]) for f in found if f["rule"] != "stale"] == \
        [("error", "descriptor", "Settings!B8")]
    assert "unknown tie-break 'XYZ'" in found[0]["message"]
    assert not any("tiebreak_list" in f["message"] for f in found)
    assert main(["standings", str(book)]) == 2
    assert "event.xlsx: Settings!B8: unknown tie-break 'XYZ'" in capsys.readouterr().err
    assert main(["recompute", str(book)]) == 1
    out = capsys.readouterr().out
    assert "error in Standings!A4: Settings!B8: unknown tie-break 'XYZ'" in out and "tiebreak_list" not in out
    status, found = _check(book, capsys)
    assert status == 1 and [f["where"] for f in found] == ["Settings!B8"]


def test_the_status_lines_count_a_bad_settings_tie_break(book, tmp_path, capsys):
    """After the recompute, the status lines of the Crosstable and Standings sheets (STATUS, which
    now takes the Settings list as its last argument: no call more) count the Settings error and
    name its cell, as the error tables below them do; LibreOffice shows the same line. Before:
    "No problems found." above the error tables."""
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    type_cells(book, {"Settings!B8": "XYZ"})
    assert main(["recompute", str(book)]) == 1
    capsys.readouterr()
    cross, stand = read_sheet(book, "Crosstable"), read_sheet(book, "Standings")
    for line in (cross["A3"], stand["A3"]):
        assert line.startswith("After round 1 of 7; rules fide2026 (start date 2026-04-01). 1 error - Settings!B8: "
                               "unknown tie-break 'XYZ'"), line
    assert cross["Q4"].startswith("#ERROR: Settings!B8: unknown tie-break 'XYZ'")
    for sheet in ("Categories", "Prizes", "What if"):  # the sheet's table error is the same one: counted once
        assert read_sheet(book, sheet)["A3"] == cross["A3"], sheet
    page = " ".join(" ".join(sheet_pages(pdf_pages(book, tmp_path / "pdf"), "Crosstable")).split())
    assert "1 error - Settings!B8: unknown tie-break 'XYZ'" in page


def _problems(book: Path, tmp_path: Path, capsys) -> dict[str, bool]:
    """Whether check, standings and recompute each say there is a problem. Recompute says so by
    its exit status or by changing what a viewer shows (the stored values were not current)."""
    capsys.readouterr()
    check_status, found = _check(book, capsys)
    standings_status = main(["standings", str(book)])
    note = capsys.readouterr().err.strip()
    copy = tmp_path / "copy.xlsx"
    shutil.copyfile(book, copy)
    shown = {s: read_sheet(copy, s) for s in ("Crosstable", "Standings")}
    recompute_status = main(["recompute", str(copy), "--force"])
    capsys.readouterr()
    changed = any(read_sheet(copy, s) != shown[s] for s in shown)
    return {"check": check_status != 0 or bool(found),
            "standings": standings_status != 0 or bool(note),
            "recompute": recompute_status != 0 or changed}


@pytest.mark.parametrize("seed", range(4))
def test_check_standings_and_recompute_agree_on_whether_there_is_a_problem(book, tmp_path, capsys, seed):
    rnd = random.Random(seed)
    for step in range(5):
        action = rnd.choice(["round 2", "typo", "fix", "recompute", "recompute", "nothing"])
        if action == "round 2":
            _typed(book, ROUND_2)
        elif action == "typo":
            _typed(book, {rnd.choice(sorted(ROUND_1)): rnd.choice(["6x1", "9w1", "7q"])})
        elif action == "fix":
            _typed(book, ROUND_1)
        elif action == "recompute":
            main(["recompute", str(book)])
        said = _problems(book, tmp_path, capsys)
        assert len(set(said.values())) == 1, (seed, step, action, said)


def test_a_stored_number_past_a_floats_range_is_a_stale_value_not_a_crash(book, capsys):
    """A damaged stored figure (a 400-digit integer where a table holds points) is told apart
    from the figure the recompute would write: check names the stale cell (a warning, as every
    stale value), its number said in a few words."""
    type_cells(book, {"Standings!D5": int("9" * 400)})
    status, found = _check(book, capsys)
    stale = [f for f in found if f["rule"] == "stale"]
    assert status == 0 and [f["where"] for f in stale] == ["Standings!D5"], found
    assert "Standings!D5 shows a number of 400 digits, the results give 1" in stale[0]["message"]


def _resaved(book: Path) -> None:
    """The workbook as a script saves it with openpyxl: every formula without its stored value (a
    spilled table's first cell too), the other cells of the tables as they were."""
    from openpyxl import load_workbook
    wb = load_workbook(book)
    wb.save(book)


def test_a_stale_table_is_told_by_a_figure_that_differs_not_by_its_heading(book, capsys):
    # the first stored cell of RESULTS (its heading Pts, a formula's value) is lost, and round 2 typed:
    # the warning quotes player 1's points, not the heading the stored table lacks
    _resaved(book)
    _typed(book, ROUND_2)
    status, found = _check(book, capsys)
    stale = [f for f in found if f["rule"] == "stale"]
    assert status == 0 and len(stale) == 1 and stale[0]["where"] == "Crosstable!Q5"
    assert "Crosstable!Q5 shows 1, the results give 1.5" in stale[0]["message"] and "'Pts'" not in stale[0]["message"]


def test_a_table_whose_figures_are_current_but_its_heading_lost_says_so(book, capsys):
    _resaved(book)
    status, found = _check(book, capsys)
    stale = [f for f in found if f["rule"] == "stale"]
    assert status == 0 and stale[0]["where"] == "Crosstable!Q4"
    assert stale[0]["message"].startswith("stale values: the table at Crosstable!Q4 (RESULTS;")
    assert "has current figures, but its heading Crosstable!Q4 shows nothing where it should read 'Pts': run " \
           "'xl-tiebreak recompute event.xlsx'" in stale[0]["message"]


def test_a_table_with_no_stored_value_at_all_says_it_shows_empty(book, capsys):
    _resaved(book)
    cross = read_sheet(book, "Crosstable")
    type_cells(book, {f"Crosstable!{c}": None for c in cross if c[0] in "QRSTUVWX" and c != "Q4"})
    status, found = _check(book, capsys)
    stale = [f for f in found if f["rule"] == "stale"]
    assert status == 0 and stale[0]["where"] == "Crosstable!Q5"
    assert "(RESULTS; " in stale[0]["message"] and "holds no stored values, so every viewer shows it empty (the " \
           "workbook was saved by a program that does not calculate our functions); the results give 1 in " \
           "Crosstable!Q5, for example" in stale[0]["message"]
