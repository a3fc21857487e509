"""The team workbook (issue 23): the template, a workbook made from a team TRF read back to the same
event, the team functions recomputed headless against the team engine, a round in progress, errors
naming sheet and cell, the CLI, and LibreOffice printing it."""

from __future__ import annotations

import io
import shutil
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from conftest import ROOT, SHARED
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError, TiebreakError
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.excel.authoring.team_template import (STANDINGS_HEADER, filled_team_workbook, match_rows,
                                                       team_template_bytes, team_workbook_bytes, to_bytes)
from xl_tiebreak.excel.ranges.book_reader import Book
from xl_tiebreak.excel.recompute.cached_values import recompute_bytes
from xl_tiebreak.excel.ranges.team_book import read_team_book, read_team_workbook
from xl_tiebreak.excel.ranges.team_ranges import board_result, build_team_event
from xl_tiebreak.formatting import json_number
from xl_tiebreak.teams import scores
from xl_tiebreak.team_engine import compute_team
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.validation import Findings

TEMPLATE = ROOT / "workbook_templates" / "xl-tiebreak-team.xlsx"
REAL = SHARED / "data" / "real"
SAMPLES = SHARED / "data" / "team"
TEAM_FILES = [REAL / "crete-interclub-2025-team.trf", REAL / "grandmommys-cup-trf26-team.trf",
              SAMPLES / "sample-trf26-mp.trf", SAMPLES / "sample-trf26-gp-primary.trf",
              SAMPLES / "sample-trf26-310-mp3.trf", SAMPLES / "sample-trf16-013.trf"]
#: codes the team engine has today (the board and encounter families are still to come)
CODES = ["ESB/C1", "MPvGP", "BH:MP/C1", "EMGSB", "SSSC"]


def _read(path: Path):
    if not path.is_file():
        pytest.skip(f"{path} is not beside the project")
    return read_team_trf(path.read_text(encoding="utf-8"), path.name, findings=Findings(strict=False))


def _comparable(ev):
    """What a team workbook holds of an event: teams and rosters, rounds, boards, every match with
    its boards, match points, primary score, the PAB's value, and the players' identity."""
    players = [(p.no, p.name, p.rating, p.title, p.fed, p.fide_id, p.sex, p.birth)
               for tm in ev.teams for p in map(ev.tournament.player, tm.roster)]
    return ([(t.no, t.name, t.roster) for t in ev.teams], ev.rounds, ev.boards, ev.matches, ev.match_values,
            ev.primary, ev.pab_points, sorted(players))


def _cached(data: bytes) -> dict[str, dict[str, object]]:
    wb = load_workbook(io.BytesIO(data), data_only=True)
    return {ws.title: {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}
            for ws in wb.worksheets}


def _table(cells: dict[str, object], first_row: int, cols: int) -> list[list[object]]:
    """The rows of a spilled table from ``first_row`` down, while column A holds something."""
    from openpyxl.utils import get_column_letter
    rows, r = [], first_row
    while cells.get(f"A{r}") not in (None, ""):
        rows.append([cells.get(f"{get_column_letter(j)}{r}") for j in range(1, cols + 1)])
        r += 1
    return rows


# ------------------------------------------------------------------------------ the template


def test_committed_team_template_equals_the_generator():
    assert TEMPLATE.read_bytes() == team_template_bytes()


def test_team_template_structure_and_its_handful_of_calls():
    wb = load_workbook(TEMPLATE)
    assert wb.sheetnames == ["Matches", "Teams", "Standings", "Settings", "Help", "Cache", "xlwings.conf", "Event"]
    assert {n: wb.defined_names[n].attr_text for n in ("Matches", "Teams", "TeamSettings", "TeamTiebreaks")} == {
        "Matches": "Matches!$A$4:$P$304", "Teams": "Teams!$A$4:$J$404", "TeamSettings": "Settings!$A$3:$B$16",
        "TeamTiebreaks": "Settings!$B$18:$B$23"}
    ms = wb["Matches"]
    assert [ms.cell(4, j).value for j in range(1, 17)] == [
        "Rd", "Home", "Away", "Forfeit", "B1", "B2", "B3", "B4", "Home 1", "Home 2", "Home 3", "Home 4",
        "Away 1", "Away 2", "Away 3", "Away 4"]
    assert ms["A3"].value == "=IFERROR(TEAM_STATUS(Matches,Teams,TeamSettings,TeamTiebreaks),Cache!$X$1)"
    assert ms["Q4"].value.text == "=IFERROR(MATCH_SCORES(Matches,Teams,TeamSettings),Cache!$A$1:$D$301)"
    st = wb["Standings"]
    assert st[f"A{STANDINGS_HEADER}"].value.text.startswith("=IFERROR(TEAM_STANDINGS(Matches,Teams,TeamSettings,"
                                                            "TeamTiebreaks),Cache!")
    settings = wb["Settings"]
    assert [settings.cell(r, 1).value for r in range(3, 17)] == [
        "Event", "Edition", "Start date", "Rounds", "Boards", "Match won", "Match drawn", "Match lost",
        "Primary score", "PAB match points", "PAB game points", "Home colours", "Type", "Forbidden pairs"]
    assert [settings.cell(r, 2).value for r in range(7, 12)] == [4, 2, 1, 0, "MP"]
    # the engine's default list: the Olympiad order relative to the primary score
    assert [settings.cell(r, 2).value for r in range(18, 21)] == ["ESB/C1", "MPvGP", "BH/C1"]
    from test_excel_workbook import calls_per_recalculation
    assert calls_per_recalculation(TEMPLATE) == 5  # status, match scores, player points, legend, standings


