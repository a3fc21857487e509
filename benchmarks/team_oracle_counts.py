"""Compare the team tie-breaks of the core families with gacrux on generated events and print, per
code, how many events × editions were compared and how many cells differed; then time
``compute_team`` alone on the largest real team file.

    python benchmarks/team_oracle_counts.py            # 100 events × 2024, 2026
    python benchmarks/team_oracle_counts.py --events 20

Prints its figures; asserts nothing (tests/test_team_tiebreaks.py asserts).
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from tests.oracle import team_differential as diff  # noqa: E402
from tests.oracle.team_generate import team_event  # noqa: E402
from xl_tiebreak.team_engine import DEFAULT_TEAM_LIST, compute_team  # noqa: E402
from xl_tiebreak.trf.teams import read_team_trf  # noqa: E402
from xl_tiebreak.validation import Findings  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--events", type=int, default=100)
    args = ap.parse_args()
    counts = {c: 0 for c in diff.CODES}
    differing = {c: 0 for c in diff.CODES}
    started = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        for seed in range(args.events):
            for ed in ("2024", "2026"):
                bad, _ = diff.compare(seed, ed, diff.CODES, Path(tmp))
                for c in diff.CODES:
                    counts[c] += 1
                for b in bad:
                    differing[b[1]] += 1
    took = time.perf_counter() - started
    print(f"{args.events} events × 2 editions, {took:.1f} s (gacrux and ours)")
    print(f"{'code':<10} {'events×editions':>15} {'cells differing':>16}")
    for c in diff.CODES:
        print(f"{c:<10} {counts[c]:>15} {differing[c]:>16}")
    shared = Path(os.environ.get("XL_TIEBREAK_SHARED", Path(__file__).resolve().parents[2] / "shared"))
    real = shared / "data" / "real" / "grandmommys-cup-trf26-team.trf"
    if real.is_file():
        ev = read_team_trf(real.read_text(encoding="utf-8"), real.name, findings=Findings(strict=False))
        t0 = time.perf_counter()
        compute_team(ev, diff.CODES, edition="fide2026")
        t1 = time.perf_counter()
        print(f"compute_team, {len(ev.teams)} teams × {ev.rounds} rounds, {len(diff.CODES)} codes: "
              f"{(t1 - t0) * 1000:.0f} ms")
    big = read_team_trf(team_event(1, teams=190, boards=4, rounds=11).text, "olympiad-size",
                        findings=Findings(strict=False))
    for codes in (list(DEFAULT_TEAM_LIST), diff.CODES):
        t0 = time.perf_counter()
        compute_team(big, codes, edition="fide2026")
        t1 = time.perf_counter()
        print(f"compute_team, 190 teams × 11 rounds × 4 boards, {len(codes)} codes: {(t1 - t0) * 1000:.0f} ms")


if __name__ == "__main__":
    main()
