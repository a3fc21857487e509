"""Hostile team TRF records (issue 32): a number that is no number (``²``, ``abc``, ``-2.0``), one of
5,000 digits (Python refuses to convert more than 4,300), or an event past what a team file holds
(1,000 teams, 500,000 boards, 1,000 rounds) ends with exit 2 and one message naming the line and
column, before the work (``check``: exit 1, the same place in its finding); never an internal
error, a silent default or a file written that its own reader refuses; the user's files are left
as they were.

The events are :mod:`team_files`' four teams of two boards (line 5 record 352, line 6 record 362,
lines 16-19 the 310 records) with one record broken, and events generated here (cheap: a few
thousand short lines).
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from conftest import trf_line
from tests.support.team_builders import trf26_text
from tests.support.team_files import FIRST_TEAM_LINE, HEADER, four_teams
from xl_tiebreak.cli import main

from .conftest import assert_refused, assert_unchanged, run_cli, snapshot

BIG = "9" * 5000  # past Python's 4,300-digit limit for int()
END = FIRST_TEAM_LINE + 4  # the first line after the four 310 records
COLOURS_LINE = HEADER.index("352 WB") + 1
POINTS_LINE = next(k for k, ln in enumerate(HEADER, start=1) if ln.startswith("362"))


def _team_field(first: int, last: int, text: str) -> str:
    """The four teams with columns ``first``-``last`` of team 1's 310 record replaced."""
    lines = four_teams().splitlines()
    k = FIRST_TEAM_LINE - 1
    lines[k] = lines[k][:first - 1] + text.rjust(last - first + 1) + lines[k][last:]
    return "\n".join(lines) + "\n"


def _header(code: str, line: str) -> str:
    """The four teams with the header record ``code`` replaced by ``line``."""
    return four_teams(header=[line if h.startswith(code) else h for h in HEADER])


def _check(path: Path, capsys) -> tuple[int, list[tuple[str, str]]]:
    """``check --format json`` in process: (exit status, [(where, message)] of its errors)."""
    status = main(["check", str(path), "--format", "json"])
    doc = json.loads(capsys.readouterr().out)
    return status, [(f["where"], f["message"]) for f in doc["findings"] if f["severity"] == "error"]


# (the file's text, the place named, words of the message)
RECORDS = {
    "a unicode digit as the team number": (_team_field(5, 7, "²"), f"line {FIRST_TEAM_LINE}, column 5",
                                           "the team number (columns 5-7) must be a whole number from 1 to 999, "
                                           "found '²'"),
    "team number 0": (_team_field(5, 7, "0"), f"line {FIRST_TEAM_LINE}, column 5",
                      "the team number (columns 5-7) must be a whole number from 1 to 999, found '0'"),
    "a unicode digit as the rank": (_team_field(69, 71, "²"), f"line {FIRST_TEAM_LINE}, column 69", "the rank"),
    "a unicode digit in the roster": (_team_field(74, 77, "²"), f"line {FIRST_TEAM_LINE}, column 74",
                                      "a player's start rank must be a whole number from 1 to 9999, found '²'"),
    "a unicode digit as a team of 330": (four_teams(extra=["330 +-   1   ²   2"]), f"line {END}, column 14",
                                         "the first team must be a whole number from 1 to 999, found '²'"),
    "5,000 digits as the round of 330": (four_teams(extra=[f"330 +- {BIG}   1   2"]), f"line {END}, column 8",
                                         "the round must be a whole number from 1 to 999, found '999999"),
    "5,000 digits as a team of 240": (four_teams(extra=[f"240 F   1 {BIG}"]), f"line {END}, column 11",
                                      "a team number must be a whole number from 1 to 999"),
    "5,000 digits as the team of 300": (four_teams(extra=[f"300   1 {BIG}   2    1    2"]), f"line {END}, column 9",
                                        "the team must be a whole number from 1 to 999"),
    "5,000 digits as a player of 300": (four_teams(extra=[f"300   1   1   2 {BIG}    2"]), f"line {END}, column 17",
                                        "a player's start rank (0: an empty board) must be a whole number from 0"),
    "5,000 digits as TW": (_header("362", f"362 TW {BIG}"), f"line {POINTS_LINE}, column 8",
                           "record 362: TW must be followed by the match points"),
    "TW -2.0": (_header("362", "362 TW -2.0   TD 1.0   TL 0.0"), f"line {POINTS_LINE}, column 8",
                "record 362: TW must be followed by the match points, a number such as 2.0; found '-2.0'"),
    "TW abc": (_header("362", "362 TW abc   TD 1.0   TL 0.0"), f"line {POINTS_LINE}, column 8",
               "record 362: TW must be followed by the match points, a number such as 2.0; found 'abc'"),
    "a drawn match worth more than a won one": (_header("362", "362 TW 1.0   TD 2.0   TL 0.0"),
                                                f"line {POINTS_LINE}, column 5",
                                                "match points 1/2/0: a won match must be worth more than a drawn one"),
    "352 XYZ!!": (_header("352", "352 XYZ!!"), f"line {COLOURS_LINE}, column 5",
                  "record 352 gives the first-named team's colour on each board, W or B (e.g. WBWB); found 'XYZ!!'"),
    "352 of 500,000 boards": (_header("352", "352 " + "WB" * 250_000), f"line {COLOURS_LINE}, column 5",
                              "record 352 gives 500,000 boards; a match has at most 99"),
}


