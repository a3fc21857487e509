"""Workbook templates (generated with openpyxl, committed under ``workbook_templates/``).

Sheets: ``Crosstable`` (a status line, input rows with the defined name ``Crosstable``,
result-cell validation with an input message, and beside them one spilled ``RESULTS`` table:
points, tie-breaks and place row for row), ``Standings`` (one spilled ``STANDINGS``), ``Settings``
(edition, type, tie-break list, a rating for unrated players and the choices the rules leave open,
all read by every formula), ``Help`` (plain sentences), a hidden ``Cache`` (the values of the last
headless recompute, which LibreOffice and Excel without the add-in show through ``IFERROR``) and a
hidden ``xlwings.conf`` naming the UDF module, then ``Categories`` and ``Prizes`` (one spilled
call each, :mod:`.prize_sheets`) and ``What if`` (one spilled call, :mod:`.whatif_sheet`). A template makes a handful of calls of our
functions per recalculation, whatever its size. ``TemplateSpec.cells`` gives the one-cell forms instead
(one call per cell) for Excel without dynamic arrays.

Every sheet prints landscape (the Standings portrait), fitted to the page width, with its header
rows repeated. The output is deterministic (fixed document dates and zip entry times), and its values are filled in
by the headless recompute, so a test can prove the committed files equal the generator.
"""

from __future__ import annotations

import dataclasses
import io
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from typing import Optional, Sequence

from openpyxl import Workbook  # type: ignore[import-untyped]
from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]
from openpyxl.workbook.defined_name import DefinedName  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]
from openpyxl.worksheet.formula import ArrayFormula  # type: ignore[import-untyped]

from ...tiebreaks import registry
from ...editions import EDITIONS
from ...default_lists import DEFAULT_LISTS
from ..ranges.book_reader import FIGURES_ROW, RATE_ROW, UNRATED_ROW
from ..functions.individual import FUNCTIONS, INDIVIDUAL, description, group
from ...options import DEFAULT_OPTIONS, Options
from .trf_pairing import TrfPairingCells
from .styles import BOLD, GRID, HEAD_COND_FILL, HEAD_FILL, INPUT_FILL, NOTE, STATUS

FIXED_TIME = datetime(2026, 3, 1, 0, 0, 0)
HEADER_ROW = 4
FIRST_ROW = HEADER_ROW + 1
STATUS_ROW = 3
TB_SLOTS = 6
INPUT_COLUMNS = ["No", "Name", "Title", "Rating", "Fed"]
#: the TRF 001 identity fields and the club (which TRF has not), after Fed in a workbook made from a
#: file that has any of them, or a template made with --player-fields (TemplateSpec.identity)
IDENTITY_COLUMNS = ["FIDE ID", "Sex", "Born", "Club"]
#: the Settings' prefilled lists: the default list of the event type (:mod:`xl_tiebreak.default_lists`,
#: what the command line and a TRF that names none get); the places after it are left empty
SWISS_TIEBREAKS = list(DEFAULT_LISTS["swiss"])
ROUND_ROBIN_TIEBREAKS = list(DEFAULT_LISTS["round-robin"])
RESULT_PROMPT = ("12w1 won with White against 12; 12b½ (or 12b=) drew with Black; 12w0 lost. "
                 "+12 / -12 forfeit win / loss; --12 double forfeit. BYE pairing bye, F full-point "
                 "bye, H half-point bye, Z zero-point bye, - absent, WD withdrew; empty: not played.")
CACHE_SHEET = "Cache"
#: rows below the template's players kept ready for late entrants: formatted as the table's rows
#: and drawn (borders, the input cells' colour) by conditional formatting once a start number is
#: typed there, so a late entrant's row looks like the others on screen and on the printed page
LATE_ROWS = 20
#: rows the Standings page keeps under its players for the legend of the list, the notes and the
#: rating figures' legend (some 16 lines of its own with a rate of play assumed)
UNDER_ROWS = 40

_BOLD, _NOTE, _STATUS, _HEAD_FILL, _INPUT_FILL = BOLD, NOTE, STATUS, HEAD_FILL, INPUT_FILL
_LATE_FILL = PatternFill("solid", start_color="FFFBEA", end_color="FFFBEA")  # a conditional fill reads bgColor
_GRID = GRID


@dataclass
class TemplateSpec:
    """What a template holds: its type, size, default settings, optionally an event, and whether
    it uses one-cell formulas (``cells``, for Excel without dynamic arrays) instead of spills."""

    kind: str = "swiss"
    players: int = 400
    rounds: int = 11
    edition: str = ""  # empty: the edition in force at the start date
    tiebreaks: Sequence[str] = field(default_factory=lambda: list(SWISS_TIEBREAKS))
    title: str = ""
    start_date: str = ""
    cells: bool = False
    event_rounds: Optional[int] = None  # Settings, Rounds (empty: the round columns)
    identity: bool = False  # the FIDE ID | Sex | Born | Club columns (a workbook made from a TRF that has them)
    runtime: str = "classic"  # or "lite": function names as Excel saves Office.js functions (_xldudf_)
    prizes: bool = True  # the Categories and Prizes sheets (not in the teaching workbook)
    event: bool = True  # the Event sheet (not in the teaching workbook)
    header: Optional[Sequence[str]] = None  # a TRF's header records for the Event sheet (None: a template's)
    rate: str = ""  # Settings, Rate of play (a TRF's record 222; empty: standard, assumed)
    ratings: bool = True  # room for the rating figures on the Standings page (Rp, K, Rtg+/-; not in teaching)
    rating_figures: bool = False  # Settings, Rating figures: shown (yes) or not (no, the templates' default)
    #: Settings, Forbidden pairs, Baku acceleration, Initial colour from a TRF's records (None: a template's)
    pairing: Optional[TrfPairingCells] = None


