"""Every table of the published page downloads as CSV, made by the page's own script from a Blob
(no request), its formula-like cells neutralised; and the page prints on A4 landscape keeping every
column of a 20-round crosstable, each printed page headed by the event's name and round (issue 36
item 7). Checked with Chromium's print to PDF, read back with poppler's pdftotext."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from dataclasses import replace
from pathlib import Path

import pytest

from oracle.generate import random_event
from test_publish import DEMO, _open, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf, read_trf
from xl_tiebreak.formatting import format_value
from xl_tiebreak.notation import format_cell
from xl_tiebreak.publish import build_page
from xl_tiebreak.standings import rank

HOSTILE = 'Open "2026" </style><script>alert(1)</script> \\ end'


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("csv") / "demo.html"
    out.write_text(build_page(compute(read_trf(DEMO), "BH/C1,SB")), encoding="utf-8")
    return out


def _download(page, button) -> list[list[str]]:
    with page.expect_download() as got:
        button.click()
    path = got.value.path()
    text = Path(path).read_bytes().decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text)))


def test_each_table_downloads_as_csv_equal_to_what_it_shows(browser, demo_page):  # noqa: F811
    page, seen = _open(browser, demo_page)
    result = compute(read_trf(DEMO), "BH/C1,SB")
    rows = list(rank(result))
    got = _download(page, page.get_by_role("button", name="Download Standings after round 4 of 4 as CSV"))
    assert got[0] == ["Rk", "No", "Name", "Rtg", "Fed", "Pts", "BH/C1", "SB", "Split by"]
    assert [(r[1], r[2], r[5]) for r in got[1:]] == [(str(r.player.no), r.player.name, format_value(r.points, 1))
                                                      for r in rows]
    cross = _download(page, page.get_by_role("button", name="Download Crosstable as CSV"))
    three = next(r for r in cross if r[0] == "3")
    assert three[4:8] == ["'+6w", "1w½", "2b1", "'+5w"]  # a forfeit's + neutralised: no formula in a spreadsheet
    assert len(cross) == 1 + 6
    page.locator("#pairings").scroll_into_view_if_needed()
    page.locator("section.pairs:not([hidden]) table").wait_for()
    pairs = _download(page, page.get_by_role("button", name="Download Round 4 as CSV"))
    # board 1 of round 4: 3 (2.5) against 5 (1.5), the larger sum of the two boards led by 2.5 (C.04.2)
    assert pairs[1][:8] == ["1", "3", "Three, C", "1800", "2.5", "'+/-", "1.5", "5"]
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert [u for u in seen["requests"] if not u.startswith("blob:")] == [demo_page.as_uri()]


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler's pdftotext is not installed")
def test_a_20_round_crosstable_prints_every_column_and_each_page_names_the_event_and_round(browser, tmp_path):  # noqa: F811
    t = parse_trf(random_event(7, players=40, rounds=20))
    t = replace(t, name=HOSTILE)
    out = tmp_path / "r20.html"
    out.write_text(build_page(compute(t, "BH/C1,SB")), encoding="utf-8")
    page, seen = _open(browser, out, 1280)
    page.emulate_media(media="print")
    pdf = tmp_path / "r20.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True)
    info = subprocess.run(["pdfinfo", str(pdf)], capture_output=True, text=True, check=True).stdout
    assert "841.92 x 594.96 pts (A4)" in info  # A4 landscape
    pages = int(next(ln.split()[-1] for ln in info.splitlines() if ln.startswith("Pages:")))
    texts = [subprocess.run(["pdftotext", "-layout", "-f", str(n), "-l", str(n), str(pdf), "-"], capture_output=True,
                            text=True, check=True).stdout for n in range(1, pages + 1)]
    for n, text in enumerate(texts, 1):  # the running head: the event's name (as written) and the round
        assert f"{HOSTILE} - standings after round 20 of 20" in " ".join(text.split()[:30]), n
        assert f"Page {n} of {pages}" in text
    cross = next(k for k, text in enumerate(texts) if "Crosstable" in text and "R20" in text)
    line = next(ln for ln in texts[cross].splitlines() if "R19" in ln)
    assert "R20" in line and "Pts" in line and "Rk" in line  # every round's column on the page, and the totals
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    shots = _shots()
    if shots:
        subprocess.run(["pdftoppm", "-png", "-r", "60", "-f", str(cross + 1), "-l", str(cross + 1), str(pdf),
                        str(shots / "print-crosstable")], check=True)


@pytest.mark.skipif(not shutil.which("pdftotext"), reason="poppler's pdftotext is not installed")
def test_a_large_events_crosstable_prints_though_it_never_came_into_view(browser, tmp_path, monkeypatch):  # noqa: F811
    """Past CROSSTABLE_HTML players x rounds the crosstable and the starting list are data blocks
    laid out when they come into view; printed before that, they printed their empty header. The
    script inflates their blocks when the page is idle and lays them out before a print."""
    import importlib
    monkeypatch.setattr(importlib.import_module("xl_tiebreak.publish.page"), "CROSSTABLE_HTML", 100)
    t = parse_trf(random_event(8, players=40, rounds=9))  # 360 > 100: the crosstable travels as data
    out = tmp_path / "large.html"
    out.write_text(build_page(compute(t, "BH/C1,SB")), encoding="utf-8")
    assert 'data-fill="crosstable-9"' in out.read_text(encoding="utf-8")
    page, seen = _open(browser, out, 1280, 600)
    page.evaluate("() => new Promise(r => requestIdleCallback(() => setTimeout(r, 300)))")
    rows = "(s) => document.querySelector(s).tBodies[0].rows.length"
    assert page.evaluate(rows, "#crosstable table.x") == 0  # never in view: not laid out on the screen
    pdf = tmp_path / "large.pdf"
    page.pdf(path=str(pdf), prefer_css_page_size=True)
    assert page.evaluate(rows, "#crosstable table.x") == 40 and page.evaluate(rows, "#players table") == 40
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], capture_output=True, text=True, check=True).stdout
    cross = text[text.index("Crosstable\n"):]
    lines = [" ".join(ln.split()) for ln in cross.splitlines()]
    for p in t.players:  # every player's row is on paper: No, name, rating, federation, round 1's cell
        first = next(ln for ln in lines if ln.startswith(f"{p.no} {p.name} "))
        assert first.split(p.name, 1)[1].split()[:3] == [str(p.rating or ""), p.fed, format_cell(p.rounds[0])], first
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [out.as_uri()]
