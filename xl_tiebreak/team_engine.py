"""Compute team tie-breaks and the team standings (C.07 Art. 2-4 and the team articles;
TIEBREAK_RULES §3, §5.17).

:func:`compute_team` gives every team's MP, GP and the value of each listed code, in standings
order: the primary score (record 192: MP or GP) first, then the codes one after another inside
each group still tied (C.07 Art. 4.2, 2026 wording); higher is better except where a row says
lower (BC, type A places) or ``/R`` reverses; an undefined value ranks after every defined one;
teams equal on everything share the rank (drawing of lots is the arbiter's).

:data:`DEFAULT_TEAM_LIST` is the list used when none is given: the Olympiad order written
relative to the primary score, ``ESB/C1, MPvGP, BH/C1``: with MP primary that is MP, EMGSB/C1,
GP, BH:MP/C1.

:func:`explain_team` tells one team's value of one code step by step, inside the same list as the
standings (a Type A code in the group the codes before it leave tied, C.07 Art. 4.2).

``ede_knockout`` (both): the reading of the EDE knock-out steps, C.07 Art. 13.3.2 (:data:`EDE_KNOCKOUT`):
``"event"``, the text (the default), or ``"encounter"``, gacrux's; a result computed with the latter
says so in its notes. ``ede_subset`` (both): how EDE goes on in a new subset of tied teams, C.07
Art. 13.3.3 (:data:`EDE_SUBSET`): ``"continue"``, FIDE TEC's answer to its exercise 45 (the default),
or ``"restart"``, the text read literally; a result computed with the latter says so in its notes.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction
from typing import Optional, Sequence

from .default_lists import DEFAULT_LISTS
from .descriptor import TeamCodes, TieBreak, parse_team, parse_team_list, team_spec
from .editions import Edition
from .errors import DescriptorError, InputError
from .formatting import decimals_for
from .standings import evaluate, list_keys, ranking, separated_by
from .teams import PAB, PabValue, TeamEvent
from .tiebreaks.team_context import EDE_KNOCKOUT, EDE_SUBSET, TeamContext, show

__all__ = ["compute_team", "explain_team", "TeamResult", "TeamRow", "DEFAULT_TEAM_LIST", "team_context",
           "EDE_KNOCKOUT", "EDE_SUBSET"]

#: the Olympiad order relative to the primary score (MP primary: MP, EMGSB/C1, GP, BH:MP/C1), as
#: :mod:`~xl_tiebreak.default_lists` defines it
DEFAULT_TEAM_LIST = DEFAULT_LISTS["team"]

#: the EDE chains whose knock-out steps (C.07 Art. 13.3.2) the ``ede_knockout`` reading changes
_KNOCKOUT_CHAINS = frozenset({"EDET", "EDEB", "EDEBT", "EDEBB", "EDEC"})

#: the codes built on Buchholz (not to be used in round robins under the 2026 text)
_BUCHHOLZ_FAMILY = frozenset({"BH", "FB", "AOB", "SSSC"})


@dataclass(frozen=True)
class TeamRow:
    """One team in the standings: number, name, MP, GP, one value per listed code (``None`` =
    undefined) and its rank (shared by teams equal on the primary score and every code)."""

    no: int
    name: str
    match_points: Fraction
    game_points: Fraction
    values: list[Optional[Fraction]]
    rank: int


@dataclass(frozen=True)
class TeamResult:
    """The team standings: edition and rounds used, the primary score, the PAB value used (with its
    source: ``320``, ``default`` or ``option``), the codes, the rows in standings order, and notes
    (choices made for the caller, e.g. the edition of an event dated before 2024)."""

    edition: Edition
    rounds: int
    primary: str
    pab: PabValue
    tiebreaks: list[TieBreak]
    rows: list[TeamRow]
    notes: list[str] = field(default_factory=list)
    round_robin: bool = False
    of: int = 0  # the event's rounds
    in_progress: int = 0  # the round in progress the values stop before (0: none)

    @property
    def label(self) -> str:
        """``after round k of N`` with the round in progress, as the individual standings say it."""
        head = f"after round {self.rounds}" + (f" of {self.of}" if self.of else "")
        return head + (f"; round {self.in_progress} in progress" if self.in_progress else "")

    @property
    def codes(self) -> list[str]:
        return [tb.code for tb in self.tiebreaks]

    @property
    def decimals(self) -> list[int]:
        """Each listed code's shown decimals: its row's, else the scores' (one); the renderers read
        it as they read :attr:`xl_tiebreak.engine.Result.decimals`."""
        return [decimals_for(tb) for tb in self.tiebreaks]

    def row(self, team: int) -> TeamRow:
        for r in self.rows:
            if r.no == team:
                return r
        raise KeyError(team)

    def separated_by(self, rows: Sequence[TeamRow]) -> list[Optional[str]]:
        """For each of ``rows`` (standings order): the code that set it below the team above on
        equal primary score (None: the first, not tied above, or equal on everything)."""
        codes = self.codes
        return [None] + [separated_by(codes, (self.primary_of(above), *above.values),
                                      (self.primary_of(row), *row.values)) for above, row in zip(rows, rows[1:])]

    def primary_of(self, row: TeamRow) -> Fraction:
        """The row's primary score (its MP or its GP)."""
        return row.match_points if self.primary == "MP" else row.game_points

    def value(self, team: int, code: str) -> Optional[Fraction]:
        """One team's value of one listed code (the code as listed, any case)."""
        want = parse_team(code).code
        for j, tb in enumerate(self.tiebreaks):
            if tb.code == want:
                return self.row(team).values[j]
        raise KeyError(f"{code} is not in this result's list ({', '.join(self.codes)})")


