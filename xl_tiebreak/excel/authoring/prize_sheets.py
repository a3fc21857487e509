"""The Categories and Prizes sheets of the templates (issue 24).

**Categories**: the arbiter types a name and a category (``U1600``, ``1600-1799``, ``women``,
``U18``, ``S50``, ``FED=ENG``, ``CLUB=name``, ``unrated``, as the CLI's ``--category``) in the yellow rows and
how ages are counted; one spilled ``CATEGORY_STANDINGS`` shows each category's standings in the
whole event's order and tie-breaks (the Settings sheet's list), the place in the event beside
the place in the category.

**Prizes**: how tied players are paid (tiebreak, shared, hort), which prize a player entitled to
several receives (value, places-first) and the rounding unit; the prize table (rows 1st, 2nd,
..., a column of place prizes and one per category, headed by a name of the Categories sheet or a
category); one spilled ``PRIZES`` shows the prize list, the total and what rounding left over.
``xl-tiebreak prizes BOOK.xlsx`` reads the same table (:mod:`..prize_book`).

Two calls of our functions per recalculation; each table keeps its values on the hidden Cache
sheet like the others (``IFERROR``), so LibreOffice and Excel without the add-in show them. With
``Wiring.cells`` (Excel without dynamic arrays) each cell is its own formula instead.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Callable, Sequence

from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font  # type: ignore[import-untyped]
from openpyxl.styles.numbers import NumberFormat  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]
from openpyxl.worksheet.pagebreak import Break  # type: ignore[import-untyped]

from ...prizes import ORDERS, TIES, ordinal
from .standings_sheet import ALIGNED, BY_DECIMALS, FORMAT_IDS, decimals_formula
from .styles import BOLD, GRID, HEAD_COND_FILL, HEAD_FILL, INPUT_FILL, NOTE, STATUS


@dataclass(frozen=True)
class Wiring:
    """What the sheets take from the template (:mod:`.template` passes it; no import back):
    its rows of players, tie-break slots and status row, the arguments every call ends with, and
    how a spilled table's anchor formula and a print setup are made."""

    players: int
    tb_slots: int
    status_row: int
    list_args: str  # the tie-break list, the edition and the type (Settings)
    tail_args: str  # unrated, the open choices, the rounds, live (Settings)
    spilled: Callable[[str, int, int], str]  # (call, rows, columns) -> "=IFERROR(call, Cache!...)"
    print_setup: Callable[[Any, str], None]
    cells: bool = False  # one formula per cell (Excel without dynamic arrays) instead of one spilled call
    stored: Callable[[str], str] = lambda call: "=" + call  # one value's formula over its Cache cell (IFERROR)


def _table(ws, w: Wiring, first: int, call: str, rows: int, cols: int) -> None:
    """The table of ``call`` (its arguments up to ``{part}``, where the row and column go) from
    ``A<first>``: one spilled formula, or with ``w.cells`` one formula per cell."""
    if not w.cells:
        ws.cell(first, 1, w.spilled(call.replace("{part}", ","), rows, cols))
        return
    for i in range(rows):
        for j in range(1, cols + 1):
            ws.cell(first + i, j, '=IFERROR(' + call.replace("{part}", f"{i},{j}") + ',"")')


CATEGORIES_SHEET, PRIZES_SHEET = "Categories", "Prizes"
AGE_ROW = 5
CAT_HEAD_ROW = 7
CATEGORY_SLOTS = 12
CAT_FIRST = CAT_HEAD_ROW + 1
CAT_LAST = CAT_HEAD_ROW + CATEGORY_SLOTS
CAT_TABLE_ROW = CAT_LAST + 3  # the spilled standings by category
CATEGORIES_RANGE = f"{CATEGORIES_SHEET}!$A${CAT_FIRST}:$B${CAT_LAST}"
AGE_CELL = f"{CATEGORIES_SHEET}!$B${AGE_ROW}"

RULES_FIRST = 5  # Ties, Order, Rounding unit
PRIZE_HEAD_ROW = 10
PRIZE_SLOTS = 20  # 1st to 20th
CATEGORY_COLUMNS = 7  # C to I
PRIZE_LAST = PRIZE_HEAD_ROW + PRIZE_SLOTS
PRIZE_LIST_ROW = PRIZE_LAST + 3
PRIZE_RANGE = f"$A${PRIZE_HEAD_ROW}:${get_column_letter(2 + CATEGORY_COLUMNS)}${PRIZE_LAST}"
RULES_RANGE = f"$A${RULES_FIRST}:$B${RULES_FIRST + 2}"
STYLED_ROWS = 2000  # rows below a table's anchor that its conditional formats cover

