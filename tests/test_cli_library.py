"""The commands as library functions (issue 34, stage 4): each called from Python with its choices
as values, no parser and no argparse Namespace; what it returns is what the command prints."""

from __future__ import annotations

import argparse
import json
from fractions import Fraction
from importlib.resources import files
from pathlib import Path

import pytest

from xl_tiebreak import compute as engine_compute, read_trf
from xl_tiebreak.cli import EventChoices, main
from xl_tiebreak.cli.check import check
from xl_tiebreak.cli.compare import compare
from xl_tiebreak.cli.explain import explain
from xl_tiebreak.cli.prizes import prizes
from xl_tiebreak.cli.publish import publish
from xl_tiebreak.cli.report import Report
from xl_tiebreak.cli.standings import compute, demo, standings
from xl_tiebreak.cli.whatif import whatif
from xl_tiebreak.cli.workbook import export_trf, recompute, template, workbook
from xl_tiebreak.errors import TiebreakError

DEMO = str(files("xl_tiebreak") / "data" / "example-6-1.trf")
TEAMS = str(files("xl_tiebreak") / "data" / "example-teams.trf")
CHOSEN = EventChoices(tiebreaks="BH/C1,BH,SB,DE", rules="fide2026")


def _printed(capsys, argv: list[str]) -> str:
    capsys.readouterr()
    assert main(argv) == 0
    return capsys.readouterr().out


def test_standings_is_the_commands_text(capsys):
    got = standings(DEMO, CHOSEN)
    assert got.splitlines()[6].split() == ["1", "3", "Three,", "C", "3.5", "6.5", "8.0", "6.50", "1"]
    assert got == _printed(capsys, ["standings", DEMO, "-t", "BH/C1,BH,SB,DE", "-r", "fide2026"])


def test_compute_as_json_holds_the_engines_values():
    doc = json.loads(compute(Path(DEMO), CHOSEN, fmt="json"))  # a path object does as well as text
    result = engine_compute(read_trf(DEMO), "BH/C1,BH,SB,DE", edition="fide2026")
    assert doc["edition"] == "fide2026" and doc["tiebreaks"] == ["BH/C1", "BH", "SB", "DE"]
    three = next(p for p in doc["players"] if p["no"] == 3)
    assert Fraction(three["values"][1]) == result.value(3, "BH") == 8


def test_a_category_and_the_csv_format(capsys):
    got = standings(DEMO, CHOSEN, category="unrated", fmt="csv")
    assert got == _printed(capsys, ["standings", DEMO, "-t", "BH/C1,BH,SB,DE", "-r", "fide2026",
                                    "--category", "unrated", "-f", "csv"])
    assert got.splitlines()[0].startswith("Rk,Cat,No,Name,Pts,BH/C1,BH,SB,DE")


def test_demo_needs_no_file(capsys):
    assert demo() == _printed(capsys, ["demo"])
    assert demo(EventChoices(tiebreaks="SB"), fmt="json").startswith("{")


def test_explain_returns_the_account(capsys):
    got = explain(DEMO, 3, "BH", EventChoices(rules="fide2026"))
    assert "C.07 Art. 16.4.1, 2026" in got
    assert got == _printed(capsys, ["explain", DEMO, "-p", "3", "-t", "BH", "-r", "fide2026"])
    assert json.loads(explain(DEMO, 3, "BH", EventChoices(rules="fide2026"), fmt="json"))


def test_compare_defaults_to_every_edition(capsys):
    got = compare(DEMO, EventChoices(tiebreaks="BH,SB"))
    assert got == _printed(capsys, ["compare", DEMO, "-t", "BH,SB"])
    assert "2026" in got.splitlines()[0] and "2024" in got.splitlines()[0]


def test_check_reports_its_status():
    got = check(DEMO)
    assert isinstance(got, Report) and got.status == 0
    assert got.text.endswith("example-6-1.trf: 0 error(s), 0 warning(s)\n")
    assert json.loads(check(TEAMS, fmt="json").text)["errors"] == 0