def team_context(event: TeamEvent, edition: "str | Edition | None" = None, rounds: Optional[int] = None,
                 pab: Optional[PabValue] = None, primary: Optional[str] = None,
                 round_robin: Optional[bool] = None, *, ede_knockout: str = EDE_KNOCKOUT[0],
                 ede_subset: str = EDE_SUBSET[0]) -> TeamContext:
    """The evaluation :func:`compute_team` uses (``pab``: a PAB value replacing the event's;
    ``primary``: ``"MP"``/``"GP"`` replacing the event's primary score, e.g. for a TRF-16 file,
    which cannot state it); ``round_robin``: Art. 15.2 instead of Art. 16 (:mod:`.tiebreaks.team_context`);
    ``None``: as the file says (the event's kind, TRF 092/192); ``ede_knockout``: the reading of
    the EDE knock-out steps (:data:`EDE_KNOCKOUT`, C.07 Art. 13.3.2: ``"event"``, the text, or
    ``"encounter"``, gacrux's; :mod:`.tiebreaks.team_encounter`); ``ede_subset``: how EDE goes on in a new subset of
    tied teams (:data:`EDE_SUBSET`, C.07 Art. 13.3.3: ``"continue"``, TEC's answer, or ``"restart"``)."""
    if round_robin is None:
        round_robin = event.tournament.kind == "round-robin"
    if primary is not None:
        p = primary.strip().upper()
        if p not in ("MP", "GP"):
            raise InputError(f"the primary score is MP or GP, not {primary!r}")
        event = replace(event, primary=p)
    if pab is not None:
        event = replace(event, pab=replace(pab, source="option") if pab.source == "default" else pab)
    return TeamContext(event, edition, rounds, team_spec, round_robin=round_robin, ede_knockout=ede_knockout,
                       ede_subset=ede_subset)


def _codes(event: TeamEvent, codes: TeamCodes) -> list[TieBreak]:
    """The codes asked for; without any, the file's list (record 202, or 212 without its PTS),
    else :data:`DEFAULT_TEAM_LIST`."""
    if codes is not None:
        return parse_team_list(codes)
    listed = list(event.tournament.tiebreaks)
    if not listed:
        return parse_team_list(list(DEFAULT_TEAM_LIST))
    try:
        return parse_team_list(listed)
    except DescriptorError as exc:
        raise DescriptorError(f"the file's tie-break list (record 202/212: {', '.join(listed)}): {exc}") from exc


