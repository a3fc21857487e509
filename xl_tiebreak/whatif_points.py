"""What-if on points alone (:mod:`xl_tiebreak.whatif`): the fewest and most competitors ahead of
(or level with) one over the outcomes of the open boards (or a team event's matches), as sums of
per-pair extremes, and the places reachable on points (:class:`PointsModel`).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np

__all__ = ["PointsModel"]


class PointsModel:
    """Scores in ``1/scale`` points: every competitor's before the round's open boards (``before``),
    and per open board (or a team event's match) its two competitors (``pairs``) and what each
    outcome gives them (``outcomes``, per pair a list of (first's, second's); default, every pair:
    ``win``/``draw``/``loss`` as :data:`OUTCOMES`). Answers the fewest / most competitors ahead of
    (or level with) one, with some pairs' outcomes fixed, as sums of per-pair extremes."""

    def __init__(self, before: dict[int, int], pairs: Sequence[tuple[int, int]], win: int = 0, draw: int = 0,
                 loss: int = 0, outcomes: Optional[Sequence[Sequence[tuple[int, int]]]] = None) -> None:
        self.before = before
        self.pairs = tuple(pairs)
        self.gain = ((win, loss), (draw, draw), (loss, win))
        per = [list(o) for o in outcomes] if outcomes is not None else [list(self.gain)] * len(self.pairs)
        #: the outcomes of the pair with the most; a pair with fewer repeats its last (the extremes unchanged)
        self.width = max((len(o) for o in per), default=3)
        self.gains = np.array([o + o[-1:] * (self.width - len(o)) for o in per],
                              dtype=np.int64).reshape(len(self.pairs), self.width, 2)  # pairs x outcomes x sides
        self.board_of = {no: i for i, pair in enumerate(self.pairs) for no in pair}
        self.loose = np.array(sorted(v for no, v in before.items() if no not in self.board_of), dtype=np.int64)
        white = np.array([before[w] for w, _ in self.pairs], dtype=np.int64).reshape(-1, 1)
        black = np.array([before[b] for _, b in self.pairs], dtype=np.int64).reshape(-1, 1)
        self.white_after = white + self.gains[:, :, 0]  # pairs x outcomes
        self.black_after = black + self.gains[:, :, 1]
        self._terms: dict[int, tuple[np.ndarray, ...]] = {}

    def score(self, no: int, outcome: Optional[int]) -> int:
        i = self.board_of.get(no)
        if i is None or outcome is None:
            return self.before[no]
        side = 0 if self.pairs[i][0] == no else 1
        return self.before[no] + int(self.gains[i, outcome, side])

    def terms(self, s: int) -> tuple[np.ndarray, ...]:
        """For a score ``s``: per board and outcome, its players strictly ahead (``gt``) and ahead or
        level (``ge``); per board the fewest and most of them; and the sums of those over the boards
        and the loose players (not on an open board), memoised by ``s``."""
        got = self._terms.get(s)
        if got is None:
            gt = (self.white_after > s).astype(np.int64) + (self.black_after > s)
            ge = (self.white_after >= s).astype(np.int64) + (self.black_after >= s)
            low_gt, low_ge, high_ge = gt.min(axis=1), ge.min(axis=1), ge.max(axis=1)
            loose_gt = len(self.loose) - int(np.searchsorted(self.loose, s, side="right"))
            loose_ge = len(self.loose) - int(np.searchsorted(self.loose, s, side="left"))
            sums = np.array([loose_gt + int(low_gt.sum()), loose_ge + int(low_ge.sum()), loose_ge + int(high_ge.sum())])
            got = self._terms[s] = (gt, ge, low_gt, low_ge, high_ge, sums)
        return got

    def places(self, no: int, fixed: dict[int, int]) -> tuple[int, int, int, int]:
        """(best, if_ties_lost, worst, max score) of ``no`` with the boards in ``fixed`` (index -> outcome)
        decided: 1 + the fewest strictly ahead, 1 + the fewest ahead or level, 1 + the most ahead or
        level (unclamped)."""
        mine = self.board_of.get(no)
        options = [None] if mine is None else ([fixed[mine]] if mine in fixed else list(range(self.width)))
        best = if_ties_lost = 10 ** 9
        worst = 0
        top = 0
        for x in options:
            s = self.score(no, x)
            top = max(top, s)
            gt, ge, low_gt, low_ge, high_ge, sums = self.terms(s)
            lo_gt, lo_ge, hi_ge = (int(v) for v in sums)
            if mine is None:
                lo_ge, hi_ge = lo_ge - 1, hi_ge - 1  # himself, among the loose players
            else:  # his own board: his opponent alone, in the outcome x
                w, b = self.pairs[mine]
                so = self.score(b if w == no else w, x)
                lo_gt += int(so > s) - int(low_gt[mine])
                lo_ge += int(so >= s) - int(low_ge[mine])
                hi_ge += int(so >= s) - int(high_ge[mine])
            for i, o in fixed.items():
                if i != mine:
                    lo_gt += int(gt[i, o] - low_gt[i])
                    lo_ge += int(ge[i, o] - low_ge[i])
                    hi_ge += int(ge[i, o] - high_ge[i])
            best, if_ties_lost, worst = min(best, lo_gt + 1), min(if_ties_lost, lo_ge + 1), max(worst, hi_ge + 1)
        return best, if_ties_lost, worst, top

    def _search(self, no: int, x: Optional[int]) -> tuple[int, int, np.ndarray, np.ndarray, np.ndarray]:
        """What :meth:`reachable` searches for ``no`` in his outcome ``x``: the players ahead and level
        that no board's outcome changes (the loose ones, his opponent, the boards whose outcomes all
        count the same), and per board and outcome those ahead (``gt``) and level (``eq``), with the
        indices of the boards searched (whose outcomes count differently)."""
        mine = self.board_of.get(no)
        s = self.score(no, x)
        gt, ge, _, _, _, _ = self.terms(s)
        eq = ge - gt
        loose_gt = len(self.loose) - int(np.searchsorted(self.loose, s, side="right"))
        loose_eq = len(self.loose) - int(np.searchsorted(self.loose, s, side="left")) - loose_gt
        if mine is None:
            loose_eq -= 1  # himself
        else:
            w, b = self.pairs[mine]
            so = self.score(b if w == no else w, x)
            loose_gt, loose_eq = loose_gt + int(so > s), loose_eq + int(so == s)
        differs = (gt != gt[:, :1]).any(axis=1) | (eq != eq[:, :1]).any(axis=1)
        alike = ~differs  # the boards whose outcomes all count the same: added once, not searched
        if mine is not None:
            alike[mine] = differs[mine] = False
        return (loose_gt + int(gt[alike, 0].sum()), loose_eq + int(eq[alike, 0].sum()), gt, eq,
                np.nonzero(differs)[0])

    def reachable(self, no: int, n: int) -> tuple[tuple[int, str], ...]:
        """The places 1..n ``no`` can reach on points: "clear" where, in some outcome, k - 1 players
        are ahead of him and none level; else "tied" where some outcome has him level with others
        across place k. The outcomes' (ahead, level) counts are gathered board by board, capped at
        n (a state space of at most (n + 1)^2)."""
        mine = self.board_of.get(no)
        states: set[tuple[int, int]] = set()
        for x in [None] if mine is None else list(range(self.width)):
            fixed_gt, fixed_eq, gt, eq, searched = self._search(no, x)
            varying = [{(int(gt[i, o]), int(eq[i, o])) for o in range(self.width)} for i in searched.tolist()]
            got = {(min(fixed_gt, n), min(fixed_eq, n))}
            for options in varying:
                got = {(min(g + a, n), min(e + b_, n)) for g, e in got for a, b_ in options}
            states |= got
        out = []
        for k in range(1, n + 1):
            if (k - 1, 0) in states:
                out.append((k, "clear"))
            elif any(g <= k - 1 <= g + e for g, e in states):
                out.append((k, "tied"))
        return tuple(out)

    def reach_work(self, no: int, n: int) -> int:
        """The states :meth:`reachable` goes through for ``no`` and ``n``, bounded without the search:
        per outcome of his and board searched, the (ahead, level) counts gathered so far (at most the
        box between their fewest and most, each capped at n) times the board's outcomes."""
        mine = self.board_of.get(no)
        work = 0
        for x in [None] if mine is None else list(range(self.width)):
            fixed_gt, fixed_eq, gt, eq, searched = self._search(no, x)
            if not len(searched):
                continue
            g, e = gt[searched], eq[searched]
            zero = np.zeros(1, dtype=np.int64)
            box = np.ones(len(searched), dtype=np.int64)  # the states before each board searched
            for lo, hi, fixed in ((g.min(axis=1), g.max(axis=1), fixed_gt), (e.min(axis=1), e.max(axis=1), fixed_eq)):
                low = np.minimum(fixed + np.concatenate([zero, np.cumsum(lo)[:-1]]), n)
                high = np.minimum(fixed + np.concatenate([zero, np.cumsum(hi)[:-1]]), n)
                box *= high - low + 1
            work += int((box * self.width).sum())
        return work
