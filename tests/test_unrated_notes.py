"""Unrated players: standings, explain, check and the Standings sheet say which
rating an unrated player counted with, or why a rating tie-break is empty (C.07 Art. 10,
TIEBREAK_RULES §5.15).

The event is the demo (TIEBREAK_RULES 6.1) with player 4's rating blanked. Player 1 met 4 (R1),
3, 5 and 2 over the board (ratings 1800, 1600, 1900). The values come from the rule text unless
a test says gacrux: ARO (Art. 10.1) with 4 counting as 1000 is (1000 + 1800 + 1600 + 1900) / 4
= 1575; with 4 left out of the average (the 2024 engine, §5.11) (1800 + 1600 + 1900) / 3 =
1766.67, rounded half up 1767.
"""

from __future__ import annotations

import io
import json
import shutil
from contextlib import redirect_stderr, redirect_stdout
from fractions import Fraction
from pathlib import Path

import pytest
from openpyxl import load_workbook

from oracle.gacrux_runner import gacrux_available, run_gacrux
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text
from xl_tiebreak.excel.ranges.book_reader import UNRATED_HOW
from xl_tiebreak.options import Options
from xl_tiebreak.rating_notes import rating_notes

RULE = "C.07 Art. 10, TIEBREAK_RULES §5.15"


def unrated_text(list_202: str = "", blank=(4,)) -> str:
    """The demo with the ratings of ``blank`` emptied (TRF columns 49-52), and a record 202."""
    lines = []
    for line in demo_text().splitlines():
        if line.startswith("001") and int(line[4:8]) in blank:
            line = line[:48] + "    " + line[52:]
        lines.append(line)
    if list_202:
        lines.insert(3, f"202 {list_202}")
    return "\n".join(lines) + "\n"


@pytest.fixture
def trf(tmp_path) -> Path:
    path = tmp_path / "unrated.trf"
    path.write_text(unrated_text(), encoding="utf-8")
    return path


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def one_line(text: str) -> str:
    """The text with its wrapped note lines joined (the text standings wrap at 100 columns)."""
    return " ".join(text.replace("\n      ", " ").split())


# ------------------------------------------------------------------------------ standings


def test_standings_say_why_aro_and_tpr_are_empty_and_name_the_unrated_player(trf):
    status, out, _ = run("standings", str(trf), "-t", "ARO,TPR,BH", "-r", "fide2024")
    assert status == 0
    row = next(ln for ln in out.splitlines() if ln.startswith("2 ") and "One, A" in ln)
    assert row.split()[-1] == "7.5"  # BH only: ARO and TPR are empty for everyone
    text = one_line(out)
    assert ("Note: ARO, TPR: not computed, empty for every player: player 4 (Four, D) is unrated and no rating "
            f"is set for unrated players, so the rating tie-breaks are dropped ({RULE}); to count them, set one "
            "with --unrated RATING") in text
    assert "ARO/U1000" in text


def test_the_note_says_how_to_set_a_rating_where_the_event_was_read(trf, tmp_path):
    # a TRF file has no Settings sheet: its note names the command line's ways only; a workbook's
    # note names its Settings cell first
    status, out, _ = run("standings", str(trf), "-t", "ARO,BH", "-r", "fide2024")
    text = one_line(out)
    assert status == 0 and "to count them, set one with --unrated RATING or a descriptor such as ARO/U1000" in text
    assert "Settings!" not in text and "Settings cell" not in text
    doc = json.loads(run("standings", str(trf), "-t", "ARO,BH", "-f", "json")[1])
    assert "Settings" not in " ".join(doc["notes"])
    book = tmp_path / "u.xlsx"
    assert run("workbook", str(trf), "-o", str(book), "-t", "ARO,BH")[0] == 0
    text = one_line(run("standings", str(book))[1])
    assert "to count them, set one in Settings!B14 (Rating for unrated players), with --unrated RATING or with a " \
           "descriptor such as ARO/U1000" in text


def test_with_a_rating_for_unrated_players_standings_say_what_they_count_as(trf):
    _, out, _ = run("standings", str(trf), "-t", "ARO,TPR", "--unrated", "1000", "-r", "fide2024")
    assert "1575" in next(ln for ln in out.splitlines() if "One, A" in ln)  # the rule text, above
    assert (f"Note: ARO, TPR: player 4 (Four, D) is unrated and counts as 1000 (the rating set for unrated "
            f"players; {RULE})") in one_line(out)