def _knockout_note(ctx: TeamContext, tbs: list[TieBreak]) -> Optional[str]:
    """The note every output carries when the EDE knock-out steps are read as gacrux reads them
    (``ede_knockout="encounter"``, not the default)."""
    if ctx.ede_knockout == EDE_KNOCKOUT[0]:
        return None
    chains = [tb.code for tb in tbs if tb.name in _KNOCKOUT_CHAINS]
    head = ("EDE knock-out steps read as FIDE's reference engine gacrux reads them (ede-knockout=encounter): "
            "for any two teams EDE leaves tied, BC/TBR/BBE over the boards of their encounters only; the default "
            "(ede-knockout=event, C.07 Art. 13.3.2 and Art. 12) applies them only to two teams equal in MP and GP, "
            "over the whole event")
    if not chains:
        return head + "; no EDE chain is listed, so it changes nothing here"
    return head + f"; used by {', '.join(chains)}"


def _subset_note(ctx: TeamContext, tbs: list[TieBreak]) -> Optional[str]:
    """The note every output carries when a new subset of tied teams restarts EDE from the primary
    score (``ede_subset="restart"``, not the default)."""
    if ctx.ede_subset == EDE_SUBSET[0]:
        return None
    head = ("EDE restarts every new subset of tied teams from the primary score (ede-subset=restart, C.07 "
            "Art. 13.3.3 read literally); the default (ede-subset=continue, FIDE TEC's answer to its exercise 45, "
            "as FIDE's reference engine computes it) goes on with the score that split the group")
    chains = [tb.code for tb in tbs if tb.name.startswith("EDE")]
    return head + (f"; used by {', '.join(chains)}" if chains else "; no EDE code is listed, so it changes nothing "
                   "here")


def compute_team(event: TeamEvent, codes: TeamCodes = None, edition: "str | Edition | None" = None,
                 rounds: Optional[int] = None, pab: Optional[PabValue] = None,
                 primary: Optional[str] = None, round_robin: Optional[bool] = None, *,
                 ede_knockout: str = EDE_KNOCKOUT[0], ede_subset: str = EDE_SUBSET[0]) -> TeamResult:
    """Every team's MP, GP and values of ``codes`` (default: the file's list, record 202 or 212,
    else :data:`DEFAULT_TEAM_LIST`), in standings order. ``edition``: ``fide2024`` or ``fide2026`` (default: from the start date);
    ``rounds``: the rounds counted (default: up to the last round in which a team has a match, with
    a note when that is before the last round); ``pab``: a team PAB value replacing the event's;
    ``primary``: ``"MP"``/``"GP"`` replacing the event's (record 192; a TRF-16 file has none);
    ``round_robin``: the event is a round robin (C.07 Art. 15.2: no Art. 16; forfeits count as
    played; a 2026 note when a Buchholz code is listed, which that text forbids there); ``None``:
    as the file says (TRF 092/192); ``ede_knockout``: the reading of the EDE knock-out steps,
    ``"event"`` (the default, the text) or ``"encounter"`` (gacrux's; a note says so); ``ede_subset``:
    how EDE goes on in a new subset of tied teams, ``"continue"`` (the default, TEC's answer) or
    ``"restart"`` (the text read literally; a note says so).
    Bad codes raise :class:`~xl_tiebreak.errors.DescriptorError`, a bad edition
    :class:`~xl_tiebreak.errors.EditionError`, bad rounds :class:`InputError`."""
    if not event.teams:
        raise InputError("the team event has no teams: nothing to compute")
    tbs = _codes(event, codes)
    ctx = team_context(event, edition, rounds, pab, primary, round_robin, ede_knockout=ede_knockout,
                       ede_subset=ede_subset)
    round_robin = ctx.round_robin
    prim = ctx.primary
    cols = evaluate(ctx.column, tbs)
    teams = list(ctx.teams)
    order, first = ranking(list_keys(ctx.points, cols, tbs), teams)
    values = [c.values() for c in cols]
    rows = [TeamRow(teams[k], ctx.name(teams[k]), ctx.score(teams[k], "MP"), ctx.score(teams[k], "GP"),
                    [v[k] for v in values], top + 1) for k, top in zip(order, first)]
    notes = list(ctx.notes)
    notes += [n for n in (_knockout_note(ctx, tbs), _subset_note(ctx, tbs)) if n]
    bh = [tb.code for tb in tbs if tb.name in _BUCHHOLZ_FAMILY]
    if round_robin and ctx.edition.round_robin_buchholz and bh:
        notes.append(f"{', '.join(bh)}: the 2026 text (note to C.07 Art. 8) says the Buchholz tie-breaks are not "
                     "to be used in round robins")
    ev = ctx.event
    if ev.pab.source == "default" and any(m.kind == PAB and m.round <= ctx.rounds for m in ev.matches):
        mp, gp = ev.pab_points
        notes.append(f"the team PAB counts as a won match with every board won ({show(mp)} MP, {show(gp)} GP): "
                     "no record 320 states its value (TIEBREAK_RULES §5.17)")
    return TeamResult(ctx.edition, ctx.rounds, prim, ev.pab, tbs, rows, notes, round_robin, ev.rounds,
                      ctx.in_progress)


