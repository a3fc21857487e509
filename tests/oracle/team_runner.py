"""Run FIDE's reference engine gacrux (``gacrux==1.11.65``, MIT) on a team TRF, as a test oracle.

gacrux is only ever called in a subprocess, never imported::

    python -m gacrux.tiebreakchecker -i FILE -s -t PTS <code>/V1|/V2 ... -d T

What gacrux does with a team file (read from its source and checked by running it):

* A file is a team event when it has a 310 or 013 record.  The tie-break checker then
  prints one row per team (``StartNo`` = team number of 310, or the 013 order), not per
  player.
* Primary score: record 192 ``FIDE_TEAM_TYPEA_MP_GP`` / ``..._GP_MP`` (also ``_MP``,
  ``_GP``, TYPEB, BAKU and CUSTOM_TEAM_SWISS_MP/GP variants).  Without 192 (TRF-16) the
  first ``PTS``/``MPTS``/``GPTS`` of the ``-t`` list decides (``PTS`` = match points).
  So the runner puts ``PTS`` first when the file states the primary, and ``MPTS`` or
  ``GPTS`` first when the caller says ``primary=``.  Codes without ``:MP``/``:GP`` use the
  primary score; ``MPvGP`` gives the secondary one.
* ``MPTS``/``GPTS`` print the match/game points; ``:MP``, ``:GP`` (and ``:MM :MG :GM :GG``)
  choose the score a code works on (e.g. ``BH:GP``, ``EMGSB`` is its own variant).
* Rule edition: ``/V1`` = 2024 text, ``/V2`` = 2026 text (``run_team_gacrux(edition=...)``
  appends it to every code that has no ``/V`` of its own).  Default without ``/V``: the
  042 date (before 2026-03-01: 2024 rules).
* Every team name of the C.07 list is in gacrux's table: MPVGP ESB EMMSB EMGSB EGMSB
  EGGSB EDE EDEC EDET EDEB EDEBT EDEBB BC TBR BBE SSSC, plus the individual ones.  An
  unknown name is silently computed as 0 for everybody (see ``gacrux_runner``), so
  ``KNOWN_TEAM_NAMES`` lists the names it really knows.
* Printing: sums keep their decimals (``12.0``, ``104.5``); ESB variants are printed with
  2 decimals (``79.50``); SSSC is *rounded* to 2 decimals (``29.33`` for 29 1/3): its
  printed value is not exact.  EDE/TBR/BBE (Type A) print an integer place inside the group
  still tied after the codes before them (``0`` = not separated), like DE.
* Scores: match points from 362 (default 2/1/0); a team PAB is worth what 320 says, and
  with no 320 (TRF-16, ``0000 - U`` on the boards) a *drawn* match (1 MP) with every board
  won (``boards`` GP).  Team byes 240: F = won match and every board, H = drawn match and
  half the boards, Z = 0.  Record 310's declared MP/GP are checked against the results
  (error 401 when they disagree).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from fractions import Fraction
from pathlib import Path

from tests.oracle.gacrux_runner import GacruxError, _order, _value, checked_codes, gacrux_available, run_table

__all__ = ["TeamOracle", "run_team_gacrux", "gacrux_available", "GacruxError", "KNOWN_TEAM_NAMES",
           "HARNESS_CODES"]

# Names in gacrux 1.11.65's tie-break table that matter for team events.
KNOWN_TEAM_NAMES = frozenset(
    "PTS MPTS GPTS MPVGP DE EDE EDEC EDET EDEB EDEBT EDEBB PS BH FB AOB ESB EMMSB EMGSB EGMSB EGGSB "
    "BC TBR BBE SSSC SNO TPN RANK WIN WON REP GE".split())

# The codes the harness test runs (all accepted by gacrux 1.11.65).
HARNESS_CODES = ["MPTS", "GPTS", "BH:MP", "BH:GP", "EMGSB/C1", "ESB", "EDE", "BC", "TBR", "BBE", "SSSC"]

_EDITIONS = {"2024": "/V1", "2026": "/V2", 2024: "/V1", 2026: "/V2"}


@dataclass
class TeamOracle:
    """gacrux's answer for one run.

    values: {team no: {code as given: Fraction, or None for gacrux's ``-0``}}.
    raw: the same cells as gacrux printed them (str).
    match_points / game_points: {team no: Fraction} (from MPTS and GPTS, same edition).
    rank: gacrux's final rank after all listed codes.
    """

    values: dict[int, dict[str, Fraction | None]]
    raw: dict[int, dict[str, str]]
    match_points: dict[int, Fraction]
    game_points: dict[int, Fraction]
    rank: dict[int, int]
    command: list[str]


def _with_edition(code: str, suffix: str) -> str:
    mods = code.upper().split("/")[1:]
    return code if any(m.startswith("V") for m in mods) else code + suffix


def run_team_gacrux(trf_path: str | Path, codes: list[str], *, edition: str | int = "2026",
                    primary: str | None = None, mode: str | None = "swiss",
                    encoding: str | None = None, timeout: float = 600.0, rounds: int | None = None,
                    scores_last: bool = False) -> TeamOracle:
    """Run gacrux's tie-break checker on a team TRF.

    codes: tie-break codes as gacrux spells them (``BH:GP/C1``, ``EMGSB/C1``...).
    edition: "2024" (/V1) or "2026" (/V2), added to each code without a /V.
    primary: None (the file's 192, else match points), "MP" or "GP" (for TRF-16 files,
    which cannot state it).  rounds: standings after that round (gacrux's ``-n``; default all).
    encoding: gacrux's -b (e.g. "utf-8": its default decoding puts
    the columns of a UTF-8 file with non-ASCII names out of place).  mode: "swiss" (-s), "pre-determined" (-p) or None (guess).
    scores_last: the runner's own MPTS/GPTS after ``codes`` (for Type A codes: they rank inside
    the groups the codes before them leave tied), not right after the lead code.
    Raises GacruxError when gacrux fails, ValueError for bad arguments.
    """
    codes = checked_codes(codes)
    suffix = _EDITIONS.get(edition)
    if suffix is None:
        raise ValueError(f"edition must be 2024 or 2026, not {edition!r}")
    lead = {None: "PTS", "MP": "MPTS", "GP": "GPTS"}.get(primary.upper() if primary else None)
    if lead is None:
        raise ValueError(f"primary must be None, 'MP' or 'GP', not {primary!r}")
    path = Path(trf_path)
    if not path.is_file():
        raise FileNotFoundError(str(trf_path))
    # Our own MPTS/GPTS go right after the lead code (gacrux's rank then breaks ties by MP, then GP,
    # then the codes), or after the asked codes with scores_last: placed before them, GPTS (or
    # MPTS) splits the groups the Type A codes (DE, EDE..., TBR, BBE) rank inside.
    asked = [_with_edition(c, suffix) for c in codes]
    own = ["MPTS" + suffix, "GPTS" + suffix]
    full = asked + own if scores_last else own + asked
    order = _order(full, True)
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path)]
    if mode is not None:
        cmd.append({"swiss": "-s", "pre-determined": "-p", "round-robin": "-p"}[mode])
    if encoding is not None:
        cmd += ["-b", encoding]
    if rounds is not None:
        cmd += ["-n", str(int(rounds))]
    cmd += ["-t", lead, *[full[i] for i in order], "-d", "T"]
    rows = run_table(cmd, path, timeout, ["StartNo", "Rank", lead, *[full[i] for i in order]])
    values: dict[int, dict[str, Fraction | None]] = {}
    raw: dict[int, dict[str, str]] = {}
    mps: dict[int, Fraction] = {}
    gps: dict[int, Fraction] = {}
    rank: dict[int, int] = {}
    for cells in rows:
        team = int(cells[0])
        by_full = {full[idx]: cells[3 + pos] for pos, idx in enumerate(order)}
        raw[team] = {c: by_full[a] for c, a in zip(codes, asked)}
        values[team] = {c: _value(s) for c, s in raw[team].items()}
        mps[team] = _value(by_full["MPTS" + suffix])
        gps[team] = _value(by_full["GPTS" + suffix])
        rank[team] = int(cells[1])
    if not values:
        raise GacruxError(f"gacrux printed no teams for {path}")
    return TeamOracle(values, raw, mps, gps, rank, cmd)
