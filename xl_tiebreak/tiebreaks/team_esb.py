"""Extended Sonneborn-Berger (C.07 team tie-breaks; TIEBREAK_RULES §5.17): for each opponent, the
opponent's total score of one kind × the team's score of a kind against that opponent, summed.

``EMMSB`` (opponent's MP × MP scored), ``EMGSB`` (MP × GP), ``EGMSB`` (GP × MP), ``EGGSB``
(GP × GP); ``ESB:MM`` ... ``ESB:GG`` are the same. ``ESB`` without a qualifier: the opponent's
primary score × the secondary score scored against him (EMGSB when MP are primary, EGMSB when GP
are), as FIDE's reference engine reads it.

Art. 16 applies with MP and GP (§5.17): the opponent's score is his adjusted score (16.3); an own
unplayed round counts the dummy (16.4) × the points awarded in that round. In a cut the least
significant element is the opponent with the lowest score of the opponent's kind (MP for EMxx, GP
for EGxx), then the lowest product; a VUR is cut first when its product is not below that
element's (16.5). ``/P``: forfeited matches count as played against the scheduled opponent.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .context import Column
from .spec import Spec, TeamEvaluation, team_row
from .team_buchholz import element_lines, element_sum
from .team_context import context_of

if TYPE_CHECKING:  # pragma: no cover
    from ..descriptor import TieBreak

__all__ = ["ROWS", "kinds"]


def kinds(tb: TieBreak, primary: str) -> tuple[str, str]:
    """(opponent's score, own score) of an ESB code, e.g. ``("MP", "GP")`` for EMGSB."""
    letters = tb.name[1:3] if tb.name != "ESB" else tb.qualifier
    if not letters:
        return primary, ("GP" if primary == "MP" else "MP")
    if letters in ("MP", "GP"):  # ESB:MP / ESB:GP: that score of the opponent × the other one scored
        return letters, ("GP" if letters == "MP" else "MP")
    full = {"M": "MP", "G": "GP"}
    return full[letters[0]], full[letters[1]]


def _esb(ev: TeamEvaluation, tb: TieBreak, earlier: Sequence[Column]) -> Column:
    ctx = context_of(ev)
    o, s = kinds(tb, ctx.primary)
    return element_sum(ctx, o, s, tb.cut, tb.median, tb.forfeits_as_played)


def _esb_account(ev: TeamEvaluation, tb: TieBreak, team: int) -> list[str]:
    ctx = context_of(ev)
    o, s = kinds(tb, ctx.primary)
    return [f"{tb.code} of team {team} ({ctx.name(team)}), {ctx.edition.name}: opponent's {o} × own {s} "
            "in the match, summed (C.07 team tie-breaks, Art. 16 with MP and GP)",
            *element_lines(ctx, team, o, s, tb.cut, tb.median, tb.forfeits_as_played)]


_ARTICLE = "C.07 team tie-breaks (Extended Sonneborn-Berger), Art. 14, 16; TIEBREAK_RULES §5.17"
ROWS: list[Spec] = [
    team_row("ESB", "Extended Sonneborn-Berger (opponent's primary × own secondary score)", _ARTICLE,
             _esb, _esb_account, modifiers="CMPR", qualifiers=("MM", "MG", "GM", "GG", "MP", "GP")),
    team_row("EMMSB", "Extended SB: opponent's MP × own MP", _ARTICLE, _esb, _esb_account, modifiers="CMPR"),
    team_row("EMGSB", "Extended SB: opponent's MP × own GP", _ARTICLE, _esb, _esb_account, modifiers="CMPR"),
    team_row("EGMSB", "Extended SB: opponent's GP × own MP", _ARTICLE, _esb, _esb_account, modifiers="CMPR"),
    team_row("EGGSB", "Extended SB: opponent's GP × own GP", _ARTICLE, _esb, _esb_account, modifiers="CMPR"),
]
