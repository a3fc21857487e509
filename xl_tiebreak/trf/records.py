"""The header records of a TRF file (TIEBREAK_RULES §9.1), each a handler in a table: what the
reader takes from it (:data:`READERS`) and how the writer puts it back (:data:`WRITERS`).

Read: 012 the event's name, 042 the start date, XXR/142 the number of rounds, 162 the scoring
system, 092/192 the type of event, 082 and the team records (a team event), 202/212 the
tie-break list. Every other record is kept verbatim, so that writing a file back loses nothing;
so are the comment lines (``###``, TRF-26 Remark 1). Blank lines are not kept.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import TYPE_CHECKING, Callable, NamedTuple, Optional

from ..dates import read_date
from ..errors import InputError
from ..name_text import clean_line, clean_name
from ..model import STANDARD_SCORING, Scoring
from ..number_text import quoted, whole_number
from ..validation import Findings
from .layout import points_text

if TYPE_CHECKING:
    from ..model import Tournament

#: records only a team event has
TEAM_RECORDS = {"013", "310", "320", "330", "300", "352", "362"}

@dataclass
class Header:
    """What the header records of a file said, as they are read."""

    lines: list[str] = field(default_factory=list)  # every record kept, verbatim, in file order
    name: str = ""
    start: Optional[str] = None  # ISO date
    rounds: Optional[tuple[int, int]] = None  # (rounds, line number)
    scoring: Scoring = STANDARD_SCORING
    explicit_scoring: bool = False  # a readable record 162
    kind092: Optional[str] = None
    kind192: Optional[str] = None
    tb202: Optional[tuple[str, ...]] = None
    tb212: tuple[str, ...] = ()  # record 212 without its PTS
    team: bool = False

    @property
    def kind(self) -> Optional[str]:
        """The type of event: record 192's keyword, else 092's words."""
        return self.kind192 or self.kind092

    @property
    def tiebreaks(self) -> tuple[str, ...]:
        """Record 202's list, else 212's."""
        return self.tb202 if self.tb202 is not None else self.tb212


class Record(NamedTuple):
    """A header line being read: its text, its number and the place findings name."""

    line: str
    lineno: int
    where: str  # "FILE line N"

    @property
    def rest(self) -> str:
        """The record's text after its code, stripped."""
        return self.line[4:].strip()


#: A reader's handler: updates the header from one record; returns False when the record is
#: not kept in the header.
Reader = Callable[[Header, Record, Findings], Optional[bool]]


def _name(h: Header, rec: Record, fd: Findings) -> None:
    h.name, changed = clean_name(rec.rest)
    if changed:
        fd.add("name", f"event name {h.name!r}: {changed}", f"{rec.where}, column 5")


def _start(h: Header, rec: Record, fd: Findings) -> None:
    """042: the start date (its leading date: :func:`~xl_tiebreak.dates.read_date`). One that is no
    date is a warning, as a missing 042 is: FIDE's reference computes the file under the newest
    edition, and so does this program, saying so."""
    where = f"{rec.where}, column 5"
    try:
        got = read_date(rec.rest, where=where, trf=True)
    except InputError:
        from ..editions import DEFAULT_EDITION
        fd.add("edition", f"start date {quoted(rec.rest)} is not a date, so the rules in force are not known: "
               f"{DEFAULT_EDITION.name} (the newest edition) is assumed; write the date YYYY/MM/DD or choose the "
               "edition with --rules", where)
        return
    h.start = got.iso if got else None
    if got is not None:
        if got.note:
            fd.add("date-order", f"start date {got.note}", where)
        from ..editions import date_note
        note = date_note(got.iso)
        if note:
            fd.add("edition", note, where)


def _rounds(h: Header, rec: Record, fd: Findings) -> Optional[bool]:
    m = re.match(r"\s*([0-9]+)", rec.line[4:])
    rounds = whole_number(m.group(1), 1, 999) if m else None
    if rounds is None:
        fd.add("layout", f"record {rec.line[:3]} must give the number of rounds, found {quoted(rec.rest)}",
               f"{rec.where}, column 5")
        return False
    h.rounds = (rounds, rec.lineno)
    return None


