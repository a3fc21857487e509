"""The arbiter's choices on the ``pair`` command: forbidden pairs (``--forbid 3-7,5-9`` and TRF-26
record 260, read from the file) and the initial colour (``--initial-colour`` and TRF record 152),
each equal to FIDE's reference (gacrux reads 260 and 152 the same way), the refusals naming what
is wrong, and the records kept in the TRF that ``pair --write`` writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from tests.test_pair_command import players_trf
from xl_tiebreak.cli import main

oracle = pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")

#: round 1 of 8 players played (top half beat bottom half, 1-5 and 2-6 drawn)
ROUND1 = {1: ["5 w ="], 5: ["1 b ="], 6: ["2 w ="], 2: ["6 b ="], 3: ["7 w 1"], 7: ["3 b 0"], 8: ["4 w 0"],
          4: ["8 b 1"]}


def _pair(capsys, *args: str) -> tuple[int, str, str]:
    status = main(["pair", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def _ours(capsys, trf: Path, *args: str) -> list[tuple[int, int]]:
    status, out, err = _pair(capsys, str(trf), "--format", "json", *args)
    assert status == 0, err
    got = json.loads(out)
    return ([(p["white"], p["black"]) for p in got["pairs"]]
            + [(b["no"], 0) for b in got["byes"] if b["kind"] == "PAB"])


def _reference(trf: Path, rnd: int) -> list[tuple[int, int]]:
    from tests.oracle.pairing_runner import board_lines, run_pairings
    (text,) = run_pairings([["-i", str(trf), "-p", "-m", "dutch", "-n", str(rnd), "-d", "T"]])
    return board_lines(text)


def _trf(tmp_path: Path, name: str, n: int, results: dict, extra: str) -> Path:
    trf = tmp_path / name
    trf.write_text(players_trf(n, 5, results, kind="Swiss-System", extra=extra), encoding="latin-1")
    return trf


@pytest.mark.oracle
@oracle
@pytest.mark.parametrize("rnd, results, forbid", [
    (1, {}, "1-5"), (1, {}, "1-5,3-7"), (1, {}, "6-2,4-8"),  # each a pair the round would pair otherwise
    (2, ROUND1, "3-4"), (2, ROUND1, "3-4,5-6"), (2, ROUND1, "1-2,7-8")])
def test_forbidden_pairs_given_on_the_command_line_or_in_record_260_pair_as_the_reference_does(
        tmp_path, capsys, rnd, results, forbid):
    plain = _trf(tmp_path, "plain.trf", 8, results, "152 W")
    nos = [sorted(int(x) for x in item.split("-")) for item in forbid.split(",")]
    record = "|".join(f"260 {rnd:>3} {rnd:>3} {a:>4} {b:>4}" for a, b in nos)
    with_260 = _trf(tmp_path, "with260.trf", 8, results, "152 W|" + record)
    ours = _ours(capsys, plain, "--forbid", forbid)
    assert ours == _ours(capsys, with_260)  # the record read from the file: the same pairing
    met = {frozenset(p) for p in ours}
    assert not any(frozenset(p) in met for p in nos)  # no forbidden pair meets
    assert any(frozenset(p) in {frozenset(q) for q in _ours(capsys, plain)} for p in nos)  # as one would without
    assert sorted(ours) == sorted(_reference(with_260, rnd))  # FIDE's reference, reading 260


def test_a_260_record_holds_only_in_its_rounds(tmp_path, capsys):
    # rounds 2-3: in round 1 players 1 and 5 meet as the top half meets the bottom half (C.04.3 art. 3)
    trf = _trf(tmp_path, "later.trf", 8, {}, "152 W|260   2   3    1    5")
    assert (1, 5) in _ours(capsys, trf)
    # a record naming three players keeps every two of them apart: 1-5, 1-6 and 5-6
    trf = _trf(tmp_path, "three.trf", 8, {}, "152 W|260   1   0    1    5    6")
    assert not {frozenset(p) for p in _ours(capsys, trf)} & {frozenset({1, 5}), frozenset({1, 6}), frozenset({5, 6})}


@pytest.mark.oracle
@oracle
@pytest.mark.parametrize("colour, code", [("white", "W"), ("black", "B")])
def test_the_initial_colour_given_on_the_command_line_is_the_one_record_152_gives(tmp_path, capsys, colour, code):
    plain = _trf(tmp_path, "plain.trf", 9, {}, "")
    with_152 = _trf(tmp_path, "with152.trf", 9, {}, f"152 {code}")
    ours = _ours(capsys, plain, "--initial-colour", colour)
    assert ours == _ours(capsys, with_152) == _reference(with_152, 1)
    # C.04.3 art. 5.2.5: the top seed (odd number) gets the colour drawn
    assert ours[0] == ((1, 5) if colour == "white" else (5, 1))


def test_the_records_260_and_152_are_kept_in_the_trf_that_pair_writes(tmp_path, capsys):
    trf = _trf(tmp_path, "club.trf", 8, {}, "152 B|260   1   7    1    5")
    out = tmp_path / "round1.trf"
    status, _, err = _pair(capsys, str(trf), "--write", str(out))
    assert status == 0, err
    lines = out.read_text(encoding="latin-1").splitlines()
    assert "152 B" in lines and "260   1   7    1    5" in lines


@pytest.mark.parametrize("args, said", [
    (("--forbid", "3-x"), "--forbid '3-x': '3-x' is not a pair of start numbers; write e.g. 3-7,5-9"),
    (("--forbid", "4-4"), "'4-4' is not a pair of start numbers"),
    (("--forbid", "3-99"), "forbidden pair 3-99: no player has start number 99"),
])
def test_a_bad_forbidden_pair_is_refused_naming_it(tmp_path, capsys, args, said):
    trf = _trf(tmp_path, "club.trf", 8, {}, "152 W")
    status, _, err = _pair(capsys, str(trf), *args)
    assert status == 2 and said in err and "Traceback" not in err


def test_a_malformed_260_record_is_refused_naming_it(tmp_path, capsys):
    trf = _trf(tmp_path, "club.trf", 8, {}, "152 W|260   1   1    1")
    status, _, err = _pair(capsys, str(trf))
    assert status == 2 and "record '260   1   1    1': a 260 record is the first round (columns 5-7)" in err


def test_a_round_robin_refuses_the_dutch_systems_options(tmp_path, capsys):
    trf = tmp_path / "rr.trf"
    trf.write_text(players_trf(6, 5), encoding="latin-1")
    status, _, err = _pair(capsys, str(trf), "--forbid", "1-6")
    assert status == 2 and "a Berger table is fixed (C.05 Annex 1)" in err



def test_a_workbook_is_paired_with_the_same_options_as_a_trf(tmp_path, capsys):
    # --forbid and --initial-colour on the command line (the Settings cells for them are left empty)
    from tests.support.workbook_typing import club_cells, type_cells
    book = tmp_path / "club.xlsx"
    assert main(["template", "--type", "swiss", "--players", "10", "--rounds", "5", "-o", str(book)]) == 0
    type_cells(book, club_cells(8))
    capsys.readouterr()
    trf = _trf(tmp_path, "club.trf", 8, {}, "")
    for args in (("--forbid", "1-5,3-7"), ("--initial-colour", "black"), ("--forbid", "2-6", "--initial-colour",
                                                                            "black")):
        ours = _ours(capsys, book, *args)
        assert ours == _ours(capsys, trf, *args), args
    assert _ours(capsys, book, "--initial-colour", "black")[0] == (5, 1)  # art. 5.2.5: the top seed has Black
