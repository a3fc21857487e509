"""Colour allocation of the Dutch system (C.04.3 art. 5, 2026) and the ranking it reads (art. 1.2)."""

from __future__ import annotations

from typing import Optional

from ...model import Kind, Tournament
from ..history import Colour, PlayerState


def other(colour: Colour) -> Colour:
    return "b" if colour == "w" else "w"


def rank_key(s: PlayerState) -> tuple[object, int]:
    """Art. 1.2: the higher score first, then the smaller TPN."""
    return (-s.score, s.tpn)


def initial_colour(event: Tournament, options: dict[str, str], round_no: int, paired_now: list[int]) -> Colour:
    """The initial-colour of art. 5.1: the request's option ``initial-colour`` (``w``/``b``), else
    TRF record 152, else the colour the highest-ranked participant paired in round 1 had (the
    TRF-26 default of record 152), else White."""
    given = options.get("initial-colour", "").strip().lower()[:1]
    if given in ("w", "b"):
        return "w" if given == "w" else "b"
    for line in event.header:
        if line[:3] == "152":
            c = line[3:].strip().lower()[:1]
            if c in ("w", "b"):
                return "w" if c == "w" else "b"
    numbers = paired_numbers(event, round_no, paired_now)
    for p in event.players:
        if round_no > 1 and p.rounds[0].kind.has_opponent and p.rounds[0].colour in ("w", "b"):
            col = p.rounds[0].colour
            first: Colour = "w" if col == "w" else "b"
            return first if numbers.get(p.no, p.no) % 2 == 1 else other(first)
    return "w"


def paired_numbers(event: Tournament, round_no: int, paired_now: list[int]) -> dict[int, int]:
    """The numbers art. 5.2.5 reads the parity of: players counted in TPN order among those paired
    in this round or before (the reading of gacrux and bbpPairings, PAIRING_RULES §9.1: with the
    top seed absent in round 1, seed 2 takes the initial-colour)."""
    now = set(paired_now)
    out: dict[int, int] = {}
    n = 0
    for p in event.players:
        if p.no in now or any(r.kind.has_opponent or r.kind is Kind.PAB
                                            for r in p.rounds[:round_no - 1]):
            n += 1
            out[p.no] = n
    return out


def allocate(a: PlayerState, b: PlayerState, initial: Colour, numbers: dict[int, int]) -> tuple[int, int]:
    """(white, black) for the pair a-b by the first rule of art. 5.2 that decides."""
    return decide(a, b, initial, numbers)[0]


def decide(a: PlayerState, b: PlayerState, initial: Colour,
           numbers: dict[int, int]) -> tuple[tuple[int, int], str]:
    """(white, black) for the pair a-b and the article of art. 5.2 that decided (``5.2.1`` ..
    ``5.2.5``; ``5.2.2 CD``: two absolute preferences, the wider colour difference)."""
    pa, pb = a.preference, b.preference
    hi, lo = (a, b) if rank_key(a) <= rank_key(b) else (b, a)
    # 5.2.1 grant both preferences
    if pa.colour is not None and pb.colour is not None and pa.colour != pb.colour:
        return _give(a, b, pa.colour), "5.2.1"
    # 5.2.2 grant the stronger preference (a preference is stronger than none)
    if pa.colour is None and pb.colour is not None:
        return _give(b, a, pb.colour), "5.2.2"
    if pb.colour is None and pa.colour is not None:
        return _give(a, b, pa.colour), "5.2.2"
    if pa.colour is not None and pb.colour is not None:
        if pa.rank != pb.rank:
            return (_give(a, b, pa.colour) if pa.rank > pb.rank else _give(b, a, pb.colour)), "5.2.2"
        if pa.strength == "absolute":  # two topscorers: the wider colour difference gets it
            wanted = pa.colour
            cda, cdb = a.colour_difference, b.colour_difference
            if cda != cdb:
                first = a if (cda < cdb) == (wanted == "w") else b
                return _give(first, b if first is a else a, wanted), "5.2.2 CD"
    # 5.2.3 alternate from the most recent round in which one had White and the other Black
    for ca, cb in zip(reversed(a.colours), reversed(b.colours)):
        if ca != cb:
            return _give(a, b, other("w" if ca == "w" else "b")), "5.2.3"
    # 5.2.4 grant the higher-ranked player's preference
    ph = hi.preference
    if ph.colour is not None:
        return _give(hi, lo, ph.colour), "5.2.4"
    # 5.2.5 odd number: the initial-colour; even: the other one
    number = numbers.get(hi.tpn, hi.tpn)
    return _give(hi, lo, initial if number % 2 == 1 else other(initial)), "5.2.5"


def _give(x: PlayerState, y: PlayerState, x_colour: Optional[Colour]) -> tuple[int, int]:
    return (x.tpn, y.tpn) if x_colour == "w" else (y.tpn, x.tpn)
