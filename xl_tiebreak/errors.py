"""The package's one documented error type and its kinds.

Every problem with the user's input is raised as a :class:`TiebreakError` whose message names the
place (file, line and column; sheet and cell; or the offending word) and what was expected.
"""

from __future__ import annotations

from typing import Optional


class TiebreakError(ValueError):
    """Base of every error this package raises on bad input."""


class InputError(TiebreakError):
    """Bad input at a known place: ``where`` is e.g. ``"event.trf line 12, column 99"``."""

    def __init__(self, message: str, where: Optional[str] = None) -> None:
        self.where = where
        self.detail = message
        super().__init__(f"{where}: {message}" if where else message)


class DescriptorError(TiebreakError):
    """A tie-break descriptor (``BH/C1``, ``SB``, ...) that cannot be understood."""


class EditionError(TiebreakError):
    """An unknown rule edition."""
