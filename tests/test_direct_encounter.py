"""DE, the direct encounter (C.07 Art. 6), on hand-built events."""

from __future__ import annotations


from xl_tiebreak import compute, demo_tournament
from conftest import F, event


def test_de_swiss_not_all_met():
    """TIEBREAK_RULES §5.1 example: A, B, C tied; A beat B and C; B and C did not meet.
    A is placed first (2 > max 1); B and C are reapplied, have not met, and stay tied."""
    t = event({1: ["2w1", "3b1", "4w0"], 2: ["1b0", "5w1", "6b1"], 3: ["5b1", "1w0", "7w1"],
               4: ["6w1", "7b1", "1b1"], 5: ["3w0", "2b0", "-"], 6: ["4b0", "-", "2w0"],
               7: ["-", "4w0", "3b0"]})
    res = compute(t, "DE")
    assert [t.player(i).score() for i in (1, 2, 3)] == [2, 2, 2]
    assert [res.value(i, "DE") for i in (1, 2, 3)] == [1, 2, 2]


def test_de_all_met_and_reapplied():
    """Four players all met in a round robin: sums 2, 2, 1, 1 (among the group); the two pairs
    are reapplied and separated by their own game (Art. 6.2)."""
    t = event({1: ["2w1", "3b0", "4w1"], 2: ["1b0", "4w1", "3b1"], 3: ["4b0", "1w1", "2w0"],
               4: ["3w1", "2b0", "1b0"]}, kind="round-robin")
    res = compute(t, "DE")
    # 1 and 2 on 2 points: 1 beat 2 -> 1 first; 3 and 4 on 1 point: 4 beat 3
    assert [res.value(i, "DE") for i in (1, 2, 3, 4)] == [1, 2, 2, 1]


def test_de_repeated_encounters_average():
    """Two tied players who met twice contribute the average of their games (Art. 6.1.2):
    1 won and drew against 2: 0.75 against 0.25, so 1 is ranked first."""
    t = event({1: ["2w1", "2b½", "3w0"], 2: ["1b0", "1w½", "4w1"], 3: ["4b0", "-", "1b1"],
               4: ["3w1", "-", "2b0"]})
    assert t.player(1).score() == t.player(2).score() == F("1.5")
    res = compute(t, "DE")
    assert (res.value(1, "DE"), res.value(2, "DE")) == (1, 2)


def test_de_inside_groups_tied_on_earlier_tiebreaks():
    """DE only ranks players still tied on points and on the tie-breaks before it."""
    t = demo_tournament()
    res = compute(t, "WIN,DE", edition="fide2024")
    # 4 and 6 tie on 1 point and 1 win; they met in round 2 and 6 won
    assert (res.value(6, "DE"), res.value(4, "DE")) == (1, 2)
    # 2 and 5 differ on WIN, so each is alone in its group
    assert res.value(2, "DE") == res.value(5, "DE") == 1


def test_de_accounts_built_once_per_group_follow_each_lists_own_groups_on_one_evaluation():
    """The DE table is built once per tied group and shared by its members' accounts; two lists
    computed on one evaluation (the tie-breaks before DE decide the groups) keep their own."""
    from xl_tiebreak.engine import context
    from xl_tiebreak.explanation import explain_all
    from xl_tiebreak import parse_trf
    from oracle.generate import random_event
    t = parse_trf(random_event(5, players=24, rounds=5))
    ctx = context(t, edition="fide2024")
    plain, after_win = compute(ctx, "DE"), compute(ctx, "WIN,DE")
    first = [(e.total, e.lines) for e in explain_all(plain, "DE")]
    second = [(e.total, e.lines) for e in explain_all(after_win, "DE")]
    fresh = [(e.total, e.lines) for e in explain_all(compute(t, "WIN,DE", edition="fide2024"), "DE")]
    assert second == fresh
    assert first == [(e.total, e.lines) for e in explain_all(compute(t, "DE", edition="fide2024"), "DE")]
    assert first != second  # WIN splits the points groups: other tables
    # every member of a group shows the same table, and its own rank
    by_table: dict = {}
    for e in explain_all(plain, "DE"):
        by_table.setdefault(e.lines, []).append(e.total)
    assert any(len(totals) > 1 for totals in by_table.values())
    for totals in by_table.values():
        n = len(totals)
        assert all(tot.endswith(f" of {n}") for tot in totals)
