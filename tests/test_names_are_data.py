"""Names are data (issue 31 item 10; issue 32, "Names and paths"): a player's or a team's name
holding a bidirectional control (U+202E reverses the rest of the line it stands in), a line break
(which starts a line of its own: ``BH/C1 = 99.0 (forged)`` in another player's account) or a
control character (SOH, VT, ESC, NUL: a workbook's XML cannot hold them) changes nothing a reader
sees. Every reader cleans it the one way (``xl_tiebreak.name_text``) and says where: the accounts,
tables, CSV and JSON, the published page in a browser and the workbook are those of the file with
the clean names, and ``check`` warns naming the line or cell.
"""

from __future__ import annotations

import csv
import io
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.support.team_files import four_teams
from tests.support.workbook_typing import type_cells
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text

#: what no output may carry inside a name: C0 and C1 controls but the line ends of the output
#: itself, the bidirectional controls, the Unicode line and paragraph separators
FORBIDDEN = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069\u2028\u2029]")
#: the demo event's names made hostile (TRF columns 15-47), and what every output shows instead
DIRTY = {3: "Thr\x01ee,\x1b C\x00", 4: "Four\u202e, D", 5: "Five\u2067, E\u2069\u200f"}
CLEAN = {3: "Three, C", 4: "Four, D", 5: "Five, E"}


def _demo(names: dict[int, str]) -> str:
    lines = []
    for ln in demo_text().splitlines():
        no = int(ln[4:8]) if ln.startswith("001") else 0
        lines.append(ln[:14] + names[no].ljust(33) + ln[47:] if no in names else ln)
    return "\n".join(lines) + "\n"


@pytest.fixture
def files(tmp_path) -> tuple[Path, Path]:
    """The demo event with hostile names, and the same event with the names every output shows."""
    dirty, clean = tmp_path / "dirty.trf", tmp_path / "clean.trf"
    dirty.write_text(_demo(DIRTY), encoding="utf-8")
    clean.write_text(_demo(CLEAN), encoding="utf-8")
    return dirty, clean


