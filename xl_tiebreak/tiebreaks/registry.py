"""The one registry of tie-breaks: a row per code (:class:`~.spec.Spec`), declared in its
family's module (``ROWS``).

A row says everything the faces need to know about a code: its legend (title and article), its
aliases, the modifiers it takes, which way is better, how many decimals it shows, its Excel
function names, which other tie-breaks it reads, and the function that computes its value and
its account. The descriptor parser, the engine, formatting, the explanations, the Excel
functions and the Help sheet all read it; adding a tie-break is one row.

>>> spec("GE").name, spec("BH").modifiers, spec("DE").lower_is_better
('REP', 'CMP', True)
"""

from __future__ import annotations

from typing import Optional

from .spec import MODIFIERS, Spec

_ROWS: dict[str, Spec] = {}
_SORTED: Optional[dict[str, Spec]] = None


def register(row: Spec) -> Spec:
    """Add a row (the families' rows are added on first use; an extension may add its own)."""
    global _SORTED
    rows()  # the families' rows first, so that a clash is told
    if row.name in _ROWS:
        raise ValueError(f"tie-break {row.name} is registered twice")
    if set(row.modifiers) - set(MODIFIERS):
        raise ValueError(f"{row.name}: unknown modifier letters {row.modifiers!r}")
    _ROWS[row.name] = row
    _SORTED = None
    return row


def unregister(name: str) -> None:
    """Remove a row added by :func:`register`."""
    global _SORTED
    del _ROWS[name]
    _SORTED = None


def rows() -> dict[str, Spec]:
    """Every row, in the order of the regulations (C.07 articles, then TIEBREAK_RULES §7)."""
    global _SORTED
    if _SORTED is None:
        if not _ROWS:
            from . import buchholz, counts, direct, koya, national, rating
            for family in (buchholz, counts, direct, koya, national, rating):
                for row in family.ROWS:
                    _ROWS[row.name] = row
        _SORTED = {r.name: r for r in sorted(_ROWS.values(), key=lambda r: r.place)}
    return _SORTED


def aliases() -> dict[str, str]:
    """Other names accepted for a code (``GE`` for ``REP``, ...)."""
    return {a: r.name for r in rows().values() for a in r.aliases}


def spec(name: str) -> Spec:
    """The row of a code or alias (upper case); ``KeyError`` if there is none."""
    got = rows()
    return got[name] if name in got else got[aliases()[name]]


def excel_functions() -> list[tuple[str, str]]:
    """Every named Excel function (name, code), in the registry's order."""
    return [pair for r in rows().values() for pair in r.excel]
