"""The UDF module driven through xlwings's own two runtimes, each in a fresh process
(tests/runtimes/*_driver.py, since xlwings picks its runtime when it is imported): Office.js
(:func:`officejs`, on bodies shaped as Excel sends them, :func:`body`) and the classic Windows
add-in (:func:`classic`, with COM's argument conversion); and how a value that came back through
them compares with the engine's (:func:`same`)."""

from __future__ import annotations

import inspect
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, Optional

from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.notation import format_cell

TESTS = Path(__file__).resolve().parents[1]
DRIVERS = TESTS / "runtimes"
MISSING = -2147352572       # what COM passes for an omitted optional argument
COM_REF = -2146826265       # the COM error code of #REF!
ERROR_REF = {"type": "Error", "basicType": "Error", "basicValue": "#REF!", "errorType": "Ref"}


def _driver(name: str, job: dict) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("XLWINGS")}
    env["PYTHONPATH"] = os.pathsep.join([str(TESTS.parent), env.get("PYTHONPATH", "")])
    done = subprocess.run([sys.executable, str(DRIVERS / name)], input=json.dumps(job), env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    return json.loads(done.stdout)


def officejs(bodies: list[dict], scripts: Optional[list[dict]] = None) -> dict:
    return _driver("officejs_driver.py", {"bodies": bodies, "scripts": scripts or []})


def classic(calls: list, macros: Optional[list[dict]] = None) -> dict:
    return _driver("classic_driver.py", {"calls": calls, "macros": macros or []})


def body(name: str, *args: Any) -> dict:
    """A call as Excel's Office.js runtime sends it: each argument a 2-D list (or null)."""
    def as_2d(a: Any) -> Any:
        if a is None:
            return None
        if isinstance(a, list):
            return [["" if c is None else c for c in row] for row in a]
        return [[a]]
    return {"func_name": name, "args": [as_2d(a) for a in args], "caller_address": "Sheet1!Z1",
            "formula": "", "runtime": "1.4", "culture_info_name": "en-US", "date_format": "M/d/yyyy",
            "version": "0.37.8", "client": "Office.js"}


def crosstable(t, blank_rows: int = 2) -> list[list[Any]]:
    """The crosstable of an event as a range holds it: header, a row per player, blank rows."""
    rows: list[list[Any]] = [["No", "Name", "Rating"] + [f"R{r}" for r in range(1, t.rounds + 1)]]
    for p in t.players:
        rows.append([p.no, p.name, p.rating or None] + [format_cell(r) or None for r in p.rounds])
    return rows + [[None] * len(rows[0]) for _ in range(blank_rows)]


def _as_excel_shows(v: Any) -> Any:
    """A Python value as it comes back through a runtime (numbers as floats, tables 2-D)."""
    if isinstance(v, list):
        return [[_as_excel_shows(c) for c in row] for row in v]
    return float(v) if isinstance(v, (int, float)) and not isinstance(v, bool) else v


def same(got: Any, want: Any) -> bool:
    """Whether a value that came back through a runtime is ``want`` (a table: every cell)."""
    if isinstance(want, list):
        return (isinstance(got, list) and len(got) == len(want)
                and all(same(g, w) for gr, wr in zip(got, want) for g, w in zip(gr, wr))
                and all(len(gr) == len(wr) for gr, wr in zip(got, want)))
    return _as_excel_shows(got) == _as_excel_shows(want)


def name_of(function: str, i: int) -> str:
    """The name of the ``i``-th parameter of the registry function ``function``."""
    return list(inspect.signature(fx.FUNCTIONS[function]).parameters)[i]
