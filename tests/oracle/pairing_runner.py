"""Run FIDE's reference pairing checker (gacrux 1.11.65, ``python -m gacrux.pairingchecker``) as a
test oracle, many pairings in one subprocess (the jobs on its standard input).

Each job is the command line of one run (``-i FILE -p -m berger -n K -d T`` and so on); the
subprocess (this file run as a script) runs gacrux's program once per job, in its own process,
never in the test's, and prints every output as a JSON list. What ``-p -d T`` prints: the number of
boards, then ``white black`` per board in board order, ``p 0`` for a player without an opponent
(a PAB, or a round robin's sit-out, which gacrux prints first, on board 1); ``0`` when it finds no
pairing. Errors print ``### Error NNN`` (the process exit status is 0 even then).
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from contextlib import redirect_stdout
from pathlib import Path
from typing import Sequence

__all__ = ["run_pairings", "board_lines"]


def run_pairings(jobs: Sequence[Sequence[str]], timeout: float = 600) -> list[str]:
    """The text gacrux's pairing checker prints for each job (its arguments after the program)."""
    proc = subprocess.run([sys.executable, str(Path(__file__).resolve())], input=json.dumps([list(j) for j in jobs]),
                          capture_output=True, text=True, timeout=timeout)
    if proc.returncode != 0:
        raise RuntimeError(f"the pairing checker failed: {proc.stderr[-2000:]}")
    got: list[str] = json.loads(proc.stdout)
    return got


def board_lines(text: str) -> list[tuple[int, int]]:
    """The boards of a ``-p -d T`` output, as (white, black); ``(p, 0)`` for a player without an
    opponent. Raises on an error or no pairing."""
    lines = [line.split() for line in text.strip().splitlines() if line.strip()]
    if not lines or lines[0][0].startswith("#") or lines[0] == ["0"]:
        raise AssertionError(f"gacrux gave no pairing: {text!r}")
    boards = [(int(a), int(b)) for a, b in lines[1:]]
    assert len(boards) == int(lines[0][0]), text
    return boards


def _main(jobs: list[list[str]]) -> None:
    from gacrux.pairingchecker import pairingchecker  # the oracle, in this subprocess only
    out = []
    for job in jobs:
        sys.argv = ["pairingchecker.py", *job]
        buf = io.StringIO()
        with redirect_stdout(buf):
            pairingchecker().common_main()
        out.append(buf.getvalue())
    sys.stdout.write(json.dumps(out))


if __name__ == "__main__":
    _main(json.loads(sys.stdin.read()))
