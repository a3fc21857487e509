"""The parts of a workbook's package and how they hang together: ``[Content_Types].xml`` (which part
is the workbook, which the shared strings), the relationships of a part, and the worksheets in
workbook order (title, XML part, visibility), found as openpyxl finds them; and the dynamic-array
entry of the cell metadata part, which marks a spilled table (added when the workbook has none).
"""

from __future__ import annotations

import posixpath
import zipfile
from dataclasses import dataclass
from typing import Any, Optional

from ...errors import InputError
from . import safe_xml
from .package import read_member, read_text

_NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
       "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}

MAIN = "{http://schemas.openxmlformats.org/spreadsheetml/2006/main}"
_R_ID = "{http://schemas.openxmlformats.org/officeDocument/2006/relationships}id"
_PKG = "{http://schemas.openxmlformats.org/package/2006/relationships}"
_CT = "{http://schemas.openxmlformats.org/package/2006/content-types}"
_WORKBOOK_TYPES = (  # in the order openpyxl looks for them
    "application/vnd.ms-excel.template.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.template.main+xml",
    "application/vnd.ms-excel.sheet.macroEnabled.main+xml",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml",
)
STRINGS_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"


@dataclass(frozen=True)
class SheetPart:
    """A worksheet: its title, the zip path of its XML part, and ``visible`` / ``hidden`` /
    ``veryHidden``."""

    title: str
    path: str
    state: str = "visible"


def read_part(z: zipfile.ZipFile, path: str) -> bytes:
    """A part's bytes; a missing part is an InputError naming it."""
    try:
        return read_member(z, path)
    except KeyError:
        raise InputError(f"the part {path} is missing") from None


def relationships(z: zipfile.ZipFile, source: str) -> dict[str, tuple[str, str]]:
    """Id -> (type, zip path of the target) for the part ``source`` (targets resolved as
    openpyxl resolves them; an external target is kept as written)."""
    folder, name = posixpath.split(source)
    rels_path = posixpath.join(folder, "_rels", name + ".rels")
    if rels_path not in z.namelist():
        return {}
    out: dict[str, tuple[str, str]] = {}
    for r in safe_xml.parse(read_part(z, rels_path), rels_path).iter(_PKG + "Relationship"):
        target = r.get("Target") or ""
        if r.get("TargetMode") != "External":
            target = target[1:] if target.startswith("/") else posixpath.normpath(posixpath.join(folder, target))
        out[r.get("Id") or ""] = (r.get("Type") or "", target)
    return out


def content_type_parts(z: zipfile.ZipFile) -> tuple[dict[str, str], set[str]]:
    """The parts named in ``[Content_Types].xml``: content type -> first part of that type, and
    the content types given as defaults by extension."""
    root = safe_xml.parse(read_part(z, "[Content_Types].xml"), "[Content_Types].xml")
    overrides: dict[str, str] = {}
    for o in root.iter(_CT + "Override"):
        overrides.setdefault(o.get("ContentType") or "", (o.get("PartName") or "")[1:])
    return overrides, {d.get("ContentType") or "" for d in root.iter(_CT + "Default")}


def workbook_part(z: zipfile.ZipFile) -> str:
    """The zip path of the workbook part (``xl/workbook.xml`` in every common file)."""
    return find_workbook_part(*content_type_parts(z))


def find_workbook_part(overrides: dict[str, str], defaults: set[str]) -> str:
    """The workbook part among the parts of :func:`content_type_parts`."""
    for t in _WORKBOOK_TYPES:
        if t in overrides:
            return overrides[t]
    if defaults & set(_WORKBOOK_TYPES):
        return "xl/workbook.xml"
    raise InputError("the file holds no workbook part ([Content_Types].xml names none)")


def sheet_parts(z: zipfile.ZipFile) -> list[SheetPart]:
    """The worksheets in workbook order (chart sheets left out; a sheet whose part is missing is an error)."""
    wb_path = workbook_part(z)
    return sheets_of(z, wb_path, safe_xml.parse(read_part(z, wb_path), wb_path))


