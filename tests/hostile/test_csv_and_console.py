"""Output another program reads is safe for it: no CSV field written by
``compute``, ``standings`` or ``compare`` can run as a spreadsheet formula (OWASP's rule: a leading
``'`` before ``=``, ``+``, ``-``, ``@``, tab or CR; plain numbers stay numbers), and a console that
cannot show a name (cp1252, ASCII) gets ``?`` instead of a traceback."""

from __future__ import annotations

import csv
import io
import random
import re
from pathlib import Path

import pytest

from xl_tiebreak.examples import demo_text

from .conftest import assert_no_traceback, run_cli

PAYLOADS = ["=HYPERLINK(\"http://x\",\"y\")", "+cmd|' /C calc'!A0", "@SUM(1+1)*cmd|' /C calc'!A0",
            "-2+3+cmd|' /C calc'!A0", "=1+1", "\tTab, Start", "+", "-", "@", "=",
            "Šimek, Žofie", "Nguyễn Văn Ánh", "Øyvind Ærø", "李小龍"]
NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")


def _with_names(folder: Path, names: list[str]) -> Path:
    """The demo event with its players renamed (TRF columns 15-47)."""
    lines = demo_text().splitlines()
    out, k = [], 0
    for line in lines:
        if line.startswith("001") and k < len(names):
            line = line[:14] + names[k][:33].ljust(33) + line[47:]
            k += 1
        out.append(line)
    p = folder / "event.trf"
    p.write_text("\n".join(out) + "\n", encoding="utf-8")
    return p


def _dangerous(field: str) -> bool:
    return bool(field) and field[0] in "=+-@\t\r" and not NUMBER.fullmatch(field)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("command", ["compute", "standings", "compare"])
def test_no_csv_field_runs_as_a_formula(tmp_path, seed, command):
    rng = random.Random(seed)
    names = [rng.choice(PAYLOADS[:10]) + rng.choice(["", " Smith", "x"]) for _ in range(6)]
    _with_names(tmp_path, names)
    proc = run_cli([command, "event.trf", "--format", "csv", "--tiebreaks", "BH/C1,SB,PS,WIN"], tmp_path)
    assert_no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    rows = list(csv.reader(io.StringIO(proc.stdout.decode("utf-8"))))
    assert len(rows) == 7
    for row in rows:
        for field in row:
            assert not _dangerous(field), (field, row)
    col = rows[0].index("Name")
    shown = {row[col] for row in rows[1:]}
    for name in names:  # every name is still there, behind its quote where it had to be
        stripped = name.strip()
        assert stripped in shown or "'" + stripped in shown, (name, shown)


def test_negative_values_stay_numbers_in_csv(tmp_path):
    from xl_tiebreak.textutil import csv_safe
    assert csv_safe("-1.5") == "-1.5" and csv_safe("+3") == "+3" and csv_safe("-0,5") == "-0,5"
    assert csv_safe("-1.5x") == "'-1.5x" and csv_safe("@") == "'@"


@pytest.mark.parametrize("encoding", ["ascii", "cp1252", "latin-1"])
@pytest.mark.parametrize("command", ["standings", "compute", "explain"])
def test_a_console_that_cannot_show_a_name_gets_a_question_mark(tmp_path, encoding, command):
    _with_names(tmp_path, PAYLOADS[10:])
    args = [command, "event.trf"] + (["--player", "1", "--tiebreak", "BH"] if command == "explain" else [])
    proc = run_cli(args, tmp_path, env={"PYTHONIOENCODING": encoding})
    assert_no_traceback(proc)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode(encoding)
    if encoding == "ascii":
        assert "?imek, ?ofie" in out or command == "explain"
    elif command != "explain":
        assert "Šimek" in out or encoding == "latin-1" and "?imek" in out


def test_errors_reach_a_console_that_cannot_show_them(tmp_path):
    proc = run_cli(["standings", "Žofie-missing.trf"], tmp_path, env={"PYTHONIOENCODING": "ascii"})
    assert_no_traceback(proc)
    assert proc.returncode == 2 and b"?ofie-missing.trf" in proc.stderr
