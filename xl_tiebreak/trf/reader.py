"""The TRF reader (TIEBREAK_RULES §9): a TRF-16 / TRF-26 file to a :class:`~xl_tiebreak.model.Tournament`.

The header records are read by their handlers (:mod:`.records`); the player records (001) by
the column table (:mod:`.layout`): identity fields line by line, round fields column-wise into
the arrays the engine works on, the pairings checked on those arrays. Bad input raises
:class:`~xl_tiebreak.errors.InputError` naming the line and columns (or, with a collecting
:class:`~xl_tiebreak.validation.Findings`, lists every problem).
"""

from __future__ import annotations

import re
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional, Union

import numpy as np

from ..dates import birth_as_trf
from ..errors import InputError
from ..input_file import read_input_file
from ..model import KIND_INDEX, KINDS, Kind, LazyRounds, Player, Round, Scoring, Tournament, last_played_round
from ..name_text import clean_name
from ..pairings import ENTERED, PAIRED, reconcile_arrays
from ..number_text import is_digits
from ..textutil import lines_of
from ..arrays import Compiled
from ..validation import Findings, strict
from .encoding import C1_BYTES, check_encoding, detect_encoding
from .layout import (
    FIELDS,
    RESULT_WITH_OPPONENT,
    RESULT_WITHOUT_OPPONENT,
    ROUND_SLICES,
    ROUND_STRIDE,
    ROUNDS_FROM,
    points_text,
    round_count,
    round_fields,
    round_where,
)
from .records import Header, read_header_line

MAX_TRF_BYTES = 20 * 1024 * 1024


def decode_trf(raw: bytes, source: str, fd: Findings, encoding: Optional[str] = None) -> str:
    """The text of a TRF file: UTF-8 (with or without a byte-order mark), else Windows-1252 (what
    Windows programs write; it shows ``Š``, ``Ž``, ``€`` where Latin-1 has control codes), else
    Windows-1250, else Latin-1 (:func:`~xl_tiebreak.trf.encoding.detect_encoding`), with a warning
    naming the guess; ``encoding`` chooses instead of guessing
    (:func:`~xl_tiebreak.trf.encoding.check_encoding`). Every U+FEFF (a byte-order mark, also one
    left before a line by joined files) is dropped."""
    if encoding:
        name = check_encoding(encoding)
        try:
            text = raw.decode(name)
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            raise InputError(f"byte 0x{raw[exc.start]:02x} is not {encoding}; choose another --encoding",
                             f"{source} line {line}") from None
    else:
        try:
            text = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            line = raw[:exc.start].count(b"\n") + 1
            guess = detect_encoding(raw)
            text = raw.decode(guess)
            other = "cp1257 for Baltic" if guess == "cp1250" else "cp1250 for Central European"
            fd.add("encoding", f"not UTF-8 (first at line {line}): read as {guess}{_GUESS_NOTES.get(guess, '')}; if "
                   f"names look wrong, give --encoding (e.g. {other} Windows files){_control_codes(raw, guess)}",
                   source)
    return text.replace("\ufeff", "") if "\ufeff" in text else text


_GUESS_NOTES = {"cp1252": " (Windows-1252)", "cp1250": " (Windows-1250, Central European: Windows-1252 has no letter "
                "for one of its bytes)"}


def _control_codes(raw: bytes, guess: str) -> str:
    """What a Latin-1 guess makes of the bytes 0x80-0x9F: control codes, which the names lose."""
    if guess != "latin-1":
        return ""
    found = sorted(set(C1_BYTES.findall(raw)))
    if not found:
        return ""
    shown = ", ".join(f"0x{b[0]:02x}" for b in found[:5]) + (" ..." if len(found) > 5 else "")
    return (f"; its bytes {shown} are no letter in Windows-1252 or Windows-1250 and control codes in Latin-1: "
            "dropped from every name and field they stand in")


def read_trf(path: Union[str, Path], *, allow_team: bool = False, findings: Optional[Findings] = None,
             encoding: Optional[str] = None, check_list: bool = True) -> Tournament:
    """Read a TRF file (see :func:`decode_trf` for its text encoding; :func:`parse_trf` for the
    rest)."""
    fd = findings if findings is not None else strict()
    text, source = trf_text(path, fd, encoding)
    return parse_trf(text, source=source, allow_team=allow_team, findings=fd, check_list=check_list)


