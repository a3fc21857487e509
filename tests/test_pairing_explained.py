"""Explaining a pairing (issue 35 item 5): the Dutch engine's trace of the same run names the right
brackets, floaters, criteria and colour articles; it never changes the pairing; its pairs are the
pairing's, each board once; the ``pair --explain`` face in text and JSON, narrowed to a player or a
board; Berger's answer is the table.

The hand-made rounds' expectations are worked out from C.04.3 (2026) as summarised in
spec/PAIRING_RULES.md, not from an oracle; the article is named beside each.
"""

from __future__ import annotations

import json
import random
from fractions import Fraction

import pytest

from tests.conftest import event
from tests.test_pair_command import players_trf
from xl_tiebreak.cli import main
from xl_tiebreak.pairing.dutch import pair_dutch
from xl_tiebreak.pairing.dutch.colours import decide
from xl_tiebreak.pairing.dutch.trace import ColourStep, Seat, Trace
from xl_tiebreak.pairing.explained import account, colour_verdict, render_text
from xl_tiebreak.pairing.history import PlayerState
from xl_tiebreak.pairing.model import Pairing, Request

WHITE_FIRST = (("initial-colour", "w"),)


def traced(rows: dict[int, list[str]], k: int) -> tuple[Pairing, Trace]:
    trace = Trace()
    return pair_dutch(Request(event(rows), k, options=WHITE_FIRST), trace), trace


def test_a_rematch_is_named_with_c1_and_a_colour_clash_with_c12_before_the_exchange_chosen():
    # round 1: 1-3 and 4-2 drawn; round 2: one bracket of 0.5 {1, 2, 3, 4}, S1 = {1, 2}, S2 = {3, 4}.
    # The first candidate 1-3 would repeat a game (C1, C.04.1 art. 2); the next, 1-4 2-3, pairs two
    # who both want Black and two who both want White (C12 fails twice); the exchange 1-2 3-4
    # (art. 4.3) grants every preference, and so is paired, both boards by 5.2.1
    got, trace = traced({1: ["3w½", ""], 2: ["4b½", ""], 3: ["1b½", ""], 4: ["2w½", ""]}, 2)
    assert [(p.white, p.black) for p in got.pairs] == [(2, 1), (3, 4)]
    [bracket] = trace.brackets
    assert (bracket.score, bracket.residents, bracket.mdps) == (Fraction(1, 2), (1, 2, 3, 4), ())
    assert bracket.pairs == ((1, 2), (3, 4)) and bracket.downfloaters == () and bracket.failures == ()
    assert [(x.pairs, x.criterion) for x in bracket.passed_over] == [(((1, 3),), "C1"), (((1, 4),), "C12")]
    assert [(c.white, c.black, c.article) for c in trace.colours] == [(2, 1, "5.2.1"), (3, 4, "5.2.1")]
    text = render_text(got, trace, {})
    assert "1-3 would repeat a game (C1: two players do not meet twice, C.04.1 art. 2)" in text
    assert "no pairing with 1-4 does as well (C12: as few players as possible do not get the colour" in text
    assert "Board 1: 2 White, 1 Black: art. 5.2.1, both colour preferences are granted: 2 wants White, 1 Black" in text


def test_equal_histories_give_the_higher_ranked_player_his_preference_by_5_2_4():
    # the 1-point scoregroup {1, 3, 6, 8} all had White (art. 1.7: a strong preference for Black),
    # so C12 and C13 fail once per pair whatever the pairing (shown as not avoidable); S1 {1, 3} meets
    # S2 {6, 8} in order (art. 3.3); the histories agree, so 5.2.4 gives 1 and 3 Black
    rows = {1: ["5w1", ""], 2: ["6b0", ""], 3: ["7w1", ""], 4: ["8b0", ""],
            5: ["1b0", ""], 6: ["2w1", ""], 7: ["3b0", ""], 8: ["4w1", ""]}
    got, trace = traced(rows, 2)
    top = trace.brackets[0]
    assert (top.score, top.residents, top.pairs, top.failures) == (1, (1, 3, 6, 8), ((1, 6), (3, 8)),
                                                                   (("C12", "2"), ("C13", "2")))
    assert {(c.white, c.black): c.article for c in trace.colours if 1 in (c.white, c.black)} == {(6, 1): "5.2.4"}
    assert "art. 5.2.4, the histories are the same: the higher-ranked player's preference is granted" in \
        render_text(got, trace, {}, player=1)


