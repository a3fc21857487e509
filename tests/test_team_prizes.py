"""``prizes`` on a team event (issue 34 stage 4): the place prizes by the team standings (the
primary score, MP or GP, then the team tie-breaks), with the individual prize list's tie rules
(``--ties tiebreak|shared|hort``); category prizes (and ``--age``) refused for a team event, exit 2.

Every amount below is worked out by hand from the standings, as each test's comment shows.
"""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import REAL
from tests.support.team_builders import team_event
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.prizes import PrizeTable
from xl_tiebreak.team_prize_report import team_places, team_prize_list
from xl_tiebreak.team_engine import compute_team

F = Fraction
EXAMPLE = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"
CRETE = REAL / "crete-interclub-2025-team.trf"

#: The shipped example (four teams of two boards, two rounds), built from its match results:
#: round 1: 1-2 1½-½ (boards 1-0, ½-½), 3-4 1-1; round 2: 1-3 1-1, 2-4 2-0.
#: Totals: team 1 3 MP 2.5 GP, team 2 2 MP 2.5 GP, team 3 2 MP 2 GP, team 4 1 MP 1 GP.
RESULTS = [(1, 1, 2, "1="), (1, 3, 4, "10"), (2, 1, 3, "=="), (2, 2, 4, "11")]


def paid(got) -> dict[int, tuple[str, Fraction, tuple[int, ...]]]:
    return {a.no: (a.place, a.paid, a.shared_with) for a in got.awards}


def test_the_places_follow_the_team_tiebreaks():
    # MP primary, ESB/C1 (opponent's MP x own GP, the term of the opponent with the fewest MP cut): team 3 has
    # 1x1 (team 4) and 3x1 (team 1), team 4's cut -> 3; team 2 has 3x½ (team 1) and 1x2 (team 4), team 4's cut
    # -> 1.5: team 3 is 2nd, team 2 3rd
    result = compute_team(team_event(4, 2, 2, RESULTS), "ESB/C1", "fide2026")
    assert [r.no for r in result.rows] == [1, 3, 2, 4]
    assert [r.values[0] for r in result.rows[1:3]] == [F(3), F(3, 2)]
    got = team_prize_list(result, PrizeTable.parse("500,300,200"))
    assert paid(got) == {1: ("1", F(500), ()), 3: ("2", F(300), ()), 2: ("3", F(200), ())}
    assert got.total == 1000 and not got.unawarded


def test_shared_and_hort_split_the_prizes_of_teams_tied_on_match_points():
    result = compute_team(team_event(4, 2, 2, RESULTS), "ESB/C1", "fide2026")
    table = PrizeTable.parse("500,300,200")
    # teams 3 and 2 are tied on 2 MP: 300 + 200 shared, 250 each
    assert paid(team_prize_list(result, table, ties="shared")) == {
        1: ("1", F(500), ()), 3: ("2", F(250), (3, 2)), 2: ("3", F(250), (3, 2))}
    # Hort: team 3 keeps 150 of its 300, team 2 100 of its 200; the pot of 250 split: 275 and 225
    assert paid(team_prize_list(result, table, ties="hort")) == {
        1: ("1", F(500), ()), 3: ("2", F(275), (3, 2)), 2: ("3", F(225), (3, 2))}


def test_game_points_primary_ranks_and_shares_by_game_points():
    # GP primary: teams 1 and 2 both 2.5 GP; MPvGP (here MP) puts team 1 (3 MP) above team 2 (2 MP)
    result = compute_team(team_event(4, 2, 2, RESULTS, primary="GP"), "MPvGP", "fide2026")
    assert [r.no for r in result.rows] == [1, 2, 3, 4]
    table = PrizeTable.parse("500,300")
    assert paid(team_prize_list(result, table)) == {1: ("1", F(500), ()), 2: ("2", F(300), ())}
    # shared on game points: (500 + 300) / 2 each
    assert paid(team_prize_list(result, table, ties="shared")) == {1: ("1", F(400), (1, 2)), 2: ("2", F(400), (1, 2))}


