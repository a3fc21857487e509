"""The team workbook's three tables (as Excel hands ranges over: 2-D lists, empty cells ``None``,
numbers floats) -> a :class:`~xl_tiebreak.teams.TeamEvent`. Used by the team Excel functions
(:mod:`.functions.team`) and by the workbook reader (:mod:`.ranges.team_book`), so both see one event.

* **Teams** (header row, then one row per player in board order): ``Team`` (the team's number;
  empty = the team of the row above), ``Team name`` (on any row of the team), ``No`` (the
  player's start number, unique in the event), ``Name``, ``Title``, ``Rating``, ``Fed``,
  ``FIDE ID``, ``Sex``, ``Born``. A team's roster is its players in the order of the rows.
* **Matches** (header row, then one row per match and round): ``Rd``, ``Home`` and ``Away`` (team
  numbers), ``Forfeit`` (``+-`` / ``-+`` / ``--``: a forfeited match, no board played), the board
  results ``B1`` ... ``Bn`` from the home team's side (:data:`BOARD_RESULTS`), and the line-ups
  ``Home 1`` ... ``Home n`` and ``Away 1`` ... ``Away n`` (start numbers; a line-up left empty is
  the roster order). A team's pairing-allocated bye is ``Away`` = ``BYE`` (or ``U``); a team bye
  ``F`` / ``H`` / ``Z``; ``-`` an absence (no match, nothing scored). A round is complete when
  every team has its row in it, so a team not written yet is never taken for absent.
* **Settings** (rows of label and value, :data:`SETTING_LABELS`): boards, match points of a won,
  drawn and lost match (TRF 362), the primary score (MP or GP, TRF 192), the team PAB's match
  and game points (TRF 320; empty: a won match with every board won, :data:`~xl_tiebreak.teams.DEFAULT_PAB`),
  the home team's colour on each board (TRF 352), rounds, edition, start date, event name, and the
  type (swiss, or round-robin: C.07 Art. 15.2 instead of Art. 16).

A round is complete when every team has a row in it and every match row of it has all its board
results (or is a forfeit, a bye or an absence); the boards of a round in progress are kept out of the event (``TeamEventRead.complete``
says how far the results go). Bad input raises :class:`~xl_tiebreak.errors.InputError` naming
the cell (``cell_name(table, i, j)``; by default ``Matches row 7, B3``).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Callable, Optional, Sequence

from ...dates import read_date
from ...errors import InputError
from ...formatting import format_value
from ...model import Kind, Player, Round, Tournament
from ...name_text import clean_name
from ...notation import spreadsheet_error
from ...validation import Findings, strict
from ...teams import (
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
)
from .arguments import event_type

Table = Sequence[Sequence[Any]]
CellName = Callable[[str, int, int], str]  # (table: "Teams" / "Matches" / "Settings", row index, column index)

MAX_BOARDS = 20
MAX_TEAM_ROUNDS = 99
#: board results, from the home team's side: (home kind, away kind)
BOARD_RESULTS: dict[str, tuple[Kind, Kind]] = {
    "1-0": (Kind.WIN, Kind.LOSS), "0-1": (Kind.LOSS, Kind.WIN), "½-½": (Kind.DRAW, Kind.DRAW),
    "+-": (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS), "-+": (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN),
    "--": (Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT),
    "1-0s": (Kind.SHORT_WIN, Kind.SHORT_LOSS), "0-1s": (Kind.SHORT_LOSS, Kind.SHORT_WIN),
    "½-½s": (Kind.SHORT_DRAW, Kind.SHORT_DRAW),
}
#: a board on which neither team had a player (no game, nobody scores)
NO_GAME = "x"
RESULT_HELP = "1-0, ½-½ (or =-=, 0.5-0.5), 0-1, +- / -+ (forfeit), -- (double forfeit), x (no player on either side)"
_BYES = {"BYE": PAB, "U": PAB, "PAB": PAB, "F": "F", "H": "H", "Z": "Z", "-": ABSENT, "ABSENT": ABSENT}

#: the Settings labels (column A), compared without case, and what each sets
SETTING_LABELS = {
    "event": "name", "edition": "edition", "start date": "start_date", "rounds": "rounds",
    "boards": "boards", "match won": "win", "match drawn": "draw", "match lost": "loss",
    "primary score": "primary", "pab match points": "pab_mp", "pab game points": "pab_gp",
    "home colours": "colours", "type": "kind", "forbidden pairs": "forbid",
}


@dataclass(frozen=True)
class TeamSettings:
    """What the team Settings say (defaults where a cell is empty)."""

    name: str = ""
    edition: str = ""
    start_date: str = ""
    rounds: Optional[int] = None
    boards: int = 4
    match_values: MatchValues = DEFAULT_MATCH_VALUES
    primary: str = "MP"
    pab: PabValue = DEFAULT_PAB
    colours: str = ""  # the home team's colour on each board, W/B ("" = WBWB...)
    kind: str = "swiss"  # or "round-robin" (C.07 Art. 15.2 instead of Art. 16)
    #: what the reading noted, (rule, message, cell): a start date whose day and month could be
    #: swapped (the reading taken), an event name cleaned (name_text)
    notes: tuple[tuple[str, str, str], ...] = ()
    #: the Forbidden pairs cell as typed and its place: checked when a round is paired
    #: (:func:`.team_next_round.settings_forbidden`), so that it never stops the standings
    forbid: Any = None
    forbid_cell: str = ""

    def home_colour(self, board: int) -> str:
        """``w`` or ``b``: the home team's colour on ``board`` (1-based)."""
        if self.colours:
            return self.colours[(board - 1) % len(self.colours)].lower()
        return "w" if board % 2 else "b"