def _run(capsys, *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("argv", [
    ["explain", "--player", "1", "--tiebreak", "SB"],  # player 4 is player 1's opponent of round 1
    ["explain", "--player", "4", "--tiebreak", "SB"],
    ["explain", "--player", "3", "--tiebreak", "BH", "--format", "json"],
    ["standings"], ["standings", "--format", "csv"], ["standings", "--format", "json"],
    ["compute", "--format", "csv"], ["compare", "--rules", "fide2024,fide2026"],
], ids=lambda a: " ".join(a))
def test_a_hostile_name_gives_the_output_of_the_clean_name(files, capsys, argv):
    dirty, clean = files
    code, out, err = _run(capsys, argv[0], dirty, *argv[1:])
    want_code, want, _ = _run(capsys, argv[0], clean, *argv[1:])
    assert code == want_code == 0 and out == want
    assert not FORBIDDEN.search(out) and not FORBIDDEN.search(err)
    assert "dirty.trf line 6, columns 15-47: name 'Three, C': a control character (U+0001) dropped" in err


def test_check_warns_at_each_name_what_was_dropped(files, capsys):
    dirty, _ = files
    code, out, _ = _run(capsys, "check", dirty, "--format", "json")
    found = [(f["severity"], f["rule"], f["where"], f["message"]) for f in json.loads(out)["findings"]]
    assert code == 0 and found == [
        ("warning", "name", "dirty.trf line 6, columns 15-47", "name 'Three, C': a control character (U+0001) "
         "dropped; a control character (U+001B) dropped; a control character (U+0000) dropped"),
        ("warning", "name", "dirty.trf line 7, columns 15-47", "name 'Four, D': a right-to-left override (U+202E) "
         "dropped"),
        ("warning", "name", "dirty.trf line 8, columns 15-47", "name 'Five, E': a right-to-left isolate (U+2067) "
         "dropped; a pop directional isolate (U+2069) dropped; a right-to-left mark (U+200F) dropped")]


def test_a_line_break_in_a_workbook_name_forges_no_line_of_an_account_or_a_csv_row(files, tmp_path, capsys):
    _, clean = files
    book = tmp_path / "event.xlsx"
    assert _run(capsys, "workbook", clean, "-o", book)[0] == 0
    row = 4 + 4  # player 4's row (the header is row 4)
    type_cells(book, {f"Crosstable!B{row}": "Four, D\nBH/C1 = 99.0 (forged)\nSB = 99.00"})  # Alt+Enter: LF
    code, out, err = _run(capsys, "explain", book, "--player", "1", "--tiebreak", "BH/C1")
    assert code == 0 and not [ln for ln in out.splitlines() if ln.startswith(("BH/C1 = 99.0", "SB = 99.00"))]
    assert "4 Four, D BH/C1 = 99.0 (forged) SB = 99.00" in out
    assert f"Crosstable!B{row}: name 'Four, D BH/C1 = 99.0 (forged) SB = 99.00': a line break (U+000A)" in err
    code, out, _ = _run(capsys, "standings", book, "--format", "csv")
    rows = list(csv.reader(io.StringIO(out)))
    assert code == 0 and len(out.splitlines()) == len(rows) == 7  # the header and six players, a line each
    assert "Four, D BH/C1 = 99.0 (forged) SB = 99.00" in [r[2] for r in rows]
    code, out, _ = _run(capsys, "check", book, "--format", "json")
    assert [(f["rule"], f["where"]) for f in json.loads(out)["findings"] if f["rule"] == "name"] == \
        [("name", f"Crosstable!B{row}")]


def test_a_carriage_return_excel_writes_as_x000d_is_read_as_a_line_break_not_as_text(files, tmp_path, capsys):
    """Excel writes a carriage return in a cell's text as ``_x000D_`` (ECMA-376 ST_Xstring), and
    ``_x005F_`` escapes an underscore: the name is read as Excel shows it (the break then written
    as a space, with check's name warning), not as the letters ``_x000D_``; an escaped ``_x005F_``
    keeps the text. Failed before: the name read ``Four_x000D_, D``."""
    _, clean = files
    book = tmp_path / "event.xlsx"
    assert _run(capsys, "workbook", clean, "-o", book)[0] == 0
    type_cells(book, {"Crosstable!B8": "Four_x000D_, D", "Crosstable!B9": "Five_x005F_x000D_, E"})
    code, out, _ = _run(capsys, "standings", book, "--format", "csv")
    names = [r[2] for r in csv.reader(io.StringIO(out))]
    assert code == 0 and "Four , D" in names and "Five_x000D_, E" in names, names
    code, out, _ = _run(capsys, "check", book, "--format", "json")
    assert [(f["where"], f["message"]) for f in json.loads(out)["findings"] if f["rule"] == "name"] == \
        [("Crosstable!B8", "name 'Four , D': a line break (U+000D) written as a space")]


def test_escaped_utf_16_surrogates_are_read_as_excel_shows_them_and_no_output_ends_in_a_traceback(files, tmp_path,
                                                                                                   capsys):
    """``_xHHHH_`` escapes UTF-16 code units: a surrogate pair (``_xD83D__xDE00_``) is the one
    character it encodes, and a lone surrogate (no character) stays the text ``_xD800_``; standings
    (run as the program: its own standard output), export-trf and publish write them. Failed before:
    the lone surrogate reached the output, standings ended in a UnicodeEncodeError traceback (exit 1),
    export-trf and publish in an internal error (exit 3)."""
    import os
    import sys
    _, clean = files
    book = tmp_path / "event.xlsx"
    assert _run(capsys, "workbook", clean, "-o", book)[0] == 0
    type_cells(book, {"Crosstable!B5": "Smith_xD800_, Ann", "Crosstable!B6": "Smile_xD83D__xDE00_, Bo"})
    env = {**os.environ, "PYTHONPATH": str(Path(__file__).resolve().parents[1])}
    env.pop("PYTHONIOENCODING", None)
    proc = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "standings", str(book), "--format", "csv"],
                          capture_output=True, env=env, timeout=120)
    names = [r[2] for r in csv.reader(io.StringIO(proc.stdout.decode("utf-8")))]
    assert proc.returncode == 0 and b"Traceback" not in proc.stderr, proc.stderr
    assert "Smith_xD800_, Ann" in names and "Smile\U0001F600, Bo" in names, names
    trf, page = tmp_path / "back.trf", tmp_path / "page.html"
    assert _run(capsys, "export-trf", book, "-o", trf)[0] == 0
    assert "Smith_xD800_, Ann" in trf.read_text(encoding="utf-8")
    assert _run(capsys, "publish", book, "-o", page)[0] == 0
    assert "Smile\U0001F600, Bo" in page.read_text(encoding="utf-8")


