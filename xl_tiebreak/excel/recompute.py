"""Headless recompute: evaluate our functions in a workbook's formula cells and write the results
as the cells' cached values, changing nothing else in the file.

The workbook is read with openpyxl (never re-saved with it: that would drop add-in parts, shapes
and dynamic-array metadata). The sheet XML parts that hold evaluated cells are edited in place,
cell by cell (the ``<v>`` value and the ``t`` type of those ``<c>`` elements only); every other
zip part is copied unchanged. The write is atomic; the input is replaced only when no output is
named, and then a backup is kept. If the file changes while we work, nothing is written.
"""

from __future__ import annotations

import hashlib
import io
import math
import posixpath
import re
import zipfile
import zlib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional
from xml.sax.saxutils import escape

from defusedxml import ElementTree as SafeET
from openpyxl import load_workbook
from openpyxl.utils import range_boundaries
from openpyxl.utils.cell import get_column_letter

from ..errors import InputError, TiebreakError
from .formula import (
    Name,
    Ref,
    Unsupported,
    evaluate,
    is_plain_ref,
    parse,
    uses_our_functions,
)
from .safe_write import atomic_write, backup_path, excel_lock
from .sheet_table import rows_to_tournament
from .workbook import MAX_WORKBOOK_BYTES, check_zip

BLANK = "\u00a0"  # what an empty result is cached as (see _xml_value)
_NS = {"m": "http://schemas.openxmlformats.org/spreadsheetml/2006/main",
       "r": "http://schemas.openxmlformats.org/officeDocument/2006/relationships",
       "rel": "http://schemas.openxmlformats.org/package/2006/relationships"}


@dataclass
class Report:
    """What a recompute did: cells written, cells whose evaluation failed (with the message),
    formulas left alone because they use something we do not evaluate."""

    written: int = 0
    errors: dict[str, str] = field(default_factory=dict)
    skipped: dict[str, str] = field(default_factory=dict)
    output: Optional[Path] = None
    backup: Optional[Path] = None
    values: dict[str, Any] = field(default_factory=dict)  # "Sheet!A1" -> value written


class _Book:
    """The cells of a workbook as openpyxl reads them, and our evaluation of its formulas."""

    def __init__(self, data: bytes) -> None:
        self.cells: dict[str, dict[str, Any]] = {}  # constants (text starting with "=" included)
        self.formula_of: dict[tuple[str, str], str] = {}
        self.formulas: list[tuple[str, str, str]] = []  # (sheet, coordinate, text)
        self.names: dict[str, Ref] = {}
        try:
            self._read(data)
        except Exception as exc:  # openpyxl (read-only sheets parse lazily) raises many kinds
            raise InputError(f"not a readable .xlsx workbook ({type(exc).__name__}: {exc})") from None
        self._memo: dict[tuple[str, str], Any] = {}
        self._ranges: dict[tuple[str, str], tuple] = {}
        self._busy: set[tuple[str, str]] = set()

    def _ours_or_text(self, text: str, sheet: str) -> bool:
        """A plain reference (``=Settings!$B$7``) is evaluated only when it points at text or at
        a cell of ours: numbers, dates and empty cells are left to the spreadsheet."""
        ref = parse(text)
        if not isinstance(ref, Ref) or ":" in ref.area:
            return False
        target = (ref.sheet or sheet, ref.area)
        inner = self.formula_of.get(target)
        if inner is not None:
            return uses_our_functions(inner) and not is_plain_ref(inner)
        return isinstance(self.cells.get(target[0], {}).get(target[1]), str)

    def _read(self, data: bytes) -> None:
        wb = load_workbook(io.BytesIO(data), read_only=True, data_only=False)
        for ws in wb.worksheets:
            got: dict[str, Any] = {}
            for row in ws.iter_rows():
                for c in row:
                    v = getattr(c, "value", None)
                    if v is None:
                        continue
                    coord = f"{get_column_letter(c.column)}{c.row}"
                    if getattr(c, "data_type", "") == "f":
                        text = v if isinstance(v, str) else str(getattr(v, "text", v))
                        self.formulas.append((ws.title, coord, text))
                        self.formula_of[(ws.title, coord)] = text
                    else:
                        got[coord] = v
            self.cells[ws.title] = got
        for name, dn in wb.defined_names.items():
            dest = list(dn.destinations)
            if dest:
                self.names[name.upper()] = Ref(dest[0][0], dest[0][1].replace("$", "").upper())
        wb.close()

    def value(self, sheet: str, coord: str) -> Any:
        """A cell's value; a formula cell is evaluated (our functions) first."""
        key = (sheet, coord)
        if key in self._memo:
            return self._memo[key]
        text = self.formula_of.get(key)
        if text is None:
            v = self.cells.get(sheet, {}).get(coord)
        elif is_plain_ref(text) and not self._ours_or_text(text, sheet):
            raise Unsupported(f"{sheet}!{coord} refers to a cell that is not text nor ours")
        elif uses_our_functions(text):
            if key in self._busy:
                raise Unsupported(f"circular reference at {sheet}!{coord}")
            self._busy.add(key)
            try:
                v = evaluate(parse(text), lambda r: self.resolve(r, sheet), self.name)
            finally:
                self._busy.discard(key)
        else:
            raise Unsupported(f"{sheet}!{coord} holds a formula we do not evaluate")
        self._memo[key] = v
        return v

    def resolve(self, ref: Ref, here: str) -> Any:
        sheet = ref.sheet or here
        if sheet not in self.cells:
            raise Unsupported(f"no sheet {sheet!r}")
        if ":" not in ref.area:
            return self.value(sheet, ref.area)
        key = (sheet, ref.area)
        got = self._ranges.get(key)
        if got is None:
            min_col, min_row, max_col, max_row = range_boundaries(ref.area)
            letters = [get_column_letter(c) for c in range(min_col, max_col + 1)]
            got = tuple(tuple(self.value(sheet, f"{col}{r}") for col in letters)
                        for r in range(min_row, max_row + 1))
            self._ranges[key] = got  # one object: the functions' cache recognises it at once
        return got

    def explain_error(self, sheet: str, text: str) -> Optional[str]:
        """For a failed call, the message naming the worksheet cell of a bad crosstable entry
        (``Crosstable!G6: '12x1' is not a result``), if a range argument holds one."""
        try:
            node = parse(text)
        except Unsupported:
            return None
        for a in getattr(node, "args", ()):
            ref = self.names.get(a.name.upper()) if isinstance(a, Name) else a if isinstance(a, Ref) else None
            if ref is None or ":" not in ref.area:
                continue
            target = ref.sheet or sheet
            min_col, min_row, _, _ = range_boundaries(ref.area)
            try:
                rows_to_tournament(self.resolve(ref, target), cell_name=lambda i, j: (
                    f"{target}!{get_column_letter(min_col + j)}{min_row + i}"))
            except InputError as exc:
                return str(exc)
            except (TiebreakError, Unsupported):
                return None
        return None

    def name(self, name: str) -> Any:
        ref = self.names.get(name.upper())
        if ref is None:
            raise Unsupported(f"unknown name {name}")
        return self.resolve(ref, ref.sheet or "")


