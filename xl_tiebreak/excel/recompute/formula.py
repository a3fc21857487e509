"""A small evaluator for the formulas of our workbooks: calls of the registry functions with
literal arguments, cell and range references (sheet-qualified or not), defined names, and plain
references (``=Settings!$B$7``). Excel's ``_xldudf_`` prefix for add-in functions is accepted.
A spilled table may be wrapped as ``=IFERROR(<our call>, <range>)``: the range holds the values of
the last recompute, which is what LibreOffice (and Excel without the add-in) shows.

Anything else (Excel's own functions, operators) is not evaluated: :class:`Unsupported` is
raised and the cell keeps what it had.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any, Callable, Optional, Union

from ..functions.individual import FUNCTIONS


class Unsupported(Exception):
    """A formula this evaluator does not handle (left untouched by the recompute)."""


_TOKEN = re.compile(r"""
    (?P<ws>\s+)
  | (?P<string>"(?:[^"]|"")*")
  | (?P<ref>(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?(?![\w(]))
  | (?P<number>\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)
  | (?P<name>[A-Za-z_\\][\w.]*)
  | (?P<punct>[(),:!-])
""", re.X)


@dataclass(frozen=True)
class Ref:
    """A reference: sheet title (None = the formula's sheet) and an A1 range without ``$``."""

    sheet: Optional[str]
    area: str


Node = Union["Call", Ref, str, float, bool, None, "Name"]


@dataclass(frozen=True)
class Call:
    name: str
    args: tuple


@dataclass(frozen=True)
class Name:
    name: str


def tokenize(text: str) -> list[tuple[str, str]]:
    pos = 0
    out: list[tuple[str, str]] = []
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if not m:
            raise Unsupported(f"cannot read {text[pos:pos + 10]!r}")
        kind = m.lastgroup or ""  # every alternative of _TOKEN is a named group
        if kind != "ws":
            out.append((kind, m.group()))
        pos = m.end()
    return out


def parse(formula: str) -> Node:
    """Parse ``=...`` into a tree of Call / Ref / Name / literals."""
    text = formula[1:] if formula.startswith("=") else formula
    toks = tokenize(text)
    node, i = _expr(toks, 0)
    if i != len(toks):
        raise Unsupported(f"unexpected {toks[i][1]!r}")
    return node


def _expr(toks: list, i: int) -> tuple[Node, int]:
    if i >= len(toks):
        raise Unsupported("formula ends early")
    kind, text = toks[i]
    if kind == "punct" and text == "-" and i + 1 < len(toks) and toks[i + 1][0] == "number":
        return -float(toks[i + 1][1]), i + 2
    if kind == "number":
        return float(text), i + 1
    if kind == "string":
        return text[1:-1].replace('""', '"'), i + 1
    if kind == "ref":
        sheet, _, area = text.rpartition("!")
        if sheet.startswith("'"):
            sheet = sheet[1:-1].replace("''", "'")
        return Ref(sheet or None, area.replace("$", "").upper()), i + 1
    if kind == "name":
        if i + 1 < len(toks) and toks[i + 1] == ("punct", "("):
            name = text.upper()
            if name.startswith("_XLDUDF_"):
                name = name[len("_XLDUDF_"):]
            if name not in FUNCTIONS:
                raise Unsupported(f"{text} is not one of our functions")
            args: list = []
            j = i + 2
            if j < len(toks) and toks[j] == ("punct", ")"):
                return Call(name, ()), j + 1
            while True:
                if j < len(toks) and toks[j] in (("punct", ","), ("punct", ")")):
                    args.append(None)  # an omitted argument
                else:
                    node, j = _expr(toks, j)
                    args.append(node)
                if j >= len(toks):
                    raise Unsupported("missing )")
                if toks[j] == ("punct", ")"):
                    return Call(name, tuple(args)), j + 1
                if toks[j] != ("punct", ","):
                    raise Unsupported(f"unexpected {toks[j][1]!r}")
                j += 1
        upper = text.upper()
        if upper in ("TRUE", "FALSE"):
            return upper == "TRUE", i + 1
        return Name(text), i + 1
    raise Unsupported(f"unexpected {text!r}")


def uses_our_functions(formula: str) -> bool:
    """Quick test before parsing: does the text name one of our functions (or is a plain ref)?"""
    return bool(_CALLS.search(formula)) or bool(_PLAIN_REF.match(formula))


def is_plain_ref(formula: str) -> bool:
    """``=A1`` or ``=Sheet!$B$7``: a formula that is only a reference."""
    return bool(_PLAIN_REF.match(formula))


_CALLS = re.compile(r"(?:_xldudf_)?(?:" + "|".join(sorted(FUNCTIONS, key=len, reverse=True)) + r")\s*\(",
                    re.IGNORECASE)
_PLAIN_REF = re.compile(r"^=\s*(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?\$?[A-Za-z]{1,3}\$?\d+\s*$")


def evaluate(node: Node, resolve: Callable[[Ref], Any], names: Callable[[str], Any]) -> Any:
    """Evaluate a tree; ``resolve(ref)`` gives a scalar for one cell or a 2-D tuple for a range,
    ``names(name)`` resolves a defined name the same way."""
    if isinstance(node, Call):
        args = [evaluate(a, resolve, names) for a in node.args]
        while args and args[-1] is None:
            args.pop()
        return FUNCTIONS[node.name](*args)
    if isinstance(node, Ref):
        return resolve(node)
    if isinstance(node, Name):
        return names(node.name)
    return node


_FALLBACK = re.compile(
    r"^=\s*IFERROR\s*\((?P<inner>.*),\s*(?P<ref>(?:(?:'(?:[^']|'')+'|[A-Za-z_][\w.]*)!)?"
    r"\$?[A-Za-z]{1,3}\$?\d+(?::\$?[A-Za-z]{1,3}\$?\d+)?)\s*\)\s*$", re.S | re.I)


_EMPTY_FALLBACK = re.compile(r'^=\s*IFERROR\s*\((?P<inner>.*),\s*""\s*\)\s*$', re.S | re.I)


def count_calls(formula: str) -> int:
    """How many calls of our functions a formula makes (for the bound on calls per recalculation)."""
    return len(_CALLS.findall(formula))


def split_fallback(formula: str) -> tuple[str, "Ref | str | None"]:
    """``=IFERROR(CALL(...), Cache!$A$1:$H$9)`` -> (``=CALL(...)``, the range);
    ``=IFERROR(CALL(...), "")`` -> (``=CALL(...)``, ""); any other formula -> (itself, None).
    Only a call of ours is unwrapped."""
    m = _FALLBACK.match(formula)
    if not m:
        e = _EMPTY_FALLBACK.match(formula)
        if e:
            try:
                if isinstance(parse("=" + e.group("inner").strip()), Call):
                    return "=" + e.group("inner").strip(), ""
            except Unsupported:
                pass
        return formula, None
    inner = "=" + m.group("inner").strip()
    try:
        node = parse(inner)
    except Unsupported:
        return formula, None
    if not isinstance(node, Call):
        return formula, None
    ref = parse("=" + m.group("ref"))
    return (inner, ref) if isinstance(ref, Ref) else (formula, None)
