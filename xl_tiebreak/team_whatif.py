"""Who can still win a team event: a round paired, its matches' results still to come (issue 34;
the team side of :mod:`xl_tiebreak.whatif`, whose text says what is enumerated and bounded).

A match still to be completed ends in one of its **results**: the game points of the two teams
(the boards already in, plus each open board won, drawn or lost), and the match points those
give (more game points win the match, C.07 team scoring, :mod:`xl_tiebreak.teams`). The places
are those of the team standings: the primary score (MP or GP, as the event says), then the team
tie-breaks (:func:`~xl_tiebreak.team_engine.compute_team`).

- **On points alone** (always computed, and the answer when the enumeration is too large): a
  match's results are its outcomes, and each team's best place, the best it reaches with ties on
  the primary score going against it, and its worst, are sums of per-match extremes
  (:class:`~xl_tiebreak.whatif.PointsModel`, the individual one's model over matches).
- **Exact**: every combination of the open boards' results (a team tie-break may read the boards:
  BC, TBR, BBE, the EDE chains; so the boards are enumerated, not only the match scores), each
  completed event ranked by the team engine where the primary score alone does not settle places
  1..N. At most ``3 ** max_boards`` combinations (``max_boards`` at most
  :data:`~xl_tiebreak.whatif.MOST_BOARDS`), and the ranking work is counted before it starts
  (:func:`team_ranking_cost`, at most :data:`TEAM_WORK_BUDGET`); beyond either bound the answer is on
  points alone, and says why. Every open match matters (the team rows do not state how far their
  values reach), so the boards counted are every open board of the round.

Places are the standings' ranks (teams equal on everything share the first of their places);
``N + 1`` stands for "below the prize places".
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, replace
from dataclasses import field as _field
from fractions import Fraction
from math import lcm
from typing import TYPE_CHECKING, Any, Callable, Optional, Sequence

import numpy as np

from .errors import InputError
from .formatting import format_value
from .model import Kind
from .teams import ABSENT, PLAYED, Match, TeamBoard, TeamEvent, match_score
from .whatif import (DEFAULT_MAX_BOARDS, MOST_BOARDS, MOST_RANKED, OnPoints, PlacesAnswer, PointsModel, Range,
                     check_answer_size, points_alone_message)

if TYPE_CHECKING:
    from .team_engine import TeamResult

__all__ = ["MatchResult", "PendingMatch", "MatchOutcome", "TeamWhatIf", "team_what_if", "pending_matches",
           "team_before_results", "played_results", "with_open_boards", "completed_event", "team_ranking_cost",
           "TEAM_WORK_BUDGET", "TEAM_ANSWER_BUDGET", "team_answer_cost"]

#: At most this much work ranking the combinations the primary score does not settle, in steps of
#: :func:`team_ranking_cost` (a step is about 20 µs of CPU: the team engine took 1.0 ms for the
#: shipped example, 4 teams x 2 rounds x 2 boards; 6 ms for a league of 8 teams x 4 rounds x 10
#: boards; 60 ms for 50 teams x 14 rounds x 4 boards, measured on ../shared/data): about 12 s.
TEAM_WORK_BUDGET = 600_000
#: At most this much work answering on the primary score and writing the answer, in steps of
#: :func:`team_answer_cost` (a step about 40 µs of CPU: a team's places under one match result,
#: worked out and written; measured on a generated 999-team event after round 8, 421 matches to
#: complete, 3,667 results: --places 3, 95,000 steps, 4.7 s; --places 10, 253,000 steps, 11 s):
#: about 12 s. Checked before the work (the contenders alone known); past it, a clear refusal.
TEAM_ANSWER_BUDGET = 300_000
_ANSWER_STEP_SECONDS = 4e-5
#: a contender's reachable places (:meth:`~xl_tiebreak.whatif.PointsModel.reachable`): states per
#: step, (places + 1)^2 states per match
_REACH_STATES_PER_STEP = 500
_RANKING_BASE = 40
_STEP_SECONDS = 2e-5
_CHUNK = 4096
#: a board's results from the home team's side: won, drawn, lost
_BOARD_KINDS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))
#: a board with no game: kept as entered when looking back
_FORFEITS = frozenset({Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT})


def team_ranking_cost(teams: int, rounds: int, boards: int) -> int:
    """The work of ranking one completed team event by the team engine, in steps of
    :data:`TEAM_WORK_BUDGET`: its teams x rounds x boards plus a fixed cost per ranking."""
    return teams * rounds * boards + _RANKING_BASE


def team_answer_cost(matches: Sequence[PendingMatch], contenders: int, places: int) -> int:
    """The work of the answer besides ranking, in steps of :data:`TEAM_ANSWER_BUDGET`: a row per
    match result and team it shows (its two teams and the contenders), and each contender's
    reachable places over the matches."""
    rows = sum(len(m.results) for m in matches) * (2 + contenders)
    return rows + contenders * len(matches) * (places + 1) ** 2 // _REACH_STATES_PER_STEP


def _points(v: Fraction) -> str:
    """Game points as a match score shows them: ``2½``, ``½``, ``3``."""
    whole, half = divmod(v, 1)
    if half == Fraction(1, 2):
        return ("" if whole == 0 else str(int(whole))) + "½"
    return format_value(v, 0) if half == 0 else format_value(v, 2)


@dataclass(frozen=True)
class MatchResult:
    """One result of a match: the game points of the home and away teams (every board, those
    already in included) and the match points they give."""

    home_gp: Fraction
    away_gp: Fraction
    home_mp: Fraction
    away_mp: Fraction

    @property
    def text(self) -> str:
        """``2½-1½``."""
        return f"{_points(self.home_gp)}-{_points(self.away_gp)}"


@dataclass(frozen=True)
class PendingMatch:
    """A match of the round with boards still to play: ``number`` counts from the top match (the
    matches ordered by the higher primary score of their teams, then by team number); ``home``
    the team named first in the event (the lower number); ``open`` its open boards (board number,
    home player, away player); ``entered`` the game points of the boards already in; ``results``
    every result it can still end in, the home team's best first."""

    number: int
    home: int
    away: int
    open: tuple[tuple[int, int, int], ...]
    entered: tuple[Fraction, Fraction]
    results: tuple[MatchResult, ...]
    #: for each (won, drawn) count of the open boards from the home side, the index of its result
    index: dict[tuple[int, int], int] = _field(default_factory=dict, compare=False, repr=False)


