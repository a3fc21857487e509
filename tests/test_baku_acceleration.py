"""Baku acceleration (C.04.7 2026; old C.04.5.1): the groups, the virtual points per round, and the
Dutch engine pairing on the pairing score.

Expectations come from the text as summarised in spec/PAIRING_RULES.md §5 (the article named beside
each), not from an oracle; tests/test_baku_equals_reference.py compares with FIDE's reference.
"""

from dataclasses import replace
from fractions import Fraction

import pytest

from tests.conftest import event
from xl_tiebreak.model import Scoring
from xl_tiebreak.pairing.acceleration import acceleration_for, accelerated_rounds, baku, from_trf, group_a_size
from xl_tiebreak.pairing.dutch import pair_dutch
from xl_tiebreak.pairing.history import states_before
from xl_tiebreak.pairing.model import PairingError, Request

WHITE_FIRST = (("initial-colour", "w"),)


def boards(pairing):
    return [(p.white, p.black) for p in pairing.pairs]


def test_group_a_is_the_first_half_rounded_up_to_an_even_number():
    # C.04.5.1: "the first half ... rounded up to the nearest even number"; PAIRING_RULES §5: 161 -> 82
    assert [group_a_size(n) for n in (8, 9, 10, 11, 12, 20, 21, 161)] == [4, 6, 6, 6, 6, 10, 12, 82]


def test_nine_rounds_give_a_point_in_rounds_1_to_3_and_a_half_in_rounds_4_and_5():
    # C.04.5.1: accelerated = first half of the rounds rounded up; 1 point in its first half
    # (rounded up), ½ in the rest; the text's example: 9 rounds -> 1-3 and 4-5
    ev = event({n: [""] * 9 for n in range(1, 21)})
    acc = baku(ev)
    assert [acc.virtual(1, r) for r in range(1, 10)] == [1, 1, 1, Fraction(1, 2), Fraction(1, 2), 0, 0, 0, 0]
    assert [acc.virtual(10, r) for r in range(1, 10)] == [1, 1, 1, Fraction(1, 2), Fraction(1, 2), 0, 0, 0, 0]
    assert [acc.virtual(11, r) for r in range(1, 10)] == [0] * 9  # group B never
    assert accelerated_rounds(9) == (3, 5) and accelerated_rounds(5) == (2, 3) and accelerated_rounds(2) == (1, 1)


def test_round_one_of_twenty_players_pairs_group_a_and_group_b_apart():
    # PAIRING_RULES §5, the first-round example: 1-6, 7-2, 3-8, 9-4, 5-10, 11-16, ...
    ev = event({n: [""] * 9 for n in range(1, 21)})
    got = pair_dutch(Request(ev, 1, baku=True, options=WHITE_FIRST))
    assert boards(got) == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10), (11, 16), (17, 12), (13, 18), (19, 14),
                           (15, 20)]


def test_round_two_brackets_follow_the_pairing_score_not_the_points():
    # 8 players, 5 rounds: group A = 1-4, a virtual point in rounds 1-2. After round 1 (1, 2, 5, 6
    # won) the pairing scores are 1, 2: 2; 3, 4, 5, 6: 1; 7, 8: 0 (C.04.3 art. 1.2-1.3 on the
    # pairing score, C.04.7): 1 meets 2, and 5 (1 point, no virtual) meets 3 from group A
    ev = event({1: ["3w1", ""], 2: ["4b1", ""], 3: ["1b0", ""], 4: ["2w0", ""],
                5: ["7w1", ""], 6: ["8b1", ""], 7: ["5b0", ""], 8: ["6w0", ""]}, rounds=5)
    states = states_before(ev, 2, None, baku(ev).virtual)
    assert {n: states[n].score for n in range(1, 9)} == {1: 2, 2: 2, 3: 1, 4: 1, 5: 1, 6: 1, 7: 0, 8: 0}
    assert ev.players[0].score(1) == 1  # the points themselves are untouched (never in standings)
    got = pair_dutch(Request(ev, 2, baku=True))
    assert {frozenset(p) for p in boards(got)} == {frozenset(s) for s in ({1, 2}, {3, 5}, {4, 6}, {7, 8})}
    plain = pair_dutch(Request(ev, 2))
    assert {frozenset(p) for p in boards(plain)} != {frozenset(p) for p in boards(got)}


def test_records_250_are_read_as_the_events_virtual_points():
    # TRF-26 record 250: points 10-13, rounds 15-17 and 19-21, start numbers 23-26 and 28-31
    acc = from_trf(("250  2.0  1.0   1   3    1   10", "250  1.0  0.5   4   5    1   10", "250  0.0  0.5   7"
                                                                                           "       3"))
    assert acc is not None and acc.source == "TRF records 250"
    assert [acc.virtual(1, r) for r in (1, 3, 4, 5, 6, 7)] == [1, 1, Fraction(1, 2), Fraction(1, 2), 0, 0]
    assert acc.virtual(3, 7) == Fraction(1, 2) and acc.virtual(11, 1) == 0  # an empty last = the first
    assert from_trf(("192 FIDE_DUTCH",)) is None


def test_a_bad_record_250_names_the_record_and_the_columns():
    with pytest.raises(PairingError, match=r"250 .*columns 10-13 hold 'x\.5'"):
        from_trf(("250  1.0  x.5   1   3    1   10",))
    with pytest.raises(PairingError, match="columns 15-17"):
        from_trf(("250  2.0  1.0   a   3    1   10",))


