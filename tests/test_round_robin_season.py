"""A round-robin season paired round by round with ``xl-tiebreak pair`` (a subprocess, as a user
runs it), from a TRF file of players only and from the round-robin template: pair, type the
results, pair the next round, ... to the end, every round equal to FIDE's reference engine's
(gacrux ``pairingchecker -p -m berger -n K`` on the file as it stands), 6 and 7 players (the
sit-out). At the end the reference's checker finds every round of the TRF as it would pair it, and
LibreOffice prints the workbook's crosstable with every game in it and the Pairings sheet of the
last round."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from tests.test_pair_command import players_trf
from tests.support.trf_typing import seeded_results
from xl_tiebreak.trf.layout import ROUND_STRIDE, ROUNDS_FROM

ROOT = Path(__file__).resolve().parents[1]

pytestmark = [pytest.mark.oracle,
              pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")]


def _cli(folder: Path, *args: str) -> dict:
    """``xl-tiebreak pair ... --format json`` in a subprocess: the pairing (the first line)."""
    proc = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "pair", *args, "--format", "json"], cwd=folder,
                          capture_output=True, text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    got: dict = json.loads(proc.stdout.splitlines()[0])
    return got


def _reference(trf: Path, rnd: int) -> list[tuple[int, int]]:
    from tests.oracle.pairing_runner import board_lines, run_pairings
    (text,) = run_pairings([["-i", str(trf), "-p", "-m", "berger", "-n", str(rnd), "-d", "T"]])
    return board_lines(text)


def _as_reference(pairing: dict) -> list[tuple[int, int]]:
    """Ours as gacrux prints it: the sit-out first (``p 0``, the dummy's board), then the games."""
    return ([(b["no"], 0) for b in pairing["byes"] if b["kind"] == "sit-out"]
            + [(p["white"], p["black"]) for p in pairing["pairs"]])


def _results(pairing: dict, rng: random.Random) -> dict[int, tuple[int, str, str]]:
    """A result for each game: player -> (opponent, colour, result code 1 = 0), each outcome as likely."""
    return seeded_results(pairing, rng, "1=0")


def _type_trf(trf: Path, rnd: int, results: dict[int, tuple[int, str, str]]) -> None:
    """The results typed over round ``rnd``'s pending games of a TRF (columns 92+10(r-1)), the
    points field brought up to date (FIDE's reference checks it)."""
    lines = []
    for line in trf.read_text(encoding="latin-1").splitlines():
        if line[:3] == "001" and int(line[4:8]) in results:
            opp, colour, code = results[int(line[4:8])]
            start = ROUNDS_FROM + ROUND_STRIDE * (rnd - 1)
            assert line[start:start + 6] == f"{opp:>4} {colour}" and not line[start + 6:start + 8].strip(), line
            line = line[:start].ljust(start) + f"{opp:>4} {colour} {code}" + line[start + 8:]
            points = float(line[80:84]) + {"1": 1.0, "=": 0.5, "0": 0.0}[code]
            line = line[:80] + f"{points:>4.1f}" + line[84:]
        lines.append(line)
    trf.write_text("\n".join(lines) + "\n", encoding="latin-1")


@pytest.mark.parametrize("n", [6, 7])
def test_a_round_robin_season_from_a_trf_file_follows_the_reference_round_by_round(tmp_path, n):
    rng = random.Random(n)
    rounds = n - 1 if n % 2 == 0 else n
    trf = tmp_path / "club.trf"
    trf.write_text(players_trf(n, rounds), encoding="latin-1")
    for rnd in range(1, rounds + 1):
        nxt = tmp_path / f"round{rnd}.trf"
        got = _cli(tmp_path, trf.name, "--write", nxt.name)
        assert got["round"] == rnd and got["system"] == "berger"
        assert len(got["pairs"]) == n // 2 and len(got["byes"]) == n % 2
        assert _as_reference(got) == _reference(nxt, rnd), rnd  # the file written, read by the reference
        assert _as_reference(got) == _reference(trf, rnd), rnd  # the file before, too
        assert _cli(tmp_path, nxt.name) == got  # read back by us: the same round, its pairs typed now
        _type_trf(nxt, rnd, _results(got, rng))
        trf = nxt
    from tests.oracle.pairing_runner import run_pairings
    (check,) = run_pairings([["-i", str(trf), "-c", "-m", "berger", "-d", "T"]])
    if n % 2 == 0:
        assert check.strip().endswith("Check: True"), check
    else:  # PAIRING_RULES §8.7: the reference's checker wants the sit-out written as a PAB (0000 - U)
        assert "Check: False" in check


@pytest.mark.parametrize("n", [6, 7])
def test_a_round_robin_season_in_the_template_follows_the_reference_round_by_round(tmp_path, n):
    from tests.support.workbook_typing import read_sheet, type_cells
    rng = random.Random(100 + n)
    rounds = n - 1 if n % 2 == 0 else n
    book = tmp_path / "club.xlsx"
    subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "template", "--type", "round-robin", "--players",
                    str(n), "-o", str(book)], check=True, capture_output=True, env={"PYTHONPATH": str(ROOT)})
    cells: dict[str, object] = {"Crosstable!A1": "Club round robin", "Settings!B5": "2026-04-10"}
    for no in range(1, n + 1):  # header row 4: No | Name | Title | Rating | Fed | R1 ...
        cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}",
                      f"Crosstable!D{4 + no}": 2100 - 10 * no})
    type_cells(book, cells)
    ref = tmp_path / "ref.trf"
    ref.write_text(players_trf(n, rounds), encoding="latin-1")
    for rnd in range(1, rounds + 1):
        got = _cli(tmp_path, book.name, "--write")
        assert got["round"] == rnd
        assert _as_reference(got) == _reference(ref, rnd), rnd  # the reference on the same event
        col = chr(ord("F") + rnd - 1)
        shown = read_sheet(book, "Crosstable")
        results = _results(got, rng)
        typed = {}
        for no, (opp, colour, code) in results.items():
            assert shown[f"{col}{4 + no}"] == f"{opp}{colour}"  # the pending game, as the notation writes it
            typed[f"Crosstable!{col}{4 + no}"] = f"{opp}{colour}{'½' if code == '=' else code}"  # result completes it
        for b in got["byes"]:
            assert shown[f"{col}{4 + b['no']}"] == "-"
        type_cells(book, typed)
        _type_trf_round(ref, rnd, results)
    assert len(list(tmp_path.glob("club.bak-*.xlsx"))) == 5  # the newest five backups are kept
    if shutil.which("soffice") and shutil.which("pdftotext"):
        from tests.support.pdf_pages import pdf_pages, sheet_pages
        pages = pdf_pages(book, tmp_path / "pdf")
        page = sheet_pages(pages, "Crosstable")[0]
        row = next(line for line in page.splitlines() if "Player 1 " in line)
        # player 1's last cell as LibreOffice shows it: the game typed over the pending pairing
        last = results.get(1)
        assert last is None or f"{last[0]}{last[1]}" in row
        (sheet,) = sheet_pages(pages, "Pairings")  # the printable sheet of the last round, one page
        assert f"Club round robin - Round {rounds}" in sheet
        boards = [b for b in (line.split() for line in sheet.splitlines()) if len(b) == 9 and b[0].isdigit()]
        assert [(int(b[0]), int(b[1]), int(b[5])) for b in boards] == [
            (p["board"], p["white"], p["black"]) for p in got["pairs"]]


def _type_trf_round(trf: Path, rnd: int, results: dict[int, tuple[int, str, str]]) -> None:
    """The reference's copy of the event: round ``rnd``'s games with their results (the sit-out
    left blank)."""
    lines = []
    for line in trf.read_text(encoding="latin-1").splitlines():
        if line[:3] == "001":
            start = ROUNDS_FROM + ROUND_STRIDE * (rnd - 1)
            opp, colour, code = results.get(int(line[4:8]), (0, "-", "-"))
            field = f"{opp:>4} {colour} {code}" if opp else "0000 - -"
            line = line.ljust(start) + field
            if opp:
                points = float(line[80:84]) + {"1": 1.0, "=": 0.5, "0": 0.0}[code]
                line = line[:80] + f"{points:>4.1f}" + line[84:]
        lines.append(line)
    trf.write_text("\n".join(lines) + "\n", encoding="latin-1")
