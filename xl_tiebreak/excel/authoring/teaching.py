"""The teaching workbook: the §6.1 example event with an Explain sheet (choose a player and a
tie-break, see the contribution table), an Exercise sheet (the same table with the contributions
left for the student, checked against an Answers sheet) and a chart of the leaders' running
scores. Generated deterministically and committed under ``workbook_templates/``; its values are
filled in by the headless recompute, so it shows them even where the functions are not loaded.
"""

from __future__ import annotations

from openpyxl.chart import LineChart, Reference  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]

from ...examples import demo_tournament
from .template import (
    FIRST_ROW,
    SETTINGS_ARGS,
    TAIL_ARGS,
    TB_RANGE,
    print_setup,
    spilled,
    to_bytes,
    with_values,
)
from .workbook import filled_workbook

GRID_ROWS = 16  # header, up to 11 rounds, total, notes
GRID_COLS = 7
FIRST_GRID_ROW = 7
LEADERS = 5
_INPUT = PatternFill("solid", fgColor="FFFBEA")
_HEAD = PatternFill("solid", fgColor="DDE6F0")
_NOTE = Font(italic=True, color="555555")
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
    ws["C3"] = "The edition, the type and the tie-break list are those of the Settings sheet."
    ws["C3"].font = _NOTE


def _explain_call(player_ref: str, code_ref: str) -> str:
    """EXPLAIN with the event's settings and tie-break list (so DE agrees with the standings)."""
    return f"EXPLAIN({player_ref},Crosstable,{code_ref},{SETTINGS_ARGS},,,{TB_RANGE},{TAIL_ARGS})"


def _grid(ws, cache, player_ref: str, code_ref: str, rounds: int) -> None:
    """One spilled EXPLAIN at A7: a row per round, the total, the notes. Every cell wraps and the
    rows are tall enough (text cannot overflow into the empty cells of a spilled table)."""
    ws.cell(FIRST_GRID_ROW, 1, spilled(_explain_call(player_ref, code_ref), cache, GRID_ROWS + 4, GRID_COLS + 1))
    for i in range(GRID_ROWS):
        for j in range(1, GRID_COLS + 1):
            c = ws.cell(FIRST_GRID_ROW + i, j)
            if i == 0:
                c.font, c.fill = Font(bold=True), _HEAD
            c.alignment = Alignment(vertical="top", wrap_text=True)
        if i:
            ws.row_dimensions[FIRST_GRID_ROW + i].height = 45 if i <= rounds else 60
    for j, w in enumerate([22, 30, 10, 18, 13, 55, 30], start=1):
        ws.column_dimensions[chr(64 + j)].width = w
    print_setup(ws, f"A1:G{FIRST_GRID_ROW + GRID_ROWS}", FIRST_GRID_ROW)


def _exercise(ws, rounds: int) -> None:
    """The student fills in the yellow columns; the Check column compares with the Answers sheet
    (whose spilled account gives the round, opponent and result columns here too)."""
    heads = ["Rd", "Opponent", "Counts as (you)", "Result", "Contribution (you)", "Cut? (yes / no)", "Check"]
    for j, h in enumerate(heads, start=1):
        c = ws.cell(FIRST_GRID_ROW, j, h)
        c.font, c.fill = Font(bold=True), _HEAD
    first, last = FIRST_GRID_ROW + 1, FIRST_GRID_ROW + rounds
    for r in range(first, last + 1):
        for j, col in ((1, "A"), (2, "B"), (4, "D")):
            ws.cell(r, j, f"=Answers!{col}{r}")
        for j in (3, 5, 6):
            ws.cell(r, j).fill = _INPUT
        ws.cell(r, 7, f'=IF(AND(C{r}="",E{r}="",F{r}=""),"",IF(AND(C{r}=Answers!C{r},E{r}=Answers!E{r},'
                      f'(F{r}="yes")=(Answers!G{r}<>"")),"right","not yet"))')
    total = last + 2
    ws.cell(total, 1, "Your total").font = Font(bold=True)
    ws.cell(total, 2).fill = _INPUT
    # the value is the sum of the contributions that are not cut (every exercise code is such a sum)
    value = (f"SUMPRODUCT(--ISNUMBER(Answers!E{first}:E{last}),--(Answers!G{first}:G{last}=\"\"),"
             f"Answers!E{first}:E{last})")
    ws.cell(total, 3, f'=IF(B{total}="","",IF(ABS(B{total}-{value})<0.0001,"right","not yet"))')
    ws.cell(total + 2, 1, "The Answers sheet shows the full account, with the reasons.").font = _NOTE
    for j, w in enumerate([20, 18, 16, 18, 18, 16, 10], start=1):
        ws.column_dimensions[chr(64 + j)].width = w
    print_setup(ws, f"A1:G{total + 2}", FIRST_GRID_ROW)


