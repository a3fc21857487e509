"""The Categories and Prizes sheets (issue 24): the templates have them, a workbook made from a real
event with a typed prize table recomputes to the prize list the CLI prints for the same table, the
category standings equal ``standings --category``, ``prizes BOOK.xlsx`` reads the sheet's table,
bad tables are refused by their place, and LibreOffice prints the Prizes page.
"""

from __future__ import annotations

import json
import re
import shutil
from fractions import Fraction
from pathlib import Path
from typing import Optional

import pytest
from openpyxl import load_workbook  # type: ignore[import-untyped]

from conftest import ROOT
from xl_tiebreak import demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.excel.authoring.prize_sheets import CAT_FIRST, CAT_TABLE_ROW, PRIZE_HEAD_ROW, PRIZE_LIST_ROW, RULES_FIRST
from xl_tiebreak.excel.authoring.template import to_bytes
from xl_tiebreak.excel.authoring.workbook import filled_workbook
from xl_tiebreak.excel.recompute.cached_values import recompute
from xl_tiebreak.notation import format_cell
from xl_tiebreak.trf import read_trf

TEMPLATES = ROOT / "workbook_templates"
REAL = ROOT.parent / "shared" / "data" / "real"
OPEN = REAL / "66363-open-intl-champignol-2025.trf"  # 294 players, sex m/w, no birth dates
GROS = REAL / "gros-open-2010-partial.trf"  # birth years, sex, start date 2010-09-24
needs = pytest.mark.skipif(not OPEN.exists() or not GROS.exists(), reason="../shared/data/real is absent")

#: the prize table typed on the sheet, and the same table as the CLI's flags
HEADINGS = ["Women", "U1600", "1600-1799", "FED=GRE", "FED=USA"]  # nobody from the USA plays
AMOUNTS = {"Place": [500, 300, 200, 100], "Women": [100, 50], "U1600": [80, 40], "1600-1799": [60], "FED=GRE": [30, 20],
           "FED=USA": [15]}
FLAGS = ["--places", "500,300,200,100", "--category-prize", "women=100,50", "--category-prize", "U1600=80,40",
         "--category-prize", "1600-1799=60", "--category-prize", "FED=GRE=30,20", "--category-prize", "FED=USA:15"]


def _typed_book(path: Path, trf: Path, categories: list[tuple[str, str]], headings: list[str],
                amounts: dict[str, list], rules: dict[str, object], age: str = "year") -> Path:
    """A workbook made from ``trf`` (as ``xl-tiebreak workbook`` makes it) with categories, a prize
    table and rules typed in, written without values (the recompute fills them)."""
    wb, _spec = filled_workbook(read_trf(trf), trf_fields=True)
    cats = wb["Categories"]
    cats["B5"] = age
    for i, (name, text) in enumerate(categories):
        cats.cell(CAT_FIRST + i, 1, name)
        cats.cell(CAT_FIRST + i, 2, text)
    prizes = wb["Prizes"]
    for k, label in enumerate(("Ties", "Order", "Rounding unit")):
        assert prizes.cell(RULES_FIRST + k, 1).value == label
        if label in rules:
            prizes.cell(RULES_FIRST + k, 2, rules[label])
    for j, heading in enumerate(headings, start=3):
        prizes.cell(PRIZE_HEAD_ROW, j, heading)
    for j, heading in enumerate(["Place"] + headings, start=2):
        for i, a in enumerate(amounts.get(heading, []), start=1):
            prizes.cell(PRIZE_HEAD_ROW + i, j, a)
    path.write_bytes(to_bytes(wb))
    return path


def _spill(path: Path, sheet: str, first: int) -> list[list]:
    """The rows a table spilled from ``A<first>`` shows after the recompute, to its last non-empty row."""
    ws = load_workbook(path, data_only=True)[sheet]
    rows = [[c.value for c in r] for r in ws.iter_rows(min_row=first, max_row=ws.max_row)]
    while rows and not any(v not in (None, "") for v in rows[-1]):
        rows.pop()
    return rows


def _cli(capsys, *args) -> tuple[int, str, str]:
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def _money(v) -> Fraction:
    return Fraction(str(v))


# ------------------------------------------------------------------------------ the templates

@pytest.mark.parametrize("name", ["xl-tiebreak-swiss.xlsx", "xl-tiebreak-round-robin.xlsx"])
def test_the_templates_have_a_categories_and_a_prizes_sheet_each_with_one_spilled_call(name):
    wb = load_workbook(TEMPLATES / name)
    assert wb.sheetnames[-4:] == ["Categories", "Prizes", "What if", "Event"]
    cats, prizes = wb["Categories"], wb["Prizes"]
    assert (cats["A7"].value, cats["B7"].value, cats["A5"].value, cats["B5"].value) == \
        ("Name", "Category", "Ages counted by", "year")
    call = cats.cell(CAT_TABLE_ROW, 1).value.text  # written as Excel 365 writes a spill
    assert call.startswith("=IFERROR(CATEGORY_STANDINGS(Crosstable,$A$8:$B$19,Settings!$B$7:$B$12,") and "Cache!" in call
    assert [prizes.cell(RULES_FIRST + k, 1).value for k in range(3)] == ["Ties", "Order", "Rounding unit"]
    assert [prizes.cell(RULES_FIRST + k, 2).value for k in range(3)] == ["tiebreak", "value", 0.01]
    assert [prizes.cell(PRIZE_HEAD_ROW, j).value for j in (1, 2)] == ["Prize", "Place"]
    assert [prizes.cell(PRIZE_HEAD_ROW + i, 1).value for i in (1, 2, 3, 20)] == ["1st", "2nd", "3rd", "20th"]
    call = prizes.cell(PRIZE_LIST_ROW, 1).value.text
    assert call.startswith("=IFERROR(PRIZES(Crosstable,$A$10:$I$30,$A$5:$B$7,Categories!$A$8:$B$19,Categories!$B$5,")
    # with nothing typed, the tables say what to do instead of showing figures
    values = load_workbook(TEMPLATES / name, data_only=True)
    assert values["Categories"].cell(CAT_TABLE_ROW, 1).value is None  # (the text sits in the Name column)
    assert values["Categories"].cell(CAT_TABLE_ROW, 4).value.startswith("No category yet")
    assert values["Prizes"].cell(PRIZE_LIST_ROW + 1, 3).value.startswith("No prize yet")


