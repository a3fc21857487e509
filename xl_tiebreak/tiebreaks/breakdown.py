"""A tie-break's value and its account from the same arrays.

Every family computes, before it sums, what each round of each player contributes. A
:class:`Breakdown` keeps those arrays: the engine's :class:`~.context.Column` is their sum (or
mean), and an explanation reads the same arrays, with a reason code per round
(:mod:`.reasons`) and the facts it shows, so an account cannot disagree with its value.
Reasons and facts are filled in only when an account is asked for (``account=True``); the
engine's column-only path builds the contributions and the column, nothing more.

The tie-breaks that are no sum (AOB, the rating family, DE, Kentler, TPN, RTNG) have a row
account that returns an :class:`Account` directly, with the signature
``(ctx, i, tb, value, res) -> Account`` (``res``: the engine's Result of the one evaluation,
which holds the tied groups and the base columns an account names).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Any, NamedTuple, Optional, Union

import numpy as np

from ..formatting import format_value
from ..model import Kind
from ..reasons import CUTS, PHRASES, Reason, flags
from .context import Column, Context


class Fact(NamedTuple):
    """A fact an account shows: ``num / den`` per player and round (2-D), per player (1-D, read
    at the round's opponent) or for the event (a scalar); ``defined`` masks the rounds where it
    is shown; a boolean 2-D fact named ``opp_*`` is read as the opponent's rounds. ``decimals``:
    the fewest shown in a phrase."""

    num: Any
    den: int = 1
    defined: Optional[np.ndarray] = None
    decimals: int = 0


@dataclass(frozen=True)
class AccountLayout:
    """How the generic assembler shows a breakdown: the ``columns`` as (header, source) pairs,
    the source a fact's name or ``rd`` (the round), ``who`` (the opponent or the label of the
    round's reason), ``result`` (the player's result), ``parts`` (the contribution); then how the
    total is written: the ``term`` column's values of the rows not cut (``skip_zero``: nonzero
    ones only), joined by `` + `` with ``decimals`` (None: as short as exact), ``empty`` when
    there are none, `` = `` the value with ``value_decimals``; ``show_cut`` lists the cut values,
    ``less`` names a column subtracted after the terms (CUM)."""

    columns: tuple[tuple[str, str], ...]
    notes: tuple[str, ...] = ()
    term: int = -1
    skip_zero: bool = False
    decimals: Optional[int] = None
    value_decimals: int = 1
    empty: str = "0"
    show_cut: bool = False
    less: Optional[int] = None


@dataclass(frozen=True)
class Breakdown:
    """A tie-break computed for every player, with what each round contributed.

    ``column``: the engine's value (its numerators are ``parts`` summed, or a mean of them);
    ``parts``: players x rounds, each round's contribution over ``den`` (0 where cut or not
    counted); ``reasons``: players x rounds of :class:`~.reasons.Reason` flags; ``facts``: what an
    account shows besides (the opponent's counted score, the dummy's, a rating, ...);
    ``ctx``: the facts of the event it was computed on; ``layout``: how an account shows it.
    """

    column: Column
    parts: np.ndarray
    den: int
    reasons: Optional[np.ndarray] = None
    facts: dict[str, Fact] = field(default_factory=dict)
    ctx: Optional[Context] = None
    layout: Optional[AccountLayout] = None


#: an account's row: (values, why, cut, cell); the values are what its columns show (numbers,
#: words, None for nothing), the cell the crosstable's (start number, round) or None
Row = tuple[tuple[Any, ...], str, str, Optional[tuple[int, int]]]


@dataclass(frozen=True)
class Account:
    """A finished account: column headers, rows ``(values, why, cut, cell)``, total, notes."""

    columns: tuple[str, ...]
    rows: tuple[Row, ...]
    total: str
    notes: tuple[str, ...] = ()


def summed(parts: np.ndarray, den: int, **kw: Any) -> Breakdown:
    """The breakdown whose value is the sum of its parts."""
    return Breakdown(Column(parts.sum(axis=1), den), parts, den, **kw)


def column_of(got: "Column | Breakdown") -> Column:
    """The value of a row's compute: a bare Column, or a Breakdown's."""
    return got.column if isinstance(got, Breakdown) else got


#: the account of a sum whose row names no layout: each round, its result and what it adds
GENERIC = AccountLayout((("Rd", "rd"), ("Result", "result"), ("Contribution", "parts")), skip_zero=True)


def explained(bd: Breakdown, ctx: Context, legend: str, decimals: int) -> Breakdown:
    """A breakdown ready for the generic assembler: one computed without its account's parts
    (no reasons, facts or layout) gets none, ``ctx`` and :data:`GENERIC` with the row's legend
    and decimals."""
    if bd.layout is not None and bd.reasons is not None:
        return bd
    return Breakdown(bd.column, bd.parts, bd.den, np.zeros(np.shape(bd.parts), dtype=np.int64), {"met": Fact(
        np.zeros(np.shape(bd.parts), dtype=bool))} | bd.facts, bd.ctx or ctx, bd.layout or replace(
        GENERIC, notes=(legend,), decimals=decimals, value_decimals=decimals))


# ------------------------------------------------------------------------------ words


def rounds_text(rs: list[int]) -> str:
    """``round 3``, ``rounds 5-7``, ``rounds 2, 5``."""
    if not rs:
        return ""
    if len(rs) > 1 and rs == list(range(rs[0], rs[-1] + 1)):
        return f"rounds {rs[0]}-{rs[-1]}"
    return ("round " if len(rs) == 1 else "rounds ") + ", ".join(map(str, rs))


_WORDS = {Kind.WIN: "won", Kind.DRAW: "drew", Kind.LOSS: "lost", Kind.SHORT_WIN: "won (short)",
          Kind.SHORT_DRAW: "drew (short)", Kind.SHORT_LOSS: "lost (short)", Kind.FORFEIT_WIN: "forfeit win",
          Kind.FORFEIT_LOSS: "forfeit loss", Kind.DOUBLE_FORFEIT: "double forfeit", Kind.PAB: "pairing bye",
          Kind.FULL_BYE: "full-point bye", Kind.HALF_BYE: "half-point bye", Kind.ZERO_BYE: "zero-point bye",
          Kind.ABSENT: "absent", Kind.WITHDRAWN: "withdrawn", Kind.NOT_PLAYED: "nothing entered"}


#: why a round of an account counts nothing: its game is not in yet (live standings, :class:`Context`)
NOT_IN_YET = "not in yet: no round until its result is entered (live standings)"


def result_text(ctx: Context, i: int, r: int) -> str:
    """The player's result in round r (0-based) in words and points; a round left empty after the
    player withdrew (``WD``: that round and every later one unplayed) is "withdrawn" too, not
    "nothing entered"."""
    rounds = ctx.t.players[i].rounds
    kind, pts = rounds[r].kind, int(ctx.pts[i, r])
    if kind is Kind.NOT_PLAYED and any(x.kind is Kind.WITHDRAWN for x in rounds[:r]):
        kind = Kind.WITHDRAWN
    key = (kind, pts, ctx.scale)
    got = _RESULT_TEXTS.get(key)
    if got is None:
        got = _RESULT_TEXTS[key] = f"{_WORDS[kind]} {format_value(ctx.to_points(pts), 1)}"
    return got


#: the words of a result by kind and points (a handful of texts, asked for every row of every account)
_RESULT_TEXTS: dict[tuple[Kind, int, int], str] = {}


def who(ctx: Context, j: int) -> str:
    p = ctx.t.players[j]
    return f"{p.no} {p.name}".strip()


def cut_text(code: int) -> str:
    got = flags(int(code) & CUTS)
    why = PHRASES[got[0]].why if got else ""
    return why if isinstance(why, str) else ""  # a cut's phrase is plain text


def why_text(code: int, params: "Params") -> str:
    """The phrases of the reasons set in ``code`` (cuts aside), joined by ``; ``."""
    out = []
    for r in flags(int(code) & ~CUTS):
        why = PHRASES[r].why
        text = why(params) if callable(why) else why.format_map(params)
        if text:
            out.append(text)
    return "; ".join(out)


def label(code: int) -> Optional[str]:
    """The label shown instead of an opponent (``dummy``, ``virtual opponent``), if any."""
    return next((PHRASES[r].who for r in flags(code) if PHRASES[r].who), None)


def result_of(code: int, params: "Params") -> str:
    """The result as shown: the player's, unless a reason shows it otherwise."""
    got = next((PHRASES[r].result for r in flags(code) if PHRASES[r].result), None)
    return params["result"] if got is None else got.format_map(params)


