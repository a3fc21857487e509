"""The printed standings and what is shown where our functions do not run,
through the real client: LibreOffice's PDF of the workbook, read back with pdftotext/pdfinfo.

How one sheet's pages are found: LibreOffice prints every visible sheet of the workbook into one
PDF; each page's footer says ``<sheet> - page P of N`` (the templates' footer ``&A - page &P of
&N``), so the Standings pages are those whose text holds ``Standings - page``. No export filter
option is needed (and none depends on the LibreOffice version).

LibreOffice's default for .xlsx files is "never recalculate on load": it shows the stored values,
and computes only cells that have none. Excel without the add-in (and LibreOffice set to "always
recalculate") recalculates everything; a private LibreOffice profile with
``OOXMLRecalcMode = 0`` (always) shows what the user sees then: every call of ours fails
(``#NAME?``) and the ``IFERROR`` of each table and of the status line shows the stored values.

Each conversion takes one to a few seconds; four in all. Skipped when soffice or poppler is absent.
"""

from __future__ import annotations

import re
import shutil
import sys
from pathlib import Path
from typing import Optional

import pytest

sys.path.insert(0, str(Path(__file__).parent))
from tests.support.pdf_pages import page_size, pdf_pages as _pdf, pdf_texts, pdf_words, sheet_pages as _sheet_pages  # noqa: E402
from tests.support.workbook_typing import read_sheet, type_cells  # noqa: E402

from xl_tiebreak.cli import main  # noqa: E402

pytestmark = pytest.mark.skipif(
    not all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")),
    reason="LibreOffice (soffice) and poppler (pdftotext, pdfinfo) are needed")

EVENT = "Riverside Open 2026"
NAMES = ["Maxime Vachier-Lagrave", "Hikaru Nakamura", "Fabiano Caruana", "Ding Liren", "Ian Nepomniachtchi",
         "Alireza Firouzja", "Wesley So", "Anish Giri", "Levon Aronian", "Shakhriyar Mamedyarov",
         "Jan-Krzysztof Duda-Wojtaszek von Longname", "Richard Rapport"]
def _under_the_table(page: str) -> str:
    """The text under the last player's line of a Standings page, its lines joined."""
    lines = page.replace("\u00a0", " ").splitlines()
    last = max(i for i, line in enumerate(lines) if re.match(r"\s*\d+(-\d+)?\s+\d+\s+\S", line))
    return " ".join(" ".join(line.split()) for line in lines[last + 1:])


