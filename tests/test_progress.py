"""Mid-round is a normal state: standings are those after the last complete
round, say which round is in progress and how many of its games are in; live standings include the
finished games and say so. The expected values follow from the design in xl_tiebreak/progress.py
(DESIGN.md, "The arbiter's round-by-round workflow") and, for tie-break values, from the same event
with the round in progress erased (what the standings must equal)."""

from __future__ import annotations

import pytest

from xl_tiebreak import InputError, compute
from xl_tiebreak.progress import progress
from conftest import F, event

# rounds 1 and 2 complete; of round 3 only the game 1-3 is in (players 2, 4, 5, 6 still playing)
MID = {1: ["4w1", "2b1", "3w1", ""], 2: ["5w½", "1w0", "", ""], 3: ["6w0", "5b1", "1b0", ""],
       4: ["1b0", "6w1", "", ""], 5: ["2b½", "3w0", "", ""], 6: ["3b1", "4b0", "", ""]}


def _erased(rows: dict[int, list[str]], rnd: int) -> dict[int, list[str]]:
    return {no: [c if r < rnd - 1 else "" for r, c in enumerate(cells)] for no, cells in rows.items()}


def test_a_round_with_games_not_in_is_in_progress_and_counts_them():
    p = progress(event(MID))
    assert (p.of, p.complete, p.current, p.games_in, p.games) == (4, 2, 3, 1, 3)
    assert p.waiting == (2, 4, 5, 6)
    assert p.label == "after round 2 of 4; round 3 in progress: 1 of 3 games in"


def test_standings_mid_round_equal_those_after_the_last_complete_round():
    res = compute(event(MID), "BH,SB,WIN")
    before = compute(event(_erased(MID, 3)), "BH,SB,WIN")
    assert res.rounds == 2 and before.rounds == 2
    assert res.values == before.values and res.points == before.points
    assert res.points[0] == F(2)  # player 1's round-3 win is not counted yet
    assert res.label == "after round 2 of 4; round 3 in progress: 1 of 3 games in"


def test_live_standings_take_in_the_finished_games_and_say_so():
    res = compute(event(MID), "BH", live=True)
    assert res.rounds == 3
    assert (res.points[0], res.points[2], res.points[1]) == (F(3), F(1), F("0.5"))  # 2: ½ + 0, round 3 not in
    assert res.label == ("live: after round 2 of 4 plus 1 of 3 games of round 3 "
                         "(tie-breaks over the games finished; a game not in yet does not count)")


def test_asking_for_the_round_in_progress_without_live_is_refused_with_the_way_out():
    with pytest.raises(InputError) as exc:
        compute(event(MID), "BH", rounds=3)
    msg = str(exc.value)
    assert "round 3 is in progress (1 of 3 games in)" in msg
    assert "player 2 and 3 more" in msg and "--rounds 2" in msg and "--live" in msg


def test_a_written_absence_completes_the_round_a_blank_does_not():
    rows = {k: list(v) for k, v in MID.items()}
    rows[2][2], rows[4][2] = "4w½", "2b½"
    rows[5][2], rows[6][2] = "6w1", "5b0"
    assert progress(event(rows)).complete == 3  # every game in
    rows[5][2], rows[6][2] = "+6", "-5"  # 6 did not come: 5 wins by forfeit
    assert progress(event(rows)).current == 0
    absent = {k: list(v) for k, v in rows.items()}
    absent[5][2], absent[6][2] = "H", "-"  # 6 withdrew, written as an absence; 5 took a half-point bye
    p = progress(event(absent))
    assert (p.complete, p.current) == (3, 0)


def test_a_withdrawn_player_left_blank_holds_only_the_round_he_left_open():
    rows = {1: ["2w1", "3w1", "4b½"], 2: ["1b0", "4w1", "3b1"], 3: ["4w½", "1b0", "2w0"], 4: ["3b½", "2b0", "1w½"],
            5: ["6w1", "", ""], 6: ["5b0", "", ""]}  # 5 and 6 left after round 1, their cells blank
    p = progress(event(rows, rounds=3))
    assert (p.complete, p.current) == (3, 0)  # 5 and 6 were not in round 2: not expected in round 3
    two = {k: v[:2] + [""] for k, v in rows.items()}
    p = progress(event(two, rounds=3))
    assert (p.complete, p.current, p.waiting) == (1, 2, (5, 6))  # round 2 open until '-' is written


def test_a_pairing_without_result_keeps_its_round_in_progress():
    rows = {k: list(v) for k, v in MID.items()}
    rows[2][2], rows[4][2] = "4w", "2b"
    p = progress(event(rows))
    assert (p.complete, p.current, p.games_in, p.games) == (2, 3, 1, 3)


def test_byes_requested_in_advance_do_not_start_a_round():
    rows = {k: list(v) for k, v in MID.items()}
    rows[2][2], rows[4][2] = "4w½", "2b½"
    rows[5][2], rows[6][2] = "6w1", "5b0"
    rows[3][3] = "H"  # player 3 asked for a half-point bye in round 4
    p = progress(event(rows))
    assert (p.complete, p.current) == (3, 0)
    assert compute(event(rows), "BH").rounds == 3


def test_round_one_partly_in_is_in_progress():
    rows = {1: ["2w1", ""], 2: ["1b0", ""], 3: ["", ""], 4: ["", ""]}
    p = progress(event(rows))
    assert (p.complete, p.current, p.games_in, p.games) == (0, 1, 1, 2)
    assert compute(event(rows), "BH").rounds == 0


def test_a_game_typed_on_one_side_in_the_round_being_typed_is_not_in_yet_with_a_warning_naming_the_other_cell():
    """The arbiter types player 2's win over 4 in round 3 and has not yet typed 4's side: that is
    mid-typing, not a contradiction. The game is not in (standings after round 2, live without it),
    and the warning names player 4's cell and what to write there."""
    from xl_tiebreak.check import collect
    rows = {**MID, 2: ["5w½", "1w0", "4w1", ""]}
    found = collect(lambda fd: event(rows, findings=fd))
    assert [(f.severity, f.rule, f.where) for f in found] == [("warning", "half-typed", "R3 of player 4")]
    assert "player 2 has '4w1' against 4 in round 3" in found[0].message and "(write 2b0)" in found[0].message
    p = progress(event(rows))
    assert (p.complete, p.current, p.games_in, p.games) == (2, 3, 1, 3)
    live = compute(event(rows), "BH", live=True)
    assert live.points == compute(event(MID), "BH", live=True).points  # 2's win not counted until 4's side is in


def test_a_game_typed_on_one_side_in_an_earlier_round_stays_an_error():
    rows = {**MID, 4: ["1b0", "", "", ""]}  # 6's win over 4 in round 2, 4's side empty, round 3 typed after it
    with pytest.raises(InputError, match="R2 of player 6"):
        event(rows)
