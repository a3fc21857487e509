"""The notice-board standings: the table ``STANDINGS(..., page=TRUE)`` spills on the templates'
Standings sheet.

The ranked rows (Rk, No, Name, Pts, the tie-breaks of the list) with each player's title, rating
and federation after them, as wide as the list (a shorter list leaves no empty columns); then,
under the table, the legend of the list (each code with its name, modifiers in words, and its
article, from its registry row: ``BH/C1: Buchholz Cut-1, C.07 Art. 8.1``) and the notes on
unrated players (:mod:`xl_tiebreak.rating_notes`, as ``xl-tiebreak standings`` prints them).
Under the table the page stays as narrow as the table, so it prints at a readable size.

Each line under the table sits in the Name column, wrapped to its width: a spilled cell's text
does not run over its neighbours (they belong to the spill), so every line fits its own cell.
"""

from __future__ import annotations

import textwrap
from typing import Any, Optional, Sequence

from ...engine import Result
from ...rating_notes import HOW_TO_SET
from ...standings import Row

#: the player's fields after the tie-breaks ("Rtg" as FIDE and chess-results head it: the column is as
#: narrow as a tie-break's, so the page keeps its size with any of 4 to 6 codes)
INFO = ("Title", "Rtg", "Fed")
NAME_COLUMN = 2  # the Name column (0-based): where the lines under the table sit
#: the characters of a line under the table (the Name column's width on the templates' page)
LINE_ROOM = 36
NBSP = "\u00a0"  # an article is not broken across lines; a line continued is indented (kept by LibreOffice)
UNDEFINED_NOTE = "-: no value (for example no game over the board); it ranks last."


def lines_under(result: Result, undefined: bool, how: str = HOW_TO_SET, more: Sequence[str] = ()) -> list[str]:
    """The legend of the list and the notes, then ``more`` (the rating figures' legend), one
    printed line each, each at most :data:`LINE_ROOM` characters (a longer one goes on under it,
    indented). ``how``: how to set a rating for unrated players
    (:func:`xl_tiebreak.rating_notes.notes_for`; the workbook's cell)."""
    from ...rating_notes import rating_notes
    items = [f"{code}: {tb.legend(NBSP)}" for code, tb in zip(result.codes, result.tiebreaks)]
    if undefined:
        items.append(UNDEFINED_NOTE)
    items += [f"Note: {n.text}" for n in rating_notes(result, how)]
    items += more
    return [line for item in items
            for line in textwrap.wrap(item, LINE_ROOM, subsequent_indent=NBSP * 4, break_on_hyphens=False)]


def page_table(table: Sequence[Sequence[Any]], rows: Sequence[Row], result: Result, undefined: Any,
               how: str = HOW_TO_SET, ratings: Optional[Sequence[Sequence[Any]]] = None,
               rating_legend: Sequence[str] = ()) -> list[list[Any]]:
    """``table`` (STANDINGS's ranked table: the header row, then one row per player of ``rows``)
    with each player's title, rating and federation, then an empty row and the lines under the
    table (:func:`lines_under`) in the Name column. ``undefined``: what a value without one
    shows (a legend line says what it means when a player has one); ``how``: see :func:`lines_under`.
    ``ratings``: the rating figures' table (``RATINGS``: a header, then a row per player of
    ``rows``), set after Fed, and ``rating_legend`` its legend, under the list's."""
    out = [list(table[0]) + list(INFO)]
    for values, r in zip(table[1:], rows):
        p = r.player
        out.append(list(values) + [p.title or "", p.rating if p.rating is not None else "", p.fed or ""])
    width = len(out[0])
    shown_undefined = any(v == undefined for row in out[1:] for v in row[4:width - len(INFO)])
    if ratings is not None:
        out = [row + list(more) for row, more in zip(out, ratings)]
        width = len(out[0])
    under = lines_under(result, shown_undefined, how, rating_legend)
    if under:
        out.append([""] * width)
    for line in under:
        row = [""] * width
        row[NAME_COLUMN] = line
        out.append(row)
    return out
