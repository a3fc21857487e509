"""The What if sheet (issue 24, item 3, the workbook face): the templates have it, a workbook made
from a real event with its last round paired and blank recomputes to what ``whatif`` prints for the
same event, beyond the bound the sheet says so and answers on points alone, WHATIF answers the
same through both xlwings runtimes, a bad input cell shows the error naming it, and LibreOffice
prints the What if page.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from openpyxl import load_workbook  # type: ignore[import-untyped]

from conftest import ROOT
from test_whatif import open_games
from xl_tiebreak import demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.excel.authoring.template import to_bytes
from xl_tiebreak.excel.authoring.whatif_sheet import BOARDS_ROW, PLACES_ROW, WHATIF_SHEET, WHATIF_TABLE_ROW
from xl_tiebreak.excel.authoring.workbook import filled_workbook
from xl_tiebreak.excel.recompute.cached_values import recompute
from xl_tiebreak.trf import read_trf
from xl_tiebreak.trf.writer import write_trf

TEMPLATES = ROOT / "workbook_templates"
REAL = ROOT.parent / "shared" / "data" / "real"
U08 = REAL / "bre-jeunes-2024-u08.trf"  # 22 players, 7 rounds
NSW = REAL / "2024-nsw-rapid.trf"  # 152 players, 7 rounds
needs = pytest.mark.skipif(not U08.exists() or not NSW.exists(), reason="../shared/data/real is absent")


def _cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def _book(tmp_path: Path, capsys, trf: Path, keep: int, name: str) -> Path:
    """``xl-tiebreak workbook`` of the real event with its last round's games paired and blank
    (the first ``keep`` keep their results), then ``recompute``."""
    t = read_trf(trf)
    src = tmp_path / f"{name}.trf"
    src.write_text(write_trf(open_games(t, t.rounds, keep)))
    book = tmp_path / f"{name}.xlsx"
    assert _cli(capsys, "workbook", src, "-o", book)[0] == 0
    assert _cli(capsys, "recompute", book)[0] == 0
    return book


def _table(path: Path) -> list[list]:
    """The What if table as the recompute left it (the cached values), to its last non-empty row."""
    ws = load_workbook(path, data_only=True)[WHATIF_SHEET]
    rows = [["" if v is None else v for v in r]
            for r in ws.iter_rows(min_row=WHATIF_TABLE_ROW, max_row=ws.max_row, max_col=7, values_only=True)]
    while rows and not any(rows[-1]):
        rows.pop()
    return rows


def _section(rows: list[list], header: str) -> list[list]:
    """The rows of a section after its header row (first cell ``header``) to the next empty row,
    each continuation row (empty first two cells) joined to the row before."""
    at = next(i for i, r in enumerate(rows) if r[0] == header)
    out: list[list] = []
    for r in rows[at + 1:]:
        if not any(r) or r[0] == "Note:":
            break
        if out and r[0] == "" and r[1] == "" and r[2] == "" and r[3] == "":
            out[-1][6] = f"{out[-1][6]} {r[6]}".strip()  # the Others column, continued
        elif out and r[0] == "" and r[3] == "":
            out[-1][1] = f"{out[-1][1]} {r[1]}".strip()  # a list of players, continued
            out[-1][2] = f"{out[-1][2]} {r[2]}".strip()
        else:
            out.append(list(r))
    return out


def _nos(text: str) -> list[int]:
    """The start numbers of ``12 Name, 5 Name*`` (names hold commas: a number begins an entry)."""
    return [int(e.split()[0]) for e in text.replace("*", "").split(", ") if e and e.split()[0].isdigit()]


# ------------------------------------------------------------------------------ the templates

@pytest.mark.parametrize("name", ["xl-tiebreak-swiss.xlsx", "xl-tiebreak-round-robin.xlsx"])
def test_the_templates_have_a_what_if_sheet_with_one_spilled_call(name):
    wb = load_workbook(TEMPLATES / name)
    assert wb.sheetnames[-2:] == [WHATIF_SHEET, "Event"]
    ws = wb[WHATIF_SHEET]
    assert [(ws.cell(r, 1).value, ws.cell(r, 2).value) for r in (PLACES_ROW, PLACES_ROW + 1)] == \
        [("Prize places", 3), ("Boards combined", 8)]
    call = ws.cell(WHATIF_TABLE_ROW, 1).value.text
    assert call.startswith("=IFERROR(WHATIF(Crosstable,$B$5,Settings!$B$7:$B$12,Settings!$B$3:$B$5,Settings!$B$4,"
                           "$B$6,,,") and "Cache!" in call
    values = load_workbook(TEMPLATES / name, data_only=True)[WHATIF_SHEET]
    assert values.cell(WHATIF_TABLE_ROW, 1).value == "What if"
    assert values.cell(WHATIF_TABLE_ROW, 2).value.startswith("No players yet: type the crosstable, pair a round")
    assert "teaching" not in name and WHATIF_SHEET not in load_workbook(
        TEMPLATES / "xl-tiebreak-teaching.xlsx").sheetnames


# ------------------------------------------------------------------- a real event, sheet = CLI

@needs
def test_a_real_event_with_its_last_round_blank_recomputes_to_the_whatif_of_the_cli(tmp_path, capsys):
    book = _book(tmp_path, capsys, U08, 6, "u08")
    rows = _table(book)
    code, out, err = _cli(capsys, "whatif", book, "-f", "json")
    assert code == 0, err
    cli = json.loads(out)
    assert cli["exact"] and cli["round"] == 7 and cli["prize_places"] == 3
    # the head: the same lines as the text of the CLI, cut into rows
    head = " ".join(r[1] for r in rows[:next(i for i, r in enumerate(rows) if not any(r))])
    text = _cli(capsys, "whatif", book)[1].splitlines()
    assert head == f"{text[1]} {text[2]}"
    # the prize places: who can still finish there, who is certain
    places = _section(rows, "Place")
    assert [r[0] for r in places] == [1, 2, 3]
    for r, p in zip(places, cli["places"]):
        assert _nos(r[1]) == p["can_finish"] and _nos(r[2]) == p["certain"]
    # real values: three can still win, nobody is sure of a prize
    assert [_nos(r[1]) for r in places] == [[13, 14, 16], [13, 14, 16, 19], [9, 12, 13, 14, 19]]
    assert all(r[2] == "-" for r in places)
    # the contenders: their places in some combination, points now and at most
    contenders = _section(rows, "No")
    assert [r[0] for r in contenders] == [c["no"] for c in cli["contenders"]] == [9, 12, 13, 14, 16, 19]
    for r, c in zip(contenders, cli["contenders"]):
        assert r[1] == c["name"] and (r[3], r[4]) == (c["points"], c["max_points"])
        assert [3 + 1 if p == "out" else int(p) for p in r[2].split(" (")[0].split(", ")] == c["places"]
    assert contenders[2][1:5] == ["ESMER, Milan", "1, 2, 3", 5, 6]
    # each board's outcomes: the places of its two players as the CLI gives them
    boards = _section(rows, "Bd")
    by_board = {b["board"]: b for b in cli["boards"]}
    shown = [b for b in cli["boards"] if any(b["outcomes"][o][str(b[s])]["best"] <= 3 or b["outcomes"][o][str(b[s])]
                                             ["worst"] <= 3 for o in b["outcomes"] for s in ("white", "black"))]
    assert len(boards) == 3 * 3 and {b["board"] for b in shown} <= {r[0] for r in boards[::3]}
    for k in range(0, len(boards), 3):
        board = by_board[boards[k][0]]
        assert _nos(boards[k][1]) == [board["white"]] and _nos(boards[k][2]) == [board["black"]]
        for r, outcome in zip(boards[k:k + 3], ("1-0", "½-½", "0-1")):
            assert r[3] == outcome
            for side, col in (("white", 4), ("black", 5)):
                got = board["outcomes"][outcome][str(board[side])]
                want = "-".join(dict.fromkeys("out" if v > 3 else str(v) for v in (got["best"], got["worst"])))
                assert r[col] == want, (board["board"], outcome, side)
    assert boards[0][:6] == [1, "13 ESMER, Milan", "16 PERRY-OLIVIER, Sebastian", "1-0", "1-2", "out"]
    assert boards[2][3:] == ["0-1", "2-3", "1-2", "9: out, 12: out, 19: 3-out"]
    assert any("1 other board(s): no outcome brings" in r[1] for r in rows)


@needs
def test_beyond_the_bound_the_sheet_says_so_and_answers_on_points_alone(tmp_path, capsys):
    book = _book(tmp_path, capsys, NSW, 0, "nsw")
    rows = _table(book)
    cli = json.loads(_cli(capsys, "whatif", book, "-f", "json")[1])
    assert not cli["exact"] and len(cli["boards_mattering"]) > 8
    head = " ".join(r[1] for r in rows[:next(i for i, r in enumerate(rows) if not any(r))])
    assert f"Not exact: {cli['message']}" in head
    assert "more than the bound of 3^8 = 6,561; the places below are on points alone" in head
    places = _section(rows, "Place")
    for r, p in zip(places, cli["places"]):
        assert _nos(r[1]) == p["can_finish"] and _nos(r[2]) == p["certain"]
        assert [int(e.split()[0]) for e in r[1].split(", ") if e.endswith("*")] == p["only_if_ties"]
    assert any(r[0] == "Note:" and r[1].startswith("*: only level on points") for r in rows)
    contenders = _section(rows, "No")
    assert [r[0] for r in contenders] == [c["no"] for c in cli["contenders"]]
    assert [r[6] for r in contenders] == [f"{c['on_points']['best']}-{c['on_points']['worst']}".replace("4", "out")
                                          if c["on_points"]["best"] != c["on_points"]["worst"] else
                                          str(c["on_points"]["best"]).replace("4", "out") for c in cli["contenders"]]


@needs
def test_the_sheets_boards_cell_at_its_maximum_is_bounded_by_the_work_budget_on_recompute(tmp_path, capsys):
    # Boards combined 10 (the sheet's maximum), one prize place, the U08 event before round 3's results:
    # 45,927 combinations would each be ranked (30 s of CPU); the recompute answers on points and says why
    from xl_tiebreak.whatif import before_results
    wb, _ = filled_workbook(before_results(read_trf(U08), 3))
    wb[WHATIF_SHEET].cell(PLACES_ROW, 2, 1)
    wb[WHATIF_SHEET].cell(BOARDS_ROW, 2, 10)
    book = tmp_path / "u08.xlsx"
    book.write_bytes(to_bytes(wb))
    assert not recompute(book).errors
    rows = _table(book)
    head = " ".join(r[1] for r in rows[:next(i for i, r in enumerate(rows) if not any(r))])
    assert "Not exact: 10 boards matter: 59,049 combinations of results, 45,927 of them not settled on points" in head
    assert "more than the budget of 12 s (8,000,000 steps); the places below are on points alone" in head
    cli = json.loads(_cli(capsys, "whatif", book, "-f", "json")[1])
    assert not cli["exact"] and f"Not exact: {cli['message']}" in head


# ------------------------------------------------------------------ states and bad input

def test_without_a_round_awaiting_results_the_sheet_says_so(tmp_path):
    book = tmp_path / "demo.xlsx"
    book.write_bytes(to_bytes(filled_workbook(demo_tournament())[0]))
    report = recompute(book)
    assert report.errors == {}
    rows = _table(book)
    assert rows[0][0] == "What if" and " ".join(r[1] for r in rows).startswith(
        "No round is paired with its results to come; pair the round (e.g. 12w with the result left blank")


def test_a_bad_places_cell_shows_the_error_and_the_report_names_the_cell(tmp_path):
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    wb[WHATIF_SHEET].cell(PLACES_ROW, 2, "three")
    book.write_bytes(to_bytes(wb))
    report = recompute(book, tmp_path / "out.xlsx")
    message = f"{WHATIF_SHEET}!B{PLACES_ROW}: places 'three' is not a whole number"  # the cell typed in
    assert report.errors == {f"{WHATIF_SHEET}!A{WHATIF_TABLE_ROW}": message}
    rows = _table(tmp_path / "out.xlsx")
    assert rows == [["#ERROR: " + message, "", "", "", "", "", ""]]


@pytest.mark.parametrize("places, boards, message", [
    (0, None, "WHATIF: places 0: expected a number of prize places from 1 to 6 (the players)"),
    (7, None, "places 7: expected a number of prize places from 1 to 6"),
    (3, 11, "WHATIF: max_boards 11: expected 1 to 10"),
    (2.5, None, "WHATIF: places 2.5 is not a whole number"),
])
def test_bad_arguments_are_refused_by_name(places, boards, message):
    from xl_tiebreak.errors import InputError
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        fx.WHATIF(_pending_table(), places, None, None, None, boards)


def _pending_table() -> list[list]:
    """The demo event's crosstable with its last round's game (1 v 2) paired and blank."""
    t = demo_tournament()
    from tests.support.runtimes import crosstable
    rows = crosstable(open_games(t, t.rounds))
    assert [r[-1] for r in rows[1:3]] == ["2w", "1b"]
    return rows


def test_the_function_of_a_small_event_gives_its_real_places():
    got = fx.WHATIF(_pending_table(), 2, "BH/C1,BH")
    places = _section([r + [""] * (7 - len(r)) for r in got], "Place")
    assert [(r[0], _nos(r[1]), _nos(r[2])) for r in places] == [(1, [3], [3]), (2, [1], [1])]
    board = _section(got, "Bd")
    assert [r[3:6] for r in board] == [["1-0", "2", "out"], ["½-½", "2", "out"], ["0-1", "2", "out"]]
    # one cell (row 0 is the table's first), as the one-cell forms ask for it
    assert fx.WHATIF(_pending_table(), 2, "BH/C1,BH", None, None, None, 0, 1) == "What if"
    assert fx.WHATIF(_pending_table(), 2, "BH/C1,BH", None, None, None, len(got), 1) == ""  # past the end


def test_the_contenders_column_of_the_best_place_with_ties_lost_is_not_called_sure_of(tmp_path, capsys):
    # "Sure of" read as a place the player is certain of; it is the best place some results give him
    # with every tie going against him: the sheet and the command line say so, under the same name
    got = fx.WHATIF(_pending_table(), 2, "BH/C1,BH")
    head = next(r for r in got if r and r[0] == "No")
    assert head == ["No", "Name", "Places", "Pts", "Max", "If ties lost", "On points"]
    legend = " ".join(str(r[1]) for r in got if r and r[0] in ("", "Note:"))
    assert "If ties lost: the best place some combination of results gives him even with every tie on points " \
           "going against him (he needs those results: it is not a place he is sure of)." in legend
    assert "Sure of" not in legend
    t = demo_tournament()
    trf = tmp_path / "demo.trf"
    trf.write_text(write_trf(open_games(t, t.rounds)))
    code, out, _ = _cli(capsys, "whatif", trf)
    header = next(ln for ln in out.splitlines() if ln.startswith("No "))
    assert code == 0 and header.split() == ["No", "Name", "Pts", "Max", "On", "points", "If", "ties", "lost", "Places"]
    assert "If ties lost: the best place some combination of results gives him even with every tie" in out
    assert "Sure of" not in out


# --------------------------------------------------------------- through xlwings's own runtimes

def test_whatif_through_both_xlwings_runtimes():
    """As Excel's Office.js runtime and the classic add-in hand the arguments over, the same
    table as the registry's; a bad argument gives the error table naming it."""
    pytest.importorskip("xlwings")
    from tests.support.runtimes import MISSING, same, body, classic, officejs
    table = _pending_table()
    edition = [[None], ["swiss"], ["2024-05-01"]]
    calls = [("WHATIF", (table, 2.0, "BH/C1,BH", edition, "swiss", 8.0)),
             ("WHATIF", (table, None, [["BH/C1"], ["BH"], [None]])),
             ("WHATIF", (crosstable_done(), 3.0)),
             ("WHATIF", (table, "three"))]
    wants = [fx.FUNCTIONS[name](*args) for name, args in calls[:3]]
    assert wants[0][0][0] == "What if" and any(r[0] == "Bd" for r in wants[0])
    assert wants[2][0][1].startswith("No round is paired")
    js = officejs([body(name, *args) for name, args in calls])["results"]
    com = classic([[name, [MISSING if a is None else a for a in args]] for name, args in calls])["results"]
    for want, got_js, got_com in zip(wants, js, com):
        assert same(got_js["value"], want) and same(got_com["value"], want)
    for got in (js[3], com[3]):
        assert got["value"][0][0].startswith("#ERROR: WHATIF: places 'three' is not a whole number")


