"""Hostile calls of the Excel functions, made by a seeded generator.

``hostile_calls(seed, n)`` gives ``n`` calls ``(function, args)`` of the registry functions: every
parameter, found by name in the function's signature (so parameters added later are fuzzed too),
gets an ordinary value or a hostile one: None, "", NaN, +-inf, 1e308, huge ints, bools, ragged or
mixed 2-D arrays, 1-D lists where 2-D ones go, text where numbers go, absurd tie-break codes,
negative, zero or huge start numbers; crosstables of one row, of text only, with duplicate start
numbers. ``python_args``, ``classic_args`` and ``officejs_args`` shape a call for the Python
functions, for the classic add-in (COM values) and for Office.js (2-D lists).
"""

from __future__ import annotations

import inspect
import math
import random
from typing import Any, Callable

from xl_tiebreak import demo_tournament
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.notation import format_cell

MISSING = -2147352572   # what COM passes for an omitted optional argument
COM_REF = -2146826265   # the COM error code of #REF!

HUGE_INT = 10 ** 400
NUMBERS: list[Any] = [0, -1, 1, 2, 3.0, 2.5, -0.0, 1e308, -1e308, float("inf"), float("-inf"),
                      float("nan"), HUGE_INT, -HUGE_INT, 2 ** 63, 1e-320, True, False, 4000, 1e23]
TEXTS: list[Any] = ["", " ", "x", "1", "1,5", "½", "inf", "nan", "-inf", "1e308", "9" * 400,
                    "#REF!", "#N/A", "\x00", "\ufeff1", "1/0", "0/0", "TRUE", "swiss", "fide2012",
                    "round robin", "BH/C1", "=1+1", "\u2028", "é" * 300]
CODES: list[Any] = ["BH", "BH/C1", "SB", "DE", "ARO", "TPR", "KS", "BH/C99", "BH/C-1", "ARO/U99999",
                    "BH/C1/C1/C1", "BH/L-2", "XYZ", "/", "//", "BH/", "BH/C1e308", "BH/C" + "9" * 400,
                    "DE,DE,DE", "BH;SB", "PTP/U1400", "AOB/F", "KENTLER", "BH/P", "SB/C" + "1" * 30]
EDITIONS: list[Any] = ["fide2012", "fide2024", "fide2026", "FIDE2026", "fide1999", "2024", 2024.0,
                       "2025-03-01", "2025/13/45", "2062-01-01", "20240101", 45000.0, 25569.0, 2958466.0,
                       [["fide2024"], [None], [45000.0]], [[None], [None], ["2012-05-01"]],
                       [["fide1999"], [None], ["x"]], [[None], [None], [1e308]]]
KINDS: list[Any] = ["swiss", "round-robin", "rr", "Round Robin", "knockout", "team"]
SETTINGS: list[Any] = ["unrated_rating=1000", "x=y", "=", "a=b=c", ";;;", "unrated_rating=inf",
                       "unrated_rating=" + "9" * 400, [["unrated_rating"]], [["unrated_rating", None]],
                       [["unrated_rating", float("nan")]], [["bye_value", "x"]], [[None, None]],
                       [["unrated_rating", 1e308]], [["unrated_rating", HUGE_INT]], [[]], []]


def _table(t) -> list[list[Any]]:
    rows: list[list[Any]] = [["No", "Name", "Rating"] + [f"R{r}" for r in range(1, t.rounds + 1)]]
    for p in t.players:
        rows.append([float(p.no), p.name, float(p.rating) if p.rating else None]
                    + [format_cell(r) or None for r in p.rounds])
    return rows


GOOD = _table(demo_tournament())


