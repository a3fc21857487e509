"""The prize list and the category standings as the command line shows them (text, CSV, JSON).

The standings are the full event's (points, then its tie-break list); a category list keeps
their order and their places, and shows the player's place in the category beside it.
"""

from __future__ import annotations

import dataclasses
from datetime import date
from fractions import Fraction
from typing import Optional, Sequence

from .categories import Category, Selection, select
from .engine import Result
from .errors import InputError
from .prizes import PrizeList, PrizeTable, allocate
from .standings import Row, rank, split_within
from .textutil import csv_text, table

__all__ = ["start_date", "category_selection", "prize_list", "render_prizes", "render_prize_list", "money",
           "rules_line", "category_rows"]


def start_date(result: Result) -> Optional[date]:
    """The event's start date (TRF 042, a workbook's Event sheet), if known."""
    s = result.tournament.start_date
    try:
        return date.fromisoformat(s) if s else None
    except ValueError:
        return None


_NO_START = "an age category needs the event's start date (TRF record 042, or Settings!B5 of a workbook)"
_NO_CLUB = ("no player has a club: a club category reads the crosstable's Club column (a TRF file has no "
            "club field; a workbook made with xl-tiebreak template --player-fields, or workbook --from "
            "chess-results, has the column)")


def _check_fields(result: Result, category: Category, start: Optional[date]) -> None:
    """Refuse a category no player can be in because the event lacks what it reads: an age
    category without a start date, a club category when no player has a club."""
    if category.field == "birth" and start is None:
        raise InputError(f"category {category.text}: {_NO_START}")
    if category.field == "club" and not any(p.club.strip() for p in result.tournament.players):
        raise InputError(f"category {category.text}: {_NO_CLUB}")


def category_selection(result: Result, category: Category, age: str = "year",
                       start: Optional[date] = None, rows: Optional[Sequence[Row]] = None) -> Selection[Row]:
    """The standings rows of one category, in the full event's order. ``start``: the start date
    ages are counted at (default: the event's); ``rows``: the standings, when already ranked."""
    start = start if start is not None else start_date(result)
    _check_fields(result, category, start)
    got = select(rank(result) if rows is None else rows, category, lambda r: r.player, start, age)
    return dataclasses.replace(got, rows=tuple(split_within(result, got.rows)))  # "split by" within it


def prize_list(result: Result, table_: PrizeTable, *, ties: str, order: str, age: str = "year",
               unit: Fraction = Fraction(1, 100), start: Optional[date] = None,
               rows: Optional[Sequence[Row]] = None) -> tuple[PrizeList, list[str]]:
    """The prize list of the event's standings, and the notes on players left out of a category
    because a field is missing. ``start``: the start date ages are counted at (default: the
    event's); ``rows``: the standings, when already ranked."""
    rows = rank(result) if rows is None else rows
    start = start if start is not None else start_date(result)
    notes = []
    for cat, _ in table_.categories:
        _check_fields(result, cat, start)
        note = select(rows, cat, lambda r: r.player, start, age).note
        if note:
            notes.append(note)
    got = allocate(rows, table_, player_of=lambda r: r.player, points_of=lambda r: r.points,
                   place_of=lambda r: r.place, in_category=lambda c, r: bool(c.holds(r.player, start, age)),
                   ties=ties, order=order, unit=unit)
    return got, notes


def money(v: Fraction) -> str:
    """An amount with two decimals, or as many more (up to six) as it needs to be exact (a unit of
    0.001 pays thousandths); beyond, six decimals and ``…`` (what rounding left of a third)."""
    for places in range(2, 7):
        scaled = v * 10 ** places
        if scaled.denominator == 1:
            break
    whole = scaled.numerator // scaled.denominator
    sign, whole = ("-", -whole) if whole < 0 else ("", whole)
    return (f"{sign}{whole // 10 ** places}.{whole % 10 ** places:0{places}d}"
            + ("" if scaled.denominator == 1 else "…"))


_TIES_TEXT = {"tiebreak": "tied {who}s are ranked by the tie-breaks (those they do not separate share the prizes "
                         "of their places)",
              "shared": "prizes of {who}s tied on points are shared equally",
              "hort": "Hort system: half of each prize kept, the other halves shared among the tied {who}s"}


def rules_line(got: PrizeList, who: str = "player") -> str:
    """How the prizes were handed out, in one sentence (``who``: ``player``, or ``team``)."""
    return (f"{_TIES_TEXT[got.ties].format(who=who)}; one prize per {who}, "
            f"{'the most valuable first' if got.order == 'value' else 'place prizes first'}")


def render_prizes(result: Result, got: PrizeList, notes: Sequence[str], fmt: str, source: str) -> str:
    """The prize list as a text table, CSV or JSON."""
    head = f"{result.tournament.name or source}\nPrizes, standings {result.label}; rules: {result.edition.name}"
    document = [("edition", result.edition.name), ("rounds", result.rounds)]
    return render_prize_list(got, fmt, head=head, document=document, notes=notes, note_lines=[f"Note: {n}" for n in notes])


def render_prize_list(got: PrizeList, fmt: str, *, head: str, document: Sequence[tuple[str, object]],
                      notes: Sequence[str], note_lines: Sequence[str], team: bool = False) -> str:
    """A prize list (a player's or a team's) as a text table, CSV or JSON: ``head`` the lines
    above the text's rules line, ``document`` the JSON fields before ``ties``, ``notes`` JSON's
    notes, ``note_lines`` the text's last lines; ``team``: a team's list (its Team column)."""
    if fmt == "json":
        import json  # here: a recompute, which shows prize lists too, never loads json (start-up time)
        return json.dumps({**dict(document), "ties": got.ties,
                           "order": got.order, "awards": [
                               {"no": a.no, "name": a.name, "place": a.place, "prize": a.prize,
                                "listed": money(a.listed), "paid": money(a.paid), "shared_with": list(a.shared_with)}
                               for a in got.awards],
                           "not_awarded": list(got.unawarded), "left_over": money(got.left_over),
                           "notes": list(notes)}, ensure_ascii=False, indent=1) + "\n"
    headers = ["Place", "No", "Team" if team else "Name", "Prize", "Listed", "Paid", "Shared with"]
    rows = [[a.place, str(a.no), a.name, a.prize, money(a.listed), money(a.paid),
             " ".join(str(n) for n in a.shared_with if n != a.no)] for a in got.awards]
    if fmt.startswith("csv"):
        return csv_text(headers, rows, fmt)
    tail = [f"Total paid {money(got.total)}"]
    if got.left_over:
        tail.append(f"Left over by rounding shares down: {money(got.left_over)}")
    if got.unawarded:
        tail.append("Not awarded (nobody qualifies who has no larger prize): " + ", ".join(got.unawarded))
    tail += note_lines
    rules = rules_line(got, "team" if team else "player")
    return f"{head}\n{rules}\n\n" + "\n".join(table(headers, rows, right={1, 4, 5}) + [""] + tail) + "\n"


def category_rows(sel: Selection[Row]) -> list[tuple[int, Row]]:
    """(place in the category, row) with tied places shared as in the full standings."""
    out: list[tuple[int, Row]] = []
    for k, r in enumerate(sel.rows, 1):
        same = out and out[-1][1].place == r.place
        out.append((out[-1][0] if same else k, r))
    return out
