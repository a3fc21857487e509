"""The command line on a team TRF (issue 23): ``compute``, ``standings``, ``explain`` and ``compare``
read a team event (records 310 / 013 and the other team records, TIEBREAK_RULES §9.3) and compute
its team tie-breaks (:func:`xl_tiebreak.team_engine.compute_team`); ``check`` lists a team file's
findings through :func:`xl_tiebreak.check.check_trf`.

:func:`load_team_event` is what each of those commands asks first (through
:func:`xl_tiebreak.cli.common.team_event`, one visible call in the command's module): it answers
``None`` for any input that is not a team TRF or team workbook, which then goes the individual way.
The commands themselves are beside the individual ones: :mod:`.team_standings` (compute,
standings), :mod:`.team_explain`, :mod:`.team_compare`, :mod:`.team_export` (export-trf); this
module reads the event and holds what they share.

Choices of the team face:

* the tie-breaks: ``--tiebreaks`` (team codes, §9.4), else the file's record 202, else
  :data:`~xl_tiebreak.team_engine.DEFAULT_TEAM_LIST` (the Olympiad order);
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

import re
import sys
from fractions import Fraction
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from ..errors import DescriptorError, InputError, TiebreakError
from ..formatting import format_value, json_number
from ..number_text import quoted
from ..textutil import lines_of
from .choices import EventChoices

if TYPE_CHECKING:
    from ..excel.ranges.book_reader import Book
    from ..teams import PabValue, TeamEvent
    from ..team_engine import TeamResult

__all__ = ["load_team_event", "refuse_individual_options", "team_result", "team_choices",
           "parse_team_pab", "pab_text", "pab_json", "TEAM_EDITIONS"]

#: the editions that define team tie-breaks (``compare``'s default for a team event)
TEAM_EDITIONS = ("fide2024", "fide2026")

# points as --team-pab gives them (a few digits: a longer number is none, and one of 5,000 digits
# could not be converted)
_NUMBER = re.compile(r"[0-9]{1,4}(?:[.,][0-9]{1,2})?")


def parse_team_pab(text: str, event: "TeamEvent") -> "PabValue":
    """``--team-pab``: ``win`` (TW, every board won), ``draw`` (TD, every board drawn) or ``MP,GP``."""
    from ..teams import PabValue
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

def load_team_event(source: str, choices: EventChoices,
                    book: Optional["Book"] = None) -> Optional[tuple["TeamEvent", EventChoices]]:
    """The team event of ``source`` with ``--team-pab`` applied, and the choices it is computed
    with (a team workbook's Settings edition where ``choices`` names none), or ``None`` (not a team
    TRF or team workbook). Errors stop with the first one; warnings go to standard error (310's
    declared totals that differ from the games: found again with the PAB value in use)."""
    p = Path(source)
    if p.suffix.lower() in (".xlsx", ".xlsm") and p.is_file():
        return _book_event(choices, p, book)
    if p.suffix.lower() in (".xlsx", ".xlsm") or not p.is_file():
        return None
    from ..trf.teams import read_team_file
    from ..validation import Findings
    fd = Findings(strict=False)
    event = read_team_file(p, findings=fd, encoding=choices.encoding)
    if event is None:
        return None
    for f in fd.errors:
        raise InputError(f.message, f.where)
    chosen = bool(choices.rules)
    for f in fd.warnings:
        if f.rule != "team-declared" and not (chosen and f.rule == "edition" and "is assumed" in f.message):
            print(f"xl-tiebreak: {f}", file=sys.stderr)
    read_pab = event.pab
    event = _with_team_primary(choices.team_primary, event)
    event = _with_team_pab(choices.team_pab, p, event)
    # 310's totals against the games: as the reader found them, or again with the PAB value now in use
    declared = [(f.where, f.message) for f in fd.warnings if f.rule == "team-declared"] if event.pab == read_pab \
        else _declared(event, p.name)
    for where, message in declared:
        print(f"xl-tiebreak: warning: {where}: {message}", file=sys.stderr)
    return event, choices


def _book_event(choices: EventChoices, p: Path,
                book: Optional["Book"] = None) -> Optional[tuple["TeamEvent", EventChoices]]:
    """The event of a team workbook (:mod:`xl_tiebreak.excel.ranges.team_book`) as far as its complete
    rounds go, with its Settings list as the file's list, and the choices with its Settings
    edition unless ``--rules`` says another; ``None`` for a workbook that is not a team workbook.
    The first bad cell stops, named by sheet and cell; ``book``: the workbook opened (else it is
    opened here)."""
    import dataclasses
    from ..excel.ranges.book_reader import open_book
    from ..excel.ranges.team_book import is_team_book, read_team_book
    from ..excel.ranges.team_ranges import played_through
    book = book if book is not None else open_book(p)
    if not is_team_book(book):
        return None
    if choices.team_pab or choices.team_primary:
        raise TiebreakError("--team-pab and --team-primary: for a team TRF; a team workbook takes them from its "
                            "Settings (PAB match points, PAB game points, Primary score)")
    try:
        tables, codes = read_team_book(book)
    except InputError as exc:  # the file first, then the sheet and cell
        raise InputError(str(exc), book.name) from None
    if not choices.rules and tables.settings.edition:
        choices = dataclasses.replace(choices, rules=tables.settings.edition)
    ev = played_through(tables)
    return dataclasses.replace(ev, tournament=dataclasses.replace(ev.tournament, tiebreaks=tuple(codes))), choices


def _declared(event: "TeamEvent", source: str) -> list[tuple[str, str]]:
    """Record 310's totals that differ from the games, with the PAB value in use (C.07 team scoring)."""
    from ..teams import scores
    from ..trf.teams import declared_text
    got = scores(event)
    out = []
    for tm in event.teams:
        for what, declared, counted, col in (("match points", tm.declared_mp, got[tm.no][0], 55),
                                             ("game points", tm.declared_gp, got[tm.no][1], 62)):
            if declared is not None and declared != counted:
                out.append((f"{source} line {tm.line}, column {col}",
                            declared_text(tm, what, declared, counted)))
    return out