def _crosstable(rng: random.Random) -> Any:
    """A crosstable argument: the demo event as it is or damaged, or something else entirely."""
    table = [list(r) for r in GOOD]
    op = rng.randrange(16)
    if op == 0:
        return table
    if op == 1:  # one row (the header only, or one player)
        return [table[rng.randrange(2)]]
    if op == 2:  # text only
        return [[rng.choice(TEXTS) for _ in r] for r in table]
    if op == 3:  # duplicate start numbers
        table[2][0] = table[1][0]
        return table
    if op == 4:  # ragged rows
        return [r[: rng.randint(0, len(r))] for r in table]
    if op == 5:  # a 1-D list where a 2-D one goes
        return rng.choice([table[1], [1.0, 2.0], ["No", "Name"], []])
    if op == 6:  # a scalar
        return rng.choice([None, "", 1.0, float("nan"), "x", True, HUGE_INT])
    if op == 7:  # hostile numbers in the start-number or rating column
        r = rng.randrange(1, len(table))
        table[r][rng.choice([0, 2])] = rng.choice(NUMBERS)
        return table
    if op == 8:  # hostile values in result cells
        for _ in range(rng.randint(1, 4)):
            r = rng.randrange(1, len(table))
            table[r][rng.randrange(3, len(table[r]))] = rng.choice(NUMBERS + TEXTS)
        return table
    if op == 9:  # mixed: rows that are not lists
        table[rng.randrange(len(table))] = rng.choice([None, "row", 1.0])
        return table
    if op == 10:  # nested one level deeper
        return [[[c] for c in r] for r in table]
    if op == 11:  # negative, zero or huge start numbers
        for r in table[1:]:
            r[0] = rng.choice([0.0, -1.0, 1e308, float(2 ** 53 + 1), 1e15, -1e308])
        return table
    if op == 12:  # an empty range, or empty rows
        return rng.choice([[], [[]], [[None]], [[None] * 5] * 3])
    if op == 13:  # a header row only, with odd round columns
        return [["No", "Name", "Rating"] + [f"R{rng.randint(-3, 10 ** 6)}" for _ in range(3)]] + table[1:]
    if op == 14:  # tuples, as the classic add-in hands them
        return tuple(tuple(r) for r in table)
    return [[rng.choice(NUMBERS + TEXTS + [None]) for _ in range(rng.randint(0, 8))]
            for _ in range(rng.randint(0, 6))]


def _scalar(rng: random.Random, pool: list[Any]) -> Any:
    """An argument: mostly from its pool, else any hostile value, a range, or a 1-D list."""
    x = rng.random()
    if x < 0.45:
        return rng.choice(pool)
    if x < 0.75:
        return rng.choice(NUMBERS + TEXTS + [None])
    if x < 0.85:
        return [[rng.choice(pool + NUMBERS)] for _ in range(rng.randint(0, 3))]
    if x < 0.92:
        return [rng.choice(pool + TEXTS)]
    return [[rng.choice(pool), None, 1.0], [rng.choice(TEXTS)]]


def _value(rng: random.Random, param: str) -> Any:
    if param == "crosstable":
        return _crosstable(rng)
    if param == "player":
        return _scalar(rng, [1, 2.0, 6, 7.0, 0, -1, 1e308, HUGE_INT, 2.5, "3", " 4 ", True])
    if param == "code":
        return _scalar(rng, CODES)
    if param == "tiebreak_list":
        return _scalar(rng, CODES + [None, "BH/C1,BH,SB", [["BH"], ["SB"]], [["BH", "DE"], [None]]])
    if param == "edition":
        return _scalar(rng, EDITIONS + [None])
    if param == "kind":
        return _scalar(rng, KINDS + [None])
    if param == "settings":
        return _scalar(rng, SETTINGS + [None])
    if param == "unrated":
        return _scalar(rng, [None, 1000, 1400.0, 0, 4000, -5, 1e308])
    if param in ("row", "column", "after_round", "rounds"):
        return _scalar(rng, [None, 0, 1, 2, 3, 4, 99, -1, 1e308, HUGE_INT, 2.5, 10_000, 10_001])
    if param == "live":
        return _scalar(rng, [None, True, False, 0, 1, "TRUE", "yes", "no", "maybe", 2.0])
    if param in ("score_before", "forfeit_score", "rounds_completed", "round_number"):
        return _scalar(rng, [0, 1, 0.5, 3, 7, 9, "1,5", "2.5", -1, 1e308, 10 ** 30])
    return _scalar(rng, [None, True, False, 0, 1, "TRUE"])  # a parameter added later


