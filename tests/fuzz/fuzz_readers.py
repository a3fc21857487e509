"""Fuzz every reader with generated broken input and count what escapes.

    python tests/fuzz/fuzz_readers.py [--scale 1.0] [--seed 1]

At scale 1 it feeds about 100,000 inputs: crosstable cells, descriptor lists, mutated TRF files,
crosstable ranges for the Excel functions, and damaged workbooks (read and recomputed). Anything
that escapes other than TiebreakError is a crash; the slowest input is reported too (a hang would
show there). Prints its figures; exit status 1 if anything crashed.
"""

from __future__ import annotations

import argparse
import io
import random
import sys
import tempfile
import time
import traceback
import warnings
import zipfile
from pathlib import Path

HERE = Path(__file__).resolve()
sys.path.insert(0, str(HERE.parents[1]))
sys.path.insert(0, str(HERE.parents[2]))

from oracle.generate import random_event  # noqa: E402

from xl_tiebreak import TiebreakError, compute, demo_tournament, parse_trf  # noqa: E402
from xl_tiebreak.descriptor import parse_list  # noqa: E402
from xl_tiebreak.examples import demo_text  # noqa: E402
from xl_tiebreak.excel.functions import individual as fx  # noqa: E402
from xl_tiebreak.excel.recompute.cached_values import recompute_bytes  # noqa: E402
from xl_tiebreak.excel.authoring.workbook import workbook_bytes  # noqa: E402
from xl_tiebreak.excel.ranges.book_reader import read_workbook  # noqa: E402
from xl_tiebreak.notation import parse_cell  # noqa: E402

CHARS = "0123456789wbWB+-=½.,/ HFZUYEXD?#\t\n\r\x00éß€"
TOKENS = ["BYE", "WD", "--", "12w1", "3b½", "+4", "-5", "001", "0000", "XXR", "162", " W 3.0",
          "BH/C1", "SB", "/P", "/L-2", "KS", "ARO/U1400", "DE", "AOB/F", "PTP", "REP", "GE"]


def rand_text(rng: random.Random, n: int) -> str:
    out = []
    for _ in range(rng.randint(0, n)):
        out.append(rng.choice(TOKENS) if rng.random() < 0.15 else rng.choice(CHARS))
    return "".join(out)


def mutate(rng: random.Random, text: str) -> str:
    op = rng.randrange(7)
    if op == 0:  # overwrite a span
        i = rng.randrange(len(text) + 1)
        return text[:i] + rand_text(rng, 12) + text[i + rng.randint(0, 12):]
    lines = text.splitlines()
    if op == 1 and lines:  # drop lines
        return "\n".join(l for l in lines if rng.random() > 0.1)
    if op == 2 and lines:  # duplicate a line
        i = rng.randrange(len(lines))
        return "\n".join(lines[:i + 1] + [lines[i]] + lines[i + 1:])
    if op == 3:  # shift a line by some columns
        if lines:
            i = rng.randrange(len(lines))
            lines[i] = " " * rng.randint(1, 3) + lines[i] if rng.random() < 0.5 else lines[i][rng.randint(1, 3):]
        return "\n".join(lines)
    if op == 4:  # truncate
        return text[:rng.randrange(len(text) + 1)]
    if op == 5:  # random bytes decoded
        return bytes(rng.randrange(256) for _ in range(rng.randint(0, 400))).decode("latin-1")
    for _ in range(rng.randint(1, 8)):  # many small flips
        i = rng.randrange(len(text) + 1)
        text = text[:i] + rng.choice(CHARS) + text[i + 1:]
    return text


class Tally:
    def __init__(self) -> None:
        self.counts: dict[str, list[int]] = {}
        self.crashes: list[str] = []
        self.slowest = (0.0, "")

    def run(self, kind: str, fn, show) -> None:
        c = self.counts.setdefault(kind, [0, 0, 0])  # inputs, accepted, refused
        c[0] += 1
        t0 = time.perf_counter()
        try:
            fn()
            c[1] += 1
        except TiebreakError:
            c[2] += 1
        except Exception:  # noqa: BLE001 - that is the point
            self.crashes.append(f"{kind}: {show()!r}\n{traceback.format_exc()}")
        dt = time.perf_counter() - t0
        if dt > self.slowest[0]:
            self.slowest = (dt, kind)


