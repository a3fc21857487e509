"""Team Buchholz family (C.07 Art. 8.1-8.3, 14, 16; TIEBREAK_RULES §5.6-5.8, §5.17): ``BH``
(the sum of the opponents' scores), ``FB`` (BH with every paired match of the final round drawn)
and ``AOB`` (the average of the BH of the teams met over the boards).

``:MP`` / ``:GP`` choose the score summed (default: the primary score). Art. 16 applies per
match (:mod:`.team_context`): a played match gives the opponent's adjusted score, an own unplayed
round the dummy; ``/Ck`` and ``/Mk`` cut with the VUR priority (Art. 16.5); ``/P`` counts
forfeited matches as played against the scheduled opponent.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction
from typing import TYPE_CHECKING, Optional, Sequence

import numpy as np

from ..reasons import Reason
from .breakdown import Breakdown
from .buchholz import CUT_HIGH, CUT_VUR, Elements, aob_breakdown, cuts, elements, kept_parts
from .context import Column
from .spec import Spec, TeamEvaluation, team_row
from .team_context import TeamContext, context_of, show

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["ROWS", "buchholz", "buchholz_lines", "element_sum", "element_lines", "score_kind"]


def score_kind(tb: TieBreak, primary: str) -> str:
    """``:MP``/``:GP`` or, without a qualifier, the primary score."""
    return tb.qualifier if tb.qualifier in ("MP", "GP") else primary


def team_elements(ctx: TeamContext, opp: str, own: Optional[str], forfeits_as_played: bool) -> tuple[Elements, int]:
    """Every team's elements of a Buchholz-like sum and their unit: the players' elements
    (:func:`~xl_tiebreak.tiebreaks.buchholz.elements`, Art. 16 applied per match) over the ``opp``
    score (:meth:`~.team_context.TeamContext.channel`): a played match gives the opponent's adjusted score,
    an own unplayed round the dummy (a VUR when the round is); ``own`` (the ESB family): the value is
    that score × the team's own points of kind ``own`` in the round, else the score itself."""
    ch = ctx.channel(opp)
    elems = elements(ch, False, forfeits_as_played)
    if own is None:
        return elems, ch.scale
    mine = ctx.channel(own)
    score, _, vur, present = elems
    return (score, score * mine.pts, vur, present), ch.scale * mine.scale


def element_sum(ctx: TeamContext, opp: str, own: Optional[str] = None, cut: int = 0, median: int = 0,
                forfeits_as_played: bool = False) -> Column:
    """Every team's sum of its elements (:func:`team_elements`) less the cuts: ``cut`` + ``median``
    least significant ones, then ``median`` most significant ones, with the VUR priority (C.07 Art.
    14, 16.5; the players' :func:`~xl_tiebreak.tiebreaks.buchholz.cuts`). BH, FB, SSSC's BH and the
    ESB family; computed once per evaluation."""
    def make() -> Column:
        elems, unit = team_elements(ctx, opp, own, forfeits_as_played)
        return Column(kept_parts(elems, cuts(elems, cut + median, median)).sum(axis=1), unit)
    got: Column = ctx.memo(("element sum", opp, own, cut, median, forfeits_as_played), make)
    return got