def test_a_descriptor_u_rating_is_named_as_the_descriptor_s():
    res = compute(parse_trf(unrated_text()), "ARO,ARO/U1200", edition="fide2024")
    notes = rating_notes(res)
    assert [(n.codes, n.kind, n.rating, n.players) for n in notes] == [
        (("ARO",), "dropped", None, (4,)), (("ARO/U1200",), "assigned", 1200, (4,))]
    assert "/U1200 in the descriptor" in notes[1].text
    assert res.value(1, "ARO/U1200") == Fraction(6500, 4)  # (1200 + 1800 + 1600 + 1900) / 4, the rule text


def test_the_exclude_policy_says_unrated_opponents_are_left_out():
    res = compute(parse_trf(unrated_text()), "ARO,RTNG", edition="fide2024", options=Options(unrated_policy="exclude"))
    assert res.value(1, "ARO") == 1767 and res.value(4, "RTNG") is None  # the rule text, above
    texts = [n.text for n in rating_notes(res)]
    assert texts[0].startswith("ARO: player 4 (Four, D) is unrated and left out of the opponents' averages")
    assert texts[1].startswith("RTNG: player 4 (Four, D) is unrated: no value (empty, ranked last)")


@pytest.mark.skipif(not gacrux_available(), reason="gacrux is not installed")
def test_the_values_behind_the_notes_agree_with_gacrux(trf):
    """gacrux: with -u 1000 the unrated player counts as 1000; without, ARO and TPR are undefined."""
    ours = compute(parse_trf(unrated_text()), "ARO,TPR", edition="fide2026", options=Options(unrated_rating=1000))
    ref = run_gacrux(str(trf), ["ARO", "TPR"], unrated=1000)
    assert all(ours.value(no, c) == ref[no][c] for no in ref for c in ("ARO", "TPR"))
    assert ref[1]["ARO"] == 1575
    dropped = run_gacrux(str(trf), ["ARO"])
    assert all(v["ARO"] is None for v in dropped.values())


def test_no_note_when_everyone_is_rated_or_no_rating_tiebreak_is_listed(tmp_path):
    rated = tmp_path / "rated.trf"
    rated.write_text(unrated_text(blank=()), encoding="utf-8")
    assert "Note:" not in run("standings", str(rated), "-t", "ARO,TPR")[1]
    assert "notes" not in json.loads(run("compute", str(rated), "-t", "ARO", "-f", "json")[1])
    assert rating_notes(compute(parse_trf(unrated_text()), "BH,SB")) == []


def test_json_carries_the_notes_and_csv_gives_them_on_standard_error(trf):
    doc = json.loads(run("compute", str(trf), "-t", "ARO,BH", "-f", "json")[1])
    assert len(doc["notes"]) == 1 and doc["notes"][0].startswith("ARO: not computed")
    assert json.loads(run("standings", str(trf), "-t", "ARO,BH", "-f", "json")[1])["notes"] == doc["notes"]
    status, out, err = run("standings", str(trf), "-t", "ARO,BH", "-f", "csv")
    assert status == 0 and "not computed" not in out
    assert err.startswith("xl-tiebreak: note: ARO: not computed, empty for every player: player 4 (Four, D)")


def test_many_unrated_players_are_named_a_few_then_counted():
    t = parse_trf(unrated_text(blank=(1, 2, 3, 4, 5, 6)))
    note = rating_notes(compute(t, "TPR"))[0]
    assert "players 1 (One, A), 2 (Two, B), 3 (Three, C), 4 (Four, D), 5 (Five, E) and 1 more are unrated" in note.text
    assert note.players == (1, 2, 3, 4, 5, 6)


# ------------------------------------------------------------------------------ explain


def test_explain_shows_the_rating_an_unrated_opponent_counted_with(trf):
    _, out, _ = run("explain", str(trf), "-p", "1", "-t", "ARO", "--unrated", "1000", "-r", "fide2024")
    assert "ARO = (1000 + 1800 + 1600 + 1900) / 4 = 1575.00, rounded half up: 1575" in out
    assert "  R1: unrated: counts as 1000" in out
    assert "Note: ARO: player 4 (Four, D) is unrated and counts as 1000" in out


def test_explain_says_why_there_is_no_value(trf):
    _, out, _ = run("explain", str(trf), "-p", "1", "-t", "TPR", "-r", "fide2024")
    assert "TPR = undefined" in out
    assert "Note: TPR: not computed, empty for every player: player 4 (Four, D) is unrated" in out
    _, out, _ = run("explain", str(trf), "-p", "1", "-t", "RTNG", "-r", "fide2024")  # rated, yet dropped
    assert "RTNG = undefined: the rating tie-breaks are dropped" in out and "None" not in out


