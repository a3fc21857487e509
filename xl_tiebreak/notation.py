"""The crosstable cell notation <-> Round (DESIGN "The spreadsheet face").

=============  ===========================================================
``12w1``       win with White against 12 (``12b0`` loss with Black, ...)
``12b½``       draw with Black; ``12b=`` and ``12b0.5`` are the same
``12 1``       a game without a recorded colour (``12 ½``, ``12=``, ``12½``)
``12w``        paired with 12 (White), result still to come (``12?``: colour unknown)
``+12``        forfeit win against 12 (``+12w`` keeps the colour)
``-12``        forfeit loss against 12
``--12``       double forfeit against 12
``BYE``/``U``  pairing-allocated bye (Swiss only: an error in a round robin)
``F``          full-point bye
``H``          half-point bye
``Z``          zero-point bye
``-``          absent, not paired; in a round robin, the round a player sits out
``WD``         withdrew: this round and every later one unplayed
empty          not entered yet: in the last round paired, a game not in yet (the round is
               in progress, :mod:`xl_tiebreak.progress`); in an earlier round an absence
=============  ===========================================================

The cells chess-results.com and Swiss-Manager publish (:mod:`xl_tiebreak.imports.round_cells`)
are read as their importer reads them, so that a row copied from an export means what
``check --from chess-results`` reads:

=============  ===========================================================
``12w+``       forfeit win against 12 with White (``12b+``, ``12+``: with Black, no colour)
``12w-``       forfeit loss against 12 (``12b-``, ``12-``)
``12s1``       ``s`` (German *schwarz*) is Black: ``12s1`` is ``12b1``, ``12s`` is ``12b``
``-½``         half-point bye, as ``H`` (also ``-=``, ``-0.5``, ``-1/2``)
``-0``         not paired, as ``-`` (typed as text: the templates' round cells are text)
=============  ===========================================================

A bare ``0`` (the text or the number, which is what a spreadsheet makes of a ``-0`` typed into a
cell that is not text, and what a formula gives for an empty cell) is refused, not read as an
absence: it may as well be a loss written without its opponent (:data:`ZERO_HINT`).

One exception: chess-results' ``-1`` (a point without a game, which its importer reads as the
pairing-allocated bye) is here, as in every FIDE crosstable, a forfeit loss against player 1;
write ``BYE`` (or ``F``) for the bye. A ``-1`` that player 1's line does not mirror is reported
with that hint (:func:`~xl_tiebreak.crosstable.tournament_from_rows`).

Case does not matter. Parsing raises :class:`NotationError`, whose message the caller prefixes
with the place (sheet and cell).

The US wall-chart notation is read too (``style="us"``, chosen automatically for a crosstable
that has cells like ``W12``): ``W12`` / ``L5`` / ``D8`` a game, ``X12`` / ``F12`` a forfeit win /
loss, ``H`` a half-point bye, ``B`` the bye, ``U`` an unplayed round (zero). There ``F`` and ``U``
mean what they mean on a US chart, not the TRF's full-point and pairing-allocated byes.
"""

from __future__ import annotations

import re
from typing import Optional

from .errors import TiebreakError
from .model import STANDARD_SCORING, Kind, Round, Scoring
from .number_text import quoted

EXAMPLES = "write e.g. 12w1, 12b½, +12, BYE, H"


class NotationError(TiebreakError):
    """A cell that is not a result."""


# a colour letter or a blank must separate opponent and a 1/0 result, so "10" or "121" are not
# read as games; "=" and "½" need no separator
_GAME = re.compile(r"^(\d+)(?:\s*([wbsWBS])\s*|\s+)(1|0|½|=|0\.5|0,5|1/2)$|^(\d+)\s*(½|=)$")
#: the usual cell, as most crosstables are written (``12w1``, ``7b½``): read without the general steps
PLAIN_GAME = re.compile(r"(\d+)([wb])(1|0|½|=)")
_PENDING = re.compile(r"^(\d+)\s*([wbsWBS?])$")
_FORFEIT = re.compile(r"^(--|\+|-)\s*(\d+)\s*([wbWB])?$")
#: chess-results' forfeit, the sign after the opponent and colour: ``12w+`` won, ``12b-`` lost
_FORFEIT_AFTER = re.compile(r"^(\d+)\s*([wbsWBS])?\s*([+-])$")
#: chess-results' rounds without a game: ``-½`` (a half-point bye), ``-0`` (not paired)
_NO_GAME = {"-½": Kind.HALF_BYE, "-=": Kind.HALF_BYE, "-0.5": Kind.HALF_BYE, "-0,5": Kind.HALF_BYE,
            "-1/2": Kind.HALF_BYE, "-0": Kind.ABSENT}
