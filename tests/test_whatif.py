"""What-if before a round's results (issue 24, item 3): the answers equal those of a brute force
that enters every combination of results on EVERY open board (no board left out), ranks each
completed event with the plain engine (compute, then the standings) and collects the places.
Beyond the bound the answer is on points alone; that too equals a brute force, over points.
Bad input ends with exit status 2 and a message naming the round."""

from __future__ import annotations

import itertools
import json
from dataclasses import replace
from fractions import Fraction
from typing import Optional

import pytest

from oracle.generate import random_event
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_tournament
from xl_tiebreak.model import Kind, Round, Tournament
from xl_tiebreak.standings import rank
from xl_tiebreak.tiebreaks.registry import register, spec, unregister
from xl_tiebreak.trf.writer import write_trf
from xl_tiebreak.whatif import OUTCOMES, Range, what_if

WIN_LOSS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))


def open_games(t: Tournament, rnd: int, keep: int = 0) -> Tournament:
    """``t`` with round ``rnd``'s games over the board turned into pairings without results
    (the first ``keep`` of them, by the lower start number, keep theirs)."""
    games = sorted({tuple(sorted((p.no, p.rounds[rnd - 1].opponent))) for p in t.players
                    if p.rounds[rnd - 1].kind in (Kind.WIN, Kind.DRAW, Kind.LOSS)})
    open_ = {no for pair in games[keep:] for no in pair}
    players = []
    for p in t.players:
        rd = p.rounds[rnd - 1]
        if p.no in open_:
            rd = Round(Kind.NOT_PLAYED, rd.opponent, rd.colour)
        players.append(replace(p, rounds=p.rounds[:rnd - 1] + (rd,) + p.rounds[rnd:]))
    return replace(t, players=tuple(players), arrays=None)


def brute_force(t: Tournament, tiebreaks: Optional[str], rnd: int, n: int, edition: Optional[str] = None):
    """[(outcome of each open board keyed by (lower, higher) start number, 0: lower wins, 1 draw,
    2 higher wins), {no: place clamped to n + 1}, {no: points}] over every combination."""
    pairs = sorted({tuple(sorted((p.no, p.rounds[rnd - 1].opponent))) for p in t.players
                    if p.rounds[rnd - 1].kind is Kind.NOT_PLAYED and p.rounds[rnd - 1].opponent})
    out = []
    for outcome in itertools.product(range(3), repeat=len(pairs)):
        result = dict(zip(pairs, outcome))
        kinds = {}
        for (lo, hi), o in result.items():
            kinds[lo], kinds[hi] = WIN_LOSS[o]
        players = []
        for p in t.players:
            rd = p.rounds[rnd - 1]
            if p.no in kinds:
                rd = Round(kinds[p.no], rd.opponent, rd.colour, t.scoring.points(kinds[p.no]))
            players.append(replace(p, rounds=p.rounds[:rnd - 1] + (rd,) + p.rounds[rnd:]))
        res = compute(replace(t, players=tuple(players), arrays=None), tiebreaks, edition=edition, rounds=rnd)
        rows = rank(res)
        out.append((result, {r.player.no: min(r.rank, n + 1) for r in rows}, {r.player.no: r.points for r in rows}))
    return out


def lower_view(board, o: int) -> tuple[tuple[int, int], int]:
    """A what-if board's outcome as the brute force keys it."""
    lo, hi = sorted((board.white, board.black))
    return (lo, hi), (o if board.white == lo else 2 - o)


