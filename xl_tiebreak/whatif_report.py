"""The what-if answer (:mod:`xl_tiebreak.whatif`) as the command line shows it: text, CSV, JSON.

Text: who can still finish in each prize place and who is certain, the contenders with their
places, then a table per board and outcome. CSV: that table long (one line per board, outcome
and player). JSON: everything, places as numbers (``places + 1``: below the prize places).
"""

from __future__ import annotations

from fractions import Fraction
from typing import Sequence

from .formatting import format_value
from .textutil import csv_text, table
from .whatif import OUTCOMES, PlacesAnswer, Range, WhatIf, combinations_json

__all__ = ["render_whatif", "range_text", "contender_row", "board_rows", "outcome_rows", "places_document", "head_lines", "who",
           "IF_TIES_LOST"]


#: what the column "If ties lost" means (it was "Sure of", which read as a place he is certain of)
IF_TIES_LOST = ("the best place some combination of results gives him even with every tie on points going "
                "against him (he needs those results: it is not a place he is sure of).")


def range_text(r: Range, places: int) -> str:
    """``2``, ``2-3``, ``out`` (below the prize places) or ``2-out``."""
    def one(v: int) -> str:
        return "out" if v > places else str(v)
    return one(r.best) if r.best == r.worst else f"{one(r.best)}-{one(r.worst)}"


def who(w: PlacesAnswer, nos: tuple[int, ...], starred: tuple[int, ...] = ()) -> str:
    """``12 Name, 5 Name*`` (starred: only level on points there), or ``-`` for nobody."""
    return ", ".join(f"{no} {w.names[no]}" + ("*" if no in starred else "") for no in nos) if nos else "-"


def _points(v: Fraction) -> str:
    return format_value(v, 1)


def head_lines(w: WhatIf) -> list[str]:
    """The lines above the tables: the round and settings, whether the answer is exact and why."""
    how = (f"Exact: {len(w.mattering)} of {len(w.boards)} boards can change places 1-{w.places} "
           f"(3^{len(w.mattering)} = {w.combinations:,} combinations, {w.ranked_by_tiebreaks:,} of them ranked by "
           "the tie-breaks, the others settled on points)") if w.exact else f"Not exact: {w.message}"
    rest = [b.number for b in w.boards if b.number not in w.mattering]
    lines = [f"What if: round {w.round} of {w.of}, {len(w.boards)} board(s) still to play; prize places "
             f"1-{w.places}; rules {w.edition}; tie-breaks {', '.join(w.codes) or 'none'}", how]
    if w.exact and rest:
        lines.append(f"Boards {', '.join(map(str, rest))} cannot change places 1-{w.places}: neither player is within "
                     "reach of a contender's points or tie-breaks.")
    if w.played:
        forfeits = [f"{no} ({res})" for no, res in w.played.items() if res not in OUTCOMES]
        lines.append(f"Looking back: the event as it stood before round {w.round}'s results; (played) marks the "
                     "result each board had" + (f"; decided by forfeit: board {', '.join(forfeits)}" if forfeits
                                                else "") + ".")
    return lines


def contender_row(w: PlacesAnswer, no: int) -> list[str]:
    """A contender's line: No, Name, Pts, Max, On points, If ties lost, Places (as the text shows it)."""
    n = w.places
    op = w.on_points[no]
    on_pts = range_text(Range(op.best, op.worst), n)
    if w.exact:
        places = ", ".join("out" if p > n else str(p) for p in w.reachable[no])
        shared = w.shared.get(no, ())
        if shared:
            places += " (" + ", ".join(map(str, shared)) + " possibly shared)"
    else:
        places = on_pts
    return [str(no), w.names[no], _points(op.points_now), _points(op.max_points), on_pts,
            "out" if op.if_ties_lost > n else str(op.if_ties_lost), places]


def board_rows(w: WhatIf) -> tuple[list[list[str]], int]:
    """The boards' table (Bd, White, Black, Result, White's, Black's, Others; the board's cells
    on its first outcome only) and how many boards were left out as changing nothing."""
    groups = []
    for b in w.boards:
        outcomes = [(OUTCOMES[bo.outcome] + (" (played)" if w.played.get(b.number) == OUTCOMES[bo.outcome] else ""),
                     bo.places) for bo in w.by_board if bo.board == b]
        groups.append(([str(b.number), f"{b.white} {w.names[b.white]}", f"{b.black} {w.names[b.black]}"], b.white,
                       b.black, outcomes))
    return outcome_rows(w, groups)


#: one board or match for :func:`outcome_rows`: its first cells (number, the two sides), its two
#: competitors, and per outcome its result's text and the places (competitor -> range) it gives
Group = tuple[list[str], int, int, list[tuple[str, dict[int, Range]]]]


