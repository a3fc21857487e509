"""Time the full FIDE tie-break list on large generated Swiss events, and the reference engine.

    python benchmarks/bench_engine.py            # engine: 2,000 x 11 and 10,000 x 13, growth
    python benchmarks/bench_engine.py --gacrux   # also FIDE's reference (gacrux) on 2,000 x 11

Prints its figures; asserts nothing. "cold" includes turning the Tournament into arrays (done
once per tournament and cached), "warm" is a further compute on the same Tournament object.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events import swiss  # noqa: E402

from xl_tiebreak import compute, rank, write_trf  # noqa: E402

FULL = ("BH,BH/C1,BH/C2,BH/M1,BH/M2,BH/P,FB,FB/C1,AOB,AOB/F,SB,SB/C1,SB/P,DE,WIN,WON,BPG,BWG,REP,"
        "STD,TPN,PS,PS/C1,KS,ARO,ARO/C1,ARO/M1,TPR,PTP,APRO,APPO,RTNG")


def best_of(fn, repeat: int = 3) -> float:
    times = []
    for _ in range(repeat):
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return min(times)


def engine(players: int, rounds: int) -> dict:
    t = swiss(players, rounds, seed=players)
    games = sum(1 for p in t.players for r in p.rounds if r.kind.has_opponent) // 2
    cold = best_of(lambda: compute(_fresh(t), FULL))
    warm = best_of(lambda: compute(t, FULL))
    res = compute(t, FULL)
    materialise = best_of(lambda: (res.__dict__.pop("values", None), res.values))
    standings = best_of(lambda: rank(compute(t, FULL)), 1)
    return {"players": players, "rounds": rounds, "games": games, "cold": cold, "warm": warm,
            "values": materialise, "standings": standings}


def _fresh(t):
    """The same tournament without its arrays (a cold start)."""
    return t.with_players(t.players)


def reference(players: int, rounds: int) -> float:
    t = swiss(players, rounds, seed=players)
    codes = [c + "/V2" for c in FULL.split(",") if not c.startswith(("FB", "AOB/F"))]
    codes += [c + "/V2" for c in FULL.split(",") if c.startswith(("FB", "AOB/F"))]
    with tempfile.TemporaryDirectory() as d:
        path = os.path.join(d, "event.trf")
        Path(path).write_text(write_trf(t), encoding="utf-8")
        cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", path, "-s", "-t", "PTS", *codes, "-d", "T"]
        t0 = time.perf_counter()
        out = subprocess.run(cmd, capture_output=True, text=True)
        elapsed = time.perf_counter() - t0
        if out.returncode != 0:
            raise SystemExit(f"gacrux failed: {out.stdout[:300]} {out.stderr[-300:]}")
    return elapsed


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--gacrux", action="store_true", help="also time the reference on 2,000 x 11")
    args = ap.parse_args()
    print(f"full list: {len(FULL.split(','))} tie-breaks: {FULL}")
    print(f"{'event':>14} {'games':>7} {'cold s':>8} {'warm s':>8} {'values s':>9} {'standings s':>12} {'us/game':>8}")
    rows = []
    for players, rounds in [(1000, 11), (2000, 11), (4000, 11), (8000, 13), (10000, 13), (20000, 13)]:
        r = engine(players, rounds)
        rows.append(r)
        print(f"{players:>7} x {rounds:<4} {r['games']:>7} {r['cold']:>8.3f} {r['warm']:>8.3f} "
              f"{r['values']:>9.3f} {r['standings']:>12.3f} {1e6 * r['cold'] / r['games']:>8.2f}")
    if args.gacrux:
        ref = reference(2000, 11)
        ours = next(r for r in rows if r["players"] == 2000)
        print(f"reference engine (gacrux) on 2,000 x 11: {ref:.2f} s (whole run, including its start-up)")
        print(f"xl-tiebreak on 2,000 x 11: {ours['cold']:.3f} s cold -> {ref / ours['cold']:.0f} times faster")


if __name__ == "__main__":
    main()
