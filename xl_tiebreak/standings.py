"""Standings: order by points and the tie-break list; places shared where the list runs out.

C.07 Art. 2 and 4: rank by points, then apply the tie-breaks in order to each subgroup still
tied. DE (a rank inside the tied group) is computed only inside those groups (see engine).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Optional, Sequence

import numpy as np

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


def sort_keys(result: Result) -> np.ndarray:
    """One row of integers per player that orders the standings ascending, best first.

    Points first, then each tie-break, better first; undefined values sort after every defined
    value (TIEBREAK_RULES §3.4).
    """
    cols = [-result.points_column.num]
    for tb, col in zip(result.tiebreaks, result.columns):
        num = col.num if tb.lower_is_better else -col.num
        if col.defined is not None:
            cols.append(np.where(col.defined, 0, 1))
            num = np.where(col.defined, num, 0)
        else:
            cols.append(np.zeros_like(num))
        cols.append(num)
    return np.stack(cols, axis=1) if cols else np.zeros((0, 0), dtype=np.int64)


def rank(result: Result) -> list[Row]:
    """The standings rows, best first; ties on everything share a place ("3-5")."""
    players = result.tournament.players
    n = len(players)
    if n == 0:
        return []
    keys = sort_keys(result)
    nos = np.array([p.no for p in players])
    order = np.lexsort([nos] + [keys[:, j] for j in range(keys.shape[1] - 1, -1, -1)]).tolist()
    sorted_keys = keys[order]
    same_as_prev = np.concatenate([[False], (sorted_keys[1:] == sorted_keys[:-1]).all(axis=1)]).tolist()
    values = result.values
    points = result.points
    rows: list[Row] = []
    pos = 0
    while pos < n:
        end = pos
        while end + 1 < n and same_as_prev[end + 1]:
            end += 1
        place = str(pos + 1) if end == pos else f"{pos + 1}-{end + 1}"
        sep = _separated_by(result, sorted_keys, pos) if pos > 0 else None
        for idx in range(pos, end + 1):
            k = order[idx]
            rows.append(Row(pos + 1, place, players[k], points[k], values[k], sep if idx == pos else None))
        pos = end + 1
    return rows


def _separated_by(result: Result, sorted_keys: np.ndarray, pos: int) -> Optional[str]:
    """The first tie-break whose value differs from the player above, when points are equal."""
    return _split(result, sorted_keys[pos - 1], sorted_keys[pos])


def _split(result: Result, prev: np.ndarray, cur: np.ndarray) -> Optional[str]:
    """The first tie-break that sets ``cur``'s sort keys below ``prev``'s on equal points, if any."""
    if prev[0] != cur[0]:
        return None
    for j in range(len(result.codes)):
        if prev[1 + 2 * j] != cur[1 + 2 * j] or prev[2 + 2 * j] != cur[2 + 2 * j]:
            return result.codes[j]
    return None


def split_within(result: Result, rows: Sequence[Row]) -> list[Row]:
    """``rows`` (some of the standings' rows, in their order: a category's) with each one's
    ``separated_by`` said against the row above it in this list, not the player above it in the
    whole event, who may not be in the list: a category's "split by" compares its own players."""
    if not rows:
        return []
    keys = sort_keys(result)
    out = [replace(rows[0], separated_by=None)]
    for above, row in zip(rows, rows[1:]):
        out.append(replace(row, separated_by=_split(result, keys[result.row(above.player.no)],
                                                    keys[result.row(row.player.no)])))
    return out
