"""Compute a list of tie-breaks for every player of an event.

>>> from xl_tiebreak import compute, demo_tournament
>>> res = compute(demo_tournament(), "BH,BH/C1,SB", edition="fide2024")
>>> res.value(3, "BH"), res.value(3, "SB")
(Fraction(23, 2), Fraction(10, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Callable, Optional, Sequence, Union

from .descriptor import TieBreak, parse_list
from .editions import Edition, edition_for_date, get_edition
from .errors import DescriptorError, InputError
from .model import Tournament
from .options import DEFAULT_OPTIONS, Options
from .tiebreaks import buchholz as bh
from .tiebreaks import counts, koya, rating
from .tiebreaks.context import Context
from .tiebreaks.direct import direct_encounter_tiers, ranks_from_tiers

#: The lists used when neither the caller nor the file (record 202) gives one.
DEFAULT_SWISS = "BH/C1,BH,SB,DE,WIN"
DEFAULT_ROUND_ROBIN = "DE,SB,WIN,KS"

Value = Optional[Fraction]
TieBreakList = Union[str, Sequence[str], Sequence[TieBreak], None]


@dataclass(frozen=True)
class Result:
    """Tie-break values of every player, in start-number order.

    ``values[k][j]`` is player ``k``'s value of ``tiebreaks[j]``; ``None`` where undefined.
    """

    tournament: Tournament
    edition: Edition
    rounds: int
    round_robin: bool
    tiebreaks: tuple[TieBreak, ...]
    codes: tuple[str, ...]  # the descriptors as the caller wrote them
    points: tuple[Fraction, ...]
    values: tuple[tuple[Value, ...], ...]
    options: Options = field(default=DEFAULT_OPTIONS)

    def row(self, no: int) -> int:
        return self.tournament._index()[no]

    def value(self, no: int, code: str) -> Value:
        """The value of tie-break ``code`` (as given, or canonical) for start number ``no``."""
        j = self._column(code)
        return self.values[self.row(no)][j]

    def _column(self, code: str) -> int:
        if code in self.codes:
            return self.codes.index(code)
        canon = parse_list(code)[0].code
        for j, tb in enumerate(self.tiebreaks):
            if tb.code == canon:
                return j
        raise KeyError(code)


def resolve_tiebreaks(t: Tournament, tiebreaks: TieBreakList, round_robin: bool
                      ) -> tuple[list[TieBreak], list[str]]:
    """The tie-break list: the caller's, else the file's record 202, else a FIDE default."""
    if tiebreaks is None or (isinstance(tiebreaks, str) and not tiebreaks.strip()):
        if t.tiebreaks:
            try:
                tbs = parse_list(list(t.tiebreaks))
            except DescriptorError as exc:
                raise DescriptorError(f"record 202 of the file: {exc}") from None
            return tbs, list(t.tiebreaks)
        tiebreaks = DEFAULT_ROUND_ROBIN if round_robin else DEFAULT_SWISS
    if isinstance(tiebreaks, str):
        codes = [c.strip() for c in tiebreaks.split(",") if c.strip()]
    else:
        codes = [c.code if isinstance(c, TieBreak) else str(c).strip() for c in tiebreaks]
    return parse_list(codes), codes


def compute(t: Tournament, tiebreaks: TieBreakList = None, *, edition: "str | Edition | None" = None,
            rounds: Optional[int] = None, kind: Optional[str] = None,
            options: Optional[Options] = None) -> Result:
    """Compute ``tiebreaks`` (a comma-separated string or a list of descriptors) for every player.

    ``edition``: ``fide2026``, ``fide2024`` or ``fide2012``; default: the edition in force at the
    event's start date. ``rounds``: evaluate rounds 1..N only (standings part-way through);
    default: every round with a result. ``kind``: ``swiss`` or ``round-robin``; default: the
    file's, else Swiss.
    """
    options = options or DEFAULT_OPTIONS
    ed = get_edition(edition) if edition is not None else edition_for_date(t.start_date)
    kind = kind or t.kind or "swiss"
    if kind not in ("swiss", "round-robin"):
        raise InputError(f"unknown event type {kind!r}; use swiss or round-robin")
    rr = kind == "round-robin"
    n = t.played_rounds if rounds is None else rounds
    if not 0 <= n <= t.rounds:
        raise InputError(f"--rounds {n}: the event has {t.rounds} rounds")
    tbs, codes = resolve_tiebreaks(t, tiebreaks, rr)
    ctx = Context(t, ed, n, options, rr)
    calc = _Calculator(ctx)
    points = tuple(ctx.to_points(s) for s in ctx.score)
    columns: list[list[Value]] = []
    for j, tb in enumerate(tbs):
        if tb.name == "DE":
            columns.append(calc.direct_encounter(tb, points, columns))
        else:
            columns.append(calc.column(tb))
    values = tuple(tuple(col[i] for col in columns) for i in range(ctx.size))
    return Result(t, ed, n, rr, tuple(tbs), tuple(codes), points, values, options)


class _Calculator:
    """Computes whole columns, caching what several tie-breaks share (BH of all, TPR of all)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._fore: Optional[Context] = None
        self._cache: dict[tuple, list[Value]] = {}

    @property
    def fore(self) -> Context:
        if self._fore is None:
            c = self.ctx
            self._fore = Context(c.t, c.edition, c.n, c.options, c.rr, fore=True)
        return self._fore

    def _all(self, key: tuple, fn: Callable[[int], Value]) -> list[Value]:
        got = self._cache.get(key)
        if got is None:
            got = [fn(i) for i in range(self.ctx.size)]
            self._cache[key] = got
        return got

    def column(self, tb: TieBreak) -> list[Value]:
        ctx = self.ctx
        name = tb.name
        if name in ("BH", "FB"):
            c = self.fore if name == "FB" else ctx
            return self._all((name, tb.cut, tb.median, tb.forfeits_as_games),
                             lambda i: bh.buchholz(c, i, tb.cut, tb.median, tb.forfeits_as_games))
        if name == "SB":
            return self._all(("SB", tb.cut, tb.median, tb.forfeits_as_games),
                             lambda i: bh.sonneborn_berger(ctx, i, tb.cut, tb.median, tb.forfeits_as_games))
        if name == "AOB":
            base = self.column(TieBreak("FB" if tb.fore else "BH"))
            return [bh.average_of_opponents(ctx, i, base, tb.forfeits_as_games) for i in range(ctx.size)]
        simple = {"WIN": counts.wins, "WON": counts.games_won, "BPG": counts.black_games,
                  "BWG": counts.black_wins, "REP": counts.rounds_elected, "STD": counts.standard_points,
                  "TPN": counts.pairing_number}
        if name in simple:
            return [simple[name](ctx, i) for i in range(ctx.size)]
        if name == "PS":
            return [counts.progressive(ctx, i, tb.cut) for i in range(ctx.size)]
        if name == "KS":
            return [koya.koya(ctx, i, tb.limit) for i in range(ctx.size)]
        rt = rating.ratings(ctx, tb.unrated)
        if rt is None:
            return [None] * ctx.size
        if name == "ARO":
            return [rating.aro(ctx, i, rt, tb.cut, tb.median) for i in range(ctx.size)]
        if name in ("TPR", "APRO"):
            tprs = self._all(("TPR", tb.unrated), lambda i: rating.tpr(ctx, i, rt))
            return tprs if name == "TPR" else [rating.average_of(ctx, i, tprs) for i in range(ctx.size)]
        if name in ("PTP", "APPO"):
            ptps = self._all(("PTP", tb.unrated), lambda i: rating.ptp(ctx, i, rt))
            return ptps if name == "PTP" else [rating.average_of(ctx, i, ptps) for i in range(ctx.size)]
        if name == "RTNG":
            return [rating.rating(ctx, i, rt) for i in range(ctx.size)]
        raise DescriptorError(f"tie-break {tb.code} is not implemented")  # pragma: no cover

    def direct_encounter(self, tb: TieBreak, points: Sequence[Fraction],
                         before: list[list[Value]]) -> list[Value]:
        """DE as a rank inside each group tied on points and on every earlier tie-break."""
        groups: dict[tuple, list[int]] = {}
        for i in range(self.ctx.size):
            key = (points[i],) + tuple(col[i] for col in before)
            groups.setdefault(key, []).append(i)
        out: list[Value] = [None] * self.ctx.size
        for members in groups.values():
            tiers = direct_encounter_tiers(self.ctx, members, tb.forfeits_as_games)
            for i, rank in ranks_from_tiers(tiers).items():
                out[i] = Fraction(rank)
        return out
