"""A round's pairing written into a workbook's crosstable: each paired player's cell of that round
gets the pending game (``5w``: against 5 with White, ``3b``), written so that typing the result
completes it (``5w1``, ``3b½``; :mod:`xl_tiebreak.notation`); a round robin's sit-out gets ``-``;
and the printable Pairings sheet shows the round (:mod:`.pairings_sheet`).

Only empty cells are written: a cell that already holds the same pairing is left as it is, and
any other content stops the write before anything is changed (nothing typed is lost). The cells
are patched into the sheet's XML as typed text (inline strings, :class:`.xlsx.patch.Typed`),
every other part of the file copied unchanged (never re-saved with openpyxl); then the workbook's
values are recomputed as ``recompute`` does, and the file is written atomically: in place with
the version read kept as a backup (:func:`.xlsx.safe_write.replace_keeping_backup`), or to
another file.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional, Sequence

from ...errors import InputError, TiebreakError
from ...model import Tournament
from ...notation import format_cell, parse_cell
from ...pairing.model import Pairing
from ...pairing.next_round import pending_rounds
from ..ranges.book_reader import Book, crosstable_place, crosstable_table, open_book
from ..ranges.crosstable_range import find_layout
from ..xlsx.a1 import column_letter
from ..xlsx.package import ZipCopy, read_text
from ..xlsx.parts import sheet_parts
from ..xlsx.patch import Typed, patch_sheet_xml
from ..xlsx.safe_write import update_target, write_update


@dataclass(frozen=True)
class RoundCells:
    """Where each player's rounds are: the crosstable's sheet and ``(start number, round) -> A1``."""

    sheet: str
    cells: dict[tuple[int, int], str]
    header_row: int = 1

    def place(self, no: int, rnd: int) -> str:
        """``Crosstable!F7``: the cell of a player's round (for messages)."""
        at = self.cells.get((no, rnd))
        return f"{self.sheet}!{at}" if at else f"round {rnd} of player {no}"


def round_cells(book: Book) -> RoundCells:
    """The crosstable's round cells, from its header row (as the reader finds them)."""
    place = crosstable_place(book)
    return table_round_cells(crosstable_table(book, place), place.sheet, place.min_row, place.min_col)


def table_round_cells(table: Sequence[Sequence[Any]], sheet: str, min_row: int, min_col: int) -> RoundCells:
    """The round cells of a crosstable ``table`` whose first cell is at ``min_row``, ``min_col``
    (1-based) of ``sheet``: each start number's round cells, by the header row's round columns."""
    width = max((len(r) for r in table), default=0)
    layout = find_layout(table[0] if table else [], width)
    offset = 1 if layout.header else 0
    cells: dict[tuple[int, int], str] = {}
    for i, row in enumerate(table[offset:]):
        v = row[layout.no] if layout.no < len(row) else None
        try:
            no = int(float(str(v).strip())) if v is not None and str(v).strip() else None
        except (ValueError, OverflowError):
            no = None
        if no is None:
            continue
        sheet_row = min_row + offset + i
        for rnd, j in layout.rounds.items():
            cells[(no, rnd)] = f"{column_letter(min_col + j)}{sheet_row}"
    return RoundCells(sheet, cells, min_row)


def pending_texts(t: Tournament, pairing: Pairing) -> dict[int, str]:
    """Each player's cell text for the round (start number -> ``5w``, ``3b``, ``BYE``, ``-``), for
    the players whose round holds nothing typed yet (:func:`~xl_tiebreak.pairing.next_round.pending_rounds`)."""
    return {no: format_cell(r) for no, r in pending_rounds(t, pairing).items()}


@dataclass
class Written:
    """What :func:`write_pairing` did: the cells written (A1 -> text), the file, its backup, and
    whether the values were recomputed (else why not)."""

    cells: dict[str, str] = field(default_factory=dict)
    output: Optional[Path] = None
    backup: Optional[Path] = None
    not_recomputed: str = ""


def write_pairing(path: "str | Path", t: Tournament, pairing: Pairing, out: "str | Path | None" = None, *,
                  overwrite: bool = False, accelerated: bool = False) -> Written:
    """Write ``pairing``'s pending games into the workbook ``path`` (read as ``t``): in place,
    keeping the version read as a backup, or to ``out``. Refuses before writing when a cell to
    write holds something else than empty or the same pairing. ``accelerated``: the Pairings
    sheet says the round was paired with Baku acceleration."""
    src = Path(path)
    target, in_place = update_target(src, out, overwrite=overwrite)
    book = open_book(src)  # (its size checked before it is read)
    data = book.data
    where = round_cells(book)
    cells = book.cells(where.sheet)
    edits: dict[str, Typed] = {}
    for no, text in pending_texts(t, pairing).items():
        at = where.cells.get((no, pairing.round))
        if at is None:
            raise InputError(f"the crosstable has no column for round {pairing.round} of player {no}", src.name)
        held = cells.get(at)
        if held is not None and str(held).strip():
            if _same(held, text):
                continue
            raise InputError(f"{where.sheet}!{at} holds {str(held)[:20]!r}; the pairing would write {text!r}: "
                             "nothing was written", src.name)
        edits[at] = Typed(text)
    report = Written({k: str(v) for k, v in edits.items()})
    new = _patched(data, where, edits, t, pairing, accelerated)
    new, report.not_recomputed = _recomputed(new)
    report.output, report.backup = write_update(src, data, new, target, in_place, overwrite=overwrite)
    return report


def _same(held: object, text: str) -> bool:
    """Does a cell already hold the pending game ``text`` (``5w``, ``5 W``, ...)?"""
    try:
        return format_cell(parse_cell(held)) == text
    except TiebreakError:  # not a cell of the notation: something else is there
        return False


def _patched(data: bytes, where: RoundCells, values: dict[str, Typed], t: Tournament, pairing: Pairing,
             accelerated: bool = False) -> bytes:
    """The workbook with ``values`` typed into the crosstable's sheet and the Pairings sheet of
    ``pairing`` (:mod:`.pairings_sheet`), every other part copied unchanged."""
    from .pairings_sheet import pairings_parts
    sheet = where.sheet
    changed, added = pairings_parts(data, t, pairing, sheet, where.header_row, accelerated)
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        part = {p.title: p.path for p in sheet_parts(src)}.get(sheet)
        if part is None:
            raise InputError(f"the sheet {sheet!r} has no XML part")
        xml = read_text(src, part)
    if values:
        new, n = patch_sheet_xml(xml, dict(values))
        if n != len(values):
            raise InputError(f"could only write {n} of {len(values)} cells of sheet {sheet!r}; nothing was written")
        changed[part] = new.encode("utf-8")
    copy = ZipCopy(data, set(changed))
    try:
        for name, body in changed.items():
            copy.put(name, body)
    except BaseException:
        copy.cancel()
        raise
    return copy.finish(added)


def _recomputed(data: bytes) -> tuple[bytes, str]:
    """The workbook's values recomputed (as ``recompute`` does), or as it is with the reason when
    they cannot be (a crosstable without our functions: nothing to compute)."""
    from ..recompute.cached_values import recompute_bytes
    try:
        return recompute_bytes(data)[0], ""
    except InputError as exc:
        return data, str(exc)