def crosstable_done() -> list[list]:
    from tests.support.runtimes import crosstable
    return crosstable(demo_tournament())


# ------------------------------------------------------------------------ LibreOffice prints it

@needs
@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_libreoffice_prints_the_what_if_page(tmp_path, capsys):
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    book = _book(tmp_path, capsys, U08, 6, "u08")
    cli = json.loads(_cli(capsys, "whatif", book, "-f", "json")[1])
    pages = sheet_pages(pdf_pages(book, tmp_path), WHATIF_SHEET)
    assert len(pages) == 1  # the table, no page of empty rows
    text = pages[0]
    assert "#NAME?" not in text and "#VALUE!" not in text and "#ERROR" not in text
    lines = text.splitlines()
    for c in cli["contenders"]:  # every contender on his line: number, name, places, points
        places = ", ".join("out" if p > 3 else str(p) for p in c["places"])
        assert any(ln.split()[:1] == [str(c["no"])] and c["name"] in ln and places in ln
                   and f"{c['points']:g}" in ln.split() for ln in lines), c
    assert any("13 ESMER, Milan" in ln and "16 PERRY-OLIVIER, Sebastian" in ln and "1-0" in ln for ln in lines)
    assert "Exact: 4 of 4 boards can change places 1-3" in text


def test_the_one_cell_form_shows_the_same_table_as_the_spilled_one(tmp_path):
    t = demo_tournament()
    tables = []
    for cells in (False, True):
        wb, _ = filled_workbook(open_games(t, t.rounds), cells=cells)
        wb[WHATIF_SHEET].cell(PLACES_ROW, 2, 2)
        if cells:
            first = wb[WHATIF_SHEET].cell(WHATIF_TABLE_ROW, 1).value
            assert first.startswith("=IFERROR(WHATIF(Crosstable,$B$5,") and first.endswith(',"")') and ",0,1," in first
        path = tmp_path / f"{cells}.xlsx"
        path.write_bytes(to_bytes(wb))
        assert recompute(path).errors == {}
        tables.append(_table(path))
    spilled, one_cell = tables
    assert one_cell == spilled and any(r[0] == "Bd" for r in spilled)
    assert [(r[0], _nos(r[1])) for r in _section(spilled, "Place")] == [(1, [3]), (2, [1])]