def test_a_new_team_template_says_what_to_type_first():
    cells = _cached(TEMPLATE.read_bytes())
    assert cells["Matches"]["A3"].startswith("No teams yet: type them on the Teams sheet")
    assert cells["Matches"]["A1"] == cells["Standings"]["A1"] == "Team event"  # Settings' Event, never a 0
    assert cells["Standings"][f"A{STANDINGS_HEADER}"] == "Rk"
    assert cells["Standings"].get(f"A{STANDINGS_HEADER + 1}") is None


# -------------------------------------------------------------- a workbook from a TRF, read back


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.name)
def test_a_workbook_of_a_team_trf_reads_back_to_the_same_event(path):
    ev = _read(path)
    tables, tbs = read_team_book(Book(to_bytes(filled_team_workbook(ev))))
    assert _comparable(tables.event) == _comparable(ev)
    assert tables.complete == ev.rounds and tables.in_progress == (0, 0, 0)
    # every board game of every player comes back (colours follow the Settings' home colours; the
    # fielded players of a forfeited match's winner, 0000 - + in the file, are not kept)
    for p in tables.event.tournament.players:
        for a, b in zip(ev.tournament.player(p.no).rounds, p.rounds):
            if a.kind.has_opponent:
                assert (b.kind, b.opponent, b.points) == (a.kind, a.opponent, a.points), (p.no, a, b)
    if path.name.startswith("grandmommy"):
        assert tbs == ["EDET/P", "EMGSB/C1/P", "BH:MP/C1/P", "MPvGP"]  # its record 202


@pytest.mark.parametrize("seed", range(8))
def test_generated_team_events_read_back_equal(seed):
    from tests.oracle.team_generate import team_event
    gen = team_event(2000 + seed, teams=7 + seed % 5, boards=2 + seed % 4, rounds=5, trf="26" if seed % 3 else "16",
                     primary="GP" if seed % 2 else "MP", match_points=(3, 1, 0) if seed % 4 == 1 else (2, 1, 0),
                     rates={"bye": 0.1, "forfeit_match": 0.1, "board_forfeit": 0.08, "double_forfeit": 0.04}
                     if seed % 3 else None)
    ev = read_team_trf(gen.text, f"gen{seed}.trf", findings=Findings(strict=False))
    tables, _ = read_team_book(Book(to_bytes(filled_team_workbook(ev))))
    assert _comparable(tables.event) == _comparable(ev), gen.text


def test_a_board_won_against_nobody_keeps_both_teams_board_orders():
    """Grandmommy's Cup round 1: team 17's board 2 player won against nobody while team 5 fielded
    three players, on boards 1, 3 and 4 (its record 300 line-up has an empty board 2); each board
    sits in the column of its number, so both teams' board numbers survive."""
    ev = _read(REAL / "grandmommys-cup-trf26-team.trf")
    row = next(r for r in match_rows(ev) if r[0] == 1 and 17 in r[1:3])
    assert row == [1, 5, 17, None, "½-½", "-+", "½-½", "1-0", 14, None, 29, 39, 62, 59, 85, 128]
    m = next(m for m in ev.matches_of(17) if m.round == 1)
    assert [(b.board, b.player, b.opponent) for b in m.boards] == [(1, 62, 14), (2, 59, None), (3, 85, 29),
                                                                     (4, 128, 39)]
    five = next(m for m in ev.matches_of(5) if m.round == 1)
    assert [(b.board, b.player) for b in five.boards] == [(1, 14), (3, 29), (4, 39)]
    back = read_team_book(Book(to_bytes(filled_team_workbook(ev))))[0].event
    assert next(m for m in back.matches_of(5) if m.round == 1) == five


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.name)
def test_export_trf_of_a_team_workbook_reads_back_to_the_same_event(path, tmp_path, capsys):
    """TRF -> workbook -> export-trf (the team writer) -> the same event, with the standings' ranks
    in record 310 and the Settings list in 202."""
    ev = _read(path)
    book = tmp_path / "team.xlsx"
    book.write_bytes(team_workbook_bytes(ev, tiebreaks=CODES))
    assert main(["export-trf", str(book), "-o", str(tmp_path / "back.trf")]) == 0
    assert f"ranks after round {ev.rounds} (the Settings tie-breaks)" in capsys.readouterr().out
    text = (tmp_path / "back.trf").read_text(encoding="utf-8")
    back = read_team_trf(text, "back.trf")  # strict: the 310 totals are the games'
    assert _comparable(back) == _comparable(ev)
    result = compute_team(ev, CODES)
    ranks = {int(line[4:7]): int(line[68:71]) for line in text.splitlines() if line[:3] == "310"}
    assert ranks == {r.no: r.rank for r in result.rows}
    assert "202 " + ",".join(result.codes) in text
    # the header records the sheets do not hold come back from the Event sheet, as read (the team
    # records are the writer's, from the Teams, Matches and Settings sheets)
    # (202, 142 and the like are the Settings'; a column ruler such as "1234567890..." is no record)
    from xl_tiebreak.excel.ranges.event_sheet import WORKED_OUT
    from xl_tiebreak.trf.team_writer import TEAM_HEADER_RECORDS
    kept = [ln.rstrip() for ln in ev.tournament.header if ln[:3] not in TEAM_HEADER_RECORDS | WORKED_OUT | {"352"}
            and ln[3:4] in (" ", "") and (ln[:3].isalpha() or ln[:3].isdigit() and ln[:3] != "123")]
    assert kept and [ln.rstrip() for ln in text.splitlines() if ln.rstrip() in kept] == kept


# ------------------------------------------------------------------- the values, recomputed


