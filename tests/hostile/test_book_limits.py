"""Resources: limits are checked before the work, with documented defaults and a
message naming the limit (README "Limits and safety"): cells of a range or an array formula
(MAX_RANGE_CELLS), zip members (MAX_MEMBERS) and inflation ratio (MAX_RATIO), sheet XML size
(MAX_SHEET_XML_BYTES), crosstable rows and columns. The crosstable's array formula widened to the
whole sheet is refused at once, under 1 GB; a full 400-player workbook finishes in under 20 s and
1 GB."""

from __future__ import annotations

import random
import re
import subprocess
import sys
import zipfile

import pytest

from xl_tiebreak.errors import InputError
from xl_tiebreak.excel.ranges import book_reader
from xl_tiebreak.excel.xlsx import sheet as xlsx_reader
from xl_tiebreak.excel.ranges.book_reader import read_workbook

from .books import CROSSTABLE, PLAYERS, swiss_book
from .conftest import ROOT, assert_refused, assert_unchanged, snapshot

GB = 2**30


def run_limited(args, cwd, memory: int = GB, timeout: float = 300) -> subprocess.CompletedProcess:
    """The CLI in its own process with at most ``memory`` bytes of address space (POSIX); the
    timeout only stops a hang (wall time is measured by the benchmarks, never asserted here)."""
    code = ("import resource, runpy, sys; resource.setrlimit(resource.RLIMIT_AS, (%d, %d)); "
            "sys.argv = ['xl-tiebreak'] + sys.argv[1:]; runpy.run_module('xl_tiebreak.cli', run_name='__main__')"
            % (memory, memory))
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    return subprocess.run([sys.executable, "-c", code, *map(str, args)], cwd=cwd, env=env, capture_output=True,
                          timeout=timeout)


def _whole_sheet(kind: str):
    rng = random.Random(10)
    area = rng.choice(["A1:XFD1048576", "Q4:XFD1048576", "Q4:X1048576"])
    if kind == "array":
        return {CROSSTABLE: lambda x: x.replace('ref="Q4:W404"', f'ref="{area}"')}, "Crosstable!Q4"
    return {CROSSTABLE: lambda x: re.sub(r"IFERROR\(RESULTS\(Crosstable[^<]*?,Cache!\$[A-Z]+\$\d+:\$[A-Z]+\$\d+\)",
                                         lambda m: m.group(0), x)}, "Crosstable!Q4"


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS")
def test_an_array_formula_widened_to_the_whole_sheet_is_refused_at_once(tmp_path):
    sheets, place = _whole_sheet("array")
    book = swiss_book(tmp_path / "wide.xlsx", sheets=sheets)
    before = snapshot(tmp_path)
    proc = run_limited(["recompute", book.name], tmp_path)  # under 1 GB; refused before the work
    assert_refused(proc, "wide.xlsx", place, "MAX_RANGE_CELLS")
    assert_unchanged(before, tmp_path)


def test_too_many_zip_members_are_refused_before_reading(tmp_path):
    from xl_tiebreak.excel.xlsx.package import MAX_MEMBERS
    book = swiss_book(tmp_path / "many.xlsx")
    with zipfile.ZipFile(book, "a") as z:
        for i in range(MAX_MEMBERS):
            z.writestr(f"customXml/item{i}.xml", b"")
    before = snapshot(tmp_path)
    for cmd in (["recompute", book.name], ["compute", book.name]):
        assert_refused(run_limited(cmd, tmp_path), "many.xlsx", "MAX_MEMBERS")
    assert_unchanged(before, tmp_path)


def test_a_member_that_inflates_too_many_times_is_refused(tmp_path):
    book = swiss_book(tmp_path / "bomb.xlsx", extra={"xl/media/blob.bin": b" " * (12 * 2**20)})
    before = snapshot(tmp_path)
    for cmd in (["recompute", book.name], ["check", book.name]):
        proc = run_limited(cmd, tmp_path)
        assert proc.returncode in ((1, 2) if cmd[0] == "check" else (2,))
        assert b"MAX_RATIO" in proc.stdout + proc.stderr and b"Traceback" not in proc.stdout + proc.stderr
    assert_unchanged(before, tmp_path)


