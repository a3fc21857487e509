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
