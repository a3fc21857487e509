"""Unplayed rounds (C.07 Art. 16; C.02 §13 under the 2012 rules): the virtual opponent's score
(Svon) in the worked examples of the seed articles 000 and 002, the 2012 rule worked by hand, and
the Vietnamese article on C.07 (April 2024) Art. 16: an event built to match every number the
article states (its crosstable images are missing); tests/data/seed003_expected.json quotes
where each is stated.

Values come from the regulation texts and the articles (not from an oracle); each test names its
source."""

from __future__ import annotations

import json
from fractions import Fraction

import pytest

from xl_tiebreak import Options, compute, demo_tournament, read_trf
from xl_tiebreak.editions import FIDE2024
from xl_tiebreak.model import Scoring
from xl_tiebreak.tiebreaks.context import Context
from xl_tiebreak.svon import svon
from conftest import DATA, F, around, event


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


def test_2012_rule_on_the_6_1_event_by_hand():
    """fide2012 (C.02 §13): opponents' unplayed rounds count ½; player 3's own forfeit wins meet
    virtual opponents: R1 0 + 0 + ½x3 = 1.5, R4 2.5 + 0 + 0 = 2.5. Opponents 1, 2: 3.0, 1.5.
    BH = 1.5 + 3 + 1.5 + 2.5 = 8.5; SB = 1.5 + 1.5 + 1.5 + 2.5 = 7; BH-C1 cuts a 1.5: 7.
    Player 1 meets 4 (1.0), 3 (2.5), 5 (1.5), 2 (1.5): BH 6.5. (Values worked out by hand from
    the rule text, TIEBREAK_RULES §7.1.)"""
    res = compute(demo_tournament(), "BH,SB,BH/C1", edition="fide2012")
    assert (res.value(3, "BH"), res.value(3, "SB"), res.value(3, "BH/C1")) == (F("8.5"), 7, 7)
    assert res.value(1, "BH") == F("6.5")


def test_2012_virtual_opponent_under_3_1_0():
    """The virtual opponent takes the opposite result: after a half-point bye worth 1 (draw) it
    gets a draw (1), not 3 - 1 = 2."""
    assert svon(3, 1, 3, 2, win=3, draw=1, loss=0) == 3 + 1 + 1
    assert svon(3, 3, 3, 2, win=3, draw=1, loss=0) == 3 + 0 + 1
    assert svon(3, 0, 3, 2, win=3, draw=1, loss=0) == 3 + 3 + 1
    t = event({1: ["2w1", "H", "3w1"], 2: ["1b0", "3b1", "-"], 3: ["-", "2w0", "1b0"]},
              scoring=Scoring(win=F(3), draw=F(1), loss=F(0), absent=F(0)))
    res = compute(t, "BH", edition="fide2012")
    # opponents 2 (OTB 3 + 1 unplayed x draw 1 = 4) and 3 (OTB 0 + 1 = 1); R2 Svon = 3 + 1 + 1 = 5
    assert res.value(1, "BH") == 4 + 5 + 1


def test_svon_cut_unplayed_first_option():
    """SSF-style: with the option the virtual opponents are cut before real opponents. Player 6
    of §6.1 under 2012, by hand: R1 forfeit loss, Svon 0 + 1 + ½x3 = 2.5; R2 beat 4 (2012 score
    1.0); R3 Svon 1 + 1 + ½ = 2.5; R4 Svon 1 + 1 + 0 = 2. BH 8; the plain cut removes 4's 1.0
    (7), cutting unplayed rounds first removes the R4 virtual opponent's 2 (6)."""
    t = demo_tournament()
    first = Options(svon_cut_unplayed_first=True)
    assert compute(t, "BH", edition="fide2012").value(6, "BH") == 8
    assert compute(t, "BH/C1", edition="fide2012").value(6, "BH/C1") == 7
    assert compute(t, "BH/C1", edition="fide2012", options=first).value(6, "BH/C1") == 6


EVENT = DATA / "seed003_vietnamese.trf"


STATED = json.loads((DATA / "seed003_expected.json").read_text(encoding="utf-8"))


def test_every_stated_score_adjusted_score_and_buchholz():
    t = read_trf(EVENT)
    res = compute(t, "BH,BH/C1", edition="fide2024")
    ctx = Context(t, FIDE2024, 5, Options(), rr=False)
    checked = 0
    for item in STATED:
        no = item["player"]
        if "tiebreak" in item:
            assert res.value(no, item["tiebreak"]) == F(item["value"]), item
        elif "adj" in item:
            assert ctx.to_points(ctx.adj[no - 1]) == F(item["adj"]), item
        else:
            assert t.player(no).score() == F(item["points"]), item
        checked += 1
    assert checked == len(STATED) >= 29


def test_the_articles_key_cases():
    """#14 withdrew after a forfeit win: adj 2.5, own BH 9.5 (three dummies of 1.5); #13's
    BH-C1 cuts its forfeit-loss dummy (2) rather than a real opponent worth 1 (C.07 16.5);
    #4's PAB dummy (3) is kept and the real opponent with 2 is cut."""
    res = compute(read_trf(EVENT), "BH,BH/C1", edition="fide2024")
    assert res.value(14, "BH") == F("9.5")
    assert res.value(13, "BH/C1") == F("8.5")
    assert res.value(4, "BH/C1") == 13
    assert res.value(16, "BH") == 5


def test_the_2026_caps_change_three_values():
    """Under 2026 the dummies are capped: #11's R5 forfeit-win dummy by #15's adjusted score (1),
    #4's R2 bye dummy by ½ x 5 = 2.5 (C.07 2026 Art. 16.4)."""
    res = compute(read_trf(EVENT), "BH,BH/C1", edition="fide2026")
    assert res.value(11, "BH") == F("11.5")
    assert (res.value(4, "BH"), res.value(4, "BH/C1")) == (F("14.5"), F("12.5"))
