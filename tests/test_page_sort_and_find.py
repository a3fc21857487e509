"""Sorting any table of the published page by any column, and the search box that keeps the rows of
the player looked for (a start number exactly, or a part of a name), without reloading (issue 36
item 5). In Chromium at 390 and 1280 px: no console error, no request."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.generate import random_event
from test_publish import _open, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.formatting import format_value
from xl_tiebreak.publish import build_page
from xl_tiebreak.standings import rank


@pytest.fixture(scope="module")
def swiss(tmp_path_factory) -> tuple[Path, object]:
    result = compute(parse_trf(random_event(21, players=30, rounds=7)), "BH/C1,SB")
    out = tmp_path_factory.mktemp("sort") / "swiss.html"
    out.write_text(build_page(result), encoding="utf-8")
    return out, result


def _column(page, table: str, name: str) -> list[str]:
    return page.evaluate("([t, n]) => { const tb = document.querySelector(t);"
                         " const i = Array.from(tb.tHead.rows[0].cells, c => c.textContent).indexOf(n);"
                         " return Array.from(tb.tBodies[0].rows).filter(r => !r.hidden)"
                         ".map(r => r.cells[i].textContent); }", [table, name])


@pytest.mark.parametrize("width", [390, 1280])
def test_a_click_on_a_column_head_sorts_the_rows_and_a_second_the_other_way(browser, swiss, width):  # noqa: F811
    path, result = swiss
    page, seen = _open(browser, path, width, 844 if width < 600 else 900)
    final = "section.round:not([hidden]) table"
    rows = list(rank(result))
    head = page.locator(f"{final} thead").get_by_role("button", name="Name", exact=True)
    head.click()
    assert _column(page, final, "Name") == sorted((r.player.name for r in rows), key=str.casefold) or \
        _column(page, final, "Name") == sorted(r.player.name for r in rows)
    assert page.locator(f"{final} th").nth(2).get_attribute("aria-sort") == "ascending"
    page.locator(f"{final} thead").get_by_role("button", name="BH/C1", exact=True).click()
    values = [(r.values[0], -r.player.no) for r in rows]
    got = _column(page, final, "BH/C1")
    assert [float(v) for v in got] == sorted(float(v) for v, _ in values)  # ascending numbers, not texts
    page.locator(f"{final} thead").get_by_role("button", name="BH/C1", exact=True).click()
    assert [float(v) for v in _column(page, final, "BH/C1")] == sorted((float(v) for v, _ in values), reverse=True)
    page.locator(f"{final} thead").get_by_role("button", name="Rk", exact=True).click()
    assert _column(page, final, "No") == [str(r.player.no) for r in rows]  # back in the standings' order
    assert _column(page, final, "Pts") == [format_value(r.points, 1) for r in rows]
    # a value still opens its account after sorting
    page.locator(f"{final} button.v").first.click()
    page.locator("#account").wait_for(state="visible")
    page.keyboard.press("Escape")
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [path.as_uri()]


@pytest.mark.parametrize("width", [390, 1280])
def test_the_search_box_keeps_the_rows_of_the_player_looked_for(browser, swiss, width):  # noqa: F811
    path, result = swiss
    page, seen = _open(browser, path, width, 844 if width < 600 else 900)
    t = result.tournament
    who = t.players[6]
    page.get_by_role("searchbox", name="Find a player or team by name or start number").fill(str(who.no))
    assert _column(page, "section.round:not([hidden]) table", "No") == [str(who.no)]
    assert _column(page, "#crosstable table.x", "Name") == [who.name]
    part = who.name.split(",")[0][1:4]
    page.get_by_role("searchbox").fill(part.upper())  # any case
    want = [p.name for p in t.players if part.casefold() in p.name.casefold()]
    assert sorted(_column(page, "#crosstable table.x", "Name")) == sorted(want)
    page.locator("#pairings").scroll_into_view_if_needed()  # a table made after the search is filtered too
    page.locator("section.pairs:not([hidden]) table").wait_for()
    left = page.evaluate("Array.from(document.querySelectorAll('section.pairs:not([hidden]) tbody tr'))"
                         ".filter(r => !r.hidden).map(r => r.textContent)")
    assert left and all(any(n in row for n in want) for row in left)
    shots = _shots()
    if shots:
        page.screenshot(path=str(shots / f"find-{width}.png"))
    page.get_by_role("searchbox").fill("")
    assert len(_column(page, "#crosstable table.x", "Name")) == len(t.players)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [path.as_uri()]
