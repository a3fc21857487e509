"""One workbook reader for every command. Every cell present is read whatever the
sheet's <dimension> says, by compute and by recompute alike; a player typed just below the
Crosstable name's range (a late entrant) is read by every command, check says so, and recompute
widens the name over him. Settings "Rounds" (B13) and "Live standings" (B15) are read."""

from __future__ import annotations

import re
import zipfile

import pytest

from xl_tiebreak.errors import InputError
from xl_tiebreak.excel.ranges.book_reader import read_workbook

from .books import CROSSTABLE, LATE, PLAYERS, SETTINGS, WORKBOOK, name_range, part, put_rows, row_xml, swiss_book
from .conftest import assert_no_traceback, run_cli, snapshot, assert_unchanged, text


def _stale(xml: str) -> str:
    return re.sub(r'<dimension ref="[^"]*"\s*/>', '<dimension ref="A1:B2"/>', xml)


def _sheet_texts(path, name: str) -> str:
    with zipfile.ZipFile(path) as z:
        return z.read(name).decode("utf-8")


def test_a_stale_dimension_hides_no_player_from_compute_nor_recompute(tmp_path):
    book = swiss_book(tmp_path / "stale.xlsx", sheets={CROSSTABLE: _stale})
    assert '<dimension ref="A1:B2"/>' in part(book, CROSSTABLE)
    proc = run_cli(["compute", book.name, "--tiebreaks", "BH"], tmp_path)
    assert proc.returncode == 0, text(proc)
    assert all(p[1] in text(proc) for p in PLAYERS)
    out = tmp_path / "out.xlsx"
    proc = run_cli(["recompute", book.name, "-o", out.name], tmp_path)
    assert proc.returncode == 0, text(proc)
    standings = _sheet_texts(out, "xl/worksheets/sheet2.xml")
    assert all(p[1] in standings for p in PLAYERS)  # the Standings of recompute: the four players


def test_a_late_entrant_below_the_name_is_read_by_every_command_and_recompute_widens_the_name(tmp_path):
    book = swiss_book(tmp_path / "late.xlsx", PLAYERS + (LATE,), workbook=name_range("Crosstable!$A$4:$P$8"))
    before = snapshot(tmp_path)
    check = run_cli(["check", book.name], tmp_path)
    assert check.returncode == 0, text(check)
    assert "the Crosstable name ends at row 8; rows 9..9 read too: recompute widens the name" in text(check)
    for cmd in (["compute", book.name, "--tiebreaks", "BH"], ["standings", book.name, "--tiebreaks", "BH"]):
        proc = run_cli(cmd, tmp_path)
        assert proc.returncode == 0 and "Echo Late" in proc.stdout.decode(), text(proc)
    trf = run_cli(["export-trf", book.name, "-o", "late.trf"], tmp_path)
    assert trf.returncode == 0, text(trf)
    lines = (tmp_path / "late.trf").read_text(encoding="utf-8").splitlines()
    assert sum(1 for line in lines if line.startswith("001")) == 5
    assert_unchanged(before, tmp_path, allowed_new=["late.trf"])
    proc = run_cli(["recompute", book.name, "-o", "wide.xlsx"], tmp_path)
    assert proc.returncode == 0, text(proc)
    assert "the name Crosstable now covers Crosstable!A4:P9" in text(proc)
    assert "<definedName name=\"Crosstable\">Crosstable!$A$4:$P$9</definedName>" in part(tmp_path / "wide.xlsx", WORKBOOK)
    assert "Echo Late" in _sheet_texts(tmp_path / "wide.xlsx", "xl/worksheets/sheet2.xml")
    again = run_cli(["check", "wide.xlsx"], tmp_path)
    assert again.returncode == 0 and "Crosstable name ends" not in text(again), text(again)


def test_rows_further_down_are_read_up_to_the_first_empty_row(tmp_path):
    six = (6, "Foxtrot Later", "", 1600, "EST", "-", "-", "-")
    seven = (7, "Golf Apart", "", 1500, "LAT", "-", "-", "-")  # after an empty row: not read
    book = swiss_book(tmp_path / "far.xlsx", PLAYERS + (LATE, six), workbook=name_range("Crosstable!$A$4:$P$8"),
                      sheets={CROSSTABLE: lambda xml: put_rows(xml, {12: row_xml(12, seven)})})
    t, _ = read_workbook(book)
    assert [p.name for p in t.players][-2:] == ["Echo Late", "Foxtrot Later"] and len(t.players) == 6


def _settings(rows: dict[int, tuple]) -> dict:
    return {SETTINGS: lambda xml: put_rows(xml, {r: row_xml(r, v) for r, v in rows.items()})}


def test_settings_rounds_and_live_standings_are_read_by_their_labels(tmp_path):
    book = swiss_book(tmp_path / "s.xlsx", sheets=_settings({13: ("Rounds", 7), 15: ("Live standings", "yes")}))
    _, settings = read_workbook(book)
    assert (settings.rounds, settings.live) == (7, True)
    plain = swiss_book(tmp_path / "plain.xlsx", sheets=_settings({13: ("", ""), 15: ("", "")}))
    _, settings = read_workbook(plain)
    assert (settings.rounds, settings.live) == (None, False)  # an older workbook: the columns, not live
    empty = swiss_book(tmp_path / "e.xlsx", sheets=_settings({3: ("Edition", ""), 13: ("Rounds", "")}))
    _, settings = read_workbook(empty)
    assert settings.edition == "" and settings.rounds is None  # B3 empty: by the start date


@pytest.mark.parametrize("row,value,cell", [(13, "seven", "Settings!B13"), (13, 0, "Settings!B13"),
                                            (13, 2.5, "Settings!B13"), (15, "maybe", "Settings!B15")])
def test_bad_rounds_or_live_settings_name_their_cell(tmp_path, row, value, cell):
    label = "Rounds" if row == 13 else "Live standings"
    book = swiss_book(tmp_path / "bad.xlsx", sheets=_settings({row: (label, value)}))
    with pytest.raises(InputError, match=re.escape(cell)):
        read_workbook(book)


def test_a_dimension_and_a_cell_at_xfd1048576_stay_harmless(tmp_path):
    """With every cell read, a stored dimension over the whole
    sheet and a lone cell in its last corner change nothing for compute, check or recompute."""
    def corner(xml: str) -> str:
        xml = re.sub(r'<dimension ref="[^"]*"\s*/>', '<dimension ref="A1:XFD1048576"/>', xml)
        return put_rows(xml, {1048576: '<row r="1048576"><c r="XFD1048576"><v>7</v></c></row>'})
    book = swiss_book(tmp_path / "corner.xlsx", sheets={CROSSTABLE: corner})
    before = snapshot(tmp_path)
    for args in (["compute", book.name, "--tiebreaks", "BH"], ["check", book.name]):
        proc = run_cli(args, tmp_path, timeout=20)
        assert proc.returncode == 0 and ("Delta Four" in text(proc) or args[0] == "check"), text(proc)
        assert_no_traceback(proc)
    assert_unchanged(before, tmp_path)
    proc = run_cli(["recompute", book.name, "-o", "out.xlsx"], tmp_path, timeout=20)
    assert proc.returncode == 0, text(proc)