@pytest.mark.parametrize("path", TEAM_FILES, ids=lambda p: p.name)
def test_recompute_gives_the_team_engines_values(path):
    ev = _read(path)
    data = team_workbook_bytes(ev, tiebreaks=CODES)
    cells = _cached(data)
    result = compute_team(ev, CODES)
    got = _table(cells["Standings"], STANDINGS_HEADER, 5 + len(CODES))
    assert got[0] == ["Rk", "No", "Team", "MP", "GP", *result.codes]
    want = [[r.rank, r.no, r.name, float(r.match_points), float(r.game_points),
             *["-" if v is None else float(v) for v in r.values]] for r in result.rows]
    assert [[float(c) if isinstance(c, (int, float)) else c for c in row] for row in got[1:]] == want
    status = cells["Matches"]["A3"]
    assert status.startswith(f"After round {ev.rounds} of {ev.rounds}; rules ") and status.endswith("No problems found.")
    mp, gp = ev.pab_points
    assert f"team PAB {json_number(mp)} MP, {json_number(gp)} GP" in status
    # the match scores beside the grid: each row's game points and match points, as the teams module counts them
    by_team = {(m.round, m.team): m for m in ev.matches}
    from xl_tiebreak.teams import match_score
    for r in range(5, 5 + len(match_rows(ev))):
        rd, home = cells["Matches"][f"A{r}"], cells["Matches"][f"B{r}"]
        mpts, gpts = match_score(ev, by_team[(rd, home)])
        col = 5 + 3 * ev.boards  # after Rd, Home, Away, Forfeit, results and line-ups
        from openpyxl.utils import get_column_letter
        assert cells["Matches"][f"{get_column_letter(col)}{r}"] == float(gpts)
        assert cells["Matches"][f"{get_column_letter(col + 2)}{r}"] == float(mpts)


def test_the_one_value_functions_equal_the_engine():
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    wb = filled_team_workbook(ev)
    tables = {name: [[c.value for c in row] for row in wb[sheet][area.split("!")[1].replace("$", "")]]
              for name, sheet, area in (("matches", "Matches", "Matches!$A$4:$P$60"),
                                        ("teams", "Teams", "Teams!$A$4:$J$80"),
                                        ("settings", "Settings", "Settings!$A$3:$B$16"))}
    result = compute_team(ev, CODES)
    sc = scores(ev)
    args = (tables["matches"], tables["teams"], tables["settings"])
    for t in ev.teams:
        assert fx.MATCH_POINTS(t.no, *args) == json_number(sc[t.no][0])
        assert fx.GAME_POINTS(t.no, *args) == json_number(sc[t.no][1])
        for code in CODES:
            want = result.value(t.no, code)
            got = fx.TEAM_TIEBREAK(t.no, tables["matches"], tables["teams"], code, tables["settings"], ",".join(CODES))
            assert got == json_number(want), (t.no, code)
    assert fx.MATCH_POINTS(99, *args) == "#N/A" and fx.MATCH_POINTS(None, *args) == ""
    one = fx.TEAM_STANDINGS(*args, ",".join(CODES), 1, 3)
    assert one == result.rows[0].name
    from xl_tiebreak.team_engine import explain_team
    lines = fx.TEAM_EXPLAIN(3, tables["matches"], tables["teams"], "BH:MP/C1", tables["settings"])
    assert lines == [[ln] for ln in explain_team(ev, "BH:MP/C1", 3)] and len(lines) > 3
    assert lines[0][0].startswith(f"BH:MP/C1 = {json_number(result.value(3, 'BH:MP/C1'))} for team 3")
    with pytest.raises(TiebreakError, match=r"TEAM_TIEBREAK: code: .*NOPE"):
        fx.TEAM_TIEBREAK(1, tables["matches"], tables["teams"], "NOPE", tables["settings"])


def test_a_round_in_progress_keeps_the_standings_after_the_last_complete_round():
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    wb = filled_team_workbook(ev)
    ms = wb["Matches"]
    last = [r for r in range(5, 5 + len(match_rows(ev))) if ms.cell(r, 1).value == ev.rounds
            and ms.cell(r, 5).value not in (None,)]
    ms.cell(last[0], 6).value = None  # one board of a match of the last round not in yet
    data, report = recompute_bytes(to_bytes(wb))
    assert not report.errors
    cells = _cached(data)
    played = sum(1 for r in range(5, 5 + len(match_rows(ev))) if ms.cell(r, 1).value == ev.rounds)
    assert cells["Matches"]["A3"].startswith(
        f"After round {ev.rounds - 1} of {ev.rounds}; round {ev.rounds} in progress ({played - 1} of {played} "
        "matches complete)")
    from openpyxl.utils import get_column_letter
    col = get_column_letter(5 + 3 * ev.boards)
    assert cells["Matches"].get(f"{col}{last[0]}") is None  # no score for the match not complete
    # a team whose row is not written yet is not taken for absent: the round stays in progress
    ms.cell(last[0], 6).value = "1-0"
    gone = next(r for r in range(5, 5 + len(match_rows(ev))) if ms.cell(r, 1).value == ev.rounds
                and ms.cell(r, 3).value in ("BYE", "F", "H", "Z", "-"))
    team_gone = ms.cell(gone, 2).value
    for j in range(1, 17):  # the row emptied: the team has no row in the round yet
        ms.cell(gone, j).value = None
    cells = _cached(recompute_bytes(to_bytes(wb))[0])
    assert cells["Matches"]["A3"].startswith(
        f"After round {ev.rounds - 1} of {ev.rounds}; round {ev.rounds} in progress ({played - 1} of {played - 1} "
        f"matches complete; 1 team without a row yet: {team_gone})")
    result = compute_team(ev, None, rounds=ev.rounds - 1)
    got = _table(cells["Standings"], STANDINGS_HEADER, 8)[1:]
    assert [(r[1], r[3], r[4]) for r in got] == [(r.no, float(r.match_points), float(r.game_points))
                                                 for r in result.rows]