def _scoring(h: Header, rec: Record, fd: Findings) -> None:
    try:
        h.scoring = parse_scoring(rec.line, rec.where)
        h.explicit_scoring = True
    except InputError as exc:
        fd.add("layout", exc.detail, exc.where)


def _type092(h: Header, rec: Record, fd: Findings) -> None:
    if "team" in rec.rest.lower():
        h.team = True
    h.kind092 = event_type(rec.rest) or h.kind092


def _type192(h: Header, rec: Record, fd: Findings) -> None:
    up = rec.rest.upper()
    if "TEAM" in up or "SCHILLER" in up:
        h.team = True
    h.kind192 = event_type(rec.rest, "192")


def _teams(h: Header, rec: Record, fd: Findings) -> None:
    m = re.match(r"\s*([0-9]+)", rec.rest)
    if m and m.group(1).strip("0"):  # a number of teams above 0 (not converted: it may have 5,000 digits)
        h.team = True


def _list202(h: Header, rec: Record, fd: Findings) -> None:
    h.tb202 = split_list(rec.rest)


def _list212(h: Header, rec: Record, fd: Findings) -> None:
    if h.tb202 is None:
        h.tb212 = tuple(t for t in split_list(rec.rest) if t.upper() != "PTS")


READERS: dict[str, Reader] = {
    "012": _name, "042": _start, "XXR": _rounds, "142": _rounds, "162": _scoring, "092": _type092,
    "192": _type192, "082": _teams, "202": _list202, "212": _list212,
}


def read_header_line(h: Header, line: str, lineno: int, source: str, fd: Findings) -> None:
    """One header record (not a 001 line): its handler, if any, then kept in ``h.lines``; a
    comment line (``###``) is kept there as it is, and read by no handler. A record's text loses
    what no text field keeps (:func:`~xl_tiebreak.name_text.clean_line`: a control character, a
    bidirectional one), with a warning naming the line, but for the team records, whose team
    reader cleans each field where it stands (:mod:`.teams`)."""
    line = line.rstrip("\r\n")
    if not line.strip():
        return
    code = line[:3]
    if code not in TEAM_RECORDS and not line.isprintable():
        line, changed = clean_line(line)
        if changed:
            fd.add("name", f"record {code}: {changed}", f"{source} line {lineno}")
    if line.startswith("###"):
        h.lines.append(line)
        return
    if code in TEAM_RECORDS:
        h.team = True
    handler = READERS.get(code)
    if handler is None or handler(h, Record(line, lineno, f"{source} line {lineno}"), fd) is not False:
        h.lines.append(line)


def split_list(text: str) -> tuple[str, ...]:
    """The codes of a tie-break list (202/212), separated by commas, semicolons or blanks."""
    return tuple(t.strip() for t in re.split(r"[,;\s]+", text) if t.strip())


def parse_scoring(line: str, where: str) -> Scoring:
    """Record 162: symbols W D L A P X, each with its points: the symbol at column 6 and the
    points at 7-10, repeated every 9 columns; a freer ``W 3.0  D 1.0`` spelling is accepted."""
    values: dict[str, Fraction] = {}
    for col in range(6, len(line) + 1, 9):
        sym, pts = _field(line, col, col).strip().upper(), _field(line, col + 1, col + 4).strip()
        if sym in "WDLAPX" and sym and re.fullmatch(r"\d+(?:[.,]\d+)?", pts):
            values[sym] = Fraction(pts.replace(",", "."))
    free: dict[str, Fraction] = {}
    for m in re.finditer(r"(?<![A-Za-z])([WDLAPX])\s*=?\s*(\d{1,6}(?:[.,]\d{1,6})?)(?![\d.])", line[4:]):  # points, not
        # a 5,000-digit number (Python refuses to convert one: it was an internal error)
        free[m.group(1)] = Fraction(m.group(2).replace(",", "."))
    if len(free) > len(values):  # not in the standard columns
        values = free
    if not values:
        raise InputError("record 162 gives no points (expected e.g. 'W 1.0  D 0.5  L 0.0')",
                         f"{where}, column 5")
    d = STANDARD_SCORING
    win = values.get("W", d.win)
    return Scoring(win=win, draw=values.get("D", d.draw), loss=values.get("L", d.loss),
                   absent=values.get("A", d.absent), pab=values.get("P"))


