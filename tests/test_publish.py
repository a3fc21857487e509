"""``xl-tiebreak publish``: one self-contained HTML page of an event. The page's values are the
engine's (the §6.1 example's known places and tie-breaks), each account of each round's standings
is what ``explain --rounds`` prints, names from the file are escaped, an existing page is kept,
and in a real browser (Debian's chromium through Playwright; skipped where either is missing) the
page loads without errors or requests, a click in any round's standings shows its account, and it
renders on a phone, a desktop and paper."""

from __future__ import annotations

import base64
import json
import os
import re
import shutil
import zlib
from dataclasses import replace
from html.parser import HTMLParser
from pathlib import Path
from typing import Optional

import pytest

from conftest import event, real_files
from xl_tiebreak import compute, demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.publish import build_page
from xl_tiebreak.publish.accounts import round_accounts
from xl_tiebreak.standings import rank

DEMO = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-6-1.trf"
CHROMIUM = "/usr/bin/chromium"
HOSTILE = "<script>alert('x')</script> \"Bob\" & <b>Co</b>"


class _Page(HTMLParser):
    """The page's tables as rows of cell texts by the section they are in, each body row with the
    accounts its values open (the table's round and first tie-break column, the row's player
    row), and each round's accounts decoded as the format says: base64 of zlib-compressed JSON
    ``{"lines": [...], "ids": [[...], ...]}``. An earlier round's standings, a data block of the
    same packing (``{"rows": [[place, player row, points, value, ..., split by], ...]}``), become
    that round's table as the script makes it: the final table's head, each row's No, Name, Rtg
    and Fed from the final table's row of that player. A round's accounts come in blocks of
    ``data-rows`` player rows (``accounts-R-C``), each with its own lines: read as one. A large
    event's crosstable, a data block too (``{"rows": [[points, rank, cell, opponent, ...], ...]}`` in start order), becomes its
    table's rows the same way."""

    def __init__(self, html: str) -> None:
        super().__init__(convert_charrefs=True)
        self.sections: list[str] = []
        self.rows: dict[str, list[list[str]]] = {}
        self.where: dict[str, list[Optional[tuple[str, int, int]]]] = {}
        self._table: dict[str, str] = {}
        self._cell: Optional[list[str]] = None
        self._row: Optional[list[str]] = None
        self._k: Optional[str] = None
        self._store: Optional[tuple[str, int, list[str]]] = None
        self.books: dict[str, tuple[list[str], list[list[int]], int]] = {}
        self._filled = ""
        self._rows = "0"
        self.opponents: list[list[int]] = []
        self.blocks: dict[str, list[list]] = {}
        self.others: dict[str, object] = {}
        self.feed(html)
        self.close()
        if not self.blocks:
            return
        final = max((k for k in self.rows if k.startswith("round ")), key=lambda k: int(k.split()[1]))
        head, *body = self.rows[final]
        player = {k: row for row, (_, _, k) in zip(body, self.where[final][1:])}
        for name, data in self.blocks.items():
            kind, r = name.split("-")
            if kind == "crosstable":
                assert self.rows["crosstable"][1:] == [] and self._filled == name, "a crosstable block fills its table"
                self.rows["crosstable"] += [[*player[k][1:5], *d[2::2], d[0], d[1]] for k, d in enumerate(data)]
                self.opponents = [d[3::2] for d in data]
                continue
            self.rows[f"round {r}"] = [head] + [[d[0], *player[d[1]][1:5], *d[2:]] for d in data]
            self.where[f"round {r}"] = [None] + [(r, 6, d[1]) for d in data]

    def handle_starttag(self, tag: str, attrs: list) -> None:
        a = dict(attrs)
        if tag == "section":
            # a round's section of pairings or matches (no id, no data-round) is its parent's
            inner = "data-round" not in a and self.sections
            self.sections.append(a.get("id") or (self.sections[-1] if inner else f"round {a.get('data-round')}"))
        elif tag == "table":
            self._table = a
            if "data-fill" in a:
                self._filled = a["data-fill"]
        elif tag == "tr":
            self._row, self._k = [], a.get("data-k")
        elif tag in ("td", "th"):
            self._cell = []
        elif tag == "script" and a.get("type") == "application/octet-stream":
            self._store = (a["id"], int(a.get("data-codes", -1)), [])
            self._rows = a.get("data-rows", "0")

    def handle_endtag(self, tag: str) -> None:
        if tag == "section":
            self.sections.pop()
        elif tag in ("td", "th") and self._row is not None and self._cell is not None:
            self._row.append("".join(self._cell).strip())
            self._cell = None
        elif tag == "tr" and self._row is not None:
            self.rows.setdefault(self.sections[-1], []).append(self._row)
            where = None if self._k is None else (self._table["data-r"], int(self._table["data-tb"]), int(self._k))
            self.where.setdefault(self.sections[-1], []).append(where)
            self._row = None
        elif tag == "script" and self._store is not None:
            name, codes, parts = self._store
            data = json.loads(zlib.decompress(base64.b64decode("".join(parts), validate=True)).decode("utf-8"))
            kind, r, *chunk = name.split("-")
            if kind == "accounts":  # a round's accounts come in blocks of so many player rows, in order
                lines, ids, _ = self.books.get(r, ([], [], codes))
                assert int(chunk[0]) * int(self._rows) * codes == len(ids), name
                self.books[r] = (lines + data["lines"], ids + [[i + len(lines) for i in x] for x in data["ids"]], codes)
            elif kind not in ("standings", "crosstable"):  # the pairings and lists: tests of their own
                self.others[name] = data
            else:
                assert (kind, self.sections[-1]) in (("standings", f"round {r}"), ("crosstable", "crosstable")), name
                self.blocks[name] = data["rows"]
            self._store = None

    def handle_data(self, data: str) -> None:
        if self._store is not None:
            self._store[2].append(data)
        elif self._cell is not None:
            self._cell.append(data)

    def table(self, section: str) -> list[dict[str, str]]:
        """The rows of a section's tables (one list for several tables with the same head)."""
        head, *body = self.rows[section]
        return [dict(zip(head, row)) for row in body if row != head]

    def account(self, section: str, no: int, column: str) -> str:
        """The account that the value in ``column`` of player ``no``'s row in ``section`` opens."""
        head = self.rows[section][0]
        at = next(k for k, r in enumerate(self.rows[section]) if r != head and r[head.index("No")] == str(no))
        where = self.where[section][at]
        assert where is not None, f"the row of {no} opens no account"
        r, first, k = where
        j = head.index(column) - first
        lines, ids, codes = self.books[r]
        assert 0 <= j < codes, f"{column} is no tie-break column"
        return "\n".join(lines[i] for i in ids[k * codes + j])


