"""The published page in a real browser (Debian's chromium through Playwright; skipped where either
is missing), as a phone (390 px) and a desktop (1280 px) show it: the rank, name and points stay in
view after a sideways scroll and the header row after a scroll down, the page itself never scrolls
sideways (a long unbroken event name either), a screen reader hears each value's number, the
final standings show without JavaScript, the chart's round labels do not overlap at 20 rounds, a
large event's crosstable is laid out when it comes into view, and a team event's page behaves the
same. No console error and no request besides the page itself. Screenshots go to
``XL_TIEBREAK_SHOTS`` when it is set (for a person to look at)."""

from __future__ import annotations

import importlib
from dataclasses import replace
from pathlib import Path

import pytest

from oracle.generate import random_event
from test_publish import CHROMIUM, DEMO, _click, _open, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.cli import main
from xl_tiebreak.publish import build_page

TEAMS = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"
#: a long unbroken event name (no space to break at) and real long names
EVENT = "Internationale-Offene-Schachmeisterschaft-von-Nordrhein-Westfalen-2026-Gruppe-A"
LONG = ("Kowalczyk-Brzęczyszczykiewicz, Aleksander Maximilian", "Vandenberghe-Oosterhuis, Jean-Christophe",
        "Papadopoulou-Athanasiadou, Aikaterini")
CODES = "BH/C1,BH,SB,DE,WIN,BPG,ARO"


@pytest.fixture(scope="module")
def long_page(tmp_path_factory) -> Path:
    """A 40-player, 9-round Swiss with long names, a long unbroken event name and seven tie-breaks."""
    t = parse_trf(random_event(11, players=40, rounds=9))
    players = tuple(replace(p, name=LONG[k % 3] if k < 9 else p.name) for k, p in enumerate(t.players))
    t = replace(t, name=EVENT, players=players)
    out = tmp_path_factory.mktemp("layout") / "long.html"
    out.write_text(build_page(compute(t, CODES)), encoding="utf-8")
    return out


def _boxes(page, selector: str) -> list[dict]:
    return page.evaluate("(s) => Array.from(document.querySelectorAll(s), e => {"
                         "const b = e.getBoundingClientRect(); return {x: b.x, y: b.y, w: b.width, h: b.height}; })",
                         selector)


def _final(page) -> str:
    return "section.round:not([hidden])"


