"""Who can still win: a round paired, its results still to come (issue 24, item 3).

For each board still to be played, each outcome (1-0, ½-½, 0-1) and the prize places 1..N:
which places each player can still reach, and who can still finish in each place.

*Exact* answers come from every combination of the outcomes of the boards that matter, each
completed event ranked by the engine (points, then the full tie-break list). A board matters
unless none of its two players is within the tie-breaks' reach of a *contender*:

- a **contender** can still finish in the top N on points with the ties going his way (fewer
  than N players strictly ahead in some outcome; each board's players are on that board only, so
  the fewest ahead is a sum of one minimum per board). A player who is not one is never in the
  top N, nor level on points with anyone who is (the N players ahead of him would be ahead of
  that one too), so places 1..N follow from the contenders' points and tie-break values alone;
- a tie-break's value reads the results of the player's own rounds (reach 0), also his
  opponents' rounds (reach 1: BH, SB, KS, ...) or theirs' opponents' too (reach 2: AOB), as its
  registry row states (``Spec.reach``; a row that does not say makes every board matter); a rank
  tie-break (DE) reads those of the members of the tied group, all contenders. A board neither
  of whose players is within that many opponent steps of a contender changes no contender's
  points and no value a contender is compared by, so it is fixed (as a draw) and not enumerated.

At most ``3 ** max_boards`` combinations are enumerated (``max_boards`` at most
:data:`MOST_BOARDS`), and the work is bounded before it starts: the combinations points alone do
not settle (counted first, cheaply) are each ranked by the engine, at a cost of about the event's
players x rounds (:func:`ranking_cost`); when their total passes :data:`WORK_BUDGET` (about 12 s of
CPU), nothing is ranked. Beyond either bound the answer is the one on points alone, which is exact as
far as it goes: the best place a player can reach with ties going his way, the best he can reach ahead of
everyone level with him, and the worst with ties going against him (each a sum of per-board
extremes, no enumeration). Combinations in which points alone settle places 1..N (no two
players level at a place up to N) are ranked without computing the tie-breaks.

The answer's own size is bounded too: a row per board outcome and player shown, and each
contender's reachable places on points (:meth:`PointsModel.reach_work` bounds the states they go
through) are counted before the work (:func:`answer_cost`); past :data:`ANSWER_BUDGET` (about 13 s
of CPU) the question is refused, naming --places and --round/--before (:func:`check_answer_size`,
the team what-if's refusal too).

Places are the standings' ranks (a place shared on everything is the first of the shared ones);
``N + 1`` stands for "below the prize places".
"""

from __future__ import annotations

import copy
import itertools
from dataclasses import dataclass, replace
from dataclasses import field as _field  # "field" is a WhatIf attribute
from fractions import Fraction
from typing import Iterable, Optional, Sequence, TypedDict

import numpy as np

from .descriptor import TieBreak
from .engine import Result, TieBreakList, compute, context, resolve_tiebreaks
from .errors import InputError
from .model import Kind, Tournament
from .options import Options
from .progress import progress
from .standings import ranking, sort_keys
from .arrays import Compiled, compiled, freeze
from .tiebreaks.context import Context
from .whatif_points import PointsModel
from .whatif_round import (OUTCOME_KINDS, OUTCOMES, PendingBoard, before_results, completed, pending_round,
                           played_outcomes)

__all__ = ["OUTCOMES", "DEFAULT_MAX_BOARDS", "MOST_BOARDS", "WORK_BUDGET", "PendingBoard", "Range", "OnPoints",
           "BoardOutcome", "WhatIf", "what_if", "pending_round", "completed", "before_results", "played_outcomes",
           "ranking_cost", "PointsModel", "PlacesAnswer", "combinations_text", "combinations_json", "ANSWER_BUDGET",
           "answer_cost", "check_answer_size"]