@pytest.fixture(scope="module")
def demo_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("publish") / "demo.html"
    assert main(["publish", str(DEMO), "-o", str(out), "--rules", "fide2024", "--places", "100,50",
                 "--category-prize", "U1800=20", "--category", "1800-2000"]) == 0
    return out


@pytest.fixture(scope="module")
def hostile_page(tmp_path_factory) -> Path:
    t = demo_tournament()
    t = replace(t, name=HOSTILE + " Open", players=tuple(replace(p, name=HOSTILE) if p.no == 3 else p
                                                       for p in t.players))
    out = tmp_path_factory.mktemp("publish") / "hostile.html"
    out.write_text(build_page(compute(t, edition="fide2024"), source="x.trf"), encoding="utf-8")
    return out


# ------------------------------------------------------------------------------ the page's content


def test_final_standings_show_the_known_places_and_values_of_the_example(demo_page):
    page = _Page(demo_page.read_text(encoding="utf-8"))
    rows = page.table("round 4")
    assert [(r["Rk"], r["No"], r["Name"], r["Pts"]) for r in rows] == [
        ("1", "3", "Three, C", "3.5"), ("2", "1", "One, A", "3.0"), ("3", "2", "Two, B", "1.5"),
        ("4", "5", "Five, E", "1.5"), ("5", "4", "Four, D", "1.0"), ("6", "6", "Six, F", "1.0")]
    first = rows[0]
    assert (first["BH/C1"], first["BH"], first["SB"], first["DE"], first["WIN"]) == ("10.0", "11.5", "10.00", "1", "3")
    assert rows[3]["Split by"] == "BH/C1" and rows[3]["BH/C1"] == "6.0"


def test_the_standings_after_each_earlier_round_are_the_engines(demo_page):
    page = _Page(demo_page.read_text(encoding="utf-8"))
    for r in (1, 2, 3):
        want = rank(compute(demo_tournament(), edition="fide2024", rounds=r))
        got = page.table(f"round {r}")
        assert [(g["Rk"], g["No"], g["Pts"]) for g in got] == [
            (w.place, str(w.player.no), f"{float(w.points):.1f}") for w in want]
    assert page.table("round 2")[0]["No"] == "3"  # 2.0 after round 2 (won the forfeit and drew)


def test_an_accounts_text_is_what_explain_prints(demo_page, capsys):
    page = _Page(demo_page.read_text(encoding="utf-8"))
    for no, code in ((3, "BH/C1"), (5, "SB"), (4, "DE")):
        capsys.readouterr()
        assert main(["explain", str(DEMO), "-p", str(no), "-t", code, "--rules", "fide2024",
                     "--tiebreaks", "BH/C1,BH,SB,DE,WIN"]) == 0  # the standings' list: DE's tied group
        printed = capsys.readouterr().out
        assert page.account("round 4", no, code) == printed
    assert "BH/C1 = 3.5 + 3.0 + 3.5 = 10.0 (cut: 1.5)" in page.account("round 4", 3, "BH/C1")
    # every value has its account, in each round's standings and in the category lists alike
    assert sorted(page.books) == ["1", "2", "3", "4"] and {len(ids) for _, ids, _ in page.books.values()} == {6 * 5}
    assert page.account("categories", 5, "SB") == page.account("round 4", 5, "SB")


