"""The Excel-named functions over the crosstable, as plain Python, each declared where it is defined
(:func:`.functions.registry.worksheet_function`); the team event's are in :mod:`.functions.team`.
Importing this module registers them all: :data:`FUNCTIONS` is the one table the xlwings UDF module,
the headless recompute, the CLI and the tests call.

Every function takes the crosstable range *with its header row* as a 2-D list (empty cells are
``None``, numbers floats), as Excel hands it over. All values for one distinct crosstable are
computed once and cached under a content key, so every further cell is a lookup. The cache is
thread-safe. A bad cell raises :class:`~xl_tiebreak.errors.InputError` naming the cell; an
unknown player gives ``"#N/A"`` (an error value in xlwings Lite, the text in the classic add-in).

Parameter names survive both xlwings runtimes: none is a VBA keyword or a VBA function name
(``kind``, not ``type``; ``after_round``, not ``round``) nor the name of a function.
"""

from __future__ import annotations

import re
from fractions import Fraction
from typing import Any, Callable

from ...descriptor import parse_descriptor
from ...engine import Result
from ...errors import DescriptorError, InputError
from ...formatting import json_number
from ...number_text import OutOfRange, decimal_of
from ...tiebreaks import registry
from ...svon import svon
from ...validation import Finding
from ..ranges.arguments import (edition_source, list_text, read_edition, read_flag, read_kind, read_live, read_options,
                        read_rounds, read_whole, shown, table_part, text_of)
from .cache import CACHE, Table, content_key
from .registry import (ERROR_PREFIX, FUNCTIONS, INDIVIDUAL, REGISTRY, TEAM, description, error_table,
                                group, parameter_doc, spills, worksheet_function)
from .results import (NA, POINTS_ONLY, UNDEFINED, codes_of, code_of, context_of, for_player, kept,
                               places_of, player_row, player_value, result_of, standings_of, standings_table,
                               tournament_of, outputs_of, cell_value)
from .parameters import PARAMETER_DOCS
from ..ranges.crosstable_range import find_layout, rows_to_tournament

@worksheet_function(
    INDIVIDUAL,
    description="Any tie-break of one player by its code (BH/C1, SB, DE, ARO, ...); with the event's tie-break list, "
                "DE is the rank inside the group tied on points and on the tie-breaks before DE.")
def TIEBREAK(player: Any, crosstable: Table, code: Any, edition: Any = None, kind: Any = None,
             tiebreak_list: Any = None, unrated: Any = None, settings: Any = None, rounds: Any = None,
             live: Any = None) -> Any:
    """One player's value of any tie-break code; DE inside the tie of the event's list (C.07 Art. 7.1)."""
    text = text_of(code)
    if not text:
        return ""
    opts = read_options(unrated, settings, "TIEBREAK")
    tb = code_of(text)
    listed = list_text(tiebreak_list)
    result = result_of(crosstable, listed if listed and tb in codes_of(listed) else tb, edition, kind, opts,
                       rounds, live, "TIEBREAK")
    return player_value(player, result, tb)


