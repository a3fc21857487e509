"""Rating tie-breaks (Type D): ARO, TPR, PTP, APRO, APPO, RTNG (C.07 Art. 10) and the FIDE tables.

Tables: FIDE Rating Regulations B.02 8.1 a/b (TIEBREAK_RULES §5.16). Unrated players follow §5.15:
the tie-break is dropped (undefined) when a participant is unrated, unless a rating is assigned.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence, overload

import numpy as np

from ..formatting import format_value, half_up_div
from ..reasons import Reason as R
from .breakdown import NOT_IN_YET, Account, Breakdown, Fact, Params, cut_text, mark, result_text, who, why_text
from .context import Column, Context
from .counts import number_account
from .spec import Compute, Evaluation, Spec

if TYPE_CHECKING:
    from ..descriptor import TieBreak

#: dp for p = .50, .51, ..., 1.00 (B.02 8.1a); dp(p) = -dp(1-p) below .50.
_DP_UPPER = [0, 7, 14, 21, 29, 36, 43, 50, 57, 65, 72, 80, 87, 95, 102, 110, 117, 125, 133, 141, 149,
             158, 166, 175, 184, 193, 202, 211, 220, 230, 240, 251, 262, 273, 284, 296, 309, 322, 336,
             351, 366, 383, 401, 422, 444, 470, 501, 538, 589, 677, 800]
#: dp indexed by p in hundredths, 0..100
DP = np.array([-_DP_UPPER[50 - p] for p in range(50)] + _DP_UPPER, dtype=np.int64)

#: (upper bound of |D|, expected score of the higher-rated player in hundredths) (B.02 8.1b).
_PD = [(3, 50), (10, 51), (17, 52), (25, 53), (32, 54), (39, 55), (46, 56), (53, 57), (61, 58),
       (68, 59), (76, 60), (83, 61), (91, 62), (98, 63), (106, 64), (113, 65), (121, 66), (129, 67),
       (137, 68), (145, 69), (153, 70), (162, 71), (170, 72), (179, 73), (188, 74), (197, 75),
       (206, 76), (215, 77), (225, 78), (235, 79), (245, 80), (256, 81), (267, 82), (278, 83),
       (290, 84), (302, 85), (315, 86), (328, 87), (344, 88), (357, 89), (374, 90), (391, 91),
       (411, 92), (432, 93), (456, 94), (484, 95), (517, 96), (559, 97), (619, 98), (735, 99)]
#: expected score of the higher-rated player, hundredths, indexed by |D| 0..736 (736+: 100): each
#: row of _PD over the |D| from the row above's bound + 1 to its own (one pass: a quick import)
PD = np.array([v for (below, _), (hi, v) in zip([(-1, 0), *_PD], _PD) for _ in range(hi - below)] + [100],
              dtype=np.int64)


def dp(p_hundredths: int) -> int:
    """Rating difference for a score fraction given in hundredths, 0..100 (table 8.1a)."""
    if not 0 <= p_hundredths <= 100:
        raise ValueError("p must be between 0 and 100 hundredths")
    return int(DP[p_hundredths])


@overload
def expected_hundredths(diff: int) -> int: ...


@overload
def expected_hundredths(diff: np.ndarray) -> np.ndarray: ...


def expected_hundredths(diff: "int | np.ndarray") -> "int | np.ndarray":
    """Expected score, in hundredths, of a player rated ``diff`` above the opponent (8.1b).
    Works on integers and on integer arrays."""
    d = np.abs(diff)
    e = PD[np.minimum(d, 736)]
    out = np.where(np.asarray(diff) >= 0, e, 100 - e)
    return int(out) if np.ndim(out) == 0 else out


class Ratings:
    """Each player's rating for Art. 10 (``-1``: unrated and left out), or dropped entirely.

    ``unrated``: the rating assigned to unrated players (/Unnnn or the option). Without one, an
    unrated participant drops every rating tie-break (``dropped``), unless the policy is
    ``"exclude"`` (the 2024 reference engine): unrated opponents are left out of the averages
    and are the first games a cut removes (TIEBREAK_RULES §5.11).
    """

    def __init__(self, ctx: Context, unrated: Optional[int], policy: Optional[str] = None) -> None:
        if unrated is None:
            unrated = ctx.options.unrated_rating
        policy = policy or ctx.options.unrated_policy
        rated, known = ctx.ratings
        self.dropped = unrated is None and not known.all() and policy == "drop"
        self.own = np.where(known, rated, -1 if unrated is None else unrated)
        self.ctx = ctx
        opp = self.own[ctx.opp0]
        self.games = ctx.played("rating")  # every game that counts, rated opponent or not
        self.mask = self.games & (opp >= 0)  # ... against a rated opponent
        self.opp = np.where(self.mask, opp, 0)
        self.count = self.mask.sum(axis=1)


def undefined(ctx: Context) -> Column:
    return Column(np.zeros(ctx.size, dtype=np.int64), 1, np.zeros(ctx.size, dtype=bool))


def counts_unplayed(ctx: Context) -> bool:
    """Whether ARO's cuts count the unplayed rounds among the elements (option
    ``aro_cut_unplayed``; ``"edition"``: the edition's default, True under fide2012 only)."""
    choice = ctx.options.aro_cut_unplayed
    return ctx.edition.aro_cut_unplayed if choice == "edition" else choice == "count"


