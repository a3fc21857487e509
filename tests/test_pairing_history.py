"""The pairing state before a round (xl_tiebreak.pairing.history), on a hand-made history.

Every expectation comes from the regulation text (C.04.1, C.04.2, C.04.3 of 2026, as summarised in
spec/PAIRING_RULES.md), not from an oracle; the article is named beside it.

The event (6 players, round 4 to pair; player 5 has a half-point bye typed for round 4):
  R1: 1w-4 1-0, 2w-5 ½-½, 3 forfeit win against 6
  R2: 2w-1 0-1, 3 PAB, 4w-5 1-0, 6 half-point bye
  R3: 1w-3 ½-½, 6w-2 0-1, 4 zero-point bye, 5 full-point bye
"""

from fractions import Fraction

import pytest

from tests.conftest import event
from xl_tiebreak.pairing.history import PlayerState, Preference, participants, states_before
from xl_tiebreak.pairing.model import PairingError

ROWS = {
    1: ["4w1", "2b1", "3w½", ""],
    2: ["5w½", "1w0", "6b1", ""],
    3: ["+6", "BYE", "1b½", ""],
    4: ["1b0", "5w1", "Z", ""],
    5: ["2b½", "4b0", "F", "H"],
    6: ["-3", "H", "2w0", ""],
}


@pytest.fixture(scope="module")
def states():
    return states_before(event(ROWS), 4)


def test_scores_are_exact_points_of_the_rounds_before(states):
    # C.04.2 art. 3.1: the pairing counts the points scored (byes at their value)
    assert [states[n].score for n in range(1, 7)] == [Fraction(5, 2), Fraction(3, 2), Fraction(5, 2), 1,
                                                        Fraction(3, 2), Fraction(1, 2)]


def test_colour_history_keeps_played_games_only(states):
    # C.04.2 art. 3.4: forfeits and byes give no colour
    assert states[1].colours == "wbw"
    assert states[3].colours == "b"  # the forfeit win of R1 and the PAB of R2 are not games
    assert states[6].colours == "w"


def test_opponents_met_are_over_the_board_only(states):
    # C.04.1 art. 2 with C.04.2 art. 3.5: a forfeit is not a meeting, so 3 and 6 may meet again
    assert states[1].opponents == {4, 2, 3}
    assert states[3].opponents == {1}
    assert states[6].opponents == {2}


def test_floats_follow_the_2026_article_1_4(states):
    # 1.4.2: the higher scorer of a mixed pair downfloats, the lower upfloats
    assert states[1].floats == ("", "down", "")
    assert states[4].floats == ("", "up", "")  # R2: 4 had 0, 5 had ½; R3 zero-point bye: no float
    # 1.4.3: an unplayed round scoring more than a loss is a downfloat (forfeit win, PAB, HPB, FPB) ...
    assert states[3].floats == ("down", "down", "")
    assert states[5].floats == ("", "down", "down")  # R2: ½ against 0 (1.4.2); R3 FPB (1.4.3)
    # ... and one scoring no more than a loss is not (forfeit loss, zero-point bye): 1.4.4
    assert states[6].floats == ("", "down", "")
    assert states[1].floated(2) == "down" and states[1].floated(1) == "" and states[1].floated(5) == ""


def test_pab_is_barred_after_a_pab_or_a_win_without_playing(states):
    # C.04.1 art. 4: a PAB (3), a full-point bye (5) bar it; a half-point bye (6) and an OTB win do not
    assert {n for n, s in states.items() if s.pab_barred} == {3, 5}


def test_unplayed_rounds_are_counted_for_c9(states):
    # C.04.3 C9 compares the PAB assignees' unplayed games
    assert [states[n].unplayed for n in range(1, 7)] == [0, 0, 2, 1, 1, 2]


def test_colour_preferences_of_article_1_7(states):
    # 1.7: CD = +1 -> strong Black; CD = -1 -> strong White; CD = 0 -> mild, alternating
    assert states[1].preference == Preference("b", "strong")
    assert states[3].preference == Preference("w", "strong")
    assert states[4].preference == Preference("b", "mild")
    # the same colour in the two latest played games -> absolute, the other colour
    assert states[5].preference == Preference("w", "absolute")


def test_colour_difference_beyond_one_is_absolute():
    # C.04.3 art. 1.6-1.7: CD > +1 -> absolute Black, even when the last two colours differ
    s = PlayerState(1, Fraction(0), "wwbw", (), frozenset(), False, 0)
    assert s.colour_difference == 2
    assert s.preference == Preference("b", "absolute")
    assert PlayerState(1, Fraction(0), "", (), frozenset(), False, 0).preference == Preference(None, "none")


def test_participants_leave_out_byes_typed_in_advance_and_the_absent():
    # C.04.2 art. 3.2-3.3: the absent and the withdrawn are not paired
    ev = event(ROWS)
    assert participants(ev, 4) == [1, 2, 3, 4, 6]
    assert participants(ev, 4, frozenset({2})) == [1, 3, 4, 6]


def test_a_player_who_withdrew_is_not_paired_again():
    # C.04.2 art. 3.2: withdrawn players are not paired (the withdrawal typed in round 2)
    ev = event({1: ["2w1", "WD", ""], 2: ["1b0", "3w1", ""], 3: ["4w1", "2b0", ""], 4: ["3b0", "Z", ""]})
    assert participants(ev, 3) == [2, 3, 4]


def test_a_round_without_its_results_cannot_be_the_history():
    ev = event({1: ["2w", ""], 2: ["1b", ""]})
    with pytest.raises(PairingError, match="round 1, player 1 against 2: the result is not in yet"):
        states_before(ev, 2)


def test_a_round_left_blank_before_a_late_entry_is_an_unplayed_round():
    # C.04.2 art. 2.4: a late entrant scores nothing for the rounds missed (no float, no colour)
    ev = event({1: ["2w1", "3w1", ""], 2: ["1b0", "", ""], 3: ["", "1b0", ""]})
    late = states_before(ev, 3)[3]
    assert (late.score, late.colours, late.unplayed, late.floats) == (0, "b", 1, ("", "up"))
