"""Time ``xl-tiebreak pair`` end to end (a new process each run, as a user runs it).

    python benchmarks/bench_pair.py              # round robin, 20 players: TRF and workbook, print and --write
    python benchmarks/bench_pair.py --players 100
    python benchmarks/bench_pair.py --dutch      # Swiss: a 200-player round; a 100-player 9-round event
    python benchmarks/bench_pair.py --team       # a 50-team round (C.04.6), ours and the reference

Round robin: each figure is the best and the median of five runs, wall clock; round 2 is paired
(round 1's results in, so the history is checked). Dutch (issue 35's targets: a 200-player round
under 2 s, a 100-player 9-round event under 10 s in all): round 5 of 200 players (rounds 1-4 paired
by the engine, seeded results), ours and FIDE's reference (gacrux ``pairingchecker``, when
installed) in turn, five runs each; then 100 players paired round by round with ``pair --write``,
the results typed between rounds (not timed), and the reference on the same files. Prints its
figures and whether the pairings agree; asserts nothing.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.support.workbook_typing import type_cells  # noqa: E402
from xl_tiebreak.pairing.berger import cycle_rounds, table_round  # noqa: E402


def _trf(n: int) -> str:
    """``n`` players, round 1 of the Berger table played (White wins), the sit-out blank."""
    cells: dict[int, str] = {}
    for w, b in table_round(n, 1):
        if max(w, b) <= n:
            cells[w], cells[b] = f"{b:>4} w 1", f"{w:>4} b 0"
    lines = ["012 Bench round robin", "042 2026/04/10", f"XXR {cycle_rounds(n)}", "092 Individual: Round Robin"]
    for no in range(1, n + 1):
        points = "1.0" if cells.get(no, "").endswith("1") else "0.0"
        line = f"001 {no:>4}      {f'Player {no}':<33} {2400 - no:>4}{'':28}{points:>4} {no:>4}"
        lines.append(line + (f"  {cells[no]}" if no in cells else ""))
    return "\n".join(lines) + "\n"


def _time(folder: Path, args: list[str], before=None, runs: int = 5) -> tuple[float, float]:
    got = []
    for _ in range(runs):
        if before:
            before()
        start = time.perf_counter()
        subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "pair", *args], cwd=folder, check=True,
                       capture_output=True)
        got.append(time.perf_counter() - start)
    return min(got), statistics.median(got)


def _wall(args: list[str], folder: Path) -> tuple[float, str]:
    """One run's wall-clock seconds (process start included) and what it printed."""
    start = time.perf_counter()
    proc = subprocess.run(args, cwd=folder, check=True, capture_output=True, text=True)
    return time.perf_counter() - start, proc.stdout


def _ours(trf: str, *more: str) -> list[str]:
    return [sys.executable, "-m", "xl_tiebreak.cli", "pair", trf, "--format", "json", *more]


def _reference(trf: str, rnd: int) -> list[str]:
    return [sys.executable, "-m", "gacrux.pairingchecker", "-i", trf, "-p", "-m", "dutch", "-n", str(rnd), "-d", "T"]


def _boards(json_text: str) -> list[tuple[int, int]]:
    """Our pairing (the first line of ``--format json``) as the reference prints it, sorted."""
    import json
    got = json.loads(json_text.splitlines()[0])
    return sorted([(p["white"], p["black"]) for p in got["pairs"]]
                  + [(b["no"], 0) for b in got["byes"] if b["kind"] == "PAB"])


def _reference_boards(text: str) -> list[tuple[int, int]]:
    lines = [line.split() for line in text.split("\n") if line.strip()]
    return sorted((int(a), int(b)) for a, b in lines[1:])


def _history(folder: Path, n: int, rounds: int, played: int, seed: int) -> Path:
    """A Swiss event of ``n`` players and ``rounds`` rounds with rounds 1..``played`` paired by
    the engine (in this process) and seeded results typed: the file to time the next round on."""
    import random

    from tests.support.trf_typing import seeded_results, type_results
    from tests.test_pair_command import players_trf
    from xl_tiebreak.cli.pair import paired, write_trf_pairing
    rng = random.Random(seed)
    trf = folder / f"swiss{n}_r0.trf"
    trf.write_text(players_trf(n, rounds, kind="Swiss-System", extra="152 W"), encoding="latin-1")
    for rnd in range(1, played + 1):
        p = paired(trf)
        nxt = folder / f"swiss{n}_r{rnd}.trf"
        write_trf_pairing(p, nxt, str(trf))
        type_results(nxt, rnd, seeded_results(p.pairing.to_json(), rng))
        trf = nxt
    return trf