def assert_exact_as_brute_force(t: Tournament, tiebreaks: Optional[str], rnd: int, n: int,
                                edition: Optional[str] = None):
    w = what_if(t, tiebreaks, rnd=rnd, places=n, edition=edition)
    assert w.exact
    brute = brute_force(t, tiebreaks, rnd, n, edition)
    reached: dict[int, set[int]] = {p.no: set() for p in t.players}
    for _, places, _ in brute:
        for no, pl in places.items():
            reached[no].add(pl)
    for p in t.players:
        assert set(w.reachable.get(p.no, (n + 1,))) == reached[p.no], p.no
    for k in range(1, n + 1):
        assert set(w.can_finish(k)) == {no for no, got in reached.items() if k in got}
        assert set(w.certain(k)) == {no for no, got in reached.items() if got == {k}}
    for bo in w.by_board:
        key, o = lower_view(bo.board, bo.outcome)
        chosen = [places for result, places, _ in brute if result[key] == o]
        for no, r in bo.places.items():
            got = [pl[no] for pl in chosen]
            assert r == Range(min(got), max(got)), (bo.board, bo.outcome, no)
    return w


def random_open(seed: int, players: int, rounds: int, keep: int = 0, **kw) -> Tournament:
    return open_games(parse_trf(random_event(seed, players=players, rounds=rounds, **kw)), rounds, keep)


@pytest.mark.parametrize("seed,players,tiebreaks,n,edition", [
    (1, 8, "BH/C1,BH,SB,DE,WIN", 3, None),
    (2, 10, "BH/C1,BH,SB,DE,WIN", 3, "fide2024"),
    (3, 11, "AOB,FB,ARO", 2, "fide2026"),
    (4, 12, "KS,PS,TPR,APRO", 4, None),
    (5, 9, "MEDIAN,SOLKOFF,KENTLER", 1, "fide2012"),
    (6, 10, "DE,WIN,BPG,BWG", 3, None),
    (7, 12, "", 3, None),  # no tie-break at all: points only, places shared
])
def test_exact_answers_equal_a_brute_force_over_every_open_board(seed, players, tiebreaks, n, edition):
    t = random_open(seed, players, 5)
    assert_exact_as_brute_force(t, tiebreaks or (), 5, n, edition)


def test_a_round_robin_last_round_equals_a_brute_force():
    t = parse_trf(random_event(8, kind="round-robin", players=8))
    t = open_games(t, t.rounds)
    assert_exact_as_brute_force(t, "DE,SB,WIN,KS", t.rounds, 3)


def test_three_points_for_a_win_equal_a_brute_force():
    from xl_tiebreak.model import Scoring
    t = random_open(9, 10, 5)
    football = Scoring(win=Fraction(3), draw=Fraction(1), loss=Fraction(0), absent=Fraction(0))
    players = [replace(p, rounds=tuple(replace(rd, points=football.points(rd.kind)) for rd in p.rounds))
               for p in t.players]
    t = replace(t, players=tuple(players), scoring=football, arrays=None)
    w = assert_exact_as_brute_force(t, "BH,SB", 5, 3)
    on_board = {no for b in w.boards for no in (b.white, b.black)}
    assert all(op.max_points - op.points_now == (3 if op.no in on_board else 0) for op in w.on_points.values())


def test_the_embedded_example_with_its_last_game_open_and_the_forfeit_kept():
    t = open_games(demo_tournament(), 4)
    w = assert_exact_as_brute_force(t, "BH/C1,BH,SB,DE,WIN", 4, 3, "fide2026")
    assert [(b.white, b.black) for b in w.boards] == [(1, 2)]  # 1 has White in round 4 (2 w =)
    assert w.combinations == 3


def test_mid_round_only_the_games_not_in_are_enumerated():
    t = random_open(11, 12, 5, keep=2)
    w = assert_exact_as_brute_force(t, "BH/C1,BH,SB,DE,WIN", 5, 3)
    assert len(w.boards) == len({p.no for p in t.players if p.rounds[4].kind is Kind.NOT_PLAYED}) // 2


def test_boards_out_of_every_contenders_reach_are_fixed_and_the_answer_is_unchanged():
    t = random_open(21, 12, 5)
    w = assert_exact_as_brute_force(t, "WIN,PS", 5, 1)  # reach 0: only the contenders' own boards matter
    assert w.reach == 0 and len(w.mattering) < len(w.boards)
    own = {b.number for b in w.boards if {b.white, b.black} & set(w.contenders)}
    assert set(w.mattering) == own


