"""An event compiled to competitor arrays (competitors x rounds), built once per event: each
round's kind as C.07 Art. 16 sees it (a game, a forfeit win or loss, a double forfeit, the PAB,
a full-, half- or zero-point bye), the opponent's row, the points in units of ``1/scale`` point,
and what the readers and the round-by-round workflow need besides (colour, entered, pending).

These are the arrays every tie-break reads (:class:`~xl_tiebreak.tiebreaks.context.Context`);
the rule editions (:mod:`xl_tiebreak.editions`) and the event's progress
(:mod:`xl_tiebreak.progress`) read them too, so they sit below all three.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable

import numpy as np

from .model import Kind, Scoring, Tournament, last_played_round

if TYPE_CHECKING:
    from numpy.typing import DTypeLike

__all__ = ["GAME", "FWIN", "FLOSS", "DFF", "PAB", "FPB", "HPB", "ZPB", "VUR_CODES", "FORFEIT_CODES",
           "Compiled", "Channel", "compiled", "freeze"]

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

    @classmethod
    def from_codes(cls, scale: int, kind: np.ndarray, opp: np.ndarray, pts: np.ndarray) -> "Compiled":
        """Arrays of competitors that are no players (a team event's teams, :mod:`xl_tiebreak.tiebreaks.team_context`):
        ``kind`` as the kind codes above (``GAME`` a match played, ``FWIN`` a forfeited match won,
        ...), ``opp`` the opponent's row (-1: none), ``pts`` the points in units of ``1/scale``.
        Every round is entered (no colours, no pending pairing, no short game)."""
        self = cls.__new__(cls)
        self.scale = scale
        self.kind = np.asarray(kind, dtype=np.int8)
        self.opp = np.asarray(opp, dtype=np.int64)
        self.pts = np.asarray(pts, dtype=np.int64)
        none = np.zeros(self.kind.shape, dtype=bool)
        self.black = self.pending = self.blank = self.short = none
        self.halves = np.zeros(self.kind.shape, dtype=np.int8)
        self.entered = np.ones(self.kind.shape, dtype=bool)
        self.pending_opp = np.full(self.kind.shape, -1, dtype=np.int64)
        self._freeze()
        return self

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


@dataclass(frozen=True)
class Channel:
    """One score of an event over its compiled arrays, as the tie-breaks read it: a player's points,
    or one of a team's two scores (C.07 team articles: "points" means match points and game points
    separately, TIEBREAK_RULES §5.17). ``scoring``: a win's, draw's and loss's value in it (of one
    match, for a team); ``rounds``: the event's scheduled rounds (Fore Buchholz's final round)."""

    scoring: Scoring
    arrays: Compiled
    rounds: int


def compiled(t: Tournament) -> Compiled:
    """The arrays of a tournament: those its reader gave, else compiled from its rounds once
    (:meth:`~xl_tiebreak.model.Tournament.engine_arrays`)."""
    return t.engine_arrays(Compiled)
