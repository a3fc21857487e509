"""Runs xl_tiebreak.udfs under xlwings's own Office.js runtime (xlwings Lite / xlwings Server).

Started by the tests in a fresh process (the runtime is chosen when xlwings is imported), with
``XLWINGS_ON_SERVER=true``: reads a JSON job on standard input, ``{"bodies": [...]}``, each body
shaped as Excel sends it, and prints ``{"meta": custom_functions_meta(udfs), "results": [...]}``,
each result either ``{"value": ...}`` (what xlwings hands back to Excel) or ``{"error": ...}``.

xlwings's PRO code (``xlwings.server``) is free for noncommercial use; the key is set here, for
the tests only. The product itself never needs one.
"""

from __future__ import annotations

import asyncio
import json
import os
import sys

os.environ["XLWINGS_ON_SERVER"] = "true"
os.environ.setdefault("XLWINGS_LICENSE_KEY", "noncommercial")



def _pyodide_ffi() -> None:
    """xlwings Lite runs in Pyodide, where ``from pyodide.ffi import JsNull`` succeeds; xlwings
    tries that import for every cell it converts, and on CPython each failed import costs ~50 us
    (0.2 s for a 300-player crosstable). A module with the sentinel class, as Pyodide has it."""
    import types
    if "pyodide" not in sys.modules:
        ffi = types.ModuleType("pyodide.ffi")
        ffi.JsNull = type("JsNull", (), {})
        pyodide = types.ModuleType("pyodide")
        pyodide.ffi = ffi
        sys.modules["pyodide"], sys.modules["pyodide.ffi"] = pyodide, ffi


_pyodide_ffi()

import xlwings.server as server  # noqa: E402

import xl_tiebreak.udfs as udfs  # noqa: E402


async def _run(bodies: list) -> list:
    out = []
    for body in bodies:
        try:
            out.append({"value": await server.custom_functions_call(body, udfs)})
        except Exception as exc:  # what Excel would show for the cell
            out.append({"error": f"{type(exc).__name__}: {exc}"})
    return out


def main() -> None:
    job = json.load(sys.stdin)
    meta = server.custom_functions_meta(udfs)
    results = asyncio.run(_run(job.get("bodies", [])))
    json.dump({"meta": meta, "results": results}, sys.stdout)


if __name__ == "__main__":
    main()