_TITLE = Font(bold=True, size=14)
_BOLD, _NOTE, _STATUS, _HEAD_FILL, _HEAD_CF, _INPUT, _GRID = (BOLD, NOTE, STATUS, HEAD_FILL, HEAD_COND_FILL,
                                                               INPUT_FILL, GRID)

CATEGORY_EXAMPLES = [
    "Examples:",
    "U1600: rated below 1600 (unrated players are in no rating band)",
    "1600-1799: rated 1600 to 1799",
    "unrated: players without a rating",
    "women (or W, F): the Sex column says w or f",
    "U18: under 18, S50: 50 and over (the Born column and the start date, Settings!B5)",
    "FED=ENG: the federation",
    "CLUB=Hastings CC: the club, as the Club column writes it",
    "",
    "Women, age and club categories read the crosstable's Sex, Born",
    "and Club columns: a workbook made from a TRF file (xl-tiebreak",
    "workbook) has them, and a template made with xl-tiebreak template",
    "--player-fields (FIDE ID, Sex, Born and Club after Fed).",
]


def _note(ws, cell: str, text: str, through: str, lines: int) -> None:
    """A note in ``cell`` merged through ``through``, wrapped, its row ``lines`` lines high."""
    ws[cell] = text
    ws[cell].font = _NOTE
    ws[cell].alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(f"{cell}:{through}")
    ws.row_dimensions[ws[cell].row].height = 14 * lines


def _heading(ws, title: str, note: str, w: Wiring, last_col: str, table_row: int = 0) -> None:
    """Title, note and status line: the event's (Crosstable!A3), with the error the sheet's table
    in ``A<table_row>`` shows, if any (``SHEET_STATUS``; with one formula per cell the first cell
    of a failing table is empty, so the line is the event's). The note and the status line are
    wrapped as wide as ``last_col``: printed whole, never past the page's margin."""
    ws["A1"] = title
    ws["A1"].font = _TITLE
    _note(ws, "A2", note, f"{last_col}2", 2)
    status = "=Crosstable!$A$3" if w.cells or not table_row else w.stored(f"SHEET_STATUS(Crosstable!$A$3,$A${table_row})")
    c = ws.cell(w.status_row, 1, status)
    c.font = _STATUS
    c.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(f"A{w.status_row}:{last_col}{w.status_row}")
    ws.row_dimensions[w.status_row].height = 28


def _head(cell) -> None:
    cell.font, cell.fill, cell.border = _BOLD, _HEAD_FILL, _GRID
    cell.alignment = Alignment(horizontal="center")


def _input(cell, text: bool = True) -> None:
    cell.fill, cell.border = _INPUT, _GRID
    if text:
        cell.number_format = "@"


#: a column group of a spilled table: (first column, last column, the number formats of its
#: cells in a row of players: (condition, format) tried in turn; the cells are drawn only where
#: they show something when ``drawn_if_shown``)
Columns = tuple[str, str, Sequence[tuple[str, str]], bool]


def _table_styles(ws, first: int, last_col: str, header_test: str, row_test: str, bold_test: str,
                  groups: Sequence[Columns] = ()) -> None:
    """Conditional formats of a spilled table from row ``first``: its heading rows, its rows of
    players (a grid, and the number formats of ``groups``), its title and total rows (bold), its
    notes (italic). A heading cell is drawn only where it says something (a shorter tie-break
    list leaves no empty columns). One range per column group, each with its whole list of rules:
    LibreOffice applies one conditional format per cell, the first rule that holds."""
    for a, b, formats, drawn_if_shown in groups or (("A", last_col, (), False),):
        area = f"{a}{first}:{b}{first + STYLED_ROWS}"
        cell = f"{a}{first}"
        row = row_test % {"r": first}
        if drawn_if_shown:
            row = f'AND({row},{cell}<>"")'
        ws.conditional_formatting.add(area, FormulaRule(
            formula=[f'AND({header_test % {"r": first}},{cell}<>"")'], stopIfTrue=True, font=Font(bold=True),
            fill=_HEAD_CF, border=_GRID))
        for test, fmt in formats:
            rule = FormulaRule(formula=[f"AND({row},{test})"], stopIfTrue=True, border=_GRID)
            rule.dxf.numFmt = NumberFormat(numFmtId=FORMAT_IDS[fmt], formatCode=fmt)
            ws.conditional_formatting.add(area, rule)
        ws.conditional_formatting.add(area, FormulaRule(formula=[row], stopIfTrue=True, border=_GRID))
        ws.conditional_formatting.add(area, FormulaRule(formula=[f'LEFT($A{first},5)="Note:"'], stopIfTrue=True,
                                                        font=Font(italic=True, color="555555")))
        ws.conditional_formatting.add(area, FormulaRule(formula=[bold_test % {"r": first}], stopIfTrue=True,
                                                        font=Font(bold=True)))


