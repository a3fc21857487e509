"""A Swiss season of 7 rounds paired round by round with ``xl-tiebreak pair`` (a subprocess, as a
user runs it), from a TRF file of players only and from the Swiss template: pair, type the results
(seeded), pair the next round, ... with a late entrant (player 16 joins after round 2, absent in
rounds 1-2), an absence typed in advance (player 5: a half-point bye ``H`` in round 4, typed after
round 2) and a withdrawal (player 9 after round 4: ``WD`` in the workbook, ``0000 - -`` in each
remaining round of the TRF, which has no withdrawal code, as export-trf writes it). Every round equals FIDE's reference
engine's (gacrux ``pairingchecker -p -m dutch -n K`` on the file written at that point), board for
board, colour for colour, and the PAB's receiver. 15 players, so most rounds have a PAB."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from pathlib import Path

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from tests.support.trf_typing import edit_trf, seeded_results, set_field, type_results
from tests.test_pair_command import players_trf

ROOT = Path(__file__).resolve().parents[1]
ROUNDS = 7
LATE, HALF_BYE, WITHDRAWN = 16, 5, 9

pytestmark = [pytest.mark.oracle,
              pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")]


def _run(folder: Path, *args: str) -> subprocess.CompletedProcess:
    proc = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=folder, capture_output=True,
                          text=True, timeout=120, env={"PYTHONPATH": str(ROOT), "PATH": ""})
    assert proc.returncode == 0 and "Traceback" not in proc.stderr, proc.stderr
    return proc


def _pair(folder: Path, *args: str) -> dict:
    """``xl-tiebreak pair ... --format json``: the pairing (the first line printed)."""
    got: dict = json.loads(_run(folder, "pair", *args, "--format", "json").stdout.splitlines()[0])
    return got


def _reference(trf: Path, rnd: int) -> list[tuple[int, int]]:
    """gacrux's Dutch pairing of round ``rnd`` of ``trf`` (its pairings of that round ignored, its
    byes and absences honoured), as ``(white, black)`` boards and ``(PAB, 0)``."""
    from tests.oracle.pairing_runner import board_lines, run_pairings
    (text,) = run_pairings([["-i", str(trf), "-p", "-m", "dutch", "-n", str(rnd), "-d", "T"]])
    return board_lines(text)


def _as_reference(pairing: dict) -> list[tuple[int, int]]:
    """Ours as gacrux prints it: the games, then the PAB as ``(no, 0)``."""
    return ([(p["white"], p["black"]) for p in pairing["pairs"]]
            + [(b["no"], 0) for b in pairing["byes"] if b["kind"] == "PAB"])


def _same(ours: list[tuple[int, int]], reference: list[tuple[int, int]]) -> bool:
    """The same games with the same colours and the same PAB. Board order is compared as a set: two
    pairs tied on the higher score and the sum go by the higher-ranked player's TPN in C.04.2 art.
    3.6 (ours) and by the smaller TPN in the pair in gacrux (PAIRING_RULES §8.9; this season's
    workbook round 3 has such a tie: 16-6 and 10-2, both 0.5 + 0, player 6 ranks above 10)."""
    return sorted(ours) == sorted(reference)


def _late_line(rounds_absent: int) -> str:
    """The late entrant's 001 line: rated lowest, absent (``0000 - Z``) in the rounds before it joined."""
    line = f"001 {LATE:>4}      {f'Player {LATE}':<33} {1900:>4}{'':28}{0.0:>4.1f} {LATE:>4}"
    for rnd in range(1, rounds_absent + 1):
        line = set_field(line, rnd, "0000 - Z")
    return line


def _check_round(got: dict, rnd: int, present: set[int]) -> None:
    """Who is paired in round ``rnd``: everyone present once, a PAB exactly when their number is odd."""
    assert got["round"] == rnd and got["system"] == "dutch"
    paired = [n for p in got["pairs"] for n in (p["white"], p["black"])]
    pabs = [b["no"] for b in got["byes"] if b["kind"] == "PAB"]
    assert sorted(paired + pabs) == sorted(present), rnd
    assert len(pabs) == len(present) % 2, rnd


def _present(rnd: int) -> set[int]:
    """The season's script: 15 players; 16 from round 3; 5 absent in round 4; 9 gone from round 5."""
    out = set(range(1, 16)) | ({LATE} if rnd >= 3 else set())
    out -= {HALF_BYE} if rnd == 4 else set()
    out -= {WITHDRAWN} if rnd >= 5 else set()
    return out


