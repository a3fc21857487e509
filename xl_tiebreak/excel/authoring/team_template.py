"""The team workbook (issue 23): generated with openpyxl, committed as
``workbook_templates/xl-tiebreak-team.xlsx``; ``workbook`` fills it from a team TRF.

Sheets, for an arbiter typing round by round:

* ``Matches``: a status line (``TEAM_STATUS``), then one row per match and round: ``Rd | Home |
  Away | Forfeit | B1 .. Bn`` (board results from the home team's side: ``1-0``, ``½-½``, ``0-1``,
  ``+-``/``-+`` forfeits, ``--``) ``| Home 1 .. n | Away 1 .. n`` (the line-ups: start numbers;
  empty = the roster order), and beside them one spilled ``MATCH_SCORES`` (the match score in
  game points and the match points of each side, row for row);
* ``Teams``: one row per player in board order: ``Team | Team name | No | Name | Title | Rating |
  Fed | FIDE ID | Sex | Born``;
* ``Standings``: the status line and one spilled ``TEAM_STANDINGS`` (Rk, No, Team, MP, GP and
  the tie-breaks), with the event's name and the tie-break list above it;
* ``Settings``: label | value | what it means (:data:`~xl_tiebreak.excel.ranges.team_ranges.SETTING_LABELS`)
  and the tie-break list; ``Help`` (:mod:`.team_help`); a hidden ``Cache`` (the values LibreOffice and Excel without
  the add-in show) and ``xlwings.conf``.

Defined names: ``Teams``, ``Matches``, ``TeamSettings`` (Settings!A3:B16) and ``TeamTiebreaks``;
every formula reads them, so the tables can grow by redefining the names. Four calls of our
functions per recalculation, whatever the size.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from openpyxl import Workbook  # type: ignore[import-untyped]
from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]
from openpyxl.styles.numbers import NumberFormat  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]
from openpyxl.workbook.defined_name import DefinedName  # type: ignore[import-untyped]
from openpyxl.worksheet.datavalidation import DataValidation  # type: ignore[import-untyped]

from ...editions import EDITIONS
from ...errors import InputError
from ...model import Kind
from ...teams import ABSENT, BYE, FORFEITED, PAB, PLAYED, TeamEvent
from ...trf.team_writer import TEAM_HEADER_RECORDS
from ..ranges.event_sheet import event_rows
from ..xlsx.safe_write import atomic_write
from .template import (CACHE_SHEET, FIXED_TIME, HELD, TRF_EVENT_NOTE, CacheBlocks, cell_text, event_sheet,
                       fit_heights, print_setup, spilled, to_bytes, with_values)
from .standings_sheet import ALIGNED, BY_DECIMALS, FORMAT_IDS, decimals_formula
from .styles import BOLD, GRID, HEAD_COND_FILL, HEAD_FILL, INPUT_FILL, NOTE, STATUS
from .team_help import help_sheet, team_lookup_range

HEADER_ROW = 4
FIRST_ROW = HEADER_ROW + 1
STATUS_ROW = 3
TB_SLOTS = 6
SETTINGS_FIRST, SETTINGS_LAST = 3, 16
TB_FIRST_ROW = 18
TEAM_COLUMNS = ["Team", "Team name", "No", "Name", "Title", "Rating", "Fed", "FIDE ID", "Sex", "Born"]
MATCH_FIXED = ["Rd", "Home", "Away", "Forfeit"]
STATUS_FORMULA = "TEAM_STATUS(Matches,Teams,TeamSettings,TeamTiebreaks)"
ARGS = "Matches,Teams,TeamSettings"

_TO_COME_FILL = PatternFill("solid", start_color="FFD8A8", end_color="FFD8A8")  # a board result still to come
_BOLD, _NOTE, _STATUS, _HEAD_FILL, _HEAD_COND_FILL, _INPUT_FILL, _GRID = (BOLD, NOTE, STATUS, HEAD_FILL,
                                                                         HEAD_COND_FILL, INPUT_FILL, GRID)


@dataclass
class TeamSpec:
    """What a team workbook holds: boards, rounds, room for players and matches, settings."""

    boards: int = 4
    rounds: int = 11
    player_rows: int = 400
    match_rows: int = 300
    title: str = ""
    edition: str = ""
    start_date: str = ""
    tiebreaks: Sequence[str] = field(default_factory=lambda: list(default_team_list()))
    match_values: tuple[Any, Any, Any] = (2, 1, 0)
    primary: str = "MP"
    pab: tuple[Any, Any] = (None, None)  # match points, game points (None: a won match, every board won)
    colours: str = ""
    kind: str = "swiss"
    header: Optional[Sequence[str]] = None  # a TRF's header records for the Event sheet (None: a template's)
    forbid: Optional[str] = None  # Forbidden pairs (team numbers): a TRF's 260 pairs of every round


def default_team_list() -> list[str]:
    """The engine's default team list (the Olympiad order relative to the primary score)."""
    from ...team_engine import DEFAULT_TEAM_LIST
    from ...descriptor import parse_team
    return [parse_team(c).code for c in DEFAULT_TEAM_LIST][:TB_SLOTS]


