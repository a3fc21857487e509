"""The command line's options: each argument declared once (:func:`arguments`: its flags, type,
choices and help text) and each command's name, help and the arguments it takes
(:func:`commands`). :mod:`xl_tiebreak.cli` builds the parser from them and runs the commands.
"""

from __future__ import annotations

import argparse
from typing import Any

from ..editions import EDITIONS
from ..number_text import is_digits
from .choices import FINDINGS_FORMATS, TABLE_FORMATS, TEXT_FORMATS


def _rating(text: str) -> int:
    if not is_digits(text) or not 0 < int(text) < 4000:
        raise argparse.ArgumentTypeError(f"{text!r} is not a rating (a whole number from 1 to 3999)")
    return int(text)


_EVENT_TYPES = ("swiss", "round-robin")


def _set_help() -> str:
    """The names ``--set`` accepts and their values, for its help."""
    from ..options import CHOICES, TEAM_CHOICE_HELP, TEAM_CHOICES
    words = [f"{name}={'|'.join(values)}" for name, values in CHOICES.items()]
    team = [f"{name}={'|'.join(values)} ({TEAM_CHOICE_HELP[name][0]}: {TEAM_CHOICE_HELP[name][1]})"
            for name, values in TEAM_CHOICES.items()]
    return (", ".join(words + ["svon_cut_unplayed_first=no|yes", "short_games_played=yes|no",
                               "aob_decimals=auto|none|N", "unrated_rating=none|RATING"])
            + "; team events: " + "; ".join(team))


