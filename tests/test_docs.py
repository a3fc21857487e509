"""The README's Python example and the docstring examples run as written."""

from __future__ import annotations

import doctest
import importlib
import pkgutil
import re

import xl_tiebreak
from conftest import ROOT


def test_readme_python_example_runs(capsys):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "compute(" in b)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "8"  # player 3's Buchholz under the 2026 caps (§6.1)
    assert "Three, C" in out.splitlines()[1]


def test_readme_lite_line_imports():
    namespace: dict = {}
    exec("from xl_tiebreak.udfs import *", namespace)
    assert callable(namespace["BUCHHOLZ_CUT1"]) and namespace["SVON"](3, 1, 9, 7) == 4


def test_docstring_examples():
    """Every module's examples, found by walking the package."""
    tried_in = set()
    for info in pkgutil.walk_packages(xl_tiebreak.__path__, "xl_tiebreak."):
        if info.name == "xl_tiebreak.udfs":  # needs xlwings, tested through its runtimes
            continue
        mod = importlib.import_module(info.name)
        failed, tried = doctest.testmod(mod)
        assert failed == 0, info.name
        if tried:
            tried_in.add(info.name)
    assert {"xl_tiebreak.engine", "xl_tiebreak.explanation", "xl_tiebreak.svon",
            "xl_tiebreak.tiebreaks.registry"} <= tried_in, sorted(tried_in)
