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

from pyodide_stub import install  # noqa: E402  (this folder is sys.path[0])

install()  # as in Pyodide: no failed import per converted cell

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