def test_whatif_of_a_workbook_takes_its_sheets_places_and_boards_unless_given(tmp_path, capsys):
    t = demo_tournament()
    wb, _ = filled_workbook(open_games(t, t.rounds))
    wb[WHATIF_SHEET].cell(PLACES_ROW, 2, 2)
    wb[WHATIF_SHEET].cell(PLACES_ROW + 1, 2, 1)
    book = tmp_path / "demo.xlsx"
    book.write_bytes(to_bytes(wb))
    got = json.loads(_cli(capsys, "whatif", book, "-f", "json")[1])
    assert (got["prize_places"], got["max_boards"]) == (2, 1)
    assert [p["can_finish"] for p in got["places"]] == [[3], [1]]
    got = json.loads(_cli(capsys, "whatif", book, "--places", "1", "--max-boards", "5", "-f", "json")[1])
    assert (got["prize_places"], got["max_boards"]) == (1, 5)
    wb[WHATIF_SHEET].cell(PLACES_ROW, 2, "two")
    book.write_bytes(to_bytes(wb))
    code, _, err = _cli(capsys, "whatif", book)
    assert code == 2 and "demo.xlsx: What if!B5: WHATIF: places 'two' is not a whole number" in err
    assert "Traceback" not in err
    # a TRF file: the defaults
    trf = tmp_path / "demo.trf"
    trf.write_text(write_trf(open_games(t, t.rounds)))
    got = json.loads(_cli(capsys, "whatif", trf, "-f", "json")[1])
    assert (got["prize_places"], got["max_boards"]) == (3, 8)