@dataclass(frozen=True)
class TeamEventRead:
    """A team event read from its tables, with how far its results go: ``complete`` rounds
    (every match in), ``typed`` the last round with anything typed, ``in_progress`` (matches
    complete, matches in total, teams without a row yet) of the round after the complete ones."""

    event: TeamEvent
    settings: TeamSettings
    complete: int
    typed: int
    in_progress: tuple[int, int, int] = (0, 0, 0)
    #: (row index in the Matches table, round, home team, complete) of each match row
    rows: tuple[tuple[int, int, int, bool], ...] = ()
    #: the teams without a row yet in the round after the complete ones
    waiting: tuple[int, ...] = ()
    #: values derived from this event by the functions, kept with it (the event is immutable)
    memo: dict[Any, Any] = field(default_factory=dict, compare=False, repr=False)


def default_cell_name(table: str, i: int, j: int) -> str:
    return f"{table} row {i + 1}, column {j + 1}"


def _text(v: Any) -> str:
    if v is None:
        return ""
    if isinstance(v, bool):
        return str(v).upper()
    if isinstance(v, float) and v.is_integer():
        return str(int(v))
    return str(v).strip()


def _norm(v: Any) -> str:
    return re.sub(r"[\s._]", "", _text(v)).lower()


def _whole(v: Any, what: str, where: str, lo: int = 1, hi: int = 9999) -> Optional[int]:
    t = _text(v)
    if not t:
        return None
    try:
        f = float(t.replace(",", "."))
    except ValueError:
        f = float("nan")
    if not (f == f and f.is_integer() and lo <= f <= hi) or isinstance(v, bool):
        raise InputError(f"{what} {t[:30]!r} is not a whole number from {lo} to {hi}", where)
    return int(f)


def _number(v: Any, what: str, where: str) -> Optional[Fraction]:
    t = _text(v).replace(",", ".").replace("½", ".5")
    if not t:
        return None
    if t.startswith("."):
        t = "0" + t
    if not re.fullmatch(r"[0-9]{1,4}(?:\.[0-9]{1,4})?", t):
        raise InputError(f"{what} {_text(v)[:30]!r} is not a number such as 2 or 1.5", where)
    return Fraction(t)


