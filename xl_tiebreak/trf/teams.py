"""Reading a team TRF (TIEBREAK_RULES §9.1, §9.3) into a :class:`~xl_tiebreak.teams.TeamEvent`.

The 001 board lines and the header are read by :func:`~xl_tiebreak.trf.reader.parse_trf` (with
``allow_team=True``); the team records by the handlers of :data:`TEAM_READERS`:

* ``013`` (TRF-16): team name at columns 5-36, then the players' start ranks at 37-40, 42-45, …
  (teams numbered in the order of the records);
* ``310`` (TRF-26): team number 5-7, name 9-40, match points 55-60, game points 62-67, rank 69-71,
  the players' start ranks at 74-77, 79-82, … (board order, reserves last);
* ``320``: the team PAB's match points and game points, then the team that had it in each round
  (``000`` = none);
* ``330``: a forfeited match: ``+-`` / ``-+`` / ``--``, round, first team, second team;
* ``240``: team byes: type ``F``/``H``/``Z`` at 5, round at 7-9, team numbers from 11;
* ``300``: an out-of-order line-up: round, team, opponent team, the players in board order (``0``:
  an empty board; a player's board is his place in the list, as FIDE's reference engine numbers it);
* ``352``: the board colour sequence (its length is the number of boards);
* ``362``: match points ``TW x TD y TL z`` (another ``T`` item, ``TP 1.0``, skipped with a warning);
* ``192``: ``FIDE_TEAM_TYPEA_MP_GP`` / ``..._GP_MP``: which score is primary;
* ``299`` (abnormal points: penalties, results set by the arbiter): not applied; each is a warning
  (``team-abnormal``) saying so. Where 310 states the totals, a 299 that changes them shows as
  ``team-declared`` too.

A team's round is, in this order: a forfeited match (330), its PAB (320), a team bye (240), a match
over the boards (its players' games, board forfeits, and boards won against nobody, ``0000 - +``),
else what its players' cells say (``0000 - U``: the PAB, as TRF-16 writes it; ``F``/``H``: a team
bye no 240 states), else an absence.

Limits, checked as the records are read (an :class:`~xl_tiebreak.errors.InputError` naming the
line and column): team numbers 1 to :data:`MAX_TEAMS` (TRF-26 gives a team number three columns;
a TRF-16 file's 1,000th 013 record is refused), rounds of the team records 1 to 999 (three
columns), at most :data:`MAX_BOARDS` boards (352's length, or the players a team fields in a
round); every number in ASCII digits, its size checked before it is converted. Record 352 is W and
B only; 362 is ``TW``, ``TD``, ``TL``, each once with a number of match points, a won match worth
more than a drawn one and a drawn one at least a lost one (as the team workbook's Settings); another
``T`` item (``TP 1.0``) is skipped with a warning. A rank of 0 in 310 is no rank.

Inconsistencies are findings naming the line: a player in no team (``team-roster``), boards that
disagree with the team's match (``team-match``), 310's match or game points that differ from the
games (``team-declared``, a warning: the games' totals are used, as FIDE's reference engine uses
them), a record that cannot be applied (``team-record``: a second 320, a 300
line-up that is not the match's), a 299 not applied (``team-abnormal``, a warning). Bad records raise :class:`~xl_tiebreak.errors.InputError` naming the line
(with a strict :class:`~xl_tiebreak.validation.Findings`, the default).
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable, Optional, Union

from ..errors import InputError
from ..formatting import format_value
from ..input_file import read_input_file
from ..model import Kind, Round, Tournament
from ..name_text import clean_name
from ..number_text import is_digits, quoted, whole_number
from ..teams import (
    ABSENT,
    BYE,
    DEFAULT_MATCH_VALUES,
    DEFAULT_PAB,
    FORFEITED,
    PAB,
    PLAYED,
    Match,
    MatchValues,
    PabValue,
    Team,
    TeamBoard,
    TeamEvent,
    scores,
)
from ..textutil import lines_of
from ..validation import Findings, strict
from .layout import round_fields
from .reader import MAX_TRF_BYTES, parse_trf, trf_text
from .records import Header, read_header_line

__all__ = ["read_team_trf", "read_team_file", "is_team_bytes", "TEAM_READERS", "MAX_TEAMS", "MAX_BOARDS"]

_NUM = re.compile(r"[0-9]+(?:[.,][0-9]+)?")
#: the largest team number: TRF-26 gives it three columns (310 at 5-7, and in 320, 330, 240, 300)
MAX_TEAMS = 999
#: the last round a team record names (three columns: 240 at 7-9, 300 at 5-7, 330 at 8-10)
MAX_TEAM_ROUND = 999
#: the most boards of a match: record 352's length, or the players a team fields in a round
MAX_BOARDS = 99
#: the largest start rank (columns 5-8 of a 001 record)
MAX_PLAYER = 9999


@dataclass
class _TeamHeader:
    """What the team records of a file said, as they are read."""

    source: str
    teams: list[Team] = field(default_factory=list)  # 310
    teams013: list[Team] = field(default_factory=list)  # 013 (used when there is no 310)
    pab: Optional[PabValue] = None
    pab_rounds: dict[tuple[int, int], int] = field(default_factory=dict)  # (round, team) -> line
    forfeits: dict[tuple[int, int], tuple[str, int, int]] = field(default_factory=dict)  # -> (+ - =, opp, line)
    byes: dict[tuple[int, int], tuple[str, int]] = field(default_factory=dict)  # -> (F H Z, line)
    lineups: dict[tuple[int, int], tuple[int, ...]] = field(default_factory=dict)  # 300
    lineup_lines: dict[tuple[int, int], tuple[int, int]] = field(default_factory=dict)  # 300: -> (opp, line)
    pab_line: Optional[int] = None  # the 320 record read
    problems: list[tuple[str, str, str]] = field(default_factory=list)  # (rule, message, where), found while reading
    claims: list[tuple[int, int, str, int]] = field(default_factory=list)  # (round, team, record, line): 320 330 240
    colours: Optional[str] = None  # 352
    values: MatchValues = DEFAULT_MATCH_VALUES
    primary: str = "MP"
    forfeit_wins: set[tuple[int, int]] = field(default_factory=set)  # (player, round) of 0000 - +


def _where(h: _TeamHeader, lineno: int, col: Optional[int] = None) -> str:
    return f"{h.source} line {lineno}" + (f", column {col}" if col else "")


def _int(text: str, h: _TeamHeader, lineno: int, col: int, what: str, lo: int, hi: int) -> int:
    """A whole number from ``lo`` to ``hi`` in ASCII digits (its size checked before it is
    converted), else an InputError naming the line and column."""
    n = whole_number(text, lo, hi)
    if n is None:
        raise InputError(f"{what} must be a whole number from {lo} to {hi}, found {quoted(text.strip())}",
                         _where(h, lineno, col))
    return n


def _frac(text: str, h: _TeamHeader, lineno: int, col: int, what: str) -> Optional[Fraction]:
    t = text.strip()
    if not t:
        return None
    if not _NUM.fullmatch(t):
        raise InputError(f"{what} must be a number like 12.5, found {t!r}", _where(h, lineno, col))
    return Fraction(t.replace(",", "."))


def _players(line: str, first: int, h: _TeamHeader, lineno: int) -> tuple[int, ...]:
    """Start ranks at ``first``-``first+3``, every 5 columns (1-based)."""
    out = []
    for c in range(first, len(line) + 1, 5):
        t = line[c - 1:c + 3]
        if t.strip():
            out.append(_int(t, h, lineno, c, "a player's start rank", 1, MAX_PLAYER))
    return tuple(out)


def _team_name(h: _TeamHeader, text: str, lineno: int, col: int) -> str:
    """A team's name as every output shows it (:func:`~xl_tiebreak.name_text.clean_name`)."""
    name, changed = clean_name(text)
    if changed:
        h.problems.append(("name", f"team name {name!r}: {changed}", _where(h, lineno, col)))
    return name


