"""DE's account of a large tied group (past ``DE_TABLE_MEMBERS``): the player's own games inside
the group and the leaders Art. 6.3 placed, not the group's whole mini crosstable, so that a page
holding every member's account grows with the group, not with its square. The rank is the same."""

from __future__ import annotations

import pytest

import xl_tiebreak.tiebreaks.direct as direct
from conftest import event
from xl_tiebreak import compute
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.model import Kind, Player, Round, STANDARD_SCORING, Tournament

#: TIEBREAK_RULES §5.1: A, B, C tied on 2; A beat B and C; B and C did not meet
NOT_ALL_MET = {1: ["2w1", "3b1", "4w0"], 2: ["1b0", "5w1", "6b1"], 3: ["5b1", "1w0", "7w1"],
               4: ["6w1", "7b1", "1b1"], 5: ["3w0", "2b0", "-"], 6: ["4b0", "-", "2w0"],
               7: ["-", "4w0", "3b0"]}


def test_a_small_group_still_shows_its_mini_crosstable():
    res = compute(event(NOT_ALL_MET), "DE")
    text = render_text(explain(res, 2, "DE"))
    assert "No  1    2    3    Points  Rank" in text and "whose mini crosstable" not in text


def test_a_large_groups_account_lists_the_players_own_games_and_the_placed_leader(monkeypatch):
    """By Art. 6.3 (the rule's text): A (1) scored 2 against the group, more than B (2) or C (3)
    could reach (1 + one missing game = 1): A is placed first; B and C have not met and stay tied."""
    monkeypatch.setattr(direct, "DE_TABLE_MEMBERS", 2)
    res = compute(event(NOT_ALL_MET), "DE")
    assert [res.value(i, "DE") for i in (1, 2, 3)] == [1, 2, 2]
    one, two = render_text(explain(res, 1, "DE")), render_text(explain(res, 2, "DE"))
    assert "Opponent  Points\n--------  ------\n2         1\n3         1\n\nDE = rank 1 of 3\n" in one
    assert "Note: 3 players tied on points: more than the 2 whose mini crosstable" in one
    assert "Note: player 1: 2.0 points against the group (2 met, 0 not met; at most 2.0 by winning those)" in one
    placed = ("Note: placed: player 1 at rank 1, 2.0 points against the group, more than any of the other 2 could "
              "reach (at most 1.0)")
    assert placed in one and placed in two
    assert "1         0\n\nDE = rank 2 of 3\n" in two
    assert "Note: player 2: 0.0 points against the group (1 met, 1 not met; at most 1.0 by winning those)" in two


def _all_drawn(players: int, rounds: int) -> Tournament:
    """Every game drawn: after each round the whole event is one tied group (player i meets
    i xor 2^r in round r + 1, a new opponent each round)."""
    draw = STANDARD_SCORING.points(Kind.DRAW)
    rows: list[list[Round]] = [[] for _ in range(players)]
    for r in range(rounds):
        for i in range(players):
            j = i ^ (1 << r)
            rows[i].append(Round(Kind.DRAW, j + 1, "w" if i < j else "b", draw))
    return Tournament(players=tuple(Player(no=i + 1, name=f"P{i + 1}", rating=1500, rounds=tuple(rows[i]))
                                    for i in range(players)), rounds=rounds, kind="swiss", start_date="2026-05-01")


@pytest.mark.parametrize("players", [256, 1024])
def test_an_all_drawn_events_de_accounts_grow_with_the_rounds_not_the_group(players):
    """Everybody 2.5 after 5 rounds, every pair met at most once: nobody can be placed (Art. 6.3),
    all rank 1; each account is the same few lines whatever the group's size."""
    from xl_tiebreak.explanation import explain_all
    res = compute(_all_drawn(players, 5), "DE")
    got = explain_all(res, "DE")
    assert {e.total for e in got} == {f"rank 1 of {players}"}
    lengths = {len(render_text(e).splitlines()) for e in got}
    assert lengths == {15}  # heading, blank, 2 head lines, 5 games, blank, total, 4 notes (as below)
    text = render_text(got[0])
    assert f"player 1: 2.5 points against the group (5 met, {players - 6:,} not met;" in text
    assert "nobody could be placed: all share the group's first rank" in text
