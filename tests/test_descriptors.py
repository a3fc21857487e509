"""Tie-break descriptors that cannot apply are refused: modifiers that clash or run out of range.
(A cut larger than the event's rounds is no such case: it leaves 0, tests/test_cuts_larger_than_the_rounds.py.)"""

from __future__ import annotations

import pytest

from xl_tiebreak import DescriptorError, compute, demo_tournament


@pytest.mark.parametrize("bad", ["BH/C1/C2", "APRO/C1", "APPO/M1", "BH/C1000", "PS/C99999999999999999999",
                                 "KS/L99999"])
def test_modifiers_refused(bad):
    with pytest.raises(DescriptorError):
        compute(demo_tournament(), bad)
