"""Each round's pairings and results, board by board, as the page shows them: read from the rounds
played (the event's history; no pairing engine), each game once, with the players who had no
opponent (byes, absences) after the boards.

A file does not say on which board a game was played, so boards are ordered as Swiss pairings
are published (C.04.2, the general handling rules): by the higher score of the two players
before the round, then the sum of their scores, then the lower start number of the two; in a
round robin by the lower start number alone (which is not always the Berger table's board
order). White is the player the file gives White; a game without colours (a forfeit written
without one) shows the lower start number on the left.

>>> from xl_tiebreak import demo_tournament
>>> t = demo_tournament()
>>> got = round_boards(t, 1, [0] * len(t.players))
>>> got["boards"][0][:4], len(got["boards"])
([1, 0, 3, '1-0'], 3)
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Sequence

from ..model import Kind, Round, Tournament

__all__ = ["round_boards", "RESULT_TEXT", "BOARDS_LEGEND", "ALONE_TEXT"]

#: a game's result as the left (White's) side had it
RESULT_TEXT = {
    Kind.WIN: "1-0", Kind.DRAW: "½-½", Kind.LOSS: "0-1",
    Kind.SHORT_WIN: "1-0 s", Kind.SHORT_DRAW: "½-½ s", Kind.SHORT_LOSS: "0-1 s",
    Kind.FORFEIT_WIN: "+/-", Kind.FORFEIT_LOSS: "-/+", Kind.DOUBLE_FORFEIT: "-/-",
    Kind.NOT_PLAYED: "",
}

#: what a round without an opponent was, in words
ALONE_TEXT = {
    Kind.PAB: "pairing-allocated bye", Kind.FULL_BYE: "full-point bye", Kind.HALF_BYE: "half-point bye",
    Kind.ZERO_BYE: "zero-point bye", Kind.ABSENT: "absent", Kind.WITHDRAWN: "withdrew",
    Kind.NOT_PLAYED: "not paired",
}

#: the results' legend
BOARDS_LEGEND = ("1-0, ½-½, 0-1 as White's result; s a game of less than one move (counted, not rated); +/- and "
                 "-/+ forfeit won by White / by Black; -/- double forfeit (no game, no point); an empty result: "
                 "the game is not in yet")

Format = Callable[[Fraction, int], str]


def _plain(v: Fraction, decimals: int) -> str:
    return str(v)


def round_boards(t: Tournament, r: int, before: Sequence[Fraction], fmt: Format = _plain,
                 round_robin: bool = False) -> dict[str, list[list[object]]]:
    """Round ``r``'s pairings of ``t`` as the page carries them: ``boards``: ``[board, white row,
    black row, result, white's points before, black's points before]`` (player rows as in
    ``t.players``); ``alone``: ``[player row, what the round was (:data:`ALONE_TEXT`), its points,
    points before]`` in start order. ``before[k]``: player row ``k``'s points before the round."""
    index = t.positions
    games: list[tuple[int, int, Round]] = []
    alone: list[list[object]] = []
    for k, p in enumerate(t.players):
        if r > len(p.rounds):
            continue
        rd = p.rounds[r - 1]
        if rd.opponent is None or rd.opponent not in index:
            alone.append([k, ALONE_TEXT.get(rd.kind, rd.kind.value), fmt(rd.points, 1), fmt(before[k], 1)])
            continue
        o = index[rd.opponent]
        left = rd.colour == "w" or (rd.colour is None and p.no < rd.opponent)
        if left:
            games.append((k, o, rd))

    def key(g: tuple[int, int, Round]) -> tuple:
        w, b, _ = g
        low = min(t.players[w].no, t.players[b].no)
        if round_robin:
            return (low,)
        return (-max(before[w], before[b]), -(before[w] + before[b]), low)

    boards = [[n + 1, w, b, RESULT_TEXT.get(rd.kind, ""), fmt(before[w], 1), fmt(before[b], 1)]
              for n, (w, b, rd) in enumerate(sorted(games, key=key))]
    return {"boards": boards, "alone": alone}
