"""The workbook's pairing rows (Settings: Forbidden pairs, Baku acceleration, Initial colour) pair a
round as the same options on the command line do, and FIDE's reference (gacrux) with the same
choices in a TRF (record 260, records 250, record 152); an option given on the command line
overrides its cell; a bad cell stops ``pair`` with exit 2 naming the cell; a workbook without the
rows (made before them) pairs with the defaults; the function ``PAIRING`` and the action
``PAIR_NEXT_ROUND`` read the same rows through xlwings's runtimes."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from tests.support.workbook_typing import club_cells, type_cells
from tests.test_pair_command import players_trf
from xl_tiebreak.cli import main
from xl_tiebreak.excel.authoring.template import PAIRING_HEAD_ROW

oracle = pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")
FORBID, BAKU, COLOUR = (f"Settings!B{PAIRING_HEAD_ROW + k}" for k in (1, 2, 3))
#: round 1 of 8 players played (top half beat bottom half, 1-5 and 2-6 drawn), as workbook cells and TRF fields
ROUND1 = {1: "5w½", 5: "1b½", 6: "2w½", 2: "6b½", 3: "7w1", 7: "3b0", 8: "4w0", 4: "8b1"}
ROUND1_TRF = {1: ["5 w ="], 5: ["1 b ="], 6: ["2 w ="], 2: ["6 b ="], 3: ["7 w 1"], 7: ["3 b 0"], 8: ["4 w 0"],
              4: ["8 b 1"]}


def _book(tmp_path: Path, n: int, name: str = "club.xlsx", kind: str = "swiss", results: bool = False) -> Path:
    """A template of ``n`` players numbered and rated as :func:`players_trf` writes them (5 rounds)."""
    book = tmp_path / name
    assert main(["template", "--type", kind, "--players", str(n + 2), "--rounds", "5", "-o", str(book)]) == 0
    cells = club_cells(n)
    if results:
        cells.update({f"Crosstable!F{4 + no}": r for no, r in ROUND1.items() if no <= n})
    type_cells(book, cells)
    return book


def _ours(capsys, source: Path, *args: str) -> list[tuple[int, int]]:
    capsys.readouterr()
    status = main(["pair", str(source), "--format", "json", *args])
    out = capsys.readouterr()
    assert status == 0, out.err
    got = json.loads(out.out)
    return [(p["white"], p["black"]) for p in got["pairs"]] + [(b["no"], 0) for b in got["byes"] if b["kind"] == "PAB"]


def _refused(capsys, source: Path, *args: str) -> str:
    capsys.readouterr()
    status = main(["pair", str(source), *args])
    err = capsys.readouterr().err
    assert status == 2 and "Traceback" not in err, err
    return err


def _reference(trf: Path, rnd: int) -> list[tuple[int, int]]:
    from tests.oracle.pairing_runner import board_lines, run_pairings
    (text,) = run_pairings([["-i", str(trf), "-p", "-m", "dutch", "-n", str(rnd), "-d", "T"]])
    return board_lines(text)


@pytest.mark.oracle
@oracle
@pytest.mark.parametrize("rnd, forbid, cell", [(1, "1-5,3-7", "1-5; 3-7"), (2, "3-4,5-6", "3-4 ; 5-6")])
def test_forbidden_pairs_in_the_settings_cell_pair_as_the_option_and_as_the_reference_reads_record_260(
        tmp_path, capsys, rnd, forbid, cell):
    book = _book(tmp_path, 8, results=rnd == 2)
    plain = tmp_path / "plain.xlsx"
    shutil.copyfile(book, plain)
    type_cells(book, {FORBID: cell, COLOUR: "white"})
    nos = [sorted(int(x) for x in item.split("-")) for item in forbid.split(",")]
    record = "|".join(f"260 {rnd:>3} {rnd:>3} {a:>4} {b:>4}" for a, b in nos)
    trf = tmp_path / "club.trf"
    trf.write_text(players_trf(8, 5, ROUND1_TRF if rnd == 2 else {}, kind="Swiss-System", extra="152 W|" + record),
                   encoding="latin-1")
    from_cells = _ours(capsys, book)
    assert from_cells == _ours(capsys, plain, "--forbid", forbid, "--initial-colour", "white")
    assert not {frozenset(p) for p in from_cells} & {frozenset(p) for p in nos}
    assert from_cells != _ours(capsys, plain, "--initial-colour", "white")  # the cell changed the pairing
    assert sorted(from_cells) == sorted(_reference(trf, rnd))


@pytest.mark.oracle
@oracle
def test_baku_acceleration_in_the_settings_cell_pairs_as_baku_and_as_the_reference_with_records_250(
        tmp_path, capsys):
    from xl_tiebreak.pairing.acceleration import baku
    from xl_tiebreak.trf import read_trf
    book = _book(tmp_path, 12)
    plain = tmp_path / "plain.xlsx"
    shutil.copyfile(book, plain)
    type_cells(book, {BAKU: "yes", COLOUR: "White"})
    trf = tmp_path / "club.trf"
    trf.write_text(players_trf(12, 5, kind="Swiss-System", extra="152 W"), encoding="latin-1")
    records = "|".join(r.trf_line() for r in baku(read_trf(trf)).records)  # C.04.7's virtual points
    accelerated = tmp_path / "accelerated.trf"
    accelerated.write_text(players_trf(12, 5, kind="Swiss-System", extra="152 W|" + records), encoding="latin-1")
    from_cell = _ours(capsys, book)
    assert from_cell == _ours(capsys, plain, "--baku") == _ours(capsys, trf, "--baku")
    # C.04.7: in round 1 the first half (1-6, a virtual point each) is paired among itself: 1-4, 5-2, 3-6
    assert from_cell[:3] == [(1, 4), (5, 2), (3, 6)]
    assert sorted(from_cell) == sorted(_reference(accelerated, 1))
    assert main(["pair", str(book)]) == 0
    assert "Baku acceleration, C.04.7" in capsys.readouterr().out  # the heading says so


def test_an_option_given_on_the_command_line_overrides_its_cell(tmp_path, capsys):
    book = _book(tmp_path, 12)
    plain = tmp_path / "plain.xlsx"
    shutil.copyfile(book, plain)
    type_cells(book, {FORBID: "1-7", BAKU: "yes", COLOUR: "black"})
    assert _ours(capsys, book, "--forbid", "2-8", "--no-baku", "--initial-colour", "white") == \
        _ours(capsys, plain, "--forbid", "2-8")
    assert _ours(capsys, book, "--no-baku") == _ours(capsys, plain, "--forbid", "1-7", "--initial-colour", "black")
    # round 1 without acceleration: 1-7 (S1 1..6 against S2 7..12, C.04.3 art. 3) is forbidden by the cell
    assert (7, 1) not in _ours(capsys, book, "--no-baku") and (1, 7) not in _ours(capsys, book, "--no-baku")
    capsys.readouterr()
    with pytest.raises(SystemExit):
        main(["pair", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "--baku, --no-baku" in shown
    assert "Settings cell Baku acceleration (--baku or --no-baku overrides it)" in shown
    assert "replaces a workbook's Settings cell Forbidden pairs" in shown


@pytest.mark.parametrize("cell, value, said", [
    (FORBID, "1-5; 3-x", f"{FORBID}: forbidden pairs '1-5; 3-x': '3-x' is not a pair of start numbers; write e.g. "
                         "12-15; 3-7"),
    (FORBID, "4-4", f"{FORBID}: forbidden pairs '4-4': '4-4' is not a pair of start numbers"),
    (FORBID, "3-99", f"{FORBID}: forbidden pair 3-99: no player has start number 99"),
    (FORBID, 45000, f"{FORBID}: forbidden pairs: the cell holds '45000', not text (Excel may have taken 12-15 for a "
                    "date); format the cell as Text"),
    (BAKU, "maybe", f"{BAKU}: Baku acceleration 'maybe': write yes or no"),
    (COLOUR, "red", f"{COLOUR}: initial colour 'red': write white or black"),
])
def test_a_bad_pairing_cell_exits_2_naming_the_cell_and_the_standings_still_work(tmp_path, capsys, cell, value,
                                                                                 said):
    book = _book(tmp_path, 8)
    type_cells(book, {cell: value})
    assert said in _refused(capsys, book)
    out = tmp_path / "out.xlsx"
    status = main(["pair", str(book), "--write", str(out)])
    assert status == 2 and not out.exists()  # nothing written
    assert main(["standings", str(book)]) == 0  # a pairing cell is read when a round is paired only


def test_a_round_robin_refuses_a_dutch_choice_in_its_cell_naming_it(tmp_path, capsys):
    book = _book(tmp_path, 6, kind="round-robin")
    assert _ours(capsys, book)[:3] == [(1, 6), (2, 5), (3, 4)]  # the rows empty (Baku "no"): the Berger table
    type_cells(book, {FORBID: "1-6"})
    assert f"{FORBID}: Forbidden pairs is a choice of the Dutch system (a Swiss event): a Berger table is fixed " \
           "(C.05 Annex 1)" in _refused(capsys, book)
    type_cells(book, {FORBID: "", BAKU: "yes"})
    assert f"{BAKU}: Baku acceleration is a choice of the Dutch system" in _refused(capsys, book)


def test_a_workbook_without_the_pairing_rows_pairs_with_the_defaults(tmp_path, capsys):
    # a workbook made before the rows: their labels and values empty (the rows after "Choices the rules leave
    # open" were empty then); round 1: S1 1..4 against S2 5..8 (C.04.3 art. 3), White for the top seed
    book = _book(tmp_path, 8)
    type_cells(book, {f"Settings!{c}{PAIRING_HEAD_ROW + k}": None for c in "ABC" for k in range(4)})
    from xl_tiebreak.excel.ranges.book_reader import open_book, read_settings
    assert read_settings(open_book(book)).pairing.where == ()
    assert _ours(capsys, book) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert _ours(capsys, book, "--forbid", "1-5") != _ours(capsys, book)  # the options still work


def test_the_template_has_the_rows_with_their_defaults_and_text_format(tmp_path):
    from openpyxl import load_workbook
    book = _book(tmp_path, 4)
    ws = load_workbook(book)["Settings"]
    rows = [[ws.cell(PAIRING_HEAD_ROW + k, c).value for c in (1, 2)] for k in range(1, 4)]
    assert rows == [["Forbidden pairs", None], ["Baku acceleration", "no"], ["Initial colour", None]]
    assert ws.cell(PAIRING_HEAD_ROW + 1, 2).number_format == "@"  # 12-15 stays text, not a date
    assert ws.print_area == f"'Settings'!$A$1:$C${PAIRING_HEAD_ROW + 3}"


def test_pairing_reads_the_rows_given_as_pairing_settings_and_names_a_bad_one():
    # round 1 of 8 (C.04.3 art. 3: S1 1..4 against S2 5..8), 1-5 forbidden: the next transposition (art. 4.2)
    from xl_tiebreak.errors import TiebreakError
    from xl_tiebreak.excel.functions.pairing import PAIRING
    table = [["No", "Name", "Rating", "R1", "R2", "R3"]] + [[k, f"P{k}", 2100 - 10 * k, None, None, None]
                                                            for k in range(1, 9)]
    plain = PAIRING(table, None, "dutch", "swiss")
    rows = [["Forbidden pairs", "1-5;"], ["Baku acceleration", "no"], ["Initial colour", "black"]]
    got = PAIRING(table, None, "dutch", "swiss", None, rows)
    assert plain[2][1::2] == [1, 5] and got[2][1] == 6 and 5 not in (got[2][1], got[2][3])
    assert [r[1::2] for r in got[2:]] == [[6, 1], [2, 5], [7, 3], [4, 8]]  # the top seed has Black (art. 5.2.5)
    with pytest.raises(TiebreakError, match=r"^PAIRING: pairing_settings row 3: initial colour 'green': write white"):
        PAIRING(table, None, "dutch", "swiss", None, rows[:2] + [["Initial colour", "green"]])
    with pytest.raises(TiebreakError, match=r"^PAIRING: pairing_settings: 2.5 is one value; expected the Settings rows"):
        PAIRING(table, None, "dutch", "swiss", None, 2.5)  # a one-cell range (the fuzz found a TypeError)


def test_the_readmes_pairing_formula_names_the_templates_rows():
    from xl_tiebreak.excel.authoring.template import PAIRING_RANGE
    readme = (Path(__file__).resolve().parents[1] / "README.md").read_text(encoding="utf-8")
    assert f"=PAIRING(Crosstable, , , Settings!$B$4, Settings!$B$13, {PAIRING_RANGE})" in readme
