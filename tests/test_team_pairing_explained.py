"""Explaining a team pairing (issue 35 item 5, C.04.6): the team engine's trace of the same run names
the PAB, the upfloaters and the sets passed over, the identifiers passed over and each match's colour
rule; it never changes the pairing; ``pair --explain`` on a team event in text and JSON, narrowed to
a team or a match; a team or match not in the round exits 2.

The hand-made events' expectations are worked out from C.04.6 (2026) as summarised in
spec/PAIRING_RULES.md §6, not from an oracle; the article is named beside each.
"""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from tests.conftest import REAL
from tests.team_histories import _History
from tests.test_pair_command import _run
from xl_tiebreak.cli import main
from xl_tiebreak.pairing.systems import pair_team
from xl_tiebreak.pairing.team.trace import TeamTrace
from xl_tiebreak.pairing.team_explained import account, render_text
from xl_tiebreak.trf.teams import read_team_file, read_team_trf

GRANDMOMMY = REAL / "grandmommys-cup-trf26-team.trf"
POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0)}


def team_trf(teams: int, rounds: int, played: list[list[tuple[int, int, str]]], pab: dict[int, int] | None = None
             ) -> str:
    """A Type A, MP-primary team TRF of ``teams`` teams of two boards (record 352 ``WB``: board 1 of
    the white team has White): ``played[r-1]`` the matches of round r as (white team, black team,
    every board's result for the white team's player: ``1``, ``=``, ``0``); ``pab``: round -> team
    (worth a drawn match, 1 MP and 1 GP, art. 1.4)."""
    h = _History(teams, 2, rounds, "A", "MP", ("1.0", "1.0"))
    for t in range(1, teams + 1):
        for b in (1, 2):
            h.cells[h.player(t, b)], h.points[h.player(t, b)] = [], Fraction(0)
    h.pabs = dict(pab or {})
    for matches in played:
        busy = set()
        for w, bl, res in matches:
            busy |= {w, bl}
            back = {"1": "0", "0": "1", "=": "="}[res]
            for bd, (cw, cb) in ((1, ("w", "b")), (2, ("b", "w"))):
                pw, pb = h.player(w, bd), h.player(bl, bd)
                h.cells[pw].append(f"{pb:4d} {cw} {res}")
                h.cells[pb].append(f"{pw:4d} {cb} {back}")
                h.points[pw] += POINTS[res]
                h.points[pb] += POINTS[back]
        for t in range(1, teams + 1):
            if t not in busy:
                for bd in (1, 2):
                    h.cells[h.player(t, bd)].append("0000 - -")
    return h.text()


# four teams: round 1 1-3 (1 White, wins), 4-2 (2 wins); round 2 2-1 (1 wins), 3-4 drawn.
# Before round 3: team 1 4 MP, team 2 2, teams 3 and 4 1 each.
FOUR = team_trf(4, 5, [[(1, 3, "1"), (4, 2, "0")], [(2, 1, "0"), (3, 4, "=")]])


def traced(text: str, k: int, forbidden: tuple[frozenset[int], ...] = ()) -> tuple[object, TeamTrace]:
    trace = TeamTrace()
    return pair_team(read_team_trf(text), k, forbidden=forbidden, trace=trace), trace


def test_the_upfloater_sets_a_rematch_refuses_are_passed_over_with_c1_and_counted():
    # round 3: the top scoregroup {1} (4 MP) needs one upfloater (C4, art. 2.3.1). C5 (art. 2.3.2)
    # would take {2} (2 MP) first, then {3}, then {4} (art. 3.5.4's order), but 1 met 2 and 3 (C1):
    # {4} is the first set that pairs. Then {2} with upfloater {3}. Colours: 1 (W, B) and 4 (W, B)
    # have CD 0 and no Type A preference (art. 1.7.1), the same colours every round so art. 4.3.6
    # finds no round to alternate from; art. 4.3.8 alternates the first-team 1's last Black: 1 White.
    # 2 (B, W) and 3 (B, W) likewise: first-team 2 (2 MP) had White last, so 2 Black, 3 White.
    pairing, trace = traced(FOUR, 3)
    assert [(p.white, p.black) for p in pairing.pairs] == [(1, 4), (3, 2)]
    top, second = trace.brackets
    assert (top.score, top.residents, top.upfloaters, top.sets_examined) == (Fraction(4), (1,), (4,), 3)
    assert [(x.teams, x.criterion) for x in top.sets_passed] == [((2,), "C1"), ((3,), "C1")]
    assert (second.residents, second.upfloaters, second.pairs) == ((2,), (3,), ((2, 3),))
    assert [(c.white, c.black, c.article, c.first.no) for c in trace.colours] == [(1, 4, "4.3.8", 1),
                                                                               (3, 2, "4.3.8", 2)]
    text = render_text(pairing, trace, {})
    assert ("{2}, {3}: the bracket could not be paired (C1: two teams do not meet twice, C.04.1 art. 2); 2 sets"
            in text)
    assert "Upfloaters (art. 3.5): 4: C4 the fewest (1), C5 the highest scores" in text
    assert ("Match 1: 1 White, 4 Black: art. 4.3.8, the first-team's colour alternates from its last played "
            "match: 1 had Black last: first-team 1 has White") in text