@pytest.mark.parametrize("case", list(RECORDS))
def test_a_team_record_that_is_no_number_or_past_its_limit_is_refused_naming_its_place(tmp_path, capsys, case):
    text, place, message = RECORDS[case]
    path = tmp_path / "event.trf"
    path.write_text(text, encoding="utf-8")
    before = snapshot(tmp_path)
    started = time.monotonic()
    proc = run_cli(["standings", "event.trf"], tmp_path)
    assert_refused(proc, f"event.trf {place}: {message}")
    assert time.monotonic() - started < 30  # refused as read (a second), not after the work
    status, errors = _check(path, capsys)
    assert status == 1 and errors[0][0] == f"event.trf {place}" and message in errors[0][1]
    assert_unchanged(before, tmp_path)


def test_match_points_are_read_as_written_each_once():
    # TW 3 TD 1 (3/1/0 team scoring), TL left out: 0. Team 1 (a won and a drawn match) has 3 + 1 = 4
    # match points; by hand from team_files' matches. TW given twice was read by its first value
    from xl_tiebreak.errors import InputError
    from xl_tiebreak.teams import scores
    from xl_tiebreak.trf.teams import read_team_trf
    from xl_tiebreak.validation import Findings
    ev = read_team_trf(_header("362", "362 TW=3   td 1,0"), "e.trf", findings=Findings(strict=False))
    assert (ev.match_values.win, ev.match_values.draw, ev.match_values.loss) == (3, 1, 0)
    assert scores(ev)[1][0] == 4
    with pytest.raises(InputError, match=rf"^e.trf line {POINTS_LINE}, column 23: record 362 gives TW twice$"):
        read_team_trf(_header("362", "362 TW 3.0   TD 1.0   TW 2.0"), "e.trf")


def _teams013(n: int) -> str:
    """A TRF-16 event of ``n`` one-board teams (013 records, numbered in their order), one round:
    team 2k-1 beats team 2k."""
    lines = ["012 Many teams", "042 2026/03/07", "XXR 1", "092 Team Swiss"]
    for p in range(1, n + 1):
        won = p % 2 == 1
        lines.append(trf_line(p, [(p + 1 if won else p - 1, "w" if won else "b", "1" if won else "0")],
                              "1.0" if won else "0.0"))
    lines += [f"013 {f'Team {t}':<32}{t:4d}" for t in range(1, n + 1)]
    return "\n".join(lines) + "\n"


@pytest.mark.parametrize("command", [["export-trf", "many.trf", "-o", "out.trf"],
                                     ["workbook", "many.trf", "-o", "out.xlsx"], ["standings", "many.trf"]])
def test_a_thousandth_team_is_refused_at_its_013_record_before_anything_is_written(tmp_path, capsys, command):
    # TRF-26 gives a team number three columns (310 at 5-7) and a team workbook holds teams 1-999:
    # team 1,000 was written into 310 as 4 digits (a file its own reader refuses), and the workbook
    # found the limit in the book it had written
    (tmp_path / "many.trf").write_text(_teams013(1000), encoding="utf-8")
    line = 4 + 1000 + 1000  # the header, the players, then the 1,000th 013 record
    before = snapshot(tmp_path)
    proc = run_cli(command, tmp_path)
    assert_refused(proc, f"many.trf line {line}, column 1: a team event has at most 999 teams")
    assert_unchanged(before, tmp_path)
    status, errors = _check(tmp_path / "many.trf", capsys)
    assert status == 1 and errors[0][0] == f"many.trf line {line}, column 1"