def trf_text(path: Union[str, Path], fd: Findings, encoding: Optional[str] = None) -> tuple[str, str]:
    """A TRF file's text (size-limited, decoded by :func:`decode_trf`) and the name findings use."""
    p = Path(path)
    return decode_trf(_trf_bytes(p), p.name, fd, encoding), p.name


def trf_encoding(path: Union[str, Path]) -> str:
    """The encoding a TRF file is read in when none is given
    (:func:`~xl_tiebreak.trf.encoding.detect_encoding`)."""
    return detect_encoding(_trf_bytes(Path(path)))


def _trf_bytes(p: Path) -> bytes:
    return read_input_file(p, MAX_TRF_BYTES, f"the file is larger than {MAX_TRF_BYTES // 2**20} MiB (the limit); a "
                           "TRF file is a few hundred kilobytes")


def parse_trf(text: str, source: str = "<trf>", *, allow_team: bool = False,
              findings: Optional[Findings] = None, check_list: bool = True) -> Tournament:
    """Parse TRF text into a :class:`Tournament`.

    ``allow_team`` reads the individual player lines of a team event; by default team events are
    refused, since their tie-breaks are team tie-breaks. ``findings``: where problems go; by
    default the first error raises :class:`InputError`. A collecting ``Findings`` lists them
    all (the ``check`` command); the tournament it returns is then only a best effort.
    ``check_list=False``: the caller replaces the file's tie-break list (``--tiebreaks``), so a
    code of record 202 the program does not know is no error here.
    """
    fd = findings if findings is not None else strict()
    h = Header()
    player_lines: list[tuple[int, str]] = []
    for lineno, line in enumerate(lines_of(text), start=1):
        if line[:3] == "001":  # the bulk of a file: kept for the columnar reader below
            player_lines.append((lineno, line))
        else:
            read_header_line(h, line, lineno, source, fd)
    header, team, tiebreaks = h.lines, h.team, h.tiebreaks
    if team and not allow_team:
        raise InputError("this is a team event (records 082/092/192/013/3xx), and this command reads individual events "
                         "only; compute, standings, explain, compare, check, prizes, whatif, publish, workbook, print "
                         "and export-trf take a team TRF (xl_tiebreak.trf.teams.read_team_trf in Python)", source)
    if not player_lines:
        raise InputError("no player records (lines starting with 001) found", source)

    if h.start is None and not any(ln[:3] == "042" and ln[4:].strip() for ln in header):
        from ..editions import DEFAULT_EDITION
        fd.add("edition", f"no start date (record 042): the rules in force are not known, so {DEFAULT_EDITION.name} "
               "(the newest edition) is assumed; add record 042 or choose the edition with --rules", source)
    t = _read_players(player_lines, h.rounds, source, header, h.scoring, h.kind, h.start,
                      h.name, tiebreaks, fd, team=team, explicit=h.explicit_scoring)
    if tiebreaks and not team and check_list:  # (a team event's codes are team tie-breaks)
        _check_descriptors(text, source, fd)
    return t


def _check_descriptors(text: str, source: str, fd: Findings) -> None:
    """Each tie-break of record 202 (or 212) must be one the program computes: an unknown code or
    modifier is reported with its line, not left for the computation to stumble on. (A cut larger
    than the rounds is no error: it leaves nothing, C.07 Art. 14.1; ``check`` warns of it.)"""
    from ..descriptor import parse_descriptor
    from ..errors import DescriptorError
    from ..list_check import entry_error, trf_list
    entries, scores = trf_list(lines_of(text), source)
    for k, (code, where) in enumerate(entries, start=1):
        if code and code.upper() not in scores:  # (an empty entry is check's warning; 212's PTS: its score)
            try:
                parse_descriptor(code)
            except DescriptorError as exc:
                fd.add("descriptor", entry_error(k, exc), where)


