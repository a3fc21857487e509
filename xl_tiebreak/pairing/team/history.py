"""What the FIDE Swiss team pairing (C.04.6, 2026) needs from the rounds already played: each
team's state before round k.

Read from a :class:`~xl_tiebreak.teams.TeamEvent` only, exact (``Fraction``) and immutable:

* scores (art. 1.2): match points (MP) and game points (GP) of rounds 1..k-1, the primary one
  as the competition says (TRF record 192); a team PAB counts as a drawn match (art. 1.4)
  unless record 320 states its value;
* colours (art. 1.6): the colour of the team's board-1 player in each *played* match, so a
  forfeited match, a bye or an absence gives none (C.04.2 art. 3.4); CD = Whites - Blacks;
* preferences (art. 1.7): Type A (the default), Type B, or none at all;
* floats (art. 1.5): a team floated when it played an opponent with a different score; a bye is
  no float;
* the PAB bar (art. 2.1.2, [C2]): a PAB, a match won by forfeit, or a full-point bye already.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Literal, Optional

from ...teams import BYE, FORFEITED, PAB, PLAYED, Match, TeamEvent
from ...model import Kind
from ..model import PairingError

Colour = Literal["w", "b"]
#: the colour models of art. 1.7: Type A (default), Type B, no colour preferences
Model = Literal["A", "B", "none"]


@dataclass(frozen=True)
class Preference:
    """A team's colour preference (art. 1.7): the colour (``None``: none) and, for Type B,
    whether it is strong (Type A's single kind is kept as ``strong``)."""

    colour: Optional[Colour]
    strong: bool = False


NO_PREFERENCE = Preference(None)


@dataclass(frozen=True)
class TeamState:
    """One team before the round to pair: ``tpn`` (art. 1.1, the team's number), ``primary`` and
    ``secondary`` scores (art. 1.2), ``score`` the pairing score (the primary score plus the virtual
    points of an acceleration, C.04.7 art. 1.5: scoregroups, floats, the PAB, boards), ``colours`` of its played matches in round order (art. 1.6),
    ``opponents`` met in played matches (C.04.1 art. 2: a forfeited match is no meeting),
    ``played`` the number of played matches (art. 3.4.3), ``pab_barred`` ([C2]), ``floated``
    whether it floated in the previous round (art. 1.5), ``preference`` (art. 1.7)."""

    tpn: int
    primary: Fraction
    secondary: Fraction
    score: Fraction
    colours: tuple[Colour, ...]
    opponents: frozenset[int]
    played: int
    pab_barred: bool
    floated: bool
    preference: Preference

    @property
    def cd(self) -> int:
        """The colour difference (art. 1.6.2): Whites minus Blacks over played matches."""
        return self.colours.count("w") - self.colours.count("b")


def model_of(event: TeamEvent) -> Model:
    """The colour model that TRF record 192 names (PAIRING_RULES §6): ``FIDE_TEAM_TYPEB_*`` Type B;
    ``FIDE_TEAM_MP_GP``, ``_GP_MP``, ``_MP``, ``_GP`` no preferences; ``FIDE_TEAM_TYPEA_*``,
    ``FIDE_TEAM`` (and ``_BAKU``) or no record: Type A, the default of art. 1.7."""
    code = _code(event)
    if "TYPEB" in code:
        return "B"
    if "TYPEA" in code or not code.startswith("FIDE_TEAM"):
        return "A"
    rest = code[len("FIDE_TEAM"):].replace("_BAKU", "")
    return "none" if rest in ("_MP_GP", "_GP_MP", "_MP", "_GP") else "A"


def secondary_used(event: TeamEvent) -> bool:
    """Art. 1.2.1: the secondary score allocates colours (art. 4.2.2) unless the competition names
    only one score (record 192 ending ``_MP`` or ``_GP`` without the other)."""
    code = _code(event).replace("_BAKU", "")
    return not (code.startswith("FIDE_TEAM") and (code.endswith("_MP") or code.endswith("_GP"))
                and not (code.endswith("MP_GP") or code.endswith("GP_MP")))


def _code(event: TeamEvent) -> str:
    for line in event.tournament.header:
        if line[:3] == "192":
            return line[3:].strip().upper()
    return ""


def pab_value(event: TeamEvent) -> tuple[Fraction, Fraction]:
    """(MP, GP) of a team PAB for the pairing: record 320's, else a drawn match (art. 1.4:
    "the same match points and game points as for a drawn match")."""
    if event.pab.source != "default":
        return event.pab_points
    return event.match_values.draw, event.boards * event.tournament.scoring.draw


def match_scores(event: TeamEvent, m: Match) -> tuple[Fraction, Fraction]:
    """(MP, GP) of one team's round, as the pairing counts it (the PAB: :func:`pab_value`)."""
    from ...teams import match_score
    return pab_value(event) if m.kind == PAB else match_score(event, m)


def board1_colour(event: TeamEvent, m: Match) -> Optional[Colour]:
    """The colour of the team's board-1 player in a played match (art. 1.6.1), else ``None``. Where
    board 1 had no game, the first board played tells it through record 352's board colours
    (``WBWB``: board 2 has the other colour; default alternating)."""
    if m.kind != PLAYED or m.opponent is None:
        return None
    boards = [b for b in m.boards if b.opponent is not None and b.kind is not Kind.DOUBLE_FORFEIT]
    if not boards:
        return None
    first = min(boards, key=lambda b: b.board)
    rd = event.tournament.player(first.player).rounds[m.round - 1]
    own: Colour
    if rd.colour == "w":
        own = "w"
    elif rd.colour == "b":
        own = "b"
    else:
        return None
    pattern = event.board_colours.upper()
    i = first.board - 1
    same = pattern[i % len(pattern)] == pattern[0] if pattern else i % 2 == 0
    return own if same else ("b" if own == "w" else "w")


def preference(colours: tuple[Colour, ...], model: Model, last_round: bool) -> Preference:
    """Art. 1.7. Type A: White if CD < -1, or CD is 0 or -1 and the last two played matches were
    Black (Black mirrored); else none. Type B: the same cases are strong; mild White if CD = -1,
    or CD = 0 and the last played match was Black and this is not the last round (mirrored);
    none before any match, or with CD = 0 in the last round."""
    if model == "none" or not colours:
        return NO_PREFERENCE
    cd = colours.count("w") - colours.count("b")
    last2 = colours[-2:] if len(colours) >= 2 else ()
    if cd < -1 or (cd in (0, -1) and last2 == ("b", "b")):
        return Preference("w", True)
    if cd > 1 or (cd in (0, 1) and last2 == ("w", "w")):
        return Preference("b", True)
    if model == "A":
        return NO_PREFERENCE
    if cd == -1 or (cd == 0 and colours[-1] == "b" and not last_round):
        return Preference("w", False)
    if cd == 1 or (cd == 0 and colours[-1] == "w" and not last_round):
        return Preference("b", False)
    return NO_PREFERENCE


def virtual_points(event: TeamEvent) -> dict[tuple[int, int], Fraction]:
    """{(team, round): virtual points} of TRF records 250 (C.04.7 acceleration): match points in
    columns 5-8 when MP is the primary score, points 10-13 when GP is; rounds 15-17 to 19-21, team
    numbers 23-26 to 28-31 (an empty last = the first). A later record overrides an earlier one."""
    out: dict[tuple[int, int], Fraction] = {}
    for line in event.tournament.header:
        if line[:3] != "250":
            continue
        cols = (5, 8) if event.primary == "MP" else (10, 13)
        try:
            pts = Fraction(line[cols[0] - 1:cols[1]].strip() or "0")
            r1 = int(line[14:17])
            r2 = int(line[18:21].strip() or r1) or r1
            t1 = int(line[22:26])
            t2 = int(line[27:31].strip() or t1) or t1
        except ValueError:
            raise PairingError(f"TRF record 250 {line.rstrip()!r}: expected match points (columns 5-8), points "
                               "(10-13), first and last round (15-17, 19-21), first and last team (23-26, 28-31)"
                               ) from None
        for r in range(r1, r2 + 1):
            for t in range(t1, t2 + 1):
                out[(t, r)] = pts
    return out


def team_states(event: TeamEvent, before: int, model: Model) -> dict[int, TeamState]:
    """Every team's :class:`TeamState` before round ``before``, from rounds 1..before-1."""
    virtual = virtual_points(event)
    zero = Fraction(0)
    scores: list[dict[int, Fraction]] = []  # pairing scores before round r (index r-1)
    running = {t.no: (Fraction(0), Fraction(0)) for t in event.teams}
    primary = 0 if event.primary == "MP" else 1
    for r in range(1, before):
        scores.append({t: v[primary] + virtual.get((t, r), zero) for t, v in running.items()})
        for t in event.teams:
            m = _match(event, t.no, r)
            if m is not None:
                a, b = match_scores(event, m)
                running[t.no] = (running[t.no][0] + a, running[t.no][1] + b)
    out = {}
    for t in event.teams:
        colours: list[Colour] = []
        opponents: set[int] = set()
        barred = floated = False
        for r in range(1, before):
            m = _match(event, t.no, r)
            if m is None:
                continue
            c = board1_colour(event, m)
            if c is not None and m.opponent is not None:
                colours.append(c)
                opponents.add(m.opponent)
                if r == before - 1:
                    floated = scores[r - 1][t.no] != scores[r - 1][m.opponent]
            if m.kind == PAB or (m.kind == FORFEITED and m.forfeit == "+") or (m.kind == BYE and m.bye == "F"):
                barred = True
        pref = preference(tuple(colours), model, before == event.rounds)
        p = running[t.no][primary]
        out[t.no] = TeamState(t.no, p, running[t.no][1 - primary], p + virtual.get((t.no, before), zero), tuple(colours),
                              frozenset(opponents), len(colours), barred, floated, pref)
    return out


def _match(event: TeamEvent, team: int, rnd: int) -> Optional[Match]:
    for m in event.matches_of(team):
        if m.round == rnd:
            return m
    return None
