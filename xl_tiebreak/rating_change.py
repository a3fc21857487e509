"""A player's FIDE rating figures in an event: each game's expected score and rating change, the
total change, K, and the performance rating Rp (FIDE Rating Regulations B.02; RATING_RULES.md).

* **Rated games** (B.02 5.1, 8.3.1): games played over the board against a rated opponent.
  Forfeits, byes, absences, games of less than one move (TRF ``W``/``D``/``L``) and games not
  played yet are not rated; nor, for a rated player, a game against an unrated opponent; nor in
  rapid and blitz from 1 Dec 2024 a game with a gap of 600 or more and a player above 2600
  (RB 7.3.1). Each game that is not rated says why.
* **Expected score** PD (8.1.2, the one table of :mod:`xl_tiebreak.tiebreaks.rating`): of the
  gap D = own rating - opponent's, capped at 400 as the rules of the event's date and rate say
  (:mod:`xl_tiebreak.rating_rules`). **Change** (8.3.2): per game K x (s - PD), s = 1, ½, 0
  whatever the event's scoring; the event's change K x (W - We), exact, never rounded per game;
  shown to 0.1 and, rounded to a whole number with .5 away from zero (8.3.4), as the estimate of
  the change (FIDE rounds the rating period's total, not each event's).
* **Rp** (B.01 1.4.7-1.4.9, the norm formula, as C.07 TPR): Ra, the mean rating of the rated
  opponents in the rated games, rounded .5 up; p = W / n to the hundredth, .005 up; Rp = Ra +
  dp(p) (8.1.1; ±800 at 100 % / 0 %). An unrated player gets Rp and no change (his first rating,
  8.2, needs games this page cannot see).

>>> from xl_tiebreak import demo_tournament
>>> fig = player_rating(demo_tournament(), 1)
>>> fig.k.value, fig.rated_games, fig.rp is not None
(20, 4, True)
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Mapping, Optional, Sequence

from .errors import InputError
from .model import Kind, Player, Tournament
from .rating_rules import (CAP, GAP_600, GAP_RATING, KFactor, RatingRules, k_factor, rate_of_play_from,
                           rating_rules)
from .tiebreaks.rating import PD, dp

#: a round's kind -> why it is not rated (B.02 5.1), for the kinds that are no rated game
_NOT_A_GAME = {
    Kind.SHORT_WIN: "less than one move played (TRF W): not rated (B.02 5.1)",
    Kind.SHORT_DRAW: "less than one move played (TRF D): not rated (B.02 5.1)",
    Kind.SHORT_LOSS: "less than one move played (TRF L): not rated (B.02 5.1)",
    Kind.FORFEIT_WIN: "forfeit win: not played, not rated (B.02 5.1)",
    Kind.FORFEIT_LOSS: "forfeit loss: not played, not rated (B.02 5.1)",
    Kind.DOUBLE_FORFEIT: "double forfeit: not played, not rated (B.02 5.1)",
    Kind.PAB: "pairing-allocated bye: no game (B.02 5.1)",
    Kind.FULL_BYE: "full-point bye: no game (B.02 5.1)",
    Kind.HALF_BYE: "half-point bye: no game (B.02 5.1)",
    Kind.ZERO_BYE: "zero-point bye: no game (B.02 5.1)",
    Kind.ABSENT: "absent: no game",
    Kind.WITHDRAWN: "withdrawn: no game",
    Kind.NOT_PLAYED: "not played yet",
}
#: the score of a game on FIDE's 1 / ½ / 0 scale, in half points (B.02 8.3.2 b)
_HALVES = {Kind.WIN: 2, Kind.DRAW: 1, Kind.LOSS: 0}


def half_away(x: Fraction, unit: Fraction = Fraction(1)) -> Fraction:
    """``x`` rounded to a multiple of ``unit``, a tie away from zero (B.02 8.3.4: FIDE published
    -2.50 as -3; Python's round() would give -2).

    >>> half_away(Fraction(-5, 2)), half_away(Fraction(51, 5)), half_away(Fraction(-1425, 1000), Fraction(1, 10))
    (Fraction(-3, 1), Fraction(10, 1), Fraction(-7, 5))
    """
    steps = abs(x) / unit
    whole = (2 * steps.numerator + steps.denominator) // (2 * steps.denominator)
    return (whole if x >= 0 else -whole) * unit


def half_up(num: int, den: int) -> int:
    """``num / den`` to the nearest whole number, .5 up (B.01 1.4.7 b, the note under 1.4.9)."""
    return (2 * num + den) // (2 * den)


@dataclass(frozen=True, slots=True)
class GameFigures:
    """One round of the player: the opponent (start number, rating; None for a bye), the colour
    (``w``, ``b``, None), the kind, the score in half points on the 1/½/0 scale (``halves``;
    None when no game was played), and, for a rated game, the gap ``diff`` (own - opponent),
    the gap counted (``counted``: capped at ±400 by 8.3.1, or as it is), the expected score PD
    in hundredths (``pd``) and K x (s - PD) in hundredths (``change_h``); as exact values
    :attr:`score`, :attr:`expected`, :attr:`delta` = s - PD and :attr:`change`. ``for_rp``: the
    game counts in Rp (a rated game; an unrated player's game against a rated opponent).
    ``why``: why it is not rated, or what was done to the gap."""

    round: int
    opponent: Optional[int]
    opponent_rating: Optional[int]
    colour: Optional[str]
    kind: Kind
    halves: Optional[int]
    rated: bool
    for_rp: bool
    why: str = ""
    diff: Optional[int] = None
    counted: Optional[int] = None
    pd: Optional[int] = None
    change_h: Optional[int] = None

    @property
    def score(self) -> Optional[Fraction]:
        """1, ½ or 0 (B.02 8.3.2 b), whatever the event's scoring; None without a game."""
        return None if self.halves is None else Fraction(self.halves, 2)

    @property
    def expected(self) -> Optional[Fraction]:
        """PD, the expected score (8.1.2)."""
        return None if self.pd is None else Fraction(self.pd, 100)

    @property
    def delta(self) -> Optional[Fraction]:
        """s - PD (8.3.2 b)."""
        return None if self.pd is None or self.halves is None else Fraction(50 * self.halves - self.pd, 100)

    @property
    def change(self) -> Optional[Fraction]:
        """K x (s - PD), exact (never rounded per game, 8.3.4)."""
        return None if self.change_h is None else Fraction(self.change_h, 100)

    def as_dict(self) -> dict[str, object]:
        return {"round": self.round, "opponent": self.opponent, "opponent_rating": self.opponent_rating,
                "colour": self.colour, "kind": self.kind.value, "score": _num(self.score), "rated": self.rated,
                "for_rp": self.for_rp, "diff": self.diff, "counted_diff": self.counted,
                "expected": _num(self.expected), "delta": _num(self.delta), "change": _num(self.change),
                "why": self.why}


def _num(v: Optional[Fraction]) -> Optional[float]:
    """An exact value of at most a few decimals as a JSON number (its float prints the decimals)."""
    return None if v is None else float(v)


@dataclass(frozen=True)
class PlayerRating:
    """A player's rating figures in the event (the rounds looked at).

    ``rating``: Ro, the rating in the file (None: unrated); ``k``: the K used (None for an
    unrated player); ``games``: every round, rated or not; ``score`` W and ``expected`` We over
    the rated games; ``change``: K x (W - We), exact (None for an unrated player);
    ``ra``/``p``/``dp``/``rp``: the performance rating's steps (None without a game for Rp; ``p``
    in hundredths); ``rules``: the rules applied; ``notes``: what the reader should know.
    """

    no: int
    name: str
    rating: Optional[int]
    k: Optional[KFactor]
    rules: RatingRules
    games: tuple[GameFigures, ...]
    score: Fraction
    expected: Fraction
    change: Optional[Fraction]
    rp_games: int
    rp_score: Fraction
    ra: Optional[int]
    p: Optional[int]
    dp: Optional[int]
    rp: Optional[int]
    notes: tuple[str, ...] = ()

    @property
    def rated_games(self) -> int:
        """The games rated for this player (n of 8.3.3)."""
        return sum(g.rated for g in self.games)

    @property
    def change_shown(self) -> Optional[Fraction]:
        """The change to 0.1, a tie away from zero (what chess-results and the page show)."""
        return None if self.change is None else half_away(self.change, Fraction(1, 10))

    @property
    def change_rounded(self) -> Optional[int]:
        """The change rounded to a whole number, .5 away from zero (8.3.4); an estimate: FIDE
        rounds the rating period's total over every event of the month."""
        return None if self.change is None else int(half_away(self.change))

    def as_dict(self) -> dict[str, object]:
        return {"no": self.no, "name": self.name, "rating": self.rating,
                "k": self.k.as_dict() if self.k is not None else None, "rules": self.rules.as_dict(),
                "rated_games": self.rated_games, "score": _num(self.score), "expected": _num(self.expected),
                "change": _num(self.change), "change_shown": _num(self.change_shown),
                "change_rounded": self.change_rounded, "rp_games": self.rp_games, "rp_score": _num(self.rp_score),
                "ra": self.ra, "p": None if self.p is None else self.p / 100, "dp": self.dp, "rp": self.rp,
                "notes": list(self.notes), "games": [g.as_dict() for g in self.games]}


def event_rules(t: Tournament, rate: Optional[str] = None) -> RatingRules:
    """The rules ``t``'s games are rated under: its start date, and the rate of play given, else
    its record 222's, else standard (assumed, said in the notes)."""
    known = rate is not None
    rate = rate or rate_of_play_from(t.header)
    return rating_rules(t.start_date, rate, rate_known=known or rate is not None)


def _capped(diffs: Sequence[Optional[int]], own: int, rules: RatingRules) -> list[Optional[int]]:
    """The gaps counted (8.3.1): over 400 counted as 400, in every game (2024), in the one game of
    the largest gap (2022: the first such round on equal gaps), or in none for a player rated
    ``cap_exempt_from`` or more (standard from 1 Oct 2025)."""
    if rules.cap_exempt_from is not None and own >= rules.cap_exempt_from:
        return list(diffs)
    over = [k for k, d in enumerate(diffs) if d is not None and abs(d) > CAP]
    if rules.one_cap and over:
        over = [max(over, key=lambda k: (abs(diffs[k] or 0), -k))]
    return [(CAP if (d or 0) > 0 else -CAP) if k in over else d for k, d in enumerate(diffs)]


def _game(t: Tournament, positions: Mapping[int, int], p: Player, r: int, rules: RatingRules) -> GameFigures:
    """Round ``r`` (0-based) of ``p`` before the cap and K: whether it is rated and why not
    (``positions``: ``t.positions``)."""
    rd = p.rounds[r]
    kind, colour, no = rd.kind, rd.colour, rd.opponent
    why = _NOT_A_GAME.get(kind)
    if why is not None:
        at = positions.get(no) if no is not None and kind.has_opponent else None
        opp_no, opp_rating = (None, None) if at is None else (no, t.players[at].rating)
        return GameFigures(r + 1, opp_no, opp_rating, colour, kind, None, False, False, why)
    at = positions.get(no) if no is not None else None
    if at is None:
        raise InputError(f"player {p.no}, round {r + 1}: opponent {no} is not a player of the event")
    opp = t.players[at].rating
    halves = _HALVES[kind]
    own = p.rating
    if opp is None:
        why = "unrated opponent: not rated (B.02 8.3.1)" if own is not None else "unrated opponent: no rating"
        return GameFigures(r + 1, no, opp, colour, kind, halves, False, False, why)
    if own is None:
        return GameFigures(r + 1, no, opp, colour, kind, halves, False, True,
                           "unrated player: no rating change (B.02 8.2); counts in Rp")
    gap = own - opp
    if rules.gap_600 and abs(gap) >= GAP_600 and max(own, opp) > GAP_RATING:
        return GameFigures(r + 1, no, opp, colour, kind, halves, False, False,
                           f"gap {abs(gap)} >= {GAP_600} with a player above {GAP_RATING}: not rated (RB 7.3.1, "
                           "from 1 Dec 2024)")
    return GameFigures(r + 1, no, opp, colour, kind, halves, True, True, "", gap)


#: the expected score of the higher-rated player in hundredths by |D| (8.1.2), as a list (the
#: table of :mod:`xl_tiebreak.tiebreaks.rating`; a list index is quicker than an array's here)
_PD_LIST: list[int] = []


def _pd(diff: int) -> int:
    """PD in hundredths for a gap ``diff`` as counted (8.1.2)."""
    if not _PD_LIST:
        _PD_LIST.extend(int(v) for v in PD.tolist())
    e = _PD_LIST[min(abs(diff), len(_PD_LIST) - 1)]
    return e if diff >= 0 else 100 - e


def player_rating(t: Tournament, no: int, *, k: Optional[int] = None, rate: Optional[str] = None,
                  rounds: Optional[int] = None, rules: Optional[RatingRules] = None) -> PlayerRating:
    """The rating figures of player ``no`` of ``t`` over rounds 1..``rounds`` (default: every
    round; a game not played yet is not rated). ``k``: the player's K as the rating list gives
    it (else the file's, a workbook's K column; else by the rules,
    :func:`~xl_tiebreak.rating_rules.k_factor`); ``rate``: standard,
    rapid or blitz (else the file's record 222, else standard); ``rules``: the rules, when the
    caller has them already (:func:`event_rules`)."""
    if no not in t.positions:
        raise InputError(f"player {no}: no such start number in the event")
    rules = rules or event_rules(t, rate)
    p = t.player(no)
    upto = t.rounds if rounds is None else max(0, min(rounds, t.rounds))
    positions = t.positions
    games = [_game(t, positions, p, r, rules) for r in range(upto)]
    rated = [g for g in games if g.rated]
    notes = list(rules.notes)
    kf: Optional[KFactor] = None
    change: Optional[Fraction] = None
    expected = Fraction(0)
    if p.rating is not None:
        kf = k_factor(p.rating, p.birth, t.start_date, given=k if k is not None else p.k_factor, games=len(rated))
        counted = _capped([g.diff for g in games], p.rating, rules)
        k_value, done, exp_h, halves = kf.value, [], 0, 0
        for g, c in zip(games, counted):
            if g.rated:
                h, gap = g.halves, g.diff
                assert c is not None and h is not None and gap is not None
                pd = _pd(c)
                why = (f"gap {gap:+d} counted as {c:+d} (B.02 8.3.1)" if c != gap else "" if abs(gap) <= CAP else
                       f"gap {gap:+d} not capped: only the largest gap is, once per event (B.02 2022 8.3.1)"
                       if rules.one_cap else
                       f"gap {gap:+d} not capped: rated {rules.cap_exempt_from} or more (1 Oct 2025 amendment)")
                g = GameFigures(g.round, g.opponent, g.opponent_rating, g.colour, g.kind, h, True, True, why, gap, c,
                                pd, k_value * (50 * h - pd))
                exp_h += pd
                halves += h
            done.append(g)
        games = done
        score, expected = Fraction(halves, 2), Fraction(exp_h, 100)
        change = Fraction(k_value * (50 * halves - exp_h), 100)
        if kf.assumed:
            notes.append(f"K {kf.value} assumed: {kf.why}")
    else:
        score = Fraction(0)
        notes.append("unrated: no rating change; a first rating (B.02 8.2) needs at least 5 games against rated "
                     "opponents, possibly over several events; Rp shows this event's performance")
    in_rp = [g for g in games if g.for_rp]
    rp_halves = sum(g.halves or 0 for g in in_rp)
    ra = p_ = d = rp = None
    if in_rp:
        ra = half_up(sum(g.opponent_rating or 0 for g in in_rp), len(in_rp))
        p_ = half_up(50 * rp_halves, len(in_rp))  # W / n in hundredths, .005 up
        d = dp(p_)
        rp = ra + d
    return PlayerRating(p.no, p.name, p.rating, kf, rules, tuple(games), score, expected, change, len(in_rp),
                        Fraction(rp_halves, 2), ra, p_, d, rp, tuple(notes))


def event_ratings(t: Tournament, *, k: Optional[Mapping[int, int]] = None, rate: Optional[str] = None,
                  rounds: Optional[int] = None) -> tuple[PlayerRating, ...]:
    """Every player's figures (:func:`player_rating`), in start order; ``k``: start number -> K
    for the players whose K is given (an unknown start number is an error)."""
    given = dict(k or {})
    unknown = sorted(set(given) - set(t.positions))
    if unknown:
        raise InputError(f"K given for player {unknown[0]}: no such start number in the event")
    rules = event_rules(t, rate)
    return tuple(player_rating(t, p.no, k=given.get(p.no), rounds=rounds, rules=rules) for p in t.players)


def parse_k_list(text: str, where: str = "--k-factor") -> dict[int, int]:
    """``"3=10,7=40"`` -> {3: 10, 7: 40}: K factors by start number, as the command line takes them.

    >>> parse_k_list("3=10, 7=40")
    {3: 10, 7: 40}
    """
    from .number_text import is_digits, whole_number
    from .rating_rules import check_k
    out: dict[int, int] = {}
    for item in (text or "").split(","):
        if not item.strip():
            continue
        no_text, eq, k_text = item.partition("=")
        if not eq or not is_digits(no_text.strip()) or not is_digits(k_text.strip()):
            raise InputError(f"{where}: {item.strip()[:40]!r}: write START_NUMBER=K, e.g. 3=10,7=40")
        no, k = whole_number(no_text, 1, 10**6), whole_number(k_text, 0, 10**6)
        if no is None:
            raise InputError(f"{where} {item.strip()[:40]}: {no_text.strip()[:20]} is not a start number")
        if k is None or not 1 <= k <= 40:
            raise InputError(f"{where} {item.strip()[:40]}: {k_text.strip()[:20]} is not a K factor; expected a "
                             "whole number from 1 to 40 (FIDE's: 40, 20, 10, or lower once capped by 700 / games)")
        out[no] = check_k(k, f"{where} {item.strip()}")
    return out


__all__ = ["GameFigures", "PlayerRating", "player_rating", "event_ratings", "event_rules", "half_away",
           "parse_k_list"]
