"""National and historical systems (TIEBREAK_RULES §7.3-7.11, seeds 001, 002, 004): the worked
examples, and for each system every kind of unplayed round with the rule it follows. Expected
values are worked out by hand from the rules the docstrings name (no oracle has these systems)."""

from __future__ import annotations

import pytest

import xl_tiebreak.udfs as udfs
from xl_tiebreak import compute, rank
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.tiebreaks.national import compare_kentler, kentler_ranks
from conftest import F, event

# Six players, six rounds, every kind of unplayed round:
# PAB (1 R1), full-point bye (2 R1), half-point byes (1, 2 R3), forfeit win/loss (1-3 R4, 4-1 R5),
# double forfeit (2-5 R4), zero-point byes and absence, a withdrawal (6 from R6).
ROWS = {
    1: ["BYE", "2w1", "H", "+3", "-4", "Z"],
    2: ["F", "1b0", "H", "--5", "6w1", "3w0"],
    3: ["4w1", "5b0", "6w½", "-1", "Z", "2b1"],
    4: ["3b0", "6b½", "5b1", "Z", "+1", "-"],
    5: ["6w½", "3w1", "4w0", "--2", "Z", "Z"],
    6: ["5b½", "4w½", "3b½", "Z", "2b0", "WD"],
}


@pytest.fixture(scope="module")
def t():
    return event(ROWS)


def test_scores(t):
    assert [p.score() for p in t.players] == [F("3.5"), F("2.5"), F("2.5"), F("2.5"), F("1.5"), F("1.5")]


def test_uscf_adjusted_scores_count_every_unplayed_game_as_a_draw(t):
    """USCF 34E1 (§7.3): an opponent's byes, forfeits, absences and rounds after withdrawing
    count ½ each: 2 -> 1 + 3 x ½ = 2.5; 1 -> 1 + 5 x ½ = 3.5; 3 -> 2.5 + 2 x ½ = 3.5; 6 -> 2.5."""
    res = compute(t, "SOLKOFF,MEDIAN,MODMED")
    # player 1 met only 2 over the board; its PAB, half bye, forfeits and zero bye count 0
    assert (res.value(1, "SOLKOFF"), res.value(1, "MEDIAN"), res.value(1, "MODMED")) == (F("2.5"), 0, F("2.5"))
    # player 2 met 1 (3.5), 6 (2.5), 3 (3.5); full bye, half bye, double forfeit count 0
    assert res.value(2, "SOLKOFF") == F("9.5")
    assert res.value(2, "MEDIAN") == 6  # drops one 0 and one 3.5 (fewer than nine rounds)
    assert res.value(2, "MODMED") == 6  # below 50 %: only the highest is dropped


def test_median_drop_count_from_nine_rounds_and_the_knob():
    """Median drops two at each end from nine rounds on; /M1 keeps it at one (RULES_NOTES §3.5)."""
    rows = {1: [f"{j}w1" for j in range(2, 11)]}
    for j in range(2, 11):
        rows[j] = ["-"] * 9
        rows[j][j - 2] = "1b0"
    t9 = event(rows)
    res = compute(t9, "MEDIAN,MEDIAN/M1,MODMED,MODMED/M1")
    # every opponent: 0 from the game + 8 unplayed x ½ = 4
    assert res.value(1, "MEDIAN") == 4 * 5 and res.value(1, "MEDIAN/M1") == 4 * 7
    assert res.value(1, "MODMED") == 4 * 7 and res.value(1, "MODMED/M1") == 4 * 8  # above 50 %


def test_cumulative_examples_of_seed_001():
    """W, L, W, D, L: 1 + 1 + 2 + 2.5 + 2.5 = 9; if the R4 half point was a bye, 8.5 (seed 001,
    USCF 34E3). Bye, W, L, W, W: 1 + 2 + 2 + 3 + 4 - 1 = 11; the same all played: 12 (§7.6)."""
    filler = {j: ["-"] * 5 for j in range(2, 8)}
    def with_center(cells):
        rows = {1: cells, **{j: list(v) for j, v in filler.items()}}
        for r, c in enumerate(cells):
            if c[0].isdigit():
                opp = int(c[:-2])
                rows[opp][r] = f"1{'b' if c[-2] == 'w' else 'w'}{ {'1': '0', '0': '1', '½': '½'}[c[-1]] }"
        return event(rows)
    assert compute(with_center(["2w1", "3b0", "4w1", "5b½", "6w0"]), "CUM").value(1, "CUM") == 9
    assert compute(with_center(["2w1", "3b0", "4w1", "H", "6w0"]), "CUM").value(1, "CUM") == F("8.5")
    assert compute(with_center(["BYE", "3b1", "4w0", "5b1", "6w1"]), "CUM").value(1, "CUM") == 11
    assert compute(with_center(["2w1", "3b1", "4w0", "5b1", "6w1"]), "CUM").value(1, "CUM") == 12