def _r013(h: _TeamHeader, line: str, lineno: int) -> None:
    if len(h.teams013) == MAX_TEAMS:
        raise InputError(f"a team event has at most {MAX_TEAMS} teams (TRF-26 gives a team number three columns, "
                         f"and a team workbook holds {MAX_TEAMS}); this 013 record is team {MAX_TEAMS + 1}",
                         _where(h, lineno, 1))
    name = _team_name(h, line[4:36], lineno, 5)
    h.teams013.append(Team(len(h.teams013) + 1, name, _players(line, 37, h, lineno), line=lineno))


def _r310(h: _TeamHeader, line: str, lineno: int) -> None:
    no = _int(line[4:7], h, lineno, 5, "the team number (columns 5-7)", 1, MAX_TEAMS)
    rank = line[68:71]
    h.teams.append(Team(no, _team_name(h, line[8:40], lineno, 9), _players(line, 74, h, lineno),
                        _frac(line[54:60], h, lineno, 55, "the match points (columns 55-60)"),
                        _frac(line[61:67], h, lineno, 62, "the game points (columns 62-67)"),
                        _int(rank, h, lineno, 69, "the rank (columns 69-71; 0: none)", 0, MAX_TEAMS) or None
                        if rank.strip() else None, lineno))


def _tokens(line: str) -> list[tuple[str, int]]:
    """The words after a record's code, each with its column (1-based)."""
    return [(m.group(), m.start() + 1) for m in _WORD.finditer(line, 4)]