@dataclass(frozen=True)
class MatchOutcome:
    """One match's one result (index into :attr:`PendingMatch.results`): the places of its two
    teams and of the contenders (team number -> :class:`~xl_tiebreak.whatif.Range`) over every
    combination with it."""

    match: PendingMatch
    outcome: int
    places: dict[int, Range]


@dataclass(frozen=True)
class TeamWhatIf(PlacesAnswer):
    """The team answer, as :class:`~xl_tiebreak.whatif.WhatIf` with matches for boards: ``exact``
    every combination of the open boards was ranked (else on points alone, the primary score);
    ``by_match`` each match result's places; ``played`` (looking back) each match's result as
    played, by match number."""

    round: int
    of: int
    matches: tuple[PendingMatch, ...]
    open_boards: int
    max_boards: int
    field: int  # the teams of the event
    boards: int  # the boards of a match
    combinations: int
    ranked_by_tiebreaks: int
    codes: tuple[str, ...]
    edition: str
    primary: str
    by_match: tuple[MatchOutcome, ...]
    notes: tuple[str, ...] = ()
    played: dict[int, str] = _field(default_factory=dict)
    over_budget: int = 0

    @property
    def message(self) -> Optional[str]:
        """Why the answer is on points alone, when it is."""
        if self.exact:
            return None
        return points_alone_message(self.open_boards, "still to play", self.max_boards, f"{self.field:,} teams",
                                    self.primary, self.over_budget,
                                    team_ranking_cost(self.field, self.round, self.boards), TEAM_WORK_BUDGET,
                                    _STEP_SECONDS)


# ---------------------------------------------------------------------------------------- the round


def _open(m: Match) -> list[TeamBoard]:
    """A match's boards paired with their result still to come."""
    return [b for b in m.boards if b.kind is Kind.NOT_PLAYED and b.opponent is not None]


