"""The command line on a team TRF (issue 23): ``compute``, ``standings``, ``explain``, ``compare`` and ``publish``
read a team event (records 310 / 013 and the other team records, TIEBREAK_RULES §9.3) and compute
its team tie-breaks (:func:`xl_tiebreak.teamtb.engine.compute_team`); ``check`` lists a team file's
findings through :func:`xl_tiebreak.check.check_trf`.

:func:`run_team` is what :mod:`xl_tiebreak.cli` calls first in those commands: it answers ``None``
for any input that is not a team TRF, which then goes the individual way.

Choices of the team face:

* the tie-breaks: ``--tiebreaks`` (team codes, §9.4), else the file's record 202, else
  :data:`~xl_tiebreak.teamtb.engine.DEFAULT_TEAM_LIST` (the Olympiad order);
* the team PAB's value: record 320 where the file has one, else ``--team-pab`` (``win``: a won
  match with every board won; ``draw``: a drawn match with every board drawn; or ``MP,GP``), else
  :data:`~xl_tiebreak.teams.DEFAULT_PAB` (a won match, every board won). Every output says which
  value was used and where it came from (a ``Team PAB`` line in the table, standard error with
  CSV, the ``pab`` field of JSON). ``--team-pab`` with a file whose 320 states the value is an error;
* the primary score: record 192, else ``--team-primary MP|GP`` (TRF-16 cannot state it), else MP;
* record 310's declared totals that differ from the games (``team-declared``, a warning, in
  ``check`` too, since FIDE's reference engine reads such a file) do not stop a computation: the
  games' totals are used and the warning says so. Every error of the file stops it, naming the
  line;
* the open questions of team events: ``--set NAME=VALUE`` with a name of
  :data:`~xl_tiebreak.options.TEAM_CHOICES` (``--set ede-knockout=encounter``: the EDE knock-out
  steps read as gacrux reads them; the default ``event`` is the text's reading; ``--set
  ede-subset=restart``: a new subset of tied teams restarts EDE from the primary score, the text
  read literally; the default ``continue`` is FIDE TEC's answer to its exercise 45); every output
  computed with a non-default choice says so in its notes;
* the options of individual events only (``--type``, ``--live``, an individual ``--set`` name,
  ``--unrated``, ``--category``) are refused with a team file rather than ignored.
"""

from __future__ import annotations

import argparse
import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Optional, Sequence

from .errors import DescriptorError, InputError, TiebreakError
from .formatting import decimals_for, format_value, json_number
from .number_text import quoted
from .output import emit as _emit
from .textutil import csv_text, lines_of, table

if TYPE_CHECKING:
    from .excel.book_reader import Book
    from .teams import PabValue, TeamEvent
    from .teamtb.engine import TeamResult, TeamRow

__all__ = ["run_team", "export_team_trf", "parse_team_pab", "pab_text", "TEAM_EDITIONS"]

#: the editions that define team tie-breaks (``compare``'s default for a team event)
TEAM_EDITIONS = ("fide2024", "fide2026")

# points as --team-pab gives them (a few digits: a longer number is none, and one of 5,000 digits
# could not be converted)
_NUMBER = re.compile(r"[0-9]{1,4}(?:[.,][0-9]{1,2})?")


def run_team(command: str, args: argparse.Namespace, book: Optional["Book"] = None) -> Optional[tuple[str, int]]:
    """``command`` (compute, standings, explain, compare) on a team TRF or team workbook (``book``:
    the workbook, when the command opened it already): its text and exit status; ``None`` when
    ``args.input`` is neither (an individual workbook or TRF, no such file)."""
    event = _load(args, book)
    if event is None:
        return None
    _refuse_individual_options(args)
    return {"compute": _compute, "standings": _standings, "explain": _explain, "compare": _compare,
            "publish": _publish}[command](args, event)


