"""The ``Published`` sheet of a workbook made from another program's export (``workbook --from``;
read back by :mod:`..published_sheet`): what that program published, beside the workbook's own
values, for ``check`` to compare."""

from __future__ import annotations

from openpyxl.styles import Alignment, Font, PatternFill  # type: ignore[import-untyped]

from ...imports.chess_results import Imported
from ..ranges.published_sheet import HEADER_ROW, SHEET, published_rows
from .template import print_setup


def published_sheet(wb, imported: Imported, program: str, file: str) -> None:
    """Add the sheet (last) with the published rank, points and tie-break columns."""
    ws = wb.create_sheet(SHEET)
    ws["A1"] = "Published values"
    ws["A1"].font = Font(bold=True, size=14)
    ws["A2"] = (f"As {program} published them in {file}. TB1 is compared with the first tie-break of the Settings "
                "list, TB2 with the second, ...; xl-tiebreak check BOOK.xlsx lists where they differ from ours.")
    ws["A2"].font = Font(italic=True, color="555555")
    names = {p.no: p.name for p in imported.tournament.players}
    rows = published_rows(imported.published, names)
    last_col = chr(64 + min(max(len(rows[0]), 6), 26))
    ws["A2"].alignment = Alignment(wrap_text=True, vertical="top")
    ws.merge_cells(f"A2:{last_col}2")  # the note wraps inside the printed width
    ws.row_dimensions[2].height = 45
    for i, row in enumerate(rows):
        for j, v in enumerate(row, start=1):
            c = ws.cell(HEADER_ROW + i, j)
            if v is not None:
                c.value = v
                if isinstance(v, str):
                    c.data_type = "s"  # a name is text, never a formula
            if i == 0:
                c.font, c.fill = Font(bold=True), PatternFill("solid", fgColor="DDE6F0")
    for k, line in enumerate(imported.published.legend, start=HEADER_ROW + len(rows) + 1):
        ws.cell(k, 1, line).data_type = "s"
    ws.column_dimensions["C"].width = 30
    last = max(HEADER_ROW + len(rows) + len(imported.published.legend), HEADER_ROW)
    print_setup(ws, f"A1:{last_col}{last}", HEADER_ROW)
