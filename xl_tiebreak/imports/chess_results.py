"""The crosstable chess-results.com exports to Excel or CSV (the Swiss-Manager server's
publication) and Swiss-Manager's own export of it, read into a
:class:`~xl_tiebreak.model.Tournament`, its published points, ranks and tie-break columns kept
for comparison (:mod:`.published`), and what the reader assumed where the export does not say
(:attr:`Imported.notes`).

chess-results.com, as it writes its "Excel" export of a tournament's crosstable (checked against
two real exports: a 40-player CSV, chess-results tnr1316880, kept in an analysis script of GitHub
user ChristerNilsson, see tests/test_swiss_manager_import.py; an ``.xlsx`` Final Ranking
crosstable of a 9-round open, NathENSAE/Seminaire's ``chessResultsList.xlsx``; and as the
importers of the chesscrew project and the Keshmat circuit read it):

* a few title rows: ``From the Tournament-Database of Chess-Results https://chess-results.com``,
  the event's name, ``Last update 06.09.2025 12:00:00``, then what the table is: ``Final Ranking
  crosstable after 7 Rounds`` (rows in the final order) or ``Starting rank crosstable``;
* a header row ``Rk. | SNo | (title) | Name | Rtg | FED | Club/City | 1.Rd | 2.Rd | ... | Pts. |
  TB1 | TB2 | TB3`` (the German pages: ``Rg. | Snr | Name | Elo | Land | Verein/Ort | 1.Rd | ... |
  Pkt. | Wtg1 ...``; the start-number column may be missing, and the club column; ``Rp``, ``Typ``,
  ``sex``, FIDE-id and rating-change columns are passed over);
* one row per player; then legend rows such as ``Tie Break1: Buchholz Tie-Breaks ...``.

German pages add ``Die Seite wurde zuletzt aktualisiert am ...`` and ``Endtabelle nach 9 Runden``
above the table and may leave two unnamed columns before the name (the chesscrew tests of the
Schach Tirol Open 2025); the real ``.xlsx`` has no title rows, an unnamed column of spaces and
the title column before the name.

Round cells: ``12w1``, ``12b½``, ``12w0`` (opponent, colour, result; ``s`` for black on the German
pages), ``12w+`` / ``12b-`` a forfeit won / lost, ``-1``, ``-½``, ``-0`` no opponent, ``-`` not
paired, ``12w`` paired, no result yet. An empty cell in a round that has results is a player not
paired in it (withdrawn or absent: the export is a published state, not a round in progress); a
round whose cells are all empty has not been played.

``-1`` is read as a pairing-allocated bye, ``-½`` as a half-point bye, ``-0`` as not paired: the
export writes a point without a game the same whether the pairing gave it or the player asked
for it (a full-point bye), and the real ``.xlsx`` has players with ``-1`` in three rounds, which
cannot all be the pairing's bye (C.04: once per player). The notes say so, naming the first cell
and each player with more than one; with the bye worth a win the tie-breaks here count a
pairing-allocated and a full-point bye alike (C.07 Art. 16.2.1), so the values do not depend on
it, and ``workbook --from`` makes the workbook where a cell can be written ``F``.

Numbering: in a *Starting rank* crosstable the opponent is named by his start number; in a
*Final Ranking* crosstable by his place in the table, 1, 2, 3, ... down the rows. The two are the
rank shown except for a shared place: chess-results writes its rank once and leaves the rank of
the players sharing it empty (the real ``.xlsx``: every one of its 425 games between two listed
players is written on both rows when read by place), Swiss-Manager writes it again. A rank that
jumps instead (1, 2, 5) belongs to a filtered or shortened list and is refused, as is an
opponent past the last row (a list cut short: export the complete one). Without the title line,
the numbering under which every game is written on both players' rows is taken.

Swiss-Manager's own export (``--from swiss-manager``). No real Swiss-Manager *crosstable* export
was found among the public repositories and pages searched for it: its layout is taken from two
readers of real ones, which agree. PyRP 0.2 (PyPI, a reader of Swiss-Manager output files for
the ARPO tie-breaks) reads a semicolon-separated file whose heading line holds ``Name``, ``Rtg``,
``Pts`` and ``1.Rd.``, ``2.Rd.``, ..., each round three fields: the opponent, the colour (``w``,
``b``, or ``-`` without an opponent) and the result. A browser tool's ``batch-tournament.js``
reads Swiss-Manager's "Crosstable_Tiebreaks" ``.xls``: the event's name, ``Label : value`` rows
(Organizer, Chief Arbiter, Town, Date), ``Final ranking``, the header ``Rank | SNo. | (title) |
Name | Rtg | FED | 1.Rd. | | | 2.Rd. | | | ... | Pts | DE | BH:GP``, each round three cells
(opponent by place, colour, result ``1``, ``½``, ``0``, ``+``, ``-``), a shared place keeping
its rank. Both are read: a table whose every round heading stands over three columns, the
middle one holding colours, is read that way, each round written as chess-results writes it in
one cell (``11 | w | 1`` is ``11w1``, `` | - | 1`` is ``-1``, `` | - | `` not paired), so byes
are read and noted as above. Swiss-Manager's exported lists seen for real (a Malaysian club's
importer tested on a real "Ranking List" ``.xls``; a Greek team championship's pairings export)
give the rest: title and empty rows above the header, points written ``7½``, tie-break columns
headed by the tie-break's short name (``BH:GP``, ``SB/C1``, ``PS``) rather than ``TB1``, and
footer rows (``Program Swiss-Manager developed and copyright ...``). Its chess-results-style
one-cell rounds are read too. A ranking list without round columns says nothing of the games and
is refused, naming its header row; an old ``.xls`` is refused by the file reader (save it as
``.xlsx`` or CSV); Swiss-Manager's fixed-width text lists (spaces, no separator) are not read.

The club column (``Club/City``, ``Verein/Ort``, ``Club``) goes to ``Player.club``. Anything else
is refused, naming its row and column and what was expected: a rating that is no whole number up
to 9999 (empty, ``0`` and ``-`` are unrated; read as unrated, ``abc`` would change every
opponent's ARO without a word), a round heading past round :data:`~xl_tiebreak.crosstable.MAX_ROUNDS`,
a published value that is no number (a word, ``NaN``: never compared, without a word) or too long or too
large to be one (:mod:`xl_tiebreak.number_text`). A round-robin table (columns 1,
2, ... by opponent) says in which round no game was played, so it is refused too.
"""

