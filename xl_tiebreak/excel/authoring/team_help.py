"""The team workbook's Help sheet (:mod:`.team_template`): how to type the Teams and Matches sheets,
what each team function does, and the hidden table of the team codes' decimals that the Standings
sheet reads (:func:`team_lookup_range`)."""

from __future__ import annotations

from openpyxl.styles import Alignment, Font  # type: ignore[import-untyped]
from openpyxl.utils import get_column_letter  # type: ignore[import-untyped]

from .styles import BOLD
from .template import fit_heights, print_setup


def help_sheet(ws) -> None:
    """The Help sheet: how to type the Teams and Matches sheets, each team function's description, and
    (hidden, columns D:E) every team code's decimals, which the Standings read."""
    from ..functions.individual import TEAM, description, group  # (importing functions registers them all)
    from .template import plain
    lines = [
        ("How to use this workbook", ""),
        ("", ""),
        ("Teams", "One row per player in board order, reserves last; the team's number on its first row at least."),
        ("Matches", "One row per match and round; the board results from the home team's side."),
        ("1-0 ½-½ 0-1", "The home player won, drew, lost (½-½ may be written =-= or 0.5-0.5)."),
        ("+- and -+", "Forfeit: the home player, or the away player, won without a game."),
        ("--", "Double forfeit: no game, both lost."),
        ("x", "No game on the board: neither team had a player there."),
        ("1-0s", "A game of less than one move (s after the result: not a played game)."),
        ("Forfeit", "A forfeited match, no board played: +- home team won, -+ away team won, -- lost by both."),
        ("BYE, F, H, Z", "In the Away column: pairing-allocated bye; team bye worth a win, a draw, nothing."),
        ("-", "In the Away column: the team is absent this round (no match; nothing scored). Every team has a "
              "row in every round: until it has, the round is not complete."),
        ("(empty)", "A board not in yet: the standings stay those after the last complete round."),
        ("Line-ups", "Home 1 .. and Away 1 ..: the start numbers of the players on each board; all empty: the "
                     "first players of the team's roster."),
        ("", ""),
    ]
    for name in group(TEAM):  # in the order of their definitions
        lines.append((name, plain(description(name))))
    lines += [("", ""), ("Without Excel", "xl-tiebreak recompute BOOK.xlsx fills in every value.")]
    for i, (a, b) in enumerate(lines, start=1):
        ws.cell(i, 1, a).font = BOLD if i > 1 else Font(bold=True, size=14)
        ws.cell(i, 1).alignment = Alignment(vertical="top")
        ws.cell(i, 2, b).alignment = Alignment(wrap_text=True, vertical="top")
    ws.column_dimensions["A"].width = 20
    ws.column_dimensions["B"].width = 100
    fit_heights(ws, 2, 100, range(1, len(lines) + 1))
    print_setup(ws, f"A1:B{len(lines)}")
    for i, (code, decimals) in enumerate(team_lookup_rows(), start=2):  # the Standings' decimals (hidden)
        ws.cell(i, LOOKUP_COL, code)
        ws.cell(i, LOOKUP_COL + 1, decimals)
    for j in (LOOKUP_COL, LOOKUP_COL + 1):
        ws.column_dimensions[get_column_letter(j)].hidden = True


#: the team codes' decimals on the Help sheet (columns D:E, hidden): what the Standings read
LOOKUP_COL = 4


def team_lookup_rows() -> list[tuple[str, int]]:
    """(code, decimals) of every team code, alias and qualified name (``BH:MP``), from the team
    registry (a row without its own decimals shows the scores': one, lined up)."""
    from ...descriptor import team_rows
    out = []
    for r in team_rows().values():
        for name in (r.name, *r.aliases):
            for code in (name, *(f"{name}:{q}" for q in r.qualifiers)):
                out.append((code, 1 if r.decimals is None else r.decimals))
    return out


def team_lookup_range() -> str:
    """The team lookup table (absolute, with its sheet): code, decimals."""
    first, last = get_column_letter(LOOKUP_COL), get_column_letter(LOOKUP_COL + 1)
    return f"Help!${first}$2:${last}${len(team_lookup_rows()) + 1}"
