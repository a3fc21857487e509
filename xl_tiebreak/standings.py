"""Standings: order by points and the tie-break list; places shared where the list runs out.

C.07 Art. 2 and 4: rank by points, then apply the tie-breaks in order to each subgroup still
tied. DE (a rank inside the tied group) is computed only inside those groups (see engine).
:func:`evaluate` is the one loop over a tie-break list, :func:`key_matrix` and :func:`ranking` the
one ranking of players and of teams (the team standings,
:func:`~xl_tiebreak.team_engine.compute_team`, evaluate and rank through them too), and
:func:`separated_by` the one rule saying which tie-break split two neighbours.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Optional, Sequence

import numpy as np

if TYPE_CHECKING:  # pragma: no cover (the team engine ranks through this module without the individual one)
    from .descriptor import TieBreak
    from .engine import Result, Value
    from .model import Player
    from .tiebreaks.context import Column

#: one column of values to rank by: its integers (a common denominator's numerators), which are
#: defined (None: all), and whether lower is better
KeyColumn = tuple[np.ndarray, Optional[np.ndarray], bool]


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


def key_matrix(points: np.ndarray, columns: Sequence[KeyColumn]) -> np.ndarray:
    """One row of integers per competitor (player or team) that orders the standings ascending,
    best first: ``points`` (the primary score's integers, higher is better) first, then each
    tie-break in list order, better first by its direction; undefined values sort after every
    defined value (TIEBREAK_RULES §3.4). Columns 1 + 2j and 2 + 2j are tie-break j's."""
    cols = [-points]
    for values, defined, lower_is_better in columns:
        num = values if lower_is_better else -values
        if defined is not None:
            cols.append(np.where(defined, 0, 1))
            num = np.where(defined, num, 0)
        else:
            cols.append(np.zeros_like(num))
        cols.append(num)
    return np.stack(cols, axis=1)


def ranking(keys: np.ndarray, nos: Optional[Sequence[int]] = None) -> tuple[list[int], list[int]]:
    """The order of the rows of ``keys`` (:func:`key_matrix`), best first, competitors equal on
    every key by number (``nos``; None: by row); and for each position in that order the first
    position of its run of equal keys: the run shares that place (C.07 Art. 4: ties the list
    cannot break stay shared; drawing lots is the arbiter's)."""
    n = len(keys)
    if n == 0:
        return [], []
    columns = [keys[:, j] for j in range(keys.shape[1] - 1, -1, -1)]
    order = np.lexsort(columns if nos is None else [np.asarray(nos)] + columns)
    ranked = keys[order]
    same = np.concatenate([[False], (ranked[1:] == ranked[:-1]).all(axis=1)])
    return order.tolist(), np.maximum.accumulate(np.where(same, 0, np.arange(n))).tolist()


def ranks_from_tiers(tiers: Sequence[Sequence[int]]) -> dict[int, int]:
    """A type A tie-break's rank inside its group (DE, the team EDE chains, C.07 Art. 4.2): 1 for
    the best tier; the members of one tier (players or teams) share the number."""
    out: dict[int, int] = {}
    pos = 1
    for tier in tiers:
        for i in tier:
            out[i] = pos
        pos += len(tier)
    return out


def evaluate(column: Callable[["TieBreak", Sequence["Column"]], "Column"],
             tiebreaks: Sequence["TieBreak"]) -> list["Column"]:
    """The columns of a tie-break list, in list order, each computed by ``column(tb, earlier)``
    after the ones before it (C.07 Art. 4.2: a Type A one ranks inside the groups they leave tied):
    the one loop of the individual and the team standings, over the one column type (a player or
    a team per row)."""
    out: list["Column"] = []
    for tb in tiebreaks:
        out.append(column(tb, out))
    return out


def list_keys(points: "Column", columns: Sequence["Column"], tiebreaks: Sequence["TieBreak"]) -> np.ndarray:
    """:func:`key_matrix` of a score and the columns of a tie-break list (players or teams)."""
    return key_matrix(points.num, [(col.num, col.defined, tb.lower_is_better) for tb, col in zip(tiebreaks, columns)])


def sort_keys(result: Result) -> np.ndarray:
    """The players' :func:`key_matrix`: points, then each tie-break of the list."""
    return list_keys(result.points_column, result.columns, result.tiebreaks)


def rank(result: Result) -> list[Row]:
    """The standings rows, best first; ties on everything share a place ("3-5")."""
    players = result.tournament.players
    if not players:
        return []
    keys = sort_keys(result)
    order, first = ranking(keys, [p.no for p in players])
    last = {f: pos for pos, f in enumerate(first)}  # each run's last position
    sorted_keys = keys[order]
    values = result.values
    points = result.points
    rows: list[Row] = []
    for pos, k in enumerate(order):
        top, end = first[pos], last[first[pos]]
        place = str(top + 1) if end == top else f"{top + 1}-{end + 1}"
        sep = _separated_by(result, sorted_keys, pos) if pos == top and pos > 0 else None
        rows.append(Row(top + 1, place, players[k], points[k], values[k], sep))
    return rows


def separated_by(codes: Sequence[str], above: Sequence[object], below: Sequence[object]) -> Optional[str]:
    """The code that set a competitor (player or team) below its neighbour above on equal points
    (C.07 Art. 4.2: the first tie-break of the list that differs); ``None`` when the points differ
    or every tie-break is equal. ``above``, ``below``: the points (the primary score), then one
    comparable per code in list order (a value, or its :func:`key_matrix` keys)."""
    if above[0] != below[0]:
        return None
    return next((code for code, x, y in zip(codes, above[1:], below[1:]) if x != y), None)


def _separated_by(result: Result, sorted_keys: np.ndarray, pos: int) -> Optional[str]:
    """The first tie-break whose value differs from the player above, when points are equal."""
    return _split(result, sorted_keys[pos - 1], sorted_keys[pos])


def _split(result: Result, prev: np.ndarray, cur: np.ndarray) -> Optional[str]:
    """:func:`separated_by` of two rows of :func:`key_matrix` (two keys per tie-break)."""
    return separated_by(result.codes, _per_code(prev), _per_code(cur))


def _per_code(keys: np.ndarray) -> list[object]:
    """A row of :func:`key_matrix` as the points' key, then one (defined, value) pair per tie-break."""
    got = keys.tolist()
    return [got[0], *zip(got[1::2], got[2::2])]


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