#: each outcome's half points for white and for black (:data:`OUTCOMES`)
_HALVES = ((2, 0), (1, 1), (0, 2))
#: Boards enumerated by default (3 ** 8 = 6,561 completed events at most) and at most.
DEFAULT_MAX_BOARDS = 8
MOST_BOARDS = 10
#: At most this many player places are ranked in all (combinations x players): a large event
#: enumerates fewer boards (3^8 combinations of 80 players: 524,880).
MOST_RANKED = 5_000_000
#: At most this much work ranking the combinations points alone do not settle, in steps of
#: :func:`ranking_cost` (a step is about 1.5 µs of CPU: 8 million about 12 s, measured on the real
#: events of ../shared/data): 3^8 combinations of an 80-player, 9-round event fit, 3^10 of a
#: 22-player event after round 3 (45,927 to rank, 30 s measured) do not.
WORK_BUDGET = 8_000_000
#: the steps of one ranking besides its players x rounds (the engine's fixed cost per call and the
#: completed event's arrays: about 0.6 ms)
_RANKING_BASE = 400
_STEP_SECONDS = 1.5e-6
_CHUNK = 4096  # combinations scored at once
#: At most this much work answering on points and writing the answer, in steps of
#: :func:`answer_cost` (a step about 20 µs of CPU: a row of the answer, a player's places under one
#: board's outcome, 13-20 µs; 250 states of a contender's reachable places, 0.074-0.112 µs each;
#: measured on ../shared/data/real, 66363 (294 players) before round 5: --places 60, 86 million
#: states, 8.2 s; --places 100, 212 million, 20.5 s; before round 9, --places 100, 59 million,
#: 6.3 s; Karl Mala (284 players) before round 5, --places 100, 127 million, 10.7 s): about 13 s.
#: Checked before the work (the contenders and their states counted, about
#: 50 ms); past it, a clear refusal (:func:`check_answer_size`).
ANSWER_BUDGET = 650_000
_ANSWER_STEP_SECONDS = 2e-5
#: a contender's reachable places (:meth:`PointsModel.reachable`): states per step
_REACH_STATES_PER_STEP = 250


def ranking_cost(players: int, rounds: int) -> int:
    """The work of ranking one completed event by the engine, in steps of :data:`WORK_BUDGET`:
    its players x rounds, plus a fixed cost per ranking (measured per combination ranked: 0.66 ms
    for 22 players x 3 rounds, 0.65 ms for 38 x 5; the engine alone 1.4 ms for 86 x 9, 4.4 ms for
    294 x 9)."""
    return players * rounds + _RANKING_BASE


def answer_cost(boards: int, contenders: int, reach_states: int) -> int:
    """The work of an answer besides ranking, in steps of :data:`ANSWER_BUDGET`: a row per outcome
    of each of the ``boards`` and player it shows (its two and the ``contenders``), and the
    contenders' reachable places (``reach_states``: :meth:`PointsModel.reach_work`, summed)."""
    return 3 * boards * (2 + contenders) + reach_states // _REACH_STATES_PER_STEP


def check_answer_size(cost: int, budget: int, step_seconds: float, places: int, contenders: str, over: str,
                      fewer: str) -> None:
    """Refuse (:class:`InputError`) an answer of ``cost`` steps past the ``budget``, naming --places
    and --round/--before: ``contenders`` who can still reach places 1..``places`` ("214 players"),
    ``over`` what is still to come ("the 147 boards still to play"), ``fewer`` what a smaller round
    has fewer of ("boards to play")."""
    if cost <= budget:
        return
    raise InputError(f"--places {places}: {contenders} can still reach places 1-{places}, and the answer over "
                     f"{over} would take about {cost * step_seconds:,.0f} s of CPU ({cost:,} steps), more than the "
                     f"budget of {budget * step_seconds:,.0f} s ({budget:,} steps); ask for fewer prize places "
                     f"(--places), or look at a round with fewer {fewer} (--round, --before)")


@dataclass(frozen=True)
class Range:
    """Places ``best``..``worst`` (``N + 1``: below the prize places)."""

    best: int
    worst: int


@dataclass(frozen=True)
class OnPoints:
    """A player's places on points alone: ``best`` with ties going his way, ``if_ties_lost`` the best
    place some outcome gives him with every tie on points going against him (a place he needs
    those results for, not one he is sure of), ``worst`` with ties going against him in the worst
    outcome; each clamped to ``N + 1``."""

    no: int
    points_now: Fraction
    max_points: Fraction
    best: int
    if_ties_lost: int
    worst: int
    #: each place up to N he can reach on points: "clear" (alone on his points there in some
    #: outcome: certainly reachable) or "tied" (only level with others: the tie-breaks decide)
    reachable: tuple[tuple[int, str], ...] = ()


class _Common(TypedDict):
    """The fields of a :class:`WhatIf` that both answers (exact and on points) share."""

    round: int
    of: int
    places: int
    boards: tuple[PendingBoard, ...]
    mattering: tuple[int, ...]
    max_boards: int
    field: int
    contenders: tuple[int, ...]
    reach: Optional[int]
    codes: tuple[str, ...]
    edition: str
    names: dict[int, str]
    on_points: dict[int, OnPoints]


