"""Workbooks <-> tournaments: read the Crosstable (errors name sheet and cell), and make a
workbook from a TRF by filling the template.

Reading never changes the user's file. A workbook made here is a new file, written atomically;
text from the TRF is written as text, never as a formula.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, Optional

from openpyxl import load_workbook
from openpyxl.utils import get_column_letter, range_boundaries

from ..editions import edition_for_date
from ..errors import InputError
from ..model import Tournament
from ..notation import format_cell
from ..trf import parse_date
from ..validation import Findings, strict
from .safe_write import atomic_write
from .zip_guard import MAX_WORKBOOK_BYTES, check_zip
from .sheet_table import rows_to_tournament
from ..options import Options, options_from_pairs
from .template import (
    EDITION_CELL,
    FIRST_ROW,
    HEADER_ROW,
    OPTION_NAMES,
    OPTIONS_HEAD_ROW,
    START_CELL,
    TB_FIRST_ROW,
    TB_SLOTS,
    TYPE_CELL,
    UNRATED_ROW,
    Layout,
    build,
    default_spec,
    to_bytes,
    with_values,
)

@dataclass(frozen=True)
class BookSettings:
    """What the Settings sheet says (empty strings where it is absent)."""

    edition: str = ""
    kind: str = ""
    tiebreaks: tuple[str, ...] = ()
    start_date: str = ""
    options: Optional[Options] = None  # the rating for unrated players and the open choices


def _settings_options(ws) -> Optional[Options]:
    """The Options of a Settings sheet (rating for unrated players, the block of open choices);
    None when the sheet has neither. Errors name the cell."""
    if str(ws.cell(UNRATED_ROW, 1).value or "").strip().lower() != "rating for unrated players":
        return None  # a workbook from before these settings
    pairs: list[tuple[str, object]] = []
    rating = ws.cell(UNRATED_ROW, 2).value
    if rating not in (None, ""):
        pairs.append(("unrated_rating", rating))
    for r in range(OPTIONS_HEAD_ROW + 1, OPTIONS_HEAD_ROW + 1 + len(OPTION_NAMES)):
        name = ws.cell(r, 1).value
        if name not in (None, "") and str(name).strip():
            pairs.append((str(name), ws.cell(r, 2).value))
    try:
        return options_from_pairs(pairs, where=f"Settings!A{UNRATED_ROW}:B{OPTIONS_HEAD_ROW + len(OPTION_NAMES)}")
    except ValueError as exc:
        raise InputError(str(exc)) from None


def open_book(path: "str | Path", data_only: bool = False):
    """Open a workbook with openpyxl for reading, with a clear error when it is not one."""
    p = Path(path)
    if not p.is_file():
        raise InputError("no such file", str(path))
    if p.stat().st_size > MAX_WORKBOOK_BYTES:
        raise InputError(f"the file is larger than {MAX_WORKBOOK_BYTES // 2**20} MiB", str(path))
    try:
        check_zip(p)
    except InputError as exc:
        raise InputError(exc.detail, p.name) from None
    try:
        return load_workbook(p, data_only=data_only)
    except Exception as exc:  # openpyxl raises many kinds on a damaged file
        raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})", p.name) from None


def crosstable_range(wb) -> tuple[Any, str]:
    """The worksheet and the range (``A4:P404``) of the ``Crosstable`` defined name, or of the
    used range of a sheet called Crosstable (else the first sheet) from its header row."""
    dn = wb.defined_names.get("Crosstable")
    if dn is not None:
        for title, ref in dn.destinations:
            if title in wb.sheetnames:
                return wb[title], ref.replace("$", "")
    ws = wb["Crosstable"] if "Crosstable" in wb.sheetnames else wb.worksheets[0]
    for row in ws.iter_rows(min_row=1, max_row=min(ws.max_row, 30)):
        texts = [str(c.value).strip().lower() for c in row if c.value is not None]
        if texts and texts[0] in ("no", "sno", "nr", "#") and len(texts) > 2:
            first = row[0].row
            return ws, f"A{first}:{get_column_letter(ws.max_column)}{ws.max_row}"
    raise InputError("no crosstable found: define the name Crosstable or put a header row "
                     "(No | Name | Rating | R1 ...) on a sheet called Crosstable", ws.title)


def read_settings(wb) -> BookSettings:
    if "Settings" not in wb.sheetnames:
        return BookSettings()
    ws = wb["Settings"]
    cell = lambda ref: ws[ref.split("!")[1].replace("$", "")].value  # noqa: E731
    tbs = [ws.cell(TB_FIRST_ROW + j, 2).value for j in range(TB_SLOTS)]
    start = cell(START_CELL)
    if hasattr(start, "date"):  # typed as a date in Excel
        start = start.date().isoformat() if hasattr(start, "hour") else start.isoformat()
    return BookSettings(str(cell(EDITION_CELL) or "").strip(), str(cell(TYPE_CELL) or "").strip(),
                        tuple(str(t).strip() for t in tbs if t is not None and str(t).strip()),
                        str(start or "").strip(), _settings_options(ws))


def read_workbook(path: "str | Path", findings: Optional[Findings] = None) -> tuple[Tournament, BookSettings]:
    """The tournament of a workbook's crosstable and its settings. Errors name sheet and cell;
    ``findings`` collects them instead (see :mod:`xl_tiebreak.validation`)."""
    fd = findings if findings is not None else strict()
    wb = open_book(path)
    ws, ref = crosstable_range(wb)
    min_col, min_row, max_col, max_row = range_boundaries(ref)
    table = [[c.value for c in row] for row in ws.iter_rows(min_row=min_row, max_row=max_row,
                                                             min_col=min_col, max_col=max_col)]
    settings = read_settings(wb)

    def cell_name(i: int, j: int) -> str:
        return f"{ws.title}!{get_column_letter(min_col + j)}{min_row + i}"

    title = ws["A1"].value if ws.title == "Crosstable" and isinstance(ws["A1"].value, str) else ""
    kind = settings.kind or None
    if kind not in (None, "swiss", "round-robin"):
        fd.add("layout", f"type {kind!r} is neither swiss nor round-robin", "Settings!B4")
        kind = None
    t = rows_to_tournament(table, cell_name=cell_name, kind=kind, name=title or "", findings=fd)
    if settings.start_date:
        iso = parse_date(settings.start_date)
        if iso is None:
            fd.add("layout", f"start date {settings.start_date!r} is not a date (write YYYY-MM-DD)",
                   "Settings!B5")
        else:
            t = replace(t, start_date=iso)
    return t, settings


def check_workbook(path: "str | Path") -> list:
    """The findings for a workbook's crosstable (see :mod:`xl_tiebreak.check`)."""
    from ..check import collect
    return collect(lambda fd: read_workbook(path, findings=fd))


