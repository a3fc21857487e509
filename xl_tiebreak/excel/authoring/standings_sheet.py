"""The templates' Standings sheet, laid out for the notice board.

Row 1 the event's name (the Crosstable's title), row 2 the edition the values are computed under,
row 3 the status line ("after round k of N ..." or the problems, the Crosstable's), from row 4 the
ranked table (one spilled ``STANDINGS``: Rk, No, Name, Pts, tie-breaks), beside it each player's
title, rating and federation (looked up by start number), and to the right the legend of the
tie-break list (code, name, article). Decimals line up (number formats by code, from the
registry); a long name is set smaller instead of being cut. The page is landscape, one page wide, the
header row repeated; the print area follows the players present (:mod:`.print_area`, set by
the headless recompute).

Everything here beside the ``STANDINGS`` table is made of Excel's own functions, so it shows in
Excel without the add-in and in LibreOffice (which computes cells without a stored value).
"""

from __future__ import annotations

from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font  # type: ignore[import-untyped]
from openpyxl.styles.differential import DifferentialStyle  # type: ignore[import-untyped]
from openpyxl.styles.numbers import NumberFormat  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]
from openpyxl.worksheet.formula import ArrayFormula  # type: ignore[import-untyped]

from ...tiebreaks import registry

HELP_SHEET = "Help"
LOOKUP_FIRST_COL = 4  # Help!D:G: code, name, rule, decimals (hidden columns, not printed)
ALIGNED = "0.0?"  # one decimal, a second when there is one: the decimal points line up
BY_DECIMALS = {0: "0", 2: "0.00"}


def lookup_rows() -> list[tuple[str, str, str, int]]:
    """(code, name, article, decimals) of every tie-break code and alias, from the registry."""
    rows = []
    for r in registry.rows().values():
        name = r.legend
        for tail in (f", {r.article}", f" ({r.article})"):
            if name.endswith(tail):
                name = name[: -len(tail)]
        for code in (r.name, *r.aliases):
            rows.append((code, name, r.article, 1 if r.decimals is None else r.decimals))
    return rows


def lookup_range() -> str:
    """The legend lookup table (absolute, with its sheet)."""
    first, last = get_column_letter(LOOKUP_FIRST_COL), get_column_letter(LOOKUP_FIRST_COL + 3)
    return f"{HELP_SHEET}!${first}$2:${last}${len(lookup_rows()) + 1}"


def write_lookup(ws) -> None:
    """The lookup table on the Help sheet (columns D:G, hidden): what the legend and the number
    formats of the Standings sheet read."""
    for j, head in enumerate(("Code", "Name", "Rule", "Decimals")):
        ws.cell(1, LOOKUP_FIRST_COL + j, head)
    for i, (code, name, article, decimals) in enumerate(lookup_rows(), start=2):
        for j, v in enumerate((code, name, article, decimals)):
            ws.cell(i, LOOKUP_FIRST_COL + j, v)
    for j in range(4):
        ws.column_dimensions[get_column_letter(LOOKUP_FIRST_COL + j)].hidden = True


def edition_formula(edition_cell: str, status_cell: str) -> str:
    """The edition the values are computed under, as Excel's formula: the name the status line
    gives after ``; rules `` (STATUS reads the start date as every face does, by
    :mod:`xl_tiebreak.dates`; a formula of its own would be a second reading, and Excel's date
    functions read text by the computer's locale), with `` (no start date)`` when it was
    assumed; else (the status line shows an error) the edition chosen in Settings, else a pointer
    to the status line."""
    at = f'FIND("; rules ",{status_cell})+8'
    name = f'MID({status_cell},{at},FIND(" ",{status_cell}&" ",{at})-({at}))'
    assumed = f'IF(ISNUMBER(FIND("(assumed: no start date)",{status_cell}))," (no start date)","")'
    return f'IFERROR({name}&{assumed},IF({edition_cell}<>"",{edition_cell},"not known (see the line below)"))'


def _base(cell: str) -> str:
    """The code of a descriptor without its modifiers, as a formula (``BH/C1`` -> ``BH``)."""
    return f'LEFT({cell},FIND("/",{cell}&"/")-1)'


