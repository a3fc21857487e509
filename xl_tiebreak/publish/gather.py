"""What a published page shows, gathered from one computed result: the standings after each
round, every tie-break value's account in each of them, the category lists and the prize list.

Nothing here writes HTML (:mod:`.page` does); everything here is exact and comes from the same
functions as the command line's ``standings``, ``explain``, ``standings --category`` and ``prizes``.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional, Sequence

from ..categories import Category, Selection, parse_category
from ..engine import Result, compute
from ..errors import InputError
from ..prize_report import category_selection, prize_list
from ..prizes import PrizeList, PrizeTable, parse_unit
from ..rating_notes import HOW_TO_SET
from ..standings import Row, rank
from .accounts import Accounts, round_accounts

__all__ = ["Extras", "extras_from_texts", "PageContent", "gather", "round_results", "check_page_size", "PAGE_BUDGET"]


@dataclass(frozen=True)
class Extras:
    """The category lists and prizes asked for: ``categories`` each get a standings list (the
    prize table's categories too); ``prizes`` with ``ties``, ``order``, ``age`` and ``unit`` as in
    ``xl-tiebreak prizes``."""

    categories: tuple[Category, ...] = ()
    prizes: PrizeTable = field(default_factory=PrizeTable)
    ties: str = "tiebreak"
    order: str = "value"
    age: str = "year"
    unit: Fraction = Fraction(1, 100)


def extras_from_texts(categories: Sequence[str] = (), places: str = "", category_prizes: Sequence[str] = (), *,
                      ties: str = "tiebreak", order: str = "value", age: str = "year",
                      unit: "str | Fraction" = "0.01", named: Sequence[tuple[str, Category]] = (),
                      table: Optional[PrizeTable] = None) -> Extras:
    """:class:`Extras` from the command line's texts (``--category U1600``, ``--places 500,300``,
    ``--category-prize U1600=100,50``, ``--unit 0.01``); an :class:`InputError` naming the flag.
    A workbook's sheets come in as ``named`` (its Categories sheet: a ``--category`` may name one,
    and with no ``--category`` each is listed) and ``table`` (its Prizes sheet's table: ``--places``
    replaces its place prizes, ``--category-prize`` its category prizes), as ``standings`` and
    ``prizes`` read them."""
    by_name = {n.casefold(): c for n, c in named}
    cats = [by_name.get(text.strip().casefold()) or parse_category(text, "--category") for text in categories] \
        if categories else [c for _, c in named]
    given = PrizeTable.parse(places or "", list(category_prizes))
    prizes = given if table is None else PrizeTable(given.places if places else table.places,  # an option
                                                    given.categories if category_prizes else table.categories)
    for cat, _ in prizes.categories:  # the same category once, named or not (by what it means)
        if cat.label not in [c.label for c in cats]:
            cats.append(cat)
    step = unit if isinstance(unit, Fraction) else parse_unit(unit, "--unit")
    return Extras(tuple(cats), prizes, ties, order, age, step)


@dataclass(frozen=True)
class PageContent:
    """The page's content. ``rounds[r]``: the result and standings after round ``r + 1`` (the last
    is ``result`` itself); ``accounts[r].text(k, j)``: the text ``explain --rounds`` prints for
    player row ``k``'s value of tie-break ``j`` after that round; ``places[k][r]``: player row
    ``k``'s place (the first of a shared one) after round ``r + 1``."""

    result: Result
    rounds: tuple[tuple[Result, tuple[Row, ...]], ...]
    accounts: tuple[Accounts, ...]
    places: tuple[tuple[int, ...], ...]
    categories: tuple[Selection, ...] = ()
    prizes: Optional[PrizeList] = None
    prize_notes: tuple[str, ...] = ()
    #: why only the final standings' values open an account (a large event), else empty
    accounts_note: str = ""
    #: how to set a rating for unrated players where the event was read (the notes; a workbook's cell)
    how: str = HOW_TO_SET
    #: the rate of play of the players' cards (a workbook's Settings row Rate of play; None: the file's)
    rate: Optional[str] = None

    @property
    def final(self) -> tuple[Row, ...]:
        return self.rounds[-1][1]


def round_results(result: Result) -> list[Result]:
    """The result after each round 1..N of ``result`` (N its rounds; the last is ``result``), with
    the same tie-break list, edition, type and options."""
    t = result.tournament
    kind = "round-robin" if result.round_robin else "swiss"
    earlier = [compute(t, list(result.codes), edition=result.edition, rounds=r, kind=kind, options=result.options)
               for r in range(1, result.rounds)]
    return [*earlier, result]


#: players x rounds up to which a page carries the accounts of every round's values (500 x 11 takes
#: about 5 s and 1.8 MB; beyond, the work and the page grow past what a club's web page needs, and a
#: DE account of round 1's tied group of 1,000 holds a 1,000 x 1,000 table): the final standings' only
EVERY_ROUND_ACCOUNTS = 6_000


#: players x rounds past which no page is made (:func:`check_page_size`, before the work). Measured
#: with benchmarks/bench_page.py (headless Chromium, 2 shared cores): 2,000 x 11 makes a 2.0 MB page
#: that opens in about 1.6 s; 9,000 x 11 (99,000) 8.8 MB, 10 s to open and 30 s to publish
PAGE_BUDGET = 50_000


def check_page_size(players: int, rounds: int) -> None:
    """Refuse (:class:`InputError`) a page of ``players`` x ``rounds`` past :data:`PAGE_BUDGET`:
    its size and the time it takes to open grow with it, past what a published page should weigh."""
    if players * rounds <= PAGE_BUDGET:
        return
    raise InputError(f"{players:,} players x {rounds} rounds = {players * rounds:,}: more than the {PAGE_BUDGET:,} "
                     "players x rounds a published page holds (past it, the page weighs more than about 5 MB and "
                     "takes seconds to open); publish the standings after fewer rounds (--rounds), or use "
                     "'xl-tiebreak standings' for the whole list")


def gather(result: Result, extras: Extras = Extras(), how: str = HOW_TO_SET,
           rate: Optional[str] = None) -> PageContent:
    """Everything the page shows of ``result`` (a :func:`~xl_tiebreak.engine.compute` result);
    ``how``, ``rate``: see :class:`PageContent`. A page past :data:`PAGE_BUDGET` is refused first."""
    check_page_size(len(result.tournament.players), result.rounds)
    results = round_results(result)
    rounds = tuple((res, tuple(rank(res))) for res in results)
    index = result.tournament.positions
    places = [[0] * len(rounds) for _ in result.tournament.players]
    for r, (_, rows) in enumerate(rounds):
        for row in rows:
            places[index[row.player.no]][r] = row.rank
    size = len(result.tournament.players) * len(results)
    every = size <= EVERY_ROUND_ACCOUNTS
    accounts = tuple(round_accounts(res, how) for res in (results if every else results[-1:]))
    note = "" if every else (f"Only the final standings' values open their accounts: {len(result.tournament.players):,} "
                             f"players x {len(results)} rounds is more than the {EVERY_ROUND_ACCOUNTS:,} whose every "
                             "round a page explains (xl-tiebreak explain --rounds R gives any other).")
    cats = tuple(category_selection(result, c, extras.age) for c in extras.categories)
    prizes: Optional[PrizeList] = None
    notes: list[str] = []
    if extras.prizes.places or extras.prizes.categories:
        prizes, notes = prize_list(result, extras.prizes, ties=extras.ties, order=extras.order, age=extras.age,
                                   unit=extras.unit)
    return PageContent(result, rounds, accounts, tuple(tuple(p) for p in places), cats, prizes, tuple(notes), note,
                       how, rate)