def parse_team_pab(text: str, event: "TeamEvent") -> "PabValue":
    """``--team-pab``: ``win`` (TW, every board won), ``draw`` (TD, every board drawn) or ``MP,GP``."""
    from .teams import PabValue
    word = text.strip().lower()
    sc = event.tournament.scoring
    if word == "win":
        return PabValue(event.match_values.win, event.boards * sc.win, "--team-pab win")
    if word == "draw":
        return PabValue(event.match_values.draw, event.boards * sc.draw, "--team-pab draw")
    parts = [p.strip() for p in word.split(",")]
    if len(parts) == 2 and all(_NUMBER.fullmatch(p) for p in parts):
        mp, gp = (Fraction(p.replace(",", ".")) for p in parts)
        return PabValue(mp, gp, "--team-pab")
    raise InputError(f"--team-pab {quoted(text)}: expected win (a won match, every board won), draw (a drawn match, "
                     "every board drawn) or the match and game points, e.g. 1,2")


def pab_text(event: "TeamEvent", pab: "PabValue") -> str:
    """The PAB value used and its source, in words."""
    mp, gp = _pab_points(event, pab)
    source = {"320": "record 320", "default": "the default where no record 320 states it: a won match, every "
              "board won, TIEBREAK_RULES §5.17; --team-pab chooses another"}.get(pab.source, pab.source)
    return f"Team PAB: {format_value(mp, 0)} MP, {format_value(gp, 0)} GP ({source})"


# --- reading -------------------------------------------------------------------------------------

def _load(args: argparse.Namespace, book: Optional["Book"] = None) -> Optional["TeamEvent"]:
    """The team event of ``args.input`` with ``--team-pab`` applied, or ``None`` (not a team TRF).
    Errors stop with the first one; warnings go to standard error (310's declared totals that
    differ from the games: found again with the PAB value in use)."""
    p = Path(args.input)
    if p.suffix.lower() in (".xlsx", ".xlsm") and p.is_file():
        return _book_event(args, p, book)
    if p.suffix.lower() in (".xlsx", ".xlsm") or not p.is_file():
        return None
    from .trf.teams import read_team_file
    from .validation import Findings
    fd = Findings(strict=False)
    event = read_team_file(p, findings=fd, encoding=getattr(args, "encoding", None))
    if event is None:
        return None
    for f in fd.errors:
        raise InputError(f.message, f.where)
    chosen = bool(getattr(args, "rules", None))
    for f in fd.warnings:
        if f.rule != "team-declared" and not (chosen and f.rule == "edition" and "is assumed" in f.message):
            print(f"xl-tiebreak: {f}", file=sys.stderr)
    read_pab = event.pab
    event = _with_team_primary(args, event)
    event = _with_team_pab(args, p, event)
    # 310's totals against the games: as the reader found them, or again with the PAB value now in use
    declared = [(f.where, f.message) for f in fd.warnings if f.rule == "team-declared"] if event.pab == read_pab \
        else _declared(event, p.name)
    for where, message in declared:
        print(f"xl-tiebreak: warning: {where}: {message}", file=sys.stderr)
    return event


def _book_event(args: argparse.Namespace, p: Path, book: Optional["Book"] = None) -> Optional["TeamEvent"]:
    """The event of a team workbook (:mod:`xl_tiebreak.excel.team_book`) as far as its complete
    rounds go, with its Settings list as the file's list and its Settings edition unless ``--rules``
    says another; ``None`` for a workbook that is not a team workbook. The first bad cell stops,
    named by sheet and cell; ``book``: the workbook opened (else it is opened here)."""
    import dataclasses
    from .excel.book_reader import open_book
    from .excel.team_book import is_team_book, read_team_book
    from .excel.team_table import played_through
    book = book if book is not None else open_book(p)
    if not is_team_book(book):
        return None
    if getattr(args, "team_pab", None) or getattr(args, "team_primary", None):
        raise TiebreakError("--team-pab and --team-primary: for a team TRF; a team workbook takes them from its "
                            "Settings (PAB match points, PAB game points, Primary score)")
    try:
        tables, codes = read_team_book(book)
    except InputError as exc:  # the file first, then the sheet and cell
        raise InputError(str(exc), book.name) from None
    if not getattr(args, "rules", None) and tables.settings.edition:
        args.rules = tables.settings.edition
    ev = played_through(tables)
    return dataclasses.replace(ev, tournament=dataclasses.replace(ev.tournament, tiebreaks=tuple(codes)))