def test_an_earlier_rounds_account_is_what_explain_prints_for_that_round(demo_page, capsys):
    page = _Page(demo_page.read_text(encoding="utf-8"))
    for r, no, code in ((2, 3, "SB"), (2, 1, "BH/C1"), (2, 5, "DE"), (3, 4, "WIN"), (3, 2, "DE"), (1, 6, "BH")):
        capsys.readouterr()
        assert main(["explain", str(DEMO), "-p", str(no), "-t", code, "--rules", "fide2024", "--rounds", str(r),
                     "--tiebreaks", "BH/C1,BH,SB,DE,WIN"]) == 0
        printed = capsys.readouterr().out
        assert f"after round {r}\n" in printed.splitlines(keepends=True)[0]
        assert page.account(f"round {r}", no, code) == printed, (r, no, code)
    # by hand from the crosstable: after round 2, player 3 has a forfeit win (its opponent counts as a
    # dummy with player 3's own 1.5, C.07 Art. 16.4) and a draw with player 1 (1.5 points): 1.5 + 0.75
    after2 = {row["No"]: row for row in page.table("round 2")}
    assert (after2["3"]["Pts"], after2["1"]["Pts"], after2["3"]["SB"]) == ("1.5", "1.5", "2.25")
    assert "SB = 1.50 + 0.75 = 2.25" in page.account("round 2", 3, "SB")


def test_every_account_of_every_round_is_explains():
    """Each account the page holds, round by round, is the library's explain for that round (what
    the command prints), the accounts that share their lines too."""
    t = demo_tournament()
    for r in (1, 2, 3, 4):
        res = compute(t, "BH/C1,BH,SB,DE,WIN", edition="fide2024", rounds=r)
        book = round_accounts(res)
        for k, p in enumerate(t.players):
            for j, code in enumerate(res.codes):
                want = render_text(explain(t, p.no, code, "fide2024", rounds=r, tiebreaks="BH/C1,BH,SB,DE,WIN"))
                assert book.text(k, j) == want, (r, p.no, code)


def test_a_tied_groups_de_accounts_share_their_lines_and_keep_their_own_rank():
    """Players 1 and 2 both score 2 (1 beat 2, lost to 3, beat 4; 2 won the other two), so DE ranks
    them inside the group {1, 2}: 1 first (won their game), 2 second. Their accounts show the same
    mini crosstable and differ only in the heading and the rank."""
    t = event({1: ["2w1", "3b0", "4w1"], 2: ["1b0", "4w1", "3b1"], 3: ["4w½", "1w1", "2w0"],
               4: ["3b½", "2b0", "1b0"]})
    res = compute(t, "DE,BH", edition="fide2026")
    book = round_accounts(res)
    one, two = book.ids[0 * 2 + 0], book.ids[1 * 2 + 0]
    assert len(one) == len(two) and sum(a != b for a, b in zip(one, two)) == 2
    assert "DE = rank 1 of 2" in book.text(0, 0) and "DE = rank 2 of 2" in book.text(1, 0)
    for k, p in enumerate(t.players):
        for j, code in enumerate(res.codes):
            assert book.text(k, j) == render_text(explain(res, p.no, code)), (p.no, code)


@pytest.mark.parametrize("edition", ["fide2012", "fide2024", "fide2026"])
def test_every_account_at_once_is_each_account_alone(edition):
    """explain_all (one breakdown for all players, what the page uses) equals explain, player by player."""
    from xl_tiebreak.explanation import explain_all
    codes = "BH/C1,BH/M1,FB,AOB,SB,SB/P,DE,WIN,WON,BPG,REP,KS,PS/C1,ARO/C1,TPR,APRO,RTNG,MEDIAN,SOLKOFF,CUM"
    res = compute(demo_tournament(), codes, edition=edition)
    for code in res.codes:
        got = explain_all(res, code)
        assert [e.player for e in got] == [1, 2, 3, 4, 5, 6]
        for e in got:
            assert e == explain(res, e.player, code), (code, e.player)
            assert e.value == res.value(e.player, code)


