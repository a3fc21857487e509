"""The round to pair and what is typed in it already, for every system.

Round K is paired from rounds 1..K-1 (C.04.1 and C.05: a round is paired when the previous one's
results are in), by default the first round with a result missing. What the arbiter typed in
round K beforehand is honoured: byes and absences (``H``, ``F``, ``Z``, ``-``, a withdrawal) are
not paired (``absent``), and a pair typed there (``5w``, or a result already) must be the one the
system gives; nothing typed is changed. Errors name the place (a TRF line and columns, a sheet
and cell) through the face's ``place(no, round)``.
"""

from __future__ import annotations

from typing import Callable, Optional

from ..model import Kind, Player, Round, Tournament, make_round
from .model import Pairing, PairingError, Request

#: names a player's round for a message (a TRF line and columns; a workbook's sheet and cell)
Place = Callable[[int, int], str]

#: typed in round K beforehand: the player is not paired (C.04.2 art. 3.2-3.3)
_NOT_PAIRED = frozenset({Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.WITHDRAWN})
#: the boards a message names, at most
_SHOWN = 6


def _missing(p: Player, k: int) -> bool:
    """Round ``k`` (0-based) of ``p`` has no result in: nothing typed, or a pairing without a
    result; a player who withdrew in an earlier round (``WD``: that round and every later one) has
    none to come (C.04.2 art. 3.2)."""
    return p.rounds[k].kind is Kind.NOT_PLAYED and not _withdrew(p, k)


def _withdrew(p: Player, k: int) -> bool:
    """``p`` withdrew before round ``k`` (0-based)."""
    return any(r.kind is Kind.WITHDRAWN for r in p.rounds[:k])


def _started(t: Tournament, k: int) -> bool:
    """Round ``k`` (0-based) holds a game, a forfeit, a PAB or a pairing: byes and absences typed
    beforehand do not start a round (as :func:`xl_tiebreak.model.last_played_round` reads it)."""
    return any(r.kind.has_opponent or r.kind is Kind.PAB or r.opponent is not None
               for r in (p.rounds[k] for p in t.players))


def default_round(t: Tournament) -> int:
    """The first round with a result missing, or not started (``t.rounds + 1`` when every round
    is complete)."""
    for k in range(t.rounds):
        if not _started(t, k) or any(_missing(p, k) for p in t.players):
            return k + 1
    return t.rounds + 1


def round_to_pair(t: Tournament, rnd: Optional[int], place: Place) -> int:
    """Round ``rnd`` (default :func:`default_round`), checked: within the rounds declared, and every
    earlier round complete (the error names the boards whose result is missing and their places)."""
    k = default_round(t) if rnd is None else rnd
    if k < 1:
        raise PairingError(f"round {k}: rounds are numbered from 1")
    if k > t.rounds:
        said = "every round has its results" if rnd is None else f"there is no round {k}"
        raise PairingError(f"{said}: the event has {t.rounds} round{'s' if t.rounds != 1 else ''} (TRF record "
                           "XXR/142, a workbook's Settings Rounds or its round columns)")
    for r in range(1, k):
        if not _started(t, r - 1):
            raise PairingError(f"round {k} cannot be paired before round {r}: round {r} has no game typed")
        missing = [p for p in t.players if _missing(p, r - 1)]
        if missing:
            boards = [_board(p.no, p.rounds[r - 1], r, place) for p in _one_per_board(missing, r)]
            more = f"; and {len(boards) - _SHOWN} more" if len(boards) > _SHOWN else ""
            raise PairingError(f"round {k} cannot be paired before round {r}'s results are in; missing: "
                               + "; ".join(boards[:_SHOWN]) + more)
    return k


def _one_per_board(players: list[Player], r: int) -> list[Player]:
    """The players of a list, one per pending board (the lower start number)."""
    out: list[Player] = []
    seen: set[int] = set()
    for p in players:
        opp = p.rounds[r - 1].opponent
        if opp is not None and opp in seen:
            continue
        seen.add(p.no)
        out.append(p)
    return out


