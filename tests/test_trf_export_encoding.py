"""The text encoding of the TRF ``export-trf`` writes, read by FIDE's reference engine and by our reader.

gacrux (test-only oracle, in a subprocess) decodes a TRF as Latin-1 unless ``-b`` names another: a name
written in UTF-8 with ``ü`` is two characters there, its line's later columns move, and it refuses the
file ("misaligned data"). So a workbook's TRF is written in Windows-1252 when every character fits (``Š``
and ``Ž`` too, at 0x8A and 0x8E), in UTF-8 only when one does not (a note says so), in ``--encoding``
when given; a team TRF in the encoding it was read in (Swiss-Manager writes Windows-1252). Each file is
read back by our reader (UTF-8 first, else Windows-1252 / Latin-1) with the names written.

The events: bre-jeunes-2024-open-b.trf (pairing-allocated and zero-point byes, a forfeit) and
sample-trf26-mp.trf (a forfeited match, byes, line-ups), their players renamed with accented names.
"""

from __future__ import annotations

import dataclasses
import os
from pathlib import Path

import pytest

from conftest import SHARED
from tests.oracle.gacrux_runner import GacruxError, gacrux_available, gacrux_players, run_gacrux
from tests.oracle.team_runner import run_team_gacrux
from xl_tiebreak.cli import main
from xl_tiebreak.trf import read_trf
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.validation import Findings

_SHARED = SHARED if SHARED.is_dir() else Path(os.environ.get("XL_TIEBREAK_SHARED", str(SHARED)))
SWISS = _SHARED / "data" / "real" / "bre-jeunes-2024-open-b.trf"
TEAMS = _SHARED / "data" / "team" / "sample-trf26-mp.trf"

#: names Windows-1252 has every character of (Š and Ž are its 0x8A and 0x8E, control codes in Latin-1)
WESTERN = {1: "Müller, Jürgen", 2: "Groß, Anna", 3: "Šimon, Žofie"}
#: a name it has not: Ł
POLISH = {**WESTERN, 4: "Łukasiewicz, Jan"}
CODES = ["BH", "BH/C1", "SB", "WIN", "PS", "AOB"]
TEAM_CODES = ["MPTS", "GPTS", "BH:MP", "EMGSB/C1", "EDE", "SSSC"]

needs_gacrux = pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")


def _source(path: Path) -> Path:
    if not path.is_file():
        pytest.skip(f"{path} is not beside the project")
    return path


def _renamed(t, names: dict[int, str]):
    return dataclasses.replace(t, players=tuple(dataclasses.replace(p, name=names.get(p.no, p.name))
                                                for p in t.players))


def _swiss_book(tmp_path: Path, names: dict[int, str]) -> Path:
    from xl_tiebreak.excel.authoring.workbook import write_workbook
    book = tmp_path / "swiss.xlsx"
    write_workbook(_renamed(read_trf(_source(SWISS)), names), book, trf_fields=True)
    return book


def _export(args: list[str], capsys) -> tuple[int, str]:
    status = main(["export-trf", *args])
    return status, capsys.readouterr().err


def _identities(t) -> list[tuple[str, int, int]]:
    return [(p.name, int(p.fide_id or 0), p.rating or 0) for p in t.players]


@needs_gacrux
def test_a_workbook_is_written_in_windows_1252_and_fide_s_reference_reads_it_as_written(tmp_path, capsys):
    out = tmp_path / "swiss.trf"
    status, err = _export([str(_swiss_book(tmp_path, WESTERN)), "-o", str(out)], capsys)
    assert status == 0 and "note" not in err
    data = out.read_bytes()
    assert b"001    1 m    M\xfcller, J\xfcrgen " in data and b"\x8aimon, \x8eofie" in data  # Windows-1252
    source = read_trf(SWISS)
    want = _identities(_renamed(source, WESTERN))
    # FIDE's reference engine, with its default Latin-1: every column in place, the Latin names right
    # (Š and Ž are its control codes 0x8A and 0x8E; with -b cp1252 they are read right too)
    read = gacrux_players(out)
    assert [(n, i, r) for n, _fed, i, r in read] == [(n.replace("Š", "\x8a").replace("Ž", "\x8e"), i, r)
                                                      for n, i, r in want]
    assert [(n, i, r) for n, _fed, i, r in gacrux_players(out, encoding="cp1252")] == want
    assert run_gacrux(str(out), CODES) == run_gacrux(str(SWISS), CODES)
    # our reader: the names written, every round as the source's
    back = read_trf(out, findings=Findings(strict=False))
    assert _identities(back) == want
    assert [[(r.kind, r.opponent, r.points) for r in p.rounds] for p in back.players] == \
        [[(r.kind, r.opponent, r.points) for r in p.rounds] for p in source.players]


