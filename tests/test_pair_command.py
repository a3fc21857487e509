"""``xl-tiebreak pair``: the round to pair, what is typed in it honoured, the refusals naming their
place, the three formats, and the pairing written into a TRF file and a workbook as games to play
(nothing typed overwritten; the file read back gives the same pairing, as FIDE's reference does)."""

from __future__ import annotations

import json
import zipfile
from pathlib import Path

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from xl_tiebreak.cli import main
from xl_tiebreak.cli.pair import pair
from xl_tiebreak.errors import TiebreakError
from xl_tiebreak.pairing.model import Pair, Unpaired
from xl_tiebreak.trf import read_trf


def players_trf(n: int, rounds: int, results: "dict[int, list[str]] | None" = None, kind: str = "Round Robin",
                extra: str = "") -> str:
    """A TRF of ``n`` players (1..n, names ``Player k``, ratings 2100, 2090, ...) with each player's
    round fields as given (``"  6 w 1"`` style texts, 10 columns each)."""
    lines = ["012 Club round robin", "042 2026/04/10", f"XXR {rounds}", f"092 Individual: {kind}", *extra.split("|")]
    results = results or {}
    for no in range(1, n + 1):
        fields = results.get(no, [])
        points = sum({"1": 1.0, "=": 0.5, "+": 1.0}.get(f.strip()[-1:], 0.0) for f in fields if f.strip())
        line = f"001 {no:>4}      {f'Player {no}':<33} {2100 - 10 * no:>4}{'':28}{points:>4.1f} {no:>4}"
        lines.append(line + "".join("  " + _field(*f.split()) for f in fields))
    return "\n".join(x for x in lines if x) + "\n"


def _field(opponent: str, colour: str, result: str = " ") -> str:
    """A round field of a 001 line (columns 92-99 for round 1): opponent, colour, result."""
    return f"{opponent:>4} {colour} {result}"


def _run(capsys, *args: str) -> tuple[int, str, str]:
    status = main(list(args))
    out = capsys.readouterr()
    return status, out.out, out.err


def test_round_one_of_a_round_robin_is_the_berger_table_in_every_format(tmp_path, capsys):
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(5, 5), encoding="latin-1")
    status, text, err = _run(capsys, "pair", str(trf))
    assert status == 0 and err == ""
    assert "Round 1 (Berger tables, C.05 Annex 1)" in text
    rows = [line.split() for line in text.splitlines() if line[:3].strip().isdigit()]
    # C.05 Annex 1, 5/6 players, round 1: 1-6 2-5 3-4 (6 is the dummy: player 1 sits out)
    assert [(r[0], r[1], r[4], r[6]) for r in rows] == [("1", "2", "2080", "5"), ("2", "3", "2070", "4")]
    assert "Not paired: 1 Player 1 - sits out" in text
    status, text, _ = _run(capsys, "pair", str(trf), "--format", "json")
    assert json.loads(text) == {"round": 1, "system": "berger",
                                "pairs": [{"board": 1, "white": 2, "black": 5}, {"board": 2, "white": 3, "black": 4}],
                                "byes": [{"no": 1, "kind": "sit-out"}]}
    status, text, _ = _run(capsys, "pair", str(trf), "--format", "csv", "--round", "1")
    assert text.splitlines()[:3] == ["Board,White,White name,White rating,Black,Black name,Black rating,Result",
                                     "1,2,Player 2,2080,5,Player 5,2050,", "2,3,Player 3,2070,4,Player 4,2060,"]


def test_the_default_round_is_the_first_with_a_result_missing_and_history_is_checked(tmp_path):
    # round 1 of 4 players (table R1 1-4 2-3) played; round 2 is R2 4-3 1-2
    done = {1: ["4 w 1"], 4: ["1 b 0"], 2: ["3 w ="], 3: ["2 b ="]}
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(4, 3, done), encoding="latin-1")
    got = pair(trf)
    assert (got.round, got.pairs, got.byes) == (2, (Pair(1, 4, 3), Pair(2, 1, 2)), ())
    wrong = {1: ["3 w 1"], 3: ["1 b 0"], 2: ["4 w ="], 4: ["2 b ="]}
    trf.write_text(players_trf(4, 3, wrong), encoding="latin-1")
    with pytest.raises(TiebreakError, match="round 1 of player 1 does not follow the Berger table: it is against 3"):
        pair(trf)


