"""``compute``, ``standings`` and ``demo``: every player's values in start order, the ranked table
(a category's players only, with ``--category``), the example event's standings; their table, CSV
and JSON renderers. A team event goes to :mod:`.team_standings`.

:func:`compute`, :func:`standings` and :func:`demo` are the commands as library functions (their
choices as values, :class:`.choices.EventChoices`); ``run_*`` turn the parsed options into them."""

from __future__ import annotations

import argparse
import functools
import os
import sys
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, Mapping, Optional, Sequence

from ..output import check_paths, deliver
from ..textutil import csv_text as _csv, table
from .choices import EventChoices, StrPath, check_format
from .common import book_categories, compute_result, how_to_set, load_input, open_input, team_event, value_columns

if TYPE_CHECKING:
    from ..categories import Selection
    from ..engine import Result
    from ..rating_change import PlayerRating
    from ..tiebreaks.context import Column


def compute(source: StrPath, choices: EventChoices = EventChoices(), *, fmt: str = "table",
            output: Optional[StrPath] = None, force: bool = False) -> str:
    """``compute``: every player's values in start order (a team TRF or team workbook: every
    team's), as ``fmt`` (table, csv, csv-eu, json); the text, or with ``output`` the file written
    (replaced only with ``force``; never the input) and a line saying so."""
    check_format(fmt)
    source = os.fspath(source)
    check_paths(source, output, force)
    book = open_input(source)
    team = team_event(source, choices, book)  # a team TRF or team workbook: the team command
    if team is not None:
        from .team_standings import team_compute
        return deliver(team_compute(source, team[0], team[1], fmt), output, force)
    return deliver(_render_compute(compute_result(choices, *load_input(source, choices, book)), fmt), output, force)


def standings(source: StrPath, choices: EventChoices = EventChoices(), *, category: Optional[str] = None,
              age: Optional[str] = None, fmt: str = "table", output: Optional[StrPath] = None,
              force: bool = False, rating_change: bool = False, k_factors: Optional[Mapping[int, int]] = None,
              rate: Optional[str] = None) -> str:
    """``standings``: the ranked table (``category``: only its players, e.g. ``U1600`` or a name of
    a workbook's Categories sheet; ``age``: ``year`` or ``date``, the basis of age categories), as
    ``fmt``; a note on standard error when a workbook's stored values are stale (and with CSV, which
    has no place for notes, those on unrated players). ``rating_change``: the FIDE rating figures
    too (Rp, K, the change; :mod:`xl_tiebreak.rating_change`) over the rounds the standings are
    after, ``k_factors`` the K given by start number, ``rate`` the rate of play (else the file's: a
    TRF's record 222, a workbook's Settings row Rate of play).
    Returns as :func:`compute`."""
    check_format(fmt)
    source = os.fspath(source)
    check_paths(source, output, force)
    book = open_input(source)
    team = team_event(source, choices, book, category=bool(category))  # a team event: the team command
    if team is not None and rating_change:
        from ..errors import InputError
        raise InputError(f"{os.path.basename(source)} is a team event: --rating-change is for individual events")
    if team is not None:
        from .team_standings import team_standings
        return deliver(team_standings(source, team[0], team[1], fmt), output, force)
    from ..excel.recompute.stale import note_stale
    from ..rating_notes import rating_notes
    t, settings = load_input(source, choices, book)
    result = compute_result(choices, t, settings)
    selection = None
    if category:
        from ..categories import parse_category
        from ..prize_report import category_selection
        named, book_age = book_categories(book)
        cat = next((c for n, c in named if n.casefold() == category.strip().casefold()), None)
        selection = category_selection(result, cat or parse_category(category, "--category"),
                                       age or book_age or "year")
        if not selection.rows and fmt != "table":  # the table says it in its legend
            print(f"xl-tiebreak: nobody is in {selection.category.label}", file=sys.stderr)
        if selection.note and fmt.startswith("csv"):
            print(f"xl-tiebreak: note: {selection.note}", file=sys.stderr)
    figures = None
    if rating_change:
        from ..rating_change import event_ratings
        figures = event_ratings(result.tournament, k=k_factors, rounds=result.rounds,
                                rate=rate or (settings.rate() if settings is not None else None))
    got = deliver(_render_standings(result, fmt, source, selection, figures), output, force)
    if fmt.startswith("csv"):
        for note in rating_notes(result, how_to_set(source)):
            print(f"xl-tiebreak: note: {note}", file=sys.stderr)
        for text in (figures[0].rules.notes if figures else ()):
            print(f"xl-tiebreak: note: {text}", file=sys.stderr)
    note_stale(book)
    return got


