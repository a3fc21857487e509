"""The Excel functions called as Excel calls them: the crosstable as a 2-D list with a header
row, numbers as floats, empty cells as None. Values are compared with the engine's."""

from __future__ import annotations

import threading

import pytest

import xl_tiebreak.udfs as udfs
from oracle.generate import random_event
from xl_tiebreak import compute, demo_tournament, parse_trf, rank
from xl_tiebreak.errors import InputError
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.formatting import json_number
from xl_tiebreak.notation import format_cell


def excel_table(t, header=("No", "Name", "Rating"), blank_rows=3):
    """What Excel hands a UDF for a crosstable range: floats, None for empty cells."""
    rows = [list(header) + [f"R{r}" for r in range(1, t.rounds + 1)]]
    for p in t.players:
        cells = [format_cell(r) or None for r in p.rounds]
        rows.append([float(p.no), p.name, float(p.rating) if p.rating else None] + cells)
    rows += [[None] * len(rows[0]) for _ in range(blank_rows)]
    return rows


DEMO = excel_table(demo_tournament())
NAMED = {"BUCHHOLZ": "BH", "BUCHHOLZ_CUT1": "BH/C1", "BUCHHOLZ_CUT2": "BH/C2", "BUCHHOLZ_MEDIAN1": "BH/M1",
         "FORE_BUCHHOLZ": "FB", "AVG_OPP_BUCHHOLZ": "AOB", "SONNEBORN_BERGER": "SB",
         "SONNEBORN_BERGER_CUT1": "SB/C1", "WINS": "WIN", "GAMES_WON": "WON", "BLACK_GAMES": "BPG",
         "BLACK_WINS": "BWG", "PROGRESSIVE": "PS", "KOYA": "KS", "ARO": "ARO", "TPR": "TPR", "PTP": "PTP",
         "APRO": "APRO", "APPO": "APPO"}


def expected(t, code, edition, no):
    v = compute(t, code, edition=edition).value(no, code)
    return "-" if v is None else json_number(v)


def test_every_function_is_registered_and_exposed():
    required = {"SCORE", "BUCHHOLZ", "BUCHHOLZ_CUT1", "BUCHHOLZ_CUT2", "BUCHHOLZ_MEDIAN1", "FORE_BUCHHOLZ",
                "AVG_OPP_BUCHHOLZ", "SONNEBORN_BERGER", "SONNEBORN_BERGER_CUT1", "WINS", "BLACK_GAMES",
                "BLACK_WINS", "PROGRESSIVE", "KOYA", "ARO", "TPR", "PTP", "APRO", "APPO", "TIEBREAK", "PLACE",
                "TIEBREAKS", "STANDINGS", "SVON"}
    assert required <= set(fx.FUNCTIONS) and set(udfs.__all__) == set(fx.FUNCTIONS) | {udfs.ACTION}  # and the macro
    for name in fx.FUNCTIONS:
        assert callable(getattr(udfs, name)) and getattr(udfs, name).__name__ == name


@pytest.mark.parametrize("edition", ["fide2024", "fide2026", None])
@pytest.mark.parametrize("name", sorted(NAMED))
def test_named_functions_equal_the_engine_on_the_demo(name, edition):
    t = demo_tournament()
    fn = getattr(udfs, name)
    for no in range(1, 7):
        got = fn(float(no), DEMO, edition)
        assert got == expected(t, NAMED[name], edition or "fide2026", no), (name, no)


def test_values_of_the_demo_spelled_out():
    """A few values of TIEBREAK_RULES §6.1 through the functions, as an arbiter would see them."""
    assert udfs.BUCHHOLZ(3.0, DEMO, "fide2024") == 11.5
    assert udfs.BUCHHOLZ(3.0, DEMO) == 8  # fide2026 caps the forfeit-win dummies
    assert udfs.SONNEBORN_BERGER(5.0, DEMO) == 2.25
    assert udfs.AVG_OPP_BUCHHOLZ(1.0, DEMO, "fide2024") == 8.88
    assert udfs.TIEBREAK(6.0, DEMO, "ARO/C1") == "-"  # undefined: the only game was cut
    assert udfs.TPR(6.0, DEMO) == 2500 and udfs.PTP(6.0, DEMO) == 2436
    assert udfs.SCORE(3.0, DEMO) == 3.5


