"""Hostile numbers and fields give a clear error (exit 2) naming their place, never a hang, a
memory blow-up or a silent default: a round heading ``99999999999.Rd``, a published value or
an amount ``1e999999999`` (``Fraction`` of it builds a billion-digit integer), a number of 5,000
digits anywhere (an option, a crosstable cell, a heading: ``int()`` refuses it), a rating ``abc``
read as unrated, a date ``99/99/9999`` read as no date, an export saved as UTF-16, an input path
that is a named pipe (reading it blocks forever).

The commands that used to hang or take gigabytes run in their own process under a 2 GB address
space limit and a timeout, so that a regression fails the test instead of the machine.
"""

from __future__ import annotations

import datetime
import os
import subprocess
import sys
import zipfile
from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak import demo_tournament
from xl_tiebreak.errors import InputError
from xl_tiebreak.examples import demo_text
from xl_tiebreak.excel.authoring.prize_sheets import PRIZE_HEAD_ROW, RULES_FIRST
from xl_tiebreak.excel.authoring.template import to_bytes
from xl_tiebreak.excel.authoring.workbook import filled_workbook
from xl_tiebreak.imports.export_file import export_rows, read_import
from xl_tiebreak.excel.ranges.prize_arguments import read_prize_rules, read_prize_table
from tests.support.team_files import four_teams
from test_vega_import import SAMPLE as VEGA_SAMPLE
from xl_tiebreak.imports.chess_results import read_export, rows_from_text
from xl_tiebreak.imports.vega import read_vega_export
from xl_tiebreak.number_text import MAX_AMOUNT, OutOfRange, amount_of, decimal_of
from xl_tiebreak.prizes import parse_amounts, parse_unit

from .books import CROSSTABLE, PLAYERS, WORKBOOK, part, put_rows, row_xml, swiss_book
from .conftest import ROOT, assert_refused, assert_unchanged, snapshot

# a chess-results crosstable export (CSV, semicolons, as chess-results.com saves it): 4 players,
# 3 rounds; every game written on both rows; Pts. and two tie-break columns as published
CSV_HEAD = ("From the Tournament-Database of Chess-Results https://chess-results.com\nClub Open 2025\n"
            "Last update 06.09.2025 12:00:00\nFinal Ranking crosstable after 3 Rounds\n")
HEADER = "Rk.;SNo;;Name;Rtg;FED;1.Rd;2.Rd;3.Rd;Pts.;TB1;TB2"
ROWS = ["1;2;FM;Adams, A;2100;ENG;3w1;2b½;-1;2,5;3;4,5",
        "2;1;;Brown, B;2200;ENG;4b1;1w½;3s1;2,5;3;3,75",
        "3;3;;Cole, C;1900;SCO;1b0;4w+;2w0;1;5;0",
        "4;4;;Dunn, D;0;WLS;2w0;3b-;-0;0;4,5;0"]

# Vega's cross table (text) of 4 players and 3 rounds; line 2 holds the start date
VEGA = VEGA_SAMPLE.replace("(W)", "   ")  # the Vega tests' sample, nobody withdrawn


def _csv(header: str = HEADER, rows: list[str] = ROWS) -> str:
    return CSV_HEAD + header + "\n" + "\n".join(rows) + "\n"


def _row(k: int, column: int, value: str) -> list[str]:
    """ROWS with row ``k``'s field ``column`` (0-based) replaced."""
    out = list(ROWS)
    fields = out[k].split(";")
    fields[column] = value
    out[k] = ";".join(fields)
    return out


def _limited() -> None:  # pragma: no cover - runs in the child process
    import resource
    resource.setrlimit(resource.RLIMIT_AS, (2 * 2 ** 30, 2 * 2 ** 30))