def test_explain_of_the_unrated_player_s_own_rtng(trf):
    _, out, _ = run("explain", str(trf), "-p", "4", "-t", "RTNG", "--unrated", "1000", "-f", "json")
    e = json.loads(out)
    assert e["value"] == 1000 and e["rows"][0]["why"] == "unrated: counts as 1000"


# ------------------------------------------------------------------------------ check


def test_check_warns_at_the_unrated_player_s_rating_field_of_a_trf_file(tmp_path):
    path = tmp_path / "u202.trf"
    path.write_text(unrated_text("ARO,TPR,BH"), encoding="utf-8")
    status, out, _ = run("check", str(path), "-f", "json")
    doc = json.loads(out)
    assert status == 0 and doc["errors"] == 0
    [f] = doc["findings"]
    assert (f["severity"], f["rule"], f["where"]) == ("warning", "unrated", "u202.trf line 8, columns 49-52")
    assert f["message"].startswith("ARO, TPR will be empty for every player: player 4 (Four, D) has no rating")
    assert "--unrated RATING" in f["message"] and "ARO/U1000" in f["message"]
    path.write_text(unrated_text("ARO/U1000,BH"), encoding="utf-8")  # a rating given: nothing to say
    assert json.loads(run("check", str(path), "-f", "json")[1])["findings"] == []


def test_check_warns_at_the_rating_cell_of_a_workbook_until_a_rating_is_set(tmp_path):
    trf = tmp_path / "u202.trf"
    trf.write_text(unrated_text("ARO,TPR,BH"), encoding="utf-8")
    book = tmp_path / "u.xlsx"
    assert run("workbook", str(trf), "-o", str(book))[0] == 0
    found = json.loads(run("check", str(book), "-f", "json")[1])["findings"]
    [f] = [g for g in found if g["rule"] != "rating-report"]  # (and the Event sheet's fields the TRF lacked)
    assert (f["rule"], f["where"]) == ("unrated", "Crosstable!D8")
    assert load_workbook(book)["Crosstable"]["B8"].value == "Four, D"
    assert "Settings!B14 (Rating for unrated players)" in f["message"]
    wb = load_workbook(book)  # a test fixture: a user's workbook is never re-saved with openpyxl
    wb["Settings"]["B14"] = 1000
    wb.save(book)
    assert [g["rule"] for g in json.loads(run("check", str(book), "-f", "json")[1])["findings"]
            if g["rule"] == "unrated"] == []


# ------------------------------------------------------------------------------ the Standings sheet


def _under_the_table(book: Path) -> str:
    """The lines under the Standings page's table (its Name column, below the players), as the
    recompute stored them, joined into one text."""
    ws = load_workbook(book, data_only=True)["Standings"]
    rows = [r for r in range(5, ws.max_row + 1) if ws[f"B{r}"].value is None and ws[f"C{r}"].value]
    return " ".join(str(ws[f"C{r}"].value).replace("\u00a0", " ").strip() for r in rows)


def test_the_standings_page_has_the_note_under_the_legend(tmp_path):
    """The note is the one ``standings`` prints (one text, :mod:`xl_tiebreak.rating_notes`),
    under the legend of the page's table."""
    trf = tmp_path / "u202.trf"
    trf.write_text(unrated_text("ARO,TPR,BH"), encoding="utf-8")
    book = tmp_path / "u.xlsx"
    assert run("workbook", str(trf), "-o", str(book))[0] == 0
    [note] = rating_notes(compute(parse_trf(unrated_text("ARO,TPR,BH")), "ARO,TPR,BH"), UNRATED_HOW)
    under = _under_the_table(book)
    assert under.startswith("ARO: Average rating of opponents, C.07 Art. 10.1")
    # the note ends the legend (the rating figures', issue 36, are not shown: Settings, Rating figures no)
    assert under.endswith("Note: " + note.text) and "player 4 (Four, D) is unrated" in note.text
    assert "Rp: performance rating" not in under


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_the_printed_page_says_what_the_unrated_players_count_as(tmp_path):
    """The Standings page LibreOffice prints (the workbook's values, as the recompute stored them)."""
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    trf = tmp_path / "u202.trf"
    trf.write_text(unrated_text("ARO,TPR,BH"), encoding="utf-8")
    books = {name: tmp_path / f"{name}.xlsx" for name in ("dropped", "counted", "none")}
    run("workbook", str(trf), "-o", str(books["dropped"]))
    run("workbook", str(trf), "-o", str(books["none"]), "-t", "BH,SB")
    run("workbook", str(trf), "-o", str(books["counted"]))
    wb = load_workbook(books["counted"])  # a test fixture (see above)
    wb["Settings"]["B14"] = 1000
    wb.save(books["counted"])
    assert run("recompute", str(books["counted"]))[0] == 0
    got = {}
    for name, book in books.items():
        [page] = sheet_pages(pdf_pages(book, tmp_path / name), "Standings")
        got[name] = " ".join(page.replace("\u00a0", " ").split())
    assert "player 4 (Four, D) is unrated and no rating is set for unrated players, so the rating tie-breaks " \
           "are dropped" in got["dropped"]
    assert "player 4 (Four, D) is unrated and counts as 1000 (the rating set for unrated players" in got["counted"]
    assert "unrated" not in got["none"]


