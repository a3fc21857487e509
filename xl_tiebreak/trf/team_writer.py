"""The team TRF writer: a :class:`~xl_tiebreak.teams.TeamEvent` as a TRF-26 team file
(TIEBREAK_RULES §9.3), which :func:`~xl_tiebreak.trf.teams.read_team_trf` reads back equal and FIDE's
reference engine reads with the same values.

What is written:

* the header records read, verbatim, except those the event settles (:func:`~xl_tiebreak.trf.writer.write_trf`
  keeps or rewrites 012, 042, 062/072, 162, 202); ``142`` the number of rounds (for ``XXR`` too);
  ``192`` the primary score (the record read is kept when it says the same, e.g. ``FIDE_TEAM_BAKU``;
  else ``FIDE_TEAM_TYPEA_MP_GP`` / ``..._GP_MP``); ``352`` the board colours as read (not invented
  where the file had none); ``362`` the match points ``TW TD TL``;
* the 001 board lines, every field as read;
* ``310`` per team: number, name (32 columns), the short name and strength columns as read, match
  points and game points of the games (C.07 team scoring, :func:`~xl_tiebreak.teams.scores`), rank
  (from the standings given, else the rank read), the roster in board order;
* ``240`` team byes F/H/Z (one record per type and round), ``320`` the team PAB with the value the
  event uses (always, even where it was the default and no team had one, so that every reader
  agrees on it),
  ``330`` forfeited matches, ``300`` the line-ups whose board order is not the roster's (``0`` for an
  empty board).

TRF-16 ``013`` rosters become ``310`` records; the teams keep their numbers.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from fractions import Fraction
from typing import Optional, Protocol, Sequence

from ..errors import TiebreakError
from ..model import Kind
from ..teams import BYE, FORFEITED, PAB, PLAYED, Match, Team, TeamEvent, scores
from .layout import one_line, points_text
from .writer import write_trf

__all__ = ["write_team_trf", "TEAM_HEADER_RECORDS"]

#: header records this writer writes itself (the rest of the header comes back as read)
TEAM_HEADER_RECORDS = frozenset({"013", "310", "320", "330", "240", "300", "362", "192", "142", "XXR"})


class _Row(Protocol):
    @property
    def no(self) -> int: ...

    @property
    def rank(self) -> object: ...


class TeamStandings(Protocol):
    """What :func:`write_team_trf` takes from a team result: its rows (team number and rank) and
    its tie-break list (written as record 202)."""

    @property
    def rows(self) -> Sequence[_Row]: ...

    @property
    def tiebreaks(self) -> Sequence[object]: ...


def write_team_trf(event: TeamEvent, result: Optional[TeamStandings] = None) -> str:
    """TRF-26 text of a team event (module docstring). ``result``: standings whose ranks go into
    record 310 and whose tie-break codes become record 202; without it, the ranks read are kept."""
    t = event.tournament
    header = [ln for ln in t.header if ln[:3] not in TEAM_HEADER_RECORDS]
    codes = tuple(_code(c) for c in result.tiebreaks) if result is not None else t.tiebreaks
    # 142 before the players (write_trf keeps it), and no individual 092 invented (kind None)
    plain = dataclasses.replace(t, header=(*header, f"142 {event.rounds}"), kind=None, tiebreaks=codes)
    lines = write_trf(plain).splitlines()
    first = next((k for k, ln in enumerate(lines) if ln[:3] == "001"), len(lines))
    head, players = lines[:first], _team_cells(event, lines[first:])
    head += _team_header(event)
    ranks = {r.no: _rank(r.rank) for r in result.rows} if result is not None else {}
    return "\n".join(head + players + _team_records(event, ranks)) + "\n"


def _team_cells(event: TeamEvent, players: list[str]) -> list[str]:
    """The 001 lines as a team file writes them (FIDE TEC's TRF-2025 team sample): ``0000 - +``
    (a board won by forfeit against nobody; a forfeited match's winners) where the individual
    writer puts ``0000 - U`` (the individual reader takes both for a pairing-allocated bye, but in
    a team file ``U`` is the team PAB's, TRF-16), and ``0000 - -`` for a round without a game
    where it leaves the field blank."""
    team_of = {p: tm.no for tm in event.teams for p in tm.roster}
    kinds = {(m.team, m.round): m.kind for m in event.matches}
    out = []
    for line in players:
        no = line[4:8].strip()
        pl = event.tournament.player(int(no)) if no.isdigit() else None
        if pl is not None and pl.no in team_of:
            for r, rd in enumerate(pl.rounds, start=1):
                cell = "0000 - +" if rd.kind is Kind.PAB and kinds.get((team_of[pl.no], r)) != PAB else \
                    "0000 - -" if rd.kind is Kind.ABSENT else None
                if cell is not None:
                    at = 91 + 10 * (r - 1)  # the round's field: opponent 92-95, colour 97, result 99
                    line = line.ljust(at + 8)[:at] + cell + line[at + 8:]
        out.append(line)
    return out


def _code(c: object) -> str:
    return str(getattr(c, "code", c))


def _rank(r: object) -> Optional[int]:
    """A standings rank as 310 writes it: the first number of a shared place ``3-5``."""
    text = str(r).split("-")[0].strip()
    return int(text) if text.isdigit() else None


def _team_header(event: TeamEvent) -> list[str]:
    """192 (primary score), 352 (as read), 362 (match points)."""
    read192 = [ln for ln in event.tournament.header if ln[:3] == "192"]
    out = []
    if read192 and _primary_of(read192[0]) == event.primary:
        out.append(read192[0])
    else:
        out.append(f"192 FIDE_TEAM_TYPEA_{'MP_GP' if event.primary == 'MP' else 'GP_MP'}")
    mv = event.match_values
    out.append(f"362 TW {points_text(mv.win)}   TD {points_text(mv.draw)}   TL {points_text(mv.loss)}")
    return out


def _primary_of(line: str) -> str:
    """The primary score a 192 record gives, as the team reader takes it."""
    up = line[4:].strip().upper()
    return "GP" if "MP_GP" not in up and ("GP_MP" in up or up.endswith("_GP")) else "MP"


def _points(x: Fraction, width: int) -> str:
    """Points right-aligned in a field of ``width`` columns: one decimal (two for quarters), or a
    whole number without its ``.0`` where only that fits (a 320 of 100 game points: ``100``)."""
    text = points_text(x)
    if len(text) > width and x.denominator == 1:
        text = str(x.numerator)
    if len(text) > width:
        raise TiebreakError(f"{points_text(x)} points do not fit the {width} columns TRF gives them")
    return f"{text:>{width}}"


def _team_records(event: TeamEvent, ranks: dict[int, Optional[int]]) -> list[str]:
    got = scores(event)
    read310 = {ln[4:7].strip(): ln for ln in event.tournament.header if ln[:3] == "310"}
    out = [_team_line(tm, got[tm.no], ranks.get(tm.no, tm.declared_rank), read310.get(str(tm.no), ""))
           for tm in event.teams]
    out += _byes(event) + _pab(event) + _forfeits(event) + _lineups(event)
    return out


def _team_line(tm: Team, score: tuple[Fraction, Fraction], rank: Optional[int], read: str) -> str:
    """310: number 5-7, name 9-40, short name 42-46 and strength 48-53 (as read), MP 55-60, GP
    62-67, rank 69-71, players from 74 every 5 columns."""
    name = one_line(tm.name)[:32]
    middle = (read[41:53] if len(read) > 41 else "").ljust(12) + " "
    line = (f"310 {tm.no:3d} {name:<32} {middle}{_points(score[0], 6)} {_points(score[1], 6)} "
            f"{'' if rank is None else rank:>3}  " + " ".join(f"{p:4d}" for p in tm.roster))
    return line.rstrip()


def _byes(event: TeamEvent) -> list[str]:
    """240: type at 5, round at 7-9, teams at 11-14, 16-19, ... (one record per type and round)."""
    byes: dict[tuple[int, str], list[int]] = defaultdict(list)
    for m in event.matches:
        if m.kind == BYE and m.bye is not None:
            byes[(m.round, m.bye)].append(m.team)
    return [f"240 {kind} {r:3d} " + " ".join(f"{t:4d}" for t in sorted(teams))
            for (r, kind), teams in sorted(byes.items())]


def _pab(event: TeamEvent) -> list[str]:
    """320: the PAB's MP at 5-8 and GP at 10-13, then the team of round r at 15+4(r-1) (blank: none).
    Always written: the value is an event setting, and a file without it leaves each reader to its
    own default (FIDE's reference engine gives a TRF-16 PAB a drawn match)."""
    who = {m.round: m.team for m in event.matches if m.kind == PAB}
    mp, gp = event.pab_points
    cells = [f"{who[r]:3d}" if r in who else "   " for r in range(1, max(who, default=0) + 1)]
    return [(f"320 {_points(mp, 4)} {_points(gp, 4)} " + " ".join(cells)).rstrip()]


def _forfeits(event: TeamEvent) -> list[str]:
    """330: ``+-`` / ``-+`` / ``--`` at 5-6, round 8-10, the two teams at 12-14 and 16-18."""
    res = {"+": "+-", "-": "-+", "=": "--"}
    return [f"330 {res[m.forfeit or '=']} {m.round:3d} {m.team:3d} {m.opponent:3d}"
            for m in event.matches
            if m.kind == FORFEITED and m.opponent is not None and m.team < m.opponent]


def _lineups(event: TeamEvent) -> list[str]:
    """300 for a played match whose boards are not the roster order numbered 1, 2, ...: round 5-7,
    team 9-11, opponent team 13-15, then the player of each board from 17 every 5 columns (0 =
    empty), at least as many as the event has boards."""
    out = []
    for m in event.matches:
        if m.kind != PLAYED or not m.boards or m.opponent is None or _in_roster_order(event, m):
            continue
        width = max(event.boards, max(b.board for b in m.boards))
        order = [0] * width
        for b in m.boards:
            order[b.board - 1] = b.player
        out.append(f"300 {m.round:3d} {m.team:3d} {m.opponent:3d} " + " ".join(f"{p:4d}" for p in order))
    return out


def _in_roster_order(event: TeamEvent, m: Match) -> bool:
    """Whether the reader, without a 300, gives these boards: the players in roster order, boards 1, 2, ..."""
    roster = event.team(m.team).roster
    players = [b.player for b in m.boards]
    return ([b.board for b in m.boards] == list(range(1, len(m.boards) + 1))
            and players == sorted(players, key=lambda p: roster.index(p) if p in roster else len(roster)))
