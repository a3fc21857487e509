"""The Excel functions of a team event (issue 23), over the team workbook's ranges as Excel hands
them over: ``matches`` (the match grid), ``teams`` (the rosters) and ``settings`` (the team
Settings rows), read by :func:`.ranges.team_ranges.build_team_event`. Each is declared where it is defined
(:func:`team_function`, the group TEAM of :mod:`.functions.registry`, which adds the argument checks
and the error naming), so the UDF module, the headless recompute and the tests call the same code.

Values are those after the last complete round (a round in progress is named by ``TEAM_STATUS``).
All values for one distinct content of the three ranges are computed once (:data:`.functions.cache.CACHE`).
"""

from __future__ import annotations

import functools
from fractions import Fraction
from typing import Any, Callable, Mapping, Optional

from ...errors import DescriptorError, InputError, TiebreakError
from ...formatting import json_number
from ...teams import match_score, scores
from ..ranges.arguments import list_text, table_part, text_of
from .cache import CACHE, Table, range_key
from .registry import TEAM, group, worksheet_function
from .results import cell_value
from ..ranges.team_ranges import TeamEventRead, build_team_event, played_through

NA = "#N/A"
#: what Excel shows for the settings argument of every team function
SETTINGS_DOC = "The team Settings rows (label and value): boards, match points, primary score, team PAB, edition."
CODE_DOC = "A team tie-break code such as EMGSB/C1, BH:MP/C1, GP, EDE or BC."  # TEAM_TIEBREAK's, TEAM_EXPLAIN's
LIST_DOC = "The event's team tie-breaks in order (a range or a text EMGSB/C1,GP); "  # then what empty means


def team_function(description: str, spills: bool = False,
                  parameters: Optional[Mapping[str, str]] = None) -> Callable[[Callable], Callable]:
    """Declare a team event's Excel function (:func:`.functions.registry.worksheet_function`, group
    TEAM): its settings argument is the team Settings rows."""
    return worksheet_function(TEAM, description, spills=spills,
                              parameters={"settings": SETTINGS_DOC, **(parameters or {})})


def _cell_name(table: str, i: int, j: int) -> str:
    """A cell named inside its range (a function is not told where the range is; the headless
    recompute names the worksheet cell instead, :meth:`.recompute.formula_book.FormulaBook.cells_named`)."""
    from ..xlsx.a1 import column_letter
    return f"row {i + 1} of the {table} range, column {column_letter(j + 1)}"


def _read(matches: Table, teams: Table, settings: Any) -> TeamEventRead:
    key = (range_key(matches), range_key(teams), range_key(settings))
    return CACHE.get(("team", *key), lambda: build_team_event(teams, matches, settings, cell_name=_cell_name))


def team_tables(matches: Table, teams: Table, settings: Any) -> TeamEventRead:
    """The three team ranges read into the event, once per content (for the team functions declared
    in other modules, :mod:`.functions.team_pairing`)."""
    return _read(matches, teams, settings)


def _edition_source(read: TeamEventRead) -> str:
    """Why this edition, for the status line: chosen, the start date's, or assumed."""
    st = read.settings
    note = "".join(f"; {where}: {message}" for rule, message, where in st.notes if rule == "date-order")
    if st.edition:
        return f" (chosen{note})"
    return f" (start date {st.start_date}{note})" if st.start_date else " (assumed: no start date)"


def _edition(read: TeamEventRead) -> tuple[Any, Optional[str]]:
    """The team edition (the one chosen in Settings, else the start date's; 2024 or 2026) and a
    note when it was chosen for the event (a start date before the 2024 team text)."""
    from ...editions import team_edition
    try:
        return team_edition(read.settings.edition or None, read.event.tournament.start_date)
    except TiebreakError as exc:
        raise InputError(f"settings: Edition: {exc}") from None


def _kept(read: TeamEventRead, key: Any, make: Any) -> Any:
    """A value derived from ``read``, computed once and kept with it."""
    if key not in read.memo:
        read.memo[key] = make()
    return read.memo[key]


def _scores(read: TeamEventRead) -> dict[int, tuple[Fraction, Fraction]]:
    return _kept(read, "scores", lambda: scores(played_through(read)))


def _team_no(team: Any, read: TeamEventRead) -> Optional[int]:
    if team is None or (isinstance(team, str) and not team.strip()):
        return None
    try:
        f = float(team)
    except (TypeError, ValueError, OverflowError):
        return -1
    if not f.is_integer() or int(f) not in {t.no for t in read.event.teams}:
        return -1
    return int(f)