@needs_gacrux
def test_a_name_windows_1252_cannot_write_is_written_in_utf_8_and_the_command_says_so(tmp_path, capsys):
    book = _swiss_book(tmp_path, POLISH)
    out = tmp_path / "swiss.trf"
    status, err = _export([str(book), "-o", str(out)], capsys)
    assert status == 0
    assert (f"xl-tiebreak: note: {out}: written in UTF-8: 'Ł' (line 18, column 15: player 4's record) has no place "
            "in Windows-1252; FIDE's reference engine reads it only when told so (gacrux -b utf-8)") in err
    want = _identities(_renamed(read_trf(SWISS), POLISH))
    assert _identities(read_trf(out)) == want  # UTF-8: no guess, no warning
    with pytest.raises(GacruxError, match="line 15, 001    1 m    MÃ¼ller"):
        gacrux_players(out)  # what a UTF-8 file is to the reference engine without -b
    assert [(n, i, r) for n, _fed, i, r in gacrux_players(out, encoding="utf-8")] == want
    assert run_gacrux(str(out), CODES, encoding="utf-8") == run_gacrux(str(SWISS), CODES)
    # --encoding: one that has every character, and our reader told the same
    status, err = _export([str(book), "-o", str(out), "--force", "--encoding", "cp1250"], capsys)
    assert status == 0 and b"\xa3ukasiewicz, Jan" in out.read_bytes()
    assert "written in cp1250: this program reads it back with --encoding cp1250" in err
    assert _identities(read_trf(out, encoding="cp1250")) == want
    assert [(n, i, r) for n, _fed, i, r in gacrux_players(out, encoding="cp1250")] == want
    # one that has not: refused, naming the character and where, the file left as it was
    before = out.read_bytes()
    status, err = _export([str(book), "-o", str(out), "--force", "--encoding", "latin-1"], capsys)
    assert status == 2 and "'Š' (line 17, column 15: player 3's record) cannot be written in Latin-1" in err
    status, err = _export([str(book), "-o", str(out), "--force", "--encoding", "klingon"], capsys)
    assert status == 2 and "unknown encoding 'klingon'" in err and "Traceback" not in err
    assert out.read_bytes() == before


def _team_event(names: dict[int, str]):
    event = read_team_trf(_source(TEAMS).read_text(encoding="utf-8"), TEAMS.name, findings=Findings(strict=False))
    teams = tuple(dataclasses.replace(tm, name="Zürich Löwen") if tm.no == 1 else tm for tm in event.teams)
    return dataclasses.replace(event, tournament=_renamed(event.tournament, names), teams=teams)


@needs_gacrux
def test_a_team_workbook_is_written_in_windows_1252_and_fide_s_reference_reads_it_as_written(tmp_path, capsys):
    from xl_tiebreak.excel.authoring.team_template import team_workbook_bytes
    book, out = tmp_path / "team.xlsx", tmp_path / "team.trf"
    event = _team_event({1: "Müller, Jürgen", 2: "Groß, Anna"})
    book.write_bytes(team_workbook_bytes(event))
    status, err = _export([str(book), "-o", str(out)], capsys)
    assert status == 0 and "note" not in err
    data = out.read_bytes()
    assert b"M\xfcller, J\xfcrgen" in data and b"310   1 Z\xfcrich L\xf6wen " in data
    names = [n for n, _fed, _id, _r in gacrux_players(out)]
    assert names == ["Müller, Jürgen", "Groß, Anna", *[p.name for p in event.tournament.players[2:]]]
    for edition in ("2024", "2026"):
        assert run_team_gacrux(out, TEAM_CODES, edition=edition).raw == \
            run_team_gacrux(TEAMS, TEAM_CODES, edition=edition).raw
    back = read_team_trf(data.decode("cp1252"), out.name)
    assert back.team(1).name == "Zürich Löwen" and back.tournament.player(2).name == "Groß, Anna"