def test_records_250_that_disagree_with_baku_are_refused_when_baku_is_asked():
    ev = event({n: [""] * 9 for n in range(1, 21)})
    ev = replace(ev, header=("250  2.0  1.0   1   3    1   12", "250  1.0  0.5   4   5    1   12"))
    assert acceleration_for(ev, False).virtual(12, 1) == 1  # the records, as written
    with pytest.raises(PairingError, match=r"player 11 1\.0 virtual points in round 1, Baku acceleration \(C\.04\.7\) "
                                           r"gives 0\.0"):
        acceleration_for(ev, True)


def test_record_192_baku_alone_accelerates():
    ev = event({n: [""] * 9 for n in range(1, 21)})
    assert acceleration_for(ev, False) is None
    acc = acceleration_for(replace(ev, header=("192 FIDE_DUTCH_2026_BAKU",)), False)
    assert acc is not None and acc.source == "Baku" and acc.virtual(10, 1) == 1 and acc.virtual(11, 1) == 0


def test_the_split_counts_the_players_paired_in_round_one():
    # group A = 2 x ceil(present / 4) of those paired in round 1; a later entrant (9) is in group B
    # and the last player of group A stays the same (C.04.5.1: late entries)
    cells = {n: [f"{n + 4 if n <= 4 else n - 4}{'w' if n <= 4 else 'b'}½", ""] for n in range(1, 9)}
    cells[9] = ["Z", ""]
    ev = event(cells, rounds=5)
    acc = baku(ev)
    assert acc.records[0].last_no == 4 and acc.virtual(9, 2) == 0


def test_baku_needs_a_win_worth_two_draws():
    ev = event({n: [""] * 9 for n in range(1, 9)}, scoring=Scoring(win=Fraction(3), draw=Fraction(1)))
    with pytest.raises(PairingError, match="win worth two draws"):
        pair_dutch(Request(ev, 1, baku=True))


# ------------------------------------------------------------------------------------ the pair command

def _swiss(n: int, rounds: int, extra: tuple[str, ...] = ()) -> str:
    lines = ["012 Accelerated open", "042 2026/04/10", f"142 {rounds}", "152 W", "092 Individual: Swiss-System",
             *extra]
    lines += [f"001 {no:>4}      {f'Player {no}':<33} {2400 - 10 * no:>4}{'':28} 0.0 {no:>4}" for no in range(1, n + 1)]
    return "\n".join(lines) + "\n"


def test_pair_baku_prints_the_accelerated_round_and_writes_records_250(tmp_path, capsys):
    from xl_tiebreak.cli import main
    from xl_tiebreak.trf import read_trf
    trf = tmp_path / "open.trf"
    trf.write_text(_swiss(20, 9), encoding="latin-1")
    out = tmp_path / "round1.trf"
    assert main(["pair", str(trf), "--baku", "--format", "json", "--write", str(out)]) == 0
    printed = capsys.readouterr().out
    import json
    got = json.loads(printed.splitlines()[0])
    # PAIRING_RULES §5's first-round example (group A 1-10 a point ahead)
    assert [(b["white"], b["black"]) for b in got["pairs"]][:6] == [(1, 6), (7, 2), (3, 8), (9, 4), (5, 10),
                                                                   (11, 16)]
    written = [line for line in out.read_text(encoding="latin-1").splitlines() if line.startswith("250")]
    assert written == ["250  2.0  1.0   1   3    1   10", "250  1.0  0.5   4   5    1   10"]
    # the file written is accelerated without --baku (its records 250), and says so
    assert from_trf(read_trf(out).header).records == baku(read_trf(trf)).records
    assert main(["pair", str(trf), "--baku"]) == 0
    assert "Round 1 (Dutch system, C.04.3; Baku acceleration, C.04.7)" in capsys.readouterr().out
    assert main(["pair", str(out), "--round", "1"]) == 0
    assert ("Round 1 (Dutch system, C.04.3; Baku acceleration, C.04.7, the virtual points of TRF records 250)"
            in capsys.readouterr().out)


def test_pair_without_baku_pairs_the_plain_dutch_round(tmp_path, capsys):
    from xl_tiebreak.cli import main
    trf = tmp_path / "open.trf"
    trf.write_text(_swiss(20, 9), encoding="latin-1")
    assert main(["pair", str(trf), "--format", "json"]) == 0
    import json
    got = json.loads(capsys.readouterr().out)
    assert [(b["white"], b["black"]) for b in got["pairs"]][:2] == [(1, 11), (12, 2)]  # C.04.3 art. 3.2-3.3


def test_pair_baku_against_other_records_250_or_on_a_round_robin_exits_2(tmp_path, capsys):
    from xl_tiebreak.cli import main
    trf = tmp_path / "open.trf"
    trf.write_text(_swiss(20, 9, ("250  2.0  1.0   1   9    1    4",)), encoding="latin-1")
    assert main(["pair", str(trf), "--baku"]) == 2
    assert "records 250 give player 5 0.0 virtual points in round 1, Baku acceleration (C.04.7) gives 1.0" in \
        capsys.readouterr().err
    rr = tmp_path / "rr.trf"
    rr.write_text(_swiss(6, 5).replace("Swiss-System", "Round Robin"), encoding="latin-1")
    assert main(["pair", str(rr), "--baku"]) == 2
    assert "a round robin is paired by Berger tables" in capsys.readouterr().err
