"""The FIDE Swiss team pairing (C.04.6, 2026) of one round of a :class:`~xl_tiebreak.teams.TeamEvent`:
the round and the teams to pair, the pairing (:mod:`.brackets`), the colours (:mod:`.colours`) and
the boards (C.04.2 art. 3.6). Team numbers are the TPNs (art. 1.1); a match's "white" team is the
one whose board-1 player has White (art. 1.6).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from ...model import Kind
from ...teams import ABSENT, BYE, FORFEITED, PAB, PLAYED, TeamEvent
from ..arbiter import trf_forbidden
from ..model import Pair, Pairing, PairingError, Unpaired
from .brackets import Field, pair_round
from .colours import allocate, colour_step
from .history import Colour, Model, board1_colour, model_of, secondary_used, team_states
from .trace import TeamTrace

#: system name -> colour model (art. 1.7); ``auto``: the one record 192 names, else Type A
SYSTEM_MODELS: dict[str, Optional[Model]] = {"auto": None, "fideteam": "A", "fideteam-typeb": "B",
                                             "fideteam-nocolor": "none"}
_NAMES: dict[Model, str] = {"A": "fideteam", "B": "fideteam-typeb", "none": "fideteam-nocolor"}
_STARTED = (PLAYED, FORFEITED, PAB)


def _started(event: TeamEvent, rnd: int) -> bool:
    return any(m.round == rnd and m.kind in _STARTED for m in event.matches)


def default_round(event: TeamEvent) -> int:
    """The round after the last one with a match (or a PAB) in it, or with a match paired whose
    results are still to come; 1 before any."""
    started = [r for r in range(1, event.rounds + 1) if _started(event, r)] + list(event.pending_rounds)
    return (max(started) + 1) if started else 1


def _missing_results(event: TeamEvent, before: int) -> list[str]:
    """The matches of rounds before ``before`` whose board results are not all in."""
    out: list[str] = []
    seen: set[tuple[int, int]] = set()
    for r in event.pending_rounds:
        if r >= before:
            continue
        for tm in event.teams:
            for p in tm.roster:
                pl = event.tournament.player(p)
                rd = pl.rounds[r - 1] if len(pl.rounds) >= r else None
                if rd is not None and rd.opponent is not None and rd.kind is Kind.NOT_PLAYED:
                    opp = next((t.no for t in event.teams if rd.opponent in t.roster), None)
                    key = (r, min(tm.no, opp or 0))
                    if key not in seen:
                        seen.add(key)
                        out.append(f"round {r}: team {tm.no} - team {opp}")
                    break
    return out


def absent_teams(event: TeamEvent, rnd: int) -> frozenset[int]:
    """Teams not paired in round ``rnd``: a team bye typed in advance (record 240 or the players'
    cells: F, H, Z), and, in a round already begun, a team with nothing in it (C.04.2 art. 3.2-3.3)."""
    started = _started(event, rnd)
    out = set()
    for m in event.matches:
        if m.round == rnd and (m.kind == BYE or (started and m.kind == ABSENT)):
            out.add(m.team)
    return frozenset(out)


def initial_colour(event: TeamEvent) -> Colour:
    """Art. 4.1's initial-colour: TRF record 152, else read back from round 1 through art. 4.3.1 (the
    first-team, the smaller TPN, of the played match holding the smallest TPN had the initial-colour
    if its TPN is odd), else White."""
    for line in event.tournament.header:
        if line[:3] == "152" and line[3:].strip()[:1].upper() in ("W", "B"):
            return "w" if line[3:].strip()[:1].upper() == "W" else "b"
    firsts = [m for m in event.matches if m.round == 1 and m.opponent is not None and m.team < m.opponent
              and board1_colour(event, m) is not None]
    if firsts:
        m = min(firsts, key=lambda m: m.team)
        c = board1_colour(event, m)
        assert c is not None
        return c if m.team % 2 else ("b" if c == "w" else "w")
    return "w"


def pair_team_event(event: TeamEvent, rnd: Optional[int] = None, system: str = "auto",
                    forbidden: tuple[frozenset[int], ...] = (), absent: frozenset[int] = frozenset(),
                    trace: Optional[TeamTrace] = None) -> Pairing:
    """Round ``rnd`` (default :func:`default_round`) of ``event`` paired by C.04.6 from rounds
    1..rnd-1; ``system`` ``auto`` (the colour model record 192 names, else Type A), or one of
    ``fideteam`` (Type A), ``fideteam-typeb``, ``fideteam-nocolor`` (art. 1.7); ``forbidden``:
    pairs of teams kept apart (with the TRF's records 260); ``absent``: more teams not to pair;
    ``trace``: why the round is paired so is noted in it (only when one is given)."""
    if system not in SYSTEM_MODELS:
        raise PairingError(f"--system {system}: a team event is paired by the FIDE Swiss team system (C.04.6): "
                           f"write {', '.join(SYSTEM_MODELS)}")
    model = SYSTEM_MODELS[system] or model_of(event)
    k = default_round(event) if rnd is None else rnd
    if k < 1:
        raise PairingError(f"round {k}: rounds are numbered from 1")
    if k > event.rounds:
        raise PairingError(f"round {k}: the event has {event.rounds} rounds (TRF record 142)" if rnd is not None else
                           f"all {event.rounds} rounds of the event (TRF record 142) are paired already")
    missing = _missing_results(event, k)
    if missing:
        raise PairingError("the results of these matches are missing, so round "
                           f"{k} cannot be paired yet: " + "; ".join(missing))
    if any(r < k for r in event.pending_rounds):
        raise PairingError(f"round {min(event.pending_rounds)} has matches whose results are still to come; "
                           f"round {k} is paired when they are in")
    states = team_states(event, k, model)
    out = absent_teams(event, k) | absent
    teams = sorted(t.no for t in event.teams if t.no not in out)
    known = {t.no for t in event.teams}
    for pair in forbidden:
        if pair - known:
            raise PairingError(f"forbidden pair {'-'.join(map(str, sorted(pair)))}: no team has number "
                               f"{min(pair - known)}")
    banned = {frozenset(p) for p in forbidden + trf_forbidden(event.tournament, k)}

    def can_meet(a: int, b: int) -> bool:
        return b not in states[a].opponents and frozenset((a, b)) not in banned
    f = Field(states, can_meet, floats_count=k <= event.rounds - 2)
    if len(teams) < 2:
        raise PairingError(f"round {k}: {len(teams)} team{'s' if len(teams) != 1 else ''} to pair; a round needs two")
    init, use2 = initial_colour(event), secondary_used(event)
    if trace is not None:
        trace.round, trace.model, trace.primary, trace.initial = k, model, event.primary, init
        trace.floats_count = f.floats_count
    pairs, pab = pair_round(f, teams, trace)
    coloured = [allocate(states[a], states[b], model, init, use2) for a, b in pairs]
    if trace is not None:
        trace.colours = [colour_step(states[a], states[b], model, init, use2) for a, b in pairs]

    def board_key(p: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        sa, sb = states[p[0]].score, states[p[1]].score
        return (-max(sa, sb), -(sa + sb), min(p))
    ordered = sorted(coloured, key=board_key)
    byes = ((Unpaired(pab, "PAB"),) if pab is not None else ()) + tuple(Unpaired(t, "absent") for t in sorted(out))
    return Pairing(k, _NAMES[model], tuple(Pair(i, w, b) for i, (w, b) in enumerate(ordered, 1)), byes)
