"""The players' cards the published page carries (issue 36 item 2): for each player and each
round of the standings, the card ``xl-tiebreak card --rounds R`` prints
(:func:`~xl_tiebreak.rating_card.card_parts`: each round's opponent with rating and federation,
colour, result, running score, the rating change and the performance rating, FIDE B.02), as
the structured lines the page's script lays out as HTML (a table of rounds, paragraphs), so that
a card opened from the standings after round R is the card after round R.

Each line is a JSON array, its first item saying what it is: ``["h", text]`` a paragraph above
the rounds (who, the rules, K), ``["s", "Rp", v, "K", v, "Rtg+/-", v]`` the figures of the
standings' rating columns (:func:`~xl_tiebreak.rating_card.standings_cells`), ``["c", head,
...]`` the rounds table's heads (:data:`~xl_tiebreak.rating_card.CARD_HEADERS`), ``["g", cell,
...]`` a round, ``["t", text]`` a paragraph under the rounds (totals, Rp, notes).

>>> from xl_tiebreak import compute, demo_tournament
>>> book = card_book(compute(demo_tournament(), "BH"))
>>> book.codes, json.loads(book.lines[book.ids[2 * 4 + 1][0]])  # player row 2 after round 2
(4, ['h', 'Player 3: Three, C, rating 1800 (NOR)'])
"""

from __future__ import annotations

import json
from typing import Optional

from ..engine import Result
from ..rating_card import CARD_HEADERS, COLUMNS, card_parts, standings_cells
from ..rating_change import PlayerRating, event_ratings
from ..model import Tournament
from .accounts import Accounts, text_accounts

__all__ = ["card_book", "card_lines"]


def _line(*items: str) -> str:
    return json.dumps(items, ensure_ascii=False, separators=(",", ":"))


def card_lines(t: Tournament, fig: PlayerRating) -> list[str]:
    """A card as the page's lines (see the module's text), in the card's order."""
    head, rows, totals = card_parts(t, fig)
    figures = [x for pair in zip(COLUMNS, standings_cells(fig)) for x in pair]
    return ([_line("h", text) for text in head] + [_line("s", *figures), _line("c", *CARD_HEADERS)]
            + [_line("g", *cells) for cells in rows] + [_line("t", text) for text in totals])


def card_book(result: Result, rate: Optional[str] = None) -> Optional[Accounts]:
    """Every player's card after each round 1..R (R: ``result``'s rounds), as shared lines:
    ``ids[k * R + r - 1]`` player row ``k``'s card after round ``r`` (``codes`` is R); None for
    a result of no round. ``rate``: the rate of play (a workbook's Settings row; None: the file's
    record 222, else standard, assumed)."""
    t = result.tournament
    rounds = result.rounds
    if not rounds:
        return None
    by_round = [event_ratings(t, rounds=r, rate=rate) for r in range(1, rounds + 1)]
    texts = ["\n".join(card_lines(t, by_round[r][k])) for k in range(len(t.players)) for r in range(rounds)]
    return text_accounts(rounds, rounds, texts)
