"""Both sides of every pairing must tell the same story, and a round chart must be possible.

Used by every reader (TRF and crosstable). A forfeit loss entered on both sides of one pairing
is a double forfeit. Errors (results that do not mirror, equal colours, a forfeit on one side
only, a player paired twice in a round, unknown opponents, a player against himself, games after
a withdrawal) make tie-breaks silently wrong, so they stop a computation; warnings (a second
pairing-allocated bye, ``F`` where ``U`` is meant, repeated pairings) do not.
"""

from __future__ import annotations

from typing import Callable, Optional

import numpy as np

from .model import KIND_INDEX, KINDS, MIRROR, Kind, Round
from .notation import format_cell
from .validation import Findings, strict

_PENDING = Kind.NOT_PLAYED
_UNPLAYED_AFTER_WITHDRAWAL = (Kind.WITHDRAWN, Kind.ABSENT, Kind.ZERO_BYE, Kind.NOT_PLAYED)
Place = Callable[[int, int], str]


def describe(r: Round) -> str:
    """A round in words, for messages."""
    if r.opponent is None:
        return "no game (absent)" if r.kind in (Kind.ABSENT, _PENDING) else f"a {r.kind.value}"
    colour = {"w": " with White", "b": " with Black"}.get(r.colour or "", "")
    if r.kind is _PENDING:
        return f"a pairing against {r.opponent}{colour} without a result"
    return f"a {r.kind.value} against {r.opponent}{colour}"


def _mirror(r: Round, me: int) -> str:
    """What the opponent's round should be, in words."""
    colour = {"w": "b", "b": "w"}.get(r.colour or "")
    return describe(Round(_PENDING if r.kind is _PENDING else MIRROR[r.kind], me, colour))


def reconcile(rounds: dict[int, list[Round]], place: Place, findings: Optional[Findings] = None,
              swiss: bool = True, bad: frozenset = frozenset()) -> dict[int, list[Round]]:
    """Mark double forfeits and check the pairings; ``place(no, round)`` names a player's round
    (1-based). ``bad``: (player, round) cells already reported as unreadable, which are not
    reported again through their opponents. Works in place and returns ``rounds``."""
    findings = findings or strict()
    for no, rs in rounds.items():
        for r, rd in enumerate(rs):
            if rd.kind is Kind.FORFEIT_LOSS and rd.opponent in rounds:
                other = rounds[rd.opponent][r]
                if other.opponent == no and other.kind in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT):
                    rs[r] = Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour, rd.points)
    nrounds = max((len(rs) for rs in rounds.values()), default=0)
    for r in range(nrounds):
        _check_round(rounds, r, place, findings, bad)
    for no, rs in rounds.items():
        _check_player(no, rs, place, findings)
    if swiss:
        _check_repeats(rounds, place, findings)
    _check_f_for_u(rounds, place, findings)
    _check_colours_missing(rounds, place, findings)
    return rounds


def _check_round(rounds: dict[int, list[Round]], r: int, place: Place, findings: Findings,
                 bad: frozenset = frozenset()) -> None:
    claims: dict[int, list[int]] = {}
    for no, rs in rounds.items():
        if r < len(rs) and rs[r].opponent is not None:
            claims.setdefault(rs[r].opponent, []).append(no)
    for no, rs in rounds.items():
        if r >= len(rs) or rs[r].opponent is None:
            continue
        opp = rs[r].opponent
        other = rounds[opp][r] if opp in rounds else None
        _check_pairing(findings, place(no, r + 1), r, no, rs[r], other, claims.get(opp, ()),
                       (no, r + 1) in bad or (opp, r + 1) in bad)