def test_rows_typed_below_the_ranges_are_read_and_the_names_widened():
    """A match and a player typed just below the Matches and Teams names: the reader reads them,
    recompute widens the names over them (nothing typed is silently left out)."""
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    wb = filled_team_workbook(ev, tiebreaks=CODES)
    want = _cached(team_workbook_bytes(ev, tiebreaks=CODES))["Standings"]
    end = int(wb.defined_names["Matches"].attr_text.rsplit("$", 1)[1])
    tend = int(wb.defined_names["Teams"].attr_text.rsplit("$", 1)[1])
    ms, ts = wb["Matches"], wb["Teams"]
    last = len(match_rows(ev)) + 4  # the last match row: moved below the range
    for j in range(1, 17):
        ms.cell(end + 1, j).value, ms.cell(last, j).value = ms.cell(last, j).value, None
    ts.cell(tend + 1, 3, 99)  # a reserve of the last team (Team empty: the team of the rows above)
    ts.cell(tend + 1, 4, "Late, Player")
    data, report = recompute_bytes(to_bytes(wb))
    assert not report.errors
    assert report.names_widened == [f"Teams: Teams!A4:J{tend + 1}", f"Matches: Matches!A4:P{end + 1}"]
    tables, _ = read_team_book(Book(data))
    assert tables.event.teams[-1].roster[-1] == 99 and tables.complete == ev.rounds
    got = _cached(data)["Standings"]
    assert _table(got, STANDINGS_HEADER, 5 + len(CODES)) == _table(want, STANDINGS_HEADER, 5 + len(CODES))


# ------------------------------------------------------------------------------ bad input


def _sample_book():
    return filled_team_workbook(_read(SAMPLES / "sample-trf26-mp.trf"))


@pytest.mark.parametrize("sheet,cell,value,message", [
    ("Matches", "F7", "2-0", "Matches!F7: board result '2-0' is not one"),
    ("Matches", "C8", 42, "Matches!C8: team 42 is not on the Teams sheet"),
    ("Matches", "I5", 4, "Matches!I5: player 4 is not in team 1's roster (he is in team 2)"),
    ("Matches", "A6", "x", "Matches!A6: the round 'x' is not a whole number"),
    ("Teams", "C9", 3, "Teams!C9: start number 3 is given twice (also Teams!C7)"),
    ("Settings", "B7", 0, "Settings!B7: the number of boards '0' is not a whole number from 1 to 20"),
    ("Settings", "B11", "XP", "Settings!B11: primary score 'XP': write MP"),
    ("Matches", "E5", "#REF!", "Matches!E5: the cell holds the spreadsheet error #REF!"),
    ("Matches", "A6", 100, "Matches!A6: the round '100' is not a whole number from 1 to 99"),
    ("Matches", "C5", 1, "Matches!C5: team 1 cannot meet itself"),
    ("Matches", "J5", 1, "Matches!J5: player 1 is on two boards of this match"),
    ("Settings", "B6", 6, "Matches!A"),  # a match of round 7, but the event has 6 rounds
])
def test_errors_name_the_sheet_and_cell(sheet, cell, value, message):
    wb = _sample_book()
    wb[sheet][cell] = value
    data = to_bytes(wb)
    with pytest.raises(InputError) as exc:
        read_team_book(Book(data))
    assert str(exc.value).startswith(message)
    _, report = recompute_bytes(data)  # the recompute names the same cell, and shows it instead of figures
    assert report.errors["Standings!A" + str(STANDINGS_HEADER)].startswith(message)
    assert report.values["Matches!Q4"] == [["#ERROR: " + report.errors["Matches!Q4"]]]
    assert report.values["Matches!A3"].startswith("1 error - " + message)  # the status line names it too


def test_board_results_as_arbiters_write_them():
    same = {"1-0": ["1-0", "1 - 0", "1:0"], "½-½": ["½-½", "=-=", "0.5-0.5", "1/2-1/2", "½:½"],
            "0-1": ["0-1"], "+-": ["+-", "+", "1f-0f"], "-+": ["-+", "0f-1f"], "--": ["--", "-"],
            "1-0s": ["1-0s"], "x": ["x", "X"], "": [None, "", "  "]}
    for key, spellings in same.items():
        for s in spellings:
            assert board_result(s) == key, s
    for bad in ("2-0", "1-1", "win", "0.5"):
        assert board_result(bad) is None


def test_line_ups_left_empty_are_the_roster_order():
    teams = [["Team", "Team name", "No", "Name"], [1, "A", 1, "a1"], [None, None, 2, "a2"], [None, None, 5, "a3"],
             [2, "B", 3, "b1"], [None, None, 4, "b2"]]
    matches = [["Rd", "Home", "Away", "Forfeit", "B1", "B2", "Home 1", "Home 2", "Away 1", "Away 2"],
               [1, 1, 2, None, "1-0", "½-½", None, None, None, None],
               [2, 2, 1, None, "0-1", "-+", 4, 3, 5, 1]]
    tables = build_team_event(teams, matches, [["Boards", 2], ["Rounds", 2]])
    ev = tables.event
    r1 = next(m for m in ev.matches_of(1) if m.round == 1)
    r2 = next(m for m in ev.matches_of(1) if m.round == 2)
    assert [(b.player, b.opponent, b.points) for b in r1.boards] == [(1, 3, 1), (2, 4, Fraction(1, 2))]
    assert [(b.player, b.opponent, b.points) for b in r2.boards] == [(5, 4, 1), (1, 3, 1)]
    assert scores(ev) == {1: (Fraction(4), Fraction(7, 2)), 2: (Fraction(0), Fraction(1, 2))}
    assert tables.complete == 2


