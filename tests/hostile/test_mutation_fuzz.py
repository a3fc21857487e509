"""A bounded fuzz of the command line (issue 21, "Done when"): random mutations of real TRF files
and of a workbook, a fixed seed, a few thousand command runs, and the contract for each:

- exit status 0, 1 (check or recompute found errors) or 2 (refused with a message): never a
  traceback, never ``internal error`` (exit 3);
- no silent no-op: ``compute``/``standings`` that exit 0 print players, ``recompute`` that exits 0
  says how many cells it computed (more than none) and writes its output;
- the input file byte-identical afterwards (``recompute`` writes to ``-o``).

The commands run in this process through ``xl_tiebreak.cli.main`` (a fresh process per run would
cost minutes); every run has the same entry point as the installed command, and the hostile
tests beside this one run the real process. ``FUZZ_CASES`` scales the budget
(``FUZZ_CASES=5000 python -m pytest tests/hostile/test_mutation_fuzz.py -s`` for a longer run);
``-s`` shows the figures per class.
"""

from __future__ import annotations

import contextlib
import io
import os
import random
import re
import resource
import time
import zipfile
from collections import Counter, defaultdict
from pathlib import Path
from typing import Callable

import pytest

from xl_tiebreak import demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.trf import write_trf

from .conftest import REAL

SEED = 20261125
CASES = int(os.environ.get("FUZZ_CASES", "1000"))  # per source kind; each case runs 3 commands
_RNG_BYTES = b"0123456789 -+=/.,;:wbWBHFUZX\xe9\xa0\xff\x00\r\n\t\xef\xbb\xbf"


# ------------------------------------------------------------------------------ TRF mutations

def _trf_mutations() -> dict[str, Callable[[random.Random, list[bytes]], list[bytes]]]:
    def pick(rng: random.Random, lines: list[bytes]) -> int:
        return rng.randrange(len(lines)) if lines else 0

    def delete(rng, lines):
        del lines[pick(rng, lines)]
        return lines

    def duplicate(rng, lines):
        i = pick(rng, lines)
        lines.insert(i, lines[i])
        return lines

    def swap(rng, lines):
        i, j = pick(rng, lines), pick(rng, lines)
        lines[i], lines[j] = lines[j], lines[i]
        return lines

    def byte(rng, lines):
        i = pick(rng, lines)
        ln = bytearray(lines[i])
        if ln:
            ln[rng.randrange(len(ln))] = rng.choice(_RNG_BYTES)
        lines[i] = bytes(ln)
        return lines

    def insert(rng, lines):
        i = pick(rng, lines)
        at = rng.randrange(len(lines[i]) + 1)
        lines[i] = lines[i][:at] + bytes(rng.choice(_RNG_BYTES) for _ in range(rng.randint(1, 4))) + lines[i][at:]
        return lines

    def digit(rng, lines):
        i = pick(rng, lines)
        spots = [m.start() for m in re.finditer(rb"\d", lines[i])]
        if spots:
            at = rng.choice(spots)
            lines[i] = lines[i][:at] + rng.choice([b"9", b"0", b"99999999999999999999", b"-1", b"1E+23"]) + lines[i][at + 1:]
        return lines

    def cut(rng, lines):
        i = pick(rng, lines)
        lines[i] = lines[i][:rng.randrange(len(lines[i]) + 1)]
        return lines

    def bom(rng, lines):
        i = pick(rng, lines)
        lines[i] = b"\xef\xbb\xbf" + lines[i]
        return lines

    return {"delete line": delete, "duplicate line": duplicate, "swap lines": swap, "random byte": byte,
            "insert bytes": insert, "change a digit": digit, "cut line": cut, "BOM before a line": bom}


# ------------------------------------------------------------------------------ workbook mutations

def _zip_with(data: bytes, part: str, body: bytes) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            dst.writestr(info, body if info.filename == part else src.read(info.filename))
    return out.getvalue()