def explain_team(event: TeamEvent, code: "str | TieBreak", team: int, edition: "str | Edition | None" = None,
                 rounds: Optional[int] = None, pab: Optional[PabValue] = None,
                 primary: Optional[str] = None, round_robin: Optional[bool] = None, *, codes: TeamCodes = None,
                 ede_knockout: str = EDE_KNOCKOUT[0], ede_subset: str = EDE_SUBSET[0]) -> list[str]:
    """One team's value of one code, step by step: which matches, which opponent scores, what
    Art. 16 did. ``codes``: the event's list, as :func:`compute_team` takes it (default: the
    file's record 202/212, else :data:`DEFAULT_TEAM_LIST`), the same list the standings use.
    When the code is in it, the value is the standings' one: the list is computed up to the code,
    and a Type A code is ranked (and explained) inside the group the primary score and the codes
    before it leave tied (C.07 Art. 4.2). A code not in the list is computed after the primary
    score only, and a Type A account says so. ``ede_knockout``, ``ede_subset`` as for :func:`compute_team`."""
    tb = parse_team(code)
    tbs = _codes(event, codes)
    ctx = team_context(event, edition, rounds, pab, primary, round_robin, ede_knockout=ede_knockout,
                       ede_subset=ede_subset)
    if team not in ctx.teams:
        raise InputError(f"no team {team} in the event (teams {', '.join(map(str, ctx.teams))})")
    row = tb.spec
    listed = [x.code for x in tbs]
    if tb.code in listed:
        at = listed.index(tb.code)
        value = evaluate(ctx.column, tbs[:at + 1])[at].value(ctx.teams.index(team))
        before = [ctx.primary, *listed[:at]]
        where = (f"ranked inside the group tied on {', '.join(before)} (the list {', '.join(listed)}; C.07 Art. 4.2)"
                 if row.ranks else None)
    else:
        value = row.team_rule.compute(ctx, tb, [ctx.points]).value(ctx.teams.index(team))  # not kept: not listed
        where = (f"{tb.code} is not in the event's list ({', '.join(listed)}): ranked inside the group tied on the "
                 f"primary score ({ctx.primary}) only; the standings do not show this value" if row.ranks else None)
    lines = [f"{tb.code} = {show(value)} for team {team} ({ctx.name(team)}); {row.legend} ({row.article}); "
             f"{ctx.edition.name}, {ctx.rounds} round(s), primary score {ctx.primary}"]
    if where:
        lines.append(where)
    notes = list(ctx.notes) + [n for n in (_knockout_note(ctx, [tb]), _subset_note(ctx, [tb])) if n]
    lines += [f"note: {n}" for n in notes]
    if row.team_rule.account is not None:
        lines += row.team_rule.account(ctx, tb, team)
    return lines
