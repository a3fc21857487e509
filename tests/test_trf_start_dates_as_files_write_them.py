"""Record 042 as TRF files write it in practice, read as the program read it before the one date
reading (issue 31: validation never refuses what FIDE's reference computes): a two-digit year last
(``07.03.25``, day first with the date-order warning where day and month could be swapped) and a
date followed by other text (``2025/03/07 - 2025/03/10``, ``2025/3/7 (Friday)``). The file
computes under the edition of that date, and ``workbook`` then ``export-trf`` writes the date as
FIDE's reference reads it (YYYY/MM/DD first, the text after it kept), so that the reference,
reading the file written, computes the same values.

Failed before: each of these files was refused (exit 2, "start date ... is not a date").
Where the values come from: the edition in force on 7 March 2025 is C.07's 2024 text
(TIEBREAK_RULES §2); the demo event's BH of player 3 under it is 11.5 (FIDE's reference computes
it from the file written).
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from oracle.gacrux_runner import gacrux_available, run_gacrux
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text

#: (042 as written, the record written back, a date-order warning)
FORMS = [("07.03.25", "042 2025/03/07", True), ("7/3/25", "042 2025/03/07", True),
         ("2025/03/07 - 2025/03/10", "042 2025/03/07 - 2025/03/10", False),
         ("07/03/2025 - 10/03/2025", "042 2025/03/07 - 10/03/2025", True),
         ("2025/3/7 (Friday)", "042 2025/03/07 (Friday)", False), ("13.03.25", "042 2025/03/13", False)]


def _run(capsys, *argv: object) -> tuple[int, str, str]:
    capsys.readouterr()
    code = main([str(a) for a in argv])
    got = capsys.readouterr()
    return code, got.out, got.err


@pytest.mark.parametrize("typed,written,warned", FORMS, ids=[f[0] for f in FORMS])
def test_a_start_date_as_trf_files_write_it_is_read_and_written_back_as_the_reference_reads_it(
        tmp_path: Path, capsys, typed, written, warned):
    src = tmp_path / "demo.trf"
    src.write_text(demo_text().replace("042 2025/01/01", f"042 {typed}"), encoding="utf-8")
    code, out, err = _run(capsys, "standings", src, "--format", "json")
    doc = json.loads(out)
    assert code == 0 and doc["edition"] == "fide2024", err
    assert ("demo.trf line 2, column 5: start date" in err and "read day first, as 2025-03-" in err) == warned, err
    code, out, _ = _run(capsys, "check", src, "--format", "json")
    assert code == 0 and [f["rule"] for f in json.loads(out)["findings"]] == (["date-order"] if warned else [])
    book, back = tmp_path / "made.xlsx", tmp_path / "back.trf"
    assert _run(capsys, "workbook", src, "-o", book)[0] == 0 and _run(capsys, "export-trf", book, "-o", back)[0] == 0
    assert written in back.read_text(encoding="cp1252").splitlines()
    code, out, _ = _run(capsys, "standings", back, "--format", "json")
    assert code == 0 and json.loads(out)["edition"] == "fide2024"
    if gacrux_available():  # FIDE's reference reads the date written (its first ten characters)
        codes = ["BH", "BH/C1", "SB", "WIN"]
        ref = run_gacrux(str(back), codes, mode="swiss")
        code, out, _ = _run(capsys, "compute", src, "-t", ",".join(codes), "--format", "json")
        ours = {p["no"]: dict(zip(codes, p["values"])) for p in json.loads(out)["players"]}
        assert ref[3]["BH"] == ours[3]["BH"] == 11.5
        assert ref == ours