_WORD = re.compile(r"\S+")


def _r320(h: _TeamHeader, line: str, lineno: int) -> None:
    """MP at columns 5-8, GP at 10-13, then the team of round r at 15+4(r-1) (3 columns; blank or
    ``000`` = no PAB that round)."""
    mp = _frac(line[4:8], h, lineno, 5, "the PAB's match points (columns 5-8)")
    gp = _frac(line[9:13], h, lineno, 10, "the PAB's game points (columns 10-13)")
    if h.pab_line is not None:
        h.problems.append(("team-record", f"a second record 320 (the first is line {h.pab_line}); TRF-26 has one "
                           "per event, listing the team of every round", _where(h, lineno, 1)))
        return
    h.pab_line = lineno
    if mp is None or gp is None:
        raise InputError("record 320 gives the PAB's match points (5-8) and game points (10-13), then the "
                         "team of each round", _where(h, lineno, 5))
    h.pab = PabValue(mp, gp, "320")
    for r, c in enumerate(range(15, len(line) + 1, 4), start=1):
        t = line[c - 1:c + 2]
        if t.strip():
            team = _int(t, h, lineno, c, f"the team with the PAB in round {r} (000: none)", 0, MAX_TEAMS)
            if team:
                h.pab_rounds[(r, team)] = lineno
                h.claims.append((r, team, "320", lineno))


def _r330(h: _TeamHeader, line: str, lineno: int) -> None:
    tok = _tokens(line)
    if len(tok) != 4 or tok[0][0] not in ("+-", "-+", "--"):
        raise InputError("record 330 is: +- / -+ / --, round, first team, second team", _where(h, lineno, 5))
    (res, _), (rt, rc), (at, ac), (bt, bc) = tok
    r = _int(rt, h, lineno, rc, "the round", 1, MAX_TEAM_ROUND)
    a = _int(at, h, lineno, ac, "the first team", 1, MAX_TEAMS)
    b = _int(bt, h, lineno, bc, "the second team", 1, MAX_TEAMS)
    h.forfeits[(r, a)] = ("=" if res == "--" else res[0], b, lineno)
    h.forfeits[(r, b)] = ("=" if res == "--" else res[1], a, lineno)
    h.claims += [(r, a, "330", lineno), (r, b, "330", lineno)]


def _r240(h: _TeamHeader, line: str, lineno: int) -> None:
    tok = _tokens(line)
    if len(tok) < 2 or tok[0][0].upper() not in ("F", "H", "Z"):
        raise InputError("record 240 is: bye type F / H / Z, round, team numbers", _where(h, lineno, 5))
    kind = tok[0][0].upper()
    r = _int(tok[1][0], h, lineno, tok[1][1], "the round", 1, MAX_TEAM_ROUND)
    for t, col in tok[2:]:
        team = _int(t, h, lineno, col, "a team number", 1, MAX_TEAMS)
        h.byes[(r, team)] = (kind, lineno)
        h.claims.append((r, team, "240", lineno))


#: what the numbers of record 300 are, in order (then the players, board by board)
_LINEUP = (("the round", 1, MAX_TEAM_ROUND), ("the team", 1, MAX_TEAMS), ("the opponent team", 1, MAX_TEAMS))
_LINEUP_PLAYER = ("a player's start rank (0: an empty board)", 0, MAX_PLAYER)


def _r300(h: _TeamHeader, line: str, lineno: int) -> None:
    tok = _tokens(line)
    if len(tok) < 3:
        raise InputError("record 300 is: round, team, opponent team, the players in board order",
                         _where(h, lineno, 5))
    nums = [_int(t, h, lineno, col, *(_LINEUP[k] if k < 3 else _LINEUP_PLAYER)) for k, (t, col) in enumerate(tok)]
    if (nums[0], nums[1]) in h.lineups:
        h.problems.append(("team-record", f"a second record 300 for team {nums[1]} in round {nums[0]} (the first is "
                           f"line {h.lineup_lines[(nums[0], nums[1])][1]})", _where(h, lineno, 5)))
    h.lineups[(nums[0], nums[1])] = tuple(nums[3:])
    h.lineup_lines[(nums[0], nums[1])] = (nums[2], lineno)


