"""xl-tiebreak: chess tie-breaks computed exactly as the FIDE regulations prescribe.

The public API::

    from xl_tiebreak import read_trf, compute, rank
    t = read_trf("event.trf")
    result = compute(t, "BH/C1,BH,SB,DE", edition="fide2026")
    for row in rank(result):
        print(row.place, row.player.name, row.points, row.values)
"""

from .descriptor import TieBreak, parse_descriptor, parse_list
from .editions import EDITIONS, Edition, edition_for_date, get_edition
from .engine import Result, compute
from .errors import DescriptorError, EditionError, InputError, TiebreakError
from .examples import demo_tournament
from .explain import Explanation, explain, render_text
from .model import Kind, Player, Round, Scoring, Tournament, make_round
from .options import Options
from .standings import Row, rank
from .trf import parse_trf, read_trf, write_trf

__version__ = "0.1.0"

__all__ = [
    "TieBreak", "parse_descriptor", "parse_list", "EDITIONS", "Edition", "edition_for_date",
    "get_edition", "Result", "compute", "DescriptorError", "EditionError", "InputError",
    "TiebreakError", "demo_tournament", "Kind", "Player", "Round", "Scoring", "Tournament",
    "make_round", "Options", "Row", "rank", "parse_trf", "read_trf", "write_trf", "Explanation",
    "explain", "render_text",
]
