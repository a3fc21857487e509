"""Pairing the next round from Excel, through xlwings's own runtimes, equals ``xl-tiebreak pair``.

- ``=PAIRING(Crosstable, ...)`` runs through the Office.js runtime (xlwings Lite) and the classic
  add-in's argument conversion, and spills what :func:`xl_tiebreak.cli.pair.pair` pairs.
- The one action, ``PAIR_NEXT_ROUND``, runs as xlwings Lite runs a script (``custom_scripts_call``,
  the book built by ``xw.Book(json=...)`` from the data Excel sends) and as the classic add-in runs
  the VBA Sub that "Import Functions" writes (``call_udf``, its ``xw.Book.caller()`` that same
  remote book through xlwings's mock-caller hook). What they tell Excel to do (``setValues``
  actions) must be the cells ``pair --write`` writes into the file and the printable Pairings
  sheet's values as ``pair --write`` writes that sheet (added the first time, its contents cleared
  before the next round), no more.

Not reached here: COM (the classic add-in reads and writes the cells through pywin32, stubbed
here; the macro's reads and writes go to xlwings's remote engine instead), VBA's ``XLPy.CallUDF``
dispatch, and the JavaScript that applies the actions in Excel.

Each system of :data:`xl_tiebreak.pairing.systems.SYSTEMS` is run on an event it pairs (Berger: a
round robin; Dutch: a Swiss event); a system whose engine is not there yet is skipped.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("xlwings")

from tests.support.runtimes import MISSING, body, classic, officejs  # noqa: E402
from tests.support.workbook_typing import read_sheet, type_cells  # noqa: E402
from xl_tiebreak.cli import main  # noqa: E402
from xl_tiebreak.cli.pair import paired  # noqa: E402
from xl_tiebreak.errors import TiebreakError  # noqa: E402
from xl_tiebreak.excel.functions.pairing import pairing_table  # noqa: E402
from xl_tiebreak.excel.ranges.book_reader import open_book  # noqa: E402
from xl_tiebreak.excel.workbook.pairing_book import write_pairing  # noqa: E402
from xl_tiebreak.excel.xlsx.a1 import column_letter, split_cell  # noqa: E402
from xl_tiebreak.pairing.systems import SYSTEMS  # noqa: E402

#: the event each system pairs: (template type, players)
EVENTS = {"berger": ("round-robin", 5), "dutch": ("swiss", 12)}
HEADER_ROW = 4  # the templates' crosstable header row (No | Name | Title | Rating | Fed | R1 ...)


def _book(tmp_path: Path, kind: str, n: int) -> Path:
    """A template of ``kind`` with ``n`` players typed (No, name, rating), as an organiser types them."""
    book = tmp_path / "club.xlsx"
    assert main(["template", "--type", kind, "--players", str(n), "-o", str(book)]) == 0
    cells: dict[str, object] = {"Crosstable!A1": "Club event", "Settings!B5": "2026-04-10"}
    for no in range(1, n + 1):
        cells.update({f"Crosstable!A{HEADER_ROW + no}": no, f"Crosstable!B{HEADER_ROW + no}": f"Player {no}",
                      f"Crosstable!D{HEADER_ROW + no}": 2100 - 10 * no})
    type_cells(book, cells)
    return book


def book_data(path: Path, sheets: tuple[str, ...] = ("Crosstable", "Settings", "Pairings")) -> dict[str, Any]:
    """The book as xlwings Lite's JavaScript sends it (``getBookData``): names with their sheet
    index and address, each sheet's values from A1 as a 2-D list ("" where empty: Office.js
    hands over empty strings); the other sheets excluded (``[[]]``, as a script's ``exclude``
    gives them)."""
    book = open_book(path)
    titles = list(book.sheets)
    out_sheets = []
    for title in titles:
        values: list[list[Any]] = [[]]
        if title in sheets:
            sc = book.sheet_cells(title)
            cells = {**{k: v for k, v in sc.stored.items()}, **sc.values}
            rows = max((split_cell(a)[1] for a in cells), default=1)
            cols = max((split_cell(a)[0] for a in cells), default=1)
            values = [["" if cells.get(f"{column_letter(c)}{r}") is None else cells[f"{column_letter(c)}{r}"]
                       for c in range(1, cols + 1)] for r in range(1, rows + 1)]
        out_sheets.append({"name": title, "values": values, "pictures": [], "tables": []})
    names = [{"name": name, "sheet_index": titles.index(sheet), "address": area, "scope_sheet_name": None,
              "scope_sheet_index": None, "book_scope": True} for name, (sheet, area) in book.xlsx.names.items()]
    return {"client": "Office.js", "version": "0.37.8", "book": {"name": path.name, "active_sheet_index": 0,
                                                                 "selection": "A1"},
            "names": names, "sheets": out_sheets}


def written(actions: list[dict], sheet_position: int = 0) -> dict[str, Any]:
    """The cells a runtime's actions set (A1 -> value) on the crosstable's sheet, each action one
    cell; the actions on the Pairings sheet (:func:`printed_sheet`) are left out."""
    out = {}
    crosstable = [a for a in actions if a["sheet_position"] == sheet_position]
    for a in crosstable:
        assert a["func"] == "setValues", a
        assert a["row_count"] == a["column_count"] == 1, a
        out[f"{column_letter(a['start_column'] + 1)}{a['start_row'] + 1}"] = a["values"][0][0]
    return out


def printed_sheet(actions: list[dict], sheets: int, sheet_position: int = 0) -> tuple[list[str], dict[str, Any]]:
    """What the actions do to the Pairings sheet: the steps (``addSheet`` at the end of the
    ``sheets`` sheets, or ``sheetClearContents``; then ``setValues`` from A1), and the values
    set (A1 -> value, the empty ones left out)."""
    steps, values = [], {}
    for a in actions:
        if a["sheet_position"] == sheet_position:
            continue
        steps.append(a["func"])
        if a["func"] == "addSheet":
            assert a["args"] == [sheets, "Pairings"], a
        if a["func"] == "setValues":
            assert (a["start_row"], a["start_column"]) == (0, 0), a
            values = {f"{column_letter(c + 1)}{r + 1}": v for r, row in enumerate(a["values"])
                      for c, v in enumerate(row) if v not in ("", None)}
    return steps, values
def crosstable_range(path: Path) -> list[list[Any]]:
    """The range of the name Crosstable as Excel hands it to a function (None where empty)."""
    book = open_book(path)
    sheet, area = book.xlsx.names["Crosstable"]
    (c0, r0), (c1, r1) = (split_cell(x.replace("$", "")) for x in area.split(":"))
    cells = book.cells(sheet)
    return [[cells.get(f"{column_letter(c)}{r}") for c in range(c0, c1 + 1)] for r in range(r0, r1 + 1)]


def cli_cells(path: Path, tmp_path: Path) -> dict[str, str]:
    """The cells ``pair --write`` writes (on a copy: the book itself stays as it is)."""
    copy = tmp_path / "cli-copy.xlsx"
    shutil.copyfile(path, copy)
    p = paired(copy)
    return write_pairing(copy, p.event, p.pairing, tmp_path / "cli-out.xlsx", overwrite=True).cells


def _results(cells: dict[str, str]) -> dict[str, str]:
    """Results typed over pending games: White wins on odd rows' games, draws elsewhere (both sides agree)."""
    out = {}
    for at, text in cells.items():
        if text in ("-", "BYE"):  # a sit-out, or the PAB: complete as written
            continue
        opp_row = HEADER_ROW + int(text[:-1])
        white = text.endswith("w")
        row = split_cell(at)[1]
        first = min(row, opp_row)
        decisive = first % 2 == 1
        mine = ("1" if white else "0") if decisive else "½"
        out[f"Crosstable!{at}"] = text + mine
    return out