#: what an ARO cut did to each round (players x rounds)
ARO_KEPT, ARO_CUT_LOW, ARO_CUT_HIGH, ARO_NO_ELEMENT = 0, 1, 2, -1


def aro_cut_marks(rt: Ratings, cut: int = 0, median: int = 0) -> np.ndarray:
    """What ARO/Ck (``cut``) or ARO/Mk (``median``) does to each round (C.07 Art. 10.1, 14.1-14.2).

    The elements are the games that count; /Ck cuts the k lowest, /Mk the k lowest and then the
    k highest of those left. Games against unrated opponents left out (policy "exclude") are the
    lowest elements. When the unplayed rounds count (:func:`counts_unplayed`; the pre-2024 rule,
    TIEBREAK_RULES §5.11, RULES_NOTES §3.7) every round without a game is an element too, below
    every rating, so it is cut first: u unplayed rounds leave max(0, k - u) real ratings to cut
    at the low end; at the high end a median cuts the k highest ratings, since an unplayed round
    is never among the highest. Equal ratings are cut in round order. A player with fewer
    elements than cuts keeps nothing. A game not in yet (live standings) is no element.
    """
    n = rt.games.shape[1]
    absent = np.iinfo(np.int64).max // 4
    unplayed = np.where(rt.ctx.not_in, absent, -2 if counts_unplayed(rt.ctx) else absent)
    keyed = np.where(rt.games, np.where(rt.mask, rt.opp, -1), unplayed)
    order = np.argsort(keyed, axis=1, kind="stable")
    elements = (keyed < absent).sum(axis=1)[:, None]
    pos = np.arange(n)[None, :]
    low = np.minimum(cut or median, elements)
    high_from = np.maximum(low, elements - median)
    by_pos = np.where(pos >= elements, ARO_NO_ELEMENT,
                      np.where(pos < low, ARO_CUT_LOW, np.where(pos >= high_from, ARO_CUT_HIGH, ARO_KEPT)))
    marks = np.empty_like(by_pos)
    np.put_along_axis(marks, order, by_pos, axis=1)
    return marks.astype(np.int8)


