"""``card``: a player's card, each round's opponent, colour, result and running score with the FIDE
rating figures (expected score, rating change, K, Rp; :mod:`xl_tiebreak.rating_card`). An
individual event only. :func:`card` is the command as a library function; :func:`run_card`
turns the parsed options into it."""

from __future__ import annotations

import argparse
import os
from typing import Mapping, Optional

from ..errors import InputError
from ..output import check_paths, deliver
from .choices import TEXT_FORMATS, EventChoices, StrPath, check_format
from .common import load_input, open_input


def card(source: StrPath, player: int, *, k: Optional[int] = None, rate: Optional[str] = None,
         rounds: Optional[int] = None, encoding: Optional[str] = None, fmt: str = "text",
         output: Optional[StrPath] = None, force: bool = False) -> str:
    """``card``: player ``player``'s card over rounds 1..``rounds`` (default every round), as
    ``fmt`` (text: the table and its totals; json: the same as data). ``k``: the player's K as
    the rating list gives it (else by B.02 8.3.3 from the file, marked assumed); ``rate``:
    standard, rapid or blitz (else the file's: record 222, a workbook's Settings row Rate of play; else
    standard). Returns as
    :func:`.standings.compute`."""
    check_format(fmt, TEXT_FORMATS)
    source = os.fspath(source)
    check_paths(source, output, force)
    t, settings = individual_event(source, EventChoices(encoding=encoding))
    from ..rating_card import card_dict, card_text
    from ..rating_change import player_rating
    fig = player_rating(t, player, k=k, rate=rate or (settings.rate() if settings is not None else None),
                        rounds=rounds)
    if fmt == "json":
        import json  # here, not at the top: the other commands start without it
        return deliver(json.dumps(card_dict(t, fig), ensure_ascii=False, indent=1) + "\n", output, force)
    return deliver(card_text(t, fig), output, force)


def individual_event(source: str, choices: EventChoices):
    """The individual event of ``source`` (a TRF file or a workbook) and a workbook's Settings
    (None for a TRF file); a team event refused: its players' rating figures are not computed yet."""
    book = open_input(source)
    from .team import load_team_event
    if load_team_event(source, choices, book) is not None:
        raise InputError(f"{os.path.basename(source)} is a team event: the rating figures (card, standings "
                         "--rating-change) are for individual events")
    return load_input(source, choices, book)


def k_factors(text: Optional[str]) -> Mapping[int, int]:
    """``--k-factor 3=10,7=40`` as {start number: K}."""
    from ..rating_change import parse_k_list
    return parse_k_list(text or "")


def run_card(args: argparse.Namespace) -> tuple[str, int]:
    """``card`` on the command line: :func:`card` (``--k-factor`` may list other players too)."""
    given = k_factors(args.k_factor)
    return card(args.input, args.player, k=given.get(args.player), rate=args.rate_of_play, rounds=args.rounds,
                encoding=args.encoding, fmt=args.format, output=args.output, force=args.force), 0
