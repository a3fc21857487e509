"""Hostile TRF files: every bad file ends with exit 2 and one
message naming the file, the line (and column) and what was expected, or is read right with a
warning; never a traceback; the file is left byte for byte."""

from __future__ import annotations

import random
from fractions import Fraction
from pathlib import Path

import pytest

from xl_tiebreak.examples import demo_text

from .conftest import assert_no_traceback, assert_refused, assert_unchanged, run_cli, snapshot

DEMO = demo_text()


def _write(folder: Path, text: str, encoding: str = "utf-8", name: str = "e.trf") -> Path:
    p = folder / name
    p.write_bytes(text.encode(encoding))
    return p


def _line_no(text: str, prefix: str) -> int:
    return next(k for k, ln in enumerate(text.splitlines(), start=1) if ln.startswith(prefix))


BAD_DATES = ["2025/13/45", "2025/02/30", "2024/00/10", "31/31/2024", "2025-1x-01"]
ODD_DATES = ["1926/05/01", "2062/01/01", "1899/12/31"]


@pytest.mark.parametrize("date", BAD_DATES)
def test_a_start_date_that_is_not_a_date_is_a_warning_with_its_line_and_the_edition_assumed(tmp_path, date):
    """As a missing 042: FIDE's reference computes such a file under its newest rules, and so do we,
    saying so (issue 31: validation never refuses what the reference computes)."""
    text = DEMO.replace("042 2025/01/01", f"042 {date}")
    _write(tmp_path, text)
    before = snapshot(tmp_path)
    for cmd in ("compute", "standings", "check"):
        proc = run_cli([cmd, "e.trf"], tmp_path)
        assert_no_traceback(proc)
        said = (proc.stdout if cmd == "check" else proc.stderr).decode()
        assert proc.returncode == 0, said
        assert f"e.trf line 2, column 5: start date '{date}' is not a date, so the rules in force are not known: " \
               "fide2026 (the newest edition) is assumed" in said.replace("warning  ", "warning: "), said
    chosen = run_cli(["standings", "e.trf", "--rules", "fide2024"], tmp_path)
    assert chosen.returncode == 0 and b"not a date" not in chosen.stderr and b"fide2024" in chosen.stdout
    assert_unchanged(before, tmp_path)


@pytest.mark.parametrize("date", ODD_DATES)
def test_an_implausible_start_date_is_named_with_the_edition_it_selects(tmp_path, date):
    _write(tmp_path, DEMO.replace("042 2025/01/01", f"042 {date}"))
    proc = run_cli(["standings", "e.trf"], tmp_path)
    assert_no_traceback(proc)
    assert proc.returncode == 0
    err = proc.stderr.decode()
    edition = "fide2012" if date < "2012" else "fide2026"
    assert "e.trf line 2, column 5" in err and edition in err and edition in proc.stdout.decode()
    chk = run_cli(["check", "e.trf"], tmp_path)
    assert chk.returncode == 0 and "1 warning(s)" in chk.stdout.decode()


def test_an_event_without_a_date_says_which_edition_is_assumed(tmp_path):
    _write(tmp_path, "\n".join(ln for ln in DEMO.splitlines() if not ln.startswith("042")) + "\n")
    proc = run_cli(["standings", "e.trf"], tmp_path)
    assert proc.returncode == 0
    assert "no start date (record 042)" in proc.stderr.decode() and "fide2026" in proc.stderr.decode()
    chosen = run_cli(["standings", "e.trf", "--rules", "fide2024"], tmp_path)
    assert chosen.returncode == 0 and b"no start date" not in chosen.stderr and b"fide2024" in chosen.stdout


NAMES = ["Šimek, Žofie", "Œuvre, Ÿves", "Dvořák, Čeněk", "Müller, Jürgen", "García, Íñigo", "Øre, Åse"]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp1252", "latin-1"])
def test_encodings_are_told_apart(tmp_path, encoding):
    names = [n for n in NAMES if _encodable(n, encoding)][:6]
    lines, k = [], 0
    for ln in DEMO.splitlines():
        if ln.startswith("001") and k < len(names):
            ln = ln[:14] + names[k].ljust(33) + ln[47:]
            k += 1
        lines.append(ln)
    _write(tmp_path, "\n".join(lines) + "\n", encoding)
    proc = run_cli(["compute", "e.trf", "--format", "csv"], tmp_path)
    assert proc.returncode == 0, proc.stderr
    out = proc.stdout.decode("utf-8")
    for name in names:
        assert name in out, (name, out)
    warned = b"not UTF-8" in proc.stderr
    assert warned == (encoding in ("cp1252", "latin-1")), proc.stderr
    if encoding == "cp1252":
        assert b"read as cp1252" in proc.stderr


