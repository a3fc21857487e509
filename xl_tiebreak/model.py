"""The immutable tournament model: players, rounds with a kind, exact points, the scoring system.

Every round of every player has a :class:`Kind`; points alone never tell the kind
(TIEBREAK_RULES §1). Points are :class:`fractions.Fraction`, never binary floats.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from enum import Enum
from fractions import Fraction
from typing import Iterable, Optional


class Kind(Enum):
    """What happened to one player in one round (TIEBREAK_RULES §1)."""

    WIN = "win"  # over the board
    DRAW = "draw"
    LOSS = "loss"
    SHORT_WIN = "short win"  # TRF W/D/L: game of less than one move, unrated
    SHORT_DRAW = "short draw"
    SHORT_LOSS = "short loss"
    FORFEIT_WIN = "forfeit win"
    FORFEIT_LOSS = "forfeit loss"
    DOUBLE_FORFEIT = "double forfeit"
    PAB = "pairing-allocated bye"
    FULL_BYE = "full-point bye"
    HALF_BYE = "half-point bye"
    ZERO_BYE = "zero-point bye"
    ABSENT = "absent"  # not paired: a known absence, a round after a withdrawal or before a late entry
    WITHDRAWN = "withdrawal"  # the round the player withdrew in (and, in a crosstable, rounds after)
    NOT_PLAYED = "not played yet"  # not reached yet, or paired with the result still to come

    # members are compared by identity: hash them so too, in C (Enum's own hash is a Python
    # call, paid on every dictionary and set look-up of a kind: tens of thousands per event)
    __hash__ = object.__hash__

    @property
    def is_game(self) -> bool:
        """Played over the board (short games included, RULES_NOTES §4.1)."""
        return self in _GAMES

    @property
    def is_forfeit(self) -> bool:
        return self in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT)

    @property
    def has_opponent(self) -> bool:
        """A scheduled opponent exists: games and forfeits."""
        return self in _WITH_OPPONENT

    @property
    def is_entered(self) -> bool:
        """Something was entered for the round: neither an absence (nor a withdrawal) nor a blank."""
        return self not in _NOT_ENTERED

    @property
    def is_vur(self) -> bool:
        """Voluntary unplayed round: a requested bye or a forfeit loss (C.07 Art. 16.1-16.2)."""
        return self in _VURS


_GAMES = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.SHORT_WIN, Kind.SHORT_DRAW, Kind.SHORT_LOSS})
_WITH_OPPONENT = _GAMES | {Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT}
_NOT_ENTERED = frozenset({Kind.ABSENT, Kind.WITHDRAWN, Kind.NOT_PLAYED})
_VURS = frozenset({Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT,
                   Kind.WITHDRAWN, Kind.NOT_PLAYED})  # a round inside the evaluated ones with nothing entered = absent

#: Every kind, in a fixed order: array readers store a round's kind as its index here.
KINDS: tuple[Kind, ...] = tuple(Kind)
KIND_INDEX: dict[Kind, int] = {k: i for i, k in enumerate(KINDS)}

#: The kind a player's opponent has in the same game (mirror).
MIRROR = {
    Kind.WIN: Kind.LOSS,
    Kind.LOSS: Kind.WIN,
    Kind.DRAW: Kind.DRAW,
    Kind.SHORT_WIN: Kind.SHORT_LOSS,
    Kind.SHORT_LOSS: Kind.SHORT_WIN,
    Kind.SHORT_DRAW: Kind.SHORT_DRAW,
    Kind.FORFEIT_WIN: Kind.FORFEIT_LOSS,
    Kind.FORFEIT_LOSS: Kind.FORFEIT_WIN,
    Kind.DOUBLE_FORFEIT: Kind.DOUBLE_FORFEIT,
}


@dataclass(frozen=True)
class Scoring:
    """Points for each kind of result (TRF-26 record 162; default 1 / ½ / 0).

    ``win`` covers wins, forfeit wins and full-point byes; ``draw`` draws and half-point byes;
    ``loss`` losses over the board; ``absent`` zero-point byes, absences and forfeit losses;
    ``pab`` the pairing-allocated bye (default: equal to ``win``).
    """

    win: Fraction = Fraction(1)
    draw: Fraction = Fraction(1, 2)
    loss: Fraction = Fraction(0)
    absent: Fraction = Fraction(0)
    pab: Optional[Fraction] = None

    @property
    def pab_points(self) -> Fraction:
        return self.win if self.pab is None else self.pab

    def points(self, kind: Kind) -> Fraction:
        """The points a round of this kind is worth."""
        if kind in (Kind.WIN, Kind.SHORT_WIN, Kind.FORFEIT_WIN, Kind.FULL_BYE):
            return self.win
        if kind in (Kind.DRAW, Kind.SHORT_DRAW, Kind.HALF_BYE):
            return self.draw
        if kind in (Kind.LOSS, Kind.SHORT_LOSS):
            return self.loss
        if kind is Kind.PAB:
            return self.pab_points
        return self.absent  # forfeit loss, double forfeit, zero bye, absent, not played

    @property
    def is_standard(self) -> bool:
        return (self.win, self.draw, self.loss, self.absent, self.pab_points) == (1, Fraction(1, 2), 0, 0, 1)


STANDARD_SCORING = Scoring()


@dataclass(frozen=True)
class Round:
    """One player's round: its kind, the scheduled opponent (start number) and colour, the points."""

    kind: Kind
    opponent: Optional[int] = None
    colour: Optional[str] = None  # "w", "b" or None
    points: Fraction = Fraction(0)

    def __post_init__(self) -> None:
        if self.kind.has_opponent and self.opponent is None:
            raise ValueError(f"a {self.kind.value} needs an opponent")
        if not self.kind.has_opponent and self.opponent is not None and self.kind is not Kind.NOT_PLAYED:
            raise ValueError(f"a {self.kind.value} has no opponent")  # (a pending pairing may have one)
        if self.colour not in (None, "w", "b"):
            raise ValueError(f"colour must be 'w', 'b' or None, not {self.colour!r}")