@pytest.mark.parametrize("system", sorted(SYSTEMS))
def test_the_next_round_from_excel_equals_the_pair_command_round_by_round(system, tmp_path):
    """Round by round, a season run from Excel: PAIRING through both runtimes spills what
    ``pair()`` pairs; the script (Lite) and the macro (classic) write exactly the cells ``pair
    --write`` writes; the results are typed over them, and the next round follows. Round 2 has
    a half-point bye typed beforehand, which is honoured (that player is not paired)."""
    kind, n = EVENTS[system]
    book = _book(tmp_path, kind, n)
    try:
        paired(book, system=system)
    except TiebreakError as exc:
        if "not available yet" in str(exc):
            pytest.skip(f"{system}: {exc}")
        raise
    for rnd in (1, 2, 3):
        if rnd == 2:
            type_cells(book, {f"Crosstable!G{HEADER_ROW + 2}": "H"})  # player 2 announced a bye for round 2
        p = paired(book, system=system)
        assert p.pairing.round == rnd
        want_table = pairing_table(p.event, p.pairing)
        table = crosstable_range(book)
        data = book_data(book)
        js = officejs([body("PAIRING", table, None, system, kind), body("PAIRING", table)],
                      scripts=[{"name": "PAIR_NEXT_ROUND", "book": data}])
        com = classic([["PAIRING", [table, MISSING, system, kind]]],
                      macros=[{"name": "PAIR_NEXT_ROUND", "book": data}])
        for got in (js["results"][0], com["results"][0]):
            assert got.get("value") == [[float(v) if isinstance(v, int) else v for v in r] for r in want_table], got
        if system == "berger":  # auto picks Berger only from the event's type, which the call above gives
            assert "Dutch" in js["results"][1]["value"][0][0], js["results"][1]
        want = cli_cells(book, tmp_path)
        assert want, rnd
        (script,), (macro,) = js["scripts"], com["macros"]
        assert "actions" in script, script
        assert "actions" in macro, macro
        assert written(script["actions"]) == written(macro["actions"]) == want
        # the Pairings sheet: the values pair --write wrote into its copy, added in round 1 (the book has
        # no such sheet), then cleared and written anew (the book has the sheet pair --write made)
        sheet = {k: v for k, v in read_sheet(tmp_path / "cli-out.xlsx", "Pairings").items() if v != ""}
        steps = ["addSheet", "setValues"] if rnd == 1 else ["sheetClearContents", "setValues"]
        assert printed_sheet(script["actions"], len(data["sheets"])) == (steps, sheet)
        assert printed_sheet(macro["actions"], len(data["sheets"])) == (steps, sheet)
        assert sheet["A1"] == f"Club event - Round {rnd}" and sheet["A5"] == 1  # title, board 1
        assert script["printed"].startswith(f"Round {rnd} paired ({system}): {len(p.pairing.pairs)} game")
        if rnd == 2:
            assert f"G{HEADER_ROW + 2}" not in want and 2 in [u.no for u in p.pairing.byes]
        shutil.copyfile(tmp_path / "cli-out.xlsx", book)  # the pending games and the Pairings sheet, as written
        again = paired(book, system=system).pairing  # the games written read back as themselves
        assert again.round == rnd and again.pairs == p.pairing.pairs
        assert {u.no for u in again.byes} == {u.no for u in p.pairing.byes}
        type_cells(book, _results(want))


