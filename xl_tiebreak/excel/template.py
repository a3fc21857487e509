"""Workbook templates (generated with openpyxl, committed under ``workbook_templates/``).

Sheets: ``Crosstable`` (input rows, defined name ``Crosstable``, result-cell validation with an
input message, computed Pts / tie-breaks / Place by per-cell formulas, frozen panes, print
setup), ``Standings`` (sorted by per-cell formulas), ``Settings`` (edition, type, tie-break list,
read by the formulas), ``Help`` and a hidden ``xlwings.conf`` naming the UDF module.

The output is deterministic (fixed document dates and zip entry times), so a test can prove the
committed files equal what the generator makes now.
"""

from __future__ import annotations

import io
import re
import zipfile
from dataclasses import dataclass, field
from datetime import datetime
from typing import Optional, Sequence

from openpyxl import Workbook
from openpyxl.styles import Alignment, Border, Font, PatternFill, Side
from openpyxl.utils import get_column_letter
from openpyxl.workbook.defined_name import DefinedName
from openpyxl.worksheet.datavalidation import DataValidation

from ..descriptor import NAMES
from ..editions import EDITIONS
from ..excel.functions import FUNCTIONS

FIXED_TIME = datetime(2026, 3, 1, 0, 0, 0)
HEADER_ROW = 4
FIRST_ROW = HEADER_ROW + 1
TB_SLOTS = 6
INPUT_COLUMNS = ["No", "Name", "Title", "Rating", "Fed"]
SWISS_TIEBREAKS = ["BH/C1", "BH", "SB", "DE", "WIN", "BPG"]
ROUND_ROBIN_TIEBREAKS = ["DE", "SB", "WIN", "KS", "BWG", "BPG"]
RESULT_PROMPT = ("12w1 won with White against 12; 12b½ (or 12b=) drew with Black; 12w0 lost. "
                 "+12 / -12 forfeit win / loss; --12 double forfeit. BYE pairing bye, F full-point "
                 "bye, H half-point bye, Z zero-point bye, - absent, WD withdrew; empty: not played.")

_BOLD = Font(bold=True)
_HEAD_FILL = PatternFill("solid", fgColor="DDE6F0")
_INPUT_FILL = PatternFill("solid", fgColor="FFFBEA")
_THIN = Side(style="thin", color="B0B0B0")
_GRID = Border(left=_THIN, right=_THIN, top=_THIN, bottom=_THIN)


@dataclass
class Spec:
    """What a template holds: its type, size, default settings, and optionally an event."""

    kind: str = "swiss"
    players: int = 400
    rounds: int = 11
    edition: str = "fide2026"
    tiebreaks: Sequence[str] = field(default_factory=lambda: list(SWISS_TIEBREAKS))
    title: str = ""
    start_date: str = ""


def default_spec(kind: str) -> Spec:
    """The committed templates: a Swiss for an open of up to 400 players and 11 rounds, a round
    robin of up to 20 players (19 rounds)."""
    if kind == "round-robin":
        return Spec("round-robin", 20, 19, tiebreaks=list(ROUND_ROBIN_TIEBREAKS))
    return Spec("swiss", 400, 11)


class Layout:
    """Where everything of a template is (1-based rows and columns)."""

    def __init__(self, spec: Spec) -> None:
        self.spec = spec
        self.first_round_col = len(INPUT_COLUMNS) + 1
        self.last_round_col = self.first_round_col + spec.rounds - 1
        self.pts_col = self.last_round_col + 1
        self.tb_cols = [self.pts_col + 1 + j for j in range(TB_SLOTS)]
        self.place_col = self.tb_cols[-1] + 1
        self.last_row = HEADER_ROW + spec.players

    def crosstable_ref(self) -> str:
        return (f"Crosstable!$A${HEADER_ROW}:${get_column_letter(self.last_round_col)}${self.last_row}")


# Settings sheet cells
EDITION_CELL = "Settings!$B$3"
TYPE_CELL = "Settings!$B$4"
START_CELL = "Settings!$B$5"
TB_FIRST_ROW = 7
TB_RANGE = f"Settings!$B${TB_FIRST_ROW}:$B${TB_FIRST_ROW + TB_SLOTS - 1}"


def tb_cell(j: int) -> str:
    return f"Settings!$B${TB_FIRST_ROW + j}"