def _board(no: int, r: Round, rnd: int, place: Place) -> str:
    if r.opponent is None:
        return f"player {no}, nothing typed ({place(no, rnd)})"
    w, b = (no, r.opponent) if r.colour != "b" else (r.opponent, no)
    return f"{w}-{b} ({place(w, rnd)}, {place(b, rnd)})"


def typed_absent(t: Tournament, rnd: int, blank: frozenset[int] = frozenset()) -> frozenset[int]:
    """The players whose round ``rnd`` holds a bye or an absence typed beforehand, or who withdrew.
    ``blank``: players whose round is a blank TRF field, which TRF-16 reads as "not paired" in a
    round played but which, in the round to pair, says nothing yet (as FIDE's reference reads it;
    ``0000 - -`` or ``0000 - Z`` is the absence)."""
    out = set()
    for p in t.players:
        kind = p.rounds[rnd - 1].kind
        if ((kind in _NOT_PAIRED and not (kind is Kind.ABSENT and p.no in blank))
                or _withdrew(p, rnd - 1)):
            out.add(p.no)
    return frozenset(out)


def request_for(t: Tournament, rnd: Optional[int], place: Place, options: tuple[tuple[str, str], ...] = (),
                blank: Callable[[int], frozenset[int]] = lambda k: frozenset()) -> Request:
    """The request of round ``rnd`` (default: the first with a result missing), checked by
    :func:`round_to_pair`, with the absences typed in that round (``blank(k)``: see
    :func:`typed_absent`)."""
    k = round_to_pair(t, rnd, place)
    return Request(t, k, absent=typed_absent(t, k, blank(k)), options=options)


def check_typed(t: Tournament, pairing: Pairing, place: Place) -> None:
    """A pair typed in the round beforehand (pending or with a result) must be in ``pairing``,
    with the colour typed: otherwise the error names the cell and what the system pairs."""
    k = pairing.round
    given: dict[int, tuple[Optional[int], Optional[str]]] = {}
    for pr in pairing.pairs:
        given[pr.white], given[pr.black] = (pr.black, "w"), (pr.white, "b")
    for p in t.players:
        r = p.rounds[k - 1]
        if r.opponent is None:
            continue
        opp, colour = given.get(p.no, (None, None))
        if opp == r.opponent and (r.colour is None or r.colour == colour):
            continue
        typed = f"{r.opponent} with {'White' if r.colour == 'w' else 'Black' if r.colour else 'no colour'}"
        says = (f"pairs {p.no} against {opp} with {'White' if colour == 'w' else 'Black'}" if opp is not None
                else f"does not pair {p.no}")
        raise PairingError(f"{place(p.no, k)}: round {k} of player {p.no} is typed against {typed}, but the "
                           f"{pairing.system} pairing {says}; clear or correct the cell, or pair by hand (if the round "
                           "was paired with Baku acceleration, forbidden pairs or an initial colour, pair it "
                           "again with the same options)")


def pending_rounds(t: Tournament, pairing: Pairing, blank: frozenset[int] = frozenset()) -> dict[int, Round]:
    """What a pairing writes into round K for each player whose round holds nothing typed yet:
    a game to play (opponent and colour, no result), the pairing-allocated bye with its points
    (C.04.1 art. 3: its value is known when it is allocated), a round robin's sit-out as a round
    without a game; an ``absent`` player's round is already typed and is left as it is.
    ``blank``: players whose round K is a blank TRF field (read as not paired; see
    :func:`typed_absent`), which holds nothing typed either."""
    want: dict[int, Round] = {}
    for p in pairing.pairs:
        want[p.white] = Round(Kind.NOT_PLAYED, p.black, "w")
        want[p.black] = Round(Kind.NOT_PLAYED, p.white, "b")
    for u in pairing.byes:
        if u.kind == "sit-out":
            want[u.no] = Round(Kind.ABSENT)
        elif u.kind == "PAB":
            want[u.no] = make_round(Kind.PAB, scoring=t.scoring)
    k = pairing.round
    return {pl.no: want[pl.no] for pl in t.players
            if pl.no in want and pl.rounds[k - 1].opponent is None
            and (pl.rounds[k - 1].kind is Kind.NOT_PLAYED or (pl.rounds[k - 1].kind is Kind.ABSENT and pl.no in blank))}