def _by_code(header: str) -> list[tuple[str, str]]:
    """The number formats of a tie-break column whose code is in ``header`` (a cell of the
    header row): decimals lined up as on the Standings sheet (the registry's, through the Help
    sheet's lookup)."""
    return [(f"{decimals_formula(header)}={d}", fmt) for d, fmt in ((1, ALIGNED), *BY_DECIMALS.items())]


def categories_sheet(ws, w: Wiring) -> None:
    """The Categories sheet (see the module docstring)."""
    _heading(ws, "Categories", "Type a name and a category in the yellow rows: each category's standings follow, "
                               "in the whole event's order with its tie-breaks (Settings). Rk: the place in the "
                               "event; Cat: the place in the category.", w, get_column_letter(6 + w.tb_slots), CAT_TABLE_ROW)
    ws.cell(AGE_ROW, 1, "Ages counted by").font = _BOLD
    c = ws.cell(AGE_ROW, 2, "year")
    _input(c)
    ws.cell(AGE_ROW, 1).alignment = c.alignment = Alignment(vertical="top")
    _note(ws, f"C{AGE_ROW}", "year: the age reached in the year of the event (FIDE youth and senior events); "
                             "date: the exact age on the start date (Settings!B5).", f"{get_column_letter(6 + w.tb_slots)}{AGE_ROW}", 2)
    dv = DataValidation(type="list", formula1='"year,date"', allow_blank=True)
    dv.add(f"B{AGE_ROW}")
    ws.add_data_validation(dv)
    for j, text in enumerate(("Name", "Category"), start=1):
        _head(ws.cell(CAT_HEAD_ROW, j, text))
    for r in range(CAT_FIRST, CAT_LAST + 1):
        for j in (1, 2):
            _input(ws.cell(r, j))
    for k, text in enumerate(CATEGORY_EXAMPLES):
        ws.cell(CAT_HEAD_ROW + k, 3, text or None).font = _NOTE
    tip = DataValidation(allow_blank=True, showInputMessage=True, promptTitle="Category",
                         prompt="U1600, 1600-1799, unrated, women, U18, S50, FED=ENG or CLUB=name")
    tip.add(f"B{CAT_FIRST}:B{CAT_LAST}")
    ws.add_data_validation(tip)
    ws.cell(CAT_TABLE_ROW - 1, 1, "Standings by category").font = _BOLD
    ncols = 6 + w.tb_slots
    call = (f"CATEGORY_STANDINGS(Crosstable,$A${CAT_FIRST}:$B${CAT_LAST},{w.list_args},$B${AGE_ROW},{{part}},"
            f"{w.tail_args})")
    rows = w.players + 5 * CATEGORY_SLOTS
    _table(ws, w, CAT_TABLE_ROW, call, rows, ncols)
    last = get_column_letter(ncols)
    first_codes = get_column_letter(7)  # the tie-breaks, after Rk Cat No Name <field> Pts
    header = f"{first_codes}${CAT_TABLE_ROW + 1}"  # the first block's header: every block has the same codes
    _table_styles(ws, CAT_TABLE_ROW, last, '$A%(r)s="Rk"', "ISNUMBER($C%(r)s)", 'AND($A%(r)s<>"",$B%(r)s="")',
                  (("A", "E", (), False), ("F", "F", (("TRUE", ALIGNED),), False),
                   (first_codes, last, _by_code(header), True)))
    for j, width in enumerate([16, 18, 6, 34, 14, 7] + [9] * w.tb_slots, start=1):  # B: CLUB=name fits
        ws.column_dimensions[get_column_letter(j)].width = width
    for r in range(CAT_TABLE_ROW, CAT_TABLE_ROW + rows):
        for j in range(2, ncols + 1):
            if j not in (4, 5):  # Name, and the field column: a rating to the right, a club's name from the left
                ws.cell(r, j).alignment = Alignment(horizontal="right")
    w.print_setup(ws, f"A1:{last}{CAT_TABLE_ROW}")  # the recompute ends it at the table's last row


