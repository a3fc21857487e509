"""The event model: the score scale, the last played round, the arrays a reader hands over."""

from __future__ import annotations

import dataclasses
from fractions import Fraction

import numpy as np

from xl_tiebreak import Scoring, compute, parse_trf, write_trf
from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
from xl_tiebreak.model import last_played_round
from xl_tiebreak.arrays import Compiled, compiled


def test_the_scale_is_the_least_common_denominator_of_the_points():
    """Rule text (TIEBREAK_RULES §1): points are exact; the arrays count in 1/scale points."""
    assert Scoring().scale == 2
    assert Scoring(win=Fraction(3), draw=Fraction(1)).scale == 1
    assert Scoring(pab=Fraction(1, 4)).scale == 4
    assert Scoring(win=Fraction(2), draw=Fraction(2, 3), absent=Fraction(1, 2)).scale == 6


def test_the_last_played_round_is_the_last_with_a_pairing_else_the_last_with_a_bye():
    paired = np.array([[True, False, True, False], [False, False, False, False]])
    entered = np.array([[True, False, True, True], [False, False, False, True]])
    assert last_played_round(paired, entered) == 3  # a bye entered ahead in round 4 starts nothing
    nothing = np.zeros((2, 4), dtype=bool)
    assert last_played_round(nothing, entered) == 4
    assert last_played_round(nothing, nothing) == 0
    assert last_played_round(np.zeros((0, 3), dtype=bool), np.zeros((0, 3), dtype=bool)) == 0


ROWS = [CrosstableRow(1, "A", 2000, ["2w1", "3b½", ""]), CrosstableRow(2, "B", 1900, ["1b0", "BYE", ""]),
        CrosstableRow(3, "C", None, ["H", "1w½", "H"])]


def test_a_crosstable_hands_its_arrays_to_the_tournament():
    t = tournament_from_rows(ROWS)
    given = t.engine_arrays()
    assert isinstance(given, Compiled) and compiled(t) is given
    again = Compiled(t.with_players(t.players))  # compiled from the Round objects
    for name in ("kind", "opp", "pts", "black", "entered", "pending", "blank"):
        assert np.array_equal(getattr(given, name), getattr(again, name)), name
    assert t.played_rounds == 2


def test_a_derived_tournament_starts_without_the_arrays():
    t = parse_trf(write_trf(tournament_from_rows(ROWS)))
    assert t.engine_arrays() is not None
    fewer = dataclasses.replace(t, players=t.players[:1], rounds=t.rounds)
    assert fewer.engine_arrays() is None and t.with_players(t.players).engine_arrays() is None
    assert t.with_players(t.players) == t  # the arrays are not part of the value


def test_values_are_the_same_from_the_readers_arrays_and_from_the_rounds():
    t = parse_trf(write_trf(tournament_from_rows(ROWS)))
    codes = "BH,SB,AOB,WIN,PS"
    assert compute(t, codes).values == compute(t.with_players(t.players), codes).values