def test_the_floater_the_pab_and_the_colour_rules_are_the_ones_the_text_gives():
    # 1 point {1, 2, 5}: 1-5 keeps both colour preferences (C12) where 1-2 would not, so 2 floats
    # down (art. 1.3) to {3, 4}, meets 3 (it met 4: C1), and 4 gets the PAB: 5 had one (C2, C.04.1
    # art. 4), and 0 points is the lowest score that lets the others be paired (C5): 3 or 4.
    # Colours: 5 has no game, so 1's preference is granted (5.2.2); 3 wants White, 2 Black (5.2.1)
    rows = {1: ["3w1", ""], 2: ["4w1", ""], 3: ["1b0", ""], 4: ["2b0", ""], 5: ["BYE", ""]}
    got, trace = traced(rows, 2)
    top, low = trace.brackets
    assert (top.score, top.residents, top.pairs, top.downfloaters) == (1, (1, 2, 5), ((1, 5),), (2,))
    assert [(x.pairs, x.criterion) for x in top.passed_over] == [(((1, 2),), "C12")]
    assert (low.score, low.residents, low.mdps, low.pairs, low.downfloaters) == (0, (3, 4), (2,), ((2, 3),), (4,))
    assert (trace.pab, trace.pab_score, trace.pab_eligible, trace.pab_barred) == (4, 0, (3, 4), (5,))
    assert {(c.white, c.black): c.article for c in trace.colours} == {(5, 1): "5.2.2", (3, 2): "5.2.1"}
    names = {n: f"Player {n}" for n in rows}
    text = render_text(got, trace, names)
    assert "2 Player 2: floats down to the next bracket (art. 1.3)" in text
    assert "Pairing-allocated bye: 4 Player 4 (C.04.1 art. 3)" in text
    assert "C2: not 5 Player 5" in text and "is 0 points: 3 Player 3, 4 Player 4 could have it" in text
    # narrowed to player 3: the bracket of 0 points and board 2 only, not the 1-point bracket nor the PAB
    mine = render_text(got, trace, names, player=3)
    assert "0 points: 3 Player 3" in mine and "1 point:" not in mine and "Pairing-allocated bye" not in mine
    assert "Board 2: 3 Player 3 White, 2 Player 2 Black: art. 5.2.1" in mine and "Board 1" not in mine


def test_the_json_form_holds_the_same_facts_and_narrows_to_a_board():
    rows = {1: ["3w1", ""], 2: ["4w1", ""], 3: ["1b0", ""], 4: ["2b0", ""], 5: ["BYE", ""]}
    got, trace = traced(rows, 2)
    data = account(got, trace, board=1)
    assert data["pairing"] == got.to_json()
    assert [b["score"] for b in data["brackets"]] == [1.0]  # board 1 is 5-1: only the 1-point bracket
    assert data["colours"] == [{"white": 5, "black": 1, "article": "C.04.3 art. 5.2.2",
                                "rule": "the stronger colour preference is granted",
                                "verdict": "1's strong preference is granted, 5 has none",
                                "facts": "1: strong preference for Black, colours W, number 1; "
                                         "5: no colour preference, colours no game yet, number 5"}]
    assert "pab" not in data
    assert account(got, trace)["pab"] == {"no": 4, "score": 0.0, "eligible": [3, 4], "barred": [5]}


def test_round_one_colours_follow_the_initial_colour_by_the_pairing_numbers_parity():
    # art. 3.3: S1 {1, 2, 3} meets S2 {4, 5, 6}, 7 left for the PAB (art. 1.9.1); no one has a
    # preference, so 5.2.5: 1 and 3 (odd) get the initial-colour Black, 2 (even) White
    trace = Trace()
    got = pair_dutch(Request(event({n: ["", ""] for n in range(1, 8)}), 1, options=(("initial-colour", "b"),)),
                     trace)
    assert [(p.white, p.black) for p in got.pairs] == [(4, 1), (2, 5), (6, 3)]
    assert [(c.article, colour_verdict(c)) for c in trace.colours] == [
        ("5.2.5", "1 ranks higher with the odd number 1: Black"),
        ("5.2.5", "2 ranks higher with the even number 2: White"),
        ("5.2.5", "3 ranks higher with the odd number 3: Black")]
    assert trace.brackets[0].downfloaters == (7,) and trace.pab == 7
    assert "7: left for the pairing-allocated bye" in render_text(got, trace, {})


def test_alternation_names_the_round_the_two_histories_last_differed():
    # both want White mildly (art. 1.7: colour difference 0, Black last), so 5.2.1-5.2.2 do not
    # decide; 5.2.3: from the end, B/B, W/W, then B/W three games back: 1 had Black, so now White
    one = PlayerState(1, Fraction(2), "wbwb", (), frozenset(), False, 0)
    seven = PlayerState(7, Fraction(2), "bwwb", (), frozenset(), False, 0)
    (white, black), article = decide(one, seven, "w", {})
    assert ((white, black), article) == ((1, 7), "5.2.3")
    step = ColourStep(1, 7, article, Seat(1, "w", "mild", 0, "wbwb", 1), Seat(7, "w", "mild", 0, "bwwb", 7))
    assert colour_verdict(step) == "3 games back 1 had Black and 7 White: now 1 has White"


