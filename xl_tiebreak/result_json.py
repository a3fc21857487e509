"""The JSON document of a result's rows, individual or team (``compute``/``standings --format
json``): one writer for both sides.

The document is the head's fields, then the rows (``players`` or ``teams``), laid out as
``json.dumps(doc, ensure_ascii=False, indent=1)`` lays it out. The rows are written from ready
JSON texts through one template (the individual side makes them column by column: an event's
thousands of cells repeat a few hundred values), and a head value given as :class:`Raw` text is
placed as it is (a compact object on one line, as some fields have always been written).

>>> print(document([("edition", "fide2026"), ("live", False)], "players", [("no", None), ("values", 2)],
...                [("1", "1.5", "null")]), end="")
{
 "edition": "fide2026",
 "live": false,
 "players": [
  {
   "no": 1,
   "values": [
    1.5,
    null
   ]
  }
 ]
}
"""

from __future__ import annotations

from fractions import Fraction
from json import dumps
from json.encoder import encode_basestring
from typing import Iterable, Optional, Sequence

__all__ = ["Raw", "document", "number_text", "number", "string"]

#: a string as JSON text, as ``json.dumps(..., ensure_ascii=False)`` writes it
string = encode_basestring


class Raw(str):
    """A head value that is JSON text already: written as it is."""


def number_text(num: int, den: int) -> str:
    """``json.dumps(json_number(Fraction(num, den)))`` without the detour: an integer when whole,
    else the float (``int / int`` rounds correctly, as ``float(Fraction)`` does) as JSON writes it."""
    return str(num // den) if num % den == 0 else float.__repr__(num / den)


def number(v: Optional[Fraction]) -> str:
    """A value as JSON text: its :func:`number_text`, ``null`` when undefined."""
    return "null" if v is None else number_text(v.numerator, v.denominator)


def _field(key: str, value: object) -> str:
    text = value if isinstance(value, Raw) else dumps(value, ensure_ascii=False, indent=1).replace("\n", "\n ")
    return f"{string(key)}: {text}"


def document(head: Sequence[tuple[str, object]], key: str, fields: Sequence[tuple[str, Optional[int]]],
             rows: Iterable[Sequence[str]]) -> str:
    """The document ``{head..., key: [rows]}``, with its final newline. ``fields``: each row's
    keys in order, with ``None`` for one value or ``n`` for a list of ``n`` values; a row gives
    the values' JSON texts in that order, a list's flattened."""
    parts = []
    for name, n in fields:
        if n is None:
            parts.append(f"{string(name)}: %s")
        else:
            items = ("[\n" + ",\n".join(["    %s"] * n) + "\n   ]") if n else "[]"
            parts.append(f"{string(name)}: {items}")
    item = "  {\n   " + ",\n   ".join(parts) + "\n  }"
    lines = [item % tuple(row) for row in rows]
    body = [_field(k, v) for k, v in head]
    body.append(f"{string(key)}: " + ("[\n" + ",\n".join(lines) + "\n ]" if lines else "[]"))
    return "{\n " + ",\n ".join(body) + "\n}\n"