def _declared(event: "TeamEvent", source: str) -> list[tuple[str, str]]:
    """Record 310's totals that differ from the games, with the PAB value in use (C.07 team scoring)."""
    from .teams import scores
    from .trf.teams import declared_text
    got = scores(event)
    out = []
    for tm in event.teams:
        for what, declared, counted, col in (("match points", tm.declared_mp, got[tm.no][0], 55),
                                             ("game points", tm.declared_gp, got[tm.no][1], 62)):
            if declared is not None and declared != counted:
                out.append((f"{source} line {tm.line}, column {col}",
                            declared_text(tm, what, declared, counted)))
    return out


def _with_team_primary(args: argparse.Namespace, event: "TeamEvent") -> "TeamEvent":
    """The event with ``--team-primary`` applied: for a file whose 192 does not state the primary
    score (TRF-16 cannot); an error where it states another."""
    given = getattr(args, "team_primary", None)
    if not given:
        return event
    stated = next((ln for ln in event.tournament.header if ln[:3] == "192" and "TEAM" in ln.upper()), None)
    if stated is not None and event.primary != given:
        raise InputError(f"--team-primary {given}: the file's record 192 ({stated[4:].strip()}) makes {event.primary} "
                         "the primary score; remove --team-primary, or change the record")
    import dataclasses
    return dataclasses.replace(event, primary=given)


def _with_team_pab(args: argparse.Namespace, p: Path, event: "TeamEvent") -> "TeamEvent":
    """The event with ``--team-pab`` applied (an error where the file's 320 states the value)."""
    given = getattr(args, "team_pab", None)
    if given:
        if event.pab.source == "320":
            line = next((k for k, ln in enumerate(lines_of(p.read_text(encoding="utf-8", errors="replace")), 1)
                         if ln[:3] == "320"), None)
            mp, gp = event.pab_points
            raise InputError(f"--team-pab {given!r}: the file states the team PAB's value in record 320"
                             f"{f' (line {line})' if line else ''}: {format_value(mp, 0)} MP, "
                             f"{format_value(gp, 0)} GP; remove --team-pab, or change the record")
        import dataclasses
        return dataclasses.replace(event, pab=parse_team_pab(given, event))
    return event


def _refuse_individual_options(args: argparse.Namespace) -> None:
    given = [flag for flag, on in (("--type", getattr(args, "kind", None)), ("--live", getattr(args, "live", False)),
                                   ("--unrated", getattr(args, "unrated", None)),
                                   ("--category", getattr(args, "category", None))) if on]
    if given:
        raise TiebreakError(f"{' and '.join(given)}: for individual events; {Path(args.input).name} is a team event "
                            "(its tie-breaks are team tie-breaks, computed as its records say)")


def _team_options(args: argparse.Namespace) -> dict[str, str]:
    """``--set NAME=VALUE`` for a team event: the engine's keywords (``ede_knockout``, ``ede_subset``); an
    individual event's name, an unknown name or word is an error naming the option."""
    from .options import team_options_from_pairs
    pairs = []
    for item in getattr(args, "set", None) or []:
        name, eq, value = item.partition("=")
        if not eq:
            raise TiebreakError(f"--set {item!r}: write NAME=VALUE")
        pairs.append((name, value))
    try:
        return team_options_from_pairs(pairs, where="--set")
    except ValueError as exc:
        raise TiebreakError(f"{exc} ({Path(args.input).name} is a team event)") from None


def _choices(args: argparse.Namespace) -> dict[str, str]:
    """The engine's keywords for the open questions of team events, each given or its default."""
    from .teamtb.engine import EDE_KNOCKOUT, EDE_SUBSET
    return {"ede_knockout": EDE_KNOCKOUT[0], "ede_subset": EDE_SUBSET[0], **_team_options(args)}


def _result(args: argparse.Namespace, event: "TeamEvent", edition: Optional[str] = None) -> "TeamResult":
    from .teamtb.engine import compute_team
    codes = getattr(args, "tiebreaks", None) or None
    from_file = codes is None and bool(event.tournament.tiebreaks)
    if from_file:
        codes = ",".join(event.tournament.tiebreaks)
    choices = _choices(args)
    try:
        return compute_team(event, codes, edition=edition if edition is not None else (args.rules or None),
                            rounds=getattr(args, "rounds", None), ede_knockout=choices["ede_knockout"],
                            ede_subset=choices["ede_subset"])
    except DescriptorError as exc:
        if from_file and Path(args.input).suffix.lower() not in (".xlsx", ".xlsm"):
            raise _list_error(Path(args.input), exc) from None  # (a workbook's list: its Settings cell named)
        raise


