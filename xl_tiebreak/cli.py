"""The command line: ``xl-tiebreak compute | standings | demo``.

Bad input exits with status 2 and one message naming the file, line and column or the word;
never a traceback.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from .editions import EDITIONS
from .errors import TiebreakError
from .options import Options, options_from_pairs
from .textutil import is_digits

if TYPE_CHECKING:  # the commands import what they use when they run: a quick start
    from .engine import Result
    from .tiebreaks.context import Column


def _common(p: argparse.ArgumentParser) -> None:
    p.add_argument("--tiebreaks", "-t", metavar="LIST",
                   help="comma-separated descriptors, e.g. BH/C1,BH,SB,DE (default: the file's "
                        "record 202, else a FIDE list)")
    p.add_argument("--rules", "-r", metavar="EDITION",
                   help="rule edition: " + ", ".join(EDITIONS) + " (default: the edition in force "
                        "at the event's start date, else fide2026)")
    p.add_argument("--type", dest="kind", choices=["swiss", "round-robin"],
                   help="event type (default: the file's, else swiss)")
    p.add_argument("--rounds", type=int, metavar="N", help="evaluate rounds 1..N only")
    p.add_argument("--format", "-f", choices=["table", "csv", "json"], default="table")
    p.add_argument("--set", action="append", default=[], metavar="NAME=VALUE",
                   help="a choice the regulations leave open, e.g. svon_cut_unplayed_first=yes or "
                        "rr_forfeits=reference (see xl_tiebreak.Options)")
    p.add_argument("--unrated", type=_rating, metavar="RATING",
                   help="rating for unrated players in the rating tie-breaks (default: such "
                        "tie-breaks are dropped when anyone is unrated)")


def _rating(text: str) -> int:
    if not is_digits(text) or not 0 < int(text) < 4000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a rating (a whole number from 1 to 3999)")
    return int(text)


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="xl-tiebreak",
                                 description="Chess tie-breaks exactly as the FIDE regulations prescribe.")
    sub = ap.add_subparsers(dest="command", required=True)
    c = sub.add_parser("compute", help="tie-break values of every player, in start order")
    c.add_argument("input", help="a FIDE TRF file")
    _common(c)
    s = sub.add_parser("standings", help="the ranked table with the tie-breaks")
    s.add_argument("input", help="a FIDE TRF file")
    _common(s)
    d = sub.add_parser("demo", help="standings of the example event shipped with the package")
    _common(d)
    xp = sub.add_parser("explain", help="how one value is reached, step by step")
    xp.add_argument("input", help="a FIDE TRF file or an .xlsx workbook")
    xp.add_argument("--player", "-p", type=int, required=True, help="the player's start number")
    xp.add_argument("--tiebreak", "-t", required=True, metavar="CODE", help="e.g. BH/C1, SB, ARO, DE")
    xp.add_argument("--rules", "-r", metavar="EDITION", help="rule edition (default as for compute)")
    xp.add_argument("--type", dest="kind", choices=["swiss", "round-robin"])
    xp.add_argument("--rounds", type=int, metavar="N", help="evaluate rounds 1..N only")
    xp.add_argument("--tiebreaks", metavar="LIST", help="the event's list, which places DE's tied group")
    xp.add_argument("--format", "-f", choices=["text", "json"], default="text")
    xp.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="as for compute")
    xp.add_argument("--unrated", type=_rating, metavar="RATING", help="as for compute")
    cp = sub.add_parser("compare", help="the values under several editions side by side")
    cp.add_argument("input", help="a FIDE TRF file or an .xlsx workbook")
    cp.add_argument("--tiebreaks", "-t", metavar="LIST", help="as for compute")
    cp.add_argument("--rules", "-r", metavar="EDITIONS", default="fide2012,fide2024,fide2026",
                    help="comma-separated editions (default: all three)")
    cp.add_argument("--type", dest="kind", choices=["swiss", "round-robin"])
    cp.add_argument("--rounds", type=int, metavar="N")
    cp.add_argument("--format", "-f", choices=["table", "csv", "json"], default="table")
    cp.add_argument("--set", action="append", default=[], metavar="NAME=VALUE", help="as for compute")
    ck = sub.add_parser("check", help="list every problem of a TRF file or a workbook's crosstable")
    ck.add_argument("input", help="a FIDE TRF file or an .xlsx workbook")
    ck.add_argument("--format", "-f", choices=["table", "json"], default="table")
    tp = sub.add_parser("template", help="write an empty workbook template")
    tp.add_argument("--type", dest="kind", choices=["swiss", "round-robin", "teaching"], default="swiss",
                    help="teaching: the worked example with Explain, Exercise and Progress sheets")
    tp.add_argument("--players", type=int, help="rows for players (default 400 Swiss, 20 round robin)")
    tp.add_argument("--rounds", type=int, help="round columns (default 11 Swiss, 19 round robin)")
    tp.add_argument("--cells", action="store_true", help="one formula per cell instead of spilled tables "
                    "(for Excel 2019 and earlier, without dynamic arrays)")
    tp.add_argument("-o", "--output", required=True, help="the .xlsx file to write")
    tp.add_argument("--force", action="store_true", help="replace the output file if it exists")
    wb = sub.add_parser("workbook", help="make a workbook from a TRF file (the template, filled)")
    wb.add_argument("input", help="a FIDE TRF file")
    wb.add_argument("-o", "--output", required=True, help="the .xlsx file to write")
    wb.add_argument("--tiebreaks", "-t", metavar="LIST", help="tie-breaks for the Settings sheet")
    wb.add_argument("--rules", "-r", metavar="EDITION", help="edition for the Settings sheet")
    wb.add_argument("--force", action="store_true", help="replace the output file if it exists")
    ex = sub.add_parser("export-trf", help="write a workbook's crosstable as a TRF file (start numbers, "
                        "names, titles, ratings, federations, results, start date, tie-break list)")
    ex.add_argument("input", help="an .xlsx workbook with a Crosstable")
    ex.add_argument("-o", "--output", required=True, help="the .trf file to write")
    ex.add_argument("--force", action="store_true", help="replace the output file if it exists")
    rc = sub.add_parser("recompute", help="fill in the values of our functions in a workbook, "
                        "changing nothing else")
    rc.add_argument("input", help="an .xlsx workbook")
    rc.add_argument("-o", "--output", help="write here instead of replacing the input (which is "
                    "then kept as BOOK.bak.xlsx)")
    rc.add_argument("--force", action="store_true", help="replace the output file if it exists")
    return ap


def main(argv: Optional[Sequence[str]] = None) -> int:
    args = build_parser().parse_args(argv)
    try:
        if args.command == "check":
            return _check(args)
        if args.command in ("explain", "compare"):
            sys.stdout.write(_explain(args) if args.command == "explain" else _compare(args))
            return 0
        if args.command in ("template", "workbook", "export-trf", "recompute"):
            from .excel import commands
            text, status = getattr(commands, args.command.replace("-", "_"))(args)
            sys.stdout.write(text)
            return status
        from .engine import compute
        if args.command == "demo":
            from .examples import DEMO_FILE, demo_tournament
            t = demo_tournament()
            source = DEMO_FILE
            book = None
        else:
            t, book = _load(args.input)
            source = args.input
        tiebreaks, edition, kind = args.tiebreaks, args.rules, args.kind
        if book is not None:  # a workbook's Settings sheet gives the defaults
            tiebreaks = tiebreaks or (",".join(book.tiebreaks) if book.tiebreaks else None)
            edition = edition or book.edition or None
            kind = kind or book.kind or None
        options = _options(args, base=book.options if book is not None else None)
        result = compute(t, tiebreaks, edition=edition, rounds=args.rounds, kind=kind, options=options)
    except TiebreakError as exc:
        print(f"xl-tiebreak: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print(f"xl-tiebreak: internal error ({type(exc).__name__}: {exc}); please report it "
              "with the input file", file=sys.stderr)
        return 3
    try:
        if args.command == "compute":
            out = _render_compute(result, args.format)
        else:
            out = _render_standings(result, args.format, source)
        sys.stdout.write(out)
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. head) went away: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
    return 0


def _load(path: str):
    """A TRF file, or a workbook (.xlsx/.xlsm) with its Settings; returns (tournament, settings).
    Errors stop; warnings are printed on standard error."""
    p = Path(path)
    if not p.exists():
        raise TiebreakError(f"{path}: no such file")
    if p.is_dir():
        raise TiebreakError(f"{path}: is a folder, not a TRF file")
    from .trf import read_trf
    from .validation import Findings
    fd = Findings(strict=True)
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        from .excel.workbook import read_workbook
        got = read_workbook(p, findings=fd)
    else:
        got = (read_trf(p, findings=fd), None)
    for w in fd.warnings:
        print(f"xl-tiebreak: {w}", file=sys.stderr)
    return got


def _options(args, base: Optional[Options] = None) -> Optional[Options]:
    """Options from ``--set NAME=VALUE`` (and ``--unrated``) over ``base`` (a workbook's Settings);
    unknown names and values are errors."""
    pairs = []
    for item in getattr(args, "set", []) or []:
        name, eq, value = item.partition("=")
        if not eq:
            raise TiebreakError(f"--set {item!r}: write NAME=VALUE")
        pairs.append((name, value))
    if getattr(args, "unrated", None) is not None:
        pairs.append(("unrated_rating", args.unrated))
    try:
        return options_from_pairs(pairs, where="--set", base=base)
    except ValueError as exc:
        raise TiebreakError(str(exc)) from None


def _explain(args) -> str:
    from .explain import explain, render_text
    t, book = _load(args.input)
    edition = args.rules or (book.edition if book else None) or None
    kind = args.kind or (book.kind if book else None) or None
    tbs = args.tiebreaks or (",".join(book.tiebreaks) if book and book.tiebreaks else None)
    e = explain(t, args.player, args.tiebreak, edition, rounds=args.rounds, kind=kind, tiebreaks=tbs,
                options=_options(args, base=book.options if book is not None else None))
    if args.format == "json":
        return json.dumps(e.as_dict(), ensure_ascii=False, indent=1) + "\n"
    return render_text(e)


def _compare(args) -> str:
    """Values and places under several editions; the players whose place changes."""
    from .engine import compute
    from .formatting import decimals_for, format_value, json_number
    from .standings import rank
    t, book = _load(args.input)
    names = [e.strip() for e in args.rules.split(",") if e.strip()]
    if not names:
        raise TiebreakError("--rules: name at least one edition, e.g. fide2024,fide2026")
    tiebreaks = args.tiebreaks or (",".join(book.tiebreaks) if book and book.tiebreaks else None)
    kind = args.kind or (book.kind if book else None) or None
    options = _options(args, base=book.options if book is not None else None)
    results = [compute(t, tiebreaks, edition=n, rounds=args.rounds, kind=kind, options=options) for n in names]
    places = [{r.player.no: r.place for r in rank(res)} for res in results]
    codes = results[0].codes
    if args.format == "json":
        doc = {"editions": [r.edition.name for r in results], "tiebreaks": list(codes), "players": [
            {"no": p.no, "name": p.name, "points": float(results[0].points[k]),
             "places": {r.edition.name: pl[p.no] for r, pl in zip(results, places)},
             "values": {r.edition.name: [json_number(v) for v in r.values[k]] for r in results}}
            for k, p in enumerate(t.players)]}
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    scale = results[0].points_column.den
    headers = ["No", "Name", "Pts"]
    for code, tb in zip(codes, results[0].tiebreaks):
        headers += [f"{code} {r.edition.name[4:]}" for r in results]
    headers += [f"Place {r.edition.name[4:]}" for r in results]
    order = sorted(range(len(t.players)), key=lambda k: [int(str(pl[t.players[k].no]).split("-")[0])
                                                          for pl in places[-1:]] + [t.players[k].no])
    rows = []
    for k in order:
        p = t.players[k]
        row = [str(p.no), p.name, format_value(results[0].points[k], 1)]
        for j, tb in enumerate(results[0].tiebreaks):
            d = decimals_for(tb, scale)
            row += [format_value(r.values[k][j], d) for r in results]
        row += [pl[p.no] for pl in places]
        rows.append(row)
    if args.format == "csv":
        return _csv(headers, rows)
    moved = [p for p in t.players if len({pl[p.no] for pl in places}) > 1]
    lines = [_table(headers, rows, set(range(2, len(headers))) | {0})]
    if moved:
        lines.append("Players whose place changes with the edition:")
        for p in moved:
            lines.append(f"  {p.no} {p.name}: " + ", ".join(f"{r.edition.name} {pl[p.no]}"
                                                            for r, pl in zip(results, places)))
    else:
        lines.append("No place changes with the edition.")
    return "\n".join(lines) + "\n"


def _check(args) -> int:
    """``check``: every finding; exit 1 when there is an error, else 0."""
    p = Path(args.input)
    if not p.is_file():
        raise TiebreakError(f"{args.input}: no such file")
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        from .excel.workbook import check_workbook
        found = check_workbook(p)
    else:
        from .check import check_trf
        found = check_trf(p)
    errors = sum(1 for f in found if f.severity == "error")
    if args.format == "json":
        sys.stdout.write(json.dumps({"errors": errors, "warnings": len(found) - errors, "findings": [
            {"severity": f.severity, "rule": f.rule, "where": f.where, "message": f.message} for f in found]},
            ensure_ascii=False, indent=1) + "\n")
    else:
        for f in found:
            sys.stdout.write(f"{f.severity:<8} {f.where}: {f.message}\n" if f.where else f"{f.severity:<8} {f.message}\n")
        sys.stdout.write(f"{p.name}: {errors} error(s), {len(found) - errors} warning(s)\n")
    return 1 if errors else 0


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


def _json_number_text(v: int, den: int) -> str:
    """``json.dumps(json_number(Fraction(v, den)))`` without the detour: an integer when whole,
    else the float (``int / int`` rounds correctly, as ``float(Fraction)`` does) as JSON writes it."""
    return str(v // den) if v % den == 0 else float.__repr__(v / den)


def _json_list(items: Sequence[str], indent: str) -> str:
    """A JSON list of ready-made items, laid out as ``json.dumps(..., indent=1)`` does."""
    if not items:
        return "[]"
    return "[\n" + ",\n".join(indent + " " + x for x in items) + "\n" + indent + "]"


def _json(result: Result, order: Sequence[int], places: Optional[Sequence[str]] = None,
          separated: Optional[Sequence[Optional[str]]] = None) -> str:
    """The JSON document of a result, players in ``order`` (with their places and what separated
    them, for standings); written column by column, the same text as ``json.dumps(doc,
    ensure_ascii=False, indent=1)``."""
    from json.encoder import encode_basestring as string  # what json.dumps(ensure_ascii=False) uses
    players = result.tournament.players
    points = _raw_texts(result.points_column, lambda v, den: float.__repr__(v / den), "null")
    columns = [_raw_texts(c, _json_number_text, "null") for c in result.columns]
    values = ("[\n" + ",\n".join(["    %s"] * len(columns)) + "\n   ]") if columns else "[]"
    fields = ['"no": %d', '"name": %s', '"points": %s', '"values": ' + values]
    if places is not None:
        fields.insert(0, '"rank": %s')
    if separated is not None:
        fields.append('"separated_by": %s')
    item = "  {\n   " + ",\n   ".join(fields) + "\n  }"
    rows = list(zip(*columns)) if columns else [()] * len(players)
    lines = []
    for pos, k in enumerate(order):
        p = players[k]
        cells = (p.no, string(p.name), points[k], *rows[k])
        if places is not None:
            cells = (string(places[pos]), *cells)
        if separated is not None:
            cells = (*cells, json.dumps(separated[pos], ensure_ascii=False))
        lines.append(item % cells)
    head = [f'"edition": {string(result.edition.name)}', f'"rounds": {result.rounds}',
            f'"tiebreaks": {_json_list([string(c) for c in result.codes], " ")}',
            '"players": ' + ("[\n" + ",\n".join(lines) + "\n ]" if lines else "[]")]
    return "{\n " + ",\n ".join(head) + "\n}\n"


def _table(headers: list[str], rows: list[list[str]], right: set[int]) -> str:
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    def fmt(cells: list[str]) -> str:
        return "  ".join(c.rjust(w) if i in right else c.ljust(w)
                         for i, (c, w) in enumerate(zip(cells, widths))).rstrip()
    lines = [fmt(headers), fmt(["-" * w for w in widths])]
    lines += [fmt(r) for r in rows]
    return "\n".join(lines) + "\n"


def _csv(headers: list[str], rows: list[list[str]]) -> str:
    import csv
    import io
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow(headers)
    w.writerows(rows)
    return buf.getvalue()


def _render_compute(result: Result, fmt: str) -> str:
    from .formatting import format_value
    order = list(range(len(result.tournament.players)))
    if fmt == "json":
        return _json(result, order)
    cols = _columns(result)
    headers = ["No", "Name", "Pts"] + [c for c, _ in cols]
    columns = [[str(p.no) for p in result.tournament.players], [p.name for p in result.tournament.players],
               _texts(result.points_column, lambda v: format_value(v, 1))]
    columns += [_texts(col, lambda v, d=d: format_value(v, d)) for col, (_, d) in zip(result.columns, cols)]
    rows = [list(r) for r in zip(*columns)]
    if fmt == "csv":
        return _csv(headers, rows)
    right = {0} | set(range(2, len(headers)))
    return _table(headers, rows, right)


def _render_standings(result: Result, fmt: str, source: str) -> str:
    from .formatting import format_value
    from .standings import rank
    rows_ = rank(result)
    tindex = result.tournament._index()
    if fmt == "json":
        return _json(result, [tindex[r.player.no] for r in rows_], [r.place for r in rows_],
                     [r.separated_by for r in rows_])
    cols = _columns(result)
    headers = ["Rk", "No", "Name", "Pts"] + [c for c, _ in cols] + ["Split by"]
    rows = []
    for k, r in enumerate(rows_):
        tied_above = k > 0 and rows_[k - 1].points == r.points
        split = r.separated_by or ("shared" if tied_above and rows_[k - 1].place == r.place else "")
        rows.append([r.place, str(r.player.no), r.player.name, format_value(r.points, 1)]
                    + [format_value(v, d) for v, (_, d) in zip(r.values, cols)] + [split])
    if fmt == "csv":
        return _csv(headers, rows)
    title = result.tournament.name or source
    head = (f"{title}\nStandings after round {result.rounds} of {result.tournament.rounds}; "
            f"{'round robin' if result.round_robin else 'Swiss'}; rules: {result.edition.name} "
            f"({result.edition.title})\n\n")
    legend = ["", "Tie-breaks, in order:"]
    for code, tb in zip(result.codes, result.tiebreaks):
        legend.append(f"  {code:<8} {tb.describe}")
    legend.append("An empty cell is undefined (for example no game over the board); it ranks last.")
    legend.append("Split by: the tie-break that set the player below the one above on equal points.")
    right = {1} | set(range(3, len(headers)))
    return head + _table(headers, rows, right) + "\n".join(legend) + "\n"

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
