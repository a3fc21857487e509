"""The text encoding of a TRF file: the one a file is read in when none is given
(:func:`detect_encoding`), the check of one a user names (:func:`check_encoding`), and the one a
file is written in (:func:`encode_trf`).

FIDE's reference engine reads a TRF as Latin-1 unless told otherwise (gacrux's ``-b``): a name
written in UTF-8 with ``ü``, ``ß`` or ``ł`` takes two bytes there, and every later column of its
line moves (a rating read as a federation, a file refused). So a file is written in one byte per
character whenever its text allows: in the encoding the file read came in (Swiss-Manager writes
Windows-1252), Windows-1252 for a workbook; UTF-8 only when a character has no place there, and
then the note says so. Our reader (:func:`~xl_tiebreak.trf.reader.decode_trf`) reads each back as
written: UTF-8 first, else Windows-1252 or Latin-1, which agree on every character Windows-1252
writes outside 0x80-0x9F, and the bytes 0x80-0x9F make it choose Windows-1252 (or, where
Windows-1252 has no letter for one of them, Windows-1250).
"""

from __future__ import annotations

import codecs
import re
import warnings
from dataclasses import dataclass
from typing import Optional

from ..errors import InputError
from ..number_text import is_digits

__all__ = ["EncodedTrf", "encode_trf", "encoding_label", "check_encoding", "detect_encoding", "C1_BYTES"]

#: what a workbook's TRF is written in when every character fits
DEFAULT = "cp1252"

_UTF8 = ("utf-8", "utf-8-sig")

_LABELS = {"cp1252": "Windows-1252", "iso8859-1": "Latin-1", "utf-8": "UTF-8", "ascii": "ASCII"}

_READER = "FIDE's reference engine reads it only when told so (gacrux -b utf-8): it reads a TRF as Latin-1"

#: bytes 0x80-0x9F: letters in Windows-1252 (Š, Ž, €, quotes) and Windows-1250 (Ś, Ť, Ź, ť, ź), control
#: codes in Latin-1
C1_BYTES = re.compile(rb"[\x80-\x9f]")

#: letters of several scripts: a single-byte encoding writes each in one byte or not at all
_PROBE = "éŁЖ€αあ中"
_EXAMPLES = "e.g. cp1252, latin-1, cp1250, utf-8"


def check_encoding(name: str, option: str = "--encoding", *, writing: bool = False) -> str:
    """Python's name of the encoding a user names for a TRF file, read or written: UTF-8, or a
    single-byte encoding that writes ASCII as ASCII (``cp1252``, ``latin-1``, ``cp1250``, ``koi8-r``
    ...), the encodings a TRF's fixed columns and FIDE's reference (gacrux ``-b``) read alike. An
    :class:`~xl_tiebreak.errors.InputError` naming ``option`` for an unknown name, for a codec that is
    no text encoding (``rot13``, ``base64``) and for one a TRF cannot be in (``utf-16``, ``idna``,
    ``big5``: characters of several bytes, or ASCII written otherwise). ``utf-8-sig`` is UTF-8 for
    reading (a byte-order mark is dropped anyway); ``writing``, it is refused: the mark before
    record 012 hides the record from FIDE's reference."""
    try:
        key = codecs.lookup(name).name
    except (LookupError, ValueError, TypeError):
        raise InputError(f"unknown encoding {name!r} ({_EXAMPLES})", option) from None
    if key == "utf-8-sig":
        if writing:
            raise InputError("utf-8-sig writes a byte-order mark before record 012, which FIDE's reference engine "
                             "then does not read as 012; give utf-8", option)
        return "utf-8"
    if key == "utf-8" or _single_byte(key):
        return key
    raise InputError(f"{name!r} is not an encoding a TRF file can be in: give UTF-8 or a single-byte encoding that "
                     f"writes ASCII as ASCII ({_EXAMPLES}), as FIDE's reference engine reads it", option)


