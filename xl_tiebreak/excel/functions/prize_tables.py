"""The tables CATEGORY_STANDINGS and PRIZES spill: category standings one block after the other,
and the prize list with its total, what rounding left over, the prizes nobody could receive and
the notes on players whose category field is missing. Values as the cells show them (numbers,
text); the prize list is that of :func:`xl_tiebreak.prize_report.prize_list`, as the CLI prints it.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Optional, Sequence

from ...categories import NAMED, Category, Selection
from ...engine import Result
from ...formatting import json_number
from ...prize_report import category_rows, category_selection, prize_list
from ...standings import Row
from ..ranges.prize_arguments import PrizeSetup

#: the column a category block adds after Name: the field the category reads
FIELD_HEADINGS = {"rating": "Rtg", "sex": "Sex", "birth": "Born", "fed": "Fed", "club": "Club"}
PRIZE_HEADER = ["Place", "No", "Name", "Prize", "Listed", "Paid", "Shared with"]
NO_CATEGORY = "No category yet: type a name and a category (U1600, women, U18, S50, FED=ENG, CLUB=name) above."
NO_PRIZE = "No prize yet: type the amounts in the prize table above."
NOBODY = "(not awarded: nobody left for it)"  # nobody in the category without a larger prize


def _place(r: Row) -> Any:
    """The event place as STANDINGS shows it: a number, or a range such as 3-5."""
    return r.place if "-" in r.place else r.rank


def _field(r: Row, field: str) -> Any:
    p = r.player
    if field == "rating":
        return p.rating if p.rating is not None else ""
    return {"sex": p.sex, "birth": p.birth, "fed": p.fed, "club": p.club}[field]


def category_table(result: Result, rows: Sequence[Row], categories: Sequence[tuple[str, Category]],
                   start: Optional[date], age: str) -> list[list[Any]]:
    """Each category's block: a title row (its name; what it means and how many players under
    Name), a heading row ``Rk | Cat | No | Name | <field> | Pts | <tie-breaks>`` (Rk the place
    in the whole event, Cat the place in the category), its players in the full event's order, a
    note on players whose field is missing, an empty row. Long texts sit in the Name column
    (a spilled cell's text does not run over its neighbours in LibreOffice)."""
    width = 6 + len(result.codes)

    def line(first: str, text: str, after: str = "") -> list[Any]:
        return [first, "", "", text, after] + [""] * (width - 5)
    if not categories:
        return [line("", NO_CATEGORY)]
    out: list[list[Any]] = []
    for name, cat in categories:
        sel = category_selection(result, cat, age, start, rows)
        n = len(sel.rows)
        label = cat.label if cat.label.casefold() != name.casefold() else ""
        out.append(line(name, label, f"{n} player{'' if n == 1 else 's'}"))
        out.append(["Rk", "Cat", "No", "Name", FIELD_HEADINGS[cat.field], "Pts", *result.codes])
        for k, r in category_rows(sel):
            out.append([_place(r), k, r.player.no, r.player.name, _field(r, cat.field), json_number(r.points),
                        *["-" if v is None else json_number(v) for v in r.values]])
        if sel.missing:
            out.append(line("Note:", missing_text(sel), "not listed"))
            out += [line("", who) for who in missing_names(sel)]
        out.append([""] * width)
    return out[:-1]


def prize_list_table(result: Result, rows: Sequence[Row], setup: PrizeSetup, start: Optional[date],
                age: str) -> list[list[Any]]:
    """The prize list: a heading row, one row per award in standings order, one per prize nobody
    could receive, then an empty row, the total paid, what rounding shares down left over and
    the notes on players whose category field is missing. Long texts sit in the Name column."""
    width = len(PRIZE_HEADER)

    def line(first: str, text: str, amount: Any = "") -> list[Any]:
        return [first, "", text, "", "", amount, ""]
    if not setup.table.places and not setup.table.categories:
        return [PRIZE_HEADER, line("", NO_PRIZE)]
    got, _notes = prize_list(result, setup.table, ties=setup.ties, order=setup.order, age=age, unit=setup.unit,
                             start=start, rows=rows)
    out: list[list[Any]] = [list(PRIZE_HEADER)]
    for a in got.awards:
        place: Any = int(a.place) if a.place.isdigit() else a.place
        out.append([place, a.no, a.name, a.prize, json_number(a.listed), json_number(a.paid),
                    " ".join(str(n) for n in a.shared_with if n != a.no)])
    for label, amount in zip(got.unawarded, got.unawarded_amounts):
        out.append(["", "", NOBODY, label, json_number(amount), 0, ""])
    out.append([""] * width)
    out.append(line("Total paid", "", json_number(got.total)))
    if got.left_over:
        out.append(line("Left over", "by rounding shares down", json_number(got.left_over)))
    for cat, _ in setup.table.categories:  # the notes of prize_list, cut to fit the cells
        sel = category_selection(result, cat, age, start, rows)
        if sel.missing:
            out.append(["Note:", "", missing_text(sel), f"not in {cat.text.strip()}", "", "", ""])
            out += [["", "", who, "", "", "", ""] for who in missing_names(sel)]
    return out


def missing_text(sel: Selection) -> str:
    """``2 with no full birth date:`` (the players follow, :func:`missing_names`)."""
    return f"{len(sel.missing)} with {sel.lacking}:"


def missing_names(sel: Selection) -> list[str]:
    """The players a note names, one per row in the Name column (a spilled cell's text does not
    run over its neighbours): ``12 Smith, John``, the first :data:`~xl_tiebreak.categories.NAMED`,
    then ``and 289 more``."""
    names = sel.missing_names or ("",) * len(sel.missing)
    shown = [f"{no} {name}".strip() for no, name in zip(sel.missing[:NAMED], names)]
    more = len(sel.missing) - len(shown)
    return shown + ([f"and {more} more"] if more else [])

