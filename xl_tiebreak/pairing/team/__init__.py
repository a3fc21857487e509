"""The FIDE Swiss team pairing system (C.04.6, 2026): :func:`pair_team_event`."""

from .engine import SYSTEM_MODELS, pair_team_event

__all__ = ["SYSTEM_MODELS", "pair_team_event"]