def bounded_cli(args: list[str], cwd: Path, timeout: float = 30) -> subprocess.CompletedProcess:
    """The CLI in its own process, its memory limited to 2 GB (where the system allows it) and
    its time to ``timeout`` seconds: a hang or a blow-up fails the test, not the machine."""
    env = dict(os.environ)
    env.pop("PYTHONIOENCODING", None)
    env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(ROOT), env.get("PYTHONPATH", "")]))
    return subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", *args], cwd=cwd, env=env, capture_output=True,
                          timeout=timeout, preexec_fn=_limited if sys.platform != "win32" else None)


# ------------------------------------------------------------------ the bound, by hand

@pytest.mark.parametrize("given, value", [
    ("12.5", Fraction(25, 2)), ("-3", Fraction(-3)), ("1.5E2", Fraction(150)), (12.3, Fraction(123, 10)),
    ("1e15", Fraction(10 ** 15)), ("9.5e15", Fraction(95 * 10 ** 14)), ("1e-15", Fraction(1, 10 ** 15)),
    ("0e-99999999", Fraction(0)), (7, Fraction(7)),
])
def test_a_sensible_number_is_read_exactly(given, value):
    # each value worked out by hand from the decimal text (12.3 typed in a cell is 123/10, not the float)
    d = decimal_of(given)
    assert d is not None and Fraction(d) == value


@pytest.mark.parametrize("given", ["", "-", "abc", "nan", "inf", "1_000", None, True])
def test_what_is_no_number_reads_as_none(given):
    assert decimal_of(given) is None


@pytest.mark.parametrize("given, why", [
    ("1e999999999", "out of range"), ("1e-99999999", "out of range"), ("1e16", "out of range"),
    ("1" * 31, "too long"), (1e308, "out of range"), (1e-300, "out of range"), (10 ** 400, "out of range"),
])
def test_a_number_too_long_or_too_far_from_one_is_refused_before_it_is_converted(given, why):
    with pytest.raises(OutOfRange, match=why):
        decimal_of(given)


def test_an_amount_above_a_trillion_is_a_typing_error():
    assert amount_of(str(MAX_AMOUNT)) == Fraction(10 ** 12)
    with pytest.raises(OutOfRange, match="too large for an amount"):
        amount_of("1000000000001")
    with pytest.raises(OutOfRange, match="too large for an amount"):
        amount_of(5e12)


# ---------------------------------------------------------------- chess-results, Swiss-Manager

@pytest.mark.parametrize("heading, source", [("99999999999.Rd", "chess-results"), ("Rd 99999999999", "swiss-manager")])
def test_a_round_heading_past_the_last_possible_round_is_refused_naming_its_cell(tmp_path, heading, source):
    (tmp_path / "big.csv").write_text(_csv(HEADER.replace("3.Rd", heading)), encoding="utf-8")
    proc = bounded_cli(["check", "--from", source, "big.csv"], tmp_path)
    assert_refused(proc, "big.csv: row 5, column I:", heading, "up to 10,000 rounds")


def test_round_ten_thousand_is_the_last_a_heading_may_name():
    rows = rows_from_text(_csv(HEADER.replace("3.Rd", "10001.Rd")))
    with pytest.raises(InputError, match="names round 10001"):
        read_export(rows, "x.csv")
    rows = rows_from_text(_csv(HEADER.replace("3.Rd", "10000.Rd")))
    with pytest.raises(InputError, match="round columns jump from 2.Rd to 4.Rd"):  # past the bound: the gap
        read_export(rows, "x.csv")


@pytest.mark.parametrize("column, value, place", [
    (9, "1e999999999", "row 6, column J (Pts.)"), (10, "1e-99999999", "row 6, column K (TB1)"),
    (11, "1" * 40, "row 6, column L (TB2)"),
])
def test_a_published_value_with_a_monstrous_exponent_is_refused_naming_its_cell(tmp_path, column, value, place):
    (tmp_path / "pts.csv").write_text(_csv(rows=_row(0, column, value)), encoding="utf-8")
    proc = bounded_cli(["check", "--from", "chess-results", "pts.csv", "-t", "BH,SB"], tmp_path)
    assert_refused(proc, f"pts.csv: {place}:")