def _single_byte(key: str) -> bool:
    """Whether codec ``key`` is a text encoding of one byte per character that reads ASCII as ASCII."""
    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")  # (unicode_escape warns of the bytes it reads)
            for ch in _PROBE:
                try:
                    if len(ch.encode(key)) != 1:
                        return False
                except UnicodeEncodeError:
                    pass
            return (bytes(range(128)).decode(key) == "".join(map(chr, range(128)))
                    and len(bytes(range(256)).decode(key, "replace")) == 256)
    except (LookupError, UnicodeError, ValueError, TypeError):  # rot13, base64, idna, punycode ...
        return False


def detect_encoding(raw: bytes) -> str:
    """The encoding a TRF file is read in when none is given: ``utf-8`` when its bytes are UTF-8;
    else, when it holds a byte 0x80-0x9F (never Latin-1 text: control codes there), ``cp1252``
    (Windows-1252: ``Š``, ``Ž``, ``€``) when every byte is Windows-1252, else ``cp1250``
    (Windows-1250, Central European: ``Ť`` 0x8D, ``Ź`` 0x8F, ``ť`` 0x9D, ``ź`` 0x9F) when every
    byte is that; else ``latin-1`` (what Windows-1252 writes outside 0x80-0x9F is read the same
    there)."""
    try:
        raw.decode("utf-8")
        return "utf-8"
    except UnicodeDecodeError:
        pass
    if C1_BYTES.search(raw):
        for guess in ("cp1252", "cp1250"):
            try:
                raw.decode(guess)
                return guess
            except UnicodeDecodeError:
                pass
    return "latin-1"


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
    """The bytes of a TRF text. ``encoding``: the one the user chose for the file written
    (``--encoding``, :func:`check_encoding`); a character it cannot write is an
    :class:`~xl_tiebreak.errors.InputError` naming its line and column. Else ``source``: the
    encoding the file read came in. Else Windows-1252 when every character fits, UTF-8 when one
    does not (with a note naming it). A single-byte file that our reader would read back as other
    characters without being told its encoding gets a note saying how to read it; one whose bytes
    happen to form UTF-8 (``Ã©`` typed in a name) is written in UTF-8 instead, unless the encoding
    was chosen."""
    name = check_encoding(encoding, writing=True) if encoding else check_encoding(source) if source else DEFAULT
    try:
        data = text.encode(name)
    except UnicodeEncodeError as exc:
        if encoding:
            raise InputError(f"{text[exc.start]!r} ({_place(text, exc.start)}) cannot be written in "
                             f"{encoding_label(name)}; give --encoding utf-8, or an encoding that has it",
                             "--encoding") from None
        where = f"{encoding_label(name)}{', the encoding of the file read' if source else ''}"
        return EncodedTrf(text.encode("utf-8"), "utf-8", f"written in UTF-8: {text[exc.start]!r} "
                          f"({_place(text, exc.start)}) has no place in {where}; {_READER}; or give --encoding "
                          "with a single-byte encoding that has every character (e.g. cp1250)")
    why = "as asked" if encoding else "as the file read was"
    if name == "utf-8" or data.isascii():
        return EncodedTrf(data, name, _utf8_note(text, name, why))
    guess = detect_encoding(data)
    if data.decode(guess) == text:
        return EncodedTrf(data, name)
    if guess == "utf-8" and not encoding:
        return EncodedTrf(text.encode("utf-8"), "utf-8", f"written in UTF-8: its {encoding_label(name)} bytes would "
                          f"be UTF-8 too, which a reader takes them for (other characters); {_READER}")
    said = "" if encoding else f" ({why})"
    return EncodedTrf(data, name, f"written in {encoding_label(name)}{said}: this program reads it back with "
                      f"--encoding {encoding or source} (without it, it tries UTF-8, then Windows-1252, Windows-1250 "
                      "or Latin-1)")


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
    if line[:3] == "001" and is_digits(line[4:8].strip()):
        where += f": player {int(line[4:8])}'s record"
    return where
