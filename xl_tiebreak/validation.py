"""Findings about a crosstable: what is wrong, where, what would be right, and how bad it is.

Readers report every problem to a :class:`Findings` collector. A strict collector (the default
of every reader) raises the first error at once, so a computation never runs on bad input; the
``check`` command and the ``CHECK`` function use a collecting one and list everything. Warnings
never stop anything.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Optional

from .errors import InputError

#: the rules, with their severity and a short title (shown by ``xl-tiebreak check --rules``)
RULES: dict[str, tuple[str, str]] = {
    "notation": ("error", "a cell or field that is not a result"),
    "layout": ("error", "a field of the wrong form (start number, rating, points, colour)"),
    "mirror": ("error", "the two sides of a game give results that do not mirror"),
    "colours": ("error", "both players of a game have the same colour"),
    "one-sided-forfeit": ("error", "a forfeit or double forfeit entered on one side only"),
    "paired-twice": ("error", "a player paired with two opponents in one round"),
    "unknown-opponent": ("error", "an opponent number that is not a player"),
    "self": ("error", "a player paired with himself"),
    "bye-with-opponent": ("error", "a bye (U, F, H, Z) with an opponent"),
    "points": ("error", "the points field differs from the results"),
    "rounds": ("error", "a result beyond the event's number of rounds"),
    "rounds-record": ("warning", "results after the round that record XXR/142 gives (a file written mid-event): "
                      "every round with a result is read, as FIDE's reference engine reads it"),
    "duplicate-player": ("error", "a start number used twice"),
    "after-withdrawal": ("error", "a round after a withdrawal that is not unplayed"),
    "pab-twice": ("warning", "more than one pairing-allocated bye for a player"),
    "f-for-u": ("warning", "F (full-point bye) used where U (pairing-allocated bye) is meant"),
    "repeat": ("warning", "two players paired more than once"),
    "scoring": ("warning", "no record 162: the scoring system was inferred from the points"),
    "no-colour": ("warning", "games without a colour (BPG and BWG cannot count them)"),
    "blank-round": ("warning", "nothing entered in a round the event has played, later rounds filled"),
    "half-typed": ("warning", "the round being typed: a game with one side typed, the other still empty (not in yet)"),
    "date": ("error", "a start date that is not a date"),
    "name": ("warning", "a name or another text field (a title, a federation, a club, a header record) holding a "
             "bidirectional control (U+202E ...), a line break, a control character or one XML cannot hold: dropped "
             "(a break: a space), so that it cannot change what a reader sees"),
    "date-order": ("warning", "a date whose day and month could be swapped (08/01/2026): read day first, both "
                   "readings named"),
    "descriptor": ("error", "a tie-break descriptor that is not one (unknown code, bad modifier, empty entry)"),
    "list-gap": ("warning", "an empty entry before a code in a tie-break list (two commas in a row in record 202, a "
                 "blank Settings row between two codes): it is skipped, the later tie-breaks move up"),
    "cut-leaves-nothing": ("warning", "a cut or median that leaves nothing of the event's rounds (BH/C99 in 11 "
                           "rounds): the tie-break is 0 for everybody"),
    "limit": ("error", "more than the program reads (rounds, players, line length, numbers)"),
    "edition": ("warning", "the rule edition is assumed, or disagrees with the start date"),
    "encoding": ("warning", "a file that is not UTF-8: the encoding was guessed"),
    "event-type": ("error", "a result code that makes no sense for the event type (BYE in a round robin)"),
    "crosstable-name": ("warning", "players typed below the Crosstable name's range (read; recompute widens it)"),
    "published": ("warning", "a value another program published differs from ours (a workbook's Published sheet)"),
    "stale": ("warning", "a workbook's stored values do not match its results (edited, not recalculated)"),
    "unrated": ("warning", "a rating tie-break that will be empty: an unrated player and no rating set for unrated players"),
    "team-roster": ("warning", "a team event's player who is in no team's roster (310 / 013)"),
    "team-match": ("error", "a team's boards that disagree with its match (two opponent teams in a round, games and a bye)"),
    "team-declared": ("warning", "a team's match or game points in record 310 that differ from the games: the "
                      "games' totals are used, as FIDE's reference engine uses them"),
    "team-record": ("error", "a team record that cannot be applied (a second 320, a 300 line-up that is not the "
                    "match's)"),
    "team-overlap": ("warning", "two team records (330, 320, 240) for one team's round: the one used is named"),
    "team-points": ("warning", "a team event's board player whose points field differs from his results (FIDE's "
                    "reference engine refuses the file; some programs count a team bye's points there)"),
    "team-scoring": ("warning", "an item of record 362 other than TW, TD and TL (TP, TA ...): skipped, not read"),
    "team-abnormal": ("warning", "record 299 (abnormal points), which is not applied: the scores are the games'"),
    "formula-error": ("error", "a formula of ours that gives an error on recompute (a table blocked, a bad setting)"),
    "rating-report": ("warning", "a field of the FIDE rating report left empty (a workbook's Event sheet)"),
    "k-factor": ("warning", "a K cell that is no K factor (1 to 40): that player's K is found by B.02 8.3.3"),
}


@dataclass(frozen=True)
class Finding:
    """One problem: severity (``error`` or ``warning``), rule, place, and the message, which says
    what is wrong and what would be right."""

    severity: str
    rule: str
    where: str
    message: str

    def __str__(self) -> str:
        return f"{self.severity}: {self.where}: {self.message}" if self.where else f"{self.severity}: {self.message}"


@dataclass
class Findings:
    """Collects findings. ``strict``: the first error raises :class:`InputError` at once."""

    strict: bool = True
    items: list[Finding] = field(default_factory=list)

    def add(self, rule: str, message: str, where: Optional[str] = None) -> None:
        severity = RULES[rule][0]
        if severity == "error" and self.strict:
            raise InputError(message, where)
        self.items.append(Finding(severity, rule, where or "", message))

    @property
    def errors(self) -> list[Finding]:
        return [f for f in self.items if f.severity == "error"]

    @property
    def warnings(self) -> list[Finding]:
        return [f for f in self.items if f.severity == "warning"]


def strict() -> Findings:
    return Findings(strict=True)
