"""Standings: order by points and the tie-break list; places shared where the list runs out.

C.07 Art. 2 and 4: rank by points, then apply the tie-breaks in order to each subgroup still
tied. DE (a rank inside the tied group) is computed only inside those groups (see engine).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Optional

from .engine import Result, Value
from .model import Player


@dataclass(frozen=True)
class Row:
    """One line of the standings. ``place`` is ``"3"`` or shared ``"3-5"``; ``separated_by`` names
    the first tie-break that set this player apart from the one above on equal points."""

    rank: int
    place: str
    player: Player
    points: Fraction
    values: tuple[Value, ...]
    separated_by: Optional[str]


def sort_key(result: Result, k: int) -> tuple:
    """The ordering key of player row k: points, then each tie-break, better first.

    Undefined values sort after every defined value (TIEBREAK_RULES §3.4).
    """
    key: list = [-result.points[k]]
    for tb, v in zip(result.tiebreaks, result.values[k]):
        if v is None:
            key.append((1, 0))
        else:
            key.append((0, v if tb.lower_is_better else -v))
    return tuple(key)


def rank(result: Result) -> list[Row]:
    """The standings rows, best first."""
    n = len(result.tournament.players)
    keys = [sort_key(result, k) for k in range(n)]
    order = sorted(range(n), key=lambda k: (keys[k], result.tournament.players[k].no))
    rows: list[Row] = []
    pos = 0
    while pos < n:
        end = pos
        while end + 1 < n and keys[order[end + 1]] == keys[order[pos]]:
            end += 1
        place = str(pos + 1) if end == pos else f"{pos + 1}-{end + 1}"
        for idx in range(pos, end + 1):
            k = order[idx]
            sep = None
            if idx == pos and pos > 0:
                prev = keys[order[pos - 1]]
                if prev[0] == keys[k][0]:
                    for j in range(1, len(prev)):
                        if prev[j] != keys[k][j]:
                            sep = result.codes[j - 1]
                            break
            rows.append(Row(pos + 1, place, result.tournament.players[k], result.points[k],
                            result.values[k], sep))
        pos = end + 1
    return rows
