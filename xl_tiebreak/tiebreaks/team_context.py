"""The evaluation of one team event: per team per round the match (its MP, GP, opponent, kind), and
C.07 Art. 16 applied per match, for match points (MP) and game points (GP) separately
(TIEBREAK_RULES §4, §5.17: "for teams, points means MP and GP separately").

Which team rounds are unplayed (Art. 16.1, 16.2), per match:

* a match is *played* when at least one board game was played over the board, or when both teams
  scored in it (each present on some board); a match without a game in which only one team scored
  (board forfeits only, or a record-330 forfeited match) is a forfeit: won by the team that scored
  (16.2.2, not a VUR), lost by the other (16.2.4, a VUR); lost by both when neither scored;
* the team PAB (16.2.1) and a full-point bye ``F`` are not VURs; an ``H`` or ``Z`` bye and a round
  with nothing for the team (absence, withdrawal) are VURs.

Art. 16.3 (the score opponents see) and 16.4 (own unplayed rounds, the dummy) are the engine's, over
the same competitor arrays as the players' (:meth:`TeamContext.channel`: teams x rounds, one array
of points per score, MP and GP): a round after the team's last round that is not a VUR and without
a scheduled opponent counts as a drawn match (MP: TD; GP: half the boards); an own unplayed round
counts a dummy opponent with the team's own score, capped under 2026 by the scheduled opponent's
adjusted score for a forfeited match (16.4.1), else by a draw in every round counted (16.4.2). Both
rules are the edition's, written once for players and teams
(:meth:`~xl_tiebreak.editions.Edition.drawn_for_opponents`, :meth:`~xl_tiebreak.editions.Edition.dummy`).

Editions: the team tie-breaks are defined from the 2024 text of C.07 on; only ``fide2024`` and
``fide2026`` are accepted (:func:`~xl_tiebreak.editions.team_edition`). An event dated before
1 Apr 2024 has no team text of its own in this package's editions: it is computed under 2024 (the
oldest C.07 team text), and :func:`~xl_tiebreak.editions.team_edition` says so in its note.

Round robins (``round_robin=True``; C.07 Art. 15.2, TIEBREAK_RULES §4.7): Art. 16 does not apply.
Opponents count their awarded scores, a forfeited match counts as a match played against the
scheduled opponent (2024 and 2026 alike: the 2026 exceptions concern rating and Type-B
tie-breaks, and a forfeit loss is worth 0 in PS either way), and a round without an opponent (a
sit-out) gives no element. Otherwise team events are Swiss events.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import partial
from math import lcm
from typing import TYPE_CHECKING, Any, Callable, Hashable, Optional, Sequence

import numpy as np

from .. import arrays
from ..arrays import Channel, Compiled
from ..editions import Edition, team_edition
from ..errors import InputError
from ..formatting import format_value
from ..model import Scoring
from ..options import TEAM_CHOICES, Options
from ..teams import ABSENT, BYE, FORFEITED, PAB, PLAYED, TeamEvent, match_score
from .context import Column, Context
from .spec import Spec, TeamEvaluation

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["TeamRound", "TeamContext", "context_of", "show", "SCORES", "EDE_KNOCKOUT", "EDE_SUBSET"]

#: the two team scores
SCORES = ("MP", "GP")

#: the readings of the EDE knock-out steps (C.07 Art. 13.3.2; :mod:`.team_encounter`), the default first:
#: ``event``, the text; ``encounter``, FIDE's reference engine gacrux (the words and what they mean:
#: :data:`~xl_tiebreak.options.TEAM_CHOICES`, :data:`~xl_tiebreak.options.TEAM_CHOICE_HELP`)
EDE_KNOCKOUT = TEAM_CHOICES["ede_knockout"]

#: the readings of a new subset of tied teams in EDE (C.07 Art. 13.3.3; :mod:`.team_encounter`), the
#: default first: ``continue``, FIDE TEC's answer to its exercise 45; ``restart``, the text read
#: literally (as :data:`EDE_KNOCKOUT`, defined with the options)
EDE_SUBSET = TEAM_CHOICES["ede_subset"]

# kinds of a team round as Art. 16 sees it (TeamRound.kind)
K_PLAYED = "played match"
K_FORFEIT_WIN = "forfeit win"          # 16.2.2
K_FORFEIT_LOSS = "forfeit loss"        # 16.2.4
K_DOUBLE_FORFEIT = "lost by both"      # 16.2.4 for both teams
K_PAB = "PAB"                          # 16.2.1
K_BYE_F = "full-point bye (F)"
K_BYE_H = "half-point bye (H)"
K_BYE_Z = "zero-point bye (Z)"
K_ABSENT = "absent"

#: the kind of each team round in the competitor arrays (:mod:`xl_tiebreak.arrays`), where Art. 16
#: reads it for players and teams alike: a played match is a game, an absence a zero-point bye
_CODES = {K_PLAYED: arrays.GAME, K_FORFEIT_WIN: arrays.FWIN, K_FORFEIT_LOSS: arrays.FLOSS,
          K_DOUBLE_FORFEIT: arrays.DFF, K_PAB: arrays.PAB, K_BYE_F: arrays.FPB, K_BYE_H: arrays.HPB,
          K_BYE_Z: arrays.ZPB, K_ABSENT: arrays.ZPB}


@dataclass(frozen=True)
class TeamRound:
    """One team's round as Art. 16 sees it: ``kind`` (one of the ``K_*`` labels), the opponent team
    (``None`` without one), its match and game points."""

    round: int
    kind: str
    opponent: Optional[int]
    mp: Fraction
    gp: Fraction

    def points(self, score: str) -> Fraction:
        return self.mp if score == "MP" else self.gp

    @property
    def code(self) -> int:
        """Its kind in the competitor arrays (:mod:`xl_tiebreak.arrays`), where the players' rules
        read it: a played match is a game, an absence a zero-point bye, a forfeited match without
        a scheduled opponent a bye (won: a full-point one; else a zero-point one, a VUR)."""
        code = _CODES[self.kind]
        if self.opponent is None and code in arrays.FORFEIT_CODES:
            return arrays.FPB if code == arrays.FWIN else arrays.ZPB
        return code

    @property
    def played(self) -> bool:
        """A match played over the boards."""
        return self.kind == K_PLAYED

    @property
    def vur(self) -> bool:
        """A voluntarily unplayed round (Art. 16.1): of a kind the arrays count as one."""
        return self.code in arrays.VUR_CODES

    @property
    def forfeit(self) -> bool:
        """An unplayed round with a scheduled opponent (a forfeited match, 16.2.2 / 16.2.4)."""
        return not self.played and self.opponent is not None


#: a value as the team accounts write it (exact: ``12``, ``10.5``, ``29 1/3``; ``undefined``): the one
#: :func:`~xl_tiebreak.formatting.format_value`, whole numbers bare, thirds as fractions
show = partial(format_value, decimals=0, undefined="undefined", fractions=True)


def _match_scores(event: TeamEvent, n: int) -> dict[tuple[int, int], tuple[Fraction, Fraction]]:
    """(team, round) -> (match points, game points) of every match of rounds 1..n, scored once."""
    return {(m.team, m.round): match_score(event, m) for m in event.matches if m.round <= n}


def _all_rounds(event: TeamEvent, n: int,
                scored: dict[tuple[int, int], tuple[Fraction, Fraction]]) -> dict[int, tuple[TeamRound, ...]]:
    """Every team's rounds 1..n (each match scored once, ``scored``)."""
    return {t.no: _rounds_of(event, t.no, n, scored) for t in event.teams}


