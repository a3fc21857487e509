"""Time ``xl-tiebreak pair`` end to end (a new process each run, as a user runs it) on a round robin.

    python benchmarks/bench_pair.py              # 20 players: TRF and template workbook, print and --write
    python benchmarks/bench_pair.py --players 100

Each figure is the best and the median of five runs, wall clock; round 2 is paired (round 1's
results in, so the history is checked). Prints its figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.workbook_typing import type_cells  # noqa: E402
from xl_tiebreak.pairing.berger import cycle_rounds, table_round  # noqa: E402


def _trf(n: int) -> str:
    """``n`` players, round 1 of the Berger table played (White wins), the sit-out blank."""
    cells: dict[int, str] = {}
    for w, b in table_round(n, 1):
        if max(w, b) <= n:
            cells[w], cells[b] = f"{b:>4} w 1", f"{w:>4} b 0"
    lines = ["012 Bench round robin", "042 2026/04/10", f"XXR {cycle_rounds(n)}", "092 Individual: Round Robin"]
    for no in range(1, n + 1):
        points = "1.0" if cells.get(no, "").endswith("1") else "0.0"
        line = f"001 {no:>4}      {f'Player {no}':<33} {2400 - no:>4}{'':28}{points:>4} {no:>4}"
        lines.append(line + (f"  {cells[no]}" if no in cells else ""))
    return "\n".join(lines) + "\n"


def _time(folder: Path, args: list[str], before=None, runs: int = 5) -> tuple[float, float]:
    got = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "pair", *args], cwd=folder, check=True,
                       capture_output=True)
        got.append(time.perf_counter() - start)
    return min(got), statistics.median(got)


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=20)
    n = ap.parse_args().players
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "rr.trf").write_text(_trf(n), encoding="latin-1")
        print(f"pair, a round robin of {n} players, round 2 (best / median of 5, seconds, a new process each):")
        print("  TRF, printed:            %.2f / %.2f" % _time(folder, ["rr.trf"]))
        print("  TRF, --write r2.trf:     %.2f / %.2f" % _time(folder, ["rr.trf", "--write", "r2.trf", "--force"]))
        book = folder / "rr.xlsx"
        subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "template", "--type", "round-robin", "--players",
                        str(n), "-o", str(book)], check=True, capture_output=True)
        cells: dict[str, object] = {}
        for no in range(1, n + 1):
            cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}"})
        for w, b in table_round(n, 1):
            if max(w, b) <= n:
                cells.update({f"Crosstable!F{4 + w}": f"{b}w1", f"Crosstable!F{4 + b}": f"{w}b0"})
            else:
                cells[f"Crosstable!F{4 + min(w, b)}"] = "-"
        type_cells(book, cells)
        shutil.copy(book, folder / "fresh.xlsx")
        print("  workbook, printed:       %.2f / %.2f" % _time(folder, ["rr.xlsx"]))

        def fresh() -> None:
            shutil.copy(folder / "fresh.xlsx", book)
            for old in folder.glob("rr.bak-*"):
                old.unlink()
        print("  workbook, --write:       %.2f / %.2f  (cells, Pairings sheet, values recomputed, backup)"
              % _time(folder, ["rr.xlsx", "--write"], before=fresh))


if __name__ == "__main__":
    main()
