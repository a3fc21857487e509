"""FIDE TRF-16 / TRF-26 reader and writer (TIEBREAK_RULES §9).

The reader takes the player records (001), the number of rounds (``XXR`` or 142), the scoring
system (162), the type of event (092/192), the start date (042) and the tie-break list (202/212).
Other records are kept verbatim so that writing a file back loses nothing it understood.
Bad input raises :class:`~xl_tiebreak.errors.InputError` naming the line and columns.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path
from typing import Iterable, Mapping, Optional, Union

import numpy as np

from .errors import InputError
from .model import (
    KIND_INDEX,
    KINDS,
    STANDARD_SCORING,
    Kind,
    LazyRounds,
    Player,
    Round,
    Scoring,
    Tournament,
    last_played_round,
)
from .pairings import ENTERED, PAIRED, reconcile_arrays
from .tiebreaks.context import Compiled
from .textutil import is_digits
from .validation import Findings, strict

#: Result code -> kind, for rounds with an opponent (TRF-16 C.04 Annex 2).
_WITH_OPPONENT = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS,
    "W": Kind.SHORT_WIN, "D": Kind.SHORT_DRAW, "L": Kind.SHORT_LOSS,
    "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
}
#: Result code -> kind, for rounds without an opponent (``0000`` or blank). ``+`` is an older
#: spelling of the pairing-allocated bye; ``-`` with no opponent means "not paired" (lichess).
_WITHOUT_OPPONENT = {
    "U": Kind.PAB, "+": Kind.PAB, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE,
    "Z": Kind.ZERO_BYE, "-": Kind.ABSENT, " ": Kind.ABSENT,
}
_CODE_OF = {
    Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0",
    Kind.SHORT_WIN: "W", Kind.SHORT_DRAW: "D", Kind.SHORT_LOSS: "L",
    Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-",
    Kind.PAB: "U", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
}
_TEAM_RECORDS = {"013", "310", "320", "330", "300", "352", "362"}
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}


MAX_TRF_BYTES = 20 * 1024 * 1024


@dataclass(frozen=True)
class Field:
    """A fixed-column field of a TRF record: columns ``first`` to ``last`` (1-based, inclusive),
    what it ``holds``; the writer puts a shorter text ``align``-ed (``<`` left, ``>`` right) and
    ``cut``-s a longer one to the width (texts; numbers are written whole)."""

    name: str
    first: int
    last: int
    holds: str
    align: str = "<"
    cut: bool = False

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    @property
    def cols(self) -> slice:
        """The field's characters: ``line[field.cols]``."""
        return slice(self.first - 1, self.last)

    @property
    def where(self) -> str:
        """``"column 10"``, ``"columns 5-8"``: the words of a finding's place."""
        return _columns(self.first, self.last)


def _columns(first: int, last: int) -> str:
    return f"column {first}" if first == last else f"columns {first}-{last}"


#: Record 001, one player (TIEBREAK_RULES §9.2): the fields before the rounds, in column order.
PLAYER_FIELDS = (
    Field("record", 1, 3, "the record code, 001"),
    Field("no", 5, 8, "start rank, 1-9999 (Player.no)", ">"),
    Field("sex", 10, 10, "sex, m or w", cut=True),
    Field("title", 11, 13, "title: GM IM WGM FM WIM CM WFM WCM, or g m f c wg wm wf wc", ">", cut=True),
    Field("name", 15, 47, "name, 'Last, First'", cut=True),
    Field("rating", 49, 52, "FIDE rating; 0 or blank: unrated", ">"),
    Field("fed", 54, 56, "federation", cut=True),
    Field("fide_id", 58, 68, "FIDE ID", ">", cut=True),
    Field("birth", 70, 79, "birth date, YYYY/MM/DD", cut=True),
    Field("points", 81, 84, "points under the event's scoring system (Player.declared_points)", ">"),
    Field("rank", 86, 89, "rank (Player.declared_rank)", ">"),
)
#: The fields of round 1; those of round r are ``ROUND_STRIDE * (r - 1)`` columns further right.
ROUND_FIELDS = (
    Field("opponent", 92, 95, "the opponent's start rank; 0000 or blank: none", ">"),
    Field("colour", 97, 97, "w, b, or - or blank without an opponent"),
    Field("result", 99, 99, "the result code: 1 = 0 + - W D L with an opponent, U F H Z + - or blank without"),
)
ROUND_STRIDE = 10
#: Every field by name.
FIELDS = {f.name: f for f in PLAYER_FIELDS + ROUND_FIELDS}


def round_where(rnd: int, first: str, last: Optional[str] = None) -> str:
    """Where field ``first`` (to field ``last``) of round ``rnd`` (1-based) is, e.g.
    ``round_where(2, "opponent") == "columns 102-105"``."""
    shift = ROUND_STRIDE * (rnd - 1)
    return _columns(FIELDS[first].first + shift, FIELDS[last or first].last + shift)


