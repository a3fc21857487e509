"""A season kept in the committed template, as a new club arbiter keeps it (issue 33's criterion).

The Swiss template of workbook_templates/ is copied; the players, the Settings (start date,
rounds), the Event sheet (the fields of the FIDE rating report) and each round's results are typed
into its sheets' XML (tests/support/workbook_typing.py) and the workbook recomputed after each round. The
figures are FIDE's reference engine's (gacrux) for the same event after the same round; in round
4 the pairings are typed first and two results after them, and the live standings give every
player whose game is in the reference's values for the event with the games not in as double
forfeits (what a game not in yet is to its players' opponents, tests/test_live_standings.py). At
the end, export-trf writes every record of the rating report, and the reference reads the file:
its tie-break checker with our values, its converter with the Event sheet's fields. LibreOffice
prints the Event sheet.
"""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from dataclasses import replace
from fractions import Fraction
from pathlib import Path

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from oracle.generate import random_event
from tests.support.pdf_pages import pdf_pages, sheet_pages
from test_season import Season, assert_like_oracle, assert_sheet_like_oracle, cli
from tests.support.workbook_typing import find_header, read_sheet, type_cells
from xl_tiebreak.default_lists import DEFAULT_LISTS
from xl_tiebreak.model import Kind, Round
from xl_tiebreak.trf import parse_trf, write_trf

ROOT = Path(__file__).resolve().parents[1]
CODES = list(DEFAULT_LISTS["swiss"])  # the template's own list: BH/C1, BH, SB, DE, WIN
EVENT = {"City": "Hastings", "Federation": "ENG", "End date": "2026-05-22", "Chief arbiter": "IA Ann Arbiter 400100",
         "Deputy arbiters": "FA Bob Deputy; Cy Second", "Time control": "90 min/40 moves + 30 min + 30 s per move",
         "Round dates": "2026-04-10 2026-04-17 2026-04-24 2026-05-01 2026-05-08 2026-05-15 2026-05-22"}
REPORT = ("012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132")

