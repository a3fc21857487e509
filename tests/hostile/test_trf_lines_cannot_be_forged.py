"""A name cannot forge a TRF line: line feeds, carriage returns, U+2028 and every
other line break or control character typed into a workbook's text cells (Alt+Enter in a name
cell) come out of ``export-trf`` as spaces, so the file keeps one 001 line per player."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from xl_tiebreak.examples import demo_text
from xl_tiebreak.trf import parse_trf

from .conftest import assert_no_traceback, run_cli

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from tests.support.workbook_typing import type_cells  # noqa: E402

BREAKS = ["\n", "\r", "\r\n", "\u2028", "\u2029", "\x85", "\x0b", "\x0c", "\x1c", "\x1e", "\x00", "\x1b", "\t"]


@pytest.mark.parametrize("seed", range(5))
def test_breaks_in_text_cells_do_not_forge_lines(tmp_path, seed):
    rng = random.Random(seed)
    (tmp_path / "e.trf").write_text(demo_text(), encoding="utf-8")
    assert run_cli(["workbook", "e.trf", "-o", "b.xlsx"], tmp_path).returncode == 0
    forged = {}
    for row in range(5, 11):
        brk = rng.choice(BREAKS)
        forged[f"Crosstable!B{row}"] = f"Name{row}{brk}001 {row + 90:>4} m    Forged{brk}XXR 99"
    forged["Crosstable!A1"] = "Event" + rng.choice(BREAKS) + "042 1999/01/01"
    type_cells(tmp_path / "b.xlsx", forged)
    proc = run_cli(["export-trf", "b.xlsx", "-o", "back.trf"], tmp_path)
    assert_no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    text = (tmp_path / "back.trf").read_text(encoding="utf-8")
    lines = text.split("\n")
    assert sum(ln.startswith("001") for ln in lines) == 6
    assert not any(ln.startswith("XXR 99") or ln.startswith("042 1999") for ln in lines)
    assert len(text.splitlines()) == len(lines) - 1  # no other line break anywhere
    t = parse_trf(text)
    assert [p.no for p in t.players] == [1, 2, 3, 4, 5, 6] and t.rounds == 4
    assert all(p.name.startswith("Name") and "Forged" in p.name for p in t.players)