def _check_pairing(findings: Findings, where: str, r: int, no: int, rd: Round, other: Optional[Round],
                   claimants: "list[int] | tuple[int, ...]", skip: bool) -> None:
    """Player ``no``'s pairing in round ``r + 1`` (0-based ``r``) against the opponent's own line.
    ``other``: the opponent's round, ``None`` when the opponent is not a player; ``claimants``:
    every player paired with that opponent in the round; ``skip``: one of the two cells is
    reported as unreadable already."""
    opp = rd.opponent
    if opp == no:
        findings.add("self", f"round {r + 1}: player {no} is paired with himself", where)
        return
    if other is None:
        findings.add("unknown-opponent", f"round {r + 1}: opponent {opp} is not a player of this "
                     "event", where)
        return
    if skip:
        return  # the unreadable cell is reported already
    want = _PENDING if rd.kind is _PENDING else MIRROR[rd.kind]
    agrees = other.opponent == no and other.kind is want
    if len(claimants) > 1:
        if not agrees:  # the claimant that agrees with the player's own line is not at fault
            others = [x for x in claimants if x != no]
            findings.add("paired-twice", f"round {r + 1}: player {opp} is paired with {no} here and "
                         f"also with {', '.join(map(str, others))}; {opp}'s own line says "
                         f"{describe(other)}", where)
        return
    if not agrees and (other.opponent != no or no < opp):  # each disagreeing pair once
        forfeit = rd.kind.is_forfeit or other.kind.is_forfeit
        rule = "one-sided-forfeit" if forfeit else "mirror"
        findings.add(rule, f"round {r + 1}: player {no} has {describe(rd)}, but player {opp} has "
                     f"{describe(other)} in that round; for this result {opp} should have "
                     f"{_mirror(rd, no)}" + (" (a forfeit is entered on both sides)"
                                             if forfeit else ""), where)
        return
    if rd.colour and other.colour and rd.colour == other.colour and no < opp:
        findings.add("colours", f"round {r + 1}: players {no} and {opp} both have "
                     f"{'White' if rd.colour == 'w' else 'Black'}; one of them had the other colour",
                     where)


def _check_colours_missing(rounds: dict[int, list[Round]], place: Place, findings: Findings) -> None:
    """One warning for all games over the board without a colour (BPG and BWG skip them)."""
    missing = [(no, r + 1) for no, rs in rounds.items() for r, rd in enumerate(rs)
               if rd.kind.is_game and rd.colour is None]
    if missing:
        no, r = missing[0]
        findings.add("no-colour", f"{len(missing)} game(s) over the board have no colour, the first in round "
                     f"{r} of player {no}: BPG and BWG cannot count them (write e.g. 12w1)", place(no, r))


def _check_player(no: int, rs: list[Round], place: Place, findings: Findings) -> None:
    pabs = [r + 1 for r, rd in enumerate(rs) if rd.kind is Kind.PAB]
    if len(pabs) > 1:
        findings.add("pab-twice", f"player {no} has a pairing-allocated bye in rounds "
                     f"{', '.join(map(str, pabs))}; a player may receive it once (C.04)",
                     place(no, pabs[1]))
    withdrawn = next((r for r, rd in enumerate(rs) if rd.kind is Kind.WITHDRAWN), None)
    if withdrawn is not None:
        for r in range(withdrawn + 1, len(rs)):
            rd = rs[r]
            if rd.kind not in _UNPLAYED_AFTER_WITHDRAWAL or rd.opponent is not None:
                findings.add("after-withdrawal", f"player {no} withdrew in round {withdrawn + 1} (WD), "
                             f"so round {r + 1} must stay unplayed (WD, - or Z), not "
                             f"'{format_cell(rd)}'", place(no, r + 1))


def _check_repeats(rounds: dict[int, list[Round]], place: Place, findings: Findings) -> None:
    """Warn when two players met more than once, unless the earlier meeting was a forfeit (they
    may be paired again then)."""
    met: dict[tuple[int, int], int] = {}
    for no, rs in rounds.items():
        for r, rd in enumerate(rs):
            opp = rd.opponent
            if opp is None or opp == no or opp not in rounds or rd.kind is _PENDING or no > opp:
                continue
            key = (no, opp)
            if key in met and not rounds[no][met[key]].kind.is_forfeit:
                findings.add("repeat", f"players {no} and {opp} meet in round {r + 1} and already met in "
                             f"round {met[key] + 1}", place(no, r + 1))
            if not rd.kind.is_forfeit:
                met[key] = r