def test_a_team_event_through_the_same_functions(capsys):
    teams = EventChoices(tiebreaks="EMGSB,BH:GP")
    got = standings(TEAMS, teams)
    assert got.splitlines()[6].split() == ["1", "1", "Aurochs", "3.0", "2.5", "5.0", "4.5"]
    assert got == _printed(capsys, ["standings", TEAMS, "-t", "EMGSB,BH:GP"])
    assert compute(TEAMS, teams) == _printed(capsys, ["compute", TEAMS, "-t", "EMGSB,BH:GP"])
    assert explain(TEAMS, 1, "EMGSB", teams) == _printed(capsys, ["explain", TEAMS, "--team", "1", "-t", "EMGSB",
                                                                  "--tiebreaks", "EMGSB,BH:GP"])
    with pytest.raises(TiebreakError, match="--type: for individual events"):
        standings(TEAMS, EventChoices(kind="swiss"))


def test_output_written_and_refused_without_force(tmp_path):
    out = tmp_path / "standings.txt"
    assert standings(DEMO, CHOSEN, output=out) == f"written to {out}\n"
    assert out.read_text(encoding="utf-8") == standings(DEMO, CHOSEN)
    with pytest.raises(TiebreakError):
        standings(DEMO, CHOSEN, output=out)
    assert standings(DEMO, CHOSEN, output=out, force=True) == f"written to {out}\n"


def test_publish_returns_the_page_or_writes_it(tmp_path):
    page = publish(DEMO, choices=CHOSEN, places="100,50")
    assert page.lstrip().lower().startswith("<!doctype html>") and "Three, C" in page
    out = tmp_path / "page.html"
    assert publish(DEMO, out, CHOSEN, places="100,50") == f"written to {out}\n"
    assert out.read_text(encoding="utf-8") == page
    assert "Aurochs" in publish(TEAMS)
    with pytest.raises(TiebreakError, match="--places: categories and prizes are for individual events"):
        publish(TEAMS, places="100")


def test_the_workbook_commands(tmp_path):
    made = template(tmp_path / "swiss.xlsx", players=20, rounds=5)
    assert made == Report(f"wrote {tmp_path / 'swiss.xlsx'} (swiss template, spilled tables)\n", 0)
    book = tmp_path / "demo.xlsx"
    filled = workbook(DEMO, book, EventChoices(tiebreaks="BH,SB"))
    assert filled.status == 0 and filled.text.startswith(f"wrote {book}: 6 players, 4 rounds")
    again = recompute(book, tmp_path / "again.xlsx")
    assert again.status == 0 and again.text.startswith(f"wrote {tmp_path / 'again.xlsx'}: ")
    trf = tmp_path / "demo.trf"
    exported = export_trf(book, trf)
    assert exported.status == 0 and exported.text.startswith(f"wrote {trf}: 6 players, 4 rounds")
    assert standings(str(trf), EventChoices(rules="fide2026")) == standings(DEMO, EventChoices(tiebreaks="BH,SB",
                                                                                              rules="fide2026"))
    with pytest.raises(TiebreakError, match="--rules: for a team TRF"):
        export_trf(book, tmp_path / "x.trf", EventChoices(rules="fide2026"))


def test_the_choices_of_parsed_options():
    args = argparse.Namespace(input="x.trf", tiebreaks="BH", rules=None, kind="swiss", rounds=3, live=True,
                              set=["bye_value=draw"], unrated=1400, encoding="cp1250", format="table")
    assert EventChoices.of(args) == EventChoices(tiebreaks="BH", kind="swiss", rounds=3, live=True,
                                                 sets=("bye_value=draw",), unrated=1400, encoding="cp1250")
    assert EventChoices.of(argparse.Namespace()) == EventChoices()
    assert EventChoices.of(CHOSEN) is CHOSEN


