"""Typing into a workbook as a user does in a spreadsheet, for the workflow tests: cells set in the
sheet XML (text as inline strings, numbers as numbers) and the file saved, nothing recalculated,
so every formula keeps the value it had (as Excel without the add-in, or LibreOffice, leaves it).

This is test equipment, not the product: the product never re-saves a user's workbook.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from pathlib import Path
from typing import Any, Mapping, NamedTuple

from xl_tiebreak.excel.xlsx.a1 import column_letter, split_cell
from xl_tiebreak.excel.xlsx.parts import sheet_parts

_ROW = re.compile(r'<row\b[^>]*\br="(\d+)"[^>]*?(/>|>(.*?)</row>)', re.S)
_CELL = re.compile(r'<c\b[^>]*\br="([A-Z]+)(\d+)"[^>]*?(?:/>|>.*?</c>)', re.S)


class _Day(NamedTuple):
    """A date typed into a cell as Excel saves one: its serial number, in a date-formatted style."""

    serial: int
    style: int


def _date_style(styles: str) -> tuple[str, int]:
    """``styles.xml`` with a cell style showing a date (built-in format 14) added, and its index."""
    m = re.search(r'<cellXfs count="(\d+)"', styles)
    assert m, "styles.xml without cellXfs"
    n = int(m.group(1))
    end = styles.index("</cellXfs>")
    styles = (styles[:end] + '<xf numFmtId="14" fontId="0" fillId="0" borderId="0" applyNumberFormat="1"/>'
              + styles[end:])
    return styles.replace(m.group(0), f'<cellXfs count="{n + 1}"', 1), n


def _cell_xml(ref: str, value: Any, style: str) -> str:
    if isinstance(value, _Day):
        return f'<c r="{ref}" s="{value.style}"><v>{value.serial}</v></c>'
    if value is None or value == "":
        return f'<c r="{ref}"{style}/>'
    if isinstance(value, (int, float)) and not isinstance(value, bool):
        return f'<c r="{ref}"{style}><v>{value}</v></c>'
    text = str(value).replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    # as Excel writes them: control characters XML cannot hold (and CR, which XML would fold) as _xHHHH_
    text = re.sub("[\x00-\x08\x0b\x0c\x0d\x0e-\x1f]", lambda m: f"_x{ord(m.group()):04X}_", text)
    return f'<c r="{ref}"{style} t="inlineStr"><is><t xml:space="preserve">{text}</t></is></c>'


def _set(xml: str, coord: str, value: Any) -> str:
    col, row = split_cell(coord)
    letters = column_letter(col)
    rows = {int(m.group(1)): m for m in _ROW.finditer(xml)}
    if row not in rows:
        new_row = f'<row r="{row}">{_cell_xml(coord, value, "")}</row>'
        later = [r for r in rows if r > row]
        if later:
            at = rows[min(later)].start()
        else:
            at = xml.index("</sheetData>") if "</sheetData>" in xml else None
            if at is None:
                xml = xml.replace("<sheetData/>", "<sheetData></sheetData>")
                at = xml.index("</sheetData>")
        return xml[:at] + new_row + xml[at:]
    m = rows[row]
    body = m.group(3) or ""
    cells = list(_CELL.finditer(body))
    for c in cells:
        if c.group(1) == letters:
            style = re.search(r'\ss="\d+"', c.group(0))
            new = _cell_xml(coord, value, style.group(0) if style else "")
            body = body[:c.start()] + new + body[c.end():]
            break
    else:
        after = [c for c in cells if (len(c.group(1)), c.group(1)) > (len(letters), letters)]
        at = after[0].start() if after else len(body)
        body = body[:at] + _cell_xml(coord, value, "") + body[at:]
    head = m.group(0)[:m.group(0).index(">") + 1] if m.group(2) != "/>" else m.group(0)[:-2] + ">"
    return xml[:m.start()] + head + body + "</row>" + xml[m.end():]


def type_cells(book: Path, values: Mapping[str, Any]) -> None:
    """Set ``{"Sheet!A1": value}`` in ``book`` and save it (empty text or None empties a cell; a
    ``datetime.date`` is typed as a date cell, its serial number in a date format)."""
    by_sheet: dict[str, dict[str, Any]] = {}
    for ref, v in values.items():
        sheet, coord = ref.rsplit("!", 1)
        by_sheet.setdefault(sheet, {})[coord] = v
    data = Path(book).read_bytes()
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        paths = {p.title: p.path for p in sheet_parts(z)}
        parts = {info.filename: z.read(info.filename) for info in z.infolist()}
        infos = z.infolist()
    if any(isinstance(v, dt.date) for v in values.values()):
        styles, style = _date_style(parts["xl/styles.xml"].decode("utf-8"))
        parts["xl/styles.xml"] = styles.encode("utf-8")
        for cells in by_sheet.values():
            for coord, v in cells.items():
                if isinstance(v, dt.date):
                    cells[coord] = _Day((v - dt.date(1899, 12, 30)).days, style)
    for sheet, cells in by_sheet.items():
        xml = parts[paths[sheet]].decode("utf-8")
        for coord, v in cells.items():
            xml = _set(xml, coord, v)
        xml = re.sub(r'<dimension ref="[^"]*"/>', "", xml)  # Excel rewrites it; a stale one is worse
        parts[paths[sheet]] = xml.encode("utf-8")
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info in infos:
            z.writestr(info, parts[info.filename])
    Path(book).write_bytes(out.getvalue())


def read_sheet(book: Path, sheet: str) -> dict[str, Any]:
    """The values a viewer shows on a sheet (the cached values of formulas), ``{"A1": value}``
    (read with openpyxl, as a test's independent reader)."""
    from openpyxl import load_workbook
    ws = load_workbook(book, data_only=True)[sheet]
    return {c.coordinate: c.value for row in ws.iter_rows() for c in row if c.value is not None}


def find_header(cells: Mapping[str, Any], text: str) -> tuple[int, int]:
    """(column, row) of the first cell whose value is ``text`` (row-major)."""
    hits = sorted((split_cell(k)[1], split_cell(k)[0]) for k, v in cells.items() if v == text)
    if not hits:
        raise KeyError(text)
    row, col = hits[0]
    return col, row


#: the Event sheet's fields of the FIDE rating report, filled in (a fixture that leaves check nothing to say)
EVENT_FIELDS = {"City": "Hastings", "Federation": "ENG", "End date": "2026-05-22", "Chief arbiter": "Ann Arbiter",
                "Deputy arbiters": "Bob Deputy", "Time control": "90 min + 30 s per move", "Round dates": "2026-04-01"}


def event_cells(book: Path) -> dict[str, str]:
    """``{"Event!B<row>": value}`` for :data:`EVENT_FIELDS`, each row found by its label."""
    rows = {v: k[1:] for k, v in read_sheet(book, "Event").items() if k[0] == "A"}
    return {f"Event!B{rows[label]}": value for label, value in EVENT_FIELDS.items()}


def club_cells(players: int, rounds: int = 5) -> dict[str, Any]:
    """What a club types into a template before round 1: the start date, the number of rounds and
    players 1..``players`` named ``Player k``, rated 2100 - 10k (as ``tests.test_pair_command.players_trf``
    writes them), in the template's Crosstable (header row 4: No | Name | Title | Rating)."""
    cells: dict[str, Any] = {"Settings!B5": "2026-04-10", "Settings!B13": rounds}
    for no in range(1, players + 1):
        cells.update({f"Crosstable!A{4 + no}": no, f"Crosstable!B{4 + no}": f"Player {no}",
                      f"Crosstable!D{4 + no}": 2100 - 10 * no})
    return cells