def _event(book: Path, players: int, rounds: int, runtime: str = "classic", more: Optional[dict] = None) -> None:
    """The default (400-row) template, a Swiss of ``players`` typed in with ``rounds`` rounds
    (pairings by the circle method, results from a fixed rule) and the cells ``more``,
    recomputed by the CLI."""
    assert main(["template", "--runtime", runtime, "-o", str(book)]) == 0
    cells: dict[str, object] = {"Crosstable!A1": EVENT}
    for i in range(1, players + 1):
        r = 4 + i
        cells.update({f"Crosstable!A{r}": i, f"Crosstable!B{r}": NAMES[i - 1] if i <= len(NAMES) else f"Player {i:03d}",
                      f"Crosstable!C{r}": "GM" if i % 3 == 0 else "", f"Crosstable!D{r}": 2800 - 7 * i,
                      f"Crosstable!E{r}": ["NOR", "USA", "CHN", "FRA"][i % 4]})
    ids = list(range(1, players + 1))
    for rd in range(rounds):
        col = chr(ord("F") + rd)
        for k in range(players // 2):
            a, b = ids[k], ids[players - 1 - k]
            if rd % 2:
                a, b = b, a
            res = [("1", "0"), ("0", "1"), ("½", "½")][(a * 7 + b * 3 + rd) % 3]
            cells[f"Crosstable!{col}{4 + a}"] = f"{b}w{res[0]}"
            cells[f"Crosstable!{col}{4 + b}"] = f"{a}b{res[1]}"
        ids = [ids[0], ids[-1], *ids[1:-1]]
    type_cells(book, {**cells, **(more or {})})
    assert main(["recompute", str(book)]) == 0


@pytest.fixture(scope="module")
def twelve(tmp_path_factory):
    """A 12-player event after 5 rounds in the 400-row template, and its PDF's pages."""
    d = tmp_path_factory.mktemp("twelve")
    book = d / "riverside.xlsx"
    _event(book, 12, 5)
    return book, _pdf(book, d / "pdf")


def test_a_12_player_event_in_the_400_row_template_prints_its_standings_on_one_page(twelve):
    book, pages = twelve
    standings = _sheet_pages(pages, "Standings")
    assert len(standings) == 1 and len(_sheet_pages(pages, "Crosstable")) == 1
    page = standings[0]
    shown = read_sheet(book, "Standings")
    status = shown["A3"]  # what recompute wrote: "after round k of N ..." (the lead's wording) or the problems
    assert status and status in " ".join(page.split())  # wrapped inside the page's width
    if "after round" in str(shown["A3"]):
        assert "after round 5 of 11" in page
    head = page.splitlines()[:3]
    assert EVENT in head[0] and "Standings - edition fide2026" in head[1]
    # the header row; under the table the legend: each code of the Settings' list with its name,
    # modifiers in words (C.07 Art. 14: BH/C1 is Buchholz Cut-1), and article
    assert re.search(r"Rk\s+No\s+Name\s+Pts\s+BH/C1\s+BH\s+SB\s+DE\s+WIN\s+Title\s+Rtg\s+Fed", page)
    for entry in ("BH/C1: Buchholz Cut-1, C.07 Art. 8.1", "BH: Buchholz, C.07 Art. 8.1",
                  "SB: Sonneborn-Berger, C.07 Art. 9.1", "DE: Direct encounter (rank inside the tied group), C.07 Art. 6",
                  "WIN: Number of wins, played or not, C.07 Art. 7.1"):
        assert entry in _under_the_table(page), entry
    # every player once, in the order of the stored standings, with title, rating and federation
    for rank in range(1, 13):
        no, name = shown[f"B{4 + rank}"], shown[f"C{4 + rank}"]
        line = next(l for l in page.splitlines() if re.match(rf"\s*\d+\s+{no}\s+{re.escape(name[:20])}", l))
        assert f"{2800 - 7 * no}" in line and ["NOR", "USA", "CHN", "FRA"][no % 4] in line
        assert ("GM" in line) == (no % 3 == 0)
        # points with one decimal, SB with two, counts without: the stored values, aligned
        assert f"{shown[f'D{4 + rank}']:.1f}" in line and f"{shown[f'G{4 + rank}']:.2f}" in line
    # the long name wraps in its cell instead of being cut by the points column
    assert "Jan-Krzysztof Duda-Wojtaszek" in page and "Longname" in page
    assert "#NAME?" not in "".join(pages) and "#VALUE!" not in "".join(pages)


def test_recompute_ends_the_print_areas_at_the_last_player(twelve):
    book, _ = twelve
    import zipfile
    with zipfile.ZipFile(book) as z:
        xml = z.read("xl/workbook.xml").decode()
    areas = dict(re.findall(r'name="_xlnm.Print_Area" localSheetId="\d+">([^!]+)!([^<]+)<', xml))
    # the Standings: the 12 players (rows 5-16), an empty row, the 7 lines of the legend (DE and WIN
    # take two each); columns A:M, the page without the rating figures (Settings, Rating figures: no)
    assert areas["'Crosstable'"] == "$A$1:$X$16" and areas["'Standings'"] == "$A$1:$M$24"


def _standings_area(book: Path) -> str:
    import zipfile
    with zipfile.ZipFile(book) as z:
        xml = z.read("xl/workbook.xml").decode()
    return dict(re.findall(r'name="_xlnm.Print_Area" localSheetId="\d+">([^!]+)!([^<]+)<', xml))["'Standings'"]


def test_the_print_area_follows_the_rating_figures_setting_both_ways(tmp_path):
    """Settings row Rating figures yes: Rp, K and Rtg+/- after Fed in N:P (the default list's 5
    codes end at I: Title J, Rtg K, Fed L, Rp M, K N, Rtg+/- O) and their legend under the table, and
    the print area takes them in; back to no, it ends at M again, as the template sets it."""
    from xl_tiebreak.excel.ranges.book_reader import FIGURES_ROW
    book = tmp_path / "yes.xlsx"
    _event(book, 12, 5, more={f"Settings!B{FIGURES_ROW}": "yes"})
    shown = read_sheet(book, "Standings")
    assert [shown[f"{c}4"] for c in "JKLMNO"] == ["Title", "Rtg", "Fed", "Rp", "K", "Rtg+/-"]
    assert shown.get("P4") in (None, "")
    # the 12 players, an empty row, the 7 lines of the list's legend, then the 17 of the rating
    # figures' (no start date and no rate of play: both assumed and said)
    assert _standings_area(book) == "$A$1:$O$41"
    type_cells(book, {f"Settings!B{FIGURES_ROW}": "no"})
    assert main(["recompute", str(book)]) == 0
    shown = read_sheet(book, "Standings")
    assert shown["L4"] == "Fed" and shown.get("M4") in (None, "")
    assert _standings_area(book) == "$A$1:$M$24"


@pytest.mark.parametrize("runtime", ["classic", "lite"])
def test_without_our_functions_the_page_shows_the_last_recomputed_values(twelve, runtime, tmp_path):
    """LibreOffice set to recalculate everything on load (as Excel without the add-in does): the
    tables and the status line show the values of the last recompute, not #NAME?."""
    book, pages = twelve
    if runtime == "lite":
        book = tmp_path / "lite.xlsx"
        _event(book, 12, 5, runtime="lite")
    again = _sheet_pages(_pdf(book, tmp_path / "pdf", recalc_always=True), "Standings")
    assert len(again) == 1
    assert "#NAME" not in again[0] and "###" not in again[0] and "Err:" not in again[0]
    assert again[0] == _sheet_pages(pages, "Standings")[0]  # the very same page


def test_a_lite_template_names_our_functions_as_excel_saves_add_in_functions(tmp_path):
    book = tmp_path / "lite.xlsx"
    assert main(["template", "--runtime", "lite", "--players", "8", "-o", str(book)]) == 0
    import zipfile
    with zipfile.ZipFile(book) as z:
        sheets = {n: z.read(n).decode() for n in z.namelist() if n.startswith("xl/worksheets/sheet")}
        names = z.read("xl/workbook.xml").decode()
    formulas = [f for x in sheets.values() for f in re.findall(r"<f\b[^>]*>([^<]*)</f>", x)]
    names_ = r"(CATEGORY_STANDINGS|STANDINGS|RESULTS|SHEET_STATUS|STATUS|PRIZES|WHATIF)"
    ours = [f for f in formulas if re.search(names_ + r"\(", f)]
    assert ours and all(re.search(r"_xldudf_" + names_ + r"\(", f) for f in ours)
    assert not any(re.search(r"(?<!_xldudf_)(?<![A-Za-z_])" + names_ + r"\(", f) for f in formulas)
    assert "xlwings.conf" not in names  # the classic add-in's settings sheet is not needed by Lite


def test_a_100_player_event_prints_its_standings_one_page_wide(tmp_path):
    book = tmp_path / "big.xlsx"
    _event(book, 100, 5)
    pages = _sheet_pages(_pdf(book, tmp_path / "pdf"), "Standings")
    assert 2 <= len(pages) <= 4
    # every page carries the whole header row (the width fits, the row is repeated); the legend under the table
    for p in pages:
        assert re.search(r"Rk\s+No\s+Name\s+Pts\s+BH/C1\s+BH\s+SB\s+DE\s+WIN\s+Title\s+Rtg\s+Fed", p)
    assert "BH/C1: Buchholz Cut-1, C.07 Art. 8.1" in _under_the_table(pages[-1])
    # all 100 players, each on one line with its federation (no column went to another page)
    lines = [l for p in pages for l in p.splitlines() if re.match(r"\s*\d+(-\d+)?\s+\d+\s+\S", l)]  # "8-20": shared
    assert len(lines) == 100
    assert all(re.search(r"\b(NOR|USA|CHN|FRA)\b", l) for l in lines)


@pytest.mark.parametrize("figures, smallest", [("no", 9.5), ("yes", 8)])
def test_40_players_and_the_legend_print_on_one_portrait_page_at_about_10_pt(tmp_path, figures, smallest):
    """Issue 33: the legend beside the table shrank the page to about 7 pt; under the table, the
    page is as wide as the table and prints at about 10 pt, 40 players and the legend on one
    portrait A4 page (sizes as poppler reads the PDF's fonts). That is the templates' default
    (Settings, Rating figures: no). With yes, Rp, K and Rtg+/- follow Fed (issue 36): the table is
    16 characters wider (3 columns of 5.5), so the page scaled to one page wide prints at about 8 pt."""
    from xl_tiebreak.excel.ranges.book_reader import FIGURES_ROW
    book = tmp_path / "forty.xlsx"
    _event(book, 40, 7, more={f"Settings!B{FIGURES_ROW}": figures})
    pages = _pdf(book, tmp_path / "pdf")
    standings = [k for k, p in enumerate(pages) if "Standings - page" in p]
    assert len(standings) == 1
    page = pages[standings[0]]
    assert "WIN: Number of wins, played or not, C.07 Art. 7.1" in _under_the_table(page)
    pdf = tmp_path / "pdf" / "forty.pdf"
    width, height = page_size(pdf, standings[0] + 1)
    assert (round(width), round(height)) == (595, 842)  # A4, portrait
    texts = pdf_texts(pdf)[standings[0]]
    sizes = {t.size for t in texts if t.text.strip() and "page" not in t.text}
    body = max(sizes, key=lambda z: sum(1 for t in texts if t.size == z))  # the size most of the page is set in
    assert smallest <= body <= 11, sorted(sizes)
    assert ("Rtg+/-" in page) == (figures == "yes")


def test_a_shorter_list_leaves_no_empty_columns(tmp_path):
    """Four tie-breaks where the Settings have room for six: Title follows the last code, no empty
    column between them, and nothing is drawn past Fed (the legend is under the table)."""
    book = tmp_path / "four.xlsx"
    _event(book, 12, 5, more={"Settings!B11": "", "Settings!B12": ""})
    pages = _pdf(book, tmp_path / "pdf")
    k = next(k for k, p in enumerate(pages) if "Standings - page" in p)
    assert re.search(r"Rk\s+No\s+Name\s+Pts\s+BH/C1\s+BH\s+SB\s+DE\s+Title\s+Rtg\s+Fed", pages[k])
    words = pdf_words(tmp_path / "pdf" / "four.pdf")[k]
    top = next(w.top for w in words if w.text == "Rk")
    head = {w.text: w for w in words if abs(w.top - top) < 2}  # the header row's words
    pitch = head["DE"].left - head["SB"].left  # one tie-break column
    assert head["Title"].left - head["DE"].right < pitch
    assert list(head)[-1] == "Fed"  # nothing beside the table: the legend is under it


@pytest.mark.parametrize("codes", [4, 5, 6])
def test_title_rating_and_fed_print_whole_whatever_the_number_of_codes(tmp_path, codes):
    """The columns where Title, Rtg and Fed land for 4, 5 or 6 codes are each wide enough for any
    of them (looked at in LibreOffice's PDF): the headers at the size of the other headers and
    every four-digit rating at the size of the names, not shrunk into a narrow column (with the
    default five codes the rating fell in a column of width 4, its header "Rating" shrunk)."""
    more = {"Settings!B12": "ARO"} if codes == 6 else {"Settings!B11": ""} if codes == 4 else {}
    book = tmp_path / f"c{codes}.xlsx"
    _event(book, 12, 5, more=more)
    pages = _pdf(book, tmp_path / "pdf")
    k = next(k for k, p in enumerate(pages) if "Standings - page" in p)
    texts = pdf_texts(tmp_path / "pdf" / f"c{codes}.pdf")[k]

    def size(word: str) -> float:  # (poppler joins the words of one size on a line into one run)
        return next(t.size for t in texts if word in t.text.split())
    assert size("Title") == size("Rtg") == size("Fed") == size("Pts"), [(t.text, t.size) for t in texts[:16]]
    ratings = [t.size for t in texts for w in t.text.split() if re.fullmatch(r"27\d\d|28\d\d", w)]
    assert len(ratings) >= 12 and set(ratings) == {size("Nakamura")}, ratings  # (ARO, with 6 codes, too)


def test_a_bad_code_prints_its_error_and_the_whole_status_line_readable(tmp_path):
    """A code the program does not know (Settings!B8): the table's one cell, ``#ERROR: ...``, is
    printed at the page's size across the row (it was shrunk into column A, 4 characters wide),
    and the status line above it whole, its row as tall as its text (it was cut at 30 points)."""
    book = tmp_path / "bad.xlsx"
    _event(book, 12, 5)
    type_cells(book, {"Settings!B8": "XYZ"})
    assert main(["recompute", str(book)]) == 1  # (an error: the tables show it)
    pages = _pdf(book, tmp_path / "pdf")
    k = next(k for k, p in enumerate(pages) if "Standings - page" in p)
    words = " ".join(pages[k].split())
    assert "1 error - Settings!B8: unknown tie-break 'XYZ'; known: DE, WIN," in words
    assert "SSFBH, KENTLER, GE #ERROR: Settings!B8: unknown tie-break 'XYZ'" in words  # the status line's end
    texts = pdf_texts(tmp_path / "pdf" / "bad.pdf")[k]
    error = next(t for t in texts if t.text.startswith("#ERROR"))
    status = next(t for t in texts if t.text.startswith("After round"))
    assert error.size == status.size >= 9, (error, status)