def note(reason: Union[Reason, int]) -> list[str]:
    """The note of a reason, as a list of none or one."""
    text = PHRASES[Reason(reason)].note if reason else ""
    return [text] if text else []


class Params(dict[str, Any]):
    """The facts one row of an account (player ``i``, round ``r``) can name in a phrase, looked up
    when named: ``rd``, ``n``, ``opp`` (the opponent's start number), ``own`` (the player's
    score), ``got`` (its points in the round), ``draw``, ``result``, ``standard`` (1/½/0
    scoring), and every fact of the breakdown (``name#``: how many rounds a rounds fact holds)."""

    def __init__(self, bd: Breakdown, i: int, r: int) -> None:
        super().__init__()
        self.bd, self.i, self.r = bd, i, r

    def __missing__(self, key: str) -> Any:
        ctx, i, r = self.bd.ctx, self.i, self.r
        assert ctx is not None, "an account's breakdown knows its event"
        j = int(ctx.opp0[i, r])
        v: Any
        if key == "result":  # the commonest: every row shows it (an if-chain: a published page asks 100,000s)
            v = result_text(ctx, i, r)
        elif key == "rd":
            v = r + 1
        elif key == "n":
            v = ctx.n
        elif key == "opp":
            v = ctx.t.players[j].no
        elif key == "own":
            v = format_value(ctx.to_points(ctx.score[i]), 0)
        elif key == "got":
            v = format_value(ctx.to_points(ctx.pts[i, r]), 0)
        elif key == "draw":
            v = format_value(ctx.to_points(ctx.D), 0)
        elif key == "standard":
            v = ctx.t.scoring.is_standard
        elif key.endswith("#"):
            v = len(self._rounds(key[:-1], j))
        else:
            f = self.bd.facts[key]
            nd = np.ndim(f.num)
            if nd == 2 and np.asarray(f.num).dtype == bool:
                v = rounds_text(self._rounds(key, j))
            else:
                x = Fraction(f.num) / f.den if nd == 0 else Fraction(int(f.num[(i, r) if nd == 2 else j]), f.den)
                v = format_value(x, f.decimals)
        self[key] = v
        return v

    def _rounds(self, key: str, j: int) -> list[int]:
        return [x + 1 for x in np.flatnonzero(self.bd.facts[key].num[j]).tolist()]