def with_open_boards(event: TeamEvent, rnd: int) -> TeamEvent:
    """``event`` with round ``rnd``'s boards paired with their result still to come (a board
    player's round with an opponent and no result, which the team reader leaves out of the
    matches) as boards of the matches: a match with no board in yet is made. Where the boards in
    are numbered 1, 2, ... in roster order (the reader's numbers without a 300 line-up), every
    board is numbered again in roster order; else (a 300 line-up's places) those are kept and the
    boards to come take the free numbers, in roster order (with several of one team to come, the
    line-up's order among them is not known here)."""
    t = event.tournament
    team_of = {p: tm.no for tm in event.teams for p in tm.roster}
    waiting: dict[int, list[tuple[int, int]]] = {}
    for tm in event.teams:
        for p in tm.roster:
            rounds = t.player(p).rounds
            rd = rounds[rnd - 1] if len(rounds) >= rnd else None
            if rd is not None and rd.kind is Kind.NOT_PLAYED and rd.opponent is not None:
                waiting.setdefault(tm.no, []).append((p, rd.opponent))
    if not waiting:
        return event
    out = []
    for m in event.matches:
        mine = waiting.get(m.team)
        if m.round != rnd or not mine:
            out.append(m)
            continue
        # a match whose only board in is a forfeit against no one (a no-show) has no opposing team yet
        opps = {team_of.get(o) for _p, o in mine} | ({m.opponent} if m.kind == PLAYED and m.opponent is not None
                                                      else set())
        if len(opps) != 1 or None in opps or m.kind not in (PLAYED, ABSENT):
            raise InputError(f"round {rnd}: team {m.team}'s boards to come are not one match against one team "
                             "(a player paired outside the teams, or with two teams); correct the pairing first")
        roster = event.team(m.team).roster
        new = [TeamBoard(0, p, o, Kind.NOT_PLAYED, Fraction(0)) for p, o in mine]
        old = sorted(m.boards, key=lambda b: b.board)

        def at(b: TeamBoard) -> int:
            return roster.index(b.player) if b.player in roster else len(roster)
        if [b.board for b in old] == list(range(1, len(old) + 1)) and old == sorted(old, key=at):  # the reader's
            boards = [replace(b, board=k) for k, b in enumerate(sorted(old + new, key=at), 1)]
        else:  # a line-up's numbers kept; the boards to come in the free ones
            used = {b.board for b in old}
            free = (k for k in itertools.count(1) if k not in used)
            boards = old + [replace(b, board=k) for b, k in zip(new, free)]
        out.append(Match(rnd, m.team, PLAYED, opponent=opps.pop(),
                         boards=tuple(sorted(boards, key=lambda b: b.board))))
    return replace(event, matches=tuple(out))


