"""The team TRF writer: a :class:`~xl_tiebreak.teams.TeamEvent` as a TRF-26 team file
(TIEBREAK_RULES §9.3), which :func:`~xl_tiebreak.trf.teams.read_team_trf` reads back equal and FIDE's
reference engine reads with the same values.

What is written:

* the header records read, verbatim, except those the event settles (:func:`~xl_tiebreak.trf.writer.write_trf`
  keeps or rewrites 012, 042, 062/072, 162, 202); ``142`` the number of rounds (for ``XXR`` too);
  ``192`` the primary score (the record read is kept when it says the same, e.g. ``FIDE_TEAM_BAKU``;
  else ``FIDE_TEAM_TYPEA_MP_GP`` / ``..._GP_MP``); ``352`` the board colours as read (not invented
  where the file had none); ``362`` the match points ``TW TD TL``;
* the 001 board lines, every field as read (as :func:`~xl_tiebreak.trf.writer.write_trf` writes
  them), but for the cells of rounds without a game (:func:`_team_cells`) and the winners of a
  forfeited match (:func:`_forfeit_winners`);
* ``310`` per team: number, name (columns 9-40), the short name and strength columns as read, match
  points and game points of the games (C.07 team scoring, :func:`~xl_tiebreak.teams.scores`), rank
  (from the standings given, else the rank read), the roster in board order;
* ``240`` team byes F/H/Z (one record per type and round), ``320`` the team PAB with the value the
  event uses (always, even where it was the default and no team had one, so that every reader
  agrees on it),
  ``330`` forfeited matches, ``300`` the line-ups whose board order is not the roster's (``0`` for an
  empty board), and every line-up the file gave that still holds (a forfeited match's too: who
  stood on which board).

TRF-26 gives a team name the 32 columns 9-40 of record 310, and the fields after it have fixed
columns: a longer name is cut there, the full name is written in a comment line (``###``) after
the team's record, and a note naming the team says so.

What a team file read and written back does not keep character for character, on purpose
(besides what the individual writer normalises, :mod:`xl_tiebreak.trf.writer`):

* TRF-16 ``013`` rosters become ``310`` records (the teams keep their numbers; a file with both is
  read, and written, by its 310); ``XXR`` becomes ``142``; ``192``, ``362`` and ``320`` are written
  even where the file left them to their defaults; the team records come after the header, each
  kind together, blank lines left out;
* 310's match and game points are those of the games (a file whose totals disagree is reported by
  the reader, ``team-declared``), and so is each board player's points field (a file that counted
  a team bye on its players' boards, as one real file does, is refused by FIDE's reference
  engine);
* ``330`` and ``320`` records are written as read while they still hold; else ``330`` with the
  lower team number first, ``320`` with blanks for the rounds without a PAB; ``240`` with the teams
  whose round it decides (where a 320 or 330 names the same team's round, the reader's
  ``team-overlap`` warning says which record is used);
* a line-up (300) that only says what the roster order already gives is not written unless the
  file had it;
* the winners of a forfeited match whose boards say nothing (a workbook has no line-up for it, or a
  file wrote ``0000 - -``) get ``0000 - +`` on the first ``boards`` players of their roster;
* the rounds no team has reached yet (no match, bye or pairing) are blank on every board line.
"""

from __future__ import annotations

import dataclasses
from collections import defaultdict
from fractions import Fraction
from typing import Optional, Protocol, Sequence

from ..errors import TiebreakError
from ..model import Kind, Tournament, make_round
from ..number_text import is_digits
from ..teams import ABSENT, BYE, FORFEITED, PAB, PLAYED, Match, Team, TeamEvent, scores
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


def write_team_trf(event: TeamEvent, result: Optional[TeamStandings] = None,
                   notes: Optional[list[str]] = None) -> str:
    """TRF-26 text of a team event (module docstring). ``result``: standings whose ranks go into
    record 310 and whose tie-break codes become record 202; without it, the ranks read are kept.
    ``notes``: where the writer says what it could not keep as given (a team name cut to 310's
    columns, a player's field cut to 001's, a count of 062/072 not recounted)."""
    t = _forfeit_winners(event)
    names = {tm.no: _name_comment(tm) for tm in event.teams}
    header = [ln for ln in t.header if ln[:3] not in TEAM_HEADER_RECORDS and ln not in names.values()]
    codes = tuple(_code(c) for c in result.tiebreaks) if result is not None else t.tiebreaks
    # 142 before the players (write_trf keeps it), and no individual 092 invented (kind None)
    plain = dataclasses.replace(t, header=(*header, f"142 {event.rounds}"), kind=None, tiebreaks=codes)
    got: list[str] = []
    lines = write_trf(plain, got).splitlines()
    first = next((k for k, ln in enumerate(lines) if ln[:3] == "001"), len(lines))
    head, players = lines[:first], _team_cells(event, t, lines[first:])
    head += _team_header(event)
    ranks = {r.no: _rank(r.rank) for r in result.rows} if result is not None else {}
    records = _team_records(event, ranks, names, got)
    if notes is not None:
        notes.extend(got)
    return "\n".join(head + players + records) + "\n"


