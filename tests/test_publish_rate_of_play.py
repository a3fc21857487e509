"""``publish BOOK.xlsx`` reads the workbook's Settings row Rate of play (issue 36 item 2's
follow-up), as ``card`` and ``standings --rating-change`` do: the page's player cards are the cards
``card`` prints on the same book (compared with the command, not with an oracle)."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stderr, redirect_stdout
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))
from test_page_pairings import blocks  # noqa: E402
from test_publish import DEMO  # noqa: E402
from tests.support.workbook_typing import read_sheet, type_cells  # noqa: E402

from xl_tiebreak.cli import main  # noqa: E402


def run(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


def _card_words(text: str) -> list[str]:
    """A card's text as words, without the rounds table's head and its row of dashes."""
    lines = [ln for ln in text.splitlines() if ln.strip() and not set(ln) <= {"-", " "}]
    return [w for ln in lines if not ln.startswith("Rd  Col") for w in ln.split()]


def _page_card_words(html: str, row: int, rounds: int) -> list[str]:
    """Player row ``row``'s card after the last round as the page carries it, as words."""
    [book] = blocks(html, "cards").values()
    items = [json.loads(book["lines"][i]) for i in book["ids"][row * rounds + rounds - 1]]
    return [w for d in items if d[0] in "hgt" for w in " ".join(d[1:]).split()]


def _demo_book(tmp_path: Path, rate: str) -> tuple[Path, int]:
    """The demo event made into a workbook, its Settings row Rate of play set to ``rate``; and that row."""
    book = tmp_path / "demo.xlsx"
    assert run("workbook", str(DEMO), "-o", str(book))[0] == 0
    settings = read_sheet(book, "Settings")
    row = next(int(ref[1:]) for ref, v in settings.items() if ref[0] == "A" and v == "Rate of play")
    type_cells(book, {f"Settings!B{row}": rate})
    return book, row


def test_the_pages_cards_follow_the_workbooks_rate_of_play(tmp_path):
    book, _ = _demo_book(tmp_path, "Rapid")
    status, _, err = run("publish", str(book), "-o", str(tmp_path / "page.html"))
    assert status == 0, err
    page = (tmp_path / "page.html").read_text(encoding="utf-8")
    status, rapid, _ = run("card", str(book), "--player", "1")
    assert status == 0 and "Rapid" in rapid
    rounds = int(page.split('data-rounds="', 1)[1].split('"', 1)[0])
    got = _page_card_words(page, 0, rounds)
    assert got == _card_words(rapid)
    # the command's own option gives the same card; standard, the one the page gave before, differs
    assert got == _card_words(run("card", str(book), "--player", "1", "--rate-of-play", "rapid")[1])
    assert got != _card_words(run("card", str(book), "--player", "1", "--rate-of-play", "standard")[1])


def test_a_rate_of_play_the_cell_cannot_be_read_as_stops_publish_naming_it(tmp_path):
    book, row = _demo_book(tmp_path, "fast")
    status, _, err = run("publish", str(book), "-o", str(tmp_path / "page.html"))
    assert status == 2 and f"Settings!B{row}: 'fast' is not a rate of play" in err
    assert not (tmp_path / "page.html").exists()
