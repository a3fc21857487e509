"""xl-tiebreak: chess tie-breaks computed exactly as the FIDE regulations prescribe.

The public API::

    from xl_tiebreak import read_trf, compute, rank
    t = read_trf("event.trf")
    result = compute(t, "BH/C1,BH,SB,DE", edition="fide2026")
    for row in rank(result):
        print(row.place, row.player.name, row.points, row.values)

The names below are imported from their modules on first use (PEP 562), so that a command of
the command line loads only the modules it needs.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

__version__ = "0.1.0"

#: public name -> the module that defines it
_WHERE = {
    "TieBreak": "descriptor", "parse_descriptor": "descriptor", "parse_list": "descriptor",
    "EDITIONS": "editions", "Edition": "editions", "edition_for_date": "editions", "get_edition": "editions",
    "Result": "engine", "compute": "engine",
    "DescriptorError": "errors", "EditionError": "errors", "InputError": "errors", "TiebreakError": "errors",
    "demo_tournament": "examples",
    "Explanation": "explanation", "explain": "explanation", "render_text": "explanation",
    "Kind": "model", "Player": "model", "Round": "model", "Scoring": "model", "Tournament": "model",
    "make_round": "model",
    "Options": "options",
    "Row": "standings", "rank": "standings",
    "parse_trf": "trf", "read_trf": "trf", "write_trf": "trf",
}

__all__ = [
    "TieBreak", "parse_descriptor", "parse_list", "EDITIONS", "Edition", "edition_for_date",
    "get_edition", "Result", "compute", "DescriptorError", "EditionError", "InputError",
    "TiebreakError", "demo_tournament", "Kind", "Player", "Round", "Scoring", "Tournament",
    "make_round", "Options", "Row", "rank", "parse_trf", "read_trf", "write_trf", "Explanation",
    "explain", "render_text",
]


def __getattr__(name: str) -> Any:
    """A public name, imported from its module when first asked for."""
    module = _WHERE.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(f".{module}", __name__), name)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:  # for type checkers and editors: the same names, imported eagerly
    from .descriptor import TieBreak, parse_descriptor, parse_list
    from .editions import EDITIONS, Edition, edition_for_date, get_edition
    from .engine import Result, compute
    from .errors import DescriptorError, EditionError, InputError, TiebreakError
    from .examples import demo_tournament
    from .explanation import Explanation, explain, render_text
    from .model import Kind, Player, Round, Scoring, Tournament, make_round
    from .options import Options
    from .standings import Row, rank
    from .trf import parse_trf, read_trf, write_trf
