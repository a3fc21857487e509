"""The TRF header records: each read by its handler and written back by its handler."""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak import parse_trf, write_trf
from xl_tiebreak.model import Scoring
from xl_tiebreak.trf.layout import player_line
from xl_tiebreak.trf.records import READERS, WRITERS, parse_date, parse_scoring
from xl_tiebreak.validation import Findings

PLAYERS = [player_line({"no": 1, "name": "One, A", "points": "1.0"}, [(2, "w", "1")]),
           player_line({"no": 2, "name": "Two, B", "points": "0.0"}, [(1, "b", "0")])]


def test_every_record_the_reader_settles_the_writer_settles_too():
    """A record read into the tournament must not come back verbatim once the tournament changed."""
    assert set(READERS) - {"082"} <= set(WRITERS)  # 082 (number of teams) only marks a team event


def test_header_records_fill_the_tournament():
    text = "\n".join(["012 Club Open", "042 2025/03/04", "092 Individual: Round Robin", "XXR 1",
                      "162      W 3.0    D 1.0", "212 PTS, BH; SB", "999 kept as it is"] + PLAYERS)
    t = parse_trf(text, findings=Findings(strict=False))
    assert t.name == "Club Open" and t.start_date == "2025-03-04" and t.kind == "round-robin"
    assert t.rounds == 1 and t.tiebreaks == ("BH", "SB")
    assert (t.scoring.win, t.scoring.draw) == (3, 1)
    assert "999 kept as it is" in t.header


def test_record_202_wins_over_212_in_either_order():
    for header in (["202 DE,BH", "212 PTS,SB"], ["212 PTS,SB", "202 DE,BH"]):
        t = parse_trf("\n".join(["XXR 1", "042 2025/03/04", *header, *PLAYERS]))
        assert t.tiebreaks == ("DE", "BH")


def test_record_192_says_the_type_over_092():
    t = parse_trf("\n".join(["XXR 1", "042 2025/03/04", "192 ROUNDROBIN", "092 Swiss-System", *PLAYERS]))
    assert t.kind == "round-robin"


def test_a_bad_round_count_is_reported_and_not_kept():
    fd = Findings(strict=False)
    t = parse_trf("\n".join(["XXR many", "042 2025/03/04", *PLAYERS]), source="e.trf", findings=fd)
    assert [(f.where, f.message) for f in fd.items if f.rule == "layout"] == [
        ("e.trf line 1, column 5", "record XXR must give the number of rounds, found 'many'")]
    assert not any(line.startswith("XXR") for line in t.header) and t.rounds == 1


def test_written_back_the_header_follows_the_tournament():
    from dataclasses import replace
    text = "\n".join(["012 Old name", "042 04.03.2025", "062 2", "142 1", "202 BH", "999 other"] + PLAYERS)
    t = parse_trf(text, findings=Findings(strict=False))
    renamed = replace(t, name="New name", tiebreaks=("SB",), kind="swiss")
    out = write_trf(renamed).splitlines()
    assert out[:6] == ["012 New name", "042 04.03.2025", "062 2", "142 1", "202 SB", "999 other"]
    assert "092 Individual: Swiss-System" in out


def test_dates_in_the_spellings_arbiters_use():
    assert [parse_date(t) for t in ("2025/03/04", "25/03/04", "4.3.2025", "04-03-25", "Mar 4, 2025",
                                    "2025/02/30", "soon")] == \
        ["2025-03-04"] * 5 + [None, None]


def test_scoring_in_the_standard_columns_and_written_freely():
    want = Scoring(win=Fraction(3), draw=Fraction(1), pab=Fraction(1))
    assert parse_scoring("162      W 3.0    D 1.0    P 1.0", "x") == want
    assert parse_scoring("162 W=3 D=1 P=1", "x") == want