def outcome_rows(w: PlacesAnswer, groups: Sequence[Group]) -> tuple[list[list[str]], int]:
    """The rows of a table of outcomes, a player's boards' or a team's matches': per outcome the
    group's first cells (on its first outcome only), the result, the places of its two competitors
    and of the other contenders whose places it changes; and how many groups were left out, as no
    outcome brings either competitor into the prize places or changes another's places."""
    n = w.places
    overall = {no: (Range(min(w.reachable[no]), max(w.reachable[no])) if w.exact
                    else Range(w.on_points[no].best, w.on_points[no].worst)) for no in w.contenders}
    out = Range(n + 1, n + 1)
    rows, quiet = [], 0
    for head, a, b, outcomes in groups:
        shown = [[range_text(places[a], n), range_text(places[b], n),
                  ", ".join(f"{no}: {range_text(r, n)}" for no, r in places.items()
                            if no not in (a, b) and r != overall[no])] for _, places in outcomes]
        if all(places[a] == out and places[b] == out for _, places in outcomes) \
                and not any(cells[2] for cells in shown):
            quiet += 1
            continue
        for k, ((result, _), cells) in enumerate(zip(outcomes, shown)):
            rows.append((head if k == 0 else [""] * len(head)) + [result, *cells])
    return rows, quiet


def render_whatif(w: WhatIf, fmt: str, source: str) -> str:
    """The answer as a text table (``table``), CSV (``csv``, ``csv-eu``) or JSON."""
    n = w.places
    if fmt == "json":
        import json  # here: the workbook's What if sheet (a recompute) shows the text without it
        return json.dumps(_document(w), ensure_ascii=False, indent=1) + "\n"
    headers = ["Bd", "White", "Black", "Result", "No", "Name", "Best", "Worst"] + (["Played"] if w.played else [])
    long_rows = [[str(bo.board.number), str(bo.board.white), str(bo.board.black), OUTCOMES[bo.outcome], str(no),
                  w.names[no], str(r.best), str(r.worst)]
                 + ([w.played[bo.board.number]] if w.played else [])
                 for bo in w.by_board for no, r in bo.places.items()]
    if fmt.startswith("csv"):
        return csv_text(headers, long_rows, fmt)
    lines = [source] + head_lines(w) + ["", "Who can still finish where:"]
    lines += table(["Place", "Certain", "Can still finish there"],
                   [[str(k), who(w, w.certain(k)), who(w, w.can_finish(k), w.only_if_ties(k))]
                    for k in range(1, n + 1)])
    if not w.exact:
        lines.append("*: only level on points with others there; whether he can is for the tie-breaks to say.")
    lines += ["", "Contenders (the players who can still reach the prize places):"]
    crow = [contender_row(w, no) for no in w.contenders]
    lines += table(["No", "Name", "Pts", "Max", "On points", "If ties lost", "Places"], crow, right={0, 2, 3})
    lines += ["On points: his places with ties on points going his way or against him; If ties lost: " + IF_TIES_LOST,
              "Places: " + ("every place he reaches in some combination (ranked by points and the tie-breaks)."
                            if w.exact else "on points alone (the tie-breaks are not applied).")]
    rows, quiet = board_rows(w)
    lines += ["", "Each board's outcomes: the places of its two players, and of the other contenders whose places "
              f"it changes (start number: places); out: below place {n}"
              + ("" if w.exact else "; on points alone, ties going either way") + "."]
    lines += table(["Bd", "White", "Black", "Result", "White's", "Black's", "Others"], rows, right={0})
    if quiet:
        lines.append(f"{quiet} other board(s): no outcome brings either player into places 1-{n} or changes "
                     "another contender's places.")
    if any(not b.coloured for b in w.boards):
        lines.append("A board without colours in the pairing lists the lower start number as White.")
    return "\n".join(lines) + "\n"


def places_document(w: PlacesAnswer) -> dict[str, object]:
    """The JSON of the places (who can finish, only level, is certain of each) and of the
    contenders (points, on points, places), a player's answer's or a team's."""
    return {
        "places": [{"place": k, "certain": list(w.certain(k)), "can_finish": list(w.can_finish(k)),
                    "only_if_ties": list(w.only_if_ties(k))}
                   for k in range(1, w.places + 1)],
        "contenders": [{"no": no, "name": w.names[no], "points": float(w.on_points[no].points_now),
                        "max_points": float(w.on_points[no].max_points),
                        "on_points": {"best": w.on_points[no].best, "if_ties_lost": w.on_points[no].if_ties_lost,
                                      "worst": w.on_points[no].worst,
                                      "places": {str(k): how for k, how in w.on_points[no].reachable}},
                        "places": list(w.reachable[no]) if w.exact else None,
                        "shared": list(w.shared.get(no, ())) if w.exact else None} for no in w.contenders]}


def _document(w: WhatIf) -> dict[str, object]:
    def rng(r: Range) -> dict[str, int]:
        return {"best": r.best, "worst": r.worst}
    return {
        "round": w.round, "of": w.of, "prize_places": w.places, "edition": w.edition, "tiebreaks": list(w.codes),
        "exact": w.exact, "message": w.message, "boards_mattering": list(w.mattering), "max_boards": w.max_boards,
        "combinations": combinations_json(w.combinations), "ranked_by_tiebreaks": w.ranked_by_tiebreaks,
        "reach": w.reach, "below": w.places + 1,
        **places_document(w),
        "boards": [{"board": b.number, "white": b.white, "black": b.black, "colours_known": b.coloured,
                    "matters": b.number in w.mattering,
                    "outcomes": {OUTCOMES[bo.outcome]: {str(no): rng(r) for no, r in bo.places.items()}
                                 for bo in w.by_board if bo.board == b},
                    **({"played": w.played[b.number]} if w.played else {})} for b in w.boards],
        **({"looking_back": True} if w.played else {}),
    }