def _clean(seen: dict, path: Path) -> None:
    assert seen["errors"] == [] and seen["failed"] == [] and seen["dialogs"] == []
    assert [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [path.as_uri()]


@pytest.mark.parametrize("width", [390, 1280])
def test_rank_name_and_points_stay_in_view_after_a_sideways_scroll(browser, long_page, tmp_path, width):  # noqa: F811
    page, seen = _open(browser, long_page, width, 844 if width < 600 else 900)
    assert page.evaluate("document.documentElement.scrollWidth") <= width  # the long event name wraps
    h1 = page.locator("h1").bounding_box()
    assert h1 is not None and h1["x"] + h1["width"] <= width
    box = f"{_final(page)} .scroll"
    head = f"{_final(page)} thead th"
    names = [c.strip() for c in page.locator(head).all_text_contents()]
    rk, name, pts, last = 1, names.index("Name") + 1, names.index("Pts") + 1, len(names) - 1  # ARO, before Split by
    cells = {col: f"{_final(page)} tbody tr:nth-child(2) > :nth-child({col})" for col in (rk, name, pts, last)}
    before = {col: _boxes(page, sel)[0] for col, sel in cells.items()}
    overflow = page.evaluate("(s) => { const b = document.querySelector(s); return b.scrollWidth - b.clientWidth; }",
                             box)
    assert (overflow > 100) == (width < 600)  # the phone scrolls the table sideways, the desktop has room
    page.evaluate("(s) => { document.querySelector(s).scrollLeft = 10000; }", box)
    after = {col: _boxes(page, sel)[0] for col, sel in cells.items()}
    heads = _boxes(page, head)
    for col, cell in after.items():  # each header sits over its own column's cells, scrolled or not
        assert abs(heads[col - 1]["x"] - cell["x"]) < 1 and abs(heads[col - 1]["w"] - cell["w"]) < 1, col
    if width < 600:
        assert after[last]["x"] < before[last]["x"] - 100  # the tie-breaks moved ...
        for col in (rk, name, pts):  # ... under Rk, the name and Pts, which stay in view, side by side
            assert 0 <= after[col]["x"] and after[col]["x"] + after[col]["w"] <= width, (col, after[col])
        assert after[rk]["x"] + after[rk]["w"] <= after[name]["x"] + 1
        assert after[name]["x"] + after[name]["w"] <= after[pts]["x"] + 1
        wide = page.evaluate("(s) => Array.from(document.querySelectorAll(s + ' td.name'))"
                             ".filter(td => td.scrollWidth > td.clientWidth).map(td => td.textContent)", _final(page))
        assert wide == []  # a long name wraps inside its cell, even a long unbroken part of it
        hit = page.evaluate("(p) => document.elementFromPoint(p.x, p.y).closest('td').cellIndex",
                            {"x": after[pts]["x"] + after[pts]["w"] / 2, "y": after[pts]["y"] + after[pts]["h"] / 2})
        assert hit == pts - 1  # Pts is on top, not covered by the values scrolled under it
    # the header row stays at the top of its box when the table scrolls down
    top = _boxes(page, head)[0]["y"]
    page.evaluate("(s) => { document.querySelector(s).scrollTop = 300; }", box)
    assert page.evaluate("(s) => document.querySelector(s).scrollTop", box) > 0
    assert abs(_boxes(page, head)[0]["y"] - top) < 1
    page.screenshot(path=str((_shots() or tmp_path) / f"layout-{width}-scrolled.png"))
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    _clean(seen, long_page)
    page.close()


def test_a_value_button_is_announced_with_its_number_first(browser, long_page):  # noqa: F811
    page, seen = _open(browser, long_page)
    labels = page.evaluate(f"Array.from(document.querySelectorAll('{_final(page)} button.v'), "
                           "b => [b.textContent, b.getAttribute('aria-label')])")
    assert len(labels) == 40 * 7
    assert all(label.startswith(text + ", ") and " of " in label for text, label in labels)
    page.close()
    demo = DEMO.parent / "example-6-1.trf"
    out = long_page.parent / "demo.html"
    assert main(["publish", str(demo), "-o", str(out), "--rules", "fide2024", "--force"]) == 0
    page, seen = _open(browser, out)
    button = page.get_by_role("button", name="10.0, BH/C1 of 3 Three, C", exact=True)  # §6.1: BH/C1 of C is 10.0
    assert button.text_content() == "10.0"
    button.click()
    page.locator("#account").wait_for(state="visible")
    assert page.locator("#account-title").text_content() == "BH/C1 of 3 Three, C"
    _clean(seen, out)
    page.close()


def test_without_javascript_the_final_standings_show_and_the_picker_is_hidden(browser, long_page):  # noqa: F811
    context = browser.new_context(java_script_enabled=False, viewport={"width": 390, "height": 844})
    page = context.new_page()
    page.goto(long_page.as_uri())
    assert page.locator('section.round[data-round="9"] table').is_visible()
    assert page.locator('section.round[data-round="9"] tbody tr').count() == 40
    pickers = page.locator(".picker").all()  # the standings', the pairings' and the crosstable's order
    assert len(pickers) == 3 and not any(p.is_visible() for p in pickers) and not page.locator(".hint").is_visible()
    note = page.locator("p.nojs").first
    assert note.text_content() == ("The final standings are below; the standings after each earlier round are not: "
                                   "they open with JavaScript on, and every round's results are in the crosstable.")
    assert note.is_visible() and page.locator("#crosstable tbody tr").count() == 40
    assert not page.locator('section.round[data-round="3"]').is_visible()
    assert page.locator("button.v").count() == 0  # the values are plain numbers
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    context.close()


def test_the_charts_round_labels_do_not_overlap_at_20_rounds(browser, tmp_path):  # noqa: F811
    t = parse_trf(random_event(7, players=40, rounds=20))
    out = tmp_path / "r20.html"
    out.write_text(build_page(compute(t)), encoding="utf-8")
    for width in (390, 1280):
        page, seen = _open(browser, out, width)
        labels = page.evaluate("""Array.from(document.querySelectorAll('svg.chart text'), t => {
            const b = t.getBoundingClientRect(); return [t.textContent, b.left, b.right, Math.round(b.top)]; })""")
        bottom = max(top for *_, top in labels)
        row = sorted((left, right, text) for text, left, right, top in labels if top == bottom)
        assert row[0][2] == "round" and [r[2] for r in row[1:3]] == ["1", "2"] and row[-1][2] == "20"
        for (_, right, a), (left, _, b) in zip(row, row[1:]):
            assert right <= left, (a, b, width)  # each label ends before the next begins
        page.locator("#chart").screenshot(path=str((_shots() or tmp_path) / f"chart-20-rounds-{width}.png"))
        _clean(seen, out)
        page.close()


def test_a_large_events_crosstable_is_laid_out_when_it_comes_into_view(browser, tmp_path, monkeypatch):  # noqa: F811
    paging = importlib.import_module("xl_tiebreak.publish.page")
    monkeypatch.setattr(paging, "CROSSTABLE_HTML", 100)  # 40 x 20 rounds is past it: a data block
    t = parse_trf(random_event(7, players=40, rounds=20))
    out = tmp_path / "x.html"
    out.write_text(build_page(compute(t)), encoding="utf-8")
    page, seen = _open(browser, out)
    rows = page.locator("#crosstable tbody tr")
    assert rows.count() == 0
    page.locator("#crosstable h2").scroll_into_view_if_needed()
    rows.nth(39).wait_for(state="attached")  # (the page's CSP forbids wait_for_function's eval)
    assert rows.count() == 40
    first = page.locator("#crosstable tbody tr").first
    assert first.get_attribute("id") == f"x{t.players[0].no}"
    cells = first.locator("td").all_text_contents()
    from xl_tiebreak.notation import format_cell
    assert cells[4:24] == [format_cell(x) for x in t.players[0].rounds]
    opponent = t.players[0].rounds[0].opponent
    assert first.locator("td").nth(4).locator("a").get_attribute("href") == f"#x{opponent}"
    # at 1280 px, 20 rounds do not fit: the points and rank stay in view at the right
    th = page.locator("#crosstable thead th")
    rk = th.last.bounding_box()
    scroller = page.locator("#crosstable .scroll").bounding_box()
    assert rk is not None and scroller is not None and th.last.text_content() == "Rk"
    assert rk["x"] + rk["width"] <= scroller["x"] + scroller["width"] + 1 <= 1280
    assert page.evaluate("(s) => { const b = document.querySelector(s); return b.scrollWidth > b.clientWidth; }",
                         "#crosstable .scroll")
    page.screenshot(path=str((_shots() or tmp_path) / "crosstable-20-rounds-1280.png"))
    _clean(seen, out)
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_a_team_events_page_keeps_rank_team_and_match_points_in_view(browser, tmp_path, width):  # noqa: F811
    out = tmp_path / "team.html"
    assert main(["publish", str(TEAMS), "-o", str(out), "--tiebreaks", "EMGSB,BH:GP,MPvGP,GP,EGGSB"]) == 0
    page, seen = _open(browser, out, width, 844 if width < 600 else 900)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    box = "#standings .scroll"
    cells = {col: f"{box} tbody tr:nth-child(1) > :nth-child({col})" for col in (1, 3, 4)}  # Rk, Team, MP
    before = {col: _boxes(page, sel)[0] for col, sel in cells.items()}
    page.evaluate("(s) => { document.querySelector(s).scrollLeft = 10000; }", box)
    after = {col: _boxes(page, sel)[0] for col, sel in cells.items()}
    if width < 600:
        assert page.evaluate("(s) => document.querySelector(s).scrollLeft", box) > 0
        for col in (1, 3, 4):
            assert 0 <= after[col]["x"] and after[col]["x"] + after[col]["w"] <= width
    else:
        assert after == before
    label = page.locator(f"{box} button.v").first.get_attribute("aria-label")
    assert label.split(", ", 1)[0] == page.locator(f"{box} button.v").first.text_content()
    page.screenshot(path=str((_shots() or tmp_path) / f"team-{width}.png"), full_page=True)
    _clean(seen, out)
    page.close()