def read_team_settings(rows: Any, cell_name: CellName = default_cell_name) -> TeamSettings:
    """The Settings rows (label | value | note ...), by label (:data:`SETTING_LABELS`); an
    unknown label or a bad value is an error naming its cell."""
    got: dict[str, Any] = {}
    where: dict[str, str] = {}
    table = rows if isinstance(rows, (list, tuple)) else [[rows]]
    for i, row in enumerate(table):
        cells = list(row) if isinstance(row, (list, tuple)) else [row]
        label = _text(cells[0]).casefold() if cells else ""
        if not label:
            continue
        key = SETTING_LABELS.get(label)
        if key is None:
            raise InputError(f"{_text(cells[0])[:30]!r} is not a team setting; the labels are "
                             + ", ".join(s.capitalize() for s in SETTING_LABELS), cell_name("Settings", i, 0))
        got[key] = cells[1] if len(cells) > 1 else None
        where[key] = cell_name("Settings", i, 1)
    boards = _whole(got.get("boards"), "the number of boards", where.get("boards", ""), 1, MAX_BOARDS) or 4
    d = DEFAULT_MATCH_VALUES
    values = []
    for key, default in (("win", d.win), ("draw", d.draw), ("loss", d.loss)):
        v = _number(got.get(key), "match points", where.get(key, ""))
        values.append(default if v is None else v)
    mv = MatchValues(*values)
    if not mv.win > mv.draw >= mv.loss:
        shown = "/".join(format_value(v, 0) for v in (mv.win, mv.draw, mv.loss))
        raise InputError(f"match points {shown}: a won match must be "
                         "worth more than a drawn one, a drawn one at least a lost one", where.get("win", ""))
    primary = _text(got.get("primary")).upper() or "MP"
    if primary not in ("MP", "GP"):
        raise InputError(f"primary score {primary[:20]!r}: write MP (match points) or GP (game points)",
                         where.get("primary", ""))
    pab_mp = _number(got.get("pab_mp"), "the PAB's match points", where.get("pab_mp", ""))
    pab_gp = _number(got.get("pab_gp"), "the PAB's game points", where.get("pab_gp", ""))
    pab = DEFAULT_PAB if pab_mp is None and pab_gp is None else PabValue(pab_mp, pab_gp, "the workbook's Settings")
    colours = _text(got.get("colours")).upper()
    if colours and not re.fullmatch(r"[WB]{1,%d}" % MAX_BOARDS, colours):
        raise InputError(f"home colours {colours[:30]!r}: write the home team's colour on each board, "
                         "e.g. WBWB", where.get("colours", ""))
    rounds = _whole(got.get("rounds"), "the number of rounds", where.get("rounds", ""), 1, MAX_TEAM_ROUNDS)
    day = read_date(got.get("start_date"), where=where.get("start_date") or None)
    start = day.iso if day is not None else ""
    notes = [("date-order", f"start date {day.note}", where.get("start_date", ""))] if day is not None and day.note \
        else []
    name, changed = clean_name(_text(got.get("name")))
    if changed:
        notes.append(("name", f"event name {name!r}: {changed}", where.get("name", "")))
    kind = event_type(got.get("kind"), where.get("kind", "")) or "swiss"  # the individual Settings' words
    return TeamSettings(name, _text(got.get("edition")).lower(), start, rounds, boards,
                        mv, primary, pab, colours, kind, tuple(notes), got.get("forbid"), where.get("forbid", ""))




# ------------------------------------------------------------------------------ Teams

_TEAM_FIELDS = {
    "team": "team", "teamno": "team", "teamnumber": "team", "teamname": "team_name",
    "no": "no", "sno": "no", "startno": "no", "name": "name", "player": "name", "title": "title",
    "rating": "rating", "rtg": "rating", "elo": "rating", "fed": "fed", "federation": "fed",
    "fideid": "fide_id", "sex": "sex", "born": "birth", "birth": "birth",
}


def _columns(header: Sequence[Any], fields: dict[str, str]) -> dict[str, int]:
    out: dict[str, int] = {}
    for j, h in enumerate(header):
        key = fields.get(_norm(h))
        if key and key not in out:
            out[key] = j
    return out


@dataclass
class _Roster:
    no: int
    name: str
    players: list[int]
    where: str


