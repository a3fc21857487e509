"""Direct encounter for teams: ``DE`` (C.07 Art. 6 on a team score) and the extended direct
encounter ``EDE`` with its knock-out chains ``EDET``, ``EDEB``, ``EDEBT``, ``EDEBB`` (C.07 Art. 13.3;
TIEBREAK_RULES §5.1, §5.17). All are Type A: a rank inside the group the earlier columns leave
tied (1 = best, lower is better).

* ``DE`` (Art. 6): the players' rule, written once in :mod:`xl_tiebreak.tiebreaks.direct`
  (:func:`~xl_tiebreak.tiebreaks.direct.encounter_tiers`), over the teams' matches: each tied team
  scores, in its matches against the other tied teams, the primary score (or the ``:MP``/``:GP``
  one); two teams that met more than once count the average of their matches (6.1.2); a won match
  (every board won, for game points) bounds what a team could reach (6.3). Forfeited matches (and
  a match of board forfeits only that one team won) are left out unless ``/P`` (6.1.1). In a round
  robin (the evaluation's ``round_robin``, Art. 15.2) they count as played, and the tied teams are
  taken to have all met (6.2).
* ``EDE`` (13.3): Art. 6 with the primary score; if it breaks no tie, with the secondary score
  (13.3.1). Any time a new subset of tied teams appears, it restarts from 13.3.1 (13.3.3). FIDE TEC's
  published answer to its exercise 45, the only worked example of a subset left by one split (a
  group the secondary score split), goes on with the score that split it ("still within the same
  application of the tie-break"), then the other one; FIDE's reference engine gacrux and Sharly do
  the same. That is the default (:data:`CONTINUE`); the literal reading, every new subset from the
  primary score again, is :data:`RESTART`, chosen by an evaluation whose ``ede_subset`` attribute
  says so (the team event option ``ede_subset``, ``--set ede-subset=restart``).
* The chains (13.3.2): when exactly two teams are still tied and they have the same match points
  and the same game points, the team knock-out tie-breaks of Art. 12 follow, in the chain's order:
  ``EDEBT`` BC then TBR, ``EDEBB`` BC then BBE, ``EDET`` TBR, ``EDEB`` BBE (``EDEC``, BC alone, is
  an extra of FIDE's reference engine, not in C.07's list). They count the team's boards over the
  whole event, as Art. 12 defines them ("in all games played by the team in the tournament",
  :mod:`.team_boards`). FIDE's reference engine gacrux instead counts only the boards of the two teams'
  encounters, and applies the steps even when the teams' game points differ: that reading is
  :data:`ENCOUNTER` (tests/oracle/README.md, "EDE knock-out steps"), chosen by an evaluation whose
  ``ede_knockout`` attribute says so (the text's :data:`EVENT` otherwise): the team event option
  ``ede_knockout`` (``compute_team(..., ede_knockout="encounter")``, ``--set ede-knockout=encounter``;
  :data:`xl_tiebreak.options.TEAM_CHOICES`).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from ..teams import FORFEITED, PLAYED, Match, match_score
from .direct import Meetings, MeetingsOf, Pass, encounter_pass, encounter_tiers
from .context import Column
from .spec import Spec, TeamEvaluation, team_row
from .team_boards import (Points, bbe_key, bc_value, board_points, board_total, boards_of, match_board_points, points_of,
                     tbr_key)
from .team_context import EDE_KNOCKOUT, EDE_SUBSET, show
from .team_typea import Ranked, account_earlier, ranked

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak
    from ..teams import TeamEvent

__all__ = ["ROWS", "CHAINS", "EVENT", "ENCOUNTER", "CONTINUE", "RESTART", "Encounters", "de_tiers", "ede_tiers",
           "played_match"]

#: the knock-out steps of each chain (C.07 Art. 13.3.2): C = BC, T = TBR, B = BBE
CHAINS: dict[str, str] = {"DE": "", "EDE": "", "EDEC": "C", "EDET": "T", "EDEB": "B", "EDEBT": "CT",
                          "EDEBB": "CB"}
_STEP_NAMES = {"C": "BC", "T": "TBR", "B": "BBE"}

#: where the knock-out steps of a chain count the boards: the whole event (Art. 12, the default) or
#: only the two teams' encounters (gacrux's reading, for comparison); the words of :data:`.team_context.EDE_KNOCKOUT`
EVENT, ENCOUNTER = EDE_KNOCKOUT

#: how EDE goes on in a new subset of tied teams (Art. 13.3.3): with the score that split it, then the
#: other (TEC's answer to its exercise 45, the default), or from the primary score again (the text);
#: the words of :data:`.team_context.EDE_SUBSET`
CONTINUE, RESTART = EDE_SUBSET


def played_match(event: "TeamEvent", m: Match) -> bool:
    """A match played over the boards: a board game was played in it, or both teams scored (board
    forfeits each way), as the team context counts a played round (:mod:`.team_context`). A match of
    board forfeits only that one team won is a forfeit for Art. 6.1.1, like a forfeited match."""
    if m.kind != PLAYED or m.opponent is None:
        return False
    other = next((o for o in event.matches_of(m.opponent) if o.round == m.round), None)
    theirs = other.boards if other is not None else ()
    if any(b.kind.is_game for b in (*m.boards, *theirs)):
        return True
    return sum((b.points for b in m.boards), Fraction(0)) > 0 and sum((b.points for b in theirs), Fraction(0)) > 0


@dataclass
class Encounters:
    """The team event as Art. 6 and 13.3 read it, over rounds 1..rounds."""

    event: "TeamEvent"
    rounds: int
    forfeits: bool = False  # /P: forfeited matches count as results (Art. 6.1.1)
    knockout: str = EVENT
    subset: str = CONTINUE  # Art. 13.3.3: CONTINUE (TEC's exercise 45) or RESTART
    round_robin: bool = False  # Art. 15.2: forfeits count as played; all have met (6.2)
    boards: Optional[int] = None  # board_total of the event, when the evaluation keeps it
    points: Optional[Callable[[int], Points]] = None  # a team's board points, when the evaluation keeps them
    known: Optional[dict[tuple[int, int], tuple[Fraction, Fraction]]] = None  # (team, round) -> (MP, GP) scored
    _scores: dict[int, list[tuple[Match, Fraction, Fraction]]] = field(default_factory=dict, init=False,
                                                                       repr=False)
    _met: dict[tuple[int, int, str], Optional[Fraction]] = field(default_factory=dict, init=False, repr=False)

    def counted(self, m: Match) -> bool:
        """Whether a match between two teams counts in the encounters (Art. 6.1.1)."""
        if m.round > self.rounds or m.opponent is None:
            return False
        if played_match(self.event, m):
            return True
        return (self.forfeits or self.round_robin) and m.kind in (PLAYED, FORFEITED)

    def scored(self, team: int) -> list[tuple[Match, Fraction, Fraction]]:
        """(match, match points, game points) of the team's rounds 1..rounds."""
        if team not in self._scores:
            known = self.known or {}
            self._scores[team] = [(m, *(known.get((m.team, m.round)) or match_score(self.event, m)))
                                  for m in self.event.matches_of(team) if m.round <= self.rounds]
        return self._scores[team]

    def totals(self, team: int) -> tuple[Fraction, Fraction]:
        """(match points, game points) of the team over rounds 1..rounds."""
        rows = self.scored(team)
        return sum((mp for _m, mp, _gp in rows), Fraction(0)), sum((gp for _m, _mp, gp in rows), Fraction(0))

    def win(self, score: str) -> Fraction:
        """The most a team can score in one match: a won match, or every board won."""
        return self.event.most_in_match(score)

    def against(self, team: int, other: int, score: str) -> Optional[Fraction]:
        """The team's score against ``other`` (the average of their counted matches, Art. 6.1.2),
        or None if they did not meet."""
        key = (team, other, score)
        if key not in self._met:
            got = [(mp if score == "MP" else gp) for m, mp, gp in self.scored(team)
                   if m.opponent == other and self.counted(m)]
            self._met[key] = sum(got, Fraction(0)) / len(got) if got else None
        return self._met[key]

    def meetings(self, score: str) -> MeetingsOf[Fraction]:
        """A tied group's meetings in ``score``, as Art. 6 reads them (the players' rule,
        :func:`~xl_tiebreak.tiebreaks.direct.encounter_pass`): each pair of teams that met, with the
        one's score against the other (:meth:`against`), and a won match in that score (:meth:`win`)."""
        def of(members: list[int]) -> Meetings[Fraction]:
            got = {(t, o): self.against(t, o, score) for t in members for o in members if o != t}
            return Meetings({pair: v for pair, v in got.items() if v is not None}, self.win(score))
        return of