# ------------------------------------------------------------------------------------ CLI


def test_cli_template_and_workbook_of_a_team_trf(tmp_path, capsys):
    assert main(["template", "--type", "team", "-o", str(tmp_path / "t.xlsx")]) == 0
    assert (tmp_path / "t.xlsx").read_bytes() == TEMPLATE.read_bytes()
    trf = SAMPLES / "sample-trf26-gp-primary.trf"
    if not trf.is_file():
        pytest.skip("the shared samples are not beside the project")
    book = tmp_path / "gp.xlsx"
    assert main(["workbook", str(trf), "-o", str(book), "-t", ",".join(CODES)]) == 0
    out = capsys.readouterr().out
    assert "9 teams, 4 boards, 6 rounds, values filled in" in out
    tables, tbs = read_team_workbook(book)
    assert tbs == [c for c in CODES] and tables.event.primary == "GP"
    assert main(["recompute", str(book), "-o", str(tmp_path / "again.xlsx")]) == 0
    assert "error" not in capsys.readouterr().out
    assert _cached((tmp_path / "again.xlsx").read_bytes())["Standings"] == _cached(book.read_bytes())["Standings"]
    assert main(["workbook", str(trf), "-o", str(book)]) == 2 and "exists" in capsys.readouterr().err
    assert main(["workbook", str(trf), "-o", str(tmp_path / "x.xlsx"), "-t", "ESB,NOPE"]) == 2
    assert "NOPE" in capsys.readouterr().err and not (tmp_path / "x.xlsx").exists()
    assert main(["template", "--type", "team", "--cells", "-o", str(tmp_path / "c.xlsx")]) == 2
    assert main(["template", "--type", "team", "--boards", "6", "--rounds", "9", "-o", str(tmp_path / "b6.xlsx")]) == 0
    six = load_workbook(tmp_path / "b6.xlsx")
    assert six["Matches"].cell(4, 10).value == "B6" and six["Settings"]["B6"].value == 9
    assert six["Settings"]["B7"].value == 6
    assert main(["template", "--type", "team", "--boards", "21", "-o", str(tmp_path / "b21.xlsx")]) == 2
    capsys.readouterr()
    out = capsys.readouterr().out if main(["check", str(book)]) == 0 else "exit 1"
    # the one warning: the rating report's fields the TRF file did not give (its Event sheet)
    assert "0 error(s), 1 warning(s)" in out and "empty, and needed by a FIDE rating report" in out, out
    wb = load_workbook(book)
    wb["Matches"]["E5"] = "9-9"
    wb.save(tmp_path / "bad.xlsx")  # (openpyxl drops the stored values: stale too)
    assert main(["check", str(tmp_path / "bad.xlsx")]) == 1
    out = capsys.readouterr().out
    assert "error    Matches!E5: board result '9-9' is not one" in out and "stale values" in out
    # the team commands read a team workbook as they read a team TRF: the same standings
    assert main(["standings", str(book)]) == 0
    from_book = capsys.readouterr().out
    assert main(["standings", str(trf), "--tiebreaks", ",".join(CODES)]) == 0
    from_trf = capsys.readouterr().out
    assert from_book.splitlines()[:-1] == from_trf.splitlines()[:-1]  # all but the PAB's source
    assert from_book.splitlines()[-1].endswith("(the workbook's Settings)")
    assert main(["standings", str(tmp_path / "bad.xlsx")]) == 2
    assert "bad.xlsx: Matches!E5: board result '9-9' is not one" in capsys.readouterr().err
    assert main(["explain", str(book), "--player", "1", "--tiebreak", "BH:MP/C1"]) == 0
    assert "BH:MP/C1 = " in capsys.readouterr().out
    assert main(["recompute", str(tmp_path / "bad.xlsx")]) == 1
    assert "error in Standings!A14: Matches!E5: board result '9-9'" in capsys.readouterr().out


def test_a_lite_team_template_names_our_functions_as_excel_saves_them():
    data = team_template_bytes(runtime="lite")
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheet1 = z.read("xl/worksheets/sheet1.xml").decode()
        assert "_xldudf_TEAM_STATUS(" in sheet1 and "_xldudf_MATCH_SCORES(" in sheet1
        assert "xlwings.conf" not in z.read("xl/workbook.xml").decode()
    assert _cached(data)["Matches"]["A3"].startswith("No teams yet")  # its values computed too


# ------------------------------------------------------------------------- printed


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_libreoffice_prints_the_team_workbook(tmp_path):
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    book = tmp_path / "team.xlsx"
    book.write_bytes(team_workbook_bytes(ev, tiebreaks=CODES[:3]))
    pages = pdf_pages(book, tmp_path)
    text = "\f".join(pages)
    for bad in ("#NAME?", "#VALUE!", "#N/A", "#ERROR"):
        assert bad not in text
    standings = sheet_pages(pages, "Standings")
    assert len(standings) == 1  # 11 teams: one page, the print area ends at the last team
    page = standings[0]
    assert "Sample team Swiss (trf26)" in page and "After round 7 of 7" in page
    assert "team PAB 1 MP, 2 GP (Settings)" in page.replace("\n", " ")
    assert "Extended Sonneborn-Berger" in page  # the legend
    result = compute_team(ev, CODES[:3])
    order = [page.index(f" {r.name}") for r in result.rows]
    assert order == sorted(order)
    leader = next(line for line in page.splitlines() if result.rows[0].name in line).split()
    assert leader[:3] == ["1", str(result.rows[0].no), result.rows[0].name]
    assert [float(x) for x in leader[3:]] == [float(result.rows[0].match_points), float(result.rows[0].game_points),
                                              *[float(v) for v in result.rows[0].values]]
    assert len(sheet_pages(pages, "Teams")) == 2  # 54 players: the print area follows them
    assert all("No problems found." in p.replace("\n", " ") for p in sheet_pages(pages, "Matches")[:1])


