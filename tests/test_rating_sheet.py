"""The FIDE rating figures on the workbook (issue 36 item 2): the spilled ``RATINGS`` function and
the Standings page's Rp, K and Rtg+/- columns (``STANDINGS(..., page, rating_figures, rate_of_play)``),
through xlwings's own two runtimes, the headless recompute and LibreOffice's print, against
``xl-tiebreak standings --rating-change`` on the same event.

Two events: a real one (``bre-jeunes-2024-open-a.trf`` of shared/data/real, made into a workbook
with ``xl-tiebreak workbook``), where the command line is the reference; and a hand event whose
figures come from the spec's worked examples (RATING_RULES §7: E1, rated 1850, five rated games,
a forfeit win and an HPB: Rp 1923, K 20 +10.2, K 40 +20.4; E3, rated 2680: K 10 +1.6 uncapped in
a standard event after 1 Oct 2025, +1.9 capped in rapid), not from an oracle.
"""

from __future__ import annotations

import io
import json
import shutil
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path
from typing import Any

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from conftest import real_files  # noqa: E402
from test_rating_change import E1, event  # noqa: E402
from tests.support.runtimes import MISSING, body, classic, crosstable, officejs, same  # noqa: E402
from tests.support.workbook_typing import read_sheet, type_cells  # noqa: E402

from xl_tiebreak.cli import main  # noqa: E402
from xl_tiebreak.excel.functions import individual as fx  # noqa: E402
from xl_tiebreak.excel.ranges.book_reader import FIGURES_ROW  # noqa: E402
from xl_tiebreak.model import Kind  # noqa: E402
from xl_tiebreak.trf import write_trf  # noqa: E402

REAL = "bre-jeunes-2024-open-a.trf"
#: RATING_RULES §7 E3: rated 2680, W 2230, W 2260, D 2700, a forfeit win against 2500, a PAB
E3 = [(Kind.WIN, 2230), (Kind.WIN, 2260), (Kind.DRAW, 2700), (Kind.FORFEIT_WIN, 2500), (Kind.PAB, None)]


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def cli_figures(source: Path, *more: str) -> list[list[Any]]:
    """``standings --rating-change`` as JSON, each ranked player's Rp, K (``20*`` when assumed, as
    the table prints it) and Rtg+/- (to 0.1), in the standings' order."""
    status, out, _ = run("standings", str(source), "--rating-change", "-f", "json", *more)
    assert status == 0
    rows = []
    for p in json.loads(out)["players"]:
        r = p["rating"]
        k = "" if r["k"] is None else f"{r['k']}*" if r["k_assumed"] else r["k"]
        rows.append(["" if r["rp"] is None else r["rp"], k, "" if r["change_shown"] is None else r["change_shown"]])
    return rows


@pytest.fixture(scope="module")
def real_book(tmp_path_factory) -> Path:
    """The real event made into a workbook, the Settings row Rating figures set to yes, recomputed."""
    path = next((p for p in real_files() if p.name == REAL), None)
    if path is None:
        pytest.skip("shared/data/real is not there")
    book = tmp_path_factory.mktemp("real") / "open-a.xlsx"
    assert run("workbook", str(path), "-o", str(book))[0] == 0
    settings = read_sheet(book, "Settings")
    assert settings[f"A{FIGURES_ROW}"] == "Rating figures" and settings[f"B{FIGURES_ROW}"] == "no"
    type_cells(book, {f"Settings!B{FIGURES_ROW}": "yes"})
    assert run("recompute", str(book))[0] == 0
    return book


def test_by_default_the_standings_page_has_no_rating_figures(tmp_path):
    """The Settings row Rating figures says no on a new workbook (the page prints at about 10 pt,
    issue 33), as ``standings`` shows them only with --rating-change: Fed ends the header, no
    rating legend under the table."""
    path = next((p for p in real_files() if p.name == REAL), None)
    if path is None:
        pytest.skip("shared/data/real is not there")
    book = tmp_path / "open-a.xlsx"
    assert run("workbook", str(path), "-o", str(book))[0] == 0
    shown = read_sheet(book, "Standings")
    assert shown["L4"] == "Fed" and shown.get("M4") in (None, "")
    assert not any("Rating rules" in str(v) or "Rp: performance" in str(v) for v in shown.values())


def test_the_rating_figures_argument_takes_the_cells_yes_or_no_and_names_it_when_bad():
    """STANDINGS' rating_figures reads the Settings cell as it holds it (yes/no, any case) as well
    as TRUE/FALSE; another value is an error that names the templates' cell."""
    table = crosstable(event(1850, E1, start="2025-05-10"))
    f = fx.FUNCTIONS["STANDINGS"]
    width = len(f(table, "BH", "2025-05-10", None, None, None, None, None, None, None, True, False)[0])
    for yes in ("yes", "Yes", True):
        assert len(f(table, "BH", "2025-05-10", None, None, None, None, None, None, None, True, yes)[0]) == width + 3
    for no in ("no", "NO", "", None, False):
        assert len(f(table, "BH", "2025-05-10", None, None, None, None, None, None, None, True, no)[0]) == width
    from xl_tiebreak.errors import InputError
    with pytest.raises(InputError, match=rf"rating_figures 'maybe'.*Settings!B{FIGURES_ROW}, Rating figures"):
        f(table, "BH", "2025-05-10", None, None, None, None, None, None, None, True, "maybe")