def _names(ts: Sequence[int]) -> str:
    return "{" + ", ".join(map(str, ts)) + "}"


def _told(score: str, got: "Pass[Fraction]") -> str:
    """A pass of Art. 6 as a team account tells it."""
    members, sums, tiers = got.members, got.sums, got.tiers
    if got.maxima is None:
        return (f"{_names(members)}: all have met; {score} among them: "
                + ", ".join(f"{t}: {show(sums[t])}" for t in members)
                + (f" -> {' > '.join(_names(x) for x in tiers)}" if len(tiers) > 1 else " -> no tie broken")
                + " (C.07 Art. 6.2)")
    maxima, placed = got.maxima, got.placed
    return (f"{_names(members)}: not all have met; {score} among them (most reachable): "
            + ", ".join(f"{t}: {show(sums[t])} ({show(maxima[t])})" for t in members)
            + (f" -> placed {', '.join(map(str, placed))}" if placed else " -> no tie broken")
            + " (C.07 Art. 6.3)")


def de_pass(enc: Encounters, members: list[int], score: str,
            trace: Optional[list[str]] = None) -> list[list[int]]:
    """One application of Art. 6.2 / 6.3 to a tied group with one score (the players' rule,
    :func:`~xl_tiebreak.tiebreaks.direct.encounter_pass`): tiers, best first (a single tier when it
    breaks no tie)."""
    got = encounter_pass(enc.meetings(score), members, enc.round_robin)
    if trace is not None:
        trace.append(_told(score, got))
    return got.tiers


