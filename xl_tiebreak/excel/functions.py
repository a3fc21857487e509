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
import inspect
import re
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from ..descriptor import parse_descriptor, parse_list
from ..engine import Result, compute, default_list
from ..errors import DescriptorError, InputError, TiebreakError
from ..formatting import json_number
from ..model import Tournament
from ..number_text import OutOfRange, decimal_of
from ..notation import spreadsheet_error
from ..options import Options
from ..standings import Row, rank
from ..tiebreaks.context import Context
from ..tiebreaks import registry
from ..tiebreaks.svon import svon
from ..validation import Finding
from .arguments import (edition_source, list_text, read_edition, read_flag, read_kind, read_live, read_options,
                        read_rounds, read_whole, shown, table_part, text_of)
from .function_cache import CACHE, Table, TableKey, content_key, read_last
from .sheet_table import find_layout, rows_to_tournament

NA = "#N/A"
#: what a table shows in its first cell when its function fails (the rest of the table is empty)
ERROR_PREFIX = "#ERROR: "
UNDEFINED = "-"  # a tie-break without a value (e.g. ARO with no game over the board)

POINTS_ONLY = ()  # the "tie-break list" of SCORE: none, the points only


def _tournament(key: TableKey, kind: Optional[str], rounds: Optional[int] = None) -> Tournament:
    return CACHE.get(("t", key, kind, rounds), lambda: rows_to_tournament(key.rows, kind=kind, rounds=rounds))


def _result(table: Table, tiebreak_list: Any, edition: Any, kind: Any,
            options: Optional[Options] = None, rounds: Any = None, live: Any = None, function: str = "") -> Result:
    key = content_key(table)
    ed = read_edition(edition, function)
    k = read_kind(kind)
    n, lv = read_rounds(rounds, function), read_live(live, function)
    points_only = tiebreak_list is POINTS_ONLY
    tbs = "" if points_only else list_text(tiebreak_list)
    if tbs:
        _codes(tbs)  # a list that cannot be read is named as the argument it came from
    def make() -> Result:  # (a cut larger than the rounds computes: it leaves nothing, C.07 Art. 14.1)
        return compute(_tournament(key, k, n), () if points_only else tbs or default_list(k == "round-robin"),
                       edition=ed, kind=k, options=options, live=lv)
    return CACHE.get(("r", key, ed.name, k, None if points_only else tbs, options, n, lv), make)


def _context(result: Result) -> Context:
    assert result.context is not None  # a Result of compute() keeps its evaluation
    return result.context


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
    try:
        return parse_descriptor(descriptor).code
    except TiebreakError as exc:
        raise DescriptorError(f"code: {exc}") from None


@functools.lru_cache(maxsize=512)
def _codes(listed: str) -> tuple[str, ...]:
    try:
        return tuple(tb.code for tb in parse_list(listed))
    except TiebreakError as exc:
        raise DescriptorError(f"tiebreak_list: {exc}") from None


def _player_row(result: Result, player: Any) -> Optional[int]:
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


def _out(v: Optional[Fraction]) -> Any:
    return UNDEFINED if v is None else json_number(v)


# --------------------------------------------------------------------------- the functions
#
# Parameter names survive both xlwings runtimes: none is a VBA keyword or a VBA function name
# (``kind``, not ``type``; ``after_round``, not ``round``) nor the name of a function.
# The first line of each docstring is what Excel shows (one plain line, at most 255 characters).


def _no_player(player: Any) -> Any:
    """What a per-player cell shows when the start number is not in the crosstable."""
    return "" if player is None or (isinstance(player, str) and not player.strip()) else NA


def _for_player(result: Result, player: Any, value: Callable[[int], Any]) -> Any:
    """Every per-player cell: ``value(row)`` for a start number of the crosstable; "" for an
    empty player argument, #N/A for a start number the crosstable does not have."""
    k = _player_row(result, player)
    return _no_player(player) if k is None else value(k)


def _value(player: Any, result: Result, column: str) -> Any:
    return _for_player(result, player, lambda k: _outputs(result)[column][k])


def TIEBREAK(player: Any, crosstable: Table, code: Any, edition: Any = None, kind: Any = None,
             tiebreak_list: Any = None, unrated: Any = None, settings: Any = None, rounds: Any = None,
             live: Any = None) -> Any:
    """Any tie-break of one player by its code (BH/C1, SB, DE, ARO, ...); with the event's tie-break list, DE is the rank inside the group tied on points and on the tie-breaks before DE."""
    text = text_of(code)
    if not text:
        return ""
    opts = read_options(unrated, settings, "TIEBREAK")
    tb = _code(text)
    listed = list_text(tiebreak_list)
    result = _result(crosstable, listed if listed and tb in _codes(listed) else tb, edition, kind, opts,
                     rounds, live, "TIEBREAK")
    return _value(player, result, tb)


