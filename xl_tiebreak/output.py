"""Where a command's output goes: the screen, or ``-o FILE`` written atomically (an existing file
only with ``--force``), as every command of the CLI does it; every file goes through
:mod:`xl_tiebreak.excel.xlsx.safe_write`."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from typing import Optional, Union


def check_output(args: argparse.Namespace) -> None:
    """Refuse ``-o FILE`` before the work when it could not be written (it exists without --force,
    is read-only, its name is too long, its folder takes no new file ...): the message names it."""
    out = getattr(args, "output", None)
    if isinstance(out, str) and out:
        from .excel.xlsx.safe_write import writable_target
        writable_target(Path(out), overwrite=bool(getattr(args, "force", False)))


def emit(args: argparse.Namespace, text: str) -> tuple[str, int]:
    """The text for the screen, or written to ``-o FILE`` (atomically; an existing file only with
    --force) with a line saying so (:func:`deliver`)."""
    return deliver(text, getattr(args, "output", None), force=getattr(args, "force", False)), 0


def deliver(text: str, output: Optional[Union[str, "os.PathLike[str]"]] = None, force: bool = False) -> str:
    """``text`` itself (for the screen), or written to ``output`` (UTF-8, atomically; an existing
    file only with ``force``) and a line saying so."""
    if not output:
        return text
    from .excel.xlsx.safe_write import atomic_write
    written = atomic_write(Path(output), text.encode("utf-8"), overwrite=force)
    return f"written to {written}\n"
