"""A cut or median larger than the rounds played is defined, and every face computes it (issue 31).

C.07 Art. 14.1: a cut takes the least significant values there are; when it takes them all, the sum
of what is left is 0. FIDE's reference engine (gacrux, which clamps the cut to the values there
are) and Vega both print BH/C1 = 0 after one round. So the usual list ``BH/C1,BH,SB,...`` on a
Swiss file after round 1 computes, whether the file states no rounds, ``XXR 1`` (programs writing
the rounds played so far) or the planned rounds; ``check`` only warns of a cut that can never leave
anything of the event's rounds (``BH/C99`` in 4), with a code that does. ``--tiebreaks`` replaces
the file's record 202 before anything reads it, so a list the program does not know in the file
stops nothing when another is given.

The event is the demo of TIEBREAK_RULES §6.1 (6 players, 4 rounds) cut after round 1
(tests/oracle/mid_event.py): 1-4 1-0, 2-5 ½-½, 3-6 a forfeit won by 3. After one round a Cut-1
leaves nothing: BH/C1 is 0 for everybody, by the rule text.
"""

from __future__ import annotations

import json

import pytest

from oracle.mid_event import cut_after
from tests.support.workbook_typing import read_sheet
from xl_tiebreak import compute, demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text

LIST = "BH/C1,BH,SB,DE,WIN"


def after_round(k: int, rounds_record: str, tiebreaks: str = LIST) -> str:
    """The demo after round ``k`` with record 202 ``tiebreaks``, before the players."""
    text = cut_after(demo_text(), k, rounds_record)
    at = text.index("001")
    return text[:at] + f"202 {tiebreaks}\n" + text[at:]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    out, err = capsys.readouterr()
    return status, out, err


def test_a_cut_that_takes_every_value_leaves_0():
    """BH/C99, SB/M99, PS/C4 and BH/M2 in the 4-round demo: nothing is left to add up, 0 for every
    player (C.07 Art. 14.1, the rule text; gacrux prints the same). Refused before: "'BH/C99' drops
    99 of the event's 4 rounds' values, leaving none"."""
    res = compute(demo_tournament(), "BH/C99,SB/M99,PS/C4,BH/M2,BH/C3,BH/M1")
    for p in demo_tournament().players:
        assert res.value(p.no, "BH/C99") == res.value(p.no, "SB/M99") == 0
        assert res.value(p.no, "PS/C4") == res.value(p.no, "BH/M2") == 0
    assert res.value(1, "BH/C3") != 0 and res.value(1, "BH/M1") != 0  # (these leave something)


@pytest.mark.parametrize("rounds_record", ["none", "played", "planned"])
def test_the_usual_list_after_round_1_computes_in_every_command(rounds_record, tmp_path, capsys):
    """After round 1, with no XXR, ``XXR 1`` or ``XXR 4``: standings, compute, explain, compare,
    check, publish and workbook take the file's ``202 BH/C1,BH,SB,DE,WIN``; BH/C1 is 0 for all.
    Refused before (exit 2) without XXR and with ``XXR 1``."""
    trf = tmp_path / "after1.trf"
    trf.write_text(after_round(1, rounds_record), encoding="utf-8")
    status, out, err = run(capsys, "standings", str(trf), "--format", "json")
    assert status == 0, err
    doc = json.loads(out)
    assert doc["rounds"] == 1 and doc["tiebreaks"] == LIST.split(",")
    assert [p["values"][0] for p in doc["players"]] == [0] * 6
    assert {p["no"]: p["values"][1] for p in doc["players"]}[1] == 0  # BH: player 4 has 0 points
    status, out, err = run(capsys, "compute", str(trf), "--format", "json")
    assert status == 0 and [p["values"][0] for p in json.loads(out)["players"]] == [0] * 6, err
    status, out, err = run(capsys, "explain", str(trf), "--player", "1", "--tiebreak", "BH/C1")
    assert status == 0 and "BH/C1 of player 1" in out, err
    status, out, err = run(capsys, "compare", str(trf), "--rules", "fide2024,fide2026")
    assert status == 0, err
    status, out, err = run(capsys, "check", str(trf))
    assert status == 0 and "0 error(s)" in out, out
    status, out, err = run(capsys, "publish", str(trf), "-o", str(tmp_path / "page.html"))
    assert status == 0 and (tmp_path / "page.html").stat().st_size > 0, err
    book = tmp_path / "after1.xlsx"
    status, out, err = run(capsys, "workbook", str(trf), "-o", str(book))
    assert status == 0, err
    status, out, err = run(capsys, "recompute", str(book))
    assert status == 0, out + err
    cross = read_sheet(book, "Crosstable")  # the values the recompute stored, as a viewer shows them
    (bh_c1,) = [cell[:-1] for cell, v in cross.items() if v == "BH/C1" and cell[-1] == "4" and cell[-2].isalpha()]
    assert [cross[f"{bh_c1}{r}"] for r in range(5, 11)] == [0] * 6
    assert cross["A3"].endswith("No problems found.")


