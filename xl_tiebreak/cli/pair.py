"""``pair``: the next round's pairing of a TRF file or a workbook, printed as a table, CSV or JSON,
and with ``--write`` written as pending games: into a TRF file (each player's round field with the
opponent and colour and no result, as TRF-26 writes a round paired) or into the workbook's
crosstable (:mod:`xl_tiebreak.excel.workbook.pairing_book`).

:func:`pair` is the command as a library function (the pairing); :func:`run_pair` prints it.
The system comes from :mod:`xl_tiebreak.pairing.systems` (``auto``: Berger for a round robin,
Dutch for a Swiss event); the round and what is typed in it from
:mod:`xl_tiebreak.pairing.next_round`.
"""

from __future__ import annotations

import argparse
import os
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Callable, Optional

from ..errors import InputError
from ..model import Kind, Round, Tournament
from ..output import check_paths
from ..pairing.acceleration import Acceleration
from ..pairing.berger import TableRow
from ..pairing.dutch.trace import Trace
from ..pairing.model import Pairing
from ..pairing.next_round import Place, pending_rounds
from ..textutil import csv_text, table
from .choices import StrPath
from .common import load_input, open_input

if TYPE_CHECKING:
    from ..excel.ranges.book_reader import Book


@dataclass(frozen=True)
class Paired:
    """A pairing with the event it was made from and how to name a player's round (for messages);
    ``trace``: why the Dutch engine paired so, when asked (``--explain``)."""

    pairing: Pairing
    event: Tournament
    place: Place
    trace: Optional[Trace] = None
    #: a TRF's rounds marked absent in advance (``0000 - -``): start number -> rounds (1-based)
    marked: dict[int, frozenset[int]] = field(default_factory=dict)
    acceleration: Optional[Acceleration] = None
    #: a TRF's players whose field in the round paired is blank: nothing typed yet, as a pairing
    #: reads it (TRF-16 reads a blank field as "not paired", which is true only of a round played)
    blank: frozenset[int] = frozenset()
    #: a round robin's round as a row of C.05 Annex 1's table (for ``--explain``)
    table: Optional[TableRow] = None


def paired(source: StrPath, *, round: Optional[int] = None, system: str = "auto",
           encoding: Optional[str] = None, forbid: Optional[str] = None,
           initial_colour: Optional[str] = None, explain: bool = False, baku: Optional[bool] = None,
           book: Optional["Book"] = None) -> Paired:
    """Pair round ``round`` (default: the first with a result missing) of ``source``, a TRF file or
    a workbook, with ``system`` (auto, berger, dutch); the pairing, the event, the places and the
    virtual points used. ``forbid`` (``"3-7,5-9"``) adds pairs that may not meet to a TRF's record
    260; ``initial_colour`` (white, black) is the colour drawn for round 1, else TRF record 152;
    with ``explain``, the Dutch engine's trace of the same run; accelerated when ``baku`` or the TRF
    says so (records 250, 192 ``..._BAKU``: :mod:`xl_tiebreak.pairing.acceleration`). A workbook's
    Settings rows Forbidden pairs, Baku acceleration and Initial colour
    (:mod:`xl_tiebreak.excel.ranges.pairing_settings`) give each of the three not given here (None).
    ``book``: the workbook ``source``, when the caller opened it already (:func:`.common.open_input`)."""
    from ..pairing.acceleration import acceleration_for
    from ..pairing.arbiter import parse_forbid
    from ..pairing.systems import chosen_system, pair_event
    from .choices import EventChoices
    source = os.fspath(source)
    if book is None:
        book = open_input(source)
    # (the edition is the tie-breaks' business: a rules choice keeps its warning about the start date out)
    t, settings = load_input(source, EventChoices(encoding=encoding, rules="fide2026"), book)
    blank: Callable[[int], frozenset[int]] = _no_blanks
    marked: dict[int, frozenset[int]] = {}
    name = chosen_system(t, system)
    if book is not None:
        from ..excel.ranges.pairing_settings import arbiter_choices
        from ..excel.workbook.pairing_book import round_cells
        place: Place = round_cells(book).place
        options: tuple[tuple[str, str], ...] = ()
        try:
            forbidden, initial_colour, baku = arbiter_choices(t, name, settings.pairing.choices(), forbid=forbid,
                                                              initial_colour=initial_colour, baku=baku)
        except InputError as exc:
            raise InputError(str(exc), book.name) from None
    else:
        place, blank, marked = _trf_places(source, encoding)
        options = _berger_options(t)
        t = _absent_ahead(t, marked)
        forbidden = parse_forbid(forbid) if forbid else ()
    if (forbidden or initial_colour) and name == "berger":  # (given on the command line: a cell's is refused above)
        raise InputError("--forbid and --initial-colour are the Dutch system's: a Berger table is fixed "
                         "(C.05 Annex 1); keep players apart, and choose colours, by the draw of start numbers")
    trace = Trace() if explain else None
    pairing = pair_event(t, round, system, place, options, blank, forbidden, initial_colour, trace, bool(baku))
    acceleration = None
    if pairing.system == "dutch":  # the virtual points the engine used (round 1: those it paired)
        first = [n for b in pairing.pairs for n in (b.white, b.black)] + [u.no for u in pairing.byes if u.kind == "PAB"]
        acceleration = acceleration_for(t, bool(baku), first if pairing.round == 1 else None)
    table = None
    if pairing.system == "berger":
        from ..pairing.berger import event_table_row
        table = event_table_row(t, pairing.round, options)
    return Paired(pairing, t, place, trace=trace, marked=marked, acceleration=acceleration, table=table,
                  blank=blank(pairing.round))


