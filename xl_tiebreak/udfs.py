"""The xlwings UDF module: ``UDF Modules = xl_tiebreak.udfs`` in the classic Windows add-in, or
``from xl_tiebreak.udfs import *`` in the ``main.py`` of xlwings Lite.

Each function is the registry function of :mod:`xl_tiebreak.excel.functions.individual` (same name, same
parameters in the same order, the description and parameter texts of its declaration,
:mod:`xl_tiebreak.excel.functions.registry`), decorated for xlwings as both runtimes read it:

- no type hints (xlwings takes a hint for a converter), and no parameter named after a VBA keyword
  or function (the classic add-in writes a VBA wrapper with the same parameter names);
- every parameter documented with ``@arg(doc=...)``, the description one plain line;
- range arguments read as 2-D lists, and error cells passed on as their text (``"#REF!"``), which
  the functions refuse by name instead of taking them for blanks (``err_to_str``);
- a table that spills (STANDINGS, RESULTS, ...), when the workbook's input is wrong (a
  :class:`~xl_tiebreak.errors.TiebreakError`), gives the error table ``[["#ERROR: <why>"]]``
  instead of raising: the templates wrap these calls in ``IFERROR(<call>, Cache!<range>)``, so a
  raised error would show the stored values, the last good figures, as if they were current (the
  headless recompute writes the same table). A function giving one value raises (``#VALUE!``).

Without xlwings installed the module still imports (the decorators become no-ops), so the same
functions serve tests and scripts.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable

from .errors import TiebreakError
from .excel.functions.individual import FUNCTIONS, description, error_table, parameter_doc, spills
from .excel.functions.parameters import RANGES as RANGE_ARGUMENTS  # always 2-D lists

try:  # pragma: no cover - depends on the machine
    import xlwings as _xw

    func, arg = _xw.func, _xw.arg
except ImportError:  # pragma: no cover
    def func(f=None, **_kw):
        return f if f is not None else (lambda g: g)

    def arg(*_a, **_kw):
        return lambda g: g

CATEGORY = "xl-tiebreak"  # the classic add-in's function-wizard category


def _udf(name: str, fn: Callable) -> Callable:
    """``fn`` as an xlwings function: same name and parameters, no annotations, a one-line
    description, every parameter documented, error cells passed as text."""
    @functools.wraps(fn, assigned=("__module__", "__name__", "__qualname__"), updated=())
    def udf(*args: Any) -> Any:
        try:
            return fn(*args)
        except TiebreakError as exc:
            if spills(name, args):
                return error_table(str(exc))
            raise
    sig = inspect.signature(fn)
    udf.__signature__ = sig.replace(  # type: ignore[attr-defined]
        parameters=[p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()],
        return_annotation=inspect.Signature.empty)
    udf.__annotations__ = {}
    udf.__doc__ = description(name)
    for p in reversed(sig.parameters):
        options: dict[str, Any] = {"doc": parameter_doc(name, p), "err_to_str": True}
        if p in RANGE_ARGUMENTS:
            options["ndim"] = 2
        udf = arg(p, **options)(udf)
    return func(category=CATEGORY)(udf)


globals().update({name: _udf(name, fn) for name, fn in FUNCTIONS.items()})
__all__ = sorted(FUNCTIONS)
