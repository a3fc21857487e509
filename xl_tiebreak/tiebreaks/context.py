"""Per-event facts every tie-break needs, computed once as integer arrays (players x rounds) from
the event's compiled arrays (:mod:`xl_tiebreak.arrays`).

All points are integers in units of ``1/scale`` point (``scale`` is the least common denominator
of the scoring system, 2 for 1/½/0), so every sum and comparison is exact. Each tie-break works
on whole columns (every player at once) and returns a :class:`Column`: integer numerators over one
denominator, with a mask of the defined values.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import TYPE_CHECKING, Hashable, Optional, Sequence

import numpy as np

from ..arrays import FORFEIT_CODES, FWIN, GAME, VUR_CODES, Channel, compiled, freeze
from ..editions import Edition, Unplayed
from ..model import Tournament
from ..options import Options
from ..reasons import Reason
from ..svon import svon_array

if TYPE_CHECKING:
    from ..progress import Progress

__all__ = ["Context", "Column"]


@dataclass(frozen=True)
class Column:
    """One tie-break for every competitor (player or team, by row): ``num[k] / den``, undefined
    where ``defined[k]`` is False."""

    num: np.ndarray
    den: int = 1
    defined: Optional[np.ndarray] = None

    @classmethod
    def of(cls, values: Sequence[Optional[Fraction]]) -> "Column":
        """The column of exact values (``None``: undefined), over their least common denominator."""
        den = lcm(*(v.denominator for v in values if v is not None))
        num = np.array([0 if v is None else v.numerator * (den // v.denominator) for v in values])  # object past int64
        defined = None if all(v is not None for v in values) else np.array([v is not None for v in values])
        return cls(num, den, defined)

    def taken(self, rows: Sequence[int]) -> "Column":
        """The same column over the rows ``rows``, in that order."""
        idx = np.asarray(rows, dtype=np.int64)
        return Column(self.num[idx], self.den, None if self.defined is None else self.defined[idx])

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



class Context:
    """The facts of one event under one edition, evaluated over rounds ``1..n``.

    ``rr`` selects the round-robin rules of C.07 Art. 15.2 (no Art. 16 adjustments).
    ``fore`` makes the Fore Buchholz variant (Art. 8.3): every paired game of the event's final
    round counts as a draw (only when that round is among the evaluated ones), a game paired
    whose result is not in yet included (:attr:`drawn_not_in`): FB in the final round does not
    depend on its results.
    ``channel``: the arrays of competitors that are no players, instead of ``t``'s (a team event's
    match or game points: :mod:`.team_context`; ``t`` is then the event's board games).
    ``not_in`` (players x rounds, live standings): the games of the round in progress not in yet.
    Such a round does not exist yet for its player: no points, no element of any tie-break, no
    unplayed round of Art. 16 (no dummy, no draw credited to the opponents); every tie-break reads
    :attr:`not_in` and :attr:`player_rounds`, each player's rounds that exist.
    """

    def __init__(self, t: Tournament, edition: Edition, n: int, options: Options, rr: bool,
                 fore: bool = False, not_in: Optional[np.ndarray] = None, *,
                 channel: Optional[Channel] = None) -> None:
        self.t = t
        self.edition = edition
        self.n = n
        self.options = options
        self.rr = rr
        scheduled = t.rounds if channel is None else channel.rounds
        self.fore = fore and 0 < n == scheduled  # the final round's games count as draws here
        self.progress: Optional["Progress"] = None  # how far the event has got (set by engine.context)
        sc = t.scoring if channel is None else channel.scoring
        full = compiled(t) if channel is None else channel.arrays
        self.scale = full.scale
        s = self.scale
        self.W = int(sc.win * s)
        self.D = int(sc.draw * s)
        self.L = int(sc.loss * s)
        self.size = full.kind.shape[0]
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