def de_tiers(enc: Encounters, members: list[int], score: str,
             trace: Optional[list[str]] = None) -> list[list[int]]:
    """Art. 6 with one score, reapplied to every subgroup still tied (6.2, 6.3): the players' rule,
    :func:`~xl_tiebreak.tiebreaks.direct.encounter_tiers`, over the teams' matches."""
    return encounter_tiers(enc.meetings(score), members, enc.round_robin,
                           None if trace is None else (lambda got: trace.append(_told(score, got))))


def _knockout_key(enc: Encounters, step: str, team: int, other: int) -> Optional[tuple[Fraction, ...]]:
    """The key one knock-out step compares (larger is better), over the whole event, or over the
    two teams' encounters (:data:`ENCOUNTER`: the average of their matches played over the
    boards; None when they did not meet)."""
    if enc.knockout == EVENT:
        pts = enc.points(team) if enc.points is not None else board_points(enc.event, team, enc.rounds, enc.boards)
    else:
        ms = [m for m in enc.event.matches_of(team) if m.opponent == other and m.round <= enc.rounds
              and played_match(enc.event, m)]
        if not ms:
            return None
        n = enc.boards if enc.boards is not None else board_total(enc.event)
        acc = [Fraction(0)] * n
        for m in ms:
            for i, v in enumerate(match_board_points(enc.event, m, n)[0]):
                acc[i] += v
        pts = tuple(v / len(ms) for v in acc)
    if step == "C":
        return (-bc_value(pts),)
    return tbr_key(pts) if step == "T" else bbe_key(pts)


