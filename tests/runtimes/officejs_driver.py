"""Runs xl_tiebreak.udfs under xlwings's own Office.js runtime (xlwings Lite / xlwings Server).

Started by the tests in a fresh process (the runtime is chosen when xlwings is imported), with
``XLWINGS_ON_SERVER=true``: reads a JSON job on standard input, ``{"bodies": [...]}``, each body
shaped as Excel sends it, and prints ``{"meta": custom_functions_meta(udfs), "results": [...]}``,
each result either ``{"value": ...}`` (what xlwings hands back to Excel) or ``{"error": ...}``.
A job may also hold ``"scripts": [{"name": ..., "book": <the book data Excel sends>}]``, run by
``custom_scripts_call``; each gives ``{"actions": [...]}`` (what Excel is told to do) or an error.

xlwings's PRO code (``xlwings.server``) is free for noncommercial use; the key is set here, for
the tests only. The product itself never needs one.
"""

from __future__ import annotations

import asyncio
import contextlib
import io
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


async def _scripts(scripts: list) -> list:
    """Each script run as xlwings Lite runs it: the book built from the data Excel sends
    (``xw.Book(json=...)``, the remote engine), injected into the script by
    ``custom_scripts_call``; the result is the actions the runtime sends back for Excel to apply
    (``book.json()``) and what the script printed (the output pane)."""
    import xlwings as xw
    out = []
    for job in scripts:
        printed = io.StringIO()
        try:
            book = xw.Book(json=job["book"])
            with contextlib.redirect_stdout(printed):
                got = await server.custom_scripts_call(udfs, job["name"], typehint_to_value={xw.Book: book})
            out.append({"actions": got.json()["actions"], "printed": printed.getvalue()})
        except Exception as exc:  # what the task pane would show
            out.append({"error": f"{type(exc).__name__}: {exc}", "printed": printed.getvalue()})
    return out


def main() -> None:
    job = json.load(sys.stdin)
    meta = server.custom_functions_meta(udfs)
    results = asyncio.run(_run(job.get("bodies", [])))
    scripts = asyncio.run(_scripts(job.get("scripts", [])))
    json.dump({"meta": meta, "scripts_meta": server.custom_scripts_meta(udfs), "results": results,
               "scripts": scripts}, sys.stdout)


if __name__ == "__main__":
    main()
