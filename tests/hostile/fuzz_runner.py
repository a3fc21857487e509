"""The bounded fuzz run: random mutations of real TRF files and workbooks, fixed seed, a few thousand
cases, under 3 minutes, with 0 tracebacks, 0 silent no-ops and 0 files changed.

``sources(folder)`` gathers the inputs: the package's example TRF and, when ../shared/data/real is
there, the real TRF files (read from there, never copied); the workbook templates filled with a small
event (the ``workbook`` command, and typed in as a user does), one of them with its strings moved
into a shared-string table. ``run_class(...)`` mutates them with a fixed seed and runs each case
through the CLI in this process (``xl_tiebreak.cli.main``), checking the contract of DESIGN "Hostile
input and faults" for every command:

- exit status 0, 1 or 2, never a traceback or "internal error", never a hang (20 s);
- 2 is a refusal with a message on standard error naming the file and a place (a line, a column, a
  Sheet!A1 cell, a zip member or part, a named limit);
- 1 only from ``check`` / ``recompute`` (errors found, each named);
- 0 is never a silent no-op: compute/standings print players, recompute says it computed cells
  and writes a readable zip, export-trf writes player lines;
- the input is byte-identical afterwards and no file but the asked-for output appears.
"""

from __future__ import annotations

import contextlib
import hashlib
import io
import os
import random
import re
import resource
import signal
import time
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Callable, Iterable, Iterator, Optional, Sequence

from .conftest import REAL, ROOT
from . import mutations

TEMPLATES = ROOT / "workbook_templates"
DEMO = ROOT / "xl_tiebreak" / "data" / "example-6-1.trf"
HANG_SECONDS = 20

TRF_COMMANDS = (("compute",), ("standings",), ("check",))
BOOK_COMMANDS = (("check",), ("standings",), ("compute",), ("recompute", "-o", "OUT.xlsx"),
                 ("export-trf", "-o", "OUT.trf"))

# a place a refusal names: a TRF line or column, a worksheet cell, a zip member or XML part, a limit
PLACE = re.compile(r"line \d+|column \d+|[\w']!|row number|\(MAX_[A-Z_]+\)|zip|xl/[\w/.]+\.xml|"
                   r"\[Content_Types\]\.xml|records? \d{3}|lines starting with|sheet|name")
PLAYER_ROW = re.compile(r"(?m)^\s*\d+(?:-\d+)?\s+\S")


class Hang(BaseException):
    """A command ran past HANG_SECONDS (a BaseException: the CLI's own handler must not catch it)."""


@dataclass
class Stats:
    """The figures of one class of cases."""
    cases: int = 0
    runs: int = 0
    exits: dict = field(default_factory=dict)
    worst: float = 0.0
    worst_case: str = ""
    worst_run: tuple = ()  # (argv, case) of the slowest run, to measure again (benchmarks/fuzz_mutations.py)
    tracebacks: int = 0
    noops: int = 0
    changed: int = 0
    hangs: int = 0
    unplaced: int = 0
    failures: list = field(default_factory=list)

    def add(self, other: "Stats") -> None:
        """Another chunk's figures added to these."""
        for k, v in other.exits.items():
            self.exits[k] = self.exits.get(k, 0) + v
        for name in ("cases", "runs", "tracebacks", "noops", "changed", "hangs", "unplaced"):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        if other.worst > self.worst:
            self.worst, self.worst_case, self.worst_run = other.worst, other.worst_case, other.worst_run
        self.failures.extend(other.failures)

    def line(self, name: str) -> str:
        exits = ", ".join(f"{k}: {v}" for k, v in sorted(self.exits.items()))
        return (f"{name}: {self.cases} cases, {self.runs} runs, exits {{{exits}}}, worst {self.worst:.3f} s "
                f"({self.worst_case}), tracebacks {self.tracebacks}, no-ops {self.noops}, files changed "
                f"{self.changed}, hangs {self.hangs}, refusals without a place {self.unplaced}")


