"""Team events: the teams, their matches round by round, and the two team
scores of FIDE C.07, match points (MP) and game points (GP) (TIEBREAK_RULES §5.17, §9.3).

A :class:`TeamEvent` is built on the individual :class:`~xl_tiebreak.model.Tournament` it was read
from (the 001 board lines), plus what the team records say: rosters (310 / 013), the match-point
values (362), the primary score (192), the team PAB (320), forfeited matches (330) and team byes
(240). :func:`xl_tiebreak.trf.teams.read_team_trf` reads one from a team TRF.

Scoring (C.07 team events, as TIEBREAK_RULES §5.17 and §9.3 state them):

* a match played over the boards: a team's game points are the sum of its boards' points (each
  board scored as record 162 says, default 1 / ½ / 0, a board forfeit won = a win); the team with
  more game points wins the match (``TW`` match points), equal game points draw it (``TD``), the
  other loses (``TL``); ``TW/TD/TL`` from record 362, default 2/1/0. A match in which every board
  is a double forfeit is lost by both teams: 0 MP each (no game was played, nobody won);
* a forfeited match (record 330 ``+-``/``-+``): the winner ``TW`` and every board won, the loser
  ``TL`` and 0 GP; ``--`` (lost by both): 0 MP and 0 GP each;
* team byes (record 240): ``F`` = a won match with every board won, ``H`` = a drawn match with
  every board drawn, ``Z`` = 0 and 0; a round in which a team has nothing at all: 0 and 0;
* the team PAB: what record 320 states (its MP and GP). Where no 320 states it (TRF-16, or a file
  without 320), :data:`DEFAULT_PAB`: a won match with every board won -- TRF-26 record 162's
  ``P`` symbol ("PAB, default = W") and §5.17 ("a PAB counts as a standard win on every board").
  FIDE's reference engine gacrux gives a TRF-16 PAB a *drawn* match instead (1 MP, every board
  won): a departure from the text, recorded in the tests.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

from .model import Kind, Tournament

__all__ = ["Team", "TeamBoard", "Match", "TeamEvent", "MatchValues", "PabValue", "DEFAULT_MATCH_VALUES",
           "DEFAULT_PAB", "PLAYED", "FORFEITED", "PAB", "BYE", "ABSENT", "MATCH_KINDS",
           "match_score", "match_points", "game_points", "scores", "primary_score", "secondary_score"]

#: kinds of a team's round (:attr:`Match.kind`)
PLAYED = "played"        # board games (and board forfeits) against an opponent team
FORFEITED = "forfeited"  # a forfeited match (record 330): no board was played
PAB = "pab"              # the team's pairing-allocated bye
BYE = "bye"              # a team bye of record 240, F / H / Z (:attr:`Match.bye`)
ABSENT = "absent"        # nothing at all for the team in the round
MATCH_KINDS = (PLAYED, FORFEITED, PAB, BYE, ABSENT)


@dataclass(frozen=True)
class MatchValues:
    """Match points for a won, drawn and lost match (TRF-26 record 362 ``TW TD TL``; C.07's usual 2/1/0)."""

    win: Fraction = Fraction(2)
    draw: Fraction = Fraction(1)
    loss: Fraction = Fraction(0)


DEFAULT_MATCH_VALUES = MatchValues()


@dataclass(frozen=True)
class PabValue:
    """What a team's pairing-allocated bye is worth. ``game_points`` ``None`` = every board won
    (``boards`` × the win value of 162); ``match_points`` ``None`` = a won match (``TW``).
    ``source``: ``"320"`` (stated in the file) or ``"default"`` (:data:`DEFAULT_PAB`)."""

    match_points: Optional[Fraction] = None
    game_points: Optional[Fraction] = None
    source: str = "default"


#: The team PAB where no record 320 states its value: a won match, every board won (TRF-26 162
#: ``P`` = ``W`` by default; TIEBREAK_RULES §5.17: "a PAB counts as a standard win on every board").
DEFAULT_PAB = PabValue()


@dataclass(frozen=True)
class Team:
    """A team: its number (310's, or the order of the 013 records), name, and roster (players'
    start numbers in board order, reserves last). ``declared_mp`` / ``declared_gp`` /
    ``declared_rank``: what record 310 states, when it does; ``line``: the roster record's line."""

    no: int
    name: str
    roster: tuple[int, ...]
    declared_mp: Optional[Fraction] = None
    declared_gp: Optional[Fraction] = None
    declared_rank: Optional[int] = None
    line: Optional[int] = None


@dataclass(frozen=True)
class TeamBoard:
    """One board of a match, for the team: its player, his opponent (``None`` for a board won by
    forfeit against nobody, ``0000 - +``), the kind of his round and his points on the board."""

    board: int   # 1 = top board
    player: int
    opponent: Optional[int]
    kind: Kind
    points: Fraction


@dataclass(frozen=True)
class Match:
    """One team's round: ``kind`` one of :data:`MATCH_KINDS`; ``opponent`` the other team
    (``None`` for a PAB, a bye, an absence); ``boards`` the team's board games in board order
    (played matches); ``forfeit`` for a forfeited match: ``"+"`` won, ``"-"`` lost, ``"="`` lost
    by both (330 ``--``); ``bye`` the 240 type ``F``/``H``/``Z``."""

    round: int
    team: int
    kind: str
    opponent: Optional[int] = None
    boards: tuple[TeamBoard, ...] = ()
    forfeit: Optional[str] = None
    bye: Optional[str] = None

    def __post_init__(self) -> None:
        if self.kind not in MATCH_KINDS:
            raise ValueError(f"match kind must be one of {', '.join(MATCH_KINDS)}, not {self.kind!r}")
        if self.kind == BYE and self.bye not in ("F", "H", "Z"):
            raise ValueError("a team bye is F, H or Z")
        if self.kind == FORFEITED and self.forfeit not in ("+", "-", "="):
            raise ValueError("a forfeited match is won (+), lost (-) or lost by both (=)")


@dataclass(frozen=True)
class TeamEvent:
    """A team event: the individual :class:`Tournament` of its board games, the teams, and one
    :class:`Match` per team and round (``matches``, by round then team). ``boards``: the number of
    boards of a match; ``match_values``: 362 (default 2/1/0); ``primary``: ``"MP"`` or ``"GP"``
    (record 192 ``FIDE_TEAM_TYPEA_MP_GP`` / ``_GP_MP``; MP when not stated); ``pab``: the team
    PAB's value (320, else :data:`DEFAULT_PAB`). ``pending_rounds``: the rounds with a board paired
    whose result is still to come (a round in progress: its matches are not complete).
    ``board_colours``: 352's board colours."""

    tournament: Tournament
    teams: tuple[Team, ...]
    rounds: int
    boards: int
    matches: tuple[Match, ...]
    match_values: MatchValues = DEFAULT_MATCH_VALUES
    primary: str = "MP"
    pab: PabValue = DEFAULT_PAB
    name: str = ""
    pending_rounds: tuple[int, ...] = ()
    #: the first-named (home) team's colour on each board, W/B (TRF 352, a workbook's Home colours);
    #: "" = not stated (alternating, WBWB...)
    board_colours: str = ""
    _by_team: dict[int, tuple[Match, ...]] = field(default_factory=dict, init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        if self.primary not in ("MP", "GP"):
            raise ValueError("the primary score is MP or GP")
        nos = [t.no for t in self.teams]
        if len(set(nos)) != len(nos):
            raise ValueError("two teams with one number")
        by: dict[int, list[Match]] = {n: [] for n in nos}
        for m in self.matches:
            if m.team not in by:
                raise ValueError(f"a match of team {m.team}, which is not a team of the event")
            by[m.team].append(m)
        self._by_team.update({n: tuple(sorted(ms, key=lambda m: m.round)) for n, ms in by.items()})

    def team(self, no: int) -> Team:
        for t in self.teams:
            if t.no == no:
                return t
        raise KeyError(no)

    def matches_of(self, team: int) -> tuple[Match, ...]:
        """The team's matches, by round."""
        return self._by_team[team]

    def most_in_match(self, score: str) -> Fraction:
        """The most a team can score in one match: a won match (TW, record 362) for ``"MP"``, every
        board won for ``"GP"`` (the ceiling that C.07 Art. 16's unplayed-round values and the
        team direct encounter compare with)."""
        return self.match_values.win if score == "MP" else self.boards * self.tournament.scoring.win

    @property
    def pab_points(self) -> tuple[Fraction, Fraction]:
        """(MP, GP) of the team PAB in this event (320, else :data:`DEFAULT_PAB`)."""
        win = self.tournament.scoring.win
        mp = self.pab.match_points if self.pab.match_points is not None else self.match_values.win
        gp = self.pab.game_points if self.pab.game_points is not None else self.boards * win
        return mp, gp


def _board_points(b: TeamBoard) -> Fraction:
    return b.points


def match_score(event: TeamEvent, m: Match) -> tuple[Fraction, Fraction]:
    """(match points, game points) of one team's round (C.07 team scoring, TIEBREAK_RULES §5.17;
    see the module docstring for each kind of round)."""
    mv, sc = event.match_values, event.tournament.scoring
    if m.kind == PLAYED:
        gp = sum((_board_points(b) for b in m.boards), Fraction(0))
        if m.opponent is None:
            return Fraction(0), gp
        opp = next((o for o in event.matches_of(m.opponent) if o.round == m.round), None)
        theirs = sum((_board_points(b) for b in opp.boards), Fraction(0)) if opp is not None else Fraction(0)
        boards = list(m.boards) + (list(opp.boards) if opp is not None else [])
        if boards and all(b.kind is Kind.DOUBLE_FORFEIT for b in boards):
            return Fraction(0), gp  # no game at all: lost by both
        return (mv.win if gp > theirs else mv.draw if gp == theirs else mv.loss), gp
    if m.kind == FORFEITED:
        if m.forfeit == "+":
            return mv.win, event.boards * sc.win
        if m.forfeit == "-":
            return mv.loss, Fraction(0)
        return Fraction(0), Fraction(0)
    if m.kind == PAB:
        return event.pab_points
    if m.kind == BYE:
        if m.bye == "F":
            return mv.win, event.boards * sc.win
        if m.bye == "H":
            return mv.draw, event.boards * sc.draw
    return Fraction(0), Fraction(0)


def scores(event: TeamEvent) -> dict[int, tuple[Fraction, Fraction]]:
    """{team no: (match points, game points)} over every round (C.07; TIEBREAK_RULES §5.17)."""
    out = {}
    for t in event.teams:
        mp = gp = Fraction(0)
        for m in event.matches_of(t.no):
            a, b = match_score(event, m)
            mp += a
            gp += b
        out[t.no] = (mp, gp)
    return out


def match_points(event: TeamEvent) -> dict[int, Fraction]:
    """{team no: match points}: TW/TD/TL per match (362, default 2/1/0), byes and the PAB as
    :func:`match_score` says (C.07 team events; TIEBREAK_RULES §5.17)."""
    return {t: s[0] for t, s in scores(event).items()}


def game_points(event: TeamEvent) -> dict[int, Fraction]:
    """{team no: game points}: the sum of the team's board points (TIEBREAK_RULES §5.17)."""
    return {t: s[1] for t, s in scores(event).items()}


def primary_score(event: TeamEvent) -> dict[int, Fraction]:
    """The primary score (192: MP or GP) of every team."""
    return match_points(event) if event.primary == "MP" else game_points(event)


def secondary_score(event: TeamEvent) -> dict[int, Fraction]:
    """The other score (the tie-break ``MPvGP``, §5.17)."""
    return game_points(event) if event.primary == "MP" else match_points(event)