def _list_error(p: Path, exc: DescriptorError) -> TiebreakError:
    """A code of the file's own list the engine refuses: in a TRF, named by its entry as typed
    and its column, as ``check`` names it (:func:`~xl_tiebreak.list_check.list_findings`)."""
    from .list_check import list_findings, trf_list
    from .teamtb.registry import parse_team
    from .textutil import lines_of
    lines = lines_of(p.read_text(encoding="utf-8", errors="replace"))  # (the list is ASCII)
    entries, scores = trf_list(lines, p.name)
    bad = [f for f in list_findings(entries, 0, "", parse_team, "", scores=scores) if f.rule == "descriptor"]
    if bad:
        return InputError(f"{bad[0].message} (or give --tiebreaks to choose others)", bad[0].where)
    return DescriptorError(f"{p.name}: its tie-break list (give --tiebreaks to choose others): {exc}")


# --- compute and standings ----------------------------------------------------------------------

def _compute(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """Every team's MP, GP and values, in team number order."""
    result = _result(args, event)
    rows = sorted(result.rows, key=lambda r: r.no)
    return _emit(args, _render(result, event, rows, args.format, ranked=False, source=args.input))


def _standings(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """The ranked table, the tie-break legend and what split each pair of neighbours."""
    result = _result(args, event)
    return _emit(args, _render(result, event, list(result.rows), args.format, ranked=True, source=args.input))


def _decimals(result: "TeamResult") -> list[int]:
    """Each code's decimals: its row's, else the scores' (one)."""
    from .teamtb.registry import team_spec
    return [decimals_for(team_spec(tb.name).decimals) for tb in result.tiebreaks]


def _split_by(result: "TeamResult", rows: Sequence["TeamRow"]) -> list[Optional[str]]:
    """For each row of the standings: the code that set it below the team above on equal primary
    score (None: not tied above, or equal on everything)."""
    return result.separated_by(rows)


def _render(result: "TeamResult", event: "TeamEvent", rows: Sequence["TeamRow"], fmt: str, *, ranked: bool,
            source: str) -> str:
    pab = pab_text(event, result.pab)
    if fmt == "json":
        return _json(result, event, rows, ranked)
    decimals = _decimals(result)
    headers = (["Rk"] if ranked else []) + ["No", "Team", "MP", "GP"] + list(result.codes)
    split = _split_by(result, rows) if ranked else []
    if ranked:
        headers.append("Split by")
    body = []
    for k, r in enumerate(rows):
        cells = [str(r.no), r.name, format_value(r.match_points, 1), format_value(r.game_points, 1)]
        cells += [format_value(v, d) for v, d in zip(r.values, decimals)]
        if ranked:
            tied_above = k > 0 and split[k] is None and _primary(result, rows[k - 1]) == _primary(result, r)
            cells = [str(r.rank)] + cells + [split[k] or ("shared" if tied_above else "")]
        body.append(cells)
    if fmt.startswith("csv"):
        print(f"xl-tiebreak: note: {pab}", file=sys.stderr)
        for note in result.notes:
            print(f"xl-tiebreak: note: {note}", file=sys.stderr)
        return csv_text(headers, body, fmt)
    first = 1 if ranked else 0
    right = {first, *range(first + 2, len(headers) - (1 if ranked else 0))} | ({0} if ranked else set())
    lines = table(headers, body, right=right)
    notes = [pab] + [f"Note: {n}" for n in result.notes]
    if not ranked:
        return "\n".join(lines + [""] + notes) + "\n"
    from .teamtb.registry import team_spec
    title = event.name or Path(source).name
    mv = event.match_values
    head = [title, f"Team standings {result.label}",
            f"Team event, {event.boards} boards; primary score {result.primary}; match points "
            f"{'/'.join(format_value(v, 0) for v in (mv.win, mv.draw, mv.loss))}; "
            f"rules: {result.edition.name} ({result.edition.title})", ""]
    legend = ["", "Tie-breaks, in order:"]
    legend += [f"  {code:<10} {team_spec(tb.name).legend}" for code, tb in zip(result.codes, result.tiebreaks)]
    legend.append("An empty cell is undefined; it ranks last. Split by: the tie-break that set the team below "
                  "the one above on equal points.")
    return "\n".join(head + lines + legend + notes) + "\n"


def _primary(result: "TeamResult", row: "TeamRow") -> Fraction:
    return row.match_points if result.primary == "MP" else row.game_points


def _json(result: "TeamResult", event: "TeamEvent", rows: Sequence["TeamRow"], ranked: bool) -> str:
    """The JSON document of the team standings (:func:`xl_tiebreak.result_json.document`), the
    individual one's sibling: ``teams`` with their MP and GP, in ``rows``' order."""
    import json
    from .result_json import document, number, string
    split = _split_by(result, rows) if ranked else []
    fields: list[tuple[str, Optional[int]]] = [("no", None), ("name", None), ("match_points", None),
                                               ("game_points", None), ("values", len(result.codes))]
    if ranked:
        fields = [("rank", None), *fields, ("separated_by", None)]
    teams = []
    for k, r in enumerate(rows):
        cells = (str(r.no), string(r.name), number(r.match_points), number(r.game_points), *map(number, r.values))
        teams.append((str(r.rank), *cells, json.dumps(split[k], ensure_ascii=False)) if ranked else cells)
    mv = event.match_values
    head: list[tuple[str, object]] = [
        ("edition", result.edition.name), ("rounds", result.rounds), ("of", event.rounds),
        ("primary", result.primary), ("boards", event.boards),
        ("match_values", [json_number(v) for v in (mv.win, mv.draw, mv.loss)]),
        ("pab", _pab_json(event, result.pab)), ("tiebreaks", list(result.codes)), ("notes", list(result.notes))]
    return document(head, "teams", fields, teams)


def _pab_json(event: "TeamEvent", pab: "PabValue") -> dict[str, object]:
    """The PAB used, as JSON: its match and game points and where the value came from."""
    mp, gp = _pab_points(event, pab)
    return {"match_points": json_number(mp), "game_points": json_number(gp), "source": pab.source}


def _pab_points(event: "TeamEvent", pab: "PabValue") -> tuple[Fraction, Fraction]:
    import dataclasses
    return dataclasses.replace(event, pab=pab).pab_points


# --- export-trf ------------------------------------------------------------------------------------

def export_team_trf(args: argparse.Namespace) -> Optional[tuple[str, int]]:
    """``export-trf TEAM.trf -o OUT.trf``: the team event written again as TRF-26
    (:func:`~xl_tiebreak.trf.team_writer.write_team_trf`): the team records, the games' MP and GP,
    the ranks of the team standings (``--tiebreaks``, else the file's 202, else the Olympiad order;
    ``--rules``), the PAB value used stated in 320; in ``--encoding``, else in the encoding the file was
    read in (``--input-encoding``, else the one detected; UTF-8 with a note where a character has no
    place there). ``None`` when the input is not a team TRF (a team
    workbook is written by :func:`xl_tiebreak.excel.commands.export_trf`, every match typed included)."""
    if Path(args.input).suffix.lower() in (".xlsx", ".xlsm"):
        return None
    event = _load(args)
    if event is None:
        return None
    from .excel.xlsx.safe_write import atomic_write
    from .trf.encoding import encode_trf
    from .trf.reader import trf_encoding
    from .trf.team_writer import write_team_trf
    result = _result(args, event)
    notes: list[str] = []
    text = write_team_trf(event, result, notes)
    encoded = encode_trf(text, args.output_encoding, source=args.encoding or trf_encoding(Path(args.input)))
    out = atomic_write(Path(args.output), encoded.data, overwrite=args.force)
    if encoded.note:
        print(f"xl-tiebreak: note: {out}: {encoded.note}", file=sys.stderr)
    players = sum(len(t.roster) for t in event.teams)
    return (f"wrote {out}: {len(event.teams)} teams, {players} players, {event.rounds} rounds; ranks (310) of the "
            f"standings after round {result.rounds} by {', '.join(result.codes) or 'the primary score'} "
            f"({result.edition.name})\n{pab_text(event, result.pab)}\n" + "".join(f"note: {n}\n" for n in notes)), 0


# --- explain and compare ------------------------------------------------------------------------

def _explain(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """One team's value of one code, step by step (``--player``/``--team``: the team's number)."""
    from .teamtb.engine import explain_team
    # the list the standings use (--tiebreaks, else the file's 202/212, else the default): a Type A
    # code is explained inside the group the standings rank it in
    choices = _choices(args)
    lines = explain_team(event, args.tiebreak, args.player, edition=args.rules or None, rounds=args.rounds,
                         codes=getattr(args, "tiebreaks", None) or None, ede_knockout=choices["ede_knockout"],
                         ede_subset=choices["ede_subset"])
    pab = pab_text(event, event.pab)
    if args.format == "json":
        import json
        return json.dumps({"team": args.player, "tiebreak": args.tiebreak, "lines": lines,
                           "pab": _pab_json(event, event.pab)}, ensure_ascii=False, indent=1) + "\n", 0
    return "\n".join(lines + [pab]) + "\n", 0


def _publish(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """The team event's page (:mod:`xl_tiebreak.publish.team_page`): the standings, each value's
    account as ``explain`` prints it, the matches; the prize options refused (a team page has none)."""
    from .publish.team_page import build_team_page
    given = [f for f, on in (("--places", args.places), ("--category-prize", args.category_prize),
                             ("--ties", args.ties), ("--order", args.order), ("--age", args.age),
                             ("--unit", args.unit)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: categories and prizes are for individual events; "
                            f"{Path(args.input).name} is a team event (its page has no categories or prizes)")
    result = _result(args, event)

    def account(no: int, code: str) -> str:
        return _explain(argparse.Namespace(**{**vars(args), "tiebreak": code, "player": no, "format": "text"}),
                        event)[0].rstrip("\n")
    page = build_team_page(event, result, Path(args.input).name, notes=[pab_text(event, result.pab)], account=account)
    return _emit(args, page)


def _compare(args: argparse.Namespace, event: "TeamEvent") -> tuple[str, int]:
    """Values and places under several editions; the teams whose place changes."""
    from .editions import EDITIONS
    given = args.rules if args.rules != ",".join(reversed(EDITIONS)) else ",".join(TEAM_EDITIONS)
    names = [e.strip() for e in given.split(",") if e.strip()]
    if not names:
        raise TiebreakError("--rules: name at least one edition, e.g. fide2024,fide2026")
    results = [_result(args, event, n) for n in names]
    places = [{r.no: r.rank for r in res.rows} for res in results]
    values = [{r.no: r.values for r in res.rows} for res in results]
    first = sorted(results[0].rows, key=lambda r: r.no)
    codes = results[0].codes
    eds = [res.edition.name for res in results]
    if args.format == "json":
        import json
        doc = {"editions": eds, "tiebreaks": list(codes), "primary": results[0].primary,
               "pab": _pab_json(event, results[0].pab), "teams": [
                   {"no": r.no, "name": r.name, "match_points": json_number(r.match_points),
                    "game_points": json_number(r.game_points), "places": {e: pl[r.no] for e, pl in zip(eds, places)},
                    "values": {e: [json_number(v) for v in vs[r.no]] for e, vs in zip(eds, values)}}
                   for r in first]}
        return json.dumps(doc, ensure_ascii=False, indent=1) + "\n", 0
    decimals = _decimals(results[0])
    headers = (["No", "Team", "MP", "GP"] + [f"{c} {e[4:]}" for c in codes for e in eds]
               + [f"Place {e[4:]}" for e in eds])
    order = sorted(first, key=lambda r: (places[-1][r.no], r.no))
    body = [[str(r.no), r.name, format_value(r.match_points, 1), format_value(r.game_points, 1)]
            + [format_value(vs[r.no][j], decimals[j]) for j in range(len(codes)) for vs in values]
            + [str(pl[r.no]) for pl in places] for r in order]
    if args.format.startswith("csv"):
        print(f"xl-tiebreak: note: {pab_text(event, results[0].pab)}", file=sys.stderr)
        return csv_text(headers, body, args.format), 0
    lines = table(headers, body, right={0, *range(2, len(headers))}) + [""]
    moved = [r for r in order if len({pl[r.no] for pl in places}) > 1]
    if moved:
        lines.append("Teams whose place changes with the edition:")
        lines += [f"  {r.no} {r.name}: " + ", ".join(f"{e} {pl[r.no]}" for e, pl in zip(eds, places)) for r in moved]
    else:
        lines.append("No place changes with the edition.")
    lines.append(pab_text(event, results[0].pab))
    return "\n".join(lines) + "\n", 0