def sheets_of(z: zipfile.ZipFile, wb_path: str, root: Any) -> list[SheetPart]:
    """The worksheets listed by the workbook part ``wb_path`` whose parsed XML is ``root``."""
    rels = relationships(z, wb_path)
    files = set(z.namelist())
    out: list[SheetPart] = []
    for s in root.iterfind(f"{MAIN}sheets/{MAIN}sheet"):
        rid = s.get(_R_ID)
        if not rid:
            continue
        if rid not in rels:
            raise InputError(f"the sheet {s.get('name')!r} has no relationship {rid}")
        kind, path = rels[rid]
        if "chartsheet" in kind:
            continue
        if path not in files:
            raise InputError(f"the sheet {s.get('name')!r} has no part {path} in the file; the workbook is damaged")
        if s.get("name") is None:
            raise InputError("a sheet has no name")
        out.append(SheetPart(s.get("name"), path, s.get("state") or "visible"))
    return out


_XLDAPR_URI = "{bdbb8cdc-fa1e-496e-a857-3c3f30c029c3}"
_METADATA_XML = (
    '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
    '<metadata xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" '
    'xmlns:xda="http://schemas.microsoft.com/office/spreadsheetml/2017/dynamicarray">'
    '<metadataTypes count="1"><metadataType name="XLDAPR" minSupportedVersion="120000" copy="1" '
    'pasteAll="1" pasteValues="1" merge="1" splitFirst="1" rowColShift="1" clearFormats="1" '
    'clearComments="1" assign="1" coerce="1" cellMeta="1"/></metadataTypes>'
    f'<futureMetadata name="XLDAPR" count="1"><bk><extLst><ext uri="{_XLDAPR_URI}">'
    '<xda:dynamicArrayProperties fDynamic="1" fCollapsed="0"/></ext></extLst></bk></futureMetadata>'
    '<cellMetadata count="1"><bk><rc t="1" v="0"/></bk></cellMetadata></metadata>')
_METADATA_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships/sheetMetadata"
_METADATA_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheetMetadata+xml"


def dynamic_array_index(src: zipfile.ZipFile) -> tuple[Optional[int], dict[str, bytes]]:
    """The ``cm`` value that marks a dynamic array in this workbook, and the parts to add when it
    has no metadata part yet (``xl/metadata.xml``, its relationship and content type). None when
    the workbook's metadata has no dynamic-array entry (the anchors stay plain array formulas)."""
    rels_xml = read_text(src, "xl/_rels/workbook.xml.rels")
    rels = safe_xml.parse(rels_xml.encode("utf-8"), "xl/_rels/workbook.xml.rels")
    for r in rels.findall("rel:Relationship", _NS):
        if r.get("Type") == _METADATA_REL:
            t = r.get("Target") or ""
            path = t.lstrip("/") if t.startswith("/") else posixpath.normpath(posixpath.join("xl", t))
            try:
                md = safe_xml.parse(read_member(src, path), path)
            except KeyError:
                return None, {}
            types = [e.get("name") for e in md.findall("m:metadataTypes/m:metadataType", _NS)]
            if "XLDAPR" not in types:
                return None, {}
            t_index = types.index("XLDAPR") + 1
            future = md.find("m:futureMetadata[@name='XLDAPR']", _NS)
            dynamic = [i for i, bk in enumerate(future.findall("m:bk", _NS) if future is not None else [])
                       if any(e.get("fDynamic") == "1" for e in bk.iter() if e.tag.endswith("dynamicArrayProperties"))]
            for k, bk in enumerate(md.findall("m:cellMetadata/m:bk", _NS), start=1):
                rc = bk.find("m:rc", _NS)
                if rc is not None and rc.get("t") == str(t_index) and int(rc.get("v", "-1")) in dynamic:
                    return k, {}
            return None, {}
    ids = {r.get("Id") for r in rels.findall("rel:Relationship", _NS)}
    n = 1
    while f"rIdXltbMeta{n}" in ids:
        n += 1
    rel = f'<Relationship Id="rIdXltbMeta{n}" Type="{_METADATA_REL}" Target="metadata.xml"/>'
    types_xml = read_text(src, "[Content_Types].xml")
    override = f'<Override PartName="/xl/metadata.xml" ContentType="{_METADATA_TYPE}"/>'
    if "xl/metadata.xml" in src.namelist():
        return None, {}
    return 1, {
        "xl/metadata.xml": _METADATA_XML.encode("utf-8"),
        "xl/_rels/workbook.xml.rels": rels_xml.replace("</Relationships>", rel + "</Relationships>").encode("utf-8"),
        "[Content_Types].xml": types_xml.replace("</Types>", override + "</Types>").encode("utf-8"),
    }