def test_nine_hundred_ninety_nine_teams_are_read_and_a_thousandth_is_not():
    from xl_tiebreak.errors import InputError
    from xl_tiebreak.trf.teams import read_team_trf
    ev = read_team_trf(_teams013(1000).replace(f"013 {'Team 1000':<32}1000\n", ""), "e.trf")
    assert [t.no for t in ev.teams][-1] == 999
    with pytest.raises(InputError, match="^e.trf line 2004, column 1: a team event has at most 999 teams"):
        read_team_trf(_teams013(1000), "e.trf")


def test_a_team_fielding_a_hundred_boards_is_refused_at_the_hundredth_first(tmp_path):
    # no 352: the boards are the players a team fields; team 1's 100th board is player 100 (line 105)
    text = trf26_text(2, 100, 1, [(1, 1, 2, "1" * 100)])
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("352")) + "\n"
    (tmp_path / "e.trf").write_text(text, encoding="utf-8")
    proc = run_cli(["standings", "e.trf"], tmp_path)
    assert_refused(proc, "e.trf line 105, column 92: team 1 (Team 1) fields 100 players in round 1; a match has at "
                   "most 99 boards")


def test_a_team_event_of_a_thousand_rounds_is_refused(tmp_path):
    # the team records give a round three columns (240 at 7-9, 300 at 5-7, 330 at 8-10)
    text = trf26_text(2, 1, 1000, [(r, 1, 2, "=") for r in range(1, 1001)])
    text = "\n".join(ln for ln in text.splitlines() if not ln.startswith("142")) + "\n"
    (tmp_path / "e.trf").write_text(text, encoding="utf-8")
    proc = run_cli(["export-trf", "e.trf", "-o", "out.trf"], tmp_path)
    assert_refused(proc, "e.trf line 6: the event has 1000 rounds; a team event has at most 999")
    assert not (tmp_path / "out.trf").exists()


def test_a_number_of_rounds_of_5000_digits_is_refused_naming_its_line(tmp_path, capsys):
    text = four_teams(header=[*HEADER[:2], f"142 {BIG}", *HEADER[3:]])
    (tmp_path / "e.trf").write_text(text, encoding="utf-8")
    assert_refused(run_cli(["standings", "e.trf"], tmp_path), "e.trf line 3, column 5: record 142 must give the "
                   "number of rounds, found '99999999999999999...'")
    status, errors = _check(tmp_path / "e.trf", capsys)
    assert status == 1 and errors[0][0] == "e.trf line 3, column 5"


def test_a_number_of_teams_of_5000_digits_is_read_as_a_team_event(tmp_path):
    # record 082 only says that the file is a team event (its count is not used)
    (tmp_path / "e.trf").write_text(four_teams(header=[*HEADER, f"082 {BIG}"]), encoding="utf-8")
    proc = run_cli(["standings", "e.trf"], tmp_path)
    assert proc.returncode == 0 and b"Team standings after round 2" in proc.stdout, proc.stderr


def test_a_player_count_of_5000_digits_is_written_again_as_the_count(tmp_path):
    # 062 (players) with 5,000 digits: the writer recounts it (9 players) instead of failing, and
    # the file it writes is read back, by our reader and by FIDE's reference engine, with the same
    # match points
    from tests.oracle.team_runner import gacrux_available, run_team_gacrux
    from xl_tiebreak.teams import scores
    from xl_tiebreak.trf.teams import read_team_file
    (tmp_path / "e.trf").write_text(four_teams(header=[*HEADER, f"062 {BIG}"]), encoding="utf-8")
    proc = run_cli(["export-trf", "e.trf", "-o", "out.trf"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = (tmp_path / "out.trf").read_text(encoding="utf-8")
    assert "062 9" in out.splitlines()
    mp = {no: s[0] for no, s in scores(read_team_file(tmp_path / "out.trf")).items()}
    assert mp == {1: 3, 2: 2, 3: 2, 4: 1}  # team_files' totals, by hand
    if gacrux_available():
        assert run_team_gacrux(tmp_path / "out.trf", ["BH:MP"]).match_points == mp
