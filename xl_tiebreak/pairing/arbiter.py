"""The arbiter's choices a pairing takes besides the results: forbidden pairs and the initial colour.

Forbidden pairs (players of one family or club the arbiter keeps apart; C.04.1 leaves the list to
the event's rules) come from TRF-26 record 260 and from the command line (``--forbid 3-7,5-9``).
Record 260: the first round at columns 5-7, the last at 9-11 (blank or 0: the first only), then
start numbers at 13-16, 18-21, ...; every two of them may not meet in those rounds. The initial
colour (C.04.3 art. 5.1, drawn by lot before round 1) is TRF record 152 or ``--initial-colour``.
"""

from __future__ import annotations

from itertools import combinations
from typing import Optional

from ..model import Tournament
from .model import PairingError

#: ``--initial-colour`` words -> the Request option ``initial-colour``
COLOURS = {"white": "w", "black": "b", "w": "w", "b": "b"}


def parse_forbid(text: str, what: str = "--forbid", example: str = "3-7,5-9") -> tuple[frozenset[int], ...]:
    """``--forbid 3-7,5-9``: each item two start numbers joined by ``-``, the items separated by
    ``,`` or ``;`` (a workbook's cell, Settings "Forbidden pairs"), an empty item skipped (``3-7;``);
    ``what`` and ``example`` name the source in the error.

    >>> [sorted(pair) for pair in parse_forbid("3-7, 9-5; 2-4;")]
    [[3, 7], [5, 9], [2, 4]]
    """
    out = []
    for item in (x.strip() for x in text.replace(";", ",").split(",") if x.strip()):
        parts = [x.strip() for x in item.split("-")]
        if len(parts) != 2 or not all(x.isdigit() for x in parts) or parts[0] == parts[1]:
            raise PairingError(f"{what} {text!r}: {item!r} is not a pair of start numbers; write e.g. {example}")
        out.append(frozenset(int(x) for x in parts))
    return tuple(out)


def trf_forbidden(t: Tournament, rnd: int) -> tuple[frozenset[int], ...]:
    """The pairs a TRF's 260 records forbid in round ``rnd`` (every two start numbers of a record
    whose rounds include ``rnd``); a record that is not a 260 record as described raises an error
    naming it."""
    out: list[frozenset[int]] = []
    for line in t.header:
        if line[:3] != "260":
            continue
        first, last = _number(line[4:7]), _number(line[8:11])
        nos = [_number(line[i:i + 4]) for i in range(12, len(line.rstrip()), 5)]
        if not first or last is None or not all(nos) or len(nos) < 2:
            raise PairingError(f"record {line.rstrip()!r}: a 260 record is the first round (columns 5-7), the last "
                               "(9-11) and two or more start numbers (13-16, 18-21, ...)")
        if first <= rnd <= (last or first):
            out.extend(frozenset(p) for p in combinations(sorted({n for n in nos if n}), 2))
    return tuple(out)


def _number(text: str) -> Optional[int]:
    """A number field: its value, 0 when blank, ``None`` when not a number."""
    text = text.strip()
    return int(text) if text.isdigit() else (0 if not text else None)


def checked_forbidden(t: Tournament, pairs: tuple[frozenset[int], ...]) -> tuple[frozenset[int], ...]:
    """``pairs`` with each start number checked against the event's players."""
    known = {p.no for p in t.players}
    for pair in pairs:
        unknown = sorted(pair - known)
        if unknown:
            raise PairingError(f"forbidden pair {'-'.join(map(str, sorted(pair)))}: no player has start number "
                               f"{unknown[0]}")
    return pairs


def colour_option(word: Optional[str]) -> tuple[tuple[str, str], ...]:
    """``--initial-colour white|black`` as the Request option (``()`` when not given: TRF 152, else
    round 1's colour of the highest-ranked player paired, else White)."""
    if word is None:
        return ()
    colour = COLOURS.get(word.strip().lower())
    if colour is None:
        raise PairingError(f"--initial-colour {word!r}: write white or black")
    return (("initial-colour", colour),)