def _template(fields: tuple[Field, ...], start: int) -> str:
    """A ``str.format`` template putting each field at its columns, blanks between, from ``start``."""
    out = []
    for f in fields:
        cut = f".{f.width}" if f.cut else ""
        out.append(" " * (f.first - start) + "{%s:%s%d%s}" % (f.name, f.align, f.width, cut))
        start = f.last + 1
    return "".join(out)


_PLAYER_TEMPLATE = _template(PLAYER_FIELDS, 1)
_ROUND_TEMPLATE = _template(ROUND_FIELDS, PLAYER_FIELDS[-1].last + 1)  # one round: ROUND_STRIDE columns
assert ROUND_FIELDS[-1].last - PLAYER_FIELDS[-1].last == ROUND_STRIDE


class _Blank(dict):
    def __missing__(self, key: str) -> str:
        return ""


#: every character a reader may take for the end of a line (str.splitlines' set: LF, CR, VT, FF,
#: FS, GS, RS, NEL, U+2028, U+2029) and every other control character
_NOT_IN_A_LINE = re.compile("[\x00-\x1f\x7f-\x9f\u2028\u2029]")


def one_line(text: str) -> str:
    """``text`` as it may stand inside one TRF line: every line break or control character a
    space, so that no field (a name typed in a spreadsheet cell with Alt+Enter, say) can end its
    line and forge a record of its own.

    >>> one_line("Smith,\\nJohn\\u2028001    9")
    'Smith, John 001    9'
    """
    return _NOT_IN_A_LINE.sub(" ", text) if not text.isprintable() else text


def player_line(fields: Mapping[str, object], rounds: Iterable[tuple[object, object, object]] = ()) -> str:
    """A 001 line: the texts of :data:`PLAYER_FIELDS` by name (blank where not given; ``record``
    is ``001``), then each round's (opponent, colour, result), right-stripped.

    >>> player_line({"no": 3, "name": "Three, C", "points": "1.0"}, [(5, "w", "1")])[80:]
    ' 1.0          5 w 1'
    """
    safe = {k: one_line(v) if isinstance(v, str) else v for k, v in fields.items()}
    line = _PLAYER_TEMPLATE.format_map(_Blank({"record": "001", **safe}))
    return (line + "".join([_ROUND_TEMPLATE.format(opponent=o, colour=c, result=r) for o, c, r in rounds])).rstrip()


#: bytes 0x80-0x9F: printable characters in Windows-1252 (Š, Ž, €, quotes), C1 control codes in Latin-1
_C1 = re.compile(rb"[\x80-\x9f]")


def decode_trf(raw: bytes, source: str, fd: Findings, encoding: Optional[str] = None) -> str:
    """The text of a TRF file: UTF-8 (with or without a byte-order mark), else Windows-1252 (what
    Windows programs write; it shows ``Š``, ``Ž``, ``€`` where Latin-1 has control codes), else
    Latin-1, with a warning naming the guess; ``encoding`` chooses instead of guessing. Every
    U+FEFF (a byte-order mark, also one left before a line by joined files) is dropped."""
    if encoding:
        try:
            text = raw.decode(encoding)
        except LookupError:
            raise InputError(f"unknown encoding {encoding!r} (e.g. utf-8, cp1252, latin-1, cp1250)", "--encoding") from None
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            raise InputError(f"byte 0x{raw[exc.start]:02x} is not {encoding}; choose another --encoding",
                             f"{source} line {line}") from None
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            guess = "cp1252"
            try:
                text = raw.decode("cp1252") if _C1.search(raw) else raw.decode("latin-1")
                if not _C1.search(raw):
                    guess = "latin-1"
            except UnicodeDecodeError:
                text, guess = raw.decode("latin-1"), "latin-1"
            fd.add("encoding", f"not UTF-8 (first at line {line}): read as {guess}"
                   f"{' (Windows-1252)' if guess == 'cp1252' else ''}; if names look wrong, give "
                   "--encoding (e.g. cp1250 for Central European Windows files)", source)
    return text.replace("\ufeff", "") if "\ufeff" in text else text


def read_trf(path: Union[str, Path], *, allow_team: bool = False,
             findings: Optional[Findings] = None, encoding: Optional[str] = None) -> Tournament:
    """Read a TRF file (see :func:`decode_trf` for its text encoding)."""
    p = Path(path)
    fd = findings if findings is not None else strict()
    try:
        if p.stat().st_size > MAX_TRF_BYTES:
            raise InputError(f"the file is larger than {MAX_TRF_BYTES // 2**20} MiB (the limit); a TRF file is "
                             "a few hundred kilobytes", str(path))
        raw = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", str(path)) from None
    text = decode_trf(raw, p.name, fd, encoding)
    return parse_trf(text, source=p.name, allow_team=allow_team, findings=fd)


