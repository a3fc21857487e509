"""Compute a list of tie-breaks for every player of an event.

>>> from xl_tiebreak import compute, demo_tournament
>>> res = compute(demo_tournament(), "BH,BH/C1,SB", edition="fide2024")
>>> res.value(3, "BH"), res.value(3, "SB")
(Fraction(23, 2), Fraction(10, 1))
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from functools import cached_property
from typing import TYPE_CHECKING, Optional, Sequence, Union, cast, overload

import numpy as np

from .default_lists import DEFAULT_LISTS
from .descriptor import TieBreak, parse_list
from .editions import Edition, edition_for_date, get_edition
from .errors import DescriptorError, InputError
from .formatting import decimals_for
from .model import Tournament
from .options import DEFAULT_OPTIONS, Options
from .progress import Progress, progress, waiting_cells
from .standings import evaluate
from .teams import TeamEvent
from .tiebreaks.breakdown import column_of
from .arrays import compiled, freeze
from .tiebreaks.context import Column, Context

if TYPE_CHECKING:
    from .descriptor import TeamCodes
    from .team_engine import TeamResult

#: The lists used when neither the caller nor the file (record 202) gives one (:mod:`.default_lists`).
DEFAULT_SWISS = ",".join(DEFAULT_LISTS["swiss"])
DEFAULT_ROUND_ROBIN = ",".join(DEFAULT_LISTS["round-robin"])


def default_list(round_robin: bool) -> str:
    """The tie-break list of an event that names none (every face asks here)."""
    return DEFAULT_ROUND_ROBIN if round_robin else DEFAULT_SWISS

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
    context: Optional[Context] = field(default=None, compare=False, repr=False)  # the evaluation
    calculator: Optional["Calculator"] = field(default=None, compare=False, repr=False)
    progress: Optional[Progress] = field(default=None, compare=False)  # how far the event has got

    @property
    def label(self) -> str:
        """``after round k of N`` (with the round in progress, or live), as every output says it."""
        if self.progress is not None:
            return self.progress.label
        return f"after round {self.rounds} of {self.tournament.rounds}"

    @cached_property
    def points(self) -> tuple[Fraction, ...]:
        return cast("tuple[Fraction, ...]", tuple(self.points_column.values()))  # every player has points

    @cached_property
    def values(self) -> tuple[tuple[Value, ...], ...]:
        cols = [c.values() for c in self.columns]
        return tuple(zip(*cols)) if cols else tuple(() for _ in self.tournament.players)

    @property
    def decimals(self) -> list[int]:
        """Each listed tie-break's shown decimals: its row's, else the scoring's (TIEBREAK_RULES §3.5)."""
        return [decimals_for(tb, self.points_column.den) for tb in self.tiebreaks]

    def row(self, no: int) -> int:
        return self.tournament.positions[no]

    def value(self, no: int, code: str) -> Value:
        """The value of tie-break ``code`` (as given, or canonical) for start number ``no``."""
        return self.columns[self._column(code)].value(self.row(no))

    def column_of(self, tb: TieBreak) -> Column:
        """The column of ``tb``: the listed one, else computed in the same evaluation (the
        columns a listed tie-break read, such as AOB's BH, are already there)."""
        if tb.code in (t.code for t in self.tiebreaks):
            return self.columns[self._column(tb.code)]
        if self.calculator is None or tb.spec.ranks:
            raise KeyError(tb.code)
        return self.calculator.column(tb)

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
    """The tie-break list: the caller's, else the file's record 202, else a FIDE default; an empty
    tuple: none (the points only)."""
    if isinstance(tiebreaks, tuple) and not tiebreaks:
        return [], []
    if tiebreaks is None or (isinstance(tiebreaks, str) and not tiebreaks.strip()):
        if t.tiebreaks:
            try:
                tbs = parse_list(list(t.tiebreaks))
            except DescriptorError as exc:
                raise DescriptorError(f"record 202 of the file: {exc}") from None
            return tbs, list(t.tiebreaks)
        tiebreaks = default_list(round_robin)
    if isinstance(tiebreaks, str):
        parse_list(tiebreaks)  # an empty entry ("BH,,SB") is refused there
        codes = [c.strip() for c in tiebreaks.split(",") if c.strip()]
    else:
        codes = [c.code if isinstance(c, TieBreak) else str(c).strip() for c in tiebreaks]
    return parse_list(codes), codes


