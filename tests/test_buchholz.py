"""Buchholz and its average (AOB): the average of opponents' Buchholz follows the cut and the /P
modifier of the Buchholz it averages."""

from __future__ import annotations


from xl_tiebreak import compute, demo_tournament
from conftest import F


def test_aob_cut_and_p_use_the_opponents_bh_cut_and_bh_p():
    t = demo_tournament()
    res = compute(t, "AOB/C1,AOB/P,BH/C1,BH/P", edition="fide2024")
    # player 1 met 4, 3, 5, 2 over the board
    bhc1 = [res.value(o, "BH/C1") for o in (4, 3, 5, 2)]
    assert res.value(1, "AOB/C1") == F(round(sum(bhc1) / 4 * 100)) / 100
    bhp = [res.value(o, "BH/P") for o in (4, 3, 5, 2)]
    assert res.value(1, "AOB/P") == sum(bhp) / 4
