"""A workbook where the crosstable cannot be found (its sheet renamed or removed,
the defined names removed, the name widened to the whole sheet, the sheet part missing, no
formula of ours) is never a silent "0 cells computed", exit 0: recompute (and every command that
finds nothing) exits 2 with a message saying what it did not find; no file changes."""

from __future__ import annotations

import re

import pytest

from .books import CROSSTABLE, swiss_book
from .conftest import assert_no_traceback, assert_refused, assert_unchanged, run_cli, snapshot, text

_NO_FORMULAS = {f"xl/worksheets/sheet{i}.xml": (lambda xml: re.sub(r"<f\b[^>]*?(?:/>|>.*?</f>)", "", xml, flags=re.S))
                for i in range(1, 12)}  # every sheet, Categories, Prizes and What if too

# name -> (swiss_book keywords, {command: place the refusal must name, or None when it succeeds})
CASES = {
    "sheet renamed": (dict(workbook=lambda x: x.replace('<sheet name="Crosstable"', '<sheet name="Results"')),
                      {"recompute": "sheet 'Crosstable'", "check": "sheet 'Crosstable'", "compute": "sheet 'Crosstable'"}),
    "sheet removed": (dict(workbook=lambda x: re.sub(r'<sheet name="Crosstable"[^>]*/>', "", x)),
                      {"recompute": "sheet 'Crosstable'", "check": "sheet 'Crosstable'", "compute": "sheet 'Crosstable'"}),
    "names removed": (dict(workbook=lambda x: re.sub(r"<definedNames>.*</definedNames>", "", x)),
                      {"recompute": "no defined name Crosstable", "check": None, "compute": None}),
    "name widened to the whole sheet": (
        dict(workbook=lambda x: re.sub(r'(<definedName name="Crosstable">)[^<]*', r"\1Crosstable!$A$1:$XFD$1048576", x)),
        {"recompute": "MAX_RANGE_CELLS", "check": "MAX_RANGE_CELLS", "compute": "MAX_RANGE_CELLS"}),
    "name over whole columns": (
        dict(workbook=lambda x: re.sub(r'(<definedName name="Crosstable">)[^<]*', r"\1Crosstable!$A:$P", x)),
        {"recompute": "MAX_RANGE_CELLS", "check": "MAX_RANGE_CELLS", "compute": "MAX_RANGE_CELLS"}),
    "sheet part missing": (dict(drop=[CROSSTABLE]),
                           {"recompute": "xl/worksheets/sheet1.xml", "check": "xl/worksheets/sheet1.xml",
                            "compute": "xl/worksheets/sheet1.xml"}),
    "no formula of ours": (dict(sheets=_NO_FORMULAS), {"recompute": "nothing to compute", "check": None,
                                                       "compute": None}),
}


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_workbook_where_nothing_can_be_found_is_refused_not_a_silent_no_op(tmp_path, case):
    kwargs, expected = CASES[case]
    book = swiss_book(tmp_path / "book.xlsx", **kwargs)
    before = snapshot(tmp_path)
    for command, place in expected.items():
        args = [command, book.name] + (["--tiebreaks", "BH"] if command == "compute" else [])
        proc = run_cli(args, tmp_path, timeout=20)
        if place is None:
            assert proc.returncode == 0, (command, proc.stderr)
        elif command == "check":  # check lists what it found: exit 1 for an error, the place named
            assert_no_traceback(proc)
            assert proc.returncode == 1 and place in text(proc) and "book.xlsx" in text(proc), text(proc)
        else:
            err = assert_refused(proc, place)
            assert "wrote" not in text(proc) and "book.xlsx" in err, err
        assert_unchanged(before, tmp_path)