def _rounds_of(event: TeamEvent, team: int, n: int,
               scored: dict[tuple[int, int], tuple[Fraction, Fraction]]) -> tuple[TeamRound, ...]:
    by_round = {m.round: m for m in event.matches_of(team)}
    out = []
    for r in range(1, n + 1):
        m = by_round.get(r)
        if m is None or m.kind == ABSENT:
            out.append(TeamRound(r, K_ABSENT, None, Fraction(0), Fraction(0)))
            continue
        mp, gp = scored[(team, r)]
        if m.kind == PLAYED:
            if m.opponent is None:  # board games against nobody: an unplayed round at its points
                out.append(TeamRound(r, K_ABSENT, None, mp, gp))
                continue
            other = next((o for o in event.matches_of(m.opponent) if o.round == r), None)
            theirs = scored[(m.opponent, r)][1] if other is not None else Fraction(0)
            boards = list(m.boards) + (list(other.boards) if other is not None else [])
            over_board = any(b.kind.is_game for b in boards)
            if over_board or (gp > 0 and theirs > 0):
                out.append(TeamRound(r, K_PLAYED, m.opponent, mp, gp))
            elif gp > theirs:
                out.append(TeamRound(r, K_FORFEIT_WIN, m.opponent, mp, gp))
            else:
                kind = K_DOUBLE_FORFEIT if gp == theirs else K_FORFEIT_LOSS
                out.append(TeamRound(r, kind, m.opponent, mp, gp))
        elif m.kind == FORFEITED:
            kind = {"+": K_FORFEIT_WIN, "-": K_FORFEIT_LOSS}.get(m.forfeit or "", K_DOUBLE_FORFEIT)
            out.append(TeamRound(r, kind, m.opponent, mp, gp))
        elif m.kind == PAB:
            out.append(TeamRound(r, K_PAB, None, mp, gp))
        elif m.kind == BYE:
            kind = {"F": K_BYE_F, "H": K_BYE_H}.get(m.bye or "", K_BYE_Z)
            out.append(TeamRound(r, kind, None, mp, gp))
    return tuple(out)