def test_missing_results_name_the_boards_and_their_lines(tmp_path, capsys):
    part = {1: ["4 w 1"], 4: ["1 b 0"], 2: ["3 w"], 3: ["2 b"]}  # board 2 of round 1 not in
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(4, 3, part), encoding="latin-1")
    status, _, err = _run(capsys, "pair", str(trf), "--round", "2")
    assert status == 2
    assert ("round 2 cannot be paired before round 1's results are in; missing: 2-3 (rr.trf line 6, columns "
            "92-99 (round 1 of player 2), rr.trf line 7, columns 92-99 (round 1 of player 3))") in err
    status, _, err = _run(capsys, "pair", str(trf), "--round", "4")
    assert status == 2 and "there is no round 4: the event has 3 rounds" in err


def test_absences_typed_in_the_round_are_honoured_and_a_disagreeing_pair_refused(tmp_path, capsys):
    # round 1 of 6 (table R1 1-6 2-5 3-4): player 5 announced a zero-point bye
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(6, 5, {5: ["0000 - Z"]}), encoding="latin-1")
    got = pair(trf)
    assert got.pairs == (Pair(1, 1, 6), Pair(2, 3, 4))
    assert got.byes == (Unpaired(2, "sit-out"), Unpaired(5, "absent"))
    trf.write_text(players_trf(6, 5, {3: ["6 w"], 6: ["3 b"]}), encoding="latin-1")
    status, _, err = _run(capsys, "pair", str(trf))
    assert status == 2
    assert ("rr.trf line 7, columns 92-99 (round 1 of player 3): round 1 of player 3 is typed against 6 with White, "
            "but the berger pairing pairs 3 against 4 with White") in err
    # a round paired with options (Baku, forbidden pairs, initial colour) differs when re-paired without them
    assert "pair it again with the same options" in err


def test_a_swiss_event_is_paired_by_the_dutch_system(tmp_path, capsys):
    """auto on a Swiss event: the Dutch system (C.04.3). Round 1 of six players: the top half
    against the bottom half, 1-4, 5-2, 3-6, colours alternating from the top seed's White (art.
    5.2.5 with the initial colour White; FIDE's reference prints the same pairing for this file);
    --system berger still pairs it by the Berger table."""
    trf = tmp_path / "swiss.trf"
    trf.write_text(players_trf(6, 5, kind="Swiss-System"), encoding="latin-1")
    status, out, err = _run(capsys, "pair", str(trf), "--format", "json")
    assert status == 0, err
    assert json.loads(out) == {"round": 1, "system": "dutch", "byes": [],
                               "pairs": [{"board": 1, "white": 1, "black": 4}, {"board": 2, "white": 5, "black": 2},
                                         {"board": 3, "white": 3, "black": 6}]}
    status, out, _ = _run(capsys, "pair", str(trf), "--system", "berger", "--format", "json")
    assert status == 0 and json.loads(out)["pairs"][0] == {"board": 1, "white": 1, "black": 6}


def test_a_double_round_robin_follows_record_192(tmp_path):
    """FIDE_DOUBLEROUNDROBIN: the first cycle's last two rounds swapped (C.05 Annex 1's
    recommendation), BERGER_DOUBLEROUNDROBIN: not (as FIDE's reference reads the codes)."""
    r1 = {1: ["4 w 1"], 4: ["1 b 0"], 2: ["3 w ="], 3: ["2 b ="]}
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(4, 6, r1, extra="192 FIDE_DOUBLEROUNDROBIN"), encoding="latin-1")
    assert pair(trf).pairs == (Pair(1, 2, 4), Pair(2, 3, 1))  # table round 3
    trf.write_text(players_trf(4, 6, r1, extra="192 BERGER_DOUBLEROUNDROBIN"), encoding="latin-1")
    assert pair(trf).pairs == (Pair(1, 4, 3), Pair(2, 1, 2))  # table round 2


