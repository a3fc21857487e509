"""What the Excel functions over the crosstable share: the event and its result computed once per
distinct crosstable and call (:data:`.functions.cache.CACHE`), the derived tables kept on the
(immutable) result, and a per-player cell: its value, "" for an empty player, #N/A for a start
number the crosstable does not have.
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, Callable, Optional

from ...descriptor import parse_descriptor, parse_list
from ...engine import Result, compute, default_list
from ...errors import DescriptorError, TiebreakError
from ...formatting import json_number
from ...model import Tournament
from ...options import Options
from ...standings import Row, rank
from ...tiebreaks.context import Context
from ..ranges.arguments import list_text, read_edition, read_kind, read_live, read_rounds
from .cache import CACHE, Table, TableKey, content_key
from ..ranges.crosstable_range import rows_to_tournament

NA = "#N/A"
UNDEFINED = "-"  # a tie-break without a value (e.g. ARO with no game over the board)

POINTS_ONLY = ()  # the "tie-break list" of SCORE: none, the points only


def tournament_of(key: TableKey, kind: Optional[str], rounds: Optional[int] = None) -> Tournament:
    return CACHE.get(("t", key, kind, rounds), lambda: rows_to_tournament(key.rows, kind=kind, rounds=rounds))


def result_of(table: Table, tiebreak_list: Any, edition: Any, kind: Any,
              options: Optional[Options] = None, rounds: Any = None, live: Any = None, function: str = "") -> Result:
    key = content_key(table)
    ed = read_edition(edition, function)
    k = read_kind(kind)
    n, lv = read_rounds(rounds, function), read_live(live, function)
    points_only = tiebreak_list is POINTS_ONLY
    tbs = "" if points_only else list_text(tiebreak_list)
    if tbs:
        codes_of(tbs)  # a list that cannot be read is named as the argument it came from
    def make() -> Result:  # (a cut larger than the rounds computes: it leaves nothing, C.07 Art. 14.1)
        return compute(tournament_of(key, k, n), () if points_only else tbs or default_list(k == "round-robin"),
                       edition=ed, kind=k, options=options, live=lv)
    return CACHE.get(("r", key, ed.name, k, None if points_only else tbs, options, n, lv), make)


def context_of(result: Result) -> Context:
    assert result.context is not None  # a Result of compute() keeps its evaluation
    return result.context


def kept(result: Result, name: str, make: Callable[[], Any]) -> Any:
    """Something derived from a (cached, immutable) result, kept on the result itself."""
    got = result.__dict__.get(name)
    if got is None:
        got = result.__dict__[name] = make()
    return got


def standings_of(result: Result) -> list[Row]:
    return kept(result, "_standings", lambda: rank(result))


def outputs_of(result: Result) -> dict[str, list[Any]]:
    """Every value as the cells show it, by descriptor (as given and canonical) and "points"."""
    def make() -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"points": [json_number(v) for v in result.points]}
        for j, (code, tb) in enumerate(zip(result.codes, result.tiebreaks)):
            col = [cell_value(v) for v in result.columns[j].values()]
            out.setdefault(code, col)
            out.setdefault(tb.code, col)
        return out
    return kept(result, "_outputs", make)


def standings_table(result: Result) -> list[list[Any]]:
    def make() -> list[list[Any]]:
        table: list[list[Any]] = [["Rk", "No", "Name", "Pts", *result.codes]]
        for r in standings_of(result):
            table.append([r.place if "-" in r.place else r.rank, r.player.no, r.player.name,
                          json_number(r.points), *[cell_value(v) for v in r.values]])
        return table
    return kept(result, "_table", make)


def places_of(result: Result) -> dict[int, Any]:
    return kept(result, "_places", lambda: {
        r.player.no: (r.rank if "-" not in r.place else r.place) for r in standings_of(result)})


@functools.lru_cache(maxsize=512)
def code_of(descriptor: str) -> str:
    try:
        return parse_descriptor(descriptor).code
    except TiebreakError as exc:
        raise DescriptorError(f"code: {exc}") from None


@functools.lru_cache(maxsize=512)
def codes_of(listed: str) -> tuple[str, ...]:
    try:
        return tuple(tb.code for tb in parse_list(listed))
    except TiebreakError as exc:
        raise DescriptorError(f"tiebreak_list: {exc}") from None


def player_row(result: Result, player: Any) -> Optional[int]:
    """The row of a start number, or None (unknown player -> #N/A)."""
    if player is None or (isinstance(player, str) and not player.strip()):
        return None
    try:
        f = float(player)
    except (TypeError, ValueError, OverflowError):  # a 400-digit number is no start number either
        return None
    if not f.is_integer():
        return None
    return result.tournament.positions.get(int(f))


def cell_value(v: Optional[Fraction]) -> Any:
    return UNDEFINED if v is None else json_number(v)


def no_player(player: Any) -> Any:
    """What a per-player cell shows when the start number is not in the crosstable."""
    return "" if player is None or (isinstance(player, str) and not player.strip()) else NA


def for_player(result: Result, player: Any, value: Callable[[int], Any]) -> Any:
    """Every per-player cell: ``value(row)`` for a start number of the crosstable; "" for an
    empty player argument, #N/A for a start number the crosstable does not have."""
    k = player_row(result, player)
    return no_player(player) if k is None else value(k)


def player_value(player: Any, result: Result, column: str) -> Any:
    return for_player(result, player, lambda k: outputs_of(result)[column][k])
