"""The Excel-named functions, as plain Python: one registry for the xlwings UDF module, the
headless recompute, the CLI and the tests.

Every function takes the crosstable range *with its header row* as a 2-D list (empty cells are
``None``, numbers floats), as Excel hands it over. All values for one distinct crosstable are
computed once and cached under a content key, so every further cell is a lookup. The cache is
thread-safe. A bad cell raises :class:`~xl_tiebreak.errors.InputError` naming the cell; an
unknown player gives ``"#N/A"`` (an error value in xlwings Lite, the text in the classic add-in).
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections import OrderedDict
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from ..descriptor import parse_descriptor, parse_list
from ..editions import get_edition
from ..engine import DEFAULT_ROUND_ROBIN, DEFAULT_SWISS, Result, compute
from ..errors import InputError
from ..formatting import json_number
from ..model import Tournament
from ..standings import Row, rank
from ..tiebreaks.svon import svon
from .sheet_table import rows_to_tournament

NA = "#N/A"
UNDEFINED = "-"  # a tie-break without a value (e.g. ARO with no game over the board)

Table = Sequence[Sequence[Any]]

# ------------------------------------------------------------------------------------ cache


class _Cache:
    """Least-recently-used store of parsed crosstables and computed results, thread-safe."""

    def __init__(self, size: int = 32) -> None:
        self.size = size
        self._data: OrderedDict = OrderedDict()
        self._lock = threading.RLock()
        self.hits = 0
        self.misses = 0

    def get(self, key: tuple, make: Callable[[], Any]) -> Any:
        with self._lock:
            if key in self._data:
                self._data.move_to_end(key)
                self.hits += 1
                return self._data[key]
        value = make()  # computed outside the lock: other cells may look up meanwhile
        with self._lock:
            self.misses += 1
            self._data[key] = value
            self._data.move_to_end(key)
            while len(self._data) > self.size:
                self._data.popitem(last=False)
        return value

    def clear(self) -> None:
        with self._lock:
            self._data.clear()
            self.hits = self.misses = 0


CACHE = _Cache()


class _TableKey:
    """A crosstable's content as a dictionary key; the hash is computed once per key."""

    __slots__ = ("rows", "hash")

    def __init__(self, rows: tuple) -> None:
        self.rows = rows
        self.hash = hash(rows)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, _TableKey) or self.hash != other.hash:
            return False
        if self.rows is other.rows:
            return True
        if self.rows == other.rows:
            self.rows = other.rows  # share the content: the next comparison is an identity test
            return True
        return False


_last_table: list = [None, None]  # [the immutable table last seen, its key]: the same tuple
_last_lock = threading.Lock()     # again (as the headless recompute passes it) needs no hashing


def _content_key(table: Table) -> _TableKey:
    with _last_lock:
        if _last_table[0] is table:
            return _last_table[1]
    immutable = type(table) is tuple and all(type(r) is tuple for r in table)
    rows = tuple(tuple(r) if r is not None else () for r in table)
    if bool in set(map(type, itertools.chain.from_iterable(rows))):  # TRUE is not 1: tag bools
        rows = tuple(tuple(("bool", c) if type(c) is bool else c for c in r) for r in rows)
    key = _TableKey(rows)
    if immutable:
        with _last_lock:
            _last_table[0], _last_table[1] = table, key
    return key


def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _kind(kind: Any) -> Optional[str]:
    k = _text(kind).lower().replace("_", "-").replace(" ", "-")
    if not k:
        return None
    if k in ("swiss", "round-robin", "roundrobin", "rr"):
        return "swiss" if k == "swiss" else "round-robin"
    raise InputError(f"unknown event type {kind!r}; use swiss or round-robin")


def _tournament(key: _TableKey, kind: Optional[str]) -> Tournament:
    return CACHE.get(("t", key, kind), lambda: rows_to_tournament(key.rows, kind=kind))