_NO, _RATING, _POINTS, _RANK = (FIELDS[n].cols for n in ("no", "rating", "points", "rank"))
#: the text fields of a 001 line, each read as names are (:func:`~xl_tiebreak.name_text.clean_name`)
_TEXT_FIELDS = tuple((n, FIELDS[n].cols) for n in ("sex", "title", "name", "fed", "fide_id", "birth"))
_SAID = {"sex": "sex", "title": "title", "name": "name", "fed": "federation", "fide_id": "FIDE ID",
         "birth": "birth date"}


def _player_fields(line: str, lineno: int, source: str, fd: Findings,
                   points_seen: dict[str, Fraction]) -> Optional[dict[str, Any]]:
    """The identity fields of a 001 line (:data:`PLAYER_FIELDS`) as Player attributes, in field
    order; ``None`` when the start rank is unreadable (reported)."""
    no_text = line[_NO].strip()
    if not is_digits(no_text) or int(no_text) < 1:
        fd.add("layout", f"start rank {no_text!r} is not a number from 1 to 9999",
               f"{source} line {lineno}, {FIELDS['no'].where}")
        return None
    rating_text = line[_RATING].strip()
    rating = None
    if rating_text and not is_digits(rating_text):
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
    if line.isprintable():  # every field as it is (the bulk of a file)
        texts = {key: line[cols].strip() for key, cols in _TEXT_FIELDS}
    else:
        texts = {}
        for key, cols in _TEXT_FIELDS:
            texts[key], changed = clean_name(line[cols])
            if changed:
                fd.add("name", f"{_SAID[key]} {texts[key]!r}: {changed}",
                       f"{source} line {lineno}, {FIELDS[key].where}")
    note = birth_as_trf(texts["birth"])[1]  # (kept as written: the note when it is not TRF's YYYY/MM/DD)
    if note:
        fd.add("date-order", f"birth date {note}", f"{source} line {lineno}, {FIELDS['birth'].where}")
    return {"no": int(no_text), "name": texts["name"], "rating": rating, "rounds": (),
            "title": texts["title"], "fed": texts["fed"], "sex": texts["sex"],
            "fide_id": texts["fide_id"], "birth": texts["birth"], "declared_points": declared,
            "declared_rank": int(rank_text) if is_digits(rank_text) else None}


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
        elif res in RESULT_WITH_OPPONENT:
            with_opp[c] = KIND_INDEX[RESULT_WITH_OPPONENT[res]]
        if res in RESULT_WITHOUT_OPPONENT:
            without[c] = KIND_INDEX[RESULT_WITHOUT_OPPONENT[res]]
        if ch in " -wbWB":
            colour[c] = _COLOUR_INDEX[ch.lower() if ch.lower() in ("w", "b") else None]
    return with_opp, without, colour


_COLOUR_INDEX = {None: 0, "w": 1, "b": 2}
_COLOURS = (None, "w", "b")
_TABLES: list[np.ndarray] = []