def test_a_pair_the_arbiter_forbids_is_named_as_forbidden():
    # round 1 of 4: S1 {1, 2} meets S2 {3, 4}, but 1-3 is forbidden (same club): the next
    # transposition 1-4, 2-3 (art. 4.2)
    trace = Trace()
    got = pair_dutch(Request(event({n: ["", ""] for n in range(1, 5)}), 1, forbidden=(frozenset({1, 3}),),
                             options=WHITE_FIRST), trace)
    assert [(p.white, p.black) for p in got.pairs] == [(1, 4), (3, 2)]
    assert [(x.pairs, x.criterion) for x in trace.brackets[0].passed_over] == [(((1, 3),), "forbidden")]
    assert "1-3 may not be paired (the arbiter forbids this pair: same family or club)" in render_text(got, trace, {})


def _season(n: int, rounds: int, seed: int) -> list[tuple[dict[int, list[str]], int]]:
    """A Swiss event of ``n`` players paired round by round by the engine, random results (a PAB
    typed as BYE): each round's rows before it is paired."""
    rnd = random.Random(seed)
    rows: dict[int, list[str]] = {no: [""] * rounds for no in range(1, n + 1)}
    out = []
    for k in range(1, rounds + 1):
        out.append(({no: list(c) for no, c in rows.items()}, k))
        got = pair_dutch(Request(event(rows), k, options=WHITE_FIRST))
        for p in got.pairs:
            r = rnd.choice(("1", "½", "0"))
            rows[p.white][k - 1] = f"{p.black}w{r}"
            rows[p.black][k - 1] = f"{p.white}b{ {'1': '0', '0': '1', '½': '½'}[r] }".replace(" ", "")
        for u in got.byes:
            rows[u.no][k - 1] = "BYE"
    return out


@pytest.mark.parametrize("n, rounds, seed", [(9, 6, 1), (14, 7, 2), (23, 8, 3)])
def test_the_explanation_never_changes_the_pairing_and_holds_each_board_once(n, rounds, seed):
    for rows, k in _season(n, rounds, seed):
        ev = event(rows)
        plain = pair_dutch(Request(ev, k, options=WHITE_FIRST))
        trace = Trace()
        assert pair_dutch(Request(ev, k, options=WHITE_FIRST), trace) == plain
        bracket_pairs = sorted(tuple(sorted(p)) for s in trace.brackets for p in s.pairs)
        assert bracket_pairs == sorted(tuple(sorted((p.white, p.black))) for p in plain.pairs)
        assert sorted((c.white, c.black) for c in trace.colours) == sorted((p.white, p.black) for p in plain.pairs)
        assert [u.no for u in plain.byes if u.kind == "PAB"] == ([trace.pab] if trace.pab is not None else [])
        text = render_text(plain, trace, {})
        for p in plain.pairs:  # every board appears once among the colours
            assert text.count(f"Board {p.board}: {p.white} White, {p.black} Black") == 1