def _book_mutations() -> dict[str, Callable[[random.Random, bytes], bytes]]:
    parts = ["xl/worksheets/sheet1.xml", "xl/workbook.xml", "xl/sharedStrings.xml", "xl/worksheets/sheet2.xml",
             "xl/_rels/workbook.xml.rels", "[Content_Types].xml", "xl/styles.xml"]

    def in_part(edit: Callable[[random.Random, bytes], bytes]) -> Callable[[random.Random, bytes], bytes]:
        def mutate(rng: random.Random, data: bytes) -> bytes:
            with zipfile.ZipFile(io.BytesIO(data)) as z:
                names = [p for p in parts if p in z.namelist()]
                part = rng.choice(names)
                body = z.read(part)
            return _zip_with(data, part, edit(rng, body))
        return mutate

    def slice_out(rng, body):
        a = rng.randrange(len(body))
        return body[:a] + body[a + rng.randint(1, 200):]

    def slice_twice(rng, body):
        a = rng.randrange(len(body))
        b = a + rng.randint(1, 200)
        return body[:b] + body[a:b] + body[b:]

    def digits(rng, body):
        spots = [m.start() for m in re.finditer(rb"\d", body)]
        at = rng.choice(spots) if spots else 0
        return body[:at] + rng.choice([b"0", b"9", b"99999999", b"-1", b"1E+23", b"abc"]) + body[at + 1:]

    def cell_type(rng, body):
        spots = [m.start() for m in re.finditer(rb' t="[a-zA-Z]+"', body)]
        if not spots:
            return body
        at = rng.choice(spots)
        end = body.index(b'"', at + 4) + 1
        return body[:at] + rng.choice([b' t="s"', b' t="n"', b' t="str"', b' t="e"', b' t="b"', b' t="d"',
                                       b' t="inlineStr"', b' t="zz"']) + body[end:]

    def reference(rng, body):
        spots = [m.start() for m in re.finditer(rb'r="[A-Z]+\d+"', body)]
        if not spots:
            return body
        at = rng.choice(spots)
        end = body.index(b'"', at + 3) + 1
        return body[:at] + rng.choice([b'r="A1"', b'r="ZZZZ5"', b'r="XFD1048576"', b'r="A0"', b'r=""',
                                       b'r="B5"']) + body[end:]

    def names(rng, body):
        return body.replace(rng.choice([b"Crosstable", b"Settings", b"Standings", b"Cache"]),
                            rng.choice([b"crosstable", b"X", b"", b"Crosstable!", b"'Settings'"]), rng.randint(1, 3))

    def truncate(rng, data):
        return data[:rng.randrange(len(data))]

    def flip(rng, data):
        b = bytearray(data)
        for _ in range(rng.randint(1, 5)):
            b[rng.randrange(len(b))] ^= 1 << rng.randrange(8)
        return bytes(b)

    return {"XML slice deleted": in_part(slice_out), "XML slice repeated": in_part(slice_twice),
            "XML digit changed": in_part(digits), "cell type changed": in_part(cell_type),
            "cell reference changed": in_part(reference), "sheet or name renamed": in_part(names),
            "zip truncated": truncate, "zip bits flipped": flip}


# ------------------------------------------------------------------------------ the run

def _run(argv: list[str]) -> tuple[int, str, str, float]:
    out, err = io.StringIO(), io.StringIO()
    start = time.perf_counter()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = main(argv)
        except SystemExit as exc:  # argparse
            code = exc.code if isinstance(exc.code, int) else 2
        except BaseException as exc:  # noqa: BLE001 - an escape is what the fuzz looks for
            return -1, out.getvalue(), f"Traceback (escaped {type(exc).__name__}: {exc})", 0.0
    return code, out.getvalue(), err.getvalue(), time.perf_counter() - start


class Tally:
    def __init__(self) -> None:
        self.by_class: dict[str, Counter] = defaultdict(Counter)
        self.worst: dict[str, float] = defaultdict(float)
        self.failures: list[str] = []

    def record(self, cls: str, argv: list[str], code: int, out: str, err: str, took: float,
               problem: str = "") -> None:
        self.by_class[cls][code] += 1
        self.worst[cls] = max(self.worst[cls], took)
        if "Traceback" in err or "internal error" in err or code not in (0, 1, 2):
            problem = problem or "traceback or internal error"
        if code == 2 and not err.strip():
            problem = problem or "refused without a message"
        if problem and len(self.failures) < 20:
            self.failures.append(f"{cls}: {' '.join(argv[:2])}: {problem}: exit {code}: {err.strip()[:300]}")

    def report(self, title: str, seconds: float) -> str:
        lines = [f"{title}: {sum(sum(c.values()) for c in self.by_class.values())} runs in {seconds:.1f} s, "
                 f"peak RSS {resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024:.0f} MB"]
        for cls in sorted(self.by_class):
            c = self.by_class[cls]
            codes = ", ".join(f"exit {k}: {v}" for k, v in sorted(c.items()))
            lines.append(f"  {cls:28} {sum(c.values()):5} runs ({codes}); slowest {self.worst[cls] * 1000:.0f} ms")
        lines.append(f"  failures: {len(self.failures)}")
        return "\n".join(lines)


def _trf_sources() -> list[tuple[str, bytes]]:
    sources = [("demo", write_trf(demo_tournament()).encode("utf-8"))]
    if REAL.is_dir():
        small = sorted(REAL.glob("*.trf"), key=lambda p: p.stat().st_size)[:3]
        sources += [(p.name, p.read_bytes()) for p in small]
    return sources


