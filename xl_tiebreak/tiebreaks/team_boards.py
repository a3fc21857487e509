"""The board-based team tie-breaks of team knock-outs (C.07 Art. 12; TIEBREAK_RULES §5.17): BC,
TBR and BBE, over each board's game points "in all games played by the team in the tournament,
regardless of who was playing on it".

For these tie-breaks (C.07 Art. 12, introduction) individual forfeit wins and losses count as
standard wins and losses, and a team's pairing-allocated bye gives on every board the game points
of a standard win (whatever record 320 says the PAB is worth). The rounds without a match count
as their game points say: a forfeited match (330) won is a win on every board, lost (or lost by
both) nothing; a team bye F a win on every board, H a draw on every board, Z nothing; an absence
nothing.

* ``BC`` (Art. 12.1, a value, lower is better): Σ board number × the game points on that board.
  The article adds that it can only be used when the tied teams have the same game points: that
  is the arbiter's choice of the list, not a condition of the value.
* ``TBR`` (Art. 12.2, a rank inside the group still tied): the game points on board 1; if not
  decisive, on the top-most board not yet counted, and so on.
* ``BBE`` (Art. 12.3, a rank inside the group still tied): the game points on every board but the
  bottom one; if not decisive, the bottom-most board not yet excluded is excluded too, and so on.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from ..model import Kind
from ..teams import BYE, FORFEITED, PAB, PLAYED, Match, match_score
from .context import Column
from .spec import Spec, TeamAccount, TeamCompute, TeamEvaluation, team_row
from .team_context import show
from .team_typea import Ranked, account_earlier, account_group, ranked, tiers_by_key

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
    from ..teams import TeamEvent

__all__ = ["ROWS", "board_count", "board_points", "board_rounds", "match_board_points", "tbr_key",
           "bbe_key", "board_total", "bc_value", "boards_of", "points_of", "BoardPoints", "board_breakdown"]

Points = tuple[Fraction, ...]


def board_total(event: "TeamEvent") -> int:
    """The number of boards the board tie-breaks count: the event's boards, or more if a match
    fielded more."""
    most = max((b.board for m in event.matches for b in m.boards), default=0)
    return max(event.boards, most)


def match_board_points(event: "TeamEvent", m: Match, boards: int) -> tuple[Points, str]:
    """One team's round as game points board by board for the knock-out tie-breaks (C.07 Art. 12
    introduction), and a short description of what was counted."""
    sc = event.tournament.scoring
    zero = Fraction(0)
    if m.kind == PLAYED:
        pts = [zero] * boards
        for b in m.boards:
            if b.kind is Kind.FORFEIT_WIN:
                v = sc.win  # a forfeit win is a standard win (Art. 12)
            elif b.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
                v = sc.loss  # a forfeit loss is a standard loss (Art. 12)
            else:
                v = b.points
            pts[b.board - 1] += v
        return tuple(pts), f"match against team {m.opponent}" if m.opponent is not None else "boards won by forfeit"
    every = {FORFEITED: {"+": sc.win}.get(m.forfeit or "", zero),
             PAB: sc.win,  # a standard win on every board (Art. 12), whatever 320 gives the PAB
             BYE: {"F": sc.win, "H": sc.draw}.get(m.bye or "", zero)}.get(m.kind, zero)
    what = {FORFEITED: f"forfeited match against team {m.opponent} ({'won' if m.forfeit == '+' else 'lost'})",
            PAB: "pairing-allocated bye: a standard win on every board (C.07 Art. 12)",
            BYE: f"team bye {m.bye}"}.get(m.kind, "no match")
    return (every,) * boards, what


def board_rounds(event: "TeamEvent", team: int, rounds: int,
                 boards: Optional[int] = None) -> list[tuple[int, str, Points]]:
    """(round, what, game points board by board) for each of the team's rounds 1..rounds
    (``boards``: :func:`board_total` when the caller has it already; else it is counted)."""
    n = board_total(event) if boards is None else boards
    out = []
    for m in event.matches_of(team):
        if m.round <= rounds:
            pts, what = match_board_points(event, m, n)
            out.append((m.round, what, pts))
    return out


def board_points(event: "TeamEvent", team: int, rounds: int, boards: Optional[int] = None) -> Points:
    """The team's game points on each board (index 0 = board 1) over rounds 1..rounds
    (``boards``: :func:`board_total` when the caller has it already)."""
    n = board_total(event) if boards is None else boards
    tot = [Fraction(0)] * n
    for _r, _w, pts in board_rounds(event, team, rounds, n):
        for i, v in enumerate(pts):
            tot[i] += v
    return tuple(tot)


def boards_of(ev: TeamEvaluation) -> int:
    """:func:`board_total` of the evaluation's event, counted once per evaluation when it keeps
    values (a :class:`~.team_context.TeamContext`'s ``memo``)."""
    memo = getattr(ev, "memo", None)
    if callable(memo):
        return int(memo("board_total", lambda: board_total(ev.event)))
    return board_total(ev.event)


def points_of(ev: TeamEvaluation) -> Callable[[int], Points]:
    """A team's :func:`board_points` over the evaluation's rounds, computed once per team when
    the evaluation keeps values (a :class:`~.team_context.TeamContext`'s ``memo``)."""
    n = boards_of(ev)
    memo = getattr(ev, "memo", None)
    if callable(memo):
        return lambda team: memo(("board_points", team),
                                 lambda: board_points(ev.event, team, ev.rounds, n))
    return lambda team: board_points(ev.event, team, ev.rounds, n)


def bc_value(points: Points) -> Fraction:
    """Board count: Σ board number × game points on that board (C.07 Art. 12.1)."""
    return sum((Fraction(i + 1) * v for i, v in enumerate(points)), Fraction(0))


def board_count(event: "TeamEvent", rounds: int, points: Optional[Callable[[int], Points]] = None) -> Column:
    """BC of every team, one row per team in the event's order (C.07 Art. 12.1; lower is better);
    ``points``: a team's board points when the caller keeps them."""
    if points is None:
        n = board_total(event)
        return Column.of([bc_value(board_points(event, t.no, rounds, n)) for t in event.teams])
    return Column.of([bc_value(points(t.no)) for t in event.teams])


def tbr_key(points: Points) -> Points:
    """TBR compares board 1, then board 2, ... (C.07 Art. 12.2): the points in board order."""
    return points


def bbe_key(points: Points) -> Points:
    """BBE compares boards 1..n-1, then 1..n-2, ... (C.07 Art. 12.3): those partial sums."""
    n = len(points)
    return tuple(sum(points[:k], Fraction(0)) for k in range(n - 1, 0, -1))


# ------------------------------------------------------------------------------ breakdowns and accounts


@dataclass(frozen=True)
class BoardPoints:
    """The teams' game points board by board (C.07 Art. 12), summed (:meth:`total`) and, for the
    team whose account is asked, round by round (``rounds``: (round, what, points), whose sum its
    total is): what BC, TBR and BBE compute from and what their accounts show."""

    summed: Callable[[int], Points]  # a team's total, kept once per evaluation (:func:`points_of`)
    rounds: dict[int, list[tuple[int, str, Points]]]
    boards: int

    def total(self, team: int) -> Points:
        """The team's game points on each board (index 0 = board 1)."""
        shown = self.rounds.get(team)
        if shown is None:
            return self.summed(team)
        return tuple(sum(col, Fraction(0)) for col in zip(*(p for _r, _w, p in shown))) or (Fraction(0),) * self.boards


def board_breakdown(ev: TeamEvaluation, account: Optional[int] = None) -> BoardPoints:
    """:class:`BoardPoints` of the evaluation (the team ``account`` names: its rounds too, and its
    total summed from them)."""
    n = boards_of(ev)
    rounds = {} if account is None else {account: board_rounds(ev.event, account, ev.rounds, n)}
    return BoardPoints(points_of(ev), rounds, n)


def _board_lines(bp: BoardPoints, team: int) -> list[str]:
    lines = []
    for r, what, pts in bp.rounds[team]:
        lines.append(f"round {r}: {what}: " + " ".join(f"b{i + 1} {show(v)}" for i, v in enumerate(pts)))
    tot = bp.total(team)
    lines.append("game points by board: " + " ".join(f"b{i + 1} {show(v)}" for i, v in enumerate(tot)))
    return lines


def _bc_account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    bp = board_breakdown(ev, account=team)
    tot = bp.total(team)
    lines = _board_lines(bp, team)
    terms = " + ".join(f"{i + 1}×{show(v)}" for i, v in enumerate(tot))
    lines.append(f"BC = {terms} = {show(bc_value(tot))} (C.07 Art. 12.1: lower is better; forfeits count as "
                 "standard results, a PAB as a win on every board)")
    group, what = account_group(ev, tb, team)
    gp = {t: sum((match_score(ev.event, m)[1] for m in ev.event.matches_of(t) if m.round <= ev.rounds), Fraction(0))
          for t in group}
    if len(set(gp.values())) > 1:
        lines.append(f"note: the teams tied with it on {what} do not all have the same game points "
                     f"({', '.join(f'{t}: {show(v)}' for t, v in gp.items())}); BC can only be used when they do "
                     "(C.07 Art. 12.1): list the game points before BC")
    return lines


def _ranked(ev: TeamEvaluation, earlier: Sequence[Column], key_fn: Callable[[Points], Points], key_text: str,
            account: Optional[int] = None) -> tuple[Ranked, BoardPoints]:
    """TBR or BBE of every team, ranked inside the groups ``earlier`` leaves tied by the key of
    its board points, with its breakdown: each group's tiers; for the account of the team
    ``account`` names, its group only, with every member's key compared."""
    bp = board_breakdown(ev, account)

    def order(group: list[int]) -> tuple[list[list[int]], list[str]]:
        keys = {t: key_fn(bp.total(t)) for t in group}
        shown = group if account in group else []
        told = [f"team {t}: {key_text} " + " ".join(show(v) for v in keys[t]) for t in shown]
        return tiers_by_key(group, keys.__getitem__), told
    return ranked([t.no for t in ev.event.teams], earlier, order, focus=account), bp


def _rank_row(name: str, key_text: str, key_fn: Callable[[Points], Points]) -> tuple[TeamCompute, TeamAccount]:
    """The compute and the account of TBR or BBE (:func:`_ranked`): the account shows the team's
    boards round by round, its group, each member's compared points and the rank, from the
    breakdown of the value."""
    def compute(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
        return _ranked(ev, earlier, key_fn, key_text)[0].column

    def account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
        earlier, what = account_earlier(ev, tb)
        got, bp = _ranked(ev, earlier, key_fn, key_text, account=team)
        group = got.group(team)
        lines = _board_lines(bp, team)
        lines.append(f"teams tied on {what}: {', '.join(map(str, group.members))}")
        if len(group.members) == 1:
            lines.append("alone in the group: rank 1")
            return lines
        lines += group.told
        lines.append(f"{name}: compared from the left, the first difference decides: rank {got.rank(team)} "
                     f"of {len(group.members)}")
        return lines
    return compute, account


def _bc(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    return board_count(ev.event, ev.rounds, points_of(ev))


_TBR = _rank_row("TBR", "game points on boards 1, 2, ...:", tbr_key)
_BBE = _rank_row("BBE", "game points on boards 1..n-1, 1..n-2, ...:", bbe_key)
ROWS: list[Spec] = [
    team_row("BC", "Board count: Σ board × game points on it (lower is better), C.07 Art. 12.1",
             "C.07 Art. 12.1", _bc, _bc_account, lower_is_better=True),
    team_row("TBR", "Top board results (rank inside the tied group), C.07 Art. 12.2", "C.07 Art. 12.2", *_TBR,
             lower_is_better=True, ranks=True, decimals=0),
    team_row("BBE", "Bottom board elimination (rank inside the tied group), C.07 Art. 12.3", "C.07 Art. 12.3", *_BBE,
             lower_is_better=True, ranks=True, decimals=0),
]
