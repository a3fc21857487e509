"""``compute`` and ``standings`` on a team event (:mod:`.team`): every team's MP, GP and values in
team number order, or the ranked table with the tie-break legend and what split each pair of
neighbours; their table, CSV and JSON renderers."""

from __future__ import annotations

import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ..formatting import format_value, json_number
from ..textutil import csv_text, table
from .choices import EventChoices
from .team import pab_json, pab_text, team_result

if TYPE_CHECKING:
    from ..teams import TeamEvent
    from ..team_engine import TeamResult, TeamRow


def team_compute(source: str, event: "TeamEvent", choices: EventChoices, fmt: str = "table") -> str:
    """Every team's MP, GP and values, in team number order, as ``fmt`` (table, csv, csv-eu, json)."""
    result = team_result(source, choices, event)
    rows = sorted(result.rows, key=lambda r: r.no)
    return _render(result, event, rows, fmt, ranked=False, source=source)


def team_standings(source: str, event: "TeamEvent", choices: EventChoices, fmt: str = "table") -> str:
    """The ranked table, the tie-break legend and what split each pair of neighbours, as ``fmt``."""
    result = team_result(source, choices, event)
    return _render(result, event, list(result.rows), fmt, ranked=True, source=source)


def _render(result: "TeamResult", event: "TeamEvent", rows: Sequence["TeamRow"], fmt: str, *, ranked: bool,
            source: str) -> str:
    pab = pab_text(event, result.pab)
    if fmt == "json":
        return _json(result, event, rows, ranked)
    decimals = result.decimals
    headers = (["Rk"] if ranked else []) + ["No", "Team", "MP", "GP"] + list(result.codes)
    split = result.separated_by(rows) if ranked else []
    if ranked:
        headers.append("Split by")
    body = []
    for k, r in enumerate(rows):
        cells = [str(r.no), r.name, format_value(r.match_points, 1), format_value(r.game_points, 1)]
        cells += [format_value(v, d) for v, d in zip(r.values, decimals)]
        if ranked:
            tied_above = k > 0 and split[k] is None and _primary(result, rows[k - 1]) == _primary(result, r)
            cells = [str(r.rank)] + cells + [split[k] or ("shared" if tied_above else "")]
        body.append(cells)
    if fmt.startswith("csv"):
        print(f"xl-tiebreak: note: {pab}", file=sys.stderr)
        for note in result.notes:
            print(f"xl-tiebreak: note: {note}", file=sys.stderr)
        return csv_text(headers, body, fmt)
    first = 1 if ranked else 0
    right = {first, *range(first + 2, len(headers) - (1 if ranked else 0))} | ({0} if ranked else set())
    lines = table(headers, body, right=right)
    notes = [pab] + [f"Note: {n}" for n in result.notes]
    if not ranked:
        return "\n".join(lines + [""] + notes) + "\n"
    title = event.name or Path(source).name
    mv = event.match_values
    head = [title, f"Team standings {result.label}",
            f"Team event, {event.boards} boards; primary score {result.primary}; match points "
            f"{'/'.join(format_value(v, 0) for v in (mv.win, mv.draw, mv.loss))}; "
            f"rules: {result.edition.name} ({result.edition.title})", ""]
    legend = ["", "Tie-breaks, in order:"]
    legend += [f"  {code:<10} {tb.spec.legend}" for code, tb in zip(result.codes, result.tiebreaks)]
    legend.append("An empty cell is undefined; it ranks last. Split by: the tie-break that set the team below "
                  "the one above on equal points.")
    return "\n".join(head + lines + legend + notes) + "\n"


def _primary(result: "TeamResult", row: "TeamRow") -> Fraction:
    return row.match_points if result.primary == "MP" else row.game_points


def _json(result: "TeamResult", event: "TeamEvent", rows: Sequence["TeamRow"], ranked: bool) -> str:
    """The JSON document of the team standings (:func:`xl_tiebreak.result_json.document`), the
    individual one's sibling: ``teams`` with their MP and GP, in ``rows``' order."""
    import json
    from ..result_json import document, number, string
    split = result.separated_by(rows) if ranked else []
    fields: list[tuple[str, Optional[int]]] = [("no", None), ("name", None), ("match_points", None),
                                               ("game_points", None), ("values", len(result.codes))]
    if ranked:
        fields = [("rank", None), *fields, ("separated_by", None)]
    teams = []
    for k, r in enumerate(rows):
        cells = (str(r.no), string(r.name), number(r.match_points), number(r.game_points), *map(number, r.values))
        teams.append((str(r.rank), *cells, json.dumps(split[k], ensure_ascii=False)) if ranked else cells)
    mv = event.match_values
    head: list[tuple[str, object]] = [
        ("edition", result.edition.name), ("rounds", result.rounds), ("of", event.rounds),
        ("primary", result.primary), ("boards", event.boards),
        ("match_values", [json_number(v) for v in (mv.win, mv.draw, mv.loss)]),
        ("pab", pab_json(event, result.pab)), ("tiebreaks", list(result.codes)), ("notes", list(result.notes))]
    return document(head, "teams", fields, teams)
