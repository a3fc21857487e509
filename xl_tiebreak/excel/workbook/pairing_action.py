"""The one action that pairs the next round in the workbook open in Excel (the classic add-in's
macro and xlwings Lite's script ``PAIR_NEXT_ROUND``, :mod:`xl_tiebreak.udfs`): from the crosstable
range as the runtime reads it and where it is, :func:`next_round_cells` gives the cells to write
(address -> ``5w``, ``3b``, a sit-out ``-``) and the printable Pairings sheet's values (those
``pair --write`` writes, :func:`.pairings_sheet.sheet_rows`), so that writing them is all the
runtime does.

The round is paired as ``xl-tiebreak pair`` pairs a workbook (:func:`xl_tiebreak.pairing.systems.pair_event`,
the event's type and rounds from the Settings sheet as every command reads them, and its pairing
rows, :mod:`..ranges.pairing_settings`: forbidden pairs, Baku acceleration, initial colour) and the cells are
those ``pair --write`` writes (:func:`.pairing_book.pending_texts`): only empty cells of round K,
never a cell the arbiter typed. Errors name the cell (``Crosstable!F7``).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Optional, Sequence

from ...errors import InputError
from ...name_text import clean_name
from ..functions.cache import Table
from ..functions.pairing import read_system
from ..ranges.arguments import event_type, read_whole, text_of
from ..ranges.pairing_settings import PairingCells, pairing_cells
from ..xlsx.a1 import column_letter, range_bounds

#: the Settings sheet's rows the action reads (the type in B4, the row labelled Rounds)
SETTINGS_ROWS = 60


@dataclass(frozen=True)
class CellsToWrite:
    """What the action writes: round ``round`` paired by ``system``, ``cells``, the empty
    round cells of the crosstable's sheet that get the pending games (A1 address -> text), and
    ``pairings``, the Pairings sheet's values from A1 (rows of equal length)."""

    round: int
    system: str
    cells: dict[str, str]
    games: int
    pairings: list[list[object]] = field(default_factory=list)

    def summary(self) -> str:
        """One line for the user."""
        if not self.cells:
            return (f"Round {self.round}: every cell of the pairing is typed already; the Pairings sheet shows "
                    "the round.")
        return (f"Round {self.round} paired ({self.system}): {self.games} game{'s' if self.games != 1 else ''}, "
                f"{len(self.cells)} cells written and the Pairings sheet; type each result after the colour "
                "(5w1, 3b½).")


def settings_of(settings: Optional[Table]) -> tuple[Optional[str], Optional[int], PairingCells]:
    """The event's type (Settings!B4), rounds (the row labelled Rounds) and pairing rows, read as
    every command reads them, from the Settings sheet's rows ``A1:B60`` as a runtime hands them
    over; (None, None, no pairing rows) without them."""
    if not settings:
        return None, None, PairingCells()
    from ..ranges.book_reader import TYPE_CELL, _rounds
    cells = {f"{column_letter(j + 1)}{i + 1}": v for i, row in enumerate(settings[:SETTINGS_ROWS])
             for j, v in enumerate(row or ()) if v is not None}
    return event_type(cells.get(TYPE_CELL), f"Settings!{TYPE_CELL}"), _rounds(cells), pairing_cells(cells)


def _top_left(where: str) -> tuple[int, int]:
    """The first cell of an address (``$A$4:$X$24``, ``A4``) as (row, column), 1-based."""
    try:
        col, row, _, _ = range_bounds(where.replace("$", "").split("!")[-1])
    except (ValueError, TypeError):
        col = row = None
    if col is None or row is None:
        raise InputError(f"{where!r} is not the address of the crosstable's first cell (e.g. $A$4)")
    return row, col


def next_round_cells(crosstable: Table, sheet: str, where: str, settings: Optional[Table] = None,
                     below: Optional[Sequence[Any]] = None, round_to_pair: Any = None,
                     system: Any = None, title: Any = None,
                     pairings_sheet: Optional[tuple[str, Any]] = None) -> CellsToWrite:
    """The cells the one action writes: ``crosstable`` is the range of the name Crosstable as the
    runtime reads it (its header row first), on ``sheet`` at ``where`` (its address, ``$A$4:$X$24``);
    ``settings`` the Settings sheet's rows from A1 (the event's type and rounds, as ``pair`` reads
    the workbook); ``below`` the row under the range, which must hold no player (the commands read
    such a row, the functions do not: the name is to be widened first); ``title`` the sheet's A1
    (the event's name, on a sheet called Crosstable); ``pairings_sheet`` the title and A2 of the
    workbook's sheet called Pairings, if it has one (one the command did not write is refused).
    The round is paired as ``xl-tiebreak pair`` pairs it, errors naming the cells
    (``Crosstable!F7``); the cells given are round K's that are empty, each with its pending game
    (``5w``, ``3b``, a sit-out ``-``)."""
    from ...pairing.systems import chosen_system, pair_event
    from ..ranges.pairing_settings import arbiter_choices
    from .pairings_sheet import MARK, not_ours, sheet_values
    from ..ranges.crosstable_range import rows_to_tournament
    from .pairing_book import pending_texts, table_round_cells
    top, left = _top_left(where)
    rows = [list(r) if isinstance(r, (list, tuple)) else [r] for r in crosstable]
    if below and any(text_of(v) for v in list(below)[:2]):
        raise InputError(f"{sheet}!{column_letter(left)}{top + len(rows)} holds a player below the name Crosstable "
                         f"({sheet}!{where}); widen the name over every player (Formulas > Name Manager, or "
                         "xl-tiebreak recompute) and pair again; nothing was written")
    if pairings_sheet is not None and MARK not in text_of(pairings_sheet[1]):
        raise not_ours(pairings_sheet[0])
    kind, rounds, choices = settings_of(settings)
    name = read_system(system, "PAIR_NEXT_ROUND")
    rnd = read_whole(round_to_pair, "round_to_pair", "PAIR_NEXT_ROUND")

    def cell_name(i: int, j: int) -> str:
        return f"{sheet}!{column_letter(left + j)}{top + i}"
    named = clean_name(title)[0] if sheet == "Crosstable" and isinstance(title, str) else ""
    t = rows_to_tournament(rows, cell_name=cell_name, kind=kind, rounds=rounds, name=named)
    where_cells = table_round_cells(rows, sheet, top, left)
    forbidden, colour, baku = arbiter_choices(t, chosen_system(t, name), choices.choices())
    pairing = pair_event(t, rnd, name, where_cells.place, forbidden=forbidden, initial_colour=colour, baku=baku)
    cells = {}
    for no, text in pending_texts(t, pairing).items():
        at = where_cells.cells.get((no, pairing.round))
        if at is None:
            raise InputError(f"the crosstable has no column for round {pairing.round} of player {no}; nothing was "
                             "written")
        cells[at] = text
    return CellsToWrite(pairing.round, pairing.system, cells, len(pairing.pairs), sheet_values(t, pairing, baku))