def _r299(h: _TeamHeader, line: str, lineno: int) -> None:
    h.problems.append(("team-abnormal", "record 299 (abnormal points: a penalty, or a result set by the arbiter) "
                       "is not applied: the scores and tie-breaks are those of the games and team records; if it "
                       "changes them, write the result into the file instead", _where(h, lineno, 1)))


def _r352(h: _TeamHeader, line: str, lineno: int) -> None:
    """The colour of the first-named team on each board, ``W`` or ``B`` (its length: the boards)."""
    seq = line[4:].strip()
    bad = re.search(r"[^WBwb]", seq)
    if bad:
        raise InputError(f"record 352 gives the first-named team's colour on each board, W or B (e.g. WBWB); "
                         f"found {quoted(seq)}", _where(h, lineno, 5 + len(line[4:]) - len(line[4:].lstrip())
                                                         + bad.start()))
    if len(seq) > MAX_BOARDS:
        raise InputError(f"record 352 gives {len(seq):,} boards; a match has at most {MAX_BOARDS}",
                         _where(h, lineno, 5))
    h.colours = seq or None


#: one item of record 362: T and a letter (TW, TD, TL; TP, TA ...), then its value, if any
_MATCH_POINTS = re.compile(r"\s*(T[A-Z])\s*=?\s*([^\sT]\S*)?", re.I)


def _r362(h: _TeamHeader, line: str, lineno: int) -> None:
    """Match points ``TW 2.0   TD 1.0   TL 0.0``: any of the three, each once, with a number (the
    others keep 2/1/0); a won match worth more than a drawn one, a drawn one at least a lost one.
    Another item written as record 162 writes its symbols (``TP 1.0``, ``TA 0.0``: FIDE's reference
    reads 362 so) is skipped with a warning (``team-scoring``): TRF-26 gives 362 the three, and a
    team PAB's value is record 320's (or the ``team-pab`` setting)."""
    got: dict[str, Fraction] = {}
    pos = 4
    while line[pos:].strip():
        m = _MATCH_POINTS.match(line, pos)
        if m is None:
            at = pos + len(line[pos:]) - len(line[pos:].lstrip())
            raise InputError(f"record 362 gives the match points as TW 2.0 TD 1.0 TL 0.0; found "
                             f"{quoted(line[at:].split()[0])}", _where(h, lineno, at + 1))
        key, value = m.group(1).upper(), m.group(2) or ""
        if key not in ("TW", "TD", "TL"):
            h.problems.append(("team-scoring", f"record 362: {quoted(m.group().strip())} is not read: the match "
                               "points of record 362 are TW, TD and TL (a team PAB's value is record 320's, or the "
                               "team-pab setting)", _where(h, lineno, m.start(1) + 1)))
            pos = m.end()
            continue
        if not re.fullmatch(r"[0-9]{1,4}(?:[.,][0-9]{1,2})?", value):
            raise InputError(f"record 362: {key} must be followed by the match points, a number such as 2.0; found "
                             f"{quoted(value) if value else 'nothing'}", _where(h, lineno, m.start(2) + 1))
        if key in got:
            raise InputError(f"record 362 gives {key} twice", _where(h, lineno, m.start(1) + 1))
        got[key] = Fraction(value.replace(",", "."))
        pos = m.end()
    if not got:
        raise InputError("record 362 gives the match points as TW 2.0 TD 1.0 TL 0.0", _where(h, lineno, 5))
    d = DEFAULT_MATCH_VALUES
    mv = MatchValues(got.get("TW", d.win), got.get("TD", d.draw), got.get("TL", d.loss))
    if not mv.win > mv.draw >= mv.loss:
        shown = "/".join(format_value(v, 0) for v in (mv.win, mv.draw, mv.loss))
        raise InputError(f"match points {shown}: a won match must be worth "
                         "more than a drawn one, a drawn one at least a lost one", _where(h, lineno, 5))
    h.values = mv


def _r192(h: _TeamHeader, line: str, lineno: int) -> None:
    up = line[4:].strip().upper()
    if "TEAM" in up:
        h.primary = "MP" if "MP_GP" in up else "GP" if ("GP_MP" in up or up.endswith("_GP")) else "MP"


#: the team records' handlers, by record code
TEAM_READERS: dict[str, Callable[[_TeamHeader, str, int], None]] = {
    "013": _r013, "310": _r310, "320": _r320, "330": _r330, "240": _r240, "300": _r300, "352": _r352,
    "362": _r362, "192": _r192, "299": _r299,
}


