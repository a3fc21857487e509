"""The Dutch engine (xl_tiebreak.pairing.dutch) on hand-made rounds whose answer the text fixes.

Each expectation is worked out from C.04.3 (2026) and C.04.1/C.04.2, as summarised in
spec/PAIRING_RULES.md, not from an oracle (tests/test_dutch_equals_reference.py compares with the
reference); the article is named beside it.
"""

from fractions import Fraction

import pytest

from tests.conftest import event
from xl_tiebreak.pairing.dutch import pair_dutch
from xl_tiebreak.pairing.dutch.colours import allocate
from xl_tiebreak.pairing.history import PlayerState
from xl_tiebreak.pairing.model import PairingError, Request

WHITE_FIRST = (("initial-colour", "w"),)


def boards(pairing):
    return [(p.white, p.black) for p in pairing.pairs]


def test_round_one_pairs_the_top_half_with_the_bottom_half_colours_alternating():
    # art. 3.2-3.3: S1 = 1-4 meets S2 = 5-8 in order; art. 5.2.5: odd TPN gets the initial-colour
    ev = event({n: ["", ""] for n in range(1, 9)})
    got = pair_dutch(Request(ev, 1, options=WHITE_FIRST))
    assert boards(got) == [(1, 5), (6, 2), (3, 7), (8, 4)]
    assert got.byes == ()
    assert got.to_json()["pairs"][1] == {"board": 2, "white": 6, "black": 2}


def test_round_one_with_an_odd_field_gives_the_pab_to_the_last_player():
    # C5/C9 cannot choose among equal scores and no unplayed games: the lowest-ranked floats (art. 1.9.1)
    ev = event({n: ["", ""] for n in range(1, 8)})
    got = pair_dutch(Request(ev, 1, options=(("initial-colour", "b"),)))
    assert boards(got) == [(4, 1), (2, 5), (6, 3)]
    assert [(b.no, b.kind) for b in got.byes] == [(7, "PAB")]


def test_absent_players_are_listed_and_the_initial_colour_goes_to_the_first_present():
    # C.04.2 art. 3.3: the absent are not paired; 5.2.5 read over the players paired (PAIRING_RULES §9.1)
    ev = event({n: ["", ""] for n in range(1, 8)})
    got = pair_dutch(Request(ev, 1, absent=frozenset({1}), options=WHITE_FIRST))
    assert boards(got) == [(2, 5), (6, 3), (4, 7)]
    assert [(b.no, b.kind) for b in got.byes] == [(1, "absent")]


def test_round_two_pairs_each_scoregroup_top_half_against_bottom_half():
    # art. 1.2-1.3: the scoregroup of 1 point is {1, 3, 6, 8}, all had White (mild Black: 1.7), so
    # C12 fails once per pair whatever the pairing; S1 = {1, 3} meets S2 = {6, 8} in order (art. 3.3).
    # Colours: the histories agree, so 5.2.4 gives the higher-ranked player (1, 3) Black.
    rows = {1: ["5w1", ""], 2: ["6b0", ""], 3: ["7w1", ""], 4: ["8b0", ""],
            5: ["1b0", ""], 6: ["2w1", ""], 7: ["3b0", ""], 8: ["4w1", ""]}
    got = pair_dutch(Request(event(rows), 2, options=WHITE_FIRST))
    # 0 points: 2, 4, 5, 7 all had Black: 2-5, 4-7 with White to the higher-ranked (5.2.4)
    assert sorted(boards(got)) == sorted([(6, 1), (8, 3), (2, 5), (4, 7)])


def test_the_pab_goes_to_the_lowest_score_and_skips_a_player_who_had_one():
    # C.04.1 art. 4 (C2): 5 had the PAB in round 1, so 4 (also 0 points) gets it now; C5: the lowest score
    rows = {1: ["3w1", ""], 2: ["4w½", ""], 3: ["1b0", ""], 4: ["2b½", ""], 5: ["BYE", ""]}
    got = pair_dutch(Request(event(rows), 2, options=WHITE_FIRST))
    assert [(b.no, b.kind) for b in got.byes] == [(3, "PAB")]
    rows = {1: ["3w1", ""], 2: ["4w1", ""], 3: ["1b0", ""], 4: ["2b0", ""], 5: ["BYE", ""]}
    got = pair_dutch(Request(event(rows), 2, options=WHITE_FIRST))
    # 1 point: {1, 2, 5}; 1-5 keeps both colour preferences (C12) where 1-2 would not, so 2 floats
    # to {3, 4}, meets 3 (it met 4), and 4 gets the PAB. Colours: 5 has no game, so 1's preference
    # (Black) is granted (5.2.2); 3 wants White and 2 Black (5.2.1)
    assert boards(got) == [(5, 1), (3, 2)]
    assert [(b.no, b.kind) for b in got.byes] == [(4, "PAB")]


def test_higher_ranked_means_higher_score_first_in_colour_allocation():
    # art. 5.2.4 with art. 1.2: both want Black strongly, the histories agree from the end, so the
    # higher-ranked player gets the preference, and the higher score ranks first: 4 (3.5) gets Black
    one = PlayerState(1, Fraction(3), "wbwbw", (), frozenset(), False, 0)
    four = PlayerState(4, Fraction(7, 2), "wbw", (), frozenset(), False, 0)
    assert allocate(one, four, "w", {}) == (1, 4)


def test_an_unpairable_round_names_the_players_and_the_rule():
    # C.04.1 art. 2: two players never meet twice
    rows = {1: ["2w1", ""], 2: ["1b0", ""]}
    with pytest.raises(PairingError, match=r"players 1, 2 have no opponent left .*C.04.1 art. 2"):
        pair_dutch(Request(event(rows), 2))


def test_a_forbidden_pair_is_not_paired():
    # issue 35: pairs the arbiter forbids (same family, same club) are kept apart like C1 pairs
    ev = event({n: ["", ""] for n in range(1, 9)})
    got = pair_dutch(Request(ev, 1, forbidden=(frozenset({1, 5}),), options=WHITE_FIRST))
    assert (1, 5) not in boards(got) and (5, 1) not in boards(got)
    assert boards(got) == [(1, 6), (5, 2), (3, 7), (8, 4)]  # the next transposition (art. 4.2)


def test_a_field_beyond_the_engines_size_is_refused_before_the_work():
    ev = event({n: [""] for n in range(1, 1002)})
    with pytest.raises(PairingError, match="1001 players to pair; this engine pairs at most 1,000"):
        pair_dutch(Request(ev, 1))