def test_cumulative_every_unplayed_kind(t):
    """USCF 34E3: points obtained without playing are taken off once (PAB, full bye, forfeit win
    1; half bye ½); unplayed zeros take off nothing."""
    res = compute(t, "CUM,OPPCUM")
    # player 1: running 1, 2, 2.5, 3.5, 3.5, 3.5 = 16, less PAB 1 + half bye ½ + forfeit win 1
    assert res.value(1, "CUM") == F("13.5")
    # player 2: running 1, 1, 1.5, 1.5, 2.5, 2.5 = 10, less full bye 1 + half bye ½
    assert res.value(2, "CUM") == F("8.5")
    # player 6 withdrew: running .5, 1, 1.5, 1.5, 1.5, 1.5 = 7.5, nothing to take off
    assert res.value(6, "CUM") == F("7.5")
    # OPPCUM of 2: opponents met over the board 1 (13.5), 6 (7.5), 3 (9); own unplayed rounds 0
    assert res.value(2, "OPPCUM") == 30


def test_kashdan_and_most_wins(t):
    """Kashdan (USCF 34E7): 4/2/1 over the board, 0 for any unplayed game; most wins counts the
    forfeit win and the PAB as wins (as FIDE WIN), /O only games won over the board."""
    res = compute(t, "KASHDAN,MOSTWINS,MOSTWINS/O,BAUMBACH")
    assert res.value(1, "KASHDAN") == 4 and res.value(2, "KASHDAN") == 1 + 4 + 1
    assert res.value(1, "MOSTWINS") == 3 and res.value(1, "MOSTWINS/O") == 1
    assert res.value(1, "BAUMBACH") == 3


def test_ssf_buchholz_steps(t):
    """SSF Buchholz (seed 002, §7.10), player 1:
    step 4/5/6: 2's value = 2.5 + ½ (double forfeit = forfeit loss) - 1 (full-point bye) = 2;
    3's = 2.5 + ½ (forfeit loss) = 3; 4's = 2.5 - ½ (forfeit win) + ½ (absent after, R6) = 2.5;
    step 9: own PAB in R1: Svon = 0 + 0 + ½ x 5 = 2.5; own half bye in R3: 2 + ½ + ½ x 3 = 4;
    own forfeits in R4/R5: the scheduled opponent's value (3, 2.5); R6 zero bye: 0;
    step 12-13: cut the lowest unplayed round (R6, 0). Total 2.5 + 2 + 4 + 3 + 2.5 = 14."""
    assert compute(t, "SSFBH").value(1, "SSFBH") == 14


def test_ssf_withdrawal_and_opponent_after_withdrawing(t):
    """Player 6 withdrew in R6 (step 8: no compensation, 0) and had a zero bye in R4 (0). Its
    opponent 5 had two absences at the end: +½ each (step 7): 1.5 + ½ (double forfeit) + 1 = 3.
    Values 3, 2.5, 3, 0, 2, 0: the lowest unplayed (0) is cut: 10.5."""
    assert compute(t, "SSFBH").value(6, "SSFBH") == F("10.5")


def test_ssf_cut_without_unplayed_rounds():
    """Step 11: no unplayed round: the lowest value is cut."""
    t = event({1: ["2w1", "3b½"], 2: ["1b0", "4w1"], 3: ["4w1", "1w½"], 4: ["3b0", "2b0"]})
    # 1 met 2 (1) and 3 (1.5): cut 1 -> 1.5
    assert compute(t, "SSFBH").value(1, "SSFBH") == F("1.5")


def test_kentler_order_of_the_1998_russian_championship():
    """Seed 004: Svidler and Morozevich met Sakaev (TPR 2718); Sakaev and Shipov only met Svidler
    (2714); Svidler and Morozevich both met Kobalia (2707); Svidler's next is Shipov (2702),
    Morozevich's Rublevsky (lower). Order: Svidler, Morozevich, then Sakaev / Shipov."""
    lists = {"Svidler": [2718, 2707, 2702, 2650], "Morozevich": [2718, 2707, 2690, 2660],
             "Sakaev": [2714, 2680, 2600], "Shipov": [2714, 2670, 2640]}
    names = list(lists)
    ranks = kentler_ranks([lists[n] for n in names], list(range(4)))
    assert sorted(names, key=lambda n: ranks[names.index(n)])[:2] == ["Svidler", "Morozevich"]
    assert ranks[0] == 1 and ranks[1] == 2 and {ranks[2], ranks[3]} == {3, 4}
    assert compare_kentler([2718, 2707], [2718, 2707]) == 0
    assert compare_kentler([2718, 2707], [2718]) == -1  # more opponents compared: ranks higher


