"""The templates' Standings sheet, laid out for the notice board.

Row 1 the event's name (the Crosstable's title), row 2 the edition the values are computed under,
row 3 the status line ("after round k of N ..." or the problems, the Crosstable's; wrapped inside
the page), from row 4 one spilled ``STANDINGS(..., page)`` (:mod:`..standings_page`): Rk, No,
Name, Pts, the tie-breaks, each player's title, rating and federation, and under the table the
legend of the list and the notes on unrated players. Decimals line up (number formats by the code
in the column's header, from the registry); a long name is set smaller instead of being cut;
only the cells the table fills are drawn. The page is portrait, one page wide, the header row
repeated; the print area follows the table (:mod:`..print_area`, set by the headless recompute).

The heading above the table is made of Excel's own functions, so it shows in Excel without the
add-in and in LibreOffice (which computes cells without a stored value); the table shows its
stored values there, as every table does.
"""

from __future__ import annotations

from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font  # type: ignore[import-untyped]
from openpyxl.styles.numbers import NumberFormat  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]

from ...tiebreaks import registry

HELP_SHEET = "Help"
LOOKUP_FIRST_COL = 4  # Help!D:G: code, name, rule, decimals (hidden columns, not printed)
ALIGNED = "0.0?"  # one decimal, a second when there is one: the decimal points line up
BY_DECIMALS = {0: "0", 2: "0.00"}
#: the rating change (Rtg+/-, B.02 8.3), signed to 0.1 as chess-results shows it
SIGNED = "+0.0;-0.0;0.0"
#: columns whose header is no tie-break code, by header: their number format
BY_HEADER = {"Rtg+/-": SIGNED}
#: the number formats' ids in the conditional formats (custom formats are numbered from 164)
FORMAT_IDS = {ALIGNED: 201, "0": 200, "0.00": 202, SIGNED: 203}
#: the Standings page's columns (characters): the Name column (the lines under the table sit
#: there too), a tie-break's; the ranked table of 6 tie-breaks fits a portrait page at about 10 pt
#: (about 8 pt with the rating figures after Fed, Settings row Rating figures yes)
NAME_WIDTH = 30
PTS_WIDTH = 4.5
TB_WIDTH = 5
#: the last tie-break slot's column and the three after it: Title, Rtg and Fed follow the list, so
#: with 4, 5 or 6 codes each lands in a column wide enough for any of them (a four-digit rating
#: and the headers whole, not shrunk); the last one holds only Fed
LAST_WIDTHS = (5, 5, 5, 4.5)
#: the columns past those (the rating figures after Fed, Rp, K, Rtg+/-, when the Settings say so): wide
#: enough for the header Rtg+/- and a signed change (+67.4) unshrunk; with 4 codes Rtg+/- lands in the
#: last of LAST_WIDTHS and is set smaller (every cell of the table shrinks to fit, never shows ###)
MORE_WIDTH = 5.5


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
    """The lookup table on the Help sheet (columns D:G, hidden): what the number formats of the
    Standings and Categories sheets read (the decimals of each code)."""
    for j, head in enumerate(("Code", "Name", "Rule", "Decimals")):
        ws.cell(1, LOOKUP_FIRST_COL + j, head)
    for i, (code, name, article, decimals) in enumerate(lookup_rows(), start=2):
        for j, v in enumerate((code, name, article, decimals)):
            ws.cell(i, LOOKUP_FIRST_COL + j, v)
    for j in range(4):
        ws.column_dimensions[get_column_letter(LOOKUP_FIRST_COL + j)].hidden = True


def decimals_formula(header: str, lookup: str = "") -> str:
    """The decimals of the tie-break whose code is in the cell ``header``, as Excel's formula (the
    Help sheet's lookup, its last column; -1 for a header that is no code, such as Rating)."""
    table = lookup or lookup_range()
    return f"IFERROR(VLOOKUP({_base(header)},{table},{2 if lookup else 4},FALSE),-1)"


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