# ------------------------------------------------------------- through xlwings's runtimes


def _ranges(ev) -> tuple[list, list, list]:
    """The Matches, Teams and Settings ranges of a workbook of ``ev`` as Excel hands them over."""
    wb = filled_team_workbook(ev)
    out = []
    for name in ("Matches", "Teams", "TeamSettings"):
        sheet, area = wb.defined_names[name].attr_text.split("!")
        out.append([[c.value for c in row] for row in wb[sheet][area.replace("$", "")]])
    return out[0], out[1], out[2]


@pytest.mark.parametrize("path", [SAMPLES / "sample-trf26-mp.trf", REAL / "crete-interclub-2025-team.trf"],
                         ids=lambda p: p.name)
def test_every_team_function_through_both_runtimes_equals_the_engine(path):
    pytest.importorskip("xlwings")
    from tests.support.runtimes import MISSING, same, body, classic, officejs
    ev = _read(path)
    matches, teams, settings = _ranges(ev)
    listed = ",".join(CODES)
    result = compute_team(ev, CODES)
    sc = scores(ev)
    calls: list[tuple[str, tuple, object]] = []
    for t in ev.teams[::3]:
        calls.append(("MATCH_POINTS", (t.no, matches, teams, settings), json_number(sc[t.no][0])))
        calls.append(("GAME_POINTS", (t.no, matches, teams, settings), json_number(sc[t.no][1])))
        for code in ("ESB/C1", "BH:MP/C1", "SSSC"):
            v = result.value(t.no, code)
            calls.append(("TEAM_TIEBREAK", (t.no, matches, teams, code, settings, listed),
                          "-" if v is None else json_number(v)))
    calls.append(("TEAM_STANDINGS", (matches, teams, settings, listed),
                  [["Rk", "No", "Team", "MP", "GP", *result.codes]] +
                  [[r.rank, r.no, r.name, json_number(r.match_points), json_number(r.game_points),
                    *["-" if v is None else json_number(v) for v in r.values]] for r in result.rows]))
    for name in ("MATCH_SCORES", "PLAYER_POINTS", "TEAM_STATUS"):
        calls.append((name, (matches, teams, settings), fx.FUNCTIONS[name](matches, teams, settings)))
    calls.append(("TEAM_LEGEND", (listed, settings), fx.TEAM_LEGEND(listed, settings)))
    js = officejs([body(f, *args) for f, args, _ in calls])["results"]
    com = classic([[f, [MISSING if a is None else a for a in args]] for f, args, _ in calls])["results"]
    for (name, args, want), got_js, got_com in zip(calls, js, com):
        table = want if isinstance(want, list) else [[want]]
        assert "value" in got_js and same(got_js["value"], table), (name, got_js)
        assert "value" in got_com and same(got_com["value"], table), (name, got_com)
    status = calls[-2][2]
    assert isinstance(status, str) and status.startswith(f"After round {ev.rounds} of {ev.rounds}")


def test_every_call_of_a_team_workbook_through_office_js_and_a_bad_cell_as_an_error_table():
    """Each formula of the team template and of a workbook made from a team TRF, with its arguments
    read from the workbook as Excel hands them over, gives through Office.js what the registry
    function gives the headless recompute; a bad board result gives the error table naming it."""
    pytest.importorskip("xlwings")
    from tests.support.runtimes import same, body, name_of, officejs
    from xl_tiebreak.excel.recompute.formula_book import workbook_calls
    from xl_tiebreak.udfs import RANGE_ARGUMENTS
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    bad = filled_team_workbook(ev)
    bad["Matches"]["F7"] = "2-0"
    for title, data in (("template", TEMPLATE.read_bytes()), ("workbook", team_workbook_bytes(ev)),
                        ("bad cell", to_bytes(bad))):
        calls, n, _ = workbook_calls(data)
        assert n == 5 and len(calls) == 5, title
        js = officejs([body(name, *args) for name, args in calls])["results"]
        for (name, args), got in zip(calls, js):
            plain = [None if a is None else (a[0][0] if len(a) == 1 and len(a[0]) == 1
                                              and name_of(name, i) not in RANGE_ARGUMENTS else a)
                     for i, a in enumerate(args)]
            if title == "bad cell":
                assert "value" in got, (name, got)
                cell = got["value"][0][0]
                if name == "TEAM_LEGEND":  # the list's legend does not read the matches
                    assert cell == "Code"
                elif name == "TEAM_STATUS":  # the line names what to correct
                    assert cell.startswith("1 error - row 4 of the Matches range, column F: board result '2-0'")
                else:  # a table: the error table, no old figure behind it
                    assert cell.startswith("#ERROR: ") and "board result '2-0'" in cell
                continue
            want = fx.FUNCTIONS[name](*plain)
            assert "value" in got and same(got["value"], want if isinstance(want, list) else [[want]]), (title, name)


