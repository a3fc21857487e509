"""Time the Dutch engine: a 200-player round, and a 100-player 9-round event paired round by round.

    python benchmarks/bench_dutch.py            # in-process and end to end (one process per round)
    python benchmarks/bench_dutch.py --gacrux   # also FIDE's reference on the same files

The events are paired by the engine itself, round by round, with seeded random results (stronger
player favoured, 30 % draws) and a few byes typed in advance (3 % zero-point, 3 % half-point), so
the histories are ones the Dutch system produces. "End to end" is a fresh process per round:
start Python, import, read the TRF file, pair, print the JSON. Prints its figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
import tempfile
import time
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from xl_tiebreak.model import Kind, Player, Round, Tournament, make_round  # noqa: E402
from xl_tiebreak.pairing.dutch import pair_dutch  # noqa: E402
from xl_tiebreak.pairing.model import Pairing, Request  # noqa: E402
from xl_tiebreak.trf import write_trf  # noqa: E402

ONE_ROUND = """
import json, sys
from xl_tiebreak.trf import read_trf
from xl_tiebreak.pairing.dutch import pair_dutch
from xl_tiebreak.pairing.model import Request
print(json.dumps(pair_dutch(Request(read_trf(sys.argv[1]), int(sys.argv[2]))).to_json()))
"""


def empty_event(n: int, rounds: int) -> Tournament:
    players = tuple(Player(no, f"Player {no}", 2600 - 5 * no,
                           rounds=tuple(Round(Kind.NOT_PLAYED) for _ in range(rounds))) for no in range(1, n + 1))
    return Tournament(players, rounds, name=f"Dutch benchmark {n}x{rounds}", kind="swiss",
                      header=("012 Dutch benchmark", "152 W"))


def with_round(event: Tournament, k: int, cells: dict[int, Round]) -> Tournament:
    players = []
    for p in event.players:
        rounds = list(p.rounds)
        rounds[k - 1] = cells.get(p.no, rounds[k - 1])
        players.append(replace(p, rounds=tuple(rounds)))
    return replace(event, players=tuple(players))


def byes_typed(event: Tournament, k: int, rng: random.Random) -> Tournament:
    cells = {}
    for p in event.players:
        x = rng.random()
        if x < 0.03:
            cells[p.no] = make_round(Kind.ZERO_BYE)
        elif x < 0.06:
            cells[p.no] = make_round(Kind.HALF_BYE)
    return with_round(event, k, cells)


def results(event: Tournament, k: int, pairing: Pairing, rng: random.Random) -> Tournament:
    cells: dict[int, Round] = {}
    for b in pairing.pairs:
        x = rng.random()
        edge = 0.1 if b.white < b.black else -0.1
        kind = Kind.WIN if x < 0.35 + edge else Kind.DRAW if x < 0.65 + edge else Kind.LOSS
        other = {Kind.WIN: Kind.LOSS, Kind.DRAW: Kind.DRAW, Kind.LOSS: Kind.WIN}[kind]
        cells[b.white] = make_round(kind, b.black, "w")
        cells[b.black] = make_round(other, b.white, "b")
    for u in pairing.byes:
        if u.kind == "PAB":
            cells[u.no] = make_round(Kind.PAB)
        elif event.player(u.no).rounds[k - 1].kind is Kind.NOT_PLAYED:
            cells[u.no] = make_round(Kind.ABSENT)
    return with_round(event, k, cells)


def season(n: int, rounds: int, seed: int, files: Path) -> tuple[list[float], list[Path]]:
    """Pair every round in-process; the seconds of each pairing, and the file before each round."""
    rng = random.Random(seed)
    event = empty_event(n, rounds)
    times, paths = [], []
    for k in range(1, rounds + 1):
        event = byes_typed(event, k, rng)
        path = files / f"e{n}x{rounds}_before_r{k}.trf"
        path.write_text(write_trf(event), encoding="latin-1")
        paths.append(path)
        t = time.perf_counter()
        got = pair_dutch(Request(event, k))
        times.append(time.perf_counter() - t)
        event = results(event, k, got, rng)
    return times, paths


def end_to_end(path: Path, k: int) -> float:
    t = time.perf_counter()
    subprocess.run([sys.executable, "-c", ONE_ROUND, str(path), str(k)], check=True, capture_output=True,
                   cwd=str(Path(__file__).resolve().parents[1]))
    return time.perf_counter() - t


def gacrux(path: Path, k: int) -> float:
    t = time.perf_counter()
    r = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-m", "dutch",
                        "-n", str(k)], capture_output=True, text=True)
    dt = time.perf_counter() - t
    code = json.loads(r.stdout).get("status", {}).get("code", 0) if r.stdout.strip().startswith("{") else "?"
    if code != 0:
        print(f"  (gacrux status {code} on {path.name})")
    return dt


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--gacrux", action="store_true", help="also time FIDE's reference on the same files")
    a = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        files = Path(tmp)
        times, paths = season(200, 9, 35, files)
        print("200 players, 9 rounds, each round in-process: "
              + " ".join(f"{t:.2f}" for t in times) + f" s (max {max(times):.2f} s)")
        e2e = [end_to_end(paths[k - 1], k) for k in (1, 5, 9)]
        print("200 players, rounds 1, 5, 9 end to end: " + " ".join(f"{t:.2f}" for t in e2e) + " s")
        if a.gacrux:
            print("  gacrux, same files: " + " ".join(f"{gacrux(paths[k - 1], k):.2f}" for k in (1, 5, 9)) + " s")
        times, paths = season(100, 9, 36, files)
        print(f"100 players x 9 rounds in-process: {sum(times):.2f} s in all ("
              + " ".join(f"{t:.2f}" for t in times) + ")")
        e2e = [end_to_end(p, k) for k, p in enumerate(paths, start=1)]
        print(f"100 players x 9 rounds end to end: {sum(e2e):.2f} s in all (max {max(e2e):.2f} s per round)")
        if a.gacrux:
            print(f"  gacrux, same files: {sum(gacrux(p, k) for k, p in enumerate(paths, start=1)):.2f} s in all")


if __name__ == "__main__":
    main()
