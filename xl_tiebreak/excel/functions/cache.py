"""The cache of the Excel functions: every value for one distinct crosstable computed once, then
looked up (a least-recently-used store, thread-safe), under a key made of the crosstable's
content."""

from __future__ import annotations

import itertools
import threading
from collections import OrderedDict
from typing import Any, Callable, Sequence

from ...errors import InputError
from ..ranges.arguments import is_hashable, shown

Table = Sequence[Sequence[Any]]


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


class TableKey:
    """A crosstable's content as a dictionary key; the hash is computed once per key."""

    __slots__ = ("rows", "hash")

    def __init__(self, rows: tuple) -> None:
        self.rows = rows
        self.hash = hash(rows)

    def __hash__(self) -> int:
        return self.hash

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, TableKey) or self.hash != other.hash:
            return False
        if self.rows is other.rows:
            return True
        if self.rows == other.rows:
            self.rows = other.rows  # share the content: the next comparison is an identity test
            return True
        return False


_last_table: list = [None, None]  # [the immutable table last seen, its key]: the same tuple
_last_lock = threading.Lock()     # again (as the headless recompute passes it) needs no hashing


def content_key(table: Table) -> TableKey:
    with _last_lock:
        if _last_table[0] is table:
            return _last_table[1]
    immutable = type(table) is tuple and all(type(r) is tuple for r in table)
    rows = tuple(tuple(r) if r is not None else () for r in table)
    if bool in set(map(type, itertools.chain.from_iterable(rows))):  # TRUE is not 1: tag bools
        rows = tuple(tuple(("bool", c) if type(c) is bool else c for c in r) for r in rows)
    try:
        key = TableKey(rows)
    except TypeError:  # a cell holding a list or a dict: no value a range can hold
        i, j = next((i, j) for i, r in enumerate(rows) for j, c in enumerate(r) if not is_hashable(c))
        raise InputError(f"crosstable: row {i + 1}, column {j + 1} holds {type(rows[i][j]).__name__} "
                         f"{shown(rows[i][j])}, not a cell value; give the crosstable range") from None
    if immutable:
        with _last_lock:
            _last_table[0], _last_table[1] = table, key
    return key


def read_last(table: object) -> bool:
    """Whether ``table`` is the very table the previous call read (already checked)."""
    return table is not None and table is _last_table[0]


#: the keys of the last immutable ranges seen ({id: (the range, its key)}): the headless
#: recompute hands the same tuple objects to every call, which then need no hashing of their cells
_SEEN: "OrderedDict[int, tuple[Any, Any]]" = OrderedDict()
_SEEN_LOCK = threading.Lock()


def range_key(table: Any) -> Any:
    """The content key of a range argument (:func:`content_key`), recognised at
    once when the very same immutable range comes again (the three team ranges alternate, which
    the one-slot memory of the last table (:func:`content_key`) does not catch)."""
    if not isinstance(table, (list, tuple)):
        return table
    with _SEEN_LOCK:
        got = _SEEN.get(id(table))
        if got is not None and got[0] is table:
            _SEEN.move_to_end(id(table))
            return got[1]
    key = content_key(table)
    if type(table) is tuple and all(type(r) is tuple for r in table):
        with _SEEN_LOCK:
            _SEEN[id(table)] = (table, key)  # the range is kept, so its id stays its own
            while len(_SEEN) > 8:
                _SEEN.popitem(last=False)
    return key


def seen_range(table: Any) -> bool:
    """Whether ``table`` is a range a team function has already read (its rows then need no check)."""
    got = _SEEN.get(id(table))
    return got is not None and got[0] is table