def test_a_swiss_season_from_a_trf_file_follows_the_reference_round_by_round(tmp_path):
    rng = random.Random(35)
    trf = tmp_path / "club.trf"
    trf.write_text(players_trf(15, ROUNDS, kind="Swiss-System", extra="152 W"), encoding="latin-1")
    for rnd in range(1, ROUNDS + 1):
        nxt = tmp_path / f"round{rnd}.trf"
        got = _pair(tmp_path, trf.name, "--write", nxt.name)
        _check_round(got, rnd, _present(rnd))
        # the reference on the file we paired (the one written holds round K's games without results,
        # which the reference refuses once a later round holds a bye typed in advance: "Error 401")
        assert _same(_as_reference(got), _reference(trf, rnd)), rnd
        assert _pair(tmp_path, nxt.name) == got  # read back by us: the same round, its games typed now
        type_results(nxt, rnd, seeded_results(got, rng))
        if rnd == 2:  # the late entrant's line, and a half-point bye typed in advance for round 4
            edit_trf(nxt, {HALF_BYE: {4: "0000 - H"}}, new=_late_line(2))
        if rnd == 4:  # the withdrawal: absent in every remaining round
            edit_trf(nxt, {WITHDRAWN: {r: "0000 - -" for r in range(5, ROUNDS + 1)}})
        trf = nxt
    from tests.oracle.pairing_runner import run_pairings
    (check,) = run_pairings([["-i", str(trf), "-c", "-m", "dutch", "-d", "T"]])
    assert check.strip().endswith("Check: True"), check  # the reference's checker pairs every round as we did


def test_a_swiss_season_in_the_template_follows_the_reference_round_by_round(tmp_path):
    from tests.support.workbook_typing import read_sheet, type_cells
    rng = random.Random(36)
    book = tmp_path / "club.xlsx"
    _run(tmp_path, "template", "--type", "swiss", "--players", "20", "--rounds", str(ROUNDS), "-o", book.name)
    cells: dict[str, object] = {"Crosstable!A1": "Club Swiss", "Settings!B5": "2026-04-10",
                                "Settings!B13": ROUNDS}

    def player(no: int, rating: int) -> None:  # header row 4: No | Name | Title | Rating | Fed | R1 ...
        cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}",
                      f"Crosstable!D{4 + no}": rating})
    for no in range(1, 16):
        player(no, 2100 - 10 * no)
    type_cells(book, cells)
    for rnd in range(1, ROUNDS + 1):
        ref = tmp_path / f"ref{rnd}.trf"  # the workbook as the TRF export writes it, before the pairing
        _run(tmp_path, "export-trf", book.name, "-o", ref.name)
        text = ref.read_text(encoding="latin-1")
        assert "152 " not in text
        ref.write_text("152 W\n" + text, encoding="latin-1")  # round 1's colour, drawn White (ours: White)
        got = _pair(tmp_path, book.name, "--write")
        _check_round(got, rnd, _present(rnd))
        assert _same(_as_reference(got), _reference(ref, rnd)), rnd
        col = chr(ord("F") + rnd - 1)
        shown = read_sheet(book, "Crosstable")
        typed: dict[str, object] = {}
        for no, (opp, colour, code) in seeded_results(got, rng).items():
            assert shown[f"{col}{4 + no}"] == f"{opp}{colour}"  # the pending game; typing the result completes it
            typed[f"Crosstable!{col}{4 + no}"] = f"{opp}{colour}{'½' if code == '=' else code}"
        for b in got["byes"]:  # the PAB written with its point; an absence left as typed (H, or WD rounds before)
            assert shown.get(f"{col}{4 + b['no']}") == {"PAB": "BYE"}.get(b["kind"], shown.get(f"{col}{4 + b['no']}"))
        assert [b["no"] for b in got["byes"] if b["kind"] == "absent"] == (
            [HALF_BYE] if rnd == 4 else [WITHDRAWN] if rnd >= 5 else [])
        if rnd == 2:  # the late entrant's row, absent in rounds 1-2; a half-point bye typed for round 4
            player(LATE, 1900)
            typed.update({k: v for k, v in cells.items() if k.endswith(str(4 + LATE))})
            typed.update({f"Crosstable!F{4 + LATE}": "-", f"Crosstable!G{4 + LATE}": "-",
                          f"Crosstable!I{4 + HALF_BYE}": "H"})
        if rnd == 4:  # the withdrawal: WD from round 5 on (notation.py: this round and every later one)
            typed[f"Crosstable!J{4 + WITHDRAWN}"] = "WD"
        type_cells(book, typed)
