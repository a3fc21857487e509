"""The published page's event details, starting list and statistics (issue 36 item 4): the details
are the file's header records (TRF 022, 032, 042, 052, 102, 112, 122, 132), a workbook's from its
Event sheet; the starting list is the file's players in start order; the statistics count each
pairing once. In the file and in Chromium at 390 and 1280 px (no console error, no request)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from oracle.generate import random_event
from test_page_pairings import blocks
from test_publish import DEMO, _open, _Page, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.cli import main
from xl_tiebreak.publish import build_page

#: record 132: round 1's date at columns 92-99, each next one 10 columns on (TRF-16)
ROUND_DATES = "132" + " " * 88 + "25/01/01  25/01/02  25/01/03  25/01/04"
HEADER = ["022 Tromsø", "032 NOR", "052 2025/01/04", "102 Arbiter, Chief (1234567)", "112 Deputy, One",
          "112 Deputy, Two", "122 90 min/40 moves + 30 min + 30 s per move", ROUND_DATES]


@pytest.fixture(scope="module")
def event_file(tmp_path_factory) -> Path:
    """The demo event with the header records of a rating report."""
    lines = DEMO.read_text(encoding="utf-8").splitlines()
    at = next(k for k, ln in enumerate(lines) if ln.startswith("XXR"))
    out = tmp_path_factory.mktemp("details") / "event.trf"
    out.write_text("\n".join(lines[:at] + HEADER + lines[at:]) + "\n", encoding="utf-8")
    return out


def _details(html: str) -> dict[str, str]:
    section = html[html.index('<section id="event">'):]
    return dict(re.findall(r"<dt>([^<]*)</dt><dd>([^<]*)</dd>", section[:section.index("</dl>")]))


WANT = {"Players": "6", "Rounds": "4", "Type": "Swiss", "City": "Tromsø", "Federation": "NOR",
        "Start date": "2025/01/01", "End date": "2025/01/04", "Chief arbiter": "Arbiter, Chief (1234567)",
        "Deputy arbiters": "Deputy, One; Deputy, Two", "Time control": "90 min/40 moves + 30 min + 30 s per move",
        "Round dates": "R1 25/01/01, R2 25/01/02, R3 25/01/03, R4 25/01/04"}


def test_the_details_are_the_files_header_records(event_file, tmp_path):
    out = tmp_path / "event.html"
    assert main(["publish", str(event_file), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert _details(html) == WANT
    assert "<h3>Round 2, 25/01/02</h3>" in html  # the pairings name each round's date


def test_a_workbooks_details_are_its_event_sheets(event_file, tmp_path):
    book = tmp_path / "event.xlsx"
    assert main(["workbook", str(event_file), "-o", str(book)]) == 0
    out = tmp_path / "book.html"
    assert main(["publish", str(book), "-o", str(out)]) == 0
    assert _details(out.read_text(encoding="utf-8")) == WANT


def test_the_statistics_count_each_pairing_once_and_the_starting_list_is_the_files():
    html = build_page(compute(parse_trf(DEMO.read_text(encoding="utf-8")), "BH"))
    page = _Page(html)
    rows = page.rows["event"]  # the results' table, then the federations'
    counts = rows[1:rows.index(["Federation", "Players"])]
    # counted by hand from example-6-1.trf: round 1 1-0, draw, forfeit; round 2 draw, Black won, H and U;
    # round 3 1-0, Black won, two Z; round 4 draw, forfeit, U and Z
    assert counts == [["1", "1", "1", "0", "1", "0", "0", "0"], ["2", "0", "1", "1", "0", "0", "2", "0"],
                          ["3", "1", "0", "1", "0", "0", "2", "0"], ["4", "0", "1", "0", "1", "0", "2", "0"],
                          ["Total", "2", "3", "2", "2", "0", "6", "0"]]
    assert rows[rows.index(["Federation", "Players"]) + 1:] == [["NOR", "6"]]  # no titles: no titles' table
    players = page.table("players")
    assert [(r["No"], r["Name"], r["Fed"], r["Rtg"], r["FIDE ID"]) for r in players] == \
        [(str(n), name, "NOR", str(2100 - 100 * n), str(1000 + n))
         for n, name in enumerate(["One, A", "Two, B", "Three, C", "Four, D", "Five, E", "Six, F"], 1)]


def test_a_large_events_starting_list_travels_as_data():
    t = parse_trf(random_event(9, players=700, rounds=9))
    html = build_page(compute(t, "BH"))
    got = blocks(html, "list")["players"]["rows"]
    assert got == [[p.no, p.title, p.name, p.fed, p.rating or "", p.fide_id] for p in t.players]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_details_list_and_statistics_show_in_the_browser(browser, event_file, tmp_path, width):  # noqa: F811
    out = tmp_path / "event.html"
    assert main(["publish", str(event_file), "-o", str(out)]) == 0
    page, seen = _open(browser, out, width, 844 if width < 600 else 900)
    assert page.locator("#players tbody tr").count() == 6
    assert page.locator("#event dd").first.is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shots = _shots()
    if shots:
        page.locator("#players").screenshot(path=str(shots / f"players-{width}.png"))
        page.locator("#event").screenshot(path=str(shots / f"event-{width}.png"))
    assert seen["errors"] == [] and seen["failed"] == [] and seen["dialogs"] == []
    assert [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [out.as_uri()]


def test_a_large_events_starting_list_is_made_in_the_browser(browser, tmp_path):  # noqa: F811
    t = parse_trf(random_event(9, players=700, rounds=9))
    out = tmp_path / "large.html"
    out.write_text(build_page(compute(t, "BH")), encoding="utf-8")
    page, seen = _open(browser, out, 1280)
    page.locator("#players").scroll_into_view_if_needed()
    page.locator("#players tbody tr").nth(699).wait_for(state="attached")
    first = page.locator("#players tbody tr").first.locator("td").all_inner_texts()
    p = t.players[0]
    assert first == [str(p.no), p.title, p.name, p.fed, str(p.rating or ""), p.fide_id]
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [out.as_uri()]