def pair(source: StrPath, *, round: Optional[int] = None, system: str = "auto",
         encoding: Optional[str] = None, forbid: Optional[str] = None,
         initial_colour: Optional[str] = None, baku: Optional[bool] = None) -> Pairing:
    """``pair``: the pairing of round ``round`` of ``source`` (see :func:`paired`)."""
    return paired(source, round=round, system=system, encoding=encoding, forbid=forbid,
                  initial_colour=initial_colour, baku=baku).pairing


def _berger_options(t: Tournament) -> tuple[tuple[str, str], ...]:
    """A TRF's record 192 on a double round robin: ``FIDE_DOUBLEROUNDROBIN`` swaps the first cycle's
    last two rounds (C.05 Annex 1), ``BERGER_DOUBLEROUNDROBIN`` does not (PAIRING_RULES §4)."""
    for line in t.header:
        if line[:3] == "192":
            code = line[3:].strip().upper()
            if "DOUBLEROUNDROBIN" in code:
                return (("double", "yes"), ("swap", "no" if code.startswith("BERGER_") else "yes"))
            if "ROUNDROBIN" in code:
                return (("double", "no"),)
    return ()


def _no_blanks(rnd: int) -> frozenset[int]:
    return frozenset()


def _absent_ahead(t: Tournament, marked: dict[int, frozenset[int]]) -> Tournament:
    """``t`` with the rounds a TRF marks ``0000 - -`` absent, also after the last round played
    (which the TRF reader reads as not played yet, as it reads a blank field there): a player
    withdrawn, or known absent, is not paired in them (C.04.2 art. 3.2-3.3), as FIDE's reference
    reads that field in the round to pair."""
    if not marked:
        return t
    players = []
    for pl in t.players:
        rounds = list(pl.rounds)
        for r in marked.get(pl.no, frozenset()):
            if r <= len(rounds) and rounds[r - 1].kind is Kind.NOT_PLAYED and rounds[r - 1].opponent is None:
                rounds[r - 1] = Round(Kind.ABSENT)
        players.append(replace(pl, rounds=tuple(rounds)))
    return t.with_players(players)


def _trf_places(path: str, encoding: Optional[str]) -> tuple[Place, Callable[[int], frozenset[int]],
                                                             dict[int, frozenset[int]]]:
    """A TRF player's round named by its line and columns (``event.trf line 7, columns 112-119``),
    the players whose round field is blank in a given round, and each player's rounds written
    ``0000 - -`` (absent, not paired)."""
    from ..trf.layout import ROUND_STRIDE, ROUNDS_FROM, round_where
    from ..trf.reader import trf_text
    from ..validation import Findings
    text, name = trf_text(path, Findings(), encoding)
    lines: dict[int, tuple[int, str]] = {}
    for number, line in enumerate(text.splitlines(), 1):
        if line[:3] == "001" and line[4:8].strip().isdigit():
            lines.setdefault(int(line[4:8]), (number, line))

    def place(no: int, rnd: int) -> str:
        at = lines.get(no)
        return (f"{name} line {at[0]}, {round_where(rnd, 'opponent', 'result')} (round {rnd} of player {no})"
                if at else f"{name}: round {rnd} of player {no}")

    def blank(rnd: int) -> frozenset[int]:
        start = ROUNDS_FROM + ROUND_STRIDE * (rnd - 1)
        return frozenset(no for no, (_, line) in lines.items() if not line[start:start + ROUND_STRIDE - 2].strip())
    marked = {no: frozenset(r for r, s in enumerate(range(ROUNDS_FROM, len(line), ROUND_STRIDE), 1)
                            if line[s:s + ROUND_STRIDE - 2].split() == ["0000", "-", "-"])
              for no, (_, line) in lines.items()}
    return place, blank, {no: rs for no, rs in marked.items() if rs}


