"""What the bounded fuzz run (test_fuzz_mutations.py) found, one named case each: every one a
refusal (exit 2) naming the file and the place, or the result Excel gives, never an internal error.
"""

from __future__ import annotations

import io
import re
import struct
import warnings
import zipfile
from pathlib import Path

from .books import CROSSTABLE, name_range, swiss_book
from .conftest import assert_refused, assert_unchanged, run_cli, snapshot, text

CACHE = "xl/worksheets/sheet5.xml"


def _stored_with_bad_crc(book: Path, member: str) -> None:
    """The workbook written again with stored (uncompressed) members, one byte of ``member``
    changed and its CRC left as it was (a file damaged in transit)."""
    with zipfile.ZipFile(book) as z:
        parts = [(i.filename, z.read(i.filename)) for i in z.infolist()]
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for name, body in parts:
            z.writestr(name, body)
    raw = bytearray(out.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(raw))) as z:
        info = z.getinfo(member)
    n, m = struct.unpack("<HH", raw[info.header_offset + 26:info.header_offset + 30])
    raw[info.header_offset + 30 + n + m + 10] ^= 0x01
    book.write_bytes(bytes(raw))


def test_a_member_with_a_bad_crc_is_refused_naming_the_member(tmp_path):
    # found: recompute copied docProps/app.xml and ended in "internal error (BadZipFile: Bad CRC-32 ...)"
    book = swiss_book(tmp_path / "book.xlsx")
    _stored_with_bad_crc(book, "docProps/app.xml")
    before = snapshot(tmp_path)
    err = assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx"], tmp_path),
                         "book.xlsx", "docProps/app.xml")
    assert "damaged" in err
    assert_unchanged(before, tmp_path)


def test_a_damaged_sheet_is_refused_by_every_reader_naming_it(tmp_path):
    book = swiss_book(tmp_path / "book.xlsx")
    _stored_with_bad_crc(book, CROSSTABLE)
    for cmd in (["standings", "book.xlsx"], ["export-trf", "book.xlsx", "-o", "x.trf"]):
        assert_refused(run_cli(cmd, tmp_path), "book.xlsx", CROSSTABLE)
    check = run_cli(["check", "book.xlsx"], tmp_path)  # check lists it as its one error
    assert check.returncode == 1 and f"book.xlsx: the zip member {CROSSTABLE} is damaged" in text(check)


def test_a_member_twice_in_the_zip_is_refused(tmp_path):
    # found: a doubled member made recompute write both copies (with Python's "Duplicate name" warning on
    # the console) or fail on the copy the reader did not read; Excel, Python and others read different copies
    book = swiss_book(tmp_path / "book.xlsx")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        with zipfile.ZipFile(book, "a") as z:
            z.writestr("xl/worksheets/sheet6.xml", "<worksheet/>")
    for cmd in (["standings", "book.xlsx"], ["recompute", "book.xlsx", "-o", "out.xlsx"]):
        proc = run_cli(cmd, tmp_path)
        err = assert_refused(proc, "book.xlsx", "xl/worksheets/sheet6.xml")
        assert "twice" in err and "Warning" not in text(proc)
    check = run_cli(["check", "book.xlsx"], tmp_path)  # check lists it as its one error
    assert check.returncode == 1 and "the zip member xl/worksheets/sheet6.xml is there twice" in text(check)


def test_a_crosstable_name_given_the_other_way_round_reads_as_excel_reads_it(tmp_path):
    # found: Crosstable!$P$8:$A$4 read as an empty table ("the crosstable is empty", no place);
    # Excel takes it as $A$4:$P$8
    swiss_book(tmp_path / "book.xlsx", workbook=name_range("Crosstable!$P$8:$A$4"))
    swiss_book(tmp_path / "plain.xlsx", workbook=name_range("Crosstable!$A$4:$P$8"))
    got = run_cli(["standings", "book.xlsx", "-f", "csv"], tmp_path)
    want = run_cli(["standings", "plain.xlsx", "-f", "csv"], tmp_path)
    assert got.returncode == 0 and got.stdout == want.stdout
    assert b"Alpha One" in got.stdout and b"Delta Four" in got.stdout


def test_a_crosstable_name_of_one_cell_is_refused_naming_its_range(tmp_path):
    # found: "the crosstable has no round columns (R1, R2, ...)" without a place
    swiss_book(tmp_path / "book.xlsx", workbook=name_range("Crosstable!$A$4"))
    assert_refused(run_cli(["standings", "book.xlsx"], tmp_path), "book.xlsx", "Crosstable!A4", "no round columns")


def test_an_array_formula_over_a_whole_column_is_refused_naming_its_cell(tmp_path):
    # found: ref="A:A" on the results table's anchor gave "internal error (TypeError: '<=' not supported ...)"
    swiss_book(tmp_path / "book.xlsx", sheets={CROSSTABLE: lambda xml: re.sub(r'(<f t="array" ref=")[^"]*', r"\1A:A",
                                                                              xml, count=1)})
    before = snapshot(tmp_path)
    assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx"], tmp_path), "book.xlsx", "Crosstable!Q4",
                   "'A:A'")
    assert_unchanged(before, tmp_path)