#: the note under the legend: its first row below the legend's last, its number of rows
NOTE_GAP, NOTE_ROWS = 2, 3
#: the rating tie-breaks (C.07 Art. 10) and RTNG's alias, as the legend's note looks for them
RATING_CODES = tuple(c for r in registry.rows().values() if r.unrated for c in (r.name, *r.aliases))


def unrated_note(tb_range: str, unrated_cell: str, policy_cell: str, numbers: str, ratings: str
                 ) -> tuple[str, str, str]:
    """Three lines under the legend, as Excel formulas: what the rating
    tie-breaks of the list do with unrated players (C.07 Art. 10, TIEBREAK_RULES §5.15): an
    unrated player counts as the rating of ``unrated_cell``, or as a code's /U rating, or is left
    out of the averages (``policy_cell`` says exclude), or the columns are empty: "N players are
    unrated" (``numbers``/``ratings``: the crosstable's start numbers and ratings; a rating that
    is empty or 0 is unrated) and no rating is set. All empty when the list has no rating
    tie-break. The same cases as :mod:`xl_tiebreak.rating_notes`, in Excel's own functions."""
    codes = "{" + ",".join(f'"{c}"' for c in RATING_CODES) + "}"
    listed = f'ISNUMBER(MATCH(LEFT(TRIM({tb_range}),FIND("/",TRIM({tb_range})&"/")-1),{codes},0))'
    none_listed = f"SUMPRODUCT(--{listed})=0"
    all_own_u = f'SUMPRODUCT({listed}*ISERROR(SEARCH("/U",{tb_range})))=0'  # every one has its /U rating
    cell = unrated_cell.replace("$", "")
    n = f'SUMPRODUCT(({numbers}<>"")*(1-ISNUMBER({ratings})*({ratings}>0)))'
    exclude = f'LOWER(TRIM({policy_cell}))="exclude"'
    first = f'=IF({none_listed},"","Rating tie-breaks and unrated players (C.07 Art. 10):")'
    second = (f'=IF({none_listed},"",IF({unrated_cell}<>"","an unrated player counts as "&{unrated_cell}&" ({cell}).",'
              f'IF({all_own_u},"an unrated player counts as the /U rating of the code.",IF({exclude},'
              f'"unrated opponents are left out of the averages.",IF({n}>0,"empty: "&{n}&IF({n}=1," player is",'
              f'" players are")&" unrated and {cell}","empty if a player is unrated and {cell}")))))')
    third = (f'=IF(OR({none_listed},{unrated_cell}<>"",{all_own_u},{exclude}),"",'
             f'"(Rating for unrated players) is empty: the rule drops them.")')
    return first, second, third


def note_last_row(header_row: int, tb_slots: int) -> int:
    """The last row of the note under the legend (the print area reaches it)."""
    return header_row + tb_slots + NOTE_GAP + NOTE_ROWS - 1