def demo(choices: EventChoices = EventChoices(), *, fmt: str = "table", output: Optional[StrPath] = None,
         force: bool = False) -> str:
    """``demo``: the standings of the example event shipped with the package. Returns as
    :func:`compute`."""
    from ..examples import DEMO_FILE, demo_tournament
    check_format(fmt)
    check_paths(None, output, force)
    return deliver(_render_standings(compute_result(choices, demo_tournament(), None), fmt, DEMO_FILE), output,
                   force)


def run_compute(args: argparse.Namespace) -> tuple[str, int]:
    """``compute`` on the command line: :func:`compute`."""
    return compute(args.input, EventChoices.of(args), fmt=args.format, output=args.output, force=args.force), 0


def run_standings(args: argparse.Namespace) -> tuple[str, int]:
    """``standings`` on the command line: :func:`standings`."""
    from .card import k_factors
    return standings(args.input, EventChoices.of(args), category=args.category, age=args.age, fmt=args.format,
                     output=args.output, force=args.force, rating_change=args.rating_change,
                     k_factors=k_factors(args.k_factor), rate=args.rate_of_play), 0


def run_demo(args: argparse.Namespace) -> tuple[str, int]:
    """``demo`` on the command line: :func:`demo`."""
    return demo(EventChoices.of(args), fmt=args.format, output=args.output, force=args.force), 0


def _texts(col: Column, text: Callable[[Optional[Fraction]], str]) -> list[str]:
    """A column's values as text, every player at once: ``text`` runs once per distinct value."""
    return _raw_texts(col, lambda v, den: text(Fraction(v, den)), text(None))


def _raw_texts(col: Column, text: Callable[[int, int], str], blank: str) -> list[str]:
    """As :func:`_texts`, with ``text(numerator, denominator)`` on the column's integers."""
    nums = col.num.tolist()
    den = col.den
    seen = {v: text(v, den) for v in set(nums)}
    out = [seen[v] for v in nums]
    if col.defined is not None:
        out = [t if d else blank for t, d in zip(out, col.defined.tolist())]
    return out


def _json(result: Result, order: Sequence[int], places: Optional[Sequence[str]] = None,
          separated: Optional[Sequence[Optional[str]]] = None, extra: Sequence[tuple[str, str]] = (),
          source: str = "", figures: Optional[Sequence[PlayerRating]] = None) -> str:
    """The JSON document of a result (:func:`xl_tiebreak.result_json.document`), players in
    ``order`` (with their places and what separated them, for standings; ``extra``: more fields of
    the head, as JSON text; ``figures``: each player's rating figures, in start order, as a
    ``rating`` object and the rules in the head); written column by column."""
    import json  # here, not at the top: the other commands start without it
    from ..result_json import Raw, document, number_text, string
    players = result.tournament.players
    points = _raw_texts(result.points_column, lambda v, den: float.__repr__(v / den), "null")
    columns = [_raw_texts(c, number_text, "null") for c in result.columns]
    fields: list[tuple[str, Optional[int]]] = [("no", None), ("name", None), ("points", None),
                                               ("values", len(columns))]
    if places is not None:
        fields.insert(0, ("rank", None))
    if separated is not None:
        fields.append(("separated_by", None))
    if figures is not None:
        fields.append(("rating", None))
    values = list(zip(*columns)) if columns else [()] * len(players)
    rows = []
    for pos, k in enumerate(order):
        p = players[k]
        cells = (str(p.no), string(p.name), points[k], *values[k])
        if places is not None:
            cells = (string(places[pos]), *cells)
        if separated is not None:
            cells = (*cells, json.dumps(separated[pos], ensure_ascii=False))
        if figures is not None:
            cells = (*cells, _rating_json(figures[k]))
        rows.append(cells)
    from ..rating_notes import rating_notes
    notes = rating_notes(result, how_to_set(source))  # on unrated players, when there is something to say
    prog = result.progress
    current = ('{"round": %d, "games_in": %d, "games": %d}' % (prog.current, prog.games_in, prog.games)
               if prog is not None and prog.current else "null")
    head: list[tuple[str, object]] = [
        ("edition", result.edition.name), ("rounds", result.rounds), ("of", result.tournament.rounds),
        ("in_progress", Raw(current)), ("live", bool(prog is not None and prog.live and prog.current)),
        ("label", result.label), ("tiebreaks", list(result.codes)),
        *([("notes", [n.text for n in notes])] if notes else []),
        *([("rating_rules", figures[0].rules.as_dict())] if figures else []),
        *((k, Raw(v)) for k, v in extra)]
    return document(head, "players", fields, rows)


def _rating_json(fig: PlayerRating) -> str:
    """A player's rating figures in the standings' JSON, on one line: Rp, K (and whether it was
    assumed), the rated games, the change exact, to 0.1 and rounded (B.02 8.3.4)."""
    import json
    from ..result_json import number
    k = fig.k
    return ('{"rp": %s, "k": %s, "k_assumed": %s, "rated_games": %d, "change": %s, "change_shown": %s, '
            '"change_rounded": %s}' % (json.dumps(fig.rp), json.dumps(k.value if k else None),
                                       json.dumps(bool(k and k.assumed)), fig.rated_games, number(fig.change),
                                       number(fig.change_shown), json.dumps(fig.change_rounded)))


