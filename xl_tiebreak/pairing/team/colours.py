"""Colour allocation of the team pairing (C.04.6 art. 4): which team of a pair has White (the
colour of its board-1 player). Art. 4 always decides; no colour ever keeps two teams apart.
"""

from __future__ import annotations

from typing import Optional

from .history import Colour, Model, TeamState
from .trace import TeamColour, TeamSeat


def first_team(a: TeamState, b: TeamState, use_secondary: bool) -> tuple[TeamState, TeamState]:
    """Art. 4.2: the first-team has the higher primary score, then the higher secondary score
    (unless the competition does not use it, art. 1.2.1), then the smaller TPN."""
    ka = (-a.primary, -a.secondary if use_secondary else 0, a.tpn)
    kb = (-b.primary, -b.secondary if use_secondary else 0, b.tpn)
    return (a, b) if ka < kb else (b, a)


def _other(c: Colour) -> Colour:
    return "b" if c == "w" else "w"


def allocate(a: TeamState, b: TeamState, model: Model, initial: Colour, use_secondary: bool) -> tuple[int, int]:
    """(white team, black team) of a pair by art. 4.3.1-4.3.9, the first rule that decides."""
    first, other = first_team(a, b, use_secondary)
    c = decide(first, other, model, initial)[0]
    return (first.tpn, other.tpn) if c == "w" else (other.tpn, first.tpn)


def decide(f: TeamState, o: TeamState, model: Model, initial: Colour) -> tuple[Colour, str]:
    """The first-team's colour (art. 4.3) and the rule that gave it (``4.3.1``..``4.3.9``)."""
    if not f.colours and not o.colours:  # 4.3.1: the initial-colour to an odd TPN
        return (initial if f.tpn % 2 else _other(initial)), "4.3.1"
    pf, po = f.preference.colour, o.preference.colour
    if pf is not None and po is None:  # 4.3.2: only one team has a preference
        return pf, "4.3.2"
    if po is not None and pf is None:
        return _other(po), "4.3.2"
    if pf is not None and po is not None and pf != po:  # 4.3.3: opposite preferences
        return pf, "4.3.3"
    if model == "B" and pf is not None and f.preference.strong != o.preference.strong:  # 4.3.4: one strong
        return (pf if f.preference.strong else _other(pf)), "4.3.4"
    if f.cd != o.cd:  # 4.3.5: White to the lower colour difference
        return ("w" if f.cd < o.cd else "b"), "4.3.5"
    alternated = _alternate(f.colours, o.colours)  # 4.3.6
    if alternated is not None:
        return alternated, "4.3.6"
    if pf is not None:  # 4.3.7: the first-team's preference
        return pf, "4.3.7"
    if f.colours:  # 4.3.8: alternate the first-team's colour
        return _other(f.colours[-1]), "4.3.8"
    return o.colours[-1], "4.3.9"  # 4.3.9: alternate the other team's colour (4.3.1 took the pair where neither played)


def _alternate(f: tuple[Colour, ...], o: tuple[Colour, ...]) -> Optional[Colour]:
    """Art. 4.3.6: the colours alternated to the most recent round in which one team had White and
    the other Black, the played matches compared from the last (C.04.2 art. 3.4)."""
    for x, y in zip(reversed(f), reversed(o)):
        if x != y:
            return _other(x)
    return None


def colour_step(a: TeamState, b: TeamState, model: Model, initial: Colour, use_secondary: bool) -> TeamColour:
    """A pair's colours as :func:`allocate` gives them, with the rule of art. 4.3 that decided and
    the two teams as it read them (for the explanation)."""
    first, other = first_team(a, b, use_secondary)
    c, article = decide(first, other, model, initial)
    white, black = (first.tpn, other.tpn) if c == "w" else (other.tpn, first.tpn)
    return TeamColour(white, black, article, _seat(first), _seat(other))


def _seat(t: TeamState) -> TeamSeat:
    return TeamSeat(t.tpn, t.primary, t.secondary, "".join(t.colours), t.cd, t.preference.colour, t.preference.strong)
