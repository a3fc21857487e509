"""FIDE Berger tables (C.05 Annex 1): the round robin's schedule, by the arithmetic rule.

Players draw the numbers 1..n; with n odd a dummy N = n + 1 is added and whoever meets it sits
out the round (PAIRING_RULES §4). With N = n rounded up to even and the cycle c = N - 1 rounds:

* in table round r, players a, b < N meet when a + b ≡ r + 1 (mod c); the player p with
  2p ≡ r + 1 (mod c) meets N;
* of a, b < N, White is the one whose opponent lies an odd number of steps ahead
  ((other - self) mod c odd); N has Black in odd rounds, White in even ones;
* board 1 is N's game, then p + k against p - k (mod c) for k = 1, 2, ... as the tables print them.

This gives the Annex's tables exactly (checked against the tables printed in PAIRING_RULES §4,
which were checked against FIDE's reference engine, Milvang's "Berger explained" and the public
tables; tests/test_berger_tables.py). A double round robin plays the cycle twice, the second time
with colours reversed; the Annex recommends swapping the last two rounds of the first cycle, so
that nobody has the same colour three times at the turn (PAIRING_RULES §4): that is the default
(FIDE's reference engine does it for TRF record 192 ``FIDE_DOUBLEROUNDROBIN``), and
``swap=False`` keeps the plain order (192 ``BERGER_DOUBLEROUNDROBIN``).

The sit-out of an odd round robin is not a pairing-allocated bye (C.07 Art. 15, DESIGN "every
result code means one documented thing"): the pairing names it ``Unpaired(kind="sit-out")``,
which the crosstable writes ``-``. FIDE's reference engine prints it as it prints a PAB (``p 0``,
on board 1); here boards are numbered over the games played, in the table's order.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from ..model import Tournament
from .model import Pair, Pairing, PairingError, Request, Unpaired

#: a Berger table is made for at most this many players (a round is O(n); the limit is a sanity bound)
MAX_PLAYERS = 10_000


def cycle_rounds(players: int) -> int:
    """Rounds of one cycle: n - 1 for n even, n for n odd (the sit-out)."""
    return players - 1 if players % 2 == 0 else players


def table_round(players: int, rnd: int) -> tuple[tuple[int, int], ...]:
    """Round ``rnd`` (1..cycle) of the Annex 1 table for ``players`` (odd: the dummy N = n + 1 is
    in the table), as (white, black) pairs in board order, N's game first.

    >>> table_round(6, 2)
    ((6, 4), (5, 3), (1, 2))
    >>> table_round(5, 1)
    ((1, 6), (2, 5), (3, 4))
    """
    if players < 2:
        raise ValueError("a Berger table needs at least two players")
    big = players + players % 2
    c = big - 1
    if not 1 <= rnd <= c:
        raise ValueError(f"a Berger table of {players} players has rounds 1..{c}")
    target = (rnd + 1) % c
    p = next(x for x in range(1, big) if (2 * x) % c == target)
    first = (p, big) if rnd % 2 == 1 else (big, p)
    out = [first]
    for k in range(1, big // 2):
        a = (p + k - 1) % c + 1
        b = (p - k - 1) % c + 1
        out.append((a, b) if (b - a) % c % 2 == 1 else (b, a))
    return tuple(out)


def scheduled_round(players: int, rnd: int, double: bool = False,
                    swap: bool = True) -> tuple[tuple[int, int], ...]:
    """Round ``rnd`` of the event: (white, black) in the table's board order, the dummy N
    included when ``players`` is odd. A double round robin's second cycle is the first with the
    colours reversed; with ``swap`` its first cycle plays the table's last two rounds in the
    opposite order (C.05 Annex 1's recommendation, PAIRING_RULES §4)."""
    c = cycle_rounds(players)
    last = 2 * c if double else c
    if not 1 <= rnd <= last:
        raise ValueError(f"a {'double ' if double else ''}round robin of {players} players has rounds 1..{last}")
    if rnd > c:
        return tuple((b, w) for w, b in table_round(players, rnd - c))
    if double and swap and c >= 3 and rnd >= c - 1:
        rnd = 2 * c - 1 - rnd
    return table_round(players, rnd)


@dataclass(frozen=True)
class TableRow:
    """Where an event's round is in C.05 Annex 1: the table for ``size`` numbers (the players, and
    the dummy ``size`` when they are odd), its round ``table_round`` and its pairs (white, black) as
    the table prints them; ``second_cycle``: a double round robin's second cycle, the table's round
    with the colours reversed; ``swapped``: a first cycle's last two rounds played in the opposite
    order (the Annex's recommendation)."""

    players: int
    size: int
    table_round: int
    pairs: tuple[tuple[int, int], ...]
    second_cycle: bool = False
    swapped: bool = False

    def words(self) -> str:
        """The row as the explanation says it: ``round 2 of the table for 6 players: 6-4, 5-3, 1-2``."""
        pairs = ", ".join(f"{w}-{b}" for w, b in self.pairs)
        dummy = (f" ({self.players} players and the dummy number {self.size}: whoever meets it sits out)"
                 if self.size != self.players else "")
        said = f"round {self.table_round} of the table for {self.size} players{dummy}: {pairs}"
        if self.second_cycle:
            said += "; the second cycle plays it with the colours reversed"
        if self.swapped:
            said += "; the first cycle plays the table's last two rounds in the opposite order (the Annex's advice)"
        return said


def table_row(players: int, rnd: int, double: bool = False, swap: bool = True) -> TableRow:
    """Round ``rnd`` of the event as a row of the Annex 1 table (see :func:`scheduled_round`).

    >>> table_row(5, 1).words()
    'round 1 of the table for 6 players (5 players and the dummy number 6: whoever meets it sits out): 1-6, 2-5, 3-4'
    """
    c = cycle_rounds(players)
    scheduled_round(players, rnd, double, swap)  # (its checks)
    second = rnd > c
    r = rnd - c if second else rnd
    swapped = double and swap and c >= 3 and r >= c - 1 and not second
    if swapped:
        r = 2 * c - 1 - r
    return TableRow(players, players + players % 2, r, table_round(players, r), second, swapped)


def round_pairing(players: int, rnd: int, double: bool = False, swap: bool = True,
                  absent: frozenset[int] = frozenset()) -> Pairing:
    """The pairing of round ``rnd`` from the table alone: the games in the table's order (boards
    numbered from 1 over the games played), the sit-out (the dummy's partner, even when an absence
    is typed for that round), the ``absent`` players, and the partner of an absent player, who has
    no game either (``sit-out``: the table gives no other opponent; the arbiter may type the
    forfeit the event's rules award)."""
    byes: list[Unpaired] = []
    pairs: list[Pair] = []
    for w, b in scheduled_round(players, rnd, double, swap):
        game = [x for x in (w, b) if x <= players]
        out = [x for x in game if x in absent]
        if len(game) == 2 and not out:
            pairs.append(Pair(len(pairs) + 1, w, b))
            continue
        byes.extend(Unpaired(x, "absent" if x in absent and len(game) == 2 else "sit-out") for x in game)
    return Pairing(rnd, "berger", tuple(pairs), tuple(sorted(byes, key=lambda u: u.no)))


def event_cycles(t: Tournament, double: Optional[bool] = None) -> bool:
    """Whether ``t`` is a double round robin: ``double`` when the caller knows (record 192),
    else when it declares twice a cycle's rounds."""
    if double is not None:
        return double
    return t.rounds == 2 * cycle_rounds(len(t.players))


def check_berger_numbers(t: Tournament) -> None:
    """The start numbers are the Berger numbers drawn by lot: 1..n, each once (C.05 Annex 1)."""
    n = len(t.players)
    if n < 2:
        raise PairingError(f"a round robin needs at least two players; the event has {n}")
    if n > MAX_PLAYERS:
        raise PairingError(f"a round robin of {n} players is beyond the {MAX_PLAYERS} this program pairs")
    nos = [p.no for p in t.players]
    if nos != list(range(1, n + 1)):
        gap = next(k for k, no in enumerate(nos, 1) if no != k)
        raise PairingError(f"the Berger tables pair the numbers 1..{n} drawn by lot (C.05 Annex 1), but the "
                           f"start numbers are not 1..{n} (no player {gap}); number the players 1..{n}")


def check_history(t: Tournament, rnd: int, double: bool, swap: bool) -> None:
    """Rounds 1..rnd-1 as played follow the table: every game or forfeit is against the scheduled
    opponent, with the scheduled colour when one is recorded. A round without a game (a bye, an
    absence) is accepted. The error names the player, the round and what the table says."""
    n = len(t.players)
    for r in range(1, rnd):
        meets: dict[int, tuple[int, str]] = {}
        for w, b in scheduled_round(n, r, double, swap):
            meets[w], meets[b] = (b, "w"), (w, "b")
        for p in t.players:
            got = p.rounds[r - 1]
            if got.opponent is None:
                continue
            opp, colour = meets[p.no]
            said = "sits out" if opp > n else f"meets {opp} with {'White' if colour == 'w' else 'Black'}"
            if got.opponent != opp or (got.colour is not None and got.colour != colour):
                colour_word = {"w": "White", "b": "Black"}.get(got.colour or "", "no colour")
                played = f"{got.opponent} with {colour_word}"
                raise PairingError(f"round {r} of player {p.no} does not follow the Berger table: it is against "
                                   f"{played}, where the table says player {p.no} {said} (C.05 Annex 1"
                                   f"{', double round robin' if double else ''}); correct the round or pair by hand")


def event_table_row(t: Tournament, rnd: int, options: tuple[tuple[str, str], ...] = ()) -> TableRow:
    """The table row round ``rnd`` of ``t`` is (:func:`table_row`), with the options
    :func:`pair_berger` reads (``double``, ``swap``)."""
    opts = dict(options)
    double = event_cycles(t, None if "double" not in opts else opts["double"] == "yes")
    return table_row(len(t.players), rnd, double, opts.get("swap", "yes") == "yes")


def pair_berger(request: Request) -> Pairing:
    """The Berger system as a pairing function: round ``request.round`` of the event's table, the
    ``request.absent`` players not paired. Options: ``("double", "yes"|"no")`` (default: the
    event declares twice a cycle's rounds), ``("swap", "yes"|"no")`` (default yes; see the module).
    Refuses numbers other than 1..n, a round beyond the table, and earlier rounds that do not
    follow it."""
    t = request.event
    check_berger_numbers(t)
    opts = dict(request.options)
    double = event_cycles(t, None if "double" not in opts else opts["double"] == "yes")
    swap = opts.get("swap", "yes") == "yes"
    n = len(t.players)
    last = cycle_rounds(n) * (2 if double else 1)
    if not 1 <= request.round <= last:
        raise PairingError(f"round {request.round}: a {'double ' if double else ''}round robin of {n} players has "
                           f"{last} rounds (C.05 Annex 1)")
    check_history(t, request.round, double, swap)
    return round_pairing(n, request.round, double, swap, request.absent)