@needs_gacrux
def test_a_windows_1252_team_trf_is_written_back_in_windows_1252(tmp_path, capsys):
    """A team file as Swiss-Manager writes it (Windows-1252): read and written again, its names keep
    their bytes, and FIDE's reference engine reads both files with the same values."""
    text = TEAMS.read_text(encoding="utf-8") if _source(TEAMS) else ""
    for no, name in {1: "Müller, Jürgen", 4: "Šimon, Žofie"}.items():
        line = next(ln for ln in text.splitlines() if ln.startswith(f"001 {no:4d}"))
        text = text.replace(line, line[:14] + f"{name:<33}" + line[47:])
    source, out = tmp_path / "sm.trf", tmp_path / "back.trf"
    source.write_bytes(text.encode("cp1252"))
    status, err = _export([str(source), "-o", str(out)], capsys)
    assert status == 0 and "note" not in err.replace("note: Team PAB", "")
    data = out.read_bytes()
    assert b"M\xfcller, J\xfcrgen" in data and b"\x8aimon, \x8eofie" in data
    assert read_team_trf(data.decode("cp1252"), out.name).tournament.player(4).name == "Šimon, Žofie"
    assert gacrux_players(out, encoding="cp1252") == gacrux_players(source, encoding="cp1252")
    assert run_team_gacrux(out, TEAM_CODES).raw == run_team_gacrux(source, TEAM_CODES).raw


def test_a_utf_8_team_trf_is_written_back_in_utf_8_and_the_command_says_so(tmp_path, capsys):
    crete = _source(_SHARED / "data" / "real" / "crete-interclub-2025-team.trf")
    out = tmp_path / "crete.trf"
    status, err = _export([str(crete), "-o", str(out)], capsys)
    assert status == 0
    assert (f"xl-tiebreak: note: {out}: written in UTF-8 (as the file read was); FIDE's reference engine reads it "
            "only when told so (gacrux -b utf-8)") in err
    assert out.read_bytes().decode("utf-8").startswith("012 Διασυλλογικό Πρωτάθλημα")


def _team_file(path: Path, names: dict[int, str], encoding: str) -> Path:
    """The team sample with players renamed (001 columns 15-47), written in ``encoding``."""
    text = _source(TEAMS).read_text(encoding="utf-8")
    for no, name in names.items():
        line = next(ln for ln in text.splitlines() if ln.startswith(f"001 {no:4d}"))
        text = text.replace(line, line[:14] + f"{name:<33}" + line[47:])
    path.write_bytes(text.encode(encoding))
    return path


@needs_gacrux
def test_a_central_european_team_trf_is_read_as_windows_1250_and_written_back_with_every_letter(tmp_path, capsys):
    """Ť, ť, Ź, ź are bytes Windows-1252 has no letter for (0x8D, 0x9D, 0x8F, 0x9F): such a file is
    Windows-1250, read so with a warning naming the guess, and written back in it. Failed before: it
    was read as Latin-1, whose control codes the names lost (``Kováø, astný``)."""
    source = _team_file(tmp_path / "cz.trf", {1: "Kovář, Šťastný", 2: "Źródło, Ťapka"}, "cp1250")
    out = tmp_path / "back.trf"
    status, err = _export([str(source), "-o", str(out)], capsys)
    assert status == 0 and "note: " not in err.replace("note: Team PAB", "")
    assert "cz.trf: not UTF-8 (first at line 15): read as cp1250 (Windows-1250" in err and "dropped" not in err
    data = out.read_bytes()
    assert "Kovář, Šťastný".encode("cp1250") in data and "Źródło, Ťapka".encode("cp1250") in data
    assert gacrux_players(out, encoding="cp1250") == gacrux_players(source, encoding="cp1250")
    assert [n for n, _fed, _id, _r in gacrux_players(out, encoding="cp1250")][:2] == ["Kovář, Šťastný",
                                                                                     "Źródło, Ťapka"]
    assert run_team_gacrux(out, TEAM_CODES, encoding="cp1250").raw == \
        run_team_gacrux(source, TEAM_CODES, encoding="cp1250").raw


