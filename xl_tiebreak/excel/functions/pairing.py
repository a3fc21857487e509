"""``PAIRING``: the next round's pairing from Excel, as a table that spills, with the code of
the ``pair`` command: the crosstable range read as the other functions read it
(:func:`.ranges.crosstable_range.rows_to_tournament`) and paired through
:func:`xl_tiebreak.pairing.systems.pair_event`, as ``xl-tiebreak pair`` does: round K is the first
with a result missing unless one is given, earlier rounds must be complete, byes and absences
typed in round K are honoured, and a pair typed there must be the system's (C.04.1, C.05 Annex 1);
the Settings sheet's pairing rows (``pairing_settings``: forbidden pairs, Baku acceleration, the
initial colour) are read by :mod:`.ranges.pairing_settings`, as ``pair`` reads them.
The one action that writes the round into the open workbook is
:mod:`.workbook.pairing_action`.
"""

from __future__ import annotations

from typing import Any

from ...errors import InputError
from ...model import Tournament
from ...pairing.model import Pairing
from ..ranges.arguments import read_kind, read_rounds, read_whole, shown, text_of
from .cache import CACHE, Table, content_key
from .registry import INDIVIDUAL, worksheet_function
from .results import tournament_of

#: the systems a ``system`` argument names (``auto``: by the event's type, as ``pair --system``)
SYSTEM_WORDS = "auto (by the event's type), berger or dutch"
#: the team systems (``auto``: the colour model of the event's records, Type A)
TEAM_SYSTEM_WORDS = "auto, fideteam (Type A colours), fideteam-typeb or fideteam-nocolor"
HEADER = ["Board", "White", "White name", "Black", "Black name"]


def read_system(system: Any, function: str, team: bool = False) -> str:
    """The ``system`` argument: ``auto`` (empty), ``berger`` or ``dutch`` (any case), or for a
    ``team`` event one of the team systems; anything else is refused naming the argument."""
    from ...pairing.systems import SYSTEMS, TEAM_SYSTEMS
    name = text_of(system).lower() or "auto"
    if name != "auto" and name not in (TEAM_SYSTEMS if team else SYSTEMS):
        raise InputError(f"{function}: system {shown(system)} is not a {'team ' if team else ''}pairing system; "
                         f"write {TEAM_SYSTEM_WORDS if team else SYSTEM_WORDS}")
    return name


def _player_round(no: int, rnd: int) -> str:
    """A player's round in a message, as the functions name a cell of their crosstable argument."""
    return f"R{rnd} of player {no}"


def pairing_table(t: Tournament, pairing: Pairing) -> list[list[Any]]:
    """PAIRING's table: a title row (the round and the system), the header, one row per board
    (board, White's start number and name, Black's), then one row per player not paired (start
    number, name, and why in the last column)."""
    from ...pairing.systems import kind_words, system_words
    who = {p.no: p.name for p in t.players}
    blank = [""] * (len(HEADER) - 1)
    rows: list[list[Any]] = [[f"Round {pairing.round} ({system_words(pairing.system)})", *blank], list(HEADER)]
    rows += [[b.board, b.white, who[b.white], b.black, who[b.black]] for b in pairing.pairs]
    rows += [["", u.no, who[u.no], "", f"not paired: {kind_words(u.kind)}"] for u in pairing.byes]
    return rows


@worksheet_function(
    INDIVIDUAL, spills=True,
    parameters={
        "kind": "Event type: swiss or round-robin (Settings!B4); with system auto it chooses the system.",
        "rounds": "The event's number of rounds (Settings, Rounds): twice a cycle's is a double round robin; empty: "
                  "the round columns.",
        "pairing_settings": "The Settings sheet's pairing rows, label and value: Forbidden pairs (12-15; 3-7), Baku "
                            "acceleration (yes/no), Initial colour (white/black); empty: none, no, White.",
    },
    description="The pairing of the next round (the first with a result missing) or of round_to_pair, as a table "
                "that spills: board, White and Black with start number and name, then who is not paired and why.")
def PAIRING(crosstable: Table, round_to_pair: Any = None, system: Any = None, kind: Any = None,
            rounds: Any = None, pairing_settings: Any = None) -> list[list[Any]]:
    """The round's pairing, as ``xl-tiebreak pair`` prints it (Berger tables, C.05 Annex 1; the
    Dutch system, C.04.3)."""
    from ...pairing.systems import chosen_system, pair_event
    from ..ranges.pairing_settings import arbiter_choices, pairing_cells, rows_cells
    k, n = read_kind(kind), read_rounds(rounds, "PAIRING")
    rnd = read_whole(round_to_pair, "round_to_pair", "PAIRING")
    name = read_system(system, "PAIRING")
    cells = pairing_cells(rows_cells(pairing_settings, "PAIRING: pairing_settings"), lambda a1: f"PAIRING: pairing_settings row {a1[1:]}")
    choices = cells.choices()
    key = content_key(crosstable)

    def make() -> list[list[Any]]:
        t = tournament_of(key, k, n)
        forbidden, colour, baku = arbiter_choices(t, chosen_system(t, name), choices)
        return pairing_table(t, pair_event(t, rnd, name, _player_round, forbidden=forbidden, initial_colour=colour,
                                           baku=baku))
    return [list(r) for r in CACHE.get(("pairing", key, k, n, rnd, name, choices), make)]