def is_team_bytes(raw: bytes) -> bool:
    """Whether a TRF file is a team event, by the records :func:`~xl_tiebreak.trf.reader.parse_trf`
    takes for one (082 with teams, 092/192 naming a team event, 013, the 3xx team records). Only
    those lines are looked at, without decoding the whole file (a quick look at a big individual
    file): their codes and the words that say "team" are ASCII in every encoding a TRF is written in."""
    data = b"\n" + (raw if b"\n" in raw else raw.replace(b"\r", b"\n"))
    h = Header()
    fd = Findings(strict=False)
    for m in _TEAM_CODES.finditer(data):
        end = data.find(b"\n", m.end())
        read_header_line(h, data[m.start() + 1:end if end >= 0 else len(data)].decode("latin-1").rstrip("\r"), 0,
                         "", fd)
        if h.team:
            return True
    return False


def _team_marker(text: str) -> Optional[int]:
    """The line of the first record that makes ``text`` a team event (as the reader decides it)."""
    h = Header()
    fd = Findings(strict=False)
    for lineno, line in enumerate(lines_of(text), start=1):
        if line[:3] != "001":
            read_header_line(h, line, lineno, "", fd)
            if h.team:
                return lineno
    return None


#: the records that can make a file a team event, at a line's start (:func:`is_team_bytes`; the
#: leading line break lets the search skip through a big file)
_TEAM_CODES = re.compile(rb"\n(?:310|013|320|330|300|352|362|082|092|192)")


def read_team_file(path: Union[str, Path], *, findings: Optional[Findings] = None,
                   encoding: Optional[str] = None) -> Optional[TeamEvent]:
    """A team TRF file to a :class:`TeamEvent` (as :func:`read_team_trf`); ``None``, with nothing
    reported, when the file is not a team event (read it with :func:`~xl_tiebreak.trf.read_trf`)."""
    fd = findings if findings is not None else strict()
    p = Path(path)
    try:
        if not is_team_bytes(read_input_file(p, MAX_TRF_BYTES, "too large")):
            return None
    except InputError:
        return None  # (too large, a named pipe ...: the individual reader says so)
    text, source = trf_text(path, fd, encoding)
    return read_team_trf(text, source, findings=fd)


def read_team_trf(text: str, source: str = "<trf>", *, findings: Optional[Findings] = None) -> TeamEvent:
    """A team TRF's text to a :class:`TeamEvent` (module docstring: the records read). ``findings``:
    where problems go; by default the first error raises :class:`InputError` naming the line."""
    fd = findings if findings is not None else strict()
    board = Findings(strict=False)  # the board games' findings, but for the individual PAB rule
    t = parse_trf(text, source=source, allow_team=True, findings=board)
    for f in board.items:
        if f.rule != "pab-twice":  # (C.04's one PAB per player: in a team event it is the team's, below)
            fd.add(f.rule, f.message, f.where)
    h = _TeamHeader(source)
    player_line: dict[int, int] = {}
    h.forfeit_wins = set()
    for lineno, line in enumerate(lines_of(text), start=1):
        code = line[:3]
        if code == "001":
            no = line[4:8].strip()
            if is_digits(no):
                player_line.setdefault(int(no), lineno)
                for r, (opp, _col, res) in enumerate(round_fields(line), start=1):
                    if res.strip() == "+" and opp.strip() in ("", "0000"):
                        h.forfeit_wins.add((int(no), r))
        elif code in TEAM_READERS:
            TEAM_READERS[code](h, line, lineno)
    if not h.teams:  # 310 replaces 013 (TRF-26); a file with both is read by its 310 records
        h.teams = h.teams013
    if not h.teams:
        marked = _team_marker(text)
        where = f"{source} line {marked}" if marked is not None else source
        marker = f"record {lines_of(text)[marked - 1][:3]} makes this a team event, but " if marked else ""
        raise InputError(marker + "the file has no team roster (310 in TRF-26, 013 in TRF-16) to say who plays "
                         "for which team", where)
    return _build(t, h, player_line, fd)