def arguments() -> dict[str, tuple[tuple[str, ...], dict[str, Any]]]:
    """Every argument, declared once: its name, flags and argparse settings. A command takes it by
    name (:func:`commands`). Entries share a flag only where the meaning differs (one edition or
    several; an event's type or a template's; the formats each command writes)."""
    tiebreaks = {"metavar": "LIST", "help": "comma-separated descriptors, e.g. BH/C1,BH,SB,DE (default: the "
                                            "file's record 202, else a FIDE list)"}
    return {
        "input": (("input",), {"help": "a FIDE TRF file or an .xlsx workbook"}),
        "trf input": (("input",), {"help": "a FIDE TRF file, or with --from another program's export"}),
        "check input": (("input",), {"help": "a FIDE TRF file, an .xlsx workbook, or with --from another program's "
                                           "export"}),
        "from": (("--from",), {"dest": "source", "choices": ("trf", "chess-results", "swiss-manager", "vega"),
                               "default": "trf",
                               "help": "what the input is: a TRF file (default), the crosstable chess-results.com or "
                                       "Swiss-Manager exports (.xlsx or CSV), or Vega's cross table (text); their "
                                       "published points and TB columns are compared with ours (--tiebreaks says "
                                       "which tie-breaks TB1, TB2, ... are)"}),
        "export input": (("input",), {"help": "an .xlsx workbook with a Crosstable, or a team TRF file (written "
                                              "again as TRF-26, with the team records and the teams' ranks)"}),
        "recompute input": (("input",), {"help": "an .xlsx workbook"}),
        "tiebreaks": (("--tiebreaks", "-t"), tiebreaks),
        "tiebreaks (no -t)": (("--tiebreaks",), tiebreaks),  # explain: there -t is --tiebreak
        "player": (("--player", "-p", "--team"), {"type": int, "required": True,
                                                  "help": "the player's start number (a team event: the team's number)"}),
        "tiebreak": (("--tiebreak", "-t"), {"required": True, "metavar": "CODE", "help": "e.g. BH/C1, SB, ARO, DE"}),
        "rules": (("--rules", "-r"), {"metavar": "EDITION", "help": "rule edition: " + ", ".join(EDITIONS) + " "
                                      "(default: the edition in force at the event's start date, else fide2026)"}),
        "editions": (("--rules", "-r"), {"metavar": "EDITIONS", "default": ",".join(reversed(EDITIONS)),
                                         "help": "comma-separated editions (default: every edition, oldest first)"}),
        "type": (("--type",), {"dest": "kind", "choices": _EVENT_TYPES,
                               "help": "event type (default: the file's, else swiss)"}),
        "rounds": (("--rounds",), {"type": int, "metavar": "N", "help": "evaluate rounds 1..N only"}),
        "live": (("--live",), {"action": "store_true",
                               "help": "live standings: include the finished games of the round in progress "
                                       "(points and tie-breaks over the games finished; a game not in yet does "
                                       "not count); default: the standings after the last complete round (a "
                                       "workbook's Settings, Live standings, can ask too)"}),
        "format": (("--format", "-f"), {"choices": TABLE_FORMATS, "default": "table",
                                        "help": "table: aligned text for the screen or a notice board; csv: comma-"
                                                "separated, decimal point, UTF-8; csv-eu: for Excel set to European "
                                                "formats (semicolons, decimal comma, UTF-8 with a byte-order mark); "
                                                "json: every value with the edition and the rounds (default: table)"}),
        "text output": (("-o", "--output"), {"metavar": "FILE",
                                             "help": "write to FILE (UTF-8) instead of the screen; an existing "
                                                     "file is replaced only with --force"}),
        "text format": (("--format", "-f"), {"choices": TEXT_FORMATS, "default": "text",
                                             "help": "text: the account as lines to read (default); json: the same "
                                                     "steps as data, for another program"}),
        "findings format": (("--format", "-f"), {"choices": FINDINGS_FORMATS, "default": "table",
                                                 "help": "table: one line per problem, severity, place and message "
                                                         "(default); json: the counts and every finding's severity, "
                                                         "rule, place and message"}),
        "set": (("--set",), {"action": "append", "default": [], "metavar": "NAME=VALUE",
                             "help": "a choice the regulations leave open (repeat for several); the first "
                                     "value is the default: " + _set_help() + " (see xl_tiebreak.Options)"}),
        "team pab": (("--team-pab",), {"metavar": "VALUE",
                                       "help": "a team event's PAB where no record 320 states it: win (a won match, "
                                               "every board won; the default), draw (a drawn match, every board "
                                               "drawn) or MP,GP, e.g. 1,2"}),
        "team primary": (("--team-primary",), {"choices": ("MP", "GP"), "type": str.upper,
                                               "help": "a team event's primary score where no record 192 states it "
                                                       "(TRF-16): MP (match points, the default) or GP (game points)"}),
        "unrated": (("--unrated",), {"type": _rating, "metavar": "RATING",
                                     "help": "rating for unrated players in the rating tie-breaks (default: "
                                             "such tie-breaks are dropped when anyone is unrated)"}),
        "template type": (("--type",), {"dest": "kind", "choices": [*_EVENT_TYPES, "teaching", "team"],
                                        "default": "swiss",
                                        "help": "teaching: the worked example with Explain, Exercise and "
                                                "Progress sheets; team: a team event (Teams, Matches, Standings)"}),
        "runtime": (("--runtime",), {"choices": ("classic", "lite"), "default": "classic",
                                     "help": "classic: the xlwings add-in (function names as typed); lite: xlwings "
                                             "Lite (names saved as Excel saves add-in functions, _xldudf_NAME)"}),
        "players": (("--players",), {"type": int, "help": "rows for players (default 400 Swiss, 20 round robin)"}),
        "columns": (("--rounds",), {"type": int, "help": "round columns (default 11 Swiss, 19 round robin)"}),
        "boards": (("--boards",), {"type": int, "help": "boards per match (--type team; default 4)"}),
        "player fields": (("--player-fields",), {"action": "store_true", "help": "FIDE ID, Sex, Born and Club "
                                                 "columns after Fed (read by women, age and club categories)"}),
        "cells": (("--cells",), {"action": "store_true", "help": "one formula per cell instead of spilled "
                                 "tables (for Excel 2019 and earlier, without dynamic arrays)"}),
        "output": (("-o", "--output"), {"required": True, "help": "the .xlsx file to write"}),
        "trf output": (("-o", "--output"), {"required": True, "help": "the .trf file to write"}),
        "in place": (("-o", "--output"), {"help": "write here instead of replacing the input (which is then "
                                          "kept as BOOK.bak-YYYY-MM-DD-HHMMSS-xxxxxxxx.xlsx)"}),
        "encoding": (("--encoding",), {"metavar": "NAME", "help": "text encoding of a TRF file (default: UTF-8, "
                                       "else Windows-1252, Windows-1250 or Latin-1, with a warning), e.g. cp1250"}),
        "trf encoding": (("--encoding",), {"metavar": "NAME", "dest": "output_encoding",
                                           "help": "text encoding of the TRF written, e.g. cp1250 (default: a team "
                                           "TRF's, the one it is read in; a workbook's, Windows-1252 when every "
                                           "character fits, else UTF-8 with a note)"}),
        "input encoding": (("--input-encoding",), {"metavar": "NAME", "dest": "encoding",
                                                   "help": "text encoding a team TRF is read in (default: UTF-8, "
                                                   "else Windows-1252, Windows-1250 or Latin-1, with a warning)"}),
        "force": (("--force",), {"action": "store_true", "help": "replace the output file if it exists"}),
        "category": (("--category",), {"metavar": "CATEGORY", "help": "only the players of a category, in the whole "
                                       "event's order: U1600 (rated below), 1600-1799, women, U18 / S50 (age), "
                                       "unrated, FED=ENG, CLUB=name"}),
        "categories": (("--category",), {"action": "append", "default": [], "metavar": "CATEGORY",
                                         "help": "a category whose standings the page lists, as for standings "
                                                 "--category (repeat for several; the categories of "
                                                 "--category-prize are listed too)"}),
        "page output": (("-o", "--output"), {"required": True, "metavar": "FILE",
                                             "help": "the .html file to write (one file, nothing fetched when "
                                                     "it is viewed); an existing file is replaced only with --force"}),
        "age": (("--age",), {"choices": ("year", "date"), "default": None,
                             "help": "age categories by birth year (FIDE youth and senior events; default) or by "
                                     "the exact age on the start date"}),
        "places": (("--places",), {"metavar": "AMOUNTS", "help": "place prizes, e.g. 500,300,200"}),
        "category prize": (("--category-prize",), {"action": "append", "default": [], "metavar": "CATEGORY=AMOUNTS",
                                                   "help": "a category's prizes, e.g. U1600=100,50 (repeat)"}),
        "ties": (("--ties",), {"choices": ("tiebreak", "shared", "hort"), "default": None,
                               "help": "players tied on points: ranked by the tie-breaks (default), prizes "
                                       "shared equally, or the Hort system (half kept, half shared)"}),
        "prize order": (("--order",), {"choices": ("value", "places-first"), "default": None,
                                       "help": "one prize per player: the most valuable first (default), or "
                                               "the place prizes first"}),
        "prize places": (("--places",), {"type": int, "default": None, "metavar": "N",
                                          "help": "the prize places to look at: 1..N (default 3, or all when fewer "
                                                  "players/teams, or a workbook's What if sheet's)"}),
        "round": (("--round",), {"type": int, "metavar": "R", "help": "the round paired with its results to come "
                                 "(default: the last such round)"}),
        "pair round": (("--round",), {"type": int, "metavar": "K", "help": "the round to pair, from rounds 1..K-1 "
                                      "and what is typed in round K already (byes, absences, pairs); default: the "
                                      "first round with a result missing"}),
        "system": (("--system",), {"choices": ("auto", "berger", "dutch", "fideteam", "fideteam-typeb",
                                               "fideteam-nocolor"), "default": "auto",
                                   "help": "auto: Berger tables (C.05 Annex 1) for a round robin, the Dutch system "
                                           "(C.04.3) for a Swiss event, the FIDE Swiss team system (C.04.6, "
                                           "colour model from record 192) for a team event (default); fideteam: "
                                           "Type A colours, fideteam-typeb, fideteam-nocolor"}),
        "forbid": (("--forbid",), {"metavar": "A-B,...", "help": "pairs that may not meet (same family or club), "
                                   "e.g. 3-7,5-9 (start numbers; a team event's team numbers), with a TRF's "
                                   "record 260; the Dutch and team systems. Given, it replaces a workbook's "
                                   "Settings cell Forbidden pairs"}),
        "initial colour": (("--initial-colour",), {"choices": ("white", "black"), "default": None,
                                                   "help": "the colour drawn for round 1 (C.04.3 art. 5.1); default: "
                                                           "TRF record 152 or a workbook's Settings cell Initial "
                                                           "colour (given, the option overrides either), else round "
                                                           "1's, else white"}),
        "baku": (("--baku",), {"action": argparse.BooleanOptionalAction, "default": None,
                               "help": "Baku acceleration (C.04.7): virtual points for the first half of the "
                                       "start list in the first half of the rounds, for pairing only (a TRF's "
                                       "records 250, when present, are used without it); default: a workbook's "
                                       "Settings cell Baku acceleration (--baku or --no-baku overrides it), else "
                                       "none"}),
        "pair format": (("--format", "-f"), {"choices": ("text", "csv", "json"), "default": "text",
                                             "help": "text: boards with White, Black and a result column (default); "
                                                     "csv; json: {round, system, pairs: [{board, white, black}], "
                                                     "byes: [{no, kind}]} (start numbers)"}),
        "explain pairing": (("--explain",), {"action": "store_true",
                                             "help": "why these pairs and colours: the brackets, floaters, "
                                                     "the criteria that decided (C.04.3 art. 2), the bye, each "
                                                     "board's colour rule (art. 5.2); a team event: the PAB, "
                                                     "upfloaters, identifiers and colour rules of C.04.6 art. "
                                                     "3-4; text or json"}),
        "explain player": (("--player", "-p", "--team"), {"type": int, "metavar": "N",
                                                          "help": "with --explain: only what concerns player N (a "
                                                                  "team event: team N; --team is the same option)"}),
        "explain board": (("--board",), {"type": int, "metavar": "B",
                                         "help": "with --explain: only what concerns board B's two players (a "
                                                 "team event: match B's two teams)"}),
        "write": (("--write",), {"nargs": "?", "const": "", "default": None, "metavar": "FILE",
                                 "help": "write the pairing as games to play: a workbook's round cells (5w, 3b; "
                                         "in place, the version read kept as a backup, or into FILE.xlsx), or a "
                                         "TRF file FILE (the input TRF is kept); nothing typed is overwritten"}),
        "before": (("--before",), {"type": int, "metavar": "R", "help": "look back: the event as it stood before "
                                   "round R's results (its games to come, later rounds not reached), the results "
                                   "played shown beside each board"}),
        "max boards": (("--max-boards",), {"type": int, "default": None, "metavar": "K",
                                           "help": "enumerate every combination of results when at most K boards "
                                                   "matter (3^K events; default 8, or a workbook's What if sheet's; "
                                                   "at most 10) and ranking them fits the work budget (about 12 s "
                                                   "of CPU, counted before it starts); beyond, the answer is on "
                                                   "points alone, saying why"}),
        "print input": (("input",), {"help": "an .xlsx workbook (its sheet as it stands, recomputed; the file is "
                                             "not changed), or a TRF file (the workbook 'workbook' makes of it)"}),
        "sheet": (("--sheet",), {"metavar": "SHEET", "help": "the sheet to print: standings (default), crosstable, "
                                 "categories, prizes, whatif, or any sheet's name (a team workbook: standings, "
                                 "matches, teams), e.g. Pairings (the round last paired by pair --write)"}),
        "print category": (("--category",), {"metavar": "NAME", "help": "only this category of the Categories sheet "
                                             "(a name of its rows; with a TRF file, a category such as U1600)"}),
        "pdf output": (("-o", "--output"), {"required": True, "metavar": "FILE.pdf",
                                            "help": "the PDF to write; an existing file is replaced only with "
                                                    "--force"}),
        "rating change": (("--rating-change",), {"action": "store_true",
                                                 "help": "add each player's FIDE rating figures: Rp (performance "
                                                         "rating), K and the rating change K x (W - We) over the "
                                                         "rated games (FIDE Rating Regulations B.02 by the start "
                                                         "date; see the card command)"}),
        "k factor": (("--k-factor",), {"metavar": "NO=K,...", "help": "K factors as the rating list gives them, "
                                       "by start number, e.g. 3=10,7=40 (default: by B.02 8.3.3 from the rating and "
                                       "birth date, marked assumed; the 700 cap over this event's games applies)"}),
        "rate of play": (("--rate-of-play",), {"choices": ("standard", "rapid", "blitz"), "default": None,
                                               "help": "the rate of play the games are rated at (default: the "
                                                       "file's time control, TRF record 222, or a workbook's Settings row "
                                                       "Rate of play; else standard)"}),
        "unit": (("--unit",), {"default": None, "metavar": "AMOUNT",
                               "help": "shares are rounded down to this (default 0.01); what is left is stated"}),
    }


