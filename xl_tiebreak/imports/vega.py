"""Vega's crosstable as text ("Cross Table at round 9 sorted by score"), read into a
:class:`~xl_tiebreak.model.Tournament`, its published points (and any columns after the rounds)
kept for comparison (:mod:`.published`).

The format, as Vega writes it (seen in the exports that the ParseVegaChess project reads, e.g.
its ``2024citySydneyBlitz.txt``; the events of ``../shared/data/real/2024-*.trf`` were converted
from such files)::

    2024 City of Sydney Blitz
    Sydney - 03/03/2024, 03/03/2024

     Cross Table at round 9 sorted by score

    Pos NAME                           Rtg   T  Fed  Pts |   1     2   ...   9    |   User
    ------------------------------------------------------------------------------------
      1 Le,Tri Kien                    2367  CM  OS  8.5 | +W56  +B37  ...  =W4    |    0.0
     80 Riabov,Anton               (W)    0     RUS  2.0 | -W39  -W45  ...   --    |    0.0

The first line is the event, the second its place and dates (the first date, DD/MM/YYYY, is the
start date; one that is no date, ``99/99/9999``, is refused rather than read as no date, which
would choose the rule edition by default). A round cell is ``+W56`` (won with White against the player in position 56), ``=B3``
drawn, ``-W1`` lost; ``+F86`` / ``-F61`` won / lost by forfeit; ``+BYE`` a pairing-allocated bye,
``=BYE`` a half-point bye, ``-BYE`` a zero-point bye; ``--`` not paired. Opponents are named by
their position in the table, which becomes the start number (the text has no other). Anything
else is refused, naming its line and what was expected.

``(W)`` after a name marks a player Vega withdrew (its manual: the player's status "Not Paired /
Withdrawn", set for the remaining rounds by "Withdraw player"); his rounds after it show ``--``.
The mark does not say in which round he withdrew: the first ``--`` after his last game or bye
is read as the withdrawal (``WD``), the later ones as not paired (``-``), and a note says so.
The values do not change: those rounds are unplayed rounds of 0 points either way, each one
followed only by unplayed rounds (C.07 Art. 16.2.5), which is what a withdrawal makes them.

Vega's cross table has no club column (its player field "Origin", club or region, is not in
it), so ``Player.club`` stays empty.
"""

from __future__ import annotations

import re
from typing import Optional

from ..crosstable import CrosstableRow, tournament_from_rows
from ..errors import InputError
from ..name_text import clean_name
from ..number_text import is_digits
from ..textutil import lines_of
from .chess_results import MAX_RATING, Imported
from .published import Published, PublishedValue, read_number

__all__ = ["read_vega", "read_vega_export", "FORMAT"]

FORMAT = "vega"
MAX_LINES = 100_050
_CELL = re.compile(r"^([+=-])(?:([WB])([0-9]+)|F([0-9]+)|(BYE))$")
_TITLES = {"GM", "IM", "FM", "CM", "WGM", "WIM", "WFM", "WCM", "AGM", "AIM", "AFM", "ACM"}
EXPECTED_CELL = "expected e.g. +W12, =B5, -W3, +F12 / -F12 (forfeit), +BYE, =BYE, -BYE or --"


def _date(line: str, where: str, source: str) -> Optional[str]:
    """The first date DD/MM/YYYY of a line (ISO), None without one; a date that is none
    (``99/99/9999``) is refused, naming the line, rather than read as no date."""
    from ..dates import read_date
    m = re.search(r"([0-9]{1,2})/([0-9]{1,2})/([0-9]{4})", line)
    if not m:
        return None
    try:
        got = read_date(m.group(0), order="dmy")  # Vega writes its dates day first
    except InputError:
        raise InputError(f"{where}: {m.group(0)!r} is not a date; expected the start date as DD/MM/YYYY, e.g. "
                         "03/03/2024", source) from None
    return got.iso if got is not None else None


def _cut(text: str) -> str:
    """A field in a message, cut to 20 characters."""
    return text if len(text) <= 20 else text[:17] + "..."


def _number(v: str, what: str, where: str, source: str) -> Optional[PublishedValue]:
    """A published number (the points, a column after the rounds) of a line, bounded; a word or
    ``NaN`` refused, naming the line."""
    try:
        return read_number(v)
    except ValueError as exc:  # a word, NaN, a number too large
        raise InputError(f"{where}: {what}: {exc}", source) from None


