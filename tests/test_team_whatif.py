"""``whatif`` on a team event (issue 34 stage 4): which teams can still finish in the prize places
over the matches still to complete, each match's results (game points, and the match points they
give) and what they do; exact over every combination of the open boards within the bounds, else on
the primary score alone, saying why; ``--before R`` looks back. Bad input exits 2 with one message.

The events are small TRF files written by hand (:mod:`team_files`, the shipped example) and a real
team Swiss (Grandmommy's Cup, before its last round); every expected answer is worked out by hand
from the scores, as the comments show.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from conftest import REAL
from tests.support.team_files import four_teams
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.team_whatif import team_before_results, team_what_if
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.validation import Findings
from xl_tiebreak.whatif import Range

EXAMPLE = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"
CUP = REAL / "grandmommys-cup-trf26-team.trf"
NO_TOTALS = {t: ("", "") for t in (1, 2, 3, 4)}

# The four teams of team_files after round 1: Aurochs (1) 2 MP 1.5 GP, Badgers (2) 0 MP 0.5 GP,
# Caracals (3) 1 MP 1 GP, Dingoes (4) 1 MP 1 GP. Round 2 pairs 1 - 3 (players 1-5, 2-6) and 2 - 4
# (players 3-7, 4-8).


def _event(text: str):
    return read_team_trf(text, "t.trf", findings=Findings(strict=False))


def round_2_to_come() -> str:
    """Every board of round 2 paired, its result still to come."""
    rounds = {p: [r[0], (r[1][0], r[1][1], " ")] for p, r in {
        1: [(3, "w", "1"), (5, "w", "=")], 2: [(4, "b", "="), (6, "b", "=")],
        3: [(1, "b", "0"), (7, "w", "1")], 4: [(2, "w", "="), (8, "b", "1")],
        5: [(7, "w", "0"), (1, "b", "=")], 6: [(8, "b", "1"), (2, "w", "=")],
        7: [(5, "b", "1"), (3, "b", "0")], 8: [(6, "w", "0"), (4, "w", "0")]}.items()}
    points = {1: "1.0", 2: "0.5", 3: "0.0", 4: "0.5", 5: "0.0", 6: "1.0", 7: "1.0", 8: "0.0"}
    return four_teams(rounds=rounds, points=points, totals=NO_TOTALS)


def one_board_to_come() -> str:
    """Round 2 played but for board 1 of Aurochs - Caracals (players 1 and 5): board 2 drawn, and
    Badgers beat Dingoes 2-0."""
    rounds = {1: [(3, "w", "1"), (5, "w", " ")], 5: [(7, "w", "0"), (1, "b", " ")]}
    return four_teams(rounds=rounds, points={1: "1.0", 5: "0.0"}, totals=NO_TOTALS)


def test_one_board_to_come():
    # Aurochs 2 MP + ½ on board 2; Caracals 1 MP + ½; Badgers 2 MP (won 2-0), Dingoes 1 MP.
    # Board 1 won by Aurochs: 1½-½, 4 MP, 1st; drawn: 1-1, Aurochs 3 MP against 2, 2 and 2: 1st;
    # won by Caracals: ½-1½, Caracals 3 MP against Aurochs' and Badgers' 2: 1st
    w = team_what_if(_event(one_board_to_come()), "MPvGP", places=1)
    assert (w.round, w.exact, w.open_boards, w.combinations, w.ranked_by_tiebreaks) == (2, True, 1, 3, 0)
    (m,) = w.matches
    assert (m.home, m.away, [r.text for r in m.results]) == (1, 3, ["1½-½", "1-1", "½-1½"])
    assert [(r.home_mp, r.away_mp) for r in m.results] == [(2, 0), (1, 1), (0, 2)]
    assert w.can_finish(1) == (1, 3) and w.certain(1) == ()
    assert [(m.results[mo.outcome].text, mo.places[1], mo.places[3]) for mo in w.by_match] == [
        ("1½-½", Range(1, 1), Range(2, 2)), ("1-1", Range(1, 1), Range(2, 2)), ("½-1½", Range(2, 2), Range(1, 1))]
    assert w.on_points[1].points_now == 2 and w.on_points[1].max_points == 4


def test_a_whole_round_to_come():
    # 4 open boards: 81 combinations. Aurochs (2 MP) can reach 4; Caracals and Dingoes 3 (a won match);
    # Badgers at most 2, while Aurochs have 2 at least and, when they lose, Caracals 3: never 1st.
    w = team_what_if(_event(round_2_to_come()), "MPvGP", places=1)
    assert (w.exact, w.open_boards, w.combinations) == (True, 4, 81)
    assert [(m.number, m.home, m.away) for m in w.matches] == [(1, 1, 3), (2, 2, 4)]  # the top match first
    assert [r.text for r in w.matches[0].results] == ["2-0", "1½-½", "1-1", "½-1½", "0-2"]
    assert w.can_finish(1) == (1, 3, 4) and w.certain(1) == ()
    # Dingoes 1st: beating Badgers 2-0 (3 MP, 3 GP) while Aurochs and Caracals draw 1-1 (Aurochs 3 MP, 2.5 GP)
    by = {(mo.match.number, mo.match.results[mo.outcome].text): mo.places for mo in w.by_match}
    assert by[2, "0-2"][4] == Range(1, 2)
    assert by[1, "2-0"][1] == Range(1, 1)  # Aurochs 4 MP: 1st whatever else
    # the same event looked back on from the file as played: the same answer
    back = team_what_if(team_before_results(_event(EXAMPLE.read_text(encoding="utf-8")), 2), "MPvGP", places=1)
    assert (back.reachable, back.shared, back.by_match) == (w.reachable, w.shared, w.by_match)


def test_two_contenders_for_two_places_level_on_points_are_ranked_by_the_tiebreaks():
    # round 1: Aurochs beat Caracals 2-0, Badgers beat Dingoes 2-0; round 2: Caracals - Dingoes 1-1 (1 MP each),
    # Aurochs - Badgers to come. Only those two can reach places 1-2 (the others have 1 MP, the loser of the
    # match 2 at least); a drawn match leaves them level on 3 MP and 3 GP: MPvGP does not separate them, so
    # the 3 combinations that draw it 1-1 are ranked, and give both the shared place 1
    rounds = {1: [(5, "w", "1"), (3, "w", " ")], 2: [(6, "b", "1"), (4, "b", " ")],
              3: [(7, "w", "1"), (1, "b", " ")], 4: [(8, "b", "1"), (2, "w", " ")],
              5: [(1, "b", "0"), (7, "w", "1")], 6: [(2, "w", "0"), (8, "b", "0")],
              7: [(3, "b", "0"), (5, "b", "0")], 8: [(4, "w", "0"), (6, "w", "1")]}
    points = {1: "1.0", 2: "1.0", 3: "1.0", 4: "1.0", 5: "1.0", 6: "0.0", 7: "0.0", 8: "1.0"}
    w = team_what_if(_event(four_teams(rounds=rounds, points=points, totals=NO_TOTALS)), "MPvGP", places=2)
    assert w.contenders == (1, 2) and (w.combinations, w.ranked_by_tiebreaks) == (9, 3)
    assert w.reachable == {1: (1, 2), 2: (1, 2)} and w.shared == {1: (1,), 2: (1,)}


def test_beyond_the_bound_the_answer_is_on_match_points_alone():
    w = team_what_if(_event(round_2_to_come()), "MPvGP", places=1, max_boards=3)
    assert not w.exact
    assert w.message == ("4 boards still to play: 81 combinations of results, more than the bound of 3^3 = 27; the "
                         "places below are on MP alone (tie-breaks not applied: a range shows the ties going either "
                         "way)")
    # on MP: Aurochs alone 1st with a won match (4 MP); Caracals alone 1st beating them (3 MP) while Badgers
    # beat Dingoes (2 MP); Dingoes (3 MP) only level with Aurochs (3 MP after a drawn match) or Caracals
    assert w.can_finish(1) == (1, 3, 4) and w.only_if_ties(1) == (4,)


def test_over_the_work_budget_the_answer_is_on_match_points_alone(monkeypatch):
    import xl_tiebreak.team_whatif as team_whatif
    monkeypatch.setattr(team_whatif, "TEAM_WORK_BUDGET", 1_000)  # 81 combinations, 18 not settled on MP
    w = team_what_if(_event(round_2_to_come()), "MPvGP", places=1)
    # each ranking of 4 teams x 2 rounds x 2 boards costs 16 + 40 = 56 steps: 18 x 56 = 1,008 > 1,000
    assert not w.exact and w.over_budget == 18 and w.combinations == 81
    assert w.message.startswith("4 boards still to play: 81 combinations of results, 18 of them not settled on MP, "
                                "each to be ranked by the tie-breaks: about 0 s of CPU (1,008 steps), more than the "
                                "budget of 0 s (1,000 steps)")
    assert w.can_finish(1) == (1, 3, 4)


def test_bad_input():
    with pytest.raises(InputError, match="no round of the team event is paired with results to come"):
        team_what_if(_event(EXAMPLE.read_text(encoding="utf-8")))
    with pytest.raises(InputError, match="--places 5: expected a number of prize places from 1 to 4"):
        team_what_if(_event(round_2_to_come()), places=5)
    with pytest.raises(InputError, match=r"round 2 is paired or played already: what-if looks at the last round "
                                         r"paired \(round 2, if its results are to come\)"):
        team_what_if(_event(one_board_to_come()), rnd=1)
    with pytest.raises(InputError, match=r"round 2: every result is in already; nothing is left to foresee \(to look "
                                         r"back at it, --before 2\)"):
        team_what_if(_event(EXAMPLE.read_text(encoding="utf-8")), rnd=2)


# ------------------------------------------------------------------------------------- the command


def run(args: list[str], capsys) -> tuple[int, str, str]:
    status = main(args)
    got = capsys.readouterr()
    return status, got.out, got.err


def test_the_command(tmp_path, capsys):
    path = tmp_path / "r2.trf"
    path.write_text(round_2_to_come(), encoding="utf-8")
    status, out, _ = run(["whatif", str(path), "--places", "1", "-t", "MPvGP"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[1] == ("What if: round 2 of 2, 2 match(es) still to complete (4 board(s)); prize places 1-1; primary "
                        "score MP; rules fide2026; tie-breaks MPvGP")
    assert lines[2].startswith("Exact: 4 open board(s), 3^4 = 81 combinations of results")
    assert "1      -        1 Aurochs, 3 Caracals, 4 Dingoes" in lines
    assert any(ln.startswith("Team PAB: 2 MP, 2 GP") for ln in lines)
    status, out, _ = run(["whatif", str(path), "--places", "1", "-t", "MPvGP", "-f", "json"], capsys)
    doc = json.loads(out)
    assert (doc["exact"], doc["primary"], doc["places"][0]["can_finish"]) == (True, "MP", [1, 3, 4])
    assert list(doc["matches"][0]["results"]) == ["2-0", "1½-½", "1-1", "½-1½", "0-2"]
    status, out, _ = run(["whatif", str(path), "--places", "1", "-t", "MPvGP", "-f", "csv"], capsys)
    rows = list(csv.DictReader(io.StringIO(out)))
    assert list(rows[0]) == ["Match", "Home", "Away", "Result", "No", "Team", "Best", "Worst"]
    assert {(r["Result"], r["Best"], r["Worst"]) for r in rows if r["Match"] == "1" and r["No"] == "1"} == {
        ("2-0", "1", "1"), ("1½-½", "1", "1"), ("1-1", "1", "2"), ("½-1½", "2", "2"), ("0-2", "2", "2")}


def test_looking_back_marks_the_results_played(tmp_path, capsys):
    status, out, _ = run(["whatif", str(EXAMPLE), "--before", "2", "--places", "1", "-t", "MPvGP"], capsys)
    assert status == 0
    assert "Looking back: the event as it stood before round 2's results" in out
    # played: Aurochs - Caracals 1-1, Badgers - Dingoes 2-0
    assert "1-1 (1-1 MP) (played)" in out and "2-0 (2-0 MP) (played)" in out
    # a team workbook's round in progress is not read as pairings, but a team workbook looks back
    book = tmp_path / "teams.xlsx"
    assert main(["workbook", str(EXAMPLE), "-o", str(book)]) == 0
    capsys.readouterr()
    status, _, err = run(["whatif", str(book)], capsys)
    assert status == 2 and "whatif does not read a team workbook's round in progress as pairings yet" in err
    status, out2, _ = run(["whatif", str(book), "--before", "2", "--places", "1", "-t", "MPvGP"], capsys)
    assert status == 0 and out2.splitlines()[1:] == out.splitlines()[1:]


@pytest.mark.parametrize("args, message", [
    ([], "no round of the team event is paired with results to come"),
    (["--before", "3"], "--before 3: the event has 2 rounds (1 to 2)"),
    (["--before", "2", "--round", "1"], "--round 1 and --before 2: give one round"),
    (["--before", "2", "--places", "9"], "--places 9: expected a number of prize places from 1 to 4 (the teams)"),
    (["--before", "2", "--type", "swiss"], "--type: for individual events; example-teams.trf is a team event"),
])
def test_bad_input_exits_2_with_the_message(args, message, capsys):
    status, out, err = run(["whatif", str(EXAMPLE), *args], capsys)
    assert status == 2 and out == ""
    assert message in err


def test_a_subprocess_run(tmp_path):
    path = tmp_path / "one.trf"
    path.write_text(one_board_to_come(), encoding="utf-8")
    done = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "whatif", str(path), "--places", "1", "-t",
                           "MPvGP", "-f", "json"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    doc = json.loads(done.stdout)
    assert doc["places"][0]["can_finish"] == [1, 3]  # as test_one_board_to_come works it out


@pytest.mark.skipif(not CUP.exists(), reason="../shared/data/real is absent")
def test_a_real_team_swiss_before_its_last_round(capsys):
    # Grandmommy's Cup before round 14: Spain (13) and Slovakia (22) 19 MP, Georgia (3) and India 3 (16)
    # 18 MP; round 14 pairs 3 - 22 and 13 - 16. Spain or Slovakia 1st alone by winning while the other does
    # not; Georgia at 20 at most, and then Spain - India 3 gives one of them 20 at least: only level;
    # India 3 likewise (beating Spain, Georgia - Slovakia gives one of those 20 at least).
    status, out, _ = run(["whatif", str(CUP), "--before", "14", "--places", "1", "-f", "json"], capsys)
    assert status == 0
    doc = json.loads(out)
    assert doc["exact"] is False and doc["open_boards"] == 44  # 11 matches of 4 boards: on MP alone
    assert doc["places"][0]["can_finish"] == [3, 13, 16, 22]
    assert doc["places"][0]["only_if_ties"] == [3, 16]
    played = {(m["home"], m["away"]): m["played"] for m in doc["matches"]}
    assert played[3, 22] == "2-2" and played[13, 16] == "1½-2½"


def _blank(text: str, rnd: int, players: tuple[int, ...]) -> str:
    """``text`` with the players' round ``rnd`` result left blank (paired, its result to come)."""
    at = 98 + 10 * (rnd - 1)  # the result's column of the round field (TRF: 99 for round 1, 1-based)
    return "\n".join(ln[:at] + " " + ln[at + 1:] if ln.startswith("001") and int(ln[4:8]) in players else ln
                     for ln in text.splitlines()) + "\n"