def _on_alarm(signum, frame):  # pragma: no cover - only when something hangs
    raise Hang()


def run_cli_here(argv: Sequence[str]) -> tuple[int, str, str, float]:
    """``xl-tiebreak ARGV`` in this process: (status, stdout, stderr, seconds); a hang is status -1."""
    from xl_tiebreak.cli import main
    out, err = io.StringIO(), io.StringIO()
    old = signal.signal(signal.SIGALRM, _on_alarm)
    signal.setitimer(signal.ITIMER_REAL, HANG_SECONDS)
    start = time.perf_counter()
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            try:
                status = main(list(argv))
            except SystemExit as exc:  # argparse
                status = exc.code if isinstance(exc.code, int) else 2
            except Hang:
                status = -1
            except Exception as exc:  # escaped the CLI's handler: a traceback for the user
                import traceback
                err.write("Traceback (in process)\n" + traceback.format_exc())
                status = 3
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)
    return status, out.getvalue(), err.getvalue(), time.perf_counter() - start


def problems(command: str, name: str, status: int, out: str, err: str, folder: Path,
             output: Optional[str]) -> list[str]:
    """What broke the contract (module docstring) in one run; empty when nothing did."""
    got: list[str] = []
    both = out + err
    if status == -1:
        return ["hang"]
    if "Traceback" in both or "internal error" in both:
        got.append("traceback: " + err.strip()[-300:])
    if status not in (0, 1, 2):
        got.append(f"exit {status}")
    if status == 2:
        names = (name,) + ((output,) if output else ())
        if not any(n in err for n in names):
            got.append("refusal without the file name: " + err.strip()[:300])
        elif not PLACE.search(err):
            got.append("refusal without a place: " + err.strip()[:300])
    if status == 1 and command not in ("check", "recompute"):
        got.append(f"exit 1 from {command}: " + err.strip()[:200])
    if status == 0:
        if command in ("compute", "standings") and not PLAYER_ROW.search(out):
            got.append("no-op: exit 0 without players: " + out[:200])
        if command == "recompute":
            m = re.search(r"(\d+) cells computed", out + err)
            if not m or int(m.group(1)) == 0:
                got.append("no-op: recompute exit 0 without cells computed: " + (out + err)[:200])
            elif not (folder / output).is_file():
                got.append("no-op: recompute exit 0 without its output")
            else:
                try:
                    with zipfile.ZipFile(folder / output) as z:
                        bad = z.testzip()
                except zipfile.BadZipFile as exc:
                    bad = str(exc)
                if bad:
                    got.append(f"recompute wrote a damaged zip ({bad})")
        if command == "export-trf":
            path = folder / output
            if not path.is_file() or not re.search(rb"(?m)^001", path.read_bytes()):
                got.append("no-op: export-trf exit 0 without player lines")
    return got


@dataclass
class Case:
    label: str
    name: str
    data: bytes


def run_case(folder: Path, case: Case, commands: Sequence[Sequence[str]], stats: Stats) -> list[str]:
    """Every command on one case, in ``folder`` (emptied before and after); the problems found."""
    path = folder / case.name
    path.write_bytes(case.data)
    digest = hashlib.sha256(case.data).hexdigest()
    found: list[str] = []
    stats.cases += 1
    for cmd in commands:
        output = next((a for a in cmd if a.startswith("OUT")), None)
        argv = [cmd[0], case.name, *cmd[1:]]
        cwd = os.getcwd()
        os.chdir(folder)
        try:
            status, out, err, took = run_cli_here(argv)
        finally:
            os.chdir(cwd)
        stats.runs += 1
        stats.exits[status] = stats.exits.get(status, 0) + 1
        if took > stats.worst:
            stats.worst, stats.worst_case = took, f"{cmd[0]} on {case.label}"
            stats.worst_run = (argv, case)
        got = problems(cmd[0], case.name, status, out, err, folder, output)
        if hashlib.sha256(path.read_bytes()).hexdigest() != digest:
            got.append("input changed")
            path.write_bytes(case.data)
        extra = sorted(p.name for p in folder.iterdir() if p.name not in (case.name, output))
        if extra:
            got.append(f"files appeared: {extra}")
        for p in folder.iterdir():
            if p.name != case.name:
                p.unlink()
        for g in got:
            stats.tracebacks += g.startswith("traceback")
            stats.noops += g.startswith("no-op")
            stats.changed += g.startswith(("input changed", "files appeared"))
            stats.hangs += g == "hang"
            stats.unplaced += g.startswith("refusal without")
            found.append(f"{' '.join(argv)} [{case.label}]: {g}")
    path.unlink()
    stats.failures.extend(found)
    return found