def value_at(bd: Breakdown, source: str, i: int, r: int, params: Params) -> Any:
    """One cell of a row: see :class:`AccountLayout`."""
    assert bd.reasons is not None and bd.ctx is not None, "an account's breakdown has its reasons"
    code = int(bd.reasons[i, r])
    if source == "rd":
        return r + 1
    if source == "who":
        met = bd.facts["met"].num[i, r]
        return who(bd.ctx, int(bd.ctx.opp0[i, r])) if met else (label(code) or "-")
    if source == "result":
        return result_of(code, params)
    if source == "parts":
        return Fraction(int(bd.parts[i, r]), bd.den)
    f = bd.facts[source]
    if f.defined is not None and not f.defined[i, r]:
        return None
    return Fraction(int(f.num[i, r]), f.den)


def round_row(bd: Breakdown, i: int, r: int) -> Row:
    """Round ``r``'s row of a sum's account (:class:`AccountLayout`): the values its columns name, the
    phrases of its reasons, the cut; a game not in yet (live standings): the round, and why it
    counts nothing."""
    assert bd.layout is not None and bd.ctx is not None and bd.reasons is not None  # see explained
    cell = (bd.ctx.t.players[i].no, r + 1)
    if bd.ctx.not_in[i, r]:
        return tuple(r + 1 if source == "rd" else None for _, source in bd.layout.columns), NOT_IN_YET, "", cell
    code, params = int(bd.reasons[i, r]), Params(bd, i, r)
    return (tuple(value_at(bd, source, i, r, params) for _, source in bd.layout.columns), why_text(code, params),
            cut_text(code), cell)


def mark(shape: tuple[int, ...], *pairs: "tuple[Any, Any]") -> np.ndarray:
    """A reasons array: each ``(where, reason)`` pair sets ``reason`` where the mask holds
    (``reason`` may itself be an array of codes)."""
    out = np.zeros(shape, dtype=np.int64)
    for where, reason in pairs:
        out |= np.where(where, np.asarray(reason, dtype=np.int64), 0)
    return out