def test_a_round_robin_is_computed_as_one():
    """Settings Type round-robin: the values are the engine's for a round robin (C.07 Art. 15.2)."""
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    wb = filled_team_workbook(ev, tiebreaks=CODES)
    wb["Settings"]["B15"] = "round-robin"
    cells = _cached(recompute_bytes(to_bytes(wb))[0])
    result = compute_team(ev, CODES, round_robin=True)
    got = _table(cells["Standings"], STANDINGS_HEADER, 5 + len(CODES))[1:]
    assert [[c if isinstance(c, str) else float(c) for c in row] for row in got] == [
        [float(r.rank), float(r.no), r.name, float(r.match_points), float(r.game_points),
         *["-" if v is None else float(v) for v in r.values]] for r in result.rows]
    assert "; round robin;" in cells["Matches"]["A3"]
    assert result.rows != compute_team(ev, CODES).rows  # Art. 15.2 and Art. 16 differ on this event


def test_mutated_team_tables_give_the_event_or_an_error_naming_a_cell():
    """Random cells of the three tables replaced by odd values (numbers, texts, results, dates,
    booleans, huge numbers): the reader gives an event or an InputError naming a cell; nothing else
    escapes, and a team function says its name first."""
    import datetime as dt
    import random
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    matches, teams, settings = _ranges(ev)
    pool = [None, "", 0, 1, 2, 7, 12, 99, 10 ** 30, -3, 2.5, float("nan"), True, "x", "1-0", "+-", "--", "BYE",
            "F", "Z", "MP", "GP", "WBWB", "abc", "=1+1", dt.date(2025, 9, 1), dt.datetime(2030, 1, 1), "½-½s",
            "fide2012", "round-robin", "#N/A"]
    rng = random.Random(23)
    outcomes = {"event": 0, "error": 0}
    for _ in range(300):
        tables = [[list(r) for r in t] for t in (matches, teams, settings)]
        for _ in range(rng.randint(1, 3)):
            t = rng.choice(tables)
            i = rng.randrange(len(t))
            j = rng.randrange(len(t[i]))
            t[i][j] = rng.choice(pool)
        try:
            build_team_event(tables[1], tables[0], tables[2])
            outcomes["event"] += 1
        except InputError as exc:
            assert exc.where and (" row " in exc.where), exc
            outcomes["error"] += 1
        try:
            fx.TEAM_STANDINGS(*tables)
        except TiebreakError as exc:
            assert str(exc).startswith("TEAM_STANDINGS: "), exc
    assert outcomes["event"] > 30 and outcomes["error"] > 30, outcomes


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_recalculating_without_our_functions_the_pages_show_the_last_recomputed_values(tmp_path):
    """LibreOffice set to recalculate on load (it does not know our functions): every table falls
    back on its copy in the hidden Cache sheet, so the standings page is the recomputed one."""
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    book = tmp_path / "team.xlsx"
    book.write_bytes(team_workbook_bytes(ev, tiebreaks=CODES[:3]))
    stored = sheet_pages(pdf_pages(book, tmp_path / "stored"), "Standings")
    again = sheet_pages(pdf_pages(book, tmp_path / "recalc", recalc_always=True), "Standings")
    assert again == stored and "#NAME?" not in again[0] and "Aurochs" in again[0]


def test_several_bad_cells_are_all_named_by_the_status_line_and_check(tmp_path, capsys):
    wb = _sample_book()
    wb["Matches"]["F7"] = "2-0"
    wb["Matches"]["G9"] = "win"
    wb["Teams"]["F6"] = "strong"
    wb["Matches"]["B20"] = 77
    data = to_bytes(wb)
    _, report = recompute_bytes(data)
    status = report.values["Matches!A3"]
    assert status.startswith("4 errors - Teams!F6: the rating 'strong' is not a whole number from 0 to 3999; "
                             "Matches!F7: board result '2-0' is not one"), status
    assert "Matches!G9: board result 'win'" in status and status.endswith("; ...")
    book = tmp_path / "bad.xlsx"
    book.write_bytes(data)
    assert main(["check", str(book)]) == 1
    out = capsys.readouterr().out
    for where in ("Teams!F6", "Matches!F7", "Matches!G9", "Matches!B20"):
        assert f"error    {where}: " in out, (where, out)
    # each bad cell once, not again for every table it breaks (MATCH_SCORES, PLAYER_POINTS, TEAM_STANDINGS)
    assert "recompute gives an error here" not in out and "bad.xlsx: 4 error(s)" in out


def test_one_bad_cell_of_a_team_workbook_is_one_error_for_check(tmp_path, capsys):
    wb = _sample_book()
    wb["Matches"]["E5"] = "1x0"
    book = tmp_path / "bad.xlsx"
    book.write_bytes(recompute_bytes(to_bytes(wb))[0])
    assert main(["check", str(book)]) == 1
    out = capsys.readouterr().out
    errors = [ln for ln in out.splitlines() if ln.startswith("error")]
    assert errors == ["error    Matches!E5: board result '1x0' is not one; write 1-0, ½-½ (or =-=, 0.5-0.5), 0-1, "
                      "+- / -+ (forfeit), -- (double forfeit), x (no player on either side)"]
    # (the one warning: the Event sheet's rating-report fields are empty in the sample)
    assert out.endswith("bad.xlsx: 1 error(s), 1 warning(s)\n") and "warning  Event!" in out


