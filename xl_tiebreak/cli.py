"""The command line: ``xl-tiebreak compute | standings | demo | explain | compare | check`` and the
workbook commands ``template | workbook | export-trf | recompute | print``.

Each argument is declared once (:func:`.cli_options.arguments`) and taken by name by the commands
that share it; each command is one entry of :func:`.cli_options.commands` and one function that
returns its text and exit status (:func:`_runs`).

Bad input exits with status 2 and one message naming the file, line and column or the word;
never a traceback.
"""

from __future__ import annotations

import argparse
import dataclasses
import functools
import gc
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from . import cli_options
from .errors import TiebreakError
from .number_text import quoted
from .options import Options, options_from_pairs
from .output import check_output, emit as _emit
from .textutil import csv_safe, csv_text as _csv, table  # noqa: F401 (csv_safe: for the tests)

if TYPE_CHECKING:  # the commands import what they use when they run: a quick start
    from .categories import Selection
    from .engine import Result
    from .excel.book_reader import Book, BookSettings
    from .model import Tournament
    from .tiebreaks.context import Column


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="xl-tiebreak",
                                 description="Chess tie-breaks exactly as the FIDE regulations prescribe.")
    sub = ap.add_subparsers(dest="command", required=True)
    arguments = cli_options.arguments()
    runs = _runs()
    for name, help_, takes in cli_options.commands():
        p = sub.add_parser(name, help=help_)
        for arg in takes:
            flags, settings = arguments[arg]
            p.add_argument(*flags, **settings)
        p.set_defaults(func=runs[name])
    return ap


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The program: ``argv`` (else the command line), the output written, the exit status returned."""
    if argv is None:
        # Run as the program, before numpy is imported: one OpenBLAS thread (we do no linear
        # algebra; its pool of spinning threads cost about 0.06 s of CPU per command)
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    status = _main(argv)
    if argv is None:
        # Run as the program (the process ends next): the objects made so far are kept out of the
        # garbage collections of the interpreter's shutdown, which for a large event took longer
        # than writing the output (a recompute of 1,000 players: 0.05 s of 0.55 s).
        gc.freeze()
    return status


def _tolerant_streams() -> None:
    """A console that cannot show a character (a Windows console in cp1252, ``PYTHONIOENCODING=ascii``;
    in UTF-8 too, a lone surrogate, which no encoding writes) gets ``?`` for it instead of a
    UnicodeEncodeError; files written with ``-o`` are UTF-8 anyway."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a stream already written to in a way that forbids it
                pass


def _same_file(a: str, b: str) -> bool:
    """Whether two paths name one file (the same path, a symlink to it, a hard link)."""
    try:
        if os.path.exists(a) and os.path.exists(b):
            return os.path.samefile(a, b)
    except OSError:
        pass
    return os.path.realpath(a) == os.path.realpath(b)


def _refuse_overwriting_input(args: argparse.Namespace) -> None:
    """``-o`` naming the input file itself (or a link to it) would replace what the user has,
    --force or not: refused before any work."""
    from .errors import InputError
    source, out = getattr(args, "input", None), getattr(args, "output", None)
    if isinstance(source, str) and isinstance(out, str) and source and out and _same_file(source, out):
        again = (" (leave -o out to update the workbook in place: its previous version is kept as a backup)"
                 if getattr(args, "command", "") == "recompute" else "")
        raise InputError(f"-o {out}: that is the input file itself; write the output to another file{again}")


