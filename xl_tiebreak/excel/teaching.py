"""The teaching workbook: the §6.1 example event with an Explain sheet (choose a player and a
tie-break, see the contribution table), an Exercise sheet (the same table with the contributions
left for the student, checked against an Answers sheet) and a chart of the leaders' running
scores. Generated deterministically and committed under ``workbook_templates/``; its values are
filled in by the headless recompute, so it shows them even where the functions are not loaded.
"""

from __future__ import annotations

from openpyxl.chart import LineChart, Reference
from openpyxl.styles import Alignment, Font, PatternFill
from openpyxl.worksheet.datavalidation import DataValidation

from ..examples import demo_tournament
from .recompute import recompute_bytes
from .template import (
    EDITION_CELL,
    FIRST_ROW,
    TB_RANGE,
    TYPE_CELL,
    _print_setup,
    to_bytes,
)
from .workbook import filled_workbook

GRID_ROWS = 16  # header, up to 11 rounds, total, notes
GRID_COLS = 7
FIRST_GRID_ROW = 7
LEADERS = 5
_INPUT = PatternFill("solid", fgColor="FFFBEA")
_HEAD = PatternFill("solid", fgColor="DDE6F0")
CODES = "BH,BH/C1,BH/C2,BH/M1,BH/P,FB,SB,SB/C1,AOB,WIN,WON,BPG,BWG,REP,STD,PS,ARO,ARO/C1,TPR,PTP,APRO,APPO,DE"


EXERCISE_CODES = "BH,BH/C1,BH/C2,BH/M1,BH/P,FB,SB,SB/C1"  # the codes whose accounts have these columns


def _chooser(ws, players_ref: str, player: int, code: str, codes: str = CODES) -> None:
    ws["A3"], ws["A4"] = "Player (start number)", "Tie-break"
    ws["A3"].font = ws["A4"].font = Font(bold=True)
    ws["B3"], ws["B4"] = player, code
    ws["B3"].fill = ws["B4"].fill = _INPUT
    ws["B4"].number_format = "@"
    pv = DataValidation(type="list", formula1=players_ref, allow_blank=False)
    pv.add("B3")
    tv = DataValidation(type="list", formula1=f'"{codes}"', allow_blank=False)
    tv.add("B4")
    ws.add_data_validation(pv)
    ws.add_data_validation(tv)
    ws["C3"] = "the edition and the type are those of the Settings sheet"
    ws["C3"].font = Font(italic=True, color="555555")


def _grid(ws, player_ref: str, code_ref: str, skip_column: int = 0) -> None:
    for i in range(GRID_ROWS):
        for j in range(1, GRID_COLS + 1):
            c = ws.cell(FIRST_GRID_ROW + i, j)
            if j == skip_column and i > 0:
                c.fill = _INPUT
                continue
            c.value = (f"=EXPLAIN({player_ref},Crosstable,{code_ref},{EDITION_CELL},{TYPE_CELL},{i},{j})")
            if i == 0:
                c.font, c.fill = Font(bold=True), _HEAD
            c.alignment = Alignment(vertical="top", wrap_text=j >= 6)
    for j, w in enumerate([20, 18, 10, 18, 13, 70, 40], start=1):
        ws.column_dimensions[chr(64 + j)].width = w
    _print_setup(ws, f"A1:H{FIRST_GRID_ROW + GRID_ROWS}")


