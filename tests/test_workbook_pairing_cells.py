"""``xl-tiebreak workbook EVENT.trf`` fills the Settings pairing rows from the TRF's records 260
(forbidden pairs, TRF-26), 152 (the initial colour, C.04.3 art. 5.1) and 192 ``..._BAKU``
(C.04.7), so the workbook pairs as the file does; what has no cell (a pair forbidden in some
rounds only, records 250) is a note. Compared with ``pair`` on the TRF file itself."""

from __future__ import annotations

import json
from pathlib import Path

from tests.support.workbook_typing import read_sheet, type_cells
from tests.test_pair_command import players_trf
from xl_tiebreak.cli import main
from xl_tiebreak.excel.authoring.template import PAIRING_HEAD_ROW

FORBID, BAKU, COLOUR = (f"B{PAIRING_HEAD_ROW + k}" for k in (1, 2, 3))


def _pairs(capsys, source: Path) -> list[tuple[int, int]]:
    capsys.readouterr()
    status = main(["pair", str(source), "--format", "json"])
    out = capsys.readouterr()
    assert status == 0, out.err
    got = json.loads(out.out)
    return [(p["white"], p["black"]) for p in got["pairs"]] + [(b["no"], 0) for b in got["byes"] if b["kind"] == "PAB"]


def _workbook(capsys, tmp_path: Path, extra: str, n: int = 8) -> tuple[Path, Path, str]:
    trf = tmp_path / "club.trf"
    trf.write_text(players_trf(n, 5, kind="Swiss-System", extra=extra), encoding="latin-1")
    book = tmp_path / "club.xlsx"
    capsys.readouterr()
    assert main(["workbook", str(trf), "-o", str(book)]) == 0
    return trf, book, capsys.readouterr().out


def test_records_260_and_152_fill_the_pairing_cells_and_the_workbook_pairs_as_the_trf(tmp_path, capsys):
    # 1-5 and 3-7 may not meet in rounds 1 to 5 (every round of the 5), Black drawn for the top seed
    trf, book, out = _workbook(capsys, tmp_path, "152 B|260   1   5    1    5|260   1   5    3    7")
    settings = read_sheet(book, "Settings")
    assert (settings[FORBID], settings[BAKU], settings[COLOUR]) == ("1-5; 3-7", "no", "black")
    assert "note" not in out
    from_book = _pairs(capsys, book)
    assert from_book == _pairs(capsys, trf)
    assert not {frozenset(p) for p in from_book} & {frozenset((1, 5)), frozenset((3, 7))}
    plain = tmp_path / "plain.xlsx"  # the cells emptied: the pairing a workbook made before gave
    plain.write_bytes(book.read_bytes())
    type_cells(plain, {f"Settings!{FORBID}": "", f"Settings!{COLOUR}": ""})
    assert _pairs(capsys, plain) != from_book


def test_a_pair_forbidden_in_some_rounds_only_has_no_cell_and_a_note_says_so(tmp_path, capsys):
    # 1-5 in every round; 2-6 in rounds 2-3 only (a range the cell cannot hold)
    _, book, out = _workbook(capsys, tmp_path, "260   1   5    1    5|260   2   3    2    6")
    settings = read_sheet(book, "Settings")
    assert settings[FORBID] == "1-5" and settings.get(COLOUR) in (None, "")
    assert "note: record 260: the pairs 2-6 are forbidden in some rounds only" in out
    assert "round ranges have no cell" in out


def test_record_192_baku_sets_the_baku_cell(tmp_path, capsys):
    trf, book, _ = _workbook(capsys, tmp_path, "192 FIDE_DUTCH_BAKU|152 W", n=12)
    assert read_sheet(book, "Settings")[BAKU] == "yes"
    from_book = _pairs(capsys, book)
    assert from_book == _pairs(capsys, trf)
    # C.04.7: in round 1 the first half (1-6, a virtual point each) is paired among itself: 1-4, 5-2, 3-6
    assert from_book[:3] == [(1, 4), (5, 2), (3, 6)]
