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
              swiss: bool = True, bad: frozenset[tuple[int, int]] = frozenset()) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Mark double forfeits and check the pairings of players' Round lists (a crosstable's);
    ``place(no, round)`` names a player's round (1-based). ``bad``: (player, round) cells already
    reported as unreadable, which are not reported again through their opponents. The checks are
    those of :func:`reconcile_arrays`, with the rounds after a withdrawal checked too. Works in
    place, and returns the rounds as arrays (``kind``, ``opp``, ``colour`` of
    :func:`reconcile_arrays`, one row per player in the order of ``rounds``, double forfeits marked;
    rows shorter than the longest are padded with rounds not played)."""
    nos = list(rounds)
    if not nos:
        empty = np.zeros((0, 0), np.int8)
        return empty, empty.astype(np.int64), empty
    width = max(len(rs) for rs in rounds.values())
    pad = [_NO_ROUND] * width
    cells = [(list(rs) + pad[len(rs):]) if len(rs) < width else rs for rs in rounds.values()]
    kind = np.array([[_KI[rd.kind] for rd in rs] for rs in cells], dtype=np.int8).reshape(len(nos), width)
    opps = [[rd.opponent or 0 for rd in rs] for rs in cells]
    numbers = nos + [max((max(o) for o in opps if o), default=0)]
    wide = max(numbers) >= 1 << 62 or min(numbers) <= -(1 << 62)  # (exact Python integers then)
    opp = np.array(opps, dtype=object if wide else np.int64).reshape(len(nos), width)
    colour = np.array([[_COLOUR_INDEX[rd.colour] for rd in rs] for rs in cells],
                      dtype=np.int8).reshape(len(nos), width)
    flagged = np.zeros(kind.shape, bool)
    row = {no: i for i, no in enumerate(nos)}
    for no, r in bad:
        if no in row and 1 <= r <= width:
            flagged[row[no], r - 1] = True
    numbered = np.array(nos, dtype=object if wide else np.int64)
    marked = reconcile_arrays(numbered, kind, opp, colour, place, findings, swiss=swiss, bad=flagged, withdrawals=True)
    for i, r in np.argwhere(marked != kind).tolist():  # the double forfeits
        rs = rounds[nos[i]]
        rd = rs[r]
        rs[r] = Round(Kind.DOUBLE_FORFEIT, rd.opponent, rd.colour, rd.points)
    return marked, opp, colour


def _check_pairing(findings: Findings, where: str, r: int, no: int, rd: Round, other: Optional[Round],
                   claimants: "list[int] | tuple[int, ...]", skip: bool) -> None:
    """Player ``no``'s pairing in round ``r + 1`` (0-based ``r``) against the opponent's own line.
    ``other``: the opponent's round, ``None`` when the opponent is not a player; ``claimants``:
    every player paired with that opponent in the round; ``skip``: one of the two cells is
    reported as unreadable already."""
    opp = rd.opponent
    assert opp is not None  # (checked are only rounds with an opponent)
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


# ---------------------------------------------------------------- the checks, on arrays

_KI = KIND_INDEX
_PENDING_I = _KI[_PENDING]
_NO_ROUND = Round(Kind.NOT_PLAYED)
_COLOUR_INDEX = {None: 0, "w": 1, "b": 2}
#: kind index -> the index of the kind the opponent must have (-1: a round without an opponent)
_WANT = np.array([_KI[_PENDING] if k is _PENDING else _KI[MIRROR[k]] if k in MIRROR else -1
                  for k in KINDS], dtype=np.int8)
#: over kind indices: a game or a forfeit; something entered (``PAIRED[kind]`` of a kind-index array)
PAIRED = np.array([k.has_opponent for k in KINDS])
ENTERED = np.array([k.is_entered for k in KINDS])
_IS_FORFEIT = np.array([k.is_forfeit for k in KINDS])
_IS_GAME = np.array([k.is_game for k in KINDS])
_AFTER_WITHDRAWAL = np.array([k in _UNPLAYED_AFTER_WITHDRAWAL for k in KINDS])
_COLOUR_OF = (None, "w", "b")
_DENSE = 1 << 20  # start numbers up to this index a table directly; larger ones are numbered anew


def reconcile_arrays(nos: np.ndarray, kind: np.ndarray, opp: np.ndarray, colour: np.ndarray, place: Place,
                     findings: Optional[Findings] = None, swiss: bool = True,
                     bad: Optional[np.ndarray] = None, withdrawals: bool = False) -> np.ndarray:
    """Mark double forfeits and check the pairings of a reader's arrays (one row per player in
    file order, one column per round): ``nos`` the start numbers, ``kind`` indices into
    :data:`~xl_tiebreak.model.KINDS`, ``opp`` the opponent's start number (0: none), ``colour``
    0 none, 1 White, 2 Black, ``bad`` the cells already reported as unreadable; ``withdrawals``:
    check that the rounds after a withdrawal stay unplayed (a crosstable's; a TRF line has no
    withdrawal). Every check runs on whole arrays; only the cells found at fault are turned into
    :class:`Round` objects to word the finding. Findings come round by round, then player by
    player, then repeated pairings, lone F, missing colours. Returns ``kind`` with the double
    forfeits marked."""
    findings = findings or strict()
    n, R = kind.shape
    if n == 0 or R == 0:
        return kind
    bad = np.zeros(kind.shape, bool) if bad is None else bad
    top = int(max(nos.max(), opp.max()))
    if 0 <= int(nos.min()) and top < _DENSE:  # the usual start numbers: each indexes the tables itself
        size, key_nos, key_opp = top + 1, nos, opp
    else:  # any numbers: renumbered in their order (0 stays 0, "no opponent")
        numbers = np.unique(np.concatenate((np.zeros(1, nos.dtype), nos, opp.ravel())))
        size, key_nos, key_opp = len(numbers), np.searchsorted(numbers, nos), np.searchsorted(numbers, opp)
    row_of = np.full(size, -1, np.int64)
    row_of[key_nos] = np.arange(n)
    me = nos[:, None]
    cols = np.arange(R)[None, :]
    paired = opp != 0
    orow = np.where(paired, row_of[key_opp], -1)
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
            claims = np.bincount(key_opp[:, r], minlength=size)  # (index 0 counts the unpaired)
            for i in np.flatnonzero(suspect[:, r]).tolist():
                no, o = int(nos[i]), int(opp[i, r])
                other = _round(int(kind[orow[i, r], r]), int(opp[orow[i, r], r]), int(colour[orow[i, r], r])) \
                    if known[i, r] else None
                claimants = [int(x) for x in nos[opp[:, r] == o]] if claims[key_opp[i, r]] > 1 else ()
                skip = bool(bad[i, r]) or (known[i, r] and bool(bad[orow[i, r], r]))
                _check_pairing(findings, place(no, r + 1), r, no, _round(int(kind[i, r]), o, int(colour[i, r])),
                               other, claimants, skip)
    _players_arrays(nos, kind, opp, colour, place, findings, withdrawals)
    if swiss:
        _repeats_arrays(nos, kind, opp, known, place, findings, key_nos, key_opp, size)
    _f_for_u_arrays(nos, kind, place, findings)
    missing = _IS_GAME[kind] & (colour == 0)
    if missing.any():
        i, r = (int(x) for x in np.argwhere(missing)[0])
        findings.add("no-colour", f"{int(missing.sum())} game(s) over the board have no colour, the first in "
                     f"round {r + 1} of player {nos[i]}: BPG and BWG cannot count them (write e.g. 12w1)",
                     place(int(nos[i]), r + 1))
    return kind


def _players_arrays(nos: np.ndarray, kind: np.ndarray, opp: np.ndarray, colour: np.ndarray, place: Place,
                    findings: Findings, withdrawals: bool) -> None:
    """Player by player: a second pairing-allocated bye (C.04), and (``withdrawals``) a round
    after the withdrawal that is not left unplayed."""
    pab = kind == _KI[Kind.PAB]
    twice = pab.sum(axis=1) > 1
    late = np.zeros(kind.shape, bool)
    if withdrawals:
        gone = kind == _KI[Kind.WITHDRAWN]
        first = np.where(gone.any(axis=1), gone.argmax(axis=1), kind.shape[1])
        late = (np.arange(kind.shape[1])[None, :] > first[:, None]) & (~_AFTER_WITHDRAWAL[kind] | (opp != 0))
    for i in np.flatnonzero(twice | late.any(axis=1)).tolist():
        no = int(nos[i])
        if twice[i]:
            pabs = (np.flatnonzero(pab[i]) + 1).tolist()
            findings.add("pab-twice", f"player {no} has a pairing-allocated bye in rounds "
                         f"{', '.join(map(str, pabs))}; a player may receive it once (C.04)", place(no, pabs[1]))
        for r in np.flatnonzero(late[i]).tolist():
            findings.add("after-withdrawal", f"player {no} withdrew in round {int(first[i]) + 1} (WD), "
                         f"so round {r + 1} must stay unplayed (WD, - or Z), not "
                         f"'{format_cell(_round(int(kind[i, r]), int(opp[i, r]), int(colour[i, r])))}'",
                         place(no, r + 1))


def _round(k: int, opp: int, colour: int) -> Round:
    """A cell of the arrays as a Round (for the words of a finding)."""
    return Round(KINDS[k], opp or None, _COLOUR_OF[colour])


def _repeats_arrays(nos: np.ndarray, kind: np.ndarray, opp: np.ndarray, known: np.ndarray, place: Place,
                    findings: Findings, key_nos: np.ndarray, key_opp: np.ndarray, size: int) -> None:
    """Two players who met more than once (a warning), unless the earlier meeting was a forfeit
    (they may be paired again then); the pairs are found by sorting."""
    me = nos[:, None]
    counted = known & (opp != me) & (kind != _PENDING_I) & (me < opp)
    rows, rs = np.nonzero(counted)  # row by row, rounds in order: the order of the findings
    if len(rows) == 0:
        return
    keys = key_nos[rows] * size + key_opp[rows, rs]
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
    """In a round without a ``U``, a lone ``F`` given to the one player left over is most likely
    the pairing-allocated bye written the deprecated way (a warning)."""
    fulls = kind == _KI[Kind.FULL_BYE]
    lone = (fulls.sum(axis=0) == 1) & ~(kind == _KI[Kind.PAB]).any(axis=0)
    paired = PAIRED[kind].sum(axis=0)
    for r in np.flatnonzero(lone & (paired > 0) & (paired % 2 == 0)).tolist():
        no = int(nos[np.flatnonzero(fulls[:, r])[0]])
        findings.add("f-for-u", f"round {r + 1}: player {no}'s F looks like the pairing-allocated bye; "
                     "write U (F is a full-point bye the player did not get from the pairing)", place(no, r + 1))