CHROMIUM = "/usr/bin/chromium"


def test_the_published_page_shows_every_account_as_explain_prints_the_clean_names(files, tmp_path, capsys):
    """In a real browser (chromium): the names on the page and the account a click opens carry no
    bidirectional control, and the account is the text ``explain`` prints for the clean file."""
    sync = pytest.importorskip("playwright.sync_api")
    if not Path(CHROMIUM).exists():
        pytest.skip("chromium is not installed")
    dirty, clean = files
    page_file = tmp_path / "page.html"
    assert _run(capsys, "publish", dirty, "-o", page_file)[0] == 0
    assert not FORBIDDEN.search(page_file.read_text(encoding="utf-8"))
    _, want, _ = _run(capsys, "explain", clean, "--player", "1", "--tiebreak", "SB")
    with sync.sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM)
        page = browser.new_page(viewport={"width": 1280, "height": 900})
        page.goto(page_file.as_uri())
        names = page.locator('section.round[data-round="4"] td.name').all_text_contents()
        assert sorted(names) == sorted(["One, A", "Two, B", "Six, F", *CLEAN.values()])
        page.get_by_role("button", name="SB of 1 One, A").first.click()
        page.locator("#account").wait_for(state="visible", timeout=10_000)
        shown = page.locator("#account-text").text_content()
        browser.close()
    assert shown.rstrip("\n") == want.rstrip("\n") and "4 Four, D" in shown


def _import_sources(tmp_path: Path) -> dict[str, tuple[list[str], list[str]]]:
    """Each route to ``workbook`` with control characters in a name: the arguments, and the names
    the workbook must show."""
    from test_chess_results_import import _rows
    from test_vega_import import SAMPLE
    trf = tmp_path / "dirty.trf"
    trf.write_text(_demo(DIRTY), encoding="utf-8")
    team = tmp_path / "team.trf"
    team.write_text("\n".join(ln[:14] + "Pl\x1bay\x01er\x00 5".ljust(33) + ln[47:] if ln.startswith("001    5")
                              else ln[:8] + "Bad\u202egers\x01".ljust(32) + ln[40:] if ln.startswith("310   2")
                              else ln for ln in four_teams().splitlines()) + "\n", encoding="utf-8")
    rows = _rows()
    for r in rows:
        if len(r) > 3 and r[3] == "Cole, C":
            r[3] = "Co\x0ble,\x1b C\x01\x00"
    cr = tmp_path / "cr.csv"
    cr.write_text("\n".join(";".join("" if c is None else str(c) for c in r) for r in rows), encoding="utf-8")
    vega = tmp_path / "vega.txt"
    vega.write_text(SAMPLE.replace("Cole,Carl     ", "Co\x1ble,\x01Car\x00l").replace("Brown,Ben", "Brown\u202e,Ben"),
                    encoding="utf-8")
    return {"trf": ([str(trf)], list(CLEAN.values())), "team": ([str(team)], ["Player 5", "Badgers"]),
            "chess-results": (["--from", "chess-results", str(cr)], ["Co le, C"]),
            "vega": (["--from", "vega", str(vega)], ["Cole,Carl", "Brown,Ben"])}