def _progress(pr, cache, rounds: int) -> None:
    """The leaders' running scores by round and their chart. The numbers come from one spilled
    EXPLAIN of the progressive score (PS) per leader, shown below the chart: its Running score
    column is the score after each round."""
    pr["A1"] = "Running scores of the leaders"
    pr["A1"].font = Font(bold=True, size=14)
    pr["A2"], pr["A3"] = "No", "Round"
    pr["A2"].font = pr["A3"].font = Font(bold=True)
    block = rounds + 6
    base = 4 + rounds + 18  # below the table and the chart
    for k in range(1, LEADERS + 1):
        col = chr(65 + k)
        pr.cell(2, 1 + k, f"=Standings!$B${4 + k}")
        pr.cell(3, 1 + k, f"=Standings!$C${4 + k}").font = Font(bold=True)
        top = base + (k - 1) * block
        pr.cell(top, 1, f"Leader {k}").font = Font(bold=True)
        pr.cell(top, 2, f"={col}$3").font = Font(bold=True)
        anchor = top + 1
        pr.cell(anchor, 1, spilled(f"EXPLAIN({col}$2,Crosstable,\"PS\",{SETTINGS_ARGS},,,{TB_RANGE},"
                                   f"{TAIL_ARGS})", cache, rounds + 4, 5))
        for j in range(1, 5):
            pr.cell(anchor, j).font = Font(bold=True)
            pr.cell(anchor, j).fill = _HEAD
            for i in range(rounds + 1, rounds + 4):
                pr.cell(anchor + i, j).alignment = Alignment(wrap_text=True, vertical="top")
        for i in range(rounds + 1, rounds + 4):
            pr.row_dimensions[anchor + i].height = 45
        pr.cell(4, 1 + k, 0)
        for r in range(1, rounds + 1):
            pr.cell(4 + r, 1 + k, f"=C{anchor + r}")
    for r in range(0, rounds + 1):
        pr.cell(4 + r, 1, r)
    chart = LineChart()
    chart.title = "Running score by round"
    chart.y_axis.title = "Points"
    chart.x_axis.title = "Round"
    chart.height, chart.width = 8, 16
    chart.add_data(Reference(pr, min_col=2, max_col=1 + LEADERS, min_row=3, max_row=4 + rounds),
                   titles_from_data=True)
    for series in chart.series:
        series.smooth = False
    chart.x_axis.delete = False
    chart.y_axis.delete = False
    chart.set_categories(Reference(pr, min_col=1, min_row=4, max_row=4 + rounds))
    pr.add_chart(chart, "H2")
    for j, w in enumerate([10, 18, 14, 14, 14, 14], start=1):
        pr.column_dimensions[chr(64 + j)].width = w
    print_setup(pr, f"A1:Q{base + LEADERS * block}")


def build_teaching():
    t = demo_tournament()
    # the edition of the demo's start date, as `xl-tiebreak demo` has it
    wb, spec = filled_workbook(t, prizes=False, event=False, ratings=False)
    cache = wb._xltb_cache
    players_ref = f"Crosstable!$A${FIRST_ROW}:$A${FIRST_ROW + len(t.players) - 1}"

    ex = wb.create_sheet("Explain", 2)
    ex["A1"] = "Explain a value: choose a player and a tie-break"
    ex["A1"].font = Font(bold=True, size=14)
    _chooser(ex, players_ref, 3, "BH/C1")
    _grid(ex, cache, "$B$3", "$B$4", spec.rounds)

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
    _grid(ans, cache, "Exercise!$B$3", "Exercise!$B$4", spec.rounds)

    _progress(wb.create_sheet("Progress", 5), cache, spec.rounds)
    wb.properties.title = "xl-tiebreak teaching workbook"
    return wb


def teaching_bytes(runtime: str = "classic") -> bytes:
    """The teaching workbook with its values filled in (for the classic add-in or xlwings Lite)."""
    wb = build_teaching()
    wb._xltb_runtime = runtime
    return with_values(to_bytes(wb))