pytestmark = [pytest.mark.oracle,
              pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")]


def _json(folder: Path, *args: str) -> dict:
    proc = cli(folder, "standings", "season.xlsx", "--format", "json", *args)
    assert proc.returncode == 0, proc.stderr
    return json.loads(proc.stdout)


def _reference(trf: Path, rounds: "int | None", mode: "str | None" = "swiss") -> dict:
    """The reference's values; DE: gacrux prints 0 for a player DE does not separate, we print
    rank 1 (as tests/test_oracle_differential.py maps it)."""
    got = run_gacrux(str(trf), ["PTS", *CODES], mode=mode, rounds=rounds)
    return {no: {c: (1 if c == "DE" and v == 0 else v) for c, v in w.items()} for no, w in got.items()}


def _pairings(s: Season, r: int) -> dict[str, str]:
    """Round r's pairings typed before its results: ``12w`` for a game or forfeit, byes as they are."""
    out = {}
    for p in s.t.players:
        rd = p.rounds[r - 1]
        if rd.opponent is not None:
            out[s.cell(p.no, r)] = f"{rd.opponent}{rd.colour or ('w' if p.no < rd.opponent else 'b')}"
    return out


def test_a_season_in_the_committed_template_exports_the_rating_report_the_reference_reads(tmp_path):
    text = random_event(7, players=14, rounds=7, start_date="2026/04/10",
                        rates={"withdraw": 0.06, "late_entry": 0.0, "forfeit": 0.04})
    shutil.copy(ROOT / "workbook_templates" / "xl-tiebreak-swiss.xlsx", tmp_path / "season.xlsx")
    s = Season(tmp_path, text, "season.xlsx", first_row=5, late_row=5 + len(parse_trf(text).players) - 1)
    event = read_sheet(s.book, "Event")
    row = {v: k[1:] for k, v in event.items() if k[0] == "A"}
    before = cli(tmp_path, "check", "season.xlsx").stdout
    assert "warning  Event!B4: empty, and needed by a FIDE rating report" in before, before
    for label in EVENT:  # the empty template: check names each field of the report left empty, with its cell
        assert f"{label.lower()} (Event!B{row[label]})" in before, before
    type_cells(s.book, {**s.players(), "Crosstable!A1": "Hastings Club Championship", "Settings!B5": "2026-04-10",
                        "Settings!B13": 7, **{f"Event!B{row[k]}": v for k, v in EVENT.items()}})
    assert "rating-report" not in cli(tmp_path, "check", "--format", "json", "season.xlsx").stdout

    for r in range(1, 8):
        cells = s.round_cells(r)
        if r == 4:  # the pairings typed, then the first two results: live standings over the games in
            games = s.games(r)[:2]
            done = {k: v for k, v in cells.items() if any(s.cell(no, r) == k for g in games for no in g)}
            byes = {k: v for k, v in cells.items() if k not in _pairings(s, r)}
            type_cells(s.book, {**_pairings(s, r), **byes, **done})
            assert cli(tmp_path, "recompute", "season.xlsx").returncode == 0
            live = _json(tmp_path, "--live")
            assert live["label"].startswith("live: after round 3 of 7 plus 2 of") and live["rounds"] == 4
            waiting = {no for p in s.t.players for no in [p.no] if p.rounds[3].opponent is not None
                       and all(p.no not in g for g in games)}
            forfeited = replace(s.t, players=tuple(replace(p, rounds=tuple(
                (Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour) if p.no in waiting and i == 3 else rd)
                if i < 4 else Round(Kind.NOT_PLAYED) for i, rd in enumerate(p.rounds))) for p in s.t.players))
            (tmp_path / "live.trf").write_text(write_trf(forfeited), encoding="utf-8")
            ref = _reference(tmp_path / "live.trf", 4)
            for p in live["players"]:
                w = ref[p["no"]]
                assert Fraction(str(p["points"])) == w["PTS"], p["no"]
                for code, v in zip(live["tiebreaks"], p["values"]):
                    if p["no"] not in waiting and code != "DE" or code == "WIN":  # DE: groups with the waiting
                        assert (None if v is None else Fraction(str(v))) == w[code], (p["no"], code)
        type_cells(s.book, cells)
        assert cli(tmp_path, "recompute", "season.xlsx").returncode == 0
        chk = cli(tmp_path, "check", "season.xlsx")
        assert chk.returncode == 0 and "0 error(s)" in chk.stdout and "rating-report" not in chk.stdout, chk.stdout
        want = _reference(s.trf, r)
        doc = _json(tmp_path)
        assert doc["tiebreaks"] == CODES and doc["rounds"] == r
        assert_like_oracle(doc, want)

    # the TRF for the rating officer: every record of the report, and the 001 lines
    assert cli(tmp_path, "export-trf", "season.xlsx", "-o", "report.trf").returncode == 0
    lines = (tmp_path / "report.trf").read_text(encoding="utf-8").splitlines()
    codes = [ln[:3] for ln in lines]
    assert all(c in codes for c in REPORT), [c for c in REPORT if c not in codes]
    assert codes.count("001") == len(s.t.players) and codes.count("112") == 2
    record = {ln[:3]: ln[4:] for ln in lines}
    assert (record["012"], record["022"], record["032"]) == ("Hastings Club Championship", "Hastings", "ENG")
    assert (record["062"], record["072"], record["082"]) == (str(len(s.t.players)),
                                                           str(sum(1 for p in s.t.players if p.rating)), "0")
    assert record["132"][87:].split() == ["26/04/10", "26/04/17", "26/04/24", "26/05/01", "26/05/08", "26/05/15",
                                          "26/05/22"]  # at the rounds' columns, 92-99, 102-109, ...
    # FIDE's reference reads it with its default options and gives our values
    back = _reference(tmp_path / "report.trf", None, mode=None)
    assert back == _reference(s.trf, 7)
    assert_like_oracle(_json(tmp_path), back)
    assert_sheet_like_oracle(s.book, "Standings", {no: {k: v for k, v in w.items()} for no, w in back.items()})
    # ... and its converter reads the header as typed on the Event sheet
    conv = subprocess.run([sys.executable, "-m", "gacrux.convert", "-i", str(tmp_path / "report.trf"), "-o",
                           str(tmp_path / "report.json")], capture_output=True, text=True, timeout=120)
    assert conv.returncode == 0, conv.stdout + conv.stderr
    doc = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))["event"]
    info, tour = doc["eventInfo"], doc["tournaments"][0]
    assert (info["fullName"], info["site"], info["federation"]) == ("Hastings Club Championship", "Hastings", "ENG")
    assert (info["startDate"], info["endDate"]) == ("2026-04-10", "2026-05-22")
    arbiters = {p["id"]: p for p in doc["profiles"]}
    chief = arbiters[info["arbiters"]["chiefArbiter"]]
    assert (chief["fideId"], chief["lastName"]) == (400100, "Arbiter")
    assert [arbiters[k]["lastName"] for k in info["arbiters"]["arbiters"]] == ["Deputy", "Second"]
    assert tour["timeControl"]["description"] == EVENT["Time control"]
    assert [x["startTime"] for x in tour["rounds"]] == EVENT["Round dates"].split()

    # LibreOffice prints the Event sheet with what was typed
    if all(shutil.which(p) for p in ("soffice", "pdftotext", "pdfinfo")):
        pages = sheet_pages(pdf_pages(s.book, tmp_path / "pdf"), "Event")
        assert len(pages) == 1, len(pages)
        for label, value in EVENT.items():
            line = next(x for x in pages[0].splitlines() if label in x)
            assert value[:40] in line, (label, line)
    assert find_header(read_sheet(s.book, "Standings"), "Rk")  # the workbook still reads as a workbook