@pytest.mark.parametrize("cell,value,message", [
    (PLACES_ROW, 0, "What if!B5: WHATIF: places 0: expected a whole number from 1"),
    (PLACES_ROW, True, "What if!B5: WHATIF: places TRUE is not a whole number"),
    (BOARDS_ROW, 11, "What if!B6: WHATIF: max_boards 11: expected a whole number from 1 to 10"),
    (PLACES_ROW, 99, "What if!B5: WHATIF: places 99: expected a number of prize places from 1 to 6 (the players)"),
])
def test_a_sheets_setting_out_of_range_is_named_by_its_cell_not_as_an_option_never_given(tmp_path, capsys, cell,
                                                                                         value, message):
    t = demo_tournament()
    wb, _ = filled_workbook(open_games(t, t.rounds))
    wb[WHATIF_SHEET].cell(cell, 2, value)
    book = tmp_path / "demo.xlsx"
    book.write_bytes(to_bytes(wb))
    code, _, err = _cli(capsys, "whatif", book)
    assert code == 2 and message in err and "--places" not in err


@pytest.mark.parametrize("cell,value,option", [(BOARDS_ROW, 99, ["--max-boards", "3"]),
                                                (BOARDS_ROW, "many", ["--max-boards", "3"]),
                                                (PLACES_ROW, 99, ["--places", "2"])])
