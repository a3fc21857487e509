"""Hostile workbooks for tests/hostile/test_book_*.py: the committed Swiss template with its XML
parts edited (zipfile and text edits, never hand-made binaries).

``swiss_book(path, players=PLAYERS, ...)`` writes the template with a small event typed in its
Crosstable (rows 5..), then the edits asked for: ``workbook`` (a function over xl/workbook.xml),
``sheets`` (sheet part -> function over its XML), ``extra`` (parts added or replaced).
"""

from __future__ import annotations

import re
import zipfile
from pathlib import Path
from typing import Callable, Mapping, Optional, Sequence
from xml.sax.saxutils import escape

from .conftest import ROOT

TEMPLATE = ROOT / "workbook_templates" / "xl-tiebreak-swiss.xlsx"
CROSSTABLE = "xl/worksheets/sheet1.xml"
SETTINGS = "xl/worksheets/sheet3.xml"
WORKBOOK = "xl/workbook.xml"

# a 4-player, 3-round event whose results mirror (checked by hand)
PLAYERS: tuple[tuple, ...] = (
    (1, "Alpha One", "", 2100, "SWE", "2w1", "3b½", "4w1"),
    (2, "Bravo Two", "", 2000, "NOR", "1b0", "4w½", "3b1"),
    (3, "Charlie Three", "", 1900, "DEN", "4b1", "1w½", "2w0"),
    (4, "Delta Four", "", 1800, "FIN", "3w0", "2b½", "1b0"),
)
LATE = (5, "Echo Late", "", 1700, "ISL", "-", "-", "-")  # a late entrant, absent in rounds 1-3

Edit = Callable[[str], str]


def cell(coord: str, value: object) -> str:
    """One ``<c>``: a number, or text as an inline string."""
    if value is None or value == "":
        return ""
    if isinstance(value, (int, float)):
        return f'<c r="{coord}"><v>{value}</v></c>'
    return f'<c r="{coord}" t="inlineStr"><is><t>{escape(str(value))}</t></is></c>'


def row_xml(r: int, values: Sequence[object], first_col: str = "A") -> str:
    start = ord(first_col) - ord("A")
    return f'<row r="{r}">' + "".join(cell(f"{chr(65 + start + j)}{r}", v) for j, v in enumerate(values)) + "</row>"


def put_rows(xml: str, rows: Mapping[int, str]) -> str:
    """The sheet XML with the ``<row>`` of each number replaced (or added in order)."""
    if "<sheetData/>" in xml:
        xml = xml.replace("<sheetData/>", "<sheetData></sheetData>")
    start = xml.index("<sheetData>") + len("<sheetData>")
    end = xml.index("</sheetData>")
    found = {int(m.group(1)): m.group(0)
             for m in re.finditer(r'<row r="(\d+)"[^>]*?(?:/>|>.*?</row>)', xml[start:end], re.S)}
    found.update(rows)
    return xml[:start] + "".join(found[r] for r in sorted(found)) + xml[end:]


def name_range(area: str) -> Edit:
    """xl/workbook.xml with the Crosstable name set to ``area`` (``Crosstable!$A$4:$P$8``)."""
    return lambda xml: re.sub(r'(<definedName name="Crosstable">)[^<]*', lambda m: m.group(1) + area, xml)


def swiss_book(path: Path, players: Sequence[Sequence[object]] = PLAYERS, *,
               workbook: Optional[Edit] = None, sheets: Optional[Mapping[str, Edit]] = None,
               extra: Optional[Mapping[str, bytes]] = None, drop: Sequence[str] = ()) -> Path:
    rows = {5 + i: row_xml(5 + i, p) for i, p in enumerate(players)}
    edits: dict[str, Edit] = {CROSSTABLE: lambda xml: put_rows(xml, rows)}
    for part, fn in (sheets or {}).items():
        before = edits.get(part, lambda x: x)
        edits[part] = (lambda b, f: (lambda x: f(b(x))))(before, fn)
    if workbook is not None:
        edits[WORKBOOK] = workbook
    with zipfile.ZipFile(TEMPLATE) as src, zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            if info.filename in drop or info.filename in (extra or {}):
                continue
            body = src.read(info.filename)
            if info.filename in edits:
                body = edits[info.filename](body.decode("utf-8")).encode("utf-8")
            dst.writestr(info, body)
        for name, body in (extra or {}).items():
            dst.writestr(name, body)
    return path


def part(path: Path, name: str) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read(name).decode("utf-8")


def with_shared_strings(strings: Sequence[str]) -> dict[str, bytes]:
    """The parts that give the template a shared-string table (it has none): the table, its
    relationship and its content type."""
    with zipfile.ZipFile(TEMPLATE) as z:
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
        types = z.read("[Content_Types].xml").decode()
    sst = ('<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
           + "".join(f"<si><t>{escape(s)}</t></si>" for s in strings) + "</sst>")
    rels = rels.replace("</Relationships>", '<Relationship Id="rIdSst" Type="http://schemas.openxmlformats.org/'
                        'officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/></Relationships>')
    types = types.replace("</Types>", '<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                          'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
    return {"xl/sharedStrings.xml": sst.encode(), "xl/_rels/workbook.xml.rels": rels.encode(),
            "[Content_Types].xml": types.encode()}
