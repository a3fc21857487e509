"""An event's scoring found from the players' points when TRF record 162 is missing (and points
that no scoring explains refused, naming the line), and start dates in the spellings TRF files use."""

from __future__ import annotations

import pytest

from xl_tiebreak import InputError, parse_trf
from xl_tiebreak.dates import read_date
from conftest import trf_line


def _three_one_zero(with_162: bool) -> str:
    rows = [
        trf_line(1, [(2, "w", "1"), (3, "b", "=")], "4.0"),
        trf_line(2, [(1, "b", "0"), ("0000", "-", "U")], "3.0"),
        trf_line(3, [("0000", "-", "U"), (1, "w", "=")], "4.0"),
    ]
    head = ["012 Scored 3-1-0", "XXR 2"] + (["162  W 3.0  D 1.0  L 0.0  A 0.0  P 3.0"] if with_162 else [])
    return "\n".join(head + rows)


def test_scoring_found_from_the_points_when_record_162_is_missing():
    t = parse_trf(_three_one_zero(False))
    assert (t.scoring.win, t.scoring.draw, t.scoring.pab_points) == (3, 1, 3)
    assert [p.score() for p in t.players] == [4, 3, 4]
    assert parse_trf(_three_one_zero(True)).scoring == t.scoring


def test_points_no_scoring_explains_are_refused_with_the_line():
    text = _three_one_zero(False).replace(" 4.0    1", " 5.0    1", 1)
    with pytest.raises(InputError, match=r"e.trf line 3, columns 81-84: player 1 has 5.0 points, but the results give"):
        parse_trf(text, source="e.trf")


@pytest.mark.parametrize("text,iso", [("26/03/15", "2026-03-15"), ("25/05/01", "2025-05-01"),
                                      ("2024/04/01", "2024-04-01"), ("24/09/2010", "2010-09-24"),
                                      ("May 29, 2020", "2020-05-29"), ("soon", None)])
def test_start_dates(text, iso):
    if iso is None:
        with pytest.raises(InputError, match="not a date"):
            read_date(text, trf=True)
    else:
        assert read_date(text, trf=True).iso == iso
