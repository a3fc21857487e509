"""Per-event facts every tie-break needs, computed once as integer arrays (players x rounds).

All points are integers in units of ``1/scale`` point (``scale`` is the least common denominator
of the scoring system, 2 for 1/½/0), so every sum and comparison is exact. Each tie-break works
on whole columns (every player at once) and returns a :class:`Column`: integer numerators over one
denominator, with a mask of the defined values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Callable, Hashable, Optional

import numpy as np

from ..editions import Edition, Unplayed
from ..model import Kind, Scoring, Tournament, last_played_round
from ..options import Options
from .reasons import Reason
from .svon import svon_array

if TYPE_CHECKING:
    from numpy.typing import DTypeLike

    from ..progress import Progress

# kind codes of the arrays
GAME, FWIN, FLOSS, DFF, PAB, FPB, HPB, ZPB = range(8)
_CODE = {
    Kind.WIN: GAME, Kind.DRAW: GAME, Kind.LOSS: GAME,
    Kind.SHORT_WIN: GAME, Kind.SHORT_DRAW: GAME, Kind.SHORT_LOSS: GAME,
    Kind.FORFEIT_WIN: FWIN, Kind.FORFEIT_LOSS: FLOSS, Kind.DOUBLE_FORFEIT: DFF,
    Kind.PAB: PAB, Kind.FULL_BYE: FPB, Kind.HALF_BYE: HPB,
    Kind.ZERO_BYE: ZPB, Kind.ABSENT: ZPB, Kind.WITHDRAWN: ZPB, Kind.NOT_PLAYED: ZPB,
}
#: result on the 1/½/0 scale, in half points (TPR, PTP)
_HALVES = {Kind.WIN: 2, Kind.SHORT_WIN: 2, Kind.FORFEIT_WIN: 2, Kind.DRAW: 1, Kind.SHORT_DRAW: 1}
VUR_CODES = tuple(sorted({_CODE[k] for k in Kind if k.is_vur}))  # the model defines VURs
FORFEIT_CODES = (FWIN, FLOSS, DFF)


@dataclass(frozen=True)
class Column:
    """One tie-break for every player: ``num[k] / den``, undefined where ``defined[k]`` is False."""

    num: np.ndarray
    den: int = 1
    defined: Optional[np.ndarray] = None

    def value(self, k: int) -> Optional[Fraction]:
        if self.defined is not None and not self.defined[k]:
            return None
        return Fraction(int(self.num[k]), self.den)

    def values(self) -> list[Optional[Fraction]]:
        nums = self.num.tolist()
        den = self.den
        made = {v: Fraction(v, den) for v in set(nums)}  # columns repeat few distinct values
        if self.defined is None:
            return [made[v] for v in nums]
        return [made[v] if d else None for v, d in zip(nums, self.defined.tolist())]


def freeze(*arrays: np.ndarray) -> tuple[np.ndarray, ...]:
    """Make arrays read-only: what every tie-break shares cannot be changed by one of them (the
    counter-lesson of a reference engine whose Fore Buchholz changed later Buchholz values)."""
    for a in arrays:
        a.flags.writeable = False
    return arrays


class Compiled:
    """A tournament as arrays over all its scheduled rounds (built once per tournament)."""

    def __init__(self, t: Tournament) -> None:
        sc = t.scoring
        self.scale = s = sc.scale
        N, R = len(t.players), t.rounds
        index = {p.no: i for i, p in enumerate(t.players)}
        codes = {id(k): c for k, c in _CODE.items()}
        shorts = {id(Kind.SHORT_WIN), id(Kind.SHORT_DRAW), id(Kind.SHORT_LOSS)}
        halves_of = {id(k): _HALVES.get(k, 0) for k in Kind}
        not_played = id(Kind.NOT_PLAYED)
        entered_of = {id(k): k.is_entered for k in Kind}
        absent_pts = int(sc.absent * s)
        point_of: dict[int, int] = {}
        kinds, opps, pts, black, halves, entered, pending, short = [], [], [], [], [], [], [], []
        blank, pending_opps = [], []
        for p in t.players:
            for r in p.rounds:
                k = id(r.kind)
                kinds.append(codes[k])
                short.append(k in shorts)
                halves.append(halves_of[k])
                o = r.opponent
                opps.append(-1 if o is None or k == not_played else index[o])
                black.append(r.colour == "b")
                entered.append(entered_of[k])
                if k == not_played:
                    pending.append(o is not None)
                    pending_opps.append(-1 if o is None else index[o])
                    blank.append(o is None)
                    pts.append(absent_pts)
                    continue
                pending.append(False)
                pending_opps.append(-1)
                blank.append(False)
                v = point_of.get(id(r.points))
                if v is None:
                    v = point_of[id(r.points)] = int(r.points * s)
                pts.append(v)
        shape = (N, R)
        self.kind = np.array(kinds, dtype=np.int8).reshape(shape)
        self.opp = np.array(opps, dtype=np.int64).reshape(shape)
        self.pts = np.array(pts, dtype=np.int64).reshape(shape)
        self.black = np.array(black, dtype=bool).reshape(shape)
        self.halves = np.array(halves, dtype=np.int8).reshape(shape)
        self.entered = np.array(entered, dtype=bool).reshape(shape)  # not absent, not blank
        self.pending = np.array(pending, dtype=bool).reshape(shape)  # paired, result to come
        self.pending_opp = np.array(pending_opps, dtype=np.int64).reshape(shape)  # its opponent's row (-1: none)
        self.blank = np.array(blank, dtype=bool).reshape(shape)  # nothing written: not played yet
        self.short = np.array(short, dtype=bool).reshape(shape)  # games of under one move
        self._freeze()

    @classmethod
    def from_kinds(cls, scoring: Scoring, kind: np.ndarray, opp: np.ndarray, paired: np.ndarray,
                   black: np.ndarray) -> "Compiled":
        """The arrays straight from a reader's (players in start order x rounds): ``kind`` as
        indices into :data:`~xl_tiebreak.model.KINDS`, ``opp`` the opponent's row (-1: none),
        ``paired`` where a round names an opponent, ``black`` where the player had Black. Points
        follow from the kinds under ``scoring``, as :class:`~xl_tiebreak.model.Round` has them."""
        self = cls.__new__(cls)
        s = self.scale = scoring.scale
        kinds = tuple(Kind)

        def table(f: Callable[[Kind], object], dtype: DTypeLike) -> np.ndarray:
            got: np.ndarray = np.array([f(k) for k in kinds], dtype=dtype)[kind]
            return got

        not_played = kinds.index(Kind.NOT_PLAYED)
        self.kind = table(_CODE.__getitem__, np.int8)
        self.opp = np.where(kind == not_played, -1, opp).astype(np.int64)
        self.pts = table(lambda k: int(scoring.points(k) * s), np.int64)
        self.black = np.asarray(black, dtype=bool)
        self.halves = table(lambda k: _HALVES.get(k, 0), np.int8)
        self.entered = table(lambda k: k.is_entered, bool)
        self.pending = (kind == not_played) & paired
        self.pending_opp = np.where(self.pending, opp, -1).astype(np.int64)
        self.blank = (kind == not_played) & ~np.asarray(paired, dtype=bool)
        self.short = table(lambda k: k in (Kind.SHORT_WIN, Kind.SHORT_DRAW, Kind.SHORT_LOSS), bool)
        self._freeze()
        return self

    @classmethod
    def from_pairings(cls, scoring: Scoring, nos: np.ndarray, kind: np.ndarray, opp: np.ndarray,
                      colour: np.ndarray) -> "Compiled":
        """:meth:`from_kinds` of a reader's checked arrays, players in start order: ``nos`` their
        start numbers (increasing), ``opp`` the opponent's start number (0: none), ``colour`` 0
        none, 1 White, 2 Black (as :func:`~xl_tiebreak.pairings.reconcile_arrays` has them)."""
        return cls.from_kinds(scoring, kind, _rows_of(nos, opp), opp != 0, colour == 2)

    def _freeze(self) -> None:
        freeze(self.kind, self.opp, self.pts, self.black, self.halves, self.entered, self.pending, self.pending_opp,
               self.blank, self.short)

    def last_played_round(self) -> int:
        """:func:`~xl_tiebreak.model.last_played_round` of these arrays."""
        return last_played_round(np.isin(self.kind, (GAME,) + FORFEIT_CODES), self.entered)


def _rows_of(nos: np.ndarray, opp: np.ndarray) -> np.ndarray:
    """The row of each opponent's start number in ``nos`` (increasing), -1 for none (0) or one
    not among them: through a table indexed by start number when they are small (TRF's are at
    most 9999), else by binary search."""
    if not opp.size or not len(nos):
        return np.full(opp.shape, -1, np.int64)
    top = max(int(nos[-1]), int(opp.max()))
    if int(nos[0]) >= 0 and int(opp.min()) >= 0 and top < 1 << 20:
        table = np.full(top + 1, -1, np.int64)
        table[nos] = np.arange(len(nos))
        table[0] = -1  # 0: no opponent
        rows: np.ndarray = table[opp]
        return rows
    at = np.searchsorted(nos, opp)
    known = (opp != 0) & (at < len(nos)) & (nos[np.minimum(at, len(nos) - 1)] == opp)
    return np.where(known, at, -1)


def compiled(t: Tournament) -> Compiled:
    """The arrays of a tournament: those its reader gave, else compiled from its rounds once
    (:meth:`~xl_tiebreak.model.Tournament.engine_arrays`)."""
    return t.engine_arrays(Compiled)


class Context:
    """The facts of one event under one edition, evaluated over rounds ``1..n``.

    ``rr`` selects the round-robin rules of C.07 Art. 15.2 (no Art. 16 adjustments).
    ``fore`` makes the Fore Buchholz variant (Art. 8.3): every paired game of the event's final
    round counts as a draw (only when that round is among the evaluated ones), a game paired
    whose result is not in yet included (:attr:`drawn_not_in`): FB in the final round does not
    depend on its results.
    ``not_in`` (players x rounds, live standings): the games of the round in progress not in yet.
    Such a round does not exist yet for its player: no points, no element of any tie-break, no
    unplayed round of Art. 16 (no dummy, no draw credited to the opponents); every tie-break reads
    :attr:`not_in` and :attr:`player_rounds`, each player's rounds that exist.
    """

    def __init__(self, t: Tournament, edition: Edition, n: int, options: Options, rr: bool,
                 fore: bool = False, not_in: Optional[np.ndarray] = None) -> None:
        self.t = t
        self.edition = edition
        self.n = n
        self.options = options
        self.rr = rr
        self.fore = fore and 0 < n == t.rounds  # the final round's games count as draws here
        self.progress: Optional["Progress"] = None  # how far the event has got (set by engine.context)
        sc = t.scoring
        self.scale = sc.scale
        s = self.scale
        self.W = int(sc.win * s)
        self.D = int(sc.draw * s)
        self.L = int(sc.loss * s)
        self.size = len(t.players)
        full = compiled(t)
        kind = full.kind[:, :n].copy()
        opp = full.opp[:, :n]
        pts = full.pts[:, :n].copy()
        black = full.black[:, :n]
        halves = full.halves[:, :n].copy()
        self.short = full.short[:, :n]
        self.entered_kind = full.kind[:, :n]  # as entered, before the Fore Buchholz draws
        self.not_in: np.ndarray = np.zeros(kind.shape, dtype=bool) if not_in is None else not_in
        #: Fore Buchholz, live: the final round's pairings whose results are not in yet, counted as
        #: draws against the opponent paired like every other game of that round (Art. 8.3)
        self.drawn_not_in: np.ndarray = np.zeros(kind.shape, dtype=bool)
        if self.fore:
            waiting = self.not_in[:, n - 1] & (full.pending_opp[:, n - 1] >= 0)
            if waiting.any():
                self.drawn_not_in[waiting, n - 1] = True
                self.not_in = self.not_in & ~self.drawn_not_in
                opp = np.where(self.drawn_not_in, full.pending_opp[:, :n], opp)
            paired = np.isin(kind[:, n - 1], (GAME,) + FORFEIT_CODES) | waiting
            kind[paired, n - 1] = GAME
            pts[paired, n - 1] = self.D
            halves[paired, n - 1] = 1
        pts[self.not_in] = 0  # not an absence (worth A in some scorings): nothing yet
        #: each player's rounds evaluated, less a game not in yet (live standings)
        self.player_rounds: np.ndarray = n - self.not_in.sum(axis=1)
        self.kind = kind
        self.opp = opp
        self.opp0 = np.where(opp < 0, 0, opp)  # safe for indexing; use with a mask
        self.pts = pts
        self.black = black
        self.halves = halves
        self.score: np.ndarray = pts.sum(axis=1)
        self.is_game: np.ndarray = kind == GAME
        self.is_forfeit = np.isin(kind, FORFEIT_CODES)
        self.has_opp: np.ndarray = self.is_game | self.is_forfeit
        self.is_vur = np.isin(kind, VUR_CODES)
        freeze(self.kind, self.opp0, self.pts, self.halves, self.score, self.is_game, self.is_forfeit,
               self.has_opp, self.is_vur, self.not_in, self.drawn_not_in, self.player_rounds)
        #: read-only arrays several tie-breaks share (e.g. the Buchholz elements), by key
        self.memo: dict[Hashable, tuple[np.ndarray, ...]] = {}

    # ------------------------------------------------------------------ shared derived facts
    @cached_property
    def adjusted(self) -> tuple[np.ndarray, np.ndarray, Reason]:
        """The score each player's opponents see, the rounds counted as draws for it, and why:
        the edition's :meth:`~xl_tiebreak.editions.Edition.opponent_score` (C.07 Art. 16.3; 2012:
        every unplayed round a draw). Round robins: the raw score (Art. 15.2)."""
        if self.rr:
            return self.score, freeze(np.zeros(self.kind.shape, dtype=bool))[0], Reason.NONE
        score, drawn, why = self.edition.opponent_score(self)
        freeze(score, drawn)
        return score, drawn, why

    @property
    def adj(self) -> np.ndarray:
        """The score each player's opponents see (:attr:`adjusted`)."""
        return self.adjusted[0]

    @cached_property
    def own_round(self) -> Unplayed:
        """What each own unplayed round counts (players x rounds) and why: the edition's
        :meth:`~xl_tiebreak.editions.Edition.own_unplayed` (2024: a dummy with the player's own
        score, Art. 16.4; 2026: capped, 16.4.1-16.4.2; 2012: the virtual opponent)."""
        got = self.edition.own_unplayed(self)
        freeze(got.value)
        return got

    @property
    def dummy(self) -> np.ndarray:
        """The value of each own unplayed round (:attr:`own_round`), players x rounds."""
        return self.own_round.value

    @cached_property
    def svon(self) -> np.ndarray:
        """The 2012 virtual opponent of every round (C.02 §13, :mod:`.svon`), players x rounds."""
        return freeze(svon_array(self.pts, self.W, self.D, self.L, rounds=self.player_rounds))[0]

    @cached_property
    def ratings(self) -> tuple[np.ndarray, np.ndarray]:
        """Each player's rating (0 where unrated) and whether it has one, read once per context
        for every rating tie-break (Art. 10)."""
        rs = [p.rating for p in self.t.players]
        known = np.array([r is not None for r in rs], dtype=bool)
        return np.array([0 if r is None else r for r in rs], dtype=np.int64), known

    def played(self, purpose: str) -> np.ndarray:
        """Which rounds count as games played, for ``purpose`` (players x rounds).

        ``purpose`` is ``"type-b"`` (WON, BPG, BWG, REP), ``"rating"`` (Art. 10) or ``"other"``.
        Over-the-board games always count. In Swiss events forfeits never do. In round robins
        (Art. 15.2) forfeits are regular games; the 2026 text keeps every forfeit unplayed in the
        rating tie-breaks and forfeit losses unplayed in Type-B ones. ``rr_forfeits="reference"``
        counts no forfeit, as gacrux does (RULES_NOTES §4.10).
        """
        if purpose == "rating" and not self.options.short_games_played:
            rated: np.ndarray = self._played(purpose) & ~self.short  # RULES_NOTES §4.1: unrated games
            return rated
        return self._played(purpose)

    def _played(self, purpose: str) -> np.ndarray:
        if not self.rr or self.options.rr_forfeits == "reference":
            return self.is_game
        return self.edition.round_robin_games(self, purpose)

    @cached_property
    def forfeit_win(self) -> np.ndarray:
        won: np.ndarray = self.kind == FWIN
        return won

    def to_points(self, v: int) -> Fraction:
        return Fraction(int(v), self.scale)

    def points_column(self) -> Column:
        return Column(self.score, self.scale)