def _list_text(tiebreaks: Any) -> str:
    """A tie-break list given as ``"BH/C1,BH,SB"`` or as a range of cells, one code per cell."""
    if isinstance(tiebreaks, (list, tuple)):
        cells = [c for row in tiebreaks for c in (row if isinstance(row, (list, tuple)) else [row])]
        return ",".join(t for t in (_text(c) for c in cells) if t)
    return _text(tiebreaks)


def _result(table: Table, tiebreaks: Any, edition: Any, kind: Any) -> Result:
    key = _content_key(table)
    ed = get_edition(_text(edition) or None)
    k = _kind(kind)
    tbs = _list_text(tiebreaks)
    def make() -> Result:
        t = _tournament(key, k)
        default = DEFAULT_ROUND_ROBIN if k == "round-robin" else DEFAULT_SWISS
        return compute(t, tbs or default, edition=ed, kind=k)
    return CACHE.get(("r", key, ed.name, k, tbs), make)


def _kept(result: Result, name: str, make: Callable[[], Any]) -> Any:
    """Something derived from a (cached, immutable) result, kept on the result itself."""
    got = result.__dict__.get(name)
    if got is None:
        got = result.__dict__[name] = make()
    return got


def _standings(result: Result) -> list[Row]:
    return _kept(result, "_standings", lambda: rank(result))


def _outputs(result: Result) -> dict[str, list[Any]]:
    """Every value as the cells show it, by descriptor (as given and canonical) and "points"."""
    def make() -> dict[str, list[Any]]:
        out: dict[str, list[Any]] = {"points": [json_number(v) for v in result.points]}
        for j, (code, tb) in enumerate(zip(result.codes, result.tiebreaks)):
            col = [_out(v) for v in result.columns[j].values()]
            out.setdefault(code, col)
            out.setdefault(tb.code, col)
        return out
    return _kept(result, "_outputs", make)


def _standings_table(result: Result) -> list[list[Any]]:
    def make() -> list[list[Any]]:
        table: list[list[Any]] = [["Rk", "No", "Name", "Pts", *result.codes]]
        for r in _standings(result):
            table.append([r.place if "-" in r.place else r.rank, r.player.no, r.player.name,
                          json_number(r.points), *[_out(v) for v in r.values]])
        return table
    return _kept(result, "_table", make)


def _places(result: Result) -> dict[int, Any]:
    return _kept(result, "_places", lambda: {
        r.player.no: (r.rank if "-" not in r.place else r.place) for r in _standings(result)})


@functools.lru_cache(maxsize=512)
def _code(descriptor: str) -> str:
    return parse_descriptor(descriptor).code


@functools.lru_cache(maxsize=512)
def _codes(listed: str) -> tuple[str, ...]:
    return tuple(tb.code for tb in parse_list(listed))


def _player_row(result: Result, player: Any) -> Optional[int]:
    """The row of a start number, or None (unknown player -> #N/A)."""
    if player is None or (isinstance(player, str) and not player.strip()):
        return None
    try:
        f = float(player)
    except (TypeError, ValueError):
        return None
    if not f.is_integer():
        return None
    return result.tournament._index().get(int(f))


def _whole(v: Any, what: str, function: str) -> Optional[int]:
    """A whole-number argument (Excel passes floats); "" or None is missing."""
    if v is None or (isinstance(v, str) and not v.strip()):
        return None
    try:
        f = float(v)
    except (TypeError, ValueError):
        raise InputError(f"{function}: {what} {v!r} is not a whole number") from None
    if not f.is_integer():
        raise InputError(f"{function}: {what} {v!r} is not a whole number")
    return int(f)


def _out(v: Optional[Fraction]) -> Any:
    return UNDEFINED if v is None else json_number(v)


# --------------------------------------------------------------------------- the functions