@pytest.mark.parametrize("seed,players,n", [(4, 12, 1), (12, 14, 1), (15, 14, 1), (15, 14, 2)])
def test_boards_out_of_the_buchholz_reach_of_every_contender_are_left_out_soundly(seed, players, n):
    t = random_open(seed, players, 5)
    w = assert_exact_as_brute_force(t, "BH/C1,BH,SB", 5, n)
    assert w.reach == 1 and len(w.mattering) < len(w.boards)


def _distances(t: Tournament, start: set[int]) -> dict[int, int]:
    """Opponent steps from ``start`` over every round (games and forfeits)."""
    dist = {no: 0 for no in start}
    frontier = set(start)
    while frontier:
        nxt = set()
        for no in frontier:
            for rd in t.player(no).rounds:
                if rd.opponent is not None and rd.kind.has_opponent and rd.opponent not in dist:
                    dist[rd.opponent] = dist[no] + 1
                    nxt.add(rd.opponent)
        frontier = nxt
    return dist


@pytest.mark.parametrize("edition", ["fide2012", "fide2024", "fide2026"])
def test_a_rows_stated_reach_holds_a_changed_result_farther_away_changes_no_value(edition):
    from xl_tiebreak.tiebreaks.registry import rows
    codes = [r.name for r in rows().values() if r.reach is not None and not r.ranks]
    checked = 0
    for seed in (41, 42, 43):
        t = parse_trf(random_event(seed, players=16, rounds=5))
        before = compute(t, codes, edition=edition)
        games = sorted({tuple(sorted((p.no, p.rounds[4].opponent))) for p in t.players
                        if p.rounds[4].kind in (Kind.WIN, Kind.DRAW, Kind.LOSS)})
        for a, b in games[-3:]:
            old = t.player(a).rounds[4].kind
            new_a = Kind.LOSS if old is Kind.WIN else Kind.WIN
            new_b = {Kind.WIN: Kind.LOSS, Kind.LOSS: Kind.WIN}[new_a]
            players = []
            for p in t.players:
                rd = p.rounds[4]
                if p.no in (a, b):
                    k = new_a if p.no == a else new_b
                    rd = Round(k, rd.opponent, rd.colour, t.scoring.points(k))
                players.append(replace(p, rounds=p.rounds[:4] + (rd,)))
            after = compute(replace(t, players=tuple(players), arrays=None), codes, edition=edition)
            dist = _distances(t, {a, b})
            for j, code in enumerate(codes):
                reach = spec(code).reach
                for p in t.players:
                    if dist.get(p.no, 99) > reach:
                        assert before.values[before.row(p.no)][j] == after.values[after.row(p.no)][j], (code, p.no)
                        checked += 1
    assert checked > 100


def test_a_row_that_does_not_state_its_reach_makes_every_board_matter():
    base = spec("WIN")
    register(replace(base, name="XWIN", aliases=(), excel=(), reach=None))
    try:
        t = random_open(21, 12, 5)
        w = what_if(t, "XWIN", places=1)
        assert w.reach is None and len(w.mattering) == len(w.boards)
    finally:
        unregister("XWIN")


