"""A workbook as openpyxl reads it (read-only mode, every cell present whatever the sheet's
stale <dimension> says), in the shape of the package's own reader: openpyxl is the independent
reader the package's reader (xl_tiebreak/excel/xlsx/sheet.py) is compared with in
test_xlsx_reader.py. Used by the tests only."""

from __future__ import annotations

import io
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils.cell import get_column_letter

from xl_tiebreak.excel.recompute.formula import Ref, split_fallback


def read_with_openpyxl(data: bytes) -> dict[str, Any]:
    """What openpyxl reads from ``data``: the constants of each sheet, the formulas in reading
    order, array ranges, defined names, skipped sheets (hidden stores)."""
    cells: dict[str, dict[str, Any]] = {}
    formulas: list[tuple[str, str, str]] = []
    array_ref: dict[tuple[str, str], str] = {}
    names: dict[str, Ref] = {}
    skipped: set[str] = set()
    wb = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
    stores: set[str] = set()
    for ws in wb.worksheets:
        got: dict[str, Any] = {}
        if ws.title in stores and ws.sheet_state != "visible":
            cells[ws.title] = got
            skipped.add(ws.title)
            continue
        ws.reset_dimensions()  # every cell present, whatever <dimension> says (as our reader)
        for row in ws.iter_rows():
            for c in row:
                v = getattr(c, "value", None)
                if v is None:
                    continue
                coord = f"{get_column_letter(c.column)}{c.row}"
                if getattr(c, "data_type", "") == "f":
                    text = v if isinstance(v, str) else str(getattr(v, "text", v))
                    formulas.append((ws.title, coord, text))
                    fallback = split_fallback(text)[1] if "IFERROR" in text.upper() else None
                    if isinstance(fallback, Ref) and fallback.sheet and fallback.sheet != ws.title:
                        stores.add(fallback.sheet)
                    ref = getattr(v, "ref", None)
                    if ref:
                        array_ref[(ws.title, coord)] = str(ref).replace("$", "").upper()
                else:
                    got[coord] = v
        cells[ws.title] = got
    for name, dn in wb.defined_names.items():
        dest = list(dn.destinations)
        if dest:
            names[name.upper()] = Ref(dest[0][0], dest[0][1].replace("$", "").upper())
    wb.close()
    return {"cells": cells, "formulas": formulas, "array_ref": array_ref, "names": names,
            "skipped": skipped}
