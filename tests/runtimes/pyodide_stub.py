"""The ``pyodide.ffi`` module with its ``JsNull`` sentinel, as Pyodide has it.

xlwings Lite runs in Pyodide, where ``from pyodide.ffi import JsNull`` succeeds; xlwings tries
that import for every cell it converts, and on CPython each failed import costs about 50 us
(0.2 s for a 300-player crosstable). The Office.js driver and the template benchmark install
this so that what they time and run is the conversion, not failed imports.
"""

from __future__ import annotations

import sys
import types


def install() -> None:
    """Put a ``pyodide`` package with ``pyodide.ffi.JsNull`` into ``sys.modules`` (once)."""
    if "pyodide" not in sys.modules:
        ffi = types.ModuleType("pyodide.ffi")
        ffi.JsNull = type("JsNull", (), {})
        root = types.ModuleType("pyodide")
        root.ffi = ffi
        sys.modules["pyodide"], sys.modules["pyodide.ffi"] = root, ffi
