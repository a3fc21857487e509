"""End-to-end speed of the command line, process start included, beside FIDE's reference engine.

    python benchmarks/bench_speed.py               # everything (gacrux takes ~20 s)
    python benchmarks/bench_speed.py --no-gacrux   # only xl-tiebreak
    python benchmarks/bench_speed.py --repeat 5
    python benchmarks/bench_speed.py --recompute   # only the workbook recompute

Makes generated Swiss events (benchmarks/events.py) as TRF files, then times whole processes:
``xl-tiebreak compute EVENT.trf --rules fide2026 --format json --tiebreaks <the full list>`` on
2,000 x 11 (beside gacrux 1.11.65 on the same file, same list, 2026 rules), 999 x 13 and
9,990 x 13 (the 10x scaling), ``xl-tiebreak check`` on 9,990 x 13, and ``xl-tiebreak recompute``
of the 1,000 x 11 workbook that ``xl-tiebreak workbook`` makes (spilled tables: STATUS, RESULTS
beside the crosstable, STANDINGS). Each figure is the best of ``--repeat`` runs (the machine may
be shared); the peak memory (max RSS) is that of the child process. Prints its figures; asserts
nothing.

Child processes cache their bytecode (in a temporary PYTHONPYCACHEPREFIX, warmed by a first run)
as an installed package does: with PYTHONDONTWRITEBYTECODE=1 every start would compile our
modules again (about 50 ms here), which no installed copy does.
"""

from __future__ import annotations

import argparse
import os
import platform
import subprocess
import sys
import tempfile
import time
import zipfile
from dataclasses import replace
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from events import swiss  # noqa: E402

from xl_tiebreak import Kind, read_trf, write_trf  # noqa: E402
from xl_tiebreak.excel.xlsx.a1 import column_letter  # noqa: E402
from xl_tiebreak.notation import format_cell  # noqa: E402

LIST = ("DE,BH,BH/C1,BH/C2,BH/M1,SB,SB/C1,AOB,WIN,WON,BPG,BWG,REP,PS,PS/C1,ARO,ARO/C1,TPR,PTP,"
        "APRO,APPO,FB")
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
# The child reports its own peak memory as it exits (Linux: VmHWM of /proc/self/status). The
# ru_maxrss that wait4 gives also counts the benchmark's own memory, which the child shares
# until it execs Python (tens of MB once the big events are made).
PEAK = ("import atexit, sys\n"
        "def _peak():\n"
        "    try:\n"
        "        hwm = [l for l in open('/proc/self/status') if l.startswith('VmHWM:')][0].split()[1]\n"
        "        sys.stderr.write('\\npeak-kb ' + hwm + '\\n')\n"
        "    except (OSError, IndexError):\n"
        "        pass\n"
        "atexit.register(_peak)\n")
CLI = [sys.executable, "-c", PEAK + "from xl_tiebreak.cli import main; sys.exit(main())"]


def run_measured(cmd: list[str], ok: tuple[int, ...] = (0,)) -> tuple[float, float, float, bytes]:
    """Wall time (s), CPU time (s, user + system) and peak memory (MB, max RSS), all the child's
    own from ``wait4``, and its standard output."""
    with tempfile.TemporaryFile() as out_f, tempfile.TemporaryFile() as err_f:
        t0 = time.perf_counter()
        proc = subprocess.Popen(cmd, stdout=out_f, stderr=err_f, env=ENV)
        _, status, usage = os.wait4(proc.pid, 0)
        elapsed = time.perf_counter() - t0
        proc.returncode = os.waitstatus_to_exitcode(status)
        out_f.seek(0)
        err_f.seek(0)
        out, err = out_f.read(), err_f.read()
    scale = 1024 * 1024 if sys.platform == "darwin" else 1024  # ru_maxrss: bytes on macOS, KiB on Linux
    if proc.returncode not in ok:
        raise SystemExit(f"{' '.join(cmd[:6])} ... failed ({proc.returncode}): {err.decode()[-500:]}")
    own = [ln.split()[1] for ln in err.decode(errors="replace").splitlines() if ln.startswith("peak-kb ")]
    peak = int(own[-1]) / 1024 if own else usage.ru_maxrss / scale
    return elapsed, usage.ru_utime + usage.ru_stime, peak, out


def best(cmd: list[str], repeat: int, ok: tuple[int, ...] = (0,)) -> tuple[float, float, float, bytes]:
    """Best wall and CPU time of ``repeat`` runs, the largest peak memory seen, the last output."""
    times, cpus, peaks, out = [], [], [], b""
    for _ in range(repeat):
        t, c, m, out = run_measured(cmd, ok)
        times.append(t)
        cpus.append(c)
        peaks.append(m)
    return min(times), min(cpus), max(peaks), out


def make(d: str, players: int, rounds: int) -> str:
    path = os.path.join(d, f"swiss-{players}x{rounds}.trf")
    Path(path).write_text(write_trf(swiss(players, rounds, seed=players)), encoding="utf-8")
    return path


def compute_cmd(path: str) -> list[str]:
    return CLI + ["compute", path, "--rules", "fide2026", "--format", "json", "--tiebreaks", LIST]


