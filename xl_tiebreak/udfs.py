"""The xlwings UDF module: ``UDF Modules = xl_tiebreak.udfs`` in the classic Windows add-in, or
``from xl_tiebreak.udfs import *`` in the ``main.py`` of xlwings Lite.

Each function is the registry function of :mod:`xl_tiebreak.excel.functions.individual` (same name, same
parameters in the same order, the description and parameter texts of its declaration,
:mod:`xl_tiebreak.excel.functions.registry`), decorated for xlwings as both runtimes read it:

- no type hints (xlwings takes a hint for a converter), and no parameter named after a VBA keyword
  or function (the classic add-in writes a VBA wrapper with the same parameter names);
- every parameter documented with ``@arg(doc=...)``, the description one plain line;
- range arguments read as 2-D lists, and error cells passed on as their text (``"#REF!"``), which
  the functions refuse by name instead of taking them for blanks (``err_to_str``);
- a table that spills (STANDINGS, RESULTS, ...), when the workbook's input is wrong (a
  :class:`~xl_tiebreak.errors.TiebreakError`), gives the error table ``[["#ERROR: <why>"]]``
  instead of raising: the templates wrap these calls in ``IFERROR(<call>, Cache!<range>)``, so a
  raised error would show the stored values, the last good figures, as if they were current (the
  headless recompute writes the same table). A function giving one value raises (``#VALUE!``).

The module also holds the one action that pairs the next round in the open workbook,
``PAIR_NEXT_ROUND``: a macro (``@xw.sub``, which "Import Functions" writes as a VBA ``Sub``) in
the classic add-in, a script (``@xw.script``, its book injected) in xlwings Lite. Both call
:func:`pair_next_round_in`, which reads the crosstable and the Settings, asks
:func:`.excel.workbook.pairing_action.next_round_cells` for the cells to write and the Pairings
sheet's values, and writes them; on a team workbook (the names Teams and Matches) it calls
:func:`pair_team_round_in`, which writes the round's rows into the Matches table
(:func:`.excel.workbook.team_pairing_action.team_round_cells`).

Without xlwings installed the module still imports (the decorators become no-ops), so the same
functions serve tests and scripts.
"""

from __future__ import annotations

import functools
import inspect
from typing import Any, Callable, Optional

from .errors import InputError, TiebreakError
from .excel.functions.individual import FUNCTIONS, description, error_table, parameter_doc, spills
from .excel.functions.parameters import RANGES as RANGE_ARGUMENTS  # always 2-D lists

try:  # pragma: no cover - depends on the machine
    import xlwings as _xw

    func, arg = _xw.func, _xw.arg
    #: xlwings Lite (and xlwings Server): the action is a script; elsewhere a macro (a VBA Sub on Windows)
    _ON_SERVER = bool(getattr(_xw, "on_server", False))
    _script, _sub = getattr(_xw, "script", None), getattr(_xw, "sub", None)
except ImportError:  # pragma: no cover
    def func(f=None, **_kw):
        return f if f is not None else (lambda g: g)

    def arg(*_a, **_kw):
        return lambda g: g
    _ON_SERVER, _script, _sub = False, None, None

CATEGORY = "xl-tiebreak"  # the classic add-in's function-wizard category


def _udf(name: str, fn: Callable) -> Callable:
    """``fn`` as an xlwings function: same name and parameters, no annotations, a one-line
    description, every parameter documented, error cells passed as text."""
    @functools.wraps(fn, assigned=("__module__", "__name__", "__qualname__"), updated=())
    def udf(*args: Any) -> Any:
        try:
            return fn(*args)
        except TiebreakError as exc:
            if spills(name, args):
                return error_table(str(exc))
            raise
    sig = inspect.signature(fn)
    udf.__signature__ = sig.replace(  # type: ignore[attr-defined]
        parameters=[p.replace(annotation=inspect.Parameter.empty) for p in sig.parameters.values()],
        return_annotation=inspect.Signature.empty)
    udf.__annotations__ = {}
    udf.__doc__ = description(name)
    for p in reversed(sig.parameters):
        options: dict[str, Any] = {"doc": parameter_doc(name, p), "err_to_str": True}
        if p in RANGE_ARGUMENTS:
            options["ndim"] = 2
        udf = arg(p, **options)(udf)
    return func(category=CATEGORY)(udf)


globals().update({name: _udf(name, fn) for name, fn in FUNCTIONS.items()})

# ------------------------------------------------------------------ pairing the next round

ACTION = "PAIR_NEXT_ROUND"  # the macro's name (classic add-in) and the script's (xlwings Lite)
_LAST_ROW = 1_048_576  # a worksheet's last row


