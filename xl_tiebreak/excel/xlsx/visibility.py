"""What a viewer shows of a workbook, changed surgically in its XML: one sheet left visible (the
others hidden), rows of a sheet hidden. Used on a temporary copy, to print one sheet alone
(:mod:`..printing`); a user's workbook is never changed.

LibreOffice prints every visible sheet of a workbook, and of a sheet only the rows that are not
hidden; both are what a ``<sheet state="hidden">`` and a ``<row hidden="1">`` say, which every
spreadsheet reads. Every other byte of the parts stays as it was.
"""

from __future__ import annotations

import re
from typing import Iterable

from ...errors import InputError

_SHEETS = re.compile(r"<(?:\w+:)?sheets\b[^>]*>(.*?)</(?:\w+:)?sheets>", re.S)
_SHEET = re.compile(r"<((?:\w+:)?)sheet\b([^>]*?)\s*(/?)>")
_NAME = re.compile(r'\sname\s*=\s*(["\'])(.*?)\1', re.S)
_STATE = re.compile(r'\sstate\s*=\s*(["\'])[^"\']*\1')
_VIEW = re.compile(r"<(?:\w+:)?workbookView\b[^>]*?/?>")
_TAB = re.compile(r'\s(activeTab|firstSheet)\s*=\s*(["\'])[^"\']*\2')
_ROW = re.compile(r"<((?:\w+:)?)row\b([^>]*?)(/?)>")
_R = re.compile(r'\sr\s*=\s*["\'](\d+)["\']')
_HIDDEN = re.compile(r'\shidden\s*=\s*(["\'])[^"\']*\1')
_PAGE_NAME = re.compile(r'<((?:\w+:)?definedName\b[^>]*\sname\s*=\s*["\']_xlnm\.Print_(?:Area|Titles)["\'][^>]*)>'
                        r'[^<]*</(?:\w+:)?definedName>')
_LOCAL = re.compile(r'\slocalSheetId\s*=\s*(["\'])(\d+)\1')
_SHEET_DATA = re.compile(r"<((?:\w+:)?)sheetData\b[^>]*?(/?)>")
_REFERENCE = re.compile(r"&(?:#(\d{1,7})|#x([0-9A-Fa-f]{1,6})|(amp|lt|gt|quot|apos));")
_ENTITIES = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}


def _decoded(text: str) -> str:
    """An attribute's text as an XML parser reads it: the five entities and the character
    references (``&#97;``, ``&#x61;``) decoded."""
    def one(m: "re.Match[str]") -> str:
        if m.group(3):
            return _ENTITIES[m.group(3)]
        code = int(m.group(1)) if m.group(1) else int(m.group(2), 16)
        return chr(code) if code <= 0x10FFFF else m.group(0)
    return _REFERENCE.sub(one, text)


def sheet_names(workbook_xml: str) -> list[str]:
    """The names of the workbook part's ``<sheet>`` elements (worksheets and chart sheets), in
    order, as an XML parser (the one workbook reader) reads them: ``St&#97;ndings`` is Standings."""
    found = _SHEETS.search(workbook_xml)
    if not found:
        return []
    out = []
    for m in _SHEET.finditer(found.group(1)):
        name = _NAME.search(m.group(2))
        out.append(_decoded(name.group(2)) if name else "")
    return out


def show_only(workbook_xml: str, title: str) -> str:
    """The workbook part with the sheet ``title`` visible and active, every other sheet hidden and
    without its print area and print titles (LibreOffice prints a hidden sheet that has a print
    range)."""
    found = _SHEETS.search(workbook_xml)
    names = sheet_names(workbook_xml)
    if found is None or title not in names:
        raise InputError(f"the workbook part lists no sheet {title!r} that can be shown alone (its sheets: "
                         f"{', '.join(names) or 'none'})")
    at = names.index(title)

    seen = iter(range(len(names)))

    def state(m: re.Match) -> str:
        hidden = "" if next(seen) == at else ' state="hidden"'
        return f"<{m.group(1)}sheet{_STATE.sub('', m.group(2))}{hidden}{m.group(3)}>"

    body = _SHEET.sub(state, found.group(1))
    xml = workbook_xml[:found.start(1)] + body + workbook_xml[found.end(1):]

    def view(m: re.Match) -> str:
        text = _TAB.sub("", m.group(0))
        close = "/>" if text.endswith("/>") else ">"
        return text[:-len(close)].rstrip() + f' activeTab="{at}"' + close

    def page_name(m: re.Match) -> str:  # LibreOffice prints a hidden sheet that has a print range
        local = _LOCAL.search(m.group(1))
        return m.group(0) if local is None or int(local.group(2)) == at else ""
    return _PAGE_NAME.sub(page_name, _VIEW.sub(view, xml))