def _check_f_for_u(rounds: dict[int, list[Round]], place: Place, findings: Findings) -> None:
    """In a round without a ``U``, a lone ``F`` given to the one player left over is most likely
    the pairing-allocated bye written the deprecated way."""
    nrounds = max((len(rs) for rs in rounds.values()), default=0)
    for r in range(nrounds):
        kinds = {no: rs[r].kind for no, rs in rounds.items() if r < len(rs)}
        fulls = [no for no, k in kinds.items() if k is Kind.FULL_BYE]
        if len(fulls) == 1 and Kind.PAB not in kinds.values():
            paired = sum(1 for k in kinds.values() if k.has_opponent)
            if paired and paired % 2 == 0:
                findings.add("f-for-u", f"round {r + 1}: player {fulls[0]}'s F looks like the "
                             "pairing-allocated bye; write U (F is a full-point bye the player did "
                             "not get from the pairing)", place(fulls[0], r + 1))


# ---------------------------------------------------------------- the same checks on arrays

_KI = KIND_INDEX
_PENDING_I = _KI[_PENDING]
#: kind index -> the index of the kind the opponent must have (-1: a round without an opponent)
_WANT = np.array([_KI[_PENDING] if k is _PENDING else _KI[MIRROR[k]] if k in MIRROR else -1
                  for k in KINDS], dtype=np.int8)
_WITH_OPPONENT = np.array([k.has_opponent for k in KINDS])
_IS_FORFEIT = np.array([k.is_forfeit for k in KINDS])
_IS_GAME = np.array([k.is_game for k in KINDS])
_COLOUR_OF = (None, "w", "b")


def reconcile_arrays(nos: np.ndarray, kind: np.ndarray, opp: np.ndarray, colour: np.ndarray, place: Place,
                     findings: Optional[Findings] = None, swiss: bool = True,
                     bad: Optional[np.ndarray] = None) -> np.ndarray:
    """:func:`reconcile` for a reader's arrays (one row per player in file order, one column
    per round): ``nos`` the start numbers, ``kind`` indices into :data:`~xl_tiebreak.model.KINDS`,
    ``opp`` the opponent's start number (0: none), ``colour`` 0 none, 1 White, 2 Black, ``bad``
    the cells already reported as unreadable. Every check runs on whole arrays; only the cells
    found at fault are turned into :class:`Round` objects to word the finding, so the findings,
    their order and their words are those of :func:`reconcile`. Returns ``kind`` with the
    double forfeits marked."""
    findings = findings or strict()
    n, R = kind.shape
    if n == 0 or R == 0:
        return kind
    bad = np.zeros(kind.shape, bool) if bad is None else bad
    size = int(max(nos.max(), opp.max())) + 1
    row_of = np.full(size, -1, np.int64)
    row_of[nos] = np.arange(n)
    me = nos[:, None]
    cols = np.arange(R)[None, :]
    paired = opp > 0
    orow = np.where(paired, row_of[opp], -1)
    known = orow >= 0
    o0 = np.where(known, orow, 0)
    other_opp = opp[o0, cols]
    other_kind = kind[o0, cols]
    fl, dff = _KI[Kind.FORFEIT_LOSS], _KI[Kind.DOUBLE_FORFEIT]
    double = (kind == fl) & known & (other_opp == me) & ((other_kind == fl) | (other_kind == dff))
    if double.any():
        kind = np.where(double, dff, kind).astype(kind.dtype)
        other_kind = kind[o0, cols]
    other_colour = colour[o0, cols]
    agrees = (other_opp == me) & (other_kind == _WANT[kind])
    same_colour = (colour > 0) & (colour == other_colour)
    suspect = paired & ((opp == me) | ~known | ~agrees | same_colour)
    if suspect.any():
        for r in np.flatnonzero(suspect.any(axis=0)).tolist():
            claims = np.bincount(opp[:, r], minlength=size)  # (index 0 counts the unpaired)
            for i in np.flatnonzero(suspect[:, r]).tolist():
                no, o = int(nos[i]), int(opp[i, r])
                other = _round(int(kind[orow[i, r], r]), int(opp[orow[i, r], r]), int(colour[orow[i, r], r])) \
                    if known[i, r] else None
                claimants = [int(x) for x in nos[opp[:, r] == o]] if claims[o] > 1 else ()
                skip = bool(bad[i, r]) or (known[i, r] and bool(bad[orow[i, r], r]))
                _check_pairing(findings, place(no, r + 1), r, no, _round(int(kind[i, r]), o, int(colour[i, r])),
                               other, claimants, skip)
    pab = kind == _KI[Kind.PAB]
    for i in np.flatnonzero(pab.sum(axis=1) > 1).tolist():  # (a TRF line has no withdrawal)
        pabs = (np.flatnonzero(pab[i]) + 1).tolist()
        findings.add("pab-twice", f"player {nos[i]} has a pairing-allocated bye in rounds "
                     f"{', '.join(map(str, pabs))}; a player may receive it once (C.04)",
                     place(int(nos[i]), pabs[1]))
    if swiss:
        _repeats_arrays(nos, kind, opp, known, place, findings, size)
    _f_for_u_arrays(nos, kind, place, findings)
    missing = _IS_GAME[kind] & (colour == 0)
    if missing.any():
        i, r = (int(x) for x in np.argwhere(missing)[0])
        findings.add("no-colour", f"{int(missing.sum())} game(s) over the board have no colour, the first in "
                     f"round {r + 1} of player {nos[i]}: BPG and BWG cannot count them (write e.g. 12w1)",
                     place(int(nos[i]), r + 1))
    return kind


