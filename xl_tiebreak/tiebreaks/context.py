"""Per-event facts every tie-break needs, computed once: scaled points, adjusted scores, dummies.

All points are integers in units of ``1/scale`` point (``scale`` is the least common denominator
of the scoring system, 2 for 1/½/0), so that sums and comparisons are exact. A Context is
immutable once built; derived facts are cached on first use.
"""

from __future__ import annotations

from fractions import Fraction
from functools import cached_property
from math import lcm
from typing import Optional

from ..editions import Edition
from ..model import Kind, Tournament
from ..options import Options

# kind codes used in the hot loops (small ints are faster to compare than enum members)
GAME, FWIN, FLOSS, DFF, PAB, FPB, HPB, ZPB = range(8)
_CODE = {
    Kind.WIN: GAME, Kind.DRAW: GAME, Kind.LOSS: GAME,
    Kind.SHORT_WIN: GAME, Kind.SHORT_DRAW: GAME, Kind.SHORT_LOSS: GAME,
    Kind.FORFEIT_WIN: FWIN, Kind.FORFEIT_LOSS: FLOSS, Kind.DOUBLE_FORFEIT: DFF,
    Kind.PAB: PAB, Kind.FULL_BYE: FPB, Kind.HALF_BYE: HPB,
    Kind.ZERO_BYE: ZPB, Kind.ABSENT: ZPB, Kind.NOT_PLAYED: ZPB,
}
VUR_CODES = frozenset({FLOSS, DFF, HPB, ZPB})
FORFEITS = frozenset({FWIN, FLOSS, DFF})
WITH_OPPONENT = frozenset({GAME, FWIN, FLOSS, DFF})


class Context:
    """The facts of one event under one edition, evaluated over rounds ``1..n``.

    ``rr`` selects the round-robin rules of C.07 Art. 15.2 (no Art. 16 adjustments).
    ``fore`` marks the Fore Buchholz variant (Art. 8.3): every paired game of the final round
    counts as a draw.
    """

    def __init__(self, t: Tournament, edition: Edition, n: int, options: Options, rr: bool,
                 fore: bool = False) -> None:
        self.t = t
        self.edition = edition
        self.n = n
        self.options = options
        self.rr = rr
        self.fore = fore
        sc = t.scoring
        self.scale = lcm(*(Fraction(v).denominator for v in
                           (sc.win, sc.draw, sc.loss, sc.absent, sc.pab_points)))
        s = self.scale
        self.W = int(sc.win * s)
        self.D = int(sc.draw * s)
        self.index = {p.no: i for i, p in enumerate(t.players)}
        self.size = len(t.players)
        kinds: list[list[int]] = []
        opps: list[list[int]] = []
        pts: list[list[int]] = []
        black: list[list[bool]] = []
        raw_kinds: list[list[Kind]] = []
        idx = self.index
        short_played = options.short_games_played
        for p in t.players:
            k_row, o_row, p_row, b_row, r_row = [], [], [], [], []
            for r in p.rounds[:n]:
                k = r.kind
                code = _CODE[k]
                if k.is_short and not short_played:
                    code = {Kind.SHORT_WIN: FWIN, Kind.SHORT_LOSS: FLOSS}.get(k, HPB)
                k_row.append(code)
                o_row.append(idx[r.opponent] if r.opponent is not None else -1)
                p_row.append(int(r.points * s) if k is not Kind.NOT_PLAYED else int(sc.absent * s))
                b_row.append(r.colour == "b")
                r_row.append(k)
            kinds.append(k_row)
            opps.append(o_row)
            pts.append(p_row)
            black.append(b_row)
            raw_kinds.append(r_row)
        if fore and n == t.rounds and n > 0:
            last = n - 1
            for i in range(self.size):
                if kinds[i][last] in WITH_OPPONENT:
                    kinds[i][last] = GAME
                    pts[i][last] = self.D
        self.kinds = kinds
        self.opps = opps
        self.pts = pts
        self.black = black
        self.raw_kinds = raw_kinds
        self.score = [sum(row) for row in pts]

    # ------------------------------------------------------------------ shared derived facts
    @cached_property
    def adj(self) -> list[int]:
        """The score each player's opponents see (C.07 Art. 16.3; 2012: unplayed = draws)."""
        D = self.D
        if self.rr:
            return list(self.score)
        if self.edition.virtual_opponent:
            return [sum(p if k == GAME else D for k, p in zip(kr, pr))
                    for kr, pr in zip(self.kinds, self.pts)]
        out = []
        for kr, pr in zip(self.kinds, self.pts):
            lna = 0  # last round that is not a VUR (16.2.5: requested byes after it count as draws)
            for r in range(len(kr) - 1, -1, -1):
                if kr[r] not in VUR_CODES:
                    lna = r + 1
                    break
            total = 0
            for r, (k, p) in enumerate(zip(kr, pr)):
                total += p if (r < lna or k in WITH_OPPONENT) else D
            out.append(total)
        return out

    @cached_property
    def cap_rounds(self) -> int:
        return self.t.rounds if self.options.cap_rounds == "scheduled" else self.n

    def dummy(self, i: int, r: int) -> int:
        """The dummy opponent's score for player i's own unplayed round r (0-based), Art. 16.4."""
        own = self.score[i]
        if not self.edition.dummy_cap:
            return own
        k = self.kinds[i][r]
        if k in FORFEITS:
            cap = self.adj[self.opps[i][r]]  # 16.4.1: the scheduled opponent's adjusted score
        else:
            cap = self.D * self.cap_rounds  # 16.4.2
        return own if own < cap else cap

    def svon(self, i: int, r: int) -> int:
        """2012 virtual opponent for player i's unplayed round r (0-based), scaled; see
        :func:`xl_tiebreak.tiebreaks.svon.svon` for the formula (C.02 §13, seed 000)."""
        before = sum(self.pts[i][:r])
        return before + (self.W - self.pts[i][r]) + self.D * (self.n - (r + 1))

    def counts_as_game(self, i: int, r: int, forfeits: bool) -> bool:
        k = self.kinds[i][r]
        return k == GAME or (forfeits and k in FORFEITS)

    def to_points(self, v: int) -> Fraction:
        return Fraction(v, self.scale)

    def played(self, i: int, r: int, purpose: str) -> bool:
        """Does player i's round r (0-based) count as a game played, for ``purpose``?

        ``purpose`` is ``"type-b"`` (WON, BPG, BWG, REP), ``"rating"`` (Art. 10) or ``"other"``.
        Over-the-board games always count. In Swiss events forfeits never do. In round robins
        (Art. 15.2) forfeits are regular games; the 2026 text keeps every forfeit unplayed in the
        rating tie-breaks and forfeit losses unplayed in Type-B ones. ``rr_forfeits="reference"``
        counts no forfeit, as gacrux does (RULES_NOTES §4.10).
        """
        k = self.kinds[i][r]
        if k == GAME:
            return True
        if not self.rr or k not in FORFEITS or self.options.rr_forfeits == "reference":
            return False
        if not self.edition.rr_2026:
            return True
        if purpose == "rating":
            return False
        if purpose == "type-b":
            return k == FWIN
        return True
