"""What a Swiss pairing needs from the rounds already played: each participant's state before round k.

The state is read from a :class:`~xl_tiebreak.model.Tournament` and nothing else; it is exact
(points are ``Fraction``) and immutable. Articles: C.04.1 (basic rules, 2026), C.04.2 (general
handling, 2026) and C.04.3 (the Dutch system, 2026), as summarised in ``spec/PAIRING_RULES.md``.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cached_property
from fractions import Fraction
from typing import Callable, Literal, Optional

from ..model import Kind, Player, Tournament
from .model import PairingError

Colour = Literal["w", "b"]
Strength = Literal["absolute", "strong", "mild", "none"]
Float = Literal["down", "up", ""]

#: Kinds typed in advance for the round to pair that take the player out of it (C.04.2 art. 3.2-3.3).
#: (Kind.ABSENT is not one: a TRF reader gives it to every blank cell of a round where anything is
#: entered, so an absence the arbiter means comes in ``Request.absent``.)
NOT_PAIRED = frozenset({Kind.HALF_BYE, Kind.FULL_BYE, Kind.ZERO_BYE, Kind.WITHDRAWN})

#: ``virtual(no, rnd)``: a player's virtual points in a round (an acceleration, :mod:`.acceleration`)
Virtual = Callable[[int, int], Fraction]


@dataclass(frozen=True)
class Preference:
    """A colour preference (C.04.3 art. 1.7): the colour wanted (``None`` when there is none) and
    how strongly: absolute, strong, mild, or none."""

    colour: Optional[Colour]
    strength: Strength

    @property
    def rank(self) -> int:
        """3 absolute, 2 strong, 1 mild, 0 none: the order art. 5.2.2 grants preferences in."""
        return {"absolute": 3, "strong": 2, "mild": 1, "none": 0}[self.strength]


@dataclass(frozen=True)
class PlayerState:
    """One participant before the round to pair.

    ``score``: the points of rounds 1..k-1 as the pairing counts them (C.04.2 art. 3.1), plus the
    virtual points of round k under an acceleration: the pairing score (C.04.7 art. 1.5);
    ``colours``: the colours of the played games in round order, forfeits and byes left out
    (C.04.2 art. 3.4); ``floats``: per round 1..k-1 "down", "up" or "" (C.04.3 art. 1.4);
    ``opponents``: those met over the board (C.04.1 art. 2, C.04.2 art. 3.5: a forfeit is no
    meeting); ``pab_barred``: had a PAB or scored a win's points in one round without playing
    (C.04.1 art. 4); ``unplayed``: rounds 1..k-1 without a game (C.04.3 C9); ``tpn``: the start
    number, the tournament pairing number (C.04.2 art. 2).
    """

    tpn: int
    score: Fraction
    colours: str
    floats: tuple[Float, ...]
    opponents: frozenset[int]
    pab_barred: bool
    unplayed: int

    @cached_property
    def colour_difference(self) -> int:
        """Games with White minus games with Black (C.04.3 art. 1.6)."""
        return self.colours.count("w") - self.colours.count("b")

    @cached_property
    def preference(self) -> Preference:
        """The colour preference of C.04.3 art. 1.7, the first definition that fits (absolute
        before strong before mild; PAIRING_RULES §9.2)."""
        if not self.colours:
            return Preference(None, "none")
        cd = self.colour_difference
        if cd < -1:
            return Preference("w", "absolute")
        if cd > 1:
            return Preference("b", "absolute")
        if len(self.colours) >= 2 and self.colours[-1] == self.colours[-2]:
            return Preference("b" if self.colours[-1] == "w" else "w", "absolute")
        if cd == 1:
            return Preference("b", "strong")
        if cd == -1:
            return Preference("w", "strong")
        return Preference("b" if self.colours[-1] == "w" else "w", "mild")

    def floated(self, rounds_back: int) -> Float:
        """The float of the round ``rounds_back`` before the one to pair (1 = the previous
        round); "" when there was none or the round is before the event (C.04.3 art. 1.4)."""
        i = len(self.floats) - rounds_back
        return self.floats[i] if 0 <= i < len(self.floats) else ""


def _played(kind: Kind) -> bool:
    return kind.is_game


def player_state(event: Tournament, player: Player, before: int,
                 scores: Optional[list[dict[int, Fraction]]] = None, virtual: Optional[Virtual] = None) -> PlayerState:
    """The state of ``player`` before round ``before`` (rounds 1..before-1 count).

    ``scores``, when given, holds every player's pairing score before each round
    (``scores_by_round``) so that the floats of played games need not be recounted; ``virtual``
    gives the virtual points of an acceleration (floats compare pairing scores, C.04.7 art. 1.5)."""
    table = scores_by_round(event, before, virtual) if scores is None else scores
    win = event.scoring.win
    loss = event.scoring.loss
    colours: list[str] = []
    floats: list[Float] = []
    met: set[int] = set()
    barred = False
    unplayed = 0
    for r, rnd in enumerate(player.rounds[:before - 1], start=1):
        kind = rnd.kind
        if kind is Kind.NOT_PLAYED and rnd.opponent is not None:  # paired, the result still to come
            raise PairingError(f"round {r}, player {player.no} against {rnd.opponent}: the result is not in yet; "
                               f"round {before} is paired once rounds 1-{before - 1} are complete")
        if _played(kind):
            assert rnd.opponent is not None
            met.add(rnd.opponent)
            if rnd.colour in ("w", "b"):
                colours.append(rnd.colour)
            mine = table[r - 1][player.no]
            theirs = table[r - 1].get(rnd.opponent, mine)
            floats.append("down" if mine > theirs else "up" if mine < theirs else "")
            continue
        unplayed += 1
        # C.04.3 art. 1.4.3 (2026): an unplayed round is a downfloat only if it scored more than a loss
        floats.append("down" if rnd.points > loss else "")
        # C.04.1 art. 4: a PAB, or a win's points in one round without playing, bars the PAB
        if kind is Kind.PAB or (rnd.points >= win and win > 0):
            barred = True
    score = player.score(before - 1) + (virtual(player.no, before) if virtual is not None else 0)
    return PlayerState(player.no, score, "".join(colours), tuple(floats),
                       frozenset(met), barred, unplayed)


def scores_by_round(event: Tournament, before: int, virtual: Optional[Virtual] = None) -> list[dict[int, Fraction]]:
    """``table[r][no]``: each player's pairing score before round r+1 (points, plus that round's
    virtual points when ``virtual`` is given), for r = 0..before-2."""
    table: list[dict[int, Fraction]] = []
    running = {p.no: Fraction(0) for p in event.players}
    for r in range(before - 1):
        table.append({no: pts + virtual(no, r + 1) for no, pts in running.items()} if virtual is not None
                     else dict(running))
        for p in event.players:
            running[p.no] += p.rounds[r].points
    return table


def participants(event: Tournament, round_no: int, absent: frozenset[int] = frozenset()) -> list[int]:
    """The start numbers to pair in round ``round_no``: every player except those ``absent``, those
    with a bye or a withdrawal typed in that round, and those who withdrew before (C.04.2 art.
    3.2-3.3)."""
    if not 1 <= round_no <= event.rounds:
        raise PairingError(f"round {round_no}: the event has rounds 1-{event.rounds}")
    out = []
    for p in event.players:
        if p.no in absent:
            continue
        if p.rounds[round_no - 1].kind in NOT_PAIRED:
            continue
        if any(r.kind is Kind.WITHDRAWN for r in p.rounds[:round_no - 1]):
            continue  # withdrew in an earlier round
        out.append(p.no)
    return out


def states_before(event: Tournament, round_no: int, nos: Optional[list[int]] = None,
                  virtual: Optional[Virtual] = None) -> dict[int, PlayerState]:
    """The state before round ``round_no`` of the players ``nos`` (default: every player), with
    pairing scores under ``virtual`` points when given."""
    table = scores_by_round(event, round_no, virtual)
    wanted = set(nos) if nos is not None else None
    return {p.no: player_state(event, p, round_no, table, virtual) for p in event.players
            if wanted is None or p.no in wanted}