@overload
def compute(t: "Tournament | Context", tiebreaks: TieBreakList = None, *,
            edition: "str | Edition | None" = None, rounds: Optional[int] = None, kind: Optional[str] = None,
            options: Optional[Options] = None, live: bool = False) -> Result: ...


@overload
def compute(t: TeamEvent, tiebreaks: "TeamCodes" = None, *,
            edition: "str | Edition | None" = None, rounds: Optional[int] = None, kind: Optional[str] = None,
            options: Optional[Options] = None, live: bool = False) -> "TeamResult": ...


def compute(t: "Tournament | Context | TeamEvent", tiebreaks: "TieBreakList | TeamCodes" = None, *,
            edition: "str | Edition | None" = None, rounds: Optional[int] = None, kind: Optional[str] = None,
            options: Optional[Options] = None, live: bool = False) -> "Result | TeamResult":
    """Compute ``tiebreaks`` (a comma-separated string or a list of descriptors) for every player
    (a :class:`~xl_tiebreak.teams.TeamEvent`: for every team, see :func:`_team_result`).

    ``edition``: ``fide2026``, ``fide2024`` or ``fide2012``; default: the edition in force at the
    event's start date. ``rounds``: evaluate rounds 1..N only (standings part-way through);
    default: the complete rounds (:mod:`xl_tiebreak.progress`), and with ``live`` the finished
    games of the round in progress too. ``kind``: ``swiss`` or ``round-robin``; default: the
    file's, else Swiss. ``t`` may instead be an evaluation already resolved by :func:`context`
    (the other arguments are then ignored): the :class:`Result` keeps it as ``context``.
    Each tie-break is its registry row's function; it receives the columns listed before it.
    """
    if isinstance(t, TeamEvent):
        return _team_result(t, cast("TeamCodes", tiebreaks), edition, rounds, kind, options, live)
    if isinstance(t, Context):
        ctx = t
    else:
        ctx = context(t, edition=edition, rounds=rounds, kind=kind, options=options, live=live)
    tbs, codes = resolve_tiebreaks(ctx.t, cast(TieBreakList, tiebreaks), ctx.rr)
    calc = Calculator(ctx)
    columns = evaluate(calc.column, tbs)
    return Result(ctx.t, ctx.edition, ctx.n, ctx.rr, tuple(tbs), tuple(codes), calc.points, tuple(columns),
                  ctx.options, ctx, calc, ctx.progress)


def _team_result(event: TeamEvent, codes: "TeamCodes", edition: "str | Edition | None", rounds: Optional[int],
                 kind: Optional[str], options: Optional[Options], live: bool) -> "TeamResult":
    """:func:`compute` of a team event: the team standings of
    :func:`~xl_tiebreak.team_engine.compute_team` (``tiebreaks``: team codes, default the file's
    list, else the Olympiad order; ``kind``: ``round-robin`` is C.07 Art. 15.2, default the
    file's). ``options`` and ``live`` are for individual events and are refused; the open questions
    of team events are ``compute_team``'s ``ede_knockout`` and ``ede_subset``."""
    from .team_engine import compute_team
    given = [name for name, on in (("options", options is not None), ("live", live)) if on]
    if given:
        raise InputError(f"{' and '.join(given)}: for individual events; a team event's choices are "
                         "xl_tiebreak.team_engine.compute_team's ede_knockout and ede_subset")
    if kind not in (None, "swiss", "round-robin"):
        raise InputError(f"unknown event type {kind!r}; use swiss or round-robin")
    return compute_team(event, codes, edition=edition, rounds=rounds,
                        round_robin=None if kind is None else kind == "round-robin")