def test_the_teaching_workbook_goes_without_them():
    assert "Prizes" not in load_workbook(TEMPLATES / "xl-tiebreak-teaching.xlsx").sheetnames


def test_the_one_cell_forms_show_the_same_tables_as_the_spilled_ones(tmp_path):
    books = []
    for cells in (False, True):
        wb, _ = filled_workbook(demo_tournament(), cells=cells)
        wb["Categories"]["A8"], wb["Categories"]["B8"] = "Low", "U1800"
        wb["Prizes"]["B11"], wb["Prizes"]["B12"], wb["Prizes"]["C10"], wb["Prizes"]["C11"] = 100, 50, "Low", 20
        if cells:
            assert wb["Categories"]["D23"].value.startswith("=IFERROR(CATEGORY_STANDINGS(Crosstable,$A$8:$B$19,")
            assert ",1,4," in wb["Categories"]["D23"].value and wb["Prizes"]["B34"].value.endswith(',"")')
        path = tmp_path / f"{cells}.xlsx"
        path.write_bytes(to_bytes(wb))
        assert recompute(path).errors == {}
        books.append(path)
    for sheet, first in (("Categories", CAT_TABLE_ROW), ("Prizes", PRIZE_LIST_ROW)):
        spilled, one_cell = (_spill(b, sheet, first) for b in books)
        assert one_cell == spilled and len(spilled) > 3


# ------------------------------------------------------------------- a real event, sheet = CLI

@needs
def test_a_real_event_with_a_typed_prize_table_recomputes_to_the_prize_list_of_the_cli(tmp_path, capsys):
    book = _typed_book(tmp_path / "open.xlsx", OPEN, [("Women", "women")], HEADINGS, AMOUNTS, {"Ties": "shared"})
    assert _cli(capsys, "recompute", book)[0] == 0
    shown = _spill(book, "Prizes", PRIZE_LIST_ROW)
    assert shown[0] == ["Place", "No", "Name", "Prize", "Listed", "Paid", "Shared with", None, None]
    code, out, err = _cli(capsys, "prizes", book, *FLAGS, "--ties", "shared", "-f", "json")
    assert code == 0, err
    cli = json.loads(out)
    awards = [r for r in shown[1:] if isinstance(r[1], int)]
    assert [(r[1], r[3], _money(r[4]), _money(r[5])) for r in awards] == \
        [(a["no"], a["prize"].replace("women", "Women"), _money(a["listed"]), _money(a["paid"])) for a in cli["awards"]]
    assert [str(r[0]) for r in awards] == [a["place"] for a in cli["awards"]]
    assert [r[6] or "" for r in awards] == [" ".join(str(n) for n in a["shared_with"] if n != a["no"])
                                            for a in cli["awards"]]
    total = next(r for r in shown if r[0] == "Total paid")
    assert _money(total[5]) == sum(_money(a["paid"]) for a in cli["awards"])
    left = next(r for r in shown if r[0] == "Left over")
    assert _money(left[5]) == _money(cli["left_over"]) > 0
    nobody = [r[3] for r in shown if r[2] == "(not awarded: nobody left for it)"]
    assert nobody == cli["not_awarded"] == ["FED=USA 1st"]
    assert next(r for r in shown if r[2] == "(not awarded: nobody left for it)")[4:6] == [15, 0]
    greeks = [r for r in awards if r[3].startswith("FED=GRE")]  # both Greek players, each his own prize
    assert [(r[1], r[3], r[5]) for r in greeks] == [(116, "FED=GRE 1st", 30), (33, "FED=GRE 2nd", 20)]
    # real values: the winner of the 1st place prize is the event's leader, 500 to him
    leader = next(a for a in cli["awards"] if a["prize"] == "1st place")
    assert (leader["no"], leader["place"], leader["paid"]) == (83, "1", "500.00")
    # and without prize flags, the command reads the sheet's table and rules: the same list
    code, out, err = _cli(capsys, "prizes", book, "-f", "json")
    assert code == 0, err
    from_sheet = json.loads(out)
    assert from_sheet["ties"] == "shared"
    assert [(a["no"], a["paid"]) for a in from_sheet["awards"]] == [(a["no"], a["paid"]) for a in cli["awards"]]


