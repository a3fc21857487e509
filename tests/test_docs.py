"""The README's Python example and the docstring examples run as written."""

from __future__ import annotations

import doctest
import re

import xl_tiebreak.engine
import xl_tiebreak.tiebreaks.svon
from conftest import ROOT


def test_readme_python_example_runs(capsys):
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = re.search(r"```python\n(.*?)```", text, re.S).group(1)
    exec(compile(block, "README.md", "exec"), {})
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "8"  # player 3's Buchholz under the 2026 caps (§6.1)
    assert "Three, C" in out.splitlines()[1]


def test_docstring_examples():
    for mod in (xl_tiebreak.engine, xl_tiebreak.tiebreaks.svon):
        failed, tried = doctest.testmod(mod)
        assert tried > 0 and failed == 0, mod.__name__