def element_lines(ctx: TeamContext, team: int, opp: str, own: Optional[str] = None, cut: int = 0, median: int = 0,
                  forfeits_as_played: bool = False) -> list[str]:
    """The account of :func:`element_sum` for one team, from the same elements and cuts: each
    round's element (what it counts and why), the elements cut (in the order cut, with why), the sum."""
    elems, unit = team_elements(ctx, opp, own, forfeits_as_played)
    i = ctx.teams.index(team)
    one: Elements = (elems[0][i:i + 1], elems[1][i:i + 1], elems[2][i:i + 1], elems[3][i:i + 1])
    steps = np.zeros(one[0].shape, dtype=np.int64)
    marks = cuts(one, cut + median, median, vur_branch=True, steps=steps)
    ch = ctx.channel(opp)
    score = [Fraction(v, ch.scale) for v in one[0][0].tolist()]
    value = [Fraction(v, unit) for v in one[1][0].tolist()]
    lines = []
    for r, rnd in enumerate(ctx.by_team[team]):
        if not one[3][0, r]:
            continue  # a sit-out of a round robin: no element (Art. 15.2)
        how = _element_how(ctx, i, r, opp, score[r], bool(one[2][0, r]), forfeits_as_played)
        if own is None:
            lines.append(f"  round {rnd.round}: {how} -> {show(value[r])}")
        else:
            got = ctx.channel(own)
            pts = Fraction(int(got.pts[i, r]), got.scale)
            lines.append(f"  round {rnd.round}: {how}; × own {own} {show(pts)} = {show(value[r])}")
    label = f"opponent's {opp}"
    kept = [r for r in range(ctx.rounds) if one[3][0, r]]
    if marks is not None:
        for r in sorted(np.flatnonzero(steps[0]).tolist(), key=lambda r: steps[0, r]):
            mark = marks[0, r]
            why = ("cut first: a VUR (Art. 16.5)" if mark == CUT_VUR else
                   f"cut: most significant, the highest {label} {show(score[r])} (median, Art. 14.2)"
                   if mark == CUT_HIGH else f"cut: least significant, the lowest {label} {show(score[r])} (Art. 14.1)")
            lines.append(f"  round {r + 1} {why}: {show(value[r])} left out")
        kept = [r for r in kept if not steps[0, r]]
    lines.append(f"  sum of the {len(kept)} element(s) kept: {show(sum((value[r] for r in kept), Fraction(0)))}")
    return lines


def _element_how(ctx: TeamContext, i: int, r: int, opp: str, score: Fraction, vur: bool,
                 forfeits_as_played: bool) -> str:
    """What round ``r`` of team row ``i`` counts in an account, in words: the opponent's adjusted
    score (and the rounds of it counted as drawn, Art. 16.3), or the dummy (Art. 16.4)."""
    ch = ctx.channel(opp)
    rnd = ctx.by_team[ctx.teams[i]][r]
    if ch.has_opp[i, r] and (ch.is_game[i, r] or forfeits_as_played or ctx.round_robin):
        drawn = int(ch.adjusted[1][int(ch.opp[i, r])].sum())
        note = f" ({drawn} round(s) of it counted as drawn, Art. 16.3)" if drawn else ""
        played = (" (a round robin: the forfeit counts as played, Art. 15.2)" if ctx.round_robin
                  else " (/P: the forfeit counts as played)")
        return (f"{rnd.kind} against team {rnd.opponent}: its adjusted {opp} {show(score)}{note}"
                + (played if not ch.is_game[i, r] else ""))
    return (f"{rnd.kind}" + (f" against team {rnd.opponent}" if rnd.opponent is not None else "")
            + f": {_dummy_how(ctx, i, r, opp)}" + (", a VUR" if vur else ""))


def _dummy_how(ctx: TeamContext, i: int, r: int, score: str) -> str:
    """How the dummy opponent's score of an own unplayed round was found (the edition's
    :meth:`~xl_tiebreak.editions.Edition.dummy`, Art. 16.4): the reason the arrays hold for it."""
    ch = ctx.channel(score)
    own = Fraction(int(ch.score[i]), ch.scale)
    got = ch.own_round
    reason = next(why for where, why in got.reason if (where is True if isinstance(where, bool) else where[i, r]))
    if reason is Reason.DUMMY_OWN:
        return f"dummy = own {score} {show(own)} (Art. 16.4, 2024)"
    nums, den = got.facts["cap"]
    cap = Fraction(int(np.asarray(nums)[i, r]), den)
    if reason is Reason.CAPPED_BY_OPPONENT:
        why = (f"scheduled opponent {ctx.by_team[ctx.teams[i]][r].opponent}'s adjusted {score} {show(cap)} "
               "(Art. 16.4.1, 2026)")
    else:
        why = f"a draw in each of {ctx.rounds} rounds, {show(cap)} (Art. 16.4.2, 2026)"
    if own <= cap:
        return f"dummy = own {score} {show(own)} (not above the cap: {why})"
    return f"dummy = own {score} {show(own)} capped at {why}"