def _standings_call(book: Path) -> list[Any]:
    """The Standings sheet's call as Excel hands its arguments over (the recompute's reading)."""
    from xl_tiebreak.excel.recompute.formula_book import workbook_calls
    calls, _, _ = workbook_calls(book.read_bytes())
    return next(args for name, args in calls if name == "STANDINGS" and args[11] is not None)


def test_ratings_through_both_runtimes_equal_standings_rating_change_on_a_real_event(real_book):
    args = _standings_call(real_book)
    crosstable_, tbs, edition, kind, _row, _col, unrated, settings, rounds, live, _page, _ratings, rate = args
    ratings_args = [crosstable_, tbs, edition, kind, rate, None, None, unrated, settings, rounds, live]
    want = [["Rp", "K", "Rtg+/-"]] + cli_figures(real_book)
    assert len(want) == 16 and want[1] == [1745, "20*", 67.4]  # (no K column, no birth dates: K 20 assumed)
    js = officejs([body("RATINGS", *ratings_args), body("STANDINGS", *args)])["results"]
    com = classic([["RATINGS", [MISSING if a is None else a for a in ratings_args]]])["results"]
    for got in (js[0], com[0]):
        assert "value" in got, got
        assert same(got["value"], want)
    # the page: the same three columns after Title, Rtg and Fed, row for row with the players
    page = js[1]["value"]
    assert page[0][-6:] == ["Title", "Rtg", "Fed", "Rp", "K", "Rtg+/-"]
    assert same([row[-3:] for row in page[:16]], want)


def test_recompute_fills_the_standings_columns_and_their_stored_values(real_book, tmp_path):
    """What the recompute wrote (the cells and the Cache block LibreOffice shows) equals the
    command line; with the Settings' rate of play set to rapid, both change alike."""
    shown = read_sheet(real_book, "Standings")
    assert [shown[f"{c}4"] for c in "MNO"] == ["Rp", "K", "Rtg+/-"]  # five codes: Rp after Fed in L
    got = [[shown.get(f"{c}{r}", "") for c in "MNO"] for r in range(5, 20)]
    assert same(got, cli_figures(real_book))
    cache = read_sheet(real_book, "Cache")
    assert any(v == "Rtg+/-" for v in cache.values())
    settings = read_sheet(real_book, "Settings")
    row = next(int(ref[1:]) for ref, v in settings.items() if ref[0] == "A" and v == "Rate of play")
    book = tmp_path / "rapid.xlsx"
    shutil.copy(real_book, book)
    type_cells(book, {f"Settings!B{row}": "Rapid"})
    assert run("recompute", str(book))[0] == 0
    rapid = read_sheet(book, "Standings")
    got = [[rapid.get(f"{c}{r}", "") for c in "MNO"] for r in range(5, 20)]
    assert same(got, cli_figures(book)) and same(got, cli_figures(real_book, "--rate-of-play", "rapid"))
    under = " ".join(str(v) for ref, v in rapid.items() if ref[0] == "C").replace("\u00a0", " ")
    assert "Rating rules: FIDE Rating Regulations B.02 2024 (Rapid and Blitz Rating Regulations), rapid" in \
        " ".join(under.split())
    assert "rate of play standard assumed" not in under


def test_a_workbook_without_the_rate_row_reads_as_before(real_book, tmp_path):
    """A workbook made before the Settings row: standard is assumed and said, as for a TRF file
    without record 222; a rate the row cannot be read as is refused by the faces that need it."""
    settings = read_sheet(real_book, "Settings")
    row = next(int(ref[1:]) for ref, v in settings.items() if ref[0] == "A" and v == "Rate of play")
    old = tmp_path / "old.xlsx"
    shutil.copy(real_book, old)
    type_cells(old, {f"Settings!A{row}": "", f"Settings!B{row}": ""})
    status, out, err = run("standings", str(old), "--rating-change")
    assert status == 0 and "rate of play standard assumed" in " ".join(out.split())
    bad = tmp_path / "bad.xlsx"
    shutil.copy(real_book, bad)
    type_cells(bad, {f"Settings!B{row}": "fast"})
    status, _, err = run("standings", str(bad), "--rating-change")
    assert status == 2 and f"Settings!B{row}: 'fast' is not a rate of play" in err
    assert run("standings", str(bad))[0] == 0  # the standings alone do not read it


