"""A workbook made from a tournament (a TRF file) by filling the template: the 001 identity fields
in the crosstable's FIDE ID | Sex | Born | Club columns (when the file has any), the header records on
the Event sheet. (Workbooks are read by :mod:`..book_reader`.) A workbook made here is a new
file, written atomically; text from the TRF is written as text, never as a formula.
"""

from __future__ import annotations

from pathlib import Path
from typing import Optional

from ...errors import InputError
from ...model import Tournament
from ...notation import format_cell
from ..xlsx.safe_write import atomic_write
from .template import (
    FIRST_ROW,
    TemplateLayout,
    build,
    cell_text,
    default_spec,
    to_bytes,
    with_values,
)


def workbook_bytes(t: Tournament, *, tiebreaks: Optional[list[str]] = None,
                   edition: Optional[str] = None, cells: bool = False, trf_fields: bool = False) -> bytes:
    """A workbook of the template filled with the event ``t``, its values computed."""
    return with_values(to_bytes(filled_workbook(t, tiebreaks=tiebreaks, edition=edition, cells=cells,
                                                trf_fields=trf_fields)[0]))


def filled_workbook(t: Tournament, *, tiebreaks: Optional[list[str]] = None, edition: Optional[str] = None,
                    cells: bool = False, trf_fields: bool = False, prizes: bool = True, event: bool = True,
                    ratings: bool = True):
    """The template (an openpyxl Workbook) filled with the event ``t``, and its spec.

    ``trf_fields`` keeps what a TRF file says beyond the crosstable, for ``export-trf``: the
    FIDE ID | Sex | Born | Club columns after Fed (when a player has any of them; they shift the round
    columns, so the plain templates go without) and its header records on the Event sheet (else
    the template's Event sheet, to fill in).
    ``prizes``, ``event``: the Categories and Prizes sheets, the Event sheet (the teaching workbook
    goes without); ``ratings``: the rating figures beside the standings (the teaching workbook goes
    without)."""
    if not t.scoring.is_standard:
        s = t.scoring
        raise InputError(f"the event scores {s.win}/{s.draw}/{s.loss} (pairing bye {s.pab_points}); a workbook "
                         "holds 1/½/0 events only so far: use the TRF file with compute/standings")
    kind = t.kind or "swiss"
    spec = default_spec(kind)
    spec.players = max(len(t.players), 1)
    spec.rounds = max(t.rounds, 1)
    if tiebreaks:
        spec.tiebreaks = list(tiebreaks)
    elif t.tiebreaks:
        spec.tiebreaks = list(t.tiebreaks)
    spec.edition = edition or ""  # empty: the edition in force at the start date, as the TRF's
    spec.event_rounds = t.rounds
    spec.start_date = t.start_date or ""
    spec.title = t.name or ""
    spec.cells = cells
    spec.prizes = prizes
    spec.event = event
    spec.ratings = ratings
    spec.header = tuple(t.header) if trf_fields else None
    from ...rating_rules import rate_of_play_from
    spec.rate = rate_of_play_from(t.header) or ""  # record 222's time control: the Settings row Rate of play
    if trf_fields:  # records 260, 192, 152 in the pairing cells, so the workbook pairs as the file does
        from .trf_pairing import trf_pairing_cells
        spec.pairing = trf_pairing_cells(t)
    spec.identity = trf_fields and any(p.fide_id or p.sex or p.birth or p.club for p in t.players)
    wb = build(spec)
    ws = wb["Crosstable"]
    lay = TemplateLayout(spec)
    for i, p in enumerate(t.players):
        row = FIRST_ROW + i
        ws.cell(row, 1, p.no)
        _text(ws.cell(row, 2), p.name)
        _text(ws.cell(row, 3), p.title)
        if p.rating:
            ws.cell(row, 4, p.rating)
        _text(ws.cell(row, 5), p.fed)
        if spec.identity:  # FIDE ID | Sex | Born | Club, as text (a birth date stays YYYY/MM/DD)
            for j, value in enumerate((p.fide_id, p.sex, p.birth, p.club), start=6):
                _text(ws.cell(row, j), value)
        for r, rd in enumerate(p.rounds):
            _text(ws.cell(row, lay.first_round_col + r), format_cell(rd))
    return wb, spec


def _text(cell, value: str) -> None:
    """Write ``value`` as text, never as a formula (``=``, ``+``, ``-``, ``@`` stay text)."""
    if not value:
        return
    cell.value = cell_text(value)
    cell.data_type = "s"


def write_workbook(t: Tournament, out: "str | Path", *, tiebreaks: Optional[list[str]] = None,
                   edition: Optional[str] = None, overwrite: bool = False, cells: bool = False,
                   trf_fields: bool = False) -> Path:
    """Write the filled template to ``out`` atomically; refuses to replace a file unless asked.
    ``trf_fields``: see :func:`filled_workbook` (the ``workbook`` command sets it)."""
    return atomic_write(Path(out), workbook_bytes(t, tiebreaks=tiebreaks, edition=edition, cells=cells,
                                                  trf_fields=trf_fields), overwrite=overwrite)


__all__ = ["write_workbook", "workbook_bytes", "filled_workbook"]
