"""Both sides of a pairing must agree, in TRF files and crosstables; a pairing without its
result cannot be evaluated silently."""

from __future__ import annotations

import pytest

from xl_tiebreak import InputError, compute, parse_trf
from conftest import event


def _line(no, rounds):
    line = f"001 {no:>4} m    {f'Player {no}':<33} 1500 NOR {1000 + no:>11} {'':<10} {'':>4} {no:>4}".ljust(89)
    for opp, col, res in rounds:
        line += f"  {opp:>4} {col} {res}"
    return line


@pytest.mark.parametrize("rows,needle", [
    ({1: ["2w1"], 2: ["1b1"]}, "player 1 has a win against 2 with White, but player 2 has a win against 1"),
    ({1: ["2w1"], 2: ["Z"]}, "but player 2 has a zero-point bye in that round"),
    ({1: ["2w1"], 2: ["1w0"]}, "players 1 and 2 both have White"),
    ({1: ["2w1"], 2: ["3b0"], 3: ["2w1"]}, "player 2 is paired with 1 here and also with 3"),
    ({1: ["+2"], 2: ["+1"]}, "forfeit win against 2"),
])
def test_crosstable_pairings_must_mirror(rows, needle):
    with pytest.raises(InputError) as exc:
        event(rows)
    assert needle in str(exc.value) and "R1 of player" in str(exc.value)


def test_trf_pairings_must_mirror():
    text = "\n".join(["XXR 1", _line(1, [(2, "w", "1")]), _line(2, [(1, "b", "1")])])
    with pytest.raises(InputError, match=r"bad.trf line 2, columns 92-99: round 1: player 1 has a win"):
        parse_trf(text, source="bad.trf")


def test_double_forfeit_from_both_sides_and_pending_results():
    t = event({1: ["-2", "3w"], 2: ["-1", "Z"], 3: ["Z", "1b"]})
    assert t.player(1).rounds[0].kind.name == "DOUBLE_FORFEIT"
    assert compute(t, "BH").rounds == 1  # round 2 is only paired: not evaluated by default
    with pytest.raises(InputError, match=r"player 1 is paired with 3 in round 2, but the result is missing"):
        compute(t, "BH", rounds=2)


# ------------------------------------------------- the array checks against the former ones

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

import pairings_reference  # noqa: E402
from xl_tiebreak.model import Kind, Round  # noqa: E402
from xl_tiebreak.pairings import reconcile  # noqa: E402
from xl_tiebreak.validation import Findings  # noqa: E402

_WITH = [k for k in Kind if k.has_opponent] + [Kind.NOT_PLAYED]
_WITHOUT = [k for k in Kind if not k.has_opponent]


@st.composite
def _crosstables(draw):
    """Players' round lists, mostly consistent pairings with some damage: wrong or one-sided
    results, equal colours, unknown or repeated opponents, pending pairings, second byes,
    withdrawals followed by games, odd start numbers (a crosstable's rows all have every round)."""
    nos = draw(st.lists(st.one_of(st.integers(1, 12), st.sampled_from([10**7, 2**63, -3])),
                        min_size=1, max_size=8, unique=True))
    nrounds = draw(st.integers(0, 5))
    rounds = {}
    for no in nos:
        rs = []
        for _ in range(nrounds):
            if draw(st.booleans()):
                kind = draw(st.sampled_from(_WITH))
                opp = draw(st.one_of(st.sampled_from(nos), st.integers(1, 14)))
                colour = draw(st.sampled_from(["w", "b", None]))
                rs.append(Round(kind, opp, colour))
            else:
                rs.append(Round(draw(st.sampled_from(_WITHOUT))))
        rounds[no] = rs
    if draw(st.booleans()) and len(nos) > 1 and nrounds:  # one consistent game, often
        a, b = nos[0], nos[1]
        r = draw(st.integers(0, nrounds - 1))
        ka, kb, ca, cb = draw(st.sampled_from([(Kind.WIN, Kind.LOSS, "w", "b"), (Kind.DRAW, Kind.DRAW, "w", "w"),
                                               (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS, "b", "w"),
                                               (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, None, None)]))
        rounds[a][r], rounds[b][r] = Round(ka, b, ca), Round(kb, a, cb)  # a game, equal colours, a double forfeit
    bad = frozenset(draw(st.sets(st.tuples(st.sampled_from(nos), st.integers(1, max(1, nrounds))), max_size=2)))
    return rounds, draw(st.booleans()), bad


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_crosstables())
def test_reconcile_finds_what_the_former_checks_found(case):
    """Every finding (rule, place, words and order) and the double forfeits marked, against the
    former one-Round-at-a-time checks (tests/pairings_reference.py)."""
    rounds, swiss, bad = case
    place = lambda no, r: f"R{r} of player {no}"  # noqa: E731
    want_rounds = {no: list(rs) for no, rs in rounds.items()}
    got_rounds = {no: list(rs) for no, rs in rounds.items()}
    want, got = Findings(strict=False), Findings(strict=False)
    pairings_reference.reconcile(want_rounds, place, want, swiss=swiss, bad=bad)
    reconcile(got_rounds, place, got, swiss=swiss, bad=bad)
    assert got.items == want.items
    assert got_rounds == want_rounds


def test_rounds_after_a_withdrawal_must_stay_unplayed():
    """C.04 (a crosstable's WD): a game entered after the withdrawal is an error, named at its cell."""
    with pytest.raises(InputError) as exc:
        event({1: ["2w1", "WD", "3b1"], 2: ["1b0", "H", "-"], 3: ["-", "H", "1w0"]})
    assert "player 1 withdrew in round 2 (WD), so round 3 must stay unplayed" in str(exc.value)
    assert exc.value.where == "R3 of player 1"