def trf_sources() -> list[tuple[str, bytes]]:
    """The package's example and the real TRF files of ../shared (when there), as (name, bytes)."""
    got = [(DEMO.name, DEMO.read_bytes())]
    if REAL.is_dir():
        got += [(p.name, p.read_bytes()) for p in sorted(REAL.glob("*.trf"))]
    return got


def book_sources(folder: Path) -> list[tuple[str, bytes]]:
    """The templates filled with a small event: by the ``workbook`` command (values filled in), typed in
    (values stale, as after editing without Excel), a round robin, the teaching book, and one with
    shared strings."""
    from .books import PLAYERS, swiss_book
    from tests.support.workbook_typing import type_cells
    folder.mkdir(parents=True, exist_ok=True)
    for p in list(folder.iterdir()):
        p.unlink()
    got: list[tuple[str, bytes]] = []
    made = folder / "filled.xlsx"
    status, _, err, _ = run_cli_here(["workbook", str(DEMO), "-o", str(made)])
    assert status == 0, err
    got.append(("workbook from the example", made.read_bytes()))
    small = REAL / "bre-jeunes-2024-open-b.trf"
    if small.is_file():
        real = folder / "real.xlsx"
        status, _, err, _ = run_cli_here(["workbook", str(small), "-o", str(real)])
        assert status == 0, err
        got.append(("workbook from " + small.name, real.read_bytes()))
    typed = swiss_book(folder / "typed.xlsx")
    got.append(("Swiss template typed in", typed.read_bytes()))
    rr = folder / "rr.xlsx"
    rr.write_bytes((TEMPLATES / "xl-tiebreak-round-robin.xlsx").read_bytes())
    type_cells(rr, {f"Crosstable!{chr(65 + j)}{5 + i}": v for i, p in enumerate(PLAYERS) for j, v in enumerate(p)})
    got.append(("round-robin template typed in", rr.read_bytes()))
    got.append(("teaching template", (TEMPLATES / "xl-tiebreak-teaching.xlsx").read_bytes()))
    got.append(("Swiss typed in, shared strings", mutations.with_shared_strings(typed.read_bytes())))
    got.append(("workbook from the example, shared strings", mutations.with_shared_strings(made.read_bytes())))
    for p in list(folder.iterdir()):
        p.unlink()
    return got


def make_cases(seed: int, n: int, sources: Sequence[tuple[str, bytes]],
               mutate: Callable[[random.Random, bytes], tuple[bytes, str]], suffix: str) -> Iterator[Case]:
    """``n`` cases, each a source (in turn) mutated with ``random.Random(seed)``: the same cases on
    every run."""
    rng = random.Random(seed)
    for k in range(n):
        src_name, src = sources[k % len(sources)]
        data, label = mutate(rng, src)
        yield Case(f"seed {seed} case {k}: {src_name}: {label}", f"case{k:05d}{suffix}", data)


def run_class(folder: Path, cases: Iterable[Case], commands: Sequence[Sequence[str]], stats: Stats) -> Stats:
    """Every case through every command (:func:`run_case`), the figures in ``stats``."""
    folder.mkdir(parents=True, exist_ok=True)
    for case in cases:
        run_case(folder, case, commands, stats)
    return stats


def peak_rss_mib() -> float:
    """The peak resident memory of this process so far (Linux: ru_maxrss in KiB)."""
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024
