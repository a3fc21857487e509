"""Which FIDE rating rules an event's games are rated under, and each player's K factor.

The rules follow the event's start date and its rate of play (RATING_RULES §1):

* **B.02 2022** (events before 1 March 2024): a rating gap over 400 counts as 400 in one game
  only per event, the one with the largest gap ("only one upgrade", B.02 2022 art. 8.3.1, as
  RATING_RULES §1 reads it). Events before 1 January 2022 are rated under older texts, which
  this module does not model: the 2022 rules are applied and the figures say so.
* **B.02 2024** (from 1 March 2024): every gap over 400 counts as 400 (art. 8.3.1).
* **1 October 2025 amendment** (standard events from that date): a player rated 2650 or more
  uses the real gap; his opponents' games are still capped (art. 8.3.1).
* **Rapid and blitz** (RB 7.3.1): the cap for everyone, no 2650 exemption; from 1 December 2024
  a game is not rated when the gap is 600 or more and one player is rated above 2600.

The rate of play comes from TRF-26 record 222 (an encoded time control such as ``5400+30``),
else it is given, else standard is assumed and the figures say so.

K (B.02 8.3.3, RB 7.3.3): given per player (a workbook's K column; no TRF field carries it, RATING_RULES §3), else by
the rules from what the file knows (rating, birth date), marked as assumed where the file cannot
tell (games played so far, ratings reached before); then the 700 cap over this event's games.

>>> rating_rules("2025-11-02").cap_exempt_from, rating_rules("2025-11-02", "rapid").cap_exempt_from
(2650, None)
>>> rating_rules("2023-05-01").one_cap, rating_rules("2024-03-01").one_cap
(True, False)
>>> rate_of_play_from(("222 5400+30",)), rate_of_play_from(("222 900+10",)), rate_of_play_from(("222 180+2",))
('standard', 'rapid', 'blitz')
>>> k_factor(2450, "", "2026-04-10").value, k_factor(1900, "2012/05/01", "2026-04-10").value
(10, 40)
>>> k_factor(2000, "", "2026-04-10", games=36).value  # 20, capped by 700 / 36
19
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Sequence

from .dates import read_birth
from .errors import InputError

#: the rates of play FIDE rates separately (B.02 1.1, RB 1.1)
RATES = ("standard", "rapid", "blitz")

#: the days the rules changed (RATING_RULES §1)
B02_2022 = "2022-01-01"
B02_2024 = "2024-03-01"
AMENDMENT_2025 = "2025-10-01"
RB_GAP_600 = "2024-12-01"

#: the largest gap counted (B.02 8.3.1), the rating above which the 2025 amendment lifts it
CAP, CAP_EXEMPT = 400, 2650
#: rapid/blitz (RB 7.3.1, from 1 Dec 2024): a gap of at least GAP_600 with a player above GAP_RATING is not rated
GAP_600, GAP_RATING = 600, 2600
#: K's 700 cap (B.02 8.3.3): n x K may not exceed it
K_CAP = 700


@dataclass(frozen=True)
class RatingRules:
    """The rules an event's games are rated under.

    ``edition``: ``"B.02 2022"`` or ``"B.02 2024"``; ``rate``: standard, rapid or blitz;
    ``one_cap``: only the game with the largest gap is capped at 400 (2022); ``cap_exempt_from``:
    the own rating from which no cap applies (2650 for standard events from 1 Oct 2025), else
    None; ``gap_600``: rapid/blitz games with a gap of 600 or more and a player above 2600 are
    not rated; ``notes``: what was assumed (no start date, no time control, an older event).
    """

    edition: str
    rate: str
    one_cap: bool
    cap_exempt_from: Optional[int]
    gap_600: bool
    notes: tuple[str, ...] = ()

    @property
    def title(self) -> str:
        """The rules in words, e.g. ``FIDE Rating Regulations B.02 2024 with the 1 Oct 2025
        amendment, standard``."""
        amended = " with the 1 Oct 2025 amendment" if self.cap_exempt_from else ""
        rb = "" if self.rate == "standard" else " (Rapid and Blitz Rating Regulations)"
        return f"FIDE Rating Regulations {self.edition}{amended}{rb}, {self.rate}"

    def as_dict(self) -> dict[str, object]:
        return {"edition": self.edition, "rate": self.rate, "title": self.title, "notes": list(self.notes)}


def rating_rules(start_date: Optional[str], rate: Optional[str] = None, rate_known: bool = True) -> RatingRules:
    """The rules for an event starting on ``start_date`` (ISO ``YYYY-MM-DD``; None: unknown, the
    rules in force now, said in the notes) at the rate of play ``rate`` (None: standard, assumed
    and said; ``rate_known`` False: ``rate`` was assumed by the caller, said too)."""
    notes = []
    if rate is None:
        rate, rate_known = "standard", False
    if rate not in RATES:
        raise InputError(f"rate of play {rate!r}: expected one of {', '.join(RATES)}")
    if not rate_known:
        notes.append(f"rate of play {rate} assumed: the event's file has no time control that says (TRF record "
                     "222, a workbook's Settings row Rate of play; on the command line, --rate-of-play states it)")
    day = start_date or "9999-12-31"
    if start_date is None:
        notes.append("no start date: the rules in force now are applied (B.02 2024 with the 1 Oct 2025 "
                     "amendment)")
    elif day < B02_2022:
        notes.append(f"an event of {start_date}, before the 2022 rules: rated here under B.02 2022 "
                     "(older editions are not modelled)")
    old = day < B02_2024
    standard = rate == "standard"
    return RatingRules("B.02 2022" if old else "B.02 2024", rate, one_cap=old,
                       cap_exempt_from=CAP_EXEMPT if standard and day >= AMENDMENT_2025 else None,
                       gap_600=not standard and day >= RB_GAP_600, notes=tuple(notes))


#: one period of a TRF-26 encoded time control: [moves/]seconds[+increment]
_PERIOD = re.compile(r"(?:(\d+)/)?(\d+)(?:\+(\d+))?", re.ASCII)


def seconds_for_60_moves(code: str) -> Optional[int]:
    """The time a player has for 60 moves under a TRF-26 encoded time control (record 222:
    ``5400+30``, ``40/6000+30:900+30``): the periods' base times plus 60 times the first
    period's increment, the measure of B.02 1.1 / RB 1.1; None when ``code`` is not of that form
    (an Armageddon ``W300-B240`` included)."""
    periods = code.strip().split(":")
    got = [_PERIOD.fullmatch(p.strip()) for p in periods]
    if not periods or any(m is None for m in got):
        return None
    matches = [m for m in got if m is not None]
    return sum(int(m.group(2)) for m in matches) + 60 * int(matches[0].group(3) or 0)


def rate_named(value: object, where: str = "rate of play") -> Optional[str]:
    """A rate of play as a person writes it (a workbook's Settings cell, a function's argument):
    ``standard``, ``rapid`` or ``blitz`` in any case; None when empty (then the file's record 222,
    else standard, assumed); anything else an error naming ``where``.

    >>> rate_named(" Rapid "), rate_named(None)
    ('rapid', None)
    """
    text = "" if value is None else str(value).strip().casefold()
    if not text:
        return None
    if text not in RATES:
        shown = str(value).strip()
        raise InputError(f"{shown[:40]!r} is not a rate of play; write standard, rapid or blitz (empty: "
                         "standard, assumed)", where)
    return text


def rate_from_seconds(seconds: int) -> str:
    """Standard at 60 minutes or more for 60 moves, blitz at 10 minutes or less, rapid between
    (B.02 1.1, RB 1.1-1.2)."""
    return "standard" if seconds >= 3600 else "blitz" if seconds <= 600 else "rapid"


def rate_of_play_from(header: Sequence[str]) -> Optional[str]:
    """The rate of play a TRF's record 222 states (``header``: the records kept verbatim), or None
    when it has none that reads."""
    for line in header:
        if line[:3] == "222":
            seconds = seconds_for_60_moves(line[4:])
            if seconds is not None:
                return rate_from_seconds(seconds)
    return None


@dataclass(frozen=True)
class KFactor:
    """A player's K (B.02 8.3.3): ``value`` the K used, ``base`` before the 700 cap, ``given``:
    from the caller (the list's K), ``assumed``: chosen by the rules from what the file knows and
    could be another (the player's games so far, ratings reached before), ``why`` in words."""

    value: int
    base: int
    given: bool
    assumed: bool
    why: str

    def as_dict(self) -> dict[str, object]:
        return {"k": self.value, "base": self.base, "given": self.given, "assumed": self.assumed, "why": self.why}


def check_k(k: int, where: str = "K") -> int:
    """A K given by the user: a whole number from 1 to 40 (FIDE's are 40, 20 and 10, lower once
    capped by 700 / n), else an error naming ``where``."""
    if isinstance(k, bool) or not isinstance(k, int) or not 1 <= k <= 40:
        raise InputError(f"{where}: {k!r} is not a K factor; expected a whole number from 1 to 40 (FIDE's: 40, "
                         "20, 10, or lower once capped by 700 / games)")
    return k


def junior_in(birth: str, start_date: Optional[str]) -> Optional[bool]:
    """Whether a player born ``birth`` (TRF's ``YYYY/MM/DD``, a year alone ...) is within the year
    of the 18th birthday at ``start_date`` (B.02 8.3.3); None when either is unknown."""
    span, _ = read_birth(birth)
    if span is None or not start_date:
        return None
    return int(start_date[:4]) <= span[0].year + 18


def k_factor(rating: Optional[int], birth: str, start_date: Optional[str], *, given: Optional[int] = None,
             games: int = 0) -> KFactor:
    """The K of a player rated ``rating`` born ``birth`` in an event starting ``start_date``, with
    ``games`` rated games in it (B.02 8.3.3; RATING_RULES §3's order): ``given`` as given; else
    10 at 2400 or more; 40 for a junior rated under 2300 (assumed: never 2300 before); else 20
    (assumed: 40 for fewer than 30 rated games so far, 10 once 2400 was reached). Then the 700
    cap: K x games over 700 makes K the largest whole number with K x games <= 700 (``games``
    counts this event only; the month's other events may lower K further)."""
    if given is not None:
        base, assumed, why = check_k(given), False, "given"
    elif rating is not None and rating >= 2400:
        base, assumed, why = 10, False, "rated 2400 or more (B.02 8.3.3)"
    elif rating is not None and rating < 2300 and junior_in(birth, start_date):
        base, assumed, why = 40, True, (f"a junior (born {birth.strip()[:4]}) rated under 2300, K 40 to the end "
                                        "of the year of the 18th birthday (B.02 8.3.3); assumed: never rated "
                                        "2300 before")
    else:
        base, assumed = 20, True
        why = ("rated under 2400 (B.02 8.3.3); assumed: at least 30 rated games before (else 40) and never "
               "rated 2400 (else 10)")
        if not (birth or "").strip() or not start_date:
            why += "; no birth date or start date to tell a junior (40)"
    value = base
    if games and games * base > K_CAP:
        value = K_CAP // games
        why += f"; {games} rated games x {base} > {K_CAP}: K = {K_CAP} // {games} = {value} (B.02 8.3.3)"
    return KFactor(value, base, given is not None, assumed, why)


__all__ = ["RATES", "RatingRules", "rating_rules", "rate_of_play_from", "rate_named", "seconds_for_60_moves",
           "rate_from_seconds", "KFactor", "k_factor", "check_k", "junior_in"]