def test_a_forbidden_pair_is_passed_over_in_the_identifiers_order_and_round_one_colours_follow_4_3_1():
    # round 1, teams 1-4 in one bracket (art. 3.3.2); the first identifier 1 2 3 4 (1-3, 2-4, art.
    # 3.6.1-3.6.2) holds the forbidden 1-3, so the first that complies is 1 2 4 3 (1-4, 2-3). Nobody
    # has played: art. 4.3.1 gives the first-team (the smaller TPN, art. 4.2) the initial-colour
    # (White, record 152) with an odd TPN: 1 White; 2 is even: 2 Black
    pairing, trace = traced(team_trf(4, 5, []), 1, forbidden=(frozenset((1, 3)),))
    assert [(p.white, p.black) for p in pairing.pairs] == [(1, 4), (3, 2)]
    [bracket] = trace.brackets
    assert bracket.pairs == ((1, 4), (2, 3)) and bracket.walked
    assert [(x.pairs, x.criterion, x.partial) for x in bracket.passed_over] == [(((1, 3),), "forbidden", True)]
    assert [c.article for c in trace.colours] == ["4.3.1", "4.3.1"]
    text = render_text(pairing, trace, {1: "Ajax"})
    assert "1-3 may not be paired (the arbiter forbids this pair (TRF record 260 or --forbid))" in text
    assert "Paired: 1-4, 2-3 (identifier 1 2 4 3, the first that complies with C1, C8, C9, C10: art. 3.6)" in text
    assert "Match 1: 1 Ajax White, 4 Black: art. 4.3.1" in text
    assert "the initial-colour is White; first-team 2 has an even TPN: Black" in text


def test_the_pab_goes_first_to_the_lowest_score_and_c2_bars_a_second_one():
    # five teams; round 1: the PAB to the largest TPN (art. 3.4.4: all on 0, none played): 5; 1-3
    # (1 wins), 4-2 drawn. Round 2: 5 is barred (C2, art. 2.1.2); 3 has the lowest score (0, art.
    # 3.4.2) and the others {1, 2, 4, 5} can be paired: 3 has the PAB
    text = team_trf(5, 5, [[(1, 3, "1"), (4, 2, "=")]], pab={1: 5})
    pairing, trace = traced(text, 2)
    assert [(u.no, u.kind) for u in pairing.byes] == [(3, "PAB")]
    assert (trace.pab, trace.pab_barred, trace.pab_passed) == (3, (5,), ())
    words = render_text(pairing, trace, {})
    assert "Pairing-allocated bye, chosen first (art. 3.4): 3" in words
    assert "C2: not 5 (no PAB after a PAB, a match won by forfeit or a full-point bye, art. 2.1.2)" in words
    assert "pab" not in account(pairing, trace, team=2)
    assert account(pairing, trace, team=3)["pab"] == {"no": 3, "barred": [5], "passed_over": []}


def test_the_trace_is_filled_only_when_asked(monkeypatch):
    # without a trace the engine walks no identifiers and notes no sets: the walk is made to fail
    import xl_tiebreak.pairing.team.brackets as brackets

    def refuse(*a, **k):
        raise AssertionError("the explanation's walk ran unasked")
    plain = pair_team(read_team_trf(FOUR), 3)
    monkeypatch.setattr(brackets, "identifiers_before", refuse)
    assert pair_team(read_team_trf(FOUR), 3) == plain
    from xl_tiebreak.cli.pair_team import team_paired
    got = team_paired("four.trf", read_team_trf(FOUR), round=3)
    assert got.trace is None and got.pairing == plain


@pytest.mark.skipif(not GRANDMOMMY.exists(), reason="../shared/data is not beside the project")
def test_every_round_of_grandmommys_cup_is_explained_with_the_pairing_printed_without_explain():
    event = read_team_file(GRANDMOMMY)
    for k in range(1, event.rounds + 1):
        plain = pair_team(event, k)
        trace = TeamTrace()
        assert pair_team(event, k, trace=trace) == plain
        # the explanation's matches and colours are the pairing's, each team once
        assert sorted((c.white, c.black) for c in trace.colours) == sorted((p.white, p.black) for p in plain.pairs)
        paired = [t for s in trace.brackets for pr in s.pairs for t in pr]
        assert len(paired) == len(set(paired)) == 2 * len(plain.pairs)
        assert trace.pab == next((u.no for u in plain.byes if u.kind == "PAB"), None)
        for s in trace.brackets:
            chosen = [a for a, _ in s.pairs] + [b for _, b in s.pairs]
            assert set(s.residents) | set(s.upfloaters) == set(chosen) and s.walked
            for x in s.passed_over:  # every identifier passed over comes earlier (art. 3.6.2)
                tops = [a for a, _ in x.pairs]
                assert (tops + [b for _, b in x.pairs] < chosen) if not x.partial else tops <= chosen[:len(tops)]
        for c in trace.colours:
            assert c.article in {f"4.3.{i}" for i in range(1, 10)}


