"""Broken and hostile input never crashes and never hangs: the only exception that escapes a
reader is the package's documented TiebreakError. And no write ever loses the user's file."""

from __future__ import annotations

import errno
import io
import os
import zipfile
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from xl_tiebreak import TiebreakError, compute, demo_tournament, parse_trf
from xl_tiebreak.descriptor import parse_list
from xl_tiebreak.examples import demo_text
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.excel.xlsx import safe_write
from xl_tiebreak.excel.recompute.cached_values import recompute
from xl_tiebreak.excel.authoring.workbook import workbook_bytes, write_workbook
from xl_tiebreak.excel.ranges.book_reader import read_workbook
from xl_tiebreak.notation import parse_cell

FAST = settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
CELL_ALPHABET = st.sampled_from(list("0123456789wbWB+-=½.,/ HFZUYEXD?\t"))
cells = st.one_of(st.none(), st.floats(allow_nan=True), st.integers(-10, 10_000),
                  st.text(CELL_ALPHABET, max_size=8), st.text(max_size=6),
                  st.sampled_from(["BYE", "WD", "--2", "2w1", "3b½", "+4", "12w"]))


@FAST
@given(cells)
def test_notation_parser_only_raises_our_error(cell):
    try:
        r = parse_cell(cell)
    except TiebreakError:
        return
    assert r.kind is not None


@FAST
@given(st.lists(st.text(st.sampled_from(list("BHSCFMPDEWINOGARTLKU/0123456789+-,x ")), max_size=14),
                max_size=4))
def test_descriptor_parser_only_raises_our_error(items):
    try:
        tbs = parse_list(items)
    except TiebreakError:
        return
    compute(demo_tournament(), tbs)  # whatever parses also computes


def _mutations(text: str):
    lines = text.splitlines()
    return st.one_of(
        st.builds(lambda i, j, s: _replace_at(text, i, j, s), st.integers(0, len(text)), st.integers(0, 12),
                  st.text(st.sampled_from(list(" 0123456789wb-+=UFHZ\n.LDWX½#")), max_size=12)),
        st.builds(lambda keep: "\n".join(l for l, k in zip(lines, keep) if k), st.lists(st.booleans(),
                  min_size=len(lines), max_size=len(lines))),
        st.text(max_size=300),
    )


def _replace_at(text: str, i: int, n: int, s: str) -> str:
    return text[:i] + s + text[i + n:]


@FAST
@given(st.data())
def test_trf_reader_only_raises_our_error(data):
    text = data.draw(_mutations(demo_text()))
    try:
        t = parse_trf(text)
    except TiebreakError:
        return
    try:
        compute(t, "BH/C1,SB,DE,ARO,TPR,PTP,FB,AOB,KS,PS")
    except TiebreakError:
        pass


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.lists(cells, min_size=0, max_size=7), min_size=0, max_size=7),
       st.sampled_from([None, "fide2024", "fide2012", "x"]))
def test_excel_functions_only_raise_our_error(table, edition):
    header = [["No", "Name", "Rating", "R1", "R2", "R3", "R4"]]
    for fn in (lambda: fx.BUCHHOLZ_CUT1(1.0, header + table, edition), lambda: fx.CHECK(header + table),
               lambda: fx.STANDINGS(table, "BH,DE", edition), lambda: fx.PLACE(2, table)):
        try:
            fn()
        except TiebreakError:
            pass


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow,
                                                               HealthCheck.function_scoped_fixture])
@given(st.data())
def test_workbook_reader_only_raises_our_error(tmp_path, data):
    good = workbook_bytes(demo_tournament())
    how = data.draw(st.sampled_from(["bytes", "member", "xml"]))
    if how == "bytes":
        i = data.draw(st.integers(0, len(good) - 1))
        blob = good[:i] + data.draw(st.binary(max_size=20)) + good[i + 20:]
    else:
        src = zipfile.ZipFile(io.BytesIO(good))
        names = src.namelist()
        victim = data.draw(st.sampled_from(names))
        out = io.BytesIO()
        with zipfile.ZipFile(out, "w") as z:
            for n in names:
                body = src.read(n)
                if n == victim:
                    if how == "member":
                        continue
                    j = data.draw(st.integers(0, len(body)))
                    body = body[:j] + data.draw(st.sampled_from(
                        [b"<", b"&amp", b"<!DOCTYPE x [<!ENTITY a 'b'>]>", b"\x00", b"</c>"])) + body[j:]
                z.writestr(n, body)
        blob = out.getvalue()
    path = tmp_path / "fuzz.xlsx"
    path.write_bytes(blob)
    try:
        read_workbook(path)
    except TiebreakError:
        pass
    out = tmp_path / "out.xlsx"
    if out.exists():
        out.unlink()
    try:
        recompute(path, out)
    except TiebreakError:
        pass