def _main(argv: Optional[Sequence[str]]) -> int:
    _tolerant_streams()
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "input", None) is not None:
            from .input_file import check_input_file
            check_input_file(args.input)  # a regular file: a named pipe would block the read forever
        _refuse_overwriting_input(args)
        check_output(args)
        text, status = args.func(args)
    except TiebreakError as exc:
        from .errors import DescriptorError
        given = getattr(args, "tiebreaks", None) or getattr(args, "tiebreak", None)
        if isinstance(exc, DescriptorError) and given and "record 202" not in str(exc):
            several = "," in given or ";" in given  # (one code: the message quotes it already)
            head = f"--tiebreaks {quoted(given)}" if several else "--tiebreaks"
            exc = DescriptorError(f"{head}: {exc}")
        elif isinstance(exc, DescriptorError) and str(getattr(args, "input", "")).lower().endswith((".xlsx", ".xlsm")):
            exc = DescriptorError(f"{Path(args.input).name}: {_settings_list_cell(args.input)}: {exc}")
        print(f"xl-tiebreak: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print(f"xl-tiebreak: internal error ({type(exc).__name__}: {exc}); please report it "
              "with the input file", file=sys.stderr)
        return 3
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:  # a stream that would not take errors="replace" (_tolerant_streams)
            encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
            sys.stdout.write(text.encode(encoding, "replace").decode(encoding))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. head) went away: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
    return status


def _settings_list_cell(path: str) -> str:
    """The Settings cell of a workbook's tie-break list that cannot be read (``Settings!B8``; a team
    workbook's list, of team codes, has its own rows), else the list's cells: where a refusal of
    the workbook's list points."""
    from .excel.book_check import settings_list_findings
    try:
        cells = [f.where for f in settings_list_findings(path, 0) if f.severity == "error"]
    except TiebreakError:
        cells = []
    return cells[0] if cells else "the Settings sheet's tie-breaks"


def _settings(args, book) -> tuple[Optional[str], Optional[str], Optional[Options]]:
    """The tie-break list, event type and options: the command line's, else those of a workbook's
    Settings sheet (``book``), else ``None`` (the engine's defaults)."""
    tiebreaks = args.tiebreaks or (",".join(book.tiebreaks) if book is not None and book.tiebreaks else None)
    kind = args.kind or (book.kind if book is not None else None) or None
    return tiebreaks, kind, _options(args, base=book.options if book is not None else None)


def _edition(args, book) -> Optional[str]:
    """The edition: ``--rules``, else a workbook's Settings, else ``None`` (by the start date). An
    empty ``--rules ""`` is no choice, in every command."""
    return args.rules or (book.edition if book is not None else None) or None


def _live(args, book) -> bool:
    """Live standings: ``--live``, else a workbook's Settings (Live standings)."""
    return bool(getattr(args, "live", False) or (book is not None and book.live))


def _result(args, t, book) -> Result:
    from .engine import compute
    tiebreaks, kind, options = _settings(args, book)
    return compute(t, tiebreaks, edition=_edition(args, book), rounds=args.rounds, kind=kind, options=options,
                   live=_live(args, book))


def _open(path: str) -> Optional[Book]:
    """The workbook a command reads (.xlsx/.xlsm), opened once: the crosstable or the team tables,
    the Settings, the categories, the prizes, the What if sheet and the staleness check all read
    this one copy, each sheet parsed once; None for a TRF file."""
    if Path(path).suffix.lower() not in (".xlsx", ".xlsm"):
        return None
    from .excel.book_reader import open_book
    return open_book(path)


def _team(command: str, args, book: Optional[Book] = None) -> Optional[tuple[str, int]]:
    """The command on a team TRF or team workbook (``book``: the workbook opened, see
    :func:`_open`) (:mod:`xl_tiebreak.team_cli`); ``None`` for any other input."""
    from .team_cli import run_team
    got = run_team(command, args, book)
    given = [f for f, on in (("--team-pab", getattr(args, "team_pab", None)),
                             ("--team-primary", getattr(args, "team_primary", None))) if on]
    if got is None and given:
        raise TiebreakError(f"{', '.join(given)}: for a team event; {Path(args.input).name} is not a team TRF")
    return got


def _compute(args) -> tuple[str, int]:
    """``compute``: every player's values, in start order (a team TRF: every team's)."""
    book = _open(args.input)
    team = _team("compute", args, book)
    if team is not None:
        return team
    return _emit(args, _render_compute(_result(args, *_load(args.input, args, book)), args.format))


