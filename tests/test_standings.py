"""Standings order, shared places and "separated by" on hand-built events."""

from __future__ import annotations

from xl_tiebreak import compute, demo_tournament, rank


def test_demo_standings_order_and_separation():
    rows = rank(compute(demo_tournament(), "BH/C1,BH,SB", edition="fide2024"))
    assert [r.player.no for r in rows] == [3, 1, 2, 5, 4, 6]
    assert [r.place for r in rows] == ["1", "2", "3", "4", "5", "6"]
    # 2 and 5 both have 1.5: BH/C1 8.0 against 6.0 separates them; so for 4 and 6 on 1 point
    assert rows[3].separated_by == "BH/C1" and rows[5].separated_by == "BH/C1"
    assert rows[1].separated_by is None  # different points


def test_shared_places_when_the_list_runs_out():
    rows = rank(compute(demo_tournament(), "WIN", edition="fide2024"))
    # 2 and 5 on 1.5 with 0 and 1 wins; 4 and 6 on 1 point, one win each: shared 5-6
    places = {r.player.no: r.place for r in rows}
    assert places[4] == places[6] == "5-6"
    assert places[5] == "3" and places[2] == "4"


def test_undefined_ranks_last():
    rows = rank(compute(demo_tournament(), "ARO/C1", edition="fide2026"))
    # 4 and 6 on 1 point: 4 has ARO-C1 2000, 6 undefined
    assert [r.player.no for r in rows][-2:] == [4, 6]