@needs
def test_category_standings_of_the_sheet_equal_standings_category_of_the_cli(tmp_path, capsys):
    cats = [("Women", "women"), ("Seniors", "S50"), ("Juniors", "U18"), ("Unrated", "unrated")]
    book = _typed_book(tmp_path / "gros.xlsx", GROS, cats, [], {}, {})
    assert _cli(capsys, "recompute", book)[0] == 0
    shown = _spill(book, "Categories", CAT_TABLE_ROW)
    blocks: dict[str, list[list]] = {}
    for row in shown:
        if row[0] in dict(cats):
            name = row[0]
            blocks[name] = []
            assert row[4].split()[1] in ("player", "players")
        elif isinstance(row[2], int):
            blocks[name].append(row)
    assert set(blocks) == set(dict(cats))
    for name, text in cats:
        code, out, err = _cli(capsys, "standings", book, "--category", text, "-f", "csv")
        assert code == 0, err
        lines = [ln.split(",") for ln in out.splitlines()[1:]]
        assert [(str(r[0]), str(r[1]), str(r[2])) for r in blocks[name]] == [(ln[0], ln[1], ln[2]) for ln in lines]
        # the name the Categories sheet gives it reads the same
        assert _cli(capsys, "standings", book, "--category", name.upper(), "-f", "csv")[1] == out
    # real values: the event's two women, the players born in 1960 or before (50 in 2010) ...
    t = read_trf(GROS)
    assert sorted(r[2] for r in blocks["Women"]) == sorted(p.no for p in t.players if p.sex == "w")
    assert sorted(r[2] for r in blocks["Seniors"]) == sorted(
        p.no for p in t.players if p.birth and int(p.birth[:4]) <= 1960)
    assert all(int(r[4][:4]) <= 1960 for r in blocks["Seniors"])  # the Born column beside
    assert blocks["Unrated"] and all(r[4] in (None, "") for r in blocks["Unrated"])
    # ... and the player without a birth date is named under the age categories
    missing = [p.no for p in t.players if not p.birth]
    assert len(missing) == 1
    notes = [i for i, r in enumerate(shown) if r[0] == "Note:"]
    assert len(notes) == 2 and all(shown[i][3] == "1 with no full birth date:" for i in notes)
    name = t.player(missing[0]).name
    assert all(shown[i + 1][3] == f"{missing[0]} {name}" for i in notes)  # named, in the row below


# ------------------------------------------------------------------------- the functions

def _demo_table() -> list[list]:
    t = demo_tournament()
    rows: list[list] = [["No", "Name", "Rating", "Fed", "Sex"] + [f"R{r}" for r in range(1, t.rounds + 1)]]
    for p in t.players:
        rows.append([p.no, p.name, p.rating, "FRA" if p.no % 3 == 0 else "ENG", "w" if p.no % 2 else "m"]
                    + [format_cell(r) for r in p.rounds])
    return rows


def test_prize_headings_name_a_category_of_the_categories_or_are_one_and_amounts_are_exact():
    table = _demo_table()
    named = [["Ladies", "women"]]
    prizes = [["Prize", "Place", "Ladies", "FED=FRA"], ["1st", 100, 10.1, 5], ["2nd", 50.5, None, None]]
    got = fx.PRIZES(table, prizes, [["Ties", "tiebreak"]], named, None, "BH/C1,BH,SB")
    want = fx.STANDINGS(table, "BH/C1,BH,SB")[1:]
    assert [r[3] for r in got[1:3]] == ["1st place", "2nd place"]
    assert [r[1] for r in got[1:3]] == [want[0][1], want[1][1]]
    ladies = next(r for r in got if r[3] == "Ladies 1st")
    assert ladies[1] % 2 == 1 and ladies[4] == ladies[5] == 10.1
    assert next(r for r in got if r[0] == "Total paid")[5] == 100 + 50.5 + 10.1 + 5
    # the rules as a text, Hort: each keeps half, the other halves shared among the tied
    hort = fx.PRIZES(table, [["", "Place"], ["1st", 90], ["2nd", 60]], "ties=hort; unit=1", None, None, "BH/C1")
    paid = [r[5] for r in hort[1:] if isinstance(r[1], int)]
    assert sum(paid) + next((r[5] for r in hort if r[0] == "Left over"), 0) == 150


def test_category_standings_of_one_text_or_a_one_column_range():
    table = _demo_table()
    one = fx.CATEGORY_STANDINGS(table, "FED=FRA", "BH/C1")
    column = fx.CATEGORY_STANDINGS(table, [["FED=FRA"]], "BH/C1")
    assert one == column
    assert one[0][0] == "FED=FRA" and one[0][3] == "FED=FRA (federation FRA)" and one[0][4] == "2 players"
    assert one[1] == ["Rk", "Cat", "No", "Name", "Fed", "Pts", "BH/C1"]
    assert sorted(r[2] for r in one[2:]) == [3, 6] and [r[1] for r in one[2:]] == [1, 2]


