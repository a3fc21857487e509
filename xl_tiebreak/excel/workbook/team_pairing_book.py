"""A team round's pairing written into the team workbook's ``Matches`` table (``pair --write``):
one row per match, ``Rd``, ``Home``, ``Away``, the board results left to type; the PAB as the
template records one (``Away`` = ``BYE``). Home is the team whose board-1 player has the colour the
Settings give the home team on board 1 (TRF 352; White by default), so the pairing's colours
follow. Rows are written only into empty rows after the table's last row (the ``Matches`` name is
widened over them by the recompute that follows, as ``recompute`` does), surgically: every other
cell and part of the file is copied unchanged, in place with the version read kept as a backup, or
to another file. A round that has rows already is not written over.
"""

from __future__ import annotations

import io
import zipfile
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional

from ...errors import InputError
from ...pairing.model import Pairing, PairingError
from ...teams import ABSENT, BYE, TeamEvent
from ..ranges.book_reader import open_book
from ..ranges.team_book import named_range, read_team_book
from ..xlsx.a1 import column_letter
from ..xlsx.package import ZipCopy, read_text
from ..xlsx.parts import sheet_parts
from ..xlsx.patch import Typed, patch_sheet_xml
from ..xlsx.safe_write import atomic_write, replace_keeping_backup, update_target


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


def team_book_event(book: Any) -> tuple[TeamEvent, frozenset[int]]:
    """A team workbook's event to pair the next round from: its complete rounds, and the teams typed
    in the next round beforehand not to play it (a team bye ``F``/``H``/``Z``, ``-`` absent; C.04.2
    art. 3.2-3.3). Refused, naming the rows, when the next round has match rows already whose results
    are still to come: that round is paired, and the one after it waits for them."""
    from dataclasses import replace
    tables, _ = read_team_book(book)
    ev, k = tables.event, tables.complete + 1
    typed = {home for _i, rnd, home, _done in tables.rows if rnd == k}  # (a bye's row names its team as Home)
    started = [m for m in ev.matches if m.round == k and m.kind not in (BYE, ABSENT)]
    if started:
        open_rows = [i for i, rnd, _home, done in tables.rows if rnd == k and not done]
        where = ", ".join(f"row {i + 1}" for i in open_rows[:6]) + (" ..." if len(open_rows) > 6 else "")
        raise PairingError(f"round {k} is paired already and its results are not all in (the Matches table's "
                           f"{where or 'rows of round ' + str(k)}): type them, then pair round {k + 1}")
    absent = frozenset(m.team for m in ev.matches if m.round == k and m.kind in (BYE, ABSENT) and m.team in typed)
    return replace(ev, matches=tuple(m for m in ev.matches if m.round < k), pending_rounds=()), absent


def match_rows(book: Any, pairing: Pairing) -> list[tuple[int, int, "int | str"]]:
    """(round, home, away) of each match of ``pairing`` and of its PAB (away ``BYE``)."""
    tables, _ = read_team_book(book)
    white_home = tables.settings.home_colour(1) == "w"
    rows: list[tuple[int, int, "int | str"]] = [
        (pairing.round, p.white, p.black) if white_home else (pairing.round, p.black, p.white) for p in pairing.pairs]
    rows += [(pairing.round, u.no, "BYE") for u in pairing.byes if u.kind == "PAB"]
    return rows


def write_team_pairing(path: "str | Path", pairing: Pairing, out: "str | Path | None" = None, *,
                       overwrite: bool = False) -> TeamWritten:
    """Write ``pairing``'s matches into the team workbook ``path``: in place (a backup kept) or to
    ``out``. Refused, before anything is written, when the round has a row already."""
    src = Path(path)
    target, in_place = update_target(src, out, overwrite=overwrite)
    book = open_book(src)
    data = book.data
    sheet, c0, r0, rows = named_range(book, "Matches")
    head = {str(v).strip().casefold(): j for j, v in enumerate(rows[0]) if not _blank(v)} if rows else {}
    cols = [head.get(k) for k in ("rd", "home", "away")]
    if any(c is None for c in cols):
        raise InputError("the Matches table has no Rd, Home and Away columns in its header row", f"{src.name}: {sheet}")
    rd, home, away = (int(c) for c in cols if c is not None)
    paired = {str(t) for p in pairing.pairs for t in (p.white, p.black)} | {str(u.no) for u in pairing.byes
                                                                             if u.kind == "PAB"}
    for i, r in enumerate(rows[1:], 1):
        v = r[rd] if rd < len(r) else None
        teams = {_number_text(r[j]) for j in (home, away) if j < len(r)}
        if _number_text(v) == str(pairing.round) and teams & paired:
            raise InputError(f"round {pairing.round} has a match row already ({sheet}!{column_letter(c0 + rd)}{r0 + i}); "
                             "nothing was written", src.name)
    last = max((i for i, r in enumerate(rows) if any(not _blank(v) for v in r)), default=0)
    cells = book.cells(sheet)
    width = len(rows[0])
    edits: dict[str, Any] = {}
    row = r0 + last + 1
    for rnd, h, a in match_rows(book, pairing):
        while any(not _blank(cells.get(f"{column_letter(c0 + j)}{row}")) for j in range(width)):
            row += 1  # (a row with anything in it is not written into)
        edits[f"{column_letter(c0 + rd)}{row}"] = rnd
        edits[f"{column_letter(c0 + home)}{row}"] = h
        edits[f"{column_letter(c0 + away)}{row}"] = Typed(a) if isinstance(a, str) else a
        row += 1
    new = _patched(data, sheet, edits)
    from ..recompute.cached_values import recompute_bytes
    try:
        new = recompute_bytes(new)[0]
    except InputError:
        pass  # (a workbook without our functions: the rows are written, nothing to recompute)
    report = TeamWritten(len(edits) // 3)
    if in_place:
        replaced = replace_keeping_backup(src, data, new)
        report.output, report.backup = src, replaced.backup
    else:
        if src.read_bytes() != data:
            raise InputError("the file changed while the pairing was written; nothing was written", str(path))
        report.output = atomic_write(target, new, overwrite=overwrite)
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