@pytest.mark.parametrize("tiebreaks", ["BH/C2,BH,SB", "BH/M1,BH,SB", "SB/C2,PS/C2"])
def test_cut_2_and_median_1_after_round_2(tiebreaks, tmp_path, capsys):
    """After round 2 without XXR: a Cut-2 or a Median-1 takes both values, 0 for all (the rule text)."""
    trf = tmp_path / "after2.trf"
    trf.write_text(after_round(2, "none", tiebreaks), encoding="utf-8")
    status, out, err = run(capsys, "standings", str(trf), "--format", "json")
    assert status == 0, err
    assert [p["values"][0] for p in json.loads(out)["players"]] == [0] * 6


def test_whatif_takes_the_file_after_round_1_with_round_2_paired(tmp_path, capsys):
    """Round 2 paired, its results to come, no XXR: whatif computes the list with BH/C1 (refused
    before)."""
    lines = demo_text().splitlines()
    for i, line in enumerate(lines):  # round 2's results not in yet: the result column of a game blanked
        if line[:3] == "001" and line[101:105].strip() not in ("", "0000"):
            lines[i] = line[:108] + " " + line[109:]
    text = cut_after("\n".join(lines), 2, "none")
    trf = tmp_path / "paired.trf"
    trf.write_text(text.replace("\n001", f"\n202 {LIST}\n001", 1), encoding="utf-8")
    status, out, err = run(capsys, "whatif", str(trf), "--round", "2")
    assert status == 0, err


def test_tiebreaks_replace_record_202_before_it_is_read(tmp_path, capsys):
    """``202 BH/C1,XYZ``: without --tiebreaks every command refuses it naming the line; with it, the
    file's list is not read at all. Refused before, --tiebreaks or not."""
    trf = tmp_path / "xyz.trf"
    trf.write_text(after_round(4, "planned", "BH/C1,XYZ"), encoding="utf-8")
    status, _out, err = run(capsys, "standings", str(trf))
    assert status == 2 and "xyz.trf line 4" in err and "'XYZ'" in err
    for argv in (["standings", str(trf), "-t", "BH,SB"], ["compute", str(trf), "-t", "BH"],
                 ["explain", str(trf), "-p", "1", "-t", "BH", "--tiebreaks", "BH,SB"],
                 ["compare", str(trf), "-t", "BH"], ["whatif", str(trf), "--before", "4", "-t", "BH"],
                 ["publish", str(trf), "-t", "BH", "-o", str(tmp_path / "p.html")],
                 ["workbook", str(trf), "-t", "BH", "-o", str(tmp_path / "w.xlsx")]):
        status, out, err = run(capsys, *argv)
        assert status == 0, (argv, err)
    status, out, _err = run(capsys, "compute", str(trf), "-t", "BH", "--format", "json")
    assert json.loads(out)["tiebreaks"] == ["BH"]


def test_check_warns_of_a_cut_that_can_never_leave_anything_with_a_code_that_does(tmp_path, capsys):
    """``BH/C99`` and ``SB/M2`` in the 4 rounds of the demo: a warning each at its column of record
    202 (exit 0), suggesting a code that leaves something (not the same one, as before); after round
    1 with ``XXR 1``, BH/C1 suggests BH and says to give the planned rounds."""
    trf = tmp_path / "c99.trf"
    trf.write_text(after_round(4, "planned", "BH/C99,SB/M2,BH/C1"), encoding="utf-8")
    status, out, _err = run(capsys, "check", str(trf), "--format", "json")
    doc = json.loads(out)
    assert status == 0 and doc["errors"] == 0
    cuts = [f for f in doc["findings"] if f["rule"] == "cut-leaves-nothing"]
    assert [f["where"] for f in cuts] == ["c99.trf line 4, column 5", "c99.trf line 4, column 12"]
    assert cuts[0]["severity"] == "warning"
    assert "'BH/C99' cuts 99 value(s) and the event has 4 round(s)" in cuts[0]["message"] and cuts[0]["message"].endswith("e.g. BH/C1")
    assert cuts[1]["message"].endswith("e.g. SB/M1")
    trf.write_text(after_round(1, "played"), encoding="utf-8")
    status, out, _err = run(capsys, "check", str(trf), "--format", "json")
    (cut,) = [f for f in json.loads(out)["findings"] if f["rule"] == "cut-leaves-nothing"]
    assert status == 0 and cut["message"].endswith("record XXR or 142), else cut fewer, e.g. BH")
    status, _out, err = run(capsys, "standings", str(trf))
    assert status == 0 and "cut" not in err  # a check warning: the standings print without it


def test_the_excel_functions_compute_a_cut_on_one_round():
    """The sheet functions (the add-in and the recompute): BH/C1 of a one-round crosstable is 0."""
    from xl_tiebreak.excel.functions import individual as fx
    table = [["No", "Name", "Rating", "R1"], [1, "A", 2000, "2w1"], [2, "B", 1900, "1b0"]]
    assert fx.TIEBREAK(1, table, "BH/C1") == 0 and fx.TIEBREAK(2, table, "BH/M1") == 0
    assert fx.STANDINGS(table, "BH/C1,BH")[1][4] == 0
