"""``compare``: the values and places under several editions side by side; the players whose place
changes. A team event goes to :mod:`.team_compare`. :func:`compare` is the command as a library
function; :func:`run_compare` turns the parsed options into it."""

from __future__ import annotations

import argparse
import dataclasses
import os

from ..errors import TiebreakError
from ..textutil import csv_text as _csv, table
from .choices import EventChoices, StrPath, check_format
from .common import chosen_live, chosen_settings, load_input, open_input, team_event, value_columns


def compare(source: StrPath, choices: EventChoices = EventChoices(), *, fmt: str = "table") -> str:
    """``compare``: values and places under the editions of ``choices.rules`` (comma-separated;
    ``None``: every edition, oldest first), as ``fmt`` (table, csv, csv-eu, json); the table names
    the players (teams) whose place changes."""
    from ..editions import EDITIONS
    from ..engine import compute
    from ..formatting import format_value, json_number
    from ..standings import rank
    check_format(fmt)
    source = os.fspath(source)
    if choices.rules is None:
        choices = dataclasses.replace(choices, rules=",".join(reversed(EDITIONS)))
    opened = open_input(source)
    team = team_event(source, choices, opened)  # a team TRF or team workbook: the team command
    if team is not None:
        from .team_compare import team_compare
        return team_compare(source, team[0], team[1], fmt)
    t, book = load_input(source, choices, opened)
    names = [e.strip() for e in (choices.rules or "").split(",") if e.strip()]
    if not names:
        raise TiebreakError("--rules: name at least one edition, e.g. fide2024,fide2026")
    tiebreaks, kind, options = chosen_settings(choices, book)
    results = [compute(t, tiebreaks, edition=n, rounds=choices.rounds, kind=kind, options=options,
                       live=chosen_live(choices, book)) for n in names]
    places = [{r.player.no: r.place for r in rank(res)} for res in results]
    codes = results[0].codes
    if fmt == "json":
        import json  # here, not at the top: the other commands start without it
        doc = {"editions": [r.edition.name for r in results], "tiebreaks": list(codes), "players": [
            {"no": p.no, "name": p.name, "points": float(results[0].points[k]),
             "places": {r.edition.name: pl[p.no] for r, pl in zip(results, places)},
             "values": {r.edition.name: [json_number(v) for v in r.values[k]] for r in results}}
            for k, p in enumerate(t.players)]}
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    cols = value_columns(results[0])
    headers = (["No", "Name", "Pts"] + [f"{code} {r.edition.name[4:]}" for code, _ in cols for r in results]
               + [f"Place {r.edition.name[4:]}" for r in results])
    order = sorted(range(len(t.players)), key=lambda k: [int(str(pl[t.players[k].no]).split("-")[0])
                                                          for pl in places[-1:]] + [t.players[k].no])
    rows = []
    for k in order:
        p = t.players[k]
        rows.append([str(p.no), p.name, format_value(results[0].points[k], 1)]
                    + [format_value(r.values[k][j], d) for j, (_, d) in enumerate(cols) for r in results]
                    + [pl[p.no] for pl in places])
    if fmt.startswith("csv"):
        return _csv(headers, rows, fmt)
    moved = [p for p in t.players if len({pl[p.no] for pl in places}) > 1]
    lines = table(headers, rows, right={0, *range(2, len(headers))}) + [""]
    if moved:
        lines.append("Players whose place changes with the edition:")
        for p in moved:
            lines.append(f"  {p.no} {p.name}: " + ", ".join(f"{r.edition.name} {pl[p.no]}"
                                                            for r, pl in zip(results, places)))
    else:
        lines.append("No place changes with the edition.")
    return "\n".join(lines) + "\n"


def run_compare(args: argparse.Namespace) -> tuple[str, int]:
    """``compare`` on the command line: :func:`compare`."""
    return compare(args.input, EventChoices.of(args), fmt=args.format), 0