#: a sound value for each parameter: a call keeps most of its arguments sound, so the hostile ones
#: reach the code behind the first check
SOUND: dict[str, list[Any]] = {
    "player": [1, 2.0, 6.0], "code": ["BH/C1", "SB", "DE", "ARO", "KENTLER"], "tiebreak_list": [None, "BH/C1,BH,SB"],
    "edition": [None, "fide2024", [["fide2012"], [None], [45000.0]]], "kind": [None, "swiss"],
    "settings": [None], "unrated": [None, 1400.0], "rounds": [None, 4.0], "live": [None, False],
    "row": [None], "column": [None], "after_round": [2.0], "score_before": [3.0], "forfeit_score": [1.0],
    "rounds_completed": [9.0], "round_number": [7.0],
}


def parameters(name: str) -> list[str]:
    return list(inspect.signature(fx.FUNCTIONS[name]).parameters)


def hostile_calls(seed: int, n: int) -> list[tuple[str, list[Any]]]:
    """``n`` calls of the registry functions, the same for the same seed: most with one to three
    hostile arguments among sound ones, some wholly hostile, some with too few or too many."""
    rng = random.Random(seed)
    names = sorted(fx.FUNCTIONS)
    calls = []
    for _ in range(n):
        name = rng.choice(names)
        params = parameters(name)
        args = [[l for l in GOOD] if p == "crosstable" else rng.choice(SOUND.get(p, [None])) for p in params]
        if rng.random() < 0.15:
            args = [_value(rng, p) for p in params]
        else:
            for p in rng.sample(params, min(len(params), rng.randint(1, 3))):
                args[params.index(p)] = _value(rng, p)
        x = rng.random()
        if x < 0.08:
            args = args[:rng.randint(0, len(args))]
        elif x < 0.11:
            args = args + [rng.choice(NUMBERS + TEXTS)]
        calls.append((name, args))
    return calls


def finite_json(v: Any) -> Any:
    """A value as JSON can carry it to a driver (no NaN, no infinities, no 400-digit ints)."""
    if isinstance(v, (list, tuple)):
        return [finite_json(c) for c in v]
    if isinstance(v, bool) or v is None or isinstance(v, str):
        return v
    if isinstance(v, int) and abs(v) > 2 ** 63:
        return 1e308 if v > 0 else -1e308
    if isinstance(v, float) and not math.isfinite(v):
        return 1e308 if v > 0 else -1e308 if v < 0 else "nan"
    return v


def classic_args(args: list[Any]) -> list[Any]:
    """A call's arguments as COM hands them over: omitted optional ones as the missing marker,
    ranges as lists of lists, error cells as COM error codes."""
    def cell(v: Any) -> Any:
        return COM_REF if v == "#REF!" else v
    out = []
    for a in finite_json(args):
        if isinstance(a, list):
            a = [[cell(c) for c in r] if isinstance(r, list) else [cell(r)] for r in a] or [[None]]
        out.append(cell(a))
    return out


ERROR_REF = {"type": "Error", "basicType": "Error", "basicValue": "#REF!", "errorType": "Ref"}


def officejs_args(args: list[Any]) -> list[Any]:
    """A call's arguments as Office.js sends them: each a 2-D list, empty cells "", error cells as
    Error objects, omitted ones null."""
    def cell(v: Any) -> Any:
        return "" if v is None else ERROR_REF if v == "#REF!" else v
    out = []
    for a in finite_json(args):
        if isinstance(a, list):
            rows = [[cell(c) for c in r] if isinstance(r, list) else [cell(r)] for r in a] or [[""]]
            width = max(len(r) for r in rows) or 1
            out.append([r + [""] * (width - len(r)) if r else [""] * width for r in rows])  # Excel's ranges are rectangular
        else:
            out.append([[cell(a)]])
    return out


def call(fn: Callable, args: list[Any]) -> Any:
    return fn(*args)