def test_mutated_trf_files_never_crash_no_op_or_change_the_file(tmp_path, capsys):
    rng = random.Random(SEED)
    mutations = _trf_mutations()
    sources = _trf_sources()
    tally = Tally()
    start = time.perf_counter()
    path = tmp_path / "event.trf"
    for _ in range(CASES):
        name, raw = rng.choice(sources)
        lines = raw.split(b"\n")
        classes = []
        for _ in range(rng.randint(1, 3)):
            cls = rng.choice(sorted(mutations))
            lines = mutations[cls](rng, lines) or [b""]
            classes.append(cls)
        data = b"\n".join(lines)
        path.write_bytes(data)
        for argv in (["check", str(path)], ["standings", str(path), "--format", "json"],
                     ["compute", str(path), "--tiebreaks", "BH/C1,SB,DE,ARO"]):
            code, out, err, took = _run(argv)
            problem = ""
            if code == 0 and argv[0] in ("standings", "compute") and '"no"' not in out and "Name" not in out:
                problem = "exit 0 without players: a silent no-op"
            if path.read_bytes() != data:
                problem = "the input file changed"
            tally.record(classes[0], argv, code, out, err, took, problem)
    with capsys.disabled():
        print("\n" + tally.report("mutated TRF files", time.perf_counter() - start))
    assert not tally.failures, "\n".join(tally.failures)


def test_mutated_workbooks_never_crash_no_op_or_change_the_file(tmp_path, capsys):
    pytest.importorskip("openpyxl")
    from xl_tiebreak.excel.workbook import workbook_bytes
    rng = random.Random(SEED + 1)
    mutations = _book_mutations()
    base = workbook_bytes(demo_tournament())
    tally = Tally()
    start = time.perf_counter()
    book, out_book = tmp_path / "book.xlsx", tmp_path / "out.xlsx"
    for _ in range(max(CASES // 2, 1)):
        cls = rng.choice(sorted(mutations))
        data = mutations[cls](rng, base)
        book.write_bytes(data)
        out_book.unlink(missing_ok=True)
        for argv in (["check", str(book)], ["standings", str(book), "--format", "json"],
                     ["recompute", str(book), "-o", str(out_book)]):
            code, out, err, took = _run(argv)
            problem = ""
            if code == 0 and argv[0] == "standings" and '"no"' not in out:
                problem = "exit 0 without players: a silent no-op"
            if code == 0 and argv[0] == "recompute":
                m = re.search(r"(\d+) cells computed", out)
                if not m or int(m.group(1)) == 0 or not out_book.exists():
                    problem = "recompute exit 0 computing nothing: a silent no-op"
            if book.read_bytes() != data:
                problem = "the input file changed"
            if sorted(p.name for p in tmp_path.iterdir()) not in (["book.xlsx"], ["book.xlsx", "out.xlsx"]):
                problem = f"files left behind: {sorted(p.name for p in tmp_path.iterdir())}"
            tally.record(cls, argv, code, out, err, took, problem)
    with capsys.disabled():
        print("\n" + tally.report("mutated workbooks", time.perf_counter() - start))
    assert not tally.failures, "\n".join(tally.failures)


def test_a_damaged_array_formula_range_is_refused_naming_its_cell_and_check_agrees(tmp_path):
    """Found by the fuzz: ``ref="J4:Q1-1"`` on the RESULTS anchor was an internal error (exit 3)."""
    pytest.importorskip("openpyxl")
    from xl_tiebreak.excel.workbook import workbook_bytes
    data = workbook_bytes(demo_tournament())
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        sheet = z.read("xl/worksheets/sheet1.xml")
    anchor = re.search(rb'<c r="([A-Z]+\d+)"[^>]*><f t="array" ref="([^"]+)"', sheet)
    assert anchor, "the demo workbook has an array formula in the crosstable sheet"
    cell, ref = anchor.group(1).decode(), anchor.group(2)
    book = tmp_path / "book.xlsx"
    book.write_bytes(_zip_with(data, "xl/worksheets/sheet1.xml", sheet.replace(b'ref="' + ref + b'"', b'ref="J4:Q1-1"', 1)))
    code, _, err, _ = _run(["recompute", str(book), "-o", str(tmp_path / "out.xlsx")])
    assert code == 2 and f"Crosstable!{cell}: the array formula's range 'J4:Q1-1' is not a range" in err, err
    code, out, _, _ = _run(["check", str(book)])
    assert code == 1 and f"error    Crosstable!{cell}: recompute refuses this workbook" in out, out
