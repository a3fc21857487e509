"""Compare the board-based and encounter team tie-breaks (BC TBR BBE, DE and the EDE family, with
/P) with gacrux on generated events and print, per code, how many events × editions were compared,
how many of them had a group of 2+ teams for the code to rank, and how many depart from gacrux by
the text (the EDE knock-out steps; board-forfeit-only matches); then time ``compute_team`` on the
largest real team file.

    python benchmarks/team_knockout_counts.py            # 100 events × 2024, 2026
    python benchmarks/team_knockout_counts.py --events 20

Prints its figures; asserts nothing (tests/test_team_knockout.py asserts).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))

import test_team_knockout as tk  # noqa: E402
from xl_tiebreak.team_engine import compute_team  # noqa: E402
from xl_tiebreak.trf.teams import read_team_trf  # noqa: E402
from xl_tiebreak.validation import Findings  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=tk.N_EVENTS)
    args = ap.parse_args()
    tk.N_EVENTS = args.events
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        d = tk.Differential(Path(tmp))
    took = time.perf_counter() - started
    print(f"{args.events} events × 2 editions, {took:.1f} s (gacrux and ours)")
    print(f"{'code':<9} {'2024 (tied)':>12} {'2026 (tied)':>12} {'values':>7} {'KO dep.':>8} {'forfeit dep.':>13}")
    for c in ["MPVGP"] + tk.CODES:
        print(f"{c:<9} {d.compared[(c, '2024')]:>5} ({d.informative[(c, '2024')]:>4}) "
              f"{d.compared[(c, '2026')]:>5} ({d.informative[(c, '2026')]:>4}) {d.values[c]:>7} "
              f"{d.departures[c]:>8} {d.forfeit_departures[c]:>13}")
    problems = len(d.chained) + len(d.isolated) + len(d.unexplained) + len(d.engine)
    print(f"values differing from gacrux other than by the two departures: {problems}")
    shared = Path(os.environ.get("XL_TIEBREAK_SHARED", ROOT.parent / "shared"))
    real = shared / "data" / "real" / "grandmommys-cup-trf26-team.trf"
    if real.is_file():
        ev = read_team_trf(real.read_text(encoding="utf-8"), real.name, findings=Findings(strict=False))
        for codes in (["EDE"], ["EDEBT", "BC", "TBR", "BBE"], tk.CODES):
            t0 = time.perf_counter()
            compute_team(ev, codes, edition="fide2026")
            t1 = time.perf_counter()
            print(f"compute_team, {len(ev.teams)} teams × {ev.rounds} rounds, {len(codes)} code(s): "
                  f"{(t1 - t0) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
