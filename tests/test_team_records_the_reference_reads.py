"""Team records FIDE's reference engine reads are read, not refused (issue 31: validation never
refuses what the reference computes): record 362 with an item beyond TW, TD, TL (``TP 1.0``: the
reference reads 362 as it reads 162, symbols W D L A P X) is read for its TW, TD, TL with a
warning saying the other is skipped (a team PAB's value is record 320's); a team's rank of 0 in
record 310 (columns 69-71) is no rank, as a player's 0 in record 001 is. A 362 with a bad number
after TW, TD or TL is still refused, naming its column.

Failed before: both files were refused (exit 2: "found 'TP'"; "the rank (columns 69-71) must be
a whole number from 1 to 999, found '0'"). Where the values come from: each file computes as the
original file does, here and in FIDE's reference.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import SHARED
from oracle.team_runner import gacrux_available, run_team_gacrux
from xl_tiebreak.cli import main

_SHARED = SHARED if SHARED.is_dir() else Path(os.environ.get("XL_TIEBREAK_SHARED", str(SHARED)))
TEAMS = _SHARED / "data" / "team" / "sample-trf26-mp.trf"
CODES = ["BH:MP", "EMGSB/C1", "SSSC"]


def _run(capsys, *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    got = capsys.readouterr()
    return code, got.out, got.err


def _changed(tmp_path: Path, edit) -> Path:
    if not TEAMS.is_file():
        pytest.skip(f"{TEAMS} is not beside the project")
    lines = [edit(ln) for ln in TEAMS.read_text(encoding="utf-8").splitlines()]
    p = tmp_path / "teams.trf"
    p.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return p


def _values(capsys, path: Path) -> dict[int, dict[str, float]]:
    code, out, err = _run(capsys, "standings", path, "-t", ",".join(CODES), "--format", "json")
    assert code == 0, err
    return {t["no"]: dict(zip(CODES, t["values"])) for t in json.loads(out)["teams"]}


def test_a_362_item_other_than_tw_td_tl_is_skipped_with_a_warning_and_the_file_computes(tmp_path, capsys):
    src = _changed(tmp_path, lambda ln: "362 TW 2.0   TD 1.0   TL 0.0   TP 1.0" if ln[:3] == "362" else ln)
    line = next(k for k, ln in enumerate(src.read_text().splitlines(), 1) if ln[:3] == "362")
    code, out, err = _run(capsys, "check", src, "--format", "json")
    found = [(f["severity"], f["rule"], f["where"]) for f in json.loads(out)["findings"] if f["rule"] == "team-scoring"]
    assert code == 0 and found == [("warning", "team-scoring", f"teams.trf line {line}, column 32")], out
    ours = _values(capsys, src)
    assert ours == _values(capsys, TEAMS)  # TW, TD, TL as the original's
    if gacrux_available():  # the reference reads the file as the original too
        assert run_team_gacrux(src, CODES).raw == run_team_gacrux(TEAMS, CODES).raw
    # a bad number after TW, TD or TL is still refused, naming its column
    src = _changed(tmp_path, lambda ln: "362 TW 2.0   TD abc   TL 0.0   TP 1.0" if ln[:3] == "362" else ln)
    code, _, err = _run(capsys, "standings", src)
    assert code == 2 and "column 17: record 362: TD must be followed by the match points" in err, err


def test_a_team_rank_of_0_in_record_310_is_no_rank(tmp_path, capsys):
    src = _changed(tmp_path, lambda ln: ln[:68] + "  0" + ln[71:] if ln[:7] == "310   1" else ln)
    code, out, err = _run(capsys, "check", src, "--format", "json")
    assert code == 0 and json.loads(out)["findings"] == [], out
    ours = _values(capsys, src)
    assert ours == _values(capsys, TEAMS)
    if gacrux_available():
        assert run_team_gacrux(src, CODES).raw == run_team_gacrux(TEAMS, CODES).raw
    back = tmp_path / "back.trf"
    assert _run(capsys, "export-trf", src, "-o", back)[0] == 0
    team1 = next(ln for ln in back.read_text(encoding="utf-8").splitlines() if ln[:7] == "310   1")
    assert team1[68:71] == "  1"  # the standings' rank, written where 0 stood
