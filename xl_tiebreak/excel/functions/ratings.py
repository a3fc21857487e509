"""``RATINGS``: each player's FIDE rating figures beside the standings, as a table that spills in
the standings' order: Rp, K and Rtg+/- (B.02; :mod:`xl_tiebreak.rating_change`), the figures
``xl-tiebreak standings --rating-change`` prints, from the same computation
(:func:`xl_tiebreak.rating_change.event_ratings` over the rounds the standings are after). The
same block follows Title, Rtg and Fed on the notice-board page, ``STANDINGS(..., page, rating_figures)``,
with its legend under the table (:func:`rating_block`).

The rules follow the event's start date (the edition argument's date, as the templates pass
Settings!B3:B5) and the rate of play (the ``rate_of_play`` argument, the Settings row "Rate of
play"; empty: standard, assumed and said, as the command line says it). K comes from the
crosstable's ``K`` column where it has one, else from the rules (B.02 8.3.3), marked ``*`` as
assumed.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any, Optional, Sequence

from ...engine import Result
from ...errors import InputError
from ..ranges.arguments import edition_date, read_options, table_part, text_of
from .cache import Table
from .registry import INDIVIDUAL, worksheet_function
from .results import kept, result_of, standings_of

if TYPE_CHECKING:
    from ...rating_change import PlayerRating

#: how to give a K in a workbook, in the legend where one was assumed
SHEET_K_HOW = "give it in a column K of the crosstable"


@dataclass(frozen=True)
class RatingBlock:
    """The rating figures of a result as the sheet shows them: ``table`` (the header Rp, K,
    Rtg+/-, then one row per player in the standings' order), ``legend`` (what the columns are,
    the rules, what was assumed; unwrapped items) and ``key`` (the start date and rate they
    follow, for the tables kept on the result)."""

    key: str
    table: list[list[Any]]
    legend: list[str]


def read_rate(rate_of_play: Any, function: str) -> Optional[str]:
    """The ``rate_of_play`` argument: standard, rapid or blitz (any case); None when empty."""
    from ...rating_rules import rate_named
    try:
        return rate_named(text_of(rate_of_play))
    except InputError as exc:
        raise InputError(f"{function}: rate_of_play: {exc.detail}") from None


def rating_block(result: Result, edition: Any, rate_of_play: Any, function: str) -> RatingBlock:
    """The rating figures of ``result``'s players (kept on the result): the rules of the start
    date the edition argument holds (none: the rules in force now, said) and of the rate of play."""
    rate = read_rate(rate_of_play, function)
    day, _ = edition_date(edition, function)
    start = None if day is None else day.iso
    key = repr((start, rate))
    return kept(result, f"_ratings{key}", lambda: _block(result, start, rate, key))


def _block(result: Result, start: Optional[str], rate: Optional[str], key: str) -> RatingBlock:
    from ...rating_card import COLUMNS, standings_values
    from ...rating_change import event_ratings
    t = result.tournament if start is None else replace(result.tournament, start_date=start)
    figures = event_ratings(t, rate=rate, rounds=result.rounds)
    at = t.positions
    table = [list(COLUMNS)] + [standings_values(figures[at[r.player.no]]) for r in standings_of(result)]
    return RatingBlock(key, table, _legend(figures))


def _legend(figures: Sequence[PlayerRating]) -> list[str]:
    """What the columns are, in short (the page's lines are narrow): their articles, what ``*``
    means where a K was assumed, the rules, and their notes as the command line gives them (a
    rate of play assumed, an old event)."""
    if not figures:
        return []
    assumed = any(f.k is not None and f.k.assumed for f in figures)
    rules = figures[0].rules
    return ["Rp: performance rating, B.01 1.4.7-1.4.9",
            "K: K factor, B.02 8.3.3" + (f"; * assumed ({SHEET_K_HOW})" if assumed else ""),
            "Rtg+/-: K x (W - We) over the rated games, to 0.1, B.02 8.3.2-8.3.4",
            f"Rating rules: {rules.title}", *(f"Note: {n}" for n in rules.notes)]


@worksheet_function(
    INDIVIDUAL, spills=True,
    parameters={
        "row": "Only this row of the table (1 is the leader, 0 the header); empty: the whole table.",
    },
    description="Each player's FIDE rating figures in the standings' order, as a table that spills beside them: Rp "
                "(performance rating), K (* where assumed, no K column) and Rtg+/- (K x (W - We), to 0.1), B.02.")
def RATINGS(crosstable: Table, tiebreak_list: Any = None, edition: Any = None, kind: Any = None,
            rate_of_play: Any = None, row: Any = None, column: Any = None, unrated: Any = None,
            settings: Any = None, rounds: Any = None, live: Any = None) -> Any:
    """Rp, K and the rating change of every player, row for row beside ``STANDINGS``."""
    opts = read_options(unrated, settings, "RATINGS")
    read_rate(rate_of_play, "RATINGS")  # before the event is computed: a bad argument is named first
    result = result_of(crosstable, tiebreak_list, edition, kind, opts, rounds, live, "RATINGS")
    return table_part(rating_block(result, edition, rate_of_play, "RATINGS").table, row, column, "RATINGS")


__all__ = ["RATINGS", "RatingBlock", "rating_block", "read_rate", "SHEET_K_HOW"]