def parse_trf(text: str, source: str = "<trf>", *, allow_team: bool = False,
              findings: Optional[Findings] = None) -> Tournament:
    """Parse TRF text into a :class:`Tournament`.

    ``allow_team`` reads the individual player lines of a team event; by default team events are
    refused, since their tie-breaks are team tie-breaks. ``findings``: where problems go; by
    default the first error raises :class:`InputError`. A collecting ``Findings`` lists them
    all (the ``check`` command); the tournament it returns is then only a best effort.
    """
    fd = findings if findings is not None else strict()
    header: list[str] = []
    player_lines: list[tuple[int, str]] = []
    declared_rounds: Optional[tuple[int, int]] = None  # (rounds, line number)
    scoring = STANDARD_SCORING
    kind: Optional[str] = None
    kind192: Optional[str] = None
    start: Optional[str] = None
    name = ""
    tiebreaks: tuple[str, ...] = ()
    tb202: Optional[tuple[str, ...]] = None
    team = False
    has_162 = False

    for lineno, line in enumerate(text.splitlines(), start=1):
        if line[:3] == "001":  # the bulk of a file: kept for the columnar reader below
            player_lines.append((lineno, line))
            continue
        line = line.rstrip("\r\n")
        if not line.strip() or line.startswith("###"):
            continue
        code = line[:3]
        rest = line[4:].strip()
        where = f"{source} line {lineno}"
        if code in _TEAM_RECORDS:
            team = True
        if code == "012":
            name = rest
        elif code == "042":
            start = parse_date(rest)
            if start is None and rest:
                fd.add("date", f"start date {rest!r} is not a date (write YYYY/MM/DD)", f"{where}, column 5")
            elif start is not None:
                from .editions import date_note
                note = date_note(start)
                if note:
                    fd.add("edition", note, f"{where}, column 5")
        elif code in ("XXR", "142"):
            m = re.match(r"\s*(\d+)", line[4:])
            if not m or not 1 <= int(m.group(1)) <= 999:
                fd.add("layout", f"record {code} must give the number of rounds, found {rest!r}",
                       f"{where}, column 5")
                continue
            declared_rounds = (int(m.group(1)), lineno)
        elif code == "162":
            try:
                scoring = _parse_scoring(line, where)
                has_162 = True
            except InputError as exc:
                fd.add("layout", exc.detail, exc.where)
        elif code == "092":
            low = rest.lower()
            if "team" in low:
                team = True
            kind = event_type(rest) or kind
        elif code == "192":
            up = rest.upper()
            if "TEAM" in up or "SCHILLER" in up:
                team = True
            kind192 = event_type(rest, "192")
        elif code == "082":
            m = re.match(r"\s*(\d+)", rest)
            if m and int(m.group(1)) > 0:
                team = True
        elif code == "202":
            tb202 = _split_list(rest)
        elif code == "212":
            items = _split_list(rest)
            if tb202 is None:
                tiebreaks = tuple(t for t in items if t.upper() != "PTS")
        header.append(line)
    if tb202 is not None:
        tiebreaks = tb202
    if team and not allow_team:
        raise InputError("this is a team event (records 082/092/192/013/3xx); xl-tiebreak computes "
                         "individual tie-breaks only", source)
    if not player_lines:
        raise InputError("no player records (lines starting with 001) found", source)

    if start is None and not any(ln[:3] == "042" and ln[4:].strip() for ln in header):
        from .editions import DEFAULT_EDITION
        fd.add("edition", f"no start date (record 042): the rules in force are not known, so {DEFAULT_EDITION.name} "
               "(the newest edition) is assumed; add record 042 or choose the edition with --rules", source)
    t = _read_players(player_lines, declared_rounds, source, header, scoring, kind192 or kind, start,
                      name, tiebreaks, fd, team=team, explicit=has_162)
    if tiebreaks and not team:  # (a team event's codes are team tie-breaks)
        _check_descriptors(text, tiebreaks, t.rounds, source, fd)
    return t


def _check_descriptors(text: str, codes: tuple[str, ...], rounds: int, source: str, fd: Findings) -> None:
    """Each tie-break of record 202 (or 212) must be one the program computes, with a cut that
    leaves something of the event's rounds: an unknown code or modifier is reported with its line,
    not left for the computation to stumble on."""
    from .descriptor import fits_rounds, parse_descriptor
    from .errors import DescriptorError
    line = next((k for k, ln in enumerate(text.splitlines(), start=1) if ln[:3] in ("202", "212")), 0)
    for k, code in enumerate(codes, start=1):
        try:
            fits_rounds(parse_descriptor(code), code, rounds)
        except DescriptorError as exc:
            fd.add("descriptor", f"tie-break {k} of the list: {exc}", f"{source} line {line}")


def _split_list(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in re.split(r"[,;\s]+", text) if t.strip())