def test_teams_the_tiebreaks_do_not_separate_share_their_places_prizes():
    # one round: 1-2 1½-½, 3-4 1-1: teams 3 and 4 are equal on MP (1) and on MPvGP (1 GP): place 2-3
    result = compute_team(team_event(4, 2, 1, [(1, 1, 2, "1="), (1, 3, 4, "10")]), "MPvGP", "fide2026")
    assert team_places(result) == ["1", "2-3", "2-3", "4"]
    got = team_prize_list(result, PrizeTable.parse("300,200,100"))
    assert paid(got) == {1: ("1", F(300), ()), 3: ("2-3", F(150), (3, 4)), 4: ("2-3", F(150), (3, 4))}


def test_a_rounding_unit_leaves_what_it_does_not_pay():
    result = compute_team(team_event(4, 2, 2, RESULTS), "ESB/C1", "fide2026")
    # teams 3 and 2 share 100 + 0: 50 each; with 100 and 1 shared, 50.5 -> 50 each at a unit of 1, 1 left over
    got = team_prize_list(result, PrizeTable.parse("500,100,1"), ties="shared", unit=F(1))
    assert paid(got)[3][1] == paid(got)[2][1] == 50 and got.left_over == 1


def test_category_prizes_are_refused_for_a_team_event():
    result = compute_team(team_event(4, 2, 2, RESULTS), "ESB/C1", "fide2026")
    with pytest.raises(InputError, match="category prizes are for individual events"):
        team_prize_list(result, PrizeTable.parse("500", ["U1600=100"]))


# ------------------------------------------------------------------------------------- the command


def run(args: list[str], capsys) -> tuple[int, str, str]:
    status = main(args)
    got = capsys.readouterr()
    return status, got.out, got.err


def test_the_command_prints_the_team_prize_list(capsys):
    status, out, _ = run(["prizes", str(EXAMPLE), "--places", "500,300,200"], capsys)
    assert status == 0
    lines = out.splitlines()
    assert lines[:3] == [
        "Example team event: four teams, two boards",
        "Team prizes, standings after round 2 of 2; primary score MP; rules: fide2026",
        "tied teams are ranked by the tie-breaks (those they do not separate share the prizes of their places); one "
        "prize per team, the most valuable first"]
    assert lines[4].split() == ["Place", "No", "Team", "Prize", "Listed", "Paid", "Shared", "with"]
    # the default list (ESB/C1, MPvGP, BH/C1): Aurochs 1st, Caracals 2nd, Badgers 3rd, as test_the_places_... says
    assert [ln.split()[:3] for ln in lines[6:9]] == [["1", "1", "Aurochs"], ["2", "3", "Caracals"],
                                                     ["3", "2", "Badgers"]]
    assert "Total paid 1000.00" in lines
    assert any(ln.startswith("Team PAB: 2 MP, 2 GP") for ln in lines)


def test_json_and_csv(capsys):
    status, out, _ = run(["prizes", str(EXAMPLE), "--places", "500,300,200", "--ties", "shared", "-f", "json"], capsys)
    assert status == 0
    doc = json.loads(out)
    assert (doc["primary"], doc["ties"], doc["pab"]["source"]) == ("MP", "shared", "default")
    assert [(a["no"], a["name"], a["paid"], a["shared_with"]) for a in doc["awards"]] == [
        (1, "Aurochs", "500.00", []), (3, "Caracals", "250.00", [3, 2]), (2, "Badgers", "250.00", [3, 2])]
    status, out, err = run(["prizes", str(EXAMPLE), "--places", "500,300", "-f", "csv"], capsys)
    assert status == 0
    assert [(r["No"], r["Team"], r["Paid"]) for r in csv.DictReader(io.StringIO(out))] == [
        ("1", "Aurochs", "500.00"), ("3", "Caracals", "300.00")]
    assert "Team PAB: 2 MP, 2 GP" in err


@pytest.mark.parametrize("extra, flags", [
    (["--category-prize", "U1600=100"], "--category-prize"), (["--age", "date"], "--age"),
    (["--category-prize", "women=50", "--age", "year"], "--category-prize, --age")])
def test_an_individual_only_option_is_refused_naming_it(extra, flags, capsys):
    status, out, err = run(["prizes", str(EXAMPLE), "--places", "500", *extra], capsys)
    assert status == 2 and out == ""
    assert err.startswith(f"xl-tiebreak: {flags}: category prizes are for individual events")
    assert "example-teams.trf is a team event" in err


