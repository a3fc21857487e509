"""What-if's round (:mod:`xl_tiebreak.whatif`): the round looked at, its boards awaiting a result
(:func:`pending_round`; :func:`before_results` to look back on a round played), and the event
completed with one outcome of each (:func:`completed`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Optional, Sequence

import numpy as np

from .arrays import FORFEIT_CODES, GAME, PAB, Compiled, compiled
from .errors import InputError
from .model import Kind, Round, Tournament, make_round

__all__ = ["OUTCOMES", "OUTCOME_KINDS", "PendingBoard", "pending_round", "before_results", "played_outcomes",
           "completed"]

#: The outcomes of a board, as white's result first.
OUTCOMES = ("1-0", "½-½", "0-1")
#: each outcome's result for white and for black
OUTCOME_KINDS = ((Kind.WIN, Kind.LOSS), (Kind.DRAW, Kind.DRAW), (Kind.LOSS, Kind.WIN))
_PAIRED = (GAME, PAB) + FORFEIT_CODES


@dataclass(frozen=True)
class PendingBoard:
    """A pairing of the round without its result: ``number`` counts from the top board (the
    boards ordered by the higher score of their two players, then by start number);
    ``coloured``: the pairing names the colours (else ``white`` is the lower start number)."""

    number: int
    white: int
    black: int
    coloured: bool = True


def pending_round(t: Tournament, rnd: Optional[int] = None) -> tuple[int, tuple[PendingBoard, ...]]:
    """The round to look at (``rnd``, default the last round with games awaiting results) and its
    boards awaiting a result; a clear :class:`InputError` when there is none or the event is not
    in that state (earlier games without results, later rounds played, a one-sided pairing)."""
    a = compiled(t)
    n_rounds = t.rounds
    waiting = np.nonzero(a.pending.any(axis=0))[0] + 1 if a.pending.size else np.zeros(0, int)
    if rnd is None:
        if not len(waiting):
            raise InputError("no round is paired with its results to come; pair the round (e.g. 12w with the result "
                             "left blank, or a TRF round field with no result) and ask again")
        rnd = int(waiting[-1])
    if not 1 <= rnd <= n_rounds:
        raise InputError(f"--round {rnd}: the event has {n_rounds} rounds (1 to {n_rounds})")
    earlier = [int(r) for r in waiting if r < rnd]
    if earlier:
        k = int(np.nonzero(a.pending[:, earlier[0] - 1])[0][0])
        p = t.players[k]
        raise InputError(f"round {earlier[0]}: player {p.no}'s game against {p.rounds[earlier[0] - 1].opponent} has "
                         f"no result; enter the results of round {earlier[0]} first")
    paired = np.isin(a.kind, _PAIRED) & ~a.pending & ~a.blank  # a game, a forfeit or the PAB, entered
    later_cols = [c for c in range(rnd, n_rounds) if a.pending[:, c].any() or paired[:, c].any()]
    if later_cols:
        raise InputError(f"round {later_cols[0] + 1} is paired or played already: what-if looks at the last round "
                         f"paired (round {later_cols[-1] + 1}, if its results are to come); to look back at round "
                         f"{rnd}, --before {rnd}")
    col = rnd - 1
    rows = np.nonzero(a.pending[:, col])[0].tolist()
    if not rows:
        played = bool(paired[:, col].any())
        raise InputError(f"round {rnd}: " + ("every result is in already; nothing is left to foresee (to look back at it, "
                                             f"--before {rnd})" if played
                                             else "not paired yet; pair it, results left blank, and ask again"))
    index = t.positions
    pairs: list[tuple[int, int, bool]] = []
    for k in rows:
        p = t.players[k]
        rd = p.rounds[col]
        opp = rd.opponent
        assert opp is not None
        other = t.players[index[opp]].rounds[col] if opp in index else None
        if other is None or other.kind is not Kind.NOT_PLAYED or other.opponent != p.no:
            raise InputError(f"round {rnd}: player {p.no} is paired with {opp}, but {opp}'s own line does not say "
                             f"so; correct the pairing first")
        if p.no > opp:
            continue  # each board once, from the lower number's line
        coloured = {rd.colour, other.colour} == {"w", "b"}
        pairs.append((opp, p.no, coloured) if coloured and rd.colour == "b" else (p.no, opp, coloured))
    score = {p.no: p.score(rnd - 1) for p in t.players}
    pairs.sort(key=lambda w: (-max(score[w[0]], score[w[1]]), min(w[0], w[1])))
    return rnd, tuple(PendingBoard(i + 1, w, b, c) for i, (w, b, c) in enumerate(pairs))


def before_results(t: Tournament, rnd: int) -> Tournament:
    """``t`` as it stood before round ``rnd``'s results, for looking back (who could still win
    before the last round?): the round's games and forfeits paired with their results to come,
    its byes and absences kept (they are known when the round is paired), the later rounds not
    reached yet. An :class:`InputError` when the round had no game."""
    if not 1 <= rnd <= t.rounds:
        raise InputError(f"--before {rnd}: the event has {t.rounds} rounds (1 to {t.rounds})")
    col = rnd - 1
    if not any(len(p.rounds) > col and p.rounds[col].kind.has_opponent for p in t.players):
        raise InputError(f"--before {rnd}: round {rnd} has no game with a result to look back on")
    later = Round(Kind.NOT_PLAYED)

    def back(rounds: tuple[Round, ...]) -> tuple[Round, ...]:
        if len(rounds) <= col:
            return rounds
        rd = rounds[col]
        now = Round(Kind.NOT_PLAYED, rd.opponent, rd.colour) if rd.kind.has_opponent else rd
        return rounds[:col] + (now,) + (later,) * (len(rounds) - rnd)
    return replace(t, players=tuple(replace(p, rounds=back(p.rounds)) for p in t.players))


_PLAYED = {Kind.WIN: "1-0", Kind.SHORT_WIN: "1-0", Kind.DRAW: "½-½", Kind.SHORT_DRAW: "½-½", Kind.LOSS: "0-1",
           Kind.SHORT_LOSS: "0-1", Kind.FORFEIT_WIN: "+/-", Kind.FORFEIT_LOSS: "-/+", Kind.DOUBLE_FORFEIT: "-/-"}


def played_outcomes(t: Tournament, rnd: int, boards: Sequence[PendingBoard]) -> dict[int, str]:
    """Each board's result in ``t`` (the event as played), white's first, by board number."""
    index = t.positions
    return {b.number: _PLAYED[t.players[index[b.white]].rounds[rnd - 1].kind] for b in boards}


def completed(t: Tournament, rnd: int, boards: Sequence[PendingBoard], outcomes: Sequence[int],
              arrays: Optional[Compiled] = None) -> Tournament:
    """``t`` with the boards' results entered (``outcomes[i]`` an index into :data:`OUTCOMES`);
    ``arrays``: the engine's arrays of the result, when the caller has them."""
    index = t.positions
    players = list(t.players)
    for b, o in zip(boards, outcomes):
        for no, kind in zip((b.white, b.black), OUTCOME_KINDS[o]):
            k = index[no]
            p = players[k]
            rd = p.rounds[rnd - 1]
            rounds = p.rounds[:rnd - 1] + (make_round(kind, rd.opponent, rd.colour, t.scoring),) + p.rounds[rnd:]
            players[k] = replace(p, rounds=rounds)
    return replace(t, players=tuple(players), arrays=arrays)
