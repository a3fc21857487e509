"""How heavy the published page of a generated Swiss is and how long it takes to open: publish a
2,000-player, 11-round event (``xl-tiebreak publish``, a new process), print the page's size and
its parts, then open it in headless Chromium (the system's, through Playwright) at 1280 and 390 px
and print the time from the request to the first frame after the load event (the script has run
and the final standings are laid out), best of ``--repeat``.

    python benchmarks/bench_page.py                     # 2,000 x 11, best of 3
    python benchmarks/bench_page.py --players 500 --rounds 9 --repeat 1

The target (issue 36): under 3 MB and under 2 s for 2,000 x 11. Prints its figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import os
import re
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events import swiss  # noqa: E402

from xl_tiebreak import write_trf  # noqa: E402

CHROMIUM = "/usr/bin/chromium"


def open_times(page: Path, widths: tuple[int, ...], repeat: int) -> dict[int, float]:
    """The best time, per viewport width, from the request to the first frame after ``load``."""
    from playwright.sync_api import sync_playwright
    got: dict[int, float] = {}
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM if Path(CHROMIUM).exists() else shutil.which("chromium"))
        for width in widths:
            best = float("inf")
            for _ in range(repeat):
                tab = browser.new_page(viewport={"width": width, "height": 900})
                started = time.perf_counter()
                tab.goto(page.as_uri(), wait_until="load", timeout=600_000)
                tab.evaluate("() => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)))")
                best = min(best, time.perf_counter() - started)
                tab.close()
            got[width] = best
        browser.close()
    return got


def parts(html: str) -> dict[str, int]:
    """The page's bytes by part: the final standings, the data blocks by kind, the rest."""
    out = {"final standings (HTML)": sum(map(len, re.findall(r'<section class="round"[^>]*>(?:(?!</section>).)*'
                                                                r"<table.*?</section>", html, re.S)))}
    for kind in ("standings", "crosstable", "accounts", "pairs", "cards", "list"):  # pairs: each round's pairings
        out[f"{kind} blocks"] = sum(map(len, re.findall(rf'<script type="application/octet-stream" id="{kind}-.*?'
                                                            "</script>", html, re.S)))
    out["crosstable (HTML)"] = sum(map(len, re.findall(r'<table class="rk x">.*?</table>', html, re.S)))
    out["starting list and event (HTML)"] = sum(map(len, re.findall(r'<section id="(?:players|event)">.*?</section>',
                                                                    html, re.S)))
    out["the rest"] = len(html) - sum(out.values())
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--players", type=int, default=2000)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=3)
    a = ap.parse_args()
    root = Path(__file__).resolve().parents[1]
    env = dict(os.environ, PYTHONPATH=str(root) + os.pathsep + os.environ.get("PYTHONPATH", ""))
    with tempfile.TemporaryDirectory() as d:
        trf = Path(d) / "event.trf"
        trf.write_text(write_trf(swiss(a.players, a.rounds, seed=a.players)), encoding="utf-8")
        page = Path(d) / "page.html"
        started = time.perf_counter()
        done = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "publish", str(trf), "-o", str(page), "--force"],
                              env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)
        took = time.perf_counter() - started
        print(f"publish {a.players} players x {a.rounds} rounds: {took:.1f} s (load average "
              f"{os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs)")
        if done.returncode:
            print(f"  refused (status {done.returncode}): {done.stderr.strip().splitlines()[-1]}")
            return
        html = page.read_text(encoding="utf-8")
        print(f"  page: {len(html.encode('utf-8')) / 1e6:.2f} MB")
        for name, size in parts(html).items():
            print(f"    {name}: {size / 1e6:.2f} MB")
        for width, seconds in open_times(page, (1280, 390), a.repeat).items():
            print(f"  opens in headless Chromium at {width} px: {seconds:.2f} s (best of {a.repeat})")


if __name__ == "__main__":
    main()
