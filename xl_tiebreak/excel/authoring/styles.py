"""The house style every generated sheet shares (fonts, fills, the grid), defined once so the
individual, prize and team templates look alike."""

from __future__ import annotations

from openpyxl.styles import Border, Font, PatternFill, Side  # type: ignore[import-untyped]

BOLD = Font(bold=True)
NOTE = Font(italic=True, color="555555")  # the grey explanation under a title
STATUS = Font(bold=True, color="7A3E00")  # the status line
HEAD_FILL = PatternFill("solid", fgColor="DDE6F0")  # a table's header row
HEAD_COND_FILL = PatternFill("solid", start_color="DDE6F0", end_color="DDE6F0")  # the same, as a conditional fill (bgColor)
INPUT_FILL = PatternFill("solid", fgColor="FFFBEA")  # the cells the user types in
THIN = Side(style="thin", color="B0B0B0")
GRID = Border(left=THIN, right=THIN, top=THIN, bottom=THIN)
