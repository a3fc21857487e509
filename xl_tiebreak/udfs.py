"""The xlwings UDF module: ``UDF Modules = xl_tiebreak.udfs`` in the classic Windows add-in, or
``from xl_tiebreak.udfs import *`` in the ``main.py`` of xlwings Lite.

Each function is the registry function of :mod:`xl_tiebreak.excel.functions` (same name, same
signature, same docstring), decorated for xlwings; the decorators leave plain Python callables.
Without xlwings installed the module still imports (the decorators become no-ops), so the same
functions serve tests and scripts.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from .excel.functions import FUNCTIONS

try:  # pragma: no cover - depends on the machine
    import xlwings as _xw

    func, arg = _xw.func, _xw.arg
except ImportError:  # pragma: no cover
    def func(f=None, **_kw):
        return f if f is not None else (lambda g: g)

    def arg(*_a, **_kw):
        return lambda g: g


def _udf(fn: Callable) -> Callable:
    """An xlwings function with ``fn``'s name, signature and docstring; the crosstable argument
    always arrives as a 2-D list."""
    @functools.wraps(fn)
    def udf(*args: Any, **kwargs: Any) -> Any:
        return fn(*args, **kwargs)
    if "crosstable" in inspect.signature(fn).parameters:
        udf = arg("crosstable", ndim=2)(udf)
    return func(udf)


globals().update({name: _udf(fn) for name, fn in FUNCTIONS.items()})
__all__ = sorted(FUNCTIONS)