def test_pair_explain_on_the_command_line_narrows_and_refuses_what_it_cannot_do(tmp_path, capsys):
    trf = tmp_path / "swiss.trf"
    # round 1 of a Swiss event: 1-3 and 4-2 drawn (C1 then refuses 1-3 in round 2: see above;
    # the pairing is 2-1, 3-4)
    trf.write_text(players_trf(4, 3, {1: ["3 w ="], 2: ["4 b ="], 3: ["1 b ="], 4: ["2 w ="]},
                               kind="Swiss System", extra="152 w"), encoding="latin-1")
    assert main(["pair", str(trf), "--explain"]) == 0
    text = capsys.readouterr().out
    assert text.startswith("Round 2 (Dutch system, C.04.3): why these pairs and these colours")
    assert "1-3 would repeat a game (C1" in text
    assert main(["pair", str(trf), "--explain", "--board", "2", "--format", "json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert [(c["white"], c["black"]) for c in data["colours"]] == [(3, 4)]
    assert main(["pair", str(trf), "--player", "2"]) == 2
    assert "add --explain" in capsys.readouterr().err
    assert main(["pair", str(trf), "--explain", "--board", "9"]) == 2
    assert "round 2 has boards 1-2" in capsys.readouterr().err


def test_a_round_robin_is_explained_by_its_berger_table(tmp_path, capsys):
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(5, 5), encoding="latin-1")
    assert main(["pair", str(trf), "--explain"]) == 0
    text = capsys.readouterr().out
    # C.05 Annex 1, 5/6 players, round 1: 1-6 2-5 3-4 (6 is the dummy: player 1 sits out)
    assert text.startswith("Round 1 (Berger tables, C.05 Annex 1) is round 1 of the table for 6 players (5 players "
                           "and the dummy number 6: whoever meets it sits out): 1-6, 2-5, 3-4.\n")
    assert "the start numbers are the table's numbers, drawn by lot before round 1: 1 Player 1, 2 Player 2, " in text
    assert "Board 1: 2 Player 2 White, 5 Player 5 Black" in text
    assert "1 Player 1: meets the table's dummy number" in text


@pytest.mark.parametrize("rnd, row", [
    # C.05 Annex 1, table for 3/4 players: round 1 1-4 2-3, round 2 4-3 1-2, round 3 2-4 3-1; a double round robin
    # (record 192 FIDE_DOUBLEROUNDROBIN) plays the first cycle's last two rounds swapped, then the cycle reversed
    (1, "round 1 of the table for 4 players: 1-4, 2-3."),
    (2, "round 3 of the table for 4 players: 2-4, 3-1; the first cycle plays the table's last two rounds in the "
        "opposite order (the Annex's advice)."),
    (3, "round 2 of the table for 4 players: 4-3, 1-2; the first cycle plays the table's last two rounds in the "
        "opposite order (the Annex's advice)."),
    (4, "round 1 of the table for 4 players: 1-4, 2-3; the second cycle plays it with the colours reversed."),
])
def test_a_double_round_robins_round_names_its_row_of_the_table(tmp_path, capsys, rnd, row):
    played = {1: ["4 w 1", "3 b 0", "2 w ="], 2: ["3 w =", "4 w 1", "1 b ="], 3: ["2 b =", "1 w 1", "4 b 0"],
              4: ["1 b 0", "2 b 0", "3 w 1"]}  # rounds 1-3 as the swapped table pairs them
    trf = tmp_path / "double.trf"
    trf.write_text(players_trf(4, 6, {n: f[:rnd - 1] for n, f in played.items()}, extra="192 FIDE_DOUBLEROUNDROBIN"),
                   encoding="latin-1")
    assert main(["pair", str(trf), "--explain"]) == 0
    assert capsys.readouterr().out.startswith(f"Round {rnd} (Berger tables, C.05 Annex 1) is {row}\n")
    assert main(["pair", str(trf), "--explain", "--format", "json"]) == 0
    table = json.loads(capsys.readouterr().out)["table"]
    assert (table["players"], table["colours_reversed"]) == (4, rnd == 4)


def test_a_reason_is_said_once_however_many_candidates_it_refused():
    # round 3 of 9: the 1-point bracket {1, 4, 7, 8} with 2 moved down; 4 and 8 drew in round 1, so every
    # candidate of art. 4's order that pairs them, 4-8 or 8-4, fails C1 (C.04.1 art. 2): said once, with the count
    rows = {1: ["5w1", "9b0", ""], 2: ["6b1", "3w½", ""], 3: ["7w1", "2b½", ""], 4: ["8b½", "6w½", ""],
            5: ["1b0", "8w½", ""], 6: ["2w0", "4b½", ""], 7: ["3b0", "BYE", ""], 8: ["4w½", "5b½", ""],
            9: ["BYE", "1w1", ""]}
    got, trace = traced(rows, 3)
    bracket = next(s for s in trace.brackets if s.score == 1)
    refused = [x.pairs[-1] for x in bracket.passed_over if x.criterion == "C1"]
    assert len(refused) == 3 and {frozenset(p) for p in refused} == {frozenset((4, 8))}
    text = render_text(got, trace, {})
    assert "    4-8 would repeat a game (C1: two players do not meet twice, C.04.1 art. 2); 3 candidates\n" in text
    assert text.count("would repeat a game") == 2  # and 1-5 in the last bracket, one candidate: no count
    assert "1-5 would repeat a game (C1: two players do not meet twice, C.04.1 art. 2)\n" in text


@pytest.mark.parametrize("n, rounds, seed", [(14, 7, 2), (23, 8, 3)])
def test_no_passed_over_line_is_repeated_in_a_bracket(n, rounds, seed):
    for rows, k in _season(n, rounds, seed):
        trace = Trace()
        got = pair_dutch(Request(event(rows), k, options=WHITE_FIRST), trace)
        for block in render_text(got, trace, {}).split("\n\n"):
            lines = [x for x in block.splitlines() if x.startswith("    ")]
            assert len(lines) == len(set(lines)), block