def match_headers(boards: int) -> list[str]:
    return (MATCH_FIXED + [f"B{b}" for b in range(1, boards + 1)] + [f"Home {b}" for b in range(1, boards + 1)]
            + [f"Away {b}" for b in range(1, boards + 1)])


def _head(ws, row: int, headers: Sequence[str]) -> None:
    for j, h in enumerate(headers, start=1):
        c = ws.cell(row, j, h)
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
        c.alignment = Alignment(horizontal="center", shrink_to_fit=True)


def build_team(spec: TeamSpec) -> Workbook:
    """The team workbook for ``spec`` (no event data, no values yet)."""
    wb = Workbook()
    cache = CacheBlocks()
    ms = wb.active
    ms.title = "Matches"
    _matches(ms, spec, cache)
    _teams(wb.create_sheet("Teams"), spec, cache)
    _standings(wb.create_sheet("Standings"), spec, cache)
    ms.cell(STATUS_ROW, 1).value = f"=IFERROR({STATUS_FORMULA},{cache.cell()})"
    ms.cell(STATUS_ROW, 1).font = _STATUS
    _settings(wb.create_sheet("Settings"), spec)
    help_sheet(wb.create_sheet("Help"))
    wb.create_sheet(CACHE_SHEET).sheet_state = "hidden"
    conf = wb.create_sheet("xlwings.conf")
    conf["A1"], conf["B1"] = "UDF Modules", "xl_tiebreak.udfs"
    conf.sheet_state = "hidden"
    if spec.header is None:  # a template: the rating report's fields to fill in (name, date, type: Settings)
        event_sheet(wb, event_rows((), elsewhere=HELD), TEAM_EVENT_NOTE)
    else:  # the header records the sheets do not hold, for export-trf
        event_sheet(wb, event_rows([ln for ln in spec.header if ln[:3] not in TEAM_SHEET_RECORDS]), TRF_EVENT_NOTE)
    last_match_col = get_column_letter(len(match_headers(spec.boards)))
    names = {
        "Matches": f"Matches!$A${HEADER_ROW}:${last_match_col}${HEADER_ROW + spec.match_rows}",
        "Teams": f"Teams!$A${HEADER_ROW}:${get_column_letter(len(TEAM_COLUMNS))}${HEADER_ROW + spec.player_rows}",
        "TeamSettings": f"Settings!$A${SETTINGS_FIRST}:$B${SETTINGS_LAST}",
        "TeamTiebreaks": f"Settings!$B${TB_FIRST_ROW}:$B${TB_FIRST_ROW + TB_SLOTS - 1}",
    }
    for name, ref in names.items():
        wb.defined_names[name] = DefinedName(name, attr_text=ref)
    wb.properties.creator = "xl-tiebreak"
    wb.properties.title = spec.title or "xl-tiebreak team template"
    wb.properties.created = FIXED_TIME
    wb.properties.modified = FIXED_TIME
    wb.properties.lastModifiedBy = "xl-tiebreak"
    return wb