def _per_team(team: Any, read: TeamEventRead, value: Any) -> Any:
    no = _team_no(team, read)
    if no is None:
        return ""
    if no < 0:
        return NA
    return value(no)


@team_function(
    description="A team's match points after the last complete round: won, drawn and lost matches as Settings say "
                "(2/1/0 by default), byes and the pairing bye included.")
def MATCH_POINTS(team: Any, matches: Table, teams: Table, settings: Any = None) -> Any:
    """A team's match points after the last complete round."""
    read = _read(matches, teams, settings)
    return _per_team(team, read, lambda no: json_number(_scores(read)[no][0]))


@team_function(
    description="A team's game points after the last complete round: the sum of its board points, byes and the "
                "pairing bye included.")
def GAME_POINTS(team: Any, matches: Table, teams: Table, settings: Any = None) -> Any:
    """A team's game points after the last complete round."""
    read = _read(matches, teams, settings)
    return _per_team(team, read, lambda no: json_number(_scores(read)[no][1]))


def _codes_of(tiebreak_list: Any) -> list[str]:
    return [c.strip() for c in list_text(tiebreak_list).split(",") if c.strip()]


def _team_result(read: TeamEventRead, codes: list[str]) -> Any:
    """The engine's result for the complete rounds, under the settings' edition."""
    from ...team_engine import compute_team
    ed = _edition(read)[0]

    def make() -> Any:
        try:
            return compute_team(played_through(read), codes or None, edition=ed, rounds=read.complete,
                                round_robin=read.settings.kind == "round-robin")
        except DescriptorError as exc:
            raise DescriptorError(f"tiebreak_list: {exc}") from None
    return _kept(read, ("result", tuple(codes), ed.name), make)


def team_result(read: TeamEventRead, codes: list[str]) -> Any:
    """The team engine's standings of a workbook's event after its last complete round, under
    its Settings (edition, type), for ``codes`` (empty: the default list)."""
    return _team_result(read, [c for c in codes if c.strip()])


@team_function(
    parameters={
        "code": CODE_DOC,
        "tiebreak_list": LIST_DOC + "empty: the code on its own.",
    },
    description="Any team tie-break of one team by its code (EMGSB/C1, BH:MP/C1, MPvGP, EDE, BC, ...) after the last "
                "complete round; with the event's tie-break list, a rank code (EDE, DE, TBR, BBE) is the rank inside "
                "the tied group.")
def TEAM_TIEBREAK(team: Any, matches: Table, teams: Table, code: Any, settings: Any = None,
                  tiebreak_list: Any = None) -> Any:
    """One team's value of any team tie-break code; a rank code inside the tie of the list."""
    text = text_of(code)
    if not text:
        return ""
    canon = _team_code(text, "code")
    read = _read(matches, teams, settings)
    if not read.event.teams:
        return _per_team(team, read, lambda no: "")
    listed = _codes_of(tiebreak_list)
    in_list = bool(listed) and canon in [_team_code(c, "tiebreak_list") for c in listed]
    result = _team_result(read, listed if in_list else [text])
    return _per_team(team, read, lambda no: cell_value(result.value(no, text)))


def _default_codes() -> list[str]:
    from ...team_engine import DEFAULT_TEAM_LIST
    return list(DEFAULT_TEAM_LIST)


@functools.lru_cache(maxsize=256)
def _team_code(text: str, what: str) -> str:
    from ...descriptor import parse_team
    try:
        return parse_team(text).code
    except TiebreakError as exc:
        raise DescriptorError(f"{what}: {exc}") from None


@team_function(
    spills=True,
    parameters={
        "code": CODE_DOC,
    },
    description="How one team's value of a team tie-break code is reached after the last complete round, step by step "
                "(which matches, which opponent scores, what Art. 16 did), one line per row, as a table that spills.")
def TEAM_EXPLAIN(team: Any, matches: Table, teams: Table, code: Any, settings: Any = None) -> Any:
    """The account of one team's value of a team tie-break code, one line per row."""
    from ...team_engine import explain_team
    text = text_of(code)
    if not text:
        return ""
    _team_code(text, "code")
    read = _read(matches, teams, settings)
    ed = _edition(read)[0]

    def lines(no: int) -> list[list[Any]]:
        return _kept(read, ("explain", no, text.upper(), ed.name), lambda: [[ln] for ln in explain_team(
            played_through(read), text, no, edition=ed, rounds=read.complete,
            round_robin=read.settings.kind == "round-robin")])
    return _per_team(team, read, lines)