def decorate(ws, header_row: int, rows: int, tb_first_col: int, tb_slots: int, info: int, edition_cell: str,
             status_cell: str, grid, head_font, head_cond_fill, more: int = 0) -> int:
    """Format the notice-board table spilled from column A of ``header_row`` (``STANDINGS(...,
    page)``: Rk, No, Name, Pts, the tie-breaks, ``info`` player columns, then the legend and notes
    under it in the Name column, :mod:`..standings_page`) for up to ``rows`` rows below the
    header, and add the heading above it (its edition read off the status line ``status_cell``);
    returns the last column of the table without its ``more`` optional columns after the player
    columns (the rating figures: formatted, but past the print area the template sets and its
    status line, so the page without them prints as large as before; ``recompute`` fits the area
    to the table). A cell is drawn (header fill, borders) only where the table puts something: a
    shorter list leaves no empty columns and the lines under the table no grid. Decimals line up
    by the code in the column's header (number formats from the registry, through the Help sheet's lookup; the
    rating change signed, :data:`BY_HEADER`)."""
    ncols = tb_first_col - 1 + tb_slots + info
    last_col, last_row = get_column_letter(ncols + more), header_row + rows
    ws["A1"] = "=Crosstable!$A$1"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = '="Standings - edition "&' + edition_formula(edition_cell, status_cell)
    ws["A2"].font = Font(bold=True)
    # the status line: wrapped inside the page, never past its margin (the recompute makes its row as
    # tall as its text: :mod:`..xlsx.row_heights`)
    status = ws.cell(header_row - 1, 1)
    status.alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(start_row=header_row - 1, start_column=1, end_row=header_row - 1, end_column=ncols)
    ws.row_dimensions[header_row - 1].height = 30
    for j in range(1, ncols + more + 1):
        top = ws.cell(header_row, j)
        top.font = head_font
        # the table's first cell is where it shows its error (#ERROR: ...): read across the empty row
        top.alignment = Alignment(horizontal="left") if j == 1 else Alignment(horizontal="center", shrink_to_fit=True)
        for r in range(header_row + 1, last_row + 1):  # a long name (or rank, or line) is set smaller, not cut
            c = ws.cell(r, j)
            c.alignment = Alignment(shrink_to_fit=True) if j == 3 else Alignment(horizontal="right", shrink_to_fit=True)
            if j == 4:
                c.number_format = ALIGNED
    ws.conditional_formatting.add(f"A{header_row}:{last_col}{header_row}", FormulaRule(
        formula=[f'A{header_row}<>""'], stopIfTrue=False, fill=head_cond_fill, border=grid))
    # a player's row is drawn where the header has a column; decimals line up by the code in the
    # column's header (none for Title, Rating, Fed). One range, one rule list: LibreOffice applies
    # one conditional format per cell, the first rule that holds
    player = f"ISNUMBER($B{header_row + 1})"
    ws.conditional_formatting.add(f"A{header_row + 1}:{get_column_letter(tb_first_col - 1)}{last_row}",
                                  FormulaRule(formula=[player], stopIfTrue=False, border=grid))
    first = get_column_letter(tb_first_col)
    head = f"{first}${header_row}"
    area = f"{first}{header_row + 1}:{last_col}{last_row}"
    for header, fmt in BY_HEADER.items():  # (the rating change: signed, wherever the list puts it)
        rule = FormulaRule(formula=[f'AND({player},{head}="{header}")'], stopIfTrue=True, border=grid)
        rule.dxf.numFmt = NumberFormat(numFmtId=FORMAT_IDS[fmt], formatCode=fmt)
        ws.conditional_formatting.add(area, rule)
    for decimals, fmt in ((1, ALIGNED), *BY_DECIMALS.items()):
        rule = FormulaRule(formula=[f'AND({player},{decimals_formula(head)}={decimals})'], stopIfTrue=True, border=grid)
        rule.dxf.numFmt = NumberFormat(numFmtId=FORMAT_IDS[fmt], formatCode=fmt)
        ws.conditional_formatting.add(area, rule)
    ws.conditional_formatting.add(area, FormulaRule(formula=[f'AND({player},{head}<>"")'], stopIfTrue=True,
                                                    border=grid))
    for col, w in {1: 4, 2: 4, 3: NAME_WIDTH, 4: PTS_WIDTH}.items():
        ws.column_dimensions[get_column_letter(col)].width = w
    last = ncols - len(LAST_WIDTHS) + 1
    for col in range(tb_first_col, ncols + more + 1):
        ws.column_dimensions[get_column_letter(col)].width = (TB_WIDTH if col < last else LAST_WIDTHS[col - last]
                                                              if col <= ncols else MORE_WIDTH)
    return ncols
