"""Crosstable notation, descriptors and editions."""

from __future__ import annotations

import pytest

from xl_tiebreak import DescriptorError, EditionError, InputError, Kind, edition_for_date, get_edition
from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
from xl_tiebreak.descriptor import parse_descriptor, parse_list
from xl_tiebreak.notation import NotationError, format_cell, parse_cell
from conftest import F


@pytest.mark.parametrize("text,kind,opp,colour,points", [
    ("12w1", Kind.WIN, 12, "w", 1), ("12b½", Kind.DRAW, 12, "b", F("0.5")),
    ("12b=", Kind.DRAW, 12, "b", F("0.5")), ("12B0.5", Kind.DRAW, 12, "b", F("0.5")),
    ("12w0", Kind.LOSS, 12, "w", 0), ("12 1", Kind.WIN, 12, None, 1),
    ("+12", Kind.FORFEIT_WIN, 12, None, 1), ("-12", Kind.FORFEIT_LOSS, 12, None, 0),
    ("--12", Kind.DOUBLE_FORFEIT, 12, None, 0), ("+12b", Kind.FORFEIT_WIN, 12, "b", 1),
    ("BYE", Kind.PAB, None, None, 1), ("u", Kind.PAB, None, None, 1), ("F", Kind.FULL_BYE, None, None, 1),
    ("h", Kind.HALF_BYE, None, None, F("0.5")), ("Z", Kind.ZERO_BYE, None, None, 0),
    ("-", Kind.ABSENT, None, None, 0), ("", Kind.NOT_PLAYED, None, None, 0),
    (None, Kind.NOT_PLAYED, None, None, 0),
])
def test_parse_and_format_cells(text, kind, opp, colour, points):
    r = parse_cell(text)
    assert (r.kind, r.opponent, r.colour, r.points) == (kind, opp, colour, points)
    assert parse_cell(format_cell(r)) == r


@pytest.mark.parametrize("bad", ["12x1", "w1", "0w1", "12w2", "+", "BYEE", "12w1 extra", 7.0])
def test_bad_cells(bad):
    with pytest.raises(NotationError, match="write e.g. 12w1"):
        parse_cell(bad)


def test_crosstable_errors_name_the_cell():
    with pytest.raises(InputError, match=r'R2 of player 1: \'12x1\' is not a result'):
        tournament_from_rows([CrosstableRow(1, cells=["2w1", "12x1"]), CrosstableRow(2, cells=["1b0", ""])])
    with pytest.raises(InputError, match="R1 of player 1: .*opponent 9 is not a player of this event"):
        tournament_from_rows([CrosstableRow(1, cells=["9w1"]), CrosstableRow(2, cells=[""])])
    with pytest.raises(InputError, match="Crosstable!F7"):
        tournament_from_rows([CrosstableRow(1, cells=["1w1"])], place=lambda no, r: "Crosstable!F7")


@pytest.mark.parametrize("text,code", [
    ("bh/c1", "BH/C1"), ("BH/M2", "BH/M2"), ("SB/C1/P", "SB/C1/P"), ("GE", "REP"), ("KS/L-2", "KS/L-2"),
    ("KS/L40", "KS/L40"), ("AOB/F", "AOB/F"), ("RTNG/U1400", "RTNG/U1400"), ("TPN/R", "TPN/R"),
    ("PS/C1", "PS/C1"), ("ARO/M1", "ARO/M1"), ("DE/P", "DE/P"),
])
def test_descriptors(text, code):
    assert parse_descriptor(text).code == code


@pytest.mark.parametrize("bad,word", [
    ("XYZ", "'XYZ'"), ("BH/Q", "/Q"), ("WIN/C1", "/C1"), ("BH/C1/M1", "both"), ("", "empty"),
    ("ARO/P", "/P"),
])
def test_bad_descriptors_name_the_word(bad, word):
    with pytest.raises(DescriptorError) as exc:
        parse_list(bad) if bad else parse_descriptor(bad)
    assert word in str(exc.value)


@pytest.mark.parametrize("text,title", [
    ("BH/C1", "Buchholz Cut-1"), ("BH", "Buchholz"), ("BH/M2", "Buchholz Median-2"),
    ("SB/C1/P", "Sonneborn-Berger Cut-1, forfeits count as games"),
    ("DE", "Direct encounter (rank inside the tied group)"), ("MODMED/M2", "Modified median Median-2 (USCF 34E1)"),
    ("ARO/C1", "Average rating of opponents Cut-1"), ("RTNG/U1400", "Rating (higher is better), unrated players count 1400")])
def test_a_legend_names_a_cut_or_a_median_in_the_words_of_the_regulations(text, title):
    """Issue 33: the legend said "Buchholz" for both BH/C1 and BH. The row's name (its legend
    without the article) with C.07 Art. 14's Cut-k / Median-k after it (TIEBREAK_RULES §4.5)."""
    assert parse_descriptor(text).title == title


def test_editions():
    assert get_edition(None).name == "fide2026" and get_edition("FIDE-2024").name == "fide2024"
    with pytest.raises(EditionError, match="fide1999"):
        get_edition("fide1999")
    assert edition_for_date("2026-03-01").name == "fide2026"
    assert edition_for_date("2026-02-28").name == "fide2024"
    assert edition_for_date("2024-04-01").name == "fide2024"
    assert edition_for_date("2024-03-31").name == "fide2012"
    assert edition_for_date(None).name == "fide2026"


@pytest.mark.parametrize("bare", ["10", "121", "11/2", 10.0, 1.0])
def test_bare_numbers_are_not_games(bare):
    """"10" could be "lost to 1" or "player 10": refuse rather than guess."""
    with pytest.raises(NotationError):
        parse_cell(bare)


def test_pending_pairings():
    r = parse_cell("12w")
    assert (r.kind, r.opponent, r.colour) == (Kind.NOT_PLAYED, 12, "w")
    assert format_cell(parse_cell("7?")) == "7?"


def test_the_usual_cell_reads_as_the_general_steps_read_it(monkeypatch):
    """parse_cell's short way for ``12w1`` / ``7b½`` gives what the general steps give (and
    leaves everything else to them): checked with the short way turned off."""
    import re

    from xl_tiebreak import notation
    texts = [f"{o}{c}{r}" for o in ("1", "12", "0", "012", "999999") for c in "wbWB"
             for r in ("1", "0", "½", "=", "0.5")]
    texts += ["12 w1", "12w 1", " 12w1", "12w1 ", "12w", "+12w", "W12", "12½", "12=", "BYE", "", None, 12.0]

    def outcome(text, style):
        try:
            return notation.parse_cell(text, style=style)
        except notation.NotationError as exc:
            return str(exc)
    fast = {(t, s): outcome(t, s) for t in texts for s in ("fide", "us")}
    monkeypatch.setattr(notation, "PLAIN_GAME", re.compile("(?!)"))
    assert fast == {(t, s): outcome(t, s) for t in texts for s in ("fide", "us")}
    assert fast[("12w1", "fide")].opponent == 12 and fast[("0w1", "fide")].startswith("'0w1': opponent 0")