@team_function(
    spills=True,
    parameters={
        "row": "Only this row of the standings (1 is the leader, 0 the header); empty: the whole table.",
        "tiebreak_list": LIST_DOC + "empty: the default team list.",
    },
    description="The team standings (Rk, No, Team, MP, GP and the tie-breaks) after the last complete round, as a "
                "table that spills; with row (1 the leader, 0 the header) and column it gives that one cell.")
def TEAM_STANDINGS(matches: Table, teams: Table, settings: Any = None, tiebreak_list: Any = None,
                   row: Any = None, column: Any = None) -> Any:
    """The team standings, or one cell of them."""
    read = _read(matches, teams, settings)
    codes = _codes_of(tiebreak_list)
    if not read.event.teams:  # a new workbook: the header only
        table: list[list[Any]] = [["Rk", "No", "Team", "MP", "GP",
                                   *[_team_code(c, "tiebreak_list") for c in codes or _default_codes()]]]
        return table if row is None and column is None else ""
    result = _team_result(read, codes)
    table = [["Rk", "No", "Team", "MP", "GP", *result.codes]]
    for r in result.rows:
        table.append([r.rank, r.no, r.name, json_number(r.match_points), json_number(r.game_points),
                      *[cell_value(v) for v in r.values]])
    return table_part(table, row, column, "TEAM_STANDINGS")


@team_function(
    spills=True,
    description="Beside the match grid, row for row: the match score in game points (home, away) and the match points "
                "of each side, as a table that spills; empty for a match not complete.")
def MATCH_SCORES(matches: Table, teams: Table, settings: Any = None) -> list[list[Any]]:
    """Each complete match's game and match points, row for row beside the match grid."""
    read = _read(matches, teams, settings)
    ev = read.event
    out: list[list[Any]] = [["Home GP", "Away GP", "Home MP", "Away MP"]]
    by_row = {i: (rd, home, done) for i, rd, home, done in read.rows}
    for i in range(1, len(matches)):
        rd, home, done = by_row.get(i, (0, 0, False))
        if not done:
            out.append(["", "", "", ""])
            continue
        m = next(x for x in ev.matches_of(home) if x.round == rd)
        mp, gp = match_score(ev, m)
        if m.opponent is None:
            out.append([json_number(gp), "", json_number(mp), ""])
            continue
        other = next(x for x in ev.matches_of(m.opponent) if x.round == rd)
        omp, ogp = match_score(ev, other)
        out.append([json_number(gp), json_number(ogp), json_number(mp), json_number(omp)])
    return out


@team_function(
    spills=True,
    description="Beside the Teams sheet, row for row: each player's board points and games played over the board "
                "after the last complete round (board prizes), as a table that spills.")
def PLAYER_POINTS(matches: Table, teams: Table, settings: Any = None) -> list[list[Any]]:
    """Each player's board points and games, row for row beside the Teams sheet."""
    read = _read(matches, teams, settings)
    t = read.event.tournament
    k = read.complete

    def make() -> dict[int, tuple[Any, int]]:
        return {p.no: (json_number(sum((r.points for r in p.rounds[:k]), Fraction(0))),
                       sum(1 for r in p.rounds[:k] if r.kind.is_game)) for p in t.players}
    got = _kept(read, "player points", make)
    header = teams[0] if teams and isinstance(teams[0], (list, tuple)) else []
    norm = [text_of(h).replace(" ", "").casefold() for h in header]
    col = norm.index("no") if "no" in norm else None
    out: list[list[Any]] = [["Pts", "Games"]]
    for r in teams[1:]:
        cells = list(r) if isinstance(r, (list, tuple)) else []
        no = _team_no_of(cells[col] if col is not None and col < len(cells) else None)
        out.append(list(got[no]) if no in got else ["", ""])
    return out


def _team_no_of(v: Any) -> Optional[int]:
    try:
        f = float(v)
    except (TypeError, ValueError, OverflowError):
        return None
    return int(f) if f.is_integer() else None


@team_function(
    spills=True,
    parameters={
        "tiebreak_list": LIST_DOC + "empty: the default team list.",
    },
    description="The legend of the team standings, as a table that spills: the primary score, then each tie-break "
                "code of the list with what it counts.")