def pair_next_round_in(book: Any) -> str:
    """Pair the next round into ``book``, an xlwings Book (the classic add-in's
    ``xw.Book.caller()``, the book xlwings Lite injects): read the range of the name Crosstable,
    the row below it, its sheet's A1 (the event's name), the Settings sheet's A1:B60 and the A2 of
    a sheet called Pairings, then write the cells
    :func:`.excel.workbook.pairing_action.next_round_cells` gives (only empty cells of the round), as
    text, and the printable Pairings sheet's values (the sheet added at the end the first time,
    its contents cleared before each round); nothing else is written. Returns the line that says
    what was done; an error names the cell and begins with the action's name."""
    from .excel.workbook.pairing_action import SETTINGS_ROWS, next_round_cells
    from .excel.workbook.pairings_sheet import TITLE
    if book.names.contains("Teams") and book.names.contains("Matches"):  # a team workbook (is_team_book's test)
        return pair_team_round_in(book)
    try:
        if not book.names.contains("Crosstable"):
            raise InputError("the workbook has no name Crosstable; define it over the crosstable with its header "
                             "row (Formulas > Name Manager), as the templates do")
        area = book.names["Crosstable"].refers_to_range
        sheet = area.sheet
        rows = area.options(ndim=2, err_to_str=True).value
        last = area.row + area.shape[0]
        below = (sheet.range((last, area.column), (last, area.column + 1)).options(ndim=1, err_to_str=True).value
                 if last <= _LAST_ROW else None)
        titled = next((s for s in book.sheets if s.name.casefold() == "settings"), None)
        settings = (titled.range(f"A1:B{SETTINGS_ROWS}").options(ndim=2, err_to_str=True).value
                    if titled is not None else None)
        printed = next((s for s in book.sheets if s.name.casefold() == TITLE.casefold()), None)
        mark = (printed.name, printed.range("A2").options(err_to_str=True).value) if printed is not None else None
        todo = next_round_cells(rows, sheet.name, area.address, settings, below,
                                title=sheet.range("A1").options(err_to_str=True).value, pairings_sheet=mark)
    except TiebreakError as exc:
        raise type(exc)(f"{ACTION}: {exc}") from None
    for address, text in todo.cells.items():
        sheet.range(address).value = text
    if printed is None:
        printed = book.sheets.add(TITLE, after=book.sheets[-1])
    else:
        printed.clear_contents()
    printed.range("A1").value = todo.pairings
    return todo.summary()


def _team_range(book: Any, name: str, spare: Optional[int] = None) -> Any:
    """The range of the defined name ``name`` as :class:`.excel.workbook.team_pairing_action.TableRead`:
    with ``spare``, read down to the sheet's last used row and ``spare`` rows more (a table that
    grows, and the empty rows a round is written into)."""
    from .excel.workbook.team_pairing_action import TableRead
    if not book.names.contains(name):
        raise InputError(f"the workbook has no name {name}: not a team workbook (xl-tiebreak template --type team "
                         "makes one)")
    area = book.names[name].refers_to_range
    sheet, (height, width) = area.sheet, area.shape
    last = area.row + height - 1
    if spare is not None:
        used = sheet.used_range
        last = min(max(last, used.row + used.shape[0] - 1) + spare, _LAST_ROW)
    rows = sheet.range((area.row, area.column), (last, area.column + width - 1)).options(ndim=2, err_to_str=True).value
    return TableRead(sheet.name, area.row, area.column, [list(r) for r in rows], height)


def pair_team_round_in(book: Any) -> str:
    """Pair a team workbook's next round into ``book`` (an xlwings Book, as :func:`pair_next_round_in`):
    read the ranges Teams, Matches and TeamSettings (the growing tables down to their sheet's last
    used row), then write the Matches table's cells
    :func:`.excel.workbook.team_pairing_action.team_round_cells` gives (Rd, Home, Away of each match in
    the empty rows after the table); nothing else is written. Returns the line that says what was done;
    an error names the cell and begins with the action's name."""
    from .excel.workbook.team_pairing_action import team_round_cells
    try:
        teams = _team_range(book, "Teams", 0)
        matches = _team_range(book, "Matches", len(teams.rows) + 2)  # (more rows than a round has matches)
        todo = team_round_cells(teams, matches, _team_range(book, "TeamSettings"))
    except TiebreakError as exc:
        raise type(exc)(f"{ACTION}: {exc}") from None
    sheet = book.names["Matches"].refers_to_range.sheet
    for address, value in todo.cells.items():
        sheet.range(address).value = value
    return todo.summary()


def _pair_next_round_lite(book: "_xw.Book") -> None:
    """Pairs the next round: writes its pending games (5w, 3b) into the crosstable's empty cells."""
    print(pair_next_round_in(book))  # xlwings Lite shows it in its output pane


def _pair_next_round_classic() -> None:
    """Pairs the next round: writes its pending games (5w, 3b) into the crosstable's empty cells."""
    book = _xw.Book.caller()
    said = pair_next_round_in(book)
    try:  # the status bar tells what was done (a message box would wait for a click)
        book.app.status_bar = said
    except Exception:  # noqa: BLE001 - an engine without a status bar: the cells speak for themselves
        pass


_pair_next_round_classic.__annotations__ = {}  # the classic add-in takes a return hint for a converter
_pair_next_round_lite.__name__ = _pair_next_round_classic.__name__ = ACTION
_pair_next_round_lite.__qualname__ = _pair_next_round_classic.__qualname__ = ACTION
if _ON_SERVER and _script is not None:
    PAIR_NEXT_ROUND: Callable[..., Any] = _script(_pair_next_round_lite)
elif _sub is not None:
    PAIR_NEXT_ROUND = _sub(_pair_next_round_classic)
else:  # pragma: no cover - xlwings absent (or a runtime without macros): a plain function of a book
    PAIR_NEXT_ROUND = _pair_next_round_lite

__all__ = sorted([*FUNCTIONS, ACTION])