def read_vega(text: str, source: str = ""):
    """The event of Vega's crosstable text; an :class:`InputError` naming the line for anything
    not recognised. Returns ``(tournament, published)``."""
    t, published, _notes = _read(text, source)
    return t, published


def read_vega_export(text: str, source: str = "") -> Imported:
    """As :func:`read_vega`, with what the reader assumed (the round a ``(W)`` player withdrew
    in) as the import's notes."""
    t, published, notes = _read(text, source)
    return Imported(t, published, "position", t.name, notes=notes)


def _read(text: str, source: str):
    lines = lines_of(text)
    if len(lines) > MAX_LINES:
        raise InputError(f"{len(lines):,} lines: more than a crosstable has", source)
    head = next((i for i, ln in enumerate(lines[:60]) if re.match(r"^\s*Pos\s+NAME\b", ln, re.I) and "|" in ln), None)
    if head is None:
        raise InputError("no crosstable header found: expected a line 'Pos NAME Rtg T Fed Pts | 1 2 3 ... |' as Vega "
                         "writes its cross table", source)
    parts = lines[head].split("|")
    rounds = [t for t in parts[1].split()] if len(parts) > 1 else []
    if not rounds or rounds != [str(k) for k in range(1, len(rounds) + 1)]:
        raise InputError(f"line {head + 1}: expected the round numbers 1 2 3 ... between the first two '|'", source)
    extra = parts[2].split() if len(parts) > 2 else []
    title_line = next((i for i in range(head) if lines[i].strip()), 0)
    name, changed = clean_name(lines[title_line] if head else "")
    start = next((d for i in range(1, head) for d in [_date(lines[i], f"line {i + 1}", source)] if d), None)
    players: list[tuple[int, int, str, Optional[int], str, str, list[str], bool]] = []
    published_points: dict[int, Optional[PublishedValue]] = {}
    published_values: dict[int, tuple[Optional[PublishedValue], ...]] = {}
    for i in range(head + 1, len(lines)):
        line = lines[i]
        if not line.strip() or set(line.strip()) <= {"-", "="}:
            continue
        cols = line.split("|")
        if len(cols) < 2 or not re.match(r"^\s*[0-9]+\s", cols[0]):
            if players:
                break
            continue
        where = f"line {i + 1}"
        pos, who, rating, title, fed, pts, withdrawn = _left(cols[0], where, source)
        cells = cols[1].split()
        if len(cells) != len(rounds):
            raise InputError(f"{where}: {len(cells)} round cells for {len(rounds)} rounds; {EXPECTED_CELL}", source)
        players.append((i, pos, who, rating, title, fed, cells, withdrawn))
        published_points[pos] = pts
        published_values[pos] = tuple(_number(v, f"column {extra[j] if j < len(extra) else j + 1}", where, source)
                                      for j, v in enumerate(cols[2].split() if len(cols) > 2 else []))
    if not players:
        raise InputError(f"no player under the header of line {head + 1}", source)
    line_of: dict[int, int] = {}
    for p in players:
        if p[1] in line_of:
            raise InputError(f"line {p[0] + 1}: position {p[1]} is on two lines (line {line_of[p[1]] + 1} too)", source)
        line_of[p[1]] = p[0]
    rows: list[CrosstableRow] = []
    notes: list[str] = [f"line {title_line + 1}: event name {name!r}: {changed}"] if changed else []
    for i, pos, who, rating, title, fed, cells, withdrawn in players:
        said: dict[str, str] = {}
        for key, got in (("name", who), ("title", title), ("federation", fed)):
            said[key], changed = clean_name(got)
            if changed:  # (a note, as the import's other findings; the text is every output's)
                notes.append(f"line {i + 1}: {key} {said[key]!r}: {changed}")
        who, title, fed = said["name"], said["title"], said["federation"]
        out = []
        for r, cell in enumerate(cells, start=1):
            out.append(_cell(cell, line_of, f"line {i + 1}, round {r}", source))
        if withdrawn:
            notes.append(_withdrawal(out, f"line {i + 1}: {who} (No {pos})"))
        rows.append(CrosstableRow(no=pos, name=who, rating=rating, cells=out, title=title, fed=fed))

    def place(no: int, rnd: int) -> str:
        return f"{source + ': ' if source else ''}line {line_of[no] + 1}, round {rnd}" if no in line_of \
            else f"round {rnd} of player {no}"
    t = tournament_from_rows(sorted(rows, key=lambda r: r.no), rounds=len(rounds), name=name, kind="swiss",
                             start_date=start, place=place, style="fide")
    published = Published(tuple(extra), {p[1]: p[1] for p in players}, published_points, published_values)
    return t, published, tuple(notes)