def _matches(ws, spec: TeamSpec, cache: CacheBlocks) -> None:
    ws["A1"] = "=Settings!$B$3"  # the event's name
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = ("One row per match: round, home and away team numbers, the board results from the home team's side "
                "(1-0, ½-½, 0-1, +- / -+ forfeit, -- double forfeit) and the players on each board (start numbers; "
                "empty: the roster order). Away = BYE for a pairing bye; F, H or Z for a team bye; - absent. "
                "Every team has a row in every round.")
    ws["A2"].font = _NOTE
    headers = match_headers(spec.boards)
    _head(ws, HEADER_ROW, headers)
    score_col = len(headers) + 1
    ws.cell(HEADER_ROW, score_col, spilled(f"MATCH_SCORES({ARGS})", cache, spec.match_rows + 1, 4))
    for j in range(score_col, score_col + 4):
        c = ws.cell(HEADER_ROW, j)
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
        c.alignment = Alignment(horizontal="center", shrink_to_fit=True)
        ws.column_dimensions[get_column_letter(j)].width = 9
    _banner(ws, score_col + 3)
    first_board = len(MATCH_FIXED) + 1
    for row in range(FIRST_ROW, HEADER_ROW + spec.match_rows + 1):
        for j in range(1, len(headers) + 1):
            c = ws.cell(row, j)
            c.fill, c.border = _INPUT_FILL, _GRID
            c.alignment = Alignment(horizontal="center")
            if first_board - 1 <= j < first_board + spec.boards:
                c.number_format = "@"  # Away "BYE", Forfeit "+-", "1-0" stay text
        for j in range(score_col, score_col + 4):
            ws.cell(row, j).border = _GRID
            ws.cell(row, j).alignment = Alignment(horizontal="center")
            if j < score_col + 2:  # the game points: decimals lined up (2.5, 3.0)
                ws.cell(row, j).number_format = ALIGNED
    dv = DataValidation(type="list", formula1='"1-0,½-½,0-1,+-,-+,--,x"', allow_blank=True, showErrorMessage=True,
                        errorStyle="warning", showInputMessage=True, promptTitle="Board result",
                        prompt="From the home team's side: 1-0, ½-½, 0-1; +- / -+ forfeit; -- double forfeit; x no game.",
                        errorTitle="Board result", error="Write 1-0, ½-½, 0-1, +-, -+, -- or x.")
    last = HEADER_ROW + spec.match_rows
    b1, bn = get_column_letter(first_board), get_column_letter(first_board + spec.boards - 1)
    dv.add(f"{b1}{FIRST_ROW}:{bn}{last}")
    ws.add_data_validation(dv)
    away = DataValidation(type="textLength", operator="lessThanOrEqual", formula1="6", allow_blank=True,
                          showInputMessage=True, showErrorMessage=True, errorStyle="warning", promptTitle="Away",
                          prompt="The away team's number; BYE: pairing-allocated bye; F, H, Z: team bye; - absent.",
                          errorTitle="Away", error="A team number, BYE, F, H, Z or -.")
    away.add(f"C{FIRST_ROW}:C{last}")
    ws.add_data_validation(away)
    players = DataValidation(type="whole", operator="between", formula1="1", formula2="9999", allow_blank=True,
                             showInputMessage=True, showErrorMessage=True, errorStyle="warning",
                             promptTitle="Line-up", prompt="The start number (Teams sheet, No) of the player on "
                                                           "this board; all empty: the roster order.",
                             errorTitle="Line-up", error="A start number from the Teams sheet.")
    players.add(f"{get_column_letter(first_board + spec.boards)}{FIRST_ROW}:"
                f"{get_column_letter(first_board + 3 * spec.boards - 1)}{last}")
    ws.add_data_validation(players)
    # a board still to come in a match typed (home and away teams, no forfeit): drawn in the status colour
    from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
    ws.conditional_formatting.add(f"{b1}{FIRST_ROW}:{bn}{last}", FormulaRule(
        formula=[f'AND(ISNUMBER($B{FIRST_ROW}),ISNUMBER($C{FIRST_ROW}),$D{FIRST_ROW}="",{b1}{FIRST_ROW}="")'],
        stopIfTrue=False, fill=_TO_COME_FILL))
    widths = [5, 6, 6, 7] + [6] * spec.boards + [7] * (2 * spec.boards)
    for j, w in enumerate(widths, start=1):
        ws.column_dimensions[get_column_letter(j)].width = w
    ws.freeze_panes = ws.cell(FIRST_ROW, 4)
    print_setup(ws, f"A1:{get_column_letter(score_col + 3)}{last}", HEADER_ROW)


def _banner(ws, last_col: int, status: bool = True) -> None:
    """The note (row 2) and the status line (row 3) as wide as the table, wrapped: printed whole."""
    for row, lines in ((2, 2), (STATUS_ROW, 3))[:2 if status else 1]:  # the status: edition, PAB, findings
        ws.merge_cells(start_row=row, start_column=1, end_row=row, end_column=last_col)
        c = ws.cell(row, 1)
        c.alignment = Alignment(wrap_text=True, vertical="top")
        ws.row_dimensions[row].height = 15 * lines


