"""Random mutations of real TRF files and workbooks for the bounded fuzz run (fixed seed): every
function takes a ``random.Random`` and bytes and returns the mutated bytes and a short label of
what it did (the label names the case in a failure).

TRF files are mutated as text (lines deleted, duplicated, swapped, columns shifted, digits changed,
bytes inserted, lines cut, other encodings and byte-order marks, huge numbers); workbooks inside the
zip (an XML part's bytes flipped, deleted or duplicated, tags cut, cell types, shared-string indices,
``r=`` references, defined names and sheet names changed) and as a zip (truncated, a CRC that does
not match, a member removed or doubled, bytes around it).
"""

from __future__ import annotations

import io
import random
import re
import struct
import zipfile
from typing import Callable, Sequence
from xml.sax.saxutils import escape

Mutation = Callable[[random.Random, bytes], tuple[bytes, str]]

# ---------------------------------------------------------------------------------------------- TRF

_NUMBERS = ("0", "-1", "00", "9" * 25, "1E+23", "1e400", "NaN", "inf", "4000", "99999", "-0", "½", "٣",
            "1.5", "12/34", "2062/13/45", "0000/00/00")
_RESULTS = "10=+-WLDHFUZ ½xX*?"
_CODES = ("001", "012", "013", "022", "032", "042", "052", "062", "072", "082", "092", "102", "112", "122",
          "132", "142", "152", "162", "172", "182", "192", "202", "212", "222", "250", "260", "300", "310",
          "320", "330", "801", "XXR", "XXS", "XXC", "BBW", "   ", "0O1", "\ufeff001")


def _lines(data: bytes) -> list[bytes]:
    return data.splitlines(keepends=True) or [b""]


def _pick_line(rng: random.Random, lines: list[bytes], player: bool = False) -> int:
    if player:
        ones = [k for k, ln in enumerate(lines) if ln.startswith(b"001")]
        if ones:
            return rng.choice(ones)
    return rng.randrange(len(lines))


