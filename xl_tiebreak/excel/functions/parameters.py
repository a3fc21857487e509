"""The parameters of the Excel functions, each declared once: what Excel shows for it while a
formula is typed (one short plain sentence) and what it takes (a table, a range, a range or one
value, one value). A parameter means the same in every function that has it; a function may say
more of one in its declaration (:func:`.functions.registry.worksheet_function`).
"""

from __future__ import annotations

#: the arguments that are tables of rows, whose cells their readers check (the crosstable, the team ranges)
TABLES = frozenset({"crosstable", "matches", "teams"})
#: the arguments that take a range (xlwings hands them over as 2-D lists), the tables among them
RANGES = TABLES | {"tiebreak_list", "settings", "category", "categories", "prize_table", "prize_rules",
                   "pairing_settings"}
#: the arguments that take one value or a range (the edition: a name, a date, or a range with both)
VALUE_OR_RANGE = frozenset({"edition"})


def takes_a_range(parameter: str) -> bool:
    """Whether the argument may be a range of several cells (every other one takes one value; a
    range of one cell is that cell)."""
    return parameter in RANGES or parameter in VALUE_OR_RANGE


#: What Excel shows for each parameter while a formula is typed (one short plain sentence).
PARAMETER_DOCS: dict[str, str] = {
    "player": "The player's start number (the No column).",
    "crosstable": "The crosstable range with its header row: No, Name, Rating and R1, R2, ...",
    "edition": "Rule edition: fide2026, fide2024 or fide2012, or the start date (the edition then in force), "
               "or a range with both (the name wins); empty: fide2026.",
    "rounds": "The event's number of rounds; empty: the crosstable's round columns.",
    "page": "TRUE for the notice-board page: each player's title, rating and federation after the tie-breaks, and "
            "under the table the legend of the list and the notes on unrated players; empty: the table only.",
    "rating_figures": "TRUE or yes to add each player's FIDE rating figures after the table: Rp, K and Rtg+/- "
                      "(as RATINGS), and their legend under a page (Settings, Rating figures); empty or no: none.",
    "live": "TRUE for live standings (finished games of the round in progress count); empty: after the last "
            "complete round.",
    "kind": "Event type: swiss (default) or round-robin.",
    "unrated": "Rating given to unrated players in the rating tie-breaks; empty: the FIDE rule.",
    "settings": "Choices the rules leave open: rows of name and value, or text name=value; name=value.",
    "code": "A tie-break code such as BH/C1, SB, DE or ARO.",
    "tiebreak_list": "The event's tie-breaks in order: a text BH/C1,BH,SB or a range with one code per cell.",
    "row": "Only this row of the table (0 is the header); empty: the whole table.",
    "column": "Only this column of the table (1 is the first); empty: every column.",
    "after_round": "The round after which the score is wanted (0 to the last round).",
    "category": "A category: U1600, 1600-1799, women, U18, S50, FED=ENG, CLUB=name or unrated; or a range of rows name | "
                "category (the Categories sheet).",
    "categories": "The event's categories: rows of name | category (U1600, women, U18, S50, FED=ENG, CLUB=name), which the "
                  "prize table's headings may name.",
    "age_basis": "How ages are counted: year (default; the age reached in the event's year) or date (the exact "
                 "age on the start date).",
    "prize_table": "The prize table: a heading row (Place, then categories), then one row per prize, 1st, 2nd, "
                   "...; the first column holds the rows' labels.",
    "prize_rules": "Rows of name and value: Ties tiebreak, shared or hort; Order value or places-first; Rounding "
                   "unit such as 0.01. Empty: tiebreak, value, 0.01.",
    "status_line": "The event's status line (Crosstable!A3, its STATUS formula).",
    "table": "The first cell of the sheet's table (its formula's cell): an error it shows is told in the line.",
    "places": "The prize places looked at: 1 to this place (empty: 3).",
    "max_boards": "Boards whose results are combined exactly, at most 10 (3^10 combinations); empty: 8. Beyond it "
                  "the places are on points alone.",
    "score_before": "The player's score before the unplayed round.",
    "forfeit_score": "The points the player was awarded in the unplayed round.",
    "rounds_completed": "The number of rounds completed (n).",
    "round_number": "The round the player did not play (R).",
    "rate_of_play": "The rate of play the games are rated at: standard, rapid or blitz (Settings, Rate of play); "
                    "empty: standard, assumed.",
    "round_to_pair": "The round to pair; empty: the first round with a result missing.",
    "system": "The pairing system: auto (Berger tables for a round robin, Dutch for a Swiss event), berger or dutch.",
    "team": "The team's number (the Team column of the Teams sheet).",
    "matches": "The match grid with its header row: Rd, Home, Away, Forfeit, B1, B2, ... and the line-ups.",
    "teams": "The teams with their players in board order, with the header row: Team, Team name, No, Name, ...",
}
