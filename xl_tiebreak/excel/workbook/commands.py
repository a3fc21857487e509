"""The workbook commands of the CLI: template, workbook, export-trf, recompute. Each returns the
text to print and the exit status (1 when a recompute could not compute some cell); errors that
stop a command are raised as TiebreakError and printed by the CLI.

Each command imports what it needs when it runs: the recompute never loads openpyxl (its import
alone takes a tenth of a second), the other commands do.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Optional

from ..xlsx.safe_write import KEEP_BACKUPS, atomic_write


def template(args) -> tuple[str, int]:
    from ..authoring.template import template_bytes
    cells = getattr(args, "cells", False)
    runtime = getattr(args, "runtime", "classic")
    from ...errors import InputError
    if args.kind == "team":
        if cells:
            raise InputError("the team workbook exists in its spilled form only (Excel 365 or 2021)")
        from ..authoring.team_template import team_template_bytes
        boards = getattr(args, "boards", None)
        if boards is not None and not 1 <= boards <= 20:
            raise InputError(f"--boards {boards}: a match has 1 to 20 boards")
        data = team_template_bytes(boards=boards, rounds=args.rounds, player_rows=args.players, runtime=runtime)
    elif getattr(args, "boards", None) is not None:
        raise InputError("--boards: for --type team (boards per match)")
    elif args.kind == "teaching":
        if cells:
            raise InputError("the teaching workbook exists in its spilled form only (Excel 365 or 2021)")
        from ..authoring.teaching import teaching_bytes
        data = teaching_bytes(runtime)
    else:
        data = template_bytes(args.kind, args.players, args.rounds, cells=cells, runtime=runtime,
                              player_fields=getattr(args, "player_fields", False))
    out = atomic_write(Path(args.output), data, overwrite=args.force)
    form = "one formula per cell" if cells else "spilled tables"
    if args.kind == "team":
        form = "Teams, Matches and Standings sheets"
    if runtime == "lite":
        form += ", for xlwings Lite"
    return f"wrote {out} ({args.kind} template, {form})\n", 0


@dataclass
class TrfWorkbook:
    """The workbook ``xl-tiebreak workbook`` makes of a TRF file (:func:`trf_workbook`): an openpyxl
    Workbook, its values not yet computed; what it holds (``86 players, 9 rounds``); and the
    reader's notes (a name cleaned, no start date, record 310's points that differ from the
    games ...), each ``where: message``."""

    wb: Any
    team: bool
    holds: str
    notes: list[str] = field(default_factory=list)


def split_tiebreaks(args) -> Optional[list[str]]:
    """``--tiebreaks`` as a list of codes (None when not given)."""
    return [c.strip() for c in args.tiebreaks.split(",") if c.strip()] if getattr(args, "tiebreaks", None) else None


def trf_workbook(args) -> TrfWorkbook:
    """The workbook of a TRF file (individual or team) under the options of ``workbook``, for every
    command that makes one (``workbook``, ``print EVENT.trf``): ``--tiebreaks`` replaces record 202
    (which is then not checked: a code there the program does not know stops nothing), checked
    before anything is written; ``--rules`` (a team event's: fide2024 or fide2026); ``--encoding``.
    Errors stop; the reader's warnings are kept as notes."""
    from ...errors import InputError
    from ...validation import Findings
    tbs = split_tiebreaks(args)
    rules = getattr(args, "rules", None) or None
    name = Path(args.input).name
    with open(args.input, "rb") as f:
        if f.read(4) == b"PK\x03\x04":  # a zip: a workbook, not a TRF's text
            raise InputError(f"{name} is a workbook (a zip file), not a TRF file: 'workbook' makes a workbook from a "
                             "TRF file (or, with --from, from another program's export); to fill in a workbook's "
                             f"values again: xl-tiebreak recompute {name}")
    team = _team_trf(args.input, getattr(args, "encoding", None))
    if team is not None:  # the file's inconsistencies (310's points against the games ...) are notes
        from ...trf.teams import read_team_trf
        from ..authoring.team_template import filled_team_workbook
        text, fd = team
        ev = read_team_trf(text, name, findings=fd)
        if tbs:
            from ...descriptor import parse_team_list
            parse_team_list(tbs)
        if rules and rules not in ("fide2024", "fide2026"):
            raise InputError(f"team tie-breaks follow the FIDE 2024 or 2026 rules, not {rules!r}", "--rules")
        from ..authoring.trf_pairing import trf_pairing_cells
        # what of records 260/250 the team workbook's Forbidden pairs cell cannot hold
        forbid_notes = list(trf_pairing_cells(ev.tournament).notes)
        if any(line[:3] == "152" for line in ev.tournament.header):
            forbid_notes.append("record 152 (the initial colour) has no cell in the team workbook: it pairs with "
                                "the colour read back from round 1 (C.04.6 art. 4.3.1), White before it; pair the "
                                "TRF file for a round 1 drawn with Black")
        return TrfWorkbook(filled_team_workbook(ev, tiebreaks=tbs, edition=rules), True,
                           f"{len(ev.teams)} teams, {ev.boards} boards, {ev.rounds} rounds",
                           _notes(fd.items) + forbid_notes)
    from ...descriptor import parse_list
    from ...editions import get_edition
    from ...trf import read_trf
    from ..authoring.workbook import filled_workbook
    found = Findings(strict=True)  # errors stop; the warnings (a name cleaned ...) are notes
    t = read_trf(args.input, encoding=getattr(args, "encoding", None), findings=found, check_list=not tbs)
    if tbs:
        parse_list(tbs)
    if rules:
        get_edition(rules)
    wb, spec = filled_workbook(t, tiebreaks=tbs, edition=rules, trf_fields=True)
    return TrfWorkbook(wb, False, f"{len(t.players)} players, {t.rounds} rounds",
                       _notes(found.warnings) + list(spec.pairing.notes if spec.pairing else ()))


def _notes(findings) -> list[str]:
    return [f"{f.where}: {f.message}" if f.where else f.message for f in findings]


def workbook(args) -> tuple[str, int]:
    from ..authoring.template import to_bytes
    from ..recompute.cached_values import recompute_bytes
    if getattr(args, "source", "trf") != "trf":
        from ...imports.export_file import read_import
        imported = read_import(args.input, args.source)
        tbs = split_tiebreaks(args)
        if tbs:
            from ...descriptor import parse_list
            parse_list(tbs)  # refuse unknown codes before writing anything
        if args.rules:
            from ...editions import get_edition
            get_edition(args.rules)
        return _imported_workbook(args, imported, tbs)
    made = trf_workbook(args)
    data, report = recompute_bytes(to_bytes(made.wb))
    out = atomic_write(Path(args.output), data, overwrite=args.force)
    lines = [f"wrote {out}: {made.holds}, values filled in; after editing it without Excel, "
             f"'xl-tiebreak recompute {out}' fills them in again"]
    errors = list(report.errors.items()) if made.team else []  # (as before: an individual book's are not told)
    lines += [f"error in {where}: {why}" for where, why in errors[:10]]
    lines += [f"note: {n}" for n in made.notes[:10]]
    if len(made.notes) > 10:
        lines.append(f"... and {len(made.notes) - 10} more notes ('xl-tiebreak check' lists them)")
    return "\n".join(lines) + "\n", 1 if errors else 0


def _team_trf(path, encoding):
    """(text, findings) of a team TRF file (one with 310 or 013 team records), else None."""
    from ...errors import InputError
    from ...input_file import read_input_file
    from ...textutil import lines_of
    from ...trf.reader import MAX_TRF_BYTES, decode_trf
    from ...validation import Findings
    p = Path(path)
    try:
        raw = read_input_file(p, MAX_TRF_BYTES, "too large")
    except InputError:
        return None  # refused by the TRF reader, naming why (the limit, a named pipe ...)
    fd = Findings(strict=False)
    text = decode_trf(raw, p.name, fd, encoding)
    if not any(line[:3] in ("310", "013") for line in lines_of(text)):
        return None
    return text, fd


def _imported_workbook(args, imported, tbs) -> tuple[str, int]:
    """``workbook --from PROGRAM FILE``: the workbook of the imported event, with a Published sheet
    of what the program published (``check`` compares it with ours)."""
    from ..authoring.published import published_sheet
    from ..authoring.template import to_bytes, with_values
    from ..authoring.workbook import filled_workbook
    t = imported.tournament
    wb, _spec = filled_workbook(t, tiebreaks=tbs, edition=args.rules, trf_fields=True)
    published_sheet(wb, imported, args.source, Path(args.input).name)
    out = atomic_write(Path(args.output), with_values(to_bytes(wb)), overwrite=args.force)
    note = "" if tbs else ("; the Published TB columns are compared with the Settings tie-breaks in order: give "
                           "--tiebreaks (what TB1, TB2, ... are) to make them match")
    notes = "".join(f"note: {n}\n" for n in imported.notes)  # what the reader assumed, to check in the workbook
    return (f"wrote {out}: {len(t.players)} players, {t.rounds} rounds from {args.source} ({len(imported.published.columns)} "
            f"published tie-break column(s) on the Published sheet); 'xl-tiebreak check {out}' lists where they "
            f"differ from ours{note}\n{notes}"), 0


def export_trf(args) -> tuple[str, int]:
    from ...errors import InputError
    from ...trf import write_trf
    from ..ranges.book_reader import open_book, read_book
    from ..ranges.event_sheet import read_event
    book = open_book(args.input)
    from ..ranges.team_book import is_team_book
    if is_team_book(book):
        return _export_team_trf(args, book)
    try:
        t, settings = read_book(book)
        header = read_event(book)
    except InputError as exc:  # the file first, then the sheet and cell
        raise InputError(str(exc), book.name) from None
    t = for_export(t, settings, header)
    t, after = with_ranks(t, settings)
    notes: list[str] = []
    out = _write_trf_file(args, write_trf(t, notes))
    ranks = f"; ranks after round {after} (the Settings tie-breaks)" if after else ""
    return (f"wrote {out}: {len(t.players)} players, {t.rounds} rounds{ranks}\n" + _colour_note(t)
            + "".join(f"note: {n}\n" for n in notes)), 0


def _export_team_trf(args, book) -> tuple[str, int]:
    """``export-trf`` of a team workbook: a TRF-26 team file (:mod:`xl_tiebreak.trf.team_writer`) of
    its rounds typed, with the ranks (record 310) and the tie-break list (202) of its standings
    after the last complete round; the Settings' home colours as record 352; the Event sheet's
    records (a workbook made from a TRF file) as read."""
    from dataclasses import replace
    from ...errors import InputError
    from ...team_engine import compute_team
    from ...trf.team_writer import write_team_trf
    from ..ranges.event_sheet import read_event
    from ..ranges.team_book import read_team_book
    from ..functions.team import team_result
    try:
        read, codes = read_team_book(book)
        result = team_result(read, codes) if read.complete else None
        header = read_event(book) or []  # a workbook made from a TRF: its other header records
    except InputError as exc:  # the file first, then the sheet and cell
        raise InputError(str(exc), book.name) from None
    ev = read.event
    header = [ln for ln in header if ln[:3] != "352"] + ([f"352 {read.settings.colours}"]
                                                          if read.settings.colours else [])
    header += counts(header, ev.tournament.players, len(ev.teams))
    if header:
        ev = replace(ev, tournament=replace(ev.tournament, header=tuple(header)))
    if result is None and codes:
        result = compute_team(ev, codes, rounds=0)  # no round complete: the list still written
    notes: list[str] = []
    out = _write_trf_file(args, write_team_trf(ev, result, notes))
    ranks = f"; ranks after round {read.complete} (the Settings tie-breaks)" if read.complete else ""
    return (f"wrote {out}: {len(ev.teams)} teams, {ev.boards} boards, {ev.rounds} rounds{ranks}\n"
            + "".join(f"note: {n}\n" for n in notes)), 0


def _write_trf_file(args, text: str) -> Path:
    """A workbook's TRF written to ``-o``: in ``--encoding``, else Windows-1252 when every character
    fits, else UTF-8 with a note on standard error (:func:`xl_tiebreak.trf.encoding.encode_trf`)."""
    import sys
    from ...trf.encoding import encode_trf
    encoded = encode_trf(text, getattr(args, "output_encoding", None))
    out = atomic_write(Path(args.output), encoded.data, overwrite=args.force)
    if encoded.note:
        print(f"xl-tiebreak: note: {out}: {encoded.note}", file=sys.stderr)
    return out


def with_ranks(t, settings):
    """``t`` with each player's rank (TRF 001, columns 86-89) in the standings of the workbook:
    its Settings tie-breaks, edition, type and choices, after the last complete round, even when
    the workbook shows live standings (a TRF's ranks are those after a round; players tied on
    everything ranked by start number, as the standings list them); and that round (0, ranks
    left as they are, when no round is complete)."""
    from dataclasses import replace
    from ...engine import compute
    from ...standings import rank
    result = compute(t, list(settings.tiebreaks) or None, edition=settings.edition or None,
                     kind=settings.kind or None, options=settings.options)
    if not result.rounds:
        return t, 0
    ranks = {row.player.no: row.rank for row in rank(result)}
    return replace(t, players=tuple(replace(p, declared_rank=ranks[p.no]) for p in t.players)), result.rounds


def _colour_note(t) -> str:
    """A line saying how many games (not forfeits) were written with a colour the workbook did
    not give: a TRF needs one, and BPG/BWG count it."""
    from ...trf.writer import missing_colours
    games = set()
    for no, i in missing_colours(t):
        r = t.player(no).rounds[i]
        if r.kind.is_game:
            games.add((min(no, r.opponent), max(no, r.opponent), i))
    if not games:
        return ""
    return (f"{len(games)} game(s) had no colour in the workbook: written with the opponent's colour mirrored, "
            "else white for the lower start number (a TRF file needs colours); type the colours (12w1) if "
            "BPG or BWG matter\n")


def for_export(t, settings, header):
    """The workbook's tournament as export-trf writes it: the Settings tie-breaks (record 202),
    the event's number of rounds from Settings "Rounds" when set (XXR; else the round columns),
    and the Event sheet's records (``header``, None without the sheet). The event's name (012) is
    the Crosstable's title, the name every other output shows (a row of the Event sheet holding
    one, in a workbook made before this, is not written)."""
    from dataclasses import replace
    if settings.tiebreaks and not t.tiebreaks:
        t = replace(t, tiebreaks=settings.tiebreaks)
    if header is not None:
        t = replace(t, header=tuple(ln for ln in header if ln[:3] != "012"))
    if settings.rounds and settings.rounds != t.rounds:
        t = _with_rounds(t, settings.rounds)
    return replace(t, header=t.header + counts(t.header, t.players))


def counts(header, players, teams: int = 0) -> tuple[str, ...]:
    """The records of the FIDE rating report the workbook counts, when its header has none of them
    (a template's Event sheet; a TRF's own are kept as read, and brought up to date by the
    writer): 062 the players, 072 those with a rating, 082 the teams (0: an individual event)."""
    if any(ln[:3] in ("062", "072", "082") for ln in header):
        return ()
    return (f"062 {len(players)}", f"072 {sum(1 for p in players if p.rating)}", f"082 {teams}")


def _with_rounds(t, rounds: int):
    """``t`` with ``rounds`` rounds: round columns past them must be empty (else an error naming
    Settings "Rounds"), missing ones are not played yet."""
    from dataclasses import replace
    from ...errors import InputError
    from ...model import Kind, Round
    blank = (Kind.NOT_PLAYED, Kind.ABSENT)
    players = []
    for p in t.players:
        extra = [i for i, r in enumerate(p.rounds[rounds:], start=rounds + 1)
                 if r.kind not in blank or r.opponent is not None]
        if extra:
            raise InputError(f"player {p.no} has a result in round {extra[0]}, but the event has {rounds} "
                             f"round{'' if rounds == 1 else 's'} (Settings, Rounds): correct the number of rounds or the result", "Settings")
        rs = tuple(p.rounds[:rounds]) + (Round(Kind.NOT_PLAYED),) * max(rounds - len(p.rounds), 0)
        players.append(replace(p, rounds=rs))
    return replace(t, players=tuple(players), rounds=rounds)


def recompute(args) -> tuple[str, int]:
    from ..recompute.cached_values import recompute as _recompute
    report = _recompute(args.input, args.output, overwrite=args.force)
    computed = report.written + report.unchanged
    if report.up_to_date:
        lines = [f"{report.output} is up to date: {computed} cells computed, each already held its value; nothing "
                 "written, no backup made"]
    else:
        lines = [f"wrote {report.output}: {computed} cells computed, {report.written} of them written "
                 f"(the others already held their value)"]
    if report.name_widened:
        lines.append(f"the name Crosstable now covers {report.name_widened} (players typed below its range)")
    for widened in report.names_widened:  # a team workbook: "Matches: Matches!A4:P320"
        name, _, area = widened.partition(": ")
        lines.append(f"the name {name} now covers {area} (rows typed below its range)")
    if report.backup:
        lines.append(f"the previous version is kept as {report.backup}")
    if report.backups_removed:
        lines.append(f"older backups removed (the newest {KEEP_BACKUPS} are kept): "
                     + ", ".join(p.name for p in report.backups_removed))
    for where, msg in list(report.errors.items())[:10]:
        lines.append(f"error in {where}: {msg}")
    if len(report.errors) > 10:
        lines.append(f"... and {len(report.errors) - 10} more errors")
    if report.skipped:
        lines.append(f"{len(report.skipped)} formula cells were left as they were (not our functions)")
    return "\n".join(lines) + "\n", 1 if report.errors else 0
