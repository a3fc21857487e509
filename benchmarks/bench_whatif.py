"""What ``xl-tiebreak whatif`` costs on an 80-player Swiss event whose last round (40 boards, with
the usual byes and forfeits around them) is paired with its results to come: end to end through
the command line (a new process, as a user runs it), for several tie-break lists and prize places.

    python benchmarks/bench_whatif.py

Prints, per case: the seconds, how many boards matter, whether the answer was enumerated (and how
many of the combinations needed the tie-breaks) or bounded (points alone). Asserts nothing.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from events import swiss  # noqa: E402

from xl_tiebreak.model import Kind, Round, Tournament  # noqa: E402
from xl_tiebreak.trf.writer import write_trf  # noqa: E402

CASES = (  # (event seed, tie-breaks, prize places, --max-boards)
    (7, "BH/C1,BH,SB,DE,WIN", 3, 8),
    (7, "BH/C1,BH,SB,DE,WIN", 1, 10),
    (7, "DE,WIN,PS", 3, 8),
    (7, "DE,WIN,PS", 1, 8),
    (7, "WIN,PS", 2, 10),
    (7, "DE,WIN,PS", 4, 8),
    (2, "DE,WIN,PS", 5, 8),  # 8 boards matter: the bound itself, 3^8 = 6,561 events ranked
)


def open_last_round(t: Tournament) -> Tournament:
    """The event with its last round's games over the board paired, results to come."""
    r = t.rounds - 1
    players = []
    for p in t.players:
        rd = p.rounds[r]
        if rd.kind in (Kind.WIN, Kind.DRAW, Kind.LOSS):
            rd = Round(Kind.NOT_PLAYED, rd.opponent, rd.colour)
        players.append(replace(p, rounds=p.rounds[:r] + (rd,)))
    return replace(t, players=tuple(players), arrays=None)


def main() -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as tmp:
        files = {}
        for seed in sorted({c[0] for c in CASES}):
            t = open_last_round(swiss(80, 9, seed=seed))
            open_boards = sum(1 for p in t.players if p.rounds[-1].kind is Kind.NOT_PLAYED) // 2
            files[seed] = Path(tmp) / f"open80-{seed}.trf"
            files[seed].write_text(write_trf(t), encoding="utf-8")
            print(f"event {seed}: 80 players, 9 rounds; round 9 paired: {open_boards} boards open (the rest byes "
                  "and forfeits)")
        print(f"{'ev':>2} {'tie-breaks':<20} {'N':>2} {'max':>3} {'wall s':>7} {'cpu s':>6}  boards mattering  answer")
        for seed, codes, n, most in CASES:
            path = files[seed]
            cmd = [sys.executable, "-m", "xl_tiebreak.cli", "whatif", str(path), "-t", codes, "--places", str(n),
                   "--max-boards", str(most), "-f", "json"]
            start, cpu = time.perf_counter(), _children_cpu()
            got = subprocess.run(cmd, capture_output=True, text=True, env=env)
            took, cpu = time.perf_counter() - start, _children_cpu() - cpu
            if got.returncode:
                print(f"{seed:>2} {codes:<20} {n:>2} failed: {got.stderr.strip()}")
                continue
            doc = json.loads(got.stdout)
            k = len(doc["boards_mattering"])
            answer = (f"enumerated 3^{k} = {doc['combinations']:,} ({doc['ranked_by_tiebreaks']:,} by tie-breaks)"
                      if doc["exact"] else f"bounded (3^{k} > 3^{most}): points alone")
            print(f"{seed:>2} {codes:<20} {n:>2} {most:>3} {took:>7.2f} {cpu:>6.2f}  {k:>2} of {len(doc['boards']):<2}"
                  f"           {answer}")
        start, cpu = time.perf_counter(), _children_cpu()
        subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "standings", str(files[7]), "-t", CASES[0][1]],
                       capture_output=True, env=env)
        print(f"(for scale: standings of event 7, {time.perf_counter() - start:.2f} s wall, "
              f"{_children_cpu() - cpu:.2f} s cpu)")


def _children_cpu() -> float:
    """CPU seconds (user + system) of the finished child processes so far."""
    import resource
    got = resource.getrusage(resource.RUSAGE_CHILDREN)
    return got.ru_utime + got.ru_stime


if __name__ == "__main__":
    main()