def gacrux_cmd(path: str) -> list[str]:
    codes = [c + "/V2" for c in LIST.split(",")]  # FB last already (gacrux's fore-mode state leak)
    args = ["-i", path, "-s", "-t", "PTS", *codes, "-d", "T"]
    return [sys.executable, "-c", PEAK + f"import runpy; sys.argv = ['gacrux'] + {args!r}; "
            "runpy.run_module('gacrux.tiebreakchecker', run_name='__main__')"]


def corrected(book: str, path: str, event) -> str:
    """A copy of the workbook after the arbiter corrects one game in its crosstable (both cells):
    the first decisive game of round 1 becomes a draw, so points, tie-breaks and places move."""
    player = next(p for p in event.players if p.rounds[0].kind in (Kind.WIN, Kind.LOSS))
    mine, theirs = player.rounds[0], event.player(player.rounds[0].opponent).rounds[0]
    column = column_letter(6)  # No, Name, Title, Rating, Fed, then R1
    with zipfile.ZipFile(book) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":
                for no, rd in ((player.no, mine), (mine.opponent, theirs)):
                    old = f'<c r="{column}{no + 4}"'.encode()
                    at = body.index(old)
                    text = format_cell(rd).encode()
                    end = body.index(b"</c>", at)
                    draw = format_cell(replace(rd, kind=Kind.DRAW)).encode()
                    assert text in body[at:end], (no, text)
                    body = body[:at] + body[at:end].replace(text, draw) + body[end:]
            dst.writestr(info, body)
    return path


def recompute_figure(d: str, repeat: int) -> None:
    """``xl-tiebreak recompute`` of the workbook made from a 1,000 x 11 event, whole process: as
    made (every value already right), and after one game is corrected."""
    trf = make(d, 1000, 11)
    book = os.path.join(d, "swiss-1000x11.xlsx")
    out = os.path.join(d, "recomputed.xlsx")
    run_measured(CLI + ["workbook", trf, "-o", book, "--force"])
    edited = corrected(book, os.path.join(d, "corrected.xlsx"), read_trf(trf))
    for label, source in (("as made", book), ("one game corrected", edited)):
        cmd = CLI + ["recompute", source, "-o", out, "--force"]
        run_measured(cmd)  # warm the bytecode cache
        t, c, m, out_text = best(cmd, repeat)
        print(f"recompute 1,000 x 11 workbook, {label + ':':<19} {t:6.3f} s wall, {c:6.3f} s CPU, peak {m:6.1f} MB "
              f"({out_text.decode().strip().splitlines()[0].split(': ', 1)[-1]}; best of {repeat})")


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--no-gacrux", action="store_true", help="skip FIDE's reference engine")
    ap.add_argument("--repeat", type=int, default=3, help="runs per figure (best is printed)")
    ap.add_argument("--recompute", action="store_true", help="only the workbook recompute figure")
    args = ap.parse_args()
    print(f"machine: {platform.machine()}, {os.cpu_count()} cores, {platform.system()} {platform.release()}, "
          f"Python {platform.python_version()}")
    with tempfile.TemporaryDirectory() as d:
        ENV["PYTHONPYCACHEPREFIX"] = os.path.join(d, "pycache")
        if args.recompute:
            recompute_figure(d, args.repeat)
            return
        print(f"list ({len(LIST.split(','))}): {LIST}")
        small, mid, big = make(d, 999, 13), make(d, 2000, 11), make(d, 9990, 13)
        run_measured(compute_cmd(small))  # warm the bytecode cache
        run_measured(CLI + ["check", small], ok=(0, 1))
        start, start_cpu, _, _ = best(CLI + ["--help"], args.repeat)
        print(f"process start (xl-tiebreak --help): {start:.3f} s wall, {start_cpu:.3f} s CPU")
        wall, cpu = {}, {}
        for label, path in (("999 x 13", small), ("2,000 x 11", mid), ("9,990 x 13", big)):
            wall[label], cpu[label], m, out = best(compute_cmd(path), args.repeat)
            print(f"compute {label:>11}: {wall[label]:6.3f} s wall, {cpu[label]:6.3f} s CPU, peak {m:6.1f} MB "
                  f"({len(out) / 1e6:.1f} MB of JSON)")
        print(f"10x players (999 x 13 -> 9,990 x 13): {wall['9,990 x 13'] / wall['999 x 13']:.1f}x the wall "
              f"time, {cpu['9,990 x 13'] / cpu['999 x 13']:.1f}x the CPU time")
        t, c, m, out = best(CLI + ["check", big], args.repeat, ok=(0, 1))
        summary = out.decode().strip().splitlines()[-1]
        print(f"check   {'9,990 x 13':>11}: {t:6.3f} s wall, {c:6.3f} s CPU, peak {m:6.1f} MB ({summary})")
        recompute_figure(d, args.repeat)
        if not args.no_gacrux:
            g, gc, gm, _ = run_measured(gacrux_cmd(mid))
            print(f"gacrux 1.11.65 2,000 x 11: {g:6.2f} s wall, {gc:6.2f} s CPU, peak {gm:6.1f} MB (one run)")
            print(f"xl-tiebreak is {g / wall['2,000 x 11']:.0f}x faster than gacrux on 2,000 x 11 by wall time, "
                  f"{gc / cpu['2,000 x 11']:.0f}x by CPU time")


if __name__ == "__main__":
    main()