def read_teams(rows: Table, cell_name: CellName = default_cell_name, findings: Optional[Findings] = None,
               skip: frozenset[int] = frozenset()) -> tuple[list[_Roster], list[Player]]:
    """The Teams table: the teams in the order of their first row (none in a new workbook), and
    every player (no rounds yet)."""
    if not rows or not isinstance(rows[0], (list, tuple)):
        raise InputError("the Teams table is empty; give its range with the header row "
                         "Team | Team name | No | Name | ...", cell_name("Teams", 0, 0))
    col = _columns(rows[0], _TEAM_FIELDS)
    for need in ("team", "no"):
        if need not in col:
            raise InputError(f"the Teams table has no column {'Team' if need == 'team' else 'No'} in its header "
                             "row (Team | Team name | No | Name | Title | Rating | Fed | FIDE ID)",
                             cell_name("Teams", 0, 0))
    teams: dict[int, _Roster] = {}
    players: list[Player] = []
    seen: dict[int, str] = {}
    current: Optional[_Roster] = None

    def cell(r: Sequence[Any], key: str) -> Any:
        j = col.get(key)
        return r[j] if j is not None and j < len(r) else None
    fd = findings if findings is not None else strict()

    def one(i: int, r: Sequence[Any]) -> None:
        nonlocal current
        tno = _whole(cell(r, "team"), "the team number", cell_name("Teams", i, col["team"]), 1, 999)
        pno = _whole(cell(r, "no"), "the start number", cell_name("Teams", i, col["no"]), 1, 9999)
        if tno is not None:
            current = teams.get(tno)
            if current is None:
                current = teams[tno] = _Roster(tno, "", [], cell_name("Teams", i, col["team"]))
        elif current is None:
            raise InputError("the first row of the Teams table needs a team number", cell_name("Teams", i, col["team"]))
        team = current

        def shown(key: str, what: str) -> str:  # a name (a title ...) as every output shows it (name_text)
            got, changed = clean_name(_text(cell(r, key)))
            if changed:
                fd.add("name", f"{what} {got!r}: {changed}", cell_name("Teams", i, col[key]))
            return got
        tname = shown("team_name", "team name") if "team_name" in col else ""
        if tname and team.name and tname != team.name:  # noted; the player is still the team's
            fd.add("layout", f"team {team.no} is called {team.name!r} above; here {tname[:30]!r}",
                   cell_name("Teams", i, col["team_name"]))
        elif tname:
            team.name = tname
        if pno is None:
            if _text(cell(r, "name")):
                raise InputError("a player without a start number (No)", cell_name("Teams", i, col["no"]))
            return
        if pno in seen:
            raise InputError(f"start number {pno} is given twice (also {seen[pno]})", cell_name("Teams", i, col["no"]))
        rating = _guarded(fd, "layout", _whole, cell(r, "rating"), "the rating",  # noted; the player still plays
                          cell_name("Teams", i, col.get("rating", 0)), 0, 3999)
        seen[pno] = cell_name("Teams", i, col["no"])
        team.players.append(pno)
        players.append(Player(no=pno, name=shown("name", "name") if "name" in col else "", rating=rating or None,
                              title=shown("title", "title") if "title" in col else "",
                              fed=shown("fed", "federation") if "fed" in col else "",
                              sex=shown("sex", "sex") if "sex" in col else "",
                              fide_id=_text(cell(r, "fide_id")), birth=_text(cell(r, "birth"))))
    for i, r in enumerate(rows[1:], start=1):
        if i in skip or r is None or not any(_text(c) for c in r):
            continue
        _guarded(fd, "layout", one, i, r)
    return list(teams.values()), players