#: the columns of a team name in record 310 (9-40, TRF-26)
NAME_WIDTH = 32


def _name_comment(tm: Team) -> Optional[str]:
    """The comment line (``###``) keeping a team name longer than 310's columns, else None."""
    name = one_line(tm.name)
    return f"### team {tm.no} full name: {name}" if len(name) > NAME_WIDTH else None


def _forfeit_winners(event: TeamEvent) -> Tournament:
    """The board games with the winners of each forfeited match (330 ``+-``/``-+``) marked as TRF
    writes them (FIDE TEC's TRF-2025 team sample): a point without an opponent, ``0000 - +``, on
    the players the team fielded (rounds read so), else on the first ``boards`` players of its
    roster. FIDE's reference engine scores the match from these cells (``0000 - -`` there gives
    the winners 0 MP and 0 GP), and checks each points field against them."""
    t = event.tournament
    marked: dict[int, set[int]] = {}  # player -> rounds
    for m in event.matches:
        if m.kind != FORFEITED or m.forfeit != "+":
            continue
        rounds = [(p, t.player(p).rounds[m.round - 1].kind) for p in event.team(m.team).roster]
        if not any(kind is Kind.PAB for _p, kind in rounds):
            for p, _kind in [x for x in rounds if x[1] is Kind.ABSENT][:event.boards]:
                marked.setdefault(p, set()).add(m.round)
    if not marked:
        return t
    won = make_round(Kind.PAB, scoring=t.scoring)
    return dataclasses.replace(t, players=tuple(
        dataclasses.replace(p, rounds=tuple(won if r in marked[p.no] else rd for r, rd in enumerate(p.rounds, start=1)))
        if p.no in marked else p for p in t.players))


def _team_cells(event: TeamEvent, t: Tournament, players: list[str]) -> list[str]:
    """The 001 lines (of ``t``, the event's board games as written) as a team file writes them
    (FIDE TEC's TRF-2025 team sample): ``0000 - +`` (a board won by forfeit against nobody; a
    forfeited match's winners) where the individual writer puts ``0000 - U`` (the individual
    reader takes both for a pairing-allocated bye, but in a team file ``U`` is the team PAB's,
    TRF-16), and ``0000 - -`` for a round without a game where it leaves the field blank, up to
    the last round reached (a match, a bye, a pairing): the rounds still to come stay blank, as
    the individual writer leaves them."""
    team_of = {p: tm.no for tm in event.teams for p in tm.roster}
    kinds = {(m.team, m.round): m.kind for m in event.matches}
    reached = max([m.round for m in event.matches if m.kind != ABSENT] + list(event.pending_rounds), default=0)
    out = []
    for line in players:
        no = line[4:8].strip()
        pl = t.player(int(no)) if is_digits(no) else None
        if pl is not None and pl.no in team_of:
            for r, rd in enumerate(pl.rounds, start=1):
                cell = "0000 - +" if rd.kind is Kind.PAB and kinds.get((team_of[pl.no], r)) != PAB else \
                    "0000 - -" if rd.kind is Kind.ABSENT and r <= reached else None
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
    return int(text) if is_digits(text) and len(text) <= 6 else None


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


def _team_records(event: TeamEvent, ranks: dict[int, Optional[int]], names: dict[int, Optional[str]],
                  notes: list[str]) -> list[str]:
    got = scores(event)
    read310 = {ln[4:7].strip(): ln for ln in event.tournament.header if ln[:3] == "310"}
    out = []
    for tm in event.teams:
        out.append(_team_line(tm, got[tm.no], ranks.get(tm.no, tm.declared_rank), read310.get(str(tm.no), "")))
        comment = names.get(tm.no)
        if comment is not None:
            out.append(comment)
            name = one_line(tm.name)
            notes.append(f"team {tm.no}: the name {name!r} is longer than the {NAME_WIDTH} columns record 310 "
                         f"gives it (9-40); written as {name[:NAME_WIDTH]!r}, the full name in a comment line "
                         "after it")
    out += _byes(event) + _pab(event) + _forfeits(event) + _lineups(event)
    return out


