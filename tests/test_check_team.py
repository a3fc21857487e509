"""``xl-tiebreak check`` on a team TRF: every inconsistency of Reading (issue 23) is a finding that
names the line (and column where there is one), through the command itself (``main``).

The event is :mod:`tests.support.team_files`' four teams of two boards; each test breaks one thing.
"""

from __future__ import annotations

import json
import os
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import SHARED
from tests.support.team_files import FIRST_PLAYER_LINE, FIRST_TEAM_LINE, four_teams
from xl_tiebreak.cli import main

_SHARED = SHARED if SHARED.is_dir() else Path(os.environ.get("XL_TIEBREAK_SHARED", str(SHARED)))
END = FIRST_TEAM_LINE + 4  # the first line after the four 310 records


def check(tmp_path: Path, text: str, capsys) -> tuple[int, list[tuple[str, str, str]]]:
    """Run ``check --format json``: (exit status, [(severity, rule, where)])."""
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    status = main(["check", str(path), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    return status, [(f["severity"], f["rule"], f["where"]) for f in doc["findings"]]


def test_a_consistent_team_file_has_no_finding(tmp_path, capsys):
    assert check(tmp_path, four_teams(), capsys) == (0, [])


def test_the_table_names_the_file_and_counts(tmp_path, capsys):
    path = tmp_path / "event.trf"
    path.write_text(four_teams(totals={4: ("1.0", "1.5")}), encoding="utf-8")
    assert main(["check", str(path)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines() == [
        f"warning  event.trf line {FIRST_TEAM_LINE + 3}, column 62: team 4 (Dingoes) declares 1.5 game points; its "
        "matches give 1: the games' totals are used",
        "event.trf: 0 error(s), 1 warning(s)"]


def test_a_player_in_no_team_is_a_warning_at_his_line(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(rosters={1: [1, 2]}), capsys)
    assert status == 0  # a warning only
    assert found == [("warning", "team-roster", f"event.trf line {FIRST_PLAYER_LINE + 8}")]  # player 9


def test_declared_match_and_game_points_that_disagree_are_warnings_at_their_columns(tmp_path, capsys):
    """FIDE's reference engine reads such a file with the games' totals (checked by running it):
    a warning in check, as in standings and export-trf, which compute on."""
    status, found = check(tmp_path, four_teams(totals={2: ("3.0", "2.0")}), capsys)
    assert status == 0
    assert found == [("warning", "team-declared", f"event.trf line {FIRST_TEAM_LINE + 1}, column 55"),
                     ("warning", "team-declared", f"event.trf line {FIRST_TEAM_LINE + 1}, column 62")]


def test_boards_against_two_teams_are_an_error_at_the_board(tmp_path, capsys):
    # player 4 (team 2) moved to team 3's roster: in round 1 team 3 (players 5, 6, 4) meets team 4 on
    # two boards and team 1 on one; team 2 meets team 1 with one board
    text = four_teams(rosters={2: [3], 3: [5, 6, 4]})
    status, found = check(tmp_path, text, capsys)
    assert status == 1
    assert ("error", "team-match", f"event.trf line {FIRST_PLAYER_LINE + 3}, column 92") in found  # player 4, round 1
    # round 2: player 4 meets player 8 of team 4, as team 3's 5 and 6 meet team 1: the same finding
    assert ("error", "team-match", f"event.trf line {FIRST_PLAYER_LINE + 3}, column 102") in found


def test_games_and_a_forfeited_match_in_one_round_are_an_error_at_the_330(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["330 +-   2   2   4"]), capsys)
    assert status == 1
    assert ("error", "team-match", f"event.trf line {END}") in found


def test_games_and_a_pab_in_one_round_are_an_error_at_the_320(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["320  2.0  2.0   1"]), capsys)
    assert status == 1
    assert ("error", "team-match", f"event.trf line {END}") in found


def test_a_second_320_is_an_error_at_its_line(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["320  2.0  2.0", "320  1.0  1.0"]), capsys)
    assert status == 1 and found == [("error", "team-record", f"event.trf line {END + 1}, column 1")]


def test_a_300_line_up_with_a_player_who_did_not_play_is_an_error_at_the_300(tmp_path, capsys):
    # team 1's line-up in round 1 names its reserve 9, who did not play, and leaves out player 2
    status, found = check(tmp_path, four_teams(extra=["300   1   1   2    1    9"]), capsys)
    assert status == 1 and found == [("error", "team-record", f"event.trf line {END}")]


def test_a_300_line_up_against_the_wrong_team_is_an_error_at_the_300(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["300   1   1   3    2    1"]), capsys)
    assert status == 1 and found == [("error", "team-record", f"event.trf line {END}")]


