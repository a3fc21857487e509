"""Time the spreadsheet face: headless recompute of a 1,000-player 11-round workbook with six
tie-break columns, and one function call once the crosstable is cached.

    python benchmarks/bench_excel.py

Prints its figures; asserts nothing.
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events import swiss  # noqa: E402

from xl_tiebreak.excel.functions import individual as fx  # noqa: E402
from xl_tiebreak.excel.recompute.cached_values import recompute  # noqa: E402
from xl_tiebreak.excel.authoring.workbook import write_workbook  # noqa: E402
from xl_tiebreak.notation import format_cell  # noqa: E402


def excel_table(t):
    rows = [["No", "Name", "Rating"] + [f"R{r}" for r in range(1, t.rounds + 1)]]
    for p in t.players:
        rows.append([float(p.no), p.name, float(p.rating or 0) or None] + [format_cell(r) or None for r in p.rounds])
    return rows


def main() -> None:
    t = swiss(1000, 11, seed=7)
    calls(t)
    with tempfile.TemporaryDirectory() as d:
        book = Path(d) / "open.xlsx"
        t0 = time.perf_counter()
        write_workbook(t, book)
        made = time.perf_counter() - t0
        times = []
        for i in range(3):
            out = Path(d) / f"out{i}.xlsx"
            fx.CACHE.clear()
            t0 = time.perf_counter()
            report = recompute(book, out)
            times.append(time.perf_counter() - t0)
        print(f"workbook from the event (1,000 players x 11 rounds, 6 tie-break columns): {made:.2f} s")
        print(f"recompute: {report.written} formula cells, best {min(times):.2f} s, median "
              f"{statistics.median(times):.2f} s (errors {len(report.errors)}, skipped {len(report.skipped)})")



def calls(t) -> None:
    table = excel_table(t)
    fx.CACHE.clear()
    t0 = time.perf_counter()
    fx.BUCHHOLZ_CUT1(1.0, table)
    first = time.perf_counter() - t0
    same = tuple(tuple(r) for r in table)
    fx.BUCHHOLZ_CUT1(1.0, same)
    t0 = time.perf_counter()
    for i in range(2000):
        fx.BUCHHOLZ_CUT1(float(1 + i % 1000), same)
    per_call_same = (time.perf_counter() - t0) / 2000
    n = 200
    fresh = [[list(r) for r in table] for _ in range(n)]  # Excel hands each call a new list
    t0 = time.perf_counter()
    for i in range(n):
        fx.BUCHHOLZ_CUT1(float(1 + i % 1000), fresh[i])
    per_call_fresh = (time.perf_counter() - t0) / n
    print(f"BUCHHOLZ_CUT1, first call on the 1,000-player crosstable (parse + compute): {first * 1e3:.1f} ms")
    print(f"a further call, a fresh 1,001 x 14 list as Excel passes it (hashing the content): "
          f"{per_call_fresh * 1e6:.0f} us")
    print(f"a further call, the same range object (as the headless recompute passes it): "
          f"{per_call_same * 1e6:.1f} us")


if __name__ == "__main__":
    main()