def _render_compute(result: Result, fmt: str) -> str:
    from ..formatting import format_value
    order = list(range(len(result.tournament.players)))
    if fmt == "json":
        return _json(result, order)
    cols = value_columns(result)
    headers = ["No", "Name", "Pts"] + [c for c, _ in cols]
    columns = [[str(p.no) for p in result.tournament.players], [p.name for p in result.tournament.players],
               _texts(result.points_column, lambda v: format_value(v, 1))]
    columns += [_texts(col, functools.partial(format_value, decimals=d)) for col, (_, d) in zip(result.columns, cols)]
    rows = [list(r) for r in zip(*columns)]
    if fmt.startswith("csv"):
        return _csv(headers, rows, fmt)
    return "\n".join(table(headers, rows, right={0, *range(2, len(headers))})) + "\n"


def _note_lines(result: Result, source: str) -> list[str]:
    """The notes on unrated players (:mod:`xl_tiebreak.rating_notes`), wrapped, for the text tables."""
    import textwrap
    from ..rating_notes import rating_notes
    return [line for n in rating_notes(result, how_to_set(source)) for line in
            textwrap.wrap(n.text, 100, initial_indent="Note: ", subsequent_indent="      ", break_on_hyphens=False)]


def _render_standings(result: Result, fmt: str, source: str, category: Optional[Selection] = None,
                      figures: Optional[Sequence[PlayerRating]] = None) -> str:
    """The standings as a table, CSV or JSON; with ``category``, only its players, in the full
    event's order and with their places in it; with ``figures`` (start order), the rating
    columns (:mod:`xl_tiebreak.rating_card`) before "Split by"."""
    from ..formatting import format_value
    from ..standings import rank
    rows_ = rank(result) if category is None else list(category.rows)
    tindex = result.tournament.positions
    if fmt == "json":
        import json
        extra = [] if category is None else [
            ("category", json.dumps({"text": category.category.text, "label": category.category.label,
                                     "missing": list(category.missing)}, ensure_ascii=False))]
        return _json(result, [tindex[r.player.no] for r in rows_], [r.place for r in rows_],
                     [r.separated_by for r in rows_], extra, source, figures)
    cols = value_columns(result)
    headers = ["Rk", "No", "Name", "Pts"] + [c for c, _ in cols] + ["Split by"]
    rows = []
    for k, r in enumerate(rows_):
        tied_above = k > 0 and rows_[k - 1].points == r.points
        split = r.separated_by or ("shared" if tied_above and rows_[k - 1].place == r.place else "")
        rows.append([r.place, str(r.player.no), r.player.name, format_value(r.points, 1)]
                    + [format_value(v, d) for v, (_, d) in zip(r.values, cols)] + [split])
    if figures is not None:
        from ..rating_card import COLUMNS, csv_columns, standings_cells
        csv = fmt.startswith("csv")
        added = csv_columns() if csv else list(COLUMNS)
        headers[-1:-1] = added
        for row, r in zip(rows, rows_):
            row[-1:-1] = standings_cells(figures[tindex[r.player.no]], csv)
    if category is not None:
        from ..prize_report import category_rows
        headers.insert(1, "Cat")
        for row, (k, _) in zip(rows, category_rows(category)):
            row.insert(1, str(k))
    if fmt.startswith("csv"):
        return _csv(headers, rows, fmt)
    title = result.tournament.name or source
    title += "" if category is None else f" - {category.category.label}"
    head = (f"{title}\nStandings {result.label}\n"
            f"{'Round robin' if result.round_robin else 'Swiss'}; rules: {result.edition.name} "
            f"({result.edition.title})\n\n")
    legend = ["", "Tie-breaks, in order:"]
    for code, tb in zip(result.codes, result.tiebreaks):
        legend.append(f"  {code:<8} {tb.legend()}")
    legend.append("An empty cell is undefined (for example no game over the board); it ranks last.")
    legend.append("Split by: the tie-break that set the player below the one above on equal points"
                  + (" (the one above in this list)." if category is not None else "."))
    legend += _note_lines(result, source)
    if figures is not None:
        from ..rating_card import legend as rating_legend
        legend += rating_legend(figures)
    if category is not None:
        legend.append(f"Rk: the place in the whole event; Cat: the place in {category.category.label}."
                      if category.rows else f"Nobody is in {category.category.label}.")
        legend += [f"Note: {category.note}"] if category.note else []
    right = {1, *range(3, len(headers))} if category is None else {1, 2, *range(4, len(headers))}
    return head + "\n".join(table(headers, rows, right=right) + legend) + "\n"