def default_spec(kind: str) -> TemplateSpec:
    """The committed templates: a Swiss for an open of up to 400 players and 11 rounds, a round
    robin of up to 20 players (19 rounds)."""
    if kind == "round-robin":
        return TemplateSpec("round-robin", 20, 19, tiebreaks=list(ROUND_ROBIN_TIEBREAKS))
    return TemplateSpec("swiss", 400, 11)


class TemplateLayout:
    """Where everything of a template is (1-based rows and columns)."""

    def __init__(self, spec: TemplateSpec) -> None:
        self.spec = spec
        self.input_columns = INPUT_COLUMNS + (IDENTITY_COLUMNS if spec.identity else [])
        self.first_round_col = len(self.input_columns) + 1
        self.last_round_col = self.first_round_col + spec.rounds - 1
        self.pts_col = self.last_round_col + 1
        self.tb_cols = [self.pts_col + 1 + j for j in range(TB_SLOTS)]
        self.place_col = self.tb_cols[-1] + 1
        self.last_row = HEADER_ROW + spec.players
        self.late_last_row = self.last_row + LATE_ROWS  # the rows kept ready for late entrants

    def crosstable_ref(self) -> str:
        return (f"Crosstable!$A${HEADER_ROW}:${get_column_letter(self.last_round_col)}${self.last_row}")


# Settings sheet cells (B3:B5 and B7:B12 as in earlier versions, so older workbooks read the same)
EDITION_CELL = "Settings!$B$3"
TYPE_CELL = "Settings!$B$4"
START_CELL = "Settings!$B$5"
TB_FIRST_ROW = 7
TB_RANGE = f"Settings!$B${TB_FIRST_ROW}:$B${TB_FIRST_ROW + TB_SLOTS - 1}"
UNRATED_CELL = f"Settings!$B${UNRATED_ROW}"
OPTIONS_HEAD_ROW = 16
OPTION_NOTES = {
    "unrated_policy": "drop: with an unrated player the rating tie-breaks are left out (FIDE); "
                      "exclude: unrated opponents are left out of the averages",
    "svon_cut_unplayed_first": "yes: with the 2012 virtual opponent, unplayed rounds are cut first (Sweden)",
    "sb_vur_pick": "value: the SB cut drops the lowest product (the rule text); score: the lowest opponent score",
    "rr_forfeits": "text: forfeits in a round robin count as the regulations say; reference: as the "
                   "FIDE reference program counts them",
    "short_games_played": "yes: games of under one move count as played; no: not in the rating tie-breaks",
    "cap_rounds": "evaluated: the 2026 cap uses the rounds played so far; scheduled: the event's rounds",
    "aob_decimals": "decimals of AOB: auto (as the FIDE reference program), none (exact) or 0 to 6",
    "aro_cut_unplayed": "edition: count under fide2012, exclude after; count: ARO cuts take unplayed rounds "
                        "first (the 2012 practice); exclude: unplayed rounds are left out, then cut",
    "svon_sb_unplayed": "fide2012 SB of an own unplayed round: result (the text: Svon x points awarded) or "
                        "draw (Swiss-Manager: half of Svon)",
}
OPTION_NAMES = [f.name for f in dataclasses.fields(Options) if f.name != "unrated_rating"]
OPTIONS_RANGE = (f"Settings!$A${OPTIONS_HEAD_ROW + 1}:$C${OPTIONS_HEAD_ROW + len(OPTION_NAMES)}")
ROUNDS_ROW, LIVE_ROW = 13, 15
#: the pairing rows (read by their labels, :mod:`..ranges.pairing_settings`): a heading, then one row
#: each, under Rate of play and Rating figures (RATE_ROW, FIGURES_ROW: under the choices) with a row between
PAIRING_HEAD_ROW = FIGURES_ROW + 2
PAIRING_RANGE = f"Settings!$A${PAIRING_HEAD_ROW + 1}:$B${PAIRING_HEAD_ROW + 3}"
RATE_CELL = f"Settings!$B${RATE_ROW}"
FIGURES_CELL = f"Settings!$B${FIGURES_ROW}"
ROUNDS_CELL = f"Settings!$B${ROUNDS_ROW}"
LIVE_CELL = f"Settings!$B${LIVE_ROW}"
EDITION_ARG = "Settings!$B$3:$B$5"  # the edition chosen, else the start date's (arguments.read_edition)
SETTINGS_ARGS = f"{EDITION_ARG},{TYPE_CELL}"
TAIL_ARGS = f"{UNRATED_CELL},{OPTIONS_RANGE},{ROUNDS_CELL},{LIVE_CELL}"  # unrated, settings, rounds, live
STATUS_FORMULA = f"=STATUS(Crosstable,{TYPE_CELL},{EDITION_ARG},{ROUNDS_CELL},{LIVE_CELL},{TB_RANGE})"