def TIEBREAK(player: Any, crosstable: Table, descriptor: str, edition: Any = None, type: Any = None,
             tiebreaks: Any = None) -> Any:
    """Any tie-break by its FIDE code (``"BH/C1"``, ``"SB"``, ``"ARO"``, ...) for one player.

    ``tiebreaks`` (optional): the event's whole list; DE is then the rank inside the group tied
    on points and on the tie-breaks before DE in that list, as in the standings.
    """
    text = _text(descriptor)
    if not text:
        return ""
    code = _code(text)
    listed = _list_text(tiebreaks)
    if listed and code in _codes(listed):
        result = _result(crosstable, listed, edition, type)
    else:
        result = _result(crosstable, code, edition, type)
    k = _player_row(result, player)
    if k is None:
        return "" if player in (None, "") else NA
    return _outputs(result)[code][k]


def _named(code: str, doc: str) -> Callable:
    def fn(player: Any, crosstable: Table, edition: Any = None, type: Any = None) -> Any:
        return TIEBREAK(player, crosstable, code, edition, type)
    fn.__doc__ = f"{doc} (FIDE code {code}). Arguments: player, crosstable, [edition], [type]."
    return fn


def SCORE(player: Any, crosstable: Table, edition: Any = None, type: Any = None) -> Any:
    """The player's points."""
    result = _result(crosstable, "WIN", edition, type)
    k = _player_row(result, player)
    if k is None:
        return "" if player in (None, "") else NA
    return _outputs(result)["points"][k]


BUCHHOLZ = _named("BH", "Buchholz, C.07 Art. 8.1")
BUCHHOLZ_CUT1 = _named("BH/C1", "Buchholz Cut-1")
BUCHHOLZ_CUT2 = _named("BH/C2", "Buchholz Cut-2")
BUCHHOLZ_MEDIAN1 = _named("BH/M1", "Median Buchholz 1")
FORE_BUCHHOLZ = _named("FB", "Fore Buchholz, C.07 Art. 8.3")
AVG_OPP_BUCHHOLZ = _named("AOB", "Average of opponents' Buchholz, C.07 Art. 8.2")
SONNEBORN_BERGER = _named("SB", "Sonneborn-Berger, C.07 Art. 9.1")
SONNEBORN_BERGER_CUT1 = _named("SB/C1", "Sonneborn-Berger Cut-1")
WINS = _named("WIN", "Number of wins, C.07 Art. 7.1")
GAMES_WON = _named("WON", "Games won over the board, C.07 Art. 7.2")
BLACK_GAMES = _named("BPG", "Games played with Black, C.07 Art. 7.3")
BLACK_WINS = _named("BWG", "Games won with Black, C.07 Art. 7.4")
PROGRESSIVE = _named("PS", "Sum of progressive scores, C.07 Art. 7.5")
KOYA = _named("KS", "Koya system, C.07 Art. 9.2")
ARO = _named("ARO", "Average rating of opponents, C.07 Art. 10.1")
TPR = _named("TPR", "Tournament performance rating, C.07 Art. 10.2")
PTP = _named("PTP", "Perfect tournament performance, C.07 Art. 10.3")
APRO = _named("APRO", "Average performance rating of opponents, C.07 Art. 10.4")
APPO = _named("APPO", "Average perfect performance of opponents, C.07 Art. 10.5")
HARKNESS = _named("MEDIAN", "Median / Harkness: opponents' scores without the extremes (USCF)")
MODIFIED_MEDIAN = _named("MODMED", "Modified median (USCF 34E1)")
SOLKOFF = _named("SOLKOFF", "Solkoff: the opponents' adjusted scores (USCF 34E2)")
CUMULATIVE = _named("CUM", "Cumulative: running scores less unplayed points (USCF 34E3)")
OPP_CUMULATIVE = _named("OPPCUM", "Opponents' cumulative scores (USCF)")
KASHDAN = _named("KASHDAN", "Kashdan: 4 / 2 / 1 per win / draw / loss, 0 unplayed (USCF 34E7)")
MOST_WINS = _named("MOSTWINS", "Most wins (Baumbach)")
SSF_BUCHHOLZ = _named("SSFBH", "Swedish federation Buchholz Cut-1 (SSF)")


