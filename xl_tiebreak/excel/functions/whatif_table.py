"""The table WHATIF spills (the What if sheet): the answer of :func:`xl_tiebreak.whatif.what_if`
as the command line's ``whatif`` prints it (:mod:`xl_tiebreak.whatif_report`), in cells.

Seven columns. From the top: the head lines (the round, the settings, whether the answer is
exact or on points alone and why); the prize places (``Place | Can still finish there |
Certain``); the contenders (``No | Name | Places | Pts | Max | If ties lost | On points``); the boards
whose outcomes change something (``Bd | White | Black | Result | White's | Black's | Others``).
A long text is cut at a word into rows below it, in its own column: a spilled cell's text does not
run over its neighbours in LibreOffice. When no round awaits its results, the table is one text
saying so (:func:`state_table`), not an error.
"""

from __future__ import annotations

import textwrap
from typing import Any, Sequence

from ...formatting import json_number
from ...whatif import WhatIf
from ...whatif_report import IF_TIES_LOST, board_rows, contender_row, head_lines, who

WIDTH = 7
#: characters a text may take in the columns B, C and G (the sheet's widths hold them)
ROOM = {1: 64, 2: 34, 6: 37}
PLACE_HEADER = ["Place", "Can still finish there", "Certain", "", "", "", ""]
CONTENDER_HEADER = ["No", "Name", "Places", "Pts", "Max", "If ties lost", "On points"]
BOARD_HEADER = ["Bd", "White", "Black", "Result", "White's", "Black's", "Others"]
TITLE = "What if"


def _cut(text: str, room: int) -> list[str]:
    """``text`` in pieces of at most ``room`` characters, cut after a comma or a blank."""
    return textwrap.wrap(text, room, break_on_hyphens=False) or [""]


def _packed(entries: Sequence[str], room: int) -> list[str]:
    """A list (``12 Name, 5 Name``) in lines of at most ``room`` characters, cut between entries
    (an entry longer than a line is cut at its blanks)."""
    lines: list[str] = []
    for e in entries:
        if lines and len(lines[-1]) + 2 + len(e) <= room:
            lines[-1] += ", " + e
        else:
            if lines:
                lines[-1] += ","
            lines += _cut(e, room)
    return lines or ["-"]


def _who(w: WhatIf, nos: Sequence[int], starred: Sequence[int] = ()) -> list[str]:
    """``who`` of the text report, as its entries."""
    return [who(w, (no,), tuple(starred)) for no in nos]


def _rows(cells: Sequence[Any]) -> list[list[Any]]:
    """One row of the table, its long texts (columns B, C, G) continued in the rows below; a
    list of entries is cut between them."""
    pieces = {j: _packed(cells[j], ROOM[j]) if isinstance(cells[j], list) else _cut(cells[j], ROOM[j])
              for j in ROOM if isinstance(cells[j], list) or (isinstance(cells[j], str) and len(cells[j]) > ROOM[j])}
    first = list(cells)
    for j, cut in pieces.items():
        first[j] = cut[0]
    out = [first]
    for i in range(1, max((len(c) for c in pieces.values()), default=1)):
        out.append([pieces[j][i] if j in pieces and i < len(pieces[j]) else "" for j in range(WIDTH)])
    return out


def _text(first: str, text: str) -> list[list[Any]]:
    """A label in column A and a text in B, continued below."""
    return _rows([first, text] + [""] * (WIDTH - 2))


def state_table(message: str) -> list[list[Any]]:
    """The table when there is nothing to foresee (no round paired with its results to come, a
    round half entered, ...): the reason and what to do, as text."""
    return _text(TITLE, message[:1].upper() + message[1:] + ("" if message.endswith(".") else "."))


def whatif_table(w: WhatIf) -> list[list[Any]]:
    """The table of an answer (see the module's text)."""
    n = w.places
    out: list[list[Any]] = []
    for k, line in enumerate(head_lines(w)):
        out += _text(TITLE if k == 0 else "", line)
    out.append([""] * WIDTH)
    out.append(list(PLACE_HEADER))
    for k in range(1, n + 1):
        out += _rows([k, _who(w, w.can_finish(k), w.only_if_ties(k)), _who(w, w.certain(k)), "", "", "", ""])
    if not w.exact:
        out += _text("Note:", "*: only level on points with others there; whether he can is for the tie-breaks "
                              "to say.")
    out.append([""] * WIDTH)
    out.append(list(CONTENDER_HEADER))
    for no in w.contenders:
        _no, name, _pts, _max, on_points, sure, places = contender_row(w, no)
        op = w.on_points[no]
        out += _rows([no, name, places, json_number(op.points_now), json_number(op.max_points), sure, on_points])
    out += _text("Note:", "Places: " + ("every place he reaches in some combination of results, ranked by points "
                                        "and the tie-breaks." if w.exact else
                                        "on points alone (the tie-breaks are not applied)."))
    out += _text("", "On points: his places with ties on points going his way or against him. If ties lost: "
                     + IF_TIES_LOST)
    rows, quiet = board_rows(w)
    out.append([""] * WIDTH)
    out.append(list(BOARD_HEADER))
    for r in rows:
        others = [e for e in r[6].split(", ") if e]  # "14: 1-3, 9: out"
        out += _rows([int(r[0]) if r[0] else "", *r[1:6], others if others else ""])
    out += _text("Note:", f"Each board's outcomes: the places of its two players, and of the other contenders "
                          f"whose places it changes (start number: places); out: below place {n}"
                          + ("" if w.exact else "; on points alone, ties going either way") + ".")
    if quiet:
        out += _text("", f"{quiet} other board(s): no outcome brings either player into places 1-{n} or changes "
                         "another contender's places.")
    if any(not b.coloured for b in w.boards):
        out += _text("", "A board without colours in the pairing lists the lower start number as White.")
    return out