def _scan_rounds(kept: list[tuple[int, str]], nrounds: int, source: str, fd: Findings
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
    """Every round field of every player line, read column-wise into arrays (players x rounds):
    kind index (:data:`~xl_tiebreak.model.KINDS`), opponent start number (0: none), colour index
    and the cells reported as unreadable. Lines with anything unusual in their round fields (a
    bad field, a left-aligned number, other blanks) are read field by field instead, which words
    each finding for its field."""
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
    width = ROUNDS_FROM + ROUND_STRIDE * R
    m = np.array(lines, dtype=f"<U{width}").view(np.uint32).reshape(n, width)
    m = np.where(m == 0, 32, m)  # beyond the end of a line: blanks, as the field reader pads
    f = m[:, ROUNDS_FROM:].reshape(n, R, ROUND_STRIDE)  # each round's columns, from its opponent on
    (o1, o2), (c1, _), (r1, _) = ((sl.start - ROUNDS_FROM, sl.stop - ROUNDS_FROM) for sl in ROUND_SLICES)
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
        fields = round_fields(line)
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


def kind_points(scoring: Scoring) -> list[Fraction]:
    """What a round of each kind (by index into :data:`~xl_tiebreak.model.KINDS`) is worth as
    read: its points under ``scoring``; a round not played yet nothing (as ``Round`` has it)."""
    return [Fraction(0) if k is Kind.NOT_PLAYED else scoring.points(k) for k in KINDS]


class _TrfRounds:
    """The rounds of a TRF file as arrays (players in start order x rounds); builds a player's
    :class:`Round` objects when first asked (:class:`~xl_tiebreak.model.LazyRounds`)."""

    def __init__(self, kind: np.ndarray, opp: np.ndarray, colour: np.ndarray, scoring: Scoring) -> None:
        self.kind, self.opp, self.colour = kind, opp, colour
        self.rounds_count = kind.shape[1]
        self.points = kind_points(scoring)

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
    ids: list[dict[str, Any]] = []
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
        # a file written mid-event may give the rounds played so far (XXR 1) though the next round
        # is paired: every round with a result is read (FIDE's reference engine reads the larger of
        # the two), with a warning at the first line that goes further
        nrounds, rline = declared_rounds
        first: Optional[tuple[int, int, int]] = None
        last = nrounds
        for (lineno, line), size, p in zip(kept, body, ids):
            if round_count(size) > nrounds:
                extra = [i for i, f in enumerate(round_fields(line), start=1) if i > nrounds and f[2] != " "]
                if extra:
                    first = first or (p["no"], extra[0], lineno)
                    last = max(last, extra[-1])
        if first is not None:
            fd.add("rounds-record", f"player {first[0]} has a result in round {first[1]}, but line {rline} says the "
                   f"event has {nrounds} rounds: read as {last} rounds (the rounds with a result); give the planned "
                   f"number of rounds there", f"{source} line {first[2]}")
            nrounds = last
    else:
        nrounds = max(round_count(size) for size in body)
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
    if clean and not team:
        scoring = _settle_scoring(kind, ids, scoring, explicit, source, nos, fd)
    elif clean:  # a team event's board lines may carry points from the team's byes: a warning
        _team_points(kind, ids, scoring, source, nos, fd)
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
        k = RESULT_WITH_OPPONENT.get(res)
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
    k = RESULT_WITHOUT_OPPONENT.get(res)
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
    values = kind_points(scoring)
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
        if d is not None and id(d) not in scaled:
            num = d * scale
            scaled[id(d)] = num.numerator if num.denominator == 1 else -1  # -1: no total can equal it
    given = np.array([scaled[id(d)] for d in declared], dtype=np.int64)
    return (given != -2) & (given != upto) & (given != full), scale, full


def _team_points(kind: np.ndarray, ids: list[dict[str, Any]], scoring: Scoring, source: str,
                 lines: dict[int, int], findings: Findings) -> None:
    """A team event's board players whose points field differs from their results: a warning each
    (``team-points``), since FIDE's reference engine refuses such a file, while some programs count
    the points of a team bye there. The results are what counts."""
    declared = [p["declared_points"] for p in ids]
    if all(d is None for d in declared):
        return
    bad, scale, full = _disagreeing(kind, declared, scoring)
    for i in sorted(np.flatnonzero(bad).tolist(), key=lambda i: ids[i]["no"]):
        p = ids[i]
        findings.add("team-points", f"player {p['no']} has {points_text(p['declared_points'])} points, but his "
                     f"results give {points_text(Fraction(int(full[i]), scale))}; FIDE's reference engine refuses "
                     "such a file (some programs count a team bye's points there); the results are used",
                     f"{source} line {lines[p['no']]}, {FIELDS['points'].where}")


def _settle_scoring(kind: np.ndarray, ids: list[dict[str, Any]], scoring: Scoring, explicit: bool, source: str,
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
                findings.add("scoring", f"no record 162, but the points fit win {points_text(s.win)}, draw "
                             f"{points_text(s.draw)}, pairing-allocated bye {points_text(s.pab_points)}; that scoring "
                             f"is used (say so in a 162 record)", source)
                return s
    hint = ("check the results or record 162" if explicit else
            "no usual scoring system explains the points; give one in record 162 (e.g. '162  W 3.0  D 1.0')")
    for i in sorted(np.flatnonzero(bad).tolist(), key=lambda i: ids[i]["no"]):
        p = ids[i]
        findings.add("points", f"player {p['no']} has {points_text(p['declared_points'])} points, but the results "
                     f"give {points_text(Fraction(int(full[i]), scale))}; {hint}",
                     f"{source} line {lines[p['no']]}, {FIELDS['points'].where}")
    return scoring