def _standings(args) -> tuple[str, int]:
    """``standings``: the ranked table (and a note when a workbook's stored values are stale; CSV,
    which has no place for notes, gets those on unrated players on standard error too)."""
    book = _open(args.input)
    team = _team("standings", args, book)
    if team is not None:
        return team
    from .excel.stale import note_stale
    from .rating_notes import rating_notes
    result = _result(args, *_load(args.input, args, book))
    category = None
    if args.category:
        from .categories import parse_category
        from .prize_report import category_selection
        named, age = _book_categories(book)
        cat = next((c for n, c in named if n.casefold() == args.category.strip().casefold()), None)
        category = category_selection(result, cat or parse_category(args.category, "--category"),
                                      args.age or age or "year")
        if not category.rows and args.format != "table":  # the table says it in its legend
            print(f"xl-tiebreak: nobody is in {category.category.label}", file=sys.stderr)
        if category.note and args.format.startswith("csv"):
            print(f"xl-tiebreak: note: {category.note}", file=sys.stderr)
    got = _emit(args, _render_standings(result, args.format, args.input, category))
    if args.format.startswith("csv"):
        for note in rating_notes(result, _how_to_set(args.input)):
            print(f"xl-tiebreak: note: {note}", file=sys.stderr)
    note_stale(book)
    return got


def _prizes(args) -> tuple[str, int]:
    """``prizes``: the prize list from the standings and a prize table (:mod:`xl_tiebreak.prizes`)."""
    from fractions import Fraction
    from .errors import InputError
    from .prize_report import prize_list, render_prizes
    from .prizes import PrizeTable, parse_unit
    table_ = PrizeTable.parse(args.places or "", args.category_prize)
    ties, order, unit, age = "tiebreak", "value", Fraction(1, 100), "year"
    book = _open(args.input)
    loaded = _load(args.input, args, book) if book is not None else None
    given = bool(args.places), bool(args.category_prize)
    if not all(given):
        # a workbook's Prizes sheet: what the options do not give (the place prizes, the category
        # prizes, the rules), so that --places replaces the sheet's place prizes only
        setup = _book_prizes(book)
        if setup is None and not any(given):
            raise InputError("prizes: no prize given; expected --places 500,300,200 and/or --category-prize "
                             "U1600=100,50 (or a workbook whose Prizes sheet has a prize table)")
        if setup is not None:
            sheet, ties, order, unit, age = setup
            table_ = PrizeTable(table_.places if given[0] else sheet.places,
                                table_.categories if given[1] else sheet.categories)
        if not table_.places and not table_.categories:
            raise InputError("prizes: the workbook's prize table is empty; type the amounts on its Prizes sheet, "
                             "or give --places 500,300,200 and/or --category-prize U1600=100,50")
    if args.unit is not None:
        unit = parse_unit(args.unit)
    result = _result(args, *(loaded or _load(args.input, args)))
    got, notes = prize_list(result, table_, ties=args.ties or ties, order=args.order or order, age=args.age or age,
                            unit=unit)
    return _emit(args, render_prizes(result, got, notes, args.format, args.input))


def _book_categories(book: Optional[Book]) -> tuple[list, Optional[str]]:
    """A workbook's named categories and age basis (its Categories sheet), or none (``book``
    None: a TRF file)."""
    if book is None:
        return [], None
    from .errors import InputError
    from .excel.prize_book import workbook_categories
    try:
        got = workbook_categories(book)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None
    return (got[0], got[1]) if got else ([], None)


def _book_whatif(book: Book, given: Sequence[str]) -> Optional[tuple[Optional[int], Optional[int], str, str]]:
    """A workbook's What if settings (its WHATIF formula: prize places, boards combined, and their
    cells), or None; ``given``: those an option replaces (their cells not read)."""
    from .errors import InputError
    from .excel.prize_book import workbook_whatif_setup
    try:
        return workbook_whatif_setup(book, given)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None


def _book_prizes(book: Optional[Book]):
    """A workbook's prize table and rules (its PRIZES formula: table, ties, order, unit, age basis),
    or None for a TRF file (``book`` None) or a workbook without one."""
    if book is None:
        return None
    from .errors import InputError
    from .excel.prize_book import workbook_prize_setup
    try:
        got = workbook_prize_setup(book)
    except InputError as exc:
        raise InputError(str(exc), book.name) from None
    if got is None:
        return None
    setup, age, _where = got
    return setup.table, setup.ties, setup.order, setup.unit, age