def test_the_action_refuses_with_the_cell_and_writes_nothing(tmp_path):
    """A cell that is no result, a pair typed that the table does not give, a player typed below
    the name Crosstable: each stops the action with the cell named, and no cell is set (in both
    runtimes)."""
    book = _book(tmp_path, "round-robin", 5)
    type_cells(book, {"Crosstable!F5": "-", "Crosstable!F6": "5w1", "Crosstable!F9": "2b0", "Crosstable!F7": "4w1",
                      "Crosstable!F8": "3b0"})  # round 1 (1 sits out)
    typo = tmp_path / "typo.xlsx"
    shutil.copyfile(book, typo)
    type_cells(typo, {"Crosstable!F8": "3x0"})
    wrong = tmp_path / "wrong.xlsx"
    shutil.copyfile(book, wrong)
    type_cells(wrong, {"Crosstable!G6": "3w"})  # round 2 of player 2: the table says 1-2 (C.05 Annex 1)
    late = tmp_path / "late.xlsx"
    shutil.copyfile(book, late)
    type_cells(late, {"Crosstable!A10": 6, "Crosstable!B10": "Player 6"})  # a sixth player below the name
    data = book_data(typo)
    jobs = [{"name": "PAIR_NEXT_ROUND", "book": book_data(path)} for path in (typo, wrong, late)]
    js = officejs([], scripts=jobs)["scripts"]
    com = classic([], macros=jobs)["macros"]
    for results in (js, com):
        for r in results:
            assert "error" in r and "PAIR_NEXT_ROUND: " in r["error"] and "actions" not in r, r
        assert "Crosstable!F8: '3x0' is not a result" in results[0]["error"]
        assert "Crosstable!G6: round 2 of player 2 is typed against 3 with White, but the berger pairing pairs 2 " \
               "against 1 with Black" in results[1]["error"]
        assert "Crosstable!A10 holds a player below the name Crosstable" in results[2]["error"]
    assert data == book_data(typo)  # the data sent is not changed by the run (the actions would change Excel)