def test_a_300_line_up_naming_no_team_stops_with_its_line(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["300   1   1   7    2    1"]), capsys)
    assert status == 1 and found == [("error", "layout", f"event.trf line {END}")]


def test_more_players_than_the_352_boards_is_an_error_at_the_last_board(tmp_path, capsys):
    # round 1: team 1's reserve 9 plays a third board against a new player 10 of team 2
    rounds = {9: [(10, "w", "1"), ("0000", "-", "-")]}
    text = four_teams(rounds=rounds, rosters={2: [3, 4, 10]})
    text = text.replace("310   1", "001   10 m    Player 10                         1500 NOR        1010"
                        "             0.0   10     9 b 0  0000 - -\n310   1", 1)
    status, found = check(tmp_path, text, capsys)
    assert status == 1
    wheres = [w for s, r, w in found if r == "team-match"]
    assert f"event.trf line {FIRST_PLAYER_LINE + 8}, column 92" in wheres  # player 9, team 1's third board
    assert f"event.trf line {FIRST_PLAYER_LINE + 9}, column 92" in wheres  # player 10, team 2's third board


def test_record_299_is_a_warning_that_it_is_not_applied(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["299    -1.0  -2.0    2    4"]), capsys)
    assert status == 0 and found == [("warning", "team-abnormal", f"event.trf line {END}, column 1")]


def test_a_bad_team_record_is_an_error_naming_line_and_column(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(extra=["330 ++   2   1   3"]), capsys)
    assert status == 1 and found == [("error", "layout", f"event.trf line {END}, column 5")]


def test_a_team_file_without_team_records_says_so(tmp_path, capsys):
    text = four_teams()
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("310")) + "\n"
    status, found = check(tmp_path, text, capsys)
    marker = next(n for n, ln in enumerate(text.splitlines(), start=1) if ln[:3] in ("082", "092", "192", "013",
                                                                                   "320", "330", "300", "352", "362"))
    # the refusal names the record that made the file a team event
    assert status == 1 and found == [("error", "layout", f"event.trf line {marker}")]


def test_an_individual_file_is_still_checked_as_one(tmp_path, capsys):
    text = four_teams(header=["012 Individual", "042 2026/03/07", "142 2"])
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("310")) + "\n"
    status, found = check(tmp_path, text, capsys)
    # the 001 lines of a team event are an individual Swiss too: player 9 absent, nothing wrong
    assert status == 0 and [r for _s, r, _w in found if r.startswith("team")] == []