def test_sheet_xml_and_crosstable_limits_name_the_limit(tmp_path, monkeypatch):
    book = swiss_book(tmp_path / "b.xlsx")
    monkeypatch.setattr(xlsx_reader, "MAX_SHEET_XML_BYTES", 100_000)
    with pytest.raises(InputError, match=r"b.xlsx: the sheet 'Crosstable' is [\d,]+ bytes of XML, over the limit of 100,000 "
                                          r"bytes per sheet \(MAX_SHEET_XML_BYTES\)"):
        read_workbook(book)
    monkeypatch.undo()
    big = swiss_book(tmp_path / "rows.xlsx", [(n, f"P{n}", "", 1500, "SWE", "", "", "") for n in range(1, 9)],
                     workbook=lambda x: x.replace("Crosstable!$A$4:$P$404", "Crosstable!$A$4:$P$6"))
    monkeypatch.setattr(book_reader, "MAX_CROSSTABLE_ROWS", 5)
    with pytest.raises(InputError, match=r"rows.xlsx: Crosstable!A4:P\d+: the crosstable holds \d+ rows, over the limit "
                                         r"of 5 \(MAX_CROSSTABLE_ROWS\)"):
        read_workbook(big)


def _full(n: int = 400, rounds: int = 11) -> list[tuple]:
    """A Swiss of n players and 11 rounds whose results mirror: round r pairs i with i + r (mod n)."""
    rng = random.Random(400)
    cells: dict[tuple[int, int], str] = {}
    for r in range(rounds):
        order = list(range(1, n + 1))
        rng.shuffle(order)
        for k in range(0, n, 2):
            a, b = order[k], order[k + 1]
            res = rng.choice(["1", "½", "0"])
            back = {"1": "0", "0": "1", "½": "½"}[res]
            cells[(a, r)], cells[(b, r)] = f"{b}w{res}", f"{a}b{back}"
    return [(i, f"Player {i:03d}", "", 1400 + i, "SWE", *[cells[(i, r)] for r in range(rounds)]) for i in range(1, n + 1)]


@pytest.mark.skipif(sys.platform == "win32", reason="RLIMIT_AS")
def test_a_full_workbook_is_read_and_recomputed_within_1_gb(tmp_path):
    """6,000 players typed from row 5 on, far past the template's 400 formatted rows (read as rows
    below the name): about 0.6 MB. Recompute grows the tables' ranges of stored values with them."""
    book = swiss_book(tmp_path / "full.xlsx", _full(6000))
    assert 2**19 < book.stat().st_size < 2**20
    for cmd in (["recompute", book.name, "-o", "out.xlsx"], ["compute", book.name]):
        proc = run_limited(cmd, tmp_path)
        assert proc.returncode == 0, proc.stdout + proc.stderr
        assert b"Traceback" not in proc.stderr
    assert b"Player 6000" in subprocess.run([sys.executable, "-c", "import zipfile,sys; print(zipfile.ZipFile('out.xlsx')"
                                             ".read('xl/worksheets/sheet2.xml').decode())"], cwd=tmp_path,
                                            capture_output=True).stdout
    assert len(PLAYERS) == 4


def test_a_part_declaring_an_encoding_python_does_not_know_is_named_not_an_internal_error(tmp_path, capsys):
    """The fuzz run's case: xl/metadata.xml declaring encoding "UTF88" made recompute stop with a
    LookupError (exit 3); it is a part that is not well-formed XML, named, exit 2, file unchanged."""
    from xl_tiebreak.cli import main
    good = tmp_path / "t.xlsx"
    assert main(["template", "--players", "6", "--rounds", "4", "-o", str(good)]) == 0
    bad = tmp_path / "bad.xlsx"
    with zipfile.ZipFile(good) as src, zipfile.ZipFile(bad, "w", zipfile.ZIP_DEFLATED) as out:
        for info in src.infolist():
            data = src.read(info.filename)
            if info.filename == "xl/metadata.xml":
                data = data.replace(b'encoding="UTF-8"', b'encoding="UTF88"', 1)
            out.writestr(info, data)
    before = bad.read_bytes()
    capsys.readouterr()
    assert main(["recompute", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "the part xl/metadata.xml is not well-formed XML (unknown encoding: UTF88)" in err
    assert bad.read_bytes() == before