def _sheet_parts(z: zipfile.ZipFile) -> dict[str, str]:
    """Sheet title -> zip path of its XML part (from workbook.xml and its relationships)."""
    wb = SafeET.fromstring(z.read("xl/workbook.xml"))
    rels = SafeET.fromstring(z.read("xl/_rels/workbook.xml.rels"))
    target = {r.get("Id"): r.get("Target") for r in rels.findall("rel:Relationship", _NS)}
    out = {}
    for s in wb.findall("m:sheets/m:sheet", _NS):
        rid = s.get(f"{{{_NS['r']}}}id")
        t = target.get(rid)
        if t:
            path = t.lstrip("/") if t.startswith("/") else posixpath.normpath(posixpath.join("xl", t))
            out[s.get("name")] = path
    return out


# a cell element, with or without a namespace prefix (<c ...> or <x:c ...>)
_CELL = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)c\b([^>]*?)(/>|>(.*?)</\1c>)", re.S)
_ATTR_R = re.compile(r'\br="([A-Z]+\d+)"')
_ATTR_T = re.compile(r'\s+t="[^"]*"')
_VALUE = re.compile(r"<((?:[A-Za-z_][\w.-]*:)?)(v|is)\b[^>]*/>|<((?:[A-Za-z_][\w.-]*:)?)(v|is)\b[^>]*>.*?</\3\4>", re.S)


def _xml_value(v: Any) -> tuple[Optional[str], str]:
    """(t attribute, text of <v>) for a value."""
    if isinstance(v, bool):
        return "b", "1" if v else "0"
    if isinstance(v, (int, float)):
        if isinstance(v, float) and not math.isfinite(v):
            return "e", "#NUM!"
        return None, repr(v) if isinstance(v, float) and not v.is_integer() else str(int(v))
    text = "" if v is None else str(v)
    if text in ("#N/A", "#VALUE!", "#NUM!", "#REF!", "#NAME?", "#DIV/0!", "#NULL!"):
        return "e", text
    if not text.strip():
        # LibreOffice recalculates a formula whose cached text is empty (and then shows #NAME?
        # without our functions); a no-break space shows the same blank and stays cached
        text = BLANK
    return "str", escape(text)