def pending_matches(event: TeamEvent, rnd: Optional[int] = None) -> tuple[int, tuple[PendingMatch, ...]]:
    """The round to look at (``rnd``, default the last round with boards awaiting results) and its
    matches with boards awaiting a result; a clear :class:`InputError` when there is none or the
    event is not in that state (an earlier round incomplete, a later round played)."""
    waiting = sorted(event.pending_rounds)
    if rnd is None:
        if not waiting:
            raise InputError("no round of the team event is paired with results to come; pair the round (the "
                             "boards' games with their results left blank) and ask again")
        rnd = waiting[-1]
    if not 1 <= rnd <= event.rounds:
        raise InputError(f"--round {rnd}: the event has {event.rounds} rounds (1 to {event.rounds})")
    earlier = [r for r in waiting if r < rnd]
    if earlier:
        raise InputError(f"round {earlier[0]}: a board has no result; enter the results of round {earlier[0]} first")
    later = sorted({m.round for m in event.matches if m.round > rnd and m.kind != ABSENT})
    if later:
        raise InputError(f"round {later[0]} is paired or played already: what-if looks at the last round paired "
                         f"(round {later[-1]}, if its results are to come); to look back at round {rnd}, --before "
                         f"{rnd}")
    if rnd not in waiting:
        played = any(m.round == rnd and m.kind != ABSENT for m in event.matches)
        raise InputError(f"round {rnd}: " + ("every result is in already; nothing is left to foresee (to look back at "
                                             f"it, --before {rnd})" if played
                                             else "not paired yet; pair it, results left blank, and ask again"))
    sc = event.tournament.scoring
    event = with_open_boards(event, rnd)
    found = []
    for m in event.matches:
        if m.round != rnd or m.kind != PLAYED or m.opponent is None or m.team > m.opponent:
            continue
        theirs = next((o for o in event.matches_of(m.opponent) if o.round == rnd), None)
        mine = _open(m)
        if not mine and (theirs is None or not _open(theirs)):
            continue
        if theirs is None or theirs.kind != PLAYED:
            raise InputError(f"round {rnd}: team {m.team} is paired with team {m.opponent}, whose own boards do not "
                             "say so; correct the pairing first")
        away_of = {b.player: b for b in theirs.boards}
        for b in mine:
            other = away_of.get(b.opponent or 0)
            if other is None or other.kind is not Kind.NOT_PLAYED or other.opponent != b.player:
                raise InputError(f"round {rnd}: player {b.player} of team {m.team} is paired with {b.opponent}, but "
                                 f"{b.opponent}'s own line does not say so; correct the pairing first")
        if len(_open(theirs)) != len(mine):
            raise InputError(f"round {rnd}: the match of teams {m.team} and {m.opponent} has boards to come on one "
                             "side only; correct the pairing first")
        entered = (sum((b.points for b in m.boards if b not in mine), Fraction(0)),
                   sum((b.points for b in theirs.boards if b.kind is not Kind.NOT_PLAYED), Fraction(0)))
        results: dict[tuple[Fraction, Fraction], MatchResult] = {}
        counts: dict[tuple[int, int], tuple[Fraction, Fraction]] = {}
        k = len(mine)
        for won in range(k + 1):
            for drawn in range(k - won + 1):
                lost = k - won - drawn
                gp = (entered[0] + won * sc.win + drawn * sc.draw + lost * sc.loss,
                      entered[1] + lost * sc.win + drawn * sc.draw + won * sc.loss)
                mv = event.match_values
                mp = (mv.win, mv.loss) if gp[0] > gp[1] else (mv.loss, mv.win) if gp[0] < gp[1] else (mv.draw, mv.draw)
                results.setdefault(gp, MatchResult(gp[0], gp[1], *mp))
                counts[won, drawn] = gp
        order = sorted(results, key=lambda g: (-g[0], g[1]))
        found.append((m.team, m.opponent, tuple((b.board, b.player, b.opponent or 0) for b in mine), entered,
                      tuple(results[g] for g in order), {c: order.index(g) for c, g in counts.items()}))
    if not found:
        raise InputError(f"round {rnd}: no match has a board paired with its result to come; pair the round's boards "
                         "(their results left blank) and ask again")
    which = 0 if event.primary == "MP" else 1
    top = {no: s[which] for no, s in _before(event, rnd, [(f[0], f[1]) for f in found]).items()}
    found.sort(key=lambda f: (-max(top[f[0]], top[f[1]]), f[0]))
    return rnd, tuple(PendingMatch(i + 1, *f) for i, f in enumerate(found))


def _before(event: TeamEvent, rnd: int, open_: Sequence[tuple[int, int]]) -> dict[int, tuple[Fraction, Fraction]]:
    """Each team's (MP, GP) over rounds 1..``rnd`` without the open matches' (``open_``: the home and
    away teams of each)."""
    skip = {(a, b) for a, b in open_} | {(b, a) for a, b in open_}
    out = {}
    for t in event.teams:
        mp = gp = Fraction(0)
        for m in event.matches_of(t.no):
            if m.round > rnd or (m.round == rnd and (m.team, m.opponent) in skip):
                continue
            a, b = match_score(event, m)
            mp += a
            gp += b
        out[t.no] = (mp, gp)
    return out


