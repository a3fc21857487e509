"""The pairing systems by name: one row each (a function ``Request -> Pairing``), and the choice
``auto`` makes from the event's type (a round robin: Berger, C.05 Annex 1; a Swiss event: the
Dutch system, C.04.3). Every face (the ``pair`` command, the workbook) pairs through here."""

from __future__ import annotations

from dataclasses import replace
from typing import Callable, Optional

from ..model import Tournament
from .berger import pair_berger
from .dutch import pair_dutch
from .model import Pairing, PairingError, System
from .next_round import Place, check_typed, request_for


#: name -> system; ``auto`` picks one of these by the event's type (:func:`chosen_system`)
SYSTEMS: dict[str, System] = {
    "berger": pair_berger,
    "dutch": pair_dutch,
}


def chosen_system(t: Tournament, name: str = "auto") -> str:
    """The system's name: ``name``, or for ``auto`` Berger for a round robin (the event's type:
    TRF record 192/092, a workbook's Settings) and Dutch for a Swiss event."""
    if name == "auto":
        return "berger" if t.kind == "round-robin" else "dutch"
    if name not in SYSTEMS:
        raise PairingError(f"--system {name!r}: write auto, {', '.join(SYSTEMS)}")
    return name


def system_words(system: str) -> str:
    """A system's name and article, for a printed heading."""
    return {"berger": "Berger tables, C.05 Annex 1", "dutch": "Dutch system, C.04.3"}.get(system, system)


def kind_words(kind: str) -> str:
    """Why a player is not paired, in words."""
    return {"PAB": "pairing-allocated bye", "absent": "absent", "sit-out": "sits out"}.get(kind, kind)


def pair_event(t: Tournament, rnd: Optional[int], system: str, place: Place,
               options: tuple[tuple[str, str], ...] = (),
               blank: Callable[[int], frozenset[int]] = lambda k: frozenset(), baku: bool = False) -> Pairing:
    """Round ``rnd`` of ``t`` (default: the first with a result missing) paired by ``system``
    (``auto``: :func:`chosen_system`), every face's one way to pair: the round and its typed
    absences (:func:`.next_round.request_for`), the system's pairing, and a pair typed in the
    round beforehand checked against it (:func:`.next_round.check_typed`). ``options`` go to the
    Berger tables only (a TRF's record 192); ``place`` names a player's round in messages; ``baku``
    asks for Baku acceleration (C.04.7, a Swiss method: refused for Berger tables)."""
    name = chosen_system(t, system)
    if baku and name == "berger":
        raise PairingError("--baku: Baku acceleration (C.04.7) is for Swiss events; a round robin is paired by "
                           "Berger tables (C.05 Annex 1)")
    request = replace(request_for(t, rnd, place, options if name == "berger" else (), blank), baku=baku)
    pairing = SYSTEMS[name](request)
    check_typed(t, pairing, place)
    return pairing