def workbook_bytes(t: Tournament, *, tiebreaks: Optional[list[str]] = None,
                   edition: Optional[str] = None, cells: bool = False) -> bytes:
    """A workbook of the template filled with the event ``t``, its values computed."""
    return with_values(to_bytes(filled_workbook(t, tiebreaks=tiebreaks, edition=edition, cells=cells)[0]))


def filled_workbook(t: Tournament, *, tiebreaks: Optional[list[str]] = None, edition: Optional[str] = None,
                    cells: bool = False):
    """The template (an openpyxl Workbook) filled with the event ``t``, and its spec."""
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
    spec.edition = edition or edition_for_date(t.start_date).name
    spec.start_date = t.start_date or ""
    spec.title = t.name or ""
    spec.cells = cells
    wb = build(spec)
    ws = wb["Crosstable"]
    lay = Layout(spec)
    for i, p in enumerate(t.players):
        row = FIRST_ROW + i
        ws.cell(row, 1, p.no)
        _text(ws.cell(row, 2), p.name)
        _text(ws.cell(row, 3), p.title)
        if p.rating:
            ws.cell(row, 4, p.rating)
        _text(ws.cell(row, 5), p.fed)
        for r, rd in enumerate(p.rounds):
            _text(ws.cell(row, lay.first_round_col + r), format_cell(rd))
    return wb, spec


def _text(cell, value: str) -> None:
    """Write ``value`` as text, never as a formula (``=``, ``+``, ``-``, ``@`` stay text)."""
    if not value:
        return
    cell.value = value
    cell.data_type = "s"


def write_workbook(t: Tournament, out: "str | Path", *, tiebreaks: Optional[list[str]] = None,
                   edition: Optional[str] = None, overwrite: bool = False, cells: bool = False) -> Path:
    """Write the filled template to ``out`` atomically; refuses to replace a file unless asked."""
    return atomic_write(Path(out), workbook_bytes(t, tiebreaks=tiebreaks, edition=edition, cells=cells),
                        overwrite=overwrite)


__all__ = ["read_workbook", "write_workbook", "workbook_bytes", "BookSettings", "open_book",
           "crosstable_range", "HEADER_ROW"]