from __future__ import annotations

import csv
import io
import re
from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence

from ..crosstable import MAX_ROUNDS, CrosstableRow, tournament_from_rows
from ..errors import InputError
from ..model import Tournament
from ..name_text import clean_name
from ..number_text import is_digits, quoted, whole_number
from .published import Published, PublishedValue, read_number
from .round_cells import EXPECTED_CELL, HALF, RoundColumns, bye_notes, cell, parse, text, three_columns

__all__ = ["Imported", "read_export", "rows_from_text", "FORMAT"]

FORMAT = "chess-results"
MAX_ROWS = 100_001
MAX_COLUMNS = 1_000
HEADER_SEARCH = 40  # the header row is among the first rows

_RANK = {"rk", "rk.", "rg", "rg.", "rank", "pl", "pl.", "place", "pos", "pos."}
_START = {"sno", "snr", "sno.", "snr.", "no", "no.", "nr", "nr.", "startno"}
_NAME = {"name", "player"}
_FED = {"fed", "fed.", "land", "federation"}
_RATING = {"rtg", "elo", "irtg", "rtgi", "fideelo", "rating", "elo i", "rtg i"}
_POINTS = {"pts.", "pts", "pkt.", "pkt", "points", "punkte"}
# chess-results heads the club column "Club/City" (German pages "Verein/Ort"); a plain "Club" too
_CLUB = {"club/city", "verein/ort", "club", "verein"}
_ROUND = re.compile(r"^(?:(\d+)\s*\.?\s*(?:rd|rnd|runde)\.?|(?:rd|rnd|round|runde)\s*\.?\s*(\d+))$", re.I)
_TB = re.compile(r"^(?:tb|wtg|wert)\s*\.?\s*(\d+)$", re.I)
# Swiss-Manager's own exports head a tie-break column by the tie-break's short name and its
# modifiers (``BH:GP``, ``SB/C1``, ``PS``) where chess-results writes ``TB1`` ...
_SM_TB = re.compile(r"^(?:bh|fb|sb|ps|de|ede|win|won|bpg|bwg|ge|rep|vur|cop|aro|tpr|ptp|apro|appo|aob|ks)"
                    r"(?:\s*[:/]\s*[\w.%-]+)*$", re.I)


