"""The printable Pairings sheet: the round last paired, one row per board (board, White and Black
with start number, name and rating, an empty Result column for the notice board or the arbiter's
pen), then the players not paired and why (what was typed: a half-point bye, a withdrawal; the
PAB with its points).

The sheet is the ``pair`` command's own: it is added to the workbook (its part, its relationship,
its entry in the workbook's sheet list and its content type; every other part unchanged) the
first time, and written anew for each round paired. A sheet called Pairings that the command did
not write (its A2 does not say so) is the user's: the write is refused rather than replacing it.
Its header and title reuse the crosstable's cell styles, so the page looks like the workbook's
others; it prints on one page wide, with the templates' footer.
"""

from __future__ import annotations

import re
import zipfile
from typing import Optional

from ...errors import InputError
from ...model import Tournament
from ...pairing.model import Pairing
from ...pairing.systems import system_words, unpaired_words
from ..xlsx.a1 import column_letter
from ..xlsx.package import read_text
from ..xlsx.parts import sheet_parts, workbook_part
from ..xlsx.patch import escape

TITLE = "Pairings"
#: A2 of the sheet: marks it as the command's own (it is replaced only then)
MARK = "Written by xl-tiebreak pair"
_WORKSHEET = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet"
_SHEET_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"
_WIDTHS = (7, 6, 28, 7, 6, 28, 7, 10)
_HEAD = ("Board", "No", "White", "Rating", "No", "Black", "Rating", "Result")


def _cell(ref: str, value: object, style: Optional[str]) -> str:
    s = f' s="{style}"' if style else ""
    if isinstance(value, int):
        return f'<c r="{ref}"{s}><v>{value}</v></c>'
    return f'<c r="{ref}"{s} t="inlineStr"><is><t xml:space="preserve">{escape(str(value))}</t></is></c>'


Styles = tuple[Optional[str], Optional[str], Optional[str], Optional[str]]
#: a cell's look, an index into :data:`Styles` (title, header, number, name) or None (plain)
Look = Optional[int]
TITLE_LOOK, HEAD_LOOK, NUMBER_LOOK, NAME_LOOK = 0, 1, 2, 3


def sheet_rows(t: Tournament, pairing: Pairing, accelerated: bool = False) -> list[list[tuple[object, Look]]]:
    """The sheet's cells from A1, row by row, each a value and its look: title, the mark (the
    system, and Baku acceleration when ``accelerated``, C.04.7), the header row, a row per board,
    the players not paired. ``pair --write`` writes them as XML
    (:func:`sheet_xml`), the action ``PAIR_NEXT_ROUND`` through the runtime (:func:`sheet_values`)."""
    who = {p.no: p for p in t.players}
    title, head, num, text = TITLE_LOOK, HEAD_LOOK, NUMBER_LOOK, NAME_LOOK
    rows: list[list[tuple[object, Look]]] = [
        [(f"{t.name + ' - ' if t.name else ''}Round {pairing.round}", title)],
        [(f"{MARK} ({system_words(pairing.system)}{'; Baku acceleration, C.04.7' if accelerated else ''}); "
          "type the results in the crosstable", None)],
        [],
        [(h, head) for h in _HEAD],
    ]
    for b in pairing.pairs:
        w, k = who[b.white], who[b.black]
        rows.append([(b.board, num), (w.no, num), (w.name, text), (w.rating or "", num), (k.no, num),
                     (k.name, text), (k.rating or "", num), ("", text)])
    if pairing.byes:
        rows += [[], [("Not paired:", None)]]
        for u in pairing.byes:
            rows.append([("", None), (u.no, None), (who[u.no].name, None), ("", None), ("", None),
                         (unpaired_words(t, pairing.round, u), None)])
    return rows


def sheet_values(t: Tournament, pairing: Pairing, accelerated: bool = False) -> list[list[object]]:
    """The sheet's values from A1 as a rectangle of :data:`_HEAD`'s width (``""`` where empty), for
    a runtime to write in one go."""
    return [[v for v, _ in row] + [""] * (len(_HEAD) - len(row)) for row in sheet_rows(t, pairing, accelerated)]


def not_ours(title: str) -> InputError:
    """The refusal to replace a sheet called Pairings that the command did not write."""
    return InputError(f"the workbook has a sheet called {title!r} that xl-tiebreak did not write: rename it, "
                      "and pair again to get the printable Pairings sheet; nothing was written")