@dataclass(frozen=True)
class BoardOutcome:
    """One board's one outcome (index into :data:`OUTCOMES`): the places of its two players and
    of the contenders (start number -> :class:`Range`) over every combination with it."""

    board: PendingBoard
    outcome: int
    places: dict[int, Range]


@dataclass(frozen=True)
class PlacesAnswer:
    """What a what-if answer says of the places, a player's (:class:`WhatIf`) or a team's
    (:class:`~xl_tiebreak.team_whatif.TeamWhatIf`): who can still finish in each, who only level on
    points, who is certain of one. ``exact``: from every combination ranked (``reachable``), else on
    points alone (``on_points``)."""

    places: int
    exact: bool
    contenders: tuple[int, ...]
    names: dict[int, str]
    on_points: dict[int, OnPoints]
    reachable: dict[int, tuple[int, ...]]
    shared: dict[int, tuple[int, ...]]  # places a competitor can reach only shared with another

    def can_finish(self, place: int) -> tuple[int, ...]:
        """Who can still finish in ``place`` (exact: in some combination; on points: in some outcome,
        alone on his points there or level with others, see :meth:`only_if_ties`)."""
        if self.exact:
            return tuple(no for no in self.contenders if place in self.reachable[no])
        return tuple(no for no in self.contenders if place in dict(self.on_points[no].reachable))

    def only_if_ties(self, place: int) -> tuple[int, ...]:
        """On points (not exact): those of :meth:`can_finish` who reach ``place`` only level on
        points with others, so that whether they can is for the tie-breaks to say."""
        if self.exact:
            return ()
        return tuple(no for no in self.contenders if dict(self.on_points[no].reachable).get(place) == "tied")

    def certain(self, place: int) -> tuple[int, ...]:
        """Who finishes in ``place`` whatever the results."""
        if self.exact:
            return tuple(no for no in self.contenders if self.reachable[no] == (place,))
        return tuple(no for no in self.contenders if self.on_points[no].worst == place == self.on_points[no].best
                     and self.on_points[no].if_ties_lost == place)


@dataclass(frozen=True)
class WhatIf(PlacesAnswer):
    """The answer. ``exact``: every combination of the ``mattering`` boards was ranked (else the
    places are on points alone, :class:`OnPoints`, and ``by_board`` holds their ranges: ties may
    go either way). ``reachable``: each contender's possible places (exact answers only)."""

    round: int
    of: int
    boards: tuple[PendingBoard, ...]
    mattering: tuple[int, ...]  # the board numbers enumerated (exact) or that would be
    max_boards: int
    field: int  # the players of the event
    combinations: int
    ranked_by_tiebreaks: int  # of those, the ones points alone did not settle
    reach: Optional[int]
    codes: tuple[str, ...]
    edition: str
    by_board: tuple[BoardOutcome, ...]
    #: looking back (:func:`before_results`): each board's result as it was played, by board number
    #: (``1-0``, ``½-½``, ``0-1``, or a forfeit ``+/-``, ``-/+``, ``-/-``); empty otherwise
    played: dict[int, str] = _field(default_factory=dict)
    #: on points alone because ranking would pass :data:`WORK_BUDGET`: the combinations points alone
    #: did not settle (0 otherwise), each a ranking of ``ranking_cost(field, round)`` steps
    over_budget: int = 0

    @property
    def message(self) -> Optional[str]:
        """Why the answer is on points alone, when it is."""
        if self.exact:
            return None
        return points_alone_message(len(self.mattering), "matter", self.max_boards, f"{self.field:,} players",
                                    "points", self.over_budget, ranking_cost(self.field, self.round), WORK_BUDGET,
                                    _STEP_SECONDS)


#: a count of combinations up to this is written in full (text and JSON); past it as ``3^k``
WRITTEN_IN_FULL = 10 ** 15


def combinations_text(combinations: int) -> str:
    """``combinations`` (a power of 3) as the text shows it: ``6,561``, or past
    :data:`WRITTEN_IN_FULL` ``3^800`` (not an 800-digit number)."""
    return f"{combinations:,}" if combinations <= WRITTEN_IN_FULL else f"3^{_log3(combinations)}"


def combinations_json(combinations: int) -> "int | str":
    """``combinations`` as JSON gives it: the number, or past :data:`WRITTEN_IN_FULL` the text
    ``"3^800"`` (a JSON reader with 64-bit floats would make the number Infinity, or round it)."""
    return combinations if combinations <= WRITTEN_IN_FULL else f"3^{_log3(combinations)}"


