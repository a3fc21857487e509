"""Where a command's text goes: the screen, or ``-o FILE`` written atomically (an existing file
only with ``--force``), as every command of the CLI does it."""

from __future__ import annotations

import argparse
from pathlib import Path


def emit(args: argparse.Namespace, text: str) -> tuple[str, int]:
    """The text for the screen, or written to ``-o FILE`` (atomically; an existing file only with
    --force) with a line saying so."""
    out = getattr(args, "output", None)
    if not out:
        return text, 0
    from .excel.xlsx.safe_write import atomic_write
    written = atomic_write(Path(out), text.encode("utf-8"), overwrite=args.force)
    return f"written to {written}\n", 0
