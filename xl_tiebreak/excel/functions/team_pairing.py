"""``TEAM_PAIRING``: a team event's next round from Excel, as a table that spills, paired with the
code of ``xl-tiebreak pair`` on a team workbook: the three team ranges read as the other team
functions read them (:func:`.functions.team.team_tables`) and paired by
:func:`.ranges.team_next_round.pair_team_tables` (the FIDE Swiss team system, C.04.6): round K is
the one after the complete rounds unless one is given, the team byes typed in round K beforehand are
honoured, and a round whose match rows are typed but whose results are not all in is refused. The
rows are those the action ``PAIR_NEXT_ROUND`` writes into the Matches table (Home, Away: the Settings'
colour of the home team on board 1). The action itself is :mod:`.workbook.team_pairing_action`.
"""

from __future__ import annotations

from typing import Any

from ...pairing.model import Pairing
from ...teams import TeamEvent
from ..ranges.arguments import read_whole
from ..ranges.team_next_round import home_away, pair_team_tables, unpaired_words
from ..ranges.team_ranges import TeamEventRead
from .cache import Table
from .pairing import read_system
from .team import team_function, team_tables

HEADER = ["Match", "Home", "Home team", "Away", "Away team"]


def team_pairing_table(read: TeamEventRead, event: TeamEvent, pairing: Pairing) -> list[list[Any]]:
    """TEAM_PAIRING's table: a title row (the round and the system), the header, one row per match
    (match, the home team's number and name, the away team's), then one row per team not paired
    (number, name, and why in the last column: the PAB with its value, a team bye or absence)."""
    from ...pairing.systems import system_words
    names = {t.no: t.name for t in event.teams}
    blank = [""] * (len(HEADER) - 1)
    rows: list[list[Any]] = [[f"Round {pairing.round} ({system_words(pairing.system)})", *blank], list(HEADER)]
    matches = [(h, a) for _r, h, a in home_away(read, pairing) if a != "BYE"]
    rows += [[board, h, names[h], a, names[int(a)]] for board, (h, a) in enumerate(matches, 1)]
    rows += [["", u.no, names[u.no], "", unpaired_words(event, u.kind)] for u in pairing.byes]
    return rows


@team_function(
    spills=True,
    parameters={"system": "The team pairing system: auto (the colour model of the Settings, Type A), fideteam, "
                          "fideteam-typeb or fideteam-nocolor.",
                "round_to_pair": "The round to pair; empty: the round after the complete ones."},
    description="The pairing of a team event's next round (FIDE Swiss team system, C.04.6) or of round_to_pair, as a "
                "table that spills: match, home and away team with number and name, then who is not paired and why.")
def TEAM_PAIRING(matches: Table, teams: Table, settings: Any = None, round_to_pair: Any = None,
                 system: Any = None) -> list[list[Any]]:
    """The team round's pairing, as ``xl-tiebreak pair TEAM.xlsx`` pairs it (C.04.6)."""
    rnd = read_whole(round_to_pair, "round_to_pair", "TEAM_PAIRING")
    name = read_system(system, "TEAM_PAIRING", team=True)
    read = team_tables(matches, teams, settings)

    def make() -> list[list[Any]]:
        event, pairing = pair_team_tables(read, rnd, name)
        return team_pairing_table(read, event, pairing)
    if ("pairing", rnd, name) not in read.memo:
        read.memo[("pairing", rnd, name)] = make()
    return [list(r) for r in read.memo[("pairing", rnd, name)]]
