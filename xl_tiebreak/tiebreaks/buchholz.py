"""Buchholz family and Sonneborn-Berger: BH, FB, AOB, SB with cuts, medians and /P.

C.07 Art. 8.1 (BH), 8.2 (AOB), 8.3 (FB), 9.1 (SB), Art. 14 (cuts), Art. 16 (unplayed rounds),
Art. 15.2 (round robins); the 2012 virtual opponent of C.02 §13 for the ``fide2012`` edition.
Each function computes the column of every player at once.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, Optional, Sequence, cast

import numpy as np

from ..formatting import format_value, half_up_div
from ..reasons import PHRASES
from ..reasons import Reason as R
from .breakdown import NOT_IN_YET, Account, AccountLayout, Breakdown, Fact, mark, note, result_text, summed, who
from ..arrays import FORFEIT_CODES, GAME, freeze
from .context import Column, Context
from .spec import Compute, Evaluation, Spec

if TYPE_CHECKING:
    from ..descriptor import TieBreak

_BIG = np.int64(1) << 40


Elements = tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]


def elements(ctx: Context, sb: bool, forfeits_as_games: bool) -> Elements:
    """The contribution list of every player (TIEBREAK_RULES §4.4): score, value, is-VUR and
    present arrays (players x rounds).

    A game (or, with ``/P``, a forfeit) contributes the opponent's adjusted score
    (:attr:`Context.adjusted`); an own unplayed round what the edition makes of it
    (:attr:`Context.own_round`: the dummy of Art. 16.4, or under 2012 the virtual opponent), and
    the edition says which unplayed rounds a cut takes first. In round robins (Art. 15.2) every
    round with an opponent is a game at the opponent's raw score, and a round without one (the
    sit-out round of an odd field) contributes nothing; nor does a game not in yet (live
    standings: no element at all, no dummy). For SB the value is the score times
    :func:`sb_factor` (the points obtained in that round). Computed once per context and kept,
    read-only: BH with every cut, FB and AOB's base share them.
    """
    key = ("elements", sb, forfeits_as_games)
    got = ctx.memo.get(key)
    if got is None:
        got = ctx.memo[key] = freeze(*_elements(ctx, sb, forfeits_as_games))
    return cast(Elements, got)  # the memo keeps what _elements made under this key


def _elements(ctx: Context, sb: bool, forfeits_as_games: bool) -> Elements:
    game = _games(ctx, forfeits_as_games)
    score = np.where(game, ctx.adj[ctx.opp0], ctx.own_round.value)
    if ctx.rr:
        present = game
        vur = np.zeros_like(game)
    else:
        present = ~ctx.not_in
        vur = ctx.edition.cut_first(ctx, game)[0] & present
    score = np.where(present, score, 0)
    value = score * sb_factor(ctx, game) if sb else score
    return score, value, vur, present


def _games(ctx: Context, forfeits_as_games: bool) -> np.ndarray:
    """What counts as a game in BH and SB: over the board; with ``/P`` or in a round robin
    (Art. 15.2) every round with a scheduled opponent."""
    return ctx.has_opp if (ctx.rr or forfeits_as_games) else ctx.is_game


def sb_factor(ctx: Context, game: np.ndarray) -> np.ndarray:
    """What SB multiplies each round's score by (C.07 Art. 9.1): the points obtained, or what the
    edition makes of an own unplayed round (:meth:`~xl_tiebreak.editions.Edition.sb_factor`)."""
    return ctx.pts if ctx.rr else ctx.edition.sb_factor(ctx, game)[0]


KEPT, CUT_VUR, CUT_LOW, CUT_HIGH, ABSENT = 0, 1, 2, 3, -1


def cuts(elems: Elements, low: int, high: int, pick_vur_by_score: bool = False, *, vur_branch: bool = False,
         steps: Optional[np.ndarray] = None) -> Optional[np.ndarray]:
    """What the cuts do to each element: KEPT, CUT_VUR (a VUR cut first, Art. 16.5), CUT_LOW (the
    least significant), CUT_HIGH (a median's highest) or ABSENT (no element: a round robin's
    sit-out round); ``None`` when nothing is cut (every element present is kept). A VUR cut as
    the least significant element is CUT_VUR too, unless ``vur_branch`` (the team accounts, which
    name a cut by the branch of Art. 16.5 that took it). ``steps`` (players x rounds of zeros),
    when given, receives each cut element's step, 1 for the first (the order an account lists
    the cuts in).

    Each low cut (C.07 Art. 16.5): LS is the least significant element (lowest score, then lowest
    value) and V the VUR with the lowest contribution (lowest value, then score). V is cut when
    its value is not below LS's, otherwise LS; for BH this always cuts a VUR first, for SB a VUR
    worth 0 stays and LS goes. High cuts (medians) take the highest (score, value) and know no
    VUR rule. A player with fewer elements than cuts keeps nothing, as gacrux does.
    """
    score, value, vur, present = elems
    n = score.shape[1]
    low = min(low, n)
    high = min(high, n - low)
    if (not low and not high) or n == 0:
        return None
    marks = np.where(present, KEPT, ABSENT).astype(np.int8)
    rows = np.arange(score.shape[0])
    alive = present.copy()
    ls_key = score * _BIG + value
    v_key = (score * _BIG + value) if pick_vur_by_score else (value * _BIG + score)
    inf = np.iinfo(np.int64).max
    for _ in range(low):
        ls = np.argmin(np.where(alive, ls_key, inf), axis=1)
        vk = np.where(alive & vur, v_key, inf)
        v = np.argmin(vk, axis=1)
        has_v = vk[rows, v] != inf
        take_v = has_v & (value[rows, v] >= value[rows, ls])
        cut = np.where(take_v, v, ls)
        some = alive.any(axis=1)
        alive[rows[some], cut[some]] = False
        marks[rows[some], cut[some]] = np.where(take_v if vur_branch else vur[rows, cut], CUT_VUR, CUT_LOW)[some]
        if steps is not None:
            steps[rows[some], cut[some]] = (steps.max(axis=1) + 1)[some]
    for _ in range(high):
        hi = np.argmax(np.where(alive, ls_key, -inf), axis=1)
        some = alive.any(axis=1)
        alive[rows[some], hi[some]] = False
        marks[rows[some], hi[some]] = CUT_HIGH
        if steps is not None:
            steps[rows[some], hi[some]] = (steps.max(axis=1) + 1)[some]
    return marks


def kept_parts(elems: Elements, marks: Optional[np.ndarray]) -> np.ndarray:
    """Each element's value where :func:`cuts` keeps it, else 0 (an absent element is worth 0)."""
    return elems[1] if marks is None else np.where(marks == KEPT, elems[1], 0)


