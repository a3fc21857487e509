"""Rule editions: how unplayed rounds count (TIEBREAK_RULES §2, §4, §7.1, §8).

An edition is a value passed to every computation, never a global.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

from .errors import EditionError


@dataclass(frozen=True)
class Edition:
    """One edition of the FIDE tie-break rules.

    ``dummy_cap``: C.07 (2026) Art. 16.4 caps the dummy opponent of an own unplayed round.
    ``virtual_opponent``: the 2012 rule (C.02 §13): own unplayed rounds meet a virtual opponent
    (Svon) and every unplayed round of an opponent counts as a draw.
    ``rr_2026``: C.07 (2026) Art. 15.2 carve-outs for round robins (forfeits unplayed in rating
    tie-breaks, forfeit losses unplayed in Type-B tie-breaks).
    ``aro_cut_unplayed``: the default of the option of that name: ARO/Cn and ARO/Mn count every
    unplayed round among the elements and cut it first (the pre-2024 practice, TIEBREAK_RULES
    §5.11, RULES_NOTES §3.7); False: only real ratings are elements (C.07 2024 Art. 10.1).
    """

    name: str
    title: str
    dummy_cap: bool
    virtual_opponent: bool
    rr_2026: bool
    aro_cut_unplayed: bool = False


FIDE2026 = Edition("fide2026", "FIDE C.07 (2026), in force from 1 Mar 2026", True, False, True)
FIDE2024 = Edition("fide2024", "FIDE C.07 (2024), 1 Apr 2024 - 28 Feb 2026", False, False, False)
FIDE2012 = Edition("fide2012", "FIDE 2012 virtual opponent (C.02 §13), 1 Jul 2012 - 31 Mar 2024",
                   False, True, False, aro_cut_unplayed=True)

EDITIONS = {e.name: e for e in (FIDE2026, FIDE2024, FIDE2012)}
DEFAULT_EDITION = FIDE2026


def get_edition(name: "str | Edition | None") -> Edition:
    """The edition called ``name`` (``fide2026``, ``fide2024``, ``fide2012``); ``None`` = default."""
    if isinstance(name, Edition):
        return name
    if name is None or not str(name).strip():
        return DEFAULT_EDITION
    key = str(name).strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    if key in EDITIONS:
        return EDITIONS[key]
    raise EditionError(f"unknown rule edition {name!r}; use one of {', '.join(EDITIONS)}")


def edition_for_date(iso_date: Optional[str]) -> Edition:
    """The edition in force at an event's start date (ISO ``YYYY-MM-DD``); unknown date: 2026.

    2012 rule until 31 Mar 2024 (the date it ended for all rated events), the 2024 text until
    28 Feb 2026, the 2026 text from 1 Mar 2026 (TIEBREAK_RULES §2).
    """
    if not iso_date:
        return DEFAULT_EDITION
    if iso_date < "2024-04-01":
        return FIDE2012
    if iso_date < "2026-03-01":
        return FIDE2024
    return FIDE2026