def test_crosstable_chart_categories_and_prizes(demo_page):
    html = demo_page.read_text(encoding="utf-8")
    page = _Page(html)
    cross = {r["No"]: r for r in page.table("crosstable")}
    assert [cross["3"][f"R{r}"] for r in range(1, 5)] == ["+6w", "1w½", "2b1", "+5w"]
    assert (cross["4"]["R3"], cross["4"]["R4"], cross["3"]["Rk"]) == ("Z", "BYE", "1")
    assert '<tr id="x6">' in html and '<a href="#x6">6</a>' in html
    # 1800-2000 (players 3, 1, 2: rated 1800, 2000, 1900), then U1800 (5, 4, 6), each in the event's order
    assert [(r["Cat"], r["Rk"], r["No"]) for r in page.table("categories")] == [
        ("1", "1", "3"), ("2", "2", "1"), ("3", "3", "2"), ("1", "4", "5"), ("2", "5", "4"), ("3", "6", "6")]
    assert [(r["No"], r["Prize"], r["Paid"]) for r in page.table("prizes")] == [
        ("3", "1st place", "100.00"), ("1", "2nd place", "50.00"), ("5", "U1800 1st", "20.00")]
    assert html.count("<polyline") == 6  # every player of six, one line each


def test_the_pages_category_headings_are_each_titled_women_too(tmp_path):
    # a page's category headings say the category and what it means: "Women (female players)" as
    # "U1800 (rated below 1800)", not a bare "women"
    from xl_tiebreak.examples import demo_text
    src = tmp_path / "demo.trf"
    src.write_text(demo_text(), encoding="utf-8")
    out = tmp_path / "page.html"
    assert main(["publish", str(src), "-o", str(out), "--category", "women", "--category", "U1800"]) == 0
    heads = re.findall(r"<h3>([^<]*)</h3>", out.read_text(encoding="utf-8"))
    assert "Women (female players)" in heads and "U1800 (rated below 1800)" in heads and "women" not in heads


def test_the_page_fetches_nothing(demo_page):
    html = demo_page.read_text(encoding="utf-8")
    assert "default-src 'none'" in html
    assert re.findall(r"https?://[^\"' ]+", html) == ["http://www.w3.org/2000/svg"]  # a namespace, not a fetch
    assert re.findall(r"\b(?:src|href)=\"([^#\"][^\"]*)\"", html) == []
    assert not re.search(r"@import|url\(", html)


def test_names_from_the_file_are_escaped(hostile_page):
    html = hostile_page.read_text(encoding="utf-8")
    assert "<script>alert" not in html and "<b>Co" not in html
    # the page's own: the one script, and in data blocks (never run) each round's accounts and the
    # three earlier rounds' standings, each round's pairings and the players' cards
    assert html.count("<script>") == 1
    assert html.count('<script type="application/octet-stream"') == html.count("<script") - 1 == 4 + 3 + 4 + 1
    assert "&lt;script&gt;alert(&#x27;x&#x27;)&lt;/script&gt; &quot;Bob&quot; &amp; &lt;b&gt;Co&lt;/b&gt;" in html
    page = _Page(html)
    assert page.table("round 4")[0]["Name"] == HOSTILE  # shown as written
    assert HOSTILE in page.account("round 4", 3, "BH")
    stores = re.findall(r'<script type="application/octet-stream"[^>]*>([^<]*)</script>', html)
    assert len(stores) == 4 + 3 + 4 + 1 and all(re.fullmatch(r"[A-Za-z0-9+/=]+", x) for x in stores)  # base64 only
    assert [r["Name"] for r in page.table("round 2") if r["No"] == "3"] == [HOSTILE]  # an earlier round's too


def test_a_workbook_publishes_the_same_standings_as_its_trf(demo_page, tmp_path):
    book = tmp_path / "book.xlsx"
    assert main(["workbook", str(DEMO), "-o", str(book)]) == 0
    out = tmp_path / "book.html"
    assert main(["publish", str(book), "-o", str(out), "--rules", "fide2024",
                 "--tiebreaks", "BH/C1,BH,SB,DE,WIN"]) == 0  # (the workbook's Settings add BPG)
    from_book = _Page(out.read_text(encoding="utf-8"))
    from_trf = _Page(demo_page.read_text(encoding="utf-8"))
    assert from_book.table("round 4") == from_trf.table("round 4")
    assert from_book.account("round 4", 3, "BH/C1") == from_trf.account("round 4", 3, "BH/C1")


def _book_with_sheets(tmp_path: Path, amount: object = 50) -> Path:
    """The demo event's workbook with a category (Mid: 1800-2000) typed on its Categories sheet and
    the prizes of ``demo_page``'s flags (Place 100 and ``amount``, U1800 20) on its Prizes sheet."""
    from openpyxl import load_workbook
    from xl_tiebreak.excel.authoring.prize_sheets import CAT_FIRST, PRIZE_HEAD_ROW
    book = tmp_path / "book.xlsx"
    assert main(["workbook", str(DEMO), "-o", str(book)]) == 0
    wb = load_workbook(book)
    wb["Categories"].cell(CAT_FIRST, 1, "Mid")
    wb["Categories"].cell(CAT_FIRST, 2, "1800-2000")
    prizes = wb["Prizes"]
    prizes.cell(PRIZE_HEAD_ROW + 1, 2, 100)
    prizes.cell(PRIZE_HEAD_ROW + 2, 2, amount)
    prizes.cell(PRIZE_HEAD_ROW, 3, "U1800")
    prizes.cell(PRIZE_HEAD_ROW + 1, 3, 20)
    wb.save(book)
    return book


