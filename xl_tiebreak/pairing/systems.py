"""The pairing systems by name: one row each (a function ``Request -> Pairing``), and the choice
``auto`` makes from the event's type (a round robin: Berger, C.05 Annex 1; a Swiss event: the
Dutch system, C.04.3). Every face (the ``pair`` command, the workbook) pairs through here."""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Callable, Optional

from ..model import Kind, Tournament
from .arbiter import checked_forbidden, colour_option, trf_forbidden
from .berger import pair_berger
from .dutch import pair_dutch
from .dutch.trace import Trace
from .model import Pairing, PairingError, System, Unpaired
from .next_round import Place, check_typed, request_for

if TYPE_CHECKING:
    from ..teams import TeamEvent
    from .team.trace import TeamTrace


#: name -> system; ``auto`` picks one of these by the event's type (:func:`chosen_system`)
SYSTEMS: dict[str, System] = {
    "berger": pair_berger,
    "dutch": pair_dutch,
}


#: the team systems (C.04.6, FIDE Swiss team pairing), one per colour model of art. 1.7: Type A, Type B,
#: no preferences; ``auto`` takes the one TRF record 192 names for a team event (:func:`pair_team`)
TEAM_SYSTEMS = ("fideteam", "fideteam-typeb", "fideteam-nocolor")


def chosen_system(t: Tournament, name: str = "auto") -> str:
    """The system's name: ``name``, or for ``auto`` Berger for a round robin (the event's type:
    TRF record 192/092, a workbook's Settings) and Dutch for a Swiss event."""
    if name in TEAM_SYSTEMS:
        raise PairingError(f"--system {name}: the FIDE Swiss team system (C.04.6) pairs a team event (a team TRF or "
                           "team workbook); this is an individual event")
    if name == "auto":
        return "berger" if t.kind == "round-robin" else "dutch"
    if name not in SYSTEMS:
        raise PairingError(f"--system {name!r}: write auto, {', '.join(SYSTEMS)}")
    return name


def system_words(system: str) -> str:
    """A system's name and article, for a printed heading."""
    return {"berger": "Berger tables, C.05 Annex 1", "dutch": "Dutch system, C.04.3",
            "fideteam": "FIDE Swiss team system, C.04.6, Type A colour preferences",
            "fideteam-typeb": "FIDE Swiss team system, C.04.6, Type B colour preferences",
            "fideteam-nocolor": "FIDE Swiss team system, C.04.6, no colour preferences"}.get(system, system)


def kind_words(kind: str) -> str:
    """Why a player is not paired, in words."""
    return {"PAB": "pairing-allocated bye", "absent": "absent", "sit-out": "sits out"}.get(kind, kind)


#: what was typed in the round of a player not paired, in words (C.04.2 art. 3.2-3.3)
_TYPED = {Kind.HALF_BYE: "half-point bye (H)", Kind.FULL_BYE: "full-point bye (F)",
          Kind.ZERO_BYE: "zero-point bye (Z)", Kind.WITHDRAWN: "withdrawn"}


def unpaired_words(t: Tournament, rnd: int, u: Unpaired) -> str:
    """Why ``u`` is not paired in round ``rnd``, for a printed list: the PAB with its points
    (C.04.1 art. 3; TRF record 162), the bye typed in advance, a withdrawal (in that round or
    before), else absent; a round robin's sit-out."""
    if u.kind == "PAB":
        pts = t.scoring.pab_points
        return f"pairing-allocated bye ({float(pts):g} point{'s' if pts != 1 else ''})"
    if u.kind == "absent":
        player = next((p for p in t.players if p.no == u.no), None)
        if player is not None:
            kinds = [r.kind for r in player.rounds[:rnd]]
            if Kind.WITHDRAWN in kinds[:-1]:
                return "withdrawn"
            if kinds and kinds[-1] in _TYPED:
                return _TYPED[kinds[-1]]
    return kind_words(u.kind)


def pair_event(t: Tournament, rnd: Optional[int], system: str, place: Place,
               options: tuple[tuple[str, str], ...] = (),
               blank: Callable[[int], frozenset[int]] = lambda k: frozenset(),
               forbidden: tuple[frozenset[int], ...] = (), initial_colour: Optional[str] = None,
               trace: Optional[Trace] = None, baku: bool = False) -> Pairing:
    """Round ``rnd`` of ``t`` (default: the first with a result missing) paired by ``system``
    (``auto``: :func:`chosen_system`), every face's one way to pair: the round and its typed
    absences (:func:`.next_round.request_for`), the system's pairing, and a pair typed in the
    round beforehand checked against it (:func:`.next_round.check_typed`). ``options`` go to the
    Berger tables only (a TRF's record 192); ``place`` names a player's round in messages.
    ``forbidden``: pairs the arbiter forbids (``--forbid``), with a TRF's record 260 for the round
    (:mod:`.arbiter`); ``initial_colour`` (white, black) the colour drawn for round 1 (C.04.3 art.
    5.1), else TRF record 152; ``trace``: the Dutch engine records in it why it paired so
    (``pair --explain``); ``baku`` asks for Baku acceleration (C.04.7, a Swiss method: refused for
    Berger tables)."""
    name = chosen_system(t, system)
    if baku and name == "berger":
        raise PairingError("--baku: Baku acceleration (C.04.7) is for Swiss events; a round robin is paired by "
                           "Berger tables (C.05 Annex 1)")
    request = request_for(t, rnd, place, options if name == "berger" else colour_option(initial_colour), blank)
    request = replace(request, forbidden=checked_forbidden(t, forbidden + trf_forbidden(t, request.round)),
                      baku=baku)
    pairing = pair_dutch(request, trace) if name == "dutch" and trace is not None else SYSTEMS[name](request)
    check_typed(t, pairing, place)
    return pairing


def pair_team(event: "TeamEvent", rnd: Optional[int] = None, system: str = "auto",
              forbidden: tuple[frozenset[int], ...] = (), absent: frozenset[int] = frozenset(),
              trace: Optional["TeamTrace"] = None) -> Pairing:
    """Round ``rnd`` of a team event (default: the round after the last one begun) paired by the
    FIDE Swiss team system (C.04.6; :mod:`.team`): ``auto`` takes the colour model TRF record 192
    names (Type A when none); ``fideteam`` (Type A), ``fideteam-typeb`` and ``fideteam-nocolor`` set
    it; ``forbidden``: pairs of team numbers kept apart (with a TRF's record 260); ``absent``: teams
    not to pair besides the byes the event holds for the round; ``trace``: why it is paired so
    (``--explain``), filled by the same run."""
    from .team import pair_team_event
    if system not in TEAM_SYSTEMS and system != "auto":
        raise PairingError(f"--system {system}: a team event is paired by the FIDE Swiss team system (C.04.6): "
                           f"write auto, {', '.join(TEAM_SYSTEMS)}")
    return pair_team_event(event, rnd, system, forbidden, absent, trace)
