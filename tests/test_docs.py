"""The README's Python example and the docstring examples run as written."""

from __future__ import annotations

import doctest
import re

import xl_tiebreak.engine
import xl_tiebreak.tiebreaks.svon
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
    for mod in (xl_tiebreak.engine, xl_tiebreak.tiebreaks.svon):
        failed, tried = doctest.testmod(mod)
        assert tried > 0 and failed == 0, mod.__name__
