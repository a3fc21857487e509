"""Worked examples of the rule texts, values from the texts (not from an oracle): TIEBREAK_RULES
§6.1 (every value of the six-player, four-round example, under 2024 and 2026; the numbers are the
spec's table, produced by FIDE's reference engine and checked by hand there; where a cell gives
two values the first is fide2024, the second fide2026), §6.3 (the Laxman example) and §5.13 (PTP)."""

from __future__ import annotations

import pytest

from xl_tiebreak import compute, demo_tournament
from conftest import F, around, event

# code -> values of players 1..6; "a|b" = fide2024 | fide2026; "-" = undefined
TABLE = {
    "BH":     "7.5 9.5 11.5|8.0 7.0 7.5 4.0",
    "BH/C1":  "6.5 8.0 10.0|6.5 6.0 6.0 3.0",
    "BH/C2":  "5.0 6.5 7.0|5.0 5.0 4.5 2.0",
    "BH/M1":  "3.0 4.5 6.5|3.5 3.0 3.0 2.0",
    "BH/P":   "7.5 9.5 8.0 7.0 9.5 6.5",
    "FB":     "7.5 9.5 9.5|8.5 7.0 9.5 4.0",
    "SB":     "5.00 3.00 10.00|6.50 1.00 2.25 1.00",
    "SB/C1":  "4.00 2.25 8.50|5.00 1.00 2.25 1.00",
    "AOB":    "8.88|8.00 8.83|7.67 8.50 5.75 8.50 7.00",
    "WIN":    "2 0 3 1 1 1",
    "WON":    "2 0 1 0 0 1",
    "BPG":    "1 1 1 1 2 1",
    "BWG":    "0 0 1 0 0 1",
    "REP":    "4 3 4 3 3 1",
    "GE":     "4 3 4 3 3 1",
    "PS":     "8.0 4.0 8.5 1.0 5.0 3.0",
    "PS/C1":  "7.0 3.5 7.5 1.0 4.5 3.0",
    "ARO":    "1750 1800 1950 1750 1950 1700",
    "ARO/C1": "1800 1900 2000 2000 2000 -",
    "TPR":    "1943 1675 2143 950 1757 2500",
    "PTP":    "1957 1655 2146 700 1755 2436",
    "APRO":   "1631 1948 1809 2222 1809 950",
    "APPO":   "1564 1953 1806 2197 1806 700",
}


def expected(code: str, edition: str) -> list:
    out = []
    for cell in TABLE[code].split():
        if "|" in cell:
            cell = cell.split("|")[0 if edition == "fide2024" else 1]
        out.append(None if cell == "-" else F(cell))
    return out


@pytest.mark.parametrize("edition", ["fide2024", "fide2026"])
def test_every_value_of_the_table(edition):
    t = demo_tournament()
    res = compute(t, list(TABLE), edition=edition)
    for code in TABLE:
        got = [res.value(no, code) for no in range(1, 7)]
        assert got == expected(code, edition), code


def test_points_and_adjusted_scores():
    """§6.1: scores 3, 1.5, 3.5, 1, 1.5, 1; adjusted scores 3, 1.5, 3.5, 1, 1.5, 2 (player 6's
    rounds after his withdrawal count as draws for his opponents)."""
    from xl_tiebreak.editions import FIDE2026
    from xl_tiebreak.options import Options
    from xl_tiebreak.tiebreaks.context import Context

    ctx = Context(demo_tournament(), FIDE2026, 4, Options(), rr=False)
    assert [ctx.to_points(s) for s in ctx.score] == [F(x) for x in "3 1.5 3.5 1 1.5 1".split()]
    assert [ctx.to_points(s) for s in ctx.adj] == [F(x) for x in "3 1.5 3.5 1 1.5 2".split()]
    # 2026 dummy caps for player 3's forfeit wins: min(3.5, adj(6)=2) and min(3.5, adj(5)=1.5)
    assert ctx.to_points(ctx.dummy[2, 0]) == 2 and ctx.to_points(ctx.dummy[2, 3]) == F("1.5")


def test_same_event_typed_as_a_crosstable():
    """The §6.1 event in the crosstable notation gives the same values as the TRF."""
    t = event({
        1: ["4w1", "3b½", "5w1", "2w½"],
        2: ["5w½", "H", "3w0", "1b½"],
        3: ["+6w", "1w½", "2b1", "+5w"],
        4: ["1b0", "6w0", "Z", "BYE"],
        5: ["2b½", "BYE", "1b0", "-3b"],
        6: ["-3b", "4b1", "Z", "Z"],
    }, ratings={1: 2000, 2: 1900, 3: 1800, 4: 1700, 5: 1600, 6: 1500})
    for edition in ("fide2024", "fide2026"):
        a = compute(t, list(TABLE), edition=edition)
        b = compute(demo_tournament(), list(TABLE), edition=edition)
        assert a.values == b.values


def test_aro_cut_of_the_only_game_is_undefined():
    """§6.1: player 6 played one game over the board; ARO-C1 removes it, so it is undefined."""
    res = compute(demo_tournament(), "ARO/C1,TPR,PTP", edition="fide2026")
    assert res.value(6, "ARO/C1") is None
    assert res.value(6, "TPR") == 1700 + 800
    assert res.value(6, "PTP") == 1700 + 736


def _laxman():
    """7.0/10 with a zero-point bye (a VUR) in R4; the opponents' scores sum to 50, the lowest is
    4.5 (C.07 2026 Arbiters' Manual example, TIEBREAK_RULES §6.3)."""
    center = ["2w1", "3b1", "4w1", "Z", "5b1", "6w1", "7b½", "8w½", "9b1", "10w0"]
    scores = {2: "4.5", 3: "5", 4: "5", 5: "5.5", 6: "5", 7: "6.5", 8: "7", 9: "5.5", 10: "6"}
    assert sum(F(v) for v in scores.values()) == 50
    return around(center, scores)


@pytest.mark.parametrize("edition,bh,bhc1,sb", [
    ("fide2024", "57", "50", "37.25"),
    ("fide2026", "55", "50", "37.25"),
])
def test_laxman(edition, bh, bhc1, sb):
    t = _laxman()
    res = compute(t, "BH,BH/C1,SB", edition=edition)
    assert t.player(1).score() == 7
    assert (res.value(1, "BH"), res.value(1, "BH/C1"), res.value(1, "SB")) == (F(bh), F(bhc1), F(sb))


@pytest.mark.parametrize("opponents,cells,expected", [
    ((1900, 2000), ["2w½", "3b0"], 1755),   # S = ½: E(1755) = .31 + .20 = .51 >= .50
    ((1700, 1500), ["2w0", "3b0"], 700),    # S = 0: lowest opponent - 800
    ((1700,), ["2w1"], 2436),               # perfect score: highest opponent + 736
])
def test_ptp_examples(opponents, cells, expected):
    rows = {1: cells}
    ratings = {1: 1800}
    for j, rating in enumerate(opponents, start=2):
        ratings[j] = rating
        rows[j] = ["-"] * len(cells)
    for r, c in enumerate(cells):
        from conftest import mirror
        opp, theirs = mirror(c, 1)
        rows[opp][r] = theirs
    t = event(rows, ratings)
    assert compute(t, "PTP").value(1, "PTP") == expected
