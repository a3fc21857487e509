"""``pair_dutch``: a round of the FIDE (Dutch) system, C.04.3 (2026), bracket by bracket.

Steps: the participants and their states (:mod:`..history`); the PAB's lowest possible score
(C5) before any bracket, so that every completion test (C4) keeps it; the scoregroups from the top
down, each bracket's best candidate (:mod:`.bracket`), its downfloaters moved to the next bracket as
MDPs (art. 1.3, 3); the one left after the last bracket gets the PAB (art. 1.9.1); the colours
(art. 5) and the board order (C.04.2 art. 3.6).
"""

from __future__ import annotations

import sys
from fractions import Fraction
from typing import Optional

from ..acceleration import acceleration_for
from ..history import participants, states_before
from ..model import Pair, Pairing, PairingError, Request, Unpaired
from .bracket import BracketSearch
from .colours import decide, initial_colour, paired_numbers, rank_key
from .completion import Completion, exact
from .criteria import Round
from .trace import BracketStep, ColourStep, Recorder, Seat, Trace, failures

SYSTEM = "dutch"
#: The most participants a round may have, checked before the work: the search's time grows with the
#: brackets (1,000 players: up to about 10 s a round on a small loaded machine; 2,000: 50 s).
MAX_PLAYERS = 1000


def pair_dutch(request: Request, trace: Optional[Trace] = None) -> Pairing:
    """Pair round ``request.round`` of a Swiss event by the Dutch system; with ``trace``, record
    in it what each step decided and why (:mod:`.trace`), from this same run.

    ``request.event`` holds rounds 1..k-1 with their results and, in round k, the byes typed in
    advance; ``request.absent`` the players not to pair; the option ``initial-colour`` (``w`` or
    ``b``) the colour drawn by lot (else TRF record 152, else round 1's). Under an acceleration
    (``request.baku``, TRF records 250 or a 192 ``..._BAKU``: :mod:`..acceleration`) the pairing
    score (points + virtual points) makes the brackets, floats, PAB score and board order. Raises
    :class:`~xl_tiebreak.pairing.model.PairingError` when the round cannot be paired.

    >>> from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
    >>> event = tournament_from_rows([CrosstableRow(no=n, name=f"P{n}", cells=["", ""]) for n in range(1, 6)])
    >>> got = pair_dutch(Request(event, 1, options=(("initial-colour", "w"),)))
    >>> [(p.white, p.black) for p in got.pairs], got.byes
    ([(1, 3), (4, 2)], (Unpaired(no=5, kind='PAB'),))
    """
    event, k = request.event, request.round
    nos = participants(event, k, request.absent)
    if len(nos) < 2:
        raise PairingError(f"round {k}: {len(nos)} player(s) to pair; a round needs at least two")
    if len(nos) > MAX_PLAYERS:
        raise PairingError(f"round {k}: {len(nos)} players to pair; this engine pairs at most {MAX_PLAYERS:,} "
                           "(split the event, or pair it with other software)")
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(max(limit, len(nos) + 1000))  # a bracket's search goes one call deeper per pair
    try:
        return _pair(request, nos, trace)
    finally:
        sys.setrecursionlimit(limit)


