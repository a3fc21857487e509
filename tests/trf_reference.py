"""The row-by-row TRF reader as it was before the columnar one (xl_tiebreak.trf), kept as a
test oracle: the differential tests check that both read every file to the same tournament and
the same findings, in the same order and words. Not used by the package.

(Original docstring follows.) FIDE TRF-16 / TRF-26 reader and writer (TIEBREAK_RULES §9).

The reader takes the player records (001), the number of rounds (``XXR`` or 142), the scoring
system (162), the type of event (092/192), the start date (042) and the tie-break list (202/212).
Other records are kept verbatim so that writing a file back loses nothing it understood.
Bad input raises :class:`~xl_tiebreak.errors.InputError` naming the line and columns.
"""

from __future__ import annotations

import re
from dataclasses import replace
from fractions import Fraction
from pathlib import Path
from typing import Optional, Union

import numpy as np

from xl_tiebreak.errors import InputError
from xl_tiebreak.model import (
    KIND_INDEX,
    STANDARD_SCORING,
    Kind,
    Player,
    Round,
    Scoring,
    Tournament,
    last_played_round,
)
from pairings_reference import reconcile
from xl_tiebreak.pairings import ENTERED, PAIRED
from xl_tiebreak.trf.layout import points_text as _num
from xl_tiebreak.textutil import is_digits
from xl_tiebreak.validation import Findings, strict

