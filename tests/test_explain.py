"""Explanations: every row adds up to the engine's value, on many random events and every
tie-break; the seeds' worked examples show in the rows."""

from __future__ import annotations

from fractions import Fraction

import pytest

from oracle.generate import random_event
from xl_tiebreak import compute, demo_tournament, parse_trf, read_trf
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.formatting import half_up_div
from xl_tiebreak.tiebreaks.rating import dp
from conftest import DATA, F, around

import numpy as np

SUMS = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/P", "FB", "FB/C1", "SB", "SB/C1", "SB/M1", "SB/P"]
COUNTS = ["WIN", "WON", "BPG", "BWG", "REP", "STD", "PS", "PS/C1", "KS", "KASHDAN", "MOSTWINS", "MOSTWINS/O"]
NATIONAL = ["MEDIAN", "MODMED", "SOLKOFF", "SSFBH", "CUM", "OPPCUM"]


def _kept_sum(e, col):
    return sum((ln.values[col] for ln in e.lines if not ln.cut and isinstance(ln.values[col], Fraction)),
               Fraction(0))


def _check(e):
    """Recompute the value from the rows alone, as a reader of the account would."""
    name = e.code.split("/")[0]
    if name in ("BH", "FB", "SB"):
        assert _kept_sum(e, 4) == e.value
    elif name in ("WIN", "WON", "BPG", "BWG", "REP", "STD", "PS", "KS", "KASHDAN", "MOSTWINS"):
        assert _kept_sum(e, len(e.columns) - 1) == e.value
    elif name in ("MEDIAN", "MODMED", "SOLKOFF", "SSFBH", "OPPCUM"):
        assert _kept_sum(e, 2) == e.value
    elif name == "CUM":
        less = sum((ln.values[3] for ln in e.lines if ln.values[3]), Fraction(0))
        assert _kept_sum(e, 2) + less == e.value
    elif name in ("ARO",):
        kept = [ln.values[2] for ln in e.lines if isinstance(ln.values[2], int) and not ln.cut]
        if e.value is None:
            assert not kept or "dropped" in " ".join(e.notes)
        else:
            assert half_up_div(np.array([sum(kept)]), np.array([len(kept)]))[0] == e.value
    elif name == "AOB":
        got = [ln.values[2] for ln in e.lines if ln.values[2] is not None]
        if e.value is not None:
            assert abs(sum(got, Fraction(0)) / len(got) - e.value) <= Fraction(1, 200)
    elif name in ("APRO", "APPO"):
        got = [ln.values[2] for ln in e.lines if isinstance(ln.values[2], Fraction)]
        if e.value is not None:
            assert half_up_div(np.array([int(sum(got))]), np.array([len(got)]))[0] == e.value or \
                abs(sum(got, Fraction(0)) / len(got) - e.value) <= Fraction(1, 2)
    elif name == "DE":
        me = next(ln for ln in e.lines if ln.values[0] == e.player)
        assert me.values[-1] == e.value