def parse_date(text: str) -> Optional[str]:
    """Start date to ISO; ``None`` when the format is not recognised."""
    t = text.strip()
    m = re.match(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})", t) or \
        re.match(r"(\d{2})/(\d{2})/(\d{2})$", t)  # TRF's YY/MM/DD
    if m:
        y, mo, d = map(int, m.groups())
        if y < 100:
            y += 2000
    else:
        m = re.match(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{2,4})", t)
        if m:
            d, mo, y = map(int, m.groups())
            if y < 100:
                y += 2000
        else:
            m = re.match(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", t)
            if not m or m.group(1).lower() not in _MONTHS:
                return None
            mo, d, y = _MONTHS[m.group(1).lower()], int(m.group(2)), int(m.group(3))
    import datetime
    try:
        return datetime.date(y, mo, d).isoformat()  # 2025/13/45 and 2025/02/30 are not dates
    except ValueError:
        return None


def _parse_scoring(line: str, where: str) -> Scoring:
    """Record 162: symbols W D L A P X, each with its points: the symbol at column 6 and the
    points at 7-10, repeated every 9 columns; a freer ``W 3.0  D 1.0`` spelling is accepted."""
    values: dict[str, Fraction] = {}
    for col in range(6, len(line) + 1, 9):
        sym, pts = _field(line, col, col).strip().upper(), _field(line, col + 1, col + 4).strip()
        if sym in "WDLAPX" and sym and re.fullmatch(r"\d+(?:[.,]\d+)?", pts):
            values[sym] = Fraction(pts.replace(",", "."))
    free: dict[str, Fraction] = {}
    for m in re.finditer(r"(?<![A-Za-z])([WDLAPX])\s*=?\s*(\d+(?:[.,]\d+)?)(?![\d.])", line[4:]):
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


_NO, _SEX, _TITLE, _NAME, _RATING, _FED, _FIDE_ID, _BIRTH, _POINTS, _RANK = (
    FIELDS[n].cols for n in ("no", "sex", "title", "name", "rating", "fed", "fide_id", "birth", "points", "rank"))


def _player_fields(line: str, lineno: int, source: str, fd: Findings,
                   points_seen: dict[str, Fraction]) -> Optional[dict]:
    """The identity fields of a 001 line (:data:`PLAYER_FIELDS`) as Player attributes, in field
    order; ``None`` when the start rank is unreadable (reported)."""
    no_text = line[_NO].strip()
    if not (no_text.isascii() and no_text.isdigit()) or int(no_text) < 1:  # (is_digits, inline)
        fd.add("layout", f"start rank {no_text!r} is not a number from 1 to 9999",
               f"{source} line {lineno}, {FIELDS['no'].where}")
        return None
    rating_text = line[_RATING].strip()
    rating = None
    if rating_text and not (rating_text.isascii() and rating_text.isdigit()):
        fd.add("layout", f"rating {rating_text!r} is not a number (leave it blank or 0 for unrated)",
               f"{source} line {lineno}, {FIELDS['rating'].where}")
    elif rating_text and int(rating_text) > 0:
        rating = int(rating_text)
    pts_text = line[_POINTS].strip().replace(",", ".")
    declared: Optional[Fraction] = None
    if pts_text:
        declared = points_seen.get(pts_text)
        if declared is None:
            if not re.fullmatch(r"\d+(\.\d+)?", pts_text):
                fd.add("layout", f"points {pts_text!r} is not a number",
                       f"{source} line {lineno}, {FIELDS['points'].where}")
            else:
                declared = points_seen[pts_text] = Fraction(pts_text)
    rank_text = line[_RANK].strip()
    return {"no": int(no_text), "name": line[_NAME].strip(), "rating": rating, "rounds": (),
            "title": line[_TITLE].strip(), "fed": line[_FED].strip(), "sex": line[_SEX].strip(),
            "fide_id": line[_FIDE_ID].strip(), "birth": line[_BIRTH].strip(), "declared_points": declared,
            "declared_rank": int(rank_text) if rank_text.isascii() and rank_text.isdigit() else None}


#: Round 1's fields (opponent, colour, result) as slices of a line; round r's are
#: ``ROUND_STRIDE * (r - 1)`` further right.
_ROUND_SLICES = tuple(f.cols for f in ROUND_FIELDS)
_ROUNDS_FROM = _ROUND_SLICES[0].start  # where round 1 starts: its opponent


def _round_count(size: int) -> int:
    """How many rounds a 001 line of ``size`` characters (right-stripped) reaches into."""
    return (size - _ROUNDS_FROM - 1) // ROUND_STRIDE + 1 if size > _ROUNDS_FROM else 0


def _round_fields(line: str) -> list[tuple[str, str, str]]:
    """The round fields (opponent, colour, result) of a 001 line, up to its last non-blank one."""
    (o1, o2), (c1, c2), (r1, r2) = ((f.start, f.stop) for f in _ROUND_SLICES)
    fields = []
    for at in range(0, ROUND_STRIDE * _round_count(len(line.rstrip())), ROUND_STRIDE):
        fields.append((line[o1 + at:o2 + at].ljust(o2 - o1), line[c1 + at:c2 + at].ljust(c2 - c1),
                       line[r1 + at:r2 + at].ljust(r2 - r1)))
    return fields


def _code_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Lookup tables over the code points 0-255 of a result or colour column, for the columnar
    reader: kind index with an opponent, without one (-1: not a result there; a blank result with
    an opponent is a pending pairing), colour (0 none, 1 white, 2 black, -1 not a colour)."""
    with_opp = np.full(256, -1, np.int8)
    without = np.full(256, -1, np.int8)
    colour = np.full(256, -1, np.int8)
    for c in range(256):
        ch = chr(c)
        res = ch.upper() if ch != "½" else "="
        if res == " ":
            with_opp[c] = KIND_INDEX[Kind.NOT_PLAYED]
        elif res in _WITH_OPPONENT:
            with_opp[c] = KIND_INDEX[_WITH_OPPONENT[res]]
        if res in _WITHOUT_OPPONENT:
            without[c] = KIND_INDEX[_WITHOUT_OPPONENT[res]]
        if ch in " -wbWB":
            colour[c] = _COLOUR_INDEX[ch.lower() if ch.lower() in ("w", "b") else None]
    return with_opp, without, colour


_COLOUR_INDEX = {None: 0, "w": 1, "b": 2}
_COLOURS = (None, "w", "b")
_TABLES: list = []


def _scan_rounds(kept: list[tuple[int, str]], nrounds: int, source: str, fd: Findings
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every round field of every player line, read column-wise into arrays (players x rounds):
    kind index (:data:`~xl_tiebreak.model.KINDS`), opponent start number (0: none), colour index
    and the cells reported as unreadable. Lines with anything unusual in their round fields (a
    bad field, a left-aligned number, other blanks) are read field by field instead, which words
    the findings exactly as before."""
    n, R = len(kept), nrounds
    kind = np.full((n, R), KIND_INDEX[Kind.ABSENT], np.int8)
    opp = np.zeros((n, R), np.int32)
    colour = np.zeros((n, R), np.int8)
    bad = np.zeros((n, R), bool)
    if R == 0:
        return kind, opp, colour, bad
    if not _TABLES:
        _TABLES.extend(_code_tables())
    with_opp, without, colour_of = _TABLES
    lines = [line for _, line in kept]
    width = _ROUNDS_FROM + ROUND_STRIDE * R
    m = np.array(lines, dtype=f"<U{width}").view(np.uint32).reshape(n, width)
    m = np.where(m == 0, 32, m)  # beyond the end of a line: blanks, as the field reader pads
    f = m[:, _ROUNDS_FROM:].reshape(n, R, ROUND_STRIDE)  # each round's columns, from its opponent on
    (o1, o2), (c1, _), (r1, _) = ((sl.start - _ROUNDS_FROM, sl.stop - _ROUNDS_FROM) for sl in _ROUND_SLICES)
    o, c, res = f[:, :, o1:o2], f[:, :, c1], f[:, :, r1]
    digit = (o >= 48) & (o <= 57)
    blank = o == 32
    clean = (digit | blank).all(axis=2) & ~(digit[:, :, :-1] & blank[:, :, 1:]).any(axis=2)  # right-aligned
    v = np.where(digit, o - 48, 0).astype(np.int32)
    number = sum(v[:, :, i] * 10 ** (o2 - o1 - 1 - i) for i in range(o2 - o1))  # the digits' value
    paired = number > 0
    res8 = np.minimum(res, 255)
    k = np.where(paired, with_opp[res8], without[res8])
    col = colour_of[np.minimum(c, 255)]
    unusual = (~clean | (k < 0) | (res > 255) | (col < 0) | (c > 255)).any(axis=1)
    if "\x00" in "".join(lines):  # a NUL inside a line is not a blank
        unusual |= np.array(["\x00" in line for line in lines])
    kind[:] = np.where(k < 0, kind, k)
    opp[:] = np.where(paired, number, 0)
    colour[:] = np.where(paired & (col > 0), col, 0)
    for i in np.flatnonzero(unusual).tolist():
        lineno, line = kept[i]
        fields = _round_fields(line)
        where = f"{source} line {lineno}"
        for r in range(R):
            opp_t, col_t, res_t = fields[r] if r < len(fields) else ("    ", " ", " ")
            before = len(fd.items)
            k_, o_, c_ = _round_field(opp_t, col_t, res_t, r, where, fd)
            bad[i, r] = len(fd.items) > before
            kind[i, r] = KIND_INDEX[k_]
            opp[i, r] = o_ or 0
            colour[i, r] = _COLOUR_INDEX[c_]
    return kind, opp, colour, bad


class _TrfRounds:
    """The rounds of a TRF file as arrays (players in start order x rounds); builds a player's
    :class:`Round` objects when first asked (:class:`~xl_tiebreak.model.LazyRounds`)."""

    def __init__(self, kind: np.ndarray, opp: np.ndarray, colour: np.ndarray, scoring: Scoring) -> None:
        self.kind, self.opp, self.colour = kind, opp, colour
        self.rounds_count = kind.shape[1]
        self.points = [Fraction(0) if k is Kind.NOT_PLAYED else scoring.points(k) for k in KINDS]

    def rounds_of(self, row: int) -> tuple[Round, ...]:
        pts = self.points
        return tuple(Round(KINDS[k], o or None, _COLOURS[c], pts[k]) for k, o, c in
                     zip(self.kind[row].tolist(), self.opp[row].tolist(), self.colour[row].tolist()))


def _read_players(player_lines: list[tuple[int, str]], declared_rounds: Optional[tuple[int, int]],
                  source: str, header: list[str], scoring: Scoring, event_kind: Optional[str],
                  start: Optional[str], name: str, tiebreaks: tuple[str, ...], fd: Findings, *,
                  team: bool, explicit: bool) -> Tournament:
    """The player records: identity fields line by line, round fields column-wise, then the
    pairings checked (:func:`xl_tiebreak.pairings.reconcile_arrays`) and the points fields
    against the results."""
    ids: list[dict] = []
    kept: list[tuple[int, str]] = []
    nos: dict[int, int] = {}
    points_seen: dict[str, Fraction] = {}
    for lineno, line in player_lines:
        got = _player_fields(line, lineno, source, fd, points_seen)
        if got is None:
            continue
        no = got["no"]
        if no in nos:
            fd.add("duplicate-player", f"start number {no} is used twice (also line "
                   f"{nos[no]}); give every player his own number",
                   f"{source} line {lineno}, {FIELDS['no'].where}")
            continue
        nos[no] = lineno
        kept.append((lineno, line))
        ids.append(got)
    if not ids:
        raise InputError("no readable player records", source)
    body = [len(line.rstrip()) for _, line in kept]
    if declared_rounds is not None:
        nrounds, rline = declared_rounds
        for (lineno, line), size, p in zip(kept, body, ids):
            if _round_count(size) > nrounds:
                extra = [i for i, f in enumerate(_round_fields(line), start=1) if i > nrounds and f[2] != " "]
                if extra:
                    fd.add("rounds", f"player {p['no']} has a result in round {extra[0]}, but line {rline} "
                           f"says the event has {nrounds} rounds", f"{source} line {lineno}")
    else:
        nrounds = max(_round_count(size) for size in body)
    before = len(fd.items)
    kind, opp, colour, bad = _scan_rounds(kept, nrounds, source, fd)
    played = last_played_round(PAIRED[kind], ENTERED[kind])
    later = (kind == KIND_INDEX[Kind.ABSENT]) & (np.arange(nrounds)[None, :] >= played)
    kind[later] = KIND_INDEX[Kind.NOT_PLAYED]  # nothing entered after the last round played: not played yet
    row_nos = np.array([p["no"] for p in ids], dtype=np.int64)
    kind = reconcile_arrays(row_nos, kind, opp, colour,
                            lambda no, r: f"{source} line {nos[no]}, {round_where(r, 'opponent', 'result')}",
                            fd, swiss=event_kind != "round-robin", bad=bad)
    clean = not any(f.severity == "error" for f in fd.items[before:])
    if clean and not team:  # (a team event's board lines may carry points from the team's byes)
        scoring = _settle_scoring(kind, ids, scoring, explicit, source, nos, fd)
    order = np.argsort(row_nos, kind="stable")
    kind, opp, colour = kind[order], opp[order], colour[order]
    rounds = _TrfRounds(kind, opp, colour, scoring)
    players = []
    for row, i in enumerate(order.tolist()):
        fields = ids[i]
        fields["rounds"] = LazyRounds(rounds, row)
        players.append(Player(**fields))
    arrays = None
    if clean and not any(f.severity == "error" for f in fd.items):
        arrays = Compiled.from_pairings(scoring, row_nos[order], kind, opp, colour)
    return Tournament(players=tuple(players), rounds=nrounds, name=name, scoring=scoring, kind=event_kind,
                      start_date=start, tiebreaks=tiebreaks, header=tuple(header), arrays=arrays)


def _round_field(opp_t: str, col_t: str, res_t: str, r: int, where: str, fd: Findings
                 ) -> tuple[Kind, Optional[int], Optional[str]]:
    """One round's opponent, colour and result; a bad field is reported and read as absent."""
    absent = (Kind.ABSENT, None, None)
    opp_s = opp_t.strip()
    if opp_s and not is_digits(opp_s):
        fd.add("notation", f"round {r + 1}: opponent {opp_s!r} is not a start number (0000 for a bye)",
               f"{where}, {round_where(r + 1, 'opponent')}")
        return absent
    opp = int(opp_s) if opp_s and int(opp_s) > 0 else None
    res = res_t.upper() if res_t != "½" else "="
    colour = col_t.lower() if col_t.lower() in ("w", "b") else None
    if col_t not in " -wbWB":
        fd.add("notation", f"round {r + 1}: colour {col_t!r} is not w, b or -",
               f"{where}, {round_where(r + 1, 'colour')}")
    if opp is not None:
        if res == " ":
            return (Kind.NOT_PLAYED, opp, colour)  # paired, no result yet
        k = _WITH_OPPONENT.get(res)
        if k is None:
            if res in "UFHZ":
                fd.add("bye-with-opponent", f"round {r + 1}: a bye ({res_t}) has no opponent; write "
                       f"0000 - {res}, or the game's result (1 = 0 + -) against {opp}",
                       f"{where}, {round_where(r + 1, 'opponent', 'result')}")
            else:
                fd.add("notation", f"round {r + 1}: result {res_t!r} with an opponent; expected one of "
                       "1 = 0 + - W D L", f"{where}, {round_where(r + 1, 'result')}")
            return absent
        return (k, opp, colour)
    k = _WITHOUT_OPPONENT.get(res)
    if k is None:
        fd.add("notation", f"round {r + 1}: result {res_t!r} without an opponent; a bye is written "
               "0000 - U (or F, H, Z)", f"{where}, {round_where(r + 1, 'result')}")
        return absent
    return (k, None, None)


#: scoring systems tried, in order, when a file without record 162 has points that 1/½/0 does
#: not explain (a PAB worth a draw or nothing; 3/1/0 and 2/1/0 with their PAB values)
_CANDIDATES = [Scoring(pab=Fraction(1, 2)), Scoring(pab=Fraction(0))] + [
    Scoring(win=Fraction(w), draw=Fraction(1), loss=Fraction(0), absent=Fraction(0), pab=Fraction(p))
    for w in (3, 2) for p in (w, 1, 0)]


def _totals(kind: np.ndarray, scoring: Scoring, upto: int) -> tuple[int, np.ndarray, np.ndarray]:
    """Each player's points under ``scoring`` as integers over a common denominator ``scale``:
    (scale, over rounds 1..upto, over all rounds). A round not played yet is worth nothing."""
    values = [Fraction(0) if k is Kind.NOT_PLAYED else Fraction(scoring.points(k)) for k in KINDS]
    scale = scoring.scale
    pts = np.array([v.numerator * (scale // v.denominator) for v in values], dtype=np.int64)[kind]
    return scale, pts[:, :upto].sum(axis=1), pts.sum(axis=1)


def _disagreeing(kind: np.ndarray, declared: list[Optional[Fraction]], scoring: Scoring
                 ) -> tuple[np.ndarray, int, np.ndarray]:
    """Rows whose points field differs from their results (byes entered ahead allowed), with the
    scale and the totals of the results."""
    scale, upto, full = _totals(kind, scoring, last_played_round(PAIRED[kind], ENTERED[kind]))
    scaled: dict[int, int] = {id(None): -2}  # by identity: the reader shares one Fraction per spelling
    for d in declared:
        if id(d) not in scaled:
            num = d * scale
            scaled[id(d)] = num.numerator if num.denominator == 1 else -1  # -1: no total can equal it
    given = np.array([scaled[id(d)] for d in declared], dtype=np.int64)
    return (given != -2) & (given != upto) & (given != full), scale, full


def _settle_scoring(kind: np.ndarray, ids: list[dict], scoring: Scoring, explicit: bool, source: str,
                    lines: dict[int, int], findings: Findings) -> Scoring:
    """The points field (``FIELDS["points"]``) must agree with the results. Without record 162 the
    scoring system is the first of the usual ones that explains every player's points (with a
    warning); if none does, or record 162 does not, the disagreeing lines are reported. Returns
    the scoring system to use."""
    declared = [p["declared_points"] for p in ids]
    if all(d is None for d in declared):
        return scoring
    bad, scale, full = _disagreeing(kind, declared, scoring)
    if not bad.any():
        return scoring
    if not explicit:
        for s in _CANDIDATES:
            if not _disagreeing(kind, declared, s)[0].any():
                findings.add("scoring", f"no record 162, but the points fit win {_num(s.win)}, draw "
                             f"{_num(s.draw)}, pairing-allocated bye {_num(s.pab_points)}; that scoring "
                             f"is used (say so in a 162 record)", source)
                return s
    hint = ("check the results or record 162" if explicit else
            "no usual scoring system explains the points; give one in record 162 (e.g. '162  W 3.0  D 1.0')")
    for i in sorted(np.flatnonzero(bad).tolist(), key=lambda i: ids[i]["no"]):
        p = ids[i]
        findings.add("points", f"player {p['no']} has {_num(p['declared_points'])} points, but the results "
                     f"give {_num(Fraction(int(full[i]), scale))}; {hint}",
                     f"{source} line {lines[p['no']]}, {FIELDS['points'].where}")
    return scoring


def write_trf(t: Tournament) -> str:
    """TRF-16 text for a tournament (plus TRF-26 records 142/162/202 where they carry data).

    The header records read (``t.header``) come back in their order, verbatim, except those the
    tournament itself settles: 012 the event's name, 042 the start date (the text read is kept
    when it is that date), 092/192 the type (kept when they say it), XXR/142 the number of rounds,
    162 the scoring, 202/212 the tie-breaks (kept when they list them), 062/072 the player counts
    (kept while the number of players is the same). What the header lacks is added after it."""
    out: list[str] = []
    done: set[str] = set()
    nplayers = len(t.players)
    counts_kept = any(ln[:3] == "062" and ln[4:].strip() == str(nplayers) for ln in t.header)
    for line in t.header:
        got = _header_line(t, line, done, counts_kept)
        if got is not None:
            out.append(one_line(got))
    if "012" not in done:
        out.insert(0, f"012 {one_line(t.name)}".rstrip())
    if "042" not in done and t.start_date:
        out.append(f"042 {t.start_date.replace('-', '/')}")
    if "092" not in done and t.kind:
        out.append(_type_line(t.kind))
    if "XXR" not in done:
        out.append(f"XXR {t.rounds}")
    if not t.scoring.is_standard:
        out.append(_scoring_line(t.scoring))
    if "202" not in done and t.tiebreaks:
        out.append("202 " + one_line(",".join(t.tiebreaks)))
    colours = missing_colours(t)
    for p in t.players:
        out.append(_player_line(p, colours))
    return "\n".join(out) + "\n"


def _header_line(t: Tournament, line: str, done: set[str], counts_kept: bool) -> Optional[str]:
    """One header record as written back (see :func:`write_trf`), or None when it is dropped;
    ``done`` collects the codes settled."""
    code, rest = line[:3], line[4:].strip()
    if code == "012":
        if "012" in done:
            return None
        done.add(code)
        return f"012 {t.name}".rstrip() if t.name else line
    if code == "042":
        if "042" in done or not t.start_date:
            return None
        done.add(code)
        return line if parse_date(rest) == t.start_date else f"042 {t.start_date.replace('-', '/')}"
    if code in ("092", "192"):
        said = event_type(rest, code)
        if said == t.kind or not t.kind:
            done.add("092")
            return line
        if "092" in done:
            return None
        done.add("092")
        return _type_line(t.kind)
    if code in ("XXR", "142"):
        if "XXR" in done:
            return None
        done.add("XXR")
        return f"{code} {t.rounds}"
    if code == "162":
        return None  # written from t.scoring after the header
    if code in ("202", "212"):
        if "202" in done or not t.tiebreaks:
            return None
        done.add("202")
        listed = _split_list(rest)
        if code == "212":
            listed = tuple(c for c in listed if c.upper() != "PTS")
        return line if listed == tuple(t.tiebreaks) else "202 " + ",".join(t.tiebreaks)
    if code in ("062", "072") and not counts_kept:
        if code == "062":
            return f"062 {len(t.players)}"
        return f"072 {sum(1 for p in t.players if p.rating)}"
    return line


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


def _type_line(kind: str) -> str:
    return "092 Individual: " + ("Round Robin" if kind == "round-robin" else "Swiss-System")


def _scoring_line(s: Scoring) -> str:
    parts = [("W", s.win), ("D", s.draw), ("L", s.loss), ("A", s.absent), ("P", s.pab_points)]
    return "162 " + "".join(f" {c}{_num(v):>4}   " for c, v in parts).rstrip()


def missing_colours(t: Tournament) -> dict[tuple[int, int], str]:
    """Colours for the rounds with an opponent but none typed (a forfeit written ``+6`` or
    ``-4``, a game written ``12 1`` or ``W12``): FIDE's reference engine refuses a pairing
    without colours. The opponent's colour, mirrored, when his cell has one; else white for the
    lower start number, black for the other, so that both sides of a game agree. Keys are
    (start number, round index)."""
    got: dict[tuple[int, int], str] = {}
    index = {p.no: p for p in t.players}
    for p in t.players:
        for i, r in enumerate(p.rounds):
            if r.opponent is None or r.colour is not None:
                continue
            other = index.get(r.opponent)
            mine = None
            if other is not None and i < len(other.rounds):
                theirs = other.rounds[i]
                if theirs.opponent == p.no and theirs.colour in ("w", "b"):
                    mine = "b" if theirs.colour == "w" else "w"
            got[(p.no, i)] = mine or ("w" if p.no < r.opponent else "b")
    return got


def _num(v: Fraction) -> str:
    """A points value as TRF writes it: one decimal, or two for quarter points."""
    s = f"{float(v):.1f}"
    return s if Fraction(s) == v else f"{float(v):.2f}"


def _player_line(p: Player, colours: Optional[Mapping[tuple[int, int], str]] = None) -> str:
    rank = p.declared_rank
    colours = colours or {}
    return player_line({"no": p.no, "sex": p.sex, "title": p.title, "name": p.name, "rating": p.rating or "",
                        "fed": p.fed, "fide_id": p.fide_id, "birth": p.birth, "points": _num(p.score()),
                        "rank": "" if rank is None else rank},
                       [_round_texts(r, colours.get((p.no, i))) for i, r in enumerate(p.rounds)])


def _round_texts(r: Round, colour: Optional[str] = None) -> tuple[object, str, str]:
    """A round's opponent, colour and result as a 001 line writes them; ``colour`` stands in
    for a colour the round lacks (see :func:`missing_colours`)."""
    if r.kind in (Kind.ABSENT, Kind.WITHDRAWN) or (r.kind is Kind.NOT_PLAYED and r.opponent is None):
        return "", " ", " "
    if r.kind is Kind.NOT_PLAYED:  # paired, result to come
        return r.opponent, r.colour or colour or "-", " "
    if r.opponent is None:
        return "0000", "-", _CODE_OF[r.kind]
    return r.opponent, r.colour or colour or "-", _CODE_OF[r.kind]
