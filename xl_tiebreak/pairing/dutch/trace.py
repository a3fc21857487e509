"""What a Dutch pairing decided and why, recorded by the engine's own steps while it pairs (issue 35
item 5): the brackets in order (C.04.3 art. 3), in each the candidate chosen and the earlier
candidates of art. 4's order passed over with the first criterion (art. 2) they fail, the PAB
(C2, C5, C9) and each board's colour rule (art. 5.2.1-5.2.5).

A :class:`Trace` is filled only when one is handed to :func:`~.engine.pair_dutch`; without one the
engine records nothing. It holds facts, not words: :mod:`xl_tiebreak.pairing.explained` says them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Optional

#: the quality criteria in the order of the failure vector (:mod:`.criteria`)
QUALITY = tuple(f"C{i}" for i in range(6, 22))
#: how many passed-over candidates a bracket keeps (the earliest in art. 4's order)
KEEP = 12


@dataclass(frozen=True)
class PassedOver:
    """A candidate (or, ``partial``, every candidate that starts with these pairs) passed over
    before the chosen one: ``criterion`` is the first it fails where the chosen one does not
    (``C1``, ``C3``, ``forbidden``, ``art. 3.2``, ``C4``, ``C6``..``C21``); ``tie``: it equals the
    chosen one on every criterion and comes later in art. 4's order."""

    pairs: tuple[tuple[int, int], ...]
    criterion: str
    partial: bool = False
    tie: bool = False


@dataclass
class BracketStep:
    """One bracket (art. 3): its score, residents and MDPs (art. 1.3) in art. 1.2 order, the pairs
    chosen (S1 member first), the downfloaters, the chosen candidate's failures (criterion, value:
    only those not zero) and the candidates passed over."""

    score: Fraction
    residents: tuple[int, ...]
    mdps: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...] = ()
    downfloaters: tuple[int, ...] = ()
    failures: tuple[tuple[str, str], ...] = ()
    passed_over: tuple[PassedOver, ...] = ()
    last: bool = False


@dataclass(frozen=True)
class Seat:
    """What art. 5.2 reads of one player of a board: start number, preference (art. 1.7: colour
    ``w``/``b`` or None, strength), colour difference, the colours of the games played (C.04.2
    art. 3.4) and the number art. 5.2.5 reads the parity of."""

    no: int
    colour: Optional[str]
    strength: str
    difference: int
    colours: str
    number: int


@dataclass(frozen=True)
class ColourStep:
    """One board's colours: the article of art. 5.2 that decided (``5.2.2 CD``: two absolute
    preferences, the wider colour difference), the two players as the article read them, the
    higher-ranked first (art. 1.2)."""

    white: int
    black: int
    article: str
    higher: Seat
    lower: Seat


@dataclass
class Trace:
    """A Dutch round's record: the brackets, the PAB and who could have had it (C5's lowest
    score and the eligible players at it), the initial-colour and each board's colour rule."""

    round: int = 0
    initial: str = "w"
    brackets: list[BracketStep] = field(default_factory=list)
    pab: Optional[int] = None
    pab_score: Optional[Fraction] = None
    pab_eligible: tuple[int, ...] = ()
    pab_barred: tuple[int, ...] = ()
    colours: list[ColourStep] = field(default_factory=list)


class Recorder:
    """A bracket search's notes: every candidate it judged and every branch it cut, numbered in
    the order met; :meth:`passed_over` keeps those met before the answer of the last phase."""

    def __init__(self) -> None:
        self.seen: list[tuple[int, tuple[tuple[int, int], ...], Optional[tuple[object, ...]], str, bool]] = []
        self.accepted = -1
        self.count = 0

    def phase(self) -> None:
        """A new phase of the search: what the last one met does not explain its answer."""
        self.seen.clear()
        self.accepted = -1
        self.count = 0

    def note(self, pairs: list[tuple[int, int]], vector: Optional[tuple[object, ...]], why: str = "",
             partial: bool = False) -> None:
        """A candidate (or branch) judged: its vector (a branch: its lower bound), or ``why`` an
        absolute criterion refused it."""
        self.count += 1
        if len(self.seen) < 4 * KEEP:
            self.seen.append((self.count, tuple(pairs), vector, why, partial))

    def accept(self) -> None:
        """The candidate just judged is the best so far."""
        self.accepted = self.count

    def passed_over(self, chosen: tuple[object, ...]) -> tuple[PassedOver, ...]:
        """The candidates met before the answer, each with the first criterion it fails."""
        out: list[PassedOver] = []
        said: set[tuple[tuple[tuple[int, int], ...], str]] = set()
        for n, pairs, vector, why, partial in self.seen:
            if n >= self.accepted or len(out) >= KEEP:
                break
            if (pairs, why) in said and vector is None:
                continue  # the same pair refused again, under another arrangement of art. 4
            said.add((pairs, why))
            if vector is None:
                out.append(PassedOver(pairs, why, partial))
                continue
            at = next((i for i, (a, b) in enumerate(zip(vector, chosen)) if a != b), None)
            if at is None:
                out.append(PassedOver(pairs, why or QUALITY[-1], partial, tie=not why))
            else:
                out.append(PassedOver(pairs, why or QUALITY[at], partial))
        return tuple(out)


def failures(vector: tuple[object, ...]) -> tuple[tuple[str, str], ...]:
    """The chosen candidate's failure values that are not zero, by criterion."""
    out = []
    for name, v in zip(QUALITY, vector):
        if name == "C8":
            floated = v[0] if isinstance(v, tuple) else 0
            if floated:
                out.append((name, f"the next bracket would float {floated}"))
            continue
        if v in (0, ()):
            continue
        text = ", ".join(_num(x) for x in v) if isinstance(v, tuple) else str(v)
        out.append((name, text))
    return tuple(out)


def _num(x: object) -> str:
    if isinstance(x, Fraction):
        return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"
    return str(x)
