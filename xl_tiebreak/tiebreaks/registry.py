"""The one registry of tie-breaks: a row per code (:class:`~.spec.Spec`), declared in its
family's module (``ROWS``), individual and team families alike.

A row says everything the faces need to know about a code: whom it ranks (its scope: players,
teams or both), its legend (title and article), its aliases, the qualifiers and modifiers it
takes, which way is better, how many decimals it shows, its Excel function names, which other
tie-breaks it reads, and the function that computes its value and its account. The descriptor
parser, both engines, formatting, the explanations, the Excel functions and the Help sheet all
read it; adding a tie-break is one row. Each engine sees the rows of its scope: the individual
one in the order of the regulations (C.07 articles, then TIEBREAK_RULES §7), the team one in its
families' order (scores, Buchholz, progressive, ESB, SSSC, boards, encounter).

>>> spec("GE").name, spec("BH").modifiers, spec("DE").lower_is_better
('REP', 'CMP', True)
>>> spec("EMGSB", "team").modifiers, [r.scope for r in (spec("BH"), spec("BH", "team"))]
('CMPR', ['player', 'team'])
"""

from __future__ import annotations

import threading
from typing import Optional

from .spec import SCOPE_MODIFIERS, Scope, Spec

_ROWS: list[Spec] = []  # every row loaded: the families' (declared order), and those added by register()
_LOADED: set[str] = set()  # the scopes whose families are loaded
_VIEWS: dict[str, dict[str, Spec]] = {}  # scope -> its rows by name, in its order
_INDEX: dict[str, dict[str, str]] = {}  # scope -> its rows' names and aliases in capitals -> name
_SCOPES: tuple[Scope, ...] = ("player", "team")
#: held while the rows are loaded or changed: two threads asking first (the Excel functions, the
#: tests' thread pools) load each family once
_LOCK = threading.RLock()


def _load(scope: Scope) -> None:
    """Load the families ``scope`` reads, when first asked for: the individual families serve
    players (and their rows of scope "both" teams too), the team families teams only; an
    individual event never loads the team families."""
    for family in ("player",) if scope == "player" else _SCOPES:
        if family not in _LOADED:
            _ROWS.extend(_families(family))
            _LOADED.add(family)
            _VIEWS.clear()


def _families(scope: Scope) -> list[Spec]:
    """The rows of the individual families, or of the team families in their order."""
    if scope == "player":
        from . import buchholz, counts, direct, koya, national, rating
        return [row for family in (buchholz, counts, direct, koya, national, rating) for row in family.ROWS]
    from .team_boards import ROWS as boards
    from .team_buchholz import ROWS as team_buchholz
    from .team_encounter import ROWS as encounter
    from .team_esb import ROWS as esb
    from .team_progressive import ROWS as progressive
    from .team_scores import ROWS as scores
    from .team_sssc import ROWS as sssc
    out: list[Spec] = []
    for family in (scores, team_buchholz, progressive, esb, sssc, boards, encounter):
        for row in family:
            if row.name.upper() in {r.name.upper() for r in _ROWS + out if r.serves("team")}:
                raise ValueError(f"team tie-break {row.name} is registered twice")
            _check(row)
            out.append(row)
    return out


def _check(row: Spec) -> None:
    """A row's modifier letters are ones its scope's grammar reads."""
    for scope in _SCOPES:
        if row.serves(scope) and set(row.modifiers) - set(SCOPE_MODIFIERS[scope]):
            raise ValueError(f"{row.name}: unknown modifier letters {row.modifiers!r}")


def register(row: Spec) -> Spec:
    """Add a row (the families' rows are added on first use; an extension may add its own)."""
    with _LOCK:
        for scope in _SCOPES:
            if row.serves(scope):
                rows(scope)  # the families' rows first, so that a clash is told
        if any(r.name == row.name and (r.serves(row.scope) or row.serves(r.scope)) for r in _ROWS):
            raise ValueError(f"tie-break {row.name} is registered twice")
        _check(row)
        _ROWS.append(row)
        _VIEWS.clear()
        return row


def unregister(name: str, scope: Scope = "player") -> None:
    """Remove a row added by :func:`register`."""
    with _LOCK:
        for row in _ROWS:
            if row.name == name and row.serves(scope):
                _ROWS.remove(row)
                _VIEWS.clear()
                return
    raise KeyError(name)


def rows(scope: Scope = "player") -> dict[str, Spec]:
    """Every row of ``scope`` by name: players' in the order of the regulations (C.07 articles,
    then TIEBREAK_RULES §7), teams' in their families' order (the codes as C.07 spells them,
    ``MPvGP``)."""
    view = _VIEWS.get(scope)
    if view is not None:
        return view
    with _LOCK:
        view = _VIEWS.get(scope)
        if view is None:
            _load(scope)
            mine = [r for r in _ROWS if r.serves(scope)]
            if scope == "player":
                mine.sort(key=lambda r: r.place)
            index = {a.upper(): r.name for r in mine for a in r.aliases}
            index.update({r.name.upper(): r.name for r in mine})
            _INDEX[scope] = index  # (the index before the view: a reader that sees the view finds its index)
            view = _VIEWS[scope] = {r.name: r for r in mine}
        return view


def aliases(scope: Scope = "player") -> dict[str, str]:
    """Other names accepted for a code (``GE`` for ``REP``, ...)."""
    return {a: r.name for r in rows(scope).values() for a in r.aliases}


def spec(name: str, scope: Scope = "player") -> Spec:
    """The row of a code or alias (a player code in upper case, a team code in any case);
    ``KeyError`` if there is none."""
    got = rows(scope)
    if scope == "player":
        return got[name] if name in got else got[aliases()[name]]
    found = find(name, scope)
    if found is None:
        raise KeyError(name)
    return found


def find(name: str, scope: Scope) -> Optional[Spec]:
    """The row of a code or alias in any case (or of one put into :func:`rows` since), else
    ``None`` (the team reading's lookup, TIEBREAK_RULES §9.4)."""
    got = rows(scope)
    up = name.strip().upper()
    key = _INDEX[scope].get(up) or next((n for n in got if n.upper() == up), None)
    return None if key is None else got[key]


def excel_functions() -> list[tuple[str, str]]:
    """Every named Excel function (name, code), in the registry's order."""
    return [pair for r in rows().values() for pair in r.excel]
