"""Run FIDE's reference engine gacrux (PyPI ``gacrux==1.11.65``, MIT) as a test oracle.

gacrux is only ever called in a subprocess::

    python -m gacrux.tiebreakchecker -i FILE (-s|-p) -t PTS <codes...> -d T [-u N] [-n R] [-N R]

What gacrux 1.11.65 does (read from its source and checked by running it):

* Output.  ``-d T`` prints a tab-separated table: header ``StartNo Rank PTS <codes>``
  (codes echoed as typed), then one row per player in start order.  ``Rank`` is the
  final rank after all the listed tie-breaks.  Values are ``str(Decimal)``: sums keep
  the natural decimals (``12.5``, ``13.25``), AOB is rounded to 2 decimals (3 from 9
  rounds on), ARO/TPR/PTP/APRO/APPO are integers.
* Undefined values (ARO with no rated OTB game, ARO/C1 after cutting the only game,
  TPR/PTP/APRO/APPO when a rating tie-break is dropped...) are ``None`` internally and
  printed as ``-0`` (``str(None).replace("None", "-0")``).  ``run_gacrux`` maps ``-0``
  to ``None``; gacrux produces no negative zero for a defined value.  AOB of a player
  without OTB games is ``-0`` too.  If *any* player of the event is unrated and no
  ``-u`` (or ``/Unnnn`` modifier) is given, ARO/TPR/PTP/APRO/APPO are ``-0`` for
  every player, under both rule versions.
* DE is printed as an integer "place inside the tied group": for each group that is
  still tied on PTS and on every tie-break listed *before* DE, the players DE separates
  get 1, 2, 3, ... (players DE cannot separate share the same number), and a group DE
  cannot split at all (or a player alone on his score) gets ``0``.  Lower is better.
  Because of this, DE values depend on the codes that come before DE in the list.
* Rule versions: a ``/V`` modifier on a code.  ``/V0`` = 2022 text (only the ARO
  cut differs), ``/V1`` = 2024 text (1 Aug 2024 - 28 Feb 2026), ``/V2`` = 2026
  text (from 1 Mar 2026).  Also ``/V2022``, ``/V2024``, ``/V2026``.  Any other number
  gives 2, and a bare ``/V`` gives the newest (2).
* Default version, without ``/V``: from record 042.  The date is read as
  ``YYYY/MM/DD`` (``/`` becomes ``-``; a 2-digit year ``YY/MM/DD`` gets ``20``
  prefixed), and only the first 10 characters are parsed as ``YYYY-MM-DD``.  Before
  2026-03-01 gives version 1; on or after that day, or with no readable date, version 2.
* Unknown tie-break names (e.g. ``XYZ``) are not an error: gacrux silently maps them
  to its ``NUL`` tie-break and prints ``0`` for every player (exit status 0).
  Unknown modifier letters are silently ignored (``BH/Q`` is plain ``BH``).  So a
  typo is not reported: check the codes yourself.
* ``-n R`` is gacrux's *current round* (evaluate rounds 1..R); ``-N R`` overrides
  the scheduled number of rounds.  Without them gacrux evaluates
  ``max(XXR/142 rounds, last paired round)`` rounds: rounds that a TRF declares
  but does not fill are evaluated as unplayed (ZPB) rounds.
* ``-s`` / ``-p`` force Swiss / pre-determined (round-robin) rules.  Without either,
  gacrux guesses from 092/192 ("SWISS", "RR", "ROBIN", "BERGER") or from the player
  and round counts (players == rounds or rounds + 1 means round robin, so a 6-player,
  5-round Swiss without 092 is scored as a round robin).
* Errors (unreadable file, points that no score system explains, misaligned columns,
  unknown players...): gacrux prints ``### Error <code>`` and the messages on stdout
  and exits with that code modulo 256 (e.g. 401 -> 145).  ``run_gacrux`` raises
  ``GacruxError`` with that text.
* State leak (RULES_NOTES §3.2): computing FB, AFB or any code with the ``F`` (fore)
  modifier, e.g. ``AOB/F``, changes the "last non-VUR round" of players paired in the
  final round, and BH/SB/AOB computed later in the same run differ.  ``run_gacrux``
  therefore moves such codes to the end of the list (keeping the order within each
  part) and maps the values back to the caller's codes.  A DE-type code placed after
  a moved code would then see different tie groups, so that case is refused unless
  ``reorder=False``.
* Encoding: gacrux decodes a TRF as Latin-1 unless ``-b`` names another (``-b utf-8``); a
  UTF-8 name with ``ü`` is two characters there, and every later column of its line moves
  (error 467, "misaligned data").  ``run_gacrux(encoding=...)`` passes ``-b``;
  ``gacrux_players`` gives what it reads of each 001 line (its ``convert`` to JSON).
* Round-robin sit-out round (odd number of players): gacrux accepts ``0000 - Z``,
  ``0000 - U`` or a blank field; with ``-p`` it ignores rounds without an opponent in
  BH/SB/DE/ARO and friends.  Its own generator writes ``0000 - U`` (1 point).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from fractions import Fraction
from pathlib import Path

__all__ = ["GacruxError", "gacrux_available", "gacrux_version", "run_gacrux", "is_fore_code", "gacrux_players"]

GACRUX_VERSION = "1.11.65"
_MODES = {"swiss": "-s", "pre-determined": "-p", "predetermined": "-p", "round-robin": "-p", "rr": "-p"}
_RANK_DEPENDENT = {"DE", "EDE", "EDEC", "EDET", "EDEB", "EDEBT", "EDEBB", "TBR", "BBE"}


class GacruxError(RuntimeError):
    """gacrux failed, refused the file, or printed something we cannot read."""


def gacrux_available() -> bool:
    """True when the gacrux package can be imported by this interpreter."""
    try:
        return importlib.util.find_spec("gacrux.tiebreakchecker") is not None
    except (ImportError, ValueError):
        return False


def gacrux_version() -> str | None:
    """Installed gacrux version, or None."""
    try:
        from importlib.metadata import PackageNotFoundError, version
        return version("gacrux")
    except PackageNotFoundError:
        return None


def _split(code: str) -> tuple[str, list[str]]:
    """Name (without :XX point type or @year) and modifier parts of a code, upper case."""
    parts = code.upper().replace("!", "/").replace("#", "/").split("/")
    name = parts[0].split(":")[0].split("@")[0]
    return name, parts[1:]


def is_fore_code(code: str) -> bool:
    """True for codes that run gacrux's fore mode (FB, AFB, anything with an F modifier)."""
    name, mods = _split(code)
    return name in ("FB", "AFB") or any("F" in m for m in mods)