@dataclass(frozen=True)
class Imported:
    """An export read: the event, what it published, and which numbering its cells used."""

    tournament: Tournament
    published: Published
    numbered_by: str  # "rank" or "start number"
    title: str = ""
    # games without a result in a round before the last one paired (a postponed game): "row 9,
    # column H (3.Rd): '8w' in round 3"; the published values count them as not played yet
    unfinished: tuple[str, ...] = ()
    # what the reader assumed where the export does not say (how a '-1' was read ...), for the
    # arbiter to check: printed by ``check --from`` and ``workbook --from``
    notes: tuple[str, ...] = ()


@dataclass
class _Columns:
    rank: Optional[int] = None
    start: Optional[int] = None
    name: Optional[int] = None
    title: Optional[int] = None
    rating: Optional[int] = None
    fed: Optional[int] = None
    points: Optional[int] = None
    club: Optional[int] = None


def _key(v: object) -> str:
    return re.sub(r"\s+", " ", text(v).lower())


def _column_letter(j: int) -> str:
    s, n = "", j + 1
    while n:
        n, r = divmod(n - 1, 26)
        s = chr(65 + r) + s
    return s


def _whole(v: object) -> Optional[int]:
    """A whole number in ASCII digits (a rank, a start number, a rating), else None."""
    return whole_number(text(v), 0, 999_999_999)


def _round_number(digits: str, head: int, j: int, heading: object, source: str) -> int:
    """The round a heading ``N.Rd`` names; one past :data:`MAX_ROUNDS` is a typing error (refused
    before it would make every player a row of that many rounds)."""
    n = int(digits) if len(digits) <= 6 else MAX_ROUNDS + 1
    if not 1 <= n <= MAX_ROUNDS:
        raise InputError(f"row {head + 1}, column {_column_letter(j)}: the round heading {text(heading)[:20]!r} "
                         f"names round {digits[:12]}{'...' if len(digits) > 12 else ''}; expected 1.Rd, 2.Rd, ... up "
                         f"to {MAX_ROUNDS:,} rounds", source)
    return n


#: the highest rating read (a larger one is a typing error); empty, ``0`` and ``-`` are unrated
MAX_RATING = 9_999


def _rating(v: object, where: str, source: str) -> Optional[int]:
    """A rating cell: a whole number up to :data:`MAX_RATING`; None (unrated) for an empty cell,
    ``0`` or a dash; anything else refused, naming the cell: read as unrated, it would change
    every opponent's average rating (ARO) without a word."""
    t = text(v)
    if t in ("", "-", "\u2013"):
        return None
    n = _whole(v) if not isinstance(v, float) or v.is_integer() else None
    if n is None or n > MAX_RATING:
        raise InputError(f"{where}: {t[:20]!r} is not a rating; expected a whole number up to {MAX_RATING} "
                         "(an empty cell or 0: unrated)", source)
    return n or None