def tb_cell(j: int) -> str:
    return f"Settings!$B${TB_FIRST_ROW + j}"


def option_text(value: object) -> str:
    """An option's value as the Settings sheet shows it (yes / no, none, words, numbers)."""
    if isinstance(value, bool):
        return "yes" if value else "no"
    return "none" if value is None else str(value)


class CacheBlocks:
    """Hands out column blocks of the hidden Cache sheet: each spilled table keeps its last
    values there (the IFERROR fallback LibreOffice shows)."""

    def __init__(self) -> None:
        self.next_col = 1

    def take(self, rows: int, cols: int) -> str:
        first = self.next_col
        self.next_col += cols + 1
        return (f"{CACHE_SHEET}!${get_column_letter(first)}$1:"
                f"${get_column_letter(first + cols - 1)}${rows}")

    def cell(self) -> str:
        """One cell of the Cache sheet (the stored status line)."""
        first = self.next_col
        self.next_col += 2
        return f"{CACHE_SHEET}!${get_column_letter(first)}$1"


def spilled(call: str, cache: CacheBlocks, rows: int, cols: int) -> str:
    """The anchor formula of a spilled table: ``=IFERROR(call, <its block of the Cache sheet>)``."""
    return f"=IFERROR({call},{cache.take(rows, cols)})"


def build(spec: TemplateSpec) -> Workbook:
    """The template workbook for ``spec`` (no event data, no values yet)."""
    wb = Workbook()
    lay = TemplateLayout(spec)
    cache = CacheBlocks()
    ws = wb.active
    ws.title = "Crosstable"
    _crosstable(ws, lay, cache)
    _standings(wb.create_sheet("Standings"), lay, cache)
    # the status line's last value, shown where our functions do not run (IFERROR)
    ws.cell(STATUS_ROW, 1).value = f"=IFERROR({STATUS_FORMULA[1:]},{cache.cell()})"
    _settings(wb.create_sheet("Settings"), spec)
    _help(wb.create_sheet("Help"), spec)
    from .standings_sheet import write_lookup
    write_lookup(wb["Help"])
    store = wb.create_sheet(CACHE_SHEET)
    store.sheet_state = "hidden"
    if spec.runtime == "classic":
        conf = wb.create_sheet("xlwings.conf")
        conf["A1"], conf["B1"] = "UDF Modules", "xl_tiebreak.udfs"
        conf.sheet_state = "hidden"
    if spec.prizes:  # last, so the parts of the sheets before keep their names
        from .prize_sheets import CATEGORIES_SHEET, PRIZES_SHEET, Wiring, categories_sheet, prizes_sheet
        wiring = Wiring(spec.players, TB_SLOTS, STATUS_ROW, f"{TB_RANGE},{SETTINGS_ARGS}", TAIL_ARGS,
                        lambda call, rows, cols: spilled(call, cache, rows, cols), print_setup, spec.cells,
                        lambda call: f"=IFERROR({call},{cache.cell()})")
        categories_sheet(wb.create_sheet(CATEGORIES_SHEET), wiring)
        prizes_sheet(wb.create_sheet(PRIZES_SHEET), wiring)
        from .whatif_sheet import WHATIF_SHEET, whatif_sheet
        whatif_sheet(wb.create_sheet(WHATIF_SHEET), wiring)  # after Prizes: the sheets before keep their parts
    if spec.event:  # last, as the sheets above: the parts of the sheets before keep their names
        from ..ranges.event_sheet import event_rows
        event_sheet(wb, event_rows(spec.header or (), elsewhere=("012",) if spec.header is not None else HELD),
                    EVENT_NOTE if spec.header is None else TRF_EVENT_NOTE)
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text=lay.crosstable_ref())
    wb.properties.creator = "xl-tiebreak"
    wb.properties.title = spec.title or f"xl-tiebreak {spec.kind} template"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    wb.properties.lastModifiedBy = "xl-tiebreak"
    wb._xltb_cache = cache  # the teaching workbook adds its own blocks after these
    wb._xltb_runtime = spec.runtime
    return wb


def _status(ws, formula: str) -> None:
    """The status line in A3: "No problems found." or the first problems with their cells."""
    c = ws.cell(STATUS_ROW, 1, formula)
    c.font = _STATUS