@pytest.mark.parametrize("rating", ["abc", "1e9999999", "2100.5", "12345"])
def test_a_rating_that_is_no_rating_is_refused_not_read_as_unrated(tmp_path, rating):
    (tmp_path / "rtg.csv").write_text(_csv(rows=_row(0, 4, rating)), encoding="utf-8")
    proc = bounded_cli(["check", "--from", "chess-results", "rtg.csv", "-t", "ARO"], tmp_path)
    assert_refused(proc, "rtg.csv: row 6, column E (Rtg):", "is not a rating", "an empty cell or 0: unrated")


def test_an_empty_rating_a_zero_or_a_dash_is_unrated():
    rows = _row(1, 4, "")
    rows[2] = rows[2].replace(";1900;", ";-;")  # Cole, C (start number 3)
    got = read_export(rows_from_text(_csv(rows=rows)), "x.csv").tournament
    # Adams is No 2 (2100), Brown No 1 (empty), Cole No 3 (-), Dunn No 4 (0)
    assert {p.no: p.rating for p in got.players} == {1: None, 2: 2100, 3: None, 4: None}


# ---------------------------------------------------------------------------------- Vega

def test_vega_points_with_a_monstrous_exponent_are_refused_naming_the_line(tmp_path):
    (tmp_path / "v.txt").write_text(VEGA.replace("NSW  2.5 | +W3", "NSW  1e999999999 | +W3"), encoding="utf-8")
    proc = bounded_cli(["check", "--from", "vega", "v.txt", "-t", "BH"], tmp_path)
    assert_refused(proc, "v.txt: line 8: the points:", "out of range")


@pytest.mark.parametrize("change, message", [
    (("2100  FM", "99999999999999999999999999999  FM"), "line 8: the rating '99999999999999999...' is not a rating"),
    (("+W3 ", "+W99999999999999999999 "), "line 8, round 1: '+W999999999999999...': there is no player in "
                                          "position 99999999999999999999"),
])
def test_a_vega_rating_or_opponent_of_many_digits_is_refused_naming_the_line(change, message):
    with pytest.raises(InputError) as got:
        read_vega_export(VEGA.replace(*change), "v.txt")
    assert str(got.value).startswith(f"v.txt: {message}")


def test_a_vega_start_date_that_is_no_date_is_refused_at_import_naming_the_line(tmp_path):
    assert read_vega_export(VEGA, "v.txt").tournament.start_date == "2025-04-05"
    (tmp_path / "d.txt").write_text(VEGA.replace("05/04/2025, 05", "99/99/9999, 05"), encoding="utf-8")
    proc = bounded_cli(["check", "--from", "vega", "d.txt", "-t", "BH"], tmp_path)
    assert_refused(proc, "d.txt: line 2: '99/99/9999' is not a date")
    proc = bounded_cli(["workbook", "--from", "vega", "d.txt", "-o", "d.xlsx", "-t", "BH"], tmp_path)
    assert_refused(proc, "d.txt: line 2: '99/99/9999' is not a date")
    assert not (tmp_path / "d.xlsx").exists()


# ------------------------------------------------------------------------------- UTF-16

@pytest.mark.parametrize("encoding", ["utf-16", "utf-16-le", "utf-16-be"])
def test_an_export_saved_as_utf16_reads_as_the_same_export_saved_as_utf8(tmp_path, encoding):
    text = _csv().replace(";", "\t")  # Excel's "Unicode text": tab-separated UTF-16 with a byte-order mark
    (tmp_path / "u8.csv").write_text(text, encoding="utf-8")
    (tmp_path / "u16.csv").write_bytes(text.encode(encoding))
    assert export_rows(tmp_path / "u16.csv") == export_rows(tmp_path / "u8.csv") == rows_from_text(text)
    a, b = read_import(tmp_path / "u16.csv", "chess-results"), read_import(tmp_path / "u8.csv", "chess-results")
    assert a.published == b.published and [p.name for p in a.tournament.players] == ["Brown, B", "Adams, A", "Cole, C",
                                                                                     "Dunn, D"]


