"""The package imports its public names on first use: the command line starts with only what a
command needs, and every public name works as when the package imported everything up front."""

from __future__ import annotations

import subprocess
import sys

import xl_tiebreak


def test_every_public_name_resolves():
    for name in xl_tiebreak.__all__:
        assert getattr(xl_tiebreak, name) is not None, name
    assert set(xl_tiebreak.__all__) <= set(dir(xl_tiebreak))


def _fresh(code: str) -> str:
    return subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout


def test_explain_stays_the_function_when_its_module_is_imported():
    out = _fresh("import xl_tiebreak.explanation, xl_tiebreak as x; from xl_tiebreak import explain; "
                 "print(callable(x.explain), x.explain is explain, type(explain).__name__)")
    assert out.split() == ["True", "True", "function"]


def test_the_command_line_module_loads_no_engine_until_a_command_runs():
    out = _fresh("import sys, xl_tiebreak.cli; print(sorted(m for m in sys.modules "
                 "if m.startswith(('numpy', 'xl_tiebreak.engine', 'xl_tiebreak.explanation', 'openpyxl'))))")
    assert out.strip() == "[]"


def test_a_recompute_loads_neither_json_nor_the_trf_reader(tmp_path):
    """The recompute (the command run most often, on every edit) starts without json, and its
    CHECK cells read the crosstable without the TRF reader; nor does it load openpyxl."""
    import shutil
    from pathlib import Path
    book = tmp_path / "book.xlsx"
    shutil.copy(Path(__file__).parents[1] / "workbook_templates" / "xl-tiebreak-swiss.xlsx", book)
    out = _fresh("import sys, xl_tiebreak.cli, xl_tiebreak.excel.recompute.cached_values, xl_tiebreak.excel.workbook.commands; "
                 "early = sorted(m for m in sys.modules if m == 'json'); "
                 f"status = xl_tiebreak.cli.main(['recompute', {str(book)!r}, '-o', {str(tmp_path / 'out.xlsx')!r}]); "
                 "print(status, early, sorted(m for m in sys.modules if m.startswith("
                 "('json', 'xl_tiebreak.trf', 'openpyxl'))))")
    assert out.splitlines()[-1] == "0 [] []"
