"""File-system faults for the writers' tests: a folder where nothing can be created (even by root),
and CLI processes made to meet at the moment they write.

``unwritable(folder)`` makes ``folder`` refuse new files for the duration (``chmod 555``; as root,
who ignores modes, the immutable attribute ``chattr +i``; skips the test when neither holds).

``run_together(argvs, cwd)`` starts one CLI process per argument list at once, each stopped right
after it has put its temporary file on disk (its first ``os.fsync``, which every writer calls before
putting the file in place) until all have got there: the worst interleaving two real runs can have,
made certain instead of left to chance; ``hard_links=False``: as on a file system without hard links
(``os.link`` refused with EPERM). Returns the completed processes, in order.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Iterator, Sequence

import pytest

from .conftest import ROOT

_MEET = """
import os, runpy, sys, time
folder, count = os.environ["XLTB_TEST_MEET"], int(os.environ["XLTB_TEST_MEET_COUNT"])
real = os.fsync
def fsync(fd):
    real(fd)
    os.fsync = real
    open(os.path.join(folder, str(os.getpid())), "w").close()
    end = time.monotonic() + 30
    while len(os.listdir(folder)) < count and time.monotonic() < end:
        time.sleep(0.002)
os.fsync = fsync
if os.environ.get("XLTB_TEST_NO_LINKS"):  # a file system without hard links (FAT, some network drives)
    def link(*_a, **_k):
        raise PermissionError(1, "Operation not permitted")
    os.link = link
sys.argv = ["xl-tiebreak", *sys.argv[1:]]
runpy.run_module("xl_tiebreak.cli", run_name="__main__", alter_sys=True)
"""


@contextlib.contextmanager
def unwritable(folder: Path) -> Iterator[Path]:
    if os.geteuid() != 0:
        folder.chmod(0o555)
        try:
            yield folder
        finally:
            folder.chmod(0o755)
        return
    chattr = shutil.which("chattr")
    if chattr is None or subprocess.run([chattr, "+i", str(folder)], capture_output=True).returncode != 0:
        pytest.skip("root, and no immutable attribute here: no folder refuses new files")
    try:
        probe = folder / ".probe"
        try:
            probe.touch()
        except OSError:
            pass
        else:
            probe.unlink()
            pytest.skip("the immutable attribute does not stop root here")
        yield folder
    finally:
        subprocess.run([chattr, "-i", str(folder)], check=True)


def run_together(argvs: Sequence[Sequence[str]], cwd: Path, *, hard_links: bool = True,
                 timeout: float = 120) -> list[subprocess.CompletedProcess]:
    meet = Path(tempfile.mkdtemp(prefix="meet-", dir=cwd.parent))
    env = dict(os.environ)
    env.pop("PYTHONIOENCODING", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    env.update(XLTB_TEST_MEET=str(meet), XLTB_TEST_MEET_COUNT=str(len(argvs)))
    if not hard_links:
        env["XLTB_TEST_NO_LINKS"] = "1"
    try:
        procs = [subprocess.Popen([sys.executable, "-c", _MEET, *map(str, argv)], cwd=cwd, env=env,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE) for argv in argvs]
        done = []
        for p in procs:
            out, err = p.communicate(timeout=timeout)
            done.append(subprocess.CompletedProcess(p.args, p.returncode, out, err))
        return done
    finally:
        shutil.rmtree(meet, ignore_errors=True)