def _guarded(fd: Findings, rule: str, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)``; its InputError raised at once (a strict ``fd``) or noted as a finding of
    ``rule`` (then None): a collecting reader goes on to the next row and finds every problem."""
    try:
        return fn(*args)
    except InputError as exc:
        fd.add("notation" if "board result" in exc.detail else rule, exc.detail, exc.where)
        return None


# ---------------------------------------------------------------------------- Matches

_BOARD = re.compile(r"^(?:b|bd|board)(\d+)$")
_LINEUP = re.compile(r"^(home|away)(\d+)$")


def _heading_number(digits: str) -> int:
    """The board a heading ``B12`` / ``Home 12`` names; one of more than six digits is past every
    board (not converted: it may have 5,000)."""
    return int(digits) if len(digits) <= 6 else 10 ** 6


@dataclass
class _MatchLayout:
    rd: int
    home: int
    away: int
    forfeit: Optional[int]
    boards: dict[int, int]
    home_players: dict[int, int]
    away_players: dict[int, int]


def _match_layout(header: Sequence[Any], cell_name: CellName) -> _MatchLayout:
    named: dict[str, int] = {}
    boards: dict[int, int] = {}
    lineups: dict[str, dict[int, int]] = {"home": {}, "away": {}}
    for j, h in enumerate(header):
        n = _norm(h)
        if n in ("rd", "round", "r") and "rd" not in named:
            named["rd"] = j
        elif n in ("home", "away", "forfeit") and n not in named:
            named[n] = j
        elif _BOARD.match(n):
            boards.setdefault(_heading_number(_BOARD.match(n).group(1)), j)  # type: ignore[union-attr]
        elif _LINEUP.match(n):
            m = _LINEUP.match(n)
            assert m is not None
            lineups[m.group(1)].setdefault(_heading_number(m.group(2)), j)
    for need, label in (("rd", "Rd"), ("home", "Home"), ("away", "Away")):
        if need not in named:
            raise InputError(f"the Matches table has no column {label} in its header row "
                             "(Rd | Home | Away | Forfeit | B1 ... | Home 1 ... | Away 1 ...)", cell_name("Matches", 0, 0))
    if not boards:
        raise InputError("the Matches table has no board columns B1, B2, ... in its header row",
                         cell_name("Matches", 0, 0))
    return _MatchLayout(named["rd"], named["home"], named["away"], named.get("forfeit"), boards,
                        lineups["home"], lineups["away"])


def board_result(v: Any) -> Optional[str]:
    """A board result cell as one of :data:`BOARD_RESULTS`' keys, "" when empty, None when unreadable."""
    t = _text(v).lower().replace(" ", "").replace("–", "-").replace(":", "-")
    if not t:
        return ""
    short = t.endswith("s") and len(t) > 1
    core = t[:-1] if short else t
    core = core.replace("1/2", "½").replace("0.5", "½").replace("0,5", "½").replace("=", "½")
    if core in ("+", "+-", "1f-0f", "1-0f"):
        core = "+-"
    if core in ("-+", "0f-1f", "0-1f"):
        core = "-+"
    if core in ("-", "--", "0f-0f", "0-0"):
        core = "--"
    if core in ("x", "×", "-x-") and not short:
        return NO_GAME
    key = core + ("s" if short else "")
    return key if key in BOARD_RESULTS else None


@dataclass
class _Row:
    i: int
    rd: int
    home: int
    away: Optional[int]
    bye: Optional[str]
    forfeit: Optional[str]
    results: list[tuple[int, str]]  # (board, result key) of the boards typed, in board order
    home_players: dict[int, int]
    away_players: dict[int, int]
    complete: bool


def build_team_event(teams_rows: Table, matches_rows: Table, settings_rows: Any = None, *,
                     cell_name: CellName = default_cell_name, findings: Optional[Findings] = None) -> TeamEventRead:
    """The team event of the three tables (module docstring), with how far its results go.
    ``findings``: by default the first problem raises :class:`InputError` naming its cell; a
    collecting :class:`~xl_tiebreak.validation.Findings` gets every problem (a row with one is
    left out) and the event is then only a best effort."""
    fd = findings if findings is not None else strict()
    bad = {title: _error_rows(title, table, cell_name, fd) for title, table in (("Teams", teams_rows),
                                                                             ("Matches", matches_rows))}
    st = _guarded(fd, "layout", read_team_settings, settings_rows, cell_name) or TeamSettings()
    for rule, message, where in st.notes:
        fd.add(rule, message, where)
    rosters, players = read_teams(teams_rows, cell_name, fd, bad["Teams"])
    team_of = {p: r.no for r in rosters for p in r.players}
    by_no = {r.no: r for r in rosters}
    if not matches_rows or not isinstance(matches_rows[0], (list, tuple)):
        raise InputError("the Matches table is empty; give its range with the header row Rd | Home | Away | ...",
                         cell_name("Matches", 0, 0))
    lay = _match_layout(matches_rows[0], cell_name)
    if max(lay.boards) < st.boards:
        raise InputError(f"the Matches table has board columns up to B{max(lay.boards)}, but Settings say "
                         f"{st.boards} boards", cell_name("Matches", 0, lay.boards[max(lay.boards)]))
    rows: list[_Row] = []
    met: dict[tuple[int, int], str] = {}  # (round, team) -> where
    for i, r in enumerate(matches_rows[1:], start=1):
        if i in bad["Matches"] or r is None or not any(_text(c) for c in r):
            continue
        got = _guarded(fd, "team-match", _match_row, i, r, lay, st, by_no, team_of, met, cell_name)
        if got is not None:
            rows.append(got)
    typed = max((x.rd for x in rows), default=0)
    n = st.rounds or typed
    if typed > n:
        late = next(x for x in rows if x.rd > n)
        raise InputError(f"a match of round {late.rd}, but the event has {n} rounds (Settings, Rounds)",
                         cell_name("Matches", late.i, lay.rd))
    # a round is complete when every team has its row in it (a match, a bye, - for an absence)
    # and every match of it has all its results: a team not written yet is not taken for absent
    complete = 0
    for rd in range(1, typed + 1):
        of_round = [x for x in rows if x.rd == rd]
        if not all(x.complete for x in of_round) or len({t for (r, t) in met if r == rd}) < len(rosters):
            break
        complete = rd
    nxt = [x for x in rows if x.rd == complete + 1]
    written = {t for (r, t) in met if r == complete + 1}
    waiting = tuple(r.no for r in rosters if r.no not in written) if complete < typed else ()
    progress = (sum(x.complete for x in nxt), len(nxt), len(waiting))
    matches, rounds_of = _matches(rows, rosters, st, n)
    players.sort(key=lambda p: p.no)
    tournament = Tournament(players=tuple(_with_rounds(p, rounds_of.get(p.no, {}), n) for p in players),
                            rounds=n, name=st.name, kind=st.kind, start_date=st.start_date or None)
    teams = tuple(Team(r.no, r.name, tuple(r.players)) for r in rosters)
    event = TeamEvent(tournament, teams, n, st.boards, tuple(matches), st.match_values, st.primary, st.pab, st.name,
                      board_colours=st.colours)
    return TeamEventRead(event, st, complete, typed, progress, tuple((x.i, x.rd, x.home, x.complete) for x in rows),
                      waiting=waiting)


