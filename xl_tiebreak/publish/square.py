"""The square crosstable of a round robin (C.05's tables, as events print them): a row and a column
per player in the order of the final standings, each cell the row player's result against the
column's (``1``, ``½``, ``0``; ``+`` / ``-`` a forfeit won / lost; ``--`` a double forfeit; ``·``
paired, the result not in yet), two games (a double round robin) side by side in round order.

>>> from xl_tiebreak import demo_tournament
>>> t = demo_tournament()
>>> square_cells(t, [0, 2, 1, 3, 4, 5], 4)[0][:3]
['×', '½', '½']
"""

from __future__ import annotations

from typing import Sequence

from ..model import Kind, Tournament

__all__ = ["square_cells", "MARKS", "SQUARE_MAX", "SQUARE_LEGEND"]

#: players up to which a round robin's page shows the square crosstable (its size grows with the square)
SQUARE_MAX = 40

#: the square crosstable's legend
SQUARE_LEGEND = ("Each cell the row player's result against the column's, the columns numbered by the final "
                 "standings' order: 1 won, ½ drew, 0 lost; + / - forfeit won / lost; -- double forfeit; "
                 "· paired, the result not in yet; empty: not played")

#: a round's result in one sign, as the player had it
MARKS = {Kind.WIN: "1", Kind.SHORT_WIN: "1", Kind.DRAW: "½", Kind.SHORT_DRAW: "½", Kind.LOSS: "0",
         Kind.SHORT_LOSS: "0", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "--",
         Kind.NOT_PLAYED: "·"}


def square_cells(t: Tournament, order: Sequence[int], rounds: int) -> list[list[str]]:
    """The cells of the square crosstable over the first ``rounds`` rounds: ``order`` the player
    rows in the order shown; ``cells[i][j]`` row ``order[i]``'s results against ``order[j]``
    (``×`` on the diagonal), games in round order, separated by a space."""
    at = {t.players[k].no: i for i, k in enumerate(order)}
    cells = [["" for _ in order] for _ in order]
    for i, k in enumerate(order):
        cells[i][i] = "×"
        for rd in t.players[k].rounds[:rounds]:
            j = at.get(rd.opponent) if rd.opponent is not None else None
            if j is not None and rd.kind in MARKS:
                cells[i][j] = f"{cells[i][j]} {MARKS[rd.kind]}".strip()
    return cells