def test_the_action_is_a_script_in_lite_and_a_macro_in_the_classic_add_in():
    """xlwings Lite lists PAIR_NEXT_ROUND among the scripts (its book injected, nothing else asked
    for); "Import Functions" writes it as a VBA Sub without parameters, which a button or
    Alt+F8 runs, and which the VBA grammar accepts."""
    js = officejs([])
    assert [s["function_name"] for s in js["scripts_meta"]] == ["PAIR_NEXT_ROUND"]
    assert "PAIR_NEXT_ROUND" not in [f["id"] for f in js["meta"]["functions"]]
    com = classic([])
    assert com["xlfunc"]["PAIR_NEXT_ROUND"]["sub"] is True and com["xlfunc"]["PAIR_NEXT_ROUND"]["args"] == []
    assert "\nSub PAIR_NEXT_ROUND()\n" in com["vba"]
    assert 'XLPy.CallUDF "xl_tiebreak.udfs", "PAIR_NEXT_ROUND", Array(), ThisWorkbook, Application.Caller' \
           in com["vba"]
    from tests.test_xlwings_runtimes import vba_syntax_errors
    start = com["vba"].index("\nSub PAIR_NEXT_ROUND()")
    sub = com["vba"][start:com["vba"].index("End Sub", start) + len("End Sub")]
    head = com["vba"][:com["vba"].index("\nFunction ")]
    assert vba_syntax_errors(head + sub + "\n") == []


def test_pairing_errors_are_the_functions_own():
    """A bad system, a round past the event and an event that cannot be paired give PAIRING's own
    one-cell error table (``#ERROR: PAIRING: ...``), as every spilling function fails."""
    table = [["No", "Name", "Rating", "R1", "R2", "R3"]] + [[k, f"P{k}", None, None, None, None] for k in (1, 2, 3, 4)]
    js = officejs([body("PAIRING", table, None, "swissmanager", "round-robin"),
                   body("PAIRING", table, 9, None, "round-robin"),
                   body("PAIRING", table[:2], None, None, "round-robin")])["results"]
    said = [r["value"][0][0] for r in js]
    assert said[0].startswith("#ERROR: PAIRING: system 'swissmanager' is not a pairing system; write auto")
    assert said[1].startswith("#ERROR: PAIRING: there is no round 9: the event has 3 rounds")
    assert said[2] == "#ERROR: PAIRING: a round robin needs at least two players; the event has 1"


def test_the_headless_recompute_fills_a_pairing_formula_with_the_pair_commands_round(tmp_path):
    """A PAIRING formula typed in a workbook (a sheet of the user's own) gets its spilled values from
    ``xl-tiebreak recompute``, as Excel without the add-in then shows them: the round ``pair()``
    pairs (Berger round 1 of six: 1-6, 2-5, 3-4, C.05 Annex 1)."""
    import openpyxl  # test equipment: the user's formula typed into a new file
    book = _book(tmp_path, "round-robin", 6)
    wb = openpyxl.load_workbook(book)
    wb.create_sheet("Round")["A1"] = "=PAIRING(Crosstable,,,Settings!$B$4,Settings!$B$13)"
    typed = tmp_path / "typed.xlsx"
    wb.save(typed)
    out = tmp_path / "out.xlsx"
    assert main(["recompute", str(typed), "-o", str(out)]) == 0
    shown = read_sheet(out, "Round")
    p = paired(book)
    assert [(b.white, b.black) for b in p.pairing.pairs] == [(1, 6), (2, 5), (3, 4)]
    want = pairing_table(p.event, p.pairing)
    got = [[shown.get(f"{column_letter(c)}{r}") for c in range(1, 6)] for r in range(1, len(want) + 1)]
    assert [[None if v == "" else v for v in row] for row in want[1:]] == got[1:]
    assert got[0][0] == "Round 1 (Berger tables, C.05 Annex 1)"


def test_the_actions_function_names_the_missing_boards_of_an_earlier_round_and_keeps_typed_cells(tmp_path):
    """``next_round_cells`` (what both runtimes call) asked for round 2 while round 1's 3-4 is not
    typed says which players and cells (as ``pair --round 2``); asked for round 1, half typed, it
    gives only the empty cells (nothing the arbiter typed is overwritten)."""
    from xl_tiebreak.excel.workbook.pairing_action import next_round_cells
    book = _book(tmp_path, "round-robin", 5)
    type_cells(book, {"Crosstable!F5": "-", "Crosstable!F6": "5w1", "Crosstable!F9": "2b0"})
    data = book_data(book)
    table, settings = crosstable_range(book), data["sheets"][2]["values"]
    with pytest.raises(TiebreakError) as got:
        next_round_cells(table, "Crosstable", "$A$4:$J$9", settings, round_to_pair=2)
    assert str(got.value) == ("round 2 cannot be paired before round 1's results are in; missing: player 3, "
                              "nothing typed (Crosstable!F7); player 4, nothing typed (Crosstable!F8)")
    todo = next_round_cells(table, "Crosstable", "$A$4:$J$9", settings)
    assert (todo.round, todo.cells) == (1, {"F7": "4w", "F8": "3b"})  # table round 1: 2-5, 3-4, 1 sits out
    with pytest.raises(TiebreakError, match="system 'Monrad' is not a pairing system"):
        next_round_cells(table, "Crosstable", "$A$4:$J$9", settings, system="Monrad")