def _knockout(enc: Encounters, pair: list[int], steps: str, trace: Optional[list[str]]) -> list[list[int]]:
    """The knock-out steps (Art. 13.3.2) for two teams still tied."""
    a, b = pair
    if enc.knockout == EVENT and enc.totals(a) != enc.totals(b):
        if trace is not None:
            trace.append(f"{_names(pair)}: still tied, but their match points or game points differ "
                         "(C.07 Art. 13.3.2 needs both equal): no knock-out tie-break")
        return [pair]
    for step in steps:
        ka, kb = _knockout_key(enc, step, a, b), _knockout_key(enc, step, b, a)
        name = _STEP_NAMES[step]
        if ka is None or kb is None:
            if trace is not None:
                trace.append(f"{_names(pair)}: {name}: they did not meet")
            continue
        if trace is not None:
            shown = {t: (-k[0],) if step == "C" else k for t, k in ((a, ka), (b, kb))}
            trace.append(f"{_names(pair)}: {name} ({'whole event' if enc.knockout == EVENT else 'their encounters'}"
                         f"): " + "; ".join(f"{t}: {' '.join(show(v) for v in shown[t])}" for t in pair)
                         + (" (lower is better)" if step == "C" else ""))
        if ka != kb:
            return [[a], [b]] if ka > kb else [[b], [a]]
    return [pair]


def ede_tiers(enc: Encounters, members: list[int], first: str, steps: str = "",
              trace: Optional[list[str]] = None, start: Optional[str] = None) -> list[list[int]]:
    """Art. 13.3 on a tied group: DE with the ``first`` score (the primary, or the code's ``:MP``/``:GP``),
    else with the other one (13.3.1); two teams still tied get the knock-out ``steps`` (13.3.2).
    A new subset (13.3.3) starts from ``start``: the score that split its group (:data:`CONTINUE`,
    TEC's exercise 45), or ``first`` again (:data:`RESTART`)."""
    if len(members) < 2:
        return [list(members)]
    begin = start or first
    if trace is not None and begin != first:
        trace.append(f"{_names(members)}: a new subset, still within the same application of EDE: {begin} first, "
                     "the score that split its group (FIDE TEC's answer to its exercise 45; C.07 Art. 13.3.3)")
    for score in (begin, "GP" if begin == "MP" else "MP"):
        tiers = de_pass(enc, members, score, trace)
        if len(tiers) > 1:
            after = score if enc.subset == CONTINUE else first
            out: list[list[int]] = []
            for tier in tiers:
                out.extend(ede_tiers(enc, tier, first, steps, trace, after))
            return out
    if len(members) == 2 and steps:
        return _knockout(enc, members, steps, trace)
    return [list(members)]


# ------------------------------------------------------------------------------ registry rows


def _first(ev: TeamEvaluation, tb: TieBreak) -> str:
    return tb.qualifier if tb.qualifier in ("MP", "GP") else ev.primary


def _encounters(ev: TeamEvaluation, tb: TieBreak) -> Encounters:
    """The encounters as the evaluation asks: a round robin (C.07 Art. 15.2) when its
    ``round_robin`` says so; the knock-out steps' reading from its ``ede_knockout`` (:data:`EVENT`,
    the default, or :data:`ENCOUNTER`) and a new subset's from its ``ede_subset`` (:data:`CONTINUE`,
    the default, or :data:`RESTART`), when it offers these open questions as options."""
    knockout = getattr(ev, "ede_knockout", None) or EVENT
    if knockout not in (EVENT, ENCOUNTER):
        raise ValueError(f"ede_knockout is {EVENT!r} or {ENCOUNTER!r}, not {knockout!r}")
    subset = getattr(ev, "ede_subset", None) or CONTINUE
    if subset not in (CONTINUE, RESTART):
        raise ValueError(f"ede_subset is {CONTINUE!r} or {RESTART!r}, not {subset!r}")
    return Encounters(ev.event, ev.rounds, tb.forfeits_as_played, knockout, subset,
                      round_robin=bool(getattr(ev, "round_robin", False)), boards=boards_of(ev), points=points_of(ev),
                      known=getattr(ev, "match_scores", None))