def test_a_workbook_publishes_its_categories_and_prizes_sheets(demo_page, tmp_path, capsys):
    # the sheets hold what demo_page's flags say (--places 100,50 --category-prize U1800=20 --category
    # 1800-2000): the page without flags lists the same categories and prizes
    book = _book_with_sheets(tmp_path)
    out = tmp_path / "book.html"
    assert main(["publish", str(book), "-o", str(out), "--rules", "fide2024", "--tiebreaks", "BH/C1,BH,SB,DE,WIN"]) == 0
    html = out.read_text(encoding="utf-8")
    page, want = _Page(html), _Page(demo_page.read_text(encoding="utf-8"))
    assert page.table("categories") == want.table("categories")
    assert page.table("prizes") == want.table("prizes")
    assert "<h3>Mid: 1800-2000 (rated 1800 to 2000)</h3>" in html  # its name, then what it means
    # a name of the Categories sheet is a --category, as for standings; --places replaces the sheet's
    # place prizes only (its category prizes and rules hold, as for prizes)
    assert main(["publish", str(book), "-o", str(out), "--force", "--category", "Mid", "--places", "7"]) == 0
    page = _Page(out.read_text(encoding="utf-8"))
    assert [(r["Cat"], r["No"]) for r in page.table("categories")][:3] == [("1", "3"), ("2", "1"), ("3", "2")]
    got = [(r["No"], r["Prize"], r["Paid"]) for r in page.table("prizes")]
    assert got[0] == ("3", "1st place", "7.00") and [g[1] for g in got[1:]] == ["U1800 1st"]
    assert main(["publish", str(book), "-o", str(out), "--force", "--places", "7", "--category-prize", "U1800=5"]) == 0
    got = [(r["Prize"], r["Paid"]) for r in _Page(out.read_text(encoding="utf-8")).table("prizes")]
    assert got == [("1st place", "7.00"), ("U1800 1st", "5.00")]