def test_every_workbook_route_writes_the_clean_names_and_libreoffice_shows_them(tmp_path, capsys):
    from xl_tiebreak.excel.ranges.book_reader import open_book
    books = {}
    for route, (argv, names) in _import_sources(tmp_path).items():
        book = tmp_path / f"{route}.xlsx"
        code, out, err = _run(capsys, "workbook", *argv, "-o", book)
        assert code == 0, err
        assert "name '" in out + err and not FORBIDDEN.search(out + err)  # the warning or note names the place
        opened = open_book(book)
        shown = {str(v) for sheet in opened.sheets for v in opened.cells(sheet).values()}
        assert all(n in shown for n in names), (route, names)
        assert not any(isinstance(v, str) and FORBIDDEN.search(v) for v in shown)
        books[route] = (book, names)
    if not all(shutil.which(p) for p in ("soffice", "pdftotext")):
        pytest.skip("LibreOffice (soffice) and poppler (pdftotext) are needed to open the workbooks")
    out = tmp_path / "pdf"
    profile = out / "profile"
    (profile / "user").mkdir(parents=True)
    subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(out), *(str(b) for b, _ in books.values())], check=True, capture_output=True,
                   timeout=600)
    for route, (book, names) in books.items():
        text = subprocess.run(["pdftotext", "-layout", str(out / (book.stem + ".pdf")), "-"], check=True,
                              capture_output=True, text=True).stdout
        assert all(n in text for n in names), (route, names)


def test_a_character_xml_cannot_hold_in_a_name_is_dropped_and_the_workbook_is_made(files, tmp_path, capsys):
    """U+FFFF and U+FFFE are characters of a UTF-8 file that XML cannot hold: dropped with the name
    warning naming the line, and the workbook is made. Failed before: ``workbook`` refused the file
    it had just written ("not a readable .xlsx workbook ... not well-formed XML"), naming neither the
    player nor the line."""
    _, clean = files
    dirty = tmp_path / "xml.trf"
    dirty.write_text(_demo({**CLEAN, 5: "Five\uffff, E\ufffe"}), encoding="utf-8")
    book = tmp_path / "xml.xlsx"
    code, out, err = _run(capsys, "workbook", dirty, "-o", book)
    assert code == 0, err
    assert ("xml.trf line 8, columns 15-47: name 'Five, E': a character XML cannot hold (U+FFFF) dropped; a "
            "character XML cannot hold (U+FFFE) dropped") in out + err
    assert _run(capsys, "standings", book, "--format", "csv")[1] == _run(capsys, "standings", clean, "--format",
                                                                          "csv")[1]


def test_a_control_in_a_federation_title_or_header_record_reaches_no_output(files, tmp_path, capsys):
    """Every text field a reader copies is cleaned as names are, with the warning naming its place:
    a TRF's title and federation (001 columns 11-13, 54-56) and its header records; so the category
    FED=NOR holds the player whose federation was ``N\\u202eOR``, and the workbook's TRF carries none
    of them. Failed before: the fields were copied as they were (a bidi control in the federation
    left the player out of FED=NOR, and the TRF written was UTF-8)."""
    _, clean = files
    text = clean.read_text(encoding="utf-8").replace("Demo: six players", "Demo\u202e: six\t players", 1)
    lines = []
    for ln in text.split("\n"):
        if ln.startswith("001    4"):
            ln = ln[:10] + "F\u202eM" + ln[13:53] + "N\u202eO" + ln[56:]
        lines.append(ln)
    dirty = tmp_path / "fields.trf"
    dirty.write_text("\n".join(lines), encoding="utf-8")
    code, out, _ = _run(capsys, "check", dirty, "--format", "json")
    assert code == 0 and [(f["where"], f["message"]) for f in json.loads(out)["findings"]] == [
        ("fields.trf line 1", "record 012: a right-to-left override (U+202E) dropped; a tab written as a space"),
        ("fields.trf line 7, columns 11-13", "title 'FM': a right-to-left override (U+202E) dropped"),
        ("fields.trf line 7, columns 54-56", "federation 'NO': a right-to-left override (U+202E) dropped")]
    code, out, _ = _run(capsys, "standings", dirty, "--category", "FED=NO", "--format", "json")
    assert code == 0 and [p["no"] for p in json.loads(out)["players"]] == [4]
    book, back = tmp_path / "fields.xlsx", tmp_path / "back.trf"
    assert _run(capsys, "workbook", dirty, "-o", book)[0] == 0
    code, _, err = _run(capsys, "export-trf", book, "-o", back)
    assert code == 0 and "UTF-8" not in err, err
    written = back.read_bytes().decode("cp1252")
    assert not FORBIDDEN.search(written.replace("\n", "")) and written.startswith("012 Demo: six ")
    line = next(ln for ln in written.splitlines() if ln.startswith("001    4"))
    assert (line[10:13], line[53:56]) == (" FM", "NO ")