def rows_from_text(text: str) -> list[list[object]]:
    """The rows of a CSV or tab-separated export (semicolons, commas or tabs, as spreadsheets
    save it); cells as text."""
    sample = "\n".join(text.splitlines()[:50])
    delimiter = max(("\t", ";", ","), key=sample.count)
    try:
        return [list(r) for r in csv.reader(io.StringIO(text), delimiter=delimiter)]
    except csv.Error as exc:  # a field over the csv module's limit, a NUL byte ...
        raise InputError(f"not a readable CSV or tab-separated file ({exc})") from None


def _header(rows: Sequence[Sequence[object]], source: str) -> int:
    ranking_list: Optional[int] = None  # a header without round columns: a ranking list
    for i, row in enumerate(rows[:HEADER_SEARCH]):
        keys = [_key(v) for v in row]
        if not any(k in _NAME for k in keys):
            continue
        has_rounds = any(_ROUND.match(k) for k in keys)
        numbered = any(k in _RANK or k in _START for k in keys)
        if has_rounds and numbered:
            return i
        if numbered and sum(is_digits(k) for k in keys) >= 2:
            raise InputError(f"row {i + 1}: a round-robin table (a column per opponent: 1, 2, 3, ...) does not say "
                             "in which round each game was played; export the crosstable with round columns "
                             "1.Rd, 2.Rd, ... (chess-results: the Swiss-style 'Final Ranking crosstable')", source)
        if numbered and ranking_list is None:
            ranking_list = i
    if ranking_list is not None:
        raise InputError(f"row {ranking_list + 1}: a ranking list (Rank, Name, Pts ...) without the round columns "
                         "1.Rd, 2.Rd, ...: it does not say who played whom; export the crosstable instead "
                         "(Swiss-Manager and chess-results: 'Final Ranking crosstable')", source)
    raise InputError("no crosstable header found: expected a row with Rk. (or SNo), Name and the round columns "
                     f"1.Rd, 2.Rd, ... among the first {HEADER_SEARCH} rows, as chess-results.com exports its "
                     "crosstable (English or German headings: Rg., Snr, Name, Pkt., Wtg1 ...) and Swiss-Manager "
                     "its own (Rank, SNo., Name, each round 1.Rd. over three columns: opponent, colour, result)",
                     source)


def _numbering(rows: Sequence[Sequence[object]], head: int) -> Optional[str]:
    """What the title says: "rank" (Final Ranking crosstable), "start" (Starting rank), or None."""
    for row in rows[:head]:
        line = " ".join(text(v) for v in row).lower()
        if re.search(r"final rank|endtabelle|rangliste nach|ranking crosstable", line):
            return "rank"
        if re.search(r"starting rank crosstable|startrang|starting rank", line):
            return "start"
    return None


_TITLE_LINES = re.compile(r"^(from the tournament-database|aus der turnierdatenbank|last update|letzte aktualisierung|"
                          r"die seite wurde zuletzt aktualisiert|final rank|starting rank|rank after|"
                          r"ranking crosstable|endtabelle|endstand|startrang|rangliste)", re.I)


def _event_name(rows: Sequence[Sequence[object]], head: int) -> str:
    for row in rows[:head]:
        first = next((text(v) for v in row if text(v)), "")
        if first and not _TITLE_LINES.match(first):
            return first[:200]
    return ""