#: why a bare ``0`` is not a result, and what to write instead
ZERO_HINT = ("'0' is not a result: a loss needs its opponent (12w0; -12 for a forfeit loss), a round not paired "
             "is - (chess-results' -0, which a spreadsheet turns into the number 0 unless the cell is text), and a "
             "formula should give an empty text \"\" for a result not in yet")
#: a number no start number has (they go to 99,999): never converted (5,000 digits cannot be)
_TOO_LONG = re.compile(r"\d{7}")
_RESULTS = {"1": Kind.WIN, "0": Kind.LOSS, "½": Kind.DRAW, "=": Kind.DRAW, "0.5": Kind.DRAW,
            "0,5": Kind.DRAW, "1/2": Kind.DRAW}
_BYES = {"BYE": Kind.PAB, "U": Kind.PAB, "PAB": Kind.PAB, "F": Kind.FULL_BYE, "FPB": Kind.FULL_BYE,
         "H": Kind.HALF_BYE, "HPB": Kind.HALF_BYE, "Z": Kind.ZERO_BYE, "ZPB": Kind.ZERO_BYE,
         "-": Kind.ABSENT, "WD": Kind.WITHDRAWN}


_US_GAME = re.compile(r"^([WLDXF])\s*(\d+)$", re.IGNORECASE)
_US_KIND = {"W": Kind.WIN, "L": Kind.LOSS, "D": Kind.DRAW, "X": Kind.FORFEIT_WIN, "F": Kind.FORFEIT_LOSS}
_US_BYES = {"H": Kind.HALF_BYE, "B": Kind.PAB, "U": Kind.ZERO_BYE}
US_EXAMPLES = "write e.g. W12, L5, D8, X12 (forfeit win), F12 (forfeit loss), H, B, U"


def is_us_cell(text: object) -> bool:
    """A cell only the US wall-chart notation writes (``W12``, ``L5``, ``D8``, ``X12``)."""
    return isinstance(text, str) and bool(re.match(r"^\s*[WLDXwldx]\s*\d+\s*$", text))


def is_fide_cell(text: object) -> bool:
    """A cell only the FIDE notation writes (``12w1``, ``12 ½``, ``+12``, ``BYE``, ``12w``)."""
    if not isinstance(text, str):
        return False
    s = text.strip()
    return bool(_GAME.match(s) or _PENDING.match(s) or re.match(r"^(--|\+|-)\s*\d+", s) or _FORFEIT_AFTER.match(s)
                or s.replace(" ", "") in _NO_GAME or s.upper() in ("BYE", "PAB", "FPB", "HPB", "ZPB", "WD"))


#: The error values a spreadsheet cell can hold (Excel, LibreOffice), as their text arrives.
SPREADSHEET_ERRORS = frozenset({
    "#NULL!", "#DIV/0!", "#VALUE!", "#REF!", "#NAME?", "#NUM!", "#N/A", "#GETTING_DATA",
    "#SPILL!", "#CALC!", "#FIELD!", "#BLOCKED!", "#CONNECT!", "#BUSY!", "#UNKNOWN!", "#PYTHON!",
    "#TIMEOUT!", "#EXTERNAL!", "ERR:502", "ERR:504", "ERR:508", "ERR:511", "ERR:522", "ERR:523",
})


def spreadsheet_error(value: object) -> Optional[str]:
    """The error value a cell holds (``"#REF!"``), or None. An error is never a blank cell.

    >>> spreadsheet_error(" #ref! "), spreadsheet_error("12w1")
    ('#REF!', None)
    """
    if isinstance(value, str):
        key = value.strip().upper()
        if key in SPREADSHEET_ERRORS:
            return key
    return None