def _named(name: str, code: str) -> Callable:
    """The Excel function ``name`` of a registry row's code: one player's value, or what the row
    shows in its place (KENTLER: the opponents' TPRs); its description is the row's."""
    tb = parse_descriptor(code)
    shown = tb.spec.shown

    def fn(player: Any, crosstable: Table, edition: Any = None, kind: Any = None,
           unrated: Any = None, settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
        opts = read_options(unrated, settings, name)
        result = result_of(crosstable, code, edition, kind, opts, rounds, live, name)
        if shown is None:
            return player_value(player, result, code)
        texts = kept(result, "_shown", lambda: shown(context_of(result), tb))
        return for_player(result, player, texts.__getitem__)
    family = "national or historical" if tb.spec.national else "FIDE"
    fn.__doc__ = tb.spec.excel_doc or f"{tb.legend()}: one player's value ({family} tie-break code {code})."
    return worksheet_function(INDIVIDUAL, name=name, description=fn.__doc__)(fn)


@worksheet_function(INDIVIDUAL, description="The player's points.")
def SCORE(player: Any, crosstable: Table, edition: Any = None, kind: Any = None,
          unrated: Any = None, settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """The player's points."""
    read_options(unrated, settings, "SCORE")  # checked like everywhere, though points need none
    result = result_of(crosstable, POINTS_ONLY, edition, kind, None, rounds, live, "SCORE")
    return player_value(player, result, "points")


for _excel_name, _excel_code in registry.excel_functions():  # BUCHHOLZ, ..., SSF_BUCHHOLZ, KENTLER
    globals()[_excel_name] = _named(_excel_name, _excel_code)


@worksheet_function(
    INDIVIDUAL,
    description="The player's place in the standings: a number, or a range such as 3-5 where places are shared.")
def PLACE(player: Any, crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
          unrated: Any = None, settings: Any = None, rounds: Any = None,
          live: Any = None) -> Any:
    """The player's place: a rank, or the places shared (3-5)."""
    result = result_of(crosstable, tiebreak_list, edition, kind, read_options(unrated, settings, "PLACE"),
                       rounds, live, "PLACE")
    return for_player(result, player, lambda k: places_of(result)[result.tournament.players[k].no])


@worksheet_function(
    INDIVIDUAL, spills=True,
    description="Every player's points and tie-breaks in start order, as a table that spills: a header row No, Name, "
                "Pts and the codes, then one row per player.")
def TIEBREAKS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
              unrated: Any = None, settings: Any = None, rounds: Any = None,
              live: Any = None) -> list[list[Any]]:
    """Every player's points and tie-breaks, in start order."""
    result = result_of(crosstable, tiebreak_list, edition, kind, read_options(unrated, settings, "TIEBREAKS"),
                       rounds, live, "TIEBREAKS")
    out: list[list[Any]] = [["No", "Name", "Pts", *result.codes]]
    for k, p in enumerate(result.tournament.players):
        out.append([p.no, p.name, json_number(result.points[k]), *[cell_value(v) for v in result.values[k]]])
    return out


@worksheet_function(
    INDIVIDUAL, spills=True,
    description="Points, tie-breaks and place for every row of the crosstable, as a table that spills beside it row "
                "for row: a header row Pts, the codes and Place, then one row per crosstable row.")
def RESULTS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
            unrated: Any = None, settings: Any = None, rounds: Any = None,
            live: Any = None) -> list[list[Any]]:
    """Points, tie-breaks and place, aligned with the crosstable's rows."""
    result = result_of(crosstable, tiebreak_list, edition, kind, read_options(unrated, settings, "RESULTS"),
                       rounds, live, "RESULTS")
    return [list(r) for r in kept(result, "_rows", lambda: _aligned_rows(result, crosstable))]


def _aligned_rows(result: Result, crosstable: Table) -> list[list[Any]]:
    """RESULTS' table: the header, then for each row of the range the values of the player whose
    start number it holds ("" cells for a row without one)."""
    header = ["Pts", *result.codes, "Place"]
    out = outputs_of(result)
    places = places_of(result)
    layout = find_layout(crosstable[0] or [], max(len(r) for r in crosstable if r is not None)) \
        if crosstable and crosstable[0] is not None else None
    col = layout.no if layout else 0
    rows: list[list[Any]] = [header]
    for r in crosstable[1:] if layout and layout.header else crosstable:
        cell = r[col] if r is not None and len(r) > col else None
        k = player_row(result, cell)
        if k is None:
            rows.append([""] * len(header))
        else:
            no = result.tournament.players[k].no
            rows.append([out["points"][k], *[out[c][k] for c in result.codes], places[no]])
    return rows


@worksheet_function(
    INDIVIDUAL, spills=True,
    parameters={
        "row": "Only this row of the standings (1 is the leader, 0 the header); empty: the whole table.",
    },
    description="The ranked table (Rk, No, Name, Pts, tie-breaks) that spills; with row (1 the leader, 0 the header) "
                "and column (1 is Rk) one cell; page TRUE adds title, rating, federation and the legend, "
                "rating_figures TRUE Rp, K, Rtg+/-.")
def STANDINGS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
              row: Any = None, column: Any = None, unrated: Any = None, settings: Any = None,
              rounds: Any = None, live: Any = None, page: Any = None, rating_figures: Any = None,
              rate_of_play: Any = None) -> Any:
    """The ranked standings, their notice-board page, or one cell of them; with ``rating_figures``, each
    player's rating figures after them at ``rate_of_play`` (:mod:`.functions.ratings`)."""
    from .ratings import rating_block, read_rate
    opts = read_options(unrated, settings, "STANDINGS")
    as_page = read_flag(page, "page", "STANDINGS")
    with_ratings = _figures_flag(rating_figures)
    if with_ratings:
        read_rate(rate_of_play, "STANDINGS")
    result = result_of(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "STANDINGS")
    block = rating_block(result, edition, rate_of_play, "STANDINGS") if with_ratings else None
    if as_page:
        table = _page_table(result, block)
    else:
        table = standings_table(result)
        table = table if block is None else [list(a) + list(b) for a, b in zip(table, block.table)]
    return table_part(table, row, column, "STANDINGS")