def hide_rows(sheet_xml: str, rows: Iterable[int]) -> str:
    """The sheet part with the rows ``rows`` hidden: a ``<row>`` there gets ``hidden="1"``, a row
    the part does not list is added, empty and hidden, in its place; a page break after a hidden
    row is dropped (the rows it parted are no longer printed)."""
    wanted = sorted(set(rows))
    if not wanted:
        return sheet_xml
    sheet_xml = _without_breaks(sheet_xml, set(wanted))
    data = _SHEET_DATA.search(sheet_xml)
    if data is None:
        raise InputError("the sheet part has no <sheetData>")
    prefix = data.group(1)
    if data.group(2):  # <sheetData/>: no rows at all
        added = "".join(f'<{prefix}row r="{r}" hidden="1"/>' for r in wanted)
        return sheet_xml[:data.start()] + f"<{prefix}sheetData>{added}</{prefix}sheetData>" + sheet_xml[data.end():]
    out, at, k = [sheet_xml[:data.end()]], data.end(), 0
    end = sheet_xml.index(f"</{prefix}sheetData>", at)
    for m in _ROW.finditer(sheet_xml, at, end):
        r = _R.search(m.group(2))
        if r is None:
            continue
        n = int(r.group(1))
        while k < len(wanted) and wanted[k] < n:  # rows the part does not list, before this one
            out += [sheet_xml[at:m.start()], f'<{prefix}row r="{wanted[k]}" hidden="1"/>']
            at = m.start()
            k += 1
        if k < len(wanted) and wanted[k] == n:
            attrs = _HIDDEN.sub("", m.group(2))
            out += [sheet_xml[at:m.start()], f'<{m.group(1)}row{attrs} hidden="1"{m.group(3)}>']
            at = m.end()
            k += 1
    out.append(sheet_xml[at:end])
    out += [f'<{prefix}row r="{r}" hidden="1"/>' for r in wanted[k:]]
    return "".join(out) + sheet_xml[end:]


_ROW_BREAKS = re.compile(r"<((?:\w+:)?)rowBreaks\b[^>]*?(?:/>|>(.*?)</(?:\w+:)?rowBreaks>)", re.S)
_BRK = re.compile(r"<(?:\w+:)?brk\b[^>]*?/>|<(?:\w+:)?brk\b[^>]*?>.*?</(?:\w+:)?brk>", re.S)
_ID = re.compile(r'\sid\s*=\s*["\'](\d+)["\']')


def _without_breaks(sheet_xml: str, rows: set[int]) -> str:
    """The sheet part without the page breaks after the rows ``rows`` (the element and its counts
    written again from the breaks kept; gone when none is)."""
    found = _ROW_BREAKS.search(sheet_xml)
    if found is None:
        return sheet_xml
    breaks = _BRK.findall(found.group(2) or "")
    kept = [b for b in breaks if not ((m := _ID.search(b)) and int(m.group(1)) in rows)]
    if len(kept) == len(breaks):
        return sheet_xml
    p = found.group(1)
    manual = sum(1 for b in kept if re.search(r'\sman\s*=\s*["\'](1|true)["\']', b))
    new = (f'<{p}rowBreaks count="{len(kept)}" manualBreakCount="{manual}">{"".join(kept)}</{p}rowBreaks>'
           if kept else "")
    return sheet_xml[:found.start()] + new + sheet_xml[found.end():]