def main() -> int:
    ap = argparse.ArgumentParser()
    ap.add_argument("--scale", type=float, default=1.0)
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    warnings.filterwarnings("ignore")  # openpyxl warns about the damage we make on purpose
    rng = random.Random(args.seed)
    n = lambda k: max(1, int(k * args.scale))  # noqa: E731
    tally = Tally()
    start = time.perf_counter()

    for _ in range(n(40_000)):
        v = rng.choice([None, rng.random() * 100, rng.randint(-5, 5000), rand_text(rng, 8)])
        tally.run("cell", lambda: parse_cell(v), lambda: v)

    demo = demo_tournament()
    for _ in range(n(20_000)):
        items = [rand_text(rng, 10) for _ in range(rng.randint(0, 4))]
        tally.run("descriptor", lambda: compute(demo, parse_list(items)), lambda: items)

    bases = [demo_text()] + [random_event(s, kind=k, players=rng.randint(6, 24))
                             for s, k in ((1, "swiss"), (2, "round-robin"), (3, "swiss"))]
    for _ in range(n(30_000)):
        text = mutate(rng, rng.choice(bases))
        if rng.random() < 0.3:
            text = mutate(rng, text)

        def trf() -> None:
            t = parse_trf(text)
            compute(t, "BH/C1,SB,DE,ARO,PTP,FB,AOB,KS")
        tally.run("trf", trf, lambda: text[:200])

    header = ["No", "Name", "Rating", "R1", "R2", "R3"]
    for _ in range(n(8_000)):
        rows = [[rng.choice([None, float(rng.randint(0, 9)), rand_text(rng, 5), "2w1", "1b0", "BYE"])
                 for _ in range(rng.randint(0, 7))] for _ in range(rng.randint(0, 8))]
        table = ([header] if rng.random() < 0.7 else []) + rows

        def excel() -> None:
            fx.BUCHHOLZ_CUT1(rng.choice([1.0, 2, "x", None]), table, rng.choice([None, "fide2012", "bad"]))
        tally.run("excel-function", excel, lambda: table)

    good = workbook_bytes(demo)
    names = zipfile.ZipFile(io.BytesIO(good)).namelist()
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "f.xlsx"
        for i in range(n(2_000)):
            if rng.random() < 0.4:
                j = rng.randrange(len(good))
                blob = good[:j] + bytes(rng.randrange(256) for _ in range(rng.randint(1, 16))) + good[j + 8:]
            else:
                src = zipfile.ZipFile(io.BytesIO(good))
                victim = rng.choice(names)
                out = io.BytesIO()
                with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
                    for name in names:
                        body = src.read(name)
                        if name == victim:
                            if rng.random() < 0.2:
                                continue
                            text = body.decode("utf-8", "replace")
                            body = mutate(rng, text).encode("utf-8")
                        z.writestr(name, body)
                blob = out.getvalue()
            path.write_bytes(blob)
            tally.run("workbook-read", lambda: read_workbook(path), lambda: i)
            tally.run("workbook-recompute", lambda: recompute_bytes(blob), lambda: i)

    total = sum(c[0] for c in tally.counts.values())
    print(f"fuzz run, seed {args.seed}: {total} inputs in {time.perf_counter() - start:.0f} s")
    print(f"{'reader':<20} {'inputs':>8} {'accepted':>9} {'refused':>8}")
    for kind, (inputs, ok, refused) in tally.counts.items():
        print(f"{kind:<20} {inputs:>8} {ok:>9} {refused:>8}")
    print(f"crashes (anything but TiebreakError): {len(tally.crashes)}")
    print(f"slowest single input: {tally.slowest[0] * 1000:.0f} ms ({tally.slowest[1]})")
    for c in tally.crashes[:5]:
        print(c)
    return 1 if tally.crashes else 0


if __name__ == "__main__":
    raise SystemExit(main())
