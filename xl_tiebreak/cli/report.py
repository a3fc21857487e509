"""What a command that has an exit status of its own returns from its library function
(:class:`Report`): ``check``, and the workbook commands."""

from __future__ import annotations

from typing import NamedTuple


class Report(NamedTuple):
    """The text a command prints and its exit status: 0, or 1 when it found a problem (``check``:
    an error, or with ``--from`` a difference; ``workbook`` and ``recompute``: a cell that could
    not be computed)."""

    text: str
    status: int