def team_before_results(event: TeamEvent, rnd: int) -> TeamEvent:
    """``event`` as it stood before round ``rnd``'s results, for looking back: the round's board
    games paired with their results to come, its forfeited boards (a forfeit on either side or both:
    no game, so no result to come), PABs, byes and forfeited matches kept as entered, the later
    rounds not reached yet. (Unlike the individual :func:`~xl_tiebreak.whatif.before_results`, which
    reopens a forfeit as a game: a match's result is the sum of its boards, and a forfeited board
    reopened would leave the match's played result out of those listed.)"""
    if not 1 <= rnd <= event.rounds:
        raise InputError(f"--before {rnd}: the event has {event.rounds} rounds (1 to {event.rounds})")
    out: list[Match] = []
    for m in event.matches:
        if m.round > rnd:
            out.append(Match(m.round, m.team, ABSENT))
        elif m.round == rnd and m.kind == PLAYED and m.opponent is not None:
            out.append(replace(m, boards=tuple(replace(b, kind=Kind.NOT_PLAYED, points=Fraction(0))
                                               if b.opponent is not None and b.kind not in _FORFEITS else b
                                               for b in m.boards)))
        else:
            out.append(m)
    if not any(m.round == rnd and _open(m) for m in out):
        raise InputError(f"--before {rnd}: round {rnd} has no match with a board to look back on")
    return replace(event, matches=tuple(out), pending_rounds=(rnd,))


def played_results(event: TeamEvent, rnd: int, matches: Sequence[PendingMatch]) -> dict[int, str]:
    """Each match's result in ``event`` (the event as played), home's first, by match number."""
    out = {}
    for pm in matches:
        home = next(m for m in event.matches_of(pm.home) if m.round == rnd)
        away = next(m for m in event.matches_of(pm.away) if m.round == rnd)
        out[pm.number] = MatchResult(match_score(event, home)[1], match_score(event, away)[1], Fraction(0),
                                     Fraction(0)).text
    return out


def completed_event(event: TeamEvent, rnd: int, matches: Sequence[PendingMatch], boards: Sequence[int]) -> TeamEvent:
    """``event`` with the open boards' results entered (``boards``: per open board, match by match,
    0 won, 1 drawn, 2 lost from the home side), no round in progress any more. The matches are
    what the team engine reads; the board players' own rounds are left as they were."""
    sc = event.tournament.scoring
    points = {Kind.WIN: sc.win, Kind.DRAW: sc.draw, Kind.LOSS: sc.loss}
    result: dict[tuple[int, int], Kind] = {}  # (team, player) -> his result
    it = iter(boards)
    for pm in matches:
        for _board, hp, ap in pm.open:
            kinds = _BOARD_KINDS[next(it)]
            result[pm.home, hp], result[pm.away, ap] = kinds
    out = []
    for m in event.matches:
        if m.round == rnd and m.kind == PLAYED and any((m.team, b.player) in result for b in m.boards):
            got = {b.player: result[m.team, b.player] for b in m.boards if (m.team, b.player) in result}
            m = replace(m, boards=tuple(replace(b, kind=got[b.player], points=points[got[b.player]])
                                        if b.player in got else b for b in m.boards))
        out.append(m)
    return replace(event, matches=tuple(out), pending_rounds=())


# ---------------------------------------------------------------------------------------- the answer


