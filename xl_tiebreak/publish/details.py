"""What the page says about the event beside the tables: its details from the file's header
records (TRF-16, C.04 Annex 2: 022 city, 032 federation, 042 and 052 start and end dates, 102
chief arbiter, 112 deputy arbiters, 122 time control, 132 the rounds' dates; a workbook's Event
sheet holds the same records) and its statistics (the results of each round by colour, forfeits
and byes; the players' federations and titles).

>>> from xl_tiebreak import demo_tournament
>>> event_details(demo_tournament())[:1]
[('Start date', '2025/01/01')]
>>> result_counts(demo_tournament(), 4)[-1]
['Total', 2, 3, 2, 2, 0, 6, 0]
"""

from __future__ import annotations

from collections import Counter
from typing import Iterable, Sequence

from ..model import Kind, Tournament

__all__ = ["event_details", "round_dates", "result_counts", "tally", "starting_rows", "DETAILS", "COUNT_HEADS"]

#: the header records the page shows, in TRF order, with their labels
DETAILS = (("022", "City"), ("032", "Federation"), ("042", "Start date"), ("052", "End date"),
           ("102", "Chief arbiter"), ("112", "Deputy arbiters"), ("122", "Time control"))

#: TRF-16 record 132: the first round's date at columns 92-99, each next one 10 columns on
_DATES_AT, _DATES_EVERY = 91, 10

#: the columns of :func:`result_counts`
COUNT_HEADS = ("Round", "White won", "Drawn", "Black won", "Forfeits", "Double forfeits", "Byes", "Absent")

_BYES = frozenset({Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE})


def event_details(t: Tournament) -> list[tuple[str, str]]:
    """The event's details as (label, value), in :data:`DETAILS` order; a record written several
    times (one deputy arbiter a line) joined by ``; ``; the start date the event knows when its
    file has no 042 (a workbook's Settings)."""
    said: dict[str, list[str]] = {}
    for line in t.header:
        value = line[4:].strip()
        if value:
            said.setdefault(line[:3], []).append(value)
    if "042" not in said and t.start_date:
        said["042"] = [t.start_date]
    return [(label, "; ".join(said[code])) for code, label in DETAILS if code in said]


def round_dates(t: Tournament) -> list[str]:
    """Each round's date as record 132 writes it (``YY/MM/DD`` at the rounds' columns), ``""``
    for a round without one; empty without the record."""
    line = next((ln for ln in t.header if ln[:3] == "132"), "")
    dates = []
    for k in range(t.rounds):
        at = _DATES_AT + _DATES_EVERY * k
        if at >= len(line):
            break
        dates.append(line[at:at + 8].strip())
    return dates


def result_counts(t: Tournament, rounds: int) -> list[list[object]]:
    """Each round's results (:data:`COUNT_HEADS`): games won by White, drawn, won by Black (over
    the board, short games included), forfeits (one a pairing), double forfeits, byes (pairing-
    allocated and requested) and absences (a withdrawal too), each pairing counted once; then the
    totals. A game written without colours counts with the lower start number as White."""
    rows: list[list[object]] = []
    for r in range(rounds):
        n = [0] * 7
        for p in t.players:
            if r >= len(p.rounds):
                continue
            rd = p.rounds[r]
            if rd.opponent is None:
                if rd.kind in _BYES:
                    n[5] += 1
                elif rd.kind in (Kind.ABSENT, Kind.WITHDRAWN):
                    n[6] += 1
                continue
            if not (rd.colour == "w" or (rd.colour is None and p.no < rd.opponent)):
                continue
            if rd.kind in (Kind.WIN, Kind.SHORT_WIN):
                n[0] += 1
            elif rd.kind in (Kind.DRAW, Kind.SHORT_DRAW):
                n[1] += 1
            elif rd.kind in (Kind.LOSS, Kind.SHORT_LOSS):
                n[2] += 1
            elif rd.kind in (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS):
                n[3] += 1
            elif rd.kind is Kind.DOUBLE_FORFEIT:
                n[4] += 1
        rows.append([r + 1, *n])
    totals = [sum(int(str(row[c])) for row in rows) for c in range(1, 8)]
    return [*rows, ["Total", *totals]]


def tally(values: Iterable[str]) -> list[tuple[str, int]]:
    """How many players have each value (a federation, a title), the most first, then by name;
    empty values left out."""
    got = Counter(v for v in values if v)
    return sorted(got.items(), key=lambda kv: (-kv[1], kv[0]))


def starting_rows(t: Tournament) -> Sequence[list[object]]:
    """The starting list: No, title, name, federation, rating, FIDE ID, in start order."""
    return [[p.no, p.title, p.name, p.fed, p.rating or "", p.fide_id] for p in t.players]
