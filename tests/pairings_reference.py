"""The pairing checks as they were written before they ran on arrays (one Round at a time): the
oracle that :func:`xl_tiebreak.pairings.reconcile_arrays` (and the crosstable reader, through
:func:`xl_tiebreak.pairings.reconcile`) is compared with. Frozen: do not change it to make a test
pass. The wording of the findings is shared (:func:`xl_tiebreak.pairings._check_pairing`)."""

from __future__ import annotations

from typing import Optional

from xl_tiebreak.model import Kind, Round
from xl_tiebreak.notation import format_cell
from xl_tiebreak.pairings import Place, _check_pairing
from xl_tiebreak.validation import Findings, strict

_PENDING = Kind.NOT_PLAYED
_UNPLAYED_AFTER_WITHDRAWAL = (Kind.WITHDRAWN, Kind.ABSENT, Kind.ZERO_BYE, Kind.NOT_PLAYED)


def reconcile(rounds: dict[int, list[Round]], place: Place, findings: Optional[Findings] = None,
              swiss: bool = True, bad: frozenset = frozenset()) -> dict[int, list[Round]]:
    """Mark double forfeits and check the pairings; ``place(no, round)`` names a player's round
    (1-based). ``bad``: (player, round) cells already reported as unreadable, which are not
    reported again through their opponents. Works in place and returns ``rounds``."""
    findings = findings or strict()
    for no, rs in rounds.items():
        for r, rd in enumerate(rs):
            if rd.kind is Kind.FORFEIT_LOSS and rd.opponent in rounds:
                other = rounds[rd.opponent][r]
                if other.opponent == no and other.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
                    rs[r] = Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour, rd.points)
    nrounds = max((len(rs) for rs in rounds.values()), default=0)
    for r in range(nrounds):
        _check_round(rounds, r, place, findings, bad)
    for no, rs in rounds.items():
        _check_player(no, rs, place, findings)
    if swiss:
        _check_repeats(rounds, place, findings)
    _check_f_for_u(rounds, place, findings)
    _check_colours_missing(rounds, place, findings)
    return rounds


def _check_round(rounds: dict[int, list[Round]], r: int, place: Place, findings: Findings,
                 bad: frozenset = frozenset()) -> None:
    claims: dict[int, list[int]] = {}
    for no, rs in rounds.items():
        if r < len(rs) and rs[r].opponent is not None:
            claims.setdefault(rs[r].opponent, []).append(no)
    for no, rs in rounds.items():
        if r >= len(rs) or rs[r].opponent is None:
            continue
        opp = rs[r].opponent
        other = rounds[opp][r] if opp in rounds else None
        _check_pairing(findings, place(no, r + 1), r, no, rs[r], other, claims.get(opp, ()),
                       (no, r + 1) in bad or (opp, r + 1) in bad)


def _check_colours_missing(rounds: dict[int, list[Round]], place: Place, findings: Findings) -> None:
    """One warning for all games over the board without a colour (BPG and BWG skip them)."""
    missing = [(no, r + 1) for no, rs in rounds.items() for r, rd in enumerate(rs)
               if rd.kind.is_game and rd.colour is None]
    if missing:
        no, r = missing[0]
        findings.add("no-colour", f"{len(missing)} game(s) over the board have no colour, the first in round "
                     f"{r} of player {no}: BPG and BWG cannot count them (write e.g. 12w1)", place(no, r))


def _check_player(no: int, rs: list[Round], place: Place, findings: Findings) -> None:
    pabs = [r + 1 for r, rd in enumerate(rs) if rd.kind is Kind.PAB]
    if len(pabs) > 1:
        findings.add("pab-twice", f"player {no} has a pairing-allocated bye in rounds "
                     f"{', '.join(map(str, pabs))}; a player may receive it once (C.04)",
                     place(no, pabs[1]))
    withdrawn = next((r for r, rd in enumerate(rs) if rd.kind is Kind.WITHDRAWN), None)
    if withdrawn is not None:
        for r in range(withdrawn + 1, len(rs)):
            rd = rs[r]
            if rd.kind not in _UNPLAYED_AFTER_WITHDRAWAL or rd.opponent is not None:
                findings.add("after-withdrawal", f"player {no} withdrew in round {withdrawn + 1} (WD), "
                             f"so round {r + 1} must stay unplayed (WD, - or Z), not "
                             f"'{format_cell(rd)}'", place(no, r + 1))


def _check_repeats(rounds: dict[int, list[Round]], place: Place, findings: Findings) -> None:
    """Warn when two players met more than once, unless the earlier meeting was a forfeit (they
    may be paired again then)."""
    met: dict[tuple[int, int], int] = {}
    for no, rs in rounds.items():
        for r, rd in enumerate(rs):
            opp = rd.opponent
            if opp is None or opp == no or opp not in rounds or rd.kind is _PENDING or no > opp:
                continue
            key = (no, opp)
            if key in met and not rounds[no][met[key]].kind.is_forfeit:
                findings.add("repeat", f"players {no} and {opp} meet in round {r + 1} and already met in "
                             f"round {met[key] + 1}", place(no, r + 1))
            if not rd.kind.is_forfeit:
                met[key] = r


def _check_f_for_u(rounds: dict[int, list[Round]], place: Place, findings: Findings) -> None:
    """In a round without a ``U``, a lone ``F`` given to the one player left over is most likely
    the pairing-allocated bye written the deprecated way."""
    nrounds = max((len(rs) for rs in rounds.values()), default=0)
    for r in range(nrounds):
        kinds = {no: rs[r].kind for no, rs in rounds.items() if r < len(rs)}
        fulls = [no for no, k in kinds.items() if k is Kind.FULL_BYE]
        if len(fulls) == 1 and Kind.PAB not in kinds.values():
            paired = sum(1 for k in kinds.values() if k.has_opponent)
            if paired and paired % 2 == 0:
                findings.add("f-for-u", f"round {r + 1}: player {fulls[0]}'s F looks like the "
                             "pairing-allocated bye; write U (F is a full-point bye the player did "
                             "not get from the pairing)", place(fulls[0], r + 1))