def _order(codes: list[str], reorder: bool) -> list[int]:
    """Indices of codes in the order gacrux must compute them."""
    if not reorder:
        return list(range(len(codes)))
    normal = [i for i, c in enumerate(codes) if not is_fore_code(c)]
    fore = [i for i, c in enumerate(codes) if is_fore_code(c)]
    seen_fore = False
    for c in codes:
        if is_fore_code(c):
            seen_fore = True
        elif seen_fore and _split(c)[0] in _RANK_DEPENDENT:
            raise ValueError(
                f"{c!r} follows a fore-mode code (FB, AOB/F...): moving that code last would change "
                "the tie groups DE works on. Put DE first, run it separately, or pass reorder=False.")
    return normal + fore


def _value(text: str) -> Fraction | None:
    text = text.strip()
    if text == "-0":
        return None
    try:
        return Fraction(text)
    except (ValueError, ZeroDivisionError) as exc:
        raise GacruxError(f"gacrux printed a non-numeric value {text!r}") from exc


def checked_codes(codes: object) -> list[str]:
    """The tie-break codes as a list; ValueError when there is none or one could be read as an
    option of gacrux's command line."""
    got = list(codes)  # type: ignore[call-overload]
    if not got:
        raise ValueError("no tie-break codes given")
    for c in got:
        if not c or c.startswith("-") or any(ch.isspace() for ch in c):
            raise ValueError(f"bad tie-break code {c!r}")
    return got


def run_table(cmd: list[str], path: object, timeout: float, expected: list[str]) -> list[list[str]]:
    """Run gacrux's tie-break checker (``cmd``) and return its table's rows as cells, after
    checking its header is ``expected`` (case aside); GacruxError when it fails or prints else."""
    try:
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
    except FileNotFoundError as exc:  # pragma: no cover - no interpreter
        raise GacruxError(f"cannot start {sys.executable}: {exc}") from exc
    except subprocess.TimeoutExpired as exc:
        raise GacruxError(f"gacrux did not finish within {timeout} s on {path}") from exc
    out = proc.stdout.replace("\r", "")
    lines = [ln for ln in out.split("\n") if ln.strip()]
    if proc.returncode != 0 or not lines or not lines[0].startswith("StartNo\tRank\t"):
        detail = (out.strip() or proc.stderr.strip() or "(no output)")[-2000:]
        if "No module named" in proc.stderr:
            detail = "gacrux is not installed: pip install gacrux==" + GACRUX_VERSION
        raise GacruxError(f"gacrux failed on {path} (exit status {proc.returncode}): {detail}")
    header = lines[0].split("\t")
    if [h.upper() for h in header] != [e.upper() for e in expected]:
        raise GacruxError(f"unexpected gacrux header {header!r}, expected {expected!r}")
    rows = [ln.split("\t") for ln in lines[1:]]
    for cells in rows:
        if len(cells) != len(header):
            raise GacruxError(f"gacrux printed an unexpected line: {chr(9).join(cells)!r}")
    return rows


