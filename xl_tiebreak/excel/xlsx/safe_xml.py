"""XML parts of a workbook parsed fast and safely.

The C parser of the standard library (``xml.etree``) is used for speed, after a check that the
part declares no DTD: without one there are no entity declarations, so no entity expansion
(billion laughs, quadratic blow-up) and no external entities can happen. No spreadsheet program
writes a DTD into a workbook part, so any DTD is refused. Big parts (sheets, shared strings) are
parsed as a stream (:func:`stream`), or read off their tree while it grows (:func:`children`), so
memory stays small whatever the part's size.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from typing import Callable, Iterator, Optional, cast
from xml.parsers import expat

from ...errors import InputError

CHUNK = 1 << 16


class _Prolog(Exception):
    """The root element started: the prolog held no DTD."""


def refuse_dtd(data: bytes, part: str) -> None:
    """Raise InputError when the part declares a DTD (checked in its prolog only, so cheap)."""
    parser = expat.ParserCreate()

    def doctype(*_args: object) -> None:
        raise InputError(f"the part {part} declares a DTD (refused: it could hide an XML bomb)")

    def root(*_args: object) -> None:
        raise _Prolog

    parser.StartDoctypeDeclHandler = doctype
    parser.StartElementHandler = root
    try:
        for i in range(0, len(data), CHUNK):
            parser.Parse(data[i:i + CHUNK], False)
        parser.Parse(b"", True)
    except _Prolog:
        return
    except (expat.ExpatError, LookupError) as exc:  # LookupError: an encoding Python does not know
        raise InputError(f"the part {part} is not well-formed XML ({exc})") from None
    except LookupError as exc:  # an XML declaration naming an encoding Python does not know
        raise InputError(f"the part {part} declares an unknown encoding ({exc})") from None


def parse(data: bytes, part: str) -> ET.Element:
    """The root element of a small part."""
    refuse_dtd(data, part)
    try:
        return ET.fromstring(data)
    except (ET.ParseError, LookupError) as exc:  # LookupError: an encoding Python does not know
        raise InputError(f"the part {part} is not well-formed XML ({exc})") from None


def stream(data: bytes, part: str, tags: "frozenset[str] | set[str]") -> Iterator[ET.Element]:
    """Each element whose tag (``{namespace}name``) is in ``tags``, when it ends, in document
    order; it is emptied after the caller has seen it, so the tree never holds the whole part."""
    refuse_dtd(data, part)
    parser: ET.XMLPullParser[ET.Element] = ET.XMLPullParser(("end",))
    view = memoryview(data)
    try:
        for i in range(0, len(data), CHUNK):
            parser.feed(view[i:i + CHUNK])
            yield from _wanted(parser, tags)
        parser.close()
        yield from _wanted(parser, tags)
    except (ET.ParseError, LookupError) as exc:  # LookupError: an encoding Python does not know
        raise InputError(f"the part {part} is not well-formed XML ({exc})") from None


def _wanted(parser: "ET.XMLPullParser[ET.Element]", tags: "frozenset[str] | set[str]") -> Iterator[ET.Element]:
    events = cast("Iterator[tuple[str, ET.Element]]", parser.read_events())  # "end" events: elements
    for _event, el in events:
        if el.tag in tags:
            yield el
            el.clear()


class Unusual(Exception):
    """A part not shaped as its reader expects: to be read another way (by :func:`stream`)."""


PROLOG_CHUNKS = 4  # the chunks :func:`children` parses at most before it has found its element


def children(data: bytes, part: str,
             parent: Callable[[ET.Element], Optional[ET.Element]]) -> Iterator[ET.Element]:
    """Each child of one element of the part, in document order, once the child is complete; it
    is then removed from the tree, so that the tree never holds the whole part. ``parent`` is
    given the root after each chunk is parsed until it gives the element (None: not yet started).

    Faster than :func:`stream`: the parser reports no events, the tree is looked at once a chunk.
    Unusual when no element is given after a few chunks (or by the end), or where this Python
    cannot show the tree before the end (see :func:`_root_so_far`)."""
    holder = None
    for chunks, (root, done) in enumerate(_grow(data, part), 1):
        if holder is None and root is not None:
            holder = parent(root)
        if holder is None:
            if done or chunks >= PROLOG_CHUNKS:
                raise Unusual(f"the part {part} is not read off its tree")
            continue
        complete = len(holder) if done else max(len(holder) - 1, 0)  # the last child may grow
        got = holder[:complete]
        del holder[:complete]
        yield from got


def _grow(data: bytes, part: str) -> Iterator[tuple[Optional[ET.Element], bool]]:
    """The part's tree while it is parsed, a chunk at a time: (its root, False) after each chunk,
    then (its root, True) once the whole part is parsed; the root None until its start tag is
    parsed, and wherever this Python cannot show the tree before the end."""
    refuse_dtd(data, part)
    builder = ET.TreeBuilder()
    parser = ET.XMLParser(target=builder)
    view = memoryview(data)
    try:
        for i in range(0, len(data), CHUNK):
            parser.feed(view[i:i + CHUNK])
            yield _root_so_far(builder), False
        root = parser.close()
    except (ET.ParseError, LookupError) as exc:  # LookupError: an encoding Python does not know
        raise InputError(f"the part {part} is not well-formed XML ({exc})") from None
    yield root, True


def _root_so_far(builder: ET.TreeBuilder) -> Optional[ET.Element]:
    """The root element a tree builder is building, or None.

    Relies on a detail of CPython's C TreeBuilder: its ``close()`` only returns the root, and may
    be called before the end. The pure-Python one asserts instead that every element has ended
    (an AssertionError here); then, or when anything but an element comes back, None, and the
    caller reads the part another way."""
    try:
        root = builder.close()
    except AssertionError:
        return None
    return root if isinstance(root, ET.Element) else None


def holds(el: ET.Element, tags: "frozenset[str]", below: bool = False) -> bool:
    """Does the element (or, ``below``, anything under it) carry one of ``tags``?"""
    it = el.iter()
    if below:
        next(it)
    return any(e.tag in tags for e in it)