@pytest.mark.skipif(not CUP.exists(), reason="../shared/data/real is absent")
def test_a_board_to_come_completed_with_its_result_is_the_event_as_played():
    # each board of the Cup's last round (4 boards a match, some line-ups given by record 300) left blank in turn,
    # then completed with the result it had: the matches are the file's, board numbers included
    from xl_tiebreak.model import Kind
    from xl_tiebreak.team_whatif import completed_event, pending_matches, with_open_boards
    text = CUP.read_text(encoding="utf-8")
    played = _event(text)
    rnd = played.rounds
    checked = 0
    for m in (m for m in played.matches if m.round == rnd and m.kind == "played" and m.team < (m.opponent or 0)):
        for b in (b for b in m.boards if b.kind in (Kind.WIN, Kind.DRAW, Kind.LOSS)):
            event = _event(_blank(text, rnd, (b.player, b.opponent or 0)))
            _, (pm,) = pending_matches(event)
            result = {Kind.WIN: 0, Kind.DRAW: 1, Kind.LOSS: 2}[b.kind]
            done = completed_event(with_open_boards(event, rnd), rnd, [pm], [result if pm.home == m.team else 2 - result])
            assert [x for x in done.matches if x.round == rnd] == [x for x in played.matches if x.round == rnd]
            checked += 1
    assert checked == 44