def _named(code: str) -> Callable:
    """The Excel function of a registry row's code: one player's value, or what the row shows
    in its place (KENTLER: the opponents' TPRs)."""
    tb = parse_descriptor(code)
    shown = tb.spec.shown

    def fn(player: Any, crosstable: Table, edition: Any = None, kind: Any = None,
           unrated: Any = None, settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
        opts = read_options(unrated, settings, fn.__name__)  # the Excel name, set by the registry
        result = _result(crosstable, code, edition, kind, opts, rounds, live, fn.__name__)
        if shown is None:
            return _value(player, result, code)
        texts = _kept(result, "_shown", lambda: shown(_context(result), tb))
        return _for_player(result, player, texts.__getitem__)
    family = "national or historical" if tb.spec.national else "FIDE"
    fn.__doc__ = tb.spec.excel_doc or f"{tb.legend()}: one player's value ({family} tie-break code {code})."
    return fn


def SCORE(player: Any, crosstable: Table, edition: Any = None, kind: Any = None,
          unrated: Any = None, settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """The player's points."""
    read_options(unrated, settings, "SCORE")  # checked like everywhere, though points need none
    return _value(player, _result(crosstable, POINTS_ONLY, edition, kind, None, rounds, live, "SCORE"), "points")


for _excel_name, _excel_code in registry.excel_functions():  # BUCHHOLZ, ..., SSF_BUCHHOLZ, KENTLER
    globals()[_excel_name] = _named(_excel_code)


def PLACE(player: Any, crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
          unrated: Any = None, settings: Any = None, rounds: Any = None,
          live: Any = None) -> Any:
    """The player's place in the standings: a number, or a range such as 3-5 where places are shared."""
    result = _result(crosstable, tiebreak_list, edition, kind, read_options(unrated, settings, "PLACE"),
                     rounds, live, "PLACE")
    return _for_player(result, player, lambda k: _places(result)[result.tournament.players[k].no])


def TIEBREAKS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
              unrated: Any = None, settings: Any = None, rounds: Any = None,
              live: Any = None) -> list[list[Any]]:
    """Every player's points and tie-breaks in start order, as a table that spills: a header row No, Name, Pts and the codes, then one row per player."""
    result = _result(crosstable, tiebreak_list, edition, kind, read_options(unrated, settings, "TIEBREAKS"),
                     rounds, live, "TIEBREAKS")
    out: list[list[Any]] = [["No", "Name", "Pts", *result.codes]]
    for k, p in enumerate(result.tournament.players):
        out.append([p.no, p.name, json_number(result.points[k]), *[_out(v) for v in result.values[k]]])
    return out


def RESULTS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
            unrated: Any = None, settings: Any = None, rounds: Any = None,
            live: Any = None) -> list[list[Any]]:
    """Points, tie-breaks and place for every row of the crosstable, as a table that spills beside it row for row: a header row Pts, the codes and Place, then one row per crosstable row."""
    result = _result(crosstable, tiebreak_list, edition, kind, read_options(unrated, settings, "RESULTS"),
                     rounds, live, "RESULTS")
    return [list(r) for r in _kept(result, "_rows", lambda: _aligned_rows(result, crosstable))]


def _aligned_rows(result: Result, crosstable: Table) -> list[list[Any]]:
    """RESULTS' table: the header, then for each row of the range the values of the player whose
    start number it holds ("" cells for a row without one)."""
    header = ["Pts", *result.codes, "Place"]
    out = _outputs(result)
    places = _places(result)
    layout = find_layout(crosstable[0] or [], max(len(r) for r in crosstable if r is not None)) \
        if crosstable and crosstable[0] is not None else None
    col = layout.no if layout else 0
    rows: list[list[Any]] = [header]
    for r in crosstable[1:] if layout and layout.header else crosstable:
        cell = r[col] if r is not None and len(r) > col else None
        k = _player_row(result, cell)
        if k is None:
            rows.append([""] * len(header))
        else:
            no = result.tournament.players[k].no
            rows.append([out["points"][k], *[out[c][k] for c in result.codes], places[no]])
    return rows


def STANDINGS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
              row: Any = None, column: Any = None, unrated: Any = None, settings: Any = None,
              rounds: Any = None, live: Any = None, page: Any = None) -> Any:
    """The ranked table (Rk, No, Name, Pts and the tie-breaks) that spills; with row (1 the leader, 0 the header) and column (1 is Rk) one cell, empty past the last player; page TRUE adds title, rating, federation and the legend."""
    opts = read_options(unrated, settings, "STANDINGS")
    as_page = read_flag(page, "page", "STANDINGS")
    result = _result(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "STANDINGS")
    table = _page_table(result) if as_page else _standings_table(result)
    return table_part(table, row, column, "STANDINGS")