def _teams(ws, spec: TeamSpec, cache: CacheBlocks) -> None:
    ws["A1"] = "Teams"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = ("One row per player, in board order (reserves last). Team: the team's number (empty: the team of the "
                "row above); Team name on any of its rows; No: the player's start number, used in the line-ups.")
    ws["A2"].font = _NOTE
    _head(ws, HEADER_ROW, TEAM_COLUMNS)
    pts_col = len(TEAM_COLUMNS) + 1
    ws.cell(HEADER_ROW, pts_col, spilled(f"PLAYER_POINTS({ARGS})", cache, spec.player_rows + 1, 2))
    for j in (pts_col, pts_col + 1):
        c = ws.cell(HEADER_ROW, j)
        c.font, c.fill, c.border = _BOLD, _HEAD_FILL, _GRID
        c.alignment = Alignment(horizontal="center")
        ws.column_dimensions[get_column_letter(j)].width = 7
        for row in range(FIRST_ROW, HEADER_ROW + spec.player_rows + 1):
            ws.cell(row, j).border = _GRID
            if j == pts_col:  # a player's points: decimals lined up (5.5, 3.0)
                ws.cell(row, j).number_format = ALIGNED
    for row in range(FIRST_ROW, HEADER_ROW + spec.player_rows + 1):
        for j in range(1, len(TEAM_COLUMNS) + 1):
            c = ws.cell(row, j)
            c.fill, c.border = _INPUT_FILL, _GRID
            if TEAM_COLUMNS[j - 1] in ("Team name", "Name", "Title", "Fed", "FIDE ID", "Sex", "Born"):
                c.number_format = "@"
    for j, w in enumerate([6, 24, 6, 28, 6, 7, 5, 11, 4, 11], start=1):
        ws.column_dimensions[get_column_letter(j)].width = w
    ws.freeze_panes = ws.cell(FIRST_ROW, 1)
    _banner(ws, pts_col + 1, status=False)
    print_setup(ws, f"A1:{get_column_letter(pts_col + 1)}{HEADER_ROW + spec.player_rows}", HEADER_ROW)


#: the Standings sheet: the legend from row 5 (its header, the primary score, the list), the table below it
LEGEND_ROW = 5
STANDINGS_HEADER = LEGEND_ROW + TB_SLOTS + 3


