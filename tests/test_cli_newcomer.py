"""What a newcomer to the command line hits first: help that lists what each
choice gives, an existing output file named with --force, -o for compute and standings, CSV for
Excel set to European formats, and the demo and the teaching workbook on the same edition."""

from __future__ import annotations

import csv
import io
from fractions import Fraction

import pytest

from xl_tiebreak import demo_tournament
from xl_tiebreak.cli import main
from xl_tiebreak.engine import compute
from xl_tiebreak.options import Options


def _help(capsys, *argv: str) -> str:
    with pytest.raises(SystemExit):
        main([*argv, "--help"])
    return " ".join(capsys.readouterr().out.split())  # argparse wraps: compare on single spaces


@pytest.mark.parametrize("command", ["compute", "standings"])
def test_format_help_says_what_each_choice_gives(capsys, command):
    text = _help(capsys, command)
    for said in ("table: aligned text", "csv: comma-separated, decimal point, UTF-8",
                 "csv-eu: for Excel set to European formats (semicolons, decimal comma, UTF-8 with a byte-order mark)",
                 "json: every value"):
        assert said in text, said


def test_every_option_of_every_command_has_a_help_line():
    """Each option and argument of each subcommand says what it does in --help (before: check's
    and explain's --format showed only their choices)."""
    import argparse
    from xl_tiebreak.cli import build_parser
    (sub,) = [a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction)]
    bare = [(name, a.option_strings[0] if a.option_strings else a.dest)
            for name, parser in sub.choices.items() for a in parser._actions
            if not (a.help or "").strip()]
    assert len(sub.choices) >= 13 and bare == []


@pytest.mark.parametrize("command,said", [("check", "table: one line per problem"), ("explain", "text: the account")])
def test_format_help_of_check_and_explain(capsys, command, said):
    assert said in _help(capsys, command)


def test_set_help_lists_every_name_and_the_values_it_takes(capsys):
    import dataclasses
    text = _help(capsys, "standings")
    for f in dataclasses.fields(Options):
        assert f"{f.name}=" in text, f.name
    assert "unrated_policy=drop|exclude" in text and "aob_decimals=auto|none|N" in text


@pytest.mark.parametrize("command", ["compute", "standings", "demo"])
def test_an_existing_output_file_is_kept_and_the_message_names_force(tmp_path, capsys, command):
    out = tmp_path / "out.txt"
    out.write_text("the arbiter's notes\n", encoding="utf-8")
    argv = [command, *([] if command == "demo" else [str(_demo_trf(tmp_path))]), "-o", str(out)]
    assert main(argv) == 2
    err = capsys.readouterr().err
    assert "--force" in err and str(out) in err
    assert out.read_text(encoding="utf-8") == "the arbiter's notes\n"
    assert main([*argv, "--force"]) == 0
    assert "Standings" in out.read_text(encoding="utf-8") or "No" in out.read_text(encoding="utf-8")


def _demo_trf(folder):
    from xl_tiebreak.trf import write_trf
    path = folder / "demo.trf"
    if not path.exists():
        path.write_text(write_trf(demo_tournament()), encoding="utf-8")
    return path


def test_csv_eu_is_semicolons_decimal_commas_and_a_byte_order_mark(tmp_path, capsys):
    out = tmp_path / "standings.csv"
    assert main(["standings", str(_demo_trf(tmp_path)), "--format", "csv-eu", "--tiebreaks", "BH,SB",
                 "-o", str(out)]) == 0
    raw = out.read_bytes()
    assert raw.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig")), delimiter=";"))
    head = next(i for i, r in enumerate(rows) if "Name" in r)
    cols = rows[head]
    got = {int(r[cols.index("No")]): r for r in rows[head + 1:] if len(r) == len(cols) and r[cols.index("No")].isdigit()}
    result = compute(demo_tournament(), ["BH", "SB"])  # the same values, written with a decimal comma
    assert len(got) == len(result.tournament.players)
    for p, (bh, sb) in zip(result.tournament.players, result.values):
        line = got[p.no]
        assert line[cols.index("SB")] == f"{float(sb):.2f}".replace(".", ",")  # SB: two decimals
        assert "." not in line[cols.index("BH")] and Fraction(line[cols.index("BH")].replace(",", ".")) == bh


def test_the_demo_and_the_teaching_workbook_use_the_same_edition(capsys):
    from openpyxl import load_workbook
    from pathlib import Path
    assert main(["demo"]) == 0
    demo_rules = next(ln for ln in capsys.readouterr().out.splitlines() if "rules:" in ln)
    book = Path(__file__).resolve().parents[1] / "workbook_templates" / "xl-tiebreak-teaching.xlsx"
    status = load_workbook(book, data_only=True)["Crosstable"]["A3"].value  # as recomputed and shipped
    edition = status.split("; rules ")[1].split()[0]
    assert demo_rules.startswith(f"Swiss; rules: {edition} "), (status, demo_rules)


def test_a_workbook_given_to_the_workbook_command_is_named_as_one(tmp_path, capsys):
    # the review's case: a template (a zip) where a TRF file is expected read as "no player records"
    book = tmp_path / "s.xlsx"
    assert main(["template", "-o", str(book)]) == 0
    capsys.readouterr()
    assert main(["workbook", str(book), "-o", str(tmp_path / "w.xlsx")]) == 2
    err = capsys.readouterr().err
    assert "s.xlsx is a workbook (a zip file), not a TRF file" in err
    assert "xl-tiebreak recompute s.xlsx" in err and not (tmp_path / "w.xlsx").exists()
