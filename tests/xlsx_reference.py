"""The recompute's former workbook reading, through openpyxl's read-only mode: the reference the
direct reader (xl_tiebreak/excel/xlsx/sheet.py) is compared with in test_xlsx_reader.py, as
trf_reference.py is for the TRF reader. Kept as it was (but for reading every cell present, whatever
the sheet's stale <dimension> says, as the reader now does); used by the tests only."""

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
        ws.reset_dimensions()  # every cell present, whatever <dimension> says (as the reader now)
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


# ---------------------------------------------------------------- the recompute's former edits

CLEARED = "<cleared>"  # the former CLEAR, spelled out for comparisons


def edits_like_before(book) -> tuple[dict[str, tuple[dict[str, Any], dict[str, str]]], dict, dict]:
    """The cells the former recompute set, sheet by sheet (values with CLEARED, array refs),
    its errors and its skipped cells, for a ``_Book`` (the loop of the former recompute_bytes
    and _fill_fallback, kept as they were)."""
    from openpyxl.utils import range_boundaries

    from xl_tiebreak.errors import TiebreakError
    from xl_tiebreak.excel.formula import Unsupported, uses_our_functions
    from xl_tiebreak.excel.recompute import _table, _without_function

    def cells_of(area):
        min_col, min_row, max_col, max_row = range_boundaries(area)
        return [(r, c) for r in range(min_row, max_row + 1) for c in range(min_col, max_col + 1)]

    def inside(area, row, col):
        min_col, min_row, max_col, max_row = range_boundaries(area)
        return min_row <= row <= max_row and min_col <= col <= max_col

    def put(values, coord, v):
        values[coord] = CLEARED if v is None or (isinstance(v, str) and not v.strip()) else v

    edits: dict[str, tuple[dict[str, Any], dict[str, str]]] = {}
    errors: dict[str, str] = {}
    skipped: dict[str, str] = {}
    for sheet, coord, text in book.formulas:
        if not uses_our_functions(text):
            continue
        where = f"{sheet}!{coord}"
        values, arrays = edits.setdefault(sheet, ({}, {}))
        inner, fallback = split_fallback(text)
        old = book.array_ref.get((sheet, coord))
        try:
            v = book.value(sheet, coord)
        except Unsupported as exc:
            skipped[where] = str(exc)
            continue
        except TiebreakError as exc:
            errors[where] = book.cells_named(sheet, text, _without_function(str(exc)))
            if isinstance(fallback, Ref):  # issue 20 item 5: the table shows the error, not old figures
                v = [["#ERROR: " + errors[where]]]
            else:
                v = "#VALUE!" if fallback is None else fallback
        except Exception as exc:
            errors[where] = f"internal error ({type(exc).__name__}: {exc}); please report it"
            if isinstance(fallback, Ref):  # issue 20 item 5: the table shows the error, not old figures
                v = [["#ERROR: " + errors[where]]]
            else:
                v = "#VALUE!" if fallback is None else fallback
        table = _table(v)
        if table is None:
            if isinstance(v, (list, tuple)):
                v = ""
            values[coord] = v
            if old is not None:
                for r, c in cells_of(old)[1:]:
                    values.setdefault(f"{get_column_letter(c)}{r}", CLEARED)
                arrays[coord] = coord
            if isinstance(fallback, Ref):  # a one-cell store (the status line's, since issue 20 item 6)
                svalues, _ = edits.setdefault(fallback.sheet or sheet, ({}, {}))
                put(svalues, fallback.area.replace("$", ""), v)
            continue
        col, row = range_boundaries(coord)[:2]
        first = f"{get_column_letter(col)}{row}"
        last = f"{get_column_letter(col + len(table[0]) - 1)}{row + len(table) - 1}"
        area = first if first == last else f"{first}:{last}"
        blocked = [f"{get_column_letter(c)}{r}" for r, c in cells_of(area)[1:]
                   if (old is None or not inside(old, r, c)) and book.occupied(sheet, f"{get_column_letter(c)}{r}")]
        if blocked:
            errors[where] = (f"the table needs {sheet}!{area}, but {sheet}!{blocked[0]} is not empty; "
                             "clear it (Excel shows #SPILL!)")
            continue
        if old is not None:
            for r, c in cells_of(old):
                values[f"{get_column_letter(c)}{r}"] = CLEARED
        for i, line in enumerate(table):
            for j, x in enumerate(line):
                put(values, f"{get_column_letter(col + j)}{row + i}", x)
        values[coord] = table[0][0]
        arrays[coord] = area
        if isinstance(fallback, Ref):
            store = fallback.sheet or sheet
            if store not in book.cells:
                errors[where] = f"the range of stored values {store}!{fallback.area} is on no sheet"
                continue
            min_col, min_row, max_col, max_row = range_boundaries(fallback.area)
            if len(table) > max_row - min_row + 1 or len(table[0]) > max_col - min_col + 1:
                errors[where] = (f"the table is larger than its range of stored values {store}!{fallback.area}; "
                                 "LibreOffice will show only part of it")
            svalues, _ = edits.setdefault(store, ({}, {}))
            for r in range(min_row, max_row + 1):
                for c in range(min_col, max_col + 1):
                    i, j = r - min_row, c - min_col
                    name = f"{get_column_letter(c)}{r}"
                    if i < len(table) and j < len(table[0]):
                        put(svalues, name, table[i][j])
                    elif store in book.skipped_sheets or name in book.cells.get(store, {}):
                        svalues[name] = CLEARED
            if where in errors and str(table[0][0]).startswith("#ERROR: "):  # issue 20 item 5: not 0s
                svalues.update((k, "") for k, v in list(svalues.items())
                               if v is CLEARED and _inside(fallback.area, k) and k != fallback.area.replace("$", "").split(":")[0])
    return edits, errors, skipped


def _inside(area: str, coord: str) -> bool:
    from openpyxl.utils import range_boundaries
    from openpyxl.utils.cell import coordinate_from_string, column_index_from_string
    min_col, min_row, max_col, max_row = range_boundaries(area)
    letters, row = coordinate_from_string(coord)
    return min_row <= row <= max_row and min_col <= column_index_from_string(letters) <= max_col