def _build(t: Tournament, h: _TeamHeader, player_line: dict[int, int], fd: Findings) -> TeamEvent:
    src = h.source
    nos = [tm.no for tm in h.teams]
    dup = [n for n, c in Counter(nos).items() if c > 1]
    if dup:
        line = [tm.line for tm in h.teams if tm.no == dup[0]][-1]
        raise InputError(f"team {dup[0]} is defined twice", f"{src} line {line}")
    known = {p.no for p in t.players}
    team_of: dict[int, int] = {}
    for tm in h.teams:
        for p in tm.roster:
            if p not in known:
                raise InputError(f"team {tm.no} ({tm.name}) names player {p}, who has no 001 record",
                                 f"{src} line {tm.line}")
            if p in team_of and team_of[p] != tm.no:
                raise InputError(f"player {p} is in two teams ({team_of[p]} and {tm.no})", f"{src} line {tm.line}")
            if p in team_of:
                raise InputError(f"team {tm.no} ({tm.name}) names player {p} twice; a roster lists each player once, "
                                 "in board order", f"{src} line {tm.line}")
            team_of[p] = tm.no
    for pl in t.players:
        if pl.no not in team_of:
            fd.add("team-roster", f"player {pl.no} ({pl.name}) is in no team's roster (310 / 013)",
                   f"{src} line {player_line.get(pl.no, 0)}")
    teams = set(nos)
    for key, (_res, opp, line) in h.forfeits.items():
        for n in (key[1], opp):
            if n not in teams:
                raise InputError(f"record 330 names team {n}, which is not a team", f"{src} line {line}")
    for (r, n), (_b, line) in h.byes.items():
        if n not in teams:
            raise InputError(f"record 240 names team {n}, which is not a team", f"{src} line {line}")
    for (r, n), line in h.pab_rounds.items():
        if n not in teams:
            raise InputError(f"record 320 names team {n} in round {r}, which is not a team", f"{src} line {line}")
    for (r, n), (opp, line) in h.lineup_lines.items():
        for x in (n, opp):
            if x not in teams:
                raise InputError(f"record 300 names team {x}, which is not a team", f"{src} line {line}")
    for rule, message, where in h.problems:
        fd.add(rule, message, where)
    _check_claims(h, t.rounds, fd)

    rounds = t.rounds
    if rounds > MAX_TEAM_ROUND:
        longest = max(t.players, key=lambda pl: (len(pl.rounds), -pl.no))
        raise InputError(f"the event has {rounds} rounds; a team event has at most {MAX_TEAM_ROUND} (TRF-26's team "
                         "records give a round three columns)", f"{src} line {player_line.get(longest.no)}")
    fielded_max = 0
    matches: list[Match] = []
    pending: set[int] = set()
    for r in range(1, rounds + 1):
        for tm in h.teams:
            on = [(p, t.player(p).rounds[r - 1]) for p in tm.roster if len(t.player(p).rounds) >= r]
            if any(rd.kind is Kind.NOT_PLAYED and rd.opponent is not None for _p, rd in on):
                pending.add(r)  # a board paired, its result to come: the round is in progress
            games = [(p, rd) for p, rd in on if rd.kind.has_opponent or (p, r) in h.forfeit_wins]
            if len(games) > MAX_BOARDS:
                p = games[MAX_BOARDS][0]
                raise InputError(f"team {tm.no} ({tm.name}) fields {len(games)} players in round {r}; a match has at "
                                 f"most {MAX_BOARDS} boards",
                                 f"{src} line {player_line.get(p)}, column {92 + 10 * (r - 1)}")
            fielded_max = max(fielded_max, len(games))
            key = (r, tm.no)
            special = ("330", h.forfeits[key][2]) if key in h.forfeits else \
                ("320", h.pab_rounds[key]) if key in h.pab_rounds else \
                ("240", h.byes[key][1]) if key in h.byes else None
            against = [p for p, rd in games if rd.opponent is not None]  # (0000 - +: a forfeited match's winners)
            if against and special:
                p = against[0]
                fd.add("team-match", f"team {tm.no} ({tm.name}) has board games in round {r} (player {p}, "
                       f"line {player_line.get(p)}) and also a record {special[0]} for that round",
                       f"{src} line {special[1]}")
            if key in h.forfeits:
                res, opp, _ln = h.forfeits[key]
                matches.append(Match(r, tm.no, FORFEITED, opponent=opp, forfeit=res))
            elif key in h.pab_rounds:
                matches.append(Match(r, tm.no, PAB))
            elif key in h.byes:
                matches.append(Match(r, tm.no, BYE, bye=h.byes[key][0]))
            elif games:
                matches.append(_played(r, tm, games, team_of, h, player_line, fd, t.scoring.win))
            elif _bye_of(on) == "U":  # TRF-16: 0000 - U on the boards
                matches.append(Match(r, tm.no, PAB))
            elif _bye_of(on):  # the players' cells say it (0000 - F / H) where no 240 does
                matches.append(Match(r, tm.no, BYE, bye=_bye_of(on)))
            else:
                matches.append(Match(r, tm.no, ABSENT))
    boards = len(h.colours) if h.colours else fielded_max
    _check_boards(matches, boards, h, player_line, fd)
    if boards == 0 and h.teams:
        boards = max(1, min(len(tm.roster) for tm in h.teams))
    ev = TeamEvent(t, tuple(h.teams), rounds, boards, tuple(matches), h.values, h.primary,
                   h.pab if h.pab is not None else DEFAULT_PAB, t.name, tuple(sorted(pending)), h.colours or "")
    _check_pairs(ev, h, player_line, fd)
    _check_pabs(ev, h, player_line, fd)
    _check_declared(ev, h, fd)
    return ev


