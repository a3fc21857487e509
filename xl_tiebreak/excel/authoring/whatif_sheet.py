"""The What if sheet of the templates (issue 24, item 3): with the round paired and its results
blank, who can still finish in each prize place and what each board's outcome does.

The arbiter types the number of prize places (and, if he likes, how many boards may be combined
exactly) in the yellow cells; one spilled ``WHATIF`` shows the answer (:mod:`..whatif_table`),
kept on the hidden Cache sheet like the other tables. Built after the other sheets, so their
parts keep their names.
"""

from __future__ import annotations

from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]

from ...whatif import DEFAULT_MAX_BOARDS, MOST_BOARDS
from .prize_sheets import STYLED_ROWS, Wiring, _heading, _input, _note, _table
from .styles import BOLD as _BOLD, GRID as _GRID, HEAD_COND_FILL as _HEAD_CF

WHATIF_SHEET = "What if"
PLACES_ROW, BOARDS_ROW = 5, 6
WHATIF_TABLE_ROW = 9
PLACES_CELL = f"$B${PLACES_ROW}"
BOARDS_CELL = f"$B${BOARDS_ROW}"
WIDTHS = [15, 58, 36, 8, 9, 12, 39]  # F holds 'If ties lost'
LAST_COL = get_column_letter(len(WIDTHS))


def table_rows(players: int) -> int:
    """The rows kept for the table (its stored values grow with it past these)."""
    return 2 * players + 40


def whatif_sheet(ws, w: Wiring) -> None:
    """The What if sheet (see the module's text)."""
    _heading(ws, "What if", "Pair the round with its results left blank (12w, 12b): who can still finish in each "
                            "prize place, who is certain of it, and each board's outcomes with the places they give. "
                            "Exact (points and tie-breaks) up to the boards below, else on points alone.",
             w, LAST_COL, WHATIF_TABLE_ROW)
    for r, label, value, note in (
            (PLACES_ROW, "Prize places", 3, "The places looked at: 1 to this one."),
            (BOARDS_ROW, "Boards combined", DEFAULT_MAX_BOARDS,
             f"At most {MOST_BOARDS}: the boards that can change the prize places are combined exactly up to this "
             "many (3 results each) if the work fits the budget (about 12 s); beyond, the answer is on points alone.")):
        ws.cell(r, 1, label).font = _BOLD
        _input(ws.cell(r, 2, value), text=False)
        _note(ws, f"C{r}", note, f"{LAST_COL}{r}", 2)
    dv = DataValidation(type="whole", operator="between", formula1="1", formula2=str(w.players), allow_blank=True,
                        showErrorMessage=True, errorTitle="Prize places", error="A number of places, from 1.")
    dv.add(f"B{PLACES_ROW}")
    bd = DataValidation(type="whole", operator="between", formula1="1", formula2=str(MOST_BOARDS), allow_blank=True,
                        showErrorMessage=True, errorTitle="Boards combined", error=f"From 1 to {MOST_BOARDS}.")
    bd.add(f"B{BOARDS_ROW}")
    ws.add_data_validation(dv)
    ws.add_data_validation(bd)
    ws.cell(WHATIF_TABLE_ROW - 1, 1, "Who can still finish where").font = _BOLD
    call = (f"WHATIF(Crosstable,{PLACES_CELL},{w.list_args},{BOARDS_CELL},{{part}},{w.tail_args})")
    rows = table_rows(w.players)
    _table(ws, w, WHATIF_TABLE_ROW, call, rows, len(WIDTHS))
    area = f"A{WHATIF_TABLE_ROW}:{LAST_COL}{WHATIF_TABLE_ROW + STYLED_ROWS}"
    first = WHATIF_TABLE_ROW
    heads = f'AND(OR($A{first}="Place",$A{first}="No",$A{first}="Bd"),A{first}<>"")'  # no empty heading cell drawn
    ws.conditional_formatting.add(area, FormulaRule(formula=[heads], stopIfTrue=True, font=Font(bold=True),
                                                    fill=_HEAD_CF, border=_GRID))
    ws.conditional_formatting.add(area, FormulaRule(formula=[f'$A{first}="Note:"'], stopIfTrue=True,
                                                    font=Font(italic=True, color="555555")))
    ws.conditional_formatting.add(area, FormulaRule(formula=[f'$A{first}="What if"'], stopIfTrue=True,
                                                    font=Font(bold=True)))
    for j, width in enumerate(WIDTHS, start=1):
        ws.column_dimensions[get_column_letter(j)].width = width
    for r in range(WHATIF_TABLE_ROW, WHATIF_TABLE_ROW + rows):
        ws.cell(r, 1).alignment = Alignment(horizontal="left")
        for j in (4, 5, 6):
            ws.cell(r, j).alignment = Alignment(horizontal="center")
    w.print_setup(ws, f"A1:{LAST_COL}{WHATIF_TABLE_ROW + 2}")  # ended by the recompute (a 3-row text: as it is)
