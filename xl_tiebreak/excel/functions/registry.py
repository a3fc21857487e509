"""The registry of the Excel functions: each function declares, where it is defined, what the
faces need to know of it (whether it gives a table that spills, its group, the description Excel
shows, what it says of a parameter beyond the common text), and every face reads this one
registry: the xlwings UDF module, the headless recompute, the templates' Help sheets, the tests.

    @worksheet_function(INDIVIDUAL, spills=True, description="Every player's points, as a table ...")
    def POINTS(crosstable, edition=None):
        '''Every player's points.'''  # a short docstring for Python readers

The decorator gives back the function with its arguments checked and its errors named
(:mod:`.functions.argument_checks`); :data:`FUNCTIONS` then holds it under its Excel name. The functions
are declared in :mod:`.functions.individual` and :mod:`.functions.team`: a face reads the registry through
:mod:`.functions.individual`, whose import registers them all.
"""

from __future__ import annotations

import inspect
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping, Optional, Sequence

from .argument_checks import checked
from ..ranges.arguments import text_of
from .parameters import PARAMETER_DOCS

INDIVIDUAL = "individual"  # over the crosstable: the Help sheet of the individual workbooks lists them
TEAM = "team"              # over the team ranges: the team workbook's Help sheet lists them
#: what a table shows in its first cell when its function fails (the rest of the table is empty)
ERROR_PREFIX = "#ERROR: "


@dataclass(frozen=True)
class WorksheetFunction:
    """One Excel function as the faces see it."""

    name: str          # the Excel name (upper case)
    call: Callable     # the function, its arguments checked and its errors named
    group: str         # INDIVIDUAL or TEAM
    description: str   # what Excel shows for the function: one plain line, at most 255 characters
    #: a table that spills; one with both a row and a column argument gives one cell when both are given
    spills: bool = False
    parameter_docs: Mapping[str, str] = field(default_factory=dict)  # beyond PARAMETER_DOCS

    def parameter_doc(self, parameter: str) -> str:
        """What Excel shows for a parameter of this function."""
        return _doc(self.parameter_docs, parameter)

    def parameters(self) -> list[str]:
        """The parameters' names, in order."""
        return list(inspect.signature(self.call).parameters)


#: The registry: Excel name -> its declaration, in the order of the definitions.
REGISTRY: dict[str, WorksheetFunction] = {}
#: Excel name -> function (checked). Every face calls the functions through this one table.
FUNCTIONS: dict[str, Callable] = {}


def worksheet_function(group: str, description: str, spills: bool = False, name: Optional[str] = None,
                       parameters: Optional[Mapping[str, str]] = None) -> Callable[[Callable], Callable]:
    """Declare ``fn`` an Excel function named ``name`` (empty: its own name): registered with its
    ``group``, its ``description`` (what Excel and the Help sheet show), whether it gives a table that
    ``spills`` and what it says of some ``parameters`` beyond their common text; it is given back
    with its arguments checked and its errors named."""
    if len(description) > 255 or "\n" in description:
        raise ValueError(f"the description of an Excel function is one line of at most 255 characters: "
                         f"{description!r}")

    def register(fn: Callable) -> Callable:
        excel_name = name or fn.__name__
        if excel_name in REGISTRY:
            raise ValueError(f"the Excel function {excel_name} is declared twice")
        fn.__name__ = fn.__qualname__ = excel_name
        docs = dict(parameters or {})
        unknown = set(docs) - set(inspect.signature(fn).parameters) if docs else set()
        if unknown:
            raise ValueError(f"{excel_name} has no parameter {', '.join(sorted(unknown))}")
        call = checked(excel_name, fn, lambda parameter: _doc(docs, parameter))
        REGISTRY[excel_name] = WorksheetFunction(excel_name, call, group, description, spills, docs)
        FUNCTIONS[excel_name] = call
        return call
    return register


def _doc(docs: Mapping[str, str], parameter: str) -> str:
    return docs.get(parameter) or PARAMETER_DOCS[parameter]


def group(name: str) -> list[str]:
    """The Excel functions of a group, in the order of their definitions."""
    return [f.name for f in REGISTRY.values() if f.group == name]


def parameter_doc(function: str, parameter: str) -> str:
    """The description Excel shows for a parameter of a function."""
    return REGISTRY[function].parameter_doc(parameter)


def description(function: str) -> str:
    """The one-line description Excel shows for a function."""
    return REGISTRY[function].description


def error_table(message: str) -> list[list[Any]]:
    """The table a failing spilling call shows (the headless recompute writes the same, and
    xlwings's add-in returns it, see :mod:`xl_tiebreak.udfs`): one cell, ``#ERROR: <message>``,
    so no old figure stands as current behind ``IFERROR(<call>, Cache!...)``."""
    return [[ERROR_PREFIX + message]]


def spills(name: str, args: Sequence[Any], kwargs: Optional[dict] = None) -> bool:
    """Whether this call of the function ``name`` asks for a table (STANDINGS and EXPLAIN with
    both row and column give one cell)."""
    entry = REGISTRY.get(name)
    if entry is None or not entry.spills:
        return False
    names = entry.parameters()
    if "row" not in names or "column" not in names:
        return True
    given = dict(zip(names, args), **(kwargs or {}))
    return any(text_of(_one_cell(given.get(p))) == "" for p in ("row", "column"))


def _one_cell(v: Any) -> Any:
    """A range of one cell as its value (anything else as it is)."""
    while isinstance(v, (list, tuple)) and len(v) == 1:
        v = v[0]
    return None if isinstance(v, (list, tuple)) and not v else v