def test_a_bad_tiebreak_in_the_settings_is_refused_naming_the_file_and_the_cells(tmp_path):
    # found: "xl-tiebreak: unknown tie-break 'XYZ' in 'XYZ'; ..." without the file or the Settings cells
    swiss_book(tmp_path / "book.xlsx", sheets={"xl/worksheets/sheet3.xml": lambda xml: re.sub(
        r'(<c r="B7"[^>]*t="inlineStr"><is><t[^>]*>)[^<]*', r"\1XYZ", xml)})
    for cmd in ("standings", "compute"):  # (the cell itself since issue 31, not the list's range B7:B12)
        assert_refused(run_cli([cmd, "book.xlsx"], tmp_path), "book.xlsx: Settings!B7: unknown tie-break 'XYZ'")


def test_a_hidden_sheet_that_is_not_utf8_is_refused_naming_the_member(tmp_path):
    # found: the Cache sheet (written to, never read) with a byte that is not UTF-8 gave "a part of the
    # workbook cannot be read (UnicodeDecodeError ...)", naming no part
    with zipfile.ZipFile(swiss_book(tmp_path / "tmp.xlsx")) as z:
        cache = z.read(CACHE)
    bad = cache.replace(b"</worksheet>", b"<!-- \xff --></worksheet>")
    swiss_book(tmp_path / "book.xlsx", extra={CACHE: bad})
    (tmp_path / "tmp.xlsx").unlink()
    err = assert_refused(run_cli(["recompute", "book.xlsx", "-o", "out.xlsx"], tmp_path), "book.xlsx", CACHE)
    assert "UTF-8" in err


def test_a_workbook_without_a_workbook_content_type_says_what_is_missing(tmp_path):
    swiss_book(tmp_path / "book.xlsx", extra={"[Content_Types].xml": b'<Types xmlns="http://schemas.openxmlformats'
                                              b'.org/package/2006/content-types"/>'})
    assert_refused(run_cli(["standings", "book.xlsx"], tmp_path), "book.xlsx", "[Content_Types].xml")


def test_a_workbook_part_in_another_namespace_lists_no_sheet_and_says_so(tmp_path):
    # found: two bytes cut out of the namespace of xl/workbook.xml: check said "the workbook has no
    # worksheet", recompute "nothing to compute: no cell ... calls an xl-tiebreak function"
    swiss_book(tmp_path / "book.xlsx", workbook=lambda xml: xml.replace("spreadsheetml/2006/main", "spreadsheetml006/main"))
    for cmd in (["standings", "book.xlsx"], ["recompute", "book.xlsx", "-o", "out.xlsx"]):
        assert_refused(run_cli(cmd, tmp_path), "book.xlsx", "no worksheet", "xl/workbook.xml")


def test_a_damaged_array_formula_range_is_refused_naming_its_cell_and_check_agrees(tmp_path):
    # found: ref="J4:Q1-1" on the RESULTS anchor (Q4) was an internal error (exit 3)
    book = swiss_book(tmp_path / "book.xlsx",
                      sheets={CROSSTABLE: lambda xml: xml.replace('ref="Q4:W404"', 'ref="J4:Q1-1"', 1)})
    before = snapshot(tmp_path)
    err = assert_refused(run_cli(["recompute", book.name, "-o", "out.xlsx"], tmp_path), "book.xlsx")
    assert "Crosstable!Q4: the array formula's range 'J4:Q1-1' is not a range" in err, err
    proc = run_cli(["check", book.name], tmp_path)
    assert proc.returncode == 1 and "error    Crosstable!Q4: recompute refuses this workbook" in text(proc), text(proc)
    assert_unchanged(before, tmp_path)


def test_a_damaged_event_sheet_is_one_error_of_check_naming_the_file(tmp_path):
    # found (campaign fuzz, seed 2201): a shared-string number past the table in the Event sheet made check
    # refuse with "Event!C3: ... the workbook is damaged", naming neither the file nor listing it as a finding
    from .fuzz_runner import DEMO
    from .mutations import with_shared_strings
    made = run_cli(["workbook", str(DEMO), "-o", "made.xlsx"], tmp_path)
    assert made.returncode == 0, text(made)
    data = with_shared_strings((tmp_path / "made.xlsx").read_bytes())
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        parts = [(i.filename, z.read(i.filename)) for i in z.infolist()]
        workbook = z.read("xl/workbook.xml").decode()
        rels = z.read("xl/_rels/workbook.xml.rels").decode()
    rid = re.search(r'<sheet [^>]*name="Event"[^>]*r:id="(\w+)"', workbook).group(1)
    target = next(m.group(0) for m in re.finditer(r"<Relationship [^>]*>", rels) if f'Id="{rid}"' in m.group(0))
    event = "xl/" + re.search(r'Target="/?(?:xl/)?([^"]+)"', target).group(1)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for name, body in parts:
            if name == event:  # the sheet's last shared string points past the table
                body = re.sub(rb'(t="s"[^>]*><v>)\d+(</v>)(?!.*t="s")', rb"\g<1>99999\g<2>", body, flags=re.S)
            z.writestr(name, body)
    (tmp_path / "book.xlsx").write_bytes(out.getvalue())
    before = snapshot(tmp_path)
    check = run_cli(["check", "book.xlsx"], tmp_path)
    assert check.returncode == 1, text(check)
    assert "Event!" in text(check) and "99999" in text(check) and "damaged" in text(check)
    assert_unchanged(before, tmp_path)
    assert_refused(run_cli(["export-trf", "book.xlsx", "-o", "x.trf"], tmp_path), "book.xlsx", "Event!")
