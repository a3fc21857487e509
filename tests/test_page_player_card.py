"""The published page's player card (issue 36 items 2 and its review): a click on a player's
name opens their card after the round of the standings shown (its title says which), laid out as
HTML that fits a phone: who and the rules, the Rp / K / Rtg+/- figures, a table of rounds
(colour, opponent with rating and federation, result, running score, the rating steps), the
totals, and each tie-break's account after that round. Its figures are what
``xl-tiebreak card --rounds R`` prints, its accounts what ``explain`` prints; a page past the
accounts' size carries none. In the file and in Chromium at 390 and 1280 px (no console error,
no request, no sideways scroll of the page or of the dialog)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.generate import random_event
from test_page_pairings import blocks
from test_publish import DEMO, _open, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, parse_trf, read_trf
from xl_tiebreak.cli import main
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.publish import build_page
from xl_tiebreak.rating_card import card_text, standings_cells
from xl_tiebreak.rating_change import player_rating

CHAMPIGNOL = Path("/work/shared/data/real/66363-open-intl-champignol-2025.trf")


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("card") / "demo.html"
    out.write_text(build_page(compute(read_trf(DEMO), "BH/C1,SB")), encoding="utf-8")
    return out


def _words(text: str) -> list[str]:
    """A card's text as words, without the rounds table's head and its row of dashes."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not set(ln) <= {"-", " "}]
    return [w for ln in lines if not ln.startswith("Rd  Col") for w in ln.split()]


def _items(book: dict, n: int) -> list[list[str]]:
    return [json.loads(book["lines"][i]) for i in book["ids"][n]]