RULES = [
    ("Ties", "tiebreak", TIES, "tiebreak: players tied on points are ranked by the tie-breaks (C.07 Art. 2.2.2); "
                               "shared: their prizes are added and shared equally; hort: each keeps half of "
                               "his prize, the other halves are shared."),
    ("Order", "value", ORDERS, "value: a player entitled to several prizes receives the most valuable one; "
                               "places-first: every place prize first, then the category prizes."),
    ("Rounding unit", 0.01, (), "Shares are rounded down to this amount; what is left over is stated under "
                                "the list."),
]


def prizes_sheet(ws, w: Wiring) -> None:
    """The Prizes sheet (see the module docstring)."""
    _heading(ws, "Prizes", "Type the prizes in the yellow cells: the place prizes under Place, a category "
                           "(a name of the Categories sheet, or e.g. U1600) heading each further column. "
                           "One prize per player.", w, get_column_letter(2 + CATEGORY_COLUMNS), PRIZE_LIST_ROW)
    for k, (label, value, choices, note) in enumerate(RULES):
        r = RULES_FIRST + k
        ws.cell(r, 1, label).font = _BOLD
        c = ws.cell(r, 2, value)
        _input(c, text=bool(choices))
        ws.cell(r, 1).alignment = c.alignment = Alignment(vertical="top")
        _note(ws, f"C{r}", note, f"{get_column_letter(2 + CATEGORY_COLUMNS)}{r}", 2)
        if choices:
            dv = DataValidation(type="list", formula1='"' + ",".join(choices) + '"', allow_blank=True)
            dv.add(f"B{r}")
            ws.add_data_validation(dv)
    ws.cell(PRIZE_HEAD_ROW - 1, 1, "Prize table").font = _BOLD
    ws.cell(PRIZE_HEAD_ROW - 1, 3, "Headings C to I: a category each; its amounts below, from the 1st prize "
                                   f"down. More than {PRIZE_SLOTS} prizes: insert rows above row {PRIZE_LAST}."
            ).font = _NOTE
    last_in = 2 + CATEGORY_COLUMNS
    _head(ws.cell(PRIZE_HEAD_ROW, 1, "Prize"))
    _head(ws.cell(PRIZE_HEAD_ROW, 2, "Place"))
    for j in range(3, last_in + 1):
        c = ws.cell(PRIZE_HEAD_ROW, j)
        _input(c)
        c.font, c.alignment = _BOLD, Alignment(horizontal="center")
    for i in range(1, PRIZE_SLOTS + 1):
        r = PRIZE_HEAD_ROW + i
        c = ws.cell(r, 1, ordinal(i))
        c.font, c.border = _BOLD, _GRID
        for j in range(2, last_in + 1):
            _input(ws.cell(r, j), text=False)
            ws.cell(r, j).number_format = "#,##0.00"
    ws.cell(PRIZE_LIST_ROW - 1, 1, "Prize list").font = _BOLD
    call = (f"PRIZES(Crosstable,{PRIZE_RANGE},{RULES_RANGE},{CATEGORIES_RANGE},{AGE_CELL},{w.list_args},{{part}},"
            f"{w.tail_args})")
    rows = PRIZE_SLOTS * (1 + CATEGORY_COLUMNS) + 10 + CATEGORY_COLUMNS
    ncols = 7
    _table(ws, w, PRIZE_LIST_ROW, call, rows, ncols)
    _table_styles(ws, PRIZE_LIST_ROW, get_column_letter(ncols), '$A%(r)s="Place"', "ISNUMBER($B%(r)s)",
                  'OR($A%(r)s="Total paid",LEFT($A%(r)s,9)="Left over")')
    for r in range(PRIZE_LIST_ROW + 1, PRIZE_LIST_ROW + rows):
        for j in (5, 6):
            ws.cell(r, j).number_format = "#,##0.00"
        for j in (1, 2):
            ws.cell(r, j).alignment = Alignment(horizontal="right" if j == 2 else None)
    for j, width in enumerate([14, 8, 30, 22, 11, 11, 14, 11, 11], start=1):
        ws.column_dimensions[get_column_letter(j)].width = width
    w.print_setup(ws, f"A1:{get_column_letter(last_in)}{PRIZE_LIST_ROW + 1}")  # ended by the recompute
    ws.row_breaks.append(Break(id=PRIZE_LIST_ROW - 2))  # the prize list starts a page: printed whole on one
