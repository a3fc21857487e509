"""The one action (``PAIR_NEXT_ROUND``, :mod:`xl_tiebreak.udfs`) on a team workbook: from the team
ranges as the runtime reads them and where they are, :func:`team_round_cells` pairs the next round
as ``xl-tiebreak pair TEAM.xlsx`` pairs it (:func:`.ranges.team_next_round.pair_team_tables`, the
FIDE Swiss team system, C.04.6) and gives the Matches table's cells to write: the cells
``pair --write`` writes (:func:`.team_pairing_book.match_cells`: Rd, Home, Away of each match, the
PAB as Away = ``BYE``, in the empty rows after the table's last), so that writing them is all the
runtime does. A round that has rows already is refused; errors name the cell (``Matches!A12``).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Optional

from ...pairing.systems import system_words
from ..functions.pairing import read_system
from ..ranges.team_book import rows_below
from ..ranges.team_next_round import home_away, pair_team_tables
from ..ranges.team_ranges import build_team_event
from ..xlsx.a1 import column_letter, split_cell
from .team_pairing_book import match_cells


@dataclass(frozen=True)
class TableRead:
    """A team range as the runtime reads it: its ``sheet``, first row and column (1-based), its
    ``rows`` from its first row down to at least the sheet's last row with anything (rows further
    down are empty), the first ``named`` of them those of the defined name."""

    sheet: str
    top: int
    left: int
    rows: list[list[Any]]
    named: int

    def table(self, grows: bool = False) -> list[list[Any]]:
        """The name's rows and, for a table that grows (Teams, Matches), the rows typed just below
        it, as the workbook reader takes them (:func:`.ranges.team_book.rows_below`)."""
        if not grows:
            return self.rows[:self.named]
        width = max((len(r) for r in self.rows), default=0)

        def filled(coord: str) -> bool:
            col, row = split_cell(coord)
            i, j = row - self.top, col - self.left
            v = self.rows[i][j] if i < len(self.rows) and j < len(self.rows[i]) else None
            return v is not None and not (isinstance(v, str) and not v.strip())
        last = rows_below(filled, self.left, self.left + width - 1, self.top + self.named - 1)
        return self.rows[:last - self.top + 1]

    def cell_name(self, i: int, j: int) -> str:
        """``Matches!C12``: the cell of row ``i``, column ``j`` of the range (0-based)."""
        return f"{self.sheet}!{column_letter(self.left + j)}{self.top + i}"


@dataclass(frozen=True)
class TeamCellsToWrite:
    """What the action writes on a team workbook: round ``round`` paired by ``system``, ``cells``
    on ``sheet`` (the Matches table's, A1 -> value), ``matches`` matches and the PAB's team."""

    round: int
    system: str
    sheet: str
    cells: dict[str, Any]
    matches: int
    pab: Optional[int] = None

    def summary(self) -> str:
        """One line for the user."""
        rows = sorted({split_cell(a)[1] for a in self.cells})
        where = f"rows {rows[0]}-{rows[-1]}" if len(rows) > 1 else f"row {rows[0]}"
        bye = f" and the pairing-allocated bye (team {self.pab})" if self.pab is not None else ""
        return (f"Round {self.round} paired ({system_words(self.system)}): {self.matches} "
                f"match{'es' if self.matches != 1 else ''}{bye} written into the Matches table ({where} of "
                f"sheet {self.sheet}); "
                "type each board's result there.")


def team_round_cells(teams: TableRead, matches: TableRead, settings: TableRead,
                     system: Any = None) -> TeamCellsToWrite:
    """The cells the one action writes on a team workbook (module docstring), from its ranges
    ``Teams``, ``Matches`` and ``TeamSettings`` as the runtime reads them (:class:`TableRead`),
    the next round paired by ``system`` (empty: auto)."""
    name = read_system(system, "PAIR_NEXT_ROUND", team=True)
    places = {"Teams": teams, "Matches": matches, "Settings": settings}
    grown = matches.table(grows=True)
    read = build_team_event(teams.table(grows=True), grown, settings.table(),
                            cell_name=lambda title, i, j: places[title].cell_name(i, j))
    _event, pairing = pair_team_tables(read, None, name)
    cells = match_cells(matches.rows, len(grown), matches.sheet, matches.top, matches.left, home_away(read, pairing))
    pab = next((u.no for u in pairing.byes if u.kind == "PAB"), None)
    return TeamCellsToWrite(pairing.round, pairing.system, matches.sheet, cells, len(pairing.pairs), pab)
