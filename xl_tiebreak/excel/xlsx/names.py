"""A workbook's global defined names that point at a range (``Crosstable`` -> the sheet and area
it names), read from the workbook part's ``<definedNames>`` as openpyxl reads them.
"""

from __future__ import annotations

from typing import Any, Optional

from .formula_shift import OPERAND, pieces
from .parts import MAIN

_UNNAMED_GLOBALS = ("_xlnm.Print_Titles", "_xlnm.Print_Area", "_xlnm._FilterDatabase")


def global_names(root: Any) -> dict[str, tuple[Optional[str], str]]:
    """Defined names of the whole workbook that point at a range (``Crosstable`` ->
    (``"Crosstable"``, ``"$A$4:$P$404"``)); names of one sheet, names of constants or formulas,
    and names whose target cannot be read are left out."""
    by_name: dict[str, str] = {}
    for d in root.iterfind(f"{MAIN}definedNames/{MAIN}definedName"):
        name = d.get("name")
        if name is None or d.get("localSheetId") is not None or name in _UNNAMED_GLOBALS:
            continue
        by_name[name] = d.text or ""
    out: dict[str, tuple[Optional[str], str]] = {}
    for name, text in by_name.items():
        target = _destination(text)
        if target is not None:
            out[name] = target
    return out


def _destination(text: str) -> Optional[tuple[Optional[str], str]]:
    """(sheet, area) of a name's formula when it starts with a reference (``Sheet!$A$1:$B$2``,
    ``'My sheet'!A1``), else None. The sheet is as written between the quotes."""
    try:
        parts = pieces("=" + text)
    except ValueError:
        return None
    if not parts or parts[0][0] != OPERAND:
        return None
    first = parts[0][1]
    if first.startswith("#") or first in ("TRUE", "FALSE") or _is_number(first):
        return None
    return _sheet_area(first)


def _is_number(text: str) -> bool:
    try:
        float(text)
    except ValueError:
        return False
    return True


def _sheet_area(ref: str) -> Optional[tuple[Optional[str], str]]:
    """``'It''s'!$A$1:B2`` -> (``"It''s"``, ``"$A$1:B2"``): the sheet up to ``!`` and the longest
    A1-looking text after it; None without a ``!``."""
    if ref.startswith("'"):
        end = 1
        while True:
            end = ref.find("'", end)
            if end < 0:
                return None
            if ref.startswith("''", end):
                end += 2
                continue
            break
        if not ref.startswith("!", end + 1):
            return None
        return ref[1:end], _area_prefix(ref[end + 2:])
    sheet, bang, rest = ref.partition("!")
    if not bang or any(ch in sheet for ch in "'^ "):
        return None
    return sheet or None, _area_prefix(rest)


def _area_prefix(text: str) -> str:
    """The longest beginning of ``text`` shaped like ``$A$1:$B$2`` (every part optional)."""
    i = 0

    def skip(allowed: str, most: int) -> None:
        nonlocal i
        start = i
        while i < len(text) and i - start < most and text[i] in allowed:
            i += 1

    letters = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
    for half in (0, 1):
        if half:
            if not text.startswith(":", i):
                break
            i += 1
        skip("$", 1)
        skip(letters, 3)
        skip("$", 1)
        skip("0123456789", len(text))
    return text[:i]
