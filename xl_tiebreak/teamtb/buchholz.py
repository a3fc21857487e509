"""Team Buchholz family (C.07 Art. 8.1-8.3, 14, 16; TIEBREAK_RULES §5.6-5.8, §5.17): ``BH``
(the sum of the opponents' scores), ``FB`` (BH with every paired match of the final round drawn)
and ``AOB`` (the average of the BH of the teams met over the boards).

``:MP`` / ``:GP`` choose the score summed (default: the primary score). Art. 16 applies per
match (:mod:`.context`): a played match gives the opponent's adjusted score, an own unplayed
round the dummy; ``/Ck`` and ``/Mk`` cut with the VUR priority (Art. 16.5); ``/P`` counts
forfeited matches as played against the scheduled opponent.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional, Sequence

from ..tiebreaks.spec import Spec, team_row
from .context import TeamContext, context_of, cut_elements, show
from .spec import TeamColumn, TeamEvaluation, TeamTieBreak

__all__ = ["ROWS", "buchholz", "buchholz_lines", "score_kind"]


def score_kind(tb: TeamTieBreak, primary: str) -> str:
    """``:MP``/``:GP`` or, without a qualifier, the primary score."""
    return tb.qualifier if tb.qualifier in ("MP", "GP") else primary


def buchholz(ctx: TeamContext, team: int, score: str, cut: int = 0, median: int = 0,
             forfeits_as_played: bool = False) -> Fraction:
    """BH of one team in ``score`` with its cut/median (C.07 Art. 8.1, 14, 16)."""
    kept, _ = cut_elements(ctx.elements(team, score, None, forfeits_as_played), cut + median, median)
    return sum((e.value for e in kept), Fraction(0))


def buchholz_lines(ctx: TeamContext, team: int, score: str, cut: int, median: int, forfeits_as_played: bool,
                   title: str) -> list[str]:
    """The account of a Buchholz: every element, the cuts, the sum."""
    elems = ctx.elements(team, score, None, forfeits_as_played, explain=True)
    kept, cut_list = cut_elements(elems, cut + median, median, f"opponent's {score}")
    lines = [title]
    for e in elems:
        lines.append(f"  round {e.round}: {e.how} -> {show(e.value)}")
    for e, why in cut_list:
        lines.append(f"  round {e.round} {why}: {show(e.value)} left out")
    total = sum((e.value for e in kept), Fraction(0))
    lines.append(f"  sum of the {len(kept)} element(s) kept: {show(total)}")
    return lines


def _bh(ev: TeamEvaluation, tb: TeamTieBreak, earlier: Sequence[TeamColumn]) -> TeamColumn:
    ctx = context_of(ev)
    if tb.name == "FB":
        ctx = ctx.fore()
    s = score_kind(tb, ctx.primary)
    return {t: buchholz(ctx, t, s, tb.cut, tb.median, tb.forfeits_as_played) for t in ctx.teams}


def _bh_account(ev: TeamEvaluation, tb: TeamTieBreak, team: int) -> list[str]:
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


def _aob_base(tb: TeamTieBreak) -> TeamTieBreak:
    """The opponents' value AOB averages: BH with AOB's own qualifier, cut or median and ``/P``
    (as the individual AOB does)."""
    return TeamTieBreak("BH", tb.qualifier, tb.cut, tb.median, None, tb.forfeits_as_played)


def _opponents(ctx: TeamContext, team: int) -> list[tuple[int, int]]:
    """(round, opponent) of the matches played over the boards (forfeits and byes left out; in a
    round robin a forfeited match counts as played, Art. 15.2)."""
    return [(r.round, r.opponent) for r in ctx.by_team[team]
            if r.opponent is not None and (r.played or ctx.round_robin)]  # round robin: forfeits count (15.2)


def _aob(ev: TeamEvaluation, tb: TeamTieBreak, earlier: Sequence[TeamColumn]) -> TeamColumn:
    ctx = context_of(ev)
    bh = ctx.column(_aob_base(tb))
    out: TeamColumn = {}
    for t in ctx.teams:
        vals = [bh[o] for _, o in _opponents(ctx, t)]
        got = [v for v in vals if v is not None]
        out[t] = sum(got, Fraction(0)) / len(got) if got else None
    return out


def _aob_account(ev: TeamEvaluation, tb: TeamTieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    base = _aob_base(tb)
    bh = ctx.column(base)
    lines = [f"{tb.code} of team {team} ({ctx.name(team)}): the mean of {base.code} of the teams met over the "
             "boards (C.07 Art. 8.2; forfeited matches and byes count neither in the sum nor in the number)"]
    vals: list[Fraction] = []
    for rnd, o in _opponents(ctx, team):
        v: Optional[Fraction] = bh[o]
        lines.append(f"  round {rnd}: team {o}, {base.code} {show(v)}")
        if v is not None:
            vals.append(v)
    if not vals:
        lines.append("  no match played over the boards: undefined")
    else:
        mean = sum(vals, Fraction(0)) / len(vals)
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
