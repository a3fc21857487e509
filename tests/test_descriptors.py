"""Tie-break descriptors that cannot apply are refused: modifiers that clash or run out of range,
and cuts that would leave nothing of the event's rounds."""

from __future__ import annotations

import pytest

from xl_tiebreak import DescriptorError, compute, demo_tournament


@pytest.mark.parametrize("bad", ["BH/C1/C2", "APRO/C1", "APPO/M1", "BH/C1000", "PS/C99999999999999999999",
                                 "KS/L99999"])
def test_modifiers_refused(bad):
    with pytest.raises(DescriptorError):
        compute(demo_tournament(), bad)


def test_a_cut_that_leaves_nothing_is_refused_at_once():
    """BH/C99 of a 4-round event is a typing error: refused at once, naming the code and the rounds."""
    for code in ("BH/C99", "SB/M99", "PS/C4", "BH/M2"):
        with pytest.raises(DescriptorError, match=f"'{code}' drops .* of the event's 4 rounds"):
            compute(demo_tournament(), code)
    assert compute(demo_tournament(), "BH/C3,BH/M1").value(1, "BH/M1") is not None