def parse_cell(text: Optional[object], scoring: Scoring = STANDARD_SCORING, style: str = "fide") -> Round:
    """Parse one crosstable cell. ``None`` or blank is a round not played yet. ``style`` is
    ``"fide"`` (the arbiter's notation above) or ``"us"`` (the US wall chart). A spreadsheet
    error value (``#REF!``) is refused, never read as blank."""
    if text.__class__ is str and style != "us":
        m = PLAIN_GAME.fullmatch(text)
        if m is not None and m.group(1)[0] != "0" and len(m.group(1)) < 7:
            k = _RESULTS[m.group(3)]
            return Round(k, int(m.group(1)), m.group(2), scoring.points(k))
    err = spreadsheet_error(text)
    if err:
        raise NotationError(f"the cell holds the spreadsheet error {err} (a formula or reference "
                            f"that failed), not a result; fix that cell")
    if isinstance(text, str) and _TOO_LONG.search(text):
        raise NotationError(f"{quoted(text.strip())} is not a result: no start number has seven digits or more; "
                            f"{US_EXAMPLES if style == 'us' else EXAMPLES}")
    if style == "us" and text is not None and str(text).strip():
        s = str(text).strip()
        m = _US_GAME.match(s)
        if m:
            k = _US_KIND[m.group(1).upper()]
            if int(m.group(2)) < 1:
                raise NotationError(f"{s!r}: opponent 0 does not exist; {US_EXAMPLES}")
            return Round(k, int(m.group(2)), None, scoring.points(k))
        if s.upper() in _US_BYES:
            k = _US_BYES[s.upper()]
            return Round(k, None, None, scoring.points(k))
        if s.upper() in ("X", "F"):
            raise NotationError(f"{s!r}: a forfeit needs the opponent's number; {US_EXAMPLES}")
    if text is None:
        return Round(Kind.NOT_PLAYED)
    if isinstance(text, float) and text.is_integer():
        text = int(text)
    s = str(text).strip()
    if not s:
        return Round(Kind.NOT_PLAYED)
    if s == "0" and style != "us":
        raise NotationError(ZERO_HINT)
    key = s.upper()
    if key in _BYES:
        k = _BYES[key]
        return Round(k, None, None, scoring.points(k))
    k_ = _NO_GAME.get(s.replace(" ", ""))
    if k_ is not None:  # chess-results' -½ and -0
        return Round(k_, None, None, scoring.points(k_))
    m = _GAME.match(s)
    if m:
        opp, colour, res = m.groups()[:3] if m.group(1) else (m.group(4), None, m.group(5))
        if int(opp) < 1:
            raise NotationError(f"{s!r}: opponent 0 does not exist; {EXAMPLES}")
        k = _RESULTS[res]
        return Round(k, int(opp), _colour(colour), scoring.points(k))
    m = _PENDING.match(s)
    if m:
        colour = m.group(2).lower()
        return Round(Kind.NOT_PLAYED, int(m.group(1)), None if colour == "?" else _colour(colour))
    m = _FORFEIT.match(s.replace(" ", "")) or _FORFEIT_AFTER.match(s)
    if m:
        sign, opp, colour = m.groups() if m.re is _FORFEIT else (m.group(3), m.group(1), m.group(2))
        k = {"+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS, "--": Kind.DOUBLE_FORFEIT}[sign]
        if int(opp) < 1:
            raise NotationError(f"{s!r}: opponent 0 does not exist; {EXAMPLES}")
        return Round(k, int(opp), _colour(colour), scoring.points(k))
    raise NotationError(f"{s!r} is not a result; {US_EXAMPLES if style == 'us' else EXAMPLES}")


def _colour(letter: Optional[str]) -> Optional[str]:
    """``w`` or ``b`` of a colour letter (``s``, German *schwarz*, is Black); None for none."""
    return None if not letter else "b" if letter.lower() in ("b", "s") else "w"


_RESULT_TEXT = {Kind.WIN: "1", Kind.LOSS: "0", Kind.DRAW: "½",
                Kind.SHORT_WIN: "1", Kind.SHORT_LOSS: "0", Kind.SHORT_DRAW: "½"}
_BYE_TEXT = {Kind.PAB: "BYE", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
             Kind.ABSENT: "-", Kind.WITHDRAWN: "WD", Kind.NOT_PLAYED: ""}


def format_cell(r: Round) -> str:
    """The cell text for a round (the inverse of :func:`parse_cell`; short games become games)."""
    if r.kind is Kind.NOT_PLAYED and r.opponent is not None:
        return f"{r.opponent}{r.colour or '?'}"
    if r.kind in _BYE_TEXT:
        return _BYE_TEXT[r.kind]
    colour = r.colour or ""
    if r.kind in _RESULT_TEXT:
        return f"{r.opponent}{colour or ' '}{_RESULT_TEXT[r.kind]}"
    sign = {Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "--"}[r.kind]
    return f"{sign}{r.opponent}{colour}"
