"""The shared strings of a workbook (``xl/sharedStrings.xml``), and the text of a rich-text string
(its runs joined, phonetic hints left out), as openpyxl reads them; and a cell text's escapes
(``_x000D_``) read as Excel reads them (:func:`unescape`).
"""

from __future__ import annotations

import re
from typing import Any, Optional

from . import safe_xml
from .parts import MAIN
from .safe_xml import Unusual

_SI, _T = MAIN + "si", MAIN + "t"
_ESCAPE = re.compile(r"_x([0-9A-Fa-f]{4})_")


def unescape(text: str) -> str:
    """A cell's text as Excel shows it (ECMA-376 Part 1, 22.9.2.19 ST_Xstring): ``_xHHHH_`` is the
    character HHHH, the form Excel writes a carriage return or another character XML cannot carry
    in (``Smith_x000D_`` is ``Smith`` and a CR), and ``_x005F_`` an underscore, so that
    ``_x005F_x000D_`` is the text ``_x000D_`` itself. (openpyxl only drops ``x005F_``: a name
    pasted with a line break read as ``Smith_x000D_`` there.) The escapes are of UTF-16 code units:
    a surrogate pair (``_xD83D__xDE00_``) is the one character it encodes; a lone surrogate, which
    is no character, stays the text it is (``_xD800_``).

    >>> unescape("A_x000D_B"), unescape("_xD83D__xDE00_") == "\\U0001F600", unescape("Smith_xD800_, Ann")
    ('A\\rB', True, 'Smith_xD800_, Ann')
    """
    if "_x" not in text:
        return text
    out: list[str] = []
    at = 0
    high: "Optional[re.Match[str]]" = None  # a high surrogate's escape, waiting for its low half
    for m in _ESCAPE.finditer(text):
        code = int(m.group(1), 16)
        if high is not None:
            if m.start() == high.end() and 0xDC00 <= code <= 0xDFFF:
                out.append(chr(0x10000 + ((int(high.group(1), 16) - 0xD800) << 10) + (code - 0xDC00)))
                at, high = m.end(), None
                continue
            out.append(high.group())  # alone: the text it is
            at, high = high.end(), None
        out.append(text[at:m.start()])
        at = m.end()
        if 0xD800 <= code <= 0xDBFF:
            high = m
        else:
            out.append(m.group() if 0xDC00 <= code <= 0xDFFF else chr(code))
    if high is not None:
        out.append(high.group())
    out.append(text[at:])
    return "".join(out)


_STRING_TAGS = frozenset((_SI,))  # what the reading of the shared strings looks at


def shared_strings(data: bytes, path: str) -> list[str]:
    """The shared strings: each one's text (rich text runs joined, phonetic hints left out).
    Read off the part's tree when each ``<si>`` is a child of the root, else (and on any error,
    so that the error is the one it always was) from the parser's events, as openpyxl reads them:
    each ``<si>`` wherever it is, when it ends."""
    try:
        return _strings_grown(data, path)
    except Exception:  # Unusual, or an error the events give again
        return [unescape(text_of(si)) for si in safe_xml.stream(data, path, _STRING_TAGS)]


def _strings_grown(data: bytes, path: str) -> list[str]:
    """The shared strings read off the growing tree: the root's ``<si>`` children; Unusual for an
    ``<si>`` anywhere else."""
    out: list[str] = []
    for si in safe_xml.children(data, path, _string_table):
        if si.tag != _SI:
            if safe_xml.holds(si, _STRING_TAGS):
                raise Unusual
            continue
        if len(si) == 1 and si[0].tag == _T and not len(si[0]):  # the usual <si><t>text</t></si>
            text = si[0].text or ""
        elif safe_xml.holds(si, _STRING_TAGS, below=True):
            raise Unusual
        else:
            text = text_of(si)
        out.append(unescape(text))
    return out


def _string_table(root: Any) -> Any:
    """The element whose children are the shared strings: the root (Unusual if it is one)."""
    if root.tag == _SI:
        raise Unusual
    return root


def text_of(node: Any) -> str:
    """The text of an ``<si>`` or ``<is>``: its ``<t>``, then the ``<t>`` of each ``<r>`` run."""
    plain: Optional[str] = None
    runs = []
    for child in node:
        tag = child.tag.rpartition("}")[2]
        if tag == "t":
            plain = child.text
        elif tag == "r":
            t = None
            for part in child:
                if part.tag.rpartition("}")[2] == "t":
                    t = part.text
            if t is not None:
                runs.append(t)
    return (plain or "") + "".join(runs)