def test_the_settings_pairing_rows_pair_the_action_and_the_function_as_they_pair_the_command(tmp_path):
    """Forbidden pairs, Baku acceleration and the initial colour typed in the Settings sheet: the
    action (both runtimes) writes the cells ``pair --write`` writes from the same file, and
    ``PAIRING`` given the rows (``pairing_settings``) spills what ``pair()`` pairs; a bad cell
    stops the action naming it; a sheet called Pairings of the user's own is not replaced."""
    from xl_tiebreak.excel.authoring.template import PAIRING_HEAD_ROW
    book = _book(tmp_path, "swiss", 12)
    rows = {f"Settings!B{PAIRING_HEAD_ROW + 1}": "1-4; 2-9", f"Settings!B{PAIRING_HEAD_ROW + 2}": "yes",
            f"Settings!B{PAIRING_HEAD_ROW + 3}": "black"}
    type_cells(book, rows)
    p = paired(book)
    plain = paired(book, forbid="", baku=False, initial_colour="white")  # the command line overriding each cell
    assert [(b.white, b.black) for b in p.pairing.pairs] != [(b.white, b.black) for b in plain.pairing.pairs]
    assert not {frozenset((b.white, b.black)) for b in p.pairing.pairs} & {frozenset((1, 4)), frozenset((2, 9))}
    assert p.acceleration is not None and p.pairing.pairs[0].black == 1  # accelerated; the top seed has Black
    data = book_data(book)
    settings = data["sheets"][[s["name"] for s in data["sheets"]].index("Settings")]["values"]
    pairing_rows = [row[:2] for row in settings[PAIRING_HEAD_ROW:PAIRING_HEAD_ROW + 3]]
    table = crosstable_range(book)
    js = officejs([body("PAIRING", table, None, "dutch", "swiss", None, pairing_rows)],
                  scripts=[{"name": "PAIR_NEXT_ROUND", "book": data}])
    com = classic([["PAIRING", [table, MISSING, "dutch", "swiss", MISSING, pairing_rows]]],
                  macros=[{"name": "PAIR_NEXT_ROUND", "book": data}])
    want_table = pairing_table(p.event, p.pairing)
    for got in (js["results"][0], com["results"][0]):
        assert got.get("value") == [[float(v) if isinstance(v, int) else v for v in r] for r in want_table], got
    want = cli_cells(book, tmp_path)
    assert written(js["scripts"][0]["actions"]) == written(com["macros"][0]["actions"]) == want
    # the Pairings sheet as pair --write writes it, saying the round is accelerated
    copy, out = tmp_path / "copy.xlsx", tmp_path / "written.xlsx"
    shutil.copyfile(book, copy)
    assert main(["pair", str(copy), "--write", str(out)]) == 0
    sheet = {k: v for k, v in read_sheet(out, "Pairings").items() if v != ""}
    assert "(Dutch system, C.04.3; Baku acceleration, C.04.7)" in sheet["A2"]
    for actions in (js["scripts"][0]["actions"], com["macros"][0]["actions"]):
        assert printed_sheet(actions, len(data["sheets"])) == (["addSheet", "setValues"], sheet)
    # a bad cell: the action stops naming it, and writes nothing
    type_cells(book, {f"Settings!B{PAIRING_HEAD_ROW + 2}": "perhaps"})
    mine = tmp_path / "mine.xlsx"
    shutil.copyfile(book, mine)
    type_cells(book, {f"Settings!B{PAIRING_HEAD_ROW + 2}": "yes"})
    wb = __import__("openpyxl").load_workbook(book)  # test equipment: a sheet called Pairings of the user's own
    wb.create_sheet("Pairings")["A1"] = "My notes"
    wb.save(book)
    jobs = [{"name": "PAIR_NEXT_ROUND", "book": book_data(mine)}, {"name": "PAIR_NEXT_ROUND", "book": book_data(book)}]
    for results in (officejs([], scripts=jobs)["scripts"], classic([], macros=jobs)["macros"]):
        assert "actions" not in results[0] and "actions" not in results[1], results
        assert f"PAIR_NEXT_ROUND: Settings!B{PAIRING_HEAD_ROW + 2}: Baku acceleration 'perhaps': write yes or no" \
            in results[0]["error"]
        assert "a sheet called 'Pairings' that xl-tiebreak did not write: rename it" in results[1]["error"]
