"""The hostile-input harness (DESIGN "Hostile input and faults"): run a command of the real CLI in a
fresh process on crafted files and check the contract every bad input must keep.

``run_cli(args, cwd)`` runs ``python -m xl_tiebreak.cli ARGS`` (environment as given) and returns the
completed process; ``assert_refused(proc, *places)`` checks exit 2, one message naming the places,
and no traceback; ``snapshot(folder)`` / ``assert_unchanged(before, folder)`` prove that every file
the user has is byte-identical afterwards (symlinks and modes included).
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
from pathlib import Path
from typing import Mapping, Optional, Sequence

ROOT = Path(__file__).resolve().parents[2]
SHARED = ROOT.parent / "shared"
REAL = SHARED / "data" / "real"


def run_cli(args: Sequence[str], cwd: Path, env: Optional[Mapping[str, str]] = None,
            timeout: float = 60) -> subprocess.CompletedProcess:
    """The CLI as a user runs it, in its own process (so a crash, a hang or an encoding error of the
    output shows as it would)."""
    full = dict(os.environ)
    full.pop("PYTHONIOENCODING", None)
    # this checkout's package, whatever is installed (worktrees, CI's venv)
    full["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), full.get("PYTHONPATH", "")]))
    if env:
        full.update(env)
    return subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *map(str, args)], cwd=cwd, env=full,
                          capture_output=True, timeout=timeout)


def text(proc: subprocess.CompletedProcess) -> str:
    return (proc.stdout + proc.stderr).decode("utf-8", "replace")


def assert_no_traceback(proc: subprocess.CompletedProcess) -> None:
    out = text(proc)
    assert "Traceback" not in out and "internal error" not in out, out


def assert_refused(proc: subprocess.CompletedProcess, *places: str) -> str:
    """Exit 2, no traceback, one message (a line on standard error) naming each of ``places``."""
    assert_no_traceback(proc)
    err = proc.stderr.decode("utf-8", "replace")
    assert proc.returncode == 2, (proc.returncode, text(proc))
    for place in places:
        assert place in err, (place, err)
    return err


def snapshot(folder: Path) -> dict[str, tuple]:
    """Every entry under ``folder``: its kind, mode, and content hash or link target."""
    got: dict[str, tuple] = {}
    for p in sorted(folder.rglob("*")):
        rel = str(p.relative_to(folder))
        st = os.lstat(p)
        if p.is_symlink():
            got[rel] = ("link", os.readlink(p))
        elif p.is_file():
            got[rel] = ("file", st.st_mode, hashlib.sha256(p.read_bytes()).hexdigest())
        else:
            got[rel] = ("dir", st.st_mode)
    return got


def assert_unchanged(before: dict[str, tuple], folder: Path, allowed_new: Sequence[str] = ()) -> None:
    """No file that was there changed or vanished; new entries only where ``allowed_new`` says."""
    after = snapshot(folder)
    for rel, entry in before.items():
        assert after.get(rel) == entry, (rel, entry, after.get(rel))
    new = set(after) - set(before) - set(allowed_new)
    assert not new, new