@pytest.mark.skipif(not CUP.exists(), reason="../shared/data/real is absent")
def test_one_board_to_come_in_a_real_event_gives_the_final_places_for_its_result():
    # the Cup's final standings: 1 India 3 (16), 2 Slovakia (22), 3 Israel (19). Board 1 of Spain (13) - India 3,
    # drawn, left to come: India 3 won the match 2½-1½ with it, and its result gives the final places; a loss
    # makes it 1-3 (the same places); a win of Spain's player draws the match 2-2: Spain and Slovakia (drawn
    # with Georgia) on 20 MP, Georgia and India 3 on 19, and the tie-breaks (the file's list, the standings
    # engine's order) put Spain 1st, Slovakia 2nd, Georgia 3rd
    text = CUP.read_text(encoding="utf-8")
    event = _event(_blank(text, 14, (53, 242)))
    w = team_what_if(event, places=3)
    assert (w.exact, w.combinations) == (True, 3)
    (m,) = w.matches
    assert (m.home, m.away, [r.text for r in m.results]) == (13, 16, ["2-2", "1½-2½", "1-3"])
    top = {m.results[mo.outcome].text: sorted((r.best, no) for no, r in mo.places.items() if r.best <= 3)
           for mo in w.by_match}
    assert top == {"2-2": [(1, 13), (2, 22), (3, 3)], "1½-2½": [(1, 16), (2, 22), (3, 19)],
                   "1-3": [(1, 16), (2, 22), (3, 19)]}