# ------------------------------------------------------------------------------------ rendering

def render(p: Paired, fmt: str = "text") -> str:
    """The pairing as ``fmt``: text (board, White and Black with start number, name and rating, a
    result column to fill in, then who is not paired), CSV, or JSON (:meth:`Pairing.to_json`)."""
    from ..pairing.systems import kind_words, system_words, unpaired_words
    pairing, t = p.pairing, p.event
    if fmt == "json":
        import json
        return json.dumps(pairing.to_json(), ensure_ascii=False) + "\n"
    who = {pl.no: pl for pl in t.players}

    def rating(no: int) -> str:
        r = who[no].rating
        return str(r) if r else ""
    if fmt == "csv":
        rows = [[str(b.board), str(b.white), who[b.white].name, rating(b.white), str(b.black), who[b.black].name,
                 rating(b.black), ""] for b in pairing.pairs]
        rows += [["", str(u.no), who[u.no].name, rating(u.no), "", kind_words(u.kind), "", ""] for u in pairing.byes]
        return csv_text(["Board", "White", "White name", "White rating", "Black", "Black name", "Black rating",
                         "Result"], rows, "csv")
    accelerated = "" if p.acceleration is None else "; Baku acceleration, C.04.7" + (
        "" if p.acceleration.source == "Baku" else f", the virtual points of {p.acceleration.source}")
    head = (f"{t.name + chr(10) if t.name else ''}Round {pairing.round} "
            f"({system_words(pairing.system)}{accelerated})\n\n")
    rows = [[str(b.board), str(b.white), who[b.white].name, rating(b.white), "-", str(b.black), who[b.black].name,
             rating(b.black), ""] for b in pairing.pairs]
    lines = table(["Bd", "No", "White", "Rtg", "", "No", "Black", "Rtg", "Result"], rows, right={0, 1, 3, 5, 7})
    for u in pairing.byes:
        lines.append(f"Not paired: {u.no} {who[u.no].name} - {unpaired_words(t, pairing.round, u)}")
    return head + "\n".join(lines) + "\n"


def render_explained(p: Paired, fmt: str = "text", player: Optional[int] = None,
                     board: Optional[int] = None) -> str:
    """Why the round is paired so (:mod:`xl_tiebreak.pairing.explained`), as text or JSON,
    narrowed to one player or one board."""
    from ..pairing.explained import account, render_text
    if player is not None and board is not None:
        raise InputError("--player or --board: give one of them")
    if fmt == "json":
        import json
        return json.dumps(account(p.pairing, p.trace, player=player, board=board, table=p.table),
                          ensure_ascii=False, indent=1) + "\n"
    names = {pl.no: pl.name for pl in p.event.players}
    return render_text(p.pairing, p.trace, names, player=player, board=board, table=p.table)


# ------------------------------------------------------------------------------------ writing

def write_trf_pairing(p: Paired, out: StrPath, source: str, *, force: bool = False,
                      encoding: Optional[str] = None) -> Path:
    """The event as a TRF file with round K's pending games (opponent and colour, no result) in
    each paired player's round field; the sit-out's field left blank (not paired). A round that
    holds something already is kept as it is."""
    from ..excel.xlsx.safe_write import atomic_write
    from ..trf import write_trf
    from ..trf.encoding import encode_trf
    from ..trf.reader import trf_encoding
    k = p.pairing.round
    want = pending_rounds(p.event, p.pairing, p.blank)
    players = []
    for pl in p.event.players:
        if pl.no in want:
            rounds = list(pl.rounds)
            rounds[k - 1] = want[pl.no]
            pl = replace(pl, rounds=tuple(rounds))
        players.append(pl)
    event = p.event.with_players(players)
    if p.acceleration is not None and p.acceleration.source == "Baku":  # kept for the next rounds (TRF 250)
        event = replace(event, header=event.header + tuple(r.trf_line(event.scoring.win)
                                                           for r in p.acceleration.records))
    text = _keep_marked(write_trf(event), p.marked)
    encoded = encode_trf(text, encoding, trf_encoding(source))  # the input's encoding, unless one is chosen
    written = atomic_write(Path(out), encoded.data, overwrite=force)
    if encoded.note:
        import sys
        print(f"xl-tiebreak: note: {written}: {encoded.note}", file=sys.stderr)
    return written


