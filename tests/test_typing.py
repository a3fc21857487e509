"""The package type-checks: mypy (pinned in the test extra) finds no error, with the settings of
pyproject.toml (default strictness; the core, from the event model and the TRF file to the
tie-breaks, the engine and what it feeds, at --strict's main flags),
and the wheel says so to its users' type checkers (py.typed, PEP 561)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


def test_mypy_finds_no_error_in_the_package(tmp_path):
    pytest.importorskip("mypy")
    run = subprocess.run([sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "cache")],
                         cwd=ROOT, capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr
    assert run.stdout.startswith("Success: no issues found"), run.stdout


def test_the_package_ships_its_py_typed_marker():
    assert (ROOT / "xl_tiebreak" / "py.typed").is_file()
    assert '"py.typed"' in (ROOT / "pyproject.toml").read_text(encoding="utf-8")