def run_gacrux(trf_path: str, codes: list[str], *, mode: str | None = "swiss",
               unrated: int | None = None, rounds: int | None = None,
               scheduled_rounds: int | None = None, reorder: bool = True,
               timeout: float = 600.0, encoding: str | None = None) -> dict[int, dict[str, Fraction | None]]:
    """Run gacrux's tie-break checker on a TRF file.

    Returns {start number: {code as given: exact value, or None when undefined}}.
    mode: "swiss" (-s), "pre-determined"/"round-robin" (-p), or None (let gacrux
    guess).  unrated: rating for unrated players (-u).  rounds: evaluate rounds
    1..rounds (-n).  scheduled_rounds: number of rounds of the event (-N).
    reorder: move FB/AFB/.../F codes last (see the module docstring).  encoding: gacrux's -b
    (default: it reads Latin-1).
    Raises GacruxError when gacrux fails and ValueError for bad arguments.
    """
    codes = checked_codes(codes)
    path = Path(trf_path)
    if not path.is_file():
        raise FileNotFoundError(trf_path)
    order = _order(codes, reorder)
    cmd = [sys.executable, "-m", "gacrux.tiebreakchecker", "-i", str(path)]
    if mode is not None:
        flag = _MODES.get(mode.lower())
        if flag is None:
            raise ValueError(f"mode must be 'swiss' or 'pre-determined', not {mode!r}")
        cmd.append(flag)
    if unrated is not None:
        cmd += ["-u", str(int(unrated))]
    if rounds is not None:
        cmd += ["-n", str(int(rounds))]
    if scheduled_rounds is not None:
        cmd += ["-N", str(int(scheduled_rounds))]
    if encoding is not None:
        cmd += ["-b", encoding]
    cmd += ["-t", "PTS", *[codes[i] for i in order], "-d", "T"]

    rows = run_table(cmd, path, timeout, ["StartNo", "Rank", "PTS", *[codes[i] for i in order]])
    result: dict[int, dict[str, Fraction | None]] = {}
    for cells in rows:
        values = cells[3:]
        row: dict[str, Fraction | None] = {}
        for pos, idx in enumerate(order):
            row[codes[idx]] = _value(values[pos])
        result[int(cells[0])] = {c: row[c] for c in codes}  # caller's order
    if not result:
        raise GacruxError(f"gacrux printed no players for {path}")
    return result


def gacrux_players(trf_path: str | Path, *, encoding: str | None = None,
                   timeout: float = 600.0) -> list[tuple[str, str, int, int]]:
    """What gacrux reads of each 001 line, in file order: (name, federation, FIDE ID, rating; 0
    where none), through its ``convert`` to JSON (``-b encoding`` when given).  Raises GacruxError
    when it refuses the file (a misaligned line included)."""
    import json
    import tempfile
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "event.json"
        cmd = [sys.executable, "-m", "gacrux.convert", "-i", str(trf_path), "-o", str(out)]
        if encoding is not None:
            cmd += ["-b", encoding]
        proc = subprocess.run(cmd, capture_output=True, text=True, timeout=timeout)
        doc = json.loads(out.read_text(encoding="utf-8")) if out.is_file() else {}
    status = doc.get("status", {})
    if proc.returncode != 0 or status.get("code", 0) != 0 or "event" not in doc:
        said = status.get("error") or proc.stdout.strip() or proc.stderr.strip()
        raise GacruxError(f"gacrux refused {trf_path}: {said}")
    return [(p["fideName"], p["federation"], p["fideId"] or 0, p["rating"][0]["rating"] if p.get("rating") else 0)
            for p in doc["event"]["profiles"] if "birth" in p]  # (an arbiter of 102/112 is a profile too)