def _keep_marked(text: str, marked: dict[int, frozenset[int]]) -> str:
    """``text`` (a TRF) with the ``0000 - -`` fields the input had put back where the writer left
    the field blank (an absence after the last round played), so that none is lost."""
    from ..trf.layout import ROUND_STRIDE, ROUNDS_FROM
    if not marked:
        return text
    out = []
    for line in text.split("\n"):
        rounds = marked.get(int(line[4:8])) if line[:3] == "001" and line[4:8].strip().isdigit() else None
        for r in sorted(rounds or ()):
            start = ROUNDS_FROM + ROUND_STRIDE * (r - 1)
            if not line[start:start + ROUND_STRIDE - 2].strip():
                line = line[:start].ljust(start) + "0000 - -" + line[start + ROUND_STRIDE - 2:]
        out.append(line)
    return "\n".join(out)


def run_pair(args: argparse.Namespace) -> tuple[str, int]:
    """``pair`` on the command line: :func:`paired`, printed (``-o``: to a file), and with
    ``--write`` written into the workbook (in place, or ``--write OUT.xlsx``) or a TRF file; a team
    event goes to :func:`.pair_team.run_team_pair`."""
    from .pair_team import run_team_pair
    source = os.fspath(args.input)
    opened = open_input(source)  # (once: the team route and the individual one read this copy)
    team = run_team_pair(args, opened)
    if team is not None:
        return team
    write = getattr(args, "write", None)
    book = source.lower().endswith((".xlsx", ".xlsm"))
    if write is not None and not book:
        if not write:
            raise InputError("--write: name the TRF file to write, e.g. --write round3.trf (the input is kept)")
        if write.lower().endswith((".xlsx", ".xlsm")):
            raise InputError(f"--write {write}: a TRF input writes a TRF file (to pair in a workbook, make one "
                             "with xl-tiebreak workbook and pair that)")
        check_paths(source, write, args.force)
    elif write:
        if not write.lower().endswith((".xlsx", ".xlsm")):
            raise InputError(f"--write {write}: a workbook's pairing is written into the workbook (--write) or a "
                             "copy of it (--write COPY.xlsx); export-trf then writes the TRF, games to play included")
        check_paths(source, write, args.force)
    explain = getattr(args, "explain", False)
    if not explain and (getattr(args, "player", None) is not None or getattr(args, "board", None) is not None):
        raise InputError("--player and --board narrow an explanation: add --explain")
    if explain and args.format == "csv":
        raise InputError("--explain prints text or json (--format text|json), not csv")
    p = paired(source, round=args.round, system=args.system, encoding=args.encoding,
               forbid=getattr(args, "forbid", None), initial_colour=getattr(args, "initial_colour", None),
               explain=explain, baku=getattr(args, "baku", None), book=opened)
    from ..output import deliver
    shown = render_explained(p, args.format, args.player, args.board) if explain else render(p, args.format)
    text = deliver(shown, args.output, args.force)
    if write is None:
        return text, 0
    if not book:
        out = write_trf_pairing(p, write, source, force=args.force, encoding=args.encoding)
        return text + f"wrote {out}: round {p.pairing.round} paired, {len(p.pairing.pairs)} games to play\n", 0
    from ..excel.workbook.pairing_book import write_pairing
    done = write_pairing(source, p.event, p.pairing, write or None, overwrite=args.force,
                         accelerated=p.acceleration is not None)
    said = (f"wrote {len(done.cells)} cells of round {p.pairing.round} and the Pairings sheet into {done.output}"
            if done.cells else f"round {p.pairing.round}'s cells were typed already; the Pairings sheet shows it in "
                               f"{done.output}")
    said += f" (the version read is kept as {done.backup.name})" if done.backup else ""
    if done.not_recomputed:
        said += f"; the values were not recomputed: {done.not_recomputed}"
    return text + said + "\n", 0
