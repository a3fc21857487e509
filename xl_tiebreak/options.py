"""Named choices for the questions the regulations leave open (RULES_NOTES §3-§4).

Each field's default is the one RULES_NOTES names; the docstring says which note it answers.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Iterable, Optional, Union

from .number_text import is_digits


#: The options that take one of a few words, and those words (the first is the default).
CHOICES: dict[str, tuple[str, ...]] = {
    "unrated_policy": ("drop", "exclude"), "sb_vur_pick": ("value", "score"),
    "rr_forfeits": ("text", "reference"), "cap_rounds": ("evaluated", "scheduled"),
    "aro_cut_unplayed": ("edition", "count", "exclude"), "svon_sb_unplayed": ("result", "draw"),
}


#: The open questions of team events (``--set NAME=VALUE`` with a team file), and their words
#: (the first is the default): the one definition the team engine's readings take their names from
#: (:data:`~xl_tiebreak.tiebreaks.team_context.EDE_KNOCKOUT`, :data:`~xl_tiebreak.tiebreaks.team_context.EDE_SUBSET`).
#: :data:`TEAM_CHOICE_HELP` says what each word means.
TEAM_CHOICES: dict[str, tuple[str, ...]] = {"ede_knockout": ("event", "encounter"),
                                            "ede_subset": ("continue", "restart")}

#: Each open question of team events: the article it answers and what its words mean.
#: ``ede_knockout``: how the knock-out steps of the EDE chains (EDET, EDEB, EDEBT, EDEBB) are read;
#: ``ede_subset``: how EDE goes on in a new subset of tied teams.
TEAM_CHOICE_HELP: dict[str, tuple[str, str]] = {
    "ede_knockout": ("C.07 Art. 13.3.2", "the EDE knock-out steps. event, the default, as the text reads them: two "
                     "teams still tied in both MP and GP, BC/TBR/BBE counted over all their games in the event "
                     "(Art. 12); encounter, as FIDE's reference engine gacrux: any two teams left, the boards of "
                     "their encounters only, and two teams that never met stay tied"),
    "ede_subset": ("C.07 Art. 13.3.3", "a new subset of tied teams in EDE. continue, the default, FIDE TEC's answer "
                   "to its exercise 45, as FIDE's reference engine and Sharly compute it: on with the score that "
                   "split the group, then the other; restart, the text read literally: from the primary score again"),
}


def team_options_from_pairs(pairs: Iterable[tuple[str, object]], where: str = "option") -> dict[str, str]:
    """The team events' open questions from ``(name, value)`` pairs (``--set NAME=VALUE``): each
    name of :data:`TEAM_CHOICES` (``-`` may stand for ``_``) with one of its words, any case.
    Returns the names given with their words (the team engine's keywords). Raises ``ValueError``
    naming ``where`` for an unknown name (an individual event's option included) or word.

    >>> team_options_from_pairs([("ede-knockout", "Encounter")])
    {'ede_knockout': 'encounter'}
    """
    import dataclasses
    individual = {f.name for f in dataclasses.fields(Options)}
    out: dict[str, str] = {}
    for name, value in pairs:
        key = str(name).strip().replace("-", "_").lower()
        word = "" if value is None else str(value).strip().lower()
        if key not in TEAM_CHOICES:
            if key in individual:
                raise ValueError(f"{where} {name}: for individual events; a team event takes "
                                 + ", ".join(f"{k}={'|'.join(v)}" for k, v in TEAM_CHOICES.items()))
            raise ValueError(f"{where} {name!r}: unknown choice; a team event takes {', '.join(sorted(TEAM_CHOICES))}")
        if word not in TEAM_CHOICES[key]:
            raise ValueError(f"{where} {name}={value!r}: one of {', '.join(TEAM_CHOICES[key])}")
        out[key] = word
    return out


@dataclass(frozen=True)
class Options:
    """How to decide the open questions. The defaults follow RULES_NOTES.

    - ``unrated_rating`` (§4.16, TIEBREAK_RULES §5.15): rating given to unrated players in the
      rating tie-breaks. ``None`` (default): the rating tie-breaks are dropped (undefined) when any
      participant is unrated, as the FIDE rule says. A descriptor's ``/Unnnn`` overrides it.
    - ``unrated_policy`` (§4.16): ``"drop"`` (default, FIDE 2026 and gacrux) or ``"exclude"``
      (the 2024 reference engine: unrated opponents are left out of the averages).
    - ``svon_cut_unplayed_first`` (§3.6): with the 2012 virtual opponent, cut unplayed rounds
      first as the Swedish federation does. Default off.
    - ``sb_vur_pick`` (§3.1): which VUR the SB cut compares with the least significant element:
      ``"value"`` (default, the text: lowest product) or ``"score"`` (gacrux 1.9.57: lowest dummy
      score first).
    - ``rr_forfeits`` (§4.10): in round robins, ``"text"`` (default) follows C.07 Art. 15.2: forfeits
      are regular games (2024); in 2026 except in rating tie-breaks and, for forfeit losses, in
      Type-B tie-breaks. ``"reference"`` follows gacrux: forfeits never count as games in
      WON/BPG/BWG and the rating tie-breaks.
    - ``short_games_played`` (§4.1): games of under one move (TRF W/D/L) count as played over the
      board in every tie-break. Default on (gacrux). Off: they are games everywhere except in the
      rating tie-breaks (Art. 10), since such a game is not rated.
    - ``cap_rounds`` (§4.4): ``"evaluated"`` (default, gacrux: the 2026 cap d x n uses the rounds
      evaluated so far) or ``"scheduled"`` (the event's number of rounds).
    - ``aob_decimals`` (§4.7): AOB is rounded half-up to this many decimals; ``"auto"`` (default,
      as gacrux) rounds to 2 decimals below 9 rounds, 3 below 27, 4 below 73, else 5; ``None``
      keeps the exact mean.
    - ``aro_cut_unplayed`` (§3.7, TIEBREAK_RULES §5.11): how ARO/Cn and ARO/Mn treat the rounds
      without a game. ``"count"``: every unplayed round is one of the elements and the lowest, so
      it is cut first; a player with u unplayed rounds loses only max(0, k - u) real ratings at
      the low end (the 2022 text and the "old ARO", as Swiss-Manager applied the 2012 rules).
      ``"exclude"``: unplayed rounds are left out, then the k lowest real ratings are cut (C.07
      2024/2026 Art. 10.1). ``"edition"`` (default): ``"count"`` under fide2012, ``"exclude"``
      under fide2024 and fide2026 (:attr:`Edition.aro_cut_unplayed`).
    - ``svon_sb_unplayed`` (§3.7, TIEBREAK_RULES §7.1): under fide2012, what a player's own
      unplayed round contributes to SB. ``"result"`` (default, the 2012 text): the virtual
      opponent's score times the points awarded, "as a normal result". ``"draw"`` (Swiss-Manager):
      half the virtual opponent's score (a draw's value) whatever was awarded. No effect under
      the other editions.
    """

    unrated_rating: Optional[int] = None
    unrated_policy: str = "drop"
    svon_cut_unplayed_first: bool = False
    sb_vur_pick: str = "value"
    rr_forfeits: str = "text"
    short_games_played: bool = True
    cap_rounds: str = "evaluated"
    aob_decimals: Union[int, str, None] = "auto"
    aro_cut_unplayed: str = "edition"
    svon_sb_unplayed: str = "result"

    def __post_init__(self) -> None:
        for name, allowed in CHOICES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"option {name} must be one of {allowed}, not {getattr(self, name)!r}")
        r = self.unrated_rating
        if r is not None and (not isinstance(r, int) or isinstance(r, bool) or not 0 < r < 4000):
            raise ValueError(f"option unrated_rating must be a rating from 1 to 3999, not {r!r}")
        d = self.aob_decimals
        if d is not None and d != "auto" and (not isinstance(d, int) or isinstance(d, bool) or not 0 <= d <= 6):
            raise ValueError(f"option aob_decimals must be 'auto', none or 0 to 6, not {d!r}")


DEFAULT_OPTIONS = Options()


def options_from_pairs(pairs: Iterable[tuple[str, object]], where: str = "option",
                       base: Optional[Options] = None) -> Optional[Options]:
    """Options from ``(name, value)`` pairs as a person writes them (``--set NAME=VALUE`` on the
    command line, a name and a value cell in a workbook's Settings). Names are the fields of
    :class:`Options` (``-`` may stand for ``_``); booleans are yes/no, true/false, 1/0 or on/off;
    ``none`` or an empty value sets ``None``. ``where`` names the place in error messages.
    Returns ``None`` when nothing is given (and no ``base``). Raises ``ValueError`` with the place.

    >>> options_from_pairs([("svon-cut-unplayed-first", "yes")]).svon_cut_unplayed_first
    True
    """
    import dataclasses
    fields = {f.name for f in dataclasses.fields(Options)}
    given: dict[str, Any] = {}  # field -> value; fields named at run time, which Options checks
    for name, value in pairs:
        key = str(name).strip().replace("-", "_").lower()
        text = "" if value is None else str(value).strip()
        if isinstance(value, float) and value.is_integer():
            text = str(int(value))
        if key in TEAM_CHOICES:
            raise ValueError(f"{where} {name}: for team events only ({TEAM_CHOICE_HELP[key][0]}); this is an "
                             "individual event")
        if key not in fields:
            raise ValueError(f"{where} {name!r}: unknown choice; known: {', '.join(sorted(fields))}")
        low = text.lower()
        default = getattr(DEFAULT_OPTIONS, key)
        if isinstance(value, bool):
            low = "yes" if value else "no"
        if isinstance(default, bool):
            if low not in ("yes", "no", "true", "false", "1", "0", "on", "off"):
                raise ValueError(f"{where} {name}={text!r}: say yes or no")
            given[key] = low in ("yes", "true", "1", "on")
        elif key in ("unrated_rating", "aob_decimals") and is_digits(low):
            # a number too long to be either is refused below by its first digits (5,000 would not convert)
            given[key] = int(low) if len(low) <= 6 else f"{low[:12]}..."
        elif key in CHOICES:
            given[key] = low  # the words are case-insensitive
        elif low in ("none", ""):
            given[key] = None
        else:
            given[key] = text
    if not given:
        return base
    try:
        return dataclasses.replace(base or DEFAULT_OPTIONS, **given)
    except ValueError as exc:
        raise ValueError(f"{where}: {exc}") from None
