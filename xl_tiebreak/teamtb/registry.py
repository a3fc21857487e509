"""The team registry: every team tie-break row (:class:`~.spec.TeamSpec`) of the families, looked
up by name or alias, and the validation of a code's qualifier and modifiers against its row
(TIEBREAK_RULES §9.4).

Families: :mod:`.scores` (PTS MPTS GPTS MPvGP), :mod:`.buchholz` (BH FB AOB), :mod:`.progressive`
(PS), :mod:`.esb` (ESB EMMSB EMGSB EGMSB EGGSB), :mod:`.sssc` (SSSC), :mod:`.boards` (the board
codes) and :mod:`.encounter` (the direct-encounter codes).

>>> parse_team("bh:gp/c1").code, parse_team("MPvGP").name, team_spec("EMGSB").modifiers
('BH:GP/C1', 'MPvGP', 'CMPR')
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from ..errors import DescriptorError
from ..number_text import quoted
from .boards import ROWS as _BOARDS
from .buchholz import ROWS as _BUCHHOLZ
from .descriptor import parse_descriptor, split_list
from .encounter import ROWS as _ENCOUNTER
from .esb import ROWS as _ESB
from .progressive import ROWS as _PROGRESSIVE
from .scores import ROWS as _SCORES
from .spec import TEAM_MODIFIERS, TeamSpec, TeamTieBreak
from .sssc import ROWS as _SSSC

__all__ = ["team_rows", "team_spec", "parse_team", "parse_team_list", "TeamCodes"]

_ROWS: Optional[dict[str, TeamSpec]] = None
_INDEX: dict[str, str] = {}  # every name and alias in capitals -> the row's name

TeamCodes = Union[str, Sequence[Union[str, TeamTieBreak]], None]


def team_rows() -> dict[str, TeamSpec]:
    """Every team row by its name as C.07 spells it (``MPvGP``), families in the order above."""
    global _ROWS
    if _ROWS is None:
        rows: dict[str, TeamSpec] = {}
        index: dict[str, str] = {}
        for family in (_SCORES, _BUCHHOLZ, _PROGRESSIVE, _ESB, _SSSC, _BOARDS, _ENCOUNTER):
            for row in family:
                if row.name.upper() in index:
                    raise ValueError(f"team tie-break {row.name} is registered twice")
                if set(row.modifiers) - set(TEAM_MODIFIERS):
                    raise ValueError(f"{row.name}: unknown modifier letters {row.modifiers!r}")
                rows[row.name] = row
                index[row.name.upper()] = row.name
        _INDEX.clear()
        _INDEX.update({a.upper(): r.name for r in rows.values() for a in r.aliases})
        _INDEX.update(index)
        _ROWS = rows
    return _ROWS


def team_spec(name: str) -> TeamSpec:
    """The row of a name or alias (any case); :class:`DescriptorError` if there is none."""
    rows = team_rows()
    up = name.strip().upper()
    key = _INDEX.get(up) or next((n for n in rows if n.upper() == up), None)  # (or a row added since)
    if key is None:
        raise DescriptorError(f"unknown team tie-break {quoted(name)}; team codes: {', '.join(rows)}")
    return rows[key]


def parse_team(code: "str | TeamTieBreak") -> TeamTieBreak:
    """A team code, parsed and checked against its row: the name (or alias) exists, the qualifier
    and every modifier are ones the row takes. The name is made canonical."""
    tb = code if isinstance(code, TeamTieBreak) else parse_descriptor(code)
    shown = code if isinstance(code, str) else tb.code
    row = team_spec(tb.name)
    if tb.qualifier and tb.qualifier not in row.qualifiers:
        takes = ", ".join(":" + q for q in row.qualifiers) or "none"
        raise DescriptorError(f"team tie-break {quoted(shown)}: {row.name} takes no qualifier :{tb.qualifier} "
                              f"(qualifiers it takes: {takes})")
    used = {"C": bool(tb.cut), "M": bool(tb.median), "K": tb.k is not None, "P": tb.forfeits_as_played,
            "R": tb.reverse}
    for letter, on in used.items():
        if on and letter not in row.modifiers:
            takes = ", ".join("/" + m for m in row.modifiers) or "none"
            raise DescriptorError(f"team tie-break {quoted(shown)}: {row.name} takes no /{letter} modifier "
                                  f"(modifiers it takes: {takes})")
    return TeamTieBreak(row.name, tb.qualifier, tb.cut, tb.median, tb.k, tb.forfeits_as_played, tb.reverse)


def parse_team_list(codes: TeamCodes) -> list[TeamTieBreak]:
    """A list of team codes (a comma-separated string or a sequence), each checked."""
    if codes is None:
        return []
    items = split_list(codes) if isinstance(codes, str) else list(codes)
    return [parse_team(c) for c in items]