def buchholz_breakdown(ctx: Context, cut: int = 0, median: int = 0, forfeits_as_games: bool = False,
                       sb: bool = False, account: bool = False) -> Breakdown:
    """BH (or, with ``sb``, SB): each round's element, what the cuts take, and the sum of what is
    kept (Art. 8.1, 9.1, 14, 16). ``account``: also the reasons and facts of each round."""
    elems = elements(ctx, sb, forfeits_as_games)
    by_score = sb and ctx.options.sb_vur_pick == "score"
    marks = cuts(elems, cut or median, median, by_score)
    parts = kept_parts(elems, marks)  # a round robin's sit-out round is already worth 0
    unit = ctx.scale * ctx.scale if sb else ctx.scale
    if not account:
        return summed(parts, unit)
    score, value, vur, present = elems
    if marks is None:
        marks = np.where(present, KEPT, ABSENT)
    game = _games(ctx, forfeits_as_games)
    was_forfeit = np.isin(ctx.entered_kind, FORFEIT_CODES) & (not ctx.rr)
    adj, drawn, opp_reason = ctx.adjusted
    own = ~game & present
    vur_why, vur_cut = (R.NONE, R.NONE) if ctx.rr else ctx.edition.cut_first(ctx, game)[1:]
    sb_why = ctx.edition.sb_factor(ctx, game)[1] if sb and not ctx.rr else R.NONE
    # FB evaluated over the event's final round: that round's paired games show "counted as a
    # draw" (before the final round FB is BH, and every result shows as it is)
    fore_last = (np.arange(ctx.n) == ctx.n - 1)[None, :] & ctx.fore
    reasons = mark(parts.shape,
                   (~present & ~ctx.not_in, R.NO_OPPONENT_RR),
                   (game & was_forfeit & fore_last, R.FORE_FORFEIT_DRAWN),
                   (game & was_forfeit & ~fore_last, R.FORFEIT_AS_GAME),
                   (fore_last & np.isin(ctx.entered_kind, (GAME,) + FORFEIT_CODES), R.FORE_DRAWN),
                   (ctx.drawn_not_in, R.FORE_NOT_IN_DRAWN),
                   (game & np.asarray(drawn.any(axis=1))[ctx.opp0], opp_reason),  # the edition's Art. 16.3 / 2012 draws
                   *[(own & where, why) for where, why in ctx.own_round.reason],  # dummy, cap or Svon
                   (own, sb_why), (own & vur, vur_why),
                   (marks == CUT_VUR, vur_cut), (marks == CUT_LOW, R.CUT_LOW), (marks == CUT_HIGH, R.CUT_HIGH))
    facts = {"met": Fact(game & present), "score": Fact(score, ctx.scale, present),
             "value": Fact(value, unit, present), "opp_score": Fact(ctx.score, ctx.scale),
             "opp_adj": Fact(adj, ctx.scale), "opp_drawn": Fact(drawn),
             **{k: Fact(*v) for k, v in ctx.own_round.facts.items()}}
    return summed(parts, unit, reasons=reasons, facts=facts, ctx=ctx)