def decorate(ws, header_row: int, players: int, tb_first_col: int, tb_slots: int, tb_first_setting_row: int,
             edition_cell: str, status_cell: str, grid, head_font, head_fill,
             unrated: "tuple[str, str, str, str] | None" = None, late: int = 0) -> int:
    """Add the heading, the player columns, the legend and the number formats around the ranked
    table (anchored at column A of ``header_row``); returns the last column to print.
    ``unrated``: (rating for unrated players, unrated_policy, crosstable start numbers, ratings)
    cells, for the note under the legend (:func:`unrated_note`). ``late``: rows below the
    players' that get the formats and lookups too (late entrants; their borders are the
    caller's, drawn only on a row that holds a player); only the players' rows get borders."""
    players_last = header_row + players
    last_row = players_last + late
    ws["A1"] = "=Crosstable!$A$1"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = '="Standings - edition "&' + edition_formula(edition_cell, status_cell)
    ws["A2"].font = Font(bold=True)
    # title, rating and federation of the player of each row (by the start number in column B)
    info_col = tb_first_col + tb_slots
    rows = f"$B${header_row + 1}:$B${last_row}"
    for k, (head, source) in enumerate((("Title", 3), ("Rating", 4), ("Fed", 5))):
        col = info_col + k
        letter = get_column_letter(col)
        top = ws.cell(header_row, col, head)
        top.font, top.fill, top.border = head_font, head_fill, grid
        top.alignment = Alignment(horizontal="center")
        area = f"{letter}{header_row + 1}:{letter}{last_row}"
        ws.cell(header_row + 1, col).value = ArrayFormula(
            area, f'=IF({rows}="","",IFERROR(VLOOKUP({rows},Crosstable!$A:$E,{source},FALSE),""))')
        for r in range(header_row + 1, last_row + 1):
            c = ws.cell(r, col)
            if r <= players_last:
                c.border = grid
            c.alignment = Alignment(horizontal="right" if source == 4 else "center")
            # an empty title, federation or rating (unrated) stays empty instead of showing 0
            c.number_format = "0;-0;;@" if source == 4 else ";;;@"
    # the legend: the tie-break list of the Settings sheet with each code's name and article
    legend_col = info_col + 4
    lookup = lookup_range()
    for j, head in enumerate(("Code", "Tie-break", "Rule")):
        c = ws.cell(header_row, legend_col + j, head)
        c.font, c.fill, c.border = head_font, head_fill, grid
    for k in range(tb_slots):
        r = header_row + 1 + k
        code = ws.cell(r, legend_col)
        setting = f"Settings!$B${tb_first_setting_row + k}"
        code.value = f'=IF({setting}="","",{setting}&"")'
        here = f"${get_column_letter(legend_col)}{r}"
        for j in (1, 2):
            ws.cell(r, legend_col + j).value = (f'=IF({here}="","",IFERROR(VLOOKUP({_base(here)},{lookup},{j + 1},'
                                                f'FALSE),"see the Help sheet"))')
        for j in range(3):
            ws.cell(r, legend_col + j).border = grid
            ws.cell(r, legend_col + j).alignment = Alignment(vertical="top", wrap_text=j == 1)
    if unrated is not None:  # what the rating tie-breaks do with unrated players, under the legend
        tb_range = f"Settings!$B${tb_first_setting_row}:$B${tb_first_setting_row + tb_slots - 1}"
        for k, text in enumerate(unrated_note(tb_range, *unrated)):
            c = ws.cell(header_row + tb_slots + NOTE_GAP + k, legend_col, text)
            c.font = Font(italic=True, size=9)
    # decimals that line up: one by default, none or two by the code in the column's header
    first, last = get_column_letter(tb_first_col), get_column_letter(tb_first_col + tb_slots - 1)
    for r in range(header_row + 1, last_row + 1):
        ws.cell(r, 4).number_format = ALIGNED
        for col in range(tb_first_col, tb_first_col + tb_slots):
            ws.cell(r, col).number_format = ALIGNED
    head = f"{first}${header_row}"
    for decimals, fmt in BY_DECIMALS.items():
        rule = FormulaRule(formula=[f'IFERROR(VLOOKUP({_base(head)},{lookup},4,FALSE),1)={decimals}'],
                           stopIfTrue=False)
        rule.dxf = DifferentialStyle(numFmt=NumberFormat(numFmtId=200 + decimals, formatCode=fmt))
        ws.conditional_formatting.add(f"{first}{header_row + 1}:{last}{last_row}", rule)
    for r in range(header_row + 1, last_row + 1):  # a long name is set smaller, never cut off
        ws.cell(r, 3).alignment = Alignment(shrink_to_fit=True)
    widths = {1: 5, 2: 5, 3: 32, 4: 6, info_col: 6, info_col + 1: 7, info_col + 2: 6, info_col + 3: 2,
              legend_col: 10, legend_col + 1: 40, legend_col + 2: 14}
    for col, w in widths.items():
        ws.column_dimensions[get_column_letter(col)].width = w
    for col in range(tb_first_col, tb_first_col + tb_slots):
        ws.column_dimensions[get_column_letter(col)].width = 8
    return legend_col + 2