def aro_breakdown(rt: Ratings, cut: int = 0, median: int = 0, account: bool = False) -> Breakdown:
    """ARO: the mean rating of the opponents met over the board, rounded, .5 up (Art. 10.1).

    /Ck drops the k lowest ratings, /Mk also the k highest (:func:`aro_cut_marks`, which says how
    unplayed rounds and unrated opponents take part); undefined when nothing is left. The parts
    are the ratings kept.
    """
    marks = aro_cut_marks(rt, cut, median) if (cut or median) else None
    keep = rt.mask if marks is None else rt.mask & (marks == ARO_KEPT)
    parts = rt.opp if marks is None else np.where(keep, rt.opp, 0)
    count = rt.count if marks is None else keep.sum(axis=1)
    column = Column(half_up_div(parts.sum(axis=1), np.maximum(count, 1)), 1, count > 0)
    if not account:
        return Breakdown(column, parts, 1)
    games = rt.games
    element = ~games & (marks is not None and counts_unplayed(rt.ctx)) & ~rt.ctx.not_in
    low, high = (marks == ARO_CUT_LOW, marks == ARO_CUT_HIGH) if marks is not None else (False, False)
    reasons = mark(parts.shape, (games & (rt.own[rt.ctx.opp0] < 0), R.UNRATED_LEFT_OUT),
                   (element, R.UNPLAYED_ELEMENT), (~games & ~element, R.NOT_PLAYED_LEFT_OUT),
                   (low & games, R.ARO_CUT_LOW), (low & element, R.ARO_CUT_UNPLAYED), (high, R.ARO_CUT_HIGH))
    return Breakdown(column, parts, 1, reasons, {"kept": Fact(keep)}, rt.ctx)


def _otb(rt: Ratings) -> np.ndarray:
    """Score over the counted games on the 1/½/0 scale, in half points."""
    halves: np.ndarray = np.where(rt.mask, rt.ctx.halves, 0).sum(axis=1)
    return halves


def tpr_breakdown(rt: Ratings) -> Breakdown:
    """TPR = ARO + dp(p), p the fraction scored over the board rounded to 0.01 (Art. 10.2).

    ``p`` counts 1/½/0 whatever the event's scoring; the ARO is the rounded one (gacrux). The
    parts are the ratings; the facts the steps: ``mean`` (the ARO), ``p`` (hundredths), ``dp``
    and ``halves`` (the score in half points).
    """
    count = np.maximum(rt.count, 1)
    mean = half_up_div(rt.opp.sum(axis=1), count)
    halves = _otb(rt)
    p = half_up_div(50 * halves, count)  # halves / (2 count) in hundredths
    return Breakdown(Column(mean + DP[p], 1, rt.count > 0), rt.opp, 1,
                     facts={"mean": Fact(mean), "p": Fact(p, 100), "dp": Fact(DP[p]), "halves": Fact(halves, 2)},
                     ctx=rt.ctx)