def test_a_vega_cross_table_saved_as_utf16_reads_too(tmp_path):
    (tmp_path / "v.txt").write_bytes(VEGA.encode("utf-16"))
    got = read_import(tmp_path / "v.txt", "vega")
    assert got.tournament.start_date == "2025-04-05" and len(got.tournament.players) == 4


# ------------------------------------------------------------------------ input files

needs_fifo = pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="no named pipes here")


@needs_fifo
@pytest.mark.parametrize("args", [["publish", "f.trf", "-o", "f.html"], ["compute", "f.trf"],
                                  ["check", "--from", "chess-results", "f.trf"], ["check", "f.trf"],
                                  ["recompute", "f.trf"], ["workbook", "--from", "vega", "f.trf", "-o", "f.xlsx"]])
def test_a_named_pipe_as_input_is_refused_at_once_not_waited_on(tmp_path, args):
    os.mkfifo(tmp_path / "f.trf")
    proc = bounded_cli(args, tmp_path, timeout=30)
    assert_refused(proc, "f.trf: is not a regular file")


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero here")
def test_a_device_as_input_is_refused(tmp_path):
    assert_refused(bounded_cli(["compute", "/dev/zero"], tmp_path), "/dev/zero: is not a regular file")
    assert_refused(bounded_cli(["compute", str(tmp_path)], tmp_path), "is a folder, not a file")


# ------------------------------------------------------------------------------ prizes

def test_prize_amounts_on_the_command_line_are_bounded(tmp_path):
    (tmp_path / "demo.trf").write_text(demo_text(), encoding="utf-8")
    assert_refused(bounded_cli(["prizes", "demo.trf", "--places", "1e99999999"], tmp_path),
                   "place prizes: prize 1: '1e99999999' is out of range")
    assert_refused(bounded_cli(["prizes", "demo.trf", "--places", "100,2e12"], tmp_path),
                   "place prizes: prize 2: '2e12' is too large for an amount")
    assert_refused(bounded_cli(["prizes", "demo.trf", "--places", "100", "--category-prize", "U1600=1e999999"],
                               tmp_path), "category U1600 prizes: prize 1: '1e999999' is out of range")


@pytest.mark.parametrize("unit, message", [
    ("-1", "--unit -1: expected a positive amount, e.g. 0.01 or 1"),
    ("0", "--unit 0: expected a positive amount"), ("abc", "--unit abc: expected a positive amount"),
    ("1e-99999999", "--unit: '1e-99999999' is out of range"),
])
@pytest.mark.parametrize("command", ["prizes", "publish"])
def test_a_rounding_unit_that_is_no_positive_amount_is_refused_naming_the_option(tmp_path, unit, message, command):
    (tmp_path / "demo.trf").write_text(demo_text(), encoding="utf-8")
    out = ["-o", "p.html"] if command == "publish" else []
    proc = bounded_cli([command, "demo.trf", *out, "--places", "100", f"--unit={unit}"], tmp_path)
    assert_refused(proc, message)


def test_the_amount_and_unit_readers_say_which_prize():
    assert parse_amounts("500, 300,12.5", "place prizes") == (Fraction(500), Fraction(300), Fraction(25, 2))
    assert parse_unit("0.05") == Fraction(1, 20)
    with pytest.raises(InputError, match="place prizes: prize 3 is negative"):
        parse_amounts("5,4,-1", "place prizes")


def _prize_book(path: Path, *, amount=None, unit=None) -> Path:
    wb, _ = filled_workbook(demo_tournament())
    prizes = wb["Prizes"]
    prizes.cell(PRIZE_HEAD_ROW + 1, 2, 100 if amount is None else amount)
    if unit is not None:
        assert prizes.cell(RULES_FIRST + 2, 1).value == "Rounding unit"
        prizes.cell(RULES_FIRST + 2, 2, unit)
    path.write_bytes(to_bytes(wb))
    return path


