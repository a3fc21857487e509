"""Worked examples of the seed articles and of TIEBREAK_RULES §5.13 and §6.3.

Values come from the regulation texts and the articles (not from an oracle); each test names its
source.
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from xl_tiebreak import compute
from xl_tiebreak.tiebreaks.svon import svon
from conftest import F, around, event

# ---------------------------------------------------------------- seed 000 / seed 002: Svon


@pytest.mark.parametrize("before,sf,n,r,expected", [
    (0, 1, 9, 1, 4),          # seed 000 ex. 1: opponent absent in R1 of 9
    ("5.5", 0, 11, 11, "6.5"),  # seed 000 ex. 2: player absent in R11 of 11
    ("4.5", 0, 11, 11, "5.5"),  # seed 000 ex. 3: double no-show in R11, both had 4.5
    (1, 1, 11, 9, 2),         # seed 000 ex. 4: bye in R9 of 11, had 1
    (3, 1, 9, 7, 4),          # seed 000 ex. 5: opponent absent in R7 (had 3) ...
    (5, 1, 9, 9, 5),          # ... and in R9 (had 5)
    ("1.5", 0, 9, 3, "5.5"),  # seed 002 ex. 1: no-show in R3 of 9, had 1.5 (end of event)
    ("1.5", 0, 3, 3, "2.5"),  # seed 002 ex. 1 after round 3
    ("3.5", 1, 9, 6, "5"),    # seed 002 ex. 2: opponent no-show in R6 of 9, had 3.5
    ("3.5", 1, 6, 6, "3.5"),  # seed 002 ex. 2 after round 6
])
def test_svon_formula(before, sf, n, r, expected):
    assert svon(F(before), F(sf), n, r) == F(expected)


def _score_2012(t, no, n):
    """An opponent's 2012 tie-break score: points from games + ½ per unplayed round (§7.1)."""
    rs = t.player(no).rounds[:n]
    return sum((r.points if r.kind.is_game else Fraction(1, 2) for r in rs), Fraction(0))


def _bh_minus_opponents(t, no, rounds=None):
    """BH under fide2012 minus the contributions of the opponents met over the board: what is
    left is the virtual opponents' part."""
    res = compute(t, "BH", edition="fide2012", rounds=rounds)
    n = res.rounds
    p = t.player(no)
    opp_sum = sum((_score_2012(t, r.opponent, n) for r in p.rounds[:n] if r.kind.is_game), Fraction(0))
    return res.value(no, "BH") - opp_sum


def test_seed000_example1_opponent_absent_in_round_1():
    t = around(["+2", "3w1", "4b0", "5w½", "6b1", "7w0", "8b1", "9w½", "10b0"],
               {j: "4" for j in range(3, 11)})
    assert _bh_minus_opponents(t, 1) == 4


def test_seed000_example2_player_absent_in_last_round():
    center = ["2w1", "3b0", "4w1", "5b0", "6w1", "7b0", "8w1", "9b½", "10w1", "11b0", "-12"]
    t = around(center, {j: "5" for j in range(2, 12)})
    assert t.player(1).score(10) == F("5.5")
    assert _bh_minus_opponents(t, 1) == F("6.5")


def test_seed000_example3_double_no_show_in_last_round():
    center = ["3w1", "4b0", "5w1", "6b½", "7w1", "8b0", "9w½", "10b½", "11w0", "12b0", "--2"]
    t = around(center, {2: "4.5", **{j: "5" for j in range(3, 13)}})
    assert t.player(1).score(10) == F("4.5") and t.player(2).score(10) == F("4.5")
    assert _bh_minus_opponents(t, 1) == F("5.5")
    # player 2 is the virtual opponent's mirror: its own round 11 also meets Svon = 5.5
    assert _bh_minus_opponents(t, 2) == F("5.5")