# ------------------------------------------------------------------------------------- review findings (s35)


def no_show_on_board_2() -> str:
    """Round 2: Aurochs - Caracals with board 2 a no-show (player 2 wins by forfeit, ``0000 - +``;
    Caracals' player 6 ``0000 - -``) and board 1 (players 1 and 5) to come; Badgers beat Dingoes 2-0."""
    rounds = {1: [(3, "w", "1"), (5, "w", " ")], 5: [(7, "w", "0"), (1, "b", " ")],
              2: [(4, "b", "="), ("0000", "-", "+")], 6: [(8, "b", "1"), ("0000", "-", "-")]}
    return four_teams(rounds=rounds, points={1: "1.0", 5: "0.0", 2: "1.5", 6: "1.0"}, totals=NO_TOTALS)


def test_a_no_show_board_is_kept_and_the_other_boards_are_open():
    # checked by hand: after round 1 Aurochs 2 MP, Caracals 1, Badgers 0 (2 after beating Dingoes 2-0), Dingoes 1.
    # Aurochs - Caracals stands 1-0 (board 2 won by forfeit); board 1 to come: won 2-0, drawn 1½-½ (Aurochs 4 MP),
    # lost 1-1 (Aurochs 3 MP, Caracals and Badgers 2): Aurochs 1st whatever board 1 gives
    w = team_what_if(_event(no_show_on_board_2()), "MPvGP", places=1)
    (m,) = w.matches
    assert (m.home, m.away, m.open, m.entered) == (1, 3, ((1, 1, 5),), (1, 0))
    assert [r.text for r in m.results] == ["2-0", "1½-½", "1-1"]
    assert w.certain(1) == (1,) and w.can_finish(1) == (1,)


