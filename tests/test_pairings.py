"""Both sides of a pairing must agree, in TRF files and crosstables; a pairing without its
result cannot be evaluated silently."""

from __future__ import annotations

import pytest

from xl_tiebreak import InputError, compute, parse_trf
from conftest import event, trf_line


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
    text = "\n".join(["XXR 1", trf_line(1, [(2, "w", "1")]), trf_line(2, [(1, "b", "1")])])
    with pytest.raises(InputError, match=r"bad.trf line 2, columns 92-99: round 1: player 1 has a win"):
        parse_trf(text, source="bad.trf")


def test_double_forfeit_from_both_sides_and_pending_results():
    t = event({1: ["-2", "3w"], 2: ["-1", "Z"], 3: ["Z", "1b"]})
    assert t.player(1).rounds[0].kind.name == "DOUBLE_FORFEIT"
    assert compute(t, "BH").rounds == 1  # round 2 is only paired: not evaluated by default
    with pytest.raises(InputError, match=r"player 1 is paired with 3 in round 2, but the result is missing"):
        compute(t, "BH", rounds=2)


# ------------------------------------------------- the checks on generated events

from hypothesis import HealthCheck, given, settings, strategies as st  # noqa: E402

from xl_tiebreak.model import Kind, Round  # noqa: E402
from xl_tiebreak.pairings import reconcile  # noqa: E402
from xl_tiebreak.validation import Findings  # noqa: E402

#: the two sides of one game or forfeit, and the colours they may carry
_SIDES = [(Kind.WIN, Kind.LOSS), (Kind.LOSS, Kind.WIN), (Kind.DRAW, Kind.DRAW), (Kind.SHORT_WIN, Kind.SHORT_LOSS),
          (Kind.SHORT_DRAW, Kind.SHORT_DRAW), (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS),
          (Kind.FORFEIT_LOSS, Kind.FORFEIT_LOSS), (Kind.NOT_PLAYED, Kind.NOT_PLAYED)]
_COLOURS = [("w", "b"), ("b", "w"), (None, None)]
#: rounds without an opponent that need no partner in the round (no PAB: one per player only)
_ALONE = [Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT]
_PLACE = lambda no, r: f"R{r} of player {no}"  # noqa: E731


@st.composite
def _consistent_events(draw):
    """Players' round lists where both sides of every pairing agree: each round pairs some
    players (no pair twice), with opposite colours (forfeits and pending games may have none);
    the others sit out."""
    nos = draw(st.lists(st.integers(1, 40), min_size=2, max_size=10, unique=True))
    rounds = {no: [] for no in nos}
    met = set()
    for _ in range(draw(st.integers(1, 5))):
        order = draw(st.permutations(nos))
        paired = draw(st.integers(0, len(nos) // 2))
        for i in range(paired):
            a, b = order[2 * i], order[2 * i + 1]
            if frozenset((a, b)) in met:
                rounds[a].append(Round(Kind.ABSENT))
                rounds[b].append(Round(Kind.ABSENT))
                continue
            met.add(frozenset((a, b)))
            ka, kb = draw(st.sampled_from(_SIDES))
            ca, cb = draw(st.sampled_from(_COLOURS[:2] if ka.is_game else _COLOURS))  # a game has colours
            rounds[a].append(Round(ka, b, ca))
            rounds[b].append(Round(kb, a, cb))
        for no in order[2 * paired:]:
            rounds[no].append(Round(draw(st.sampled_from(_ALONE))))
    return rounds


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_consistent_events())
def test_pairings_whose_sides_agree_give_no_finding(rounds):
    """Both sides of every pairing agree: nothing to report; only the forfeits lost on both
    sides change, into double forfeits (C.07 Art. 16.2, from the rule text)."""
    got = {no: list(rs) for no, rs in rounds.items()}
    findings = Findings(strict=False)
    reconcile(got, _PLACE, findings)
    assert findings.items == []
    want = {no: [Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour) if rd.kind is Kind.FORFEIT_LOSS
                 and rounds[rd.opponent][r].kind is Kind.FORFEIT_LOSS else rd for r, rd in enumerate(rs)]
            for no, rs in rounds.items()}
    assert got == want


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(_consistent_events(), st.data())
def test_one_side_changed_is_reported_once_at_the_lower_number(rounds, data):
    """One side of one game changed to a result that does not mirror the other side's (or to
    the same colour): one error, at the round of the lower-numbered player, naming both."""
    games = [(no, r, opp) for no, rs in rounds.items() for r, rd in enumerate(rs)
             if rd.kind.is_game and (opp := rd.opponent) is not None]
    if not games:
        return
    no, r, opp = data.draw(st.sampled_from(games))
    mine, theirs = rounds[no][r], rounds[opp][r]
    if data.draw(st.booleans()) and mine.colour:
        changed, rule = Round(mine.kind, opp, theirs.colour), "colours"
    else:
        kind = data.draw(st.sampled_from([k for k in Kind if k.has_opponent and k is not mine.kind
                                          and k is not Kind.DOUBLE_FORFEIT]))
        forfeit = kind.is_forfeit or theirs.kind.is_forfeit
        changed, rule = Round(kind, opp, mine.colour), "one-sided-forfeit" if forfeit else "mirror"
        if kind is Kind.FORFEIT_LOSS and theirs.kind is Kind.FORFEIT_LOSS:
            return  # that is a double forfeit, agreed by both
    rounds[no][r] = changed
    findings = Findings(strict=False)
    reconcile(rounds, _PLACE, findings)
    errors = findings.errors
    assert [(f.rule, f.where) for f in errors] == [(rule, _PLACE(min(no, opp), r + 1))]
    if rule == "colours":
        assert f"players {min(no, opp)} and {max(no, opp)} both have" in errors[0].message
    else:
        assert f"player {min(no, opp)} has" in errors[0].message and f"player {max(no, opp)} has" in errors[0].message


def test_rounds_after_a_withdrawal_must_stay_unplayed():
    """C.04 (a crosstable's WD): a game entered after the withdrawal is an error, named at its cell."""
    with pytest.raises(InputError) as exc:
        event({1: ["2w1", "WD", "3b1"], 2: ["1b0", "H", "-"], 3: ["-", "H", "1w0"]})
    assert "player 1 withdrew in round 2 (WD), so round 3 must stay unplayed" in str(exc.value)
    assert exc.value.where == "R3 of player 1"
