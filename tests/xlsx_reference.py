"""The recompute's former workbook reading, through openpyxl's read-only mode: the reference the
direct reader (xl_tiebreak/excel/xlsx_reader.py) is compared with in test_xlsx_reader.py, as
trf_reference.py is for the TRF reader. Kept as it was; used by the tests only."""

from __future__ import annotations

import io
from typing import Any

from openpyxl import load_workbook
from openpyxl.utils.cell import get_column_letter

from xl_tiebreak.excel.formula import Ref, split_fallback


def read_like_before(data: bytes) -> dict[str, Any]:
    """What the recompute's ``_Book`` read from ``data`` before the direct reader: the constants
    of each sheet, the formulas in reading order, array ranges, defined names, skipped sheets."""
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
