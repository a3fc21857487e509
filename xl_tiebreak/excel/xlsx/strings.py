"""The shared strings of a workbook (``xl/sharedStrings.xml``), and the text of a rich-text string
(its runs joined, phonetic hints left out), as openpyxl reads them.
"""

from __future__ import annotations

from typing import Any, Optional

from . import safe_xml
from .parts import MAIN
from .safe_xml import Unusual

_SI, _T = MAIN + "si", MAIN + "t"
_STRING_TAGS = frozenset((_SI,))  # what the reading of the shared strings looks at


def shared_strings(data: bytes, path: str) -> list[str]:
    """The shared strings: each one's text (rich text runs joined, phonetic hints left out).
    Read off the part's tree when each ``<si>`` is a child of the root, else (and on any error,
    so that the error is the one it always was) from the parser's events, as openpyxl reads them:
    each ``<si>`` wherever it is, when it ends."""
    try:
        return _strings_grown(data, path)
    except Exception:  # Unusual, or an error the events give again
        return [text_of(si).replace("x005F_", "") for si in safe_xml.stream(data, path, _STRING_TAGS)]


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
        out.append(text.replace("x005F_", ""))
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