def build(spec: Spec) -> Workbook:
    """The template workbook for ``spec`` (no event data)."""
    wb = Workbook()
    lay = Layout(spec)
    ws = wb.active
    ws.title = "Crosstable"
    _crosstable(ws, lay)
    _standings(wb.create_sheet("Standings"), lay)
    _settings(wb.create_sheet("Settings"), spec)
    _help(wb.create_sheet("Help"))
    conf = wb.create_sheet("xlwings.conf")
    conf["A1"], conf["B1"] = "UDF Modules", "xl_tiebreak.udfs"
    conf.sheet_state = "hidden"
    wb.defined_names["Crosstable"] = DefinedName("Crosstable", attr_text=lay.crosstable_ref())
    wb.properties.creator = "xl-tiebreak"
    wb.properties.title = spec.title or f"xl-tiebreak {spec.kind} template"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    wb.properties.lastModifiedBy = "xl-tiebreak"
    return wb


def _crosstable(ws, lay: Layout) -> None:
    spec = lay.spec
    ws["A1"] = spec.title or ("Swiss event" if spec.kind == "swiss" else "Round robin")
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = ("Type results in the yellow cells (hover a cell for the notation). Points, tie-breaks "
                "and places are computed; edition and tie-breaks are on the Settings sheet.")
    ws["A2"].font = Font(italic=True, color="555555")
    headers = INPUT_COLUMNS + [f"R{r}" for r in range(1, spec.rounds + 1)] + ["Pts"]
    for j, h in enumerate(headers, start=1):
        c = ws.cell(HEADER_ROW, j, h)
    for j, col in enumerate(lay.tb_cols):
        ws.cell(HEADER_ROW, col, f"={tb_cell(j)}")
    ws.cell(HEADER_ROW, lay.place_col, "Place")
    for j in range(1, lay.place_col + 1):
        c = ws.cell(HEADER_ROW, j)
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
        c.alignment = Alignment(horizontal="center")
    last_round = get_column_letter(lay.last_round_col)
    for row in range(FIRST_ROW, lay.last_row + 1):
        a = f"$A{row}"
        ws.cell(row, lay.pts_col, f"=SCORE({a},Crosstable,{EDITION_CELL},{TYPE_CELL})").number_format = "0.0"
        for j, col in enumerate(lay.tb_cols):
            ws.cell(row, col, f"=TIEBREAK({a},Crosstable,{tb_cell(j)},{EDITION_CELL},{TYPE_CELL},{TB_RANGE})")
        ws.cell(row, lay.place_col, f"=PLACE({a},Crosstable,{TB_RANGE},{EDITION_CELL},{TYPE_CELL})")
        for j in range(1, lay.last_round_col + 1):
            c = ws.cell(row, j)
            c.fill, c.border = _INPUT_FILL, _GRID
            if j >= lay.first_round_col or j in (2, 3, 5):
                c.number_format = "@"  # text: "1" stays a result, a name stays a name
        for j in range(lay.pts_col, lay.place_col + 1):
            ws.cell(row, j).border = _GRID
            ws.cell(row, j).alignment = Alignment(horizontal="right")
    dv = DataValidation(type="textLength", operator="lessThanOrEqual", formula1="12", allow_blank=True,
                        showInputMessage=True, showErrorMessage=True, errorStyle="warning",
                        promptTitle="Result", prompt=RESULT_PROMPT[:255],
                        errorTitle="Result", error="A result is short: 12w1, 12b½, +12, BYE, H ...")
    dv.add(f"{get_column_letter(lay.first_round_col)}{FIRST_ROW}:{last_round}{lay.last_row}")
    ws.add_data_validation(dv)
    widths = {1: 5, 2: 28, 3: 6, 4: 7, 5: 5}
    for j in range(1, lay.place_col + 1):
        ws.column_dimensions[get_column_letter(j)].width = widths.get(j, 7 if j <= lay.last_round_col else 8)
    ws.freeze_panes = ws.cell(FIRST_ROW, lay.first_round_col)
    _print_setup(ws, f"A1:{get_column_letter(lay.place_col)}{lay.last_row}")


def _print_setup(ws, area: str) -> None:
    ws.print_area = area
    ws.print_title_rows = f"{HEADER_ROW}:{HEADER_ROW}"
    ws.page_setup.orientation = "landscape"
    ws.page_setup.paperSize = ws.PAPERSIZE_A4
    ws.page_setup.fitToWidth = 1
    ws.page_setup.fitToHeight = 0
    ws.sheet_properties.pageSetUpPr.fitToPage = True
    ws.print_options.gridLines = False