def test_a_workbook_whose_prize_table_is_bad_is_not_published(tmp_path, capsys):
    from xl_tiebreak.excel.authoring.prize_sheets import PRIZE_HEAD_ROW
    book = _book_with_sheets(tmp_path, "abc")
    out = tmp_path / "book.html"
    assert main(["publish", str(book), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert f"book.xlsx: Prizes!B{PRIZE_HEAD_ROW + 2} (Place, 2nd prize): 'abc' is not an amount" in err
    assert not out.exists() and "Traceback" not in err
    # --places replaces the place prizes only: the sheet is still read (its category prizes), and refused
    assert main(["publish", str(book), "-o", str(out), "--places", "100,50"]) == 2
    assert f"Prizes!B{PRIZE_HEAD_ROW + 2}" in capsys.readouterr().err
    assert main(["publish", str(book), "-o", str(out), "--places", "100,50", "--category-prize", "U1800=20"]) == 0


def test_a_page_part_way_shows_only_the_rounds_evaluated(tmp_path):
    out = tmp_path / "r2.html"
    assert main(["publish", str(DEMO), "-o", str(out), "--rounds", "2", "--rules", "fide2024"]) == 0
    html = out.read_text(encoding="utf-8")
    page = _Page(html)
    assert sorted(k for k in page.rows if k.startswith("round")) == ["round 1", "round 2"]
    assert list(page.table("crosstable")[0]) == ["No", "Name", "Rtg", "Fed", "R1", "R2", "Pts", "Rk"]
    assert "<h3>Standings after round 2 of 4</h3>" in html
    want = rank(compute(demo_tournament(), edition="fide2024", rounds=2))
    assert [r["No"] for r in page.table("round 2")] == [str(w.player.no) for w in want]


#: an event paired for nothing yet: two players, five rounds to come
NOT_STARTED = ("012 Not started\n042 2026/06/01\nXXR 5\n"
               "001    1 m    A, B                              2000 NOR        1001 2000/01/01  0.0    1\n"
               "001    2 m    C, D                              1900 NOR        1002 2000/01/01  0.0    2\n")


def test_an_event_before_its_first_round_still_makes_a_page(tmp_path):
    trf = tmp_path / "empty.trf"
    trf.write_text(NOT_STARTED, encoding="utf-8")
    out = tmp_path / "empty.html"
    assert main(["publish", str(trf), "-o", str(out)]) == 0
    page = _Page(out.read_text(encoding="utf-8"))
    assert [(r["Rk"], r["No"], r["Pts"]) for r in page.table("round 0")] == [("1-2", "1", "0.0"), ("1-2", "2", "0.0")]


def test_an_undefined_value_is_a_dash_that_opens_its_account(tmp_path, capsys):
    """Before round 1 nobody has an opponent: ARO (the opponents' average rating) is undefined,
    shown as the legend says (a dash), and its account is still the one explain prints."""
    trf = tmp_path / "empty.trf"
    trf.write_text(NOT_STARTED, encoding="utf-8")
    out = tmp_path / "empty.html"
    assert main(["publish", str(trf), "-o", str(out), "--tiebreaks", "BH,ARO"]) == 0
    page = _Page(out.read_text(encoding="utf-8"))
    assert [(r["No"], r["BH"], r["ARO"]) for r in page.table("round 0")] == [("1", "0.0", "\u2014"),
                                                                             ("2", "0.0", "\u2014")]
    capsys.readouterr()
    assert main(["explain", str(trf), "-p", "2", "-t", "ARO", "--tiebreaks", "BH,ARO"]) == 0
    assert page.account("round 0", 2, "ARO") == capsys.readouterr().out


# ------------------------------------------------------------------------------ writing the file


def test_an_existing_page_is_kept_unless_forced(tmp_path, capsys):
    out = tmp_path / "page.html"
    out.write_text("the arbiter's own page", encoding="utf-8")
    assert main(["publish", str(DEMO), "-o", str(out)]) == 2
    assert "the file exists" in capsys.readouterr().err and "--force" in capsys.readouterr().err + "--force"
    assert out.read_text(encoding="utf-8") == "the arbiter's own page"
    assert main(["publish", str(DEMO), "-o", str(out), "--force"]) == 0
    assert out.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")
    assert [p.name for p in tmp_path.iterdir()] == ["page.html"]  # no temporary file left behind


def test_a_read_only_page_and_a_link_are_respected(tmp_path, capsys):
    ro = tmp_path / "ro.html"
    ro.write_text("keep", encoding="utf-8")
    ro.chmod(0o444)
    assert main(["publish", str(DEMO), "-o", str(ro), "--force"]) == 2
    assert "read-only" in capsys.readouterr().err and ro.read_text(encoding="utf-8") == "keep"
    target = tmp_path / "real.html"
    target.write_text("old", encoding="utf-8")
    link = tmp_path / "link.html"
    link.symlink_to(target)
    assert main(["publish", str(DEMO), "-o", str(link), "--force"]) == 0
    assert link.is_symlink() and target.read_text(encoding="utf-8").startswith("<!DOCTYPE html>")


@pytest.mark.parametrize("args, needle", [
    (["nowhere.trf"], "nowhere.trf: no such file"),
    ([str(DEMO), "--category", "U1x"], "--category"),
    ([str(DEMO), "--unit", "0"], "--unit"),
    ([str(DEMO), "--places", "100,abc"], "place prizes: prize 2 'abc' is not an amount"),
    ([str(DEMO), "--tiebreaks", "BH,XYZ"], "XYZ"),
])
def test_bad_input_is_one_message_and_status_2(tmp_path, capsys, args, needle):
    out = tmp_path / "p.html"
    assert main(["publish", *args, "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert needle in err and "Traceback" not in err and err.count("\n") == 1
    assert not out.exists()


def test_a_real_events_page_ranks_as_the_standings_command(tmp_path, capsys):
    files = real_files()
    if not files:
        pytest.skip("../shared/data/real is not beside the project")
    path = files[0]
    out = tmp_path / "real.html"
    assert main(["publish", str(path), "-o", str(out)]) == 0
    capsys.readouterr()
    assert main(["standings", str(path), "--format", "json"]) == 0
    want = json.loads(capsys.readouterr().out)
    page = _Page(out.read_text(encoding="utf-8"))
    final = page.table(f"round {want['rounds']}")
    assert [(r["Rk"], r["No"], r["Name"]) for r in final] == [(p["rank"], str(p["no"]), p["name"])
                                                              for p in want["players"]]
    no = want["players"][0]["no"]
    code = want["tiebreaks"][0]
    res = compute(__import__("xl_tiebreak").read_trf(path))
    assert page.account(f"round {want['rounds']}", no, code) == render_text(explain(res, no, code))


# ------------------------------------------------------------------------------ in a real browser


@pytest.fixture(scope="module")
def browser():
    sync = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists() and not shutil.which("chromium"):
        pytest.skip("chromium is not installed")
    with sync.sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"))
        yield b
        b.close()


def _open(browser, path: Path, width: int = 1280, height: int = 900):
    """A page at ``width`` with everything it reports: console messages, errors, requests, failures."""
    page = browser.new_page(viewport={"width": width, "height": height})
    seen: dict[str, list] = {"console": [], "errors": [], "requests": [], "failed": [], "dialogs": []}
    page.on("console", lambda m: seen["console"].append((m.type, m.text)))
    page.on("pageerror", lambda e: seen["errors"].append(str(e)))
    page.on("request", lambda r: seen["requests"].append(r.url))
    page.on("requestfailed", lambda r: seen["failed"].append(r.url))
    page.on("dialog", lambda d: (seen["dialogs"].append(d.message), d.dismiss()))
    page.goto(path.as_uri())
    page.wait_for_load_state("load")
    return page, seen


def _click(page, name: str) -> None:
    """Click the (first shown) value button named ``name`` and wait for its account: the script
    inflates a round's accounts, which a browser does asynchronously, then opens the dialog."""
    page.get_by_role("button", name=name).first.click()
    page.locator("#account").wait_for(state="visible", timeout=10_000)


def _shots() -> Optional[Path]:
    """Where screenshots go for a person to look at (``XL_TIEBREAK_SHOTS``), else nowhere."""
    folder = os.environ.get("XL_TIEBREAK_SHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
    return Path(folder) if folder else None


def test_the_page_loads_without_errors_or_requests(browser, demo_page):
    page, seen = _open(browser, demo_page)
    assert seen["errors"] == [] and seen["failed"] == [] and seen["dialogs"] == []
    assert [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [demo_page.as_uri()]
    assert page.evaluate("document.documentElement.classList.contains('js')")  # the script ran (CSP allowed it)
    page.close()


def test_a_click_on_a_value_shows_its_account(browser, demo_page):
    page, seen = _open(browser, demo_page)
    assert not page.locator("#account").is_visible()
    _click(page, "BH/C1 of 3 Three, C")
    shown = page.locator("#account-text").text_content()
    want = render_text(explain(demo_tournament(), 3, "BH/C1", "fide2024", tiebreaks="BH/C1,BH,SB,DE,WIN"))
    assert shown == want
    assert page.locator("#account-title").text_content() == "BH/C1 of 3 Three, C"
    page.keyboard.press("Escape")
    assert not page.locator("#account").is_visible()
    _click(page, "SB of 5 Five, E")
    assert "SB of player 5 Five, E" in page.locator("#account-text").text_content()
    page.get_by_role("button", name="Close").click()
    assert not page.locator("#account").is_visible()
    assert seen["errors"] == [] and seen["requests"] == [demo_page.as_uri()]
    page.close()


def test_the_round_picker_shows_an_earlier_rounds_standings(browser, demo_page):
    page, seen = _open(browser, demo_page)
    assert page.locator('section.round[data-round="4"]').is_visible()
    assert not page.locator('section.round[data-round="2"]').is_visible()
    page.locator('.picker button[data-round="2"]').click()
    assert page.locator('section.round[data-round="2"]').is_visible()
    assert not page.locator('section.round[data-round="4"]').is_visible()
    assert page.locator('.picker button[data-round="2"]').get_attribute("aria-pressed") == "true"
    assert page.locator('section.round[data-round="2"] h3').text_content() == "Standings after round 2 of 4"
    assert seen["errors"] == []
    page.close()


def test_a_click_in_an_earlier_rounds_standings_shows_that_rounds_account(browser, demo_page):
    page, seen = _open(browser, demo_page)
    page.locator('.picker button[data-round="2"]').click()
    page.locator('section.round[data-round="2"] button.v').first.wait_for()  # the table is made asynchronously
    assert page.locator('section.round[data-round="2"] button.v').count() == 6 * 5  # every value opens one
    _click(page, "SB of 3 Three, C (after round 2)")
    assert page.locator("#account-title").text_content() == "SB of 3 Three, C (after round 2)"
    shown = page.locator("#account-text").text_content()
    assert shown == render_text(explain(demo_tournament(), 3, "SB", "fide2024", rounds=2,
                                        tiebreaks="BH/C1,BH,SB,DE,WIN"))
    assert "SB = 1.50 + 0.75 = 2.25" in shown  # by hand: see the test of the round's accounts above
    page.keyboard.press("Escape")
    page.locator('.picker button[data-round="3"]').click()
    _click(page, "DE of 2 Two, B (after round 3)")
    assert page.locator("#account-text").text_content() == render_text(
        explain(demo_tournament(), 2, "DE", "fide2024", rounds=3, tiebreaks="BH/C1,BH,SB,DE,WIN"))
    page.keyboard.press("Escape")
    page.locator('.picker button[data-round="4"]').click()  # back to the final round: its own account again
    _click(page, "SB of 3 Three, C")
    assert "after round 4\n" in page.locator("#account-text").text_content()
    assert seen["errors"] == [] and seen["failed"] == [] and seen["requests"] == [demo_page.as_uri()]
    assert [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    page.close()


@pytest.mark.parametrize("width", [390, 1280])
def test_the_page_fits_a_phone_and_a_desktop(browser, demo_page, tmp_path, width):
    page, seen = _open(browser, demo_page, width, 844 if width < 600 else 900)
    # the page itself never scrolls sideways: only a wide table or the chart does, inside its box
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    rtg = page.locator('section.round[data-round="4"] th', has_text="Rtg")
    assert rtg.is_visible() == (width > 640)  # the optional columns give way on a phone
    folder = _shots() or tmp_path
    shot = folder / f"publish-{width}.png"
    page.screenshot(path=str(shot), full_page=True)
    _click(page, "BH/C1 of 3 Three, C")
    page.screenshot(path=str(folder / f"publish-{width}-account.png"))
    assert shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    page.keyboard.press("Escape")
    page.locator('.picker button[data-round="2"]').click()  # an earlier round's account fits the screen too
    _click(page, "SB of 3 Three, C (after round 2)")
    box = page.locator("#account").bounding_box()
    assert box is not None and box["x"] >= 0 and box["x"] + box["width"] <= width
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    page.screenshot(path=str(folder / f"publish-{width}-account-round2.png"))
    assert seen["errors"] == []
    page.close()


def test_print_shows_the_standings_without_the_controls(browser, demo_page, tmp_path):
    page, seen = _open(browser, demo_page)
    _click(page, "BH/C1 of 3 Three, C")  # an open account is not printed
    page.emulate_media(media="print")
    display = "(s) => getComputedStyle(document.querySelector(s)).display"
    assert [page.evaluate(display, s) for s in ("nav", ".picker", "#account")] == ["none"] * 3
    assert page.locator('section.round[data-round="4"] table').is_visible()
    assert page.locator("svg.chart").is_visible()
    pdf = page.pdf(format="A4")
    assert pdf[:5] == b"%PDF-" and len(pdf) > 20_000
    folder = _shots()
    if folder:
        (folder / "publish-print.pdf").write_bytes(pdf)
        page.screenshot(path=str(folder / "publish-print.png"), full_page=True)
    assert seen["errors"] == []
    page.close()


def test_a_browser_that_cannot_inflate_says_so_in_the_dialog(browser, demo_page):
    page = browser.new_page()
    page.add_init_script("delete window.DecompressionStream;")  # as in a browser from before 2023
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(demo_page.as_uri())
    _click(page, "BH/C1 of 3 Three, C")
    assert page.locator("#account-text").text_content().startswith("This browser could not read the accounts")
    assert errors == []
    page.close()


def test_print_shows_the_round_that_is_shown(browser, demo_page, tmp_path):
    """Paper gets the standings on screen: the final round's by default, an earlier one once picked
    (with its heading saying which), never the others."""
    page, seen = _open(browser, demo_page)
    page.locator('.picker button[data-round="2"]').click()
    page.emulate_media(media="print")
    assert page.locator('section.round[data-round="2"] table').is_visible()
    assert page.locator('section.round[data-round="2"] h3').text_content() == "Standings after round 2 of 4"
    assert not page.locator('section.round[data-round="4"]').is_visible()
    assert page.locator('section.round[data-round="2"] button.v').first.is_visible()  # a plain number on paper
    assert page.evaluate("(s) => getComputedStyle(document.querySelector(s)).borderBottomStyle",
                         'section.round[data-round="2"] button.v') == "none"
    pdf = page.pdf(format="A4")
    assert pdf[:5] == b"%PDF-"
    assert seen["errors"] == []
    page.close()


def test_a_hostile_name_is_shown_as_text_in_the_browser(browser, hostile_page):
    page, seen = _open(browser, hostile_page)
    assert seen["dialogs"] == [] and seen["errors"] == []  # no alert ran
    assert page.locator("h1").text_content() == HOSTILE + " Open"
    assert page.locator('section.round[data-round="4"] td.name').first.text_content() == HOSTILE
    _click(page, f"BH of 3 {HOSTILE}")
    assert HOSTILE in page.locator("#account-text").text_content()
    assert page.locator("#account b").count() == 0
    page.close()


def test_a_large_event_carries_the_final_standings_accounts_only_and_says_so(monkeypatch):
    """Beyond players x rounds = EVERY_ROUND_ACCOUNTS the page explains the final standings' values
    only (its size and time would grow past a club page's: 2,000 x 11 took 28 s and 14.5 MB), and
    says so at the top; the earlier rounds' standings are all still there."""
    import importlib
    gathering = importlib.import_module("xl_tiebreak.publish.gather")  # (the package names its function gather)
    t = demo_tournament()  # 6 players x 4 rounds = 24
    monkeypatch.setattr(gathering, "EVERY_ROUND_ACCOUNTS", 23)
    html = build_page(compute(t, edition="fide2024"))
    assert re.findall(r'id="accounts-(\d+)-0"', html) == ["4"]
    import html as markup
    assert ("Only the final standings' values open their accounts: 6 players x 4 rounds is more than the 23"
            in markup.unescape(html))
    assert len(re.findall(r'<section class="round"', html)) == 4
    monkeypatch.setattr(gathering, "EVERY_ROUND_ACCOUNTS", 24)
    html = build_page(compute(t, edition="fide2024"))
    assert re.findall(r'id="accounts-(\d+)-0"', html) == ["1", "2", "3", "4"] and "Only the final" not in html