def _crosstable(ws, lay: TemplateLayout, cache: CacheBlocks) -> None:
    spec = lay.spec
    ws["A1"] = spec.title or ("Swiss event" if spec.kind == "swiss" else "Round robin")
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = ("Type results in the yellow cells (point at a cell for the notation). Points, tie-breaks "
                "and places are computed; edition and tie-breaks are on the Settings sheet.")
    ws["A2"].font = _NOTE
    _status(ws, STATUS_FORMULA)  # build wraps it in IFERROR over its store, given after the tables'
    headers = lay.input_columns + [f"R{r}" for r in range(1, spec.rounds + 1)]
    for j, h in enumerate(headers, start=1):
        ws.cell(HEADER_ROW, j, h)
    for j in range(1, lay.place_col + 1):
        c = ws.cell(HEADER_ROW, j)
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
        c.alignment = Alignment(horizontal="center")
    args = f"Crosstable,{TB_RANGE},{SETTINGS_ARGS}"
    if spec.cells:
        ws.cell(HEADER_ROW, lay.pts_col, "Pts")
        for j, col in enumerate(lay.tb_cols):
            ws.cell(HEADER_ROW, col, f"={tb_cell(j)}")
        ws.cell(HEADER_ROW, lay.place_col, "Place")
    else:
        ws.cell(HEADER_ROW, lay.pts_col, spilled(f"RESULTS({args},{TAIL_ARGS})", cache,
                                                spec.players + 1, TB_SLOTS + 2))
    for row in range(FIRST_ROW, lay.late_last_row + 1):
        a = f"$A{row}"
        late = row > lay.last_row
        if spec.cells and not late:
            ws.cell(row, lay.pts_col, f'=IFERROR(SCORE({a},Crosstable,{SETTINGS_ARGS},{TAIL_ARGS}),"")')
            for j, col in enumerate(lay.tb_cols):
                ws.cell(row, col, f'=IFERROR(TIEBREAK({a},Crosstable,{tb_cell(j)},{SETTINGS_ARGS},{TB_RANGE},'
                                  f'{TAIL_ARGS}),"")')
            ws.cell(row, lay.place_col, f'=IFERROR(PLACE({a},{args},{TAIL_ARGS}),"")')
        for j in range(1, lay.last_round_col + 1):
            c = ws.cell(row, j)
            if not late:
                c.fill, c.border = _INPUT_FILL, _GRID
            if j not in (1, 4):
                c.number_format = "@"  # text: "1" stays a result, a name stays a name
            if j == 2:
                c.alignment = Alignment(shrink_to_fit=True)  # a long name is printed smaller, not cut
        ws.cell(row, lay.pts_col).number_format = "0.0"
        for j in range(lay.pts_col, lay.place_col + 1):
            if not late:
                ws.cell(row, j).border = _GRID
            ws.cell(row, j).alignment = Alignment(horizontal="right")
    late_rows(ws, lay.last_row + 1, lay.late_last_row, "A", get_column_letter(lay.place_col),
              get_column_letter(lay.last_round_col))
    last_round = get_column_letter(lay.last_round_col)
    dv = DataValidation(type="textLength", operator="lessThanOrEqual", formula1="12", allow_blank=True,
                        showInputMessage=True, showErrorMessage=True, errorStyle="warning",
                        promptTitle="Result", prompt=RESULT_PROMPT[:255],
                        errorTitle="Result", error="A result is short: 12w1, 12b½, +12, BYE, H ...")
    dv.add(f"{get_column_letter(lay.first_round_col)}{FIRST_ROW}:{last_round}{lay.late_last_row}")
    ws.add_data_validation(dv)
    widths = {1: 5, 2: 28, 3: 6, 4: 7, 5: 5, 6: 11, 7: 4, 8: 11, 9: 18}  # No .. Fed, FIDE ID, Sex, Born, Club
    for j in range(1, lay.place_col + 1):
        wide = widths[j] if j < lay.first_round_col else 7 if j <= lay.last_round_col else 8
        ws.column_dimensions[get_column_letter(j)].width = wide
    ws.freeze_panes = ws.cell(FIRST_ROW, lay.first_round_col)
    print_setup(ws, f"A1:{get_column_letter(lay.place_col)}{lay.last_row}", HEADER_ROW)


def late_rows(ws, first: int, last: int, key: str, last_col: str, input_col: Optional[str] = None) -> None:
    """Rows ``first..last`` drawn as the table's once their ``key`` column holds something (a late
    entrant): borders from column A to ``last_col``, and the input cells' colour up to
    ``input_col``. Conditional formatting, so Excel with or without the add-in and LibreOffice
    draw them alike."""
    if last < first:
        return
    holds = f'${key}{first}<>""'
    ws.conditional_formatting.add(f"A{first}:{last_col}{last}", FormulaRule(
        formula=[holds], stopIfTrue=False, border=_GRID))
    if input_col:
        ws.conditional_formatting.add(f"A{first}:{input_col}{last}", FormulaRule(
            formula=[holds], stopIfTrue=False, fill=_LATE_FILL))


def print_setup(ws, area: str, title_row: Optional[int] = None) -> None:
    """Landscape, fitted to the page width (A4; Letter fits the same way), header row repeated."""
    ws.print_area = area
    if title_row:
        ws.print_title_rows = f"{title_row}:{title_row}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False
    ws.page_margins.left = ws.page_margins.right = 0.5
    ws.page_margins.top = ws.page_margins.bottom = 0.6
    # the footer 0.2 in from the edge: at openpyxl's 0.3 LibreOffice leaves it too little height
    # and cuts the line in half
    ws.page_margins.header = ws.page_margins.footer = 0.2
    ws.oddFooter.center.text = "&A - page &P of &N"