def _standings(ws, spec: TeamSpec, cache: CacheBlocks) -> None:
    """The legend of the list (one spilled ``TEAM_LEGEND``: a fixed number of rows) and below it
    the ranked table (one spilled ``TEAM_STANDINGS``, growing with the teams); cells are drawn only
    where a value is (conditional borders), so the page shows the teams and tie-breaks present."""
    from openpyxl.formatting.rule import FormulaRule  # type: ignore[import-untyped]
    ws["A1"] = "=Settings!$B$3"  # the event's name
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = ("Team standings: the primary score, then the tie-breaks in order (legend above the table); teams "
                "equal on everything share the rank.")
    ws["A2"].font = _NOTE
    ws.cell(STATUS_ROW, 1, "=Matches!$A$3").font = _STATUS
    ncols = 5 + TB_SLOTS
    teams = max(spec.player_rows // 4, 1)
    ws.cell(LEGEND_ROW, 3, spilled("TEAM_LEGEND(TeamTiebreaks,TeamSettings)", cache, TB_SLOTS + 2, 2))
    for j in (3, 4):
        ws.cell(LEGEND_ROW, j).font = _BOLD
    head = STANDINGS_HEADER
    ws.cell(head, 1, spilled(f"TEAM_STANDINGS({ARGS},TeamTiebreaks)", cache, teams + 1, ncols))
    last = head + teams
    for i in range(0, teams + 1):
        for j in range(1, ncols + 1):
            c = ws.cell(head + i, j)
            if i == 0:
                c.font = _BOLD
                c.alignment = Alignment(horizontal="center")
            elif j != 3:
                c.alignment = Alignment(horizontal="right")
                if j in (4, 5):  # MP and GP: one decimal, a second when there is one (20.0, 33.5)
                    c.number_format = ALIGNED
    end = get_column_letter(ncols)
    ws.conditional_formatting.add(f"A{head}:{end}{head}", FormulaRule(
        formula=[f'A{head}<>""'], stopIfTrue=False, border=_GRID, fill=_HEAD_COND_FILL))
    ws.conditional_formatting.add(f"A{head + 1}:E{last}", FormulaRule(
        formula=[f'A{head + 1}<>""'], stopIfTrue=False, border=_GRID))
    # the tie-breaks' decimals lined up by the code in the header (the registry's, through the Help
    # sheet's lookup), as on the individual Standings; one range, one rule list (LibreOffice
    # applies one conditional format per cell, the first rule that holds)
    area, drawn, header = f"F{head + 1}:{end}{last}", f'F{head + 1}<>""', f"F${head}"
    for decimals, fmt in ((1, ALIGNED), *BY_DECIMALS.items()):
        rule = FormulaRule(formula=[f"AND({drawn},{decimals_formula(header, team_lookup_range())}={decimals})"],
                           stopIfTrue=True, border=_GRID)
        rule.dxf.numFmt = NumberFormat(numFmtId=FORMAT_IDS[fmt], formatCode=fmt)
        ws.conditional_formatting.add(area, rule)
    ws.conditional_formatting.add(area, FormulaRule(formula=[drawn], stopIfTrue=True, border=_GRID))
    for j, w in enumerate([5, 5, 30, 6, 6] + [12] * TB_SLOTS, start=1):  # 12: EMGSB/C1/P whole
        ws.column_dimensions[get_column_letter(j)].width = w
    _banner(ws, ncols)
    ws.freeze_panes = ws.cell(head + 1, 1)
    print_setup(ws, f"A1:{end}{last}", head)


def _settings(ws, spec: TeamSpec) -> None:
    ws["A1"] = "Settings"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = "Every formula of this workbook reads these cells. Yellow cells are yours to change."
    ws["A2"].font = _NOTE
    mv = spec.match_values
    rows: list[tuple[str, Any, str]] = [
        ("Event", spec.title or "Team event", "The event's name, printed above the matches and the standings."),
        ("Edition", spec.edition or None, "Empty: the edition in force at the start date. Or: "
                                          + ", ".join(e for e in EDITIONS if e in ("fide2026", "fide2024")) + "."),
        ("Start date", spec.start_date or None, "YYYY-MM-DD: the rules in force then apply."),
        ("Rounds", spec.rounds, "The event's number of rounds (standings say after round k of this)."),
        ("Boards", spec.boards, "Boards per match."),
        ("Match won", mv[0], "Match points for a won match (TRF 362 TW; FIDE: 2)."),
        ("Match drawn", mv[1], "Match points for a drawn match (TD; FIDE: 1)."),
        ("Match lost", mv[2], "Match points for a lost match (TL; FIDE: 0)."),
        ("Primary score", spec.primary, "MP: teams ranked by match points first; GP: by game points first."),
        ("PAB match points", spec.pab[0], "The pairing-allocated bye's match points; empty: a won match "
                                          "(TRF-26: the PAB is a win unless record 320 says otherwise)."),
        ("PAB game points", spec.pab[1], "The PAB's game points; empty: every board won."),
        ("Home colours", spec.colours or None, "The home team's colour on each board, e.g. WBWB (TRF 352); "
                                               "empty: WBWB..."),
        ("Type", spec.kind, "swiss, or round-robin (every team meets every other: C.07 Art. 15.2 instead of "
                            "Art. 16 for unplayed matches)."),
        ("Forbidden pairs", spec.forbid, "Teams the event's rules keep apart in the pairing, as team numbers: 3-7; 5-9 "
                                  "(empty: none). pair --forbid overrides it."),
    ]
    for r, (label, value, note) in enumerate(rows, start=SETTINGS_FIRST):
        ws.cell(r, 1, label).font = _BOLD
        ws.cell(r, 1).alignment = Alignment(vertical="top")
        c = ws.cell(r, 2)
        c.alignment = Alignment(vertical="top", horizontal="left")
        if value is not None:
            c.value = value
            if isinstance(value, str):
                c.data_type = "s"
        c.fill = _INPUT_FILL
        if label in ("Event", "Edition", "Start date", "Primary score", "Home colours", "Type", "Forbidden pairs"):
            c.number_format = "@"
        ws.cell(r, 3, note).font = _NOTE
        ws.cell(r, 3).alignment = Alignment(wrap_text=True, vertical="top")
    assert SETTINGS_FIRST + len(rows) - 1 == SETTINGS_LAST
    ed = DataValidation(type="list", formula1='"fide2026,fide2024"', allow_blank=True)
    ed.add("B4")
    pr = DataValidation(type="list", formula1='"MP,GP"', allow_blank=True)
    pr.add("B11")
    ty = DataValidation(type="list", formula1='"swiss,round-robin"', allow_blank=True)
    ty.add("B15")
    ws.add_data_validation(ed)
    ws.add_data_validation(pr)
    ws.add_data_validation(ty)
    ws.cell(TB_FIRST_ROW - 1, 1, "Tie-breaks, in order").font = _BOLD
    ws.cell(TB_FIRST_ROW - 1, 1).alignment = Alignment(vertical="top")
    ws.cell(TB_FIRST_ROW - 1, 3, "After the primary score: team codes such as EMGSB/C1, GP, MP, BH:MP/C1, "
                                 "EDE, BC, TBR, BBE, SSSC.").font = _NOTE
    ws.cell(TB_FIRST_ROW - 1, 3).alignment = Alignment(wrap_text=True, vertical="top")
    tbs = list(spec.tiebreaks) + [""] * TB_SLOTS
    for j in range(TB_SLOTS):
        ws.cell(TB_FIRST_ROW + j, 1, j + 1)
        c = ws.cell(TB_FIRST_ROW + j, 2, tbs[j] or None)
        c.fill, c.number_format = _INPUT_FILL, "@"
    ws.column_dimensions["A"].width = 20
    ws.column_dimensions["B"].width = 30
    ws.column_dimensions["C"].width = 80
    fit_heights(ws, 3, 80, range(SETTINGS_FIRST, TB_FIRST_ROW))
    print_setup(ws, f"A1:C{TB_FIRST_ROW + TB_SLOTS - 1}")


# ------------------------------------------------------------------ filled from an event


def _text(cell, value: Optional[str]) -> None:
    """Write ``value`` as text, never as a formula."""
    if not value:
        return
    cell.value = cell_text(value)
    cell.data_type = "s"


_RESULT = {Kind.WIN: "1-0", Kind.LOSS: "0-1", Kind.DRAW: "½-½", Kind.FORFEIT_WIN: "+-", Kind.FORFEIT_LOSS: "-+",
           Kind.DOUBLE_FORFEIT: "--", Kind.SHORT_WIN: "1-0s", Kind.SHORT_LOSS: "0-1s", Kind.SHORT_DRAW: "½-½s"}


def match_rows(event: TeamEvent) -> list[list[Any]]:
    """The Matches rows of an event: [round, home, away, forfeit, results by board, home line-up,
    away line-up] (None where empty). The home team is the one whose first board had White, else
    the lower number; boards face each other by the opponents the games name. An absent team has a
    row (``-``); a round nobody played yet has none."""
    t = event.tournament
    nb = event.boards
    rows: list[list[Any]] = []
    for rd in range(1, event.rounds + 1):
        if all(m.kind == ABSENT for m in event.matches if m.round == rd):
            continue  # a round not played yet (a file written during the event): no rows
        done: set[int] = set()
        for team in event.teams:
            m = next((x for x in event.matches_of(team.no) if x.round == rd), None)
            if m is None or team.no in done:
                continue
            if m.kind == PAB:
                rows.append([rd, team.no, "BYE", None] + [None] * 3 * nb)
            elif m.kind == ABSENT:
                rows.append([rd, team.no, "-", None] + [None] * 3 * nb)
            elif m.kind == BYE:
                rows.append([rd, team.no, m.bye, None] + [None] * 3 * nb)
            elif m.kind == FORFEITED:
                assert m.opponent is not None
                code = {"+": "+-", "-": "-+", "=": "--"}[m.forfeit or "="]
                home, away = (team.no, m.opponent) if team.no < m.opponent else (m.opponent, team.no)
                if home != team.no:
                    code = code[::-1]
                rows.append([rd, home, away, code] + [None] * 3 * nb)
                done.update((home, away))
            elif m.kind == PLAYED:
                other = next((x for x in event.matches_of(m.opponent) if x.round == rd), None) \
                    if m.opponent is not None else None
                home_m, away_m = m, other
                if other is not None and _white_first(t, other, rd) and not _white_first(t, m, rd):
                    home_m, away_m = other, m
                elif other is not None and not _white_first(t, m, rd) and not _white_first(t, other, rd) \
                        and other.team < m.team:
                    home_m, away_m = other, m
                rows.append(_played_row(rd, home_m, away_m, nb))
                done.update(x.team for x in (home_m, away_m) if x is not None)
    return rows


def _white_first(t, m, rd: int) -> bool:
    if not m.boards:
        return False
    r = t.player(m.boards[0].player).rounds[rd - 1]
    return r.colour == "w"


def _by_number(hb: list, ab: list, nb: int) -> Optional[list[tuple[Any, Any]]]:
    """The columns of a match when every board sits at its own number (1..``nb``) and a board and
    the board it played against have the same one; else None."""
    cols: list[tuple[Any, Any]] = [(None, None)] * nb
    for side, boards in ((0, hb), (1, ab)):
        for b in boards:
            if not 1 <= b.board <= nb or cols[b.board - 1][side] is not None:
                return None
            pair = list(cols[b.board - 1])
            pair[side] = b
            cols[b.board - 1] = (pair[0], pair[1])
    for h, a in cols:
        if h is not None and a is not None and (h.opponent != a.player or a.opponent != h.player):
            return None
        if (h is not None and a is None and h.opponent is not None) or \
                (a is not None and h is None and a.opponent is not None):
            return None
    last = max((k for k, (h, a) in enumerate(cols) if h is not None or a is not None), default=-1)
    return cols[:last + 1]


def _played_row(rd: int, home, away, nb: int) -> list[Any]:
    """One played match as a Matches row: each board in the column of its number when the two
    teams' numbers agree (a board and the board it played against share one); else the two
    teams' boards merged in their own orders (a board won against nobody gets a column of its
    own), so each side reads back in its order."""
    hb = list(home.boards)
    ab = list(away.boards) if away is not None else []
    numbered = _by_number(hb, ab, nb)
    if numbered is not None:
        return _row_of(rd, home, away, nb, numbered)
    columns: list[tuple[Any, Any]] = []
    i = j = 0
    while i < len(hb) or j < len(ab):
        h = hb[i] if i < len(hb) else None
        a = ab[j] if j < len(ab) else None
        if h is not None and a is not None and h.opponent == a.player:
            columns.append((h, a))
            i, j = i + 1, j + 1
        elif h is not None and (h.opponent is None or a is None):
            columns.append((h, None))
            i += 1
        elif a is not None and (a.opponent is None or h is None):
            columns.append((None, a))
            j += 1
        else:  # the boards cross (an inconsistent file): the home board with its opponent
            assert h is not None
            partner = next((k for k in range(j, len(ab)) if ab[k].player == h.opponent), None)
            columns.append((h, ab.pop(partner) if partner is not None else None))
            i += 1
    if len(columns) > nb:
        raise InputError(f"round {rd}: the match of teams {home.team} and {away.team if away else '-'} needs "
                         f"{len(columns)} boards, but the event has {nb}")
    return _row_of(rd, home, away, nb, columns)


def _row_of(rd: int, home, away, nb: int, columns: list[tuple[Any, Any]]) -> list[Any]:
    """The Matches row of a match whose boards are laid out in ``columns`` (home, away; None: no
    player there)."""
    results: list[Any] = [None] * nb
    hp: list[Any] = [None] * nb
    ap: list[Any] = [None] * nb
    for k, (h, a) in enumerate(columns):
        hp[k] = h.player if h is not None else None
        ap[k] = a.player if a is not None else None
        results[k] = _RESULT[h.kind] if h is not None else _mirror(_RESULT[a.kind]) if a is not None else None
    for k in range(nb):  # a board neither team had a player on
        if results[k] is None and columns:
            results[k] = "x"
    return [rd, home.team, away.team if away is not None else None, None] + results + hp + ap


def _mirror(result: str) -> str:
    short = result.endswith("s")
    core = result[:-1] if short else result
    a, b = core.split("-") if core not in ("+-", "-+", "--") else (core[0], core[1])
    flipped = f"{b}-{a}" if core not in ("+-", "-+", "--") else b + a
    return flipped + ("s" if short else "")


def team_spec_of(event: TeamEvent, tiebreaks: Optional[list[str]] = None, edition: Optional[str] = None) -> TeamSpec:
    """The team workbook of ``event``: its settings, sizes and the TRF's records (a 260 pair of
    every round in Forbidden pairs, as :func:`~.trf_pairing.trf_pairing_cells` reads them)."""
    from .trf_pairing import trf_pairing_cells
    t = event.tournament
    if not t.scoring.is_standard:
        s = t.scoring
        raise InputError(f"the event scores {s.win}/{s.draw}/{s.loss} per game; a team workbook holds 1/½/0 "
                         "board scoring only so far")
    from ..ranges.team_ranges import MAX_BOARDS, MAX_TEAM_ROUNDS
    if event.boards > MAX_BOARDS or event.rounds > MAX_TEAM_ROUNDS:
        raise InputError(f"the event has {event.boards} boards and {event.rounds} rounds; a team workbook holds up "
                         f"to {MAX_BOARDS} boards and {MAX_TEAM_ROUNDS} rounds")
    codes = list(tiebreaks) if tiebreaks else [c for c in t.tiebreaks if c.upper() not in ("PTS", "MPTS", "GPTS")] \
        or default_team_list()
    mv = event.match_values
    pab = (event.pab.match_points, event.pab.game_points) if event.pab.source != "default" else (None, None)
    players = sum(len(tm.roster) for tm in event.teams) + len(event.teams)
    # room for every match of the event (a file from a round in progress grows to the last round)
    matches = max(len(match_rows(event)), ((len(event.teams) + 1) // 2) * event.rounds)
    return TeamSpec(boards=max(event.boards, 1), rounds=max(event.rounds, 1), player_rows=players + 20,
                    match_rows=matches + 10, title=event.name or t.name,
                    edition=edition or "", start_date=t.start_date or "", tiebreaks=codes[:TB_SLOTS],
                    match_values=(_num(mv.win), _num(mv.draw), _num(mv.loss)), primary=event.primary,
                    pab=(None if pab[0] is None else _num(pab[0]), None if pab[1] is None else _num(pab[1])),
                    colours=_colours(event), kind="round-robin" if t.kind == "round-robin" else "swiss",
                    header=tuple(t.header), forbid=trf_pairing_cells(t).forbid)


def _num(x: Any) -> Any:
    return int(x) if x.denominator == 1 else float(x)


def _colours(event: TeamEvent) -> str:
    """The home team's colours board by board, from the first match whose every board has a colour."""
    t = event.tournament
    for row in match_rows(event):
        hp = row[4 + event.boards:4 + 2 * event.boards]
        if row[3] is None and all(hp):
            cs = [t.player(p).rounds[row[0] - 1].colour for p in hp]
            if all(c in ("w", "b") for c in cs):
                return "".join(c.upper() for c in cs)  # type: ignore[union-attr]
    return ""


def filled_team_workbook(event: TeamEvent, *, tiebreaks: Optional[list[str]] = None,
                         edition: Optional[str] = None) -> Workbook:
    """The team workbook filled with ``event`` (an openpyxl Workbook, values not yet computed)."""
    spec = team_spec_of(event, tiebreaks, edition)
    wb = build_team(spec)
    ws = wb["Teams"]
    row = FIRST_ROW
    t = event.tournament
    for team in event.teams:
        for k, no in enumerate(team.roster or (None,)):
            if k == 0:
                ws.cell(row, 1, team.no)
                _text(ws.cell(row, 2), team.name)
            if no is not None:
                p = t.player(no)
                ws.cell(row, 3, p.no)
                _text(ws.cell(row, 4), p.name)
                _text(ws.cell(row, 5), p.title)
                if p.rating:
                    ws.cell(row, 6, p.rating)
                for j, v in ((7, p.fed), (8, p.fide_id), (9, p.sex), (10, p.birth)):
                    _text(ws.cell(row, j), v)
            row += 1
    ms = wb["Matches"]
    for i, values in enumerate(match_rows(event), start=FIRST_ROW):
        for j, v in enumerate(values, start=1):
            if isinstance(v, str):
                _text(ms.cell(i, j), v)
            elif v is not None:
                ms.cell(i, j, v)
    return wb


#: the team records the Teams, Matches and Settings sheets hold (written by the team writer from
#: them), left off the Event sheet
TEAM_SHEET_RECORDS = TEAM_HEADER_RECORDS | {"352"}
TEAM_EVENT_NOTE = ("The event's header for the FIDE rating report, written by xl-tiebreak export-trf (TRF records): "
                   "fill in every row. The event's name, start date and type are on the Settings sheet (B3, B5, "
                   "B15); the numbers of players, rated players and teams are counted.")


def team_template_bytes(boards: Optional[int] = None, rounds: Optional[int] = None,
                        player_rows: Optional[int] = None, runtime: str = "classic") -> bytes:
    """The team template (committed as ``workbook_templates/xl-tiebreak-team.xlsx`` with the
    defaults); ``runtime`` "lite" writes our calls as Excel saves xlwings Lite's functions."""
    spec = TeamSpec()
    if boards:
        spec.boards = boards
    if rounds:
        spec.rounds = rounds
    if player_rows:
        spec.player_rows = player_rows
        spec.match_rows = max(player_rows * 3 // 4, 10)
    wb = build_team(spec)
    wb._xltb_runtime = runtime  # to_bytes renames the calls for xlwings Lite
    if runtime == "lite":
        del wb["xlwings.conf"]
    return with_values(to_bytes(wb))


def team_workbook_bytes(event: TeamEvent, *, tiebreaks: Optional[list[str]] = None,
                        edition: Optional[str] = None) -> bytes:
    """A team workbook of ``event``, its values computed."""
    return team_workbook_report(event, tiebreaks=tiebreaks, edition=edition)[0]


def team_workbook_report(event: TeamEvent, *, tiebreaks: Optional[list[str]] = None,
                         edition: Optional[str] = None) -> tuple[bytes, dict[str, str]]:
    """A team workbook of ``event``, its values computed, and the cells whose value could not
    be computed (cell -> why; they show the error in the workbook)."""
    from ..recompute.cached_values import recompute_bytes
    data, report = recompute_bytes(to_bytes(filled_team_workbook(event, tiebreaks=tiebreaks, edition=edition)))
    return data, dict(report.errors)


def write_team_workbook(event: TeamEvent, out: "str | Path", *, tiebreaks: Optional[list[str]] = None,
                        edition: Optional[str] = None, overwrite: bool = False) -> tuple[Path, dict[str, str]]:
    """Write the filled team workbook to ``out`` atomically (refusing to replace a file unless
    asked); the path and the cells that could not be computed."""
    data, errors = team_workbook_report(event, tiebreaks=tiebreaks, edition=edition)
    return atomic_write(Path(out), data, overwrite=overwrite), errors


__all__ = ["TeamSpec", "build_team", "filled_team_workbook", "match_rows", "team_template_bytes",
           "team_workbook_bytes", "write_team_workbook", "default_team_list"]
