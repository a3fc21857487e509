"""A1 notation without openpyxl: column letters <-> numbers, cell coordinates and range bounds.

Columns run from A (1) to ZZZ (18,278), as openpyxl accepts them; letters may be lower case.

>>> column_letter(28), column_number("ab"), split_cell("C7"), range_bounds("$B$2:D9")
('AB', 28, (3, 7), (2, 2, 4, 9))
"""

from __future__ import annotations

import re
from typing import Optional

MAX_COLUMN = 18278  # ZZZ

_ABC = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
#: the numbers of the columns A .. ZZ, for quick lookups
COLUMNS: dict[str, int] = {a: i for i, a in enumerate(_ABC, 1)}
COLUMNS.update((a + b, 26 * i + j) for i, a in enumerate(_ABC, 1) for j, b in enumerate(_ABC, 1))

_letters: dict[int, str] = {n: a for a, n in COLUMNS.items()}
_numbers: dict[str, int] = dict(COLUMNS)


def column_letter(n: int) -> str:
    """1 -> ``"A"``, 28 -> ``"AB"``; ValueError outside 1 .. 18,278."""
    got = _letters.get(n)
    if got is not None:
        return got
    if not isinstance(n, int) or not 1 <= n <= MAX_COLUMN:
        raise ValueError(f"Invalid column index {n}")
    text, rest = "", n
    while rest:
        rest, digit = divmod(rest - 1, 26)
        text = chr(65 + digit) + text
    _letters[n] = text
    _numbers[text] = n
    return text


def column_number(letters: str) -> int:
    """``"A"`` -> 1, ``"ab"`` -> 28; ValueError for anything that is not 1 to 3 letters."""
    got = _numbers.get(letters)
    if got is not None:
        return got
    up = letters.upper()
    if not 1 <= len(up) <= 3 or not all("A" <= ch <= "Z" for ch in up):
        raise ValueError(f"'{letters}' is not a valid column name. Column names are from A to ZZZ")
    n = 0
    for ch in up:
        n = n * 26 + ord(ch) - 64
    if up == letters:
        _numbers[letters] = n
    return n


_CELL = re.compile(r"([A-Z]+)(\d+)")


def split_cell(coord: str) -> tuple[int, int]:
    """``"B7"`` -> (column 2, row 7); upper-case letters and digits only (no ``$``), else
    ValueError."""
    letters = coord.rstrip("0123456789")
    col = _numbers.get(letters)
    if col is not None and len(letters) < len(coord):
        return col, int(coord[len(letters):])
    m = _CELL.fullmatch(coord)
    if not m:
        raise ValueError(f"not a cell: {coord}")
    return column_number(m.group(1)), int(m.group(2))


def cell_name(col: int, row: int) -> str:
    """(2, 7) -> ``"B7"``."""
    return f"{column_letter(col)}{row}"


_RANGE = re.compile(r"\$?([A-Za-z]{1,3})?\$?(\d+)?(:\$?([A-Za-z]{1,3})?\$?(\d+)?)?")


def range_bounds(area: str) -> tuple[Optional[int], Optional[int], Optional[int], Optional[int]]:
    """(min column, min row, max column, max row) of ``"A1:C9"`` (``$`` allowed); a single cell
    gives itself twice; a whole-column range (``"A:C"``) has None rows, a whole-row range None
    columns; corners given the other way round (``"C9:A1"``) are put in order, as Excel does.
    ValueError for anything else."""
    m = _RANGE.fullmatch(area)
    if not m:
        raise ValueError(f"{area} is not a valid coordinate or range")
    c1, r1, sep, c2, r2 = m.groups()
    if sep:
        both_cells = bool(c1 and r1 and c2 and r2)
        columns_only = bool(c1 and c2) and not (r1 or r2)
        rows_only = bool(r1 and r2) and not (c1 or c2)
        if not (both_cells or columns_only or rows_only):
            raise ValueError(f"{area} is not a valid coordinate or range")
    min_col = column_number(c1) if c1 is not None else None
    min_row = int(r1) if r1 is not None else None
    max_col = column_number(c2) if c2 is not None else min_col
    max_row = int(r2) if r2 is not None else min_row
    # Excel reads a range given corner to corner the other way round (Z9:A1) as A1:Z9
    if min_col is not None and max_col is not None and min_col > max_col:
        min_col, max_col = max_col, min_col
    if min_row is not None and max_row is not None and min_row > max_row:
        min_row, max_row = max_row, min_row
    return min_col, min_row, max_col, max_row


def block_bounds(area: str) -> tuple[int, int, int, int]:
    """:func:`range_bounds` of a block of cells (``"A1:C9"``, ``"B7"``): TypeError for a whole-column
    or whole-row range, ValueError for anything else that is not a block."""
    min_col, min_row, max_col, max_row = range_bounds(area)
    if min_col is None or min_row is None or max_col is None or max_row is None:
        raise TypeError(f"{area} is a whole-column or whole-row range, not a block of cells")
    return min_col, min_row, max_col, max_row


def area_name(row: int, col: int, rows: int, cols: int) -> str:
    """The A1 name of a block: ``"B2"`` for one cell, ``"B2:D9"`` otherwise."""
    first = f"{column_letter(col)}{row}"
    last = f"{column_letter(col + cols - 1)}{row + rows - 1}"
    return first if first == last else f"{first}:{last}"
