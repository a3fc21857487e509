"""The choices an event command takes, as values (:class:`EventChoices`): what the command line's
options say, handed to the library functions of the commands (``standings.standings(...)``,
``explain.explain(...)`` ...) in place of an argparse Namespace, as twine hands its ``Settings``
to ``upload``."""

from __future__ import annotations

import argparse
from dataclasses import dataclass
from typing import Optional, Union

from ..output import StrPath

__all__ = ["EventChoices", "StrPath", "TABLE_FORMATS", "TEXT_FORMATS", "FINDINGS_FORMATS", "check_format"]

#: the output formats of the commands that print a table (``--format``), of ``explain`` and of ``check``
TABLE_FORMATS = ("table", "csv", "csv-eu", "json")
TEXT_FORMATS = ("text", "json")
FINDINGS_FORMATS = ("table", "json")


def check_format(fmt: str, formats: tuple[str, ...] = TABLE_FORMATS) -> None:
    """``fmt`` one of ``formats``, else an error naming it (the command line's parser checks its
    ``--format``; a Python caller gets the same answer rather than a table in place of an unknown format)."""
    if fmt not in formats:
        from ..errors import InputError
        raise InputError(f"format {fmt!r}: expected one of {', '.join(formats)}")


@dataclass(frozen=True)
class EventChoices:
    """What a command computes over, each ``None`` (or empty) where the input file, a workbook's
    Settings sheet or the engine's default decides.

    * ``tiebreaks``: comma-separated codes (``--tiebreaks``), e.g. ``"BH/C1,BH,SB,DE"``;
    * ``rules``: the edition (``--rules``), e.g. ``"fide2026"``; ``compare``: several, comma-separated;
    * ``kind``: ``"swiss"`` or ``"round-robin"`` (``--type``);
    * ``rounds``: rounds 1..N only (``--rounds``); ``live``: the round in progress too (``--live``);
    * ``sets``: the open choices, each ``"NAME=VALUE"`` as ``--set`` takes it;
    * ``unrated``: the rating of unrated players in the rating tie-breaks (``--unrated``);
    * ``encoding``: the text encoding a TRF file is read in (``--encoding``; export-trf's
      ``--input-encoding``);
    * ``team_pab``, ``team_primary``: a team TRF's PAB value and primary score where its records
      do not state them (``--team-pab``, ``--team-primary``).
    """

    tiebreaks: Optional[str] = None
    rules: Optional[str] = None
    kind: Optional[str] = None
    rounds: Optional[int] = None
    live: bool = False
    sets: tuple[str, ...] = ()
    unrated: Optional[int] = None
    encoding: Optional[str] = None
    team_pab: Optional[str] = None
    team_primary: Optional[str] = None

    def __post_init__(self) -> None:
        # as the command line takes them: --team-primary in capitals (gp is GP), --set repeated
        if self.team_primary:
            object.__setattr__(self, "team_primary", self.team_primary.upper())
            if self.team_primary not in ("MP", "GP"):
                from ..errors import InputError
                raise InputError(f"team_primary {self.team_primary!r}: expected MP or GP")
        # one "NAME=VALUE" text is one choice, not its characters
        object.__setattr__(self, "sets", (self.sets,) if isinstance(self.sets, str) else tuple(self.sets))

    @classmethod
    def of(cls, given: Union["EventChoices", argparse.Namespace]) -> "EventChoices":
        """The choices of a command line's parsed options (a command's Namespace has only the
        options it takes; the others are left to their defaults), or ``given`` itself."""
        if isinstance(given, EventChoices):
            return given
        return cls(tiebreaks=getattr(given, "tiebreaks", None), rules=getattr(given, "rules", None),
                   kind=getattr(given, "kind", None), rounds=getattr(given, "rounds", None),
                   live=bool(getattr(given, "live", False)), sets=tuple(getattr(given, "set", None) or ()),
                   unrated=getattr(given, "unrated", None), encoding=getattr(given, "encoding", None),
                   team_pab=getattr(given, "team_pab", None), team_primary=getattr(given, "team_primary", None))