def buchholz(ctx: TeamContext, team: int, score: str, cut: int = 0, median: int = 0,
             forfeits_as_played: bool = False) -> Fraction:
    """BH of one team in ``score`` with its cut/median (C.07 Art. 8.1, 14, 16)."""
    got = element_sum(ctx, score, None, cut, median, forfeits_as_played).value(ctx.teams.index(team))
    assert got is not None  # a sum is always defined
    return got


def buchholz_lines(ctx: TeamContext, team: int, score: str, cut: int, median: int, forfeits_as_played: bool,
                   title: str) -> list[str]:
    """The account of a Buchholz: every element, the cuts, the sum."""
    return [title, *element_lines(ctx, team, score, None, cut, median, forfeits_as_played)]


def _bh(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    ctx = context_of(ev)
    if tb.name == "FB":
        ctx = ctx.fore()
    return element_sum(ctx, score_kind(tb, ctx.primary), None, tb.cut, tb.median, tb.forfeits_as_played)


def _bh_account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    s = score_kind(tb, ctx.primary)
    head = f"{tb.code} of team {team} ({ctx.name(team)}), {s}, {ctx.edition.name}"
    if tb.name == "FB":
        if ctx.rounds < ctx.event.rounds:
            head += ": the final round is not reached, so FB is BH (Art. 8.3)"
        else:
            head += f": every paired match of round {ctx.rounds} counted as drawn (Art. 8.3)"
        ctx = ctx.fore()
    return buchholz_lines(ctx, team, s, tb.cut, tb.median, tb.forfeits_as_played, head)


def _aob_base(tb: TieBreak) -> TieBreak:
    """The opponents' value AOB averages: BH with AOB's own qualifier, cut or median and ``/P``
    (as the individual AOB does)."""
    return replace(tb, name="BH", k=None, reverse=False)


def _aob_breakdown(ctx: TeamContext, tb: TieBreak) -> Breakdown:
    """The players' AOB (:func:`~xl_tiebreak.tiebreaks.buchholz.aob_breakdown`, exact) over the team
    arrays: the mean of the opponents' :func:`_aob_base` over the matches played over the boards
    (forfeits and byes left out; in a round robin a forfeited match counts as played, Art. 15.2)."""
    bh = ctx.column(_aob_base(tb))  # always defined: a sum
    return aob_breakdown(ctx.channel(score_kind(tb, ctx.primary)), bh, None)


def _aob(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    return _aob_breakdown(context_of(ev), tb).column


def _aob_account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    base = _aob_base(tb)
    bd = _aob_breakdown(ctx, tb)
    i = ctx.teams.index(team)
    lines = [f"{tb.code} of team {team} ({ctx.name(team)}): the mean of {base.code} of the teams met over the "
             "boards (C.07 Art. 8.2; forfeited matches and byes count neither in the sum nor in the number)"]
    vals: list[Fraction] = []
    for r in np.flatnonzero(bd.facts["met"].num[i]).tolist():
        vals.append(Fraction(int(bd.parts[i, r]), bd.den))
        lines.append(f"  round {r + 1}: team {ctx.by_team[team][r].opponent}, {base.code} {show(vals[-1])}")
    mean = bd.column.value(i)
    if mean is None:
        lines.append("  no match played over the boards: undefined")
    else:
        lines.append(f"  {show(sum(vals, Fraction(0)))} / {len(vals)} = {show(mean)} (≈ {float(mean):.2f})")
    return lines


ROWS: list[Spec] = [
    team_row("BH", "Buchholz (sum of the opponents' MP or GP)", "C.07 Art. 8.1, 14, 16; TIEBREAK_RULES §5.6",
             _bh, _bh_account, modifiers="CMPR", qualifiers=("MP", "GP")),
    team_row("FB", "Fore Buchholz (BH with the final round's matches drawn)", "C.07 Art. 8.3, 16; "
             "TIEBREAK_RULES §5.7", _bh, _bh_account, modifiers="CMPR", qualifiers=("MP", "GP")),
    team_row("AOB", "Average of the opponents' Buchholz", "C.07 Art. 8.2; TIEBREAK_RULES §5.8", _aob, _aob_account,
             modifiers="CMPR", qualifiers=("MP", "GP"), decimals=2),
]
