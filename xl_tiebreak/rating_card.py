"""A player's card and the rating columns of the standings, from the figures of
:mod:`xl_tiebreak.rating_change`: what every face shows of them (``card``, ``standings
--rating-change``, the published page through :func:`card_dict`).

The card lists each round as an instructor works it on the board: the opponent with rating and
federation, the colour, the result, the running score, then for a rated game the gap (as
counted), the expected score PD (B.02 8.1.2), W - We and K x (W - We), and what was done to
the gap (the 400 cap); a round not rated says why. Under it the totals: W, We, the change unrounded and rounded (8.3.4, an estimate), and Rp
with its steps.

>>> from xl_tiebreak import demo_tournament
>>> from xl_tiebreak.rating_change import player_rating
>>> t = demo_tournament()
>>> print(card_text(t, player_rating(t, 1)).splitlines()[0])
Player 1: One, A, rating 2000 (NOR)
"""

from __future__ import annotations

import textwrap
from fractions import Fraction
from typing import Optional, Sequence

from .formatting import format_value
from .model import Kind, Tournament
from .rating_change import GameFigures, PlayerRating
from .textutil import table

_RESULT = {Kind.WIN: "1", Kind.DRAW: "½", Kind.LOSS: "0", Kind.SHORT_WIN: "1 (W)", Kind.SHORT_DRAW: "½ (D)",
           Kind.SHORT_LOSS: "0 (L)", Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "--",
           Kind.PAB: "BYE", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z", Kind.ABSENT: "absent",
           Kind.WITHDRAWN: "WD", Kind.NOT_PLAYED: "not in"}


def signed(v: Optional[Fraction], decimals: int = 1) -> str:
    """``+10.2``, ``-2.8``, ``0.0`` (the sign a rating change is shown with); empty for None.

    >>> signed(Fraction(51, 5)), signed(Fraction(-7, 25), 2), signed(Fraction(0))
    ('+10.2', '-0.28', '0.0')
    """
    if v is None:
        return ""
    text = format_value(v, decimals)
    return f"+{text}" if v > 0 else text


def k_text(fig: PlayerRating, mark: str = "*") -> str:
    """The K column: the K, marked ``mark`` when assumed; empty for an unrated player."""
    if fig.k is None:
        return ""
    return f"{fig.k.value}{mark if fig.k.assumed else ''}"


def rp_steps(fig: PlayerRating) -> str:
    """Rp with its steps (B.01 1.4.7-1.4.9): ``Ra 1851 + dp(0.60) 72 = 1923``."""
    if fig.rp is None or fig.ra is None or fig.p is None or fig.dp is None:
        return "no game against a rated opponent: no Rp"
    n = fig.rp_games
    return (f"Ra {fig.ra} (mean of {n} rated opponent{'s' if n != 1 else ''}, rounded half up); p = "
            f"{format_value(fig.rp_score, 1)} / {n} = {fig.p / 100:.2f}; Rp = Ra + dp(p) = {fig.ra} "
            f"{'+' if fig.dp >= 0 else '-'} {abs(fig.dp)} = {fig.rp}")


def _game_cells(t: Tournament, fig: PlayerRating, g: GameFigures) -> list[str]:
    opp = t.player(g.opponent) if g.opponent is not None and g.opponent in t.positions else None
    points = t.player(fig.no).score(g.round)
    cells = [str(g.round), g.colour or "", str(g.opponent or ""), opp.name if opp else "",
             "" if opp is None else str(opp.rating or "unrated"), opp.fed if opp else "", _RESULT[g.kind],
             format_value(points, 1)]
    if g.rated and g.counted is not None and g.expected is not None:
        counted = f"{g.counted:+d}" + (f" ({g.diff:+d})" if g.diff != g.counted else "")
        return cells + [counted, format_value(g.expected, 2), signed(g.delta, 2), signed(g.change, 1), g.why]
    return cells + ["", "", "", "", g.why]


#: the card's rounds table's columns (``card``, the page's card)
CARD_HEADERS = ("Rd", "Col", "Opp", "Name", "Rtg", "Fed", "Res", "Pts", "D", "PD", "W-We", "K(W-We)", "Note")


