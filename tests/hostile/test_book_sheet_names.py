"""Two sheets of one name (exactly, or differing only by case, as Excel compares
them) are refused by every command with a message naming both; no file changes."""

from __future__ import annotations

import random

import pytest

from .books import swiss_book
from .conftest import assert_refused, assert_unchanged, run_cli, snapshot


def _cases(n: int = 4) -> list[tuple[str, str]]:
    """(sheet renamed, its new name): another sheet's name, exactly or in another case."""
    rng = random.Random(21)
    sheets = ["Crosstable", "Standings", "Settings"]
    out = [("Help", "Standings"), ("Help", "crosstable")]
    while len(out) < n:
        victim, model = rng.sample(["Help", *sheets], 2)
        if model == "Help":
            continue
        twisted = "".join(ch.upper() if rng.random() < 0.5 else ch.lower() for ch in model)
        out.append((victim, twisted))
    return out


@pytest.mark.parametrize("victim,new", _cases())
def test_duplicate_sheet_names_are_refused_by_every_command(tmp_path, victim, new):
    book = swiss_book(tmp_path / "dup.xlsx", workbook=lambda x: x.replace(f'<sheet name="{victim}"', f'<sheet name="{new}"'))
    before = snapshot(tmp_path)
    for args in (["recompute", book.name], ["compute", book.name, "--tiebreaks", "BH"], ["export-trf", book.name, "-o", "x.trf"]):
        err = assert_refused(run_cli(args, tmp_path, timeout=20), "dup.xlsx", "two sheets are called", repr(new))
        assert "rename one" in err
    assert_unchanged(before, tmp_path)
