"""The ``Published`` sheet of a workbook made from another program's export (``workbook --from``):
the rank, points and tie-break columns as that program published them, and ``check BOOK.xlsx``
comparing them with the values the workbook's own results and Settings give (rule ``published``).

Layout (row 4 the header): ``Rk | No | Name | Pts. | TB1 | TB2 | ...``, one row per player in the
published order, then the export's legend lines. TB1 holds the first tie-break of the Settings
list, TB2 the second, and so on; columns past the list are not compared.
"""

from __future__ import annotations

from typing import Any, Optional

from ...errors import InputError
from ...imports.published import Published, PublishedValue, differences, read_number
from ...validation import Finding
from ..xlsx.a1 import column_letter

SHEET = "Published"
HEADER_ROW = 4
FIXED = ("Rk", "No", "Name", "Pts.")

__all__ = ["SHEET", "HEADER_ROW", "published_rows", "published_findings"]


def published_rows(published: Published, names: dict[int, str]) -> list[list[Any]]:
    """The sheet's table: the header, then a row per player in the published order (numbers as
    published, None where a cell was empty)."""
    def number(v: Optional[PublishedValue]) -> Any:
        return None if v is None else (int(v.value) if v.value.denominator == 1 else float(v.value))
    order = sorted(names, key=lambda no: (published.ranks.get(no, 10 ** 9), no))
    rows: list[list[Any]] = [[*FIXED, *published.columns]]
    for no in order:
        rows.append([published.ranks.get(no), no, names[no], number(published.points.get(no)),
                     *[number(v) for v in published.values.get(no, ())]])
    return rows


def _number(cells: dict[str, Any], ref: str) -> Optional[PublishedValue]:
    """The published number in cell ``ref``; anything else (a word, ``NaN``, a number too long or
    too large to be one) is refused by its cell."""
    try:
        return read_number(cells.get(ref))
    except ValueError as exc:  # a word, NaN, a number too large
        raise InputError(str(exc), f"{SHEET}!{ref}") from None


def _read(cells: dict[str, Any]) -> tuple[Published, dict[int, int]]:
    """The published values of the sheet's cells, and the row of each start number."""
    header: list[str] = []
    j = 1
    while isinstance(cells.get(f"{column_letter(j)}{HEADER_ROW}"), str) and j < 200:
        header.append(cells[f"{column_letter(j)}{HEADER_ROW}"].strip())
        j += 1
    if header[:4] != list(FIXED):
        return Published(), {}
    ranks: dict[int, int] = {}
    points: dict[int, Optional[PublishedValue]] = {}
    values: dict[int, tuple[Optional[PublishedValue], ...]] = {}
    row_of: dict[int, int] = {}
    r = HEADER_ROW + 1
    while r < HEADER_ROW + 100_001:
        no = cells.get(f"B{r}")
        if not isinstance(no, (int, float)) or isinstance(no, bool) or not float(no).is_integer():
            break
        n = int(no)
        rk = cells.get(f"A{r}")
        if isinstance(rk, (int, float)) and not isinstance(rk, bool) and float(rk).is_integer():
            ranks[n] = int(rk)
        points[n] = _number(cells, f"D{r}")
        values[n] = tuple(_number(cells, f"{column_letter(5 + k)}{r}") for k in range(len(header) - 4))
        row_of[n] = r
        r += 1
    return Published(tuple(header[4:]), ranks, points, values), row_of


def published_findings(book, t, settings) -> list[Finding]:
    """``published`` warnings: each published value of the workbook's Published sheet (a
    :class:`~.ranges.book_reader.Book`) that differs from ours; none when it has no such sheet."""
    title = book.sheet(SHEET)
    if title is None:
        return []
    try:
        published, row_of = _read(book.cells(title))
    except InputError as exc:
        raise InputError(str(exc), getattr(book, "name", "") or None) from None
    if not row_of:
        return []
    from ...engine import compute
    from ...standings import rank
    codes = list(settings.tiebreaks)
    result = compute(t, codes or None, edition=settings.edition or None, kind=settings.kind or None,
                     options=settings.options)
    ranks = {r.player.no: r.rank for r in rank(result)}
    nos = [p.no for p in t.players]
    found = differences(published, nos, [p.name for p in t.players], list(result.points),
                        [list(v) for v in result.values], list(result.codes), ranks)
    column = {"Pts.": "D", "Rk": "A"}
    out = []
    for d in found:
        head = d.what.split(" ")[0]
        col = column.get(head) or column_letter(5 + list(published.columns).index(head))
        out.append(Finding("warning", "published", f"{title}!{col}{row_of.get(d.no, HEADER_ROW)}",
                           f"player {d.no} ({d.name}): {d.what}: published {d.published}, ours {d.ours}"))
    return out