_BYE_CODES = {Kind.PAB: "U", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H"}


def _bye_of(on: list[tuple[int, Round]]) -> Optional[str]:
    """A team's round without games, from its players' cells: ``U`` (PAB), ``F``, ``H`` (the code
    most of its players with a bye carry), or ``None``."""
    got = Counter(_BYE_CODES[rd.kind] for _p, rd in on if rd.kind in _BYE_CODES)
    return max(got, key=lambda c: (got[c], c)) if got else None


def _played(r: int, tm: Team, games: list[tuple[int, Round]], team_of: dict[int, int], h: _TeamHeader,
            player_line: dict[int, int], fd: Findings, win: Fraction) -> Match:
    """A match over the boards: a board is a game or a forfeit against a player, or a board won by
    forfeit against nobody (``0000 - +``: the other team fielded nobody there)."""
    src = h.source
    against = [(p, rd) for p, rd in games if rd.opponent is not None]
    opp_teams: Counter[Optional[int]] = Counter(team_of.get(rd.opponent or 0) for _p, rd in against)
    if not opp_teams:
        opp_teams[None] = 1
    opp = max(opp_teams, key=lambda n: (opp_teams[n], n is not None, -(n or 0)))
    for p, rd in against:
        ot = team_of.get(rd.opponent or 0)
        col = 92 + 10 * (r - 1)
        if ot == tm.no:
            fd.add("team-match", f"player {p} of team {tm.no} plays his own teammate {rd.opponent} in round {r}",
                   f"{src} line {player_line.get(p)}, column {col}")
        elif ot != opp:
            fd.add("team-match", f"team {tm.no} ({tm.name}) meets team {opp} in round {r}, but its player {p} "
                   f"plays {rd.opponent} of {'no team' if ot is None else f'team {ot}'}",
                   f"{src} line {player_line.get(p)}, column {col}")
    order = h.lineups.get((r, tm.no))
    pos = {p: i for i, p in enumerate(order if order else tm.roster) if p}
    ranked = sorted(games, key=lambda g: (pos.get(g[0], len(pos)), tm.roster.index(g[0])))
    numbers = list(range(1, len(ranked) + 1))
    if order:  # 300: a player's board is his place in the line-up (a 0 there is an empty board)
        numbers = _lineup_boards(r, tm, order, [p for p, _rd in ranked], opp, h, fd)
    boards = tuple(TeamBoard(b, p, rd.opponent, rd.kind, rd.points) if rd.opponent is not None
                   else TeamBoard(b, p, None, Kind.FORFEIT_WIN, win) for b, (p, rd) in zip(numbers, ranked))
    return Match(r, tm.no, PLAYED, opponent=opp, boards=boards)


def _check_claims(h: _TeamHeader, rounds: int, fd: Findings) -> None:
    """A team record names a round of the event (an error), and one team's round is named by one
    record only (a warning: a forfeited match, then a PAB, then a bye is the one used, and a second
    bye of a team in a round replaces the first)."""
    seen: dict[tuple[int, int], tuple[str, int]] = {}
    beyond: set[tuple[str, int]] = set()
    for r, team, code, line in h.claims:
        where = f"{h.source} line {line}"
        if not 1 <= r <= rounds:
            if (code, line) not in beyond:
                beyond.add((code, line))
                fd.add("team-record", f"record {code} names round {r}; the event has {rounds} round(s)", where)
        elif (r, team) in seen and seen[(r, team)] != (code, line):
            first, at = seen[(r, team)]
            used = min((first, code), key=lambda c: _PRECEDENCE[c]) if first != code else code
            used_line = at if used == first and first != code else line
            fd.add("team-overlap", f"record {code} gives team {team} a round {r} that record {first} (line {at}) "
                   f"already gives it; the record {used} of line {used_line} is used", where)
        else:
            seen[(r, team)] = (code, line)
    for (r, team), (_opp, line) in h.lineup_lines.items():
        if not 1 <= r <= rounds:
            fd.add("team-record", f"record 300 names round {r}; the event has {rounds} round(s)",
                   f"{h.source} line {line}")


#: which team record decides a team's round when two name it (:func:`_build`'s order)
_PRECEDENCE = {"330": 0, "320": 1, "240": 2}


def _lineup_boards(r: int, tm: Team, order: tuple[int, ...], played: list[int], opp: Optional[int],
                   h: _TeamHeader, fd: Findings) -> list[int]:
    """The board numbers of a record 300 line-up (the players ``played`` in its order), checked: the
    line-up names the match's opponent and exactly the players who played for the team."""
    said_opp, line = h.lineup_lines[(r, tm.no)]
    where = f"{h.source} line {line}"
    if opp is not None and said_opp != opp:
        fd.add("team-record", f"record 300 gives team {tm.no}'s line-up in round {r} against team {said_opp}, but "
               f"its boards meet team {opp}", where)
    listed = [p for p in order if p]
    extra = sorted(set(listed) - set(played))
    missing = sorted(set(played) - set(listed))
    if extra or missing:
        fd.add("team-record", f"record 300 gives team {tm.no} ({tm.name})'s line-up in round {r}: "
               + "; ".join(([f"player(s) {', '.join(map(str, extra))} did not play for it"] if extra else [])
                           + ([f"player(s) {', '.join(map(str, missing))} played and are not listed"] if missing
                              else [])), where)
    place = {p: i + 1 for i, p in enumerate(order) if p}
    used = set(place.values())
    spare = (b for b in range(1, len(order) + len(played) + 1) if b not in used)
    return [place[p] if p in place else next(spare) for p in played]


def _check_boards(matches: list[Match], boards: int, h: _TeamHeader, player_line: dict[int, int],
                  fd: Findings) -> None:
    """A team fields at most ``boards`` players in a match (record 352's length, C.07 team events)."""
    for m in matches:
        if m.kind == PLAYED and len(m.boards) > boards:
            p = m.boards[-1].player
            fd.add("team-match", f"team {m.team} fields {len(m.boards)} players in round {m.round}, more than the "
                   f"{boards} boards of record 352 ({h.colours})",
                   f"{h.source} line {player_line.get(p)}, column {92 + 10 * (m.round - 1)}")


def _check_pairs(ev: TeamEvent, h: _TeamHeader, player_line: dict[int, int], fd: Findings) -> None:
    """A played match's opponent team must meet the team back in that round."""
    for m in ev.matches:
        if m.kind != PLAYED or m.opponent is None:
            continue
        back = next(o for o in ev.matches_of(m.opponent) if o.round == m.round)
        if back.kind != PLAYED or back.opponent != m.team:
            p = m.boards[0].player
            fd.add("team-match", f"team {m.team} meets team {m.opponent} in round {m.round} over the boards, "
                   f"but team {m.opponent}'s round is {back.kind}"
                   + (f" against team {back.opponent}" if back.opponent else ""),
                   f"{h.source} line {player_line.get(p)}, column {92 + 10 * (m.round - 1)}")


def _check_pabs(ev: TeamEvent, h: _TeamHeader, player_line: dict[int, int], fd: Findings) -> None:
    """A team receives the pairing-allocated bye at most once (C.04, for the team in a team event)."""
    for tm in ev.teams:
        rounds = [m.round for m in ev.matches_of(tm.no) if m.kind == PAB]
        if len(rounds) > 1:
            line = h.pab_rounds.get((rounds[1], tm.no)) or player_line.get(tm.roster[0] if tm.roster else 0)
            fd.add("pab-twice", f"team {tm.no} ({tm.name}) has the pairing-allocated bye in rounds "
                   f"{', '.join(map(str, rounds))}; a team may receive it once (C.04)", f"{h.source} line {line}")


def _check_declared(ev: TeamEvent, h: _TeamHeader, fd: Findings) -> None:
    """Record 310's match and game points must be those of the games (C.07 team scoring)."""
    got = scores(ev)
    for tm in ev.teams:
        mp, gp = got[tm.no]
        for what, declared, counted, col in (("match points", tm.declared_mp, mp, 55),
                                             ("game points", tm.declared_gp, gp, 62)):
            if declared is not None and declared != counted:
                fd.add("team-declared", declared_text(tm, what, declared, counted),
                       f"{h.source} line {tm.line}, column {col}")


def declared_text(tm: Team, what: str, declared: Fraction, counted: Fraction) -> str:
    """The warning on a total of record 310 that the games do not give (``what``: match or game
    points): not an error, since FIDE's reference engine reads such a file, with the games' totals."""
    return (f"team {tm.no} ({tm.name}) declares {format_value(declared, 0)} {what}; its matches give "
            f"{format_value(counted, 0)}: the games' totals are used")