def _page_table(result: Result) -> list[list[Any]]:
    """The notice-board standings (:mod:`.standings_page`)."""
    from .book_reader import UNRATED_HOW
    from .standings_page import page_table
    return _kept(result, "_page", lambda: page_table(_standings_table(result), _standings(result), result, UNDEFINED,
                                                     UNRATED_HOW))


def CATEGORY_STANDINGS(crosstable: Table, category: Any, tiebreak_list: Any = None, edition: Any = None,
                       kind: Any = None, age_basis: Any = None, row: Any = None, column: Any = None,
                       unrated: Any = None, settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """The standings of a category (U1600, 1600-1799, women, U18, S50, FED=ENG, CLUB=name, unrated) in the whole event's order and tie-breaks, as a table that spills; with a range of rows name | category, each category in turn; with row and column, one cell."""
    from .prize_arguments import read_age, read_categories, read_start
    from .prize_tables import category_table
    opts = read_options(unrated, settings, "CATEGORY_STANDINGS")
    result = _result(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "CATEGORY_STANDINGS")
    cats = read_categories(category, "category")
    start, age = read_start(edition), read_age(age_basis)
    key = (tuple((n, c.text, c.label) for n, c in cats), start, age)  # a category is its text
    table = _kept(result, f"_categories{key!r}",
                  lambda: category_table(result, _standings(result), cats, start, age))
    return table_part(table, row, column, "CATEGORY_STANDINGS")


def PRIZES(crosstable: Table, prize_table: Any, prize_rules: Any = None, categories: Any = None,
           age_basis: Any = None, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
           row: Any = None, column: Any = None, unrated: Any = None, settings: Any = None, rounds: Any = None,
           live: Any = None) -> Any:
    """The prize list from the standings and a prize table (a heading row Place and categories, then the 1st, 2nd, ... amounts), one prize per player, as a table that spills: place, player, prize, amount listed and paid; with row and column, one cell."""
    from .prize_arguments import PrizeSetup, read_age, read_categories, read_prize_rules, read_prize_table, read_start
    from .prize_tables import prize_table as prize_list_table
    opts = read_options(unrated, settings, "PRIZES")
    named = read_categories(categories)
    table = read_prize_table(prize_table, named)
    ties, order, unit = read_prize_rules(prize_rules)
    start, age = read_start(edition), read_age(age_basis)
    result = _result(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "PRIZES")
    key = (table.places, tuple((c.text, c.label, a) for c, a in table.categories), ties, order, unit, start, age)
    setup = PrizeSetup(table, ties, order, unit)
    got = _kept(result, f"_prizes{key!r}",
                lambda: prize_list_table(result, _standings(result), setup, start, age))
    return table_part(got, row, column, "PRIZES")


NO_PLAYERS = ("no players yet: type the crosstable, pair a round with its results left blank (12w, 12b), and "
              "this table says who can still finish in each prize place")


def WHATIF(crosstable: Table, places: Any = None, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
           max_boards: Any = None, row: Any = None, column: Any = None, unrated: Any = None, settings: Any = None,
           rounds: Any = None, live: Any = None) -> Any:
    """Before a round's results: who can still finish in each prize place, and per board each outcome's places, as a table that spills (exact up to max_boards boards, else on points alone); with row and column, one cell."""
    from ..whatif import DEFAULT_MAX_BOARDS, MOST_BOARDS, what_if
    from .whatif_table import state_table, whatif_table
    opts = read_options(unrated, settings, "WHATIF")
    ed, k = read_edition(edition, "WHATIF"), read_kind(kind)
    n, _ = read_rounds(rounds, "WHATIF"), read_live(live, "WHATIF")  # live: the round's finished games count anyway
    tbs = list_text(tiebreak_list)
    if tbs:
        _codes(tbs)
    bound = read_whole(max_boards, "max_boards", "WHATIF")
    bound = DEFAULT_MAX_BOARDS if bound is None else bound
    if not 1 <= bound <= MOST_BOARDS:
        raise InputError(f"WHATIF: max_boards {bound}: expected 1 to {MOST_BOARDS} (3^{MOST_BOARDS} = "
                         f"{3 ** MOST_BOARDS:,} combinations)")
    wanted = read_whole(places, "places", "WHATIF")
    wanted = 3 if wanted is None else wanted
    key = content_key(crosstable)

    def make() -> list[list[Any]]:
        t = _tournament(key, k, n)
        if not t.players:
            return state_table(NO_PLAYERS)
        if not 1 <= wanted <= len(t.players):
            raise InputError(f"WHATIF: places {wanted}: expected a number of prize places from 1 to "
                             f"{len(t.players)} (the players)")
        try:
            got = what_if(t, tbs or None, places=wanted, edition=ed.name, kind=k, options=opts, max_boards=bound)
        except InputError as exc:  # the event's state (no round awaiting results, ...): said in the sheet
            return state_table(str(exc))
        return whatif_table(got)
    table = CACHE.get(("w", key, ed.name, k, tbs, opts, n, wanted, bound), make)
    return table_part(table, row, column, "WHATIF")


def _explanation(function: str, player: Any, crosstable: Table, code: Any, edition: Any, kind: Any,
                 tiebreak_list: Any, unrated: Any, settings: Any, rounds: Any = None, live: Any = None) -> Any:
    """The account of one value, or what the cell shows instead ("" or #N/A)."""
    from ..explanation import explain
    from .book_reader import UNRATED_HOW
    if player in (None, "") or not text_of(code):
        return ""
    opts = read_options(unrated, settings, function)
    tb = _code(text_of(code))
    listed = list_text(tiebreak_list)
    listed = listed if listed and tb in _codes(listed) else ""
    result = _result(crosstable, listed or tb, edition, kind, opts, rounds, live, function)
    if _player_row(result, player) is None:
        return NA
    key = content_key(crosstable)
    ed, k = result.edition, read_kind(kind)
    n, lv = read_rounds(rounds, function), read_live(live, function)
    no = read_whole(player, "player", function)
    assert no is not None  # a row of the crosstable has it
    return CACHE.get(("x", key, ed.name, k, tb, no, listed, opts, n, lv),
                     lambda: explain(_tournament(key, k, n), no, tb, ed, kind=k, options=opts,
                                     tiebreaks=listed or None, live=lv, how=UNRATED_HOW))


def _explain_table(e) -> list[list[Any]]:
    cut = any(ln.cut for ln in e.lines)
    table: list[list[Any]] = [list(e.columns) + ["Why"] + (["Cut"] if cut else [])]
    for ln in e.lines:
        table.append([json_number(v) if isinstance(v, Fraction) else ("" if v is None else v)
                      for v in ln.values] + [ln.why] + ([ln.cut] if cut else []))
    table.append([f"{e.code} =", e.total])
    table += [["Note", n] for n in e.notes]
    return table


def EXPLAIN(player: Any, crosstable: Table, code: Any, edition: Any = None, kind: Any = None,
            row: Any = None, column: Any = None, tiebreak_list: Any = None, unrated: Any = None,
            settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """How one player's tie-break value is reached, as a table that spills (a row per round: opponent, score that counts, result, contribution, why, cut); with row and column, one cell."""
    e = _explanation("EXPLAIN", player, crosstable, code, edition, kind, tiebreak_list, unrated, settings, rounds,
                     live)
    if isinstance(e, str):
        return e
    table = _explain_table(e)
    if row is None and column is None:
        width = max(len(r) for r in table)
        return [r + [""] * (width - len(r)) for r in table]
    i = read_whole(row, "row", "EXPLAIN") or 0
    j = read_whole(column, "column", "EXPLAIN") or 1
    if i < 0 or j < 1:
        return NA
    return table[i][j - 1] if i < len(table) and j <= len(table[i]) else ""


def EXPLAIN_TEXT(player: Any, crosstable: Table, code: Any, edition: Any = None, kind: Any = None,
                 tiebreak_list: Any = None, unrated: Any = None, settings: Any = None, rounds: Any = None,
                 live: Any = None) -> Any:
    """The same account as EXPLAIN, as text in one cell."""
    from ..explanation import render_text
    e = _explanation("EXPLAIN_TEXT", player, crosstable, code, edition, kind, tiebreak_list, unrated, settings,
                     rounds, live)
    return e if isinstance(e, str) else render_text(e).rstrip()


def RUNNING(player: Any, crosstable: Table, after_round: Any, kind: Any = None) -> Any:
    """The player's score after a round, for progress charts."""
    result = _result(crosstable, "WIN", None, kind)

    def score(k: int) -> Any:
        r = read_whole(after_round, "after_round", "RUNNING")
        if r is None or not 0 <= r <= result.tournament.rounds:
            return NA
        return json_number(result.tournament.players[k].score(r))
    return _for_player(result, player, score)


def _findings(crosstable: Table, kind: Any, rounds: Any = None, function: str = "CHECK") -> list:
    from ..check import collect
    k = read_kind(kind)
    n = read_rounds(rounds, function)
    key = content_key(crosstable)
    return CACHE.get(("c", key, k, n), lambda: collect(lambda fd: rows_to_tournament(key.rows, kind=k, findings=fd,
                                                                                    rounds=n)))


def CHECK(crosstable: Table, kind: Any = None, rounds: Any = None, live: Any = None) -> list[list[Any]]:
    """Every problem of the crosstable as a table that spills (severity, cell, message); errors stop the other functions, warnings do not."""
    read_live(live, "CHECK")  # checked like everywhere; whether standings are live changes no finding
    found = _findings(crosstable, kind, rounds)
    if not found:
        return [["Severity", "Where", "Message"], ["ok", "", "no problems found"]]
    return [["Severity", "Where", "Message"]] + [[f.severity, f.where, f.message] for f in found]


STATUS_SHOWN = 3  # problems quoted in STATUS's one line


def STATUS(crosstable: Table, kind: Any = None, edition: Any = None, rounds: Any = None, live: Any = None,
           tiebreak_list: Any = None) -> str:
    """One line on the crosstable: how far the event has got (after round k of N, the round in progress, the rules), then No problems found, or how many errors and warnings there are with the first few and their cells (a tie-break list it cannot read too)."""
    found = _findings(crosstable, kind, rounds, "STATUS")
    errors = sum(1 for f in found if f.severity == "error")
    head = ""
    listed = list_text(tiebreak_list)
    if listed:  # the tables that rank by it show its error: the status line counts it too
        try:
            _codes(listed)
        except DescriptorError as exc:
            found = [Finding("error", "descriptor", "", str(exc)), *found]
    if not errors:  # (errors of the crosstable: nothing can be computed from it)
        result = _result(crosstable, "WIN", edition, kind, None, rounds, live, "STATUS")
        label = result.label
        if read_rounds(rounds, "STATUS") is None:
            label = label.replace(f" of {result.tournament.rounds}", f" of {result.tournament.rounds} (the round "
                                  "columns: write the event's rounds in Settings)", 1)
        head = f"{label[0].upper()}{label[1:]}; rules {result.edition.name}{edition_source(edition)}. "
    if not found:
        return head + NO_PROBLEMS
    errors = sum(1 for f in found if f.severity == "error")
    warnings = len(found) - errors
    counts = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in ((errors, "error"), (warnings, "warning")) if n]
    shown = sorted(found, key=lambda f: f.severity != "error")[:STATUS_SHOWN]
    more = "; ..." if len(found) > STATUS_SHOWN else ""
    return (head + " and ".join(counts) + " - " + "; ".join(f"{f.where}: {f.message}" if f.where else f.message
                                                            for f in shown) + more)


NO_PROBLEMS = "No problems found."
#: the counts of a STATUS line: "2 errors and 1 warning - ", "1 warning - "
_COUNTS = re.compile(r"\b(?:(\d+) errors?(?: and (\d+) warnings?)?|(\d+) warnings?) - ")


def SHEET_STATUS(status_line: Any, table: Any) -> str:
    """The status line of a sheet with a table: the event's (STATUS), with the error the sheet's table shows (#ERROR: ...) counted and told first."""
    line = text_of(status_line)
    if not (isinstance(table, str) and table.startswith(ERROR_PREFIX)):
        return line
    problem = table[len(ERROR_PREFIX):].strip()
    name, sep, rest = problem.partition(": ")
    if sep and name in FUNCTIONS:
        problem = rest
    if problem in line:  # the crosstable's own error, already told
        return line
    if line.endswith(NO_PROBLEMS):
        return f"{line[:-len(NO_PROBLEMS)]}1 error - {problem}"
    m = _COUNTS.search(line)
    if m is None:
        return f"1 error - {problem}" + (f"; {line}" if line else "")
    errors, warnings = int(m.group(1) or 0) + 1, int(m.group(2) or m.group(3) or 0)
    counts = [f"{n} {word}{'' if n == 1 else 's'}" for n, word in ((errors, "error"), (warnings, "warning")) if n]
    return f"{line[:m.start()]}{' and '.join(counts)} - {problem}; {line[m.end():]}"


def SVON(score_before: Any, forfeit_score: Any, rounds_completed: Any, round_number: Any) -> float:
    """The 2012 virtual opponent's score: Svon = S + (1 - Sf) + 0.5 x (n - R), from the score before the round, the points awarded in it, the rounds completed and the round."""
    def num(v: Any, what: str) -> Fraction:
        if v is None or (isinstance(v, str) and not v.strip()):
            raise InputError(f"SVON: {what} is empty; give a number")
        try:  # bounded before it is converted: '1e999999999' would build a billion-digit integer
            d = decimal_of(v.replace(",", ".") if isinstance(v, str) else v)
        except (OutOfRange, ValueError):  # (an integer past Python's 4,300 digits too)
            raise InputError(f"SVON: {what} {shown(v)} is out of range (at most {SVON_LIMIT})") from None
        except TypeError:
            d = None
        if d is None:  # text, NaN, infinities, a list
            raise InputError(f"SVON: {what} {shown(v)} is not a number") from None
        f = Fraction(d)
        if abs(f) > SVON_LIMIT:
            raise InputError(f"SVON: {what} {shown(v)} is out of range (at most {SVON_LIMIT})")
        return f
    s, sf = num(score_before, "score_before"), num(forfeit_score, "forfeit_score")
    n, r = num(rounds_completed, "rounds_completed"), num(round_number, "round_number")
    if n.denominator != 1 or r.denominator != 1:
        raise InputError("SVON: rounds_completed and round_number must be whole numbers")
    try:
        return float(svon(s, sf, int(n), int(r)))
    except ValueError as exc:
        raise InputError(f"SVON: {exc}") from None


SVON_LIMIT = 10 ** 6  # a score or a round count beyond this is a typing error


# the team event's functions (issue 23), registered with the others below
from .team_functions import (GAME_POINTS, MATCH_POINTS, MATCH_SCORES, PLAYER_POINTS, TEAM_EXPLAIN,  # noqa: E402
                             TEAM_LEGEND, TEAM_STANDINGS, TEAM_STATUS, TEAM_TIEBREAK, seen_range)

#: What Excel shows for each parameter while a formula is typed (one short plain sentence).
PARAMETER_DOCS: dict[str, str] = {
    "player": "The player's start number (the No column).",
    "crosstable": "The crosstable range with its header row: No, Name, Rating and R1, R2, ...",
    "edition": "Rule edition: fide2026, fide2024 or fide2012, or the start date (the edition then in force), "
               "or a range with both (the name wins); empty: fide2026.",
    "rounds": "The event's number of rounds; empty: the crosstable's round columns.",
    "page": "TRUE for the notice-board page: each player's title, rating and federation after the tie-breaks, and "
            "under the table the legend of the list and the notes on unrated players; empty: the table only.",
    "live": "TRUE for live standings (finished games of the round in progress count); empty: after the last "
            "complete round.",
    "kind": "Event type: swiss (default) or round-robin.",
    "unrated": "Rating given to unrated players in the rating tie-breaks; empty: the FIDE rule.",
    "settings": "Choices the rules leave open: rows of name and value, or text name=value; name=value.",
    "code": "A tie-break code such as BH/C1, SB, DE or ARO.",
    "tiebreak_list": "The event's tie-breaks in order: a text BH/C1,BH,SB or a range with one code per cell.",
    "row": "Only this row of the table (0 is the header); empty: the whole table.",
    "column": "Only this column of the table (1 is the first); empty: every column.",
    "after_round": "The round after which the score is wanted (0 to the last round).",
    "category": "A category: U1600, 1600-1799, women, U18, S50, FED=ENG, CLUB=name or unrated; or a range of rows name | "
                "category (the Categories sheet).",
    "categories": "The event's categories: rows of name | category (U1600, women, U18, S50, FED=ENG, CLUB=name), which the "
                  "prize table's headings may name.",
    "age_basis": "How ages are counted: year (default; the age reached in the event's year) or date (the exact "
                 "age on the start date).",
    "prize_table": "The prize table: a heading row (Place, then categories), then one row per prize, 1st, 2nd, "
                   "...; the first column holds the rows' labels.",
    "prize_rules": "Rows of name and value: Ties tiebreak, shared or hort; Order value or places-first; Rounding "
                   "unit such as 0.01. Empty: tiebreak, value, 0.01.",
    "status_line": "The event's status line (Crosstable!A3, its STATUS formula).",
    "table": "The first cell of the sheet's table (its formula's cell): an error it shows is told in the line.",
    "places": "The prize places looked at: 1 to this place (empty: 3).",
    "max_boards": "Boards whose results are combined exactly, at most 10 (3^10 combinations); empty: 8. Beyond it "
                  "the places are on points alone.",
    "score_before": "The player's score before the unplayed round.",
    "forfeit_score": "The points the player was awarded in the unplayed round.",
    "rounds_completed": "The number of rounds completed (n).",
    "round_number": "The round the player did not play (R).",
    "team": "The team's number (the Team column of the Teams sheet).",
    "matches": "The match grid with its header row: Rd, Home, Away, Forfeit, B1, B2, ... and the line-ups.",
    "teams": "The teams with their players in board order, with the header row: Team, Team name, No, Name, ...",
}
_PARAMETER_OVERRIDES: dict[tuple[str, str], str] = {
    ("STANDINGS", "row"): "Only this row of the standings (1 is the leader, 0 the header); empty: the whole table.",
    ("EXPLAIN", "row"): "Only this row of the account (0 is the header); empty: the whole table.",
    ("TEAM_STANDINGS", "row"): "Only this row of the standings (1 is the leader, 0 the header); empty: the whole table.",
    ("TEAM_TIEBREAK", "code"): "A team tie-break code such as EMGSB/C1, BH:MP/C1, GP, EDE or BC.",
    ("TEAM_EXPLAIN", "code"): "A team tie-break code such as EMGSB/C1, BH:MP/C1, GP, EDE or BC.",
    ("TEAM_TIEBREAK", "tiebreak_list"): "The event's team tie-breaks in order (a range or a text EMGSB/C1,GP); "
                                        "empty: the code on its own.",
    ("TEAM_STANDINGS", "tiebreak_list"): "The event's team tie-breaks in order (a range or a text EMGSB/C1,GP); "
                                         "empty: the default team list.",
    **{(f, "settings"): "The team Settings rows (label and value): boards, match points, primary score, team PAB, edition." for f in ("MATCH_POINTS", "GAME_POINTS", "TEAM_TIEBREAK", "TEAM_STANDINGS", "MATCH_SCORES",
                                     "PLAYER_POINTS", "TEAM_LEGEND", "TEAM_STATUS", "TEAM_EXPLAIN")},
    ("TEAM_LEGEND", "tiebreak_list"): "The event's team tie-breaks in order (a range or a text EMGSB/C1,GP); empty: "
                                      "the default team list.",
    ("WHATIF", "row"): "Only this row of the table (0 is its first); empty: the whole table.",
    ("WHATIF", "live"): "Not needed here: the games of the round already in always count.",
}


def parameter_doc(function: str, parameter: str) -> str:
    """The description Excel shows for a parameter of a function."""
    return _PARAMETER_OVERRIDES.get((function, parameter), PARAMETER_DOCS[parameter])


def description(function: str) -> str:
    """The one-line description Excel shows for a function (the docstring's first line)."""
    return (FUNCTIONS[function].__doc__ or "").strip().splitlines()[0]


_TABLE_ARGUMENTS = frozenset({"crosstable", "matches", "teams"})  # their cells are checked by their readers
#: the arguments that take a range; every other one takes one value (a range of one cell is that cell)
_RANGE_ARGUMENTS = frozenset({"crosstable", "tiebreak_list", "settings", "edition", "category", "categories",
                              "prize_table", "prize_rules", "matches", "teams"})
#: the functions whose call gives a table that spills (STANDINGS and EXPLAIN unless one cell is asked for)
SPILLING = frozenset({"TIEBREAKS", "RESULTS", "STANDINGS", "EXPLAIN", "CHECK", "CATEGORY_STANDINGS", "PRIZES",
                      "TEAM_STANDINGS", "MATCH_SCORES", "PLAYER_POINTS", "TEAM_LEGEND", "TEAM_EXPLAIN", "WHATIF"})


def error_table(message: str) -> list[list[Any]]:
    """The table a failing spilling call shows (the headless recompute writes the same, and
    xlwings's add-in returns it, see :mod:`xl_tiebreak.udfs`): one cell, ``#ERROR: <message>``,
    so no old figure stands as current behind ``IFERROR(<call>, Cache!...)``."""
    return [[ERROR_PREFIX + message]]


def spills(name: str, args: Sequence[Any], kwargs: Optional[dict] = None) -> bool:
    """Whether this call of the function ``name`` asks for a table (STANDINGS and EXPLAIN with
    both row and column give one cell)."""
    if name not in SPILLING:
        return False
    if name not in ("STANDINGS", "EXPLAIN", "CATEGORY_STANDINGS", "PRIZES", "TEAM_STANDINGS", "WHATIF"):
        return True
    names = list(inspect.signature(FUNCTIONS[name]).parameters)
    given = dict(zip(names, args), **(kwargs or {}))
    return any(text_of(_one_cell(given.get(p))) == "" for p in ("row", "column"))


def _one_cell(v: Any) -> Any:
    """A range of one cell as its value (anything else as it is)."""
    while isinstance(v, (list, tuple)) and len(v) == 1:
        v = v[0]
    return None if isinstance(v, (list, tuple)) and not v else v


class _Signature:
    """What the wrapper needs of a function's parameters, read once."""

    def __init__(self, fn: Callable) -> None:
        params = inspect.signature(fn).parameters
        self.names = list(params)
        self.required = sum(1 for p in params.values() if p.default is inspect.Parameter.empty)


def _arguments(name: str, sig: _Signature, args: tuple, kwargs: dict) -> list[tuple[str, Any]]:
    """The call's (parameter, value) pairs; too many, unknown or missing arguments refused by name
    (a formula typed in a workbook is called as it is written, by the headless recompute too)."""
    if len(args) > len(sig.names):
        raise InputError(f"{name}: {len(args)} arguments given, but it takes at most {len(sig.names)} "
                         f"({', '.join(sig.names)})")
    pairs = list(zip(sig.names, args))
    for param, value in kwargs.items():
        if param not in sig.names:
            raise InputError(f"{name}: it has no argument {param}; its arguments are {', '.join(sig.names)}")
        if param in sig.names[:len(args)]:
            raise InputError(f"{name}: the argument {param} is given twice")
        pairs.append((param, value))
    if len(pairs) < sig.required:
        given = {p for p, _ in pairs}
        missing = next(p for p in sig.names[:sig.required] if p not in given)
        raise InputError(f"{name}: the argument {missing} is missing; {parameter_doc(name, missing)}")
    return pairs


def _one_value(name: str, param: str, value: Any) -> Any:
    """An argument that takes one value: a range of one cell is that cell, an empty range is empty;
    a range of several cells is refused by name (which of them would be meant?)."""
    if not isinstance(value, (list, tuple)):
        return value
    cells = [c for r in value for c in (r if isinstance(r, (list, tuple)) else [r])]
    if not cells:
        return None
    if len(cells) == 1 and not isinstance(cells[0], (list, tuple)):
        return cells[0]
    raise InputError(f"{name}: the argument {param} is a range of {len(cells)} cells; give one value "
                     "(one cell)")


def _crosstable_argument(name: str, value: Any, param: str = "crosstable") -> Any:
    """The crosstable as rows of cells: one row given as a flat list is that row; no range at
    all, or rows mixed with single values, is refused by name."""
    if read_last(value) or seen_range(value):
        return value  # a table already read (by the previous call, or a team function's)
    if not isinstance(value, (list, tuple)):
        what = "empty" if value is None or (isinstance(value, str) and not value.strip()) \
            else f"one value ({shown(value)}), not a range"
        raise InputError(f"{name}: the argument {param} is {what}; {PARAMETER_DOCS[param]}")
    flat = [isinstance(r, (list, tuple)) for r in value if r is not None]
    if flat and not any(flat):
        return [list(value)]  # one row, as a 1-D list
    if not all(flat):
        k = next(i for i, r in enumerate(value) if r is not None and not isinstance(r, (list, tuple)))
        raise InputError(f"{name}: the argument {param} mixes rows and single values (row {k + 1} "
                         f"is {shown(value[k])}); give the {param} range")
    return value


def _refusing_errors(name: str, fn: Callable) -> Callable:
    """``fn`` with its arguments checked and every refusal named: a missing or
    extra argument, a range where one value goes, a crosstable that is no range, a spreadsheet
    error value (``#REF!``) in any argument but the crosstable (whose cells the reader refuses by
    their place; an error is never taken for a blank); and every error of the package begins with
    the function's name (``BUCHHOLZ: edition: unknown rule edition 'fide1999'...``), so a cell's
    message says which formula went wrong."""
    # the parameters, read on the first call: inspect.signature of every function at import
    # took a millisecond of the start-up time, and a command calls only a few of them
    sig: Optional[_Signature] = None

    @functools.wraps(fn)
    def checked(*args: Any, **kwargs: Any) -> Any:
        nonlocal sig
        if sig is None:
            sig = _Signature(fn)
        try:
            values = []
            for param, value in _arguments(name, sig, args, kwargs):
                if param in _TABLE_ARGUMENTS:
                    value = _crosstable_argument(name, value, param)
                else:
                    if param not in _RANGE_ARGUMENTS:
                        value = _one_value(name, param, value)
                    cells = ([c for r in value for c in (r if isinstance(r, (list, tuple)) else [r])]
                             if isinstance(value, (list, tuple)) else [value])
                    for cell in cells:
                        err = spreadsheet_error(cell)
                        if err:
                            raise InputError(f"{name}: the argument {param} holds the spreadsheet error {err}; "
                                             "fix the cell it refers to")
                values.append((param, value))
            return fn(**dict(values))
        except TiebreakError as exc:
            if str(exc).startswith(f"{name}:"):
                raise
            raise _renamed(exc, name) from None
    return checked


def _renamed(exc: TiebreakError, name: str) -> TiebreakError:
    """The same kind of error with the function's name in front (an InputError keeps its place)."""
    message = f"{name}: {exc}"
    try:
        new = type(exc)(message)
    except Exception:  # noqa: BLE001 - a subclass with another constructor
        new = InputError(message)
    if isinstance(exc, InputError) and isinstance(new, InputError):
        new.where = exc.where
    return new


#: The registry: Excel name -> function. Every face uses this one table.
FUNCTIONS: dict[str, Callable] = {
    name: obj for name, obj in list(globals().items())
    if name.isupper() and callable(obj) and name not in ("NA", "UNDEFINED", "CACHE", "STATUS_SHOWN",
                                                          "PARAMETER_DOCS", "NO_PLAYERS", "NO_PROBLEMS")
}
for _name, _fn in list(FUNCTIONS.items()):
    _fn.__name__ = _name
    _fn.__qualname__ = _name
    FUNCTIONS[_name] = _refusing_errors(_name, _fn)
    globals()[_name] = FUNCTIONS[_name]
