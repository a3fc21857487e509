"""The example event shipped inside the package (TIEBREAK_RULES §6.1: six players, four rounds,
every kind of unplayed round)."""

from __future__ import annotations

from importlib import resources

from .model import Tournament
from .trf import parse_trf

DEMO_FILE = "example-6-1.trf"


def demo_text() -> str:
    return resources.files("xl_tiebreak").joinpath("data", DEMO_FILE).read_text(encoding="utf-8")


def demo_tournament() -> Tournament:
    """The §6.1 example as a Tournament."""
    return parse_trf(demo_text(), source=DEMO_FILE)