@pytest.mark.parametrize("kw, message", [
    ({"amount": "1e99999999"}, "Prizes!B11 (Place, 1st prize): '1e99999999' is out of range"),
    ({"amount": 1e308}, "Prizes!B11 (Place, 1st prize): '1e+308' is out of range"),
    ({"amount": 5e12}, "Prizes!B11 (Place, 1st prize): '5000000000000' is too large for an amount"),
    ({"unit": "1e-99999999"}, "Prizes!B7: Rounding unit: '1e-99999999' is out of range"),
])
def test_a_prizes_sheet_amount_or_unit_out_of_range_is_refused_naming_the_cell(tmp_path, kw, message):
    _prize_book(tmp_path / "p.xlsx", **kw)
    proc = bounded_cli(["prizes", "p.xlsx"], tmp_path)
    assert_refused(proc, f"p.xlsx: {message}")


def test_a_date_typed_in_a_prize_cell_is_quoted_as_the_cell_shows_it():
    with pytest.raises(InputError) as got:
        read_prize_table([["", "Place"], ["1st", datetime.datetime(2026, 1, 1)]])
    assert str(got.value) == ("prize_table, column 2 (Place), 1st prize: 2026-01-01 is not an amount; type a number "
                              "such as 500 or 12.50")
    with pytest.raises(InputError, match=r"Rounding unit: 2026-01-01 09:30 is not an amount"):
        read_prize_rules([["Rounding unit", datetime.datetime(2026, 1, 1, 9, 30)]])


# ------------------------------------------------------------------ 5,000 digits, anywhere else

BIG = "9" * 5000  # past Python's 4,300-digit limit for int(): each was an internal error (exit 3)


@pytest.mark.parametrize("args, message", [
    (["standings", "demo.trf", "--category", f"U{BIG}"], f"--category: 'U{'9' * 39}...': "
     "a rating category goes up to U10000 (a rating is at most 9999)"),
    (["prizes", "demo.trf", "--places", "100", "--category-prize", f"U{BIG}=10"],
     "a rating category goes up to U10000"),
    (["compute", "demo.trf", "-t", f"ARO/U{BIG}"], "the rating for unrated players must be from 1 to 3999"),
    (["compute", "demo.trf", "-t", f"KS/L{BIG}"], "the limit is out of range"),
    (["compute", "demo.trf", "--set", f"unrated-rating={BIG}"],
     "--set: option unrated_rating must be a rating from 1 to 3999, not '999999999999...'"),
    (["compute", "team.trf", "--team-pab", f"{BIG},1"], "--team-pab '99999999999999999...': expected win"),
])
def test_an_option_of_5000_digits_is_refused_naming_the_option(tmp_path, args, message):
    (tmp_path / "demo.trf").write_text(demo_text(), encoding="utf-8")
    (tmp_path / "team.trf").write_text(four_teams(), encoding="utf-8")
    assert_refused(bounded_cli(args, tmp_path), message)


