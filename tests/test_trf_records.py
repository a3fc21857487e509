"""The TRF header records: each read by its handler and written back by its handler."""

from __future__ import annotations

from fractions import Fraction

from xl_tiebreak import parse_trf, write_trf
from xl_tiebreak.model import Scoring
from xl_tiebreak.trf.layout import player_line
import pytest

from xl_tiebreak.dates import read_date
from xl_tiebreak.errors import InputError
from xl_tiebreak.trf.records import READERS, WRITERS, parse_scoring
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
    text = "\n".join(["012 Old name", "042 2025.03.04", "062 2", "142 1", "202 BH", "999 other"] + PLAYERS)
    t = parse_trf(text, findings=Findings(strict=False))
    renamed = replace(t, name="New name", tiebreaks=("SB",), kind="swiss")
    out = write_trf(renamed).splitlines()
    assert out[:6] == ["012 New name", "042 2025.03.04", "062 2", "142 1", "202 SB", "999 other"]
    assert "092 Individual: Swiss-System" in out


def test_dates_in_the_spellings_arbiters_use():
    assert [read_date(t, trf=True).iso for t in ("2025/03/04", "25/03/04", "4.3.2025", "Mar 4, 2025", "04-03-25",
                                                 "4.3.25", "2025/03/04 - 2025/03/09")] == ["2025-03-04"] * 7
    assert read_date("04-03-25", trf=True).note.startswith("'04-03-25' could be 4 March 2025 or 3 April 2025")
    for text in ("2025/02/30", "soon", "2025/03/041", "0/3/25"):
        with pytest.raises(InputError, match="is not a date; write YYYY/MM/DD"):
            read_date(text, trf=True)


def test_scoring_in_the_standard_columns_and_written_freely():
    want = Scoring(win=Fraction(3), draw=Fraction(1), pab=Fraction(1))
    assert parse_scoring("162      W 3.0    D 1.0    P 1.0", "x") == want
    assert parse_scoring("162 W=3 D=1 P=1", "x") == want


# --- the player counts 062 / 072 and what else a header carries -------------------------------------

def _players(n: int, rated: int) -> list[str]:
    """``n`` players, the first ``rated`` of them with a rating, all paired in round 1 but the last
    of an odd number (a PAB): a consistent file of any size."""
    lines = []
    for no in range(1, n + 1):
        opp = no + 1 if no % 2 else no - 1
        rnd = (opp, "w" if no % 2 else "b", "1" if no % 2 else "0") if opp <= n else ("0000", "-", "U")
        lines.append(player_line({"no": no, "name": f"P{no}", "rating": 1500 if no <= rated else "",
                                  "points": "1.0" if rnd[2] in "1U" else "0.0"}, [rnd]))
    return lines


def _counts(header: list[str], n: int, rated: int, added: int = 0, added_rated: int = 0):
    """The 062/072 records written for a file of ``n`` players (``rated`` rated) with ``header``,
    after ``added`` players (``added_rated`` of them rated) joined; and the notes."""
    from dataclasses import replace
    t = parse_trf("\n".join(["012 E", "042 2025/03/04", "XXR 1", *header, *_players(n, rated)]))
    if added:
        more = parse_trf("\n".join(_players(n + added, rated + added_rated)))
        extra = [replace(p, rating=1500 if i < added_rated else None)
                 for i, p in enumerate(more.players[n:])]
        t = t.with_players(t.players + tuple(extra))
    notes: list[str] = []
    out = write_trf(t, notes).splitlines()
    return [ln for ln in out if ln[:3] in ("062", "072")], notes


def test_player_counts_are_kept_as_the_file_wrote_them_while_true():
    # Swiss-Manager's "062 163 (73)": the number is true, the line comes back whole
    assert _counts(["062 4 (3)", "072 2"], 4, 2) == (["062 4 (3)", "072 2"], [])
    # 072 counts the FIDE-rated players in some programs (Papi rates every player): with the same
    # players as 062 said, the file's own count stands though every player has a rating here
    assert _counts(["062 4", "072 0"], 4, 4) == (["062 4", "072 0"], [])


def test_player_counts_follow_added_players_in_the_same_style():
    # 4 players (2 rated) + 1 rated: 062 says 5; the bracket equalled 072 (the rated players), so
    # it is the rated count in brackets and becomes 3, as 072 does (with a note on how it counted)
    lines, notes = _counts(["062 4 (2)", "072 2"], 4, 2, added=1, added_rated=1)
    assert lines == ["062 5 (3)", "072 3"]
    assert notes == ["record 072: the number of players changed, so the rated players were recounted: 3 (the "
                     "file said 2) players with a rating in their 001 record; if the file counted FIDE-rated "
                     "players only, correct it"]
    # a number right-aligned in its columns stays so, and words after it; 072 still true: kept, no note
    assert _counts(["062   9 players", "072 9"], 9, 9, added=1, added_rated=0) == (["062  10 players", "072 9"], [])


def test_a_remark_after_a_count_that_cannot_be_recounted_is_left_out_with_a_note():
    lines, notes = _counts(["062 4 (73)", "072 2"], 4, 2, added=1)
    assert lines == ["062 5", "072 2"]
    assert notes == ["record 062: the number of players is now 5 (the file said 4); '(73)' after it could not "
                     "be recounted and is left out"]


def test_comment_lines_and_an_empty_start_date_come_back():
    text = "\n".join(["### made by hand", "012 E", "042", "XXR 1", "###", *PLAYERS])
    t = parse_trf(text, findings=Findings(strict=False))
    assert t.start_date is None
    assert write_trf(t).splitlines()[:5] == ["### made by hand", "012 E", "042", "XXR 1", "###"]


def test_a_text_too_long_for_its_columns_is_cut_with_a_note():
    from dataclasses import replace
    t = parse_trf("\n".join(["012 E", "042 2025/03/04", "XXR 1", *PLAYERS]))
    long = "Lastname-Doublename, Firstname Middlename"  # 41 characters; TRF-16 gives 33 (15-47)
    t = t.with_players((replace(t.players[0], name=long), t.players[1]))
    notes: list[str] = []
    line = next(ln for ln in write_trf(t, notes).splitlines() if ln.startswith("001    1"))
    assert line[14:47] == long[:33]
    assert notes == [f"player 1: the name {long!r} is longer than the 33 columns of TRF's 001 record "
                     f"(columns 15-47); written as {long[:33]!r}"]