def _team_line(tm: Team, score: tuple[Fraction, Fraction], rank: Optional[int], read: str) -> str:
    """310: number 5-7, name 9-40, short name 42-46 and strength 48-53 (as read), MP 55-60, GP
    62-67, rank 69-71, players from 74 every 5 columns."""
    name = one_line(tm.name)[:NAME_WIDTH]
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
    read = next((ln for ln in event.tournament.header if ln[:3] == "320"), None)
    if read is not None and _pab_read(read) == (mp, gp, who):
        return [read]  # as the file wrote it (000 for no PAB, say)
    cells = [f"{who[r]:3d}" if r in who else "   " for r in range(1, max(who, default=0) + 1)]
    return [(f"320 {_points(mp, 4)} {_points(gp, 4)} " + " ".join(cells)).rstrip()]


def _pab_read(line: str) -> Optional[tuple[Fraction, Fraction, dict[int, int]]]:
    """What a 320 record read says: MP, GP, the team of each round with one; None if unreadable."""
    try:
        mp, gp = Fraction(line[4:8].strip().replace(",", ".")), Fraction(line[9:13].strip().replace(",", "."))
    except (ValueError, ZeroDivisionError):
        return None
    who = {}
    for r, c in enumerate(range(14, len(line), 4), start=1):
        cell = line[c:c + 3].strip()
        if cell and not is_digits(cell):
            return None
        if cell and int(cell):
            who[r] = int(cell)
    return mp, gp, who


def _forfeits(event: TeamEvent) -> list[str]:
    """330: ``+-`` / ``-+`` / ``--`` at 5-6, round 8-10, the two teams at 12-14 and 16-18."""
    res = {"+": "+-", "-": "-+", "=": "--"}
    read: dict[tuple[int, int, int, str], str] = {}  # the 330 records read, by what they say (lower team first)
    for ln in event.tournament.header:
        tok = ln[4:].split() if ln[:3] == "330" else []
        if len(tok) == 4 and tok[0] in ("+-", "-+", "--") and all(is_digits(x) and len(x) <= 6 for x in tok[1:]):
            r, a, b = (int(x) for x in tok[1:])
            said = tok[0] if a < b else tok[0][::-1]
            read.setdefault((r, min(a, b), max(a, b), said), ln)
    out = []
    for m in event.matches:
        if m.kind == FORFEITED and m.opponent is not None and m.team < m.opponent:
            said = res[m.forfeit or "="]
            out.append(read.get((m.round, m.team, m.opponent, said),
                                f"330 {said} {m.round:3d} {m.team:3d} {m.opponent:3d}"))
    return out


def _lineups(event: TeamEvent) -> list[str]:
    """300 for a played match whose boards are not the roster order numbered 1, 2, ...: round 5-7,
    team 9-11, opponent team 13-15, then the player of each board from 17 every 5 columns (0 =
    empty), at least as many as the event has boards. A 300 the file had is written as read while
    it still holds (:func:`_still_holds`)."""
    out = []
    read = _read_lineups(event.tournament.header)
    for m in event.matches:
        had = read.get((m.round, m.team))
        if had is not None and _still_holds(m, had[0], had[1]):
            out.append(had[2])
            continue
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


def _read_lineups(header: Sequence[str]) -> dict[tuple[int, int], tuple[int, tuple[int, ...], str]]:
    """The 300 records of a header, by (round, team): (opponent team, the players in board order
    with 0 for an empty board, the line). Records that are not numbers are left out (the reader
    has refused them)."""
    got: dict[tuple[int, int], tuple[int, tuple[int, ...], str]] = {}
    for ln in header:
        tok = ln[4:].split() if ln[:3] == "300" else []
        if len(tok) >= 3 and all(is_digits(x) and len(x) <= 6 for x in tok):
            nums = [int(x) for x in tok]
            got.setdefault((nums[0], nums[1]), (nums[2], tuple(nums[3:]), ln))
    return got


def _still_holds(m: Match, opponent: int, order: tuple[int, ...]) -> bool:
    """Whether a line-up read (300) still says the truth about match ``m``: the same opponent team,
    and, for a played match, each player on the board the line-up gives him (his place in it, as
    the reader numbers boards); a forfeited match keeps the line-up of the team that came."""
    if m.opponent != opponent:
        return False
    if m.kind == FORFEITED:
        return True
    return m.kind == PLAYED and {(b.board, b.player) for b in m.boards} == \
        {(i, p) for i, p in enumerate(order, start=1) if p}