@pytest.mark.parametrize("seed", range(12))
@pytest.mark.parametrize("edition", ["fide2012", "fide2024", "fide2026"])
def test_rows_add_up_to_the_engines_value(seed, edition):
    kind = "round-robin" if seed % 4 == 0 else "swiss"
    t = parse_trf(random_event(seed + 500, kind=kind, players=8 + seed, unrated_share=0.0))
    codes = SUMS + COUNTS + NATIONAL + ["ARO", "ARO/C1", "TPR", "PTP", "APRO", "APPO", "AOB", "AOB/F", "DE"]
    res = compute(t, codes, edition=edition)
    # explain's DE without a list: inside the group the event's own list (as standings shows it)
    # leaves tied, when that list holds DE; else the group tied on points
    listed = compute(t, edition=edition)
    de_alone = listed if "DE" in listed.codes else compute(t, "DE", edition=edition)
    for p in t.players[:: max(1, len(t.players) // 5)]:
        for code in codes:
            e = explain(t, p.no, code, edition)
            want = (de_alone if code == "DE" else res).value(p.no, code)
            assert e.value == want, (code, p.no)
            _check(e)
            assert render_text(e)


def test_every_row_points_at_its_crosstable_cell():
    e = explain(demo_tournament(), 5, "SB/C1", "fide2026")
    assert [ln.cell for ln in e.lines] == [(5, 1), (5, 2), (5, 3), (5, 4)]
    assert e.as_dict()["rows"][0]["cell"] == {"player": 5, "round": 1}


def test_seed000_virtual_opponent_row():
    """Seed 000 example 5: opponent absent in R7 (player had 3) of 9: Svon = 3 + (1 - 1) + 0.5 x (9 - 7) = 4."""
    t = around(["2w1", "3b0", "4w1", "5b½", "6w½", "7b0", "+8", "9w1", "+10"],
               {j: "4" for j in (2, 3, 4, 5, 6, 7, 9)})
    e = explain(t, 1, "BH", "fide2012")
    r7 = e.lines[6]
    assert r7.values[1] == "virtual opponent" and r7.values[2] == 4
    assert "Svon = 3 + (1 - 1) + 0.5 x (9 - 7) = 4" in r7.why
    assert "Svon = 5 + (1 - 1) + 0.5 x (9 - 9) = 5" in e.lines[8].why


def test_seed002_example1_row_after_round_3():
    """Seed 002 example 1: no-show in R3 of 9 with 1.5: after round 3 Svon = 1.5 + (1 - 0) + 0.5 x (3 - 3) = 2.5."""
    t = around(["2w1", "3b½", "-4", "5w1", "6b0", "7w½", "8b1", "9w0", "10b1"],
               {j: "4.5" for j in (2, 3, 5, 6, 7, 8, 9, 10)})
    e = explain(t, 1, "BH", "fide2012", rounds=3)
    assert "Svon = 1.5 + (1 - 0) + 0.5 x (3 - 3) = 2.5" in e.lines[2].why
    assert "0.5 x (9 - 3) = 5.5" in explain(t, 1, "BH", "fide2012").lines[2].why


def test_seed003_cut_of_a_vur():
    """Seed 003 example 8: #13's BH-C1 cuts its R1 forfeit-loss dummy (2), not #15's 1 (Art. 16.5)."""
    e = explain(read_trf(DATA / "seed003_vietnamese.trf"), 13, "BH/C1", "fide2024")
    assert e.lines[0].values[1] == "dummy" and e.lines[0].values[4] == 2
    assert "voluntary unplayed round goes first" in e.lines[0].cut
    assert not any(ln.cut for ln in e.lines[1:]) and e.value == F("8.5")
    e4 = explain(read_trf(DATA / "seed003_vietnamese.trf"), 4, "BH/C1", "fide2024")
    assert e4.lines[1].values[1] == "dummy" and not e4.lines[1].cut  # the PAB dummy (3) is kept
    assert "least significant" in [ln for ln in e4.lines if ln.cut][0].cut


def test_2026_cap_shows_both_values():
    e = explain(demo_tournament(), 3, "BH", "fide2026")
    assert "min(3.5, 2) = 2" in e.lines[0].why and "Art. 16.4.1" in e.lines[0].why
    e4 = explain(demo_tournament(), 4, "BH", "fide2026")
    assert "min(1, 2) = 1" in e4.lines[2].why and "Art. 16.4.2" in e4.lines[2].why


def test_fore_buchholz_before_the_final_round_shows_the_results_as_they_are():
    """C.07 Art. 8.3: FB counts the *final* round's games as draws; evaluated after round 3 of 4 it
    equals BH, and the account shows round 3 as played, not as "counted as a draw"."""
    e = explain(demo_tournament(), 1, "FB", "fide2024", rounds=3)
    assert e.value == explain(demo_tournament(), 1, "BH", "fide2024", rounds=3).value == F("4.5")
    assert e.lines[2].values[3] == "won 1.0" and "FB equals BH" in " ".join(e.notes)
    final = explain(demo_tournament(), 1, "FB", "fide2024")
    assert final.lines[3].values[3] == "counted as a draw 0.5" and final.value == F("7.5")


def test_one_round_drawn_after_a_withdrawal_is_one_draw():
    """The Art. 16.3 phrase agrees with the number of rounds (player 4's opponent in R1 of the demo
    after round 3: one round)."""
    e = explain(demo_tournament(), 1, "BH", "fide2024", rounds=3)
    assert "its round 3 (requested byes or absences with no game after them) counts as a draw: 0.5" in e.lines[0].why


def test_withdrawal_reason():
    e = explain(demo_tournament(), 4, "BH", "fide2024")
    assert "its rounds 3-4" in e.lines[1].why and "count as draws: 2 (C.07 Art. 16.3)" in e.lines[1].why


def test_rating_rows_and_tables():
    e = explain(demo_tournament(), 1, "TPR", "fide2024")
    assert e.total == "ARO 1750 + dp(0.75) = 1750 + 193 = 1943" and dp(75) == 193
    e6 = explain(demo_tournament(), 6, "PTP", "fide2024")
    assert "at 2436 is 1.00, at 2435 it is 0.99" in " ".join(e6.notes)


def test_expected_score_table_follows_the_rows_of_table_8_1b():
    from xl_tiebreak.tiebreaks.rating import _PD, PD
    assert PD.tolist() == [next(v for hi, v in _PD if d <= hi) if d <= 735 else 100 for d in range(737)]


def test_direct_encounter_mini_crosstable():
    e = explain(demo_tournament(), 4, "DE", "fide2024", tiebreaks="WIN,DE")
    assert e.columns == ("No", "4", "6", "Points", "Rank")
    assert [ln.values for ln in e.lines] == [(4, "x", 0, 0, 2), (6, 1, "x", 1, 1)]


def test_unknown_player_and_descriptor():
    from xl_tiebreak import DescriptorError, InputError
    with pytest.raises(InputError, match="no player 99"):
        explain(demo_tournament(), 99, "BH")
    with pytest.raises(DescriptorError):
        explain(demo_tournament(), 1, "XX")


def test_cli_explain_compare_and_split(tmp_path, capsys):
    import json as _json
    from xl_tiebreak.cli import main
    from xl_tiebreak.examples import demo_text
    f = tmp_path / "demo.trf"
    f.write_text(demo_text())
    assert main(["explain", str(f), "--player", "3", "--tiebreak", "BH/C1", "--rules", "fide2026"]) == 0
    out = capsys.readouterr().out
    assert "BH/C1 = 2.0 + 3.0 + 1.5 = 6.5 (cut: 1.5)" in out and "min(3.5, 2) = 2" in out
    assert main(["explain", str(f), "-p", "3", "-t", "BH", "-f", "json"]) == 0
    doc = _json.loads(capsys.readouterr().out)
    assert doc["value"] == 11.5 and doc["rows"][0]["cell"] == {"player": 3, "round": 1}
    assert main(["compare", str(f), "-t", "BH/C1,BH,SB", "--rules", "fide2012,fide2024,fide2026"]) == 0
    out = capsys.readouterr().out
    assert "4 Four, D: fide2012 6, fide2024 5, fide2026 5" in out
    assert main(["standings", str(f)]) == 0
    table = capsys.readouterr().out
    five = next(line for line in table.splitlines() if "Five, E" in line)
    assert five.rstrip().endswith("BH/C1")
    assert main(["explain", str(f), "-p", "9", "-t", "BH"]) == 2
    assert "no player 9" in capsys.readouterr().err


def test_de_without_a_list_is_ranked_in_the_group_the_standings_show():
    """DE needs the tied group; without --tiebreaks, explain takes the event's list (the one
    standings shows), so the two agree for every player of the demo (player 4 was once 'rank 2
    of 2' in explain and 1 in standings)."""
    t = demo_tournament()
    res = compute(t, edition="fide2024")
    for p in t.players:
        assert explain(t, p.no, "DE", "fide2024").value == res.value(p.no, "DE")
    assert explain(t, 4, "DE", "fide2024").value == 1


def test_the_rounds_after_a_withdrawal_read_withdrawn_in_the_account_not_nothing_entered(tmp_path, capsys):
    """A workbook's WD (this round and every later one unplayed): the later rounds, left empty, are
    the withdrawal's too, and the account says so (it said "nothing entered 0.0")."""
    from xl_tiebreak.cli import main
    from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
    from xl_tiebreak.excel.authoring.template import to_bytes
    from xl_tiebreak.excel.authoring.workbook import filled_workbook
    cells = {1: ["2w1", "3b½", "4w1"], 2: ["1b0", "4w½", "3b1"], 3: ["4b1", "1w½", "2w0"], 4: ["3w0", "2b½", "1b0"],
             5: ["6w1", "WD", ""], 6: ["5b0", "-", "-"]}
    t = tournament_from_rows([CrosstableRow(no, f"P{no}", 2000 - no, c) for no, c in cells.items()], rounds=3,
                             start_date="2026-04-10")
    book = tmp_path / "wd.xlsx"
    book.write_bytes(to_bytes(filled_workbook(t)[0]))
    assert main(["explain", str(book), "-p", "5", "-t", "BH"]) == 0
    rows = [ln.split() for ln in capsys.readouterr().out.splitlines() if ln[:2] in ("1 ", "2 ", "3 ")]
    assert rows == [["1", "6", "P6", "1.0", "won", "1.0", "1.0"], ["2", "dummy", "1.0", "withdrawn", "0.0", "1.0"],
                    ["3", "dummy", "1.0", "withdrawn", "0.0", "1.0"]]
    assert main(["explain", str(book), "-p", "5", "-t", "WIN", "-f", "json"]) == 0
    assert "nothing entered" not in capsys.readouterr().out