def test_looking_back_a_double_forfeited_board_stays_as_entered(tmp_path, capsys):
    # checked by hand: round 2 Badgers - Dingoes with board 1 won by Badgers' player 3 and board 2 a double forfeit
    # (players 4 and 8 both lose by forfeit): the match was 1-0. Looking back, board 2 has no game to come: only
    # board 1 is open, the results are 1-0, ½-½, 0-1 (entered 0-0), and 1-0 (2-0 MP) is the one played
    path = tmp_path / "df.trf"
    path.write_text(four_teams(rounds={4: [(2, "w", "="), (8, "b", "-")], 8: [(6, "w", "0"), (4, "w", "-")]},
                               points={4: "0.5", 8: "0.0"}, totals=NO_TOTALS), encoding="utf-8")
    status, out, _ = run(["whatif", str(path), "--before", "2", "--places", "1", "-t", "MPvGP", "-f", "json"], capsys)
    assert status == 0
    (m,) = [m for m in json.loads(out)["matches"] if (m["home"], m["away"]) == (2, 4)]
    assert (m["open_boards"], list(m["results"]), m["played"]) == ([1], ["1-0", "½-½", "0-1"], "1-0")
    status, out, _ = run(["whatif", str(path), "--before", "2", "--places", "4", "-t", "MPvGP"], capsys)
    assert "1-0 (2-0 MP) (played)" in out  # (with places 1-4 every match's results are shown)