def test_an_option_given_replaces_its_sheet_cell_whose_bad_value_then_does_not_matter(tmp_path, capsys, cell, value,
                                                                                       option):
    """``--max-boards 3`` replaces What if!B6 (``--places`` B5): the cell's value, bad or not, is not
    read then (it was refused, naming the cell, though the option replaced it)."""
    t = demo_tournament()
    wb, _ = filled_workbook(open_games(t, t.rounds))
    wb[WHATIF_SHEET].cell(cell, 2, value)
    book = tmp_path / "demo.xlsx"
    book.write_bytes(to_bytes(wb))
    code, out, err = _cli(capsys, "whatif", book, *option, "-f", "json")
    assert code == 0, err
    got = json.loads(out)
    assert (got["prize_places"], got["max_boards"]) == ((3, 3) if option[0] == "--max-boards" else (2, 8))


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_the_status_line_prints_inside_the_margins(tmp_path):
    """Issue 33: a long status line (here two warnings quoted) ran past the right margin of the What
    if, Categories and Prizes pages; it wraps inside the page, as wide as the sheet's table."""
    from tests.support.pdf_pages import page_size, pdf_pages, pdf_texts
    from tests.support.workbook_typing import type_cells
    book = tmp_path / "repeat.xlsx"
    assert main(["template", "--players", "8", "-o", str(book)]) == 0
    cells: dict[str, object] = {}
    for i, name in enumerate(["Ann", "Bob", "Cid", "Dan"], start=1):
        cells.update({f"Crosstable!A{4 + i}": i, f"Crosstable!B{4 + i}": name})
    for col in "FG":  # the same pairings twice: a warning each
        cells.update({f"Crosstable!{col}5": "2w1", f"Crosstable!{col}6": "1b0", f"Crosstable!{col}7": "4w½",
                      f"Crosstable!{col}8": "3b½"})
    type_cells(book, cells)
    assert main(["recompute", str(book)]) == 0
    pages = pdf_pages(book, tmp_path / "pdf")
    texts = pdf_texts(tmp_path / "pdf" / "repeat.pdf")
    for sheet in (WHATIF_SHEET, "Categories", "Prizes"):
        k = next(k for k, p in enumerate(pages) if f"{sheet} - page" in p)
        assert "players 3 and 4 meet in round 2" in " ".join(pages[k].split())  # the status line, whole
        width = page_size(tmp_path / "pdf" / "repeat.pdf", k + 1)[0]
        outside = [t.text for t in texts[k] if t.left < 36 - 1 or t.right > width - 36 + 1]
        assert outside == [], (sheet, outside)
