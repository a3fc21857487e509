"""A cell the file itself gets wrong (a shared-string index negative or past the
table, a number cell holding text, a date cell that is no date, a reference like ZZZZ5) is refused
by every command with exit 2 and a message naming the file, the sheet and the cell; no raw Python
error; no file changes. Generated over random cells of the crosstable (fixed seed)."""

from __future__ import annotations

import random

import pytest

from .books import CROSSTABLE, swiss_book, with_shared_strings
from .conftest import assert_refused, assert_unchanged, run_cli, snapshot


def _bad(kind: str, col: str, row: int) -> tuple[str, str]:
    """(the ``<c>`` element, the cell the message must name)."""
    if kind == "string -1":
        return f'<c r="{col}{row}" t="s"><v>-1</v></c>', f"{col}{row}"
    if kind == "string past the table":
        return f'<c r="{col}{row}" t="s"><v>7</v></c>', f"{col}{row}"
    if kind == "number abc":
        return f'<c r="{col}{row}"><v>abc</v></c>', f"{col}{row}"
    if kind == "bad date":
        return f'<c r="{col}{row}" t="d"><v>2025-13-45</v></c>', f"{col}{row}"
    return f'<c r="ZZZZ{row}"><v>1</v></c>', f"ZZZZ{row}"  # a column past ZZZ


KINDS = ["string -1", "string past the table", "number abc", "bad date", "column ZZZZ"]


def _cases(per_kind: int = 1) -> list[tuple[str, str, int]]:
    rng = random.Random(2103)
    return [(k, rng.choice("CDEFGH"), rng.randint(5, 8)) for k in KINDS for _ in range(per_kind)]


@pytest.mark.parametrize("kind,col,row", _cases())
def test_a_damaged_cell_is_refused_naming_sheet_and_cell(tmp_path, kind, col, row):
    element, coord = _bad(kind, col, row)

    def damage(xml: str) -> str:  # the cell put in place of the row's cell of that column, or before the row's end
        import re
        start = xml.index(f'<row r="{row}"')
        end = xml.index("</row>", start)
        body = re.sub(rf'<c r="{col}{row}"[^>]*?(?:/>|>.*?</c>)', "", xml[start:end], flags=re.S)
        cells = re.findall(r'<c r="([A-Z]+)\d+"', body)
        at = next((m.start() for m in re.finditer(r'<c r="([A-Z]+)\d+"', body)
                   if (len(m.group(1)), m.group(1)) > (len(col), col)), len(body)) if "ZZZZ" not in element else len(body)
        del cells
        return xml[:start] + body[:at] + element + body[at:] + xml[end:]

    book = swiss_book(tmp_path / "bad.xlsx", sheets={CROSSTABLE: damage}, extra=with_shared_strings(["a", "b"]))
    before = snapshot(tmp_path)
    for args in (["recompute", book.name], ["compute", book.name, "--tiebreaks", "BH"], ["check", book.name]):
        proc = run_cli(args, tmp_path, timeout=20)
        if args[0] == "check":
            from .conftest import assert_no_traceback, text
            assert_no_traceback(proc)
            assert proc.returncode in (1, 2) and f"Crosstable!{coord}" in text(proc) and "bad.xlsx" in text(proc)
        else:
            err = assert_refused(proc, "bad.xlsx", f"Crosstable!{coord}")
            assert "Error:" not in err and "list index" not in err
    assert_unchanged(before, tmp_path)