#: Result code -> kind, for rounds with an opponent (TRF-16 C.04 Annex 2).
_WITH_OPPONENT = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS,
    "W": Kind.SHORT_WIN, "D": Kind.SHORT_DRAW, "L": Kind.SHORT_LOSS,
    "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
}
#: Result code -> kind, for rounds without an opponent (``0000`` or blank). ``+`` is an older
#: spelling of the pairing-allocated bye; ``-`` with no opponent means "not paired" (lichess).
_WITHOUT_OPPONENT = {
    "U": Kind.PAB, "+": Kind.PAB, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE,
    "Z": Kind.ZERO_BYE, "-": Kind.ABSENT, " ": Kind.ABSENT,
}
_CODE_OF = {
    Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0",
    Kind.SHORT_WIN: "W", Kind.SHORT_DRAW: "D", Kind.SHORT_LOSS: "L",
    Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-",
    Kind.PAB: "U", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
}
_TEAM_RECORDS = {"013", "310", "320", "330", "300", "352", "362"}
_MONTHS = {m: i for i, m in enumerate(
    ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"], start=1)}


MAX_TRF_BYTES = 20 * 1024 * 1024


def read_trf(path: Union[str, Path], *, allow_team: bool = False,
             findings: Optional[Findings] = None) -> Tournament:
    """Read a TRF file. Text is decoded as UTF-8, falling back to Latin-1."""
    p = Path(path)
    try:
        if p.stat().st_size > MAX_TRF_BYTES:
            raise InputError(f"the file is larger than {MAX_TRF_BYTES // 2**20} MiB; a TRF file is "
                             "a few hundred kilobytes", str(path))
        raw = p.read_bytes()
    except OSError as exc:
        raise InputError(f"cannot read the file ({exc.strerror or exc})", str(path)) from None
    try:
        text = raw.decode("utf-8-sig")
    except UnicodeDecodeError:
        text = raw.decode("latin-1")
    return parse_trf(text, source=p.name, allow_team=allow_team, findings=findings)


def parse_trf(text: str, source: str = "<trf>", *, allow_team: bool = False,
              findings: Optional[Findings] = None) -> Tournament:
    """Parse TRF text into a :class:`Tournament`.

    ``allow_team`` reads the individual player lines of a team event; by default team events are
    refused, since their tie-breaks are team tie-breaks. ``findings``: where problems go; by
    default the first error raises :class:`InputError`. A collecting ``Findings`` lists them
    all (the ``check`` command); the tournament it returns is then only a best effort.
    """
    fd = findings if findings is not None else strict()
    header: list[str] = []
    player_lines: list[tuple[int, str]] = []
    declared_rounds: Optional[tuple[int, int]] = None  # (rounds, line number)
    scoring = STANDARD_SCORING
    kind: Optional[str] = None
    kind192: Optional[str] = None
    start: Optional[str] = None
    name = ""
    tiebreaks: tuple[str, ...] = ()
    tb202: Optional[tuple[str, ...]] = None
    team = False
    has_162 = False

    for lineno, line in enumerate(text.splitlines(), start=1):
        line = line.rstrip("\r\n")
        if not line.strip() or line.startswith("###"):
            continue
        code = line[:3]
        rest = line[4:].strip()
        where = f"{source} line {lineno}"
        if code == "001":
            player_lines.append((lineno, line))
            continue
        if code in _TEAM_RECORDS:
            team = True
        if code == "012":
            name = rest
        elif code == "042":
            start = parse_date(rest)
        elif code in ("XXR", "142"):
            m = re.match(r"\s*(\d+)", line[4:])
            if not m or not 1 <= int(m.group(1)) <= 999:
                fd.add("layout", f"record {code} must give the number of rounds, found {rest!r}",
                       f"{where}, column 5")
                continue
            declared_rounds = (int(m.group(1)), lineno)
        elif code == "162":
            try:
                scoring = _parse_scoring(line, where)
                has_162 = True
            except InputError as exc:
                fd.add("layout", exc.detail, exc.where)
        elif code == "092":
            low = rest.lower()
            if "team" in low:
                team = True
            if "robin" in low or "rundenturnier" in low or "berger" in low:
                kind = "round-robin"
            elif "swiss" in low or "schweizer" in low or "suisse" in low:
                kind = "swiss"
        elif code == "192":
            up = rest.upper()
            if "TEAM" in up or "SCHILLER" in up:
                team = True
            kind192 = "round-robin" if "ROUNDROBIN" in up else "swiss" if up else None
        elif code == "082":
            m = re.match(r"\s*(\d+)", rest)
            if m and int(m.group(1)) > 0:
                team = True
        elif code == "202":
            tb202 = _split_list(rest)
        elif code == "212":
            items = _split_list(rest)
            if tb202 is None:
                tiebreaks = tuple(t for t in items if t.upper() != "PTS")
        if code != "001":
            header.append(line)
    if tb202 is not None:
        tiebreaks = tb202
    if team and not allow_team:
        raise InputError("this is a team event (records 082/092/192/013/3xx); xl-tiebreak computes "
                         "individual tie-breaks only", source)
    if not player_lines:
        raise InputError("no player records (lines starting with 001) found", source)

    kept_lines, parsed = [], []
    nos: dict[int, int] = {}
    for lineno, line in player_lines:
        got = _parse_player_line(line, f"{source} line {lineno}", fd)
        if got is None:
            continue
        if got[0].no in nos:
            fd.add("duplicate-player", f"start number {got[0].no} is used twice (also line "
                   f"{nos[got[0].no]}); give every player his own number", f"{source} line {lineno}, columns 5-8")
            continue
        nos[got[0].no] = lineno
        kept_lines.append((lineno, line))
        parsed.append(got)
    if not parsed:
        raise InputError("no readable player records", source)
    player_lines = kept_lines
    nfields = max((len(rounds) for _, rounds in parsed), default=0)
    if declared_rounds is not None:
        nrounds, rline = declared_rounds
        for (lineno, _), (p, rounds) in zip(player_lines, parsed):
            extra = [i for i, f in enumerate(rounds, start=1) if i > nrounds and f[2] != " "]
            if extra:
                fd.add("rounds", f"player {p.no} has a result in round {extra[0]}, but line {rline} "
                       f"says the event has {nrounds} rounds", f"{source} line {lineno}")
    else:
        nrounds = nfields
    before = len(fd.items)
    tournament = _resolve(parsed, player_lines, nrounds, source, header, scoring, kind192 or kind, start,
                          name, tiebreaks, fd)
    if any(f.severity == "error" for f in fd.items[before:]):
        return tournament  # the points cannot be checked against results that are wrong
    if team:  # a team event's board lines may carry points from the team's byes
        return tournament
    lines = {p.no: lineno for (lineno, _), (p, _) in zip(player_lines, parsed)}
    return _settle_scoring(tournament, lines, explicit=has_162, source=source, findings=fd)


def _split_list(text: str) -> tuple[str, ...]:
    return tuple(t.strip() for t in re.split(r"[,;\s]+", text) if t.strip())


def parse_date(text: str) -> Optional[str]:
    """Start date to ISO; ``None`` when the format is not recognised."""
    t = text.strip()
    m = re.match(r"(\d{4})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{1,2})", t) or \
        re.match(r"(\d{2})/(\d{2})/(\d{2})$", t)  # TRF's YY/MM/DD
    if m:
        y, mo, d = map(int, m.groups())
        if y < 100:
            y += 2000
    else:
        m = re.match(r"(\d{1,2})\s*[-/.]\s*(\d{1,2})\s*[-/.]\s*(\d{2,4})", t)
        if m:
            d, mo, y = map(int, m.groups())
            if y < 100:
                y += 2000
        else:
            m = re.match(r"([A-Za-z]{3})[a-z]*\.?\s+(\d{1,2}),?\s+(\d{4})", t)
            if not m or m.group(1).lower() not in _MONTHS:
                return None
            mo, d, y = _MONTHS[m.group(1).lower()], int(m.group(2)), int(m.group(3))
    if not (1 <= mo <= 12 and 1 <= d <= 31):
        return None
    return f"{y:04d}-{mo:02d}-{d:02d}"


def _parse_scoring(line: str, where: str) -> Scoring:
    """Record 162: symbols W D L A P X, each with its points: the symbol at column 6 and the
    points at 7-10, repeated every 9 columns; a freer ``W 3.0  D 1.0`` spelling is accepted."""
    values: dict[str, Fraction] = {}
    for col in range(6, len(line) + 1, 9):
        sym, pts = _field(line, col, col).strip().upper(), _field(line, col + 1, col + 4).strip()
        if sym in "WDLAPX" and sym and re.fullmatch(r"\d+(?:[.,]\d+)?", pts):
            values[sym] = Fraction(pts.replace(",", "."))
    free: dict[str, Fraction] = {}
    for m in re.finditer(r"(?<![A-Za-z])([WDLAPX])\s*=?\s*(\d+(?:[.,]\d+)?)(?![\d.])", line[4:]):
        free[m.group(1)] = Fraction(m.group(2).replace(",", "."))
    if len(free) > len(values):  # not in the standard columns
        values = free
    if not values:
        raise InputError("record 162 gives no points (expected e.g. 'W 1.0  D 0.5  L 0.0')",
                         f"{where}, column 5")
    d = STANDARD_SCORING
    win = values.get("W", d.win)
    return Scoring(win=win, draw=values.get("D", d.draw), loss=values.get("L", d.loss),
                   absent=values.get("A", d.absent), pab=values.get("P"))


def _field(line: str, a: int, b: int) -> str:
    """Columns a..b (1-based, inclusive), padded with blanks."""
    return line[a - 1:b].ljust(b - a + 1)


def _parse_player_line(line: str, where: str, fd: Findings
                       ) -> Optional[tuple[Player, list[tuple[str, str, str]]]]:
    no_text = _field(line, 5, 8).strip()
    if not is_digits(no_text) or int(no_text) < 1:
        fd.add("layout", f"start rank {no_text!r} is not a number from 1 to 9999", f"{where}, columns 5-8")
        return None
    rating_text = _field(line, 49, 52).strip()
    rating = None
    if rating_text and not is_digits(rating_text):
        fd.add("layout", f"rating {rating_text!r} is not a number (leave it blank or 0 for unrated)",
               f"{where}, columns 49-52")
    elif rating_text and int(rating_text) > 0:
        rating = int(rating_text)
    pts_text = _field(line, 81, 84).strip().replace(",", ".")
    declared: Optional[Fraction] = None
    if pts_text:
        if not re.fullmatch(r"\d+(\.\d+)?", pts_text):
            fd.add("layout", f"points {pts_text!r} is not a number", f"{where}, columns 81-84")
        else:
            declared = Fraction(pts_text)
    rank_text = _field(line, 86, 89).strip()
    fields: list[tuple[str, str, str]] = []
    body = line.rstrip()
    r = 0
    while 92 + 10 * r <= len(body):
        start = 92 + 10 * r
        fields.append((_field(line, start, start + 3), _field(line, start + 5, start + 5),
                       _field(line, start + 7, start + 7)))
        r += 1
    player = Player(
        no=int(no_text), name=_field(line, 15, 47).strip(), rating=rating,
        title=_field(line, 11, 13).strip(), sex=_field(line, 10, 10).strip(),
        fed=_field(line, 54, 56).strip(), fide_id=_field(line, 58, 68).strip(),
        birth=_field(line, 70, 79).strip(), declared_points=declared,
        declared_rank=int(rank_text) if is_digits(rank_text) else None)
    return player, fields


def _resolve(parsed, player_lines, nrounds, source, header, scoring, kind, start, name,
             tiebreaks, fd: Findings) -> Tournament:
    """Turn raw round fields into Rounds and check the pairings (:mod:`xl_tiebreak.pairings`)."""
    raw: dict[int, list[tuple[Kind, Optional[int], Optional[str]]]] = {}
    bad: set[tuple[int, int]] = set()
    for (lineno, _), (p, fields) in zip(player_lines, parsed):
        rounds = []
        for r in range(nrounds):
            opp_t, col_t, res_t = fields[r] if r < len(fields) else ("    ", " ", " ")
            before = len(fd.items)
            rounds.append(_round_field(opp_t, col_t, res_t, r, f"{source} line {lineno}", fd))
            if len(fd.items) > before:
                bad.add((p.no, r + 1))
        raw[p.no] = rounds
    kinds = np.array([[KIND_INDEX[k] for k, _, _ in rounds] for rounds in raw.values()], dtype=np.int8)
    played = last_played_round(PAIRED[kinds], ENTERED[kinds]) if kinds.ndim == 2 else 0
    lines = {p.no: lineno for (lineno, _), (p, _) in zip(player_lines, parsed)}
    built = {no: [Round(k, opp, colour, Fraction(0) if k is Kind.NOT_PLAYED else scoring.points(k))
                  if not (k is Kind.ABSENT and r > played) else Round(Kind.NOT_PLAYED)
                  for r, (k, opp, colour) in enumerate(rs, start=1)]
             for no, rs in raw.items()}
    reconcile(built, lambda no, r: f"{source} line {lines[no]}, columns {82 + 10 * r}-{89 + 10 * r}",
              fd, swiss=kind != "round-robin", bad=frozenset(bad))
    players = [replace(p, rounds=tuple(built[p.no])) for p, _ in parsed]
    players.sort(key=lambda q: q.no)
    return Tournament(players=tuple(players), rounds=nrounds, name=name, scoring=scoring, kind=kind,
                      start_date=start, tiebreaks=tiebreaks, header=tuple(header))


def _round_field(opp_t: str, col_t: str, res_t: str, r: int, where: str, fd: Findings
                 ) -> tuple[Kind, Optional[int], Optional[str]]:
    """One round's opponent, colour and result; a bad field is reported and read as absent."""
    col = 92 + 10 * r
    absent = (Kind.ABSENT, None, None)
    opp_s = opp_t.strip()
    if opp_s and not is_digits(opp_s):
        fd.add("notation", f"round {r + 1}: opponent {opp_s!r} is not a start number (0000 for a bye)",
               f"{where}, columns {col}-{col + 3}")
        return absent
    opp = int(opp_s) if opp_s and int(opp_s) > 0 else None
    res = res_t.upper() if res_t != "½" else "="
    colour = col_t.lower() if col_t.lower() in ("w", "b") else None
    if col_t not in " -wbWB":
        fd.add("notation", f"round {r + 1}: colour {col_t!r} is not w, b or -", f"{where}, column {col + 5}")
    if opp is not None:
        if res == " ":
            return (Kind.NOT_PLAYED, opp, colour)  # paired, no result yet
        k = _WITH_OPPONENT.get(res)
        if k is None:
            if res in "UFHZ":
                fd.add("bye-with-opponent", f"round {r + 1}: a bye ({res_t}) has no opponent; write "
                       f"0000 - {res}, or the game's result (1 = 0 + -) against {opp}",
                       f"{where}, columns {col}-{col + 7}")
            else:
                fd.add("notation", f"round {r + 1}: result {res_t!r} with an opponent; expected one of "
                       "1 = 0 + - W D L", f"{where}, column {col + 7}")
            return absent
        return (k, opp, colour)
    k = _WITHOUT_OPPONENT.get(res)
    if k is None:
        fd.add("notation", f"round {r + 1}: result {res_t!r} without an opponent; a bye is written "
               "0000 - U (or F, H, Z)", f"{where}, column {col + 7}")
        return absent
    return (k, None, None)


#: scoring systems tried, in order, when a file without record 162 has points that 1/½/0 does
#: not explain (a PAB worth a draw or nothing; 3/1/0 and 2/1/0 with their PAB values)
_CANDIDATES = [Scoring(pab=Fraction(1, 2)), Scoring(pab=Fraction(0))] + [
    Scoring(win=Fraction(w), draw=Fraction(1), loss=Fraction(0), absent=Fraction(0), pab=Fraction(p))
    for w in (3, 2) for p in (w, 1, 0)]


def _disagreeing(t: Tournament) -> list[Player]:
    """Players whose points field differs from their results (byes entered ahead allowed)."""
    n = t.played_rounds
    return [p for p in t.players
            if p.declared_points is not None and p.declared_points not in (p.score(n), p.score())]


def _rescored(t: Tournament, scoring: Scoring) -> Tournament:
    players = [replace(p, rounds=tuple(replace(r, points=scoring.points(r.kind)) for r in p.rounds))
               for p in t.players]
    return replace(t, players=tuple(players), scoring=scoring)


def _settle_scoring(t: Tournament, lines: dict[int, int], explicit: bool, source: str,
                    findings: Findings) -> Tournament:
    """The points field (columns 81-84) must agree with the results. Without record 162 the
    scoring system is the first of the usual ones that explains every player's points (with a
    warning); if none does, or record 162 does not, the disagreeing lines are reported."""
    bad = _disagreeing(t)
    if not bad:
        return t
    if not explicit:
        for scoring in _CANDIDATES:
            again = _rescored(t, scoring)
            if not _disagreeing(again):
                s = again.scoring
                findings.add("scoring", f"no record 162, but the points fit win {_num(s.win)}, draw "
                             f"{_num(s.draw)}, pairing-allocated bye {_num(s.pab_points)}; that scoring "
                             f"is used (say so in a 162 record)", source)
                return again
    hint = ("check the results or record 162" if explicit else
            "no usual scoring system explains the points; give one in record 162 (e.g. '162  W 3.0  D 1.0')")
    for p in bad:
        findings.add("points", f"player {p.no} has {_num(p.declared_points)} points, but the results "
                     f"give {_num(p.score())}; {hint}", f"{source} line {lines[p.no]}, columns 81-84")
    return t