def patch_sheet_xml(xml: str, values: dict[str, Any]) -> tuple[str, int]:
    """Set the cached values of the given cells (A1 -> value) in one sheet's XML; returns the
    new text and how many cells were set. Only those ``<c>`` elements change."""
    done = 0

    def repl(m: re.Match) -> str:
        nonlocal done
        prefix, attrs = m.group(1), m.group(2)
        r = _ATTR_R.search(attrs)
        if not r or r.group(1) not in values:
            return m.group(0)
        t, text = _xml_value(values[r.group(1)])
        inner = m.group(4) or ""
        kept = _VALUE.sub("", inner)
        new_attrs = _ATTR_T.sub("", attrs) + (f' t="{t}"' if t else "")
        done += 1
        return f"<{prefix}c{new_attrs}>{kept}<{prefix}v>{text}</{prefix}v></{prefix}c>"

    return _CELL.sub(repl, xml), done


def recompute_bytes(data: bytes, report: Optional[Report] = None) -> tuple[bytes, Report]:
    """The recomputed workbook as bytes, and the report."""
    report = report or Report()
    check_zip(io.BytesIO(data))
    book = _Book(data)
    per_sheet: dict[str, dict[str, Any]] = {}
    for sheet, coord, text in book.formulas:
        if not uses_our_functions(text):
            continue
        where = f"{sheet}!{coord}"
        try:
            v = book.value(sheet, coord)
        except Unsupported as exc:
            report.skipped[where] = str(exc)
            continue
        except TiebreakError as exc:
            report.errors[where] = book.explain_error(sheet, text) or str(exc)
            v = "#VALUE!"
        except Exception as exc:  # a bug of ours: that cell gets #VALUE!, the rest is written
            report.errors[where] = f"internal error ({type(exc).__name__}: {exc}); please report it"
            v = "#VALUE!"
        if isinstance(v, (list, tuple)):
            report.skipped[where] = "a table that spills; only its first cell is written"
            v = v[0][0] if v and isinstance(v[0], (list, tuple)) and v[0] else (v[0] if v else "")
        per_sheet.setdefault(sheet, {})[coord] = v
        report.values[where] = v
    try:
        return _write_values(data, per_sheet, report)
    except TiebreakError:
        raise
    except (zipfile.BadZipFile, zlib.error, ValueError, SyntaxError, KeyError, OSError, EOFError) as exc:
        raise InputError(f"a part of the workbook cannot be read ({type(exc).__name__}: {exc})") from None


def _write_values(data: bytes, per_sheet: dict[str, dict[str, Any]], report: Report) -> tuple[bytes, Report]:
    """Copy the zip, patching the sheets that hold new values."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src:
        parts = _sheet_parts(src)
        changed: dict[str, bytes] = {}
        for sheet, values in per_sheet.items():
            part = parts.get(sheet)
            if part is None:
                raise InputError(f"the sheet {sheet!r} has no XML part")
            xml = src.read(part).decode("utf-8")
            new, n = patch_sheet_xml(xml, values)
            if n != len(values):
                raise InputError(f"could only write {n} of {len(values)} cells of sheet {sheet!r}")
            changed[part] = new.encode("utf-8")
            report.written += n
        with zipfile.ZipFile(out, "w") as dst:
            for info in src.infolist():
                body = changed.get(info.filename)
                dst.writestr(info, body if body is not None else src.read(info.filename))
    return out.getvalue(), report


def recompute(path: "str | Path", out: "str | Path | None" = None, *, overwrite: bool = False) -> Report:
    """Recompute ``path``; write to ``out``, or replace ``path`` (keeping ``BOOK.bak.xlsx``)."""
    src = Path(path)
    if not src.is_file():
        raise InputError("no such file", str(path))
    if src.stat().st_size > MAX_WORKBOOK_BYTES:
        raise InputError(f"the file is larger than {MAX_WORKBOOK_BYTES // 2**20} MiB", str(path))
    if excel_lock(src):
        raise InputError("Excel (or LibreOffice) has this workbook open; close it first", str(path))
    data = src.read_bytes()
    digest = hashlib.sha256(data).hexdigest()
    try:
        new, report = recompute_bytes(data)
    except InputError as exc:
        raise InputError(exc.detail, exc.where or src.name) from None
    if hashlib.sha256(src.read_bytes()).hexdigest() != digest:
        raise InputError("the file changed while it was being recomputed; nothing was written", str(path))
    if out is None:
        report.backup = backup_path(src)
        report.output = atomic_write(src, new, overwrite=True, backup=True)
    else:
        target = Path(out)
        if target.resolve() == src.resolve():
            report.backup = backup_path(src)
            report.output = atomic_write(src, new, overwrite=True, backup=True)
        else:
            report.output = atomic_write(target, new, overwrite=overwrite)
    return report
