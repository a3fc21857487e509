"""The pairing rows of a workbook's Settings sheet: forbidden pairs, Baku acceleration and the
initial colour, found by their labels in column A (rows 1-60, as "Rounds" is), their values in
column B. They are the Dutch system's choices that ``pair`` also takes on the command line
(``--forbid``, ``--baku``, ``--initial-colour``; C.04.1 leaves forbidden pairs to the event's
rules, C.04.7 is Baku acceleration, C.04.3 art. 5.1 the colour drawn for round 1).

:func:`pairing_cells` only finds the rows (a workbook without them, made before they existed,
has every value empty: today's defaults); :meth:`PairingCells.choices` reads and checks them,
when a round is paired, so that a bad pairing cell never stops the standings. Every error names
the cell (``Settings!B29``) and what was expected. The readers of the file (``pair``), of the
action (``PAIR_NEXT_ROUND``, the Settings sheet's rows as the runtime hands them over) and of the
function (``=PAIRING``, its ``pairing_settings`` range) all call this one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Callable, Optional

from ...errors import InputError

if TYPE_CHECKING:
    from ...model import Tournament

FORBID_LABEL, BAKU_LABEL, COLOUR_LABEL = "Forbidden pairs", "Baku acceleration", "Initial colour"
#: each label as column A may spell it (without case) -> the row's key
_LABELS = {"forbidden pairs": "forbid", "baku acceleration": "baku", "initial colour": "colour",
           "initial color": "colour"}
_YES, _NO = ("yes", "y", "true", "1", "on"), ("no", "n", "false", "0", "off", "")
LABEL_ROWS = 60
_NAMES = {"forbid": FORBID_LABEL, "baku": BAKU_LABEL, "colour": COLOUR_LABEL}


@dataclass(frozen=True)
class PairingChoices:
    """The pairing rows read: ``forbid`` (``"12-15,3-7"``, as ``--forbid`` takes it; None: no
    row or empty), ``baku`` and ``initial_colour`` (``white``/``black``; None: not chosen), and
    ``where``: each choice given -> the place it came from (``Settings!B29``), for messages."""

    forbid: Optional[str] = None
    baku: bool = False
    initial_colour: Optional[str] = None
    where: tuple[tuple[str, str], ...] = ()

    def place(self, key: str) -> str:
        """Where the choice ``key`` (forbid, baku, colour) came from."""
        return dict(self.where).get(key, key)


@dataclass(frozen=True)
class PairingCells:
    """The pairing rows' values as the cells hold them (None: the row is absent or empty) and
    their places."""

    forbid: Any = None
    baku: Any = None
    colour: Any = None
    where: tuple[tuple[str, str], ...] = ()

    def choices(self) -> PairingChoices:
        """The choices, each checked (errors name the cell)."""
        at = dict(self.where)
        return PairingChoices(_forbid(self.forbid, at.get("forbid", "")), _baku(self.baku, at.get("baku", "")),
                              _colour(self.colour, at.get("colour", "")),
                              tuple((k, p) for k, p in self.where if _given(getattr(self, k))))


def pairing_cells(cells: dict[str, Any], place: Callable[[str], str] = lambda a1: f"Settings!{a1}") -> PairingCells:
    """The pairing rows of a Settings sheet (``cells``: A1 address -> value), found by the labels
    of column A in rows 1-60; ``place`` names a cell for messages."""
    found: dict[str, Any] = {}
    where = []
    for r in range(1, LABEL_ROWS + 1):
        label = cells.get(f"A{r}")
        key = _LABELS.get(label.strip().casefold()) if isinstance(label, str) else None
        if key is not None and key not in found:
            found[key] = cells.get(f"B{r}")
            where.append((key, place(f"B{r}")))
    return PairingCells(found.get("forbid"), found.get("baku"), found.get("colour"), tuple(where))


def rows_cells(rows: Any, what: str = "pairing_settings") -> dict[str, Any]:
    """A range of rows (label | value), as a function or a runtime hands it over, as cells from A1.
    One value (a one-cell range) is refused naming ``what``: it has no label beside a value."""
    from ..xlsx.a1 import column_letter
    if rows is not None and not isinstance(rows, (list, tuple)):
        raise InputError(f"{what}: {rows!r:.40} is one value; expected the Settings rows Forbidden pairs, Baku "
                         "acceleration and Initial colour, each a label and its value (two columns)")
    out: dict[str, Any] = {}
    for i, row in enumerate(list(rows or ())[:LABEL_ROWS]):
        for j, v in enumerate(row if isinstance(row, (list, tuple)) else [row]):
            if v is not None and j < 26:
                out[f"{column_letter(j + 1)}{i + 1}"] = v
    return out


def _given(v: Any) -> bool:
    return v is not None and not (isinstance(v, str) and not v.strip())


def _forbid(v: Any, where: str) -> Optional[str]:
    """Forbidden pairs: text such as ``12-15; 3-7`` (start numbers; ``;`` or ``,`` between pairs)."""
    if not _given(v):
        return None
    if not isinstance(v, str):  # Excel takes 12-15 typed in a General cell for a date
        raise InputError(f"forbidden pairs: the cell holds {str(v)[:40]!r}, not text (Excel may have taken 12-15 for a "
                         "date); format the cell as Text and write the pairs as start numbers, e.g. 12-15; 3-7",
                         where)
    from ...pairing.arbiter import parse_forbid
    from ...pairing.model import PairingError
    text = v.strip()
    try:
        parse_forbid(text, "forbidden pairs", "12-15; 3-7")
    except PairingError as exc:
        raise InputError(str(exc), where) from None
    return text


def _baku(v: Any, where: str) -> bool:
    """Baku acceleration: yes or no (empty: no)."""
    return yes_or_no(v, "Baku acceleration", where)


def yes_or_no(v: Any, what: str, where: str) -> bool:
    """A Settings cell of yes or no (TRUE/FALSE, y/n, 1/0, on/off; empty: no); anything else is
    refused naming ``what`` and the cell ``where``."""
    if isinstance(v, bool):
        return v
    text = str(v if v is not None else "").strip().casefold()
    if text in _YES:
        return True
    if text in _NO:
        return False
    raise InputError(f"{what} {str(v)[:40]!r}: write yes or no", where)


def _colour(v: Any, where: str) -> Optional[str]:
    """The initial colour: white or black (empty: None, the default: White for the top seed in round 1)."""
    text = str(v if v is not None else "").strip().casefold()
    if not text:
        return None
    colour = {"white": "white", "w": "white", "black": "black", "b": "black"}.get(text)
    if colour is None:
        raise InputError(f"initial colour {str(v)[:40]!r}: write white or black (the top seed's colour in "
                         "round 1), or leave it empty for White", where)
    return colour


def arbiter_choices(t: "Tournament", system: str, choices: PairingChoices, *, forbid: Optional[str] = None,
                    initial_colour: Optional[str] = None, baku: Optional[bool] = None
                    ) -> tuple[tuple[frozenset[int], ...], Optional[str], bool]:
    """The forbidden pairs, initial colour and Baku acceleration a round of ``t`` is paired with
    by ``system`` (its name: berger, dutch): each given on the command line (``forbid``,
    ``initial_colour``, ``baku`` not None) over the workbook's cell (``choices``). A start number
    no player has, or a Dutch choice on a Berger table (fixed, C.05 Annex 1), is refused naming
    the cell or the option it came from."""
    from ...pairing.arbiter import checked_forbidden, parse_forbid
    from ...pairing.model import PairingError
    cell_forbid, cell_colour, cell_baku = forbid is None, initial_colour is None, baku is None
    forbid = choices.forbid if cell_forbid else forbid
    initial_colour = choices.initial_colour if cell_colour else initial_colour
    baku = choices.baku if baku is None else baku
    if system == "berger":
        for given, from_cell, key in ((forbid, cell_forbid, "forbid"), (initial_colour, cell_colour, "colour"),
                                      (baku, cell_baku, "baku")):
            if given and from_cell:
                raise InputError(f"{_NAMES[key]} is a choice of the Dutch system (a Swiss event): a Berger table "
                                 "is fixed (C.05 Annex 1); keep players apart, and choose colours, by the draw of "
                                 "start numbers; empty the cell (or write no) to pair the round robin",
                                 choices.place(key))
    if not forbid:
        return (), initial_colour, bool(baku)
    pairs = parse_forbid(forbid) if not cell_forbid else parse_forbid(forbid, "forbidden pairs", "12-15; 3-7")
    try:
        checked_forbidden(t, pairs)
    except PairingError as exc:
        if cell_forbid:
            raise InputError(exc.detail, choices.place("forbid")) from None
        raise
    return pairs, initial_colour, bool(baku)
