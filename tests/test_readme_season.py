"""The README's "A season in the workbook" walkthrough, run as written.

Each command of the README's block is run through the installed command line in a fresh folder,
in the README's order; each comment line of the block is an arbiter's step in Excel, done here by
typing into the workbook as a user does (tests/support/workbook_typing.py). What each command prints is
checked against the README's comment beside it and against values from the rule text (points are
the sum of the results; Buchholz the sum of the opponents' points), and the exported TRF against
FIDE's reference engine.
"""

from __future__ import annotations

import csv
import io
import os
import re
import shlex
import subprocess
import sys
from fractions import Fraction
from pathlib import Path
from typing import Callable

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from tests.support.workbook_typing import EVENT_FIELDS, event_cells, read_sheet, type_cells

ROOT = Path(__file__).resolve().parents[1]
NAMES = ["Anna Berg", "Bo Carlsson", "Cecilia Dahl", "David Ek", "Eva Fors", "Filip Gran", "Greta Holm",
         "Hugo Ivarsson", "Ida Jonsson", "Johan Karlsson", "Karin Lind", "Lars Mark"]
# round 1: i against i+6, i with White; 1, 2, 4, 5 win, 3 and 6 draw
ROUND_1 = {}
for i in range(1, 7):
    won = "½" if i % 3 == 0 else "1"
    ROUND_1[f"F{4 + i}"], ROUND_1[f"F{10 + i}"] = f"{i + 6}w{won}", f"{i}b{'½' if won == '½' else '0'}"
# round 2: 1-2 ½-½ and 4-5 1-0 first; then 3-12, 6-9, 7-8, 10-11, White first wins
ROUND_2_FIRST = {"G5": "2w½", "G6": "1b½", "G8": "5w1", "G9": "4b0"}
ROUND_2_REST = {"G7": "12w1", "G16": "3b0", "G10": "9w1", "G13": "6b0",
                "G11": "8w1", "G12": "7b0", "G14": "11w1", "G15": "10b0"}


def readme_block() -> list[str]:
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    section = text.split("## A season in the workbook", 1)[1].split("\n## ", 1)[0]
    block = re.search(r"```sh\n(.*?)```", section, re.S)
    assert block, "the README's season section has no sh block"
    return [ln for ln in block.group(1).splitlines() if ln.strip()]


def steps() -> list[tuple[str, list[str]]]:
    """The block as (arbiter's step, the commands after it); the first step is empty."""
    out: list[tuple[str, list[str]]] = [("", [])]
    for ln in readme_block():
        if ln.startswith("#"):
            if out[-1][1] or out[-1][0] == "":
                out.append((ln[1:].strip(), []))
            else:
                out[-1] = (out[-1][0] + " " + ln[1:].strip(), [])
        else:
            out[-1][1].append(ln)
    return out


def run(folder: Path, line: str) -> tuple[subprocess.CompletedProcess, str]:
    """One README line: the command (xl-tiebreak run as ``python -m xl_tiebreak.cli``) and its comment."""
    command, _, comment = line.partition("#")
    argv = shlex.split(command)
    assert argv[0] == "xl-tiebreak"
    env = dict(os.environ, PYTHONPATH=os.pathsep.join(filter(None, [str(ROOT), os.environ.get("PYTHONPATH")])))
    proc = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *argv[1:]], cwd=folder, env=env,
                          capture_output=True, text=True, timeout=120)
    assert "Traceback" not in proc.stderr and "internal error" not in proc.stderr, proc.stderr
    return proc, comment.strip()


@pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")
def test_the_readmes_season_walkthrough_runs_as_written(tmp_path):
    book = tmp_path / "club.xlsx"

    def typed(cells: dict[str, object]) -> None:
        type_cells(book, {(k if "!" in k else f"Crosstable!{k}"): v for k, v in cells.items()})

    def setup() -> None:
        cells: dict[str, object] = {"Settings!B5": "2026-04-10", "Settings!B13": 7}
        for i, name in enumerate(NAMES, start=1):
            cells.update({f"A{4 + i}": i, f"B{4 + i}": name, f"D{4 + i}": 2100 - 25 * i})
        typed({**cells, **ROUND_1, **event_cells(book)})  # the Event sheet: the rating report's fields

    def late_entrant() -> None:
        typed({**ROUND_2_REST, "A17": 13, "B17": "Mona Nilsson", "D17": 1800})

    actions: dict[str, Callable[[], None]] = {
        "Settings: Start date 2026-04-10": setup,
        "Round 2 under way": lambda: typed(ROUND_2_FIRST),
        "A typo: 12x1 typed in Crosstable!G7": lambda: typed({"G7": "12x1"}),
        "The typo fixed and round 2 finished. A late entrant": late_entrant,
    }
    seen = []
    for step, commands in steps():
        if step:
            action = next((f for k, f in actions.items() if step.startswith(k)), None)
            assert action, f"a README step the test does not know: {step!r}"
            action()
            seen.append(step)
        for line in commands:
            proc, comment = run(tmp_path, line)
            check_command(line, proc, comment, book)
    assert len(seen) == len(actions)

    # the TRF for the rating officer: FIDE's reference engine reads it and gives the values the
    # CSV says (the rules of the start date, 2026), evaluated after round 2 (-n 2: by itself it
    # evaluates the 7 rounds XXR announces, the 5 to come as unplayed)
    trf = (tmp_path / "club.trf").read_text(encoding="utf-8")
    assert "XXR 7" in trf and "042 2026/04/10" in trf
    records = {ln[:3] for ln in trf.splitlines()}  # every record of the rating report
    assert {"012", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122", "132"} <= records
    assert f"022 {EVENT_FIELDS['City']}\n" in trf and "062 13\n" in trf
    want = run_gacrux(str(tmp_path / "club.trf"), ["PTS", "BH/C1", "BH", "SB"], mode=None, rounds=2)
    raw = (tmp_path / "standings.csv").read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")  # csv-eu: UTF-8 with a byte-order mark for Excel
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    head = next(i for i, r in enumerate(rows) if r and r[1:3] == ["No", "Name"])
    cols = rows[head]
    players = [r for r in rows[head + 1:] if len(r) == len(cols) and r[1].isdigit()]
    assert len(players) == 13
    for r in players:
        got = dict(zip(cols, r))
        w = want[int(got["No"])]
        for code, col in (("PTS", "Pts"), ("BH/C1", "BH/C1"), ("BH", "BH"), ("SB", "SB")):
            assert Fraction(got[col].replace(",", ".")) == w[code], (got["No"], code, got[col], w[code])


def check_command(line: str, proc: subprocess.CompletedProcess, comment: str, book: Path) -> None:
    """What a README line promises in its comment, against what the command did."""
    out = proc.stdout + proc.stderr
    exit_code = int(m.group(1)) if (m := re.search(r"\(exit (\d)\)", comment)) else 0
    assert proc.returncode == exit_code, (line, proc.returncode, out)
    if line.startswith("xl-tiebreak check"):
        if exit_code == 0:
            assert "0 error(s)" in out, out
        else:  # the README quotes the cell and the message
            assert "error    Crosstable!G7: '12x1' is not a result" in out, out
    elif line.startswith("xl-tiebreak standings") and "-o" not in line:
        label = proc.stdout.splitlines()[1]
        assert label.startswith("Standings ") and comment in label, (label, comment)
        if "--live" in line:  # the two finished games of round 2 count: player 4 leads with 2 points
            first = proc.stdout.splitlines()[6].split()
            assert first[:3] == ["1", "4", "David"] and first[4] == "2.0", first
        elif "in progress" in comment:  # round 1 only: 1, 2, 4 and 5 share the lead with one point
            leaders = [ln.split()[1] for ln in proc.stdout.splitlines()[6:10]]
            assert sorted(leaders, key=int) == ["1", "2", "4", "5"] and "1-4" in proc.stdout
    elif line.startswith("xl-tiebreak recompute"):
        shown = read_sheet(book, "Standings")
        if exit_code:
            assert shown["A4"] == "#ERROR: Crosstable!G7: '12x1' is not a result; write e.g. 12w1, 12b½, +12, BYE, H"
            assert "'12x1' is not a result" in str(read_sheet(book, "Crosstable")["A3"])
        elif "13 players" in comment:
            ranked = [shown.get(f"B{r}") for r in range(5, 18)]
            assert sorted(ranked) == list(range(1, 14)) and shown.get("B18") in (None, "")
            assert str(shown["A3"]).startswith("After round 2 of 7")
        else:
            assert str(shown["A3"]).startswith("After round 1 of 7") and shown["A3"].endswith("No problems found.")