def _error_rows(title: str, rows: Table, cell_name: CellName, fd: Findings) -> frozenset[int]:
    """A spreadsheet error in a cell (#REF!, #N/A) is refused by its place, never taken for a
    blank; the rows holding one (left out by a collecting reader)."""
    out = set()
    for i, r in enumerate(rows or ()):
        for j, v in enumerate(r if isinstance(r, (list, tuple)) else ()):
            err = spreadsheet_error(v)
            if err:
                fd.add("notation", f"the cell holds the spreadsheet error {err}; fix it", cell_name(title, i, j))
                out.add(i)
    return frozenset(out)


def _match_row(i: int, r: Sequence[Any], lay: _MatchLayout, st: TeamSettings, by_no: dict[int, _Roster],
               team_of: dict[int, int], met: dict[tuple[int, int], str], cell_name: CellName) -> _Row:
    def cell(j: Optional[int]) -> Any:
        return r[j] if j is not None and j < len(r) else None

    def name(j: int) -> str:
        return cell_name("Matches", i, j)
    rd = _whole(cell(lay.rd), "the round", name(lay.rd), 1, MAX_TEAM_ROUNDS)
    if rd is None:
        raise InputError("a match without its round (Rd)", name(lay.rd))
    home = _whole(cell(lay.home), "the home team's number", name(lay.home), 1, 999)
    if home is None:
        raise InputError("a match without its home team (a team number)", name(lay.home))
    if home not in by_no:
        raise InputError(f"team {home} is not on the Teams sheet", name(lay.home))
    away_text = _text(cell(lay.away)).upper()
    bye = _BYES.get(away_text)
    away = None if bye or not away_text else _whole(cell(lay.away), "the away team's number (or BYE, F, H, Z)",
                                                    name(lay.away), 1, 999)
    if away is not None and away not in by_no:
        raise InputError(f"team {away} is not on the Teams sheet", name(lay.away))
    if away == home:
        raise InputError(f"team {home} cannot meet itself", name(lay.away))
    for t, j in ((home, lay.home), (away, lay.away)):
        if t is None:
            continue
        if (rd, t) in met:
            raise InputError(f"team {t} has two matches in round {rd} (also {met[(rd, t)]})", name(j))
        met[(rd, t)] = name(j)
    forfeit = _text(cell(lay.forfeit)).replace(" ", "") or None
    if forfeit is not None and forfeit not in ("+-", "-+", "--"):
        raise InputError(f"forfeit {forfeit[:20]!r}: a forfeited match is +- (home won), -+ (away won) or -- "
                         "(lost by both); empty: played on the boards", name(lay.forfeit or 0))
    results: list[tuple[int, str]] = []
    for b in range(1, st.boards + 1):
        if b not in lay.boards:
            raise InputError(f"the Matches table has no column B{b}", name(0))
        j = lay.boards[b]
        key = board_result(cell(j))
        if key is None:
            raise InputError(f"board result {_text(cell(j))[:20]!r} is not one; write {RESULT_HELP}", name(j))
        if key:
            results.append((b, key))
    extra = [b for b in lay.boards if b > st.boards and _text(cell(lay.boards[b]))]
    if extra:
        raise InputError(f"a result on board {extra[0]}, but the event has {st.boards} boards (Settings, Boards)",
                         name(lay.boards[extra[0]]))
    special = bye or forfeit
    if special and (results or any(_text(cell(j)) for j in (*lay.home_players.values(), *lay.away_players.values()))):
        what = "an absence" if bye == ABSENT else "a bye" if bye else "a forfeited match"
        raise InputError(f"{what} has no board results nor line-ups; clear them", name(lay.away if bye else lay.forfeit or 0))
    if bye and forfeit:
        raise InputError("a bye is not a forfeited match: clear Forfeit", name(lay.forfeit or 0))
    if forfeit and away is None:
        raise InputError("a forfeited match needs the away team", name(lay.away))
    hp = _lineup(i, r, lay.home_players, st, home, by_no, team_of, results, "home", cell_name)
    ap = _lineup(i, r, lay.away_players, st, away, by_no, team_of, results, "away", cell_name) if away else {}
    if away is None and not bye:
        if not results:
            raise InputError("a match without its away team: write its number, or BYE (pairing bye), F, H or Z",
                             name(lay.away))
        wrong = [b for b, k in results if k not in ("+-", NO_GAME)]
        if wrong:
            raise InputError("without an away team, every board is won by forfeit (+-)", name(lay.boards[wrong[0]]))
    for b, key in results:
        if key != NO_GAME and b not in ap and b not in hp:
            raise InputError(f"board {b}: a result without a player; write the players' start numbers",
                             name(lay.boards[b]))
    complete = bool(special) or len(results) == st.boards
    return _Row(i, rd, home, away, bye, forfeit, results, hp, ap, complete)