def test_kentler_in_an_event_and_in_the_standings():
    """The opponents' TPRs come from this event's own games (C.07 Art. 10.2); KENTLER ranks each
    group tied on points by comparing them in turn; the Excel function lists them."""
    from oracle.generate import random_event
    from xl_tiebreak import parse_trf
    from test_excel_functions import excel_table
    t = parse_trf(random_event(21, kind="swiss", players=16))
    res = compute(t, "KENTLER,TPR", edition="fide2026")
    tpr = {p.no: res.value(p.no, "TPR") for p in t.players}
    lists = {}
    for p in t.players:
        opps = [r.opponent for r in p.rounds if r.kind.is_game and tpr[r.opponent] is not None]
        lists[p.no] = sorted((int(tpr[o]) for o in opps), reverse=True)
    by_points: dict = {}
    for p in t.players:
        by_points.setdefault(p.score(), []).append(p.no)
    checked = 0
    for group in by_points.values():
        want = kentler_ranks([lists[n] for n in group], list(range(len(group))))
        assert [res.value(n, "KENTLER") for n in group] == [want[k] for k in range(len(group))]
        checked += len(group) > 1
    assert checked >= 2
    table = excel_table(t)
    assert udfs.KENTLER(float(t.players[0].no), table) == ", ".join(map(str, lists[t.players[0].no]))
    rows = rank(compute(t, "KENTLER"))
    assert rows[0].points == max(p.score() for p in t.players)


def test_kentler_leaves_unplayed_rounds_out(t):
    """Kentler (§7.11, our default for what the source leaves open): only games over the board
    give an opponent's TPR; byes and forfeits are left out. Player 1 met only 2 over the board."""
    rated = event(ROWS, ratings={n: 1500 + 100 * n for n in ROWS})
    e = explain(rated, 1, "KENTLER")
    mine = next(ln for ln in e.lines if ln.values[0] == 1)
    assert len(mine.values[2].split(", ")) == 1


def test_us_wall_chart_notation():
    """W12 / L5 / D8, X12 forfeit win, F12 forfeit loss, H half bye, B bye, U unplayed."""
    t = event({1: ["W2", "X3", "B"], 2: ["L1", "H", "W3"], 3: ["U", "F1", "L2"]})
    kinds = [[r.kind.name for r in p.rounds] for p in t.players]
    assert kinds == [["WIN", "FORFEIT_WIN", "PAB"], ["LOSS", "HALF_BYE", "WIN"],
                     ["ZERO_BYE", "FORFEIT_LOSS", "LOSS"]]
    assert compute(t, "CUM").value(1, "CUM") == 1 + 2 + 3 - 2


def test_national_codes_in_excel_and_explanations(t):
    table = [["No", "Name", "R1", "R2", "R3", "R4", "R5", "R6"]] + [
        [float(n), f"P{n}", *cells] for n, cells in ROWS.items()]
    assert udfs.SOLKOFF(2.0, table) == 9.5 and udfs.HARKNESS(2.0, table) == 6
    assert udfs.MODIFIED_MEDIAN(2.0, table) == 6 and udfs.CUMULATIVE(1.0, table) == 13.5
    assert udfs.OPP_CUMULATIVE(2.0, table) == 30 and udfs.KASHDAN(2.0, table) == 6
    assert udfs.SSF_BUCHHOLZ(1.0, table) == 14 and udfs.MOST_WINS(1.0, table) == 3
    for code in ("MEDIAN", "MODMED", "SOLKOFF", "CUM", "OPPCUM", "KASHDAN", "MOSTWINS", "SSFBH"):
        e = explain(t, 1, code)
        assert e.value == compute(t, code).value(1, code) and render_text(e)
    e = explain(t, 1, "SSFBH")
    assert "Svon = 2 + (1 - 0.5) + 0.5 x (6 - 3) = 4" in e.lines[2].why
    assert "cut: the lowest unplayed round" in e.lines[5].cut


def test_cli_national_codes_and_set_option(tmp_path, capsys):
    import json
    from xl_tiebreak.cli import main
    from xl_tiebreak.examples import demo_text
    f = tmp_path / "demo.trf"
    f.write_text(demo_text())
    assert main(["compute", str(f), "-t", "MODMED,SOLKOFF,CUM", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["players"][0]["values"] == [5.5, 6.5, 8]
    # the 2012 virtual opponent cut first (SSF practice): player 6, by hand 8 - 2 = 6 (see
    # test_unplayed_rounds); without the knob the lowest real opponent (1) goes: 7
    assert main(["compute", str(f), "-t", "BH/C1", "-r", "fide2012", "-f", "json",
                 "--set", "svon_cut_unplayed_first=yes"]) == 0
    assert json.loads(capsys.readouterr().out)["players"][5]["values"] == [6]
    assert main(["compute", str(f), "--set", "svon_cut_unplayed_first=maybe"]) == 2
    assert "say yes or no" in capsys.readouterr().err