def ptp_breakdown(rt: Ratings, account: bool = False) -> Breakdown:
    """PTP: the lowest rating R whose expected score against the opponents reaches the score (10.3).

    A zero score gives the lowest opponent minus 800; the table's steps make a perfect score
    the highest opponent plus 736. Exact, in hundredths, by bisection on every player at once.
    ``account``: also the expected scores at R and at R - 1 (facts ``at``, ``below``).
    """
    big = 10 ** 6
    target = 50 * _otb(rt)  # hundredths
    lowest = np.where(rt.mask, rt.opp, big).min(axis=1, initial=big)
    highest = np.where(rt.mask, rt.opp, -big).max(axis=1, initial=-big)
    defined = rt.count > 0
    lo = np.where(defined, lowest - 800, 0)
    hi = np.where(defined, highest + 800, 0)

    def expected(at: np.ndarray) -> np.ndarray:
        got: np.ndarray = np.where(rt.mask, expected_hundredths(at[:, None] - rt.opp), 0).sum(axis=1)
        return got

    while True:
        active = lo < hi
        if not active.any():
            break
        mid = (lo + hi) // 2
        ok = expected(mid) >= target
        hi = np.where(active & ok, mid, hi)
        lo = np.where(active & ~ok, mid + 1, lo)
    zero = target == 0
    column = Column(np.where(zero, lowest - 800, lo), 1, defined)
    if not account:
        return Breakdown(column, rt.opp, 1)
    facts = {"at": Fact(expected(column.num), 100), "below": Fact(expected(column.num - 1), 100),
             "halves": Fact(target // 50, 2)}
    return Breakdown(column, rt.opp, 1, facts=facts, ctx=rt.ctx)


def average_of(rt: Ratings, values: Column) -> Column:
    """APRO / APPO: mean of the opponents' TPR / PTP over the games, rounded .5 up (10.4, 10.5).

    Opponents whose value is undefined are skipped; each game counts once.
    """
    ctx = rt.ctx
    ok = rt.mask if values.defined is None else rt.mask & values.defined[ctx.opp0]
    count = ok.sum(axis=1)
    total = np.where(ok, values.num[ctx.opp0], 0).sum(axis=1)
    return Column(half_up_div(total, np.maximum(count, 1)), 1, count > 0)  # (floor: a TPR may be negative)


def rating(rt: Ratings) -> Column:
    """RTNG: the player's own rating (Art. 10.6); undefined for an unrated player."""
    return Column(rt.own, 1, rt.own >= 0)


def inner_of(name: str) -> Callable[["TieBreak"], "TieBreak"]:
    """The opponents' value APRO (TPR) and APPO (PTP) average, with the same unrated rating."""
    return lambda tb: replace(tb, name=name)


_ARO_PRACTICE = ("the pre-2024 practice: the 2022 text, the \"old ARO\" of the World Rapid and Blitz, and "
                 "Swiss-Manager under the 2012 rules (option aro_cut_unplayed=count; TIEBREAK_RULES §5.11, "
                 "RULES_NOTES §3.7)")


def assigned(ctx: Context, tb: "TieBreak") -> Optional[int]:
    """The rating unrated players count as in ``tb`` (/Unnnn, else the option), if one is set."""
    return tb.unrated if tb.unrated is not None else ctx.options.unrated_rating


def rating_account(finish: Callable[[Context, int, "TieBreak", Any, Ratings, Breakdown], tuple[str, list[str]]],
                   cut: bool = False) -> Callable[..., Account]:
    """The account of a rating tie-break (ARO, TPR, PTP, APRO, APPO): the opponents' ratings (APRO,
    APPO: their TPR, PTP as the engine computed them in the same evaluation), what counted, a cut
    (``cut``: the row's /C, /M); ``finish(ctx, i, tb, value, rt, bd)`` writes the total and the
    notes of its code (the note on unrated players, explain adds)."""
    def account(ctx: Context, i: int, tb: "TieBreak", value: Any, res: Any) -> Account:
        rt = Ratings(ctx, tb.unrated)
        if rt.dropped:
            return Account(("Rd",), (), "undefined")
        rating = assigned(ctx, tb)
        counted = f"unrated: counts as {rating}" if rating is not None else ""
        inner = res.column_of(tb.spec.needs(tb)) if tb.spec.needs else None  # APRO's TPR, APPO's PTP
        bd = aro_breakdown(rt, tb.cut, tb.median, account=True) if cut else aro_breakdown(rt, account=True)
        assert bd.reasons is not None
        rows: list[Any] = []
        for r in range(ctx.n):
            if ctx.not_in[i, r]:  # live: the game is not in yet, no round of the account
                rows.append(((r + 1, "-", None, None), NOT_IN_YET, "", (ctx.t.players[i].no, r + 1)))
                continue
            code, params, j = int(bd.reasons[i, r]), Params(bd, i, r), int(ctx.opp[i, r])
            if rt.games[i, r]:
                shown = inner.value(j) if inner is not None else (int(rt.own[j]) if rt.own[j] >= 0 else "unrated")
                values = (r + 1, who(ctx, j), shown, result_text(ctx, i, r))
            else:
                values = (r + 1, "-", None, result_text(ctx, i, r))
            why = why_text(code, params)
            if counted and inner is None and rt.games[i, r] and not ctx.ratings[1][j]:  # the rating it counted with
                why = f"{counted}; {why}" if why else counted
            rows.append((values, why, cut_text(code), (ctx.t.players[i].no, r + 1)))
        total, notes = finish(ctx, i, tb, value, rt, bd)
        shown_as = tb.spec.needs(tb).name if tb.spec.needs else "Rating"
        return Account(("Rd", "Opponent", shown_as, "Result"), tuple(rows), total, tuple(notes))
    return account


def _aro_total(ctx: Context, i: int, tb: "TieBreak", value: Any, rt: Ratings, bd: Breakdown) -> tuple[str, list[str]]:
    """ARO: the ratings kept, their mean and its rounding (Art. 10.1), and how a cut went."""
    total = format_value(value, 0, "undefined")
    kept = [int(v) for v in rt.opp[i][bd.facts["kept"].num[i]]]
    if kept:
        mean = format_value(Fraction(sum(kept), len(kept)), 2)
        total = f"({' + '.join(map(str, kept))}) / {len(kept)} = {mean}, " \
                f"rounded half up: {total}"
    notes = ["the mean rating of the opponents met over the board (C.07 Art. 10.1)"]
    if tb.cut or tb.median:
        notes.append(f"unplayed rounds count among the elements cut and are cut first, as in {_ARO_PRACTICE}"
                     if counts_unplayed(ctx) else "unplayed rounds are left out before the cut; the cut "
                     "removes real ratings only (C.07 2024/2026 Art. 10.1; aro_cut_unplayed=exclude)")
    return total, notes


def _steps(rt: Ratings, bd: Breakdown, i: int) -> dict[str, int]:
    return {k: int(f.num[i]) for k, f in bd.facts.items()}


def _tpr_total(ctx: Context, i: int, tb: "TieBreak", value: Any, rt: Ratings, bd: Breakdown) -> tuple[str, list[str]]:
    """TPR: ARO plus dp of the fraction scored, from table B.02 8.1a (Art. 10.2)."""
    total = format_value(value, 0, "undefined")
    if not rt.count[i]:
        return total, []
    steps = _steps(rt, tpr_breakdown(rt), i)
    score = format_value(Fraction(steps["halves"], 2), 1)
    mean, p, d = steps["mean"], steps["p"], steps["dp"]
    total = f"ARO {mean} + dp({p / 100:.2f}) = {mean} {'+' if d >= 0 else '-'} {abs(d)} = {total}"
    return total, [f"score {score} of {int(rt.count[i])} games over the board: p = {p / 100:.2f}; dp from the FIDE "
                   f"table B.02 8.1a, line p = {p / 100:.2f}: {d} (C.07 Art. 10.2)"]


def _ptp_total(ctx: Context, i: int, tb: "TieBreak", value: Any, rt: Ratings, bd: Breakdown) -> tuple[str, list[str]]:
    """PTP: the expected scores at the rating found and one below (table B.02 8.1b, Art. 10.3)."""
    total = format_value(value, 0, "undefined")
    if not rt.count[i]:
        return total, []
    count = int(rt.count[i])
    steps = _steps(rt, ptp_breakdown(rt, account=True), i)
    score = format_value(Fraction(steps["halves"], 2), 1)
    at, below, R_ = steps["at"], steps["below"], int(value)
    notes = [f"score {score} in {count} game{'s' if count != 1 else ''}; the expected score (table B.02 "
             f"8.1b) at {R_} is {at / 100:.2f}, at {R_ - 1} it is {below / 100:.2f}: {R_} is the lowest "
             f"rating that reaches {score} (C.07 Art. 10.3)"]
    if not steps["halves"]:
        notes.append("a zero score gives the lowest opponent's rating minus 800")
    return total, notes


def _mean_total(ctx: Context, i: int, tb: "TieBreak", value: Any, rt: Ratings, bd: Breakdown) -> tuple[str, list[str]]:
    """APRO, APPO: the mean of the opponents' TPR or PTP (the row's ``needs``), rounded half up."""
    return format_value(value, 0, "undefined"), [f"the mean of the opponents' {_inner(tb).name}, rounded half up "
                                f"({tb.spec.article})"]


def rtng_account(ctx: Context, i: int, tb: "TieBreak", value: Any = None, res: Any = None) -> Account:
    """RTNG: the player's rating (Art. 10.6), with what an unrated player counts as, or why the
    column is empty (the note on unrated players, explain adds)."""
    got = _own_rating(ctx, i, tb, value, res)
    if not any(p.rating is None for p in ctx.t.players):
        return got
    rows, total = got.rows, got.total
    rating = assigned(ctx, tb)
    if Ratings(ctx, tb.unrated).dropped:
        rows, total = (), "undefined: the rating tie-breaks are dropped"
    elif ctx.t.players[i].rating is None and rating is not None:
        rows, total = (((value,), f"unrated: counts as {rating}", "", None),), format_value(value, 0)
    elif ctx.t.players[i].rating is None:
        rows = ()
    return Account(got.columns, rows, total, got.notes)


_own_rating = number_account("rating", "C.07 Art. 10.6")


# ------------------------------------------------------------------------------ registry rows


def _rated(fn: Callable[["Ratings", "Evaluation", "TieBreak"], Column]) -> "Compute":
    """A rating tie-break's column: undefined for everyone when unrated players drop it (§5.15)."""
    def compute(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Column:
        rt = Ratings(ev.ctx, tb.unrated)
        return undefined(ev.ctx) if rt.dropped else fn(rt, ev, tb)
    return compute


def _inner(tb: "TieBreak") -> "TieBreak":
    """The tie-break whose opponents' mean APRO, APPO take (their row's ``needs``)."""
    needs = tb.spec.needs
    assert needs is not None
    return needs(tb)


def _of_opponents(rt: Ratings, ev: Evaluation, tb: "TieBreak") -> Column:
    """APRO / APPO: the mean over the opponents of their TPR / PTP (same /U)."""
    return average_of(rt, ev.column(_inner(tb)))


ROWS = (
    Spec("ARO", "Average rating of opponents, C.07 Art. 10.1", "C.07 Art. 10.1",
         _rated(lambda rt, ev, tb: aro_breakdown(rt, tb.cut, tb.median).column), "CMU", decimals=0,
         excel=(("ARO", "ARO"),), account=rating_account(_aro_total, cut=True), unrated="opponents", reach=0),
    Spec("TPR", "Tournament performance rating, C.07 Art. 10.2", "C.07 Art. 10.2",
         _rated(lambda rt, ev, tb: tpr_breakdown(rt).column), "U", decimals=0, excel=(("TPR", "TPR"),),
         account=rating_account(_tpr_total), unrated="opponents", reach=0),
    Spec("PTP", "Perfect tournament performance, C.07 Art. 10.3", "C.07 Art. 10.3",
         _rated(lambda rt, ev, tb: ptp_breakdown(rt).column), "U", decimals=0, excel=(("PTP", "PTP"),),
         account=rating_account(_ptp_total), unrated="opponents", reach=0),
    Spec("APRO", "Average performance rating of opponents, C.07 Art. 10.4", "C.07 Art. 10.4",
         _rated(_of_opponents), "U", decimals=0, excel=(("APRO", "APRO"),), needs=inner_of("TPR"),
         account=rating_account(_mean_total), unrated="opponents", reach=1),
    Spec("APPO", "Average perfect performance of opponents, C.07 Art. 10.5", "C.07 Art. 10.5",
         _rated(_of_opponents), "U", decimals=0, excel=(("APPO", "APPO"),), needs=inner_of("PTP"),
         account=rating_account(_mean_total), unrated="opponents", reach=1),
    Spec("RTNG", "Rating (higher is better), C.07 Art. 10.6", "C.07 Art. 10.6",
         _rated(lambda rt, ev, tb: rating(rt)), "RU", aliases=("RTG",), decimals=0, account=rtng_account,
         unrated="own", reach=0),
)