def test_each_players_card_after_each_round_is_what_the_card_command_prints():
    t = parse_trf(random_event(13, players=130, rounds=7))
    got = blocks(build_page(compute(t, "BH")), "cards")
    assert sorted(got) == ["0", "1"]  # 100 player rows a block
    for k in (0, 57, 99, 100, 129):
        book, row = got[str(k // 100)], k % 100
        for r in (1, 4, 7):
            items = _items(book, row * 7 + r - 1)
            fig = player_rating(t, t.players[k].no, rounds=r)
            assert [w for d in items if d[0] in "hgt" for w in " ".join(d[1:]).split()] == _words(card_text(t, fig))
            assert len([d for d in items if d[0] == "g"]) == r  # one row a round, up to the round
            figures = next(d for d in items if d[0] == "s")
            assert figures == ["s", "Rp", *figures[2:3], "K", *figures[4:5], "Rtg+/-", *figures[6:]]
            assert figures[2::2] == standings_cells(fig)  # what `standings --rating-change` shows


def test_a_page_past_the_accounts_size_has_no_cards():
    html = build_page(compute(parse_trf(random_event(14, players=700, rounds=9)), "BH"))
    assert blocks(html, "cards") == {}


def _card_words(page) -> list[str]:
    """The open card's words as the card command orders them (its paragraphs and rounds, not the
    figures line or the table's head)."""
    return page.evaluate("""() => {
      const out = [];
      for (const el of document.querySelectorAll('#card > p, #card table.rounds tbody td')) {
        out.push(...el.textContent.split(/\\s+/).filter(Boolean));
      }
      return out;
    }""")


def _fits(page, width: int) -> None:
    """Nothing sideways: the page, the dialog and its paragraphs within the screen (the rounds
    table and the accounts may scroll inside their own boxes)."""
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert page.evaluate("(() => { const d = document.getElementById('account'); "
                         "return d.scrollWidth - d.clientWidth; })()") <= 0
    box = page.locator("#account").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width


@pytest.mark.parametrize("width", [390, 1280])
def test_a_card_opened_from_an_earlier_rounds_standings_is_the_card_after_that_round(browser, demo_page, width,  # noqa: F811
                                                                                      capsys):
    page, seen = _open(browser, demo_page, width, 844 if width < 600 else 900)
    page.locator('.picker button[data-round="2"]').click()
    page.locator('section.round[data-round="2"] table').wait_for()
    page.locator('section.round[data-round="2"]').get_by_role("button", name="Three, C, the player card of 3").click()
    page.locator("#card table.rounds").wait_for()
    assert page.locator("#account-title").text_content() == "Player card: 3 Three, C, after round 2"
    # §6.1's crosstable: 3 won by forfeit against 6 with white, then drew with 1 with white: 1.5 after round 2
    rows = page.locator("#card table.rounds tbody tr")
    assert rows.count() == 2
    assert [c.strip() for c in rows.nth(1).locator("td").all_text_contents()[:5]] == ["2", "w", "1 One, A 2000 NOR",
                                                                                      "½", "1.5"]
    assert main(["card", str(DEMO), "--player", "3", "--rounds", "2"]) == 0
    assert _card_words(page) == _words(capsys.readouterr().out)
    res = compute(read_trf(DEMO), "BH/C1,SB", rounds=2)
    accounts = page.locator("#card details")
    assert accounts.locator("summary").all_text_contents() == ["BH/C1", "SB"]
    assert accounts.locator("pre").all_text_contents() == [render_text(explain(res, 3, c)) for c in ("BH/C1", "SB")]
    _fits(page, width)
    page.keyboard.press("Escape")
    # from the final standings: the card after the last round
    page.locator('.picker button[data-round="4"]').click()
    page.locator('section.round[data-round="4"]').get_by_role("button", name="Three, C, the player card of 3").click()
    page.locator("#account").wait_for(state="visible")
    assert page.locator("#account-title").text_content() == "Player card: 3 Three, C, after round 4"
    t = read_trf(DEMO)
    assert _card_words(page) == _words(card_text(t, player_rating(t, 3)))
    assert page.locator("#card table.rounds tbody tr").count() == 4
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [demo_page.as_uri()]


@pytest.mark.skipif(not CHAMPIGNOL.exists(), reason="the real events are not here")
@pytest.mark.parametrize("width", [390, 1280])
def test_a_real_events_card_fits_a_phone_without_a_sideways_scroll(browser, tmp_path, width):  # noqa: F811
    """A real open (294 players, real long names, byes and forfeits): the card of the winner and
    of a player with the longest name fit the screen; the rounds table alone may scroll inside."""
    t = read_trf(CHAMPIGNOL)
    res = compute(t, "BH/C1,BH,SB")
    out = tmp_path / "champignol.html"
    out.write_text(build_page(res), encoding="utf-8")
    page, seen = _open(browser, out, width, 844 if width < 600 else 900)
    longest = max(t.players, key=lambda p: len(p.name))
    shots = _shots()
    for p in (next(iter(sorted(t.players, key=lambda p: -res.points[t.positions[p.no]]))), longest):
        page.locator("section.round:not([hidden])").get_by_role(
            "button", name=f"{p.name}, the player card of {p.no}", exact=True).click()
        page.locator("#card table.rounds").wait_for()
        assert page.locator("#account-title").text_content() == f"Player card: {p.no} {p.name}, after round {t.rounds}"
        assert _card_words(page) == _words(card_text(t, player_rating(t, p.no)))
        _fits(page, width)
        if shots and p is longest:
            page.screenshot(path=str(shots / f"card-champignol-{width}.png"))
        page.keyboard.press("Escape")
    page.locator('.picker button[data-round="5"]').click()  # the longest name's card after round 5
    page.locator('section.round[data-round="5"]').get_by_role(
        "button", name=f"{longest.name}, the player card of {longest.no}", exact=True).click()
    page.locator("#account").wait_for(state="visible")
    assert page.locator("#account-title").text_content() == f"Player card: {longest.no} {longest.name}, after round 5"
    assert page.locator("#card table.rounds tbody tr").count() == 5
    assert _card_words(page) == _words(card_text(t, player_rating(t, longest.no, rounds=5)))
    for summary in page.locator("#card summary").all():  # each account open: it scrolls inside its own box
        summary.click()
    _fits(page, width)
    if shots:
        page.screenshot(path=str(shots / f"card-champignol-round5-{width}.png"))
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [out.as_uri()]
