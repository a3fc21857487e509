"""A Tournament from crosstable rows (one row per player, one cell per round).

This is the core of the spreadsheet face, with no spreadsheet library: the Excel functions and
the workbook reader hand it plain rows. Errors name the cell (``R3 of player 12`` or the
caller's own cell names).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Optional, Sequence

import numpy as np

from .model import (
    KIND_INDEX,
    MIRROR,
    STANDARD_SCORING,
    Kind,
    Player,
    Round,
    Scoring,
    Tournament,
    last_played_round,
)
from .name_text import clean_name
from .notation import PLAIN_GAME, NotationError, format_cell, is_fide_cell, is_us_cell, parse_cell
from .number_text import quoted
from .pairings import ENTERED, PAIRED, reconcile
from .arrays import Compiled
from .validation import Findings, strict


#: the most rounds an event has (a workbook's Settings "Rounds" or round column R<k>, an export's
#: round heading N.Rd): more is a typing error, and a heading R877868 would make every player a row
#: of 877,868 empty rounds
MAX_ROUNDS = 10_000


@dataclass(frozen=True)
class CrosstableRow:
    """One crosstable row as typed: start number, name, rating and the round cells."""

    no: int
    name: str = ""
    rating: Optional[int] = None
    cells: Sequence[object] = ()
    title: str = ""
    fed: str = ""
    sex: str = ""  # the TRF 001 fields a crosstable may carry too (FIDE ID, Sex, Born columns)
    fide_id: str = ""
    birth: str = ""
    club: str = ""  # a Club (or Club/City) column
    k_factor: Optional[int] = None  # a K column (the FIDE K factor)


def _style(rows: Sequence[CrosstableRow], place: Callable[[int, int], str], fd: Findings) -> str:
    """US when cells read like ``W12`` and none is written the FIDE way; a mix is an error,
    since ``U`` and ``F`` mean different things in the two notations."""
    us: Optional[tuple[int, int, object]] = None
    fide: Optional[tuple[int, int, object]] = None
    seen: set[object] = set()  # a text read once is enough (about half of a crosstable's texts repeat)
    for row in rows:
        for r, c in enumerate(row.cells, start=1):
            key = _key(c)
            if key in seen:
                continue
            if key is not None:
                seen.add(key)
            if c.__class__ is str and PLAIN_GAME.fullmatch(c):  # the usual FIDE cell: not a US one
                if fide is None:
                    fide = (row.no, r, c)
                continue
            if us is None and is_us_cell(c):
                us = (row.no, r, c)
            if fide is None and is_fide_cell(c):
                fide = (row.no, r, c)
    if us and fide:
        fd.add("notation", f"{quoted(str(us[2]))} is the US wall-chart notation but {quoted(str(fide[2]))} "
               f"({place(fide[0], fide[1])}) is the FIDE one; write every cell one way (U and F mean different things "
               "in them)",
               place(us[0], us[1]))
        return "fide"
    return "us" if us else "fide"


#: what a ``-1`` that does not mirror is told: chess-results writes it for a point without a game
MINUS_ONE_HINT = ("; '-1' here is a forfeit loss against player 1 (as -12 against 12): chess-results and "
                  "Swiss-Manager write -1 for a point without a game, which is BYE (or F) in this crosstable")
_PAIRING_RULES = frozenset({"mirror", "one-sided-forfeit", "paired-twice"})


class _Hinted(Findings):
    """The findings of a crosstable, a pairing finding at a cell typed ``-1`` with
    :data:`MINUS_ONE_HINT` added (the collector it wraps gets them)."""

    def __init__(self, inner: Findings, places: set[str]) -> None:
        super().__init__(strict=inner.strict, items=inner.items)
        self.places = places

    def add(self, rule: str, message: str, where: Optional[str] = None) -> None:
        if where in self.places and rule in _PAIRING_RULES:
            message += MINUS_ONE_HINT
        super().add(rule, message, where)


def _minus_one(cell: object) -> bool:
    """A cell that chess-results would read as a bye and this crosstable as a forfeit loss to 1."""
    if isinstance(cell, bool):
        return False
    if isinstance(cell, (int, float)):
        return cell == -1
    return isinstance(cell, str) and cell.replace(" ", "") == "-1"


def _key(cell: object) -> Optional[tuple[type, object]]:
    """A cell as a dictionary key (its type too: ``1``, ``1.0`` and TRUE differ), or None when it
    cannot be one."""
    key = (cell.__class__, cell)
    try:
        hash(key)
    except TypeError:
        return None
    return key


def _check_blank_rounds(nos: list[int], kind: np.ndarray, opp: np.ndarray, place: Callable[[int, int], str],
                        fd: Findings, bad: set[tuple[int, int]]) -> None:
    """An empty cell in a round the event has played, with later rounds filled in, is read as
    an absence: say so, since it may be a forgotten result. (One row per player, ``nos`` their
    start numbers; ``kind`` and ``opp`` as :func:`~xl_tiebreak.pairings.reconcile` gives them.)"""
    if kind.size == 0:
        return
    blank = kind == KIND_INDEX[Kind.NOT_PLAYED]
    cols = np.arange(kind.shape[1])[None, :]
    filled = np.where(blank, -1, cols).max(axis=1)  # each row's last round with something in it (0-based)
    played = last_played_round(PAIRED[kind], ENTERED[kind])
    empty = blank & (opp == 0) & (cols < filled[:, None]) & (cols < played)
    for i, c in np.argwhere(empty).tolist():
        no, r = nos[i], c + 1
        if (no, r) not in bad:
            fd.add("blank-round", f"player {no} has nothing in round {r} but results after it: read as "
                   "an absence (write - or Z to say so, or enter the result)", place(no, r))


def _half_typed(rows: Sequence[CrosstableRow], parsed: dict[int, list[Round]], place: Callable[[int, int], str],
                fd: Findings, bad: set[tuple[int, int]]) -> None:
    """The round being typed: a game whose result is typed on one side, its other side still
    empty, is a game not in yet (both sides a pairing without result) and a warning naming the
    empty cell, not an error: mid-round is a normal state (DESIGN, the round-by-round workflow).
    Only the last round with anything typed; in an earlier round it stays an error."""
    typed = {row.no: [c is not None and str(c).strip() != "" for c in row.cells[:len(parsed[row.no])]]
             for row in rows if row.no in parsed}
    last = max((len(t) - t[::-1].index(True) for t in typed.values() if True in t), default=0)
    if last == 0:
        return
    r = last - 1
    for no, rounds in parsed.items():
        if r >= len(rounds):
            continue
        rd = rounds[r]
        o = rd.opponent
        if o is None or o not in parsed or (no, last) in bad or (o, last) in bad or r >= len(parsed[o]):
            continue
        if typed[o][r] if r < len(typed[o]) else False:
            continue  # both sides typed: reconcile checks that they agree
        other = None if rd.colour is None else {"w": "b", "b": "w"}[rd.colour]
        if rd.kind is not Kind.NOT_PLAYED:
            fd.add("half-typed", f"empty, but player {no} has {format_cell(rd)!r} against {o} in round "
                   f"{last}: the game counts as not in until this side is typed too (write "
                   f"{format_cell(Round(MIRROR.get(rd.kind, rd.kind), no, other))})", place(o, last))
        rounds[r] = Round(Kind.NOT_PLAYED, o, rd.colour)
        parsed[o][r] = Round(Kind.NOT_PLAYED, no, other)


def _check_round_robin_codes(nos: list[int], kind: np.ndarray, place: Callable[[int, int], str],
                             fd: Findings) -> None:
    """A round robin has no pairing-allocated bye (C.07 Art. 15: everyone meets everyone; the
    player without an opponent in a round of an odd round robin sits out, an unplayed round
    scored 0): ``BYE``/``U``/``PAB`` there is an error naming the cell, since it would give a
    point no one was awarded."""
    for i, c in np.argwhere(kind == KIND_INDEX[Kind.PAB]).tolist()[:20]:
        fd.add("event-type", "a round robin has no pairing-allocated bye: write - for the round a player sits "
               "out (an odd round robin), or the result played; BYE/U belong to Swiss events",
               place(nos[i], c + 1))


def default_place(no: int, r: int) -> str:
    return f"R{r} of player {no}"


def tournament_from_rows(rows: Sequence[CrosstableRow], *, rounds: Optional[int] = None, name: str = "",
                         scoring: Scoring = STANDARD_SCORING, kind: Optional[str] = None,
                         start_date: Optional[str] = None,
                         place: Callable[[int, int], str] = default_place,
                         findings: Optional[Findings] = None,
                         row_place: Optional[Callable[[CrosstableRow], str]] = None,
                         style: str = "auto") -> Tournament:
    """Parse every cell and build the Tournament. ``place(no, round)`` names a cell in errors.

    A forfeit loss entered on both sides of one pairing is a double forfeit; both sides of every
    pairing must agree (:mod:`xl_tiebreak.pairings`). ``findings``: where problems go (by default
    the first error raises); a bad cell is then read as not played. ``style``: ``"fide"``,
    ``"us"`` (the US wall chart) or ``"auto"``: US when any cell reads like ``W12``.
    """
    fd = findings if findings is not None else strict()
    if style == "auto":
        style = _style(rows, place, fd)
    nrounds = rounds if rounds is not None else max((len(r.cells) for r in rows), default=0)
    seen: set[int] = set()
    unique: list[CrosstableRow] = []
    for row in rows:
        if row.no in seen:
            fd.add("duplicate-player", f"start number {row.no} appears on more than one row",
                   row_place(row) if row_place else f"player {row.no}")
            continue
        seen.add(row.no)
        shown, changed = clean_name(row.name)  # (the readers clean and name the cell; this is the net)
        if changed:
            fd.add("name", f"name {shown!r}: {changed}", row_place(row) if row_place else f"player {row.no}")
            row = replace(row, name=shown)
        unique.append(row)
    parsed: dict[int, list[Round]] = {}
    bad: set[tuple[int, int]] = set()
    known: dict[tuple[type, object], Round] = {}  # cell -> its Round (Rounds are immutable)
    for row in unique:
        extra = [r for r in range(nrounds + 1, len(row.cells) + 1) if row.cells[r - 1] not in (None, "")]
        if extra:
            fd.add("rounds", f"a result in round {extra[0]}, but the event has {nrounds} rounds",
                   place(row.no, extra[0]))
        rs = []
        for r in range(1, nrounds + 1):
            cell = row.cells[r - 1] if r - 1 < len(row.cells) else None
            key = _key(cell)
            got = known.get(key) if key is not None else None
            if got is not None:
                rs.append(got)
                continue
            try:
                got = parse_cell(cell, scoring, style)
                rs.append(got)
                if key is not None:
                    known[key] = got
            except NotationError as exc:
                fd.add("notation", str(exc), place(row.no, r))
                rs.append(Round(Kind.NOT_PLAYED))
                bad.add((row.no, r))
        parsed[row.no] = rs
    _half_typed(unique, parsed, place, fd, bad)
    minus_one = {place(row.no, r) for row in unique for r, c in enumerate(row.cells[:nrounds], start=1)
                 if _minus_one(c)}
    kinds, opp, colour = reconcile(parsed, place, _Hinted(fd, minus_one) if minus_one else fd,
                                   swiss=kind != "round-robin", bad=frozenset(bad))
    nos = list(parsed)
    _check_blank_rounds(nos, kinds, opp, place, fd, bad)
    if kind == "round-robin":
        _check_round_robin_codes(nos, kinds, place, fd)
    order = sorted(range(len(unique)), key=lambda i: unique[i].no)
    players = [Player(no=row.no, name=row.name, rating=row.rating, title=row.title, fed=row.fed,
                      sex=row.sex, fide_id=row.fide_id, birth=row.birth, club=row.club, k_factor=row.k_factor,
                      rounds=tuple(parsed[row.no]))
               for row in (unique[i] for i in order)]
    arrays = None
    if not fd.errors and kinds.size and opp.dtype != object:
        # the engine's arrays from the checked ones, as the TRF reader hands them over
        at = np.array(order, dtype=np.int64)
        start = np.array([unique[i].no for i in order], dtype=np.int64)
        arrays = Compiled.from_pairings(scoring, start, kinds[at], opp[at], colour[at])
    return Tournament(players=tuple(players), rounds=nrounds, name=name, scoring=scoring, kind=kind,
                      start_date=start_date, arrays=arrays)
