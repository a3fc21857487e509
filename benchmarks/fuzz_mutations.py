"""The figures of the bounded fuzz run (tests/hostile/test_fuzz_mutations.py, issue 21): the same
cases (same seeds and chunks), all in this one process, one line per class, then the total time,
the peak memory of the process, and the memory the slowest run of each class allocates (measured
again under tracemalloc, which slows it down). Prints its figures; the test asserts.

    PYTHONPATH=$PWD python benchmarks/fuzz_mutations.py
"""

from __future__ import annotations

import os
import sys
import tempfile
import time
import tracemalloc
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT / "tests"), str(ROOT)]

from hostile import fuzz_runner as fr  # noqa: E402
from hostile import mutations as mu  # noqa: E402
from hostile import test_fuzz_mutations as t  # noqa: E402


def _traced_peak(folder: Path, run: tuple) -> float:
    """MiB allocated at the peak by one run (argv, case), in ``folder``."""
    argv, case = run
    (folder / case.name).write_bytes(case.data)
    cwd = os.getcwd()
    os.chdir(folder)
    tracemalloc.start()
    try:
        fr.run_cli_here(argv)
        peak = tracemalloc.get_traced_memory()[1]
    finally:
        tracemalloc.stop()
        os.chdir(cwd)
    for p in folder.iterdir():
        p.unlink()
    return peak / 2**20


def main() -> int:
    start = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        books = fr.book_sources(folder / "sources")
        trfs = fr.trf_sources()
        classes = [
            ("TRF text", trfs, mu.mutate_trf, ".trf", fr.TRF_COMMANDS, 2100, t.TRF_CHUNKS, t.TRF_CASES),
            ("workbook parts", books, mu.mutate_part, ".xlsx", fr.BOOK_COMMANDS, 2200, t.PART_CHUNKS, t.PART_CASES),
            ("workbook zips", books, mu.mutate_zip, ".xlsx", fr.BOOK_COMMANDS, 2300, t.ZIP_CHUNKS, t.ZIP_CASES),
        ]
        print(f"sources: {len(trfs)} TRF files, {len(books)} workbooks")
        failures = 0
        for name, sources, mutate, suffix, commands, seed, chunks, n in classes:
            total, began = fr.Stats(), time.perf_counter()
            for chunk in range(chunks):
                cases = fr.make_cases(seed + chunk, n, sources, mutate, suffix)
                total.add(fr.run_class(folder / "run", cases, commands, fr.Stats()))
            took = time.perf_counter() - began
            peak = _traced_peak(folder / "run", total.worst_run) if total.worst_run else 0.0
            print(f"{total.line(name)}; {took:.1f} s in all; the slowest run allocates {peak:.1f} MiB at its peak")
            failures += len(total.failures)
            for f in total.failures[:10]:
                print("  " + f)
    print(f"total {time.perf_counter() - start:.1f} s, peak RSS of the process {fr.peak_rss_mib():.0f} MiB, "
          f"{failures} problems")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
