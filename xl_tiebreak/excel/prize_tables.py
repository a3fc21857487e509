"""The tables CATEGORY_STANDINGS and PRIZES spill: category standings one block after the other,
and the prize list with its total, what rounding left over, the prizes nobody could receive and
the notes on players whose category field is missing. Values as the cells show them (numbers,
text); the prize list is that of :func:`xl_tiebreak.prize_report.prize_list`, as the CLI prints it.
"""

from __future__ import annotations

from datetime import date
from typing import Any, Optional, Sequence

from ..categories import Category
from ..engine import Result
from ..formatting import json_number
from ..prize_report import category_rows, category_selection, prize_list, rules_line
from ..standings import Row
from .prize_arguments import PrizeSetup

#: the column a category block adds after Name: the field the category reads
FIELD_HEADINGS = {"rating": "Rtg", "sex": "Sex", "birth": "Born", "fed": "Fed"}
PRIZE_HEADER = ["Place", "No", "Name", "Prize", "Listed", "Paid", "Shared with"]
NO_CATEGORY = "No category yet: type a name and a category (U1600, women, U18, S50, FED=ENG) above."
NO_PRIZE = "No prize yet: type the amounts in the prize table above."


def _place(r: Row) -> Any:
    """The event place as STANDINGS shows it: a number, or a range such as 3-5."""
    return r.place if "-" in r.place else r.rank


def _field(r: Row, field: str) -> Any:
    p = r.player
    if field == "rating":
        return p.rating if p.rating is not None else ""
    return {"sex": p.sex, "birth": p.birth, "fed": p.fed}[field]


def category_table(result: Result, rows: Sequence[Row], categories: Sequence[tuple[str, Category]],
                   start: Optional[date], age: str) -> list[list[Any]]:
    """Each category's block: a title row (name, what it means, how many players), a heading row
    ``Rk | Cat | No | Name | <field> | Pts | <tie-breaks>`` (Rk the place in the whole event, Cat
    the place in the category), its players in the full event's order, a note on players whose
    field is missing, an empty row."""
    width = 6 + len(result.codes)
    if not categories:
        return [[NO_CATEGORY] + [""] * (width - 1)]
    out: list[list[Any]] = []
    for name, cat in categories:
        sel = category_selection(result, cat, age, start, rows)
        what = cat.label if cat.label.casefold() != name.casefold() else ""
        n = len(sel.rows)
        title = f"{name}{': ' + what if what else ''} - {n} player{'' if n == 1 else 's'}"
        out.append([title] + [""] * (width - 1))
        out.append(["Rk", "Cat", "No", "Name", FIELD_HEADINGS[cat.field], "Pts", *result.codes])
        for k, r in category_rows(sel):
            out.append([_place(r), k, r.player.no, r.player.name, _field(r, cat.field), json_number(r.points),
                        *["-" if v is None else json_number(v) for v in r.values]])
        if sel.note:
            out.append(["Note: " + sel.note] + [""] * (width - 1))
        out.append([""] * width)
    return out[:-1]


def prize_table(result: Result, rows: Sequence[Row], setup: PrizeSetup, start: Optional[date],
                age: str) -> list[list[Any]]:
    """The prize list: a heading row, one row per award in standings order, then an empty row and
    the total paid, what rounding shares down left over, the prizes not awarded, the notes and
    how ties were treated."""
    width = len(PRIZE_HEADER)
    if not setup.table.places and not setup.table.categories:
        return [PRIZE_HEADER, [NO_PRIZE] + [""] * (width - 1)]
    got, notes = prize_list(result, setup.table, ties=setup.ties, order=setup.order, age=age, unit=setup.unit,
                            start=start, rows=rows)
    out: list[list[Any]] = [list(PRIZE_HEADER)]
    for a in got.awards:
        place: Any = int(a.place) if a.place.isdigit() else a.place
        out.append([place, a.no, a.name, a.prize, json_number(a.listed), json_number(a.paid),
                    " ".join(str(n) for n in a.shared_with if n != a.no)])
    out.append([""] * width)
    out.append(["Total paid", "", "", "", "", json_number(got.total), ""])
    if got.left_over:
        out.append(["Left over by rounding shares down", "", "", "", "", json_number(got.left_over), ""])
    rule = rules_line(got)
    lines = [rule[:1].upper() + rule[1:] + "."]
    if got.unawarded:
        lines.append("Not awarded (nobody qualifies): " + ", ".join(got.unawarded))
    lines += [f"Note: {n}" for n in notes]
    out += [[line] + [""] * (width - 1) for line in lines]
    return out