def _whatif(args) -> tuple[str, int]:
    """``whatif``: who can still finish in the prize places (:mod:`xl_tiebreak.whatif`)."""
    from .errors import InputError
    from .whatif import DEFAULT_MAX_BOARDS, before_results, played_outcomes, what_if
    from .whatif_report import render_whatif
    opened = _open(args.input)
    t, book = _load(args.input, args, opened)
    played = t
    if args.before is not None:
        if args.round is not None and args.round != args.before:
            raise InputError(f"--round {args.round} and --before {args.before}: give one round")
        args.round = args.before
        t = before_results(t, args.before)
    tiebreaks, kind, options = _settings(args, book)
    places, boards = args.places, args.max_boards
    if opened is not None and (places is None or boards is None):  # as the workbook's What if sheet has them
        sheet = _book_whatif(opened, [n for n, v in (("places", places), ("max_boards", boards)) if v is not None])
        if sheet is not None and places is None and sheet[0] is not None:
            places = sheet[0]
            if places > len(t.players):  # named by its cell, as the sheet names it (no --places was given)
                raise InputError(f"{sheet[2]}: WHATIF: places {places}: expected a number of prize places from 1 to "
                                 f"{len(t.players)} (the players)", Path(args.input).name)
        boards = sheet[1] if sheet is not None and boards is None else boards
    got = what_if(t, tiebreaks, rnd=args.round, places=3 if places is None else places, edition=_edition(args, book),
                  kind=kind, options=options, max_boards=DEFAULT_MAX_BOARDS if boards is None else boards)
    if played is not t:
        got = dataclasses.replace(got, played=played_outcomes(played, got.round, got.boards))
    return _emit(args, render_whatif(got, args.format, t.name or args.input))


def _publish(args) -> tuple[str, int]:
    """``publish``: one self-contained HTML page of the event (:mod:`xl_tiebreak.publish`)."""
    from .excel.stale import note_stale
    from .prizes import parse_unit
    from .publish import build_page, extras_from_texts
    if args.unit is not None:
        parse_unit(args.unit)  # its message, before the page's reader of the same text
    book = _open(args.input)
    team = _team("publish", args, book)
    if team is not None:
        return team
    named, age = _book_categories(book)  # a workbook's Categories and Prizes sheets, as standings and prizes
    sheet = None if args.places and args.category_prize else _book_prizes(book)  # what no option replaces
    table, ties, order, unit, age = sheet or (None, "tiebreak", "value", "0.01", age)
    extras = extras_from_texts(args.category, args.places or "", args.category_prize, ties=args.ties or ties,
                               order=args.order or order, age=args.age or age or "year", unit=args.unit or unit,
                               named=named, table=table)
    result = _result(args, *_load(args.input, args, book))
    got = _emit(args, build_page(result, extras, Path(args.input).name, _how_to_set(args.input)))
    note_stale(book)
    return got


def _demo(args) -> tuple[str, int]:
    """``demo``: the standings of the example event."""
    from .examples import DEMO_FILE, demo_tournament
    return _emit(args, _render_standings(_result(args, demo_tournament(), None), args.format, DEMO_FILE))


def _excel(name: str) -> Callable[[argparse.Namespace], tuple[str, int]]:
    """A workbook command, imported when it runs (:mod:`xl_tiebreak.excel.commands`)."""
    def run(args: argparse.Namespace) -> tuple[str, int]:
        from .excel import commands
        return getattr(commands, name)(args)
    return run


_template, _workbook, _export_book, _recompute = (
    _excel(n) for n in ("template", "workbook", "export_trf", "recompute"))


def _print(args) -> tuple[str, int]:
    """``print``: one sheet as a PDF, through LibreOffice (:mod:`xl_tiebreak.excel.printing`)."""
    from .errors import InputError
    from .excel.printing import print_sheet
    given = [f for f, on in (("--tiebreaks", args.tiebreaks), ("--rules", args.rules)) if on]
    if given and str(args.input).lower().endswith((".xlsx", ".xlsm")):
        raise InputError(f"{', '.join(given)}: a workbook's Settings sheet gives them; change them there (or "
                         "print the TRF file)")
    return print_sheet(args)


