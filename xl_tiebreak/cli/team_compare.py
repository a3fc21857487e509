"""``compare`` on a team event (:mod:`.team`): values and places under several editions; the teams
whose place changes."""

from __future__ import annotations

import sys
from typing import TYPE_CHECKING

from ..errors import TiebreakError
from ..formatting import format_value, json_number
from ..textutil import csv_text, table
from .choices import EventChoices
from .team import TEAM_EDITIONS, pab_json, pab_text, team_result

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_compare(source: str, event: "TeamEvent", choices: EventChoices, fmt: str = "table") -> str:
    """Values and places under several editions (``choices.rules``, comma-separated; every
    edition, the command's default, means those that define team tie-breaks), as ``fmt``; the
    teams whose place changes."""
    from ..editions import EDITIONS
    rules = choices.rules or ""
    given = rules if rules != ",".join(reversed(EDITIONS)) else ",".join(TEAM_EDITIONS)
    names = [e.strip() for e in given.split(",") if e.strip()]
    if not names:
        raise TiebreakError("--rules: name at least one edition, e.g. fide2024,fide2026")
    results = [team_result(source, choices, event, n) for n in names]
    places = [{r.no: r.rank for r in res.rows} for res in results]
    values = [{r.no: r.values for r in res.rows} for res in results]
    first = sorted(results[0].rows, key=lambda r: r.no)
    codes = results[0].codes
    eds = [res.edition.name for res in results]
    if fmt == "json":
        import json
        doc = {"editions": eds, "tiebreaks": list(codes), "primary": results[0].primary,
               "pab": pab_json(event, results[0].pab), "teams": [
                   {"no": r.no, "name": r.name, "match_points": json_number(r.match_points),
                    "game_points": json_number(r.game_points), "places": {e: pl[r.no] for e, pl in zip(eds, places)},
                    "values": {e: [json_number(v) for v in vs[r.no]] for e, vs in zip(eds, values)}}
                   for r in first]}
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    decimals = results[0].decimals
    headers = (["No", "Team", "MP", "GP"] + [f"{c} {e[4:]}" for c in codes for e in eds]
               + [f"Place {e[4:]}" for e in eds])
    order = sorted(first, key=lambda r: (places[-1][r.no], r.no))
    body = [[str(r.no), r.name, format_value(r.match_points, 1), format_value(r.game_points, 1)]
            + [format_value(vs[r.no][j], decimals[j]) for j in range(len(codes)) for vs in values]
            + [str(pl[r.no]) for pl in places] for r in order]
    if fmt.startswith("csv"):
        print(f"xl-tiebreak: note: {pab_text(event, results[0].pab)}", file=sys.stderr)
        return csv_text(headers, body, fmt)
    lines = table(headers, body, right={0, *range(2, len(headers))}) + [""]
    moved = [r for r in order if len({pl[r.no] for pl in places}) > 1]
    if moved:
        lines.append("Teams whose place changes with the edition:")
        lines += [f"  {r.no} {r.name}: " + ", ".join(f"{e} {pl[r.no]}" for e, pl in zip(eds, places)) for r in moved]
    else:
        lines.append("No place changes with the edition.")
    lines.append(pab_text(event, results[0].pab))
    return "\n".join(lines) + "\n"
