"""``pair`` on a team event (a team TRF or team workbook): the next round paired by the FIDE Swiss
team system (C.04.6, :func:`xl_tiebreak.pairing.systems.pair_team`), printed as a table, CSV or
JSON with team numbers and names. A match's number is its board (the order of C.04.2 art. 3.6);
its "white" team is the one whose board-1 player has White (C.04.6 art. 1.6). ``--write`` puts the
round's matches into the team workbook's Matches table (:mod:`xl_tiebreak.excel.workbook.team_pairing_book`);
a team TRF is not written (TRF-26 has no place for a match paired whose line-ups are not known).
"""

from __future__ import annotations

import argparse
import json
import os
from dataclasses import dataclass
from typing import TYPE_CHECKING, Optional

from ..errors import InputError
from ..pairing.model import Pairing
from ..pairing.team.trace import TeamTrace
from ..teams import TeamEvent
from ..textutil import csv_text, table
from .choices import EventChoices

if TYPE_CHECKING:
    from ..excel.ranges.book_reader import Book


@dataclass(frozen=True)
class TeamPaired:
    """A team round's pairing with the event it was made from, and (``--explain``) the engine's
    trace of the same run."""

    pairing: Pairing
    event: TeamEvent
    trace: Optional[TeamTrace] = None


def team_paired(source: str, event: TeamEvent, *, round: Optional[int] = None, system: str = "auto",
                forbid: Optional[str] = None, absent: frozenset[int] = frozenset(), explain: bool = False,
                kept: tuple[frozenset[int], ...] = ()) -> TeamPaired:
    """Round ``round`` of a team event paired (``forbid``: ``"3-7,5-9"``, team numbers, overriding
    ``kept``, a workbook's Forbidden pairs; ``absent``: teams typed in a workbook not to play the
    round; ``explain``: with the engine's trace)."""
    from ..pairing.arbiter import parse_forbid
    from ..pairing.systems import pair_team
    forbidden = parse_forbid(forbid) if forbid else kept
    trace = TeamTrace() if explain else None
    return TeamPaired(pair_team(event, round, system, forbidden, absent, trace), event, trace)


def render_team_explained(p: TeamPaired, fmt: str = "text", team: Optional[int] = None,
                          board: Optional[int] = None) -> str:
    """Why the team round is paired so (:mod:`xl_tiebreak.pairing.team_explained`), as text or
    JSON, narrowed to a team or a match."""
    from ..pairing.team_explained import account, render_text
    assert p.trace is not None
    if fmt == "json":
        return json.dumps(account(p.pairing, p.trace, team=team, board=board), ensure_ascii=False) + "\n"
    return render_text(p.pairing, p.trace, {t.no: t.name for t in p.event.teams}, team=team, board=board)


def render_team(p: TeamPaired, fmt: str = "text") -> str:
    """The team pairing as ``fmt``: text (match, the white team and the black team with numbers and
    names, a result column), CSV, or JSON (:meth:`Pairing.to_json`: team numbers)."""
    from ..excel.ranges.team_next_round import unpaired_words
    from ..pairing.systems import system_words
    pairing, ev = p.pairing, p.event
    if fmt == "json":
        return json.dumps(pairing.to_json(), ensure_ascii=False) + "\n"
    names = {t.no: t.name for t in ev.teams}
    if fmt == "csv":
        rows = [[str(b.board), str(b.white), names[b.white], str(b.black), names[b.black], ""] for b in pairing.pairs]
        rows += [["", str(u.no), names[u.no], "", unpaired_words(ev, u.kind), ""] for u in pairing.byes]
        return csv_text(["Match", "White", "White team", "Black", "Black team", "Result"], rows, "csv")
    head = f"{ev.name + chr(10) if ev.name else ''}Round {pairing.round} ({system_words(pairing.system)})\n\n"
    rows = [[str(b.board), str(b.white), names[b.white], "-", str(b.black), names[b.black], ""] for b in pairing.pairs]
    lines = table(["Match", "No", "White (board 1)", "", "No", "Black", "Result"], rows, right={0, 1, 4})
    for u in pairing.byes:
        lines.append(f"Not paired: {u.no} {names[u.no]} - {unpaired_words(ev, u.kind)}")
    return head + "\n".join(lines) + "\n"


def run_team_pair(args: argparse.Namespace, book: Optional["Book"] = None) -> Optional[tuple[str, int]]:
    """``pair`` on a team TRF or team workbook (``book``: the workbook, opened once by the caller);
    ``None`` when the input is not a team event."""
    from .team import load_team_event
    source = os.fspath(args.input)
    absent: frozenset[int] = frozenset()
    kept: tuple[frozenset[int], ...] = ()
    if book is not None:
        from ..excel.ranges.team_book import is_team_book
        if not is_team_book(book):
            return None
        from ..excel.workbook.team_pairing_book import team_book_event
        try:
            event, absent, kept = team_book_event(book, args.round, getattr(args, "forbid", None) is None)
        except InputError as exc:
            raise InputError(str(exc), book.name) from None
    else:
        got = load_team_event(source, EventChoices(encoding=args.encoding), book)
        if got is None:
            return None
        event = got[0]
    refused = [flag for flag, on in (("--baku", getattr(args, "baku", False)),
                                     ("--initial-colour", getattr(args, "initial_colour", None))) if on]
    if refused:
        raise InputError(f"{', '.join(refused)}: not for a team event. The team pairing (C.04.6) takes its "
                         "acceleration from the file's records 250 and its initial colour from record 152")
    explain = getattr(args, "explain", False)
    team, board = getattr(args, "player", None), getattr(args, "board", None)
    if not explain and (team is not None or board is not None):
        raise InputError("--team and --board narrow an explanation: add --explain")
    if explain and args.format == "csv":
        raise InputError("--explain prints text or json (--format text|json), not csv")
    if args.system in ("berger", "dutch"):
        raise InputError(f"--system {args.system}: {os.path.basename(source)} is a team event, paired by the FIDE "
                         "Swiss team system (C.04.6): --system auto, fideteam, fideteam-typeb or fideteam-nocolor")
    write = getattr(args, "write", None)
    if write is not None and book is None:
        raise InputError("--write: a team TRF is not written with a round paired: TRF-26 records a match through its "
                         "players' games, and the line-ups of a round to play are not known yet. Print the pairing "
                         "(--format text|csv|json), or pair in the team workbook (--write into it)")
    p = team_paired(source, event, round=args.round, system=args.system, forbid=getattr(args, "forbid", None),
                    absent=absent, explain=explain, kept=kept)
    from ..output import check_paths, deliver
    if write:
        if not write.lower().endswith((".xlsx", ".xlsm")):
            raise InputError(f"--write {write}: a team workbook's pairing is written into the workbook (--write) or a "
                             "copy of it (--write COPY.xlsx)")
        check_paths(source, write, args.force)
    shown = render_team_explained(p, args.format, team, board) if explain else render_team(p, args.format)
    text = deliver(shown, args.output, args.force)
    if write is None:
        return text, 0
    from ..excel.workbook.team_pairing_book import write_team_pairing
    done = write_team_pairing(source, p.pairing, write or None, overwrite=args.force)
    said = f"wrote round {p.pairing.round}'s {done.rows} match rows into the Matches sheet of {done.output}"
    said += f" (the version read is kept as {done.backup.name})" if done.backup else ""
    return text + said + "\n", 0