def test_a_workbook_with_the_files_own_list_gives_the_engines_standings():
    """Grandmommy's Cup's record 202 (EDET/P, EMGSB/C1/P, BH:MP/C1/P, MPvGP) becomes the Settings list;
    the recomputed standings are compute_team's with the file's list (once the engine has every code)."""
    from xl_tiebreak.descriptor import parse_team
    ev = _read(REAL / "grandmommys-cup-trf26-team.trf")
    codes = list(ev.tournament.tiebreaks)
    try:
        [parse_team(c) for c in codes]
    except TiebreakError as exc:
        pytest.skip(f"the team engine does not have every code of the file yet: {exc}")
    cells = _cached(team_workbook_bytes(ev))
    result = compute_team(ev, codes)
    got = _table(cells["Standings"], STANDINGS_HEADER, 5 + len(codes))
    assert got[0][5:] == result.codes
    assert [row[:2] for row in got[1:]] == [[r.rank, r.no] for r in result.rows]


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_the_team_sheets_print_their_decimals_lined_up(tmp_path):
    """Issue 33: as on the individual Standings, every column of points prints with its decimals
    (121.5 above 78.0, not 78): the tie-breaks by their code's decimals (these three: one), the
    match's game points on Matches, each player's points on Teams."""
    import re
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    ev = _read(SAMPLES / "sample-trf26-mp.trf")
    book = tmp_path / "team.xlsx"
    book.write_bytes(team_workbook_bytes(ev, tiebreaks=CODES[:3]))
    pages = pdf_pages(book, tmp_path)

    def rows(sheet: str, line: str) -> list[list[str]]:
        return [ln.split() for page in sheet_pages(pages, sheet) for ln in page.splitlines() if re.match(line, ln)]
    one = re.compile(r"\d+\.\d")
    teams = rows("Standings", r"\s*\d+\s+\d+\s+[A-Z][a-z]+\s")  # Rk No Team MP GP ESB/C1 MPvGP BH:MP/C1
    assert len(teams) == 11 and all(one.fullmatch(v) for t in teams for v in t[-5:]), teams
    played = rows("Matches", r"\s*\d+\s+\d+\s+\d+\s+.*\d-\d")  # ... Home GP, Away GP, Home MP, Away MP
    assert played and all(one.fullmatch(v) for m in played for v in m[-4:-2]), played
    players = rows("Teams", r".*Player \d")  # ... Pts, Games
    assert len(players) == 54 and all(one.fullmatch(p[-2]) for p in players), players
    standings = " ".join(sheet_pages(pages, "Standings")[0].split())
    assert "Buchholz Cut-1 (sum of the opponents' MP or GP)" in standings  # the legend names the cut
    assert "Extended Sonneborn-Berger Cut-1" in standings


def _team_book(tmp_path: Path, cells: dict) -> Path:
    """The workbook ``xl-tiebreak workbook`` makes of sample-trf26-mp.trf (its Settings list:
    ESB/C1, MPvGP, BH/C1 in B18:B20), then ``cells`` typed into it."""
    from tests.support.workbook_typing import type_cells
    src = SAMPLES / "sample-trf26-mp.trf"
    if not src.is_file():
        pytest.skip(f"{src} is not beside the project")
    book = tmp_path / "team.xlsx"
    assert main(["workbook", str(src), "-o", str(book)]) == 0
    type_cells(book, cells)
    return book


def test_a_team_workbooks_tie_break_list_is_checked_at_its_settings_cells(tmp_path, capsys):
    """The team list is checked as the individual one and a team TRF's record 202 are: a blank row
    between two codes (list-gap) and a cut that leaves nothing of 7 rounds (cut-leaves-nothing),
    each at its Settings cell (check said nothing of them)."""
    book = _team_book(tmp_path, {"Settings!B19": "", "Settings!B20": "MPvGP", "Settings!B21": "BH/C99"})
    capsys.readouterr()
    assert main(["check", str(book), "--format", "json"]) == 0
    import json
    found = [(f["rule"], f["where"]) for f in json.loads(capsys.readouterr().out)["findings"]
             if f["where"].startswith("Settings")]
    assert found == [("list-gap", "Settings!B19"), ("cut-leaves-nothing", "Settings!B21")], found


def test_a_team_code_the_program_does_not_know_is_named_at_its_settings_cell_by_every_face(tmp_path, capsys):
    """``XYZ`` in Settings!B20: check names Settings!B20 once (not the tables' errors with the
    internal ``tiebreak_list:``); standings names the file once and Settings!B20 (not the Boards
    cell B7, nor "record 202"); the recompute's tables and the status line of the Matches sheet
    name the cell, and the status line counts the error instead of "No problems found."."""
    book = _team_book(tmp_path, {"Settings!B20": "XYZ"})
    capsys.readouterr()
    assert main(["check", str(book)]) == 1
    out = capsys.readouterr().out
    errors = [ln for ln in out.splitlines() if ln.startswith("error")]
    assert len(errors) == 1 and errors[0].startswith("error    Settings!B20: entry 3 of the tie-break list: unknown "
                                                     "team tie-break 'XYZ'"), out
    assert main(["standings", str(book)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("xl-tiebreak: team.xlsx: Settings!B20: unknown team tie-break 'XYZ'"), err
    assert err.count("team.xlsx") == 1 and "record 202" not in err and "Settings!B7" not in err
    assert main(["recompute", str(book)]) == 1
    out = capsys.readouterr().out
    assert "error in Standings!C5: Settings!B20: unknown team tie-break 'XYZ'" in out and "tiebreak_list" not in out
    from tests.support.workbook_typing import read_sheet
    status = read_sheet(book, "Matches")["A3"]
    assert status.startswith("After round 7 of 7; ") and status.endswith(
        "1 error - Settings!B20: unknown team tie-break 'XYZ'; team codes: PTS, MPTS, GPTS, MPvGP, BH, FB, AOB, PS, "
        "ESB, EMMSB, EMGSB, EGMSB, EGGSB, SSSC, BC, TBR, BBE, DE, EDE, EDEBT, EDEBB, EDET, EDEB, EDEC"), status