@pytest.mark.oracle
@pytest.mark.skipif(not gacrux_available(), reason="gacrux (test extra) is not installed")
def test_the_trf_written_is_read_back_with_the_same_pairing_by_us_and_the_reference(tmp_path, capsys):
    from tests.oracle.pairing_runner import board_lines, run_pairings
    # 7 players, table R1 1-8 2-7 3-6 4-5: player 1 sat out round 1 (8 is the dummy)
    done = {1: ["0000 - -"], 2: ["7 w 1"], 7: ["2 b 0"], 3: ["6 w ="], 6: ["3 b ="], 4: ["5 w 0"], 5: ["4 b 1"]}
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(7, 7, done), encoding="latin-1")
    before = trf.read_bytes()
    out = tmp_path / "round2.trf"
    status, text, err = _run(capsys, "pair", str(trf), "--write", str(out))
    assert status == 0 and f"wrote {out}: round 2 paired, 3 games to play" in text, err
    assert trf.read_bytes() == before
    written = out.read_text(encoding="latin-1")
    again = read_trf(out)
    assert [p.rounds[0] for p in again.players] == [p.rounds[0] for p in read_trf(trf).players]  # results kept
    assert pair(out) == pair(trf)  # round 2 again, its pairs typed now and agreeing
    assert "   8 w  " not in written and "001    5" in written
    (text,) = run_pairings([["-i", str(out), "-p", "-m", "berger", "-n", "2", "-d", "T"]])
    ours = pair(out)
    assert board_lines(text) == [(u.no, 0) for u in ours.byes] + [(p.white, p.black) for p in ours.pairs]
    status, _, err = _run(capsys, "pair", str(trf), "--write", str(out))
    assert status == 2 and "--force" in err  # an existing file is replaced only with --force


def _book(tmp_path: Path, n: int) -> Path:
    from tests.support.workbook_typing import type_cells
    book = tmp_path / "club.xlsx"
    assert main(["template", "--type", "round-robin", "--players", str(n), "-o", str(book)]) == 0
    cells: dict[str, object] = {"Crosstable!A1": "Club round robin", "Settings!B5": "2026-04-10"}
    for no in range(1, n + 1):  # the template's header is row 4: No | Name | Title | Rating | Fed | R1 ...
        cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}",
                      f"Crosstable!D{4 + no}": 2100 - 10 * no})
    type_cells(book, cells)
    return book


def test_the_workbook_gets_the_pending_games_in_place_with_a_backup_and_nothing_typed_is_lost(tmp_path, capsys):
    from tests.support.workbook_typing import read_sheet, type_cells
    from xl_tiebreak.excel.ranges.book_reader import read_workbook
    book = _book(tmp_path, 5)
    type_cells(book, {"Crosstable!F9": "H"})  # player 5 announced a half-point bye in round 1
    before = book.read_bytes()
    status, text, err = _run(capsys, "pair", str(book), "--write")
    assert status == 0, err
    assert "wrote 4 cells of round 1 and the Pairings sheet into" in text and "(the version read is kept as club.bak-" in text
    (backup,) = tmp_path.glob("club.bak-*.xlsx")
    assert backup.read_bytes() == before
    cells = read_sheet(book, "Crosstable")
    # table R1 1-6 2-5 3-4 with 6 the dummy: 1 sits out (-), 5 is absent (H kept), so 2 has no game (-)
    assert {k: cells.get(k) for k in ("F5", "F6", "F7", "F8", "F9")} == {"F5": "-", "F6": "-", "F7": "4w",
                                                                       "F8": "3b", "F9": "H"}
    t, _ = read_workbook(book)
    assert [(p.no, p.rounds[0].opponent, p.rounds[0].colour) for p in t.players][2:4] == [(3, 4, "w"), (4, 3, "b")]
    with zipfile.ZipFile(book) as z:  # typed as a user's text, not a formula's value
        assert 't="inlineStr"><is><t>4w</t></is>' in z.read("xl/worksheets/sheet1.xml").decode()
    assert [list(r.values()) for r in _rows(book)] == [
        ["Club round robin - Round 1"], ["Written by xl-tiebreak pair (Berger tables, C.05 Annex 1); type the results "
                                        "in the crosstable"],
        ["Board", "No", "White", "Rating", "No", "Black", "Rating", "Result"],
        [1, 3, "Player 3", 2070, 4, "Player 4", 2060], ["Not paired:"], [1, "Player 1", "sits out"],
        [2, "Player 2", "sits out"], [5, "Player 5", "half-point bye (H)"]]  # what was typed, said
    status, text, _ = _run(capsys, "pair", str(book), "--write")
    assert status == 0 and "round 1's cells were typed already; the Pairings sheet shows it" in text
    type_cells(book, {"Crosstable!F7": "4w1", "Crosstable!F8": "3b0"})
    status, text, err = _run(capsys, "pair", str(book), "--write", "-f", "json")
    assert status == 0, err
    # table R2 6-4 5-3 1-2: 4 sits out
    assert json.loads(text.splitlines()[0])["pairs"] == [{"board": 1, "white": 5, "black": 3},
                                                         {"board": 2, "white": 1, "black": 2}]
    assert {k: read_sheet(book, "Crosstable").get(k) for k in ("G5", "G6", "G7", "G8", "G9")} == {
        "G5": "2w", "G6": "1b", "G7": "5b", "G8": "-", "G9": "3w"}
    assert [list(r.values()) for r in _rows(book)][0] == ["Club round robin - Round 2"]  # the sheet, round 2 now
    import openpyxl
    assert openpyxl.load_workbook(book).sheetnames.count("Pairings") == 1