def _exercise(ws, rounds: int) -> None:
    """The student fills in the yellow columns; the Check column compares with the Answers."""
    heads = ["Rd", "Opponent", "Counts as (you)", "Result", "Contribution (you)", "Cut? (yes / no)", "Check"]
    for j, h in enumerate(heads, start=1):
        c = ws.cell(FIRST_GRID_ROW, j, h)
        c.font, c.fill = Font(bold=True), _HEAD
    args = "$B$3,Crosstable,$B$4,Settings!$B$3,Settings!$B$4"
    for i in range(1, rounds + 1):
        r = FIRST_GRID_ROW + i
        for j in (1, 2, 4):
            ws.cell(r, j, f"=EXPLAIN({args},{i},{j})")
        for j in (3, 5, 6):
            ws.cell(r, j).fill = _INPUT
        ws.cell(r, 7, f'=IF(AND(C{r}="",E{r}="",F{r}=""),"",IF(AND(C{r}=Answers!C{r},E{r}=Answers!E{r},'
                      f'(F{r}="yes")=(Answers!G{r}<>"")),"right","not yet"))')
    total = FIRST_GRID_ROW + rounds + 2
    ws.cell(total, 1, "Your total").font = Font(bold=True)
    ws.cell(total, 2).fill = _INPUT
    ws.cell(total, 3, f'=IF(B{total}="","",IF(B{total}=TIEBREAK({args}),"right","not yet"))')
    ws.cell(total + 2, 1, "The Answers sheet shows the full account, with the reasons.").font = \
        Font(italic=True, color="555555")
    for j, w in enumerate([20, 18, 16, 18, 18, 16, 10], start=1):
        ws.column_dimensions[chr(64 + j)].width = w
    _print_setup(ws, f"A1:G{total + 2}")


def build_teaching():
    t = demo_tournament()
    wb, spec = filled_workbook(t, edition="fide2026")
    players_ref = f"Crosstable!$A${FIRST_ROW}:$A${FIRST_ROW + len(t.players) - 1}"

    ex = wb.create_sheet("Explain", 2)
    ex["A1"] = "Explain a value: choose a player and a tie-break"
    ex["A1"].font = Font(bold=True, size=14)
    _chooser(ex, players_ref, 3, "BH/C1")
    _grid(ex, "$B$3", "$B$4")

    xs = wb.create_sheet("Exercise", 3)
    xs["A1"] = "Exercise: for each round, what counts, what it contributes, and is it cut?"
    xs["A1"].font = Font(bold=True, size=14)
    _chooser(xs, players_ref, 5, "SB/C1", EXERCISE_CODES)
    _exercise(xs, spec.rounds)
    ans = wb.create_sheet("Answers", 4)
    ans["A1"] = "Answer key for the Exercise sheet"
    ans["A1"].font = Font(bold=True, size=14)
    ans["A3"], ans["B3"] = "Player", "=Exercise!$B$3"
    ans["A4"], ans["B4"] = "Tie-break", "=Exercise!$B$4"
    _grid(ans, "Exercise!$B$3", "Exercise!$B$4")

    pr = wb.create_sheet("Progress", 5)
    pr["A1"] = "Running scores of the leaders"
    pr["A1"].font = Font(bold=True, size=14)
    pr["A2"], pr["A3"] = "No", "Round"
    args = f"Crosstable,{TB_RANGE},{EDITION_CELL},{TYPE_CELL}"
    for k in range(1, LEADERS + 1):
        pr.cell(2, 1 + k, f"=STANDINGS({args},{k},2)")
        pr.cell(3, 1 + k, f"=STANDINGS({args},{k},3)").font = Font(bold=True)
    for r in range(0, spec.rounds + 1):
        pr.cell(4 + r, 1, r)
        for k in range(1, LEADERS + 1):
            col = chr(65 + k)
            pr.cell(4 + r, 1 + k, f"=RUNNING({col}$2,Crosstable,$A{4 + r},{TYPE_CELL})")
    chart = LineChart()
    chart.title = "Running score by round"
    chart.y_axis.title = "Points"
    chart.x_axis.title = "Round"
    chart.height, chart.width = 8, 16
    chart.add_data(Reference(pr, min_col=2, max_col=1 + LEADERS, min_row=3, max_row=4 + spec.rounds),
                   titles_from_data=True)
    for series in chart.series:
        series.smooth = False
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.set_categories(Reference(pr, min_col=1, min_row=4, max_row=4 + spec.rounds))
    pr.add_chart(chart, "H2")
    wb.properties.title = "xl-tiebreak teaching workbook"
    return wb


def teaching_bytes() -> bytes:
    """The teaching workbook with its values filled in."""
    return recompute_bytes(to_bytes(build_teaching()))[0]
