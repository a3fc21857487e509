"""Shared formulas: Excel stores a formula filled down or across once (``<f t="shared" si="0"
ref="R5:R404">SCORE(A5,Crosstable)</f>``) and the other cells only point at it (``<f
t="shared" si="0"/>``). A cell's own formula is the first one with its relative references moved
by the cell's distance from the first cell (``SCORE(A6,Crosstable)`` one row down).

The formula is cut into pieces the way openpyxl's tokenizer cuts it (so a workbook reads the same
here as through openpyxl): operands (references, names, numbers), string literals, operators,
function openings, brackets, separators and spaces (a run of spaces is kept as one).

>>> shift(pieces("=SUM(A1:B$2,$C3)*2"), 2, 1)
'=SUM(B3:C$2,$C5)*2'
"""

from __future__ import annotations

import re

from .a1 import column_letter, column_number

OPERAND, STRING, OTHER = "operand", "string", "other"

_ENDS = frozenset(',;}) +-*/^&=><%')  # characters that end an operand
_SCIENTIFIC = re.compile(r"[1-9](?:\.[0-9]+)?[Ee]")
_QUOTED = {'"': re.compile(r'"(?:[^"]*"")*[^"]*"(?!")'), "'": re.compile(r"'(?:[^']*'')*[^']*'(?!')")}
_ERRORS = ("#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA")
_SPACES = re.compile(r"[ \n]+")
_CLOSER = {"(": ")", "{": "}"}


def pieces(formula: str) -> list[tuple[str, str]]:
    """``=...`` cut into (kind, text) pieces, kind one of OPERAND, STRING or OTHER; their texts
    joined give the formula back (without its ``=``; runs of spaces shortened to one).
    ValueError for unbalanced brackets, quotes or parentheses and unknown ``#`` errors."""
    if not formula.startswith("="):
        raise ValueError("a formula starts with =")
    out: list[tuple[str, str]] = []
    word: list[str] = []  # the operand being read
    opened: list[str] = []
    i, n = 1, len(formula)

    def end_word() -> None:
        if word:
            out.append((OPERAND, "".join(word)))
            word.clear()

    while i < n:
        ch = formula[i]
        if ch in "+-" and word and _SCIENTIFIC.fullmatch("".join(word)):
            word.append(ch)  # 1E+5: the sign belongs to the number
            i += 1
            continue
        if ch in _ENDS:
            end_word()
        if ch in _QUOTED:
            if word and word[-1] != ":":
                raise ValueError(f"unexpected {ch} at {i} in {formula!r}")
            m = _QUOTED[ch].match(formula, i)
            if m is None:
                raise ValueError(f"unclosed {ch} in {formula!r}")
            if ch == '"':
                out.append((STRING, m.group()))
            else:
                word.append(m.group())  # a quoted sheet name is part of the reference
            i = m.end()
        elif ch == "[":
            depth, j = 0, i
            while j < n:
                depth += (formula[j] == "[") - (formula[j] == "]")
                j += 1
                if depth == 0:
                    break
            if depth:
                raise ValueError(f"unmatched [ in {formula!r}")
            word.append(formula[i:j])
            i = j
        elif ch == "#":
            if word and word[-1] != "!":
                raise ValueError(f"unexpected # at {i} in {formula!r}")
            code = next((e for e in _ERRORS if formula.startswith(e, i)), None)
            if code is None:
                raise ValueError(f"unknown error code at {i} in {formula!r}")
            out.append((OPERAND, "".join(word) + code))
            word.clear()
            i += len(code)
        elif ch in " \n":
            out.append((OTHER, ch))
            spaces = _SPACES.match(formula, i)
            assert spaces is not None  # formula[i] is a space
            i = spaces.end()
        elif ch in "+-*/^&=><%":
            op = formula[i:i + 2] if formula[i:i + 2] in (">=", "<=", "<>") else ch
            out.append((OTHER, op))
            i += len(op)
        elif ch in "({":
            if ch == "{" and word:
                raise ValueError(f"unexpected {{ at {i} in {formula!r}")
            out.append((OTHER, "".join(word) + ch))  # a function's name and its (
            word.clear()
            opened.append(ch)
            i += 1
        elif ch in ")}":
            if not opened or _CLOSER[opened.pop()] != ch:
                raise ValueError(f"unbalanced {ch} in {formula!r}")
            out.append((OTHER, ch))
            i += 1
        elif ch in ",;":
            out.append((OTHER, ch))
            i += 1
        else:
            word.append(ch)
            i += 1
    end_word()
    return out


def shift(parts: list[tuple[str, str]], rows: int, cols: int) -> str:
    """The formula of ``parts`` with its relative references moved ``rows`` down and ``cols``
    right (``$`` parts stay); ValueError when a reference would leave the sheet."""
    return "=" + "".join(_move(text, rows, cols) if kind == OPERAND else text for kind, text in parts)


_ROWS = re.compile(r"(\$?[1-9][0-9]{0,6}):(\$?[1-9][0-9]{0,6})")
_COLUMNS = re.compile(r"(\$?[A-Za-z]{1,3}):(\$?[A-Za-z]{1,3})")
_CELL = re.compile(r"(\$?[A-Za-z]{1,3})(\$?[1-9][0-9]{0,6})")


def _move(operand: str, rows: int, cols: int) -> str:
    """One operand moved: ``A1``, ``A1:B2``, ``A:C``, ``1:3``, optionally after ``Sheet!``;
    names, numbers and errors come back unchanged."""
    sheet, bang, area = operand.rpartition("!")
    return sheet + bang + _move_area(area, rows, cols)


def _move_area(area: str, rows: int, cols: int) -> str:
    m = _ROWS.fullmatch(area)
    if m:
        return f"{_row(m.group(1), rows)}:{_row(m.group(2), rows)}"
    m = _COLUMNS.fullmatch(area)
    if m:
        return f"{_column(m.group(1), cols)}:{_column(m.group(2), cols)}"
    if ":" in area:
        return ":".join(_move_area(p, rows, cols) for p in area.split(":"))
    m = _CELL.fullmatch(area)
    if m:
        return _column(m.group(1), cols) + _row(m.group(2), rows)
    return area


def _row(text: str, by: int) -> str:
    if text.startswith("$"):
        return text
    row = int(text) + by
    if row <= 0:
        raise ValueError("a shared formula refers above row 1")
    return str(row)


def _column(text: str, by: int) -> str:
    if text.startswith("$"):
        return text
    return column_letter(column_number(text) + by)
