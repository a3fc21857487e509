"""A TRF's pairing records as the workbook's Settings cells (``xl-tiebreak workbook EVENT.trf``),
so that the workbook pairs as the file does (``pair``, ``PAIRING``, ``PAIR_NEXT_ROUND`` read the
cells; :mod:`..ranges.pairing_settings`).

- Record 260 (forbidden pairs, TRF-26; C.04.1 leaves them to the event's rules): the pairs
  forbidden in every round of the event go to *Forbidden pairs*; a pair forbidden only in some
  rounds has no cell (the cell holds pairs for every round): a note says so.
- Record 152 (the initial colour drawn by lot, C.04.3 art. 5.1): *Initial colour*.
- Record 192 naming a Baku-accelerated system (``..._BAKU``, C.04.7): *Baku acceleration* yes;
  records 250 (virtual points as figures) have no cell: a note says so.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from ...model import Tournament


@dataclass(frozen=True)
class TrfPairingCells:
    """The values of the Settings rows Forbidden pairs, Baku acceleration and Initial colour
    (None: left empty, as a template has them), and the notes on what has no cell."""

    forbid: Optional[str] = None
    baku: bool = False
    colour: Optional[str] = None
    notes: tuple[str, ...] = field(default_factory=tuple)


def trf_pairing_cells(t: Tournament) -> TrfPairingCells:
    """The pairing cells of ``t``'s header records (see the module's text)."""
    from ...pairing.acceleration import baku_named
    from ...pairing.arbiter import trf_forbidden
    from ...pairing.model import PairingError
    notes: list[str] = []
    forbid = None
    if any(line[:3] == "260" for line in t.header):
        try:
            by_round = [set(trf_forbidden(t, r)) for r in range(1, max(t.rounds, 1) + 1)]
        except PairingError as exc:
            by_round = []
            notes.append(f"{exc.detail}; Settings, Forbidden pairs left empty")
        every = set.intersection(*by_round) if by_round else set()
        some = set().union(*by_round) - every
        if every:
            forbid = "; ".join(f"{a}-{b}" for a, b in sorted(tuple(sorted(p)) for p in every))
        if some:
            shown = ", ".join(f"{a}-{b}" for a, b in sorted(tuple(sorted(p)) for p in some)[:10])
            notes.append(f"record 260: the pairs {shown}{' ...' if len(some) > 10 else ''} are forbidden in some "
                         "rounds only; the workbook's Forbidden pairs cell holds pairs for every round (round ranges "
                         "have no cell): give them with 'pair --forbid' in those rounds, or pair the TRF file")
    colour = None
    for line in (x for x in t.header if x[:3] == "152"):  # the first that says (as the Dutch engine reads it)
        colour = colour or {"w": "white", "b": "black"}.get(line[3:].strip().lower()[:1])
    if any(line[:3] == "250" for line in t.header):
        notes.append("records 250 (acceleration's virtual points) have no Settings cell: the workbook pairs without "
                     "them; pair the TRF file")
    return TrfPairingCells(forbid, baku_named(t), colour, tuple(notes))


__all__ = ["TrfPairingCells", "trf_pairing_cells"]