def test_xml_entity_bomb_is_refused(tmp_path):
    good = workbook_bytes(demo_tournament())
    bomb = (b'<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;">]>'
            b'<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">&lol2;</workbook>')
    out = io.BytesIO()
    with zipfile.ZipFile(io.BytesIO(good)) as src, zipfile.ZipFile(out, "w") as z:
        for n in src.namelist():
            z.writestr(n, bomb if n == "xl/workbook.xml" else src.read(n))
    path = tmp_path / "bomb.xlsx"
    path.write_bytes(out.getvalue())
    with pytest.raises(TiebreakError):
        read_workbook(path)
    with pytest.raises(TiebreakError):
        recompute(path, tmp_path / "o.xlsx")


def test_huge_trf_is_refused_before_reading(tmp_path):
    from xl_tiebreak.trf.reader import MAX_TRF_BYTES, read_trf
    big = tmp_path / "big.trf"
    with open(big, "wb") as f:
        f.truncate(MAX_TRF_BYTES + 1)
    with pytest.raises(TiebreakError, match="larger than"):
        read_trf(big)


# ------------------------------------------------------------------ writes never lose data


def _fail(*_a, **_k):
    raise OSError("disk full (simulated)")


def _book_to_recompute(book: Path) -> None:
    """The demo workbook saved before its values were computed: a recompute has them to write (a
    book already up to date is not written at all)."""
    from xl_tiebreak.excel.authoring.template import to_bytes
    from xl_tiebreak.excel.authoring.workbook import filled_workbook
    book.write_bytes(to_bytes(filled_workbook(demo_tournament())[0]))


@pytest.mark.parametrize("step", ["fsync", "replace", "link", "write"])
def test_interrupted_write_leaves_the_original_intact(tmp_path, monkeypatch, step):
    """A write that fails (a full disk, an I/O error) at any step: exit 2's error naming the file,
    the workbook as it was under its name, no temporary file and no backup left."""
    book = tmp_path / "book.xlsx"
    _book_to_recompute(book)
    before = book.read_bytes()
    if step == "write":
        real_fdopen = os.fdopen

        def broken_fdopen(fd, *a, **k):
            f = real_fdopen(fd, *a, **k)
            f.write = _fail
            return f
        monkeypatch.setattr(safe_write.os, "fdopen", broken_fdopen)
    elif step == "link":
        def broken_link(*_a, **_k):
            raise OSError(errno.EIO, "I/O error (simulated)")
        monkeypatch.setattr(safe_write.os, "link", broken_link)
    else:
        monkeypatch.setattr(safe_write.os, step, _fail)
    with pytest.raises(TiebreakError, match=r"book\.xlsx: .*simulated.*nothing was written"):
        recompute(book)
    assert book.read_bytes() == before
    assert sorted(p.name for p in tmp_path.iterdir()) == ["book.xlsx"]  # no temporary file, no backup


def test_interrupted_recompute_keeps_the_backup_and_the_file(tmp_path, monkeypatch):
    book = tmp_path / "book.xlsx"
    _book_to_recompute(book)
    before = book.read_bytes()
    monkeypatch.setattr(safe_write.os, "replace", _fail)
    with pytest.raises(TiebreakError, match="simulated"):
        recompute(book)
    assert book.read_bytes() == before


def test_file_changed_during_recompute_fails_cleanly(tmp_path, monkeypatch):
    import xl_tiebreak.excel.recompute.cached_values as rc
    book = tmp_path / "book.xlsx"
    _book_to_recompute(book)
    real = rc.recompute_bytes

    def meanwhile(data, report=None):
        got = real(data, report)
        book.write_bytes(data + b"\0")  # the user saved the book in the meantime
        return got
    monkeypatch.setattr(rc, "recompute_bytes", meanwhile)
    with pytest.raises(TiebreakError, match="changed while it was being recomputed"):
        recompute(book)
    assert book.read_bytes().endswith(b"\0")  # the user's newer version is what stays


def test_writes_refuse_to_overwrite_and_respect_excel_lock(tmp_path):
    book = tmp_path / "book.xlsx"
    write_workbook(demo_tournament(), book)
    with pytest.raises(TiebreakError, match="exists"):
        write_workbook(demo_tournament(), book)
    (tmp_path / "~$book.xlsx").write_bytes(b"")
    with pytest.raises(TiebreakError, match="Excel .or LibreOffice. has this workbook open"):
        write_workbook(demo_tournament(), book, overwrite=True)
    with pytest.raises(TiebreakError, match="Excel .or LibreOffice. has this workbook open"):
        recompute(book)


def test_fuzz_script_runs_clean_at_a_small_scale():
    """The full run (python tests/fuzz/fuzz_readers.py, ~100,000 inputs) is too long for CI;
    a 2 % run here keeps the script honest."""
    import subprocess
    import sys
    script = Path(__file__).parent / "fuzz" / "fuzz_readers.py"
    out = subprocess.run([sys.executable, str(script), "--scale", "0.02", "--seed", "7"],
                         capture_output=True, text=True, timeout=600)
    assert out.returncode == 0, out.stdout[-2000:] + out.stderr[-2000:]
    assert "crashes (anything but TiebreakError): 0" in out.stdout