def trf_delete_line(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k = _pick_line(rng, lines)
    return b"".join(lines[:k] + lines[k + 1:]), f"delete line {k + 1}"


def trf_duplicate_line(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k, at = _pick_line(rng, lines), rng.randrange(len(lines) + 1)
    return b"".join(lines[:at] + [lines[k]] + lines[at:]), f"line {k + 1} copied before line {at + 1}"


def trf_swap_lines(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    a, b = _pick_line(rng, lines), _pick_line(rng, lines)
    lines[a], lines[b] = lines[b], lines[a]
    return b"".join(lines), f"lines {a + 1} and {b + 1} swapped"


def trf_shift_columns(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k = _pick_line(rng, lines, player=rng.random() < 0.8)
    ln = lines[k]
    at = rng.randrange(max(len(ln.rstrip(b"\r\n")), 1))
    n = rng.randint(1, 4)
    if rng.random() < 0.5:
        lines[k] = ln[:at] + b" " * n + ln[at:]
        how = f"{n} spaces inserted"
    else:
        lines[k] = ln[:at] + ln[at + n:]
        how = f"{n} characters removed"
    return b"".join(lines), f"line {k + 1} column {at + 1}: {how}"


def trf_insert_bytes(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    at = rng.randrange(len(data) + 1)
    junk = bytes(rng.randrange(256) for _ in range(rng.randint(1, 8)))
    return data[:at] + junk + data[at:], f"bytes {junk!r} inserted at {at}"


def trf_change_digit(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    digits = [m.start() for m in re.finditer(rb"\d", data)]
    if not digits:
        return trf_insert_bytes(rng, data)
    out = bytearray(data)
    label = []
    for _ in range(rng.randint(1, 3)):
        at = rng.choice(digits)
        out[at] = ord(rng.choice("0123456789"))
        label.append(str(at))
    return bytes(out), "digits changed at " + ",".join(label)


def trf_cut_line(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k = _pick_line(rng, lines, player=rng.random() < 0.7)
    body = lines[k].rstrip(b"\r\n")
    at = rng.randrange(len(body) + 1)
    lines[k] = body[:at] + lines[k][len(body):]
    return b"".join(lines), f"line {k + 1} cut at column {at + 1}"


def trf_truncate(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    at = rng.randrange(len(data) + 1)
    return data[:at], f"file cut at byte {at}"


def trf_encoding(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    text = data.decode("utf-8", "replace")
    how = rng.choice(("utf-8-sig", "utf-16", "utf-16-le", "utf-32", "cp1252", "latin-1", "cp1250", "bom line",
                      "crlf", "cr", "u2028", "nul"))
    if how == "bom line":
        lines = _lines(data)
        k = _pick_line(rng, lines)
        lines[k] = b"\xef\xbb\xbf" + lines[k]
        return b"".join(lines), f"byte-order mark before line {k + 1}"
    if how == "crlf":
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r\n"), "CRLF line ends"
    if how == "cr":
        return data.replace(b"\r\n", b"\n").replace(b"\n", b"\r"), "CR line ends"
    if how == "u2028":
        return text.replace("\n", "\u2028", rng.randint(1, 5)).encode("utf-8"), "U+2028 for line ends"
    if how == "nul":
        at = rng.randrange(len(data) + 1)
        return data[:at] + b"\x00" * rng.randint(1, 4) + data[at:], f"NUL bytes at {at}"
    return text.encode(how, "replace"), f"encoded as {how}"


def trf_huge_number(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    runs = list(re.finditer(rb"\d+", data))
    if not runs:
        return trf_insert_bytes(rng, data)
    m = rng.choice(runs)
    new = rng.choice(_NUMBERS + ("9" * rng.randint(5, 400), "-" + "9" * rng.randint(5, 40)))
    if rng.random() < 0.5:  # keep the field's width, as a program that writes fixed columns would
        new = new[:len(m.group())].rjust(len(m.group()))
    return data[:m.start()] + new.encode("utf-8") + data[m.end():], f"number at {m.start()} -> {new[:30]!r}"


def trf_result(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k = _pick_line(rng, lines, player=True)
    ln = bytearray(lines[k])
    # a round's field: opponent (4), colour (1), result (1) from column 92 on, 10 wide
    spots = [c for c in range(91, len(ln.rstrip(b"\r\n"))) if (c - 91) % 10 in (5, 7, 9)]
    if not spots:
        return trf_cut_line(rng, data)
    at = rng.choice(spots)
    ch = rng.choice(_RESULTS)
    lines[k] = bytes(ln[:at]) + ch.encode("utf-8") + bytes(ln[at + 1:])
    return b"".join(lines), f"line {k + 1} column {at + 1} -> {ch!r}"


def trf_opponent(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k = _pick_line(rng, lines, player=True)
    ln = lines[k]
    starts = [c for c in range(91, len(ln.rstrip(b"\r\n")) - 3, 10)]
    if not starts:
        return trf_cut_line(rng, data)
    at = rng.choice(starts)
    new = rng.choice(("   0", "9999", "  -1", "    ", "0001", ln[4:8].decode("latin-1"), "abcd", " 1 2"))
    return b"".join(lines[:k] + [ln[:at] + new.encode("latin-1") + ln[at + 4:]] + lines[k + 1:]), \
        f"line {k + 1} opponent at column {at + 1} -> {new!r}"


def trf_record_code(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    lines = _lines(data)
    k = _pick_line(rng, lines)
    code = rng.choice(_CODES)
    lines[k] = code.encode("utf-8") + lines[k][3:]
    return b"".join(lines), f"line {k + 1} record code -> {code!r}"


def trf_flip_byte(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    if not data:
        return b"\xff", "one byte 0xff"
    out = bytearray(data)
    at = rng.randrange(len(out))
    out[at] ^= 1 << rng.randrange(8)
    return bytes(out), f"bit flipped at byte {at}"


TRF_MUTATIONS: tuple[Mutation, ...] = (
    trf_delete_line, trf_duplicate_line, trf_swap_lines, trf_shift_columns, trf_insert_bytes, trf_change_digit,
    trf_cut_line, trf_truncate, trf_encoding, trf_huge_number, trf_result, trf_opponent, trf_record_code,
    trf_flip_byte)


def mutate_trf(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    """One to three mutations of a TRF file, one after the other."""
    labels = []
    for _ in range(rng.choice((1, 1, 1, 2, 3))):
        data, label = rng.choice(TRF_MUTATIONS)(rng, data)
        labels.append(label)
    return data, "; ".join(labels)


# ------------------------------------------------------------------------------------------ workbook

_TYPES = ("s", "n", "str", "b", "e", "inlineStr", "d", "x", "")
_VALUES = ("-1", "0", "99999999", "1E+308", "1e400", "abc", "", "NaN", "inf", "-inf", "2.5", "4294967296",
           "1E+23", "-0", " 3", "3 ", "0x10", "TRUE", "#REF!", "1" * 400, "2025-13-45")
_REFS = ("ZZZZ5", "A0", "A1048577", "XFD1048576", "XFE1", "a5", "", "5A", "A", "1", "A5:B6", "$A$5", "AAAA1",
         "B4", "A-1", "A05")
_NAMES = ("Crosstable!$A:$XFD", "Crosstable!$A$1:$XFD$1048576", "Nowhere!$A$4:$P$8", "#REF!", "Crosstable!$A$4",
          "Crosstable!$Z$9:$A$1", "'Crosstable'!$A$4:$AAAA$8", "Crosstable!$A$4:$P$1048576", "", "Crosstable!A4:P8",
          "Settings!$B$1:$B$30", "Crosstable!$A$4:$P$8,Crosstable!$A$9:$P$9", "SUM(1,2)", "Crosstable!$A$0:$P$8")
_SHEET_NAMES = ("crosstable", "CROSSTABLE", "Settings", "", "Cross table", "Crosstable ", "Sheet1", "'", "A" * 40,
                "Cross&amp;table", "Crosstable\u2028", "Standings", "Cache", "Event")
_TEXTS = ("=HYPERLINK(\"x\")", "+cmd|' /C calc'!A0", "line\nfeed", "carriage\rreturn", "sep\u2028arator",
          "\u0000nul", "x" * 5000, "", " ", "½", "2w1", "1-0-1", "BYE", "WD", "-", "Šimek, Žofie", "\ufeffbom")


def _spans(xml: bytes, pattern: bytes) -> list[re.Match]:
    return list(re.finditer(pattern, xml))


def _replace(xml: bytes, m: re.Match, group: int, new: bytes) -> bytes:
    return xml[:m.start(group)] + new + xml[m.end(group):]


def xml_flip(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    if not xml:
        return b"<", "empty part -> '<'"
    out = bytearray(xml)
    at = rng.randrange(len(out))
    out[at] = rng.randrange(256)
    return bytes(out), f"byte {at} replaced"


def xml_delete(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    at = rng.randrange(len(xml) + 1)
    n = rng.choice((1, 2, 5, 20, 200, 5000))
    return xml[:at] + xml[at + n:], f"{n} bytes deleted at {at}"


def xml_duplicate(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    at = rng.randrange(len(xml) + 1)
    n = rng.choice((1, 10, 100, 1000))
    return xml[:at] + xml[at:at + n] + xml[at:], f"{n} bytes doubled at {at}"


def xml_cut_tag(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    how = rng.choice(("lt", "gt", "element", "truncate", "close"))
    if how == "truncate":
        at = rng.randrange(len(xml) + 1)
        return xml[:at], f"part cut at {at}"
    if how == "element":
        tags = _spans(xml, rb"<(c|row|v|f|t|si|sheet|definedName)\b[^>]*?(?:/>|>.*?</\1>)")
        if tags:
            m = rng.choice(tags)
            return xml[:m.start()] + xml[m.end():], f"element {m.group(0)[:40]!r} removed"
    if how == "close":
        tags = _spans(xml, rb"</[A-Za-z:]+>")
        if tags:
            m = rng.choice(tags)
            return xml[:m.start()] + xml[m.end():], f"closing tag {m.group(0)!r} removed"
    char = b"<" if how == "lt" else b">"
    spots = [m.start() for m in re.finditer(re.escape(char), xml)]
    if not spots:
        return xml_flip(rng, xml)
    at = rng.choice(spots)
    return xml[:at] + xml[at + 1:], f"{char!r} removed at {at}"


def xml_cell_type(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    cells = _spans(xml, rb'<c\b([^>]*?)(/?)>')
    if not cells:
        return xml_flip(rng, xml)
    m = rng.choice(cells)
    new_t = rng.choice(_TYPES)
    attrs = re.sub(rb'\st="[^"]*"', b"", m.group(1))
    if new_t:
        attrs += b' t="' + new_t.encode() + b'"'
    return xml[:m.start(1)] + attrs + xml[m.end(1):], f"cell {m.group(1)[:30]!r} t -> {new_t!r}"


def xml_value(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    values = _spans(xml, rb"<v>([^<]*)</v>")
    if not values:
        return xml_cell_type(rng, xml)
    m = rng.choice(values)
    new = rng.choice(_VALUES + (str(rng.randint(-5, 500)),))
    return _replace(xml, m, 1, escape(new).encode()), f"value {m.group(1)[:20]!r} -> {new[:20]!r}"


def xml_text(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    texts = _spans(xml, rb"<t(?:\s[^>]*)?>([^<]*)</t>")
    if not texts:
        return xml_value(rng, xml)
    m = rng.choice(texts)
    new = rng.choice(_TEXTS)
    enc = escape(new).replace("\r", "&#13;").replace("\u0000", "_x0000_").encode("utf-8")
    return _replace(xml, m, 1, enc), f"text {m.group(1)[:20]!r} -> {new[:20]!r}"


def xml_ref(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    refs = _spans(xml, rb'<(?:c|row)\b[^>]*?\sr="([^"]*)"')
    if not refs:
        return xml_flip(rng, xml)
    m = rng.choice(refs)
    if m.group(0).startswith(b"<row"):
        new = rng.choice(("0", "-1", "1048577", "1", "4", "99999999999", "x", ""))
    else:
        new = rng.choice(_REFS)
    return _replace(xml, m, 1, new.encode()), f"r {m.group(1)!r} -> {new!r}"


def xml_defined_name(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    names = _spans(xml, rb'<definedName\b([^>]*)>([^<]*)</definedName>')
    if not names:
        return xml_sheet_name(rng, xml)
    m = rng.choice(names)
    how = rng.random()
    if how < 0.2:
        return xml[:m.start()] + xml[m.end():], f"defined name {m.group(1)[:30]!r} removed"
    if how < 0.35:
        new = rng.choice(("crosstable", "Crosstable2", "", "Settings", "_xlnm.Print_Area"))
        attrs = re.sub(rb'name="[^"]*"', b'name="' + new.encode() + b'"', m.group(1))
        return xml[:m.start(1)] + attrs + xml[m.end(1):], f"defined name {m.group(1)[:30]!r} renamed {new!r}"
    new = rng.choice(_NAMES)
    return _replace(xml, m, 2, escape(new).encode()), f"defined name {m.group(1)[:30]!r} -> {new!r}"


def xml_sheet_name(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    sheets = _spans(xml, rb'<sheet\b[^>]*?name="([^"]*)"[^>]*?/>')
    if not sheets:
        return xml_flip(rng, xml)
    m = rng.choice(sheets)
    if rng.random() < 0.2:
        return xml[:m.start()] + xml[m.end():], f"sheet {m.group(1)!r} removed"
    new = rng.choice(_SHEET_NAMES)
    return _replace(xml, m, 1, new.encode("utf-8")), f"sheet {m.group(1)!r} renamed {new!r}"


def xml_formula(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    formulas = _spans(xml, rb"<f\b([^>]*)>([^<]*)</f>")
    if not formulas:
        return xml_value(rng, xml)
    m = rng.choice(formulas)
    if b"ref=" in m.group(1) and rng.random() < 0.5:
        new = rng.choice(("A1:XFD1048576", "Y4:Y4", "Z9:A1", "", "A:A", "Y4:AF100000"))
        attrs = re.sub(rb'ref="[^"]*"', b'ref="' + new.encode() + b'"', m.group(1))
        return xml[:m.start(1)] + attrs + xml[m.end(1):], f"array formula ref -> {new!r}"
    body = m.group(2)
    how = rng.choice(("cut", "paren", "range", "empty"))
    if how == "cut":
        new_body = body[:rng.randrange(len(body) + 1)]
    elif how == "paren":
        new_body = body + b"("
    elif how == "range":
        new_body = re.sub(rb"\$?[A-Z]{1,3}\$?\d+", b"$A$1:$XFD$1048576", body, count=1)
    else:
        new_body = b""
    return _replace(xml, m, 2, new_body), f"formula {how}"


def xml_shared_index(rng: random.Random, xml: bytes) -> tuple[bytes, str]:
    cells = _spans(xml, rb'<c\b[^>]*t="s"[^>]*><v>([^<]*)</v>')
    if not cells:
        return xml_cell_type(rng, xml)
    m = rng.choice(cells)
    new = rng.choice(("-1", "99999", "1.5", "abc", "", "0", "1", str(rng.randint(0, 40)), "1e9"))
    return _replace(xml, m, 1, new.encode()), f"shared-string index {m.group(1)!r} -> {new!r}"


XML_MUTATIONS: tuple[Mutation, ...] = (
    xml_flip, xml_delete, xml_duplicate, xml_cut_tag, xml_cell_type, xml_value, xml_text, xml_ref,
    xml_formula, xml_shared_index)


def _read_zip(data: bytes) -> list[tuple[zipfile.ZipInfo, bytes]]:
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        return [(info, z.read(info.filename)) for info in z.infolist()]


def _write_zip(members: Sequence[tuple[zipfile.ZipInfo, bytes]]) -> bytes:
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as z:
        for info, body in members:
            new = zipfile.ZipInfo(info.filename, date_time=info.date_time)
            new.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(new, body)
    return out.getvalue()


def _part_weights(names: Sequence[str]) -> list[float]:
    def weight(n: str) -> float:
        if n.endswith("sheet1.xml"):
            return 6
        if n in ("xl/workbook.xml", "xl/sharedStrings.xml"):
            return 4
        if n.startswith("xl/worksheets/"):
            return 2
        return 0.7
    return [weight(n) for n in names]


def mutate_part(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    """An XML part of the workbook mutated (the crosstable, workbook.xml and the shared strings
    most often), the zip written again with correct CRCs."""
    members = _read_zip(data)
    names = [info.filename for info, _ in members]
    k = rng.choices(range(len(members)), weights=_part_weights(names))[0]
    info, body = members[k]
    if info.filename == "xl/workbook.xml" and rng.random() < 0.6:
        fn = rng.choice((xml_defined_name, xml_sheet_name))
    else:
        fn = rng.choice(XML_MUTATIONS)
    labels = []
    for _ in range(rng.choice((1, 1, 2))):
        body, label = fn(rng, body)
        labels.append(label)
    members[k] = (info, body)
    return _write_zip(members), f"{info.filename}: " + "; ".join(labels)


def _central_entries(data: bytes) -> list[int]:
    """Offsets of the central directory's file headers."""
    out, at = [], data.rfind(b"PK\x05\x06")
    start = struct.unpack("<I", data[at + 16:at + 20])[0]
    while data[start:start + 4] == b"PK\x01\x02":
        out.append(start)
        n, m, c = struct.unpack("<HHH", data[start + 28:start + 34])
        start += 46 + n + m + c
    return out


def mutate_zip(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    """The zip itself damaged: cut, a CRC that does not match, a member removed or doubled, bytes
    of a member's compressed data flipped, junk before or after."""
    how = rng.choice(("truncate", "crc", "remove", "double", "flip", "prefix", "suffix", "stored"))
    if how == "truncate":
        at = rng.randrange(len(data))
        return data[:at], f"zip cut at byte {at} of {len(data)}"
    if how == "crc":
        entries = _central_entries(data)
        if entries:
            at = rng.choice(entries) + 16
            out = bytearray(data)
            out[at] ^= 0xFF
            return bytes(out), f"CRC of central entry at {at - 16} changed"
    members = _read_zip(data)
    if how == "remove":
        k = rng.randrange(len(members))
        name = members[k][0].filename
        return _write_zip(members[:k] + members[k + 1:]), f"member {name} removed"
    if how == "double":
        k = rng.randrange(len(members))
        info, body = members[k]
        other = xml_flip(rng, body)[0] if rng.random() < 0.5 else body
        import warnings
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            return _write_zip(members + [(info, other)]), f"member {info.filename} twice"
    if how == "flip":
        with zipfile.ZipFile(io.BytesIO(data)) as z:
            infos = [i for i in z.infolist() if i.compress_size > 0]
        info = rng.choice(infos)
        header = info.header_offset
        n, m = struct.unpack("<HH", data[header + 26:header + 30])
        at = header + 30 + n + m + rng.randrange(info.compress_size)
        out = bytearray(data)
        out[at] ^= 1 << rng.randrange(8)
        return bytes(out), f"compressed data of {info.filename} flipped at {at}"
    if how == "prefix":
        return bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))) + data, "junk before the zip"
    if how == "suffix":
        return data + bytes(rng.randrange(256) for _ in range(rng.randint(1, 64))), "junk after the zip"
    # stored members: one byte of a part changed without its CRC
    members = _read_zip(data)
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_STORED) as z:
        for info, body in members:
            z.writestr(info.filename, body)
    raw = bytearray(out.getvalue())
    with zipfile.ZipFile(io.BytesIO(bytes(raw))) as z:
        info = rng.choice([i for i in z.infolist() if i.file_size > 0])
    n, m = struct.unpack("<HH", raw[info.header_offset + 26:info.header_offset + 30])
    at = info.header_offset + 30 + n + m + rng.randrange(info.file_size)
    raw[at] = (raw[at] + 1) % 256
    return bytes(raw), f"stored {info.filename}: byte changed, CRC kept"


def mutate_book(rng: random.Random, data: bytes) -> tuple[bytes, str]:
    """A workbook mutated inside (most cases) or as a zip."""
    if rng.random() < 0.8:
        return mutate_part(rng, data)
    return mutate_zip(rng, data)


# ------------------------------------------------------------------------------------- the sources

_INLINE = re.compile(rb'<c\b([^>]*?)\st="inlineStr"([^>]*)><is><t(?:\s[^>]*)?>([^<]*)</t></is></c>')


def with_shared_strings(data: bytes) -> bytes:
    """The workbook with every inline string moved into a shared-string table, as Excel saves it
    (the templates write inline strings; the shared-string reader is fuzzed on this one)."""
    members = _read_zip(data)
    strings: dict[bytes, int] = {}

    def to_shared(m: re.Match) -> bytes:
        k = strings.setdefault(m.group(3), len(strings))
        return b"<c" + m.group(1) + b' t="s"' + m.group(2) + b"><v>" + str(k).encode() + b"</v></c>"

    out = []
    for info, body in members:
        if info.filename.startswith("xl/worksheets/"):
            body = _INLINE.sub(to_shared, body)
        elif info.filename == "xl/_rels/workbook.xml.rels":
            body = body.replace(b"</Relationships>", b'<Relationship Id="rIdSst" Type="http://schemas.openxmlformats'
                                b'.org/officeDocument/2006/relationships/sharedStrings" Target="sharedStrings.xml"/>'
                                b"</Relationships>")
        elif info.filename == "[Content_Types].xml":
            body = body.replace(b"</Types>", b'<Override PartName="/xl/sharedStrings.xml" ContentType="application/'
                                b'vnd.openxmlformats-officedocument.spreadsheetml.sharedStrings+xml"/></Types>')
        out.append((info, body))
    sst = (b'<sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="%d" uniqueCount="%d">'
           % (len(strings), len(strings)) + b"".join(b"<si><t>" + s + b"</t></si>" for s in strings) + b"</sst>")
    info = zipfile.ZipInfo("xl/sharedStrings.xml", date_time=(2025, 1, 1, 0, 0, 0))
    out.append((info, sst))
    return _write_zip(out)
