"""Runs xl_tiebreak.udfs under the classic xlwings add-in's own Python code, on Linux.

Started by the tests in a fresh process. The Windows-only modules xlwings imports (pywin32's
``pythoncom``, ``pywintypes``, ``win32api``, ``win32com``, ...) are replaced by stubs; everything
else is xlwings's real code: the ``xlfunc``/``xlarg`` decorators of ``xlwings/udfs.py`` (which
``xlwings/__init__.py`` exports as ``func``/``arg`` on Windows), ``import_udfs`` (the ribbon's
"Import Functions": it writes the VBA module and registers descriptions through
``Application.MacroOptions``), and ``call_udf`` (what the VBA wrapper calls for a cell) with the
Windows engine's argument conversion (COM error codes, the "missing" marker).

Reads a JSON job on standard input, ``{"calls": [[function, [arg, ...]], ...]}``, where each
argument is what COM hands over: numbers, text, ``null`` for an empty cell, a COM error code
(``-2146826265`` is ``#REF!``), ``-2147352572`` for an omitted optional argument, and lists of
lists for a range. Prints ``{"vba": module text, "macro_options": [...], "xlfunc": {...},
"results": [...]}``.
"""

from __future__ import annotations

import contextlib
import ctypes
import json
import sys
from unittest import mock

_WINDOWS_MODULES = ["pythoncom", "pywintypes", "win32api", "win32con", "win32com", "win32com.client",
                    "win32com.client.gencache", "win32com.client.dynamic", "win32com.server",
                    "win32com.server.util", "win32com.server.policy", "win32com.server.register",
                    "win32com.server.dispatcher",
                    "win32gui", "win32process", "win32timezone", "win32event"]


def _stub_windows() -> None:
    for name in _WINDOWS_MODULES:
        module = mock.MagicMock(name=name)
        module.__file__ = name
        sys.modules[name] = module
    sys.modules["pywintypes"].TimeType = type("TimeType", (), {})
    sys.modules["pywintypes"].com_error = type("com_error", (Exception,), {})
    ctypes.windll = mock.MagicMock()
    ctypes.oledll = mock.MagicMock()
    real_pydll = ctypes.PyDLL
    ctypes.PyDLL = mock.MagicMock()
    try:
        import xlwings._xlwindows  # noqa: F401  (the Windows engine: COM values -> Python)
    finally:
        ctypes.PyDLL = real_pydll


def main() -> None:
    job = json.load(sys.stdin)
    _stub_windows()
    import xlwings
    import xlwings._xlwindows as xlwin
    import xlwings.udfs as classic
    from xlwings.main import Engine

    xlwings.engines.add(Engine(impl=xlwin.engine))
    xlwings.engines.active = xlwings.engines["excel"]
    xlwings.func, xlwings.arg = classic.xlfunc, classic.xlarg  # as xlwings/__init__.py on Windows
    xlwings.sub = xlwings.script = classic.xlsub

    import xl_tiebreak.udfs as udfs

    # "Import Functions" on a workbook: the VBA module is captured when Excel would import it.
    captured: dict = {}
    book = mock.MagicMock()
    book.Name = "xl-tiebreak-swiss.xlsm"
    book.Application.Version = "16.0"
    book.VBProject.VBComponents.Import.side_effect = \
        lambda path: captured.setdefault("vba", open(path, encoding="utf-8").read())
    with contextlib.redirect_stdout(sys.stderr):  # it prints what it imported
        classic.import_udfs("xl_tiebreak.udfs", book)
    macro_options = [{"macro": c.args[0], **{k: v for k, v in c.kwargs.items() if v is not None}}
                     for c in book.Application.MacroOptions.call_args_list]

    results = []
    for name, args in job.get("calls", []):
        args = [tuple(tuple(r) for r in a) if isinstance(a, list) else a for a in args]
        try:
            results.append({"value": classic.call_udf("xl_tiebreak.udfs", name, tuple(args))})
        except Exception as exc:  # the VBA wrapper shows Err.Description in the cell
            results.append({"error": f"{type(exc).__name__}: {exc}"})
    macros = [_macro(classic, job) for job in job.get("macros", [])]
    xlfunc = {name: {"category": getattr(udfs, name).__xlfunc__["category"],
                     "sub": bool(getattr(udfs, name).__xlfunc__.get("sub")),
                     "args": [{k: a[k] for k in ("name", "doc", "vba") if k in a} | {"optional": "optional" in a,
                              "options": {k: v for k, v in a["options"].items() if k != "convert"}}
                              for a in getattr(udfs, name).__xlfunc__["args"]]}
              for name in udfs.__all__}
    json.dump({"vba": captured.get("vba", ""), "macro_options": macro_options, "xlfunc": xlfunc,
               "results": results, "macros": macros}, sys.stdout, default=repr)


def _macro(classic, job: dict) -> dict:
    """A macro run as the VBA Sub that "Import Functions" wrote runs it (``XLPy.CallUDF`` ->
    ``call_udf`` with no arguments), its ``xw.Book.caller()`` being the book set as the mock
    caller (xlwings's own hook for a macro run outside Excel): a book of xlwings's remote engine
    built from the data Excel would send, which records what the macro writes as actions, in
    place of COM (which cannot run here)."""
    import os

    import xlwings
    os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")  # the remote engine, for the tests only
    if "remote" not in [e.name for e in xlwings.engines]:
        from xlwings.main import Engine
        from xlwings.pro import _xlremote
        xlwings.engines.add(Engine(impl=_xlremote.engine))
    try:
        book = xlwings.Book(json=job["book"])
        book.set_mock_caller()
        with contextlib.redirect_stdout(sys.stderr):
            classic.call_udf("xl_tiebreak.udfs", job["name"], ())
        return {"actions": book.json()["actions"]}
    except Exception as exc:  # the VBA error dialog shows the description
        return {"error": f"{type(exc).__name__}: {exc}"}


if __name__ == "__main__":
    main()