def test_a_control_in_an_imported_federation_keeps_the_trf_single_byte_and_its_columns(tmp_path, capsys):
    """A chess-results export's FED cell ``\\u202eEN\\nG`` (a bidi control and a line break): the
    import notes name the cell, and the workbook's TRF is Windows-1252 with every column in place,
    as FIDE's reference reads it. Failed before: the control reached the TRF, which was then
    written in UTF-8 (the reference, reading Latin-1, shifted the line's later columns)."""
    import csv as csv_module
    from oracle.gacrux_runner import gacrux_available, gacrux_players
    from test_chess_results_import import _rows
    rows = _rows()
    for r in rows:
        if len(r) > 5 and r[3] == "Cole, C":
            r[5] = "\u202eEN\nG"
    cr = tmp_path / "cr.csv"
    with cr.open("w", encoding="utf-8", newline="") as f:
        csv_module.writer(f, delimiter=";").writerows([["" if c is None else c for c in r] for r in rows])
    book, back = tmp_path / "cr.xlsx", tmp_path / "cr.trf"
    code, out, err = _run(capsys, "workbook", "--from", "chess-results", cr, "-o", book)
    assert code == 0 and "federation 'EN G': a right-to-left override (U+202E) dropped; a line break (U+000A) " \
        "written as a space" in out + err, out + err
    code, _, err = _run(capsys, "export-trf", book, "-o", back)
    assert code == 0 and "UTF-8" not in err, err
    data = back.read_bytes()
    assert data.isascii() and not FORBIDDEN.search(data.decode("ascii").replace("\n", ""))
    if gacrux_available():
        read = gacrux_players(back)
        assert [(fed, rating) for _n, fed, _id, rating in read] == [("ENG", 2200), ("ENG", 2100), ("EN", 1900),
                                                                    ("WLS", 0)], read


def test_a_form_feed_in_a_vega_name_is_a_space_and_keeps_its_line(tmp_path, capsys):
    """A Vega text's lines end at CR, LF or CRLF only: a form feed (or VT, NEL, U+2028) in a name is
    a character of its line, a space in the name. Failed before: the line was split there, giving a
    misleading "there is no player in position 3", or, for a player with only ``--`` cells, a
    player silently left out (4 read instead of 5)."""
    from test_vega_import import SAMPLE
    five = SAMPLE.replace("Cole,Carl     ", "Cole,\x0cCarl    ").replace(
        "  4 Dunn,Dora", "  5 Eve,\x0cEmma                       0     NSW  0.0 |  --    --    --    |    0.0\n"
        "  4 Dunn,Dora")
    txt = tmp_path / "vega.txt"
    txt.write_text(five, encoding="utf-8")
    book = tmp_path / "vega.xlsx"
    code, out, err = _run(capsys, "workbook", "--from", "vega", txt, "-o", book)
    assert code == 0, out + err
    code, out, _ = _run(capsys, "standings", book, "--format", "json")
    names = {p["no"]: p["name"] for p in json.loads(out)["players"]}
    assert code == 0 and names == {1: "Adams,Anna", 2: "Brown,Ben", 3: "Cole, Carl", 4: "Dunn,Dora", 5: "Eve, Emma"}


def test_a_form_feed_in_a_trf_name_is_a_space_and_keeps_its_line(files, tmp_path, capsys):
    """A TRF's lines end at CR, LF or CRLF only, as FIDE's reference reads them: a form feed or
    U+2028 in a name is a space in it, with the name warning. Failed before: the 001 line was split
    there and its rounds read as a record of their own."""
    _, clean = files
    dirty = tmp_path / "ff.trf"
    dirty.write_text(_demo({**CLEAN, 5: "Five,\x0cE", 6: "Six,\u2028F"}), encoding="utf-8")
    code, out, err = _run(capsys, "standings", dirty, "--format", "csv")
    assert code == 0, err
    want = _run(capsys, "standings", clean, "--format", "csv")[1]
    assert out == want
    assert "ff.trf line 8, columns 15-47: name 'Five, E': a line break (U+000C) written as a space" in err