Lookup = Callable[[str], Spec]


class TeamContext:
    """A :class:`~.spec.TeamEvaluation` of one event, edition and number of rounds: the team rounds,
    the same as the engine's competitor arrays (:meth:`channel`, where Art. 16 applies), and a cache
    of the columns computed (:meth:`column`).

    ``lookup``: the registry's row of a name (injected by the engine, so that this module does not
    import the registry, which imports the families, which import this module)."""

    def __init__(self, event: TeamEvent, edition: "Edition | str | None" = None, rounds: Optional[int] = None,
                 lookup: Optional[Lookup] = None, *, _rounds_by_team: Optional[dict[int, tuple[TeamRound, ...]]] = None,
                 fore: bool = False, round_robin: bool = False, ede_knockout: str = EDE_KNOCKOUT[0],
                 ede_subset: str = EDE_SUBSET[0]) -> None:
        if ede_knockout not in EDE_KNOCKOUT:
            raise InputError(f"ede-knockout is {' or '.join(EDE_KNOCKOUT)}, not {ede_knockout!r}")
        if ede_subset not in EDE_SUBSET:
            raise InputError(f"ede-subset is {' or '.join(EDE_SUBSET)}, not {ede_subset!r}")
        self.ede_knockout = ede_knockout
        self.ede_subset = ede_subset
        self._event = event
        self._edition, self.edition_note = team_edition(edition, event.tournament.start_date)
        self.notes: list[str] = [self.edition_note] if self.edition_note else []
        #: the round in progress the values stop before (0: none, or the rounds were given)
        self.in_progress = 0
        if rounds is None:
            n = max((m.round for m in event.matches if m.kind != ABSENT and m.round <= event.rounds), default=0)
            open_ = [r for r in event.pending_rounds if r <= n + 1]
            if open_:  # a board still to be played: that round's matches are not complete (no figure from them)
                n = self.in_progress = open_[0]
                n -= 1
                self.notes.append(f"round {open_[0]} is in progress (not every result of it is in): computed after "
                                  f"round {n} of {event.rounds}")
            elif n < event.rounds:
                self.notes.append(f"no team has a match in round {n + 1} or later yet: computed after round {n} "
                                  f"of {event.rounds}")
        else:
            n = rounds
        if not 0 <= n <= event.rounds:
            raise InputError(f"rounds must be between 0 and {event.rounds} (the event's rounds), not {n}")
        self._n = n
        self._lookup = lookup
        self.is_fore = fore
        self.round_robin = round_robin
        #: (team, round) -> the match's (MP, GP) as awarded, rounds 1..n (None for FB's context,
        #: which shares the rounds of the context it was made from)
        self.match_scores: Optional[dict[tuple[int, int], tuple[Fraction, Fraction]]] = (
            None if _rounds_by_team is not None else _match_scores(event, n))
        self.by_team: dict[int, tuple[TeamRound, ...]] = (
            _rounds_by_team if _rounds_by_team is not None
            else _all_rounds(event, n, self.match_scores or {}))
        self._cache: dict[str, Column] = {}
        self._points: Optional[Column] = None
        self._scores: dict[tuple[int, str], Fraction] = {}
        self._channels: dict[str, Context] = {}
        self._fore: Optional[TeamContext] = None
        self._earlier: dict[str, list[Column]] = {}
        self._memo: dict[Hashable, Any] = {}

    # --- the TeamEvaluation protocol -------------------------------------------------------
    @property
    def event(self) -> TeamEvent:
        return self._event

    @property
    def edition(self) -> Edition:
        return self._edition

    @property
    def rounds(self) -> int:
        return self._n

    @property
    def primary(self) -> str:
        return self._event.primary

    @property
    def secondary(self) -> str:
        return "GP" if self.primary == "MP" else "MP"

    @property
    def points(self) -> Column:
        """Every team's primary score (C.07 Art. 2: what the standings and a Type A code's groups
        start from), one row per team (:attr:`teams`)."""
        if self._points is None:
            self._points = Column.of([self.score(t, self.primary) for t in self.teams])
        return self._points

    def column(self, tb: TieBreak, earlier: Sequence[Column] = ()) -> Column:
        """Another tie-break of the same evaluation, after the columns ``earlier`` listed before it
        (the row reads the primary score's column, :attr:`points`, before them; computed once, type
        A codes every time, since their value depends on the groups the columns before them leave
        tied). The first time ``tb`` is asked for, the columns before it are kept for its account
        (:meth:`earlier_for`): a list's standings evaluate it here (:func:`~xl_tiebreak.standings.evaluate`)."""
        if self._lookup is None:
            raise RuntimeError("this team context was made without the registry")
        before = [self.points, *earlier]
        self._earlier.setdefault(tb.code, before)
        row = self._lookup(tb.name)
        if row.ranks:
            return row.team_rule.compute(self, tb, before)
        got = self._cache.get(tb.code)
        if got is None:
            got = self._cache[tb.code] = row.team_rule.compute(self, tb, before)
        return got

    def earlier_for(self, tb: TieBreak) -> Optional[list[Column]]:
        """The columns before ``tb`` in the list computed (C.07 Art. 4.2: a Type A code ranks inside
        the group they leave tied); ``None`` when ``tb`` was not in it (:mod:`.team_typea` then explains
        the group tied on the primary score)."""
        return self._earlier.get(tb.code)

    def row(self, name: str) -> Spec:
        if self._lookup is None:
            raise RuntimeError("this team context was made without the registry")
        return self._lookup(name)

    # --- values computed once per evaluation (the board tie-breaks' board count and board points) --
    def memo(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """``make()``, computed once per evaluation under ``key`` (the families keep what every
        team's value needs here, e.g. :func:`.team_boards.board_total`, instead of scanning the event
        for each team)."""
        if key not in self._memo:
            self._memo[key] = make()
        return self._memo[key]

    # --- scores and Art. 16 ----------------------------------------------------------------
    @property
    def teams(self) -> list[int]:
        return [t.no for t in self._event.teams]

    def name(self, team: int) -> str:
        return self._event.team(team).name

    def draw(self, score: str) -> Fraction:
        """A drawn match in ``score``: TD match points, or half the boards' game points."""
        if score == "MP":
            return self._event.match_values.draw
        return self._event.boards * self._event.tournament.scoring.draw

    def win(self, score: str) -> Fraction:
        """The most a team can score in one match: TW, or every board won."""
        return self._event.most_in_match(score)

    def score(self, team: int, score: str) -> Fraction:
        """The team's MP or GP over the rounds counted (raw: what was awarded)."""
        key = (team, score)
        got = self._scores.get(key)
        if got is None:
            got = self._scores[key] = sum((r.points(score) for r in self.by_team[team]), Fraction(0))
        return got

    def channel(self, score: str) -> Context:
        """The event's ``score`` (``"MP"`` or ``"GP"``) as the engine's competitor arrays, teams x
        rounds counted (:class:`~xl_tiebreak.tiebreaks.context.Context`, over which Art. 16.3 and
        16.4, the Buchholz elements and their cuts are written once for players and teams): each
        round's kind as Art. 16 sees it, the opponent team's row, the points; Fore Buchholz's
        context (:meth:`fore`) counts the final round's paired matches as drawn (C.07 Art. 8.3)."""
        got = self._channels.get(score)
        if got is None:
            got = self._channels[score] = Context(self._event.tournament, self._edition, self._n, Options(),
                                                  self.round_robin, fore=self.is_fore, channel=self._compiled(score))
        return got

    def _compiled(self, score: str) -> Channel:
        """The team rounds as competitor arrays in ``score``, in units of the least common
        denominator of every value of that score."""
        row = {t: k for k, t in enumerate(self.teams)}
        kinds, opps, points = [], [], []
        for t in self.teams:
            for r in self.by_team[t]:
                kinds.append(r.code)
                opps.append(-1 if r.opponent is None else row[r.opponent])
                points.append(r.points(score))
        ev = self._event
        lose = ev.match_values.loss if score == "MP" else ev.boards * ev.tournament.scoring.loss
        scoring = Scoring(self.win(score), self.draw(score), lose)
        scale = lcm(scoring.scale, *{v.denominator for v in points})
        shape = (len(self.teams), self._n)
        compiled = Compiled.from_codes(scale, np.array(kinds, dtype=np.int8).reshape(shape),
                                       np.array(opps, dtype=np.int64).reshape(shape),
                                       np.array([v.numerator * (scale // v.denominator) for v in points],
                                                dtype=np.int64).reshape(shape))
        return Channel(scoring, compiled, ev.rounds)

    def drawn_rounds(self, team: int) -> list[int]:
        """The rounds the opponents count as a drawn match (category 16.2.5, Art. 16.3: the
        edition's :meth:`~xl_tiebreak.editions.Edition.drawn_for_opponents`; none in a round robin)."""
        drawn = self.channel(self.primary).adjusted[1][self.teams.index(team)]
        return [r + 1 for r in np.flatnonzero(drawn).tolist()]

    def fore(self) -> "TeamContext":
        """The same event with every paired match of the final round drawn (FB, C.07 Art. 8.3;
        TIEBREAK_RULES §5.7), the engine's Fore Buchholz over the team arrays (:meth:`channel`):
        a team with a scheduled opponent in the final round gets a drawn match's MP and GP there,
        and that round counts as played (not a VUR). A team with the PAB or a bye in the final
        round keeps its points. Before the final round is reached, FB is BH."""
        if self.is_fore:
            return self
        if self._fore is None:
            self._fore = TeamContext(self._event, self._edition, self._n, self._lookup, _rounds_by_team=self.by_team,
                                     fore=True, round_robin=self.round_robin, ede_knockout=self.ede_knockout,
                                     ede_subset=self.ede_subset)
            self._fore.notes = self.notes
        return self._fore


def context_of(ev: TeamEvaluation) -> TeamContext:
    """The :class:`TeamContext` behind an evaluation (the families need its Art. 16 helpers)."""
    if not isinstance(ev, TeamContext):
        raise TypeError("the team families compute over a TeamContext")
    return ev
