"""How far an event has got: the last complete round, the round in progress and how many of its
games are in (DESIGN.md, "The arbiter's round-by-round workflow").

Standings are those after the last complete round: a round in progress never mixes one round's
points with another's tie-breaks. A round is **in progress** when it is the last round with
a pairing (a game, a forfeit, a pairing-allocated bye or a pairing without result; byes requested
in advance start no round) and either holds a pairing without a result (``12w``) or a player who took part
in the round before has nothing written for it yet (an empty cell: the game is not in). An
absence is written (``-`` in a crosstable; a TRF's blank field is one); a player who withdrew and
is left blank holds the round open until the arbiter writes ``-`` or ``WD``, or types the next
round. Rounds before the last one entered are complete by definition (the next was paired).

*Live* standings include the finished games of the round in progress. A game not in yet does not
exist yet: it is no unplayed round of C.07 Art. 16 (no dummy, no draw credited to the opponents,
Art. 16.3 and 16.4), so its players' points and tie-breaks are those of their rounds before it
(:func:`waiting_cells`; every tie-break is computed over the games finished only), and the label
says so.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .model import Tournament
from .arrays import FORFEIT_CODES, GAME, PAB, Compiled, compiled

#: what live standings count, as every label says it
LIVE_RULE = "tie-breaks over the games finished; a game not in yet does not count"


@dataclass(frozen=True)
class Progress:
    """The event's state: ``of`` rounds in all, ``complete`` the last complete round, ``current``
    the round in progress (0: none), ``games_in`` of ``games`` its results entered, ``waiting``
    the start numbers whose result for it is not in yet, and whether standings are ``live``."""

    of: int
    complete: int
    current: int = 0
    games_in: int = 0
    games: int = 0
    waiting: tuple[int, ...] = ()
    live: bool = False

    @property
    def evaluated(self) -> int:
        """The rounds the standings evaluate: the complete ones, and the current one when live."""
        return self.current if self.live and self.current else self.complete

    @property
    def label(self) -> str:
        """``after round k of N``, with the round in progress or the live state when there is one."""
        if self.live and self.current:
            return (f"live: after round {self.complete} of {self.of} plus {self.games_in} of {self.games} "
                    f"games of round {self.current} ({LIVE_RULE})")
        head = f"after round {self.complete} of {self.of}"
        if self.current:
            head += f"; round {self.current} in progress: {self.games_in} of {self.games} games in"
        return head


def progress(t: Tournament, live: bool = False) -> Progress:
    """The progress of ``t`` (see the module's description)."""
    a = compiled(t)
    n_players, rounds = a.kind.shape
    if rounds == 0 or n_players == 0:
        return Progress(t.rounds, 0, live=live)
    paired = np.isin(a.kind, (GAME, PAB) + FORFEIT_CODES) | a.pending  # requested byes alone start no round
    with_any = np.nonzero(paired.any(axis=0))[0]
    if not len(with_any):
        with_any = np.nonzero(a.entered.any(axis=0))[0]
    last = int(with_any[-1]) + 1 if len(with_any) else 0
    if last == 0:
        return Progress(t.rounds, 0, live=live)
    col = last - 1
    waiting = waiting_cells(a, last)
    if not waiting.any():
        return Progress(t.rounds, last, live=live)
    pending = a.pending[:, col]
    played = np.isin(a.kind[:, col], (GAME,) + FORFEIT_CODES) & ~pending
    games_in = (int(played.sum()) + 1) // 2
    open_boards = (int(waiting.sum()) + 1) // 2
    nos = [t.players[k].no for k in np.nonzero(waiting)[0].tolist()]
    return Progress(t.rounds, last - 1, last, games_in, games_in + open_boards, tuple(nos), live)


def waiting_cells(a: Compiled, rnd: int) -> np.ndarray:
    """The players whose result of round ``rnd`` is not in yet (one bool per player): a pairing
    without a result (``12w``), or nothing written by a player who took part in the round before
    (a blank cell of a player absent or withdrawn before is an absence, not a game to come)."""
    col = rnd - 1
    expected = a.entered[:, col - 1] if col > 0 else np.ones(a.kind.shape[0], dtype=bool)
    got: np.ndarray = (a.blank[:, col] & expected) | a.pending[:, col]
    return got


__all__ = ["Progress", "progress", "waiting_cells", "LIVE_RULE"]