def _with_k(table: list[list[Any]], k: dict[int, int]) -> list[list[Any]]:
    """The crosstable with a column headed K after Rating (start number -> K; empty elsewhere)."""
    return [row[:3] + ["K" if i == 0 else k.get(row[0], None)] + row[3:] for i, row in enumerate(table)]


def test_the_spec_worked_examples_through_both_runtimes_and_the_k_column(tmp_path):
    """E1 (RATING_RULES §7): K 20 assumed, +10.2 (K shown 20*); K 40 given in the crosstable's K
    column, +20.4; Rp 1923 either way. E3: K 10 (rated 2400 or more, not assumed), +1.6 in a
    standard event of 2025-11-02 (the gaps over 400 not capped at 2650 and above), +1.9 in rapid
    (capped). The command line on the same event as a TRF gives the same."""
    e1 = crosstable(event(1850, E1, start="2025-05-10"))
    e3 = crosstable(event(2680, E3, start="2025-11-02"))
    calls = [("RATINGS", (e1, "BH", "2025-05-10")), ("RATINGS", (_with_k(e1, {1: 40}), "BH", "2025-05-10")),
             ("RATINGS", (e3, "BH", "2025-11-02", None, "standard")),
             ("RATINGS", (e3, "BH", "2025-11-02", None, "rapid")),
             ("STANDINGS", (e1, "BH", "2025-05-10", None, None, None, None, None, None, None, True, True)),
             ("STANDINGS", (_with_k(e1, {1: 40}), "BH", "2025-05-10", None, None, None, None, None, None, None,
                            True, True))]
    js = officejs([body(name, *a) for name, a in calls])["results"]
    com = classic([[name, [MISSING if v is None else v for v in a]] for name, a in calls])["results"]
    for results in (js, com):
        assert all("value" in r for r in results), results
        assert same(results[0]["value"][1:2], [[1923, "20*", 10.2]])
        assert same(results[1]["value"][1:2], [[1923, 40, 20.4]])
        assert same(results[2]["value"][1:2], [[2670, 10, 1.6]])
        assert same(results[3]["value"][1:2], [[2670, 10, 1.9]])
        assumed, given = (" ".join(str(row[2]) for row in r["value"]).replace("\u00a0", " ") for r in results[4:])
        assert "K: K factor, B.02 8.3.3; * assumed (give it in a column K of the crosstable)" in " ".join(
            assumed.split())
        assert "K: K factor, B.02 8.3.3" in given and "assumed (give it" not in given
        assert "rate of play standard assumed" in " ".join(assumed.split())
    trf = tmp_path / "e1.trf"
    trf.write_text(write_trf(event(1850, E1, start="2025-05-10")), encoding="utf-8")
    row = next(r for r in cli_figures(trf, "-t", "BH", "--k-factor", "1=40") if r[0] == 1923)
    assert row == [1923, 40, 20.4]


def test_a_bad_rate_of_play_is_the_functions_own_error_naming_the_argument():
    from xl_tiebreak.errors import InputError
    table = crosstable(event(1850, E1, start="2025-05-10"))
    message = "rate_of_play: 'classical' is not a rate of play; write standard, rapid or blitz"
    with pytest.raises(InputError, match=f"^RATINGS: {message}"):
        fx.FUNCTIONS["RATINGS"](table, "BH", None, None, "classical")
    with pytest.raises(InputError, match=f"^STANDINGS: {message}"):
        fx.FUNCTIONS["STANDINGS"](table, "BH", None, None, None, None, None, None, None, None, True, True, "classical")
    # in Office.js a table shows its error in its first cell (the templates' IFERROR does not fall back)
    js = officejs([body("RATINGS", table, "BH", None, None, "classical")])["results"][0]
    assert js["value"][0][0].startswith("#ERROR: RATINGS: " + message), js


@pytest.mark.skipif(not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
                    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")
def test_the_rating_columns_print_on_the_standings_page(real_book, tmp_path):
    """LibreOffice's PDF of the recomputed workbook: Rp, K and Rtg+/- after Fed in the header, each
    player's figures at the end of his line, the whole table and its legend on one portrait page."""
    import re
    from tests.support.pdf_pages import pdf_pages, sheet_pages
    pages = sheet_pages(pdf_pages(real_book, tmp_path / "pdf"), "Standings")
    assert len(pages) == 1
    page = pages[0]
    assert re.search(r"Title\s+Rtg\s+Fed\s+Rp\s+K\s+Rtg\+/-", page)
    for rp, k, change in cli_figures(real_book):
        assert re.search(rf"FRA\s+{rp}\s+{re.escape(k)}\s+{re.escape(f'{change:+.1f}')}\s*$", page, re.M), (rp, change)
    assert "Rating rules: FIDE Rating" in page and "#NAME?" not in page
