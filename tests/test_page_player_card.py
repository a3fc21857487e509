"""The published page's player card (issue 36 item 2): a click on a player's name opens what
``xl-tiebreak card`` prints for them (each round's opponent with rating and federation, colour,
result, running score, the rating change and the performance rating under FIDE B.02, from
:mod:`xl_tiebreak.rating_card`); a page past the accounts' size carries none. In the file and in
Chromium at 390 and 1280 px (no console error, no request)."""

from __future__ import annotations

from pathlib import Path

import pytest

from oracle.generate import random_event
from test_page_pairings import blocks
from test_publish import DEMO, _open, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf, read_trf
from xl_tiebreak.publish import build_page
from xl_tiebreak.rating_card import card_text
from xl_tiebreak.rating_change import player_rating


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("card") / "demo.html"
    out.write_text(build_page(compute(read_trf(DEMO), "BH/C1,SB")), encoding="utf-8")
    return out


def _card(book: dict, k: int) -> str:
    return "\n".join(book["lines"][i] for i in book["ids"][k])


def test_each_players_card_is_what_the_card_command_prints():
    t = parse_trf(random_event(13, players=130, rounds=7))
    got = blocks(build_page(compute(t, "BH")), "cards")
    assert sorted(got) == ["0", "1"]  # 100 player rows a block
    for k in (0, 57, 99, 100, 129):
        book, row = got[str(k // 100)], k % 100
        assert _card(book, row) == card_text(t, player_rating(t, t.players[k].no))


def test_a_page_past_the_accounts_size_has_no_cards():
    html = build_page(compute(parse_trf(random_event(14, players=700, rounds=9)), "BH"))
    assert blocks(html, "cards") == {}


@pytest.mark.parametrize("width", [390, 1280])
def test_a_click_on_a_name_opens_the_players_card(browser, demo_page, width):  # noqa: F811
    page, seen = _open(browser, demo_page, width, 844 if width < 600 else 900)
    page.get_by_role("button", name="Three, C, the player card of 3").first.click()
    page.locator("#account").wait_for(state="visible")
    assert page.locator("#account-title").text_content() == "Player card: 3 Three, C"
    t = read_trf(DEMO)
    assert page.locator("#account-text").text_content() == card_text(t, player_rating(t, 3))
    shots = _shots()
    if shots:
        page.screenshot(path=str(shots / f"card-{width}.png"))
    page.keyboard.press("Escape")
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [demo_page.as_uri()]
