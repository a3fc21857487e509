"""The published page's crosstable by rank as well as by start number, and a round robin's square
crosstable (issue 36 item 3): by rank, the rows follow the final standings and each opponent is
named by their place in that order; the square crosstable's cells are each pairing's results from
both sides. In the file and in Chromium at 390 and 1280 px (no console error, no request)."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.generate import random_event
from test_publish import _open, _Page, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf
from xl_tiebreak.formatting import format_value
from xl_tiebreak.publish import build_page
from xl_tiebreak.standings import rank


@pytest.fixture(scope="module")
def robin(tmp_path_factory) -> tuple[Path, object]:
    """A 10-player round robin, 9 rounds."""
    t = parse_trf(random_event(3, kind="round-robin", players=10))
    result = compute(t, "SB,WIN", kind="round-robin")
    out = tmp_path_factory.mktemp("rr") / "rr.html"
    out.write_text(build_page(result), encoding="utf-8")
    return out, result


def test_a_round_robins_square_crosstable_holds_each_pairings_results_from_both_sides(robin):
    path, result = robin
    page = _Page(path.read_text(encoding="utf-8"))
    square = [r for r in page.rows["crosstable"] if len(r) == 5 + 10 + 1 + 2]  # the square table's rows
    head, body = square[0], square[1:]
    rows = list(rank(result))
    assert head[5:15] == [str(j) for j in range(1, 11)]
    assert [r[1] for r in body] == [str(r.player.no) for r in rows]  # the final standings' order
    assert [r[15] for r in body] == [format_value(r.points, 1) for r in rows]  # the standings' points
    points = {"1": 1, "½": 0.5, "0": 0, "+": 1, "-": 0, "--": 0}
    for i, r in enumerate(body):
        assert r[5 + i] == "×"
        assert sum(points[c] for c in r[5:15] if c != "×") == float(rows[i].points)
        for j in range(10):
            if i != j:
                mirror = {"1": "0", "0": "1", "½": "½", "+": "-", "-": "+", "--": "--"}[r[5 + j]]
                assert body[j][5 + i] == mirror


def test_a_swiss_events_page_has_no_square_crosstable():
    html = build_page(compute(parse_trf(random_event(4, players=12, rounds=5)), "BH"))
    assert "square crosstable" not in html and 'data-order="rank"' in html


@pytest.mark.parametrize("width", [390, 1280])
def test_the_crosstable_by_rank_follows_the_standings_and_names_opponents_by_rank(browser, robin, width):  # noqa: F811
    path, result = robin
    page, seen = _open(browser, path, width, 844 if width < 600 else 900)
    by_no = page.evaluate("Array.from(document.querySelectorAll('#crosstable table.x tbody tr'), "
                          "r => Array.from(r.cells, c => c.textContent))")
    page.get_by_role("group", name="Crosstable order").get_by_role("button", name="By rank").click()
    by_rank = page.evaluate("Array.from(document.querySelectorAll('#crosstable table.x tbody tr'), "
                            "r => Array.from(r.cells, c => c.textContent))")
    rows = list(rank(result))
    place = {r.player.no: k + 1 for k, r in enumerate(rows)}
    assert [r[0] for r in by_rank] == [str(r.player.no) for r in rows]
    row = {r[0]: r for r in by_no}
    for r in by_rank:  # the same cells, each opponent's number now their place in the final order
        for mine, was in zip(r[4:-2], row[r[0]][4:-2]):
            opp = next(p.rounds for p in result.tournament.players if str(p.no) == r[0])
            assert mine == was or any(was.replace(str(x.opponent), str(place[x.opponent]), 1) == mine
                                      for x in opp if x.opponent)
    assert by_rank[0][-1] == "1" and by_rank[0][-2] == format_value(rows[0].points, 1)
    shots = _shots()
    if shots:
        page.locator("#crosstable").screenshot(path=str(shots / f"crosstable-rank-{width}.png"))
    page.get_by_role("button", name="By start number").click()
    assert page.evaluate("Array.from(document.querySelectorAll('#crosstable table.x tbody tr'), "
                         "r => Array.from(r.cells, c => c.textContent))") == by_no
    assert page.locator("table.sq").is_visible()
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert seen["errors"] == [] and seen["failed"] == [] and seen["dialogs"] == []
    assert [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [path.as_uri()]