def _standings(ws, lay: TemplateLayout, cache: CacheBlocks) -> None:
    """The notice-board page: the ranked table with each player's title, rating and federation (and,
    where the Settings row Rating figures says yes, the rating figures Rp, K, Rtg+/-: room for them
    unless ``spec.ratings`` is off) and under it the legend of the list and the notes (one spilled
    ``STANDINGS(..., page, rating_figures, rate_of_play)``), laid out for printing
    (:mod:`.standings_sheet`): portrait, one page wide. The print area is the page without the
    rating figures (as wide as before them, about 10 pt); ``recompute`` sets it to the table's width."""
    from .standings_sheet import decorate
    from ..functions.standings_page import INFO
    spec = lay.spec
    _status(ws, "=Crosstable!$A$3")
    from ...rating_card import COLUMNS as RATING_COLUMNS
    # after Title, Rtg and Fed the rating figures (Rp, K, Rtg+/-) at the rate of play of the Settings
    more = len(RATING_COLUMNS) if spec.ratings else 0
    ncols = 4 + TB_SLOTS + len(INFO) + more
    rows = spec.players + UNDER_ROWS  # the players, then the legend and the notes under them
    args = f"Crosstable,{TB_RANGE},{SETTINGS_ARGS}"
    page = f"TRUE,{FIGURES_CELL},{RATE_CELL}" if spec.ratings else "TRUE"
    if not spec.cells:
        ws.cell(HEADER_ROW, 1, spilled(f"STANDINGS({args},,,{TAIL_ARGS},{page})", cache, rows + 1, ncols))
    else:
        for i in range(0, rows + 1):
            for j in range(1, ncols + 1):
                ws.cell(HEADER_ROW + i, j, f'=IFERROR(STANDINGS({args},{i},{j},{TAIL_ARGS},{page}),"")')
    last_col = decorate(ws, HEADER_ROW, rows + LATE_ROWS, 5, TB_SLOTS, len(INFO), EDITION_CELL, f"$A${STATUS_ROW}",
                        _GRID, _BOLD, HEAD_COND_FILL, more)
    ws.freeze_panes = ws.cell(HEADER_ROW + 1, 1)
    print_setup(ws, f"A1:{get_column_letter(last_col)}{HEADER_ROW + rows}", HEADER_ROW)
    ws.page_setup.orientation = "portrait"  # 40 players and the legend on one page, at about 10 pt
    ws.page_margins.top = ws.page_margins.bottom = 0.45
    ws.page_margins.header = ws.page_margins.footer = 0.2


def _settings(ws, spec: TemplateSpec) -> None:
    ws["A1"] = "Settings"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = "Every formula of this workbook reads these cells. Yellow cells are yours to change."
    ws["A2"].font = _NOTE
    rows = [
        (3, "Edition", spec.edition or None, "Empty: the edition in force at the start date (B5), as the "
                                              "regulations apply. Or choose one: " + ", ".join(EDITIONS) + "."),
        (4, "Type", spec.kind, "swiss or round-robin."),
        (5, "Start date", spec.start_date or None, "YYYY-MM-DD; kept in the TRF file written back."),
    ]
    for r, label, value, note in rows:
        ws.cell(r, 1, label).font = _BOLD
        ws.cell(r, 2, value).fill = _INPUT_FILL
        _note(ws, r, note)
    ed = DataValidation(type="list", formula1='"' + ",".join(EDITIONS) + '"', allow_blank=True)
    ed.add("B3")
    ty = DataValidation(type="list", formula1='"swiss,round-robin"', allow_blank=True)
    ty.add("B4")
    ws.add_data_validation(ed)
    ws.add_data_validation(ty)
    ws.cell(6, 1, "Tie-breaks, in order").font = _BOLD
    _note(ws, 6, "FIDE codes such as BH/C1, BH, SB, DE, WIN, ARO; the Help sheet lists them all.")
    tbs = list(spec.tiebreaks) + [""] * TB_SLOTS
    for j in range(TB_SLOTS):
        ws.cell(TB_FIRST_ROW + j, 1, j + 1)
        c = ws.cell(TB_FIRST_ROW + j, 2, tbs[j] or None)
        c.fill = _INPUT_FILL
        c.number_format = "@"
    ws.cell(ROUNDS_ROW, 1, "Rounds").font = _BOLD
    c = ws.cell(ROUNDS_ROW, 2, spec.event_rounds)
    c.fill = _INPUT_FILL
    _note(ws, ROUNDS_ROW, "The event's number of rounds (standings say after round k of this; the TRF file says "
                          "it). Empty: the crosstable's round columns.")
    _choice_row(ws, LIVE_ROW, "Live standings", "no", "no,yes",
                "no: standings after the last complete round; yes: with the finished games of the round in "
                "progress, labelled live (points and tie-breaks over the games finished; a game not in yet does "
                "not count).")
    ws.cell(UNRATED_ROW, 1, "Rating for unrated players").font = _BOLD
    ws.cell(UNRATED_ROW, 2).fill = _INPUT_FILL
    _note(ws, UNRATED_ROW, "Empty: the FIDE rule (with an unrated player the rating tie-breaks ARO, TPR, APRO, PTP "
                           "are left out). A rating from 1 to 3999 is given to every unrated player instead.")
    ws.cell(OPTIONS_HEAD_ROW, 1, "Choices the rules leave open").font = _BOLD
    ws.cell(OPTIONS_HEAD_ROW, 2, "Value").font = _BOLD
    ws.cell(OPTIONS_HEAD_ROW, 3, "What it means (the default is the first word)").font = _BOLD
    for k, name in enumerate(OPTION_NAMES, start=OPTIONS_HEAD_ROW + 1):
        ws.cell(k, 1, name)
        c = ws.cell(k, 2, option_text(getattr(DEFAULT_OPTIONS, name)))
        c.fill = _INPUT_FILL
        c.number_format = "@"
        _note(ws, k, OPTION_NOTES.get(name, ""))
    _choice_row(ws, RATE_ROW, "Rate of play", spec.rate or None, "standard,rapid,blitz",
                "standard, rapid or blitz: the FIDE rating rules of the Standings sheet's Rp, K and Rtg+/- (B.02 "
                "1.1; RB 7.3.1). Empty: standard, assumed and said, as the command line does for a file without a "
                "time control (TRF record 222).")
    if spec.ratings:
        _choice_row(ws, FIGURES_ROW, "Rating figures", "yes" if spec.rating_figures else "no", "no,yes",
                    "yes: the Standings sheet shows each player's Rp, K and Rtg+/- after Fed, with their legend "
                    "(the page prints smaller, about 8 pt); no: not (as standings without --rating-change).")
    _pairing_rows(ws, spec)
    ws.column_dimensions["A"].width = 26
    ws.column_dimensions["B"].width = 14
    ws.column_dimensions["C"].width = 90
    fit_heights(ws, 3, 90, [*range(3, OPTIONS_HEAD_ROW + len(OPTION_NAMES) + 1), RATE_ROW, FIGURES_ROW,
                             *range(PAIRING_HEAD_ROW, PAIRING_HEAD_ROW + 4)])
    print_setup(ws, f"A1:C{PAIRING_HEAD_ROW + 3}")