def commands() -> tuple[tuple[str, str, tuple[str, ...], str], ...]:
    """The commands: name, help, the arguments of :func:`arguments` it takes (in the order its help
    lists them) and the function that runs it, ``module.function`` in this package (it takes the
    parsed options and returns the text to print and the exit status; :mod:`xl_tiebreak.cli`
    imports it when the command runs). A new command is one row here and its module."""
    event = ("input", "tiebreaks", "rules", "type", "rounds", "live", "format", "set", "unrated", "encoding",
             "text output", "force")
    return (
        ("compute", "tie-break values of every player (or team), in start order",
         (*event, "team pab", "team primary"), "standings.run_compute"),
        ("standings", "the ranked table with the tie-breaks", (*event, "category", "age", "team pab", "team primary",
                                                             "rating change", "k factor", "rate of play"),
         "standings.run_standings"),
        ("prizes", "the prize list: place and category prizes, one per player, tied players as chosen",
         ("input", "places", "category prize", "ties", "prize order", "unit", "age", "tiebreaks", "rules", "type",
          "rounds", "format", "set", "unrated", "encoding", "text output", "force", "team pab", "team primary"),
         "prizes.run_prizes"),
        ("whatif", "before a round's results: who can still finish in the prize places, and what each board's "
         "outcome does", ("input", "round", "before", "prize places", "max boards", "tiebreaks", "rules", "type",
                          "format", "set", "unrated", "encoding", "text output", "force", "team pab", "team primary"),
         "whatif.run_whatif"),
        ("demo", "standings of the example event shipped with the package", event[1:], "standings.run_demo"),
        ("pair", "the next round's pairing (Berger tables for a round robin), printed, and with --write written "
         "into the workbook or a TRF file as games to play", ("input", "pair round", "system", "baku",
                                                              "pair format", "explain pairing", "explain player",
                                                              "explain board", "write", "encoding",
                                                              "text output", "force", "forbid", "initial colour"),
         "pair.run_pair"),
        ("publish", "one self-contained HTML page: standings after each round, crosstable, categories, prizes, "
         "each tie-break value's account on a click, a place-by-round chart",
         ("input", "page output", "force", "tiebreaks", "rules", "type", "rounds", "live", "set", "unrated",
          "encoding", "categories", "places", "category prize", "ties", "prize order", "unit", "age"),
         "publish.run_publish"),
        ("card", "one player's rounds (opponent, rating, federation, colour, result, running score) with the "
         "FIDE rating figures: each game's expected score and rating change, the total, K and Rp",
         ("input", "player", "k factor", "rate of play", "rounds", "text format", "encoding", "text output",
          "force"), "card.run_card"),
        ("explain", "how one value is reached, step by step", ("input", "player", "tiebreak", "rules", "type",
         "rounds", "live", "tiebreaks (no -t)", "text format", "set", "unrated", "encoding", "team pab",
         "team primary"), "explain.run_explain"),
        ("compare", "the values under several editions side by side",
         ("input", "tiebreaks", "editions", "type", "rounds", "live", "format", "set", "unrated", "encoding",
          "team pab", "team primary"), "compare.run_compare"),
        ("check", "list every problem of a TRF file or a workbook's crosstable; with --from, where an export's "
         "published values differ from ours", ("check input", "from", "tiebreaks", "rules", "findings format",
                                               "encoding"), "check.run_check"),
        ("template", "write an empty workbook template",
         ("template type", "players", "columns", "player fields", "boards", "cells", "runtime", "output", "force"),
         "workbook.run_template"),
        ("workbook", "make a workbook from a TRF file (the template, filled)",
         ("trf input", "from", "output", "tiebreaks", "rules", "force", "encoding"), "workbook.run_workbook"),
        ("export-trf", "write a workbook's crosstable as a TRF file (the players' 001 fields: start number, "
         "name, title, rating, federation, FIDE ID, sex, birth date; every result with its colour, byes "
         "and withdrawals; the Event sheet's header records, the start date, the rounds as XXR, the "
         "tie-break list); or a team TRF written again as TRF-26", ("export input", "trf output", "force",
                                                                   "tiebreaks", "rules", "team pab", "team primary",
                                                                   "trf encoding", "input encoding"),
         "workbook.run_export_trf"),
        ("recompute", "fill in the values of our functions in a workbook, changing nothing else",
         ("recompute input", "in place", "force"), "workbook.run_recompute"),
        ("print", "the PDF of one sheet for the notice board (the standings, a category, the prizes ...), "
         "through LibreOffice", ("print input", "sheet", "print category", "pdf output", "force", "tiebreaks",
                                 "rules", "encoding"), "workbook.run_print"),
    )
