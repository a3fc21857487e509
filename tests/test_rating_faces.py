"""The rating figures on the command line: ``standings --rating-change`` (table, CSV, JSON) and
``card`` (text, JSON), from a TRF file. The event is RATING_RULES §7 E1 (player 1 rated 1850:
five rated games, a forfeit win and an HPB; W 3, We 2.49, K 20 +10.2, K 40 +20.4, Rp 1923, the
values the spec works out and gacrux checked) with the time control of a standard game (record
222) and a start date under the 2024 rules.
"""

from __future__ import annotations

import io
import json
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

import pytest

from test_rating_change import E1, event
from xl_tiebreak.cli import main
from xl_tiebreak.cli.card import card
from xl_tiebreak.trf import write_trf


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


@pytest.fixture
def e1(tmp_path: Path) -> str:
    path = tmp_path / "e1.trf"
    path.write_text(write_trf(event(1850, E1, start="2025-05-10", header=("222 5400+30",))), encoding="utf-8")
    return str(path)


def test_standings_rating_change_adds_rp_k_and_the_change(e1):
    status, out, _ = run("standings", e1, "--rating-change", "-t", "BH")
    assert status == 0
    lines = out.splitlines()
    head = next(ln for ln in lines if ln.startswith("Rk"))
    assert head.split()[-5:] == ["Rp", "K", "Rtg+/-", "Split", "by"]
    row = next(ln for ln in lines if "Own, Player" in ln)
    assert row.split()[-3:] == ["1923", "20*", "+10.2"]
    assert "Rules: FIDE Rating Regulations B.02 2024, standard." in " ".join(lines)
    assert "* assumed" in out


def test_a_given_k_replaces_the_assumed_one(e1):
    _, out, _ = run("standings", e1, "--rating-change", "--k-factor", "1=40", "-t", "BH")
    row = next(ln for ln in out.splitlines() if "Own, Player" in ln)
    assert row.split()[-3:] == ["1923", "40", "+20.4"]


def test_standings_rating_change_as_csv_and_json(e1):
    _, out, _ = run("standings", e1, "--rating-change", "-t", "BH", "-f", "csv")
    rows = out.splitlines()
    assert rows[0].endswith("Rp,K,K assumed,Rtg+/-,Split by")
    assert next(r for r in rows if "Own, Player" in r).endswith(",1923,20,yes,10.2,")
    _, out, _ = run("standings", e1, "--rating-change", "-t", "BH", "-f", "json", "--k-factor", "1=40")
    doc = json.loads(out)
    me = next(p for p in doc["players"] if p["no"] == 1)
    assert me["rating"] == {"rp": 1923, "k": 40, "k_assumed": False, "rated_games": 5, "change": 20.4,
                            "change_shown": 20.4, "change_rounded": 20}
    assert doc["rating_rules"]["edition"] == "B.02 2024" and doc["rating_rules"]["rate"] == "standard"


def test_without_the_option_the_standings_have_no_rating_columns(e1):
    _, out, _ = run("standings", e1, "-t", "BH", "-f", "csv")
    assert out.splitlines()[0] == "Rk,No,Name,Pts,BH,Split by"


def test_card_lists_each_round_and_works_the_totals(e1):
    status, out, _ = run("card", e1, "-p", "1")
    assert status == 0
    lines = out.splitlines()
    assert lines[0] == "Player 1: Own, Player, rating 1850"
    r1 = next(ln for ln in lines if ln.startswith(" 1 "))
    assert r1.split() == ["1", "w", "2", "Opp", "2", "1920", "1", "1.0", "-70", "0.40", "+0.60", "+12.0"]
    r3 = next(ln for ln in lines if ln.startswith(" 3 "))
    assert r3.split()[-6:] == ["0", "1.5", "-160", "0.29", "-0.29", "-5.8"]
    r6 = next(ln for ln in lines if ln.startswith(" 6 "))
    assert "forfeit win: not played, not rated (B.02 5.1)" in r6 and r6.split()[6:8] == ["+", "4.0"]
    r7 = next(ln for ln in lines if ln.startswith(" 7 "))
    assert r7.split()[:3] == ["7", "H", "4.5"]
    text = " ".join(ln.strip() for ln in lines)  # wrapped lines joined
    assert "W = 3.0, We = 2.49, W - We = +0.51" in text
    assert "K x (W - We) = 20 x +0.51 = +10.2; rounded (B.02 8.3.4): +10" in text
    assert "Ra 1851" in text and "p = 3.0 / 5 = 0.60; Rp = Ra + dp(p) = 1851 + 72 = 1923" in text


def test_card_as_json_for_the_page(e1):
    doc = json.loads(card(e1, 1, k=40, fmt="json"))
    assert (doc["rp"], doc["k"]["k"], doc["change"], doc["change_rounded"]) == (1923, 40, 20.4, 20)
    first = doc["games"][0]
    assert (first["opponent_name"], first["opponent_rating"], first["result"], first["points_after"],
            first["expected"], first["change"]) == ("Opp 2", 1920, "1", 1.0, 0.4, 24.0)
    assert doc["games"][6]["why"] == "half-point bye: no game (B.02 5.1)" and doc["games"][6]["points_after"] == 4.5


def test_card_over_the_first_rounds_only(e1):
    doc = json.loads(card(e1, 1, fmt="json", rounds=2))
    assert len(doc["games"]) == 2 and doc["change"] == pytest.approx(10.0)  # K 20 x (.60 - .10)


def test_card_errors_name_the_option_and_exit_2(e1, tmp_path):
    status, _, err = run("card", e1, "-p", "1", "--k-factor", "1=45")
    assert status == 2 and "--k-factor 1=45: 45 is not a K factor" in err
    status, _, err = run("card", e1, "-p", "12")
    assert status == 2 and "player 12: no such start number" in err
    team = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"
    status, _, err = run("card", str(team), "-p", "1")
    assert status == 2 and "is a team event" in err
    status, _, err = run("standings", str(team), "--rating-change")
    assert status == 2 and "--rating-change is for individual events" in err


def test_a_workbooks_k_column_gives_k_and_a_bad_k_is_named_by_its_cell(tmp_path):
    """The workbook made from the package's example (its Club column, I, headed K instead):
    player 1's K 10 is taken as given (B.02 8.3.3 would assume 20 for his 2000); player 2's 55
    is no K: a warning at Crosstable!I6, and his K found by the rules (20, marked assumed); the
    tie-breaks, which do not read the column, are not blocked."""
    from openpyxl import load_workbook
    trf = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-6-1.trf"
    book = tmp_path / "e.xlsx"
    assert run("workbook", str(trf), "-o", str(book))[0] == 0
    wb = load_workbook(book)
    ws = wb["Crosstable"]
    assert ws["I4"].value == "Club" and ws["A5"].value == 1 and ws["A6"].value == 2
    ws["I4"] = "K"
    ws["I5"] = 10
    wb.save(book)  # (a test's own input: the package never re-saves a workbook)
    status, out, _ = run("card", str(book), "-p", "1")
    assert status == 0 and "K 10: given" in out
    ws["I6"] = 55
    wb.save(book)
    status, out, err = run("card", str(book), "-p", "2")
    assert status == 0 and "Crosstable!I6: K factor: 55 is not a K factor" in err and "K 20 (assumed)" in out
    assert run("standings", str(book))[0] == 0
