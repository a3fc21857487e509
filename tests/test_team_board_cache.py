"""The boards of the knock-out tie-breaks (C.07 Art. 12) are counted once per evaluation: the scan
of every board of the event (:func:`xl_tiebreak.tiebreaks.team_boards.board_total`) used to run on each
team's board points (788 calls for 200 teams x 15 rounds, 2.3 s of a 6 s profile)."""

from __future__ import annotations

from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.tiebreaks import team_boards as boards
from xl_tiebreak.team_engine import compute_team


def _event():
    from tests.oracle.team_generate import team_event
    gen = team_event(5, teams=12, boards=4, rounds=7)
    return read_team_trf(gen.text, "gen.trf")


def test_the_board_scan_runs_once_per_evaluation(monkeypatch):
    event = _event()
    codes = "EDET,EDEBB,TBR,BBE,BC,MPTS"
    before = compute_team(event, codes, "fide2026")
    calls = []
    real = boards.board_total
    monkeypatch.setattr(boards, "board_total", lambda ev: calls.append(1) or real(ev))
    after = compute_team(event, codes, "fide2026")
    assert len(calls) == 1
    assert [(r.no, r.values, r.rank) for r in after.rows] == [(r.no, r.values, r.rank) for r in before.rows]


def test_the_cached_board_points_are_the_event_s():
    """The context's cache gives what :func:`boards.board_points` gives (C.07 Art. 12: every game
    of the team in the rounds counted)."""
    from xl_tiebreak.team_engine import team_context
    event = _event()
    ctx = team_context(event, "fide2026")
    n = boards.board_total(event)
    assert boards.boards_of(ctx) == n == 4
    for t in ctx.teams:
        assert boards.points_of(ctx)(t) == boards.board_points(event, t, ctx.rounds)
        assert ctx.memo(("board_points", t), lambda: None) == boards.board_points(event, t, ctx.rounds)
