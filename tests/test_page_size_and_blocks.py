"""How heavy a published page may get: past PAGE_BUDGET players x rounds ``publish`` refuses
before the work; past CROSSTABLE_HTML the crosstable travels as a data block that the script lays
out when it comes into view; a round's accounts travel in blocks of ACCOUNT_ROWS player rows, so
that a click inflates one small block. What the page shows stays what ``standings`` and
``explain`` print (read as the page's script reads it: ``test_publish._Page``)."""

from __future__ import annotations

import re

import pytest

from test_publish import DEMO, _click, _open, _Page, browser  # noqa: F401 (the fixture)
from xl_tiebreak import compute, demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.publish import build_page


def test_a_page_past_its_budget_is_refused_before_the_work(tmp_path, capsys, monkeypatch):
    """Past PAGE_BUDGET players x rounds, publish stops with one message and status 2 before it
    computes any earlier round (a page's size and opening time grow with it)."""
    import importlib
    gathering = importlib.import_module("xl_tiebreak.publish.gather")
    work = gathering.round_results
    monkeypatch.setattr(gathering, "PAGE_BUDGET", 23)  # the example: 6 players x 4 rounds = 24
    monkeypatch.setattr(gathering, "round_results", lambda *a: pytest.fail("the work began"))
    out = tmp_path / "p.html"
    assert main(["publish", str(DEMO), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert "6 players x 4 rounds = 24: more than the 23 players x rounds a published page holds" in err
    assert err.count("\n") == 1 and "Traceback" not in err and not out.exists()
    monkeypatch.setattr(gathering, "round_results", work)
    assert main(["publish", str(DEMO), "-o", str(out), "--rounds", "3"]) == 0  # 18: within
    monkeypatch.setattr(gathering, "PAGE_BUDGET", 24)
    assert main(["publish", str(DEMO), "-o", str(out), "--force"]) == 0


def test_a_large_events_crosstable_travels_as_data_and_reads_the_same(monkeypatch):
    """Past CROSSTABLE_HTML players x rounds the crosstable is a data block that the script makes a
    table when it comes into view (laid out at once, it took half the time a 2,000 x 11 page took
    to open): read as the script reads it, the same rows, and each opponent a link."""
    import importlib
    paging = importlib.import_module("xl_tiebreak.publish.page")
    res = compute(demo_tournament(), edition="fide2024")
    want = _Page(build_page(res)).table("crosstable")
    monkeypatch.setattr(paging, "CROSSTABLE_HTML", 23)
    html = build_page(res)
    page = _Page(html)
    assert 'data-fill="crosstable-4"' in html and '<tr id="x' not in html
    # without a script, the notes say the crosstable needs one too
    assert "each earlier round are not: they and the crosstable open with JavaScript on." in html
    assert "The crosstable of these 6 players opens with JavaScript on." in html
    assert page.table("crosstable") == want
    assert [r["R1"] for r in want][:3] == ["4w1", "5w½", "+6w"] and page.opponents[2] == [6, 1, 2, 5]
    assert page.opponents[3][2:] == [0, 0]  # player 4: Z and BYE, no opponent


def test_a_rounds_accounts_come_in_blocks_of_rows_and_each_opens_its_own(browser, tmp_path, monkeypatch):  # noqa: F811
    """A round's accounts travel in blocks of ACCOUNT_ROWS player rows, so that a click inflates
    one small block (a 2,000-player round in one block took 1 to 2.5 s to show its first account):
    with 2 rows a block, the example's 6 players make 3 blocks a round, and an account from each
    block is the one explain prints, read from the file and shown in the browser."""
    import importlib
    paging = importlib.import_module("xl_tiebreak.publish.page")
    monkeypatch.setattr(paging, "ACCOUNT_ROWS", 2)
    out = tmp_path / "blocks.html"
    out.write_text(build_page(compute(demo_tournament(), "BH/C1,BH,SB,DE,WIN", edition="fide2024")), encoding="utf-8")
    html = out.read_text(encoding="utf-8")
    assert re.findall(r'id="accounts-4-(\d+)" data-codes="5" data-rows="2"', html) == ["0", "1", "2"]
    page = _Page(html)
    for r, no, code in ((4, 1, "BH/C1"), (4, 4, "SB"), (4, 6, "DE"), (2, 5, "SB")):  # rows 0, 3, 5, 4
        want = render_text(explain(demo_tournament(), no, code, "fide2024", rounds=r, tiebreaks="BH/C1,BH,SB,DE,WIN"))
        assert page.account(f"round {r}", no, code) == want, (r, no, code)
    tab, seen = _open(browser, out)
    for no, name, code in ((6, "Six, F", "DE"), (1, "One, A", "BH/C1"), (4, "Four, D", "SB")):
        _click(tab, f"{code} of {no} {name}")
        assert tab.locator("#account-text").text_content() == render_text(
            explain(demo_tournament(), no, code, "fide2024", tiebreaks="BH/C1,BH,SB,DE,WIN"))
        tab.keyboard.press("Escape")
    assert seen["errors"] == [] and seen["requests"] == [out.as_uri()]
    tab.close()
