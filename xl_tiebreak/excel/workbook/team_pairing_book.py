"""A team round's pairing written into the team workbook's ``Matches`` table (``pair --write``):
one row per match, ``Rd``, ``Home``, ``Away``, the board results left to type; the PAB as the
template records one (``Away`` = ``BYE``). Home is the team whose board-1 player has the colour the
Settings give the home team on board 1 (TRF 352; White by default), so the pairing's colours
follow. Rows are written only into empty rows after the table's last row (the ``Matches`` name is
widened over them by the recompute that follows, as ``recompute`` does), surgically: every other
cell and part of the file is copied unchanged, in place with the version read kept as a backup, or
to another file. A round that has rows already is not written over. The cells are built by
:func:`match_cells`, which the Excel action writes through its runtime too (:mod:`.team_pairing_action`).
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence

from ...errors import InputError
from ...pairing.model import Pairing
from ...teams import TeamEvent
from ..ranges.book_reader import open_book
from ..ranges.team_book import named_range, read_team_book
from ..ranges.team_next_round import home_away, next_round_event, settings_forbidden
from ..xlsx.a1 import column_letter, split_cell
from ..xlsx.package import ZipCopy, read_text
from ..xlsx.parts import sheet_parts
from ..xlsx.patch import Typed, patch_sheet_xml
from ..xlsx.safe_write import update_target, write_update


@dataclass
class TeamWritten:
    """What :func:`write_team_pairing` did: the rows written, the file, its backup."""

    rows: int = 0
    output: Optional[Path] = None
    backup: Optional[Path] = None


def _number_text(v: Any) -> str:
    """A cell's whole number as text (``4.0`` -> ``"4"``), else its text."""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return "" if v is None else str(v).strip()


def _blank(v: Any) -> bool:
    return v is None or (isinstance(v, str) and not v.strip())


def team_book_event(book: Any, rnd: Optional[int] = None, forbid_cell: bool = True
                    ) -> tuple[TeamEvent, frozenset[int], tuple[frozenset[int], ...]]:
    """A team workbook's event to pair round ``rnd`` (default: the next) from, the teams typed
    not to play it (:func:`.ranges.team_next_round.next_round_event`) and the pairs its Settings'
    Forbidden pairs cell keeps apart (:func:`.ranges.team_next_round.settings_forbidden`; not read
    when ``forbid_cell`` is False: ``--forbid`` overrides it)."""
    tables = read_team_book(book)[0]
    event, absent = next_round_event(tables, rnd)
    return event, absent, settings_forbidden(tables) if forbid_cell else ()


def match_rows(book: Any, pairing: Pairing) -> list[tuple[int, int, "int | str"]]:
    """(round, home, away) of each match of ``pairing`` and of its PAB (away ``BYE``)."""
    return home_away(read_team_book(book)[0], pairing)


def match_cells(block: Sequence[Sequence[Any]], table_rows: int, sheet: str, top: int, left: int,
                rows: Sequence[tuple[int, int, "int | str"]]) -> dict[str, Any]:
    """The cells that write ``rows`` (round, home, away: :func:`.ranges.team_next_round.home_away`)
    into the Matches table, A1 on ``sheet`` -> value: ``block`` is the table's columns from its
    header row (at row ``top``, column ``left``) down to at least the sheet's last row with
    anything in it (further rows are empty), ``table_rows`` of them the table's. Each match goes
    into the next row after the table's last that has nothing in the table's columns. Refused,
    naming the cell, when the round has a row of one of its teams already (nothing is written)."""
    head = {str(v).strip().casefold(): j for j, v in enumerate(block[0]) if not _blank(v)} if block else {}
    cols = [head.get(k) for k in ("rd", "home", "away")]
    if any(c is None for c in cols):
        raise InputError(f"the Matches table ({sheet}!{column_letter(left)}{top}) has no Rd, Home and Away columns in "
                         "its header row")
    rd, home, away = (int(c) for c in cols if c is not None)
    table = block[:table_rows]
    rounds = {r for r, _h, _a in rows}
    paired = {str(t) for _r, h, a in rows for t in (h, a) if t != "BYE"}
    for i, r in enumerate(table[1:], 1):
        v = r[rd] if rd < len(r) else None
        teams = {_number_text(r[j]) for j in (home, away) if j < len(r)}
        if _number_text(v) in {str(k) for k in rounds} and teams & paired:
            raise InputError(f"round {_number_text(v)} has a match row already "
                             f"({sheet}!{column_letter(left + rd)}{top + i}); nothing was written")
    width = len(block[0])
    last = max((i for i, r in enumerate(table) if any(not _blank(v) for v in r)), default=0)

    def filled(i: int) -> bool:
        return i < len(block) and any(not _blank(v) for v in list(block[i])[:width])
    cells: dict[str, Any] = {}
    i = last + 1
    for rnd, h, a in rows:
        while filled(i):
            i += 1  # (a row with anything in it is not written into)
        for j, value in ((rd, rnd), (home, h), (away, a)):
            cells[f"{column_letter(left + j)}{top + i}"] = value
        i += 1
    return cells


def write_team_pairing(path: "str | Path", pairing: Pairing, out: "str | Path | None" = None, *,
                       overwrite: bool = False) -> TeamWritten:
    """Write ``pairing``'s matches into the team workbook ``path``: in place (a backup kept) or to
    ``out``. Refused, before anything is written, when the round has a row already."""
    src = Path(path)
    target, in_place = update_target(src, out, overwrite=overwrite)
    book = open_book(src)
    data = book.data
    sheet, c0, r0, rows = named_range(book, "Matches")
    cells = book.cells(sheet)
    width = len(rows[0]) if rows else 0
    columns = range(c0, c0 + width)
    end = max((row for col, row in map(split_cell, cells) if col in columns), default=r0)
    block = rows + [[cells.get(f"{column_letter(c0 + j)}{r}") for j in range(width)]
                    for r in range(r0 + len(rows), end + 1)]
    try:
        edits = match_cells(block, len(rows), sheet, r0, c0, match_rows(book, pairing))
    except InputError as exc:
        raise InputError(str(exc), src.name) from None
    new = _patched(data, sheet, {a: Typed(v) if isinstance(v, str) else v for a, v in edits.items()})
    from ..recompute.cached_values import recompute_bytes
    try:
        new = recompute_bytes(new)[0]
    except InputError:
        pass  # (a workbook without our functions: the rows are written, nothing to recompute)
    report = TeamWritten(len(edits) // 3)
    report.output, report.backup = write_update(src, data, new, target, in_place, overwrite=overwrite)
    return report


def _patched(data: bytes, sheet: str, values: dict[str, Any]) -> bytes:
    """The workbook with ``values`` set in ``sheet``, every other part copied unchanged."""
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        part = {p.title: p.path for p in sheet_parts(z)}.get(sheet)
        if part is None:
            raise InputError(f"the sheet {sheet!r} has no XML part")
        xml = read_text(z, part)
    new, n = patch_sheet_xml(xml, values)
    if n != len(values):
        raise InputError(f"could only write {n} of {len(values)} cells of sheet {sheet!r}; nothing was written")
    copy = ZipCopy(data, {part})
    try:
        copy.put(part, new.encode("utf-8"))
    except BaseException:
        copy.cancel()
        raise
    return copy.finish({})
