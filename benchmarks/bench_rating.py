"""Time the FIDE rating figures (Rp, K, the rating change; xl_tiebreak.rating_change) of every
player of large generated Swiss events, and one player's card.

    python benchmarks/bench_rating.py      # 2,000 x 11 and 10,000 x 13

Prints its figures; asserts nothing. The figures are made only when asked for (standings
--rating-change, card), in pure Python over the Round objects, one player at a time.
"""

from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from bench_engine import best_of  # noqa: E402
from events import swiss  # noqa: E402

from xl_tiebreak.rating_change import event_ratings, player_rating  # noqa: E402


def main() -> None:
    for players, rounds in ((2000, 11), (10000, 13)):
        t = swiss(players, rounds, seed=players)
        t.players[0].rounds  # the rounds built (a reader's lazy rounds), not timed
        every = best_of(lambda: event_ratings(t))
        one = best_of(lambda: player_rating(t, t.players[0].no), 5)
        print(f"{players:>6} x {rounds}: every player's figures {every:.3f} s; one player's {one * 1000:.2f} ms")


if __name__ == "__main__":
    main()