def _rows(book: Path) -> list[dict[str, object]]:
    """The Pairings sheet's non-empty rows, each as {A1: value} (read by openpyxl, an independent reader)."""
    import openpyxl
    ws = openpyxl.load_workbook(book)["Pairings"]
    rows = [{c.coordinate: c.value for c in row if c.value not in (None, "")} for row in ws.iter_rows()]
    return [r for r in rows if r]


def test_a_sheet_called_pairings_that_is_the_users_is_not_replaced(tmp_path, capsys):
    from tests.support.workbook_typing import type_cells
    book = _book(tmp_path, 4)
    status, _, err = _run(capsys, "pair", str(book), "--write")
    assert status == 0, err
    type_cells(book, {"Pairings!A2": "my own notes"})
    before = book.read_bytes()
    status, _, err = _run(capsys, "pair", str(book), "--write")
    assert status == 2 and "a sheet called 'Pairings' that xl-tiebreak did not write: rename it" in err
    assert book.read_bytes() == before


def test_a_cell_holding_something_else_stops_the_write(tmp_path, capsys):
    from tests.support.workbook_typing import type_cells
    from xl_tiebreak.excel.workbook.pairing_book import write_pairing
    from xl_tiebreak.excel.ranges.book_reader import read_workbook
    book = _book(tmp_path, 4)
    t, _ = read_workbook(book)
    got = pair(book)
    type_cells(book, {"Crosstable!F6": "4b"})  # typed after the pairing was made (table R1 1-4 2-3)
    before = book.read_bytes()
    with pytest.raises(TiebreakError, match="Crosstable!F6 holds '4b'; the pairing would write '3w': nothing was "
                                            "written"):
        write_pairing(book, t, got)
    assert book.read_bytes() == before and not list(tmp_path.glob("club.bak-*"))


def test_a_workbook_pairing_goes_to_a_trf_through_export_trf_and_other_outputs_are_refused(tmp_path, capsys):
    """``--write`` of a workbook writes the workbook (or a copy), of a TRF a TRF; the workbook's
    games to play reach a TRF through export-trf, which the pair command reads as the same round."""
    book = _book(tmp_path, 4)
    status, _, err = _run(capsys, "pair", str(book), "--write", str(tmp_path / "r1.trf"))
    assert status == 2 and "export-trf then writes the TRF" in err and not (tmp_path / "r1.trf").exists()
    copy = tmp_path / "copy.xlsx"
    status, _, err = _run(capsys, "pair", str(book), "--write", str(copy))
    assert status == 0 and copy.exists(), err
    trf = tmp_path / "r1.trf"
    assert main(["export-trf", str(copy), "-o", str(trf)]) == 0
    assert pair(trf) == pair(copy) == pair(book)  # table R1 1-4 2-3, typed in the copy and its TRF
    status, _, err = _run(capsys, "pair", str(trf), "--write", str(tmp_path / "x.xlsx"))
    assert status == 2 and "a TRF input writes a TRF file" in err