def _log3(power: int) -> int:
    k = round((power.bit_length() - 1) / 1.584962500721156)  # log2(3); exact below, checked
    while 3 ** k > power:
        k -= 1
    while 3 ** (k + 1) <= power:
        k += 1
    return k


def points_alone_message(k: int, boards: str, max_boards: int, field: str, score: str, over_budget: int,
                         cost: int, budget: int, step_seconds: float) -> str:
    """Why a what-if answer (a player's or a team's) is on ``score`` alone: the ``over_budget``
    combinations not settled on it would each take a ranking of ``cost`` steps (``step_seconds``
    each), past the ``budget``; else ``k`` boards (``boards``: "matter", "still to play") are past
    the bound ``max_boards``; else the places ranked (``field``: "9 players") pass
    :data:`MOST_RANKED`."""
    if over_budget:
        work = over_budget * cost
        why = (f"{over_budget:,} of them not settled on {score}, each to be ranked by the tie-breaks: about "
               f"{work * step_seconds:,.0f} s of CPU ({work:,} steps), more than the budget of "
               f"{budget * step_seconds:,.0f} s ({budget:,} steps)")
    elif k > max_boards:
        why = f"more than the bound of 3^{max_boards} = {3 ** max_boards:,}"
    else:
        why = f"which with {field} each is more than the bound of {MOST_RANKED:,} places ranked"
    return (f"{k} boards {boards}: {combinations_text(3 ** k)} combinations of results, {why}; the places below "
            f"are on {score} alone (tie-breaks not applied: a range shows the ties going either way)")


# ---------------------------------------------------------------------------------------- the answer


def what_if(t: Tournament, tiebreaks: TieBreakList = None, *, rnd: Optional[int] = None, places: int = 3,
            edition: Optional[str] = None, kind: Optional[str] = None, options: Optional[Options] = None,
            max_boards: int = DEFAULT_MAX_BOARDS) -> WhatIf:
    """Who can still finish in places 1..``places`` of ``t`` after round ``rnd`` (default: the
    round awaiting results), and what each outcome of each board does (see the module's text).

    >>> from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
    >>> cells = {1: ["2w1", "3w"], 2: ["1b0", "4w"], 3: ["4w½", "1b"], 4: ["3b½", "2b"]}  # round 2 paired
    >>> t = tournament_from_rows([CrosstableRow(no, f"P{no}", cells=c) for no, c in cells.items()])
    >>> w = what_if(t, "BH", places=1)
    >>> w.exact, w.can_finish(1), w.certain(1)
    (True, (1, 3, 4), ())
    >>> [(OUTCOMES[bo.outcome], bo.places[1].best) for bo in w.by_board if bo.board.number == 1]  # 1 v 3
    [('1-0', 1), ('½-½', 1), ('0-1', 2)]
    """
    if not 1 <= max_boards <= MOST_BOARDS:
        raise InputError(f"--max-boards {max_boards}: expected 1 to {MOST_BOARDS} (3^{MOST_BOARDS} = "
                         f"{3 ** MOST_BOARDS:,} combinations)")
    if not 1 <= places <= len(t.players):
        raise InputError(f"--places {places}: expected a number of prize places from 1 to {len(t.players)} "
                         "(the players)")
    rnd, boards = pending_round(t, rnd)
    drawn = completed(t, rnd, boards, [1] * len(boards))
    prog = progress(drawn)
    if prog.current == rnd:
        more = len(prog.waiting) - 1
        raise InputError(f"round {rnd}: nothing is entered for player {prog.waiting[0]}"
                         + (f" and {more} more" if more else "") + "; write - for an absence (or the bye) so "
                         "that the round's pairing is complete")
    ctx0 = context(drawn, edition=edition, rounds=rnd, kind=kind, options=options)
    tbs, codes = resolve_tiebreaks(drawn, tiebreaks, ctx0.rr)
    sc = t.scoring
    s = sc.scale
    before = {p.no: int(p.score(rnd - 1) * s) + (0 if p.rounds[rnd - 1].kind is Kind.NOT_PLAYED
                                                  else int(p.rounds[rnd - 1].points * s)) for p in t.players}
    model = PointsModel(before, [(b.white, b.black) for b in boards], int(sc.win * s), int(sc.draw * s),
                        int(sc.loss * s))
    n = places
    full = {p.no: model.places(p.no, {}) for p in t.players}
    contenders = tuple(no for no in sorted(full) if full[no][0] <= n)
    states = sum(model.reach_work(no, n) for no in contenders)
    check_answer_size(answer_cost(len(boards), len(contenders), states), ANSWER_BUDGET, _ANSWER_STEP_SECONDS, n,
                      f"{len(contenders):,} players", f"the {len(boards):,} boards still to play",
                      "boards to play")  # counted before the work
    on_points = {no: OnPoints(no, Fraction(before[no], s), Fraction(full[no][3], s), min(full[no][0], n + 1),
                              min(full[no][1], n + 1), min(full[no][2], n + 1), model.reachable(no, n))
                 for no in contenders}
    reach = _reach(tbs)
    matter = _mattering(drawn, rnd, boards, contenders, reach)
    names = {p.no: p.name for p in t.players}
    common: _Common = dict(round=rnd, of=t.rounds, places=n, boards=boards,
                           mattering=tuple(boards[i].number for i in matter), max_boards=max_boards,
                           field=len(t.players), contenders=contenders, reach=reach, codes=tuple(codes),
                           edition=ctx0.edition.name, names=names, on_points=on_points)
    if len(matter) > max_boards or 3 ** len(matter) * len(t.players) > MOST_RANKED:
        return _on_points(boards, model, common, 3 ** len(matter))
    return _enumerate(t, drawn, ctx0, tbs, rnd, boards, matter, model, common)