def _pairing_rows(ws, spec: TemplateSpec) -> None:
    """The Swiss pairing's choices, as ``pair`` takes them on the command line (which overrides
    them): forbidden pairs (C.04.1 leaves them to the event's rules), Baku acceleration (C.04.7)
    and the colour drawn for round 1 (C.04.3 art. 5.1); a TRF's (``spec.pairing``) filled in."""
    cells = spec.pairing or TrfPairingCells()
    from ..ranges.pairing_settings import BAKU_LABEL, COLOUR_LABEL, FORBID_LABEL
    ws.cell(PAIRING_HEAD_ROW, 1, "Pairing a Swiss round").font = _BOLD
    _note(ws, PAIRING_HEAD_ROW, "Read by xl-tiebreak pair, PAIRING and PAIR_NEXT_ROUND (the Dutch system, C.04.3); "
                                "an option of the pair command overrides its cell. A round robin is paired by its "
                                "Berger table: leave these empty.")
    rows = [
        (FORBID_LABEL, cells.forbid, "Start numbers that may not meet (same family or club), e.g. 12-15; 3-7. Empty: none."),
        (BAKU_LABEL, "yes" if cells.baku else "no",
         "yes: Baku acceleration (C.04.7), virtual points for the first half of the start list in the first half of "
         "the rounds, for pairing only (standings never count them)."),
        (COLOUR_LABEL, cells.colour,
         "white or black: the colour drawn by lot for the top seed in round 1 (C.04.3 art. 5.1). Empty: White in "
         "round 1, then as round 1 was played."),
    ]
    for k, (label, value, note) in enumerate(rows, start=PAIRING_HEAD_ROW + 1):
        ws.cell(k, 1, label).font = _BOLD
        c = ws.cell(k, 2, value)
        c.fill = _INPUT_FILL
        c.number_format = "@"  # (12-15 in a General cell would become a date)
        _note(ws, k, note)
    for row, choices in ((PAIRING_HEAD_ROW + 2, "no,yes"), (PAIRING_HEAD_ROW + 3, "white,black")):
        dv = DataValidation(type="list", formula1=f'"{choices}"', allow_blank=True)
        dv.add(f"B{row}")
        ws.add_data_validation(dv)


def _note(ws, row: int, text: str) -> None:
    """What a Settings row means, in column C: small italics, wrapped inside the printed page."""
    ws.cell(row, 3, text).font = _NOTE
    ws.cell(row, 3).alignment = Alignment(wrap_text=True, vertical="top")


def _choice_row(ws, row: int, label: str, value: Optional[str], choices: str, note: str) -> None:
    """A Settings row of label, value (an input cell offering ``choices``, comma-separated) and what
    it means."""
    ws.cell(row, 1, label).font = _BOLD
    ws.cell(row, 2, value).fill = _INPUT_FILL
    _note(ws, row, note)
    dv = DataValidation(type="list", formula1=f'"{choices}"', allow_blank=True)
    dv.add(f"B{row}")
    ws.add_data_validation(dv)


#: the characters a worksheet cell cannot hold (XML 1.0 has no place for them; openpyxl refuses them)
_NOT_IN_A_CELL = re.compile("[\x00-\x08\x0b\x0c\x0e-\x1f]")


def cell_text(value: str) -> str:
    """Text as a worksheet cell holds it: a control character XML cannot carry dropped (NUL, ESC,
    ...; VT and FF, line breaks, a space), as a name's reader cleans it
    (:mod:`xl_tiebreak.name_text`); a name, cleaned already, passes unchanged, so the workbook
    shows the name every other output shows."""
    return _NOT_IN_A_CELL.sub(lambda m: " " if m.group() in "\x0b\x0c" else "", value)