def _round(k: int, opp: int, colour: int) -> Round:
    """A cell of the arrays as a Round (for the words of a finding)."""
    return Round(KINDS[k], opp or None, _COLOUR_OF[colour])


def _repeats_arrays(nos: np.ndarray, kind: np.ndarray, opp: np.ndarray, known: np.ndarray, place: Place,
                    findings: Findings, size: int) -> None:
    """:func:`_check_repeats` on arrays: the pairs that meet more than once, found by sorting."""
    me = nos[:, None]
    counted = known & (opp != me) & (kind != _PENDING_I) & (me < opp)
    rows, rs = np.nonzero(counted)  # row by row, rounds in order: the order of the findings
    if len(rows) == 0:
        return
    keys = nos[rows] * size + opp[rows, rs]
    uniq, counts = np.unique(keys, return_counts=True)
    again = np.isin(keys, uniq[counts > 1])
    met: dict[int, int] = {}
    for i, r, key in zip(rows[again].tolist(), rs[again].tolist(), keys[again].tolist()):
        forfeit = bool(_IS_FORFEIT[kind[i, r]])
        if key in met:
            findings.add("repeat", f"players {nos[i]} and {opp[i, r]} meet in round {r + 1} and already met in "
                         f"round {met[key] + 1}", place(int(nos[i]), r + 1))
        if not forfeit:
            met[key] = r


def _f_for_u_arrays(nos: np.ndarray, kind: np.ndarray, place: Place, findings: Findings) -> None:
    """:func:`_check_f_for_u` on arrays."""
    fulls = kind == _KI[Kind.FULL_BYE]
    lone = (fulls.sum(axis=0) == 1) & ~(kind == _KI[Kind.PAB]).any(axis=0)
    paired = _WITH_OPPONENT[kind].sum(axis=0)
    for r in np.flatnonzero(lone & (paired > 0) & (paired % 2 == 0)).tolist():
        no = int(nos[np.flatnonzero(fulls[:, r])[0]])
        findings.add("f-for-u", f"round {r + 1}: player {no}'s F looks like the pairing-allocated bye; "
                     "write U (F is a full-point bye the player did not get from the pairing)", place(no, r + 1))