def _standings(ws, lay: Layout) -> None:
    spec = lay.spec
    ws["A1"] = "Standings"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = "Sorted by points and the tie-breaks of the Settings sheet; equal places are shared (3-5)."
    ws["A2"].font = Font(italic=True, color="555555")
    ncols = 4 + TB_SLOTS
    args = f"Crosstable,{TB_RANGE},{EDITION_CELL},{TYPE_CELL}"
    for j in range(1, ncols + 1):
        c = ws.cell(HEADER_ROW, j, f"=STANDINGS({args},0,{j})")
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
        c.alignment = Alignment(horizontal="center")
    for i in range(1, spec.players + 1):
        for j in range(1, ncols + 1):
            c = ws.cell(HEADER_ROW + i, j, f"=STANDINGS({args},{i},{j})")
            c.border = _GRID
            if j == 4:
                c.number_format = "0.0"
            if j != 3:
                c.alignment = Alignment(horizontal="right")
    for j, w in enumerate([6, 5, 28, 6] + [8] * TB_SLOTS, start=1):
        ws.column_dimensions[get_column_letter(j)].width = w
    ws.freeze_panes = ws.cell(HEADER_ROW + 1, 1)
    _print_setup(ws, f"A1:{get_column_letter(ncols)}{HEADER_ROW + spec.players}")


def _settings(ws, spec: Spec) -> None:
    ws["A1"] = "Settings"
    ws["A1"].font = Font(bold=True, size=14)
    rows = [
        (3, "Edition", spec.edition, "FIDE rule edition: " + ", ".join(EDITIONS)),
        (4, "Type", spec.kind, "swiss or round-robin"),
        (5, "Start date", spec.start_date or None, "YYYY-MM-DD (kept in the TRF written back)"),
    ]
    for r, label, value, note in rows:
        ws.cell(r, 1, label).font = _BOLD
        ws.cell(r, 2, value).fill = _INPUT_FILL
        ws.cell(r, 3, note).font = Font(italic=True, color="555555")
    ed = DataValidation(type="list", formula1='"' + ",".join(EDITIONS) + '"', allow_blank=True)
    ed.add("B3")
    ty = DataValidation(type="list", formula1='"swiss,round-robin"', allow_blank=True)
    ty.add("B4")
    ws.add_data_validation(ed)
    ws.add_data_validation(ty)
    ws.cell(6, 1, "Tie-breaks, in order (FIDE codes: BH/C1, BH, SB, DE, WIN, ARO, ...)").font = _BOLD
    tbs = list(spec.tiebreaks) + [""] * TB_SLOTS
    for j in range(TB_SLOTS):
        ws.cell(TB_FIRST_ROW + j, 1, j + 1)
        c = ws.cell(TB_FIRST_ROW + j, 2, tbs[j] or None)
        c.fill = _INPUT_FILL
        c.number_format = "@"
    ws.column_dimensions["A"].width = 12
    ws.column_dimensions["B"].width = 14
    ws.column_dimensions["C"].width = 60


def _help(ws) -> None:
    ws["A1"] = "How to use this workbook"
    ws["A1"].font = Font(bold=True, size=14)
    lines: list[tuple[str, str]] = [
        ("", ""),
        ("Notation", "Type one result per round cell:"),
        ("12w1", "won with White against player 12"),
        ("12b½ / 12b= / 12b0.5", "drew with Black against 12"),
        ("12w0", "lost with White against 12"),
        ("+12 / -12", "forfeit win / forfeit loss against 12 (the game was not played)"),
        ("--12", "double forfeit against 12"),
        ("BYE (or U)", "pairing-allocated bye"),
        ("F / H / Z", "full-point / half-point / zero-point bye"),
        ("-", "absent, not paired"),
        ("WD", "withdrew: this round and every later one stay unplayed"),
        ("12w / 12b", "paired with 12, result still to come"),
        ("(empty)", "not played yet"),
        ("", ""),
        ("Functions", "First argument the start number, then the crosstable, then optional edition and type"),
    ]
    for name in sorted(FUNCTIONS):
        doc = (FUNCTIONS[name].__doc__ or "").strip().splitlines()[0]
        lines.append((name, doc))
    lines += [("", ""), ("Tie-break codes", "for TIEBREAK and the Settings sheet")]
    lines += [(code, text) for code, text in NAMES.items()]
    lines += [("", ""), ("Editions", "")]
    lines += [(e.name, e.title) for e in EDITIONS.values()]
    lines += [("", ""), ("Without Excel", "xl-tiebreak recompute BOOK.xlsx fills in every value; "
                         "xl-tiebreak compute BOOK.xlsx prints them")]
    for i, (a, b) in enumerate(lines, start=2):
        ws.cell(i, 1, a).font = _BOLD
        ws.cell(i, 2, b)
    ws.column_dimensions["A"].width = 24
    ws.column_dimensions["B"].width = 100


def to_bytes(wb: Workbook) -> bytes:
    """Save deterministically: openpyxl's output with every zip entry time fixed."""
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


def template_bytes(kind: str, players: Optional[int] = None, rounds: Optional[int] = None) -> bytes:
    spec = default_spec(kind)
    if players:
        spec.players = players
    if rounds:
        spec.rounds = rounds
    return to_bytes(build(spec))
