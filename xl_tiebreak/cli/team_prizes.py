"""``prizes`` on a team event (:mod:`.team`): the place prizes by the team standings
(:mod:`xl_tiebreak.team_prize_report`), ``--ties``, ``--order`` and ``--unit`` as for an
individual event; the category options refused (a team has no rating, age, sex or club)."""

from __future__ import annotations

from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from ..errors import InputError, TiebreakError
from .choices import EventChoices
from .team import pab_json, pab_text, team_result

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_prizes(source: str, event: "TeamEvent", choices: EventChoices, *, places: Optional[str] = None,
                category_prizes: Sequence[str] = (), ties: Optional[str] = None, order: Optional[str] = None,
                unit: Optional[str] = None, age: Optional[str] = None, fmt: str = "table") -> str:
    """The team prize list (text as ``fmt``): ``places`` (a team workbook has no Prizes sheet), by
    the team standings; ``category_prizes`` and ``age`` refused."""
    from ..prizes import PrizeTable, parse_unit
    from ..team_prize_report import render_team_prizes, team_prize_list
    name = Path(source).name
    given = [f for f, on in (("--category-prize", category_prizes), ("--age", age)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: category prizes are for individual events (a category reads a "
                            f"player's rating, age, sex, federation or club); {name} is a team event: give its place "
                            "prizes with --places 500,300,200")
    if not (places or "").strip():
        where = ("a team workbook has no Prizes sheet (its sheets are Matches, Teams, Standings and Settings)"
                 if Path(source).suffix.lower() in (".xlsx", ".xlsm") else "a team TRF states no prizes")
        raise InputError(f"prizes: no prize given; {where}: give the place prizes with --places 500,300,200")
    table = PrizeTable.parse(places or "")
    paid = parse_unit(unit) if unit is not None else Fraction(1, 100)
    result = team_result(source, choices, event)
    got = team_prize_list(result, table, ties=ties or "tiebreak", order=order or "value", unit=paid)
    if fmt.startswith("csv"):
        import sys
        print(f"xl-tiebreak: note: {pab_text(event, result.pab)}", file=sys.stderr)
        for note in result.notes:
            print(f"xl-tiebreak: note: {note}", file=sys.stderr)
    return render_team_prizes(event, result, got, fmt, source, pab=pab_text(event, result.pab),
                              pab_document=pab_json(event, result.pab))