def _ranked(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column],
            account: Optional[int] = None) -> tuple[Ranked, Encounters]:
    """The code's column with its breakdown (each tied group's tiers), and the encounters it read;
    for the account of the team ``account`` names, its group only, with the passes of Art. 6 and
    the knock-out steps that ordered it."""
    enc = _encounters(ev, tb)
    first = _first(ev, tb)

    def order(group: list[int]) -> tuple[list[list[int]], list[str]]:
        trace: Optional[list[str]] = [] if account in group else None
        tiers = (de_tiers(enc, group, first, trace) if tb.name == "DE"
                 else ede_tiers(enc, group, first, CHAINS[tb.name], trace))
        return tiers, trace or []
    return ranked([t.no for t in ev.event.teams], earlier, order, focus=account), enc


def _compute(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    return _ranked(ev, tb, earlier)[0].column


def _account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    """The team's group, the scores among its members, the passes that ordered it and its rank,
    from the breakdown of the value (:func:`_ranked`)."""
    earlier, what = account_earlier(ev, tb)
    got, enc = _ranked(ev, tb, earlier, account=team)
    group = got.group(team)
    lines = [f"teams tied on {what}: {_names(group.members)}"]
    if len(group.members) == 1:
        return lines + ["alone in the group: rank 1"]
    for t in group.members:
        cells = []
        for o in group.members:
            if o != t:
                mp, gp = enc.against(t, o, "MP"), enc.against(t, o, "GP")
                cells.append(f"v {o}: " + ("not met" if mp is None or gp is None else f"{show(mp)} MP {show(gp)} GP"))
        lines.append(f"team {t}: " + "; ".join(cells))
    lines += group.told
    lines.append(f"{tb.code}: " + " > ".join(_names(x) for x in group.tiers) + f": team {team} is rank "
                 f"{got.rank(team)} of {len(group.members)}")
    if enc.round_robin:
        lines.append("a round robin: forfeited matches count as played, and all have met (C.07 Art. 15.2, 6.2)")
    elif not tb.forfeits_as_played:
        lines.append("forfeited matches are left out (C.07 Art. 6.1.1; /P counts them)")
    return lines


def _row(name: str, legend: str, article: str) -> Spec:
    return team_row(name, legend, article, _compute, _account, modifiers="P", qualifiers=("MP", "GP"),
                    lower_is_better=True, ranks=True, decimals=0)


ROWS: list[Spec] = [
    _row("DE", "Direct encounter on the team score (rank inside the tied group), C.07 Art. 6", "C.07 Art. 6"),
    _row("EDE", "Extended direct encounter: DE on the primary, then the secondary score, C.07 Art. 13.3",
         "C.07 Art. 13.3"),
    _row("EDEBT", "EDE, then for two teams still tied BC and TBR, C.07 Art. 13.3.2 a", "C.07 Art. 13.3.2"),
    _row("EDEBB", "EDE, then for two teams still tied BC and BBE, C.07 Art. 13.3.2 b", "C.07 Art. 13.3.2"),
    _row("EDET", "EDE, then for two teams still tied TBR, C.07 Art. 13.3.2 c", "C.07 Art. 13.3.2"),
    _row("EDEB", "EDE, then for two teams still tied BBE, C.07 Art. 13.3.2 d", "C.07 Art. 13.3.2"),
    _row("EDEC", "EDE, then for two teams still tied BC (gacrux's extra, not in C.07's list)",
         "TIEBREAK_RULES §5.1"),
]