def context(t: Tournament, *, edition: "str | Edition | None" = None, rounds: Optional[int] = None,
            kind: Optional[str] = None, options: Optional[Options] = None, live: bool = False) -> Context:
    """The evaluated facts of an event: edition, rounds, type and options resolved as
    :func:`compute` resolves them (shared with the explanations). The context's ``progress``
    says how far the event has got and which rounds are evaluated."""
    options = options or DEFAULT_OPTIONS
    ed = get_edition(edition) if edition else edition_for_date(t.start_date)  # "" too: by the date
    kind = kind or t.kind or "swiss"
    if kind not in ("swiss", "round-robin"):
        raise InputError(f"unknown event type {kind!r}; use swiss or round-robin")
    rr = kind == "round-robin"
    arrays = compiled(t)
    prog = progress(t, live)
    if rounds is not None:
        if not 0 <= rounds <= t.rounds:
            raise InputError(f"--rounds {rounds}: the event has {t.rounds} rounds")
        if prog.current and rounds >= prog.current:
            if not live:  # the chosen rounds take in the one in progress: only live standings may
                _round_not_in(t, prog)
        else:
            prog = Progress(t.rounds, rounds)
    n = prog.evaluated if rounds is None else rounds
    open_round = prog.current if prog.live else 0
    pending = np.argwhere(arrays.pending[:, :n] & (np.arange(n) + 1 != open_round)[None, :])
    if len(pending):
        k, r = (int(x) for x in pending[0])
        p = t.players[k]
        raise InputError(f"player {p.no} is paired with {p.rounds[r].opponent} in round {r + 1}, but the "
                         f"result is missing; enter it, or evaluate rounds 1-{r} only (--rounds {r})")
    not_in = None
    if 0 < open_round <= n:  # live: the round in progress's games not in yet do not exist yet
        not_in = np.zeros((len(t.players), n), dtype=bool)
        not_in[:, open_round - 1] = waiting_cells(arrays, open_round)
    ctx = Context(t, ed, n, options, rr, not_in=not_in)
    ctx.progress = prog
    return ctx


def _round_not_in(t: Tournament, prog: Progress) -> None:
    """Refuse standings over a round whose results are not all in (unless asked for live ones)."""
    first = t.player(prog.waiting[0])
    r = prog.current
    cell = first.rounds[r - 1]
    if cell.opponent is not None:
        raise InputError(f"player {first.no} is paired with {cell.opponent} in round {r}, but the result is "
                         f"missing; enter it, or evaluate rounds 1-{r - 1} only (--rounds {r - 1})")
    more = len(prog.waiting) - 1
    raise InputError(f"round {r} is in progress ({prog.games_in} of {prog.games} games in): nothing is entered "
                     f"for player {first.no}" + (f" and {more} more" if more else "") + f"; enter the results "
                     f"(- for an absence), evaluate rounds 1-{r - 1} only (--rounds {r - 1}), or ask for "
                     "live standings (--live)")


class Calculator:
    """One evaluation's columns: each computed once by its registry row, then shared (AOB reads
    BH, APRO reads TPR). Rank tie-breaks (DE, KENTLER) depend on the columns before them, so
    they are computed for each place in a list."""

    def __init__(self, ctx: Context) -> None:
        self.ctx = ctx
        self.points = ctx.points_column()
        self._fore: Optional[Context] = None
        self._cache: dict[TieBreak, Column] = {}

    @property
    def fore(self) -> Context:
        """The evaluation with the last round's games as draws (Fore Buchholz, C.07 Art. 8.3)."""
        if self._fore is None:
            c = self.ctx
            self._fore = Context(c.t, c.edition, c.n, c.options, c.rr, fore=True, not_in=c.not_in)
        return self._fore

    def column(self, tb: TieBreak, earlier: Sequence[Column] = ()) -> Column:
        """The column of ``tb`` (``earlier``: the columns listed before it)."""
        if tb.spec.ranks:
            return column_of(tb.spec.compute(self, tb, earlier, False))
        key = replace(tb, reverse=False)  # /R changes the order, not the values
        got = self._cache.get(key)
        if got is None:
            got = self._cache[key] = column_of(tb.spec.compute(self, tb, earlier, False))
            freeze(got.num)  # shared with the tie-breaks that read it (AOB, APRO, APPO)
        return got
