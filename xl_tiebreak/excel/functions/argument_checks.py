"""The checks every Excel function's call goes through before the function runs: too many,
unknown or missing arguments, a range where one value goes, a table that is no range, a
spreadsheet error value (``#REF!``) in an argument; and every error of the package named with the
function (``BUCHHOLZ: edition: unknown rule edition 'fide1999'...``), so a cell's message says which
formula went wrong. :func:`.functions.registry.worksheet_function` wraps each function with them.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Optional

from ...errors import InputError, TiebreakError
from ...notation import spreadsheet_error
from ..ranges.arguments import shown
from .cache import read_last, seen_range
from .parameters import PARAMETER_DOCS, TABLES, takes_a_range


class _Signature:
    """What the wrapper needs of a function's parameters, read once."""

    def __init__(self, fn: Callable) -> None:
        params = inspect.signature(fn).parameters
        self.names = list(params)
        self.required = sum(1 for p in params.values() if p.default is inspect.Parameter.empty)


def _arguments(name: str, sig: _Signature, args: tuple, kwargs: dict,
               doc: Callable[[str], str]) -> list[tuple[str, Any]]:
    """The call's (parameter, value) pairs; too many, unknown or missing arguments refused by name
    (a formula typed in a workbook is called as it is written, by the headless recompute too)."""
    if len(args) > len(sig.names):
        raise InputError(f"{name}: {len(args)} arguments given, but it takes at most {len(sig.names)} "
                         f"({', '.join(sig.names)})")
    pairs = list(zip(sig.names, args))
    for param, value in kwargs.items():
        if param not in sig.names:
            raise InputError(f"{name}: it has no argument {param}; its arguments are {', '.join(sig.names)}")
        if param in sig.names[:len(args)]:
            raise InputError(f"{name}: the argument {param} is given twice")
        pairs.append((param, value))
    if len(pairs) < sig.required:
        given = {p for p, _ in pairs}
        missing = next(p for p in sig.names[:sig.required] if p not in given)
        raise InputError(f"{name}: the argument {missing} is missing; {doc(missing)}")
    return pairs


def _one_value(name: str, param: str, value: Any) -> Any:
    """An argument that takes one value: a range of one cell is that cell, an empty range is empty;
    a range of several cells is refused by name (which of them would be meant?)."""
    if not isinstance(value, (list, tuple)):
        return value
    cells = [c for r in value for c in (r if isinstance(r, (list, tuple)) else [r])]
    if not cells:
        return None
    if len(cells) == 1 and not isinstance(cells[0], (list, tuple)):
        return cells[0]
    raise InputError(f"{name}: the argument {param} is a range of {len(cells)} cells; give one value "
                     "(one cell)")


def _table_argument(name: str, value: Any, param: str = "crosstable") -> Any:
    """A table (the crosstable, a team range) as rows of cells: one row given as a flat list is
    that row; no range at all, or rows mixed with single values, is refused by name."""
    if read_last(value) or seen_range(value):
        return value  # a table already read (by the previous call, or a team function's)
    if not isinstance(value, (list, tuple)):
        what = "empty" if value is None or (isinstance(value, str) and not value.strip()) \
            else f"one value ({shown(value)}), not a range"
        raise InputError(f"{name}: the argument {param} is {what}; {PARAMETER_DOCS[param]}")
    flat = [isinstance(r, (list, tuple)) for r in value if r is not None]
    if flat and not any(flat):
        return [list(value)]  # one row, as a 1-D list
    if not all(flat):
        k = next(i for i, r in enumerate(value) if r is not None and not isinstance(r, (list, tuple)))
        raise InputError(f"{name}: the argument {param} mixes rows and single values (row {k + 1} "
                         f"is {shown(value[k])}); give the {param} range")
    return value


def checked(name: str, fn: Callable, doc: Callable[[str], str]) -> Callable:
    """``fn`` with its arguments checked and every refusal named: a missing or extra argument
    (told with ``doc(parameter)``), a range where one value goes, a table that is no range, a
    spreadsheet error value (``#REF!``) in any argument but a table (whose cells the reader
    refuses by their place; an error is never taken for a blank); and every error of the package
    begins with the function's name."""
    # the parameters, read on the first call: inspect.signature of every function at import
    # took a millisecond of the start-up time, and a command calls only a few of them
    sig: Optional[_Signature] = None

    @functools.wraps(fn)
    def call(*args: Any, **kwargs: Any) -> Any:
        nonlocal sig
        if sig is None:
            sig = _Signature(fn)
        try:
            values = []
            for param, value in _arguments(name, sig, args, kwargs, doc):
                if param in TABLES:
                    value = _table_argument(name, value, param)
                else:
                    if not takes_a_range(param):
                        value = _one_value(name, param, value)
                    cells = ([c for r in value for c in (r if isinstance(r, (list, tuple)) else [r])]
                             if isinstance(value, (list, tuple)) else [value])
                    for cell in cells:
                        err = spreadsheet_error(cell)
                        if err:
                            raise InputError(f"{name}: the argument {param} holds the spreadsheet error {err}; "
                                             "fix the cell it refers to")
                values.append((param, value))
            return fn(**dict(values))
        except TiebreakError as exc:
            if str(exc).startswith(f"{name}:"):
                raise
            raise _renamed(exc, name) from None
    return call


def _renamed(exc: TiebreakError, name: str) -> TiebreakError:
    """The same kind of error with the function's name in front (an InputError keeps its place)."""
    message = f"{name}: {exc}"
    try:
        new = type(exc)(message)
    except Exception:  # noqa: BLE001 - a subclass with another constructor
        new = InputError(message)
    if isinstance(exc, InputError) and isinstance(new, InputError):
        new.where = exc.where
    return new