def read_export(rows: Sequence[Sequence[object]], source: str = "") -> Imported:
    """The event of a chess-results crosstable export (its rows, as a spreadsheet holds them);
    an :class:`InputError` naming the row and column for anything not recognised."""
    if len(rows) > MAX_ROWS:
        raise InputError(f"{len(rows):,} rows: more than the {MAX_ROWS:,} a crosstable may have", source)
    head = _header(rows, source)
    header = list(rows[head])
    if len(header) > MAX_COLUMNS:
        raise InputError(f"row {head + 1}: {len(header):,} columns, more than {MAX_COLUMNS:,}", source)
    cols = _Columns()
    rounds: dict[int, int] = {}
    tbs: list[tuple[str, int]] = []
    for j, v in enumerate(header):
        k = _key(v)
        m = _ROUND.match(k)
        if m:
            rounds.setdefault(_round_number(m.group(1) or m.group(2), head, j, v, source), j)
        elif _TB.match(k) or _SM_TB.match(k):
            tbs.append((text(v), j))
        elif k in _RANK and cols.rank is None:
            cols.rank = j
        elif k in _START and cols.start is None:
            cols.start = j
        elif k in _NAME and cols.name is None:
            cols.name = j
        elif k in _RATING and cols.rating is None:
            cols.rating = j
        elif k in _FED and cols.fed is None:
            cols.fed = j
        elif k in _POINTS and cols.points is None:
            cols.points = j
        elif k in _CLUB and cols.club is None:
            cols.club = j
    assert cols.name is not None  # _header found it
    if cols.name > 0 and not text(header[cols.name - 1]):
        cols.title = cols.name - 1  # chess-results: the title in an unnamed column before the name
    nrounds = max(rounds)
    missing = [r for r in range(1, nrounds + 1) if r not in rounds]
    if missing:
        raise InputError(f"row {head + 1}: the round columns jump from {missing[0] - 1}.Rd to {missing[0] + 1}.Rd; "
                         "expected 1.Rd, 2.Rd, ... without a gap", source)
    body = _body(rows, head, cols, rounds, source)
    if not body:
        raise InputError(f"no player under the header of row {head + 1}: expected rows with a rank or start number",
                         source)
    layout = RoundColumns(rounds, three_columns(rows, header, body, rounds))
    legend = tuple(text(r[0]) for r in rows[body[-1] + 1:] if r and re.match(
        r"^(tie ?break|feinwertung|wertung|tb\s*\d)", text(r[0]), re.I))
    said = _numbering(rows, head)
    choices = [c for c in (("rank", "start") if said != "start" else ("start", "rank"))
               if (cols.rank if c == "rank" else cols.start) is not None]
    if not choices:
        raise InputError(f"row {head + 1}: neither a rank (Rk.) nor a start number (SNo) column", source)
    if said is None:
        choices.sort(key=lambda c: not _mirrored(rows, body, cols, layout, c))
    by = said if said in choices else choices[0]
    name, changed = clean_name(_event_name(rows, head))
    t, published, unfinished, notes = _tournament(rows, head, body, cols, layout, tbs, by, source, name)
    notes += (f"event name {name!r}: {changed}",) if changed else ()
    return Imported(t, Published(tuple(h for h, _ in tbs), published[0], published[1], published[2], legend),
                    "rank" if by == "rank" else "start number", name, unfinished, notes)


def _body(rows: Sequence[Sequence[object]], head: int, cols: _Columns, rounds: dict[int, int], source: str
          ) -> list[int]:
    """The indices of the player rows: contiguous rows under the header with a whole number in
    the rank (or start-number) column, or with that rank left empty under another player's
    row: a place shared with the row above, which chess-results writes once (Swiss-Manager
    writes it again); empty rows between them are skipped. A row with a name and results whose
    rank (or start number, without a rank column) is no whole number (``²``) is refused, naming
    the cell: it would end the table there, and its games name opponents that are not in it."""
    out: list[int] = []
    first, last = min(rounds.values()), max(rounds.values()) + 3  # the rounds, three columns each at most
    for i in range(head + 1, len(rows)):
        row = rows[i]
        rank = cell(row, cols.rank) if cols.rank is not None else None
        start = cell(row, cols.start) if cols.start is not None else None
        if cols.rank is None:
            player = _whole(start) is not None
        else:
            player = _whole(rank) is not None or (not text(rank) and (
                _whole(start) is not None or bool(out) and bool(text(cell(row, cols.name))))
                and any(text(v) for v in row[first:last]))
        if player:
            out.append(i)
        elif any(text(v) for v in row):
            j = cols.rank if cols.rank is not None else cols.start
            number = text(cell(row, j))
            if number and text(cell(row, cols.name)) and any(text(v) for v in row[first:last]):
                what = "rank" if j == cols.rank else "start number"
                raise InputError(f"row {i + 1}, column {_column_letter(j or 0)} ({text(rows[head][j or 0])}): "
                                 f"{quoted(number)} is not a {what}; expected a whole number", source)
            break
    return out


