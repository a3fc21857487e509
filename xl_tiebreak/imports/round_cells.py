"""One round of a chess-results or Swiss-Manager crosstable export: its cell (or Swiss-Manager's
three cells) read as what happened, and what the reader assumed where the cell does not say.

See :mod:`.chess_results` for the formats and where they were learned; ``-1`` is read as a
pairing-allocated bye and :func:`bye_notes` says so.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Optional, Sequence

__all__ = ["EXPECTED_CELL", "HALF", "RoundColumns", "bye_notes", "cell", "parse", "text", "three_columns"]

# the opponent: at most six ASCII digits (a longer number is no opponent, and one of 5,000 digits
# could not be converted)
_GAME = re.compile(r"^([0-9]{1,6})\s*([wbs])?\s*(1|0|½|=|0[.,]5|1/2|\+|-)?$", re.I)
_BYE = re.compile(r"^-\s*(1|½|0|0[.,]5|=|1/2)$")
HALF = {"½", "=", "0.5", "0,5", "1/2"}  # a draw, as the exports write it
_SAVED_BYES = {-1: "1", 0: "0", -0.5: "½"}  # the number a spreadsheet made of -1, -0, -0.5
EXPECTED_CELL = ("expected e.g. 12w1, 12b½, 12s0 (opponent, colour, result), 12w+ / 12b- (forfeit), -1, -½ or -0 (no "
                 "opponent); Swiss-Manager's own export: the opponent, the colour (w, b or -) and the result in "
                 "three columns under N.Rd.")


def text(v: object) -> str:
    """A cell as text, stripped, a byte-order mark before it too (left by a file joined to
    another: it would hide a heading such as ``Rk.``); a whole float (a spreadsheet's 12.0)
    without its ``.0``."""
    if v is None:
        return ""
    if isinstance(v, float) and v.is_integer():
        v = int(v)
    return str(v).strip().lstrip("\ufeff").strip()


def cell(row: Sequence[object], j: Optional[int]) -> object:
    """Column ``j`` of a row (None past its end or for no column)."""
    return row[j] if j is not None and j < len(row) else None


def parse(v: object) -> Optional[tuple]:
    """A round cell: ("game", opponent ref, colour or None, result or None), ("bye", points
    text), None for an empty cell; raises ValueError for anything else."""
    t = text(v)
    if not t:
        return None
    if t == "-":  # not paired
        return ("bye", "0")
    if isinstance(v, (int, float)) and not isinstance(v, bool):
        # a spreadsheet that opened the export made numbers of "-1" and "-0" (-1 and 0)
        if v in _SAVED_BYES:
            return ("bye", _SAVED_BYES[v])
        raise ValueError(t)
    if t == "0":  # "-0" saved by a spreadsheet as text
        return ("bye", "0")
    m = _GAME.match(t)
    if m and (m.group(2) or m.group(3) in ("+", "-")):  # no colour: a forfeit only
        colour = None if not m.group(2) else "w" if m.group(2).lower() == "w" else "b"
        return ("game", int(m.group(1)), colour, m.group(3))
    m = _BYE.match(t)
    if m:
        return ("bye", m.group(1))
    raise ValueError(t)


@dataclass(frozen=True)
class RoundColumns:
    """Where each round's result is: the column of its heading, and whether the round fills that
    one cell (chess-results: ``12w1``) or three (Swiss-Manager's own export: the opponent under
    the heading ``N.Rd.``, then the colour and the result in two unnamed columns)."""

    rounds: dict[int, int]
    three: bool = False

    def value(self, row: Sequence[object], r: int) -> object:
        j = self.rounds[r]
        return joined(row, j) if self.three else cell(row, j)


def three_columns(rows: Sequence[Sequence[object]], header: Sequence[object], body: list[int],
                   rounds: dict[int, int]) -> bool:
    """Whether every round spans three columns, as Swiss-Manager exports its crosstable: each
    heading followed by two unnamed columns, the first of them holding colours (w, b, -)."""
    colours: set[str] = set()
    for r, j in rounds.items():
        if rounds.get(r + 1, j + 3) != j + 3 or any(text(header[k]) for k in (j + 1, j + 2) if k < len(header)):
            return False
        colours |= {text(cell(rows[i], j + 1)).lower() for i in body}
    return colours <= {"w", "b", "s", "-", ""} and bool(colours & {"w", "b", "s"})


def joined(row: Sequence[object], j: int) -> Optional[str]:
    """One round of the three-column layout written as chess-results writes it in one cell:
    ``11 | w | 1`` -> ``11w1``, `` | - | 1`` -> ``-1`` (no opponent), `` | - | `` -> ``-`` (not
    paired), ``11 | - | +`` -> ``11+`` (a forfeit without a colour); None for three empty cells."""
    opp, colour, res = (text(cell(row, j + k)) for k in range(3))
    if not (opp or colour or res):
        return None
    if colour.lower() in ("w", "b", "s"):
        return f"{opp}{colour}{res}"
    if colour in ("-", ""):
        if not opp.strip("0-"):  # no opponent (Swiss-Manager leaves it empty)
            return "-" if res in ("", "-") else f"-{res}"
        if res in ("+", "-"):
            return f"{opp}{res}"
    return " | ".join((opp, colour, res))  # refused by _parse, shown as found


def bye_notes(byes: list[tuple[int, int, str]]) -> tuple[str, ...]:
    """What was assumed of the cells '-1' (a point without an opponent): the export writes the
    pairing-allocated bye and a full-point bye given on request alike, so each was read as the
    former; a player with several had at most one of them from the pairing (C.04)."""
    if not byes:
        return ()
    notes = [f"'-1' (a point without an opponent) in {len(byes)} cell(s), the first at {byes[0][2]}: read as a "
             "pairing-allocated bye (BYE); the export writes a full-point bye given on request (F) the same way. "
             "With a bye worth a win, as here, the tie-breaks count the two alike (both unplayed rounds at face "
             "value, C.07 Art. 16.2.1), so the values do not depend on it; where one was a full-point bye, make "
             "the workbook (workbook --from) and write F in its cell"]
    per: dict[int, list[int]] = {}
    for no, r, _ in byes:
        per.setdefault(no, []).append(r)
    several = [(no, rs) for no, rs in per.items() if len(rs) > 1]
    if several:
        shown = "; ".join(f"No {no}: rounds {', '.join(map(str, rs))}" for no, rs in several[:5])
        more = f"; and {len(several) - 5} more player(s)" if len(several) > 5 else ""
        notes.append(f"'-1' in more than one round for {len(several)} player(s) ({shown}{more}): a player receives "
                     "the pairing-allocated bye once (C.04), so the others were full-point byes or points given "
                     "for rounds not played; the tie-breaks count them alike")
    return tuple(notes)
