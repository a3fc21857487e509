"""Baku acceleration (C.04.7 "FIDE-approved accelerated systems", 2026; old C.04.5.1): virtual
points added to some players' scores for pairing only.

The rule (PAIRING_RULES §5): before round 1 the start list is split into group A, the first half
rounded up to the nearest even number (2 x ceil(n / 4): 20 players give 10, 21 give 12), and group
B, the rest. The accelerated rounds are the first half of the rounds, rounded up; in the first half
of them (rounded up) group A gets a win's points (1 point) as virtual points, in the rest of them
half a win's points (½); group B never, nobody after. 9 rounds: 1 point in rounds 1-3, ½ in rounds
4-5. A late entrant is inserted by rating and the last player of group A stays the same, so group A
is every start number up to that player's. The pairing score (points + virtual points) orders the
players, makes the scoregroups, the floats and the board order; it never enters standings or
tie-breaks. The 2026 text states it in "a win's points", so it needs a scoring where a win is two
draws and a loss scores nothing.

The same virtual points travel in a TRF as record 250 (``250  MMMM PPPP RRR RRR FFFF LLLL``: match
points 5-8, points 10-13, first and last round 15-17 and 19-21, first and last start number 23-26
and 28-31): FIDE's reference reads only these records (record 192's ``_BAKU`` names the method but
gives no figures). Here records 250, when the event has them, are the event's virtual points as
written; without them, ``--baku`` (or record 192 ending in ``_BAKU``) computes the Baku figures.
Which players count for the split when some are not paired in round 1 is not stated by the text;
this module counts those paired in round 1 (a game, a forfeit or the PAB), as FIDE's reference
generator does (PAIRING_RULES §9.7).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from ..model import Kind, Tournament
from ..trf.layout import points_text
from .history import participants
from .model import PairingError

#: Round-1 kinds of a player who was paired in round 1 (counted for the split into groups)
_PAIRED = frozenset({Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.SHORT_WIN, Kind.SHORT_DRAW, Kind.SHORT_LOSS,
                     Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT, Kind.PAB})


@dataclass(frozen=True)
class VirtualPoints:
    """``points`` for start numbers ``first_no``..``last_no`` in rounds ``first_round``..``last_round``
    (one TRF record 250)."""

    points: Fraction
    first_round: int
    last_round: int
    first_no: int
    last_no: int

    def trf_line(self, win: Fraction = Fraction(1)) -> str:
        """The record 250 line; match points (columns 5-8) as a team event's win of 2 would give
        them, points (10-13) as stated."""
        mp = self.points * 2 / win
        return (f"250 {float(mp):4.1f} {float(self.points):4.1f} {self.first_round:3d} {self.last_round:3d} "
                f"{self.first_no:4d} {self.last_no:4d}")


@dataclass(frozen=True)
class Acceleration:
    """The virtual points of an event, from ``source`` ("Baku", C.04.7, or "TRF records 250")."""

    records: tuple[VirtualPoints, ...]
    source: str

    def virtual(self, no: int, rnd: int) -> Fraction:
        """Player ``no``'s virtual points in round ``rnd``: the last record that covers both
        (records do not overlap in a Baku event; where a file's do, the later line holds, as the
        reference reads them)."""
        got = Fraction(0)
        for r in self.records:
            if r.first_round <= rnd <= r.last_round and r.first_no <= no <= r.last_no:
                got = r.points
        return got


def group_a_size(players: int) -> int:
    """Group A's size: the first half of the players rounded up to the nearest even number
    (C.04.5.1; C.04.7 2026 art. 1): 2 x ceil(players / 4), at most ``players``.

    >>> [group_a_size(n) for n in (20, 21, 22, 161)]
    [10, 12, 12, 82]
    """
    return min(players, 2 * -(-players // 4))


def accelerated_rounds(rounds: int) -> tuple[int, int]:
    """(the last round with a win's virtual points, the last accelerated round): the accelerated
    rounds are the first half of the rounds rounded up, the first half of those (rounded up) get a
    win's points, the rest half a win's (C.04.5.1).

    >>> accelerated_rounds(9), accelerated_rounds(11), accelerated_rounds(7)
    ((3, 5), (3, 6), (2, 4))
    """
    last = -(-rounds // 2)
    return -(-last // 2), last


def baku(event: Tournament, round1: Optional[list[int]] = None) -> Acceleration:
    """The Baku virtual points of ``event`` (C.04.7; old C.04.5.1). ``round1``: the start numbers
    paired in round 1 when round 1 is the one being paired; else those who were (a game, a forfeit,
    the PAB), or before round 1 is paired those without a bye typed in it. Refused for a scoring
    where a win is not two draws or a loss scores (C.04.7 2026 states the points in a win's
    points; C.04.5.1 allowed only 1 / ½ / 0)."""
    s = event.scoring
    if s.win != 2 * s.draw or s.loss != 0 or s.win <= 0:
        raise PairingError(f"Baku acceleration (C.04.7) needs a win worth two draws and a loss worth nothing; this "
                           f"event scores win {s.win}, draw {s.draw}, loss {s.loss}")
    if round1 is None:
        round1 = [p.no for p in event.players if p.rounds and (p.rounds[0].kind in _PAIRED or (
            p.rounds[0].kind is Kind.NOT_PLAYED and p.rounds[0].opponent is not None))]
        round1 = round1 or participants(event, 1)  # round 1 not paired yet: those it will pair
    present = sorted(round1)
    if not present:
        return Acceleration((), "Baku")
    last_a = present[group_a_size(len(present)) - 1]
    full, last = accelerated_rounds(event.rounds)
    records = [VirtualPoints(s.win, 1, full, 1, last_a)]
    if last > full:
        records.append(VirtualPoints(s.win / 2, full + 1, last, 1, last_a))
    return Acceleration(tuple(records), "Baku")


def _field(line: str, first: int, last: int, what: str, blank_ok: bool = False) -> str:
    text = line[first - 1:last].strip()
    if not text and not blank_ok:
        raise PairingError(f"TRF record 250 {line.rstrip()!r}: columns {first}-{last} are empty; expected {what}")
    return text


def _number(line: str, first: int, last: int, what: str) -> int:
    text = _field(line, first, last, what, blank_ok=True)
    if not text:
        return 0
    if not text.isdigit():
        raise PairingError(f"TRF record 250 {line.rstrip()!r}: columns {first}-{last} hold {text!r}; expected {what}")
    return int(text)


def from_trf(header: tuple[str, ...]) -> Optional[Acceleration]:
    """The virtual points of a TRF's records 250 (points in columns 10-13; a last round or last
    start number left empty or 0 means the first one), or None when there are none."""
    records = []
    for line in header:
        if line[:3] != "250":
            continue
        text = _field(line, 10, 13, "the virtual points, e.g. 1.0")
        try:
            points = Fraction(text)
        except ValueError:
            raise PairingError(f"TRF record 250 {line.rstrip()!r}: columns 10-13 hold {text!r}; expected the "
                               "virtual points, e.g. 1.0") from None
        first_round = _number(line, 15, 17, "a round number")
        last_round = _number(line, 19, 21, "a round number") or first_round
        first_no = _number(line, 23, 26, "a start number")
        last_no = _number(line, 28, 31, "a start number") or first_no
        if points < 0 or not first_round or not first_no or last_round < first_round or last_no < first_no:
            raise PairingError(f"TRF record 250 {line.rstrip()!r}: expected points >= 0, rounds first <= last and "
                               "start numbers first <= last (columns 10-13, 15-17, 19-21, 23-26, 28-31)")
        records.append(VirtualPoints(points, first_round, last_round, first_no, last_no))
    return Acceleration(tuple(records), "TRF records 250") if records else None


def baku_named(event: Tournament) -> bool:
    """Record 192 names a Baku-accelerated system (an ETT26 code ending in ``_BAKU``)."""
    return any(line[:3] == "192" and line[3:].strip().upper().endswith("_BAKU") for line in event.header)


def acceleration_for(event: Tournament, asked: bool, round1: Optional[list[int]] = None) -> Optional[Acceleration]:
    """The virtual points to pair ``event`` with: its records 250 when it has them (the figures the
    event states win over a method's name); else Baku when ``asked`` (``--baku``) or record 192
    names it; else None. Asked for Baku while records 250 give other figures: refused, naming the
    first player and round where they differ."""
    stated = from_trf(event.header)
    if stated is None:
        return baku(event, round1) if asked or baku_named(event) else None
    if asked:
        computed = baku(event, round1)
        for r in range(1, event.rounds + 1):
            for p in event.players:
                a, b = stated.virtual(p.no, r), computed.virtual(p.no, r)
                if a != b:
                    raise PairingError(
                        f"--baku: the file's records 250 give player {p.no} {points_text(a)} virtual points in round "
                        f"{r}, Baku acceleration (C.04.7) gives {points_text(b)}; pair without --baku to use the "
                        "records, or remove them")
    return stated