#: the records a template holds outside its Event sheet: the event's name (the Crosstable's title),
#: the start date and the type (Settings)
HELD = ("012", "042", "092")
EVENT_NOTE = ("The event's header for the FIDE rating report, written by xl-tiebreak export-trf (TRF records): "
              "fill in every row. The event's name is the Crosstable's title (A1), the start date and the type "
              "are Settings!B5 and B4; the number of players and of rated players are counted.")
TRF_EVENT_NOTE = ("The event's TRF header, written back by xl-tiebreak export-trf. The event's name is the "
                  "Crosstable's title (A1); Settings!B5 is the start date the rules follow; the tie-breaks and rounds "
                  "are on the Settings sheet.")


def event_sheet(wb: Workbook, rows: Sequence[tuple[str, str, str]], note: str) -> None:
    """The ``Event`` sheet, last: the TRF header records (label | value | record code | how to write
    it), written back by export-trf (see :mod:`.ranges.event_sheet`); values are text, never formulas."""
    from ..ranges.event_sheet import FIRST_ROW as first, HINTS, SHEET
    ws = wb.create_sheet(SHEET)
    ws["A1"] = "Event"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = note
    ws["A2"].font = _NOTE
    ws["A2"].alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells("A2:D2")
    ws.row_dimensions[2].height = 45
    for j, head in enumerate(("Field", "Value", "TRF record", "How to write it"), start=1):
        c = ws.cell(first - 1, j, head)
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
    for i, (label, value, code) in enumerate(rows, start=first):
        ws.cell(i, 1, label).font = _BOLD
        c = ws.cell(i, 2)
        c.fill, c.number_format = _INPUT_FILL, "@"
        if value[:1] != " ":  # a long value is shown smaller, not cut (a TRF's 132 stands at its columns)
            c.alignment = Alignment(shrink_to_fit=True)
        if value:
            c.value, c.data_type = cell_text(value), "s"
        ws.cell(i, 3, code).font = _NOTE
        if code in HINTS:
            ws.cell(i, 4, HINTS[code]).font = _NOTE
    ws.column_dimensions["A"].width = 18
    ws.column_dimensions["B"].width = 80
    ws.column_dimensions["C"].width = 11
    ws.column_dimensions["D"].width = 48
    print_setup(ws, f"A1:D{max(first + len(rows) - 1, first)}")