_FORE_NOTE = ("Fore Buchholz: every game paired in the last round counts as a draw for both players, so every "
              "score here is the Fore Buchholz score (C.07 Art. 8.3)")
_FORE_NOT_YET = "the last round is not reached yet, so FB equals BH (C.07 Art. 8.3)"
_SB_NOTE = ("each contribution is the opponent's score times the points the player obtained in that round "
            "(C.07 Art. 9.1)")


def buchholz_unit(sb: bool = False, fore: bool = False) -> "Compute":
    """The row of BH (``fore``: FB, over :attr:`Evaluation.fore`; ``sb``: SB): its column, and
    with ``account`` one row per round, the cut rows marked, the notes."""
    def compute(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Breakdown:
        c = ev.fore if fore else ev.ctx
        bd = buchholz_breakdown(c, tb.cut, tb.median, tb.forfeits_as_games, sb, account)
        if not account:
            return bd
        notes = [(_FORE_NOTE if c.n == c.t.rounds else _FORE_NOT_YET)] if fore else []
        if sb:
            game = _games(c, tb.forfeits_as_games)
            notes += [_SB_NOTE] + ([] if c.rr else note(c.edition.sb_factor(c, game)[1]))
            if tb.cut or tb.median:
                notes += note(R.VUR if c.rr else c.edition.cut_first(c, game)[1])
        elif c.rr:
            notes += note(c.edition.round_robin_buchholz)
        d = 2 if sb else 1
        layout = AccountLayout((("Rd", "rd"), ("Opponent", "who"), ("Counts as", "score"), ("Result", "result"),
                                ("Contribution", "value")), tuple(notes), decimals=d, value_decimals=d, show_cut=True)
        return replace(bd, layout=layout)
    return compute


def aob_base(tb: "TieBreak") -> "TieBreak":
    """The opponents' value AOB averages: BH (FB with ``/F``) with AOB's own cut and ``/P``, as
    gacrux does (Art. 8.2)."""
    return replace(tb, name="FB" if tb.fore else "BH", fore=False)


def aob_breakdown(ctx: Context, base: Column, decimals: Optional[int] = None,
                  fore: Optional[Context] = None) -> Breakdown:
    """AOB: the mean of the opponents' BH (or FB) over the games played (Art. 8.2).

    Each game counts once, so a repeated opponent counts per game; byes and forfeits are left
    out (a round robin's forfeits count where Art. 15.2 makes them games). ``base`` is the
    opponents' value: with ``AOB/P`` or ``AOB/C1`` the caller passes BH/P or BH/C1
    (:func:`aob_base`), as gacrux does. ``fore`` (``AOB/F``, live): the Fore Buchholz evaluation,
    whose final-round games not in yet count as drawn games (Art. 8.3), so they count here too.
    Undefined without a game. Rounded half-up to ``decimals``; ``None`` keeps the exact mean.
    The parts are the opponents' values.
    """
    games = ctx.played("other")
    opp0 = ctx.opp0
    if fore is not None:
        games = games | fore.drawn_not_in
        opp0 = fore.opp0
    parts = np.where(games, base.num[opp0], 0)
    count = games.sum(axis=1)
    total = parts.sum(axis=1)
    defined = count > 0
    safe = np.maximum(count, 1)
    if decimals is None:
        # exact: over the denominator base.den x lcm(1..most games), which every count divides
        common = lcm(*range(1, int(count.max(initial=1)) + 1))
        return Breakdown(Column(total * (common // safe), base.den * common, defined), parts, base.den,
                         facts={"met": Fact(games)}, ctx=ctx)
    unit = 10 ** decimals
    num_ = half_up_div(total * unit, safe * base.den)
    return Breakdown(Column(num_, unit, defined), parts, base.den, facts={"met": Fact(games)}, ctx=ctx)


def aob_account(ctx: Context, i: int, tb: "TieBreak", value: Any, res: Any) -> Account:
    """AOB: each opponent's BH (FB) as the engine computed it in the same evaluation, and the mean."""
    base = aob_base(tb)  # BH, or FB with /F, with the same modifiers
    fore = _fore_of(ctx) if tb.fore else None
    bd = aob_breakdown(ctx, res.column_of(base), fore=fore)
    rows: list[Any] = []
    got: list[Fraction] = []
    for r in range(ctx.n):
        cell = (ctx.t.players[i].no, r + 1)
        if fore is not None and fore.drawn_not_in[i, r]:
            j = int(fore.opp[i, r])
            got.append(Fraction(int(bd.parts[i, r]), bd.den))
            rows.append(((r + 1, who(ctx, j), got[-1]), f"{base.code} of {ctx.t.players[j].no}; {PHRASES[R.FORE_NOT_IN_DRAWN].why}",
                         "", cell))
        elif ctx.not_in[i, r]:  # live: the game is not in yet, no round of the account
            rows.append(((r + 1, "-", None), NOT_IN_YET, "", cell))
        elif bd.facts["met"].num[i, r]:
            j = int(ctx.opp[i, r])
            got.append(Fraction(int(bd.parts[i, r]), bd.den))
            rows.append(((r + 1, who(ctx, j), got[-1]), f"{base.code} of {ctx.t.players[j].no}", "", cell))
        else:
            rows.append(((r + 1, result_text(ctx, i, r), None), PHRASES[R.NOT_PLAYED_LEFT_OUT].why, "", cell))
    mean = sum(got, Fraction(0)) / len(got) if got else None
    total = (f"({' + '.join(format_value(v, 1) for v in got)}) / {len(got)} = {format_value(mean, 4)}, "
             f"rounded half up: {format_value(value, 2)}" if got else "no game over the board: undefined")
    return Account(("Rd", "Opponent", f"Opponent's {base.code}"), tuple(rows), total,
                   ("the mean of the opponents' Buchholz over the games played (C.07 Art. 8.2)",))


# ------------------------------------------------------------------------------ registry rows


def _aob(ev: Evaluation, tb: "TieBreak", earlier: Sequence[Column], account: bool) -> Column:
    """AOB over the opponents' BH (or FB with /F), with the same cut and /P (as gacrux)."""
    base = ev.column(aob_base(tb))
    chosen = ev.ctx.options.aob_decimals
    n = ev.ctx.n  # "auto", as gacrux: enough decimals to tell the averages apart
    decimals = (2 if n < 9 else 3 if n < 27 else 4 if n < 73 else 5) if chosen == "auto" else chosen
    fore = ev.fore if tb.fore else None
    return aob_breakdown(ev.ctx, base, None if decimals is None else int(decimals), fore).column


def _fore_of(ctx: Context) -> Context:
    """The Fore Buchholz evaluation of ``ctx`` (an account's, which has no calculator at hand)."""
    return Context(ctx.t, ctx.edition, ctx.n, ctx.options, ctx.rr, fore=True, not_in=ctx.not_in)


ROWS = (
    Spec("BH", "Buchholz, C.07 Art. 8.1", "C.07 Art. 8.1", buchholz_unit(), "CMP",
         excel=(("BUCHHOLZ", "BH"), ("BUCHHOLZ_CUT1", "BH/C1"), ("BUCHHOLZ_CUT2", "BH/C2"),
                ("BUCHHOLZ_MEDIAN1", "BH/M1")), reach=1),
    Spec("AOB", "Average of opponents' Buchholz, C.07 Art. 8.2", "C.07 Art. 8.2", _aob, "CMPF",
         decimals=2, excel=(("AVG_OPP_BUCHHOLZ", "AOB"),), needs=aob_base, account=aob_account, reach=2),
    Spec("FB", "Fore Buchholz, C.07 Art. 8.3", "C.07 Art. 8.3", buchholz_unit(fore=True), "CMP",
         excel=(("FORE_BUCHHOLZ", "FB"),), reach=1),
    Spec("SB", "Sonneborn-Berger, C.07 Art. 9.1", "C.07 Art. 9.1", buchholz_unit(sb=True), "CMP",
         decimals=2, excel=(("SONNEBORN_BERGER", "SB"), ("SONNEBORN_BERGER_CUT1", "SB/C1")), reach=1),
)