def test_beyond_the_bound_the_answer_is_on_points_and_equals_a_brute_force_over_points():
    t = random_open(31, 12, 5)
    n = 3
    w = what_if(t, "BH/C1,BH,SB", places=n, max_boards=2)
    assert not w.exact
    k = len(w.mattering)
    assert k > 2 and f"{k} boards matter" in w.message and "3^2 = 9" in w.message
    brute = brute_force(t, (), 5, n)
    for no in {p.no for p in t.players}:
        ahead = [sum(1 for q, v in pts.items() if q != no and v > pts[no]) for _, _, pts in brute]
        level = [sum(1 for q, v in pts.items() if q != no and v >= pts[no]) for _, _, pts in brute]
        if no in w.on_points:
            op = w.on_points[no]
            assert (op.best, op.if_ties_lost, op.worst) == (min(min(ahead) + 1, n + 1), min(min(level) + 1, n + 1),
                                                     min(max(level) + 1, n + 1))
            assert op.max_points == max(pts[no] for _, _, pts in brute)
            counts = [(a, lv - a) for a, lv in zip(ahead, level)]
            for k in range(1, n + 1):
                clear = (k - 1, 0) in counts
                tied = any(a <= k - 1 <= a + e for a, e in counts)
                assert dict(op.reachable).get(k) == ("clear" if clear else "tied" if tied else None), (no, k)
                assert (no in w.can_finish(k), no in w.only_if_ties(k)) == (tied, tied and not clear)
        else:
            assert min(ahead) >= n  # not a contender: never in the top n, even with every tie his way
    for bo in w.by_board:
        key, o = lower_view(bo.board, bo.outcome)
        for no, r in bo.places.items():
            rows = [pts for result, _, pts in brute if result[key] == o]
            best = min(sum(1 for q, v in pts.items() if q != no and v > pts[no]) for pts in rows) + 1
            worst = max(sum(1 for q, v in pts.items() if q != no and v >= pts[no]) for pts in rows) + 1
            assert r == Range(min(best, n + 1), min(worst, n + 1))


def _trf(tmp_path, t: Tournament, name: str = "event.trf"):
    path = tmp_path / name
    path.write_text(write_trf(t), encoding="utf-8")
    return str(path)


def test_cli_json_names_the_exact_answer(tmp_path, capsys):
    t = random_open(2, 10, 5)
    assert main(["whatif", _trf(tmp_path, t), "--places", "2", "-f", "json", "-t", "BH/C1,BH,SB,DE,WIN"]) == 0
    doc = json.loads(capsys.readouterr().out)
    w = what_if(t, "BH/C1,BH,SB,DE,WIN", places=2)
    assert doc["exact"] is True and doc["round"] == 5 and doc["prize_places"] == 2
    assert doc["places"][0]["can_finish"] == list(w.can_finish(1))
    assert [c["no"] for c in doc["contenders"]] == list(w.contenders)
    assert len(doc["boards"]) == len(w.boards)


def test_cli_json_names_the_place_if_ties_are_lost_as_the_table_does(tmp_path, capsys):
    """The table's column is "If ties lost" (it was "Sure of", which read as "guaranteed"): the
    JSON key says the same, ``if_ties_lost`` (it was ``assured``), with the table's values."""
    t = random_open(2, 10, 5)
    assert main(["whatif", _trf(tmp_path, t), "--places", "2", "-f", "json", "-t", "BH/C1,BH,SB,DE,WIN"]) == 0
    doc = json.loads(capsys.readouterr().out)
    w = what_if(t, "BH/C1,BH,SB,DE,WIN", places=2)
    got = {c["no"]: c["on_points"] for c in doc["contenders"]}
    assert all(set(op) == {"best", "if_ties_lost", "worst", "places"} for op in got.values())
    assert {no: op["if_ties_lost"] for no, op in got.items()} == {no: w.on_points[no].if_ties_lost for no in got}
    assert main(["whatif", _trf(tmp_path, t), "--places", "2", "-t", "BH/C1,BH,SB,DE,WIN"]) == 0
    table = capsys.readouterr().out.splitlines()
    head = next(k for k, ln in enumerate(table) if ln.startswith("No") and "If ties lost" in ln)
    shown = {int(ln.split()[0]): ln for ln in table[head + 2: head + 2 + len(got)]}
    at = table[head].index("If ties lost")
    for no, op in got.items():
        assert shown[no][at:].split()[0] == ("out" if op["if_ties_lost"] > 2 else str(op["if_ties_lost"]))


