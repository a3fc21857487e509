"""``publish`` on a team event (issue 34 stage 4): the page of a team TRF and of a team workbook
shows the values ``standings`` prints for the same file, each value opens the account ``explain``
prints, the matches of each round are listed, the prize options are refused, and Debian's chromium
renders the page (its script makes the values buttons); skipped where chromium is missing."""

from __future__ import annotations

import csv
import io
import shutil
import subprocess
from pathlib import Path

import pytest

from conftest import SHARED
from test_publish import _Page
from xl_tiebreak.cli import main

TEAM = SHARED / "data" / "team"
MP_FILE = TEAM / "sample-trf26-mp.trf"
FILES = sorted(TEAM.glob("*.trf")) if TEAM.is_dir() else []
#: real team events (an interclub league of 10 boards; a 14-round team Swiss with EDE, record 299, a team bye)
REAL_TEAMS = sorted((SHARED / "data" / "real").glob("*-team.trf"))
EXAMPLE = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"
CHROMIUM = "/usr/bin/chromium"


def run(args: list[str], capsys) -> tuple[int, str, str]:
    status = main(args)
    got = capsys.readouterr()
    return status, got.out, got.err


def standings_rows(path: Path, capsys, *extra: str) -> list[dict[str, str]]:
    status, out, _ = run(["standings", str(path), "--format", "csv", *extra], capsys)
    assert status == 0
    return list(csv.DictReader(io.StringIO(out)))


def page(path: Path, tmp_path: Path, capsys, *extra: str) -> _Page:
    out = tmp_path / (path.stem + ".html")
    status, _, err = run(["publish", str(path), "-o", str(out), *extra], capsys)
    assert status == 0, err
    return _Page(out.read_text(encoding="utf-8"))


def _files() -> list[Path]:
    return [EXAMPLE, *FILES]


@pytest.mark.parametrize("path", [*_files(), *REAL_TEAMS], ids=lambda p: p.name)
def test_a_team_pages_standings_are_the_standings_commands(path, tmp_path, capsys):
    got = page(path, tmp_path, capsys)
    want = standings_rows(path, capsys)
    assert got.table("round " + next(iter(got.books))) == want


@pytest.mark.parametrize("path", _files(), ids=lambda p: p.name)
def test_each_value_opens_the_account_explain_prints(path, tmp_path, capsys):
    got = page(path, tmp_path, capsys)
    section = "round " + next(iter(got.books))
    head = got.rows[section][0]
    codes = head[head.index("GP") + 1:head.index("Split by")]
    assert codes
    for row in got.table(section):
        for code in codes:
            status, out, _ = run(["explain", str(path), "--player", row["No"], "-t", code], capsys)
            assert status == 0
            assert got.account(section, int(row["No"]), code) == out.rstrip("\n")


@pytest.mark.parametrize("path", [*_files(), *REAL_TEAMS], ids=lambda p: p.name)
def test_the_matches_of_each_round_add_up_to_the_standings_points(path, tmp_path, capsys):
    got = page(path, tmp_path, capsys)
    head, *rows = got.rows["matches"]
    assert head == ["No", "Team", "MP", "GP", "", "GP", "MP", "No", "Opponent"]
    mp: dict[str, float] = {}
    gp: dict[str, float] = {}
    for no, _, m, g, _, og, om, ono, _ in (r for r in rows if r != head and len(r) == len(head)):  # not the boards
        mp[no], gp[no] = mp.get(no, 0) + float(m), gp.get(no, 0) + float(g)
        if ono:
            mp[ono], gp[ono] = mp.get(ono, 0) + float(om), gp.get(ono, 0) + float(og)
    want = standings_rows(path, capsys)
    assert mp == {r["No"]: float(r["MP"]) for r in want if float(r["MP"]) or r["No"] in mp}
    assert gp == {r["No"]: float(r["GP"]) for r in want if float(r["GP"]) or r["No"] in gp}


@pytest.mark.skipif(not MP_FILE.is_file(), reason="the shared team files are not here")
def test_a_team_workbook_publishes_the_standings_of_its_trf(tmp_path, capsys):
    book = tmp_path / "team.xlsx"
    assert main(["workbook", str(MP_FILE), "-o", str(book)]) == 0
    capsys.readouterr()
    got = page(book, tmp_path, capsys)
    assert got.table("round " + next(iter(got.books))) == standings_rows(MP_FILE, capsys)
    assert got.table("round " + next(iter(got.books))) == standings_rows(book, capsys)


@pytest.mark.parametrize("args, needle", [
    (["--places", "100,50"], "--places: categories and prizes are for individual events"),
    (["--category-prize", "U1600=10"], "--category-prize: categories and prizes are for individual events"),
    (["--unit", "1"], "--unit: categories and prizes are for individual events"),
    (["--category", "U1600"], "--category: for individual events"),
])
def test_options_a_team_page_cannot_honour_are_refused(tmp_path, capsys, args, needle):
    out = tmp_path / "x.html"
    status, _, err = run(["publish", str(EXAMPLE), "-o", str(out), *args], capsys)
    assert status == 2 and needle in err and "is a team event" in err
    assert not out.exists()


def _chromium() -> str:
    found = CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium")
    if not found:
        pytest.skip("chromium is not installed")
    return found


def test_chromium_renders_the_team_page_with_its_value_buttons(tmp_path, capsys):
    browser = _chromium()
    html = tmp_path / "team.html"
    assert main(["publish", str(EXAMPLE), "-o", str(html)]) == 0
    shot = tmp_path / "team.png"
    flags = [browser, "--headless", "--no-sandbox", "--disable-gpu", "--window-size=1200,1600"]
    subprocess.run([*flags, f"--screenshot={shot}", html.as_uri()], capture_output=True, timeout=120, check=False)
    assert shot.is_file() and shot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n" and shot.stat().st_size > 10_000
    dom = subprocess.run([*flags, "--dump-dom", html.as_uri()], capture_output=True, timeout=120, check=False,
                         text=True).stdout
    assert 'class="v"' in dom and "Aurochs" in dom  # the script ran: the values are buttons
