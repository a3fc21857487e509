"""What one full recalculation of each shipped template costs: calls of our functions, cells
handed to Python, and time, through our headless recompute and through xlwings's own Office.js
runtime (``xlwings.server.custom_functions_call``, as xlwings Lite runs the functions).

    python benchmarks/bench_templates.py

Prints its figures; asserts nothing. xlwings's PRO module is free for noncommercial use: the key
is set in this process only. Where a workbook makes thousands of calls, the Office.js time is
measured on a sample of calls and scaled (marked "est.").
"""

from __future__ import annotations

import asyncio
import os
import sys
import time
from pathlib import Path
from typing import Any

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "runtimes"))

from events import swiss  # noqa: E402

from pyodide_stub import install as install_pyodide_stub  # noqa: E402

from xl_tiebreak.excel.functions import individual as fx  # noqa: E402
from xl_tiebreak.excel.recompute.formula_book import workbook_calls  # noqa: E402
from xl_tiebreak.excel.recompute.cached_values import recompute_bytes  # noqa: E402
from xl_tiebreak.excel.authoring.teaching import teaching_bytes  # noqa: E402
from xl_tiebreak.excel.authoring.template import template_bytes  # noqa: E402
from xl_tiebreak.excel.authoring.team_template import team_template_bytes, team_workbook_bytes  # noqa: E402
from xl_tiebreak.excel.authoring.workbook import workbook_bytes  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
SAMPLE = 60  # Office.js calls timed when a workbook makes more


def _officejs_seconds(calls: list[tuple[str, list[Any]]]) -> tuple[float, bool]:
    import xlwings.server as server

    import xl_tiebreak.udfs as udfs
    sample = calls if len(calls) <= SAMPLE else calls[:: max(1, len(calls) // SAMPLE)][:SAMPLE]

    async def run() -> None:
        for name, args in sample:
            body = {"func_name": name, "args": args, "caller_address": "Sheet1!A1", "formula": "",
                    "runtime": "1.4", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
                    "version": "0.37.8", "client": "Office.js"}
            await server.custom_functions_call(body, udfs)

    fx.CACHE.clear()
    t0 = time.perf_counter()
    asyncio.run(run())
    took = time.perf_counter() - t0
    return took * len(calls) / max(len(sample), 1), len(sample) < len(calls)


def _recompute_seconds(data: bytes) -> float:
    fx.CACHE.clear()
    t0 = time.perf_counter()
    recompute_bytes(data)
    return time.perf_counter() - t0


def main() -> None:
    install_pyodide_stub()  # as in Pyodide: no failed import per converted cell
    big = swiss(1000, 11, seed=7)
    books = [
        ("Swiss template (400 rows, spilled)", template_bytes("swiss")),
        ("Round-robin template (20 rows, spilled)", template_bytes("round-robin")),
        ("Teaching workbook", teaching_bytes()),
        ("Swiss template --cells (400 rows)", template_bytes("swiss", cells=True)),
        ("workbook from 1,000 x 11 (spilled)", workbook_bytes(big)),
        ("workbook from 1,000 x 11 --cells", workbook_bytes(big, cells=True)),
        ("Team template (300 matches, 400 players)", team_template_bytes()),
    ]
    cup = ROOT.parent / "shared" / "data" / "real" / "grandmommys-cup-trf26-team.trf"
    if cup.is_file():  # 50 teams, 14 rounds, 4 boards
        from xl_tiebreak.trf.teams import read_team_trf
        from xl_tiebreak.validation import Findings
        ev = read_team_trf(cup.read_text(encoding="utf-8"), cup.name, findings=Findings(strict=False))
        books.append(("team workbook, Grandmommy's Cup (50 x 14)",
                      team_workbook_bytes(ev, tiebreaks=["ESB/C1", "MPvGP", "BH:MP/C1"])))
    print(f"{'workbook':42} {'calls':>7} {'cells shipped':>14} {'recompute s':>12} {'Office.js s':>14}")
    for title, data in books:
        calls, n, cells = workbook_calls(data)
        rec = _recompute_seconds(data)
        ojs, estimated = _officejs_seconds(calls)
        print(f"{title:42} {n:>7,} {cells:>14,} {rec:>12.2f} {ojs:>10.2f}{' est.' if estimated else '     '}")
    spilled = books[4][1]
    times = []
    for _ in range(5):
        times.append(_recompute_seconds(spilled))
    print(f"\nrecompute_bytes of the 1,000 x 11 workbook (spilled), in this process: best {min(times):.2f} s of 5 "
          "(the whole command: python benchmarks/bench_speed.py --recompute)")


if __name__ == "__main__":
    main()
