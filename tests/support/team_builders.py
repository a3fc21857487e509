"""Test helpers for the board-based and encounter team tie-breaks: tiny team events built from match
results, an evaluation object implementing :class:`~xl_tiebreak.tiebreaks.spec.TeamEvaluation`, and
the columns the rows give (the engine's :class:`~xl_tiebreak.tiebreaks.context.Column`, one row per
team in the event's order) read as ``{team: value}`` for the tests (:func:`by_team`)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Optional, Sequence, Union

from xl_tiebreak.descriptor import TieBreak
from xl_tiebreak.editions import Edition, get_edition
from xl_tiebreak.model import Kind, Tournament
from xl_tiebreak.tiebreaks import team_boards as boards, team_encounter as encounter
from xl_tiebreak.tiebreaks.team_typea import rank_column
from xl_tiebreak.tiebreaks.context import Column
from xl_tiebreak.tiebreaks.spec import Spec
from xl_tiebreak.teams import BYE, FORFEITED, PAB, PLAYED, Match, MatchValues, PabValue, Team, TeamBoard, TeamEvent, \
    scores

F = Fraction
ROWS: dict[str, Spec] = {r.name: r for r in boards.ROWS + encounter.ROWS}

# one board, from the first team's side: (kind, points) for it and for the other team
_BOARD = {"1": ((Kind.WIN, F(1)), (Kind.LOSS, F(0))), "0": ((Kind.LOSS, F(0)), (Kind.WIN, F(1))),
          "=": ((Kind.DRAW, F(1, 2)), (Kind.DRAW, F(1, 2))),
          "+": ((Kind.FORFEIT_WIN, F(1)), (Kind.FORFEIT_LOSS, F(0))),
          "-": ((Kind.FORFEIT_LOSS, F(0)), (Kind.FORFEIT_WIN, F(1))),
          "x": ((Kind.DOUBLE_FORFEIT, F(0)), (Kind.DOUBLE_FORFEIT, F(0)))}


def team_event(teams: int, nboards: int, rounds: int, results: Sequence[tuple], *, primary: str = "MP",
               pab: Optional[PabValue] = None, match_values: MatchValues = MatchValues()) -> TeamEvent:
    """A team event from ``results``: ``(round, a, b, "1=0+")`` (team a's boards, top first: 1 win,
    = draw, 0 loss, + / - forfeit won / lost, x double forfeit), ``(round, "pab", t)``,
    ``(round, "bye", t, "F"|"H"|"Z")``, ``(round, "forfeit", a, b, "+"|"-"|"=")`` (330, from a's side).
    Rounds a team has nothing in are absences."""
    matches: list[Match] = []
    had: set[tuple[int, int]] = set()
    for res in results:
        r = res[0]
        if res[1] == "pab":
            matches.append(Match(r, res[2], PAB))
            had.add((r, res[2]))
        elif res[1] == "bye":
            matches.append(Match(r, res[2], BYE, bye=res[3]))
            had.add((r, res[2]))
        elif res[1] == "forfeit":
            a, b, f = res[2], res[3], res[4]
            matches.append(Match(r, a, FORFEITED, opponent=b, forfeit=f))
            matches.append(Match(r, b, FORFEITED, opponent=a, forfeit={"+": "-", "-": "+", "=": "="}[f]))
            had |= {(r, a), (r, b)}
        else:
            a, b, text = res[1], res[2], res[3]
            ba = tuple(TeamBoard(i + 1, 0, 0, *_BOARD[c][0]) for i, c in enumerate(text))
            bb = tuple(TeamBoard(i + 1, 0, 0, *_BOARD[c][1]) for i, c in enumerate(text))
            matches.append(Match(r, a, PLAYED, opponent=b, boards=ba))
            matches.append(Match(r, b, PLAYED, opponent=a, boards=bb))
            had |= {(r, a), (r, b)}
    for r in range(1, rounds + 1):
        for t in range(1, teams + 1):
            if (r, t) not in had:
                matches.append(Match(r, t, "absent"))
    matches.sort(key=lambda m: (m.round, m.team))
    return TeamEvent(Tournament((), rounds), tuple(Team(t, f"Team {t}", ()) for t in range(1, teams + 1)),
                     rounds, nboards, tuple(matches), match_values, primary,
                     pab if pab is not None else PabValue())


@dataclass
class Evaluation:
    """A minimal :class:`TeamEvaluation`: the rows of this branch, MP/GP as plain sums."""

    event: TeamEvent
    edition: Edition
    rounds: int
    primary: str

    def column(self, tb: TieBreak, earlier: Sequence[Column] = ()) -> Column:
        return ROWS[tb.name].team_rule.compute(self, tb, earlier)

    def scores(self) -> dict[int, tuple[Fraction, Fraction]]:
        """(MP, GP) of every team (over every round: these events are complete)."""
        got = self.__dict__.get("_scores")
        if got is None:
            got = self.__dict__["_scores"] = scores(self.event)
        return got


#: a team column as these tests write it: ``{team number: value}`` (None: undefined)
TeamColumn = dict[int, Optional[Fraction]]


def team_column(event: TeamEvent, col: Union[Mapping[int, Optional[Fraction]], Column]) -> Column:
    """``{team: value}`` as the engine's column over the event's teams (a Column as it is)."""
    if isinstance(col, Column):
        return col
    return Column.of([col.get(t.no) for t in event.teams])


def by_team(event: TeamEvent, col: Column) -> TeamColumn:
    """The engine's column of a team row read as ``{team number: value}``."""
    return {t.no: col.value(k) for k, t in enumerate(event.teams)}


def evaluation(event: TeamEvent, ed: str = "fide2026", rounds: Optional[int] = None) -> Evaluation:
    return Evaluation(event, get_edition(ed), rounds or event.rounds, event.primary)


def parse(code: str) -> TieBreak:
    """``NAME[:MP|:GP][/P]`` (enough for these codes)."""
    parts = code.split("/")
    name, _, q = parts[0].partition(":")
    return TieBreak(name.upper(), forfeits_as_games="P" in (p.upper() for p in parts[1:]), qualifier=q.upper(),
                    scope="team")


def score_column(ev: Evaluation, which: str) -> TeamColumn:
    """MP, GP, or the primary (PRIMARY) / secondary (MPVGP) score of each team."""
    sc = ev.scores()
    if which == "PRIMARY":
        which = ev.primary
    elif which == "MPVGP":
        which = "GP" if ev.primary == "MP" else "MP"
    k = 0 if which in ("MP", "MPTS") else 1
    return {t: v[k] for t, v in sc.items()}


def columns(ev: Evaluation, codes: Sequence[str], knockout: str = encounter.EVENT) -> dict[str, TeamColumn]:
    """Each code's column, computed in list order after the primary score (Type A codes rank
    inside the groups the codes before them leave tied). ``knockout``: see :mod:`encounter`;
    ``ENCOUNTER`` is gacrux's reading, and then BC, TBR and BBE count the boards as gacrux does
    (:func:`gacrux_board_points`)."""
    earlier: list[TeamColumn] = [score_column(ev, "PRIMARY")]
    out: dict[str, TeamColumn] = {}
    for c in codes:
        name = c.split("/")[0].split(":")[0].upper()
        if name in ("MPTS", "GPTS", "MPVGP", "MP", "GP"):
            col = score_column(ev, {"MPTS": "MP", "GPTS": "GP"}.get(name, name))
        elif knockout == encounter.ENCOUNTER and name in ("BC", "TBR", "BBE"):
            col = gacrux_board_column(ev, name, earlier)
        else:
            col = compute(ev, c, earlier, knockout)
        out[c] = col
        earlier.append(col)
    return out


def compute(ev: Evaluation, code: str, earlier: Sequence[TeamColumn], knockout: str = encounter.EVENT) -> TeamColumn:
    """One code's column after ``earlier``; with ``knockout=ENCOUNTER`` the EDE chains count the
    knock-out steps on the two teams' encounters (gacrux's reading)."""
    tb = parse(code)
    before = [team_column(ev.event, c) for c in earlier]
    if knockout == encounter.EVENT or tb.name not in encounter.CHAINS or tb.name == "DE":
        return by_team(ev.event, ROWS[tb.name].team_rule.compute(ev, tb, before))
    first = tb.qualifier or ev.primary

    def tiers(group: list[int]) -> list[list[int]]:
        enc = encounter.Encounters(ev.event, ev.rounds, tb.forfeits_as_played, knockout)
        return encounter.ede_tiers(enc, group, first, encounter.CHAINS[tb.name])
    return by_team(ev.event, rank_column([t.no for t in ev.event.teams], before, tiers))


def trf26_text(teams: int, nboards: int, rounds: int, results: Sequence[tuple], primary: str = "MP") -> str:
    """The TRF-26 text of an event of played matches only (``(round, a, b, "1=0")`` as in
    :func:`team_event`; no forfeits): team t fields players ``nboards*(t-1)+1 ..`` in board
    order, the first-named team has White on odd boards (352 ``WB``)."""
    def player(t: int, b: int) -> int:
        return nboards * (t - 1) + b

    cells: dict[int, list[tuple[object, str, str]]] = {
        player(t, b): [("0000", "-", "-")] * rounds for t in range(1, teams + 1) for b in range(1, nboards + 1)}
    pts: dict[int, Fraction] = {p: F(0) for p in cells}
    mirror = {"1": "0", "0": "1", "=": "="}
    value = {"1": F(1), "0": F(0), "=": F(1, 2)}
    for r, a, b, text in results:
        for i, c in enumerate(text):
            pa, pb = player(a, i + 1), player(b, i + 1)
            ca = "w" if i % 2 == 0 else "b"
            cells[pa] = cells[pa][:r - 1] + [(pb, ca, c)] + cells[pa][r:]
            cells[pb] = cells[pb][:r - 1] + [(pa, "b" if ca == "w" else "w", mirror[c])] + cells[pb][r:]
            pts[pa] += value[c]
            pts[pb] += value[mirror[c]]
    lines = ["012 Hand-made team event", "042 2026/03/01", f"142 {rounds}",
             f"192 FIDE_TEAM_TYPEA_{'MP_GP' if primary == 'MP' else 'GP_MP'}", "352 " + ("WB" * nboards)[:nboards],
             "362 TW 2.0   TD 1.0   TL 0.0"]
    for p in sorted(cells):
        line = (f"001 {p:>4} m    {f'Player {p}':<33} {1500:>4} NOR {1000 + p:>11} {'':<10} "
                f"{float(pts[p]):>4.1f} {p:>4}").ljust(89)
        for opp, col, res in cells[p]:
            line += f"  {opp:>4} {col} {res}"
        lines.append(line)
    for t in range(1, teams + 1):
        lines.append(f"310 {t:3d} {f'Team {t}':<32} {'':5} {'':6} {'':>6} {'':>6} {'':3}  "
                     + " ".join(f"{player(t, b):4d}" for b in range(1, nboards + 1)))
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------------ gacrux's reading

def forfeit_only(event: TeamEvent, m: Match) -> bool:
    """A match of board forfeits only (no board game) in which not both teams scored: gacrux
    counts it, for the board tie-breaks, as a forfeited match (every board won for the team that
    scored more, nothing for the other), not board by board."""
    if m.kind != PLAYED or any(b.kind.is_game for b in m.boards) or m.opponent is None:
        return False
    back = next((o for o in event.matches_of(m.opponent) if o.round == m.round), None)
    theirs = sum((b.points for b in back.boards), F(0)) if back is not None else F(0)
    return not (sum((b.points for b in m.boards), F(0)) > 0 and theirs > 0)


def gacrux_board_points(event: TeamEvent, team: int, rounds: int) -> tuple[Fraction, ...]:
    """:func:`~xl_tiebreak.tiebreaks.team_boards.board_points` as gacrux counts them (see
    :func:`forfeit_only`)."""
    n = boards.board_total(event)
    tot = [F(0)] * n
    for m in event.matches_of(team):
        if m.round > rounds:
            continue
        if forfeit_only(event, m):
            back = next((o for o in event.matches_of(m.opponent or 0) if o.round == m.round), None)
            mine = sum((b.points for b in m.boards), F(0))
            theirs = sum((b.points for b in back.boards), F(0)) if back is not None else F(0)
            pts = (event.tournament.scoring.win if mine > theirs else F(0),) * n
        else:
            pts = boards.match_board_points(event, m, n)[0]
        for i, v in enumerate(pts):
            tot[i] += v
    return tuple(tot)


def gacrux_board_column(ev: Evaluation, code: str, earlier: Sequence[TeamColumn]) -> TeamColumn:
    """BC, TBR or BBE over :func:`gacrux_board_points`."""
    from xl_tiebreak.tiebreaks.team_typea import tiers_by_key
    teams = [t.no for t in ev.event.teams]
    pts = {t: gacrux_board_points(ev.event, t, ev.rounds) for t in teams}
    if code == "BC":
        return {t: boards.bc_value(pts[t]) for t in teams}
    key = boards.tbr_key if code == "TBR" else boards.bbe_key
    before = [team_column(ev.event, c) for c in earlier]
    return by_team(ev.event, rank_column(teams, before, lambda g: tiers_by_key(g, lambda t: key(pts[t]))))
