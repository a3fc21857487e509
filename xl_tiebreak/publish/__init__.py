"""A published page of an event (``xl-tiebreak publish``): one self-contained HTML file with the
standings after each round, the crosstable, the categories and prizes, every tie-break value's
account on a click, and a place-by-round chart; no server and no network when it is viewed.

>>> from xl_tiebreak import compute, demo_tournament
>>> html = build_page(compute(demo_tournament(), edition="fide2024"))
>>> "Three, C" in html and html.startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from typing import Optional

from ..engine import Result
from ..rating_notes import HOW_TO_SET
from .gather import Extras, PageContent, extras_from_texts, gather
from .page import render_page

__all__ = ["build_page", "Extras", "extras_from_texts", "gather", "PageContent", "render_page"]


def build_page(result: Result, extras: Extras = Extras(), source: str = "", how: str = HOW_TO_SET,
               rate: Optional[str] = None) -> str:
    """The page of ``result`` (with the categories and prizes of ``extras``) as HTML text; ``how``:
    how to set a rating for unrated players where the event was read, in the notes
    (:func:`xl_tiebreak.rating_notes.notes_for`; a workbook names its cell); ``rate``: the rate of
    play of the players' cards (a workbook's Settings row Rate of play; None: the file's record 222)."""
    return render_page(gather(result, extras, how, rate), source)