def make_round(kind: Kind, opponent: Optional[int] = None, colour: Optional[str] = None,
               scoring: Scoring = STANDARD_SCORING) -> Round:
    """A round whose points follow from its kind under ``scoring``."""
    return Round(kind, opponent, colour, scoring.points(kind))


class LazyRounds:
    """Stand-in for a player's rounds until first read: a source that can build them and the
    player's row in it (a reader's arrays; see :mod:`xl_tiebreak.trf`). ``source.rounds_of(row)``
    returns the tuple; ``source.rounds_count`` is its length."""

    __slots__ = ("source", "row")

    def __init__(self, source, row: int) -> None:
        self.source = source
        self.row = row

    def __len__(self) -> int:
        return self.source.rounds_count

    def build(self) -> "tuple[Round, ...]":
        return self.source.rounds_of(self.row)

    def __reduce__(self):  # pickles (and deep-copies) as the plain tuple
        return (tuple, (self.build(),))


class _RoundsField:
    """``Player.rounds``: a plain tuple, or built from a :class:`LazyRounds` on first read (so a
    reader need not make a Round object for every cell of a large event up front)."""

    def __set_name__(self, owner, name: str) -> None:
        self.name = name

    def __get__(self, obj, owner=None):
        if obj is None:
            return ()  # the field's default
        got = obj.__dict__["rounds"]
        if type(got) is LazyRounds:
            got = obj.__dict__["rounds"] = got.build()
        return got

    def __set__(self, obj, value) -> None:  # reached only through the dataclass __init__ (frozen)
        obj.__dict__["rounds"] = value


def rounds_count(p: "Player") -> int:
    """``len(p.rounds)`` without building lazy rounds."""
    return len(p.__dict__["rounds"])


@dataclass(frozen=True)
class Player:
    """A participant: start number, identity, rating (``None`` = unrated) and one Round per round."""

    no: int
    name: str
    rating: Optional[int] = None
    rounds: tuple[Round, ...] = _RoundsField()  # type: ignore[assignment]
    title: str = ""
    fed: str = ""
    sex: str = ""
    fide_id: str = ""
    birth: str = ""
    declared_points: Optional[Fraction] = None  # the TRF points field, when read from a file
    declared_rank: Optional[int] = None

    def score(self, upto: Optional[int] = None) -> Fraction:
        """Raw score over rounds 1..upto (all rounds by default)."""
        rs = self.rounds if upto is None else self.rounds[:upto]
        return sum((r.points for r in rs), Fraction(0))


@dataclass(frozen=True)
class Tournament:
    """A whole event. ``players`` are ordered by start number; ``rounds`` is the scheduled count."""

    players: tuple[Player, ...]
    rounds: int
    name: str = ""
    scoring: Scoring = STANDARD_SCORING
    kind: Optional[str] = None  # "swiss", "round-robin" or None (unknown: treated as Swiss)
    start_date: Optional[str] = None  # ISO "YYYY-MM-DD" when known
    tiebreaks: tuple[str, ...] = ()  # from TRF record 202 (or 212 without its PTS)
    header: tuple[str, ...] = field(default=(), compare=False)  # other TRF records, kept verbatim

    def __post_init__(self) -> None:
        nos = [p.no for p in self.players]
        if nos != sorted(nos) or len(set(nos)) != len(nos):
            raise ValueError("players must be ordered by distinct start numbers")
        for p in self.players:
            if rounds_count(p) != self.rounds:
                raise ValueError(f"player {p.no} has {rounds_count(p)} rounds, the event {self.rounds}")

    def player(self, no: int) -> Player:
        """The player with start number ``no`` (KeyError if none)."""
        idx = self._index().get(no)
        if idx is None:
            raise KeyError(no)
        return self.players[idx]

    def _index(self) -> dict[int, int]:
        cache = self.__dict__.get("_idx")
        if cache is None:
            cache = {p.no: i for i, p in enumerate(self.players)}
            object.__setattr__(self, "_idx", cache)
        return cache

    @property
    def played_rounds(self) -> int:
        """The default number of rounds to evaluate: the last round with a game or a forfeit,
        failing that the last with any bye entered (pre-announced byes alone do not start a round)."""
        arrays = self.__dict__.get("_compiled")  # the engine's arrays, when made already
        if arrays is not None:
            return arrays.last_played_round()
        return last_played_round([[r.kind for r in p.rounds] for p in self.players])

    def with_players(self, players: Iterable[Player]) -> "Tournament":
        return replace(self, players=tuple(players))


def last_played_round(kinds_per_player: Iterable[Iterable[Kind]]) -> int:
    """The last round (1-based) with a game or forfeit; failing that, with any bye entered."""
    last_game = last_any = 0
    games, blank = _WITH_OPPONENT, _NOT_ENTERED
    for kinds in kinds_per_player:
        for r, k in enumerate(kinds, start=1):
            if k in games:
                if r > last_game:
                    last_game = r
            elif k not in blank and r > last_any:
                last_any = r
    return last_game or last_any
