"""Compute a list of tie-breaks for every player of an event.

>>> from xl_tiebreak import compute, demo_tournament
>>> res = compute(demo_tournament(), "BH,BH/C1,SB", edition="fide2024")
>>> res.value(3, "BH"), res.value(3, "SB")
(Fraction(23, 2), Fraction(10, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from functools import cached_property
from typing import Optional, Sequence, Union

import numpy as np

from .descriptor import TieBreak, parse_list
from .editions import Edition, edition_for_date, get_edition
from .errors import DescriptorError, InputError
from .model import Tournament
from .options import DEFAULT_OPTIONS, Options
from .tiebreaks import buchholz as bh
from .tiebreaks import counts, koya, rating
from .tiebreaks import national as nat
from .tiebreaks.context import Column, Context, compiled
from .tiebreaks.direct import direct_encounter_tiers, ranks_from_tiers

#: The lists used when neither the caller nor the file (record 202) gives one.
DEFAULT_SWISS = "BH/C1,BH,SB,DE,WIN"
DEFAULT_ROUND_ROBIN = "DE,SB,WIN,KS"

Value = Optional[Fraction]
TieBreakList = Union[str, Sequence[str], Sequence[TieBreak], None]


@dataclass(frozen=True)
class Result:
    """Tie-break values of every player, in start-number order.

    ``values[k][j]`` is player row ``k``'s value of ``tiebreaks[j]`` as an exact Fraction, ``None``
    where undefined; ``columns[j]`` holds the same as integer arrays (fast to sort and compare).
    """

    tournament: Tournament
    edition: Edition
    rounds: int
    round_robin: bool
    tiebreaks: tuple[TieBreak, ...]
    codes: tuple[str, ...]  # the descriptors as the caller wrote them
    points_column: Column
    columns: tuple[Column, ...]
    options: Options = field(default=DEFAULT_OPTIONS)

    @cached_property
    def points(self) -> tuple[Fraction, ...]:
        return tuple(self.points_column.values())

    @cached_property
    def values(self) -> tuple[tuple[Value, ...], ...]:
        cols = [c.values() for c in self.columns]
        return tuple(zip(*cols)) if cols else tuple(() for _ in self.tournament.players)

    def row(self, no: int) -> int:
        return self.tournament._index()[no]

    def value(self, no: int, code: str) -> Value:
        """The value of tie-break ``code`` (as given, or canonical) for start number ``no``."""
        return self.columns[self._column(code)].value(self.row(no))

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
    ctx = context(t, edition=edition, rounds=rounds, kind=kind, options=options)
    tbs, codes = resolve_tiebreaks(t, tiebreaks, ctx.rr)
    calc = _Calculator(ctx)
    points = ctx.points_column()
    columns: list[Column] = []
    for tb in tbs:
        if tb.name in ("DE", "KENTLER"):
            columns.append(calc.direct_encounter(tb, points, columns))
        else:
            columns.append(calc.column(tb))
    return Result(t, ctx.edition, ctx.n, ctx.rr, tuple(tbs), tuple(codes), points, tuple(columns), ctx.options)


def kentler_lists(t: Tournament, *, edition: "str | Edition | None" = None, rounds: Optional[int] = None,
                  kind: Optional[str] = None, options: Optional[Options] = None,
                  unrated: Optional[int] = None) -> list[list[int]]:
    """Each player's opponents' TPRs, best first (Kentler, TIEBREAK_RULES §7.11), start order."""
    ctx = context(t, edition=edition, rounds=rounds, kind=kind, options=options)
    return _Calculator(ctx).kentler_lists(TieBreak("KENTLER", unrated=unrated))


def context(t: Tournament, *, edition: "str | Edition | None" = None, rounds: Optional[int] = None,
            kind: Optional[str] = None, options: Optional[Options] = None) -> Context:
    """The evaluated facts of an event: edition, rounds, type and options resolved as
    :func:`compute` resolves them (shared with the explanations)."""
    options = options or DEFAULT_OPTIONS
    ed = get_edition(edition) if edition is not None else edition_for_date(t.start_date)
    kind = kind or t.kind or "swiss"
    if kind not in ("swiss", "round-robin"):
        raise InputError(f"unknown event type {kind!r}; use swiss or round-robin")
    rr = kind == "round-robin"
    arrays = compiled(t)
    n = arrays.last_played_round() if rounds is None else rounds
    if not 0 <= n <= t.rounds:
        raise InputError(f"--rounds {n}: the event has {t.rounds} rounds")
    pending = np.argwhere(arrays.pending[:, :n])
    if len(pending):
        k, r = (int(x) for x in pending[0])
        p = t.players[k]
        raise InputError(f"player {p.no} is paired with {p.rounds[r].opponent} in round {r + 1}, but the "
                         f"result is missing; enter it, or evaluate rounds 1-{r} only (--rounds {r})")
    return Context(t, ed, n, options, rr)


class _Calculator:
    """Computes whole columns, caching what several tie-breaks share (BH of all, TPR of all)."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self._fore: Optional[Context] = None
        self._cache: dict[tuple, Column] = {}

    @property
    def fore(self) -> Context:
        if self._fore is None:
            c = self.ctx
            self._fore = Context(c.t, c.edition, c.n, c.options, c.rr, fore=True)
        return self._fore

    def column(self, tb: TieBreak) -> Column:
        key = (tb.name, tb.cut, tb.median, tb.forfeits_as_games, tb.fore, tb.limit, tb.unrated,
               tb.over_the_board)
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = self._compute(tb)
        return got

    def _compute(self, tb: TieBreak) -> Column:
        ctx = self.ctx
        name = tb.name
        if name in ("BH", "FB"):
            c = self.fore if name == "FB" else ctx
            return bh.buchholz(c, tb.cut, tb.median, tb.forfeits_as_games)
        if name == "SB":
            return bh.sonneborn_berger(ctx, tb.cut, tb.median, tb.forfeits_as_games)
        if name == "AOB":  # the opponents' BH (or FB) with the same cut and /P (as gacrux)
            base = self.column(TieBreak("FB" if tb.fore else "BH", cut=tb.cut, median=tb.median,
                                        forfeits_as_games=tb.forfeits_as_games))
            decimals = ctx.options.aob_decimals
            if decimals == "auto":  # gacrux: enough decimals to tell the averages apart
                decimals = 2 if ctx.n < 9 else 3 if ctx.n < 27 else 4 if ctx.n < 73 else 5
            return bh.average_of_opponents(ctx, base, decimals)
        simple = {"WIN": counts.wins, "WON": counts.games_won, "BPG": counts.black_games,
                  "BWG": counts.black_wins, "REP": counts.rounds_elected, "STD": counts.standard_points,
                  "TPN": counts.pairing_number}
        if name in simple:
            return simple[name](ctx)
        if name == "PS":
            return counts.progressive(ctx, tb.cut)
        national = {"MEDIAN": lambda: nat.median(ctx, tb.median),
                    "MODMED": lambda: nat.modified_median(ctx, tb.median),
                    "SOLKOFF": lambda: nat.solkoff(ctx), "CUM": lambda: nat.cumulative(ctx),
                    "OPPCUM": lambda: nat.opposition_cumulative(ctx), "KASHDAN": lambda: nat.kashdan(ctx),
                    "MOSTWINS": lambda: nat.most_wins(ctx, tb.over_the_board),
                    "SSFBH": lambda: nat.ssf_buchholz(ctx)}
        if name in national:
            return national[name]()
        if name == "KS":
            return koya.koya(ctx, tb.limit)
        rt = rating.Ratings(ctx, tb.unrated)
        if rt.dropped:
            return rating.undefined(ctx)
        if name == "ARO":
            return rating.aro(rt, tb.cut, tb.median)
        if name == "TPR":
            return rating.tpr(rt)
        if name == "PTP":
            return rating.ptp(rt)
        if name == "APRO":
            return rating.average_of(rt, self.column(TieBreak("TPR", unrated=tb.unrated)))
        if name == "APPO":
            return rating.average_of(rt, self.column(TieBreak("PTP", unrated=tb.unrated)))
        if name == "RTNG":
            return rating.rating(rt)
        raise DescriptorError(f"tie-break {tb.code} is not implemented")  # pragma: no cover

    def kentler_lists(self, tb: TieBreak) -> list[list[int]]:
        """Each player's opponents' TPRs, best first. Kentler's method is no FIDE rating
        tie-break: an unrated player's games are left out of the TPRs rather than dropping the
        comparison (TIEBREAK_RULES §7.11: a TPR needs no own rating)."""
        rt = rating.Ratings(self.ctx, tb.unrated, policy="exclude")
        return nat.kentler_lists(self.ctx, rating.tpr(rt))

    def direct_encounter(self, tb: TieBreak, points: Column, before: list[Column]) -> Column:
        """DE (or KENTLER) as a rank inside each group tied on points and every earlier tie-break."""
        keys = [points.num.tolist()]
        for col in before:
            nums = col.num.tolist()
            if col.defined is not None:
                nums = [v if d else None for v, d in zip(nums, col.defined.tolist())]
            keys.append(nums)
        groups: dict[tuple, list[int]] = {}
        for i, key in enumerate(zip(*keys)):
            groups.setdefault(key, []).append(i)
        out = np.ones(self.ctx.size, dtype=np.int64)
        lists = self.kentler_lists(tb) if tb.name == "KENTLER" else None
        for members in groups.values():
            if len(members) > 1:
                if lists is not None:
                    ranks = nat.kentler_ranks(lists, members)
                else:
                    ranks = ranks_from_tiers(direct_encounter_tiers(self.ctx, members, tb.forfeits_as_games))
                for i, rank in ranks.items():
                    out[i] = rank
        return Column(out)
