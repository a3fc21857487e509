"""``xl-tiebreak check``: every problem of a TRF file or a crosstable, not just the first.

Each finding names the place (TRF line and columns, or sheet and cell), says what is wrong and
what would be right, and has a severity; see :data:`xl_tiebreak.validation.RULES`.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Callable

from .errors import InputError
from .validation import Finding, Findings

if TYPE_CHECKING:
    from .model import Tournament


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
    """The findings for a TRF file (workbooks: :func:`xl_tiebreak.excel.book_check.check_workbook`)."""
    from .trf import read_trf  # here: a workbook's CHECK (through collect) needs no TRF reader
    from .trf.teams import read_team_file
    teams: list[object] = []
    found = collect(lambda fd: teams.append(read_team_file(Path(path), findings=fd, encoding=encoding)))
    if found or teams != [None]:  # a team event (its findings: the team records' and the board games')
        return found
    read: list[Tournament] = []
    found = collect(lambda fd: read.append(read_trf(Path(path), findings=fd, encoding=encoding)))
    if read and not any(f.severity == "error" for f in found):
        found += _unrated(Path(path), read[0])
    return found


def _unrated(path: Path, t: Tournament) -> list[Finding]:
    """The ``unrated`` warnings of a TRF file (:func:`xl_tiebreak.rating_notes.unrated_findings`),
    at each unrated player's rating field (the line of his 001 record, columns 49-52)."""
    from .rating_notes import unrated_findings, unrated_players
    from .trf.layout import FIELDS
    if not unrated_players(t):
        return []
    lines: dict[int, int] = {}
    for k, raw in enumerate(path.read_bytes().splitlines(), start=1):
        if raw[:3] == b"001" and raw[4:8].strip().isdigit():
            lines.setdefault(int(raw[4:8]), k)
    rating = FIELDS["rating"]
    return unrated_findings(t, t.tiebreaks, None, lambda p: f"{path.name} line {lines.get(p.no, '?')}, "
                            f"{rating.where}", "set one with --unrated RATING or a descriptor such as ARO/U1000 "
                            "in record 202")
