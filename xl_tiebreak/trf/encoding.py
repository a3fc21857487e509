"""The text encoding of a TRF file written (:func:`encode_trf`).

FIDE's reference engine reads a TRF as Latin-1 unless told otherwise (gacrux's ``-b``): a name
written in UTF-8 with ``ü``, ``ß`` or ``ł`` takes two bytes there, and every later column of its
line moves (a rating read as a federation, a file refused). So a file is written in one byte per
character whenever its text allows: in the encoding the file read came in (Swiss-Manager writes
Windows-1252), Windows-1252 for a workbook; UTF-8 only when a character has no place there, and
then the note says so. Our reader (:func:`~xl_tiebreak.trf.reader.decode_trf`) reads each back as
written: UTF-8 first, else Windows-1252 or Latin-1, which agree on every character Windows-1252
writes outside 0x80-0x9F, and the bytes 0x80-0x9F make it choose Windows-1252.
"""

from __future__ import annotations

import codecs
from dataclasses import dataclass
from typing import Optional

from ..errors import InputError

__all__ = ["EncodedTrf", "encode_trf", "encoding_label"]

#: what a workbook's TRF is written in when every character fits
DEFAULT = "cp1252"

#: the encodings our reader reads a file in when it is not told (:func:`~xl_tiebreak.trf.reader.detect_encoding`)
_GUESSED = ("utf-8", "utf-8-sig", "cp1252", "iso8859-1", "ascii")
_UTF8 = ("utf-8", "utf-8-sig")

_LABELS = {"cp1252": "Windows-1252", "iso8859-1": "Latin-1", "utf-8": "UTF-8", "ascii": "ASCII"}

_READER = "FIDE's reference engine reads it only when told so (gacrux -b utf-8): it reads a TRF as Latin-1"


@dataclass(frozen=True)
class EncodedTrf:
    """A TRF text as the bytes to write, the encoding they are in (Python's name of it) and, where
    the file is UTF-8 and not plain ASCII, a note for the user (else ``None``)."""

    data: bytes
    encoding: str
    note: Optional[str] = None


def encoding_label(name: str) -> str:
    """An encoding's name as users know it: ``Windows-1252``, ``Latin-1``, ``UTF-8``, or the codec's."""
    key = codecs.lookup(name).name
    return _LABELS.get(key, key)


def encode_trf(text: str, encoding: Optional[str] = None, source: Optional[str] = None) -> EncodedTrf:
    """The bytes of a TRF text. ``encoding``: the one the user chose (``--encoding``); a character it
    cannot write is an :class:`~xl_tiebreak.errors.InputError` naming its line and column. Else
    ``source``: the encoding the file read came in. Else Windows-1252 when every character fits,
    UTF-8 when one does not (with a note naming it). A single-byte file whose bytes happen to form
    UTF-8 (``Ã©`` typed in a name) would be read back as other characters: it is written in UTF-8
    instead (``source`` or the default; a note says why), or, for the encoding chosen, a note says
    how to read it."""
    if encoding:
        try:
            name = codecs.lookup(encoding).name
        except LookupError:
            raise InputError(f"unknown encoding {encoding!r} (e.g. cp1252, latin-1, utf-8, cp1250)",
                             "--encoding") from None
        try:
            data = text.encode(name)
        except UnicodeEncodeError as exc:
            raise InputError(f"{text[exc.start]!r} ({_place(text, exc.start)}) cannot be written in "
                             f"{encoding_label(name)}; give --encoding utf-8, or an encoding that has it",
                             "--encoding") from None
        if _misread(data, name) or (name not in _GUESSED and not data.isascii()):
            return EncodedTrf(data, name, f"written in {encoding_label(name)}: this program reads it back with "
                              f"--encoding {encoding} (without it, it tries UTF-8, then Windows-1252 or Latin-1)")
        return EncodedTrf(data, name, _utf8_note(text, name, "as asked"))
    name = codecs.lookup(source).name if source else DEFAULT
    try:
        data = text.encode(name)
    except UnicodeEncodeError as exc:
        where = f"{encoding_label(name)}{', the encoding of the file read' if source else ''}"
        return EncodedTrf(text.encode("utf-8"), "utf-8", f"written in UTF-8: {text[exc.start]!r} "
                          f"({_place(text, exc.start)}) has no place in {where}; {_READER}; or give --encoding "
                          "with a single-byte encoding that has every character (e.g. cp1250)")
    if _misread(data, name):
        return EncodedTrf(text.encode("utf-8"), "utf-8", f"written in UTF-8: its {encoding_label(name)} bytes would "
                          f"be UTF-8 too, which a reader takes them for (other characters); {_READER}")
    return EncodedTrf(data, name, _utf8_note(text, name, "as the file read was"))


def _misread(data: bytes, name: str) -> bool:
    """Whether single-byte ``data`` would be taken for UTF-8 (and so read as other characters)."""
    if name in _UTF8 or data.isascii():
        return False
    try:
        data.decode("utf-8")
        return True
    except UnicodeDecodeError:
        return False


def _utf8_note(text: str, name: str, why: str) -> Optional[str]:
    """The note of a UTF-8 file that is not plain ASCII (FIDE's reference engine must be told)."""
    if name not in _UTF8 or text.isascii():
        return None
    return f"written in UTF-8 ({why}); {_READER}"


def _place(text: str, at: int) -> str:
    """Where a character of a TRF text is: its line and column, and the player of a 001 record."""
    start = text.rfind("\n", 0, at) + 1
    line = text[start:text.find("\n", at) if "\n" in text[at:] else len(text)]
    where = f"line {text.count(chr(10), 0, at) + 1}, column {at - start + 1}"
    if line[:3] == "001" and line[4:8].strip().isdigit():
        where += f": player {int(line[4:8])}'s record"
    return where