def _refs(rows: Sequence[Sequence[object]], body: list[int], cols: _Columns, by: str) -> list[Optional[int]]:
    """The number each player row goes by in the cells: its place in the table (1, 2, 3, ...:
    the rank, a shared place included) or its start number."""
    if by == "rank":
        return list(range(1, len(body) + 1))
    return [_whole(cell(rows[i], cols.start)) for i in body]


def _mirrored(rows: Sequence[Sequence[object]], body: list[int], cols: _Columns, layout: RoundColumns, by: str) -> bool:
    """Whether, numbering players by ``by``, every game is written on both players' rows."""
    refs = _refs(rows, body, cols, by)
    row_of = {ref: i for ref, i in zip(refs, body)}
    for me, i in zip(refs, body):
        for r in layout.rounds:
            try:
                got = parse(layout.value(rows[i], r))
            except ValueError:
                continue
            if not got or got[0] != "game":
                continue
            other = row_of.get(got[1])
            if other is None:
                return False
            try:
                back = parse(layout.value(rows[other], r))
            except ValueError:
                return False
            if not back or back[0] != "game" or back[1] != me:
                return False
    return True


def _tournament(rows: Sequence[Sequence[object]], head: int, body: list[int], cols: _Columns, layout: RoundColumns,
                tbs: list[tuple[str, int]], by: str, source: str, name: str):
    rounds = layout.rounds
    header = rows[head]
    where_of: Callable[[int, int], str] = lambda i, j: (  # noqa: E731
        f"row {i + 1}, column {_column_letter(j)}" + (f" ({text(header[j])})" if j < len(header) and text(header[j])
                                                      else ""))
    what = "rank" if by == "rank" else "start number"

    def published(i: int, j: int) -> Optional[PublishedValue]:
        try:
            return read_number(cell(rows[i], j))
        except ValueError as exc:  # a word, NaN, a number too large
            raise InputError(f"{where_of(i, j)}: {exc}", source) from None
    number: dict[int, int] = {}  # the cells' numbering -> start number
    row_of: dict[int, int] = {}  # start number -> row index
    ranks: dict[int, int] = {}
    shown: Optional[int] = None  # the rank of the row above
    renamed: list[str] = []  # the names cleaned (name_text)
    for k, (i, ref) in enumerate(zip(body, _refs(rows, body, cols, by))):
        row = rows[i]
        no = _whole(cell(row, cols.start)) if cols.start is not None else k + 1
        if no is None or no < 1:
            raise InputError(f"{where_of(i, cols.start or 0)}: {text(cell(row, cols.start))!r} is not a start "
                             "number; expected a whole number from 1", source)
        if no in row_of:
            raise InputError(f"{where_of(i, cols.start or 0)}: start number {no} is on two rows (row "
                             f"{row_of[no] + 1} too)", source)
        if cols.rank is not None and by == "start":
            rk = _whole(cell(row, cols.rank))
            if rk is not None:  # a starting-rank table: the final ranks, in no order
                ranks[no] = rk
        elif cols.rank is not None:
            rk = _whole(cell(row, cols.rank))
            if rk is None and shown is None:
                raise InputError(f"{where_of(i, cols.rank)}: no rank in the first row; expected 1", source)
            if rk is not None and rk != k + 1 and rk != shown:
                raise InputError(f"{where_of(i, cols.rank)}: rank {rk} in place {k + 1} of the table: expected "
                                 f"{k + 1}, or {shown} again for a shared place; ranks that jump belong to a "
                                 "filtered or shortened list, which names opponents that are not in it: export the "
                                 "complete crosstable", source)
            shown = rk if rk is not None else shown
            ranks[no] = shown  # type: ignore[assignment]
        assert ref is not None  # a start number, checked above, or a place
        number[ref] = no
        row_of[no] = i
    players: list[CrosstableRow] = []
    pending: list[tuple[int, str]] = []  # games without a result: (round, where)
    byes: list[tuple[int, int, str]] = []  # '-1' read as a pairing-allocated bye: (no, round, where)
    points: dict[int, Optional[PublishedValue]] = {}
    values: dict[int, tuple[Optional[PublishedValue], ...]] = {}
    for i, ref in zip(body, _refs(rows, body, cols, by)):
        row = rows[i]
        no = number[ref]  # type: ignore[index]
        cells: list[str] = []
        for r in range(1, max(rounds) + 1):
            j = rounds[r]
            v = layout.value(row, r)
            try:
                got = parse(v)
            except ValueError as exc:
                raise InputError(f"{where_of(i, j)}: {str(exc)[:30]!r} is not a chess-results result; {EXPECTED_CELL}",
                                 source) from None
            if got is None:
                cells.append("")
            elif got[0] == "bye":
                cells.append("BYE" if got[1] == "1" else "-" if got[1] == "0" else "H")
                if got[1] == "1":
                    byes.append((no, r, where_of(i, j)))
            else:
                opp = number.get(got[1])
                if opp is None:
                    short = (f"; the table lists {len(body)} players: a shortened list? export the complete one "
                             "(chess-results: 'Show complete list')") if got[1] > len(body) else ""
                    raise InputError(f"{where_of(i, j)}: {text(v)!r}: there is no player with {what} "
                                     f"{got[1]} (this crosstable names opponents by their {what}){short}", source)
                res = got[3]
                if res is None:
                    pending.append((r, f"{where_of(i, j)}: {text(v)!r} in round {r}"))
                cells.append(f"+{opp}" if res == "+" else f"-{opp}" if res == "-" else
                             f"{opp}{got[2]}" + ("" if res is None else "½" if res in HALF else res))
        rating = _rating(cell(row, cols.rating), where_of(i, cols.rating), source) if cols.rating is not None else None
        said: dict[str, str] = {}
        for key, at in (("name", cols.name), ("title", cols.title), ("federation", cols.fed), ("club", cols.club)):
            said[key], changed = clean_name(text(cell(row, at)))
            if changed:  # (a note, as the import's other findings; the text is every output's)
                renamed.append(f"{where_of(i, at or 0)}: {key} {said[key]!r}: {changed}")
        players.append(CrosstableRow(no=no, name=said["name"], rating=rating, cells=cells, title=said["title"],
                           fed=said["federation"], club=said["club"]))
        if cols.points is not None:
            points[no] = published(i, cols.points)
        values[no] = tuple(published(i, j) for _, j in tbs)

    played = {r for p in players for r, c in enumerate(p.cells, start=1) if c}
    players = [replace(p, cells=[c or ("-" if r in played else "") for r, c in enumerate(p.cells, start=1)])
               for p in players]  # a published round: an empty cell is a player not paired (withdrawn, absent)

    def place(no: int, rnd: int) -> str:
        i = row_of.get(no)
        return f"{source + ': ' if source else ''}{where_of(i, rounds[rnd])}" if i is not None and rnd in rounds \
            else f"round {rnd} of player {no}"
    try:
        t = tournament_from_rows(sorted(players, key=lambda p: p.no), rounds=max(rounds), name=name, kind="swiss",
                                 place=place, style="fide")
    except InputError as exc:
        raise InputError(f"{exc.detail} (the export's cells read with opponents named by their {what})",
                         exc.where) from None
    last = max((r for p in players for r, c in enumerate(p.cells, start=1) if c not in ("", "-")), default=0)
    return t, (ranks, points, values), tuple(w for r, w in pending if r < last), bye_notes(byes) + tuple(renamed)
