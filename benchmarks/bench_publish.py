"""Time ``xl-tiebreak publish`` end to end on a generated 500-player, 11-round Swiss (a new
process each time: start, read the TRF, compute the standings after each round and every value's
account in each of them, write the page), and print the page's size and what takes the time.

    python benchmarks/bench_publish.py                # 500 x 11, best of 3
    python benchmarks/bench_publish.py --players 1000 --rounds 13 --repeat 1

Prints its figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import base64
import os
import re
import resource
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_engine import best_of  # noqa: E402
from events import swiss  # noqa: E402

from xl_tiebreak import compute, write_trf  # noqa: E402
from xl_tiebreak.publish.gather import gather, round_results  # noqa: E402
from xl_tiebreak.publish.page import render_page  # noqa: E402


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=500)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    t = swiss(a.players, a.rounds, seed=a.players)
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as d:
        trf = Path(d) / "event.trf"
        trf.write_text(write_trf(t), encoding="utf-8")
        page = Path(d) / "page.html"
        cmd = [sys.executable, "-m", "xl_tiebreak.cli", "publish", str(trf), "-o", str(page), "--force",
               "--places", "500,300,200", "--category-prize", "U1600=100,50", "--category", "S50"]

        cpu: list[float] = []

        def run() -> None:
            before = resource.getrusage(resource.RUSAGE_CHILDREN)
            subprocess.run(cmd, check=True, env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
            after = resource.getrusage(resource.RUSAGE_CHILDREN)
            cpu.append(after.ru_utime - before.ru_utime + after.ru_stime - before.ru_stime)
        whole = best_of(run, a.repeat)
        size = page.stat().st_size
        html = page.read_text(encoding="utf-8")
    res = compute(t)
    rounds = best_of(lambda: round_results(res), a.repeat)
    pub = gather(res)
    gathered = best_of(lambda: gather(res), 1)
    rendered = best_of(lambda: render_page(pub), a.repeat)
    packed = re.findall(r'<script type="application/octet-stream" id="accounts-[\d-]+"[^>]*>([^<]*)</script>', html)
    inflated = sum(len(zlib.decompress(base64.b64decode(p))) for p in packed)
    print(f"publish {a.players} players x {a.rounds} rounds, tie-breaks {','.join(res.codes)}")
    print(f"  whole command (new process, best of {a.repeat}): {whole:.2f} s elapsed, {min(cpu):.2f} s of CPU "
          f"(load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
    texts = sum(len(book.ids) for book in pub.accounts)
    raw = sum(len(book.text(k, j).encode()) for book in pub.accounts for k in range(a.players)
              for j in range(book.codes))
    print(f"  page: {size / 1e6:.2f} MB ({sum(map(len, packed)) / 1e6:.2f} MB of it the {texts} accounts of "
          f"{len(packed)} rounds: {raw / 1e6:.1f} MB of text, {inflated / 1e6:.1f} MB as shared lines, "
          "compressed)")
    print(f"  of which: standings after rounds 1-{a.rounds - 1} {rounds:.2f} s; gather (those, every account, "
          f"the places) {gathered:.2f} s; HTML {rendered:.2f} s")


if __name__ == "__main__":
    main()