def _on_points(boards: Sequence[PendingBoard], model: "PointsModel", common: _Common, combinations: int,
               over_budget: int = 0) -> WhatIf:
    """The answer on points alone (see the module's text): each board's outcomes with the places
    of the players it concerns as ranges, the ties going either way."""
    n = common["places"]
    by_board = []
    for i, b in enumerate(boards):
        for o in range(3):
            shown = {}
            for no in _tracked(b, common["contenders"]):
                best, _, worst, _ = model.places(no, {i: o})
                shown[no] = Range(min(best, n + 1), min(worst, n + 1))
            by_board.append(BoardOutcome(b, o, shown))
    return WhatIf(exact=False, combinations=combinations, ranked_by_tiebreaks=0, reachable={}, shared={},
                  by_board=tuple(by_board), over_budget=over_budget, **common)


def _reach(tbs: Iterable[TieBreak]) -> Optional[int]:
    """The farthest reach of the list's rows (and the rows they read); None if one does not say."""
    most = 0
    for tb in tbs:
        chain = [tb] + ([tb.spec.needs(tb)] if tb.spec.needs is not None else [])
        for x in chain:
            r = x.spec.reach
            if r is None:
                return None
            most = max(most, r)
    return most


def _mattering(drawn: Tournament, rnd: int, boards: Sequence[PendingBoard], contenders: Sequence[int],
               reach: Optional[int]) -> list[int]:
    """The indices of the boards that matter (see the module's text)."""
    if reach is None:
        return list(range(len(boards)))
    a = compiled(drawn)
    index = drawn.positions
    near = {index[no] for no in contenders}
    frontier = set(near)
    opp = a.opp[:, :rnd]
    for _ in range(reach):
        nxt = {int(j) for i in frontier for j in opp[i] if j >= 0} - near
        near |= nxt
        frontier = nxt
    return [i for i, b in enumerate(boards) if index[b.white] in near or index[b.black] in near]


def _tracked(b: PendingBoard, contenders: Sequence[int]) -> list[int]:
    return [b.white, b.black] + [no for no in contenders if no not in (b.white, b.black)]