def fit_heights(ws, col: int, width: float, rows: Sequence[int]) -> None:
    """Give the rows whose text in ``col`` wraps the height of their lines (openpyxl writes no
    heights, and LibreOffice keeps a wrapped row one line high)."""
    per_line = max(int(width * 1.1), 10)
    for r in rows:
        text = str(ws.cell(r, col).value or "")
        lines = max(1, -(-len(text) // per_line))
        if lines > 1:
            ws.row_dimensions[r].height = 15 * lines


def plain(text: str) -> str:
    """A docstring's first paragraph as one plain sentence (no reStructuredText markup)."""
    para = (text or "").strip().split("\n\n")[0]
    para = re.sub(r"``([^`]*)``", r"\1", " ".join(para.split()))
    return re.sub(r":[a-z]+:`~?([^`]*)`", r"\1", para)


def _help(ws, spec: TemplateSpec) -> None:
    ws["A1"] = "How to use this workbook"
    ws["A1"].font = Font(bold=True, size=14)
    form = ("Each table is one formula that spills (Excel 365 and Excel 2021 or later)."
            if not spec.cells else
            "Every value is its own formula (this form works in Excel 2010 and later).")
    lines: list[tuple[str, str]] = [
        ("", ""),
        ("Results", "Type one result per round cell on the Crosstable sheet, in the notation below."),
        ("12w1", "Won with White against player 12."),
        ("12b½, 12b= or 12b0.5", "Drew with Black against player 12."),
        ("12w0", "Lost with White against player 12."),
        ("+12 and -12", "Forfeit win and forfeit loss against player 12 (the game was not played)."),
        ("--12", "Double forfeit against player 12."),
        ("BYE (or U)", "Pairing-allocated bye (Swiss only; in a round robin it is an error)."),
        ("F, H and Z", "Full-point, half-point and zero-point bye."),
        ("-", "Absent, not paired; in a round robin, the round a player sits out."),
        ("WD", "Withdrew: this round and every later one stay unplayed."),
        ("12w and 12b", "Paired with player 12, the result still to come (the round is in progress)."),
        ("12w+ and 12b-", "Forfeit win and forfeit loss as chess-results and Swiss-Manager write them (12+ and 12- "
                          "without a colour): the same as +12w and -12b."),
        ("12s1", "s (German schwarz) is Black, as chess-results' German pages write it: 12s1 is 12b1."),
        ("-½ and -0", "chess-results' half-point bye (H) and round not paired (-); -½ may be written -= or -0.5. "
                      "-0 is read as text only (these cells are text): a spreadsheet makes the number 0 of it "
                      "elsewhere, and 0 is refused (see 0)."),
        ("0", "Not a result, refused with the cell named: a loss needs its opponent (12w0; -12 for a forfeit "
              "loss), a round not paired is -, and a formula should give \"\" for a result not in yet."),
        ("-1", "Forfeit loss against player 1, as -12 against 12. chess-results writes -1 for a point without a "
               "game: write BYE (or F) for it here; a -1 that player 1's row does not answer is reported so."),
        ("(empty)", "Not entered yet. In the round being played, an empty cell is a game not in yet: "
                    "the standings stay those after the last complete round until it is in (write - "
                    "for a player who is absent). A game typed on one side only counts when its other "
                    "side is typed too (the status line names the empty cell)."),
        ("", ""),
        ("Status line", "The line above each table says after which round the standings are, or "
                        "names the first cells to correct. While the crosstable has an error, each "
                        "table shows #ERROR: with the cell instead of figures."),
        ("Formulas", form),
        ("", ""),
        ("Functions", "The first argument is the start number, then the crosstable, then the "
                      "optional edition and type."),
    ]
    for name in sorted(group(INDIVIDUAL)):  # the team workbook's Help lists the team functions
        lines.append((name, plain(description(name))))
    lines += [("", ""), ("Tie-break codes", "For TIEBREAK and the tie-break list of the Settings sheet.")]
    lines += [(r.name, r.legend[:1].upper() + r.legend[1:] + ("" if r.legend.endswith(".") else "."))
              for r in registry.rows().values()]
    lines += [("", ""), ("Editions", "The rule edition of the Settings sheet.")]
    lines += [(e.name, e.title + ("" if e.title.endswith(".") else ".")) for e in EDITIONS.values()]
    lines += [("", ""), ("Without Excel", "The command xl-tiebreak recompute BOOK.xlsx fills in every "
                         "value; xl-tiebreak compute BOOK.xlsx prints them.")]
    for i, (a, b) in enumerate(lines, start=2):
        ws.cell(i, 1, a).font = _BOLD
        c = ws.cell(i, 2, b)
        c.alignment = Alignment(wrap_text=True, vertical="top")
        ws.cell(i, 1).alignment = Alignment(vertical="top")
    ws.column_dimensions["A"].width = 24
    ws.column_dimensions["B"].width = 110
    fit_heights(ws, 2, 110, range(2, len(lines) + 2))
    print_setup(ws, f"A1:B{len(lines) + 1}")


_OUR_CALL = re.compile(r"(?<![A-Za-z0-9_.])(" + "|".join(sorted(FUNCTIONS, key=len, reverse=True)) + r")\s*\(")


def lite_names(wb: Workbook) -> None:
    """Write every call of our functions as Excel saves a JavaScript custom function (xlwings
    Lite's functions are ones): ``_xldudf_STANDINGS(...)``. Excel binds such a name to the add-in's
    function when the add-in has registered it; the classic add-in's VBA functions are saved
    without a prefix."""
    for ws in wb.worksheets:
        for row in ws.iter_rows():
            for c in row:
                v = c.value
                if isinstance(v, str) and v.startswith("="):
                    c.value = _OUR_CALL.sub(r"_xldudf_\1(", v)
                elif isinstance(v, ArrayFormula) and v.text:
                    v.text = _OUR_CALL.sub(r"_xldudf_\1(", v.text)


def to_bytes(wb: Workbook) -> bytes:
    """Save deterministically: openpyxl's output with every zip entry time fixed."""
    if getattr(wb, "_xltb_runtime", "classic") == "lite":
        lite_names(wb)
    raw = io.BytesIO()
    wb.save(raw)
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(raw.getvalue())) as src, \
            zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "docProps/core.xml":  # openpyxl stamps the save time here
                data = re.sub(rb"(<dcterms:modified[^>]*>)[^<]*(</dcterms:modified>)",
                              rb"\g<1>" + FIXED_TIME.strftime("%Y-%m-%dT%H:%M:%SZ").encode() + rb"\g<2>", data)
            fixed = zipfile.ZipInfo(info.filename, date_time=FIXED_TIME.timetuple()[:6])
            fixed.compress_type = zipfile.ZIP_DEFLATED
            fixed.external_attr = info.external_attr
            dst.writestr(fixed, data)
    return out.getvalue()


def with_values(data: bytes) -> bytes:
    """A freshly generated workbook with its values filled in and its tables written as spills
    (dynamic arrays), through the headless recompute."""
    from ..recompute.cached_values import recompute_bytes
    return recompute_bytes(data)[0]


def template_bytes(kind: str, players: Optional[int] = None, rounds: Optional[int] = None,
                   cells: bool = False, runtime: str = "classic", player_fields: bool = False) -> bytes:
    """The template of ``kind`` ("swiss" or "round-robin"), spilled or with one-cell formulas,
    for the classic add-in or xlwings Lite (``runtime``); ``player_fields``: with the FIDE ID |
    Sex | Born columns after Fed (what women and age categories read)."""
    spec = default_spec(kind)
    if players:
        spec.players = players
        if kind == "round-robin":  # everyone meets everyone: n - 1 rounds, n with an odd number
            spec.event_rounds = players - 1 if players % 2 == 0 else players
            spec.rounds = spec.event_rounds
    if rounds:
        spec.rounds = rounds
    spec.cells = cells
    spec.runtime = runtime
    spec.identity = player_fields
    return with_values(to_bytes(build(spec)))