def TEAM_LEGEND(tiebreak_list: Any = None, settings: Any = None) -> list[list[Any]]:
    """The legend of the team standings: the primary score and each code of the list."""
    from ...descriptor import with_cut
    from ...descriptor import parse_team
    from ..ranges.team_ranges import read_team_settings
    st = read_team_settings(settings, _cell_name) if isinstance(settings, (list, tuple)) else None
    primary = st.primary if st else "MP"
    rows: list[list[Any]] = [["Code", "Meaning"],
                             [primary, "Match points (won, drawn, lost matches), the primary score" if primary == "MP"
                              else "Game points (the sum of the board points), the primary score"]]
    for c in _codes_of(tiebreak_list) or _default_codes():
        try:
            tb = parse_team(c)
        except TiebreakError as exc:
            raise DescriptorError(f"tiebreak_list: {exc}") from None
        legend = with_cut(tb.spec.legend, tb.cut, tb.median)  # BH/C1: "Buchholz Cut-1 (...)"
        rows.append([tb.code, legend[:1].upper() + legend[1:]])
    return rows


STATUS_SHOWN = 3  # problems quoted on the status line


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _problems(matches: Table, teams: Table, settings: Any, first: TiebreakError) -> str:
    """Every problem of the tables (a collecting read), the first ones quoted with their cells:
    ``3 errors - row 4 of the Matches range, column F: ...; ...``."""
    from ...check import collect
    found = [f for f in collect(lambda fd: build_team_event(teams, matches, settings, cell_name=_cell_name,
                                                             findings=fd)) if f.severity == "error"]
    if not found:
        return f"1 error - {first}"
    shown = "; ".join(f"{f.where}: {f.message}" if f.where else f.message for f in found[:STATUS_SHOWN])
    more = "; ..." if len(found) > STATUS_SHOWN else ""
    return f"{len(found)} error{'' if len(found) == 1 else 's'} - {shown}{more}"


def _list_error(tiebreak_list: Any) -> str:
    """The error of a tie-break list whose code the team parser refuses (as the tables that rank by
    it show it: ``tiebreak_list: unknown team tie-break 'XYZ' ...``), else ``""``."""
    from ...descriptor import parse_team
    for c in _codes_of(tiebreak_list):
        try:
            parse_team(c)
        except TiebreakError as exc:
            return f"tiebreak_list: {exc}"
    return ""


@team_function(
    description="One line above the team tables: after which round the values are, the round in progress, the rules, "
                "the match points and the pairing bye's value used, then No problems found, or the first problem with "
                "its cell (a tie-break list it cannot read too).")
def TEAM_STATUS(matches: Table, teams: Table, settings: Any = None, tiebreak_list: Any = None) -> str:
    """A team event's status line: how far it has got, its rules, its problems."""
    try:
        read = _read(matches, teams, settings)
        ed, note = _edition(read)
    except TiebreakError as exc:  # the line says what to correct, where (the tables show #ERROR: with it)
        return _problems(matches, teams, settings, exc)
    ev = read.event
    st = read.settings
    listed = _list_error(tiebreak_list)  # the tables that rank by it show its error: the line counts it too
    verdict = f"1 error - {listed}" if listed else "No problems found."
    if not ev.teams:
        return (f"No teams yet: type them on the Teams sheet, then the matches round by round; rules "
                f"{ed.name}{_edition_source(read)}. {verdict}")
    mv = ev.match_values
    head = f"After round {read.complete} of {ev.rounds}" if read.complete else f"No round complete yet (of {ev.rounds})"
    done, total, missing = read.in_progress
    if total or missing:
        head += f"; round {read.complete + 1} in progress ({done} of {total} matches complete"
        shown = ", ".join(map(str, read.waiting[:5])) + (", ..." if len(read.waiting) > 5 else "")
        head += f"; {missing} team{'s' if missing != 1 else ''} without a row yet: {shown})" if missing else ")"
    pab_mp, pab_gp = ev.pab_points
    source = "Settings" if ev.pab.source != "default" else "default: a won match, every board won"
    why = f" ({note})" if note else _edition_source(read)
    kind = "; round robin" if st.kind == "round-robin" else ""
    return (f"{head}; rules {ed.name}{why}{kind}; {_count(len(ev.teams), 'team')}, {_count(ev.boards, 'board')}; {st.primary} first; match points "
            f"{json_number(mv.win)}/{json_number(mv.draw)}/{json_number(mv.loss)}; team PAB {json_number(pab_mp)} MP, "
            f"{json_number(pab_gp)} GP ({source}). {verdict}")


__all__ = group(TEAM)
