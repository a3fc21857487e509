"""A team workbook's next round, paired from its tables as every face pairs it: the ``pair``
command on a team workbook, the Excel function ``TEAM_PAIRING`` and the action ``PAIR_NEXT_ROUND``
all read the tables into a :class:`.team_ranges.TeamEventRead` and call :func:`pair_team_tables`,
which pairs through :func:`xl_tiebreak.pairing.systems.pair_team` (the FIDE Swiss team system,
C.04.6). :func:`home_away` turns the pairing into the Matches table's rows (Rd, Home, Away; the
PAB as Away = ``BYE``), Home being the team whose board-1 player has the colour the Settings give
the home team on board 1 (TRF 352; White by default; C.04.6 art. 1.6).
"""

from __future__ import annotations

from dataclasses import replace
from typing import Optional

from ...pairing.model import Pairing, PairingError
from ...teams import ABSENT, BYE, TeamEvent
from .team_ranges import TeamEventRead


def next_round_event(tables: TeamEventRead, rnd: Optional[int] = None) -> tuple[TeamEvent, frozenset[int]]:
    """The event to pair round ``rnd`` from (default: the round after the complete ones): its
    complete rounds, and the teams typed in the next round beforehand not to play it (a team bye
    ``F``/``H``/``Z``, ``-`` absent; C.04.2 art. 3.2-3.3), which a round given other than the next
    does not take. Refused, naming the rows, when the next round has match rows already whose
    results are still to come: that round is paired, and the one after it waits for them."""
    ev, k = tables.event, tables.complete + 1
    typed = {home for _i, r, home, _done in tables.rows if r == k}  # (a bye's row names its team as Home)
    started = [m for m in ev.matches if m.round == k and m.kind not in (BYE, ABSENT)]
    if started:
        open_rows = [i for i, r, _home, done in tables.rows if r == k and not done]
        where = ", ".join(f"row {i + 1}" for i in open_rows[:6]) + (" ..." if len(open_rows) > 6 else "")
        raise PairingError(f"round {k} is paired already and its results are not all in (the Matches table's "
                           f"{where or 'rows of round ' + str(k)}): type them, then pair round {k + 1}")
    absent = frozenset(m.team for m in ev.matches if m.round == k and m.kind in (BYE, ABSENT) and m.team in typed)
    event = replace(ev, matches=tuple(m for m in ev.matches if m.round < k), pending_rounds=())
    if rnd is not None and rnd != max((m.round for m in event.matches), default=0) + 1:
        absent = frozenset()  # (a round replayed: the byes typed are those of the round after the complete ones)
    return event, absent


def settings_forbidden(tables: TeamEventRead) -> tuple[frozenset[int], ...]:
    """The pairs the Settings' Forbidden pairs cell keeps apart (team numbers, ``3-7; 5-9``; none
    when the row is absent or empty), checked: errors name the cell (C.04.1 leaves forbidden pairs
    to the event's rules)."""
    from ...errors import InputError
    from ...pairing.arbiter import parse_forbid
    from .pairing_settings import PairingCells
    where = tables.settings.forbid_cell
    text = PairingCells(forbid=tables.settings.forbid, where=(("forbid", where),)).choices().forbid
    pairs = parse_forbid(text, "forbidden pairs", "3-7; 5-9") if text else ()
    known = {t.no for t in tables.event.teams}
    for pair in pairs:
        unknown = sorted(pair - known)
        if unknown:
            raise InputError(f"forbidden pairs {text!r}: no team has number {unknown[0]}", where)
    return pairs


def pair_team_tables(tables: TeamEventRead, rnd: Optional[int] = None, system: str = "auto",
                     forbidden: Optional[tuple[frozenset[int], ...]] = None) -> tuple[TeamEvent, Pairing]:
    """Round ``rnd`` (default: the next) of a team workbook's event paired by ``system`` (auto,
    fideteam, fideteam-typeb, fideteam-nocolor), with the event it was paired from; ``forbidden``
    (``--forbid``) overrides the Settings' Forbidden pairs (:func:`settings_forbidden`)."""
    from ...pairing.systems import pair_team
    event, absent = next_round_event(tables, rnd)
    kept = settings_forbidden(tables) if forbidden is None else forbidden
    return event, pair_team(event, rnd, system, kept, absent)


def home_away(tables: TeamEventRead, pairing: Pairing) -> list[tuple[int, int, "int | str"]]:
    """(round, home, away) of each match of ``pairing`` in match order, then its PAB (away ``BYE``)."""
    white_home = tables.settings.home_colour(1) == "w"
    rows: list[tuple[int, int, "int | str"]] = [
        (pairing.round, p.white, p.black) if white_home else (pairing.round, p.black, p.white) for p in pairing.pairs]
    rows += [(pairing.round, u.no, "BYE") for u in pairing.byes if u.kind == "PAB"]
    return rows


def unpaired_words(event: TeamEvent, kind: str) -> str:
    """Why a team is not paired: the PAB with what it is worth (:func:`.pairing.team.history.pab_value`),
    else a team bye or absence typed for the round."""
    if kind == "PAB":
        from ...pairing.team.history import pab_value
        mp, gp = pab_value(event)
        return f"pairing-allocated bye ({float(mp):g} MP, {float(gp):g} GP)"
    return "not paired (a team bye or absence)" if kind == "absent" else kind


__all__ = ["home_away", "next_round_event", "pair_team_tables", "settings_forbidden", "unpaired_words"]