def team_what_if(event: TeamEvent, codes: Optional[str] = None, *, rnd: Optional[int] = None, places: int = 3,
                 edition: Optional[str] = None, max_boards: int = DEFAULT_MAX_BOARDS, ede_knockout: str = "event",
                 ede_subset: str = "continue") -> TeamWhatIf:
    """Which teams can still finish in places 1..``places`` of ``event`` after round ``rnd``
    (default: the round awaiting results), and what each result of each match does (see the
    module's text). ``codes``: the team tie-breaks (default: the file's list, else the Olympiad
    order); ``ede_knockout``/``ede_subset``: as :func:`~xl_tiebreak.team_engine.compute_team`.

    >>> from xl_tiebreak.trf.teams import read_team_trf
    >>> from xl_tiebreak.validation import Findings
    >>> from importlib.resources import files
    >>> text = files("xl_tiebreak").joinpath("data/example-teams.trf").read_text(encoding="utf-8")
    >>> event = team_before_results(read_team_trf(text, "t.trf", findings=Findings(strict=False)), 2)
    >>> w = team_what_if(event, "MPvGP", places=1)
    >>> w.exact, w.can_finish(1), w.certain(1)
    (True, (1, 3, 4), ())
    """
    from .team_engine import compute_team
    if not 1 <= max_boards <= MOST_BOARDS:
        raise InputError(f"--max-boards {max_boards}: expected 1 to {MOST_BOARDS} (3^{MOST_BOARDS} = "
                         f"{3 ** MOST_BOARDS:,} combinations)")
    if not 1 <= places <= len(event.teams):
        raise InputError(f"--places {places}: expected a number of prize places from 1 to {len(event.teams)} "
                         "(the teams)")
    rnd, matches = pending_matches(event, rnd)
    event = with_open_boards(event, rnd)
    k = sum(len(m.open) for m in matches)
    drawn = completed_event(event, rnd, matches, [1] * k)
    if drawn.pending_rounds or any(m.round == rnd and _open(m) for m in drawn.matches):
        raise InputError(f"round {rnd}: a board paired outside the matches found; correct the pairing first")

    def rank(ev: TeamEvent) -> "TeamResult":
        return compute_team(ev, codes, edition, rounds=rnd, ede_knockout=ede_knockout, ede_subset=ede_subset)
    first = rank(drawn)
    primary = first.primary
    which = 0 if primary == "MP" else 1
    before = {no: s[which] for no, s in _before(event, rnd, [(m.home, m.away) for m in matches]).items()}
    gains = [[(r.home_mp, r.away_mp) if which == 0 else (r.home_gp, r.away_gp) for r in m.results] for m in matches]
    scale = lcm(*(v.denominator for v in before.values()), *(v.denominator for g in gains for p in g for v in p))
    model = PointsModel({no: int(v * scale) for no, v in before.items()}, [(m.home, m.away) for m in matches],
                        outcomes=[[(int(a * scale), int(b * scale)) for a, b in g] for g in gains])
    n = places
    full = {t.no: model.places(t.no, {}) for t in event.teams}
    contenders = tuple(no for no in sorted(full) if full[no][0] <= n)
    check_answer_size(team_answer_cost(matches, len(contenders), n), TEAM_ANSWER_BUDGET, _ANSWER_STEP_SECONDS, n,
                      f"{len(contenders):,} teams", f"the {len(matches):,} matches still to complete",
                      "matches to complete")  # counted before the work
    on_points = {no: OnPoints(no, before[no], Fraction(full[no][3], scale), min(full[no][0], n + 1),
                              min(full[no][1], n + 1), min(full[no][2], n + 1), model.reachable(no, n))
                 for no in contenders}
    common: dict[str, Any] = dict(
        round=rnd, of=event.rounds, places=n, matches=matches, open_boards=k, max_boards=max_boards,
        field=len(event.teams), boards=event.boards, contenders=contenders, codes=tuple(first.codes),
        edition=first.edition.name, primary=primary, names={t.no: t.name for t in event.teams}, on_points=on_points,
        notes=tuple(n_ for n_ in first.notes if "in progress" not in n_))
    if k > max_boards or 3 ** k * len(event.teams) > MOST_RANKED:
        return _on_points(matches, model, common, 3 ** k)
    return _enumerate(event, rnd, matches, model, common, rank)


def _tracked(m: PendingMatch, contenders: Sequence[int]) -> list[int]:
    return [m.home, m.away] + [no for no in contenders if no not in (m.home, m.away)]


def _on_points(matches: Sequence[PendingMatch], model: PointsModel, common: dict[str, Any], combinations: int,
               over_budget: int = 0) -> TeamWhatIf:
    """The answer on the primary score alone: each match result with the places of the teams it
    concerns as ranges, the ties going either way."""
    n = common["places"]
    by_match = []
    for i, m in enumerate(matches):
        for o in range(len(m.results)):
            shown = {}
            for no in _tracked(m, common["contenders"]):
                best, _, worst, _ = model.places(no, {i: o})
                shown[no] = Range(min(best, n + 1), min(worst, n + 1))
            by_match.append(MatchOutcome(m, o, shown))
    return TeamWhatIf(exact=False, combinations=combinations, ranked_by_tiebreaks=0, reachable={}, shared={},
                      by_match=tuple(by_match), over_budget=over_budget, **common)