def _export_trf(args) -> tuple[str, int]:
    """``export-trf``: a workbook's crosstable as a TRF, or a team TRF written again as TRF-26
    (:func:`xl_tiebreak.team_cli.export_team_trf`)."""
    from .team_cli import export_team_trf
    team = export_team_trf(args)
    if team is not None:
        return team
    given = [f for f, on in (("--tiebreaks", args.tiebreaks), ("--rules", args.rules), ("--team-pab", args.team_pab),
                             ("--team-primary", args.team_primary)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: for a team TRF; a workbook's export-trf takes them from its Settings")
    if args.encoding:
        raise TiebreakError("--input-encoding: the encoding a team TRF is read in; a workbook has none (--encoding "
                            "names the encoding of the TRF written)")
    return _export_book(args)


def _load(path: str, args: Optional[argparse.Namespace] = None, book: Optional[Book] = None):
    """A TRF file, or a workbook (.xlsx/.xlsm) with its Settings; returns (tournament, settings).
    ``book``: the workbook, when the command opened it already (:func:`_open`). Errors stop;
    warnings are printed on standard error (not the one saying which edition is assumed for want
    of a date, when ``--rules`` chose one)."""
    from .input_file import check_input_file
    check_input_file(path)
    p = Path(path)
    from .trf import read_trf
    from .validation import Findings
    fd = Findings(strict=True)
    got: tuple[Tournament, Optional[BookSettings]]
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        from .excel.book_reader import read_workbook
        got = read_workbook(p if book is None else book, findings=fd)
    else:
        given = bool((getattr(args, "tiebreaks", None) or "").strip())  # --tiebreaks replaces record 202
        got = (read_trf(p, findings=fd, encoding=getattr(args, "encoding", None), check_list=not given), None)
    chosen = bool(getattr(args, "rules", None))
    for w in fd.warnings:
        if not (chosen and w.rule == "edition" and "is assumed" in w.message):
            print(f"xl-tiebreak: {w}", file=sys.stderr)
    return got


def _options(args, base: Optional[Options] = None) -> Optional[Options]:
    """Options from ``--set NAME=VALUE`` (and ``--unrated``) over ``base`` (a workbook's Settings);
    unknown names and values are errors."""
    pairs = []
    for item in args.set:
        name, eq, value = item.partition("=")
        if not eq:
            raise TiebreakError(f"--set {item!r}: write NAME=VALUE")
        pairs.append((name, value))
    if args.unrated is not None:
        pairs.append(("unrated_rating", args.unrated))
    try:
        return options_from_pairs(pairs, where="--set", base=base)
    except ValueError as exc:
        raise TiebreakError(str(exc)) from None


def _explain(args) -> tuple[str, int]:
    """``explain``: the account of one value."""
    opened = _open(args.input)
    team = _team("explain", args, opened)
    if team is not None:
        return team
    from .explanation import explain, render_text
    t, book = _load(args.input, args, opened)
    tiebreaks, kind, options = _settings(args, book)
    edition = _edition(args, book)
    e = explain(t, args.player, args.tiebreak, edition, rounds=args.rounds, kind=kind, tiebreaks=tiebreaks,
                options=options, live=_live(args, book), how=_how_to_set(args.input))
    if args.format == "json":
        import json  # here, not at the top: the other commands start without it
        return json.dumps(e.as_dict(), ensure_ascii=False, indent=1) + "\n", 0
    return render_text(e), 0


def _compare(args) -> tuple[str, int]:
    """``compare``: values and places under several editions; the players whose place changes."""
    from .engine import compute
    from .formatting import format_value, json_number
    from .standings import rank
    opened = _open(args.input)
    team = _team("compare", args, opened)
    if team is not None:
        return team
    t, book = _load(args.input, args, opened)
    names = [e.strip() for e in args.rules.split(",") if e.strip()]
    if not names:
        raise TiebreakError("--rules: name at least one edition, e.g. fide2024,fide2026")
    tiebreaks, kind, options = _settings(args, book)
    results = [compute(t, tiebreaks, edition=n, rounds=args.rounds, kind=kind, options=options,
                       live=_live(args, book)) for n in names]
    places = [{r.player.no: r.place for r in rank(res)} for res in results]
    codes = results[0].codes
    if args.format == "json":
        import json  # here, not at the top: the other commands start without it
        doc = {"editions": [r.edition.name for r in results], "tiebreaks": list(codes), "players": [
            {"no": p.no, "name": p.name, "points": float(results[0].points[k]),
             "places": {r.edition.name: pl[p.no] for r, pl in zip(results, places)},
             "values": {r.edition.name: [json_number(v) for v in r.values[k]] for r in results}}
            for k, p in enumerate(t.players)]}
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n", 0
    cols = _columns(results[0])
    headers = (["No", "Name", "Pts"] + [f"{code} {r.edition.name[4:]}" for code, _ in cols for r in results]
               + [f"Place {r.edition.name[4:]}" for r in results])
    order = sorted(range(len(t.players)), key=lambda k: [int(str(pl[t.players[k].no]).split("-")[0])
                                                          for pl in places[-1:]] + [t.players[k].no])
    rows = []
    for k in order:
        p = t.players[k]
        rows.append([str(p.no), p.name, format_value(results[0].points[k], 1)]
                    + [format_value(r.values[k][j], d) for j, (_, d) in enumerate(cols) for r in results]
                    + [pl[p.no] for pl in places])
    if args.format.startswith("csv"):
        return _csv(headers, rows, args.format), 0
    moved = [p for p in t.players if len({pl[p.no] for pl in places}) > 1]
    lines = table(headers, rows, right={0, *range(2, len(headers))}) + [""]
    if moved:
        lines.append("Players whose place changes with the edition:")
        for p in moved:
            lines.append(f"  {p.no} {p.name}: " + ", ".join(f"{r.edition.name} {pl[p.no]}"
                                                            for r, pl in zip(results, places)))
    else:
        lines.append("No place changes with the edition.")
    return "\n".join(lines) + "\n", 0


def _check(args) -> tuple[str, int]:
    """``check``: every finding; exit 1 when there is an error, else 0."""
    from .input_file import check_input_file
    p = Path(args.input)
    check_input_file(p)
    if getattr(args, "source", "trf") != "trf":
        return _check_export(args, p)
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        from .excel.book_check import check_workbook
        found = check_workbook(p)
    else:
        from .check import check_trf
        found = check_trf(p, encoding=args.encoding)
    errors = sum(1 for f in found if f.severity == "error")
    status = 1 if errors else 0
    if args.format == "json":
        import json  # here, not at the top: the other commands start without it
        return json.dumps({"errors": errors, "warnings": len(found) - errors, "findings": [
            {"severity": f.severity, "rule": f.rule, "where": f.where, "message": f.message} for f in found]},
            ensure_ascii=False, indent=1) + "\n", status
    lines = [f"{f.severity:<8} {f.where}: {f.message}" if f.where else f"{f.severity:<8} {f.message}"
             for f in found]
    lines.append(f"{p.name}: {errors} error(s), {len(found) - errors} warning(s)")
    return "\n".join(lines) + "\n", status


def _check_export(args, p: Path) -> tuple[str, int]:
    """``check --from chess-results FILE``: the export read into an event, then every published
    point total, rank and TB column (TB1 the first code of --tiebreaks) that differs from ours;
    exit 1 when one does."""
    from .engine import compute
    from .errors import InputError
    from .excel.export_rows import read_import
    from .imports.published import differences
    from .standings import rank
    imported = read_import(p, args.source)
    t, pub = imported.tournament, imported.published
    codes = [c.strip() for c in (args.tiebreaks or "").split(",") if c.strip()]
    try:
        result = compute(t, ",".join(codes) or None, edition=args.rules or None, kind="swiss")  # by the start date
    except InputError as exc:
        unfinished = getattr(imported, "unfinished", ())
        if not unfinished or "result is missing" not in exc.detail:
            raise
        more = f", and {len(unfinished) - 1} more such cell(s)" if len(unfinished) > 1 else ""
        raise InputError(f"{unfinished[0]}: a game without a result in a round before the last one (a postponed "
                         f"game?){more}; the "
                         "published values count it as not played yet, which no tie-break rule defines: check "
                         "the export once its result is in, or make the workbook (workbook --from) and enter "
                         "the result there", p.name) from None
    ranks = {r.player.no: r.rank for r in rank(result)}
    compared = list(result.codes) if codes else []
    found = differences(pub, [pl.no for pl in t.players], [pl.name for pl in t.players], result.points,
                        [list(v) if compared else [] for v in result.values], compared,
                        ranks if codes else None)
    head = (f"{imported.title or p.name}: {len(t.players)} players, {t.rounds} rounds, opponents named by "
            f"{imported.numbered_by}; rules {result.edition.name}")
    if not codes:
        head += "; give --tiebreaks (what TB1, TB2, ... are, e.g. BH/C1,BH,SB) to compare the tie-breaks and ranks"
    columns = list(pub.columns)
    pairs = list(zip(columns, compared))
    unread = [c for c in columns[len(compared):]] if codes else []  # published, not compared
    spare = compared[len(columns):]  # given, with no published column
    said = []
    if pairs:
        said.append("compared " + ", ".join(f"{col} with {code}" for col, code in pairs))
    if unread:
        said.append(f"not compared: {', '.join(unread)} (give a code for each in --tiebreaks)")
    if spare:
        said.append(f"no published column for {', '.join(spare)}")
    if args.format == "json":
        import json  # here, not at the top: the other commands start without it
        return json.dumps({"players": len(t.players), "rounds": t.rounds, "numbered_by": imported.numbered_by,
                           "edition": result.edition.name, "tiebreaks": compared, "legend": list(pub.legend),
                           "notes": list(imported.notes),
                           "compared": [{"column": col, "code": code} for col, code in pairs],
                           "not_compared": unread, "no_column": spare,
                           "differences": [{"no": d.no, "name": d.name, "what": d.what, "published": d.published,
                                            "ours": d.ours} for d in found]},
                          ensure_ascii=False, indent=1) + "\n", 1 if found else 0
    lines = [head] + [f"  legend: {ln}" for ln in pub.legend] + [f"note     {n}" for n in imported.notes]
    lines += [f"columns  {x}" for x in said]
    lines += [f"differs  No {d.no} {d.name}: {d.what}: published {d.published}, ours {d.ours}" for d in found]
    lines.append(f"{p.name}: {len(found)} difference(s) between the published values and ours"
                 + ("" if codes else " (points only)"))
    return "\n".join(lines) + "\n", 1 if found else 0


def _columns(result: Result) -> list[tuple[str, int]]:
    from .formatting import decimals_for
    scale = result.points_column.den
    return [(code, decimals_for(tb, scale)) for code, tb in zip(result.codes, result.tiebreaks)]


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


def _how_to_set(source: str) -> str:
    """How to set a rating for unrated players, in a note on ``source``: a workbook's Settings cell,
    or the command line's ways for a TRF file (which has no such cell)."""
    from .rating_notes import HOW_TO_SET
    if not str(source).lower().endswith((".xlsx", ".xlsm")):
        return HOW_TO_SET
    from .excel.book_reader import UNRATED_ROW
    return (f"set one in Settings!B{UNRATED_ROW} (Rating for unrated players), with --unrated RATING or with a "
            "descriptor such as ARO/U1000")


def _json(result: Result, order: Sequence[int], places: Optional[Sequence[str]] = None,
          separated: Optional[Sequence[Optional[str]]] = None, extra: Sequence[tuple[str, str]] = (),
          source: str = "") -> str:
    """The JSON document of a result (:func:`xl_tiebreak.result_json.document`), players in
    ``order`` (with their places and what separated them, for standings; ``extra``: more fields of
    the head, as JSON text); written column by column."""
    import json  # here, not at the top: the other commands start without it
    from .result_json import Raw, document, number_text, string
    players = result.tournament.players
    points = _raw_texts(result.points_column, lambda v, den: float.__repr__(v / den), "null")
    columns = [_raw_texts(c, number_text, "null") for c in result.columns]
    fields: list[tuple[str, Optional[int]]] = [("no", None), ("name", None), ("points", None),
                                               ("values", len(columns))]
    if places is not None:
        fields.insert(0, ("rank", None))
    if separated is not None:
        fields.append(("separated_by", None))
    values = list(zip(*columns)) if columns else [()] * len(players)
    rows = []
    for pos, k in enumerate(order):
        p = players[k]
        cells = (str(p.no), string(p.name), points[k], *values[k])
        if places is not None:
            cells = (string(places[pos]), *cells)
        if separated is not None:
            cells = (*cells, json.dumps(separated[pos], ensure_ascii=False))
        rows.append(cells)
    from .rating_notes import rating_notes
    notes = rating_notes(result, _how_to_set(source))  # on unrated players, when there is something to say
    prog = result.progress
    current = ('{"round": %d, "games_in": %d, "games": %d}' % (prog.current, prog.games_in, prog.games)
               if prog is not None and prog.current else "null")
    head: list[tuple[str, object]] = [
        ("edition", result.edition.name), ("rounds", result.rounds), ("of", result.tournament.rounds),
        ("in_progress", Raw(current)), ("live", bool(prog is not None and prog.live and prog.current)),
        ("label", result.label), ("tiebreaks", list(result.codes)),
        *([("notes", [n.text for n in notes])] if notes else []),
        *((k, Raw(v)) for k, v in extra)]
    return document(head, "players", fields, rows)


def _render_compute(result: Result, fmt: str) -> str:
    from .formatting import format_value
    order = list(range(len(result.tournament.players)))
    if fmt == "json":
        return _json(result, order)
    cols = _columns(result)
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
    from .rating_notes import rating_notes
    return [line for n in rating_notes(result, _how_to_set(source)) for line in
            textwrap.wrap(n.text, 100, initial_indent="Note: ", subsequent_indent="      ", break_on_hyphens=False)]


def _render_standings(result: Result, fmt: str, source: str, category: Optional[Selection] = None) -> str:
    """The standings as a table, CSV or JSON; with ``category``, only its players, in the full
    event's order and with their places in it."""
    from .formatting import format_value
    from .standings import rank
    rows_ = rank(result) if category is None else list(category.rows)
    tindex = result.tournament.positions
    if fmt == "json":
        import json
        extra = [] if category is None else [
            ("category", json.dumps({"text": category.category.text, "label": category.category.label,
                                     "missing": list(category.missing)}, ensure_ascii=False))]
        return _json(result, [tindex[r.player.no] for r in rows_], [r.place for r in rows_],
                     [r.separated_by for r in rows_], extra, source)
    cols = _columns(result)
    headers = ["Rk", "No", "Name", "Pts"] + [c for c, _ in cols] + ["Split by"]
    rows = []
    for k, r in enumerate(rows_):
        tied_above = k > 0 and rows_[k - 1].points == r.points
        split = r.separated_by or ("shared" if tied_above and rows_[k - 1].place == r.place else "")
        rows.append([r.place, str(r.player.no), r.player.name, format_value(r.points, 1)]
                    + [format_value(v, d) for v, (_, d) in zip(r.values, cols)] + [split])
    if category is not None:
        from .prize_report import category_rows
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
    if category is not None:
        legend.append(f"Rk: the place in the whole event; Cat: the place in {category.category.label}."
                      if category.rows else f"Nobody is in {category.category.label}.")
        legend += [f"Note: {category.note}"] if category.note else []
    right = {1, *range(3, len(headers))} if category is None else {1, 2, *range(4, len(headers))}
    return head + "\n".join(table(headers, rows, right=right) + legend) + "\n"


def _runs() -> dict[str, Callable[[argparse.Namespace], tuple[str, int]]]:
    """The function that runs each command of :func:`.cli_options.commands` (it returns the text to
    print and the exit status)."""
    return {
        "compute": _compute, "standings": _standings, "prizes": _prizes, "whatif": _whatif, "demo": _demo,
        "publish": _publish, "explain": _explain, "compare": _compare, "check": _check, "template": _template,
        "workbook": _workbook, "export-trf": _export_trf, "recompute": _recompute, "print": _print,
    }


if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
