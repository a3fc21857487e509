"""A recompute leaves the cells that already hold their new value as they are: after one result
changes, the workbook reads back exactly as when every computed cell is rewritten, and every row
whose values did not change keeps its bytes."""

from __future__ import annotations

import io
import re
import zipfile

import pytest

from xl_tiebreak import demo_tournament
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.excel.recompute import cached_values as rc
from xl_tiebreak.excel.recompute.formula import uses_our_functions
from xl_tiebreak.excel.xlsx.sheet import XlsxBook

pytest.importorskip("openpyxl")  # the workbook is made with it
from xl_tiebreak.excel.authoring.workbook import workbook_bytes  # noqa: E402

CROSSTABLE = "xl/worksheets/sheet1.xml"
_ROW = re.compile(rb'<row r="(\d+)"[^>]*>.*?</row>', re.S)


def _replace(data: bytes, part: str, edits: dict[bytes, bytes]) -> bytes:
    """``part`` with each cell's text replaced (keys: ``ref + old text``, whatever its style)."""
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(data)) as src, zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == part:
                for old, new in edits.items():
                    ref, _, text = old.partition(b" ")
                    cell = re.compile(rb'(<c r="' + ref + rb'"[^>]*t="inlineStr"><is><t>)' + re.escape(text) + b"<")
                    body, n = cell.subn(lambda m: m.group(1) + new + b"<", body)
                    assert n == 1, old
            dst.writestr(info, body)
    return out.getvalue()


def _edited() -> bytes:
    """The demo workbook after the arbiter corrects one game: player 1 beat player 2 in round 4
    (it was entered as a draw, I5 and I6)."""
    demo = workbook_bytes(demo_tournament())
    return _replace(demo, CROSSTABLE, {b"I5 2w\xc2\xbd": b"2w1", b"I6 1b\xc2\xbd": b"1b0"})


def _everything_rewritten(data: bytes, monkeypatch: pytest.MonkeyPatch) -> tuple[bytes, rc.Report]:
    with monkeypatch.context() as m:
        m.setattr(rc, "_leave_unchanged", lambda book, edits, report: None)
        fx.CACHE.clear()
        return rc.recompute_bytes(data)


def _read(data: bytes) -> dict[str, tuple[dict, list]]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        book = XlsxBook(z)
        return {p.title: (book.cells(p).values, book.cells(p).formulas) for p in book.sheets}


def _rows(data: bytes, part: str) -> dict[int, bytes]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return {int(m.group(1)): m.group(0) for m in _ROW.finditer(z.read(part))}


def test_an_edited_workbook_reads_back_as_when_every_cell_is_rewritten(monkeypatch):
    edited = _edited()
    want, want_report = _everything_rewritten(edited, monkeypatch)
    fx.CACHE.clear()
    got, report = rc.recompute_bytes(edited)
    assert report.errors == want_report.errors == {}
    assert report.written + report.unchanged == want_report.written
    assert 0 < report.written < want_report.written and report.unchanged > 0
    assert _read(got) == _read(want)
    # the correction reached the values: player 1 now has 3.5 points (J5), not 3
    assert _read(got)["Crosstable"][0]["J5"] == 3.5 and _read(edited)["Crosstable"][0]["J5"] == 3


def test_only_rows_whose_values_change_are_touched():
    edited = _edited()
    fx.CACHE.clear()
    got, _ = rc.recompute_bytes(edited)
    before, after = _read(edited), _read(got)
    sheets = {p.title: p.path for p in XlsxBook(zipfile.ZipFile(io.BytesIO(edited))).sheets}
    kept = touched = 0
    for title, part in sheets.items():
        old_rows, new_rows = _rows(edited, part), _rows(got, part)
        old_cells, new_cells = before[title][0], after[title][0]
        anchors = {coord for coord, _text, ref in after[title][1] if ref}
        for n, row in new_rows.items():
            names = {c for c in set(old_cells) | set(new_cells) | anchors if re.fullmatch(rf"[A-Z]+{n}", c)}
            changed = any(old_cells.get(c) != new_cells.get(c) for c in names) or names & anchors
            if row == old_rows.get(n):
                kept += 1
            else:
                touched += 1
                assert changed or title == "Cache", f"{title} row {n} was rewritten though nothing in it changed"
    assert kept > 0 and touched > 0


def test_an_unchanged_workbook_writes_only_the_anchors_and_the_hidden_store():
    """Recomputing a workbook just recomputed: every visible value is already right."""
    fx.CACHE.clear()
    once, _ = rc.recompute_bytes(_edited())
    fx.CACHE.clear()
    twice, report = rc.recompute_bytes(once)
    assert _read(twice) == _read(once)
    for title, part in (("Crosstable", CROSSTABLE), ("Standings", "xl/worksheets/sheet2.xml")):
        anchors = {coord for coord, text, ref in _read(once)[title][1] if ref and uses_our_functions(text)}
        written = {w.split("!")[1] for w in report.values if w.startswith(title + "!")}
        assert anchors <= written
        rows_once, rows_twice = _rows(once, part), _rows(twice, part)
        assert {n for n in rows_once if rows_once[n] != rows_twice[n]} <= {int(re.sub("[A-Z]", "", a)) for a in anchors}