def dutch(runs: int = 5) -> None:
    """The Dutch figures of issue 35, ours against FIDE's reference measured in the same run."""
    import importlib.util
    from tests.support.trf_typing import seeded_results, type_results
    reference = importlib.util.find_spec("gacrux") is not None
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        trf = _history(folder, 200, 9, 4, 200)
        ours, theirs, same = [], [], True
        for _ in range(runs):
            t, out = _wall(_ours(trf.name), folder)
            ours.append(t)
            if reference:
                t, ref = _wall(_reference(trf.name, 5), folder)
                theirs.append(t)
                same = same and _boards(out) == _reference_boards(ref)
        print(f"pair, Swiss (Dutch), 200 players, round 5 (median / best of {runs}, seconds, a new process each):")
        print("  xl-tiebreak pair F.trf:  %.2f / %.2f" % (statistics.median(ours), min(ours)))
        if reference:
            print("  gacrux pairingchecker:   %.2f / %.2f   same pairing: %s"
                  % (statistics.median(theirs), min(theirs), "yes" if same else "NO"))
        import json
        import random
        rng = random.Random(100)
        trf = folder / "season_r0.trf"
        from tests.test_pair_command import players_trf
        trf.write_text(players_trf(100, 9, kind="Swiss-System", extra="152 W"), encoding="latin-1")
        ours_total = theirs_total = 0.0
        agree = 0
        for rnd in range(1, 10):
            nxt = folder / f"season_r{rnd}.trf"
            t, out = _wall(_ours(trf.name, "--write", nxt.name), folder)
            ours_total += t
            if reference:
                t, ref = _wall(_reference(trf.name, rnd), folder)
                theirs_total += t
                agree += _boards(out) == _reference_boards(ref)
            type_results(nxt, rnd, seeded_results(json.loads(out.splitlines()[0]), rng))
            trf = nxt
        print("pair, Swiss (Dutch), 100 players, 9 rounds paired one by one with --write (seconds in all, "
              "results typed between rounds not counted):")
        print("  xl-tiebreak pair:        %.2f" % ours_total)
        if reference:
            print("  gacrux pairingchecker:   %.2f   rounds with the same pairing: %d of 9" % (theirs_total, agree))


def team(runs: int = 5) -> None:
    """A 50-team round, end to end: Grandmommy's Cup (../shared, 50 teams, 14 rounds, Baku records
    250) rounds 4, 8 and 12 from the rounds before, ours (``pair --round K --format json``) and the
    reference (``pairingchecker -p -m fideteam -n K``), best and median of ``runs`` each, and whether
    the pairings agree."""
    src = ROOT.parent / "shared" / "data" / "real" / "grandmommys-cup-trf26-team.trf"
    if not src.is_file():
        print("team: ../shared/data/real/grandmommys-cup-trf26-team.trf is not beside the project")
        return
    folder = src.parent
    print("pair, a 50-team round (Grandmommy's Cup; best / median of %d, seconds, a new process each):" % runs)
    for k in (4, 8, 12):
        ours = [_wall(_ours(src.name, "--round", str(k)), folder) for _ in range(runs)]
        line = "  round %2d: ours %.2f / %.2f" % (k, min(t for t, _ in ours), statistics.median(t for t, _ in ours))
        try:
            theirs = [_wall([sys.executable, "-m", "gacrux.pairingchecker", "-i", src.name, "-p", "-m", "fideteam",
                             "-n", str(k), "-d", "T"], folder) for _ in range(runs)]
        except (OSError, subprocess.CalledProcessError):
            print(line + "   (gacrux not installed)")
            continue
        same = _boards(ours[0][1]) == _reference_boards(theirs[0][1])
        print(line + "   gacrux %.2f / %.2f   the same pairing: %s"
              % (min(t for t, _ in theirs), statistics.median(t for t, _ in theirs), same))


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--dutch", action="store_true", help="the Swiss figures (200 players; 100 players, 9 rounds)")
    ap.add_argument("--team", action="store_true", help="a 50-team round (C.04.6), ours and the reference")
    given = ap.parse_args()
    if given.team:
        team()
        return
    if given.dutch:
        dutch()
        return
    n = given.players
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        (folder / "rr.trf").write_text(_trf(n), encoding="latin-1")
        print(f"pair, a round robin of {n} players, round 2 (best / median of 5, seconds, a new process each):")
        print("  TRF, printed:            %.2f / %.2f" % _time(folder, ["rr.trf"]))
        print("  TRF, --write r2.trf:     %.2f / %.2f" % _time(folder, ["rr.trf", "--write", "r2.trf", "--force"]))
        book = folder / "rr.xlsx"
        subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "template", "--type", "round-robin", "--players",
                        str(n), "-o", str(book)], check=True, capture_output=True)
        cells: dict[str, object] = {}
        for no in range(1, n + 1):
            cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}"})
        for w, b in table_round(n, 1):
            if max(w, b) <= n:
                cells.update({f"Crosstable!F{4 + w}": f"{b}w1", f"Crosstable!F{4 + b}": f"{w}b0"})
            else:
                cells[f"Crosstable!F{4 + min(w, b)}"] = "-"
        type_cells(book, cells)
        shutil.copy(book, folder / "fresh.xlsx")
        print("  workbook, printed:       %.2f / %.2f" % _time(folder, ["rr.xlsx"]))

        def fresh() -> None:
            shutil.copy(folder / "fresh.xlsx", book)
            for old in folder.glob("rr.bak-*"):
                old.unlink()
        print("  workbook, --write:       %.2f / %.2f  (cells, Pairings sheet, values recomputed, backup)"
              % _time(folder, ["rr.xlsx", "--write"], before=fresh))


if __name__ == "__main__":
    main()
