"""The command line's shape: one text-table renderer (the format of ``explain``'s table), and each
option declared once, the same in every command that takes it."""

from __future__ import annotations

import argparse

import pytest

from xl_tiebreak.cli import build_parser
from xl_tiebreak.examples import demo_tournament
from xl_tiebreak.explanation import explain, render_text
from xl_tiebreak.textutil import table


def test_table_layout():
    assert table(["No", "Name", "Pts"], [["1", "Ann", "3.5"], ["12", "Bo", ""]], right={0, 2}) == [
        "No  Name  Pts", "--  ----  ---", " 1  Ann   3.5", "12  Bo"]
    assert table(["A", "Bee"], []) == ["A  Bee", "-  ---"]


@pytest.mark.parametrize("code", ["BH/C1", "SB", "ARO/C1", "DE", "TPR", "PS", "FB", "WIN"])
def test_table_is_the_format_of_explain(code):
    t = demo_tournament()
    for p in t.players:
        e = explain(t, p.no, code, "fide2026")
        lines = render_text(e).split("\n")
        cut = any(ln.cut for ln in e.lines)
        headers = list(e.columns) + (["Cut"] if cut else [])
        start = lines.index("") + 1
        got = lines[start:start + 2 + len(e.lines)]
        cells = [[c for c in _cells(line, got[1])] for line in got[2:]]
        assert table(headers, cells) == got


def _cells(line: str, dashes: str) -> list[str]:
    """A line's cells, cut where the row of dashes has its gaps."""
    out, at = [], 0
    for run in dashes.split("  "):
        out.append(line[at:at + len(run)].rstrip())
        at += len(run) + 2
    return out


def _commands() -> dict[str, argparse.ArgumentParser]:
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    return dict(sub.choices)


def _option(parser: argparse.ArgumentParser, flag: str):
    """What a command's option is: everything argparse knows of it but the object itself."""
    action = next((a for a in parser._actions if flag in a.option_strings), None)
    return action and (type(action), tuple(action.option_strings), action.dest, action.metavar, action.help,
                       action.type, action.default, tuple(action.choices or ()), action.required)


@pytest.mark.parametrize("flag,commands", [
    ("--set", ["compute", "standings", "demo", "explain", "compare"]),
    ("--unrated", ["compute", "standings", "demo", "explain", "compare"]),
    ("--type", ["compute", "standings", "demo", "explain", "compare"]),
    ("--rounds", ["compute", "standings", "demo", "explain", "compare"]),
    ("--rules", ["compute", "standings", "demo", "explain", "workbook"]),
    ("--tiebreaks", ["compute", "standings", "demo", "compare", "workbook"]),
    ("--format", ["compute", "standings", "demo", "compare"]),
    ("--force", ["template", "workbook", "export-trf", "recompute"]),
])
def test_an_option_is_the_same_in_every_command(flag, commands):
    parsers = _commands()
    options = [_option(parsers[c], flag) for c in commands]
    assert None not in options and len({repr(o) for o in options}) == 1


def test_every_command_runs_a_function():
    for name, parser in _commands().items():
        assert callable(parser.get_default("func")), name
