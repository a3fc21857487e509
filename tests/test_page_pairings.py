"""The published page's pairings and results per round (issue 36 item 1): board by board, from the
rounds played, with the players who had no opponent; each game once, White's result, the points
before the round equal to ``standings`` after the round before. In the file (the data blocks
decoded as the page's format says) and in Chromium at 390 and 1280 px (no console error, no
request)."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path

import pytest

from oracle.generate import random_event
from test_publish import DEMO, _open, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf, read_trf
from xl_tiebreak.formatting import format_value
from xl_tiebreak.publish import build_page


def blocks(html: str, kind: str) -> dict[str, dict]:
    """The page's data blocks of ``kind`` by their id's tail (base64 of zlib-compressed JSON)."""
    return {m.group(1): json.loads(zlib.decompress(base64.b64decode(m.group(2))).decode("utf-8"))
            for m in re.finditer(rf'<script type="application/octet-stream" id="{kind}-([\w-]+)"[^>]*>([^<]*)</script>',
                                 html)}


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("pairs") / "demo.html"
    out.write_text(build_page(compute(read_trf(DEMO), "BH/C1,SB")), encoding="utf-8")
    return out


def test_each_game_is_on_one_board_and_the_points_before_are_the_standings_of_the_round_before():
    t = parse_trf(random_event(5, players=31, rounds=7))
    result = compute(t, "BH")
    got = blocks(build_page(result), "pairs")
    assert sorted(got, key=int) == [str(r) for r in range(1, 8)]
    for r in range(1, 8):
        boards, alone = got[str(r)]["boards"], got[str(r)]["alone"]
        seen = [k for b in boards for k in b[1:3]] + [a[0] for a in alone]
        assert sorted(seen) == list(range(31))  # every player once: on a board or alone
        assert [b[0] for b in boards] == list(range(1, len(boards) + 1))
        before = [0] * 31 if r == 1 else compute(t, "BH", rounds=r - 1).points
        for b in boards:
            w, k = t.players[b[1]], b[2]
            assert w.rounds[r - 1].opponent == t.players[k].no and w.rounds[r - 1].colour in ("w", None)
            assert [b[4], b[5]] == [format_value(before[b[1]], 1), format_value(before[k], 1)]
        keys = [(max(before[b[1]], before[b[2]]), before[b[1]] + before[b[2]]) for b in boards]
        assert keys == sorted(keys, reverse=True)  # the higher score first, then the sum (C.04.2)


def test_the_demo_events_boards_are_those_of_its_file(demo_page):
    got = blocks(demo_page.read_text(encoding="utf-8"), "pairs")
    # round 1 of example-6-1.trf: 1-4 1-0, 2-5 draw, 3-6 forfeit won by White
    assert got["1"]["boards"] == [[1, 0, 3, "1-0", "0.0", "0.0"], [2, 1, 4, "½-½", "0.0", "0.0"],
                                  [3, 2, 5, "+/-", "0.0", "0.0"]]
    # round 2: 2 took a half-point bye and 5 the pairing-allocated bye (the points the round gave, then before)
    assert got["2"]["alone"] == [[1, "half-point bye", "0.5", "0.5"], [4, "pairing-allocated bye", "1.0", "0.5"]]


@pytest.mark.parametrize("width", [390, 1280])
def test_a_picked_rounds_pairings_show_board_by_board_in_the_browser(browser, demo_page, width):  # noqa: F811
    page, seen = _open(browser, demo_page, width, 844 if width < 600 else 900)
    page.locator("#pairings").scroll_into_view_if_needed()
    rows = page.locator("section.pairs:not([hidden]) tbody tr")
    rows.first.wait_for()
    assert page.locator("section.pairs:not([hidden]) h3").inner_text() == "Round 4"
    page.get_by_role("group", name="Pairings of round").get_by_role("button", name="2").click()
    rows.first.wait_for()
    texts = [[c.strip() for c in r.locator("td").all_inner_texts()] for r in rows.all()]
    ratings = {p.no: str(p.rating or "") for p in read_trf(DEMO).players}
    # round 2, board 1: 3 (1 point, a forfeit won) had White against 1 (1 point), a draw
    assert texts[0] == ["1", "3", "Three, C", ratings[3], "1.0", "½-½", "1.0", "1", "One, A", ratings[1]]
    rtg = page.locator("section.pairs:not([hidden]) tbody tr >> nth=0").locator("td >> nth=3")
    assert rtg.is_visible() == (width > 600)  # a phone leaves the ratings out
    assert texts[-1][1:3] == ["5", "Five, E"] and "pairing-allocated bye" in texts[-1]
    picker = page.get_by_role("group", name="Pairings of round")
    assert [b.get_attribute("aria-pressed") for b in picker.get_by_role("button").all()] == \
        ["false", "true", "false", "false"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shots = _shots()
    if shots:
        page.locator("#pairings").screenshot(path=str(shots / f"pairings-{width}.png"))
    assert seen["errors"] == [] and seen["failed"] == [] and seen["dialogs"] == []
    assert [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [demo_page.as_uri()]


def test_the_round_in_progress_shows_its_boards_with_the_results_not_in_yet_empty():
    from dataclasses import replace as with_
    from xl_tiebreak.model import Kind, Round
    t = parse_trf(random_event(5, players=12, rounds=5))
    a = next(p for p in t.players if p.rounds[4].opponent is not None and p.rounds[4].colour == "w")
    b = t.player(a.rounds[4].opponent)
    pending = {a.no: Round(Kind.NOT_PLAYED, b.no, "w"), b.no: Round(Kind.NOT_PLAYED, a.no, "b")}
    t = with_(t, players=tuple(with_(p, rounds=p.rounds[:4] + (pending[p.no],)) if p.no in pending else p
                               for p in t.players))
    result = compute(t, "BH")
    assert result.rounds == 4 and result.progress is not None and result.progress.current == 5
    got = blocks(build_page(result), "pairs")
    board = next(x for x in got["5"]["boards"] if x[1] == t.positions[a.no])
    assert board[2] == t.positions[b.no] and board[3] == ""  # paired, not in yet
    before = result.points  # the standings after round 4: the points before round 5
    assert [board[4], board[5]] == [format_value(before[board[1]], 1), format_value(before[board[2]], 1)]