def _lineup(i: int, r: Sequence[Any], columns: dict[int, int], st: TeamSettings, team: Optional[int],
            by_no: dict[int, _Roster], team_of: dict[int, int], results: list[tuple[int, str]], side: str,
            cell_name: CellName) -> dict[int, int]:
    """The players of one side by board: as typed, or (all empty) the roster's first players."""
    got: dict[int, int] = {}
    where: dict[int, str] = {}
    for b in range(1, st.boards + 1):
        j = columns.get(b)
        v = r[j] if j is not None and j < len(r) else None
        no = _whole(v, "the player's start number", cell_name("Matches", i, j or 0), 1, 9999)
        if no is None:
            continue
        w = cell_name("Matches", i, j or 0)
        if team_of.get(no) != team:
            owner = team_of.get(no)
            raise InputError(f"player {no} is not in team {team}'s roster"
                             + (f" (he is in team {owner})" if owner else " (nor in any team's)"), w)
        if no in got.values():
            raise InputError(f"player {no} is on two boards of this match", w)
        got[b] = no
        where[b] = w
    if not got and team is not None:
        roster = by_no[team].players
        got = {b: roster[b - 1] for b in range(1, min(st.boards, len(roster)) + 1)
               if dict(results).get(b) != NO_GAME}
        for b, key in results:
            if b not in got and key != NO_GAME:
                raise InputError(f"board {b} has a result, but team {team}'s roster has {len(roster)} players; "
                                 f"write the {side} line-up", cell_name("Matches", i, 0))
    else:
        for b, key in results:
            if b in got and key == NO_GAME:
                raise InputError(f"board {b} says x (no game), but a {side} player is written for it; clear one",
                                 cell_name("Matches", i, columns.get(b) or 0))
            if b not in got and key != NO_GAME and not (key == ("-+" if side == "home" else "+-")):
                col = columns.get(b)
                raise InputError(f"board {b} has a result but no {side} player; write his start number "
                                 f"(only a board won by forfeit against nobody has no player)",
                                 cell_name("Matches", i, col if col is not None else 0))
    return got