@pytest.mark.parametrize("event, code, message", [
    ("demo.trf", f"BH/C{BIG}", "--tiebreaks: '/C999999999999999...' in 'BH/C9999999999999...': at most 99 may be cut"),
    ("demo.trf", f"BH,SB/C{BIG}", "--tiebreaks 'BH,SB/C9999999999...': '/C999999999999999...' in "
                                  "'SB/C9999999999999...': at most 99 may be cut"),
    ("demo.trf", f"BH/Q{BIG}", "--tiebreaks: unknown modifier '/Q999999999999999...' in 'BH/Q9999999999999...'"),
    ("demo.trf", f"X{BIG}", "--tiebreaks: unknown tie-break 'X9999999999999999...'; known: DE, "),
    ("team.trf", f"BH/C{BIG}", "--tiebreaks: team tie-break 'BH/C9999999999999...': '/C999999999999999...': at "
                               "most 9999"),
    ("team.trf", f"X{BIG}", "--tiebreaks: unknown team tie-break 'X9999999999999999...'; team codes: "),
])
def test_a_descriptor_of_5000_digits_is_quoted_short_once(tmp_path, event, code, message):
    """The message quotes the descriptor cut to 20 characters, once (it repeated the whole of it
    two or three times, some 15 KB on one line); a team file's too (its 5,000-digit cut was an
    internal error, exit 3)."""
    (tmp_path / "demo.trf").write_text(demo_text(), encoding="utf-8")
    (tmp_path / "team.trf").write_text(four_teams(), encoding="utf-8")
    err = assert_refused(bounded_cli(["standings", event, "-t", code], tmp_path))
    assert err.startswith(f"xl-tiebreak: {message}") and err.count("\n") == 1 and len(err) < 400, err


def _big_book(path: Path, kind: str) -> Path:
    """The Swiss template with a 5,000-digit opponent in Crosstable!F5, or a 5,000-digit round heading
    in H4."""
    if kind == "cell":
        return swiss_book(path, [(*PLAYERS[0][:5], f"{BIG}w1", *PLAYERS[0][6:]), *PLAYERS[1:]])
    head = ["No", "Name", "Title", "Rating", "Fed", "R1", "R2", f"R{BIG}"]
    return swiss_book(path, sheets={CROSSTABLE: lambda xml: put_rows(xml, {4: row_xml(4, head)})})


@pytest.mark.parametrize("kind, message", [
    ("cell", "Crosstable!F5: '99999999999999999...' is not a result: no start number has seven digits or more"),
    ("heading", "Crosstable!H4: the round column R9999999999999999... is past round 10000"),
])
@pytest.mark.parametrize("command", ["compute", "check"])
def test_a_workbook_cell_of_5000_digits_is_refused_naming_the_cell(tmp_path, kind, message, command):
    _big_book(tmp_path / "b.xlsx", kind)
    before = snapshot(tmp_path)
    proc = bounded_cli([command, "b.xlsx"], tmp_path)
    if command == "check":  # its finding, on standard output
        assert proc.returncode == 1 and message in proc.stdout.decode(), (proc.returncode, proc.stdout, proc.stderr)
    else:
        assert_refused(proc, f"b.xlsx: {message}")
    assert_unchanged(before, tmp_path)


def test_a_team_workbook_board_heading_of_5000_digits_is_no_board_column(tmp_path):
    (tmp_path / "t.trf").write_text(four_teams(), encoding="utf-8")
    assert bounded_cli(["workbook", "t.trf", "-o", "made.xlsx"], tmp_path).returncode == 0
    with zipfile.ZipFile(tmp_path / "made.xlsx") as src, zipfile.ZipFile(tmp_path / "t.xlsx", "w") as dst:
        for info in src.infolist():
            body = src.read(info.filename)
            if info.filename == "xl/worksheets/sheet1.xml":  # Matches: its heading B2 (F4) made B999...
                assert b"<t>B2</t>" in body
                body = body.replace(b"<t>B2</t>", f"<t>B{BIG}</t>".encode(), 1)
            dst.writestr(info, body)
    assert_refused(bounded_cli(["standings", "t.xlsx"], tmp_path), "t.xlsx: Matches!A5: the Matches table has no "
                   "column B2")


def test_a_print_area_ending_past_the_last_row_is_left_as_it_is_by_recompute(tmp_path):
    area = f"'Crosstable'!$A$1:$X${BIG}"
    swiss_book(tmp_path / "b.xlsx", workbook=lambda xml: xml.replace("'Crosstable'!$A$1:$X$4", area))
    proc = bounded_cli(["recompute", "b.xlsx"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert area in part(tmp_path / "b.xlsx", WORKBOOK)  # not a range any sheet has: not refitted
