"""Round cells copied from chess-results.com or Swiss-Manager into a workbook's crosstable (issue 33,
item 8): each notation the importer reads (:mod:`xl_tiebreak.imports.round_cells`: ``5w+``, ``5b-``,
``5s1``, ``-½``, ``-0``, ...) means in a crosstable cell what the importer reads it as, so a row
copied from an export needs no rewriting; the one exception, ``-1`` (chess-results' point without
a game, a forfeit loss against player 1 in a FIDE crosstable), is told where it does not mirror.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from xl_tiebreak.cli import main

from xl_tiebreak.crosstable import MINUS_ONE_HINT, CrosstableRow, tournament_from_rows
from xl_tiebreak.excel.authoring.template import to_bytes
from xl_tiebreak.excel.authoring.workbook import filled_workbook
from xl_tiebreak.imports.chess_results import read_export
from xl_tiebreak.model import Kind
from xl_tiebreak.notation import ZERO_HINT, NotationError, parse_cell

#: a 6-player, 3-round event as a starting-rank chess-results crosstable writes it (opponents by
#: start number), every notation of the export in it; and the same event in the crosstable's own
#: notation (checked by hand: every game mirrors)
EXPORTED = {
    1: ["2w+", "3s1", "4w½"],
    2: ["1b-", "-½", "3w"],
    3: ["4b1", "1w0", "2s"],
    4: ["3w0", "5b-", "1s½"],
    5: ["6s=", "4w+", "-0"],
    6: ["5w=", "-0", "-½"],
}
OWN = {
    1: ["+2w", "3b1", "4w½"],
    2: ["-1b", "H", "3w"],
    3: ["4b1", "1w0", "2b"],
    4: ["3w0", "-5b", "1b½"],
    5: ["6b½", "+4w", "-"],
    6: ["5w½", "-", "H"],
}
TITLE = [["Club Open 2025"], ["Starting rank crosstable"]]
HEADER = ["Rk.", "SNo", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "3.Rd"]


def _rows(cells: dict[int, list[str]]) -> list[CrosstableRow]:
    return [CrosstableRow(no, f"Player {no}", 2000 - no, c) for no, c in cells.items()]


def test_each_export_notation_reads_in_a_crosstable_as_the_importer_reads_it():
    export = [*TITLE, HEADER, *[[no, no, f"Player {no}", 2000 - no, "ENG", *c] for no, c in EXPORTED.items()]]
    imported = read_export(export).tournament
    typed = tournament_from_rows(_rows(EXPORTED), rounds=3)
    own = tournament_from_rows(_rows(OWN), rounds=3)
    for a, b, c in zip(imported.players, typed.players, own.players):
        assert [(r.kind, r.opponent, r.colour) for r in b.rounds] == \
               [(r.kind, r.opponent, r.colour) for r in c.rounds]
        # the importer keeps no colour of a forfeit (its workbook writes +2, -1): all else alike
        assert [(r.kind, r.opponent) for r in a.rounds] == [(r.kind, r.opponent) for r in b.rounds]
    assert typed.players[0].rounds[0].kind is Kind.FORFEIT_WIN and typed.players[1].rounds[1].kind is Kind.HALF_BYE


@pytest.mark.parametrize("text,kind,opp,colour", [
    ("5w+", Kind.FORFEIT_WIN, 5, "w"), ("5b+", Kind.FORFEIT_WIN, 5, "b"), ("5+", Kind.FORFEIT_WIN, 5, None),
    ("5b-", Kind.FORFEIT_LOSS, 5, "b"), ("5W-", Kind.FORFEIT_LOSS, 5, "w"), ("5 -", Kind.FORFEIT_LOSS, 5, None),
    ("5s1", Kind.WIN, 5, "b"), ("5s½", Kind.DRAW, 5, "b"), ("5S0", Kind.LOSS, 5, "b"), ("5s", Kind.NOT_PLAYED, 5, "b"),
    ("5s+", Kind.FORFEIT_WIN, 5, "b"),
    ("-½", Kind.HALF_BYE, None, None), ("-=", Kind.HALF_BYE, None, None), ("-0.5", Kind.HALF_BYE, None, None),
    ("-1/2", Kind.HALF_BYE, None, None), (-0.5, Kind.HALF_BYE, None, None),
    ("-0", Kind.ABSENT, None, None),
])
def test_the_export_notations_as_crosstable_cells(text, kind, opp, colour):
    r = parse_cell(text)
    assert (r.kind, r.opponent, r.colour) == (kind, opp, colour)


def _book(path: Path, cells: dict[int, list[str]]) -> Path:
    """The event of ``OWN`` made into a workbook (as ``xl-tiebreak workbook`` makes it), its round
    cells then typed over with ``cells``."""
    wb, _ = filled_workbook(tournament_from_rows(_rows(OWN), rounds=3, start_date="2026-04-10"))
    ws = wb["Crosstable"]
    first = next(j for j in range(1, 40) if ws.cell(4, j).value == "R1")
    for i, (no, row) in enumerate(cells.items()):
        assert ws.cell(5 + i, 1).value == no
        for r, c in enumerate(row):
            ws.cell(5 + i, first + r, c)
    path.write_bytes(to_bytes(wb))
    return path


def _cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_a_workbook_with_cells_copied_from_an_export_checks_clean_and_ranks_as_in_its_own_notation(tmp_path, capsys):
    copied, own = _book(tmp_path / "copied.xlsx", EXPORTED), _book(tmp_path / "own.xlsx", OWN)
    code, out, _ = _cli(capsys, "check", copied)
    assert code == 0 and "0 error(s)" in out and "not a result" not in out
    got = [json.loads(_cli(capsys, "standings", book, "-t", "BH,SB,WIN,BPG", "-f", "json")[1])
           for book in (copied, own)]
    assert got[0]["players"] == got[1]["players"] and len(got[0]["players"]) == 6


@pytest.mark.parametrize("zero", [0, "0", " 0 "])
def test_a_bare_zero_is_refused_at_its_cell_not_read_as_an_absence(tmp_path, capsys, zero):
    """chess-results' -0 (not paired) read as text; a bare 0, the number a spreadsheet makes of a
    -0 typed into a cell that is not text, or what a formula gives for an empty cell, or a loss
    typed without its opponent, is an error naming the cell (it was silently an absence: player
    6's round 2 counted as not paired), in check and in standings."""
    cells = {no: list(c) for no, c in OWN.items()}
    cells[6][1] = zero
    cells[5][2] = "-0"  # the text stays chess-results' round not paired
    path = _book(tmp_path / "zero.xlsx", cells)
    code, out, _ = _cli(capsys, "check", path)
    errors = [ln for ln in out.splitlines() if ln.startswith("error")]
    assert code == 1 and errors == [f"error    Crosstable!G10: {ZERO_HINT}"]
    code, _, err = _cli(capsys, "standings", path)
    assert code == 2 and "Crosstable!G10" in err and "'0' is not a result" in err
    with pytest.raises(NotationError, match="a loss needs its opponent"):
        parse_cell(zero)


def test_a_minus_one_copied_for_a_bye_is_named_with_what_to_write_instead(tmp_path, capsys):
    # player 6's round 2 bye copied as chess-results writes it: here a forfeit loss against 1
    cells = {no: list(c) for no, c in OWN.items()}
    cells[6][1] = "-1"
    code, out, _ = _cli(capsys, "check", _book(tmp_path / "bye.xlsx", cells))
    line = next(ln for ln in out.splitlines() if ln.startswith("error"))
    assert code == 1 and line.startswith("error    Crosstable!G10: round 2: player 1 is paired with 6 here and also "
                                         "with 3") and line.endswith(MINUS_ONE_HINT)
    # a -1 that mirrors (player 1 won by forfeit against 6) is the forfeit it says, without a word
    t = tournament_from_rows(_rows({1: ["+2"], 2: ["-1"]}), rounds=1)
    assert t.players[1].rounds[0].kind is Kind.FORFEIT_LOSS


@pytest.mark.parametrize("name", ["xl-tiebreak-swiss.xlsx", "xl-tiebreak-round-robin.xlsx"])
def test_the_templates_help_sheet_says_what_each_copied_notation_means(name):
    from openpyxl import load_workbook  # type: ignore[import-untyped]
    from conftest import ROOT
    ws = load_workbook(ROOT / "workbook_templates" / name)["Help"]
    said = {ws.cell(r, 1).value: ws.cell(r, 2).value for r in range(1, ws.max_row + 1)}
    assert said["12w+ and 12b-"].startswith("Forfeit win and forfeit loss as chess-results and Swiss-Manager")
    assert said["12s1"].endswith("12s1 is 12b1.") and said["-½ and -0"].startswith("chess-results' half-point bye (H)")
    assert said["-1"].startswith("Forfeit loss against player 1") and "write BYE (or F)" in said["-1"]
