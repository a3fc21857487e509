"""``xl-tiebreak check``: every problem of a TRF file or a crosstable, not just the first.

Each finding names the place (TRF line and columns, or sheet and cell), says what is wrong and
what would be right, and has a severity; see :data:`xl_tiebreak.validation.RULES`.
"""

from __future__ import annotations

from pathlib import Path
from typing import Callable

from .errors import InputError
from .validation import Finding, Findings


def collect(read: Callable[[Findings], object]) -> list[Finding]:
    """Run a reader with a collecting Findings; a problem that stops reading altogether (not a
    TRF file, no players, a team event) becomes one more error."""
    fd = Findings(strict=False)
    try:
        read(fd)
    except InputError as exc:
        fd.items.append(Finding("error", "layout", exc.where or "", exc.detail))
    return fd.items


def check_trf(path: "str | Path", encoding: "str | None" = None) -> list[Finding]:
    """The findings for a TRF file (workbooks: :func:`xl_tiebreak.excel.workbook.check_workbook`)."""
    from .trf import read_trf  # here: a workbook's CHECK (through collect) needs no TRF reader
    return collect(lambda fd: read_trf(Path(path), findings=fd, encoding=encoding))