def _field(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive), padded with blanks."""
    return line[a - 1:b].ljust(b - a + 1)


def event_type(text: str, code: str = "092") -> Optional[str]:
    """The type of event a 092 (free text) or 192 (TRF-26 keyword) record names: ``"swiss"``,
    ``"round-robin"`` or None."""
    if code == "192":
        up = text.upper()
        return "round-robin" if "ROUNDROBIN" in up else "swiss" if up else None
    low = text.lower()
    if "robin" in low or "rundenturnier" in low or "berger" in low:
        return "round-robin"
    if "swiss" in low or "schweizer" in low or "suisse" in low:
        return "swiss"
    return None


# ------------------------------------------------------------------ writing the header back

@dataclass
class Writing:
    """A header being written back: the tournament, the codes it has settled so far (``XXR``
    stands for 142 too, ``092`` for 192, ``202`` for 212), and the notes saying what the writer
    could not keep as read (:func:`~xl_tiebreak.trf.writer.write_trf` hands them to the caller)."""

    t: "Tournament"
    done: set[str] = field(default_factory=set)
    notes: list[str] = field(default_factory=list)


#: A writer's handler: (writing, the line read, its text after the code) -> the line written, or
#: None to drop it.
Writer = Callable[[Writing, str, str], Optional[str]]


def _write_name(w: Writing, line: str, rest: str) -> Optional[str]:
    if "012" in w.done:
        return None
    w.done.add("012")
    return f"012 {w.t.name}".rstrip() if w.t.name and w.t.name != rest else line


def _write_start(w: Writing, line: str, rest: str) -> Optional[str]:
    start = w.t.start_date
    if not start:
        return line  # no date to settle: the record as read (an empty 042 too)
    if "042" in w.done:
        return None
    w.done.add("042")
    try:
        kept = read_date(rest, trf=True)
    except InputError:
        kept = None
    # the text as read when it starts with that date written YYYY/MM/DD (FIDE's reference reads the
    # first ten characters so, and 18/05/2026 as 2018-05-20); else TRF's own YYYY/MM/DD, followed by
    # the text that followed the date read (' - 2024/03/10')
    if kept is not None and kept.iso == start and re.fullmatch(r"\d{4}[-/.]\d{2}[-/.]\d{2}", rest[:10], re.ASCII):
        return line
    after = kept.rest if kept is not None and kept.iso == start else ""
    return f"042 {start.replace('-', '/')}{after}".rstrip()


def _write_type(w: Writing, line: str, rest: str) -> Optional[str]:
    kind = w.t.kind
    if event_type(rest, line[:3]) == kind or not kind:
        w.done.add("092")
        return line
    if "092" in w.done:
        return None
    w.done.add("092")
    return type_line(kind)


def _write_rounds(w: Writing, line: str, rest: str) -> Optional[str]:
    if "XXR" in w.done:
        return None
    w.done.add("XXR")
    return f"{line[:3]} {w.t.rounds}"


def _write_scoring(w: Writing, line: str, rest: str) -> Optional[str]:
    return None  # written from t.scoring after the header


def _write_list(w: Writing, line: str, rest: str) -> Optional[str]:
    tiebreaks = tuple(w.t.tiebreaks)
    if "202" in w.done or not tiebreaks:
        return None
    w.done.add("202")
    listed = split_list(rest)
    if line[:3] == "212":
        listed = tuple(c for c in listed if c.upper() != "PTS")
    return line if listed == tiebreaks else "202 " + ",".join(tiebreaks)


#: a count record's text after its code: blanks, the number, then what follows it (``" (73)"``)
_COUNT = re.compile(r"(\s*)([0-9]+)(.*)", re.S)
_BRACKETED = re.compile(r"\s*\(\s*([0-9]+)\s*\)\s*")
#: the largest count of players a 062/072 record is read as (a TRF holds start ranks up to 9999):
#: a number with more digits is never converted
_MAX_COUNT = 99_999


def _count_said(lines: "tuple[str, ...] | list[str]", code: str) -> Optional[int]:
    """The number the first ``code`` record of ``lines`` gives, or None."""
    for ln in lines:
        if ln[:3] == code:
            m = _COUNT.match(ln[4:])
            return whole_number(m.group(2), 0, _MAX_COUNT) if m else None
    return None


def _write_count(w: Writing, line: str, rest: str) -> Optional[str]:
    """062 (players) and 072 (rated players), TRF-16: the record as read while its number is still
    true, whatever follows the number (some programs write a second count in brackets,
    ``062 163 (73)``). 062 counts the 001 records; 072 the players with a rating, but a file may
    count only the FIDE-rated ones (Papi rates every player), so 072 is also kept while the number
    of players is what 062 said. Otherwise the number is rewritten in the record's own columns
    and a bracketed count after it is brought up to date when it is the file's rated count (it
    equalled 072); words after it stay; any other text with a number cannot be recounted: it is
    left out, and a note says so. A 072 recounted gets a note too (the file's way of counting may
    differ)."""
    code, players = line[:3], w.t.players
    rated = sum(1 for p in players if p.rating)
    now = len(players) if code == "062" else rated
    m = _COUNT.match(line[4:])
    if m is None:
        return line  # no number: nothing to bring up to date
    said = whole_number(m.group(2), 0, _MAX_COUNT)  # None: too many digits to be a count
    if said == now:
        return line
    if code == "072" and _count_said(w.t.header, "062") in (None, len(players)):
        return line  # the same players as read (or no way to tell): the file's own count stands
    lead, number, after = m.groups()
    # a number right-aligned in its columns stays so (not in 5,000 columns of a count that was none)
    width = len(lead) + (len(number) if said is not None else 1)
    was = said if said is not None else quoted(number)
    text = f"{line[:4]}{now:>{width}}"
    bracket = _BRACKETED.fullmatch(after)
    if bracket and whole_number(bracket.group(1), 0, _MAX_COUNT) == _count_said(w.t.header, "072"):
        text += after.replace(bracket.group(1), str(rated), 1)  # the rated count, as 072 says it
    elif not any(c.isdigit() for c in after):
        text += after  # words without a number ("players") stay true
    else:
        w.notes.append(f"record {code}: the number of {'players' if code == '062' else 'rated players'} is now "
                       f"{now} (the file said {was}); {quoted(after.strip())} after it could not be recounted and is "
                       f"left out")
    if code == "072":
        w.notes.append(f"record 072: the number of players changed, so the rated players were recounted: {now} "
                       f"(the file said {was}) players with a rating in their 001 record; if the file counted "
                       "FIDE-rated players only, correct it")
    return text.rstrip()


WRITERS: dict[str, Writer] = {
    "012": _write_name, "042": _write_start, "092": _write_type, "192": _write_type, "XXR": _write_rounds,
    "142": _write_rounds, "162": _write_scoring, "202": _write_list, "212": _write_list, "062": _write_count,
    "072": _write_count,
}


def write_header_line(w: Writing, line: str) -> Optional[str]:
    """One header record as written back (see :func:`~xl_tiebreak.trf.writer.write_trf`), or
    None when it is dropped; records without a handler come back verbatim."""
    handler = WRITERS.get(line[:3])
    return line if handler is None else handler(w, line, line[4:].strip())


def type_line(kind: str) -> str:
    """Record 092 for an event type."""
    return "092 Individual: " + ("Round Robin" if kind == "round-robin" else "Swiss-System")


def scoring_line(s: Scoring) -> str:
    """Record 162 for a scoring system."""
    parts = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.absent), ("P", s.pab_points)]
    return "162 " + "".join(f" {c}{points_text(v):>4}   " for c, v in parts).rstrip()