def test_no_prize_given_says_what_a_team_file_offers(tmp_path, capsys):
    status, _, err = run(["prizes", str(EXAMPLE)], capsys)
    assert status == 2 and "no prize given; a team TRF states no prizes: give the place prizes with --places" in err
    book = tmp_path / "teams.xlsx"
    assert main(["workbook", str(EXAMPLE), "-o", str(book)]) == 0
    capsys.readouterr()
    status, _, err = run(["prizes", str(book)], capsys)
    assert status == 2 and "a team workbook has no Prizes sheet" in err
    # the team workbook's standings are the TRF's: the same prize list
    status, out, _ = run(["prizes", str(book), "--places", "500,300,200", "-f", "csv"], capsys)
    assert status == 0
    assert [r["Team"] for r in csv.DictReader(io.StringIO(out))] == ["Aurochs", "Caracals", "Badgers"]


def test_a_subprocess_run(tmp_path):
    done = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "prizes", str(EXAMPLE), "--places", "100,50",
                           "--ties", "hort", "-f", "csv"], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    # Caracals and Badgers tied on 2 MP: 50 and 0 halved (25, 0), the pot of 25 split: 37.50 and 12.50
    assert [(r["Team"], r["Paid"]) for r in csv.DictReader(io.StringIO(done.stdout))] == [
        ("Aurochs", "100.00"), ("Caracals", "37.50"), ("Badgers", "12.50")]


SAMPLE16 = REAL.parent / "team" / "sample-trf16-013.trf"


@pytest.mark.skipif(not SAMPLE16.exists(), reason="../shared/data/team is absent")
def test_the_primary_score_and_the_pab_value_chosen_on_the_command_line(capsys):
    # a TRF-16 file cannot state its primary score: --team-primary GP ranks by game points (Dingoes 18.5,
    # then Caracals and Aurochs on 17 GP, Caracals ahead on ESB/C1, as standings --team-primary GP shows)
    status, out, _ = run(["prizes", str(SAMPLE16), "--team-primary", "GP", "--places", "300,200,100", "-f", "json"],
                         capsys)
    assert status == 0
    doc = json.loads(out)
    assert doc["primary"] == "GP"
    assert [(a["name"], a["paid"]) for a in doc["awards"]] == [("Dingoes", "300.00"), ("Caracals", "200.00"),
                                                               ("Aurochs", "100.00")]
    status, out, _ = run(["prizes", str(SAMPLE16), "--team-pab", "draw", "--places", "300", "-f", "json"], capsys)
    assert status == 0 and json.loads(out)["pab"] == {"match_points": 1, "game_points": 2, "source": "--team-pab draw"}


@pytest.mark.skipif(not CRETE.exists(), reason="../shared/data/real is absent")
def test_a_real_interclub_league(capsys):
    # Crete 2025 (8 teams, 10 boards, 4 rounds): 1 Ο.Α.Χ. 8 MP, 2 Σ.Α.ΓΑΖΙΟΥ 5 MP, then three teams on 4 MP
    # (Σ.Α.Χ., Α.Π.Ο.ΜΙΚΗΣ ΘΕΟΔΩΡΑΚΗΣ, Ο.Α.Α.Η.) ranked by ESB/C1 (74, 67, 45.5)
    status, out, _ = run(["prizes", str(CRETE), "--places", "500,300,200,100", "-f", "csv"], capsys)
    assert status == 0
    assert [(r["Place"], r["No"], r["Paid"]) for r in csv.DictReader(io.StringIO(out))] == [
        ("1", "3", "500.00"), ("2", "6", "300.00"), ("3", "1", "200.00"), ("4", "4", "100.00")]
    # shared: the three teams on 4 MP split the 3rd and 4th prizes (200 + 100) equally, team 5 included
    status, out, _ = run(["prizes", str(CRETE), "--places", "500,300,200,100", "--ties", "shared", "-f", "csv"],
                         capsys)
    assert status == 0
    assert [(r["No"], r["Paid"]) for r in csv.DictReader(io.StringIO(out))] == [
        ("3", "500.00"), ("6", "300.00"), ("1", "100.00"), ("4", "100.00"), ("5", "100.00")]