def KENTLER(player: Any, crosstable: Table, edition: Any = None, type: Any = None) -> Any:
    """Kentler's comparison: the TPRs of the player's opponents, best first, as text
    (``"2718, 2707, 2702"``); TIEBREAK(..., "KENTLER") gives the rank inside the tied group."""
    result = _result(crosstable, "KENTLER", edition, type)
    k = _player_row(result, player)
    if k is None:
        return "" if player in (None, "") else NA
    lists = _kept(result, "_kentler", lambda: _kentler_lists(result))
    return ", ".join(map(str, lists[k]))


def _kentler_lists(result: Result) -> list[list[int]]:
    from ..engine import kentler_lists
    return kentler_lists(result.tournament, edition=result.edition, rounds=result.rounds,
                         kind="round-robin" if result.round_robin else "swiss", options=result.options)


def PLACE(player: Any, crosstable: Table, tiebreaks: Any = None, edition: Any = None, type: Any = None) -> Any:
    """The player's place in the standings: a number, or ``"3-5"`` where places are shared."""
    result = _result(crosstable, tiebreaks, edition, type)
    if _player_row(result, player) is None:
        return "" if player in (None, "") else NA
    return _places(result)[int(float(player))]


def TIEBREAKS(crosstable: Table, tiebreaks: Any = None, edition: Any = None, type: Any = None) -> list[list[Any]]:
    """Every player's points and tie-breaks, in start order, as a table that spills:
    a header row ``No | Name | Pts | <codes>`` and one row per player."""
    result = _result(crosstable, tiebreaks, edition, type)
    out: list[list[Any]] = [["No", "Name", "Pts", *result.codes]]
    for k, p in enumerate(result.tournament.players):
        out.append([p.no, p.name, json_number(result.points[k]), *[_out(v) for v in result.values[k]]])
    return out


def STANDINGS(crosstable: Table, tiebreaks: Any = None, edition: Any = None, type: Any = None,
              row: Any = None, column: Any = None) -> Any:
    """The ranked table ``Rk | No | Name | Pts | <codes>`` that spills; with ``row`` (1 = the
    leader, 0 = the header) and ``column`` (1 = Rk) it returns that one cell, "" past the last
    player."""
    table = _standings_table(_result(crosstable, tiebreaks, edition, type))
    if row is None and column is None:
        return [list(r) for r in table]
    i = _whole(row, "row", "STANDINGS")
    j = _whole(column, "column", "STANDINGS")
    if i is not None and not 0 <= i < len(table):
        return "" if i >= len(table) else NA
    if j is not None and not 1 <= j <= len(table[0]):
        return NA
    if i is None:
        return [[table[k][j - 1]] for k in range(len(table))]
    if j is None:
        return [table[i]]
    return table[i][j - 1]


def _explanation(player: Any, crosstable: Table, descriptor: Any, edition: Any, type: Any):
    from ..explain import explain
    key = _content_key(crosstable)
    ed = get_edition(_text(edition) or None)
    k = _kind(type)
    code = _code(_text(descriptor))
    no = _whole(player, "player", "EXPLAIN")
    return CACHE.get(("x", key, ed.name, k, code, no),
                     lambda: explain(_tournament(key, k), no, code, ed, kind=k))


def _explain_table(e) -> list[list[Any]]:
    cut = any(ln.cut for ln in e.lines)
    table: list[list[Any]] = [list(e.columns) + ["Why"] + (["Cut"] if cut else [])]
    for ln in e.lines:
        table.append([json_number(v) if isinstance(v, Fraction) else ("" if v is None else v)
                      for v in ln.values] + [ln.why] + ([ln.cut] if cut else []))
    table.append([f"{e.code} =", e.total])
    table += [["Note", n] for n in e.notes]
    return table


