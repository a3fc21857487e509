"""Live standings count the games finished only: a game of the round in progress that is not in
yet does not exist yet. It is no unplayed round of C.07 Art. 16 (no dummy opponent, Art. 16.4; no
draw credited to the opponents, Art. 16.3), so the player is evaluated over his rounds before it,
and his opponents count his score without it.

The hand-worked values below come from the regulation text (C.07 2026: Art. 7.5 PS, 8.1 BH, 9.1 SB,
14.1 cuts, 16.3 the adjusted score, 16.4.2 the dummy's cap, 16.5 the VUR cut first), worked out
here round by round; the differential test compares every player whose game is in with FIDE's
reference engine (gacrux) reading the same event with the games not in written as double
forfeits, which Art. 16 counts as those games are counted here for the opponents: no points, no
draw credited (a forfeit counts at its face value, 16.3), and no end to a run of requested byes.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from oracle.generate import random_event
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.model import Kind, Round
from xl_tiebreak.tiebreaks import registry
from xl_tiebreak.trf import write_trf
from conftest import F, event

# Round 1: 1-4 1-0, 2-5 ½-½, 3-6 1-0. Round 2: 1-2 (1 wins with Black), 3 a full-point bye (F),
# 4-6 1-0, 5 a zero-point bye (Z). Round 3 in progress: 1-6 finished (1 wins); 2-3 and 4-5 paired,
# their results not in yet.
LIVE = {1: ["4w1", "2b1", "6w1", ""], 2: ["5w½", "1w0", "3b", ""], 3: ["6w1", "F", "2w", ""],
        4: ["1b0", "6w1", "5b", ""], 5: ["2b½", "Z", "4w", ""], 6: ["3b0", "4b0", "1b0", ""]}


def test_live_tiebreaks_count_the_games_finished_only_hand_worked_from_the_regulation_text():
    """Each player's adjusted score (Art. 16.3) counts his rounds that exist: 1: 3; 2: ½ (his
    round-3 game is not in: no draw credited, where a pending game taken for an absence gave 1);
    3: 2 (a win and the full-point bye); 4: 1; 5: ½ + ½ = 1 (his zero-point bye of round 2 is his
    last round so far, so it counts as a draw, 16.3); 6: 0.

    BH (Art. 8.1): 1 = 4's 1 + 2's ½ + 6's 0 = 1.5; 2 = 5's 1 + 1's 3 = 4 (no dummy for round 3);
    3 = 6's 0 + the dummy of the full-point bye, capped at a draw in each of 3's two rounds
    (16.4.2): min(2, 1) = 1, so 1; 4 = 1's 3 + 6's 0 = 3; 5 = 2's ½ + the zero-point bye's dummy
    min(½, 1) = ½, so 1; 6 = 3's 2 + 4's 1 + 1's 3 = 6.
    BH/C1 (14.1, 16.5): 1 cuts 0 -> 1.5; 2 cuts 1 -> 3; 3 cuts 0 -> 1; 4 cuts 0 -> 3; 5 cuts the
    VUR first -> ½; 6 cuts 1 -> 5.
    SB (9.1): 1 = 1 + ½ + 0 = 1.5; 2 = ½ x 1 = ½; 3 = 0 x 1 + 1 x 1 (the bye's dummy) = 1; 4 = 0;
    5 = ½ x ½ + 0 = ¼; 6 = 0.
    PS (7.5): 1 = 1 + 2 + 3 = 6; 2 = ½ + ½ = 1; 3 = 1 + 2 = 3; 4 = 0 + 1 = 1; 5 = ½ + ½ = 1; 6 = 0.
    """
    res = compute(event(LIVE), "BH,BH/C1,SB,PS", edition="fide2026", live=True)
    assert res.rounds == 3
    got = {p.no: (pts, *vals) for p, pts, vals in zip(res.tournament.players, res.points, res.values)}
    assert got == {1: (F(3), F("1.5"), F("1.5"), F("1.5"), F(6)),
                   2: (F("0.5"), F(4), F(3), F("0.5"), F(1)),
                   3: (F(2), F(1), F(1), F(1), F(3)),
                   4: (F(1), F(3), F(3), F(0), F(1)),
                   5: (F("0.5"), F(1), F("0.5"), F("0.25"), F(1)),
                   6: (F(0), F(6), F(5), F(0), F(0))}
    assert res.label == ("live: after round 2 of 4 plus 1 of 3 games of round 3 (tie-breaks over the games "
                         "finished; a game not in yet does not count)")


def test_live_under_2024_the_dummy_is_the_own_score_uncapped():
    """C.07 2024 Art. 16.4: the dummy is the player's own score: 3's full-point bye counts 2, so
    BH(3) = 0 + 2 = 2; everything else as under 2026."""
    res = compute(event(LIVE), "BH", edition="fide2024", live=True)
    assert [res.value(no, "BH") for no in range(1, 7)] == [F("1.5"), F(4), F(2), F(3), F(1), F(6)]


def test_an_account_says_the_game_not_in_yet_counts_nothing():
    from xl_tiebreak.explanation import explain, render_text
    text = render_text(explain(event(LIVE), 2, "BH", "fide2026", live=True))
    line = next(ln for ln in text.splitlines() if ln.startswith("  R3:"))
    assert "not in yet" in line
    assert "BH = 1.0 + 3.0 = 4.0" in text  # 5's adjusted 1, 1's 3; nothing for round 3


def test_live_with_no_game_in_is_the_standings_after_the_round_before_for_every_code():
    """With the round paired and none of its results in, every game of it is not in yet: live
    standings then equal those after the round before, for every code of the registry (under
    each edition)."""
    paired = {no: cells[:2] + [cells[2][:2] if cells[2][:1].isdigit() else cells[2], ""]
              for no, cells in LIVE.items()}
    paired[1][2], paired[6][2] = "6w", "1b"  # 1-6 not in either
    ratings = {1: 2100, 2: 1950, 3: 1800, 4: 1720, 5: 1600, 6: 1500}
    codes = list(registry.rows()) + ["BH/C1", "SB/C1", "BH/M1", "MEDIAN/M1", "AOB/F", "PS/C1", "ARO/C1"]
    for edition in ("fide2026", "fide2024", "fide2012"):
        live = compute(event(paired, ratings), ",".join(codes), edition=edition, live=True)
        before = compute(event(paired, ratings), ",".join(codes), edition=edition, rounds=2)
        assert live.rounds == 3 and before.rounds == 2
        assert live.points == before.points
        assert live.values == before.values, edition


def test_live_koya_measures_an_opponent_whose_game_is_not_in_over_his_games_finished():
    """KS (Art. 9.2): the points scored against opponents with at least half the maximum possible
    score; live, an opponent whose game is not in yet has the maximum of his games finished.
    Round robin of four, round 2 in progress: 1-2 finished (2 wins), 3-4 not in. Limits: 1 for
    1 and 2 (two games), ½ for 3 and 4 (one game). 1 drew with 4 (½ of ½: counts) and lost to 2
    (2 of 1): KS ½ (it was 0 while 4's pending game counted as a round: ½ of 1). 2 beat 3 (0)
    and 1 (½ of 1): 0. 3 lost to 2, 4 drew with 1 (½ of 1): 0."""
    rows = {1: ["4w½", "2b0", ""], 2: ["3w1", "1w1", ""], 3: ["2b0", "4b", ""], 4: ["1b½", "3w", ""]}
    res = compute(event(rows, kind="round-robin"), "KS", live=True)
    assert [res.value(no, "KS") for no in (1, 2, 3, 4)] == [F("0.5"), F(0), F(0), F(0)]


def test_every_face_gives_the_live_values_and_says_so(tmp_path, capsys):
    """The command line (``standings --live`` of a TRF whose round 3 has its pairings written),
    the Excel functions (RESULTS with live TRUE: the sheets and the recompute) and the published
    page give the hand-worked values above, labelled."""
    import json
    from xl_tiebreak.cli import main
    from xl_tiebreak.excel.functions.individual import RESULTS
    path = tmp_path / "live.trf"
    path.write_text(write_trf(event(LIVE)), encoding="utf-8")
    assert main(["standings", str(path), "--live", "-t", "BH,BH/C1,SB", "--rules", "fide2026", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["label"].endswith("(tie-breaks over the games finished; a game not in yet does not count)")
    got = {p["no"]: [F(str(v)) for v in p["values"]] for p in doc["players"]}
    want = {1: [F("1.5"), F("1.5"), F("1.5")], 2: [F(4), F(3), F("0.5")], 3: [F(1), F(1), F(1)],
            4: [F(3), F(3), F(0)], 5: [F(1), F("0.5"), F("0.25")], 6: [F(6), F(5), F(0)]}
    assert got == want
    table = [["No", "Name", "Rating", "R1", "R2", "R3", "R4"]] + [[no, f"Player {no}", None, *cells]
                                                                  for no, cells in LIVE.items()]
    rows = RESULTS(table, "BH,BH/C1,SB", "fide2026", None, None, None, None, True)
    assert rows[0] == ["Pts", "BH", "BH/C1", "SB", "Place"]
    assert {r[0]: [F(str(v)) for v in r[2:5]] for r in ([no, *row] for no, row in zip(LIVE, rows[1:]))} == want
    page = tmp_path / "page.html"
    assert main(["publish", str(path), "--live", "-t", "BH,BH/C1,SB", "--rules", "fide2026", "-o", str(page)]) == 0
    assert "tie-breaks over the games finished; a game not in yet does not count" in page.read_text(encoding="utf-8")


# ------------------------------------------------------------------ against FIDE's reference

#: the values of a player whose game is in depend on his own rounds and his opponents' adjusted
#: scores only (FB's last round as draws and AOB's opponents' Buchholz aside), so they are the
#: reference's for the event with the games not in written as double forfeits
IN_CODES = ("BH BH/C1 BH/C2 BH/M1 BH/P SB SB/C1 SB/M1 WIN WON BPG BWG REP STD PS PS/C1 ARO ARO/C1 TPR PTP "
            "APRO APPO").split()
#: the own record and ratings: the same for every player (a double forfeit is no game, no win,
#: no round elected to play; PS aside, which adds a running score for every round)
OWN_CODES = "WIN WON BPG BWG REP STD ARO ARO/C1 TPR PTP APRO APPO".split()
VERSION = {"fide2024": "/V1", "fide2026": "/V2"}


def _mid_round(text: str, seed: int):
    """The event of ``text`` cut in a round r >= 2 with some of its games not in yet: the event
    with them pending (ours), the same with them as double forfeits (the reference's), r, and
    the start numbers whose game is not in."""
    rng = random.Random(seed)
    t = parse_trf(text)
    r = rng.randint(2, t.rounds)
    games = sorted({tuple(sorted((p.no, p.rounds[r - 1].opponent))) for p in t.players
                    if p.rounds[r - 1].kind.has_opponent})
    waiting = {no for pair in rng.sample(games, max(1, len(games) // 2)) for no in pair}

    def cut(kind: Kind):
        players = []
        for p in t.players:
            rounds = list(p.rounds[:r]) + [Round(Kind.NOT_PLAYED)] * (t.rounds - r)
            if p.no in waiting:
                rounds[r - 1] = Round(kind, p.rounds[r - 1].opponent, p.rounds[r - 1].colour)
            players.append(replace(p, rounds=tuple(rounds)))
        return replace(t, players=tuple(players))
    return cut(Kind.NOT_PLAYED), cut(Kind.DOUBLE_FORFEIT), r, waiting


@pytest.mark.oracle
@pytest.mark.skipif(not gacrux_available(), reason="gacrux (test extra) is not installed")
@pytest.mark.parametrize("seed", range(6))
def test_live_values_of_the_games_in_are_the_references_with_the_games_not_in_as_double_forfeits(seed, tmp_path):
    text = random_event(1000 + seed, kind="swiss", players=12 + 4 * seed, rounds=5 + seed % 3)
    pending, forfeited, r, waiting = _mid_round(text, seed)
    path = tmp_path / "event.trf"
    path.write_text(write_trf(forfeited), encoding="utf-8")
    for edition, v in VERSION.items():
        ours = compute(pending, IN_CODES, edition=edition, live=True)
        assert ours.rounds == r and ours.progress is not None and ours.progress.current == r
        ref = run_gacrux(str(path), [c + v for c in IN_CODES], rounds=r)
        compared = 0
        for p in pending.players:
            for code in IN_CODES if p.no not in waiting else OWN_CODES:
                assert ours.value(p.no, code) == ref[p.no][code + v], (edition, r, p.no, code)
                compared += 1
        assert compared > len(pending.players) * len(OWN_CODES)


# ------------------------------------------------------------------ Fore Buchholz in the final round

#: the event above cut to 3 rounds: round 3 is the final round, 1-6 finished, 2-3 and 4-5 paired
FINAL = {no: cells[:3] for no, cells in LIVE.items()}


def test_live_fore_buchholz_in_the_final_round_counts_every_pairing_as_a_draw_hand_worked_from_the_text(
        tmp_path, capsys):
    """C.07 Art. 8.3 (TIEBREAK_RULES §5.7): FB is BH with every paired game of the final round
    drawn, so a pairing whose result is not in yet is a drawn game too, and FB in the final round
    does not depend on its results. Worked from the text (2026): the final-round scores are 1: 2½,
    2: 1, 3: 2½ (its full-point bye counts at face value, a game follows it, 16.3), 4: 1½, 5: 1
    (its zero-point bye likewise), 6: ½. FB: 1 = 4's 1½ + 2's 1 + 6's ½ = 3; 2 = 5's 1 + 1's 2½ +
    3's 2½ = 6; 3 = 6's ½ + the bye's dummy min(2½, 3 x ½) = 1½ (16.4.2) + 2's 1 = 3; 4 = 2½ + ½ +
    1 = 4; 5 = 2's 1 + the zero-point bye's dummy min(1, 1½) = 1 + 4's 1½ = 3½; 6 = 2½ + 1½ + 2½ =
    6½. AOB/F (8.2), the mean of the opponents' FB over the games: 1 = (4 + 6 + 6½) / 3 = 5.5;
    2 = (3½ + 3 + 3) / 3 = 3.17; 3 = (6½ + 6) / 2 = 6.25 (the bye is no game); 4 = (3 + 6½ + 3½)
    / 3 = 4.33; 5 = (6 + 4) / 2 = 5; 6 = (3 + 4 + 3) / 3 = 3.33. (The hybrid gave FB 2 for player
    1: the games not in yet were no round at all while the finished one was a draw.)"""
    import json
    from xl_tiebreak.cli import main
    fb = [F(3), F(6), F(3), F(4), F("3.5"), F("6.5")]
    aob_f = [F("5.5"), F("3.17"), F("6.25"), F("4.33"), F(5), F("3.33")]
    path = tmp_path / "final.trf"
    path.write_text(write_trf(event(FINAL)), encoding="utf-8")
    assert main(["standings", str(path), "--live", "-t", "FB,AOB/F", "--rules", "fide2026", "-f", "json"]) == 0
    got = {p["no"]: [F(str(v)) for v in p["values"]] for p in json.loads(capsys.readouterr().out)["players"]}
    assert got == {no: [fb[no - 1], aob_f[no - 1]] for no in range(1, 7)}
    live = compute(event(FINAL), "FB,AOB/F", edition="fide2026", live=True)
    assert live.progress is not None and live.progress.current == 3
    assert [live.value(no, "FB") for no in range(1, 7)] == fb
    assert [live.value(no, "AOB/F") for no in range(1, 7)] == aob_f
    for two_three, four_five in [(("3b1", "2w0"), ("5b½", "4w½")), (("3b0", "2w1"), ("5b0", "4w1")),
                                 (("3b½", "2w½"), ("5b1", "4w0"))]:  # whatever the results: the same
        done = {no: list(cells) for no, cells in FINAL.items()}
        (done[2][2], done[3][2]), (done[4][2], done[5][2]) = two_three, four_five
        final = compute(event(done), "FB,AOB/F", edition="fide2026")
        assert [final.value(no, "FB") for no in range(1, 7)] == fb
        assert [final.value(no, "AOB/F") for no in range(1, 7)] == aob_f


def test_live_fore_buchholz_account_shows_the_game_not_in_yet_as_a_draw():
    from xl_tiebreak.explanation import explain, render_text
    text = render_text(explain(event(FINAL), 2, "FB", "fide2026", live=True))
    assert "FB = 1.0 + 2.5 + 2.5 = 6.0" in text
    assert "R3: paired in the last round, result not in yet: a game drawn under Fore Buchholz (Art. 8.3)" in text
    text = render_text(explain(event(FINAL), 2, "AOB/F", "fide2026", live=True))
    assert "AOB/F = (3.5 + 3.0 + 3.0) / 3 = 3.1667, rounded half up: 3.17" in text


FORE_CODES = ("FB", "FB/C1", "FB/M1", "AOB/F")


@pytest.mark.oracle
@pytest.mark.skipif(not gacrux_available(), reason="gacrux (test extra) is not installed")
@pytest.mark.parametrize("seed", range(4))
def test_live_fore_buchholz_in_the_final_round_is_the_references_whatever_the_results_not_in(seed, tmp_path):
    """The final round with some games not in yet: FB (and AOB/F's opponents' FB) counts every
    final-round pairing as a draw, so live values equal the reference's for the finished event,
    whatever results the games not in get (written over the board, as AOB counts games)."""
    rng = random.Random(seed)
    text = random_event(2000 + seed, kind="swiss", players=10 + 4 * seed, rounds=4 + seed % 3)
    t = parse_trf(text)
    r = t.rounds
    games = sorted({tuple(sorted((p.no, p.rounds[r - 1].opponent))) for p in t.players
                    if p.rounds[r - 1].kind.has_opponent})
    waiting = dict(rng.sample(games, max(2, len(games) // 2)))
    waiting.update({b: a for a, b in list(waiting.items())})
    results = {}
    for a, b in {tuple(sorted(x)) for x in waiting.items()}:
        results[a], results[b] = rng.choice([(Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN)])

    def with_last(kind_of):
        players = []
        for p in t.players:
            rounds = list(p.rounds)
            if p.no in waiting:
                kind = kind_of(p.no)
                rounds[r - 1] = Round(kind, waiting[p.no], p.rounds[r - 1].colour, t.scoring.points(kind))
            players.append(replace(p, rounds=tuple(rounds)))
        return replace(t, players=tuple(players))
    pending, finished = with_last(lambda no: Kind.NOT_PLAYED), with_last(results.__getitem__)
    path = tmp_path / "event.trf"
    path.write_text(write_trf(finished), encoding="utf-8")
    for edition, v in VERSION.items():
        ours = compute(pending, FORE_CODES, edition=edition, live=True)
        assert ours.progress is not None and ours.progress.current == r
        ref = run_gacrux(str(path), [c + v for c in FORE_CODES], rounds=r)
        for p in pending.players:
            for code in FORE_CODES:
                assert ours.value(p.no, code) == ref[p.no][code + v], (edition, p.no, code)