def _figures_flag(value: Any) -> bool:
    """STANDINGS' ``rating_figures``: TRUE or FALSE, or the templates' Settings cell Rating figures
    as it holds it (yes or no; empty: no); anything else names that cell."""
    from ..ranges.book_reader import FIGURES_ROW
    try:
        return read_flag(value, "rating_figures", "STANDINGS")
    except InputError as exc:
        raise InputError(f"{exc.detail} (on the templates, Settings!B{FIGURES_ROW}, Rating figures)") from None


def _page_table(result: Result, block: Any = None) -> list[list[Any]]:
    """The notice-board standings (:mod:`.functions.standings_page`), with the rating figures of
    ``block`` (a :class:`.functions.ratings.RatingBlock`) after Title, Rtg and Fed."""
    from ..ranges.book_reader import UNRATED_HOW
    from .standings_page import page_table
    return kept(result, "_page" + ("" if block is None else block.key),
                lambda: page_table(standings_table(result), standings_of(result), result, UNDEFINED, UNRATED_HOW,
                                   None if block is None else block.table, () if block is None else block.legend))


@worksheet_function(
    INDIVIDUAL, spills=True,
    description="The standings of a category (U1600, 1600-1799, women, U18, S50, FED=ENG, CLUB=name, unrated) in the "
                "whole event's order and tie-breaks, as a table that spills; with a range of rows name | category, "
                "each category in turn; with row and column, one cell.")