def test_cli_text_and_csv(tmp_path, capsys):
    path = _trf(tmp_path, random_open(2, 10, 5))
    assert main(["whatif", path]) == 0
    text = capsys.readouterr().out
    assert "What if: round 5 of 5" in text and "Who can still finish where:" in text and "1-0" in text
    assert main(["whatif", path, "-f", "csv"]) == 0
    csv = capsys.readouterr().out.splitlines()
    assert csv[0] == "Bd,White,Black,Result,No,Name,Best,Worst"
    assert len(csv) > 1


def test_cli_beyond_the_bound_says_how_many_boards_and_the_bound(tmp_path, capsys):
    path = _trf(tmp_path, random_open(31, 12, 5))
    assert main(["whatif", path, "--max-boards", "1", "-t", "BH/C1,BH"]) == 0
    out = capsys.readouterr().out
    assert "Not exact:" in out and "more than the bound of 3^1 = 3" in out and "on points alone" in out


@pytest.mark.parametrize("args,expected", [
    (["--round", "9"], "--round 9: the event has 5 rounds"),
    (["--round", "0"], "--round 0: the event has 5 rounds"),
    (["--round", "4"], "round 5 is paired or played already"),
    (["--places", "0"], "--places 0: expected a number of prize places"),
    (["--max-boards", "11"], "--max-boards 11: expected 1 to 10"),
])
def test_bad_arguments_exit_2_with_a_clear_message(tmp_path, capsys, args, expected):
    path = _trf(tmp_path, random_open(2, 10, 5))
    assert main(["whatif", path, *args]) == 2
    err = capsys.readouterr().err
    assert expected in err and "Traceback" not in err


def test_results_already_in_exit_2(tmp_path, capsys):
    path = _trf(tmp_path, parse_trf(random_event(2, players=10, rounds=5)))
    assert main(["whatif", path, "--round", "5"]) == 2
    assert "round 5: every result is in already" in capsys.readouterr().err
    assert main(["whatif", path]) == 2
    assert "no round is paired with its results to come" in capsys.readouterr().err


def test_a_round_not_paired_exits_2(tmp_path, capsys):
    t = parse_trf(random_event(2, players=10, rounds=5))
    players = [replace(p, rounds=p.rounds[:4] + (Round(Kind.NOT_PLAYED),)) for p in t.players]
    t = replace(t, players=tuple(players), arrays=None)
    path = _trf(tmp_path, t)
    assert main(["whatif", path, "--round", "5"]) == 2
    assert "round 5: not paired yet" in capsys.readouterr().err


def test_an_earlier_game_without_result_exits_2(tmp_path, capsys):
    t = open_games(random_open(2, 10, 5), 4, keep=4)
    path = _trf(tmp_path, t)
    assert main(["whatif", path, "--round", "5"]) == 2
    err = capsys.readouterr().err
    assert "round 4: player" in err and "enter the results of round 4 first" in err


def test_points_are_exact_fractions():
    w = what_if(random_open(2, 10, 5), "BH", places=2)
    assert all(isinstance(op.points_now, Fraction) for op in w.on_points.values())


def test_a_large_event_enumerates_fewer_boards_and_says_why(monkeypatch):
    import xl_tiebreak.whatif as whatif
    t = random_open(2, 10, 5)
    monkeypatch.setattr(whatif, "MOST_RANKED", 30)  # 3 combinations of 10 players fit, 9 do not
    w = what_if(t, "WIN,PS", places=1)
    assert not w.exact and len(w.mattering) >= 2
    assert "with 10 players each is more than the bound of 30 places ranked" in w.message