@pytest.mark.parametrize("args, message", [
    ((["Juniors", "U1x"],), "category, row 1 (Juniors): 'U1x' is not a category"),
    ((["Juniors", ""],), "category, row 1: 'Juniors' has no category"),
    ((["A", "U1600"], ["a", "women"]), "the name 'a' is already used in row 1"),
])
def test_a_bad_category_row_is_refused_by_its_row(args, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        fx.CATEGORY_STANDINGS(_demo_table(), [list(a) for a in args])


@pytest.mark.parametrize("prizes, message", [
    ([["", "Place"], ["1st", "abc"]], "prize_table, column 2 (Place), 1st prize: 'abc' is not an amount"),
    ([["", "Place"], ["1st", 10], ["2nd", None], ["3rd", 5]], "the 3rd prize is given but the 2nd is empty"),
    ([["", "Place", ""], ["1st", 10, 5]], "column 3: the amounts have no heading"),
    ([["", "Place", "Places"], ["1st", 10, 5]], "a second column of place prizes"),
    ([["", "Juniorz"], ["1st", 10]], "'Juniorz' is neither Place, a name of the categories nor a category"),
    ([["", "Place"], ["1st", -10]], "the amount -10 is negative"),
    ([["", "Place"], ["1st", 10], ["2nd", 0]], "2nd prize: the amount is 0; list only the places that have a prize"),
])
def test_a_bad_prize_table_is_refused_by_its_column_and_prize(prizes, message):
    with pytest.raises(InputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        fx.PRIZES(_demo_table(), prizes)


@pytest.mark.parametrize("rules, message", [
    ([["Ties", "split"]], "Ties 'split': expected tiebreak, shared, hort"),
    ([["Order", "random"]], "Order 'random': expected value or places-first"),
    ([["Rounding unit", 0]], "Rounding unit 0: expected a positive amount"),
    ([["Colour", "white"]], "'Colour' is not a prize rule; expected Ties, Order or Rounding unit"),
])
def test_bad_prize_rules_are_refused_naming_what_is_expected(rules, message):
    with pytest.raises(InputError, match=message):
        fx.PRIZES(_demo_table(), [["", "Place"], ["1st", 10]], rules)


def test_ages_by_birth_year_or_by_the_start_date():
    table = [row[:5] + ["Born"] + row[5:] for row in _demo_table()]
    born = {1: "1974/07/01", 2: "1974/07/02", 3: "1975/01/01", 4: "2000/01/01", 5: "1960", 6: "1974/12/31"}
    for row in table[1:]:
        row[5] = born[row[0]]
    start = [[""], ["swiss"], ["2024-07-01"]]  # Settings!B3:B5: no edition chosen, the type, the start date
    by_year = fx.CATEGORY_STANDINGS(table, "S50", "BH/C1", start, None, "year")
    by_date = fx.CATEGORY_STANDINGS(table, "S50", "BH/C1", start, None, "date")
    assert sorted(r[2] for r in by_year[2:]) == [1, 2, 5, 6]  # 50 or more in 2024: born in 1974 or before
    assert sorted(r[2] for r in by_date[2:]) == [1, 5]  # 50 on 1 July 2024
    assert by_date[1][4] == "Born" and {r[4] for r in by_date[2:]} == {"1974/07/01", "1960"}
    with pytest.raises(InputError, match="age_basis: 'month': expected year"):
        fx.CATEGORY_STANDINGS(table, "S50", "BH/C1", start, None, "month")


def test_an_age_category_without_a_start_date_says_where_to_write_it():
    with pytest.raises(InputError, match=r"needs the event's start date .*Settings!B5"):
        fx.CATEGORY_STANDINGS(_demo_table(), "U18")
    got = fx.CATEGORY_STANDINGS(_demo_table(), "U18", None, [["", ""], ["swiss"], ["2024-05-01"]])
    assert got[0][4] == "0 players" and got[1][4] == "Born"  # nobody has a birth date: all named below
    note = next(i for i, r in enumerate(got) if r[0] == "Note:")
    assert got[note][3] == "6 with no full birth date:"  # then the first five by number and name, and the rest
    named = {f"{p.no} {p.name}" for p in demo_tournament().players}
    assert len({r[3] for r in got[note + 1:note + 6]} & named) == 5 and [r[3] for r in got[note + 6:]] == ["and 1 more"]


# ----------------------------------------------------------------- the workbook, bad input

def test_a_bad_prize_table_shows_an_error_in_the_sheet_and_the_cli_exits_2_naming_the_cell(tmp_path, capsys):
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    wb["Prizes"].cell(PRIZE_HEAD_ROW + 1, 2, "lots")
    book.write_bytes(to_bytes(wb))
    report = recompute(book, tmp_path / "out.xlsx")
    where, cell = f"Prizes!A{PRIZE_LIST_ROW}", f"Prizes!B{PRIZE_HEAD_ROW + 1}"
    # the recompute knows the range the argument is, so the error names the cell typed in
    assert report.errors == {where: f"{cell} (Place, 1st prize): 'lots' is not an amount; type a "
                                    "number such as 500 or 12.50"}
    shown = _spill(tmp_path / "out.xlsx", "Prizes", PRIZE_LIST_ROW)
    assert shown[0][0].startswith(f"#ERROR: {cell} (Place, 1st prize)") and len(shown) == 1
    code, _, err = _cli(capsys, "prizes", book)
    assert code == 2 and f"demo.xlsx: {cell} (Place, 1st prize): 'lots' is not an amount" in err
    assert "Traceback" not in err
    # the function alone (as Excel calls it) gets values, not their cells: it names the place in its argument
    with pytest.raises(InputError, match=r"prize_table, column 2 \(Place\), 1st prize: 'lots'"):
        fx.PRIZES(_demo_table(), [["Prize", "Place"], ["1st", "lots"]])


def test_the_prizes_sheets_status_line_tells_its_tables_error_instead_of_no_problems(tmp_path):
    # a bad amount: the Prizes sheet's status line (A3) counts the error and names the cell, where it
    # said "No problems found." above the #ERROR table; the other sheets' tables are right
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    for i, a in enumerate((100, "abc", 40), start=1):
        wb["Prizes"].cell(PRIZE_HEAD_ROW + i, 2, a)
    book.write_bytes(to_bytes(wb))
    report = recompute(book, tmp_path / "out.xlsx")
    shown = load_workbook(tmp_path / "out.xlsx", data_only=True)
    head = "After round 4 of 4; rules fide2024 (start date 2025-01-01). "
    problem = f"Prizes!B{PRIZE_HEAD_ROW + 2} (Place, 2nd prize): 'abc' is not an amount; type a number such as 500 or 12.50"
    assert shown["Prizes"]["A3"].value == head + "1 error - " + problem
    assert shown["Prizes"][f"A{PRIZE_LIST_ROW}"].value == "#ERROR: " + problem
    assert shown["Crosstable"]["A3"].value == shown["Categories"]["A3"].value == head + "No problems found."
    assert set(report.errors) == {f"Prizes!A{PRIZE_LIST_ROW}"}
    # the same sheet with the amount corrected: the line is the event's again
    wb["Prizes"].cell(PRIZE_HEAD_ROW + 2, 2, 60)
    book.write_bytes(to_bytes(wb))
    assert not recompute(book, tmp_path / "ok.xlsx").errors
    assert load_workbook(tmp_path / "ok.xlsx", data_only=True)["Prizes"]["A3"].value == head + "No problems found."


def test_a_sheets_status_line_counts_its_tables_error_once_with_the_events_problems():
    head = "After round 4 of 4; rules fide2026. "
    bad = "#ERROR: PRIZES: prize_table, column 2 (Place), 2nd prize: 'abc' is not an amount"
    told = "prize_table, column 2 (Place), 2nd prize: 'abc' is not an amount"
    assert fx.SHEET_STATUS(head + "No problems found.", "Place") == head + "No problems found."
    assert fx.SHEET_STATUS(head + "No problems found.", bad) == head + "1 error - " + told
    # the event's warnings stay, counted beside the error, which comes first
    assert fx.SHEET_STATUS(head + "2 warnings - Crosstable!F5: F where U is meant; Crosstable!G6: x", bad) == \
        head + "1 error and 2 warnings - " + told + "; Crosstable!F5: F where U is meant; Crosstable!G6: x"
    assert fx.SHEET_STATUS("1 error and 1 warning - Crosstable!F7: a; Crosstable!G5: b", bad) == \
        "2 errors and 1 warning - " + told + "; Crosstable!F7: a; Crosstable!G5: b"
    # the table fails on the crosstable's own error, already told: not counted twice
    line = "1 error - Crosstable!F7: '12x1' is not a result"
    assert fx.SHEET_STATUS(line, "#ERROR: PRIZES: Crosstable!F7: '12x1' is not a result") == line


def test_a_category_typed_as_a_formula_is_an_error_naming_its_cell_everywhere(tmp_path, capsys):
    # Categories!B8 ="U"&"1600": its stored value may be stale (we do not evaluate Excel's formulas), so
    # recompute writes the error into the table (not the old standings), check and standings refuse it
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    wb["Categories"].cell(CAT_FIRST, 1, "Juniors")
    wb["Categories"].cell(CAT_FIRST, 2, '="U"&"1600"')
    book.write_bytes(to_bytes(wb))
    why = f"Categories!B{CAT_FIRST}: holds a formula (=\"U\"&\"1600\") that xl-tiebreak does not evaluate"
    code, out, _ = _cli(capsys, "check", book)
    assert code == 1 and f"error    Categories!A{CAT_TABLE_ROW}: recompute gives an error here (and in " \
                         f"Prizes!A{PRIZE_LIST_ROW}): {why}" in out  # the two tables that read it, told once
    code, _, err = _cli(capsys, "standings", book, "--category", "Juniors")
    assert code == 2 and f"demo.xlsx: {why}" in err
    code, out, err = _cli(capsys, "recompute", book)
    assert code == 1 and f"error in Categories!A{CAT_TABLE_ROW}: {why}" in out + err
    shown = load_workbook(book, data_only=True)["Categories"]
    assert shown[f"A{CAT_TABLE_ROW}"].value.startswith(f"#ERROR: {why}")
    assert shown["A3"].value.endswith(f"1 error - {why}: its stored value may be out of date; type the value itself")


def test_a_prize_typed_as_a_formula_is_an_error_even_with_its_saved_value(tmp_path, capsys):
    # Prizes!B12 =B11*0.6 with the value Excel saved (60): B11 may have changed since, so the value is
    # not used; recompute, check and prizes all refuse it by its cell
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    wb["Prizes"].cell(PRIZE_HEAD_ROW + 1, 2, 100)
    wb["Prizes"].cell(PRIZE_HEAD_ROW + 2, 2, f"=B{PRIZE_HEAD_ROW + 1}*0.6")
    book.write_bytes(to_bytes(wb))
    cell = f"Prizes!B{PRIZE_HEAD_ROW + 2}"
    code, _, err = _cli(capsys, "prizes", book)
    assert code == 2 and f"demo.xlsx: {cell}: holds a formula (=B{PRIZE_HEAD_ROW + 1}*0.6)" in err
    code, out, _ = _cli(capsys, "check", book)
    assert code == 1 and f"recompute gives an error here: {cell}: holds a formula" in out
    code, _, _ = _cli(capsys, "recompute", book)
    assert code == 1
    shown = load_workbook(book, data_only=True)["Prizes"]
    assert shown[f"A{PRIZE_LIST_ROW}"].value.startswith(f"#ERROR: {cell}: holds a formula")
    assert f"1 error - {cell}: holds a formula" in shown["A3"].value


def test_a_category_heading_two_columns_of_prizes_is_refused_naming_both_headings(tmp_path, capsys):
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    ws = wb["Prizes"]
    ws.cell(PRIZE_HEAD_ROW + 1, 2, 100)
    for j, amount in ((3, 10), (4, 20)):  # C and D both headed U1700: two different "U1700 1st"
        ws.cell(PRIZE_HEAD_ROW, j, "U1700")
        ws.cell(PRIZE_HEAD_ROW + 1, j, amount)
    book.write_bytes(to_bytes(wb))
    why = (f"Prizes!D{PRIZE_HEAD_ROW}: the category U1700 is given twice (first at Prizes!C{PRIZE_HEAD_ROW}), "
           "which would pay two prizes under one name; give its prizes once, in one list")
    code, _, err = _cli(capsys, "prizes", book)
    assert code == 2 and f"demo.xlsx: {why}" in err
    code, out, _ = _cli(capsys, "check", book)
    assert code == 1 and f"error    Prizes!A{PRIZE_LIST_ROW}: recompute gives an error here: {why}" in out
    assert recompute(book, tmp_path / "out.xlsx").errors == {f"Prizes!A{PRIZE_LIST_ROW}": why}
    assert _spill(tmp_path / "out.xlsx", "Prizes", PRIZE_LIST_ROW)[0][0] == "#ERROR: " + why
    # one column headed by the category, one by a name of the Categories sheet for it: two names, two lists
    wb["Categories"].cell(CAT_FIRST, 1, "Lower")
    wb["Categories"].cell(CAT_FIRST, 2, "U1700")
    ws.cell(PRIZE_HEAD_ROW, 4, "Lower")
    book.write_bytes(to_bytes(wb))
    code, out, _ = _cli(capsys, "prizes", book)
    assert code == 0 and "Lower 1st" in out


def test_a_prize_typed_just_below_the_table_is_refused_by_its_cell_not_left_out(tmp_path, capsys):
    # the 21st prize in the row under the 20 the table's range holds: the range does not grow with it
    from xl_tiebreak.excel.authoring.prize_sheets import CAT_LAST, PRIZE_LAST, PRIZE_SLOTS
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    ws = wb["Prizes"]
    for i in range(1, PRIZE_SLOTS + 2):
        ws.cell(PRIZE_HEAD_ROW + i, 2, 100 - i)
    ws.cell(PRIZE_LAST + 1, 1, "21st")
    book.write_bytes(to_bytes(wb))
    assert PRIZE_LAST == 30
    why = ("Prizes!B31: 79 is typed just below the table, whose range ends at row 30, and is not read there; for a "
           "21st prize, insert a row inside the table (above its last row): its range takes the new row in")
    code, _, err = _cli(capsys, "prizes", book)
    assert code == 2 and f"demo.xlsx: {why}" in err
    code, _, err = _cli(capsys, "publish", book, "-o", tmp_path / "page.html")
    assert code == 2 and why in err and not (tmp_path / "page.html").exists()
    code, out, _ = _cli(capsys, "check", book)
    assert code == 1 and f"error    Prizes!A{PRIZE_LIST_ROW}: recompute gives an error here: {why}" in out
    code, out, err = _cli(capsys, "recompute", book)
    assert code == 1 and f"error in Prizes!A{PRIZE_LIST_ROW}: {why}" in out + err
    shown = load_workbook(book, data_only=True)["Prizes"]
    assert shown[f"A{PRIZE_LIST_ROW}"].value == "#ERROR: " + why and shown["A3"].value.endswith("1 error - " + why)
    # a 13th category under the Categories sheet's 12 rows: both tables that read them say so, check once
    wb["Categories"].cell(CAT_LAST + 1, 1, "Late")
    wb["Categories"].cell(CAT_LAST + 1, 2, "U1500")
    ws.cell(PRIZE_LAST + 1, 2, None)
    book.write_bytes(to_bytes(wb))
    why = (f"Categories!A{CAT_LAST + 1}: 'Late' is typed just below the table, whose range ends at row {CAT_LAST}, and "
           "is not read there; for another category, insert a row inside the table (above its last row): its range "
           "takes the new row in")
    code, out, _ = _cli(capsys, "check", book)
    assert code == 1 and out.count(why) == 1
    assert f"error    Categories!A{CAT_TABLE_ROW}: recompute gives an error here (and in Prizes!A{PRIZE_LIST_ROW}): " \
           f"{why}" in out
    code, _, err = _cli(capsys, "standings", book, "--category", "U1500")
    assert code == 2 and why in err


def test_prizes_of_a_workbook_with_an_empty_table_or_none_say_what_to_give(tmp_path, capsys):
    book = tmp_path / "demo.xlsx"
    book.write_bytes(to_bytes(filled_workbook(demo_tournament())[0]))
    code, _, err = _cli(capsys, "prizes", book)
    assert code == 2 and "the workbook's prize table is empty; type the amounts on its Prizes sheet" in err
    plain = tmp_path / "plain.xlsx"
    plain.write_bytes(to_bytes(filled_workbook(demo_tournament(), prizes=False)[0]))
    code, _, err = _cli(capsys, "prizes", plain)
    assert code == 2 and "no prize given; expected --places" in err
    code, out, err = _cli(capsys, "prizes", plain, "--places", "10")
    assert code == 0 and "Total paid 10.00" in out


def test_command_line_rules_override_the_sheets(tmp_path, capsys):
    book = tmp_path / "demo.xlsx"
    wb, _ = filled_workbook(demo_tournament())
    ws = wb["Prizes"]
    ws.cell(RULES_FIRST, 2, "shared")
    for i, a in enumerate((60, 30, 10), start=1):
        ws.cell(PRIZE_HEAD_ROW + i, 2, a)
    book.write_bytes(to_bytes(wb))
    shared = json.loads(_cli(capsys, "prizes", book, "-f", "json")[1])
    ranked = json.loads(_cli(capsys, "prizes", book, "--ties", "tiebreak", "-f", "json")[1])
    assert shared["ties"] == "shared" and ranked["ties"] == "tiebreak"
    assert [a["paid"] for a in ranked["awards"]] == ["60.00", "30.00", "10.00"]


# ------------------------------------------------------------------------ LibreOffice prints it

@needs
@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_libreoffice_prints_the_prize_list_on_the_prizes_page(tmp_path, capsys):
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    book = _typed_book(tmp_path / "open.xlsx", OPEN, [("Women", "women")], HEADINGS, AMOUNTS, {"Ties": "shared"})
    assert _cli(capsys, "recompute", book)[0] == 0
    cli = json.loads(_cli(capsys, "prizes", book, "-f", "json")[1])
    pages = sheet_pages(pdf_pages(book, tmp_path), "Prizes")
    text = "\n".join(pages)
    assert "#NAME?" not in text and "#VALUE!" not in text and "#ERROR" not in text
    assert len(pages) == 2  # the table and the list: no page of empty rows
    for a in cli["awards"]:  # every winner, his prize and what he is paid, on one line
        line = next(ln for ln in text.splitlines() if a["name"] in ln and a["prize"].replace("women", "Women") in ln)
        assert a["paid"] in line.replace(",", ""), line
    assert "Total paid" in text and "Left over" in text
    assert next(ln for ln in text.splitlines() if "nobody left for it" in ln).split()[-3:] == ["1st", "15.00", "0.00"]


# --------------------------------------------------------------- through xlwings's own runtimes

def test_category_standings_and_prizes_through_both_xlwings_runtimes():
    """As Excel's Office.js runtime and the classic add-in hand the arguments over (ranges as 2-D
    lists, empty cells "" or None, a text as a one-cell range), the same tables as the registry's."""
    pytest.importorskip("xlwings")
    from tests.support.runtimes import MISSING, same, body, classic, officejs
    table = _demo_table()
    cats = [["Ladies", "women"], ["Low", "U1800"], [None, None]]
    prizes = [["Prize", "Place", "Ladies", "Low"], ["1st", 100, 20, 10], ["2nd", 50, 10, None], ["3rd", None, None, None]]
    rules = [["Ties", "shared"], ["Order", "places-first"], ["Rounding unit", 0.5]]
    edition = [[None], ["swiss"], ["2024-05-01"]]
    calls = [("CATEGORY_STANDINGS", (table, cats, "BH/C1,BH,SB", edition, "swiss", "year")),
             ("CATEGORY_STANDINGS", (table, "FED=FRA", "BH/C1")),
             ("PRIZES", (table, prizes, rules, cats, "year", "BH/C1,BH,SB", edition, "swiss")),
             ("PRIZES", (table, [["", "Place"], ["1st", "x"]])),
             ("CATEGORY_STANDINGS", ([r[:5] + ["Club" if k == 0 else ("Hastings CC" if r[0] in (1, 4) else "")]
                                      + r[5:] for k, r in enumerate(table)], "club=hastings cc", "BH/C1"))]
    wants = [None if k == 3 else fx.FUNCTIONS[name](*args) for k, (name, args) in enumerate(calls)]
    assert any(r[3] == "Ladies 1st" for r in wants[2]) and wants[0][0][0] == "Ladies"
    assert sorted(r[2] for r in wants[4] if isinstance(r[2], int)) == [1, 4] and wants[4][1][4] == "Club"
    js = officejs([body(name, *args) for name, args in calls])["results"]
    com = classic([[name, [MISSING if a is None else a for a in args]] for name, args in calls])["results"]
    for want, got_js, got_com in zip(wants, js, com):
        if want is not None:
            assert same(got_js["value"], want) and same(got_com["value"], want)
    for got in (js[3], com[3]):  # a bad table: the error table, naming the place
        assert got["value"][0][0].startswith("#ERROR: PRIZES: prize_table, column 2 (Place), 1st prize: 'x'")


def test_a_template_with_player_fields_reads_women_ages_and_clubs_from_its_sex_born_and_club_columns(
        tmp_path, capsys):
    book = tmp_path / "t.xlsx"
    assert _cli(capsys, "template", "--players", "6", "--rounds", "4", "--player-fields", "-o", book)[0] == 0
    wb = load_workbook(book)
    ws = wb["Crosstable"]
    assert [ws.cell(4, j).value for j in range(1, 11)] == ["No", "Name", "Title", "Rating", "Fed", "FIDE ID",
                                                          "Sex", "Born", "Club", "R1"]
    # the demo event typed in, two women, one born in 2010: the category formulas find them
    wb.close()
    from xl_tiebreak.excel.authoring.template import TemplateSpec, build
    spec = TemplateSpec("swiss", 6, 4, identity=True, start_date="2024-05-01")
    wb = build(spec)
    ws = wb["Crosstable"]
    for i, p in enumerate(demo_tournament().players):
        ws.cell(5 + i, 1, p.no)
        ws.cell(5 + i, 2, p.name)
        ws.cell(5 + i, 4, p.rating)
        ws.cell(5 + i, 7, "w" if p.no in (2, 5) else "m")
        ws.cell(5 + i, 8, "2010/03/01" if p.no == 5 else "1990/01/01")
        ws.cell(5 + i, 9, {1: "Hastings CC", 4: "hastings  cc", 6: "Battle"}.get(p.no))
        for r, rd in enumerate(p.rounds):
            ws.cell(5 + i, 10 + r, format_cell(rd))
    wb["Categories"]["A8"], wb["Categories"]["B8"] = "Women", "women"
    wb["Categories"]["A9"], wb["Categories"]["B9"] = "Juniors", "U18"
    wb["Categories"]["A10"], wb["Categories"]["B10"] = "Hastings", "CLUB=Hastings CC"
    book.write_bytes(to_bytes(wb))
    assert _cli(capsys, "recompute", book)[0] == 0
    shown = _spill(book, "Categories", CAT_TABLE_ROW)
    players = [(r[2], r[4]) for r in shown if isinstance(r[2], int)]
    assert players[:2] in ([(2, "w"), (5, "w")], [(5, "w"), (2, "w")]) and players[2] == (5, "2010/03/01")
    # the club: case and repeated spaces do not count; the players with no club are named, not dropped
    assert sorted(players[3:]) == [(1, "Hastings CC"), (4, "hastings  cc")]
    note = max(i for i, r in enumerate(shown) if r[0] == "Note:")
    assert shown[note][3] == "3 with no club:" and [r[3] for r in shown[note + 1:note + 4]] == [
        "3 Three, C", "2 Two, B", "5 Five, E"]  # in the standings' order, each by number and name


@needs
def test_places_given_on_the_command_line_replace_the_sheets_place_prizes_only(tmp_path, capsys):
    """prizes BOOK --places: the sheet's category prizes and its rules (Ties, Order, Unit) still hold."""
    book = _typed_book(tmp_path / "open.xlsx", OPEN, [("Women", "women")], HEADINGS, AMOUNTS, {"Ties": "hort"})
    code, out, _ = _cli(capsys, "prizes", book, "--places", "400,200", "-f", "json")
    doc = json.loads(out)
    assert code == 0 and doc["ties"] == "hort"
    prizes = {a["prize"] for a in doc["awards"]}
    assert {"1st place", "2nd place"} <= prizes and "3rd place" not in prizes and "Women 1st" in prizes
    code, out, _ = _cli(capsys, "prizes", book, "--places", "400,200", "--ties", "shared", "-f", "json")
    assert json.loads(out)["ties"] == "shared"  # an option given wins over the sheet


# ------------------------------------------------------- what LibreOffice prints of the event


def _swiss(players: int, rounds: int):
    """A Swiss of ``players`` rated 2000 down by 25, paired by the circle method, results by a
    fixed rule (a test event, no regulation)."""
    from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
    cells: dict[int, list[str]] = {no: [] for no in range(1, players + 1)}
    ids = list(range(1, players + 1))
    for rd in range(rounds):
        for k in range(players // 2):
            a, b = ids[k], ids[players - 1 - k]
            res = [("1", "0"), ("0", "1"), ("½", "½")][(a * 7 + b * 3 + rd) % 3]
            cells[a].append(f"{b}w{res[0]}")
            cells[b].append(f"{a}b{res[1]}")
        ids = [ids[0], ids[-1], *ids[1:-1]]
    return tournament_from_rows([CrosstableRow(no=no, name=f"Player {no:02d}", rating=2025 - 25 * no, cells=c)
                                 for no, c in cells.items()])


def _demo_book(path: Path, tiebreaks: Optional[list[str]] = None, places: int = 3, event=None) -> Path:
    """The demo event (6 players rated 1500-2000; or ``event``) with two categories and a prize
    table typed in (``places`` place prizes), recomputed by the CLI."""
    wb, _spec = filled_workbook(event or demo_tournament(), tiebreaks=tiebreaks)
    cats, prizes = wb["Categories"], wb["Prizes"]
    for i, (name, text) in enumerate((("Low", "U1800"), ("High", "1800-2099"))):
        cats.cell(CAT_FIRST + i, 1, name)
        cats.cell(CAT_FIRST + i, 2, text)
    place_prizes = [100 - 10 * k for k in range(places)]
    for j, (heading, amounts) in enumerate((("Place", place_prizes), ("Low", [20, 10]), ("High", [15])), start=2):
        if heading != "Place":
            prizes.cell(PRIZE_HEAD_ROW, j, heading)
        for i, a in enumerate(amounts, start=1):
            prizes.cell(PRIZE_HEAD_ROW + i, j, a)
    path.write_bytes(to_bytes(wb))
    assert main(["recompute", str(path)]) == 0
    return path


printing = pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo", "pdftoppm")),
                              reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo, pdftoppm) are needed")


@printing
def test_the_prize_list_prints_whole_on_a_page_of_its_own(tmp_path, capsys):
    """Issue 33: the list started under the prize table and ran over to the next page (here 14
    players, 8 place prizes and 3 category prizes, 10 of them awarded)."""
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    book = _demo_book(tmp_path / "demo.xlsx", places=8, event=_swiss(14, 5))
    capsys.readouterr()
    pages = sheet_pages(pdf_pages(book, tmp_path / "pdf"), "Prizes")
    cli = json.loads(_cli(capsys, "prizes", book, "-f", "json")[1])
    listing = [p for p in pages if "Prize list" in p]
    assert len(listing) == 1 and "Total paid" in listing[0] and len(cli["awards"]) == 10
    for a in cli["awards"]:  # every winner on that page
        assert any(a["name"] in ln and a["paid"] in ln for ln in listing[0].splitlines()), a


@printing
def test_the_category_standings_print_their_decimals_lined_up_and_no_empty_column(tmp_path):
    """Points with one decimal, each tie-break with its code's (as on the Standings page), in
    every category's block; with four tie-breaks of the six the Settings hold, nothing is drawn
    right of the last one (the header's fill stops there)."""
    from tests.support.pdf_pages import filled_between, page_image, page_size, pdf_pages, pdf_words, sheet_pages
    book = _demo_book(tmp_path / "demo.xlsx", tiebreaks=["BH/C1", "SB", "DE", "WIN"])
    pages = pdf_pages(book, tmp_path / "pdf")
    page = sheet_pages(pages, "Categories")[0]
    # Rk Cat No Name <rating> Pts BH/C1 SB DE WIN: the last five, in the two blocks (Low, High)
    players = [ln.split() for ln in page.splitlines() if re.match(r"\s*\d+\s+\d+\s+\d+\s+\w+, \w\s", ln)]
    assert len(players) == 6
    for p in players:
        assert [bool(re.fullmatch(shape, v)) for shape, v in zip(
            (r"\d+\.\d", r"\d+\.\d", r"\d+\.\d\d", r"\d+", r"\d+"), p[-5:])] == [True] * 5, p
    k = pages.index(page)
    pdf = tmp_path / "pdf" / "demo.pdf"
    words = pdf_words(pdf)[k]
    for pts in (w for w in words if w.text == "Pts"):  # each block's header row: nothing drawn right of WIN
        last = max((w for w in words if abs(w.top - pts.top) < 2), key=lambda w: w.right)
        assert last.text == "WIN"
        image = page_image(pdf, k + 1)
        right = page_size(pdf, k + 1)[0] - 36
        assert filled_between(image, pts.top + pts.height / 2, last.right + 4, right) == []