def _withdrawal(cells: list[str], who: str) -> str:
    """Mark the round a ``(W)`` player withdrew in (``cells`` in the project's notation, changed
    in place): the first of the unpaired rounds after his last game or bye; the note saying so."""
    last = max((r for r, c in enumerate(cells) if c != "-"), default=-1)
    if last == len(cells) - 1:
        return (f"{who} is marked (W), withdrawn, but has a game or bye in the last round of the table: "
                "no round is left to mark (he withdrew from rounds to come)")
    cells[last + 1] = "WD"
    later = last + 3, len(cells)  # the rounds after the withdrawal, 1-based
    rest = ("" if later[0] > later[1] else f" and round {later[0]} not paired" if later[0] == later[1]
            else f" and rounds {later[0]}-{later[1]} not paired")
    return (f"{who} is marked (W), withdrawn: read as withdrawn in round {last + 2}, the first round "
            f"without a game after his last one (WD){rest}; the cross table does not say the round, and the "
            "values do not depend on it (unplayed rounds of 0 points either way)")


def _left(text: str, where: str, source: str):
    """Position, name, rating, title, federation, points and the withdrawn mark of a line's left
    part: read from both ends (a name has spaces, a title and a federation may be one space apart)."""
    tokens = text.split()
    if len(tokens) < 4 or not is_digits(tokens[0]):
        raise InputError(f"{where}: expected the position, the name, the rating, the federation and the points",
                         source)
    if len(tokens[0]) > 6:
        raise InputError(f"{where}: position {_cut(tokens[0])}: expected a position in the table", source)
    pos = int(tokens[0])
    pts = _number(tokens[-1], "the points", where, source)
    if pts is None:
        raise InputError(f"{where}: {tokens[-1]!r} is not the points (expected e.g. 6.5)", source)
    rest = tokens[1:-1]
    k = next((i for i in range(len(rest) - 1, max(len(rest) - 4, 0), -1) if is_digits(rest[i])), None)
    if k is None:
        raise InputError(f"{where}: no rating after the name (Vega writes 0 for an unrated player)", source)
    if len(rest[k]) > 4:
        raise InputError(f"{where}: the rating {_cut(rest[k])!r} is not a rating; expected a whole number up to "
                         f"{MAX_RATING} (0: unrated)", source)
    rating = int(rest[k]) or None
    names, middle = rest[:k], rest[k + 1:]
    withdrawn = bool(names) and names[-1] == "(W)"
    if withdrawn:
        names = names[:-1]
    if not names:
        raise InputError(f"{where}: expected a name after the position", source)
    title = fed = ""
    if len(middle) == 2:
        title, fed = middle
    elif len(middle) == 1:
        title, fed = (middle[0], "") if middle[0].upper() in _TITLES else ("", middle[0])
    return pos, " ".join(names), rating, title, fed, pts, withdrawn


def _cell(cell: str, line_of: dict, where: str, source: str) -> str:
    """One round cell in the project's notation."""
    if cell == "--":
        return "-"
    m = _CELL.match(cell.upper())
    if not m:
        raise InputError(f"{where}: {cell!r} is not a Vega result; {EXPECTED_CELL}", source)
    sign, colour, opp, forfeit, bye = m.groups()
    if bye:
        return {"+": "BYE", "=": "H", "-": "Z"}[sign]
    digits = opp or forfeit
    n = int(digits) if len(digits) <= 6 else -1
    if n not in line_of:
        raise InputError(f"{where}: {_cut(cell)!r}: there is no player in position {_cut(digits)}", source)
    if forfeit:
        if sign == "=":
            raise InputError(f"{where}: {cell!r}: a drawn forfeit is not read; {EXPECTED_CELL}", source)
        return f"+{n}" if sign == "+" else f"-{n}"
    return f"{n}{colour.lower()}" + {"+": "1", "=": "½", "-": "0"}[sign]