# ------------------------------------------------------------ how to set a rating: where the event was read

BOOK_HINT = "to count them, set one in Settings!B14 (Rating for unrated players)"
TRF_HINT = "to count them, set one with --unrated RATING or a descriptor such as ARO/U1000"


def test_every_face_of_a_workbook_names_its_settings_cell_and_every_face_of_a_trf_the_option(tmp_path):
    """The hint for unrated players travels with the event's source: a workbook's Standings
    sheet, its EXPLAIN function, ``explain`` and ``publish`` of it name Settings!B14 (they said
    --unrated, which the sheet cannot take); a TRF's name the command line's option."""
    import base64
    import re
    import zlib
    from xl_tiebreak.excel.ranges.book_reader import crosstable_place, crosstable_table, open_book
    from xl_tiebreak.excel.functions.individual import EXPLAIN
    trf = tmp_path / "u202.trf"
    trf.write_text(unrated_text("ARO,BH"), encoding="utf-8")
    book = tmp_path / "u.xlsx"
    assert run("workbook", str(trf), "-o", str(book))[0] == 0
    assert BOOK_HINT in _under_the_table(book) and "--unrated" not in _under_the_table(book)
    opened = open_book(book)
    rows = [list(r) for r in crosstable_table(opened, crosstable_place(opened))]
    notes = [r[1] for r in EXPLAIN(1, rows, "ARO", "fide2024", tiebreak_list="ARO,BH") if r[0] == "Note"]
    assert len(notes) == 1 and BOOK_HINT in notes[0] and "--unrated" not in notes[0], notes
    for source, hint in ((book, BOOK_HINT), (trf, TRF_HINT)):
        status, out, _ = run("explain", str(source), "-p", "1", "-t", "ARO", "-r", "fide2024")
        assert status == 0 and hint in one_line(out), out
        page = tmp_path / f"{source.stem}.html"
        assert run("publish", str(source), "-o", str(page), "-r", "fide2024")[0] == 0
        html = page.read_text(encoding="utf-8")
        legend = re.search(r'<section id="tiebreaks">.*?</section>', html, re.S).group(0)
        assert hint in legend, legend
        packed = re.findall(r'<script type="application/octet-stream" id="accounts-[^>]*>([^<]*)</script>', html)
        lines = [ln for block in packed for ln in json.loads(zlib.decompress(base64.b64decode(block)))["lines"]]
        accounts = [ln for ln in lines if "are dropped" in ln or "is dropped" in ln]
        assert accounts and all(hint in ln for ln in accounts), accounts[:2]


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext")),
                    reason="LibreOffice (soffice) and poppler (pdftotext) are needed")
def test_the_printed_standings_of_a_workbook_say_to_set_the_rating_in_its_settings_cell(tmp_path):
    """``print BOOK.xlsx``: the note at the end of the page names Settings!B14, as ``standings``
    of the same book does, never the command line's --unrated (which the page used to say)."""
    import subprocess
    trf = tmp_path / "u202.trf"
    trf.write_text(unrated_text("BH,ARO"), encoding="utf-8")
    book, pdf = tmp_path / "u.xlsx", tmp_path / "u.pdf"
    assert run("workbook", str(trf), "-o", str(book))[0] == 0
    assert run("print", str(book), "-o", str(pdf))[0] == 0
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    page = " ".join(text.replace("\u00a0", " ").split())
    assert BOOK_HINT in page and "--unrated" not in page, page[-400:]
    assert BOOK_HINT in one_line(run("standings", str(book))[1])