@pytest.mark.parametrize("seed", [3, 7, 11])
def test_random_events_every_code_through_tiebreak(seed):
    t = parse_trf(random_event(seed, kind="swiss", players=14 + seed))
    table = excel_table(t)
    codes = ["BH", "BH/C1", "BH/M1", "BH/P", "FB", "AOB", "SB", "SB/C1", "WIN", "WON", "BPG", "BWG", "REP",
             "STD", "PS", "KS", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN"]
    res = compute(t, codes, edition="fide2026")
    for p in t.players:
        for code in codes:
            v = res.value(p.no, code)
            assert udfs.TIEBREAK(float(p.no), table, code) == ("-" if v is None else json_number(v))
        assert udfs.SCORE(float(p.no), table) == json_number(p.score())


def test_tiebreaks_and_standings_tables():
    t = demo_tournament()
    res = compute(t, "BH/C1,BH,SB,DE", edition="fide2024")
    table = udfs.TIEBREAKS(DEMO, "BH/C1,BH,SB,DE", "fide2024")
    assert table[0] == ["No", "Name", "Pts", "BH/C1", "BH", "SB", "DE"]
    assert table[3] == [3, "Three, C", 3.5, 10, 11.5, 10, 1]
    st = udfs.STANDINGS(DEMO, "BH/C1,BH,SB,DE", "fide2024")
    assert st[0][:4] == ["Rk", "No", "Name", "Pts"]
    assert [r[1] for r in st[1:]] == [r.player.no for r in rank(res)] == [3, 1, 2, 5, 4, 6]
    # one cell at a time, as the Standings sheet asks for it; 0 is the header row
    assert udfs.STANDINGS(DEMO, "BH/C1,BH,SB,DE", "fide2024", None, 1.0, 3.0) == "Three, C"
    assert udfs.STANDINGS(DEMO, "BH/C1,BH,SB,DE", "fide2024", None, 0.0, 5.0) == "BH/C1"
    assert udfs.STANDINGS(DEMO, "BH/C1,BH,SB,DE", "fide2024", None, 9.0, 1.0) == ""
    # the list may be a range of cells, one code per cell, with blanks
    assert udfs.STANDINGS(DEMO, [["BH/C1"], ["BH"], [None], ["SB"], ["DE"]], "fide2024") == st


def test_place_shares_places():
    assert udfs.PLACE(3.0, DEMO, "BH/C1,BH", "fide2024") == 1
    assert udfs.PLACE(4.0, DEMO, "WIN", "fide2024") == "5-6"
    assert udfs.PLACE(6.0, DEMO, [["WIN"]], "fide2024") == "5-6"


def test_de_in_the_context_of_the_list():
    """TIEBREAK(..., "DE", ..., list): DE ranks inside groups tied on what comes before it."""
    assert udfs.TIEBREAK(6.0, DEMO, "DE", "fide2024", None, "WIN,DE") == 1
    assert udfs.TIEBREAK(4.0, DEMO, "DE", "fide2024", None, "WIN,DE") == 2


def test_unknown_and_blank_players():
    assert udfs.BUCHHOLZ(99.0, DEMO) == "#N/A"
    assert udfs.BUCHHOLZ(2.5, DEMO) == "#N/A"
    assert udfs.BUCHHOLZ("x", DEMO) == "#N/A"
    assert udfs.BUCHHOLZ(None, DEMO) == "" and udfs.SCORE(None, DEMO) == ""
    assert udfs.TIEBREAK(1.0, DEMO, None) == ""  # an unused tie-break column


def test_bad_cell_names_round_and_player():
    bad = [row[:] for row in DEMO]
    bad[2][4] = "12x1"  # player 2, round 2
    with pytest.raises(InputError, match=r"R2 of player 2: '12x1' is not a result; write e\.g\. 12w1"):
        udfs.BUCHHOLZ(1.0, bad)
    bad[2][4] = "9w1"
    with pytest.raises(InputError, match="R2 of player 2: .*opponent 9 is not a player of this event"):
        udfs.SCORE(1.0, bad)
    with pytest.raises(Exception, match="fide1999"):
        udfs.BUCHHOLZ(1.0, DEMO, "fide1999")
    with pytest.raises(Exception, match="'XYZ'"):
        udfs.TIEBREAK(1.0, DEMO, "XYZ")


def test_layout_without_header_and_with_other_headers():
    t = demo_tournament()
    plain = excel_table(t)[1:]  # No | Name | Rating | R1..
    assert udfs.BUCHHOLZ(3.0, plain, "fide2024") == 11.5
    other = excel_table(t, header=("SNo", "Player", "Elo"))
    other[0][3:] = [f"{r}.Rd" for r in range(1, 5)]
    assert udfs.BUCHHOLZ(3.0, other, "fide2024") == 11.5
    shuffled = [[row[1], row[0], row[2]] + row[3:] + [None] for row in excel_table(t, header=("No", "Name", "Rtg"))]
    shuffled[0] = ["Name", "No", "Rtg", "1", "2", "3", "4", "Pts"]
    assert udfs.BUCHHOLZ(3.0, shuffled, "fide2024") == 11.5


def test_round_robin_type_argument():
    # the demo is a Swiss with a pairing-allocated bye: as a round robin that bye means nothing
    with pytest.raises(InputError, match="R4 of player 4: a round robin has no pairing-allocated bye"):
        udfs.SONNEBORN_BERGER(1.0, DEMO, "fide2024", "round-robin")
    with pytest.raises(InputError, match="unknown event type"):
        udfs.SCORE(1.0, DEMO, None, "knockout")


@pytest.mark.parametrize("args,value", [
    ((0, 1, 9, 1), 4), ((5.5, 0, 11, 11), 6.5), ((4.5, 0, 11, 11), 5.5), ((1, 1, 11, 9), 2),
    ((3, 1, 9, 7), 4), ((5, 1, 9, 9), 5),               # seed 000, its five examples
    ((1.5, 0, 9, 3), 5.5), ((1.5, 0, 3, 3), 2.5), ((3.5, 1, 9, 6), 5), ((3.5, 1, 6, 6), 3.5),  # seed 002
])
def test_svon(args, value):
    assert udfs.SVON(*[float(a) for a in args]) == value


def test_svon_bad_input():
    with pytest.raises(InputError, match="SVON"):
        udfs.SVON("x", 1, 9, 1)
    with pytest.raises(InputError, match="SVON"):
        udfs.SVON(0, 1, 9, 10)


def test_cache_makes_further_calls_lookups():
    fx.CACHE.clear()
    table = excel_table(demo_tournament())
    udfs.BUCHHOLZ(1.0, table)
    misses = fx.CACHE.misses
    for no in range(1, 7):
        udfs.BUCHHOLZ(float(no), [list(r) for r in table])  # a fresh list each call, as Excel does
    assert fx.CACHE.misses == misses and fx.CACHE.hits >= 6


def test_thread_safe():
    fx.CACHE.clear()
    table = excel_table(parse_trf(random_event(5, kind="swiss", players=40)))
    want = {no: udfs.SONNEBORN_BERGER_CUT1(float(no), table) for no in range(1, 41)}
    fx.CACHE.clear()
    got: dict = {}
    errors: list = []

    def work(nos):
        try:
            for no in nos:
                got[no] = udfs.SONNEBORN_BERGER_CUT1(float(no), [list(r) for r in table])
        except Exception as exc:  # pragma: no cover - reported below
            errors.append(exc)
    threads = [threading.Thread(target=work, args=(range(k, 41, 8),)) for k in range(1, 9)]
    for th in threads:
        th.start()
    for th in threads:
        th.join()
    assert errors == [] and got == want


def test_true_is_not_one_even_when_cached():
    """Excel's TRUE hashes like 1: the cache must not hand a TRUE table the result of a 1 table."""
    one = [["No", "Name", "Rating", "R1"], [1.0, "A", 1900.0, "2w1"], [2.0, "B", 1.0, "1b0"]]
    true = [["No", "Name", "Rating", "R1"], [1.0, "A", 1900.0, "2w1"], [2.0, "B", True, "1b0"]]
    assert udfs.ARO(1.0, one) == 1
    with pytest.raises(InputError, match="rating 'TRUE' is not a whole number"):
        udfs.ARO(1.0, true)


def test_results_line_up_with_the_rows_under_any_header_the_reader_knows():
    """RESULTS finds the header and the start-number column as the crosstable reader does (here
    ``Nr.`` and ``Rd 1``), so its rows stay beside the right players, blank rows included."""
    table = [["Nr.", "Name", "Elo", "Rd 1"], [2.0, "B", None, "1b0"], [None, None, None, None],
             [1.0, "A", None, "2w1"]]
    got = fx.RESULTS(table, "WIN")
    assert got == [["Pts", "WIN", "Place"], [0, 0, 2], ["", "", ""], [1, 1, 1]]