def test_every_command_row_names_a_function_of_its_module():
    """The command table names each command's runner as ``module.function`` (imported when the
    command runs): every one of them exists."""
    import importlib
    from xl_tiebreak.cli.arguments import commands
    for name, _help, _takes, where in commands():
        module, _, function = where.partition(".")
        assert callable(getattr(importlib.import_module(f"xl_tiebreak.cli.{module}"), function)), name


def test_the_input_is_never_the_output(tmp_path):
    """From Python as on the command line: an output naming the input is refused, --force or not,
    before the work."""
    import shutil
    trf = tmp_path / "event.trf"
    shutil.copy(DEMO, trf)
    before = trf.read_bytes()
    for call in (lambda: standings(trf, output=trf, force=True), lambda: publish(trf, trf, force=True),
                 lambda: compute(str(trf), output=str(trf), force=True)):
        with pytest.raises(TiebreakError, match="that is the input file itself"):
            call()
    book = tmp_path / "book.xlsx"
    workbook(trf, book)
    with pytest.raises(TiebreakError, match="leave -o out to update the workbook in place"):
        recompute(book, book, force=True)
    assert trf.read_bytes() == before


def test_the_choices_are_taken_as_the_command_line_takes_them():
    got = EventChoices(team_primary="gp", sets=["ede-knockout=encounter"])  # type: ignore[arg-type]
    assert got.team_primary == "GP" and got.sets == ("ede-knockout=encounter",)


def test_prizes_follow_the_standings(capsys):
    got = json.loads(prizes(DEMO, CHOSEN, places="100,50", fmt="json"))
    # the standings' first two (test_standings_is_the_commands_text: 3 then 1) take the two prizes
    assert [(a["no"], a["paid"]) for a in got["awards"]] == [(3, "100.00"), (1, "50.00")]
    assert prizes(DEMO, CHOSEN, places="100,50") == _printed(
        capsys, ["prizes", DEMO, "-t", "BH/C1,BH,SB,DE", "-r", "fide2026", "--places", "100,50"])
    team = prizes(TEAMS, places="300,200")
    assert team == _printed(capsys, ["prizes", TEAMS, "--places", "300,200"])
    assert "1       1  Aurochs   1st place  300.00" in team


def test_whatif_looks_back_as_the_command_does(capsys):
    got = whatif(DEMO, CHOSEN, before=4, places=2)
    assert got == _printed(capsys, ["whatif", DEMO, "-t", "BH/C1,BH,SB,DE", "-r", "fide2026", "--before", "4",
                                    "--places", "2"])
    assert "2 board(s) still to play" in got
    with pytest.raises(TiebreakError, match="--round 3 and --before 4"):
        whatif(DEMO, CHOSEN, rnd=3, before=4)
    assert whatif(TEAMS, before=2) == _printed(capsys, ["whatif", TEAMS, "--before", "2"])


@pytest.mark.parametrize("call", [
    lambda: standings(DEMO, fmt="xml"), lambda: compute(DEMO, fmt="xml"), lambda: demo(fmt="xml"),
    lambda: prizes(DEMO, places="100", fmt="xml"), lambda: whatif(DEMO, before=4, fmt="xml"),
    lambda: compare(DEMO, fmt="xml"), lambda: explain(DEMO, 1, "BH", fmt="table"),
    lambda: check(DEMO, fmt="csv")])
def test_an_unknown_format_is_refused_not_printed_as_a_table(call):
    with pytest.raises(TiebreakError, match="format '(xml|table|csv)': expected one of"):
        call()


def test_one_set_text_is_one_choice_not_its_characters():
    assert EventChoices(sets="nat_nb_cut=1").sets == ("nat_nb_cut=1",)
    assert EventChoices(sets=["a=1", "b=2"]).sets == ("a=1", "b=2")


def test_choices_the_command_line_cannot_give_are_refused_not_ignored():
    with pytest.raises(TiebreakError, match="team_primary 'XX': expected MP or GP"):
        EventChoices(team_primary="xx")
    with pytest.raises(TiebreakError, match="choices.rounds and choices.live are not taken"):
        whatif(DEMO, EventChoices(rounds=2), before=4)