def _encodable(name: str, encoding: str) -> bool:
    try:
        name.encode(encoding)
        return True
    except UnicodeEncodeError:
        return False


def test_an_encoding_can_be_chosen(tmp_path):
    text = DEMO.replace("One, A                           ", "Dvořák, Čeněk".ljust(33))
    _write(tmp_path, text, "cp1250")
    proc = run_cli(["compute", "e.trf", "--format", "csv", "--encoding", "cp1250"], tmp_path)
    assert proc.returncode == 0 and "Dvořák, Čeněk" in proc.stdout.decode() and not proc.stderr
    assert_refused(run_cli(["compute", "e.trf", "--encoding", "klingon"], tmp_path), "--encoding", "klingon")
    assert_refused(run_cli(["compute", "e.trf", "--encoding", "ascii"], tmp_path), "e.trf line", "ascii")


@pytest.mark.parametrize("seed", range(8))
def test_byte_order_marks_anywhere_change_nothing(tmp_path, seed):
    rng = random.Random(seed)
    lines = DEMO.splitlines()
    for _ in range(rng.randint(1, 4)):
        k = rng.randrange(len(lines))
        lines[k] = "\ufeff" * rng.randint(1, 2) + lines[k]
    _write(tmp_path, "\n".join(lines) + "\n", name="bom.trf")
    _write(tmp_path, DEMO, name="plain.trf")
    got = run_cli(["standings", "bom.trf", "--format", "json"], tmp_path)
    want = run_cli(["standings", "plain.trf", "--format", "json"], tmp_path)
    assert got.returncode == 0 and got.stdout == want.stdout, got.stderr


BAD_LISTS = {"BH/C100": "at most 99", "SB/C-1": "'/C-1'", "XYZ": "'XYZ'", "BH,,SB": "entry 2",
             "RTNG/U99999999999999999999": "1 to 3999", "ARO/U0": "1 to 3999",
             "BH/C1/C2": "twice", "KS/L99999": "out of range", "BH/Q": "'/Q'"}


@pytest.mark.parametrize("listed", list(BAD_LISTS))
def test_bad_descriptors_are_refused_on_the_command_line_and_in_record_202(tmp_path, listed):
    _write(tmp_path, DEMO)
    assert_refused(run_cli(["compute", "e.trf", "--tiebreaks", listed], tmp_path), "--tiebreaks", BAD_LISTS[listed])
    _write(tmp_path, DEMO + f"202 {listed}\n", name="f.trf")
    line = _line_no(DEMO + f"202 {listed}\n", "202")
    if "," in listed:  # record 202's list separator is also a comma: the empty entry is skipped there (a check
        # warning naming its column, tests/test_check.py)
        return
    chk = run_cli(["check", "f.trf"], tmp_path)
    assert_no_traceback(chk)
    assert chk.returncode == 1 and f"f.trf line {line}" in chk.stdout.decode(), chk.stdout
    assert_refused(run_cli(["compute", "f.trf"], tmp_path), f"f.trf line {line}")


@pytest.mark.parametrize("field,value", [("rating", "9999"), ("rating", "1E23"), ("rating", "-100"),
                                         ("no", "0"), ("no", "abcd"), ("points", "1e99")])
def test_absurd_numbers_in_player_fields_name_line_and_columns(tmp_path, field, value):
    from xl_tiebreak.trf.layout import FIELDS
    f = FIELDS[field]
    lines = DEMO.splitlines()
    k = _line_no(DEMO, "001")
    ln = lines[k - 1]
    lines[k - 1] = ln[:f.first - 1] + value.rjust(f.last - f.first + 1)[-(f.last - f.first + 1):] + ln[f.last:]
    _write(tmp_path, "\n".join(lines) + "\n")
    proc = run_cli(["compute", "e.trf"], tmp_path)
    assert_no_traceback(proc)
    if proc.returncode == 0:  # read: then the value must be one the field can hold
        assert field == "rating" and value == "9999"
        return
    assert_refused(proc, f"e.trf line {k}")


def test_a_record_162_with_a_number_of_thousands_of_digits_is_no_internal_error():
    """Python refuses to turn a 5,000-digit text into a number (a ValueError, once exit 3): the
    scoring reader reads points of a few digits only."""
    from xl_tiebreak import parse_trf
    from xl_tiebreak.examples import demo_text
    t = parse_trf(demo_text().replace("012 ", "162 D 0.5 W" + "9" * 5000 + "\n012 ", 1))
    assert t.scoring.draw == Fraction(1, 2)