def _pair(request: Request, nos: list[int], trace: Optional[Trace]) -> Pairing:
    event, k = request.event, request.round
    acceleration = acceleration_for(event, request.baku, nos if k == 1 else None)
    states = states_before(event, k, nos, acceleration.virtual if acceleration is not None else None)
    final = k == event.rounds
    most = (k - 1) * event.scoring.win
    topscorers = frozenset(n for n in nos if final and states[n].score * 2 > most)
    options = dict(request.options)
    numbers = paired_numbers(event, k, nos)
    rnd = Round(states, topscorers, frozenset(frozenset(f) for f in request.forbidden),
                initial_colour(event, options, k, nos), numbers)
    pab_ok = _pab_candidates(rnd, nos, k)
    if trace is not None:
        trace.round, trace.initial = k, rnd.initial
        trace.pab_eligible = tuple(sorted(pab_ok))
        trace.pab_score = states[min(pab_ok)].score if pab_ok else None
        trace.pab_barred = tuple(sorted(n for n in nos if states[n].pab_barred))
    completion = Completion(rnd.compatible, pab_ok, rnd.partners)
    order = sorted(nos, key=lambda n: rank_key(states[n]))
    scores = sorted({states[n].score for n in nos}, reverse=True)
    pairs: list[tuple[int, int]] = []
    mdps: tuple[int, ...] = ()
    for i, s in enumerate(scores):
        residents = [n for n in order if states[n].score == s]
        bracket = sorted(list(mdps) + residents, key=lambda n: rank_key(states[n]))
        rest = [n for n in order if states[n].score < s]
        following = [n for n in rest if states[n].score == scores[i + 1]] if i + 1 < len(scores) else []
        rec = Recorder() if trace is not None else None
        got = BracketSearch(rnd, completion, bracket, frozenset(mdps), rest, following, i == len(scores) - 1,
                            rec).run()
        if trace is not None and rec is not None:
            trace.brackets.append(BracketStep(
                s, tuple(residents), tuple(n for n in bracket if n in mdps),
                got.pairs if got else (), got.downfloaters if got else (),
                failures(got.vector) if got else (), rec.passed_over(got.vector) if got else (),
                i == len(scores) - 1))
        if got is None:  # C4 held above, so only a defect can bring us here
            raise PairingError(f"round {k}: the bracket of {s} points has no pairing that leaves the rest pairable "
                               f"(C.04.3 art. 1.9.3: the Chief Arbiter decides)")
        pairs.extend(got.pairs)
        mdps = got.downfloaters
    if len(mdps) > 1:
        raise PairingError(f"round {k}: players {', '.join(map(str, mdps))} are left unpaired (C.04.3 art. 1.9.3)")
    if trace is not None:
        trace.pab = mdps[0] if mdps else None
    return _pairing(request, rnd, pairs, list(mdps), nos, trace)


def _pab_candidates(rnd: Round, nos: list[int], k: int) -> frozenset[int]:
    """Who may receive the PAB: C2 (C.04.1 art. 4) and C5 (the lowest score that still lets
    everyone else be paired); none when the number to pair is even. C9 (the fewest unplayed games)
    is a quality criterion of the last bracket (:mod:`.bracket`), as gacrux reads it."""
    check = Completion(rnd.compatible, frozenset(), rnd.partners)
    if len(nos) % 2 == 0:
        if not check.complete(nos):
            raise _unpairable(rnd, nos, k)
        return frozenset()
    eligible = [n for n in nos if not rnd.states[n].pab_barred]
    for s in sorted({rnd.states[n].score for n in eligible}):
        ok = frozenset(n for n in eligible if rnd.states[n].score == s)
        if check.complete(nos, ok):
            return ok
    if not eligible:
        raise PairingError(f"round {k}: an odd number of players and every one of them had a PAB or a win without "
                           "playing (C.04.1 art. 4: no second PAB)")
    raise _unpairable(rnd, nos, k)


def _unpairable(rnd: Round, nos: list[int], k: int) -> PairingError:
    matched = exact(nos, rnd.compatible)
    left = sorted(set(nos) - {x for pair in matched for x in pair})
    who = ", ".join(map(str, left)) or ", ".join(map(str, nos))
    return PairingError(f"round {k} cannot be paired: players {who} have no opponent left (C.04.1 art. 2: two "
                        "players shall not play each other more than once; C.04.3 C3: two players with the same "
                        "absolute colour preference do not meet)")


def _pairing(request: Request, rnd: Round, pairs: list[tuple[int, int]], pab: list[int],
             nos: list[int], trace: Optional[Trace] = None) -> Pairing:
    st = rnd.states
    decided = [decide(st[a], st[b], rnd.initial, rnd.numbers) for a, b in pairs]
    coloured = [wb for wb, _ in decided]
    if trace is not None:
        def seat(n: int) -> Seat:
            s, p = st[n], st[n].preference
            return Seat(n, p.colour, p.strength, s.colour_difference, s.colours, rnd.numbers.get(n, n))
        for (w, b), article in decided:
            hi, lo = sorted((w, b), key=lambda n: rank_key(st[n]))
            trace.colours.append(ColourStep(w, b, article, seat(hi), seat(lo)))

    def board_key(wb: tuple[int, int]) -> tuple[Fraction, Fraction, int]:
        # C.04.2 art. 3.6: the higher-ranked player's score, the sum of both, that player's TPN
        hi = min(wb, key=lambda n: rank_key(st[n]))
        return (-st[hi].score, -(st[wb[0]].score + st[wb[1]].score), hi)

    boards = tuple(Pair(i, w, b) for i, (w, b) in enumerate(sorted(coloured, key=board_key), start=1))
    here = set(nos)
    byes = [Unpaired(n, "PAB") for n in pab]
    byes += [Unpaired(p.no, "absent") for p in request.event.players if p.no not in here]
    return Pairing(request.round, SYSTEM, boards, tuple(byes))
