"""The Event sheet cannot forge a TRF: what is typed there comes back as
header records only. A row ``TRF 001`` (a player record) or a spreadsheet error in a value is
refused naming the cell; line breaks in a value become spaces; the workbook is never changed."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from xl_tiebreak.examples import demo_text

from .conftest import assert_no_traceback, assert_refused, assert_unchanged, run_cli, snapshot

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.support.workbook_typing import read_sheet, type_cells  # noqa: E402


@pytest.fixture
def book(tmp_path) -> Path:
    (tmp_path / "e.trf").write_text(demo_text(), encoding="utf-8")
    assert run_cli(["workbook", "e.trf", "-o", "b.xlsx"], tmp_path).returncode == 0
    return tmp_path / "b.xlsx"


def _row(book: Path, label: str) -> int:
    cells = read_sheet(book, "Event")
    return next(int(k[1:]) for k, v in cells.items() if k[0] == "A" and v == label)


@pytest.mark.parametrize("label, value, place", [
    ("TRF 001", "  99 m    Forged, F                          2000", "Event!A{row}"),
    ("TRF 0 1", "x", "Event!A{row}"),
    ("City", "#REF!", "Event!B{row}"),
])
def test_bad_event_rows_are_refused_naming_the_cell(book, label, value, place):
    row = _row(book, "City")
    type_cells(book, {f"Event!A{row}": label, f"Event!B{row}": value})
    before = snapshot(book.parent)
    proc = run_cli(["export-trf", book.name, "-o", "x.trf"], book.parent)
    assert_refused(proc, place.format(row=row))
    assert_unchanged(before, book.parent)


@pytest.mark.parametrize("seed", range(3))
def test_line_breaks_in_event_values_do_not_forge_records(book, seed):
    rng = random.Random(seed)
    brk = rng.choice(["\n", "\r\n", "\u2028", "\x85", "\x0b"])
    type_cells(book, {"Crosstable!A1": f"Open{brk}001 99 m Forged{brk}XXR 99",  # the event's name (012)
                      f"Event!B{_row(book, 'Time control')}": f"90/40{brk}162 W 3.0"})
    proc = run_cli(["export-trf", book.name, "-o", "back.trf"], book.parent)
    assert_no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    lines = (book.parent / "back.trf").read_text(encoding="utf-8").split("\n")
    assert sum(ln.startswith("001") for ln in lines) == 6
    assert [ln[:3] for ln in lines if ln[:3] in ("XXR", "162")] == ["XXR"]
    assert any(ln.startswith("012 Open") and "Forged" in ln for ln in lines)  # one record, breaks gone