def test_pair_explain_on_a_team_trf_prints_text_and_json_narrowed_to_a_team_or_a_match(tmp_path, capsys):
    path = tmp_path / "four.trf"
    path.write_text(FOUR, encoding="latin-1")
    code, plain, _ = _run(capsys, "pair", str(path), "--format", "json")
    assert code == 0
    code, out, _ = _run(capsys, "pair", str(path), "--explain", "--format", "json")
    got = json.loads(out)
    assert code == 0 and got["pairing"] == json.loads(plain)
    assert [(c["white"], c["black"], c["article"]) for c in got["colours"]] == [(1, 4, "C.04.6 art. 4.3.8"),
                                                                              (3, 2, "C.04.6 art. 4.3.8")]
    code, out, _ = _run(capsys, "pair", str(path), "--explain", "--team", "3")
    assert code == 0 and "Round 3 (FIDE Swiss team system, C.04.6, Type A colour preferences)" in out
    assert "Match 2: 3 Team 3 White, 2 Team 2 Black" in out and "Match 1:" not in out
    code, out, _ = _run(capsys, "pair", str(path), "--explain", "--board", "1", "--format", "json")
    assert [(c["white"], c["black"]) for c in json.loads(out)["colours"]] == [(1, 4)]


def test_pair_explain_on_a_team_not_in_the_round_or_a_match_out_of_range_exits_2(tmp_path, capsys):
    path = tmp_path / "four.trf"
    path.write_text(FOUR, encoding="latin-1")
    code, _, err = _run(capsys, "pair", str(path), "--explain", "--team", "9")
    assert code == 2 and "--team 9: no such team in round 3 (team numbers 1-4)" in err
    code, _, err = _run(capsys, "pair", str(path), "--explain", "--board", "3")
    assert code == 2 and "--board 3: round 3 has matches 1-2" in err
    code, _, err = _run(capsys, "pair", str(path), "--team", "2")
    assert code == 2 and "add --explain" in err
    code, _, err = _run(capsys, "pair", str(path), "--explain", "--format", "csv")
    assert code == 2 and "not csv" in err


def test_pair_explain_on_a_team_workbook_explains_the_workbooks_pairing(tmp_path, capsys):
    # the workbook made from the TRF is paired as the TRF is (the same rounds), and explained alike
    path = tmp_path / "four.trf"
    path.write_text(FOUR, encoding="latin-1")
    book = tmp_path / "four.xlsx"
    assert main(["workbook", str(path), "-o", str(book)]) == 0
    capsys.readouterr()
    code, out, err = _run(capsys, "pair", str(book), "--explain", "--format", "json")
    assert code == 0, err
    got = json.loads(out)
    assert [(p["white"], p["black"]) for p in got["pairing"]["pairs"]] == [(1, 4), (3, 2)]
    assert [b["upfloaters"] for b in got["brackets"]] == [[4], [3]]
    before = book.read_bytes()
    code, out, _ = _run(capsys, "pair", str(book), "--explain")
    assert code == 0 and "art. 4.3.8" in out and book.read_bytes() == before


@pytest.mark.skipif(not GRANDMOMMY.exists(), reason="../shared/data is not beside the project")
def test_grandmommys_cup_round_11_passes_over_an_upfloater_for_c6_and_one_that_floated_for_c7():
    # the 11-point bracket (seven teams) takes one upfloater from the 10-point group {17, 20, 30}
    # (C4, C5); art. 3.5.4's order tries {17} first: it would leave the next scoregroup unpairable
    # (C6); {20} floated in round 10 (C7, art. 2.3.4; checked below from the teams' states); {30}
    # did not, and is taken
    from xl_tiebreak.pairing.team.history import team_states
    event = read_team_file(GRANDMOMMY)
    trace = TeamTrace()
    pairing = pair_team(event, 11, trace=trace)
    bracket = next(s for s in trace.brackets if s.score == 11)
    assert bracket.upfloaters == (30,) and bracket.sets_examined == 3
    assert [(x.teams, x.criterion) for x in bracket.sets_passed] == [((17,), "C6"), ((20,), "C7")]
    states = team_states(event, 11, "A")
    assert (states[20].floated, states[30].floated) == (True, False)
    assert states[17].score == states[20].score == states[30].score == 10
    text = render_text(pairing, trace, {})
    assert "{20}: more upfloaters floated last round (C7: as few upfloaters as possible" in text