def EXPLAIN(player: Any, crosstable: Table, descriptor: Any, edition: Any = None, type: Any = None,
            row: Any = None, column: Any = None) -> Any:
    """How the player's value of a tie-break is reached, as a table that spills (a row per round:
    opponent, score that counts, result, contribution, why, cut); with ``row`` (0 = the header)
    and ``column`` it returns one cell, "" outside the table."""
    if player in (None, "") or not _text(descriptor):
        return ""
    result = _result(crosstable, _text(descriptor), edition, type)
    if _player_row(result, player) is None:
        return NA
    table = _explain_table(_explanation(player, crosstable, descriptor, edition, type))
    if row is None and column is None:
        width = max(len(r) for r in table)
        return [r + [""] * (width - len(r)) for r in table]
    i = _whole(row, "row", "EXPLAIN") or 0
    j = _whole(column, "column", "EXPLAIN") or 1
    if i < 0 or j < 1:
        return NA
    return table[i][j - 1] if i < len(table) and j <= len(table[i]) else ""


def EXPLAIN_TEXT(player: Any, crosstable: Table, descriptor: Any, edition: Any = None, type: Any = None) -> Any:
    """The same account as EXPLAIN, as text in one cell."""
    from ..explain import render_text
    if player in (None, "") or not _text(descriptor):
        return ""
    result = _result(crosstable, _text(descriptor), edition, type)
    if _player_row(result, player) is None:
        return NA
    return render_text(_explanation(player, crosstable, descriptor, edition, type)).rstrip()


def RUNNING(player: Any, crosstable: Table, round: Any, type: Any = None) -> Any:
    """The player's score after a round (for progress charts)."""
    result = _result(crosstable, "WIN", None, type)
    k = _player_row(result, player)
    if k is None:
        return "" if player in (None, "") else NA
    r = _whole(round, "round", "RUNNING")
    if r is None or not 0 <= r <= result.tournament.rounds:
        return NA
    return json_number(result.tournament.players[k].score(r))


def CHECK(crosstable: Table, type: Any = None) -> list[list[Any]]:
    """Every problem of the crosstable, as a table that spills: Severity | Where | Message
    (errors stop the other functions; warnings do not)."""
    from ..check import collect
    k = _kind(type)
    found = collect(lambda fd: rows_to_tournament(_content_key(crosstable).rows, kind=k, findings=fd))
    if not found:
        return [["Severity", "Where", "Message"], ["ok", "", "no problems found"]]
    return [["Severity", "Where", "Message"]] + [[f.severity, f.where, f.message] for f in found]


def SVON(score_before: Any, forfeit_score: Any, rounds_completed: Any, round: Any) -> float:
    """The 2012 virtual opponent: ``Svon = S + (1 - Sf) + 0.5 x (n - R)`` (seed 000)."""
    def num(v: Any, what: str) -> Fraction:
        try:
            return Fraction(str(v).replace(",", ".")) if not isinstance(v, float) else Fraction(v)
        except (ValueError, ZeroDivisionError):
            raise InputError(f"SVON: {what} {v!r} is not a number") from None
    n, r = num(rounds_completed, "rounds_completed"), num(round, "round")
    if n.denominator != 1 or r.denominator != 1:
        raise InputError("SVON: rounds must be whole numbers")
    try:
        return float(svon(num(score_before, "score_before"), num(forfeit_score, "forfeit_score"), int(n), int(r)))
    except ValueError as exc:
        raise InputError(f"SVON: {exc}") from None


#: The registry: Excel name -> function. Every face uses this one table.
FUNCTIONS: dict[str, Callable] = {
    name: obj for name, obj in list(globals().items())
    if name.isupper() and callable(obj) and name not in ("NA", "UNDEFINED", "CACHE")
}
for _name, _fn in FUNCTIONS.items():
    _fn.__name__ = _name
    _fn.__qualname__ = _name
