"""The prize list of a team event: place prizes by the team standings (C.07 Art. 2.2.2: the
primary score, MP or GP as the event says, then the team tie-breaks), with the individual
prize list's rules (:mod:`xl_tiebreak.prizes`): one prize per team, and teams tied on the
primary score ranked by the tie-breaks (those the tie-breaks do not separate share the prizes of
their places), or sharing the prizes (``shared``), or under the Hort system.

A team event has no categories (they read a player's rating, age, sex, federation or club):
its prize table is place prizes only; a table with category prizes is refused.
"""

from __future__ import annotations

from fractions import Fraction
from typing import TYPE_CHECKING, Sequence

from .errors import InputError
from .prize_report import render_prize_list
from .prizes import PrizeList, PrizeTable, allocate

if TYPE_CHECKING:
    from .teams import TeamEvent
    from .team_engine import TeamResult, TeamRow

__all__ = ["team_places", "team_prize_list", "render_team_prizes"]


def team_places(result: "TeamResult") -> list[str]:
    """Each row's place as the standings give it (rows in standings order): ``"3"``, or ``"3-4"``
    for teams equal on the primary score and every tie-break (they share the rank)."""
    ranks = [r.rank for r in result.rows]
    return [str(k) if ranks.count(k) == 1 else f"{k}-{k + ranks.count(k) - 1}" for k in ranks]


def team_prize_list(result: "TeamResult", table: PrizeTable, *, ties: str = "tiebreak", order: str = "value",
                    unit: Fraction = Fraction(1, 100)) -> PrizeList:
    """The prize list of the team standings ``result`` (place prizes only; see the module's text):
    ``ties`` and ``order`` as :func:`~xl_tiebreak.prizes.allocate` takes them, the points tied
    teams share on being their primary score (MP or GP).

    >>> from fractions import Fraction as F
    >>> from xl_tiebreak.teams import Match, Team, TeamBoard, TeamEvent, PLAYED
    >>> from xl_tiebreak.model import Kind, Tournament
    >>> def match(a, b, won):  # a one-board match won by a (won) or drawn
    ...     ka, kb, pa, pb = (Kind.WIN, Kind.LOSS, F(1), F(0)) if won else (Kind.DRAW, Kind.DRAW, F(1, 2), F(1, 2))
    ...     return [Match(1, a, PLAYED, b, (TeamBoard(1, 0, 0, ka, pa),)),
    ...             Match(1, b, PLAYED, a, (TeamBoard(1, 0, 0, kb, pb),))]
    >>> ev = TeamEvent(Tournament((), 1), (Team(1, "A", ()), Team(2, "B", ()), Team(3, "C", ()), Team(4, "D", ())),
    ...                1, 1, tuple(match(1, 2, True) + match(3, 4, False)))
    >>> from xl_tiebreak.team_engine import compute_team
    >>> got = team_prize_list(compute_team(ev, "MPvGP", "fide2026"), PrizeTable.parse("300,200,100"))
    >>> [(a.place, a.name, str(a.paid)) for a in got.awards]
    [('1', 'A', '300'), ('2-3', 'C', '150'), ('2-3', 'D', '150')]
    """
    if table.categories:
        raise InputError("category prizes are for individual events (a category reads a player's rating, age, sex, "
                         "federation or club); a team event's prizes are place prizes")
    rows: Sequence["TeamRow"] = result.rows
    place = dict(zip((r.no for r in rows), team_places(result)))

    def points(r: "TeamRow") -> Fraction:
        return result.primary_of(r)
    return allocate(rows, table, player_of=lambda r: r, points_of=points, place_of=lambda r: place[r.no],
                    in_category=lambda c, r: False, ties=ties, order=order, unit=unit)


def render_team_prizes(event: "TeamEvent", result: "TeamResult", got: PrizeList, fmt: str, source: str, *,
                       pab: str, pab_document: object) -> str:
    """The team prize list as a text table, CSV or JSON: as the individual one
    (:func:`~xl_tiebreak.prize_report.render_prize_list`), a ``Team`` column, the primary score
    and the team PAB's value used (``pab`` in words, ``pab_document`` as JSON) named, the
    standings' notes kept."""
    head = (f"{event.name or source}\nTeam prizes, standings {result.label}; primary score {result.primary}; "
            f"rules: {result.edition.name}")
    document = [("edition", result.edition.name), ("rounds", result.rounds), ("primary", result.primary),
                ("pab", pab_document)]
    return render_prize_list(got, fmt, head=head, document=document, notes=result.notes,
                             note_lines=[pab] + [f"Note: {n}" for n in result.notes], team=True)
