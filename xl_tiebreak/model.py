"""The immutable tournament model: players, rounds with a kind, exact points, the scoring system.

Every round of every player has a :class:`Kind`; points alone never tell the kind
(TIEBREAK_RULES §1). Points are :class:`fractions.Fraction`, never binary floats.
"""

from __future__ import annotations

from dataclasses import InitVar, dataclass, field, replace
from enum import Enum
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, Callable, Iterable, Mapping, Optional, Protocol, TypeVar, cast, overload

if TYPE_CHECKING:
    import numpy as np


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
        return (self.win, self.draw, self.loss, self.absent, self.pab_points) == _STANDARD_POINTS

    @property
    def scale(self) -> int:
        """The least common denominator of the points (2 for 1/½/0): every score is an integer
        number of ``1/scale`` points, so array sums stay exact."""
        return lcm(*(Fraction(v).denominator for v in (self.win, self.draw, self.loss, self.absent,
                                                        self.pab_points)))


STANDARD_SCORING = Scoring()
_STANDARD_POINTS = (Fraction(1), Fraction(1, 2), Fraction(0), Fraction(0), Fraction(1))


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


class RoundsSource(Protocol):
    """A reader's rounds of every player, built one player at a time (see :class:`LazyRounds`)."""

    rounds_count: int

    def rounds_of(self, row: int) -> "tuple[Round, ...]": ...


class LazyRounds:
    """Stand-in for a player's rounds until first read: a source that can build them and the
    player's row in it (a reader's arrays; see :mod:`xl_tiebreak.trf`). ``source.rounds_of(row)``
    returns the tuple; ``source.rounds_count`` is its length."""

    __slots__ = ("source", "row")

    def __init__(self, source: RoundsSource, row: int) -> None:
        self.source = source
        self.row = row

    def __len__(self) -> int:
        return self.source.rounds_count

    def build(self) -> "tuple[Round, ...]":
        return self.source.rounds_of(self.row)

    def __reduce__(self) -> "tuple[type[tuple[Round, ...]], tuple[tuple[Round, ...]]]":  # pickles (and deep-copies) as the plain tuple
        return (tuple, (self.build(),))


class _RoundsField:
    """``Player.rounds``: a plain tuple, or built from a :class:`LazyRounds` on first read (so a
    reader need not make a Round object for every cell of a large event up front)."""

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    def __get__(self, obj: Optional["Player"], owner: Optional[type] = None) -> "tuple[Round, ...]":
        if obj is None:
            return ()  # the field's default
        got = obj.__dict__["rounds"]
        if type(got) is LazyRounds:
            got = obj.__dict__["rounds"] = got.build()
        return got  # type: ignore[no-any-return]

    def __set__(self, obj: "Player", value: "tuple[Round, ...] | LazyRounds") -> None:  # reached only through the dataclass __init__ (frozen)
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
    club: str = ""  # the club (or city) the player plays for: a workbook or import column; TRF has none
    k_factor: Optional[int] = None  # the FIDE K factor (B.02 8.3.3) of a workbook's K column; TRF has none

    def score(self, upto: Optional[int] = None) -> Fraction:
        """Raw score over rounds 1..upto (all rounds by default)."""
        rs = self.rounds if upto is None else self.rounds[:upto]
        return sum((r.points for r in rs), Fraction(0))


class EventArrays(Protocol):
    """What a tournament keeps of the engine's arrays (:class:`~xl_tiebreak.arrays.Compiled`)."""

    def last_played_round(self) -> int: ...


A = TypeVar("A", bound=EventArrays)


@dataclass(frozen=True)
class Tournament:
    """A whole event. ``players`` are ordered by start number; ``rounds`` is the scheduled count.

    ``arrays``: the engine's arrays of exactly these players and rounds, when a reader made them
    from its own (:meth:`Compiled.from_pairings <xl_tiebreak.arrays.Compiled.from_pairings>`),
    so the engine need not compile the Round objects again; see :meth:`engine_arrays`. They are
    not part of the value: a tournament derived with ``dataclasses.replace`` starts without them.
    """

    players: tuple[Player, ...]
    rounds: int
    name: str = ""
    scoring: Scoring = STANDARD_SCORING
    kind: Optional[str] = None  # "swiss", "round-robin" or None (unknown: treated as Swiss)
    start_date: Optional[str] = None  # ISO "YYYY-MM-DD" when known
    tiebreaks: tuple[str, ...] = ()  # from TRF record 202 (or 212 without its PTS)
    header: tuple[str, ...] = field(default=(), compare=False)  # other TRF records, kept verbatim
    arrays: InitVar[Optional[EventArrays]] = None

    def __post_init__(self, arrays: Optional[EventArrays]) -> None:
        if arrays is not None:
            object.__setattr__(self, "_arrays", arrays)
        nos = [p.no for p in self.players]
        if nos != sorted(nos) or len(set(nos)) != len(nos):
            raise ValueError("players must be ordered by distinct start numbers")
        for p in self.players:
            if rounds_count(p) != self.rounds:
                raise ValueError(f"player {p.no} has {rounds_count(p)} rounds, the event {self.rounds}")

    def player(self, no: int) -> Player:
        """The player with start number ``no`` (KeyError if none)."""
        idx = self.positions.get(no)
        if idx is None:
            raise KeyError(no)
        return self.players[idx]

    @property
    def positions(self) -> Mapping[int, int]:
        """Each start number's position in :attr:`players` (its row in every column of values),
        not to be changed; made once and kept (the tournament is immutable)."""
        cache = self.__dict__.get("_positions")
        if cache is None:
            cache = {p.no: i for i, p in enumerate(self.players)}
            object.__setattr__(self, "_positions", cache)
        return cast("Mapping[int, int]", cache)

    @overload
    def engine_arrays(self, make: Callable[["Tournament"], A]) -> A: ...

    @overload
    def engine_arrays(self) -> Optional[EventArrays]: ...

    def engine_arrays(self, make: Optional[Callable[["Tournament"], A]] = None) -> Any:
        """The engine's arrays of this event: those given as ``arrays``, else ``make(self)``,
        made once and kept (the tournament is immutable); ``None`` when there are none yet and
        no ``make``."""
        got = self.__dict__.get("_arrays")
        if got is None and make is not None:
            got = make(self)
            object.__setattr__(self, "_arrays", got)
        return got

    @property
    def played_rounds(self) -> int:
        """The default number of rounds to evaluate (:func:`last_played_round`)."""
        arrays = self.__dict__.get("_arrays")  # the engine's arrays, when made already
        if arrays is not None:
            return int(arrays.last_played_round())
        import numpy as np  # (here: the model alone loads no numpy)
        shape = (len(self.players), self.rounds)
        kinds = [r.kind for p in self.players for r in p.rounds]
        return last_played_round(np.array([k.has_opponent for k in kinds], dtype=bool).reshape(shape),
                                 np.array([k.is_entered for k in kinds], dtype=bool).reshape(shape))

    def with_players(self, players: Iterable[Player]) -> "Tournament":
        return replace(self, players=tuple(players))


def last_played_round(paired: "np.ndarray", entered: "np.ndarray") -> int:
    """The default number of rounds to evaluate: the last round (1-based) in which a game or a
    forfeit was paired (``paired``, boolean, players x rounds); failing that, the last with
    anything entered, a bye (``entered``); else 0. Pre-announced byes alone do not start a round."""
    for which in (paired, entered):
        rounds = cast("np.ndarray", which.any(axis=0)).nonzero()[0]
        if len(rounds):
            return int(rounds[-1]) + 1
    return 0