def test_bytes_no_windows_code_page_has_a_letter_for_are_named_when_they_are_dropped(tmp_path, capsys):
    """0x81 is a letter in neither Windows-1252 nor Windows-1250: the file is read as Latin-1, whose
    control code U+0081 no name keeps; the warning of the guess says so (before: a name warning
    only, without the byte or why)."""
    text = _source(SWISS).read_text(encoding="utf-8")
    line = next(ln for ln in text.splitlines() if ln.startswith("001    1"))
    src = tmp_path / "odd.trf"
    src.write_bytes(text.replace(line, line[:14] + f"{'Mo' + chr(0x81) + 're, Ann':<33}" + line[47:])
                    .encode("latin-1"))
    assert main(["standings", str(src)]) == 0
    err = capsys.readouterr().err
    assert ("odd.trf: not UTF-8 (first at line 13): read as latin-1; if names look wrong, give --encoding (e.g. "
            "cp1250 for Central European Windows files); its bytes 0x81 are no letter in Windows-1252 or "
            "Windows-1250 and control codes in Latin-1: dropped from every name and field they stand in") in err
    assert "name 'More, Ann': a control character (U+0081) dropped" in err


@needs_gacrux
def test_a_team_trf_is_written_in_the_encoding_asked_and_read_in_the_one_detected(tmp_path, capsys):
    """``export-trf --encoding`` names the encoding of the file written, for a team TRF as for a
    workbook; the file read is read in the one detected (or ``--input-encoding``). Failed before: a
    team TRF's ``--encoding`` was the one it was read in, so a UTF-8 file could not be written in
    Windows-1252 (its UTF-8 bytes read as Windows-1252: "colour '4' is not w, b or -")."""
    source = _team_file(tmp_path / "utf8.trf", {1: "Müller, Jürgen", 2: "Groß, Anna"}, "utf-8")
    out = tmp_path / "back.trf"
    status, err = _export([str(source), "-o", str(out), "--encoding", "cp1252"], capsys)
    assert status == 0 and "note: " not in err.replace("note: Team PAB", ""), err
    assert b"001    1 m    M\xfcller, J\xfcrgen " in out.read_bytes()
    assert gacrux_players(out) == gacrux_players(source, encoding="utf-8")  # the reference's default: Latin-1
    assert run_team_gacrux(out, TEAM_CODES).raw == run_team_gacrux(source, TEAM_CODES, encoding="utf-8").raw
    # in an encoding our reader does not take it for: written as asked, and the note says how to read it
    polish = _team_file(tmp_path / "pl.trf", {1: "Łukasiewicz, Jan"}, "utf-8")
    status, err = _export([str(polish), "-o", str(out), "--force", "--encoding", "cp1250"], capsys)
    assert status == 0 and "written in cp1250: this program reads it back with --encoding cp1250" in err
    assert b"\xa3ukasiewicz, Jan" in out.read_bytes()
    # --input-encoding reads the file in the encoding named (a Windows-1250 file whose bytes are
    # Windows-1252 too), and the file is written back in it
    cz = _team_file(tmp_path / "cz.trf", {1: "Dvořák, Jiří"}, "cp1250")
    status, err = _export([str(cz), "-o", str(out), "--force", "--input-encoding", "cp1250"], capsys)
    assert status == 0 and "not UTF-8" not in err and "Dvořák, Jiří".encode("cp1250") in out.read_bytes()
    assert "written in cp1250 (as the file read was): this program reads it back with --encoding cp1250" in err
    status, err = _export([str(_swiss_book(tmp_path, WESTERN)), "-o", str(out), "--force", "--input-encoding",
                           "cp1250"], capsys)
    assert status == 2 and "--input-encoding: the encoding a team TRF is read in; a workbook has none" in err


@pytest.mark.parametrize("name", ["rot13", "base64", "idna", "utf-16", "utf-8-sig", "unicode_escape"])
def test_an_encoding_a_trf_cannot_be_in_is_refused_for_reading_and_writing(tmp_path, capsys, name):
    """One check of an encoding's name (a single-byte encoding writing ASCII as ASCII, or UTF-8):
    a codec that is no text encoding, one of several bytes per character, and a byte-order mark
    before record 012 (which FIDE's reference then does not read as 012) are refused, exit 2
    naming the option, and nothing is written. Failed before: rot13, base64 and idna ended in an
    internal error (exit 3); utf-16 and utf-8-sig were written."""
    book, out = _swiss_book(tmp_path, WESTERN), tmp_path / "out.trf"
    status, err = _export([str(book), "-o", str(out), "--encoding", name], capsys)
    assert status == 2 and "xl-tiebreak: --encoding: " in err and "Traceback" not in err, err
    assert not out.exists()
    if name != "utf-8-sig":  # (for reading, a byte-order mark is dropped: utf-8-sig reads as UTF-8)
        assert main(["standings", str(_source(SWISS)), "--encoding", name]) == 2
        assert "xl-tiebreak: --encoding: " in capsys.readouterr().err