def _with_team_primary(given: Optional[str], event: "TeamEvent") -> "TeamEvent":
    """The event with ``--team-primary`` (``given``) applied: for a file whose 192 does not state
    the primary score (TRF-16 cannot); an error where it states another."""
    if not given:
        return event
    stated = next((ln for ln in event.tournament.header if ln[:3] == "192" and "TEAM" in ln.upper()), None)
    if stated is not None and event.primary != given:
        raise InputError(f"--team-primary {given}: the file's record 192 ({stated[4:].strip()}) makes {event.primary} "
                         "the primary score; remove --team-primary, or change the record")
    import dataclasses
    return dataclasses.replace(event, primary=given)


def _with_team_pab(given: Optional[str], p: Path, event: "TeamEvent") -> "TeamEvent":
    """The event with ``--team-pab`` (``given``) applied (an error where the file's 320 states the
    value)."""
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


def refuse_individual_options(source: str, choices: EventChoices, *, category: bool = False) -> None:
    """The options of individual events (``category``: whether ``--category`` was given) refused
    with a team event rather than ignored."""
    given = [flag for flag, on in (("--type", choices.kind), ("--live", choices.live), ("--unrated", choices.unrated),
                                   ("--category", category)) if on]
    if given:
        raise TiebreakError(f"{' and '.join(given)}: for individual events; {Path(source).name} is a team event "
                            "(its tie-breaks are team tie-breaks, computed as its records say)")


def _team_options(source: str, choices: EventChoices) -> dict[str, str]:
    """``--set NAME=VALUE`` for a team event: the engine's keywords (``ede_knockout``, ``ede_subset``); an
    individual event's name, an unknown name or word is an error naming the option."""
    from ..options import team_options_from_pairs
    pairs = []
    for item in choices.sets:
        name, eq, value = item.partition("=")
        if not eq:
            raise TiebreakError(f"--set {item!r}: write NAME=VALUE")
        pairs.append((name, value))
    try:
        return team_options_from_pairs(pairs, where="--set")
    except ValueError as exc:
        raise TiebreakError(f"{exc} ({Path(source).name} is a team event)") from None


def team_choices(source: str, choices: EventChoices) -> dict[str, str]:
    """The engine's keywords for the open questions of team events, each given or its default."""
    from ..team_engine import EDE_KNOCKOUT, EDE_SUBSET
    return {"ede_knockout": EDE_KNOCKOUT[0], "ede_subset": EDE_SUBSET[0], **_team_options(source, choices)}


def team_result(source: str, choices: EventChoices, event: "TeamEvent",
                edition: Optional[str] = None) -> "TeamResult":
    """The team standings of ``event`` under ``edition`` (else the chosen rules): the tie-breaks
    chosen, else the file's list (a code it refuses named by its place in the file), else the
    default list."""
    from ..team_engine import compute_team
    codes = choices.tiebreaks or None
    from_file = codes is None and bool(event.tournament.tiebreaks)
    if from_file:
        codes = ",".join(event.tournament.tiebreaks)
    keywords = team_choices(source, choices)
    try:
        return compute_team(event, codes, edition=edition if edition is not None else (choices.rules or None),
                            rounds=choices.rounds, ede_knockout=keywords["ede_knockout"],
                            ede_subset=keywords["ede_subset"])
    except DescriptorError as exc:
        if from_file and Path(source).suffix.lower() not in (".xlsx", ".xlsm"):
            raise _list_error(Path(source), exc) from None  # (a workbook's list: its Settings cell named)
        raise


def _list_error(p: Path, exc: DescriptorError) -> TiebreakError:
    """A code of the file's own list the engine refuses: in a TRF, named by its entry as typed
    and its column, as ``check`` names it (:func:`~xl_tiebreak.list_check.list_findings`)."""
    from ..list_check import list_findings, trf_list
    from ..descriptor import parse_team
    from ..textutil import lines_of
    lines = lines_of(p.read_text(encoding="utf-8", errors="replace"))  # (the list is ASCII)
    entries, scores = trf_list(lines, p.name)
    bad = [f for f in list_findings(entries, 0, "", parse_team, "", scores=scores) if f.rule == "descriptor"]
    if bad:
        return InputError(f"{bad[0].message} (or give --tiebreaks to choose others)", bad[0].where)
    return DescriptorError(f"{p.name}: its tie-break list (give --tiebreaks to choose others): {exc}")


def pab_json(event: "TeamEvent", pab: "PabValue") -> dict[str, object]:
    """The PAB used, as JSON: its match and game points and where the value came from."""
    mp, gp = _pab_points(event, pab)
    return {"match_points": json_number(mp), "game_points": json_number(gp), "source": pab.source}


def _pab_points(event: "TeamEvent", pab: "PabValue") -> tuple[Fraction, Fraction]:
    import dataclasses
    return dataclasses.replace(event, pab=pab).pab_points