def CATEGORY_STANDINGS(crosstable: Table, category: Any, tiebreak_list: Any = None, edition: Any = None,
                       kind: Any = None, age_basis: Any = None, row: Any = None, column: Any = None,
                       unrated: Any = None, settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """The standings of one category or several, in the whole event's order."""
    from ..ranges.prize_arguments import read_age, read_categories, read_start
    from .prize_tables import category_table
    opts = read_options(unrated, settings, "CATEGORY_STANDINGS")
    result = result_of(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "CATEGORY_STANDINGS")
    cats = read_categories(category, "category")
    start, age = read_start(edition), read_age(age_basis)
    key = (tuple((n, c.text, c.label) for n, c in cats), start, age)  # a category is its text
    table = kept(result, f"_categories{key!r}",
                 lambda: category_table(result, standings_of(result), cats, start, age))
    return table_part(table, row, column, "CATEGORY_STANDINGS")


@worksheet_function(
    INDIVIDUAL, spills=True,
    description="The prize list from the standings and a prize table (a heading row Place and categories, then the "
                "1st, 2nd, ... amounts), one prize per player, as a table that spills: place, player, prize, amount "
                "listed and paid; with row and column, one cell.")
def PRIZES(crosstable: Table, prize_table: Any, prize_rules: Any = None, categories: Any = None,
           age_basis: Any = None, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
           row: Any = None, column: Any = None, unrated: Any = None, settings: Any = None, rounds: Any = None,
           live: Any = None) -> Any:
    """The prize list: the prize table given out over the standings."""
    from ..ranges.prize_arguments import PrizeSetup, read_age, read_categories, read_prize_rules, read_prize_table, read_start
    from .prize_tables import prize_list_table
    opts = read_options(unrated, settings, "PRIZES")
    named = read_categories(categories)
    table = read_prize_table(prize_table, named)
    ties, order, unit = read_prize_rules(prize_rules)
    start, age = read_start(edition), read_age(age_basis)
    result = result_of(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "PRIZES")
    key = (table.places, tuple((c.text, c.label, a) for c, a in table.categories), ties, order, unit, start, age)
    setup = PrizeSetup(table, ties, order, unit)
    got = kept(result, f"_prizes{key!r}",
               lambda: prize_list_table(result, standings_of(result), setup, start, age))
    return table_part(got, row, column, "PRIZES")


NO_PLAYERS = ("no players yet: type the crosstable, pair a round with its results left blank (12w, 12b), and "
              "this table says who can still finish in each prize place")


@worksheet_function(
    INDIVIDUAL, spills=True,
    parameters={
        "row": "Only this row of the table (0 is its first); empty: the whole table.",
        "live": "Not needed here: the games of the round already in always count.",
    },
    description="Before a round's results: who can still finish in each prize place, and per board each outcome's "
                "places, as a table that spills (exact up to max_boards boards, else on points alone); with row and "
                "column, one cell.")
def WHATIF(crosstable: Table, places: Any = None, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
           max_boards: Any = None, row: Any = None, column: Any = None, unrated: Any = None, settings: Any = None,
           rounds: Any = None, live: Any = None) -> Any:
    """Who can still finish in each prize place, before a round's results are in."""
    from ...whatif import DEFAULT_MAX_BOARDS, MOST_BOARDS, what_if
    from .whatif_table import state_table, whatif_table
    opts = read_options(unrated, settings, "WHATIF")
    ed, k = read_edition(edition, "WHATIF"), read_kind(kind)
    n, _ = read_rounds(rounds, "WHATIF"), read_live(live, "WHATIF")  # live: the round's finished games count anyway
    tbs = list_text(tiebreak_list)
    if tbs:
        codes_of(tbs)
    bound = read_whole(max_boards, "max_boards", "WHATIF")
    bound = DEFAULT_MAX_BOARDS if bound is None else bound
    if not 1 <= bound <= MOST_BOARDS:
        raise InputError(f"WHATIF: max_boards {bound}: expected 1 to {MOST_BOARDS} (3^{MOST_BOARDS} = "
                         f"{3 ** MOST_BOARDS:,} combinations)")
    wanted = read_whole(places, "places", "WHATIF")
    wanted = 3 if wanted is None else wanted
    key = content_key(crosstable)

    def make() -> list[list[Any]]:
        t = tournament_of(key, k, n)
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
    from ...explanation import explain
    from ..ranges.book_reader import UNRATED_HOW
    if player in (None, "") or not text_of(code):
        return ""
    opts = read_options(unrated, settings, function)
    tb = code_of(text_of(code))
    listed = list_text(tiebreak_list)
    listed = listed if listed and tb in codes_of(listed) else ""
    result = result_of(crosstable, listed or tb, edition, kind, opts, rounds, live, function)
    if player_row(result, player) is None:
        return NA
    key = content_key(crosstable)
    ed, k = result.edition, read_kind(kind)
    n, lv = read_rounds(rounds, function), read_live(live, function)
    no = read_whole(player, "player", function)
    assert no is not None  # a row of the crosstable has it
    return CACHE.get(("x", key, ed.name, k, tb, no, listed, opts, n, lv),
                     lambda: explain(tournament_of(key, k, n), no, tb, ed, kind=k, options=opts,
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


@worksheet_function(
    INDIVIDUAL, spills=True,
    parameters={
        "row": "Only this row of the account (0 is the header); empty: the whole table.",
    },
    description="How one player's tie-break value is reached, as a table that spills (a row per round: opponent, "
                "score that counts, result, contribution, why, cut); with row and column, one cell.")
def EXPLAIN(player: Any, crosstable: Table, code: Any, edition: Any = None, kind: Any = None,
            row: Any = None, column: Any = None, tiebreak_list: Any = None, unrated: Any = None,
            settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """The account of one player's tie-break value, as a table or one cell of it."""
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


@worksheet_function(INDIVIDUAL, description="The same account as EXPLAIN, as text in one cell.")
def EXPLAIN_TEXT(player: Any, crosstable: Table, code: Any, edition: Any = None, kind: Any = None,
                 tiebreak_list: Any = None, unrated: Any = None, settings: Any = None, rounds: Any = None,
                 live: Any = None) -> Any:
    """The account of one player's tie-break value, as text."""
    from ...explanation import render_text
    e = _explanation("EXPLAIN_TEXT", player, crosstable, code, edition, kind, tiebreak_list, unrated, settings,
                     rounds, live)
    return e if isinstance(e, str) else render_text(e).rstrip()


@worksheet_function(INDIVIDUAL, description="The player's score after a round, for progress charts.")
def RUNNING(player: Any, crosstable: Table, after_round: Any, kind: Any = None) -> Any:
    """The player's score after a round."""
    result = result_of(crosstable, "WIN", None, kind)

    def score(k: int) -> Any:
        r = read_whole(after_round, "after_round", "RUNNING")
        if r is None or not 0 <= r <= result.tournament.rounds:
            return NA
        return json_number(result.tournament.players[k].score(r))
    return for_player(result, player, score)


def _findings(crosstable: Table, kind: Any, rounds: Any = None, function: str = "CHECK") -> list:
    from ...check import collect
    k = read_kind(kind)
    n = read_rounds(rounds, function)
    key = content_key(crosstable)
    return CACHE.get(("c", key, k, n), lambda: collect(lambda fd: rows_to_tournament(key.rows, kind=k, findings=fd,
                                                                                    rounds=n)))


@worksheet_function(
    INDIVIDUAL, spills=True,
    description="Every problem of the crosstable as a table that spills (severity, cell, message); errors stop the "
                "other functions, warnings do not.")
def CHECK(crosstable: Table, kind: Any = None, rounds: Any = None, live: Any = None) -> list[list[Any]]:
    """Every finding on the crosstable: severity, cell, message."""
    read_live(live, "CHECK")  # checked like everywhere; whether standings are live changes no finding
    found = _findings(crosstable, kind, rounds)
    if not found:
        return [["Severity", "Where", "Message"], ["ok", "", "no problems found"]]
    return [["Severity", "Where", "Message"]] + [[f.severity, f.where, f.message] for f in found]


STATUS_SHOWN = 3  # problems quoted in STATUS's one line


@worksheet_function(
    INDIVIDUAL,
    description="One line on the crosstable: how far the event has got (after round k of N, the round in progress, "
                "the rules), then No problems found, or how many errors and warnings there are with the first few and "
                "their cells (a tie-break list it cannot read too).")
def STATUS(crosstable: Table, kind: Any = None, edition: Any = None, rounds: Any = None, live: Any = None,
           tiebreak_list: Any = None) -> str:
    """The crosstable's status line: how far the event has got, its rules, its problems."""
    found = _findings(crosstable, kind, rounds, "STATUS")
    errors = sum(1 for f in found if f.severity == "error")
    head = ""
    listed = list_text(tiebreak_list)
    if listed:  # the tables that rank by it show its error: the status line counts it too
        try:
            codes_of(listed)
        except DescriptorError as exc:
            found = [Finding("error", "descriptor", "", str(exc)), *found]
    if not errors:  # (errors of the crosstable: nothing can be computed from it)
        result = result_of(crosstable, "WIN", edition, kind, None, rounds, live, "STATUS")
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


@worksheet_function(
    INDIVIDUAL,
    description="The status line of a sheet with a table: the event's (STATUS), with the error the sheet's table "
                "shows (#ERROR: ...) counted and told first.")
def SHEET_STATUS(status_line: Any, table: Any) -> str:
    """The event's status line with the error of a sheet's own table counted and told first."""
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


@worksheet_function(
    INDIVIDUAL,
    description="The 2012 virtual opponent's score: Svon = S + (1 - Sf) + 0.5 x (n - R), from the score before the "
                "round, the points awarded in it, the rounds completed and the round.")
def SVON(score_before: Any, forfeit_score: Any, rounds_completed: Any, round_number: Any) -> float:
    """The score of the 2012 rules' virtual opponent: S + (1 - Sf) + 0.5 (n - R)."""
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


# the pairing of the next round (issue 35), then the team event's functions (issue 23): importing registers them
from . import pairing  # noqa: E402,F401  (PAIRING)
from . import ratings  # noqa: E402,F401  (RATINGS: the rating figures beside the standings, issue 36)
from . import team  # noqa: E402,F401  (importing this module registers the team functions too)
from . import team_pairing  # noqa: E402,F401  (TEAM_PAIRING)

#: the functions whose call gives a table that spills (STANDINGS and EXPLAIN unless one cell is asked for)
SPILLING = frozenset(name for name, f in REGISTRY.items() if f.spills)
globals().update({name: FUNCTIONS[name] for name in group(TEAM)})  # fx.TEAM_STANDINGS, ...

__all__ = ["CACHE", "ERROR_PREFIX", "FUNCTIONS", "INDIVIDUAL", "NA", "PARAMETER_DOCS", "REGISTRY", "SPILLING", "TEAM",
           "UNDEFINED", "description", "error_table", "group", "parameter_doc", "spills", *FUNCTIONS]
