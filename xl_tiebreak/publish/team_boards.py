"""What a team event's page shows beside the standings and the matches: each match's boards (the
board games as the file gives them, from the team with the lower number's side) and each team's
line-up (its roster in board order with each player's result in each round, points and games).

>>> from importlib.resources import files
>>> from xl_tiebreak.trf.teams import read_team_file
>>> event = read_team_file(files("xl_tiebreak") / "data" / "example-teams.trf")
>>> match_boards(event, event.matches[0])[0][:1]
(1,)
"""

from __future__ import annotations

from fractions import Fraction
from ..model import Player
from ..teams import Match, Team, TeamEvent
from .boards import RESULT_TEXT
from .square import MARKS

__all__ = ["match_boards", "line_up", "LineUp"]

#: one player of a line-up: board, player, each round's mark ("" without a game), points, games
LineUp = tuple[int, Player, list[str], Fraction, int]


def match_boards(event: TeamEvent, m: Match) -> list[tuple[int, int, str, int]]:
    """The boards of team ``m.team``'s match: ``(board, player no, result as that player had it
    (:data:`.boards.RESULT_TEXT`), opponent no (0 for none))``, in board order."""
    return [(b.board, b.player, RESULT_TEXT.get(b.kind, b.kind.value), b.opponent or 0) for b in m.boards]


def line_up(event: TeamEvent, team: Team, rounds: int) -> list[LineUp]:
    """``team``'s players in roster order (board order, reserves last), each with their roster
    place, their mark per round
    (:data:`.square.MARKS`: ``1``, ``½``, ``0``, ``+``, ``-``, ``--``, ``·``), their points on
    the board (the game points they brought) and their games (forfeits and double forfeits
    not counted: no game was played)."""
    player = {p.no: p for p in event.tournament.players}
    games: dict[int, dict[int, tuple[str, Fraction, bool]]] = {no: {} for no in team.roster}
    for m in event.matches_of(team.no):
        if m.round > rounds:
            continue
        for b in m.boards:
            if b.player in games:
                games[b.player][m.round] = (MARKS.get(b.kind, ""), b.points, b.kind.is_game)
    out: list[LineUp] = []
    for place, no in enumerate(team.roster, 1):
        mine = games[no]
        marks = [mine[r][0] if r in mine else "" for r in range(1, rounds + 1)]
        points = sum((g[1] for g in mine.values()), Fraction(0))
        out.append((place, player[no], marks, points, sum(1 for g in mine.values() if g[2])))
    return out
