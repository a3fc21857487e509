"""End-to-end speed of ``xl-tiebreak compute`` on a team event, process start included, beside FIDE's
reference engine gacrux on the same file with the same codes (issue 23: 50 teams x 10 boards x 11
rounds in under 1 s).

    python benchmarks/bench_teams.py               # ours and gacrux, 5 runs each
    python benchmarks/bench_teams.py --repeat 9 --no-gacrux
    python benchmarks/bench_teams.py --teams 100 --boards 6 --rounds 13

The event is generated (tests/oracle/team_generate.py: TRF-26, MP primary, PABs, team byes,
forfeited matches, board forfeits, out-of-order line-ups). Each command is a whole process; the
figures are the median and the best of ``--repeat`` runs (the machine may be shared) and the
largest peak memory (the child's own VmHWM). Both programs get the same codes, under the 2026
rules. Prints its figures; asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(ROOT))

from bench_speed import CLI, PEAK, run_measured  # noqa: E402

#: the codes timed: every one of these that the team registry has (printed), in an order gacrux takes
#: (its type A codes first: it ranks them inside the groups the codes before leave; FB, AOB last)
WANTED = ("EDE", "TBR", "BBE", "MPTS", "GPTS", "MPVGP", "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/M1",
          "ESB", "EMMSB", "EMGSB", "EGMSB", "EGGSB", "EMGSB/C1", "EMGSB/C1/P", "PS", "SSSC", "BC", "FB", "AOB")


def codes() -> list[str]:
    from xl_tiebreak.descriptor import team_rows
    names = set(team_rows())
    return [c for c in WANTED if c.split(":")[0].split("/")[0].upper() in names]


def gacrux_cmd(path: str, listed: list[str]) -> list[str]:
    args = ["-i", path, "-s", "-t", "PTS", *[c + "/V2" for c in listed], "-d", "T"]
    return [sys.executable, "-c", PEAK + f"import runpy; sys.argv = ['gacrux'] + {args!r}; "
            "runpy.run_module('gacrux.tiebreakchecker', run_name='__main__')"]


def measure(cmd: list[str], repeat: int) -> tuple[float, float, float, float, bytes]:
    """Median and best wall time, median CPU time, largest peak memory (MB), the last output."""
    walls, cpus, peaks, out = [], [], [], b""
    for _ in range(repeat):
        wall, cpu, peak, out = run_measured(cmd)
        walls.append(wall)
        cpus.append(cpu)
        peaks.append(peak)
    return statistics.median(walls), min(walls), statistics.median(cpus), max(peaks), out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--teams", type=int, default=50)
    ap.add_argument("--boards", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=11)
    ap.add_argument("--repeat", type=int, default=5)
    ap.add_argument("--no-gacrux", action="store_true")
    a = ap.parse_args()
    from tests.oracle.team_generate import team_event
    listed = codes()
    with tempfile.TemporaryDirectory() as d:
        path = str(Path(d) / f"team-{a.teams}x{a.boards}x{a.rounds}.trf")
        gen = team_event(a.teams, teams=a.teams, boards=a.boards, rounds=a.rounds, trf="26")
        Path(path).write_text(gen.text, encoding="utf-8")
        players = sum(len(r) for r in gen.rosters.values())
        print(f"team event: {a.teams} teams x {a.boards} boards x {a.rounds} rounds ({players} players, "
              f"{Path(path).stat().st_size // 1024} KB TRF-26); {len(listed)} codes, 2026 rules:")
        print("  " + ",".join(listed))
        ours = CLI + ["compute", path, "--rules", "fide2026", "--format", "json", "--tiebreaks", ",".join(listed)]
        run_measured(ours)  # warm the bytecode cache, as an installed copy has it
        med, low, cpu, peak, out = measure(ours, a.repeat)
        print(f"xl-tiebreak compute: median {med:.3f} s, best {low:.3f} s (CPU {cpu:.3f} s), peak {peak:.0f} MB "
              f"[{a.repeat} runs]{'  TARGET < 1 s: met' if med < 1 else '  TARGET < 1 s: NOT met'}")
        if not a.no_gacrux:
            try:
                import gacrux  # noqa: F401  (test-only oracle: run in a child process, never imported by the package)
            except ImportError:
                print("gacrux: not installed")
                return
            med, low, cpu, peak, _ = measure(gacrux_cmd(path, listed), a.repeat)
            print(f"gacrux 1.11.65:      median {med:.3f} s, best {low:.3f} s (CPU {cpu:.3f} s), peak {peak:.0f} MB "
                  f"[{a.repeat} runs]")


if __name__ == "__main__":
    main()