def test_a_team_list_entry_is_named_by_its_place_as_typed_with_its_column(tmp_path, capsys):
    """``202 BH:MP,,XYZ`` in a team file: check's error and the error that stops standings both
    say entry 3 at its column, as for an individual file; the gap is entry 2. Before: standings
    said "record 202" without a place."""
    from tests.support.team_files import HEADER
    text = four_teams(header=HEADER + ["202 BH:MP,,XYZ"])
    status, found = check(tmp_path, text, capsys)
    line = len(HEADER) + 1  # the line after the header
    assert status == 1
    assert found == [("warning", "list-gap", f"event.trf line {line}, column 11"),
                     ("error", "descriptor", f"event.trf line {line}, column 12")]
    path = tmp_path / "event.trf"
    assert main(["check", str(path)]) == 1
    assert f"event.trf line {line}, column 12: entry 3 of the tie-break list: unknown team tie-break 'XYZ'" in \
        capsys.readouterr().out
    assert main(["standings", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"xl-tiebreak: event.trf line {line}, column 12: entry 3 of the "
                                              "tie-break list: unknown team tie-break 'XYZ'")


def test_the_real_team_files_findings(capsys):
    real = _SHARED / "data" / "real"
    grand = real / "grandmommys-cup-trf26-team.trf"
    if not grand.is_file():
        pytest.skip("../shared/data/real is not there")
    status = main(["check", str(grand), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    assert status == 0 and doc["errors"] == 0  # warnings only: FIDE's reference engine reads the file
    # Denmark's 310 counts a half-point team bye in round 3 that no record states; two 299 not applied
    # the PAB of team 50 in round 3 (320; its 802 says PAB too) and a stray H bye (240 of line 345)
    assert [(f["rule"], f["where"]) for f in doc["findings"] if f["rule"].startswith("team")] == [
        ("team-abnormal", f"{grand.name} line 539, column 1"), ("team-abnormal", f"{grand.name} line 540, column 1"),
        ("team-overlap", f"{grand.name} line 512"),
        ("team-declared", f"{grand.name} line 334, column 55"), ("team-declared", f"{grand.name} line 334, column 62")]
    crete = real / "crete-interclub-2025-team.trf"
    assert main(["check", str(crete), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0


def test_declared_totals_are_one_warning_in_check_standings_and_export_trf_as_the_reference_reads_the_file(
        tmp_path, capsys):
    """Grandmommy's Cup: Denmark's 310 declares 13 MP and 24.5 GP, its matches give 12 and 22.5.
    check said so as an error (exit 1) while standings and export-trf warned and computed on; now
    every command says it alike, a warning, and FIDE's reference engine reads the file with the
    games' totals (12 and 22.5). Before: check's error."""
    grand = _SHARED / "data" / "real" / "grandmommys-cup-trf26-team.trf"
    if not grand.is_file():
        pytest.skip("../shared/data/real is not there")
    said = [f"{grand.name} line 334, column 55: team 47 (Denmark) declares 13 match points; its matches give 12: "
            "the games' totals are used",
            f"{grand.name} line 334, column 62: team 47 (Denmark) declares 24.5 game points; its matches give 22.5: "
            "the games' totals are used"]
    assert main(["check", str(grand)]) == 0
    out = capsys.readouterr().out.splitlines()
    assert [ln for ln in out if "declares" in ln] == [f"warning  {m}" for m in said]
    for command in (["standings", str(grand)], ["export-trf", str(grand), "-o", str(tmp_path / "out.trf")]):
        assert main(command) == 0
        err = capsys.readouterr().err.splitlines()
        assert [ln for ln in err if "declares" in ln] == [f"xl-tiebreak: warning: {m}" for m in said]
    from tests.oracle.team_runner import gacrux_available, run_team_gacrux
    if gacrux_available():
        ref = run_team_gacrux(grand, ["MPTS", "GPTS"], edition="2024")
        assert (ref.match_points[47], ref.game_points[47]) == (12, Fraction(45, 2))


def test_a_board_player_s_points_field_that_differs_from_his_results_is_a_warning(tmp_path, capsys):
    """Player 9 never played, but his points field says 1.0: FIDE's reference engine refuses the file
    ("Incorrect score for player 9"), so check says so at the field; a warning only, since some programs
    count a team bye's points there (the real crete file: 8 such players, each one point above)."""
    status, found = check(tmp_path, four_teams(points={9: "1.0"}), capsys)
    assert (status, found) == (0, [("warning", "team-points", f"event.trf line {FIRST_PLAYER_LINE + 8}, "
                                                               "columns 81-84")])
    path = tmp_path / "event.trf"
    assert main(["check", str(path)]) == 0
    assert ("player 9 has 1.0 points, but his results give 0.0; FIDE's reference engine refuses such a file"
            in capsys.readouterr().out)
    from tests.oracle.team_runner import GacruxError, gacrux_available, run_team_gacrux
    if gacrux_available():
        with pytest.raises(GacruxError, match="Incorrect score for player 9"):
            run_team_gacrux(path, ["MPTS"])
    crete = _SHARED / "data" / "real" / "crete-interclub-2025-team.trf"
    if crete.is_file():
        assert main(["check", str(crete), "--format", "json"]) == 0
        doc = json.loads(capsys.readouterr().out)
        assert [(f["severity"], f["rule"]) for f in doc["findings"]] == [("warning", "team-points")] * 8
        assert "player 58 has 1.5 points, but his results give 0.5" in doc["findings"][0]["message"]


def test_a_team_with_two_pabs_is_a_warning_and_a_player_s_second_u_is_not(tmp_path, capsys):
    # team 4 has the PAB in both rounds, written TRF-16 style (0000 - U on its boards); team 3 sits round 1
    # out, team 2 round 2; teams 1-2 (round 1) and 1-3 (round 2) as before
    u = ("0000", "-", "U")
    rounds = {7: [u, u], 8: [u, u], 5: [("0000", "-", "-"), (1, "b", "=")], 6: [("0000", "-", "-"), (2, "w", "=")],
              3: [(1, "b", "0"), ("0000", "-", "-")], 4: [(2, "w", "="), ("0000", "-", "-")]}
    text = four_teams(rounds=rounds, totals={1: ("3.0", "2.5"), 2: ("0.0", "0.5"), 3: ("1.0", "1.0"),
                                             4: ("4.0", "4.0")},
                      points={3: "0.0", 4: "0.5", 6: "0.5", 7: "2.0", 8: "2.0"})
    status, found = check(tmp_path, text, capsys)
    assert status == 0
    assert found == [("warning", "pab-twice", f"event.trf line {FIRST_PLAYER_LINE + 6}")]  # team 4's first player


@pytest.mark.parametrize("extra, where", [
    (["240 F   3    1"], END),                                  # round 3 of a 2-round event
    (["330 +-   9   1   3"], END),
    (["320  2.0  2.0               1"], END),                   # the team of round 4
    (["300   5   1   2    1    2"], END),
    (["300   1   1   2    2    1", "300   1   1   2    1    2"], END + 1),  # two line-ups
])
def test_team_records_that_name_no_round_or_a_round_twice_are_errors_at_their_line(tmp_path, capsys, extra, where):
    status, found = check(tmp_path, four_teams(extra=extra), capsys)
    assert status == 1
    assert [w.split(",")[0] for s, r, w in found if r == "team-record"] == [f"event.trf line {where}"]


def test_two_team_records_for_one_round_are_a_warning_naming_the_one_used(tmp_path, capsys):
    # team 4, round 2 (it also has games there: that is the team-match error)
    text = four_teams(extra=["240 H   2    4", "320  2.0  2.0       4"])
    status, found = check(tmp_path, text, capsys)
    assert ("warning", "team-overlap", f"event.trf line {END + 1}") in found
    assert [m for m in _messages(tmp_path, text, capsys) if "already gives it" in m] == ["record 320 gives team 4 a round 2 that record 240 (line 20) already gives it; the record "
                          "320 of line 21 is used"]


def _messages(tmp_path: Path, text: str, capsys) -> list[str]:
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    main(["check", str(path), "--format", "json"])
    return [f["message"] for f in json.loads(capsys.readouterr().out)["findings"]]


def test_a_player_twice_in_one_roster_is_an_error_at_the_310(tmp_path, capsys):
    status, found = check(tmp_path, four_teams(rosters={4: [7, 8, 7]}), capsys)
    assert status == 1 and found == [("error", "layout", f"event.trf line {FIRST_TEAM_LINE + 3}")]


def test_the_program_itself_exits_2_with_one_line_on_a_broken_team_file(tmp_path):
    """The installed command, as a process: no traceback, one message naming the line."""
    import subprocess
    import sys
    from conftest import ROOT
    path = tmp_path / "event.trf"
    path.write_text(four_teams(extra=["330 ++   2   1   3"]), encoding="utf-8")
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    proc = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "compute", str(path)], capture_output=True,
                          text=True, env=env, timeout=120)
    assert proc.returncode == 2 and proc.stdout == ""
    assert proc.stderr == (f"xl-tiebreak: event.trf line {END}, column 5: record 330 is: +- / -+ / --, round, first "
                           "team, second team\n")


@pytest.mark.parametrize("command", ["compute", "standings"])
def test_a_team_marker_without_rosters_names_the_record_that_made_it_a_team_event(tmp_path, capsys, command):
    """A file whose 082 says there are teams but which has no 310/013 roster (a cut file): the
    refusal names the line of the record that made it a team event (the fuzz run found it named
    no place)."""
    path = tmp_path / "cut.trf"
    path.write_text("012 Cut\n082 3\n001    1      Aa                                0000        0.0    1\n",
                    encoding="utf-8")
    assert main([command, str(path)]) == 2
    err = capsys.readouterr().err
    assert "cut.trf line 2: record 082 makes this a team event" in err
    assert "no team roster (310 in TRF-26, 013 in TRF-16)" in err