def _enumerate(t: Tournament, drawn: Tournament, ctx0: Context, tbs: Sequence[TieBreak], rnd: int,
               boards: Sequence[PendingBoard], matter: Sequence[int], model: PointsModel, common: _Common) -> WhatIf:
    """Rank every combination of the mattering boards' outcomes (the others drawn). Only the
    contenders are followed: places 1..n are theirs, and no one else is level with them."""
    n = common["places"]
    contenders: tuple[int, ...] = common["contenders"]
    col = {no: c for c, no in enumerate(contenders)}
    k = len(matter)
    combos = np.array(list(itertools.product(range(3), repeat=k)), dtype=np.int8).reshape(-1, k)
    W, D, L = model.gain[0][0], model.gain[1][0], model.gain[0][1]
    base = np.array([model.before[no] for no in contenders], dtype=np.int64)
    for i, b in enumerate(boards):
        for no in (b.white, b.black):
            if i not in matter and no in col:
                base[col[no]] += D
    gains = np.array([[W, L], [D, D], [L, W]], dtype=np.int64)
    place = np.full((len(combos), len(contenders)), n + 1, dtype=np.int16)
    shared = np.zeros((len(combos), len(contenders)), dtype=bool)
    unsettled: list[int] = []
    for first in range(0, len(combos), _CHUNK):
        chunk = combos[first:first + _CHUNK]
        scores = np.repeat(base[None, :], len(chunk), axis=0)
        for j, i in enumerate(matter):
            for side, no in enumerate((boards[i].white, boards[i].black)):
                if no in col:
                    scores[:, col[no]] += gains[chunk[:, j], side]
        top = -np.sort(-scores, axis=1)[:, :n + 1]
        settled = (top[:, :-1] > top[:, 1:]).all(axis=1)  # no two level at a place up to n
        order = np.argsort(-scores, axis=1, kind="stable")[:, :n]
        rows = np.nonzero(settled)[0]
        place[first + rows[:, None], order[rows]] = np.arange(1, order.shape[1] + 1, dtype=np.int16)[None, :]
        unsettled += (first + np.nonzero(~settled)[0]).tolist()
    if len(unsettled) * ranking_cost(len(t.players), rnd) > WORK_BUDGET:  # counted before any is ranked
        return _on_points(boards, model, common, len(combos), over_budget=len(unsettled))
    if unsettled:
        base_arrays = compiled(drawn)
        open_boards = [boards[i] for i in matter]
        for c in unsettled:
            got = _ranked(t, drawn, base_arrays, ctx0, tbs, rnd, open_boards, [int(x) for x in combos[c]], n)
            for no, (p_, sh) in got.items():
                if no not in col:  # (never: see the module's text; an answer it would make wrong is refused)
                    raise AssertionError(f"what-if: player {no} reached place {p_} without being a contender")
                place[c, col[no]] = p_
                shared[c, col[no]] = sh
    reachable = {no: tuple(sorted(set(place[:, col[no]].tolist()))) for no in contenders}
    shared_at = {no: tuple(sorted(set(place[shared[:, col[no]], col[no]].tolist()))) for no in contenders}
    by_board = []
    out = Range(n + 1, n + 1)
    for i, b in enumerate(boards):
        at = matter.index(i) if i in matter else None
        for o in range(3):
            rows_ = place if at is None else place[combos[:, at] == o]
            lo, hi = rows_.min(axis=0).tolist(), rows_.max(axis=0).tolist()
            by_board.append(BoardOutcome(b, o, {no: Range(lo[col[no]], hi[col[no]]) if no in col else out
                                                for no in _tracked(b, contenders)}))
    return WhatIf(exact=True, combinations=len(combos), ranked_by_tiebreaks=len(unsettled), reachable=reachable,
                  shared=shared_at, by_board=tuple(by_board), **common)


def _ranked(t: Tournament, drawn: Tournament, base: Compiled, ctx0: Context, tbs: Sequence[TieBreak], rnd: int,
            boards: Sequence[PendingBoard], outcome: Sequence[int], n: int) -> dict[int, tuple[int, bool]]:
    """The places 1..n of one combination (start number -> (place, shared)), ranked by the engine:
    the event with these results entered, its arrays those of ``drawn`` with the round's points
    changed (a game is a game whatever its result)."""
    arrays = copy.copy(base)
    pts = base.pts.copy()
    halves = base.halves.copy()
    index = t.positions
    s = base.scale
    col = rnd - 1
    for b, o in zip(boards, outcome):
        for no, kind, h in zip((b.white, b.black), OUTCOME_KINDS[o], _HALVES[o]):
            k = index[no]
            pts[k, col] = int(t.scoring.points(kind) * s)
            halves[k, col] = h
    arrays.pts, arrays.halves = freeze(pts, halves)
    event = completed(drawn, rnd, boards, outcome, arrays)
    ctx = Context(event, ctx0.edition, rnd, ctx0.options, ctx0.rr)
    return top_places(compute(ctx, tuple(tbs)), n)


def top_places(result: Result, n: int) -> dict[int, tuple[int, bool]]:
    """The standings' places up to ``n`` (start number -> (place, shared)), as :func:`rank
    <xl_tiebreak.standings.rank>` gives them (players equal on every key share the first of their
    places), without making the rows of the others."""
    order, first = ranking(sort_keys(result))
    players = result.tournament.players
    last = len(first) - 1
    return {players[k].no: (top + 1, top != pos or (pos < last and first[pos + 1] == top))
            for pos, (k, top) in enumerate(zip(order, first)) if top < n}
