"""Where a command's output goes: the screen, or ``-o FILE`` written atomically (an existing file
only with ``--force``), as every command of the CLI does it; every file goes through
:mod:`xl_tiebreak.excel.xlsx.safe_write`."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Optional, Union

#: a file's path, as text or a path object
StrPath = Union[str, "os.PathLike[str]"]


def check_paths(source: Optional[StrPath], output: Optional[StrPath], force: bool = False,
                command: str = "") -> None:
    """Before the work: ``output`` naming the input file itself (or a link to it) refused, ``force``
    or not (it would replace what the user has); ``output`` that could not be written refused (it
    exists without ``force``, is read-only, its name is too long, its folder takes no new file
    ...). The messages name it as ``-o``."""
    out = os.fspath(output) if output is not None else ""
    if not out:
        return
    if source is not None and os.fspath(source) and _same_file(os.fspath(source), out):
        from .errors import InputError
        again = (" (leave -o out to update the workbook in place: its previous version is kept as a backup)"
                 if command == "recompute" else "")
        raise InputError(f"-o {out}: that is the input file itself; write the output to another file{again}")
    from .excel.xlsx.safe_write import writable_target
    writable_target(Path(out), overwrite=force)


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (the same path, a symlink to it, a hard link)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)


def emit(args: argparse.Namespace, text: str) -> tuple[str, int]:
    """The text for the screen, or written to ``-o FILE`` (atomically; an existing file only with
    --force) with a line saying so (:func:`deliver`)."""
    return deliver(text, getattr(args, "output", None), force=getattr(args, "force", False)), 0


def deliver(text: str, output: Optional[StrPath] = None, force: bool = False) -> str:
    """``text`` itself (for the screen), or written to ``output`` (UTF-8, atomically; an existing
    file only with ``force``) and a line saying so."""
    if not output:
        return text
    from .excel.xlsx.safe_write import atomic_write
    written = atomic_write(Path(output), text.encode("utf-8"), overwrite=force)
    return f"written to {written}\n"