def test_with_fewer_than_3_teams_or_players_the_default_places_are_all_of_them(tmp_path, capsys):
    # checked by hand: as gen2.trf, 2 teams (the four teams' file without teams 3 and 4, Aurochs and Badgers
    # meeting again in round 2): no --places given, so places 1-2, not a complaint about --places 3.
    # The individual whatif does the same with 2 players (it also complained of --places 3 before).
    two_teams = four_teams(rounds={1: [(3, "w", "1"), (3, "w", " ")], 2: [(4, "b", "="), (4, "b", " ")],
                                   3: [(1, "b", "0"), (1, "b", " ")], 4: [(2, "w", "="), (2, "w", " ")]},
                           rosters={1: [1, 2, 9], 2: [3, 4]}, points={1: "1.0", 2: "0.5", 3: "0.0", 4: "0.5"},
                           totals={1: ("", ""), 2: ("", "")},
                           header=["012 Two teams", "042 2026/03/07", "142 2", "192 FIDE_TEAM_TYPEA_MP_GP",
                                   "352 WB", "362 TW 2.0   TD 1.0   TL 0.0"])
    path = tmp_path / "two.trf"
    path.write_text("\n".join(ln for ln in two_teams.splitlines() if ln[:8] not in {
        *(f"001 {p:4d}" for p in (5, 6, 7, 8)), "310   3 ", "310   4 "}) + "\n", encoding="utf-8")
    status, out, err = run(["whatif", str(path), "-t", "MPvGP"], capsys)
    assert status == 0, err
    assert "prize places 1-2;" in out.splitlines()[1]
    solo = tmp_path / "two-players.trf"
    solo.write_text("012 Two\n042 2026/03/07\n062 2\n072 2\n"
                    "001    1 m    A, B                              2000 GER           0 1990/01/01  0.0    1     2 w  \n"
                    "001    2 m    C, D                              1900 GER           0 1990/01/01  0.0    2     1 b  \n",
                    encoding="utf-8")
    status, out, err = run(["whatif", str(solo)], capsys)
    assert status == 0, err
    assert "prize places 1-2;" in out.splitlines()[1]


NSW = REAL / "2024-nsw-rapid.trf"