def test_seed000_example4_bye_in_round_9():
    center = ["2w0", "3b1", "4w0", "5b0", "6w0", "7b0", "8w0", "9b0", "BYE", "10w0", "11b1"]
    t = around(center, {j: "6" for j in range(2, 12)})
    assert t.player(1).score(8) == 1
    assert _bh_minus_opponents(t, 1) == 2


def test_seed000_example5_two_unplayed_rounds():
    center = ["2w1", "3b0", "4w1", "5b½", "6w½", "7b0", "+8", "9w1", "+10"]
    t = around(center, {j: "4" for j in (2, 3, 4, 5, 6, 7, 9)})
    assert t.player(1).score(6) == 3 and t.player(1).score(8) == 5
    assert _bh_minus_opponents(t, 1) == 4 + 5


def test_seed002_example1_no_show_in_round_3():
    center = ["2w1", "3b½", "-4", "5w1", "6b0", "7w½", "8b1", "9w0", "10b1"]
    t = around(center, {j: "4.5" for j in (2, 3, 5, 6, 7, 8, 9, 10)})
    assert t.player(1).score(2) == F("1.5")
    assert _bh_minus_opponents(t, 1) == F("5.5")
    assert _bh_minus_opponents(t, 1, rounds=3) == F("2.5")


def test_seed002_example2_opponent_no_show_in_round_6():
    center = ["2w1", "3b½", "4w1", "5b0", "6w1", "+7", "8b0", "9w1", "10b½"]
    t = around(center, {j: "4.5" for j in (2, 3, 4, 5, 6, 8, 9, 10)})
    assert t.player(1).score(5) == F("3.5")
    assert _bh_minus_opponents(t, 1) == 5
    assert _bh_minus_opponents(t, 1, rounds=6) == F("3.5")


# ---------------------------------------------------------------- §6.3 the Laxman example


def _laxman():
    """7.0/10 with a zero-point bye (a VUR) in R4; the opponents' scores sum to 50, the lowest is
    4.5 (C.07 2026 Arbiters' Manual example, TIEBREAK_RULES §6.3)."""
    center = ["2w1", "3b1", "4w1", "Z", "5b1", "6w1", "7b½", "8w½", "9b1", "10w0"]
    scores = {2: "4.5", 3: "5", 4: "5", 5: "5.5", 6: "5", 7: "6.5", 8: "7", 9: "5.5", 10: "6"}
    assert sum(F(v) for v in scores.values()) == 50
    return around(center, scores)


@pytest.mark.parametrize("edition,bh,bhc1,sb", [
    ("fide2024", "57", "50", "37.25"),
    ("fide2026", "55", "50", "37.25"),
])
def test_laxman(edition, bh, bhc1, sb):
    t = _laxman()
    res = compute(t, "BH,BH/C1,SB", edition=edition)
    assert t.player(1).score() == 7
    assert (res.value(1, "BH"), res.value(1, "BH/C1"), res.value(1, "SB")) == (F(bh), F(bhc1), F(sb))


# ---------------------------------------------------------------- §5.13 PTP examples


@pytest.mark.parametrize("opponents,cells,expected", [
    ((1900, 2000), ["2w½", "3b0"], 1755),   # S = ½: E(1755) = .31 + .20 = .51 >= .50
    ((1700, 1500), ["2w0", "3b0"], 700),    # S = 0: lowest opponent - 800
    ((1700,), ["2w1"], 2436),               # perfect score: highest opponent + 736
])
def test_ptp_examples(opponents, cells, expected):
    rows = {1: cells}
    ratings = {1: 1800}
    for j, rating in enumerate(opponents, start=2):
        ratings[j] = rating
        rows[j] = ["-"] * len(cells)
    for r, c in enumerate(cells):
        from conftest import mirror
        opp, theirs = mirror(c, 1)
        rows[opp][r] = theirs
    t = event(rows, ratings)
    assert compute(t, "PTP").value(1, "PTP") == expected