def _enumerate(event: TeamEvent, rnd: int, matches: Sequence[PendingMatch], model: PointsModel,
               common: dict[str, Any], rank: Callable[[TeamEvent], "TeamResult"]) -> TeamWhatIf:
    """Rank every combination of the open boards' results (see the module's text); only the
    contenders are followed."""
    n = common["places"]
    contenders: tuple[int, ...] = common["contenders"]
    col = {no: c for c, no in enumerate(contenders)}
    k = common["open_boards"]
    combos = np.array(list(itertools.product(range(3), repeat=k)), dtype=np.int8).reshape(-1, k)
    # each combination's result index per match, from its open boards' won and drawn counts
    outcome = np.zeros((len(combos), len(matches)), dtype=np.int64)
    at = 0
    for j, m in enumerate(matches):
        cols = combos[:, at:at + len(m.open)]
        at += len(m.open)
        won, drawn = (cols == 0).sum(axis=1), (cols == 1).sum(axis=1)
        table = np.zeros((len(m.open) + 1, len(m.open) + 1), dtype=np.int64)
        for (w, d), idx in m.index.items():
            table[w, d] = idx
        outcome[:, j] = table[won, drawn]
    scores = np.repeat(np.array([model.before[no] for no in contenders], dtype=np.int64)[None, :], len(combos), axis=0)
    for j, m in enumerate(matches):
        for side, no in enumerate((m.home, m.away)):
            if no in col:
                scores[:, col[no]] += model.gains[j, outcome[:, j], side]
    place = np.full((len(combos), len(contenders)), n + 1, dtype=np.int16)
    shared = np.zeros((len(combos), len(contenders)), dtype=bool)
    top = -np.sort(-scores, axis=1)[:, :n + 1]
    settled = (top[:, :-1] > top[:, 1:]).all(axis=1)  # no two level at a place up to n
    order = np.argsort(-scores, axis=1, kind="stable")[:, :n]
    rows = np.nonzero(settled)[0]
    place[rows[:, None], order[rows]] = np.arange(1, order.shape[1] + 1, dtype=np.int16)[None, :]
    unsettled = np.nonzero(~settled)[0].tolist()
    cost = team_ranking_cost(len(event.teams), rnd, event.boards)
    if len(unsettled) * cost > TEAM_WORK_BUDGET:  # counted before any is ranked
        return _on_points(matches, model, common, len(combos), over_budget=len(unsettled))
    for c in unsettled:
        got = rank(completed_event(event, rnd, matches, [int(x) for x in combos[c]]))
        ranks = [r.rank for r in got.rows]
        for r in got.rows:
            if r.rank <= n:
                if r.no not in col:  # (never: a team that is not a contender is never level with one in 1..n)
                    raise AssertionError(f"what-if: team {r.no} reached place {r.rank} without being a contender")
                place[c, col[r.no]] = r.rank
                shared[c, col[r.no]] = ranks.count(r.rank) > 1
    reachable = {no: tuple(sorted(set(place[:, col[no]].tolist()))) for no in contenders}
    shared_at = {no: tuple(sorted(set(place[shared[:, col[no]], col[no]].tolist()))) for no in contenders}
    by_match = []
    out = Range(n + 1, n + 1)
    for j, m in enumerate(matches):
        for o in range(len(m.results)):
            sel = place[outcome[:, j] == o]
            lo, hi = sel.min(axis=0).tolist(), sel.max(axis=0).tolist()
            by_match.append(MatchOutcome(m, o, {no: Range(lo[col[no]], hi[col[no]]) if no in col else out
                                                for no in _tracked(m, contenders)}))
    return TeamWhatIf(exact=True, combinations=len(combos), ranked_by_tiebreaks=len(unsettled), reachable=reachable,
                      shared=shared_at, by_match=tuple(by_match), **common)