@pytest.mark.skipif(not (CUP.exists() and NSW.exists()), reason="../shared/data/real is absent")
def test_a_round_before_the_last_names_the_last_round_paired(capsys):
    # checked by hand: the Cup has 14 rounds, all played; --round 3: round 4 is the first later round played, and
    # the last round paired is 14 (the message said "round 4" for both). The individual whatif said the same of
    # the NSW rapid (7 rounds, all played): round 4 played already, the last round paired 7
    for path, last in ((CUP, 14), (NSW, 7)):
        status, out, err = run(["whatif", str(path), "--round", "3"], capsys)
        assert status == 2 and out == ""
        assert err.endswith("round 4 is paired or played already: what-if looks at the last round paired "
                            f"(round {last}, if its results are to come); to look back at round 3, --before 3\n"), err


def test_a_huge_number_of_combinations_is_written_as_a_power_of_3():
    # checked by hand: 3^31 = 617,673,396,283,947 is below 10^15 and written in full; 3^32 = 1,853,020,188,851,841
    # is past it: "3^32" in the text, and JSON gets the string "3^32" (a JSON reader keeps it; the number would
    # be rounded by a 64-bit float reader, and 3^1623 made Infinity). The individual whatif writes it the same.
    from xl_tiebreak.whatif import combinations_json, combinations_text, points_alone_message
    assert combinations_text(3 ** 31) == "617,673,396,283,947" and combinations_json(3 ** 31) == 3 ** 31
    assert combinations_text(3 ** 32) == "3^32" and combinations_json(3 ** 32) == "3^32"
    assert combinations_text(3 ** 1623) == "3^1623" and combinations_json(3 ** 1623) == "3^1623"
    assert points_alone_message(1623, "still to play", 8, "999 teams", "MP", 0, 1, 1, 1.0).startswith(
        "1623 boards still to play: 3^1623 combinations of results, more than the bound of 3^8 = 6,561;")
    w = team_what_if(_event(round_2_to_come()), "MPvGP", places=1, max_boards=3)
    assert w.message.startswith("4 boards still to play: 81 combinations of results")  # small: in full, as before


@pytest.mark.skipif(not CUP.exists(), reason="../shared/data/real is absent")
def test_the_cup_before_its_last_round_writes_3_to_the_44(capsys):
    # checked by hand: 11 matches of 4 boards, 44 open: 3^44 (about 9.8 * 10^20) combinations, past 10^15
    status, out, _ = run(["whatif", str(CUP), "--before", "14", "--places", "1", "-f", "json"], capsys)
    doc = json.loads(out)
    assert (status, doc["combinations"]) == (0, "3^44")
    assert doc["message"].startswith("44 boards still to play: 3^44 combinations of results, more than the bound")


def test_the_answer_s_size_is_checked_before_the_work(tmp_path, capsys, monkeypatch):
    # checked by hand: round 2 to come, places 1: 2 matches of 5 results each, contenders Aurochs, Caracals and
    # Dingoes (3): 10 results x (2 + 3) teams = 50 rows; reachable places 3 x 2 matches x (1 + 1)^2 = 24 states,
    # 24 // 500 = 0 steps: 50 steps in all. A budget of 50 answers; of 49 refuses, naming --places and --round
    import xl_tiebreak.team_whatif as tw
    w = team_what_if(_event(round_2_to_come()), "MPvGP", places=1)
    assert tw.team_answer_cost(w.matches, len(w.contenders), 1) == 50
    monkeypatch.setattr(tw, "TEAM_ANSWER_BUDGET", 50)
    team_what_if(_event(round_2_to_come()), "MPvGP", places=1)
    monkeypatch.setattr(tw, "TEAM_ANSWER_BUDGET", 49)
    path = tmp_path / "r2.trf"
    path.write_text(round_2_to_come(), encoding="utf-8")
    status, out, err = run(["whatif", str(path), "--places", "1", "-t", "MPvGP"], capsys)
    assert status == 2 and out == ""
    assert ("--places 1: 3 teams can still reach places 1-1, and the answer over the 2 matches still to complete "
            "would take about 0 s of CPU (50 steps), more than the budget of 0 s (49 steps); ask for fewer prize "
            "places (--places), or look at a round with fewer matches to complete (--round, --before)") in err