def test_the_work_is_bounded_before_it_starts_ten_boards_of_a_real_event_answer_on_points(real_dir, tmp_path, capsys):
    """--max-boards 10, the documented maximum, on the U08 event before round 3 with one prize place:
    10 boards matter, 45,927 of the 59,049 combinations are not settled on points, and ranking each
    (22 players x 3 rounds + 400 steps) passes the budget: nothing is ranked (it took 30 s of CPU), the
    answer is on points alone and says why, counted before the work."""
    from xl_tiebreak.trf import read_trf
    from xl_tiebreak.whatif import WORK_BUDGET, before_results, ranking_cost
    t = before_results(read_trf(real_dir / "bre-jeunes-2024-u08.trf"), 3)
    path = _trf(tmp_path, t)
    assert main(["whatif", path, "--places", "1", "--max-boards", "10", "-t", "BH/C1,BH,SB,DE,WIN", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["exact"] is False and doc["combinations"] == 3 ** 10 and doc["ranked_by_tiebreaks"] == 0
    assert ranking_cost(22, 3) == 466 and 45_927 * 466 == 21_401_982 > WORK_BUDGET == 8_000_000
    assert doc["message"] == ("10 boards matter: 59,049 combinations of results, 45,927 of them not settled on "
                              "points, each to be ranked by the tie-breaks: about 32 s of CPU (21,401,982 steps), "
                              "more than the budget of 12 s (8,000,000 steps); the places below are on points alone "
                              "(tie-breaks not applied: a range shows the ties going either way)")
    assert doc["places"][0]["can_finish"]  # the answer on points: who can still finish first
    # within the budget the answer stays exact: 9 boards of the U10 event before its last round
    t = before_results(read_trf(real_dir / "bre-jeunes-2024-u10.trf"), 7)
    w = what_if(t, "BH/C1,BH,SB,DE,WIN", places=1, max_boards=9)
    assert w.exact and w.ranked_by_tiebreaks == 6561 and 6561 * ranking_cost(36, 7) <= WORK_BUDGET


def test_a_workbook_gives_the_answer_its_trf_gives(tmp_path, capsys):
    trf = _trf(tmp_path, random_open(2, 10, 5))
    book = str(tmp_path / "event.xlsx")
    assert main(["workbook", trf, "-o", book, "--tiebreaks", "BH/C1,BH,SB,DE,WIN"]) == 0
    capsys.readouterr()
    assert main(["whatif", book, "-f", "json"]) == 0
    from_book = json.loads(capsys.readouterr().out)
    assert main(["whatif", trf, "-f", "json", "-t", ",".join(from_book["tiebreaks"]), "-r", from_book["edition"]]) == 0
    from_trf = json.loads(capsys.readouterr().out)
    assert from_book["tiebreaks"] == ["BH/C1", "BH", "SB", "DE", "WIN"]
    assert from_book["places"] == from_trf["places"] and from_book["boards"] == from_trf["boards"]


def test_the_text_lists_only_boards_that_change_something():
    from xl_tiebreak.whatif_report import render_whatif
    w = what_if(random_open(21, 12, 5), "WIN,PS", places=1)
    text = render_whatif(w, "table", "event")
    quiet = [b for b in w.boards if b.number not in w.mattering]
    assert quiet and f"{len(quiet)} other board(s): no outcome brings either player into places 1-1" in text


def test_real_events_the_actual_last_round_is_one_of_the_foreseen_outcomes(real_dir):
    """Each real event with its last round's games opened again: the places its real results gave
    (ranked by the file's list) are among those foreseen, for every board's real outcome too."""
    from conftest import real_files
    from xl_tiebreak import TiebreakError, read_trf
    seen = 0
    for path in real_files():
        try:
            t = read_trf(path)
        except TiebreakError:  # a team event
            continue
        n, last = 3, t.played_rounds
        w = what_if(open_games(t, last), None, places=n)
        assert w.round == last
        actual = {r.player.no: min(r.rank, n + 1) for r in rank(compute(t, None, rounds=last))}
        for no, pl in actual.items():
            if pl <= n:
                assert no in w.can_finish(pl), (path.name, no, pl)
            if w.exact:
                assert pl in w.reachable.get(no, (n + 1,)), (path.name, no)
        for bo in w.by_board:
            rd = t.player(bo.board.white).rounds[last - 1]
            if OUTCOME_OF[rd.kind] != bo.outcome:
                continue
            for no, r in bo.places.items():
                assert r.best <= actual[no] <= r.worst, (path.name, bo.board, no)
        seen += 1
    assert seen


OUTCOME_OF = {Kind.WIN: 0, Kind.DRAW: 1, Kind.LOSS: 2}


# ------------------------------------------------------------------ looking back: --before R

def test_before_results_pairs_the_rounds_games_without_results_and_keeps_its_byes():
    from xl_tiebreak.whatif import before_results
    t = parse_trf(random_event(7, players=11, rounds=5))  # an odd field: a pairing bye every round
    back = before_results(t, 4)
    for p, q in zip(t.players, back.players):
        assert q.rounds[:3] == p.rounds[:3]  # earlier rounds as played
        rd, now = p.rounds[3], q.rounds[3]
        if rd.kind.has_opponent:  # a game or a forfeit: paired, its result to come
            assert (now.kind, now.opponent, now.colour, now.points) == (Kind.NOT_PLAYED, rd.opponent, rd.colour, 0)
        else:  # a bye or an absence is known when the round is paired
            assert now == rd
        assert q.rounds[4] == Round(Kind.NOT_PLAYED)  # the last round: not reached
    # the open round of the look back is the what-if of open_games (which opens games only)
    w = what_if(back, "DE,WIN", rnd=4, places=2)
    assert w.round == 4 and w.exact
    assert len(w.boards) == sum(1 for p in t.players if p.rounds[3].kind.has_opponent) // 2


def test_looking_back_the_winners_as_they_finished_were_among_those_who_could_still_get_there():
    """On the real events of ../shared/data: before the last round's results, every player of the
    final places 1-3 (our standings of the whole event) is among those the what-if says can still
    finish there, and in an exact answer his final place is within the range the played result of
    his board gives him. A consistency check of the what-if against what happened."""
    import glob
    import os
    from xl_tiebreak.errors import InputError
    from xl_tiebreak.trf import read_trf
    from xl_tiebreak.whatif import before_results, played_outcomes
    files = sorted(glob.glob(os.path.join(os.path.dirname(__file__), "..", "..", "shared", "data", "real", "*.trf")))
    if not files:
        pytest.skip("../shared/data/real is not here")
    checked = exact = 0
    for path in files:
        try:
            t = read_trf(path)
        except InputError:
            continue  # a team event
        last = max(r for p in t.players for r, rd in enumerate(p.rounds, 1) if rd.kind.has_opponent)
        for tiebreaks in (None, "WIN,PS"):  # the file's list (Buchholz: on points) and one enumerated exactly
            w = what_if(before_results(t, last), tiebreaks, rnd=last, places=3, max_boards=6)
            played = played_outcomes(t, last, w.boards)
            final = {r.player.no: r.rank for r in rank(compute(t, tiebreaks, rounds=last))}
            for no, place in final.items():
                if place > 3:
                    continue
                assert no in w.can_finish(place), (path, tiebreaks, no, place)
                if w.exact:
                    assert place in w.reachable[no], (path, tiebreaks, no, place)
                    board = next((b for b in w.boards if no in (b.white, b.black)), None)  # None: a bye
                    if board is not None and played[board.number] in ("1-0", "½-½", "0-1"):
                        got = next(bo.places[no] for bo in w.by_board
                                   if bo.board == board and OUTCOMES[bo.outcome] == played[board.number])
                        assert got.best <= place <= got.worst, (path, tiebreaks, no, place, got)
                else:
                    op = w.on_points[no]
                    assert op.best <= place <= op.worst, (path, tiebreaks, no, place)
            checked += 1
            exact += w.exact
    assert checked >= 20 and exact >= 10, (checked, exact)


def test_cli_before_marks_the_played_results_and_refuses_two_rounds(tmp_path, capsys):
    t = parse_trf(random_event(2, players=10, rounds=5))
    path = _trf(tmp_path, t)
    assert main(["whatif", path, "--before", "5", "-t", "DE,WIN"]) == 0
    text = capsys.readouterr().out
    assert "What if: round 5 of 5" in text and "Looking back: the event as it stood before round 5's results" in text
    import re
    quiet = re.search(r"(\d+) other board\(s\): no outcome", text)
    games = len({tuple(sorted((p.no, p.rounds[4].opponent))) for p in t.players if p.rounds[4].kind.is_game})
    assert len(re.findall(r"[01½] \(played\)", text)) == games - (int(quiet.group(1)) if quiet else 0)
    assert main(["whatif", path, "--before", "5", "-t", "DE,WIN", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["looking_back"] is True
    index = {p.no: p for p in t.players}
    for b in doc["boards"]:  # white's result as played
        kind = index[b["white"]].rounds[4].kind
        assert b["played"] == {Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1", Kind.FORFEIT_WIN: "+/-",
                               Kind.FORFEIT_LOSS: "-/+", Kind.DOUBLE_FORFEIT: "-/-"}[kind]
    assert main(["whatif", path, "--before", "5", "-f", "csv"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == "Bd,White,Black,Result,No,Name,Best,Worst,Played"
    assert main(["whatif", path, "--before", "5", "--round", "4"]) == 2
    assert "--round 4 and --before 5: give one round" in capsys.readouterr().err
    assert main(["whatif", path, "--before", "6"]) == 2
    assert "--before 6: the event has 5 rounds" in capsys.readouterr().err


def test_the_answer_s_size_is_checked_before_the_work(real_dir, capsys):
    """66363 (294 players) before round 5, --places 100: 214 players can still reach places 1-100 over
    the 145 boards still to play; their reachable places on points went through 212 million states
    (19 s of CPU), the answer took 20.6 s. Counted first (rows 3 x 145 x (2 + 214) = 93,960 steps, the
    states bounded 250 a step), it is refused at once, exit 2, naming --places and --round/--before."""
    import time
    start = time.process_time()
    status = main(["whatif", str(real_dir / "66363-open-intl-champignol-2025.trf"), "--before", "5", "--places",
                   "100"])
    took = time.process_time() - start
    out, err = capsys.readouterr()
    assert (status, out) == (2, "") and took < 2
    assert ("--places 100: 214 players can still reach places 1-100, and the answer over the 145 boards still to "
            "play would take about 19 s of CPU (942,504 steps), more than the budget of 13 s (650,000 steps); ask "
            "for fewer prize places (--places), or look at a round with fewer boards to play (--round, --before)"
            ) in err and "Traceback" not in err


def test_the_answer_s_bound_refuses_by_the_same_words_in_the_sheet(tmp_path, capsys, monkeypatch):
    import xl_tiebreak.whatif as W
    from xl_tiebreak.excel.functions import individual as fx
    path = _trf(tmp_path, random_open(2, 10, 5))
    assert main(["whatif", path]) == 0
    capsys.readouterr()
    monkeypatch.setattr(W, "ANSWER_BUDGET", 0)
    assert main(["whatif", path]) == 2
    err = capsys.readouterr().err
    assert "players can still reach places 1-3, and the answer over the" in err and "(--round, --before)" in err
    message = err.split("xl-tiebreak: ", 1)[1].strip()
    fx.CACHE.clear()
    from tests.support.runtimes import crosstable
    from xl_tiebreak.trf import read_trf
    got = fx.WHATIF(crosstable(read_trf(path)), 3)
    fx.CACHE.clear()
    assert " ".join(str(c) for r in got for c in r if c).startswith("What if " + message)