def _matches(rows: list[_Row], rosters: list[_Roster], st: TeamSettings,
             n: int) -> tuple[list[Match], dict[int, dict[int, Round]]]:
    """Every team's :class:`Match` of every round (absent where it has no row), and each player's
    rounds ({player: {round: Round}})."""
    win = Fraction(1)
    points = {Kind.WIN: win, Kind.DRAW: Fraction(1, 2), Kind.LOSS: Fraction(0), Kind.FORFEIT_WIN: win,
              Kind.FORFEIT_LOSS: Fraction(0), Kind.DOUBLE_FORFEIT: Fraction(0), Kind.SHORT_WIN: win,
              Kind.SHORT_DRAW: Fraction(1, 2), Kind.SHORT_LOSS: Fraction(0)}
    out: dict[tuple[int, int], Match] = {}
    player_rounds: dict[int, dict[int, Round]] = {}
    for x in rows:
        if x.bye:
            out[(x.rd, x.home)] = Match(x.rd, x.home, x.bye) if x.bye in (PAB, ABSENT) else \
                Match(x.rd, x.home, BYE, bye=x.bye)
            continue
        if x.forfeit:
            assert x.away is not None
            h, a = ("=", "=") if x.forfeit == "--" else (x.forfeit[0], x.forfeit[1])
            out[(x.rd, x.home)] = Match(x.rd, x.home, FORFEITED, opponent=x.away, forfeit=h)
            out[(x.rd, x.away)] = Match(x.rd, x.away, FORFEITED, opponent=x.home, forfeit=a)
            continue
        home_boards: list[TeamBoard] = []
        away_boards: list[TeamBoard] = []
        for b, key in x.results:
            if key == NO_GAME:
                continue
            hk, ak = BOARD_RESULTS[key]
            hp, ap = x.home_players.get(b), x.away_players.get(b)
            colour = st.home_colour(b)
            other = "b" if colour == "w" else "w"
            if hp is not None:  # a board's number is its column (an empty board keeps its number)
                home_boards.append(TeamBoard(b, hp, ap, hk, points[hk]))
                player_rounds.setdefault(hp, {})[x.rd] = _player_round(hk, ap, colour, points[hk])
            if ap is not None:
                away_boards.append(TeamBoard(b, ap, hp, ak, points[ak]))
                player_rounds.setdefault(ap, {})[x.rd] = _player_round(ak, hp, other, points[ak])
        out[(x.rd, x.home)] = Match(x.rd, x.home, PLAYED, opponent=x.away, boards=tuple(home_boards))
        if x.away is not None:
            out[(x.rd, x.away)] = Match(x.rd, x.away, PLAYED, opponent=x.home, boards=tuple(away_boards))
    matches = [out.get((rd, t.no)) or Match(rd, t.no, ABSENT) for rd in range(1, n + 1) for t in rosters]
    return matches, player_rounds


def _player_round(kind: Kind, opponent: Optional[int], colour: str, points: Fraction) -> Round:
    """A board player's round; a board won against nobody is what TRF writes ``0000 - +`` (read as a
    point without an opponent)."""
    if opponent is None:
        return Round(Kind.PAB, points=points) if points else Round(Kind.ABSENT)
    return Round(kind, opponent, colour, points)


def _with_rounds(p: Player, rounds: dict[int, Round], n: int) -> Player:
    from dataclasses import replace
    return replace(p, rounds=tuple(rounds.get(rd, Round(Kind.ABSENT)) for rd in range(1, n + 1)))


def played_through(read: TeamEventRead) -> TeamEvent:
    """The event as far as its complete rounds go (the rounds a standing is after): the matches
    of rounds 1..``complete`` (a round in progress left out, and named as ``pending_rounds``, as a
    TRF's board still to come names it)."""
    from dataclasses import replace
    ev = read.event
    k = read.complete
    if k == ev.rounds:
        return ev
    return replace(ev, matches=tuple(m for m in ev.matches if m.round <= k),
                   pending_rounds=(k + 1,) if read.typed > k else ())


__all__ = ["BOARD_RESULTS", "NO_GAME", "SETTING_LABELS", "TeamSettings", "TeamEventRead", "build_team_event", "board_result",
           "read_team_settings", "read_teams", "played_through", "default_cell_name"]