def card_parts(t: Tournament, fig: PlayerRating) -> tuple[list[str], list[list[str]], list[str]]:
    """The card's parts, unwrapped: the paragraphs above the rounds table (who, the rules, K),
    its rows (one cell per :data:`CARD_HEADERS` column) and the paragraphs under it (the totals,
    Rp, the notes); :func:`card_text` lays them out as text, the published page as HTML."""
    p = t.player(fig.no)
    who = ", ".join(x for x in (p.title, p.fed) if x)
    head = [f"Player {p.no}: {p.name}, {f'rating {p.rating}' if p.rating else 'unrated'}"
            + (f" ({who})" if who else ""),
            f"Rules: {fig.rules.title}"]
    if fig.k is not None:
        head.append(f"K {fig.k.value}{' (assumed)' if fig.k.assumed else ''}: {fig.k.why}")
    rows = [_game_cells(t, fig, g) for g in fig.games]
    totals = []
    if fig.change is not None and fig.k is not None:
        n, diff = fig.rated_games, fig.score - fig.expected
        totals.append(f"Rated games: {n}; W = {format_value(fig.score, 1)}, We = {format_value(fig.expected, 2)}, "
                      f"W - We = {signed(diff, 2)}")
        shown = f" (to 0.1: {signed(fig.change_shown)})" if fig.change_shown != fig.change else ""
        totals.append(f"Rating change: K x (W - We) = {fig.k.value} x {'(' if diff < 0 else ''}{signed(diff, 2)}"
                      f"{')' if diff < 0 else ''} = {signed(fig.change)}{shown}; rounded (B.02 8.3.4): "
                      f"{fig.change_rounded:+d}, an estimate (FIDE rounds the month's total over every event)")
    totals.append(f"Performance rating: {rp_steps(fig)}")
    k_note = f"K {fig.k.value} assumed: {fig.k.why}" if fig.k is not None else None
    totals += [f"Note: {n}" for n in fig.notes if n != k_note]
    return head, rows, totals


def _wrapped(texts: Sequence[str]) -> list[str]:
    return [ln for text in texts for ln in textwrap.wrap(text, 100, subsequent_indent="      ",
                                                         break_on_hyphens=False)]


def card_text(t: Tournament, fig: PlayerRating) -> str:
    """The card as lines to read (``xl-tiebreak card``): :func:`card_parts` laid out as text."""
    head, rows, totals = card_parts(t, fig)
    lines = head[:2] + _wrapped(head[2:]) + [""] + table(CARD_HEADERS, rows, right={0, 2, 4, 7, 8, 9, 10, 11}) + [""]
    return "\n".join(lines + _wrapped(totals)) + "\n"


def card_dict(t: Tournament, fig: PlayerRating) -> dict[str, object]:
    """The card as data (``card --format json``, the published page): the figures
    (:meth:`PlayerRating.as_dict`) with each round's opponent name and federation and the
    running score on the event's scoring."""
    p = t.player(fig.no)
    got = fig.as_dict()
    got.update({"title": p.title, "fed": p.fed})
    rounds = []
    for g, row in zip(fig.games, got["games"]):  # type: ignore[call-overload]
        opp = t.player(g.opponent) if g.opponent is not None and g.opponent in t.positions else None
        rounds.append({**row, "opponent_name": opp.name if opp else None, "opponent_fed": opp.fed if opp else None,
                       "result": _RESULT[g.kind], "points_after": float(p.score(g.round))})
    got["games"] = rounds
    return got


#: the rating columns of the standings (``standings --rating-change``)
COLUMNS = ("Rp", "K", "Rtg+/-")


def standings_cells(fig: PlayerRating, csv: bool = False) -> list[str]:
    """A player's cells under :data:`COLUMNS`: Rp, K (marked ``*`` when assumed; CSV: the number,
    a column ``K assumed`` after it), the change to 0.1 with its sign (empty when unrated)."""
    rp = "" if fig.rp is None else str(fig.rp)
    if csv:
        return [rp, k_text(fig, ""), "yes" if fig.k is not None and fig.k.assumed else "",
                "" if fig.change_shown is None else format_value(fig.change_shown, 1)]
    return [rp, k_text(fig), signed(fig.change_shown)]


def standings_values(fig: PlayerRating) -> list[object]:
    """A player's cells under :data:`COLUMNS` as a spreadsheet holds them (``RATINGS``): Rp and
    the change to 0.1 as numbers, K a number, or text marked ``*`` when assumed (the table's
    :func:`standings_cells`); "" where there is none (no game for Rp; an unrated player)."""
    k: object = "" if fig.k is None else k_text(fig) if fig.k.assumed else fig.k.value
    return ["" if fig.rp is None else fig.rp, k,
            "" if fig.change_shown is None else float(fig.change_shown)]


def csv_columns() -> list[str]:
    return ["Rp", "K", "K assumed", "Rtg+/-"]


def legend(figs: Sequence[PlayerRating]) -> list[str]:
    """What the rating columns are, the rules applied and what was assumed, for the table's legend."""
    if not figs:
        return []
    rules = figs[0].rules
    assumed = any(f.k is not None and f.k.assumed for f in figs)
    k = "K: the K factor (B.02 8.3.3)" + ("; * assumed from the rating and birth date, the file has no K (give it "
                                          "with --k-factor)" if assumed else "")
    lines = ["Rp: performance rating, Ra + dp(p) over the games against rated opponents (B.01 1.4.7-1.4.9). "
             f"{k}. Rtg+/-: K x (W - We) over the rated games, to 0.1 (rounded to a whole number only over the "
             f"rating period, B.02 8.3.4). Rules: {rules.title}."]
    lines += [f"Note: {n}" for n in rules.notes]
    return [ln for text in lines for ln in textwrap.wrap(text, 100, subsequent_indent="      ",
                                                          break_on_hyphens=False)]


__all__ = ["card_text", "card_parts", "CARD_HEADERS", "card_dict", "standings_cells", "standings_values", "csv_columns",
           "legend", "COLUMNS", "signed", "rp_steps"]