def sheet_xml(t: Tournament, pairing: Pairing, styles: Styles = (None, None, None, None),
              accelerated: bool = False) -> str:
    """The sheet's XML (:func:`sheet_rows`); ``styles``: the cell styles of the title, the header,
    a number and a name (the crosstable's)."""
    rows = [[(v, None if look is None else styles[look]) for v, look in row]
            for row in sheet_rows(t, pairing, accelerated)]
    body = []
    for i, row in enumerate(rows, 1):
        cells = "".join(_cell(f"{column_letter(j)}{i}", v, s) for j, (v, s) in enumerate(row, 1) if v != "" or s)
        body.append(f'<row r="{i}">{cells}</row>' if cells else f'<row r="{i}"/>')
    cols = "".join(f'<col min="{j}" max="{j}" width="{w}" customWidth="1"/>' for j, w in enumerate(_WIDTHS, 1))
    return ('<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
            '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
            'xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
            '<sheetPr><pageSetUpPr fitToPage="1"/></sheetPr>'
            f'<dimension ref="A1:H{len(rows)}"/><sheetViews><sheetView workbookViewId="0"/></sheetViews>'
            f'<sheetFormatPr defaultRowHeight="15"/><cols>{cols}</cols><sheetData>{"".join(body)}</sheetData>'
            '<pageMargins left="0.5" right="0.5" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>'
            '<pageSetup orientation="portrait" paperSize="9" fitToHeight="0" fitToWidth="1"/>'
            '<headerFooter><oddFooter>&amp;C&amp;A - page &amp;P of &amp;N</oddFooter></headerFooter>'
            '</worksheet>')


def _styles(src: zipfile.ZipFile, crosstable_part: str, header_row: int) -> Styles:
    """The crosstable's title (A1), header, number (No) and name cell styles, for the sheet to
    look like it."""
    xml = read_text(src, crosstable_part)

    def style(ref: str) -> Optional[str]:
        m = re.search(rf'<c r="{ref}"[^>]*?\ss="(\d+)"', xml)
        return m.group(1) if m else None
    return style("A1"), style(f"A{header_row}"), style(f"A{header_row + 1}"), style(f"B{header_row + 1}")


def pairings_parts(data: bytes, t: Tournament, pairing: Pairing, crosstable: str,
                   header_row: int, accelerated: bool = False) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """The parts to replace and to add so that the workbook ``data`` has the Pairings sheet of
    ``pairing`` (``crosstable``: the crosstable's sheet, whose styles it borrows)."""
    import io
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        sheets = {p.title: p.path for p in sheet_parts(src)}
        styles = _styles(src, sheets[crosstable], header_row) if crosstable in sheets else (None,) * 4
        body = sheet_xml(t, pairing, styles, accelerated).encode("utf-8")
        mine = next((title for title in sheets if title.casefold() == TITLE.casefold()), None)
        if mine is not None:
            if MARK not in read_text(src, sheets[mine]):
                raise not_ours(mine)
            return {sheets[mine]: body}, {}
        return _added(src, body)


def _added(src: zipfile.ZipFile, body: bytes) -> tuple[dict[str, bytes], dict[str, bytes]]:
    """A new sheet part, with its relationship, its place at the end of the workbook's sheets and
    its content type."""
    names = set(src.namelist())
    n = 1
    while f"xl/worksheets/sheet{n}.xml" in names:
        n += 1
    part = f"xl/worksheets/sheet{n}.xml"
    wb = workbook_part(src)
    folder, name = wb.rsplit("/", 1) if "/" in wb else ("", wb)
    rels_path = f"{folder}/_rels/{name}.rels" if folder else f"_rels/{name}.rels"
    rels = read_text(src, rels_path)
    k = 1
    while f'Id="rIdXltbPairings{k}"' in rels:
        k += 1
    rid = f"rIdXltbPairings{k}"
    rels = rels.replace("</Relationships>", f'<Relationship Id="{rid}" Type="{_WORKSHEET}" '
                                            f'Target="/{part}"/></Relationships>')
    wb_xml = read_text(src, wb)
    ids = [int(x) for x in re.findall(r'<(?:\w+:)?sheet\b[^>]*\bsheetId="(\d+)"', wb_xml)]
    r_prefix = re.search(r'xmlns:(\w+)="http://schemas.openxmlformats.org/officeDocument/2006/relationships"', wb_xml)
    if r_prefix is None or "</sheets>" not in wb_xml:
        raise InputError("the workbook's sheet list cannot be extended (xl/workbook.xml); nothing was written")
    entry = f'<sheet name="{TITLE}" sheetId="{max(ids, default=0) + 1}" {r_prefix.group(1)}:id="{rid}"/>'
    wb_xml = wb_xml.replace("</sheets>", entry + "</sheets>", 1)
    types = read_text(src, "[Content_Types].xml")
    types = types.replace("</Types>", f'<Override PartName="/{part}" ContentType="{_SHEET_TYPE}"/></Types>')
    return ({wb: wb_xml.encode("utf-8"), rels_path: rels.encode("utf-8"),
             "[Content_Types].xml": types.encode("utf-8")}, {part: body})
