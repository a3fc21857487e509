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
    """The findings for a TRF file (workbooks: :func:`xl_tiebreak.excel.workbook.book_check.check_workbook`)."""
    from .trf import read_trf  # here: a workbook's CHECK (through collect) needs no TRF reader
    from .trf.teams import read_team_file
    from .teams import TeamEvent
    teams: list[object] = []
    found = collect(lambda fd: teams.append(read_team_file(Path(path), findings=fd, encoding=encoding)))
    if found or teams != [None]:  # a team event (its findings: the team records' and the board games')
        if teams and isinstance(teams[0], TeamEvent) and teams[0].tournament.tiebreaks:
            found += _list_findings(Path(path), encoding, teams[0].rounds, team=True)
        return found
    read: list[Tournament] = []
    found = collect(lambda fd: read.append(read_trf(Path(path), findings=fd, encoding=encoding)))
    if read and read[0].tiebreaks:
        found += _list_findings(Path(path), encoding, read[0].rounds, team=False)
    if read and not any(f.severity == "error" for f in found):
        found += _unrated(Path(path), read[0])
    return found


def _list_findings(path: Path, encoding: "str | None", rounds: int, team: bool) -> list[Finding]:
    """The findings on the file's tie-break list (record 202, else 212): its empty entries and its
    cuts that leave nothing of the event's ``rounds`` (:mod:`xl_tiebreak.list_check`); for a team
    event also the codes the program does not know (an individual file's reader reports those)."""
    from .descriptor import parse_descriptor
    from .list_check import list_findings, trf_list
    from .descriptor import parse_team
    from .textutil import lines_of
    from .trf.reader import trf_text
    lines = lines_of(trf_text(path, Findings(strict=False), encoding)[0])  # (lines as the reader counts them)
    entries, scores = trf_list(lines, path.name)
    if team:
        return list_findings(entries, rounds, "record XXR or 142", parse_team, "two commas in a row?", scores=scores)
    return list_findings(entries, rounds, "record XXR or 142", parse_descriptor, "two commas in a row?", codes=False,
                         scores=scores)


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
