"""A season in the workbook, played as an arbiter plays it.

A 13-player, 7-round Swiss in a template made for 12 players with 11 round columns, and a 7-player
round robin in the round-robin template: the players typed in, the 13th below the last row (a late
entrant outside the ``Crosstable`` name), the results typed one round at a time with both sides of
each game, a look at the standings in the middle of a round, a typo and its fix, a withdrawal, the
printed page and the TRF for the rating officer. Every step goes through the real command line
(``recompute``, ``standings``, ``check``, ``export-trf``) and every figure shown is compared with
FIDE's reference engine (gacrux, test-only) evaluating the same event up to the same round.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from oracle.generate import random_event
from tests.support.pdf_pages import pdf_pages, sheet_pages
from tests.support.workbook_typing import find_header, read_sheet, type_cells
from xl_tiebreak.notation import format_cell
from xl_tiebreak.model import Kind
from xl_tiebreak.trf import parse_trf

ROOT = Path(__file__).resolve().parents[1]
CODES = ["BH/C1", "BH", "SB", "WIN"]
pytestmark = pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")


def cli(folder: Path, *args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    env.pop("PYTHONIOENCODING", None)
    proc = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    return proc


def typed(cell: str) -> str:
    """A result as the Help sheet teaches it: a forfeit without its colour (``+6``, ``-4``)."""
    if cell[:1] in "+-" and cell[-1:] in "wb" and cell[1:-1].isdigit():
        return cell[:-1]
    return cell


def oracle(trf: Path, rounds: int, kind: str = "swiss") -> dict[int, dict[str, Optional[Fraction]]]:
    return run_gacrux(str(trf), ["PTS", *CODES], mode=kind, rounds=rounds)


def standings_json(folder: Path, book: str, *extra: str) -> dict[str, Any]:
    proc = cli(folder, "standings", book, "--format", "json", "--tiebreaks", ",".join(CODES), *extra)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def assert_like_oracle(doc: dict[str, Any], want: dict[int, dict[str, Optional[Fraction]]]) -> None:
    assert len(doc["players"]) == len(want)
    for p in doc["players"]:
        w = want[p["no"]]
        assert Fraction(str(p["points"])) == w["PTS"], (p["no"], p["points"], w["PTS"])
        for code, v in zip(doc["tiebreaks"], p["values"]):
            assert (None if v is None else Fraction(str(v))) == w[code], (p["no"], code, v, w[code])


def assert_sheet_like_oracle(book: Path, sheet: str, want: dict[int, dict[str, Optional[Fraction]]]) -> None:
    """The values a viewer sees on a sheet (the Standings sheet's stored values) are the oracle's."""
    cells = read_sheet(book, sheet)
    col_no, head = find_header(cells, "No")
    cols = {h: find_header(cells, h)[0] for h in ["Pts", *CODES]}
    from xl_tiebreak.excel.xlsx.a1 import cell_name
    seen = 0
    for row in range(head + 1, head + 1 + len(want) + 5):
        no = cells.get(cell_name(col_no, row))
        if no in (None, ""):
            continue
        no = int(no)
        seen += 1
        assert Fraction(str(cells[cell_name(cols["Pts"], row)])) == want[no]["PTS"]
        for code in CODES:
            v = cells.get(cell_name(cols[code], row))
            assert (None if v in (None, "") else Fraction(str(v))) == want[no][code], (sheet, no, code, v)
    assert seen == len(want), (sheet, seen)


class Season:
    """The event, and where each player's cells are in the workbook."""

    def __init__(self, folder: Path, trf_text: str, book: str, first_row: int, late_row: int) -> None:
        self.folder = folder
        self.trf = folder / "oracle.trf"
        self.trf.write_text(trf_text, encoding="latin-1")
        self.t = parse_trf(trf_text)
        self.book = folder / book
        cells = read_sheet(self.book, "Crosstable")
        self.r1_col, header = find_header(cells, "R1")
        self.name_col = find_header(cells, "Name")[0]
        self.rating_col = find_header(cells, "Rating")[0]
        self.row = {p.no: first_row + i for i, p in enumerate(self.t.players)}
        last = self.t.players[-1].no
        self.row[last] = late_row

    def cell(self, no: int, r: int) -> str:
        from xl_tiebreak.excel.xlsx.a1 import cell_name
        return f"Crosstable!{cell_name(self.r1_col + r - 1, self.row[no])}"

    def players(self) -> dict[str, Any]:
        from xl_tiebreak.excel.xlsx.a1 import cell_name
        out: dict[str, Any] = {}
        for p in self.t.players:
            out[f"Crosstable!{cell_name(1, self.row[p.no])}"] = p.no
            out[f"Crosstable!{cell_name(self.name_col, self.row[p.no])}"] = p.name
            if p.rating:
                out[f"Crosstable!{cell_name(self.rating_col, self.row[p.no])}"] = p.rating
        return out

    def round_cells(self, r: int) -> dict[str, str]:
        """Every player's cell of round r, as typed (a withdrawal typed WD once)."""
        out = {}
        for p in self.t.players:
            rd = p.rounds[r - 1]
            if rd.kind in (Kind.NOT_PLAYED,):
                continue
            out[self.cell(p.no, r)] = typed(format_cell(rd))
        return out

    def games(self, r: int) -> list[tuple[int, int]]:
        return sorted({tuple(sorted((p.no, p.rounds[r - 1].opponent))) for p in self.t.players
                       if p.rounds[r - 1].opponent})


@pytest.mark.oracle
def test_swiss_season_in_the_workbook(tmp_path):
    text = random_event(0, players=13, rounds=7, start_date="2026/04/10",
                        rates={"withdraw": 0.08, "late_entry": 0.0, "forfeit": 0.04})
    assert cli(tmp_path, "template", "--players", "12", "-o", "season.xlsx").returncode == 0
    s = Season(tmp_path, text, "season.xlsx", first_row=5, late_row=17)
    cells_of = {p.no: [format_cell(rd) for rd in p.rounds] for p in s.t.players}
    # the event has what a season brings: a withdrawal (Z to the end), forfeits, a pairing bye
    assert any(set(c[1:]) == {"Z"} for c in cells_of.values())
    assert any(c.startswith("+") for cs in cells_of.values() for c in cs) and any("BYE" in cs for cs in cells_of.values())
    type_cells(s.book, {**s.players(), "Settings!B13": 7, "Settings!B5": "2026-04-10",
                        **{f"Settings!B{7 + j}": c for j, c in enumerate(CODES)}, "Settings!B11": "", "Settings!B12": ""})
    assert cli(tmp_path, "recompute", "season.xlsx").returncode == 0

    for r in range(1, 8):
        cells = s.round_cells(r)
        if r == 4:  # mid-round: two games in, the others still being played
            first_two = dict(list((k, v) for k, v in cells.items()
                                  if any(s.cell(no, r) == k for g in s.games(r)[:2] for no in g)))
            type_cells(s.book, first_two)
            assert cli(tmp_path, "recompute", "season.xlsx").returncode == 0
            doc = standings_json(tmp_path, "season.xlsx")
            assert doc["rounds"] == 3
            assert doc["in_progress"]["round"] == 4 and doc["in_progress"]["games_in"] == 2
            assert_like_oracle(doc, oracle(s.trf, 3))
            head = cli(tmp_path, "standings", "season.xlsx").stdout.splitlines()[1:3]
            assert head[0].startswith("Standings after round 3 of 7; round 4 in progress: 2 of"), head
        if r == 5:  # a typo, seen where the arbiter looks, then fixed
            where, right = next(iter(cells.items()))
            type_cells(s.book, {where: "6x1"})
            chk = cli(tmp_path, "check", "season.xlsx")
            assert chk.returncode == 1 and where in chk.stdout, chk.stdout
            rec = cli(tmp_path, "recompute", "season.xlsx")
            assert rec.returncode == 1 and where.split("!")[1] in rec.stdout
            status = read_sheet(s.book, "Crosstable")["A3"]
            assert where.split("!")[1] in str(status)
            assert cli(tmp_path, "standings", "season.xlsx").returncode == 2
        type_cells(s.book, cells)
        rec = cli(tmp_path, "recompute", "season.xlsx")
        assert rec.returncode == 0, rec.stdout + rec.stderr
        chk = cli(tmp_path, "check", "season.xlsx")
        assert chk.returncode == 0 and "0 error(s)" in chk.stdout, chk.stdout
        want = oracle(s.trf, r)
        assert_like_oracle(standings_json(tmp_path, "season.xlsx"), want)
        assert_sheet_like_oracle(s.book, "Standings", want)
        head = cli(tmp_path, "standings", "season.xlsx").stdout.splitlines()[1:3]
        assert head[0] == f"Standings after round {r} of 7" and "rules: fide2026" in head[1], head

    # the TRF for the rating officer: FIDE's reference engine reads it with its default options
    assert cli(tmp_path, "export-trf", "season.xlsx", "-o", "back.trf").returncode == 0
    back = run_gacrux(str(tmp_path / "back.trf"), ["PTS", *CODES], mode=None)
    assert back == oracle(s.trf, 7)
    assert "XXR 7" in (tmp_path / "back.trf").read_text(encoding="utf-8")
    # each player's rank (001, columns 86-89) is his line in the workbook's standings
    standings = json.loads(cli(tmp_path, "standings", "season.xlsx", "--format", "json").stdout)
    ranks = {p.no: p.declared_rank for p in parse_trf((tmp_path / "back.trf").read_text(encoding="utf-8")).players}
    assert ranks == {row["no"]: k for k, row in enumerate(standings["players"], start=1)}

    # the printed page: one A4 page for 13 players, with the event, the round and the edition
    if all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")):
        printed = pdf_pages(s.book, tmp_path / "pdf")
        pages = sheet_pages(printed, "Standings")
        assert len(pages) == 1, len(pages)
        shown = read_sheet(s.book, "Standings")
        assert "After round 7 of 7" in pages[0] and "fide2026" in pages[0] and shown["A3"] in pages[0]
        for p in s.t.players:  # every player on the page, the late entrant too
            assert p.name[:20] in pages[0], p.name
        # the late entrant's row, below the template's 12, is printed as the others: points with
        # one decimal, the rating looked up (on the Crosstable page too: points with one decimal)
        late = s.t.players[-1]
        points = f"{float(late.score()):.1f}"
        line = next(x for x in pages[0].splitlines() if late.name in x)
        assert re.search(rf"{re.escape(late.name)}\s+{re.escape(points)}\s", line) and str(late.rating) in line, line
        crosstable = sheet_pages(printed, "Crosstable")[0]
        line = next(x for x in crosstable.splitlines() if late.name in x)
        assert f" {points} " in line, line


RR_CODES = ["SB", "WIN", "KS"]


@pytest.mark.oracle
def test_round_robin_season_in_the_workbook(tmp_path):
    text = random_event(3, kind="round-robin", players=7, start_date="2025/06/01", rr_bye="Z",
                        rates={"rr_withdraw": 0.0, "forfeit": 0.05})
    assert cli(tmp_path, "template", "--type", "round-robin", "--players", "7", "-o", "rr.xlsx").returncode == 0
    s = Season(tmp_path, text, "rr.xlsx", first_row=5, late_row=11)
    type_cells(s.book, {**s.players(), "Settings!B5": "2025-06-01",
                        **{f"Settings!B{7 + j}": c for j, c in enumerate(RR_CODES)},
                        "Settings!B10": "", "Settings!B11": "", "Settings!B12": ""})
    for r in range(1, 8):
        cells = {k: ("-" if v.upper() == "Z" else v) for k, v in s.round_cells(r).items()}  # the sit-out
        if r == 2:  # a pairing bye does not exist in a round robin: check names the cell
            sit = next(k for k, v in cells.items() if v == "-")
            type_cells(s.book, {**cells, sit: "BYE"})
            chk = cli(tmp_path, "check", "rr.xlsx")
            assert chk.returncode == 1 and sit.split("!")[1] in chk.stdout, chk.stdout
        type_cells(s.book, cells)
        assert cli(tmp_path, "recompute", "rr.xlsx").returncode == 0
        chk = cli(tmp_path, "check", "rr.xlsx")
        assert chk.returncode == 0, chk.stdout
        proc = cli(tmp_path, "standings", "rr.xlsx", "--format", "json", "--tiebreaks", ",".join(RR_CODES))
        doc = json.loads(proc.stdout)
        want = run_gacrux(str(s.trf), ["PTS", *RR_CODES], mode="round-robin", rounds=r)
        assert len(doc["players"]) == 7
        for p in doc["players"]:
            assert Fraction(str(p["points"])) == want[p["no"]]["PTS"]
            for code, v in zip(doc["tiebreaks"], p["values"]):
                assert (None if v is None else Fraction(str(v))) == want[p["no"]][code], (r, p["no"], code)
        head = cli(tmp_path, "standings", "rr.xlsx").stdout.splitlines()[1:3]
        assert head[0] == f"Standings after round {r} of 7" and "rules: fide2024" in head[1], head
