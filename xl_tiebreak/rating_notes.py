"""What the rating tie-breaks did with unrated players, in words.

C.07 Art. 10 (TIEBREAK_RULES §5.15): the rating tie-breaks (ARO, TPR, PTP, APRO, APPO, RTNG) are
dropped when a participant is unrated, unless a rating for unrated players was published in
advance (``/Unnnn``, ``--unrated``, the Settings cell "Rating for unrated players"). The older
reference engine left unrated opponents out of the averages instead (option
``unrated_policy=exclude``, TIEBREAK_RULES §5.11). An empty column with no word why looks like a
bug; these notes say which case applies and name the unrated players. ``standings`` prints them
under the table, ``explain`` with the account, ``check`` warns when a tie-break will be empty.

>>> from xl_tiebreak import compute, demo_tournament
>>> rating_notes(compute(demo_tournament(), "ARO"))  # everyone is rated: nothing to say
[]
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Callable, Optional, Sequence

from .options import DEFAULT_OPTIONS, Options
from .textutil import NAMED

if TYPE_CHECKING:
    from .descriptor import TieBreak
    from .engine import Result
    from .model import Player, Tournament
    from .validation import Finding

#: where the rule is written, as the spec cites it
RULE = "C.07 Art. 10, TIEBREAK_RULES §5.15"
#: how to give a rating for unrated players, in a note on a TRF file (or any event: the command line's
#: ways); a workbook's names its Settings cell (the caller passes ``how``)
HOW_TO_SET = "set one with --unrated RATING or a descriptor such as ARO/U1000"

DROPPED, ASSIGNED, EXCLUDED, NO_OWN = "dropped", "assigned", "excluded", "no own rating"


@dataclass(frozen=True)
class RatingNote:
    """One note: the tie-breaks it is about (as the list writes them), what happened to the
    unrated players (``kind``: dropped, assigned, excluded, no own rating), the rating they
    count as (assigned), their start numbers, and the sentence."""

    codes: tuple[str, ...]
    kind: str
    rating: Optional[int]
    players: tuple[int, ...]
    text: str

    def __str__(self) -> str:
        return self.text


def unrated_players(t: "Tournament") -> list["Player"]:
    """The participants without a rating (TRF rating 0 or blank, an empty Rating cell)."""
    return [p for p in t.players if p.rating is None]


def name_players(players: Sequence["Player"], limit: int = NAMED) -> str:
    """``player 7 (Name)``, ``players 7 (A), 9 (B)``, or the first ``limit`` and ``and N more``."""
    shown = [f"{p.no} ({p.name})" if p.name else str(p.no) for p in players[:limit]]
    more = len(players) - len(shown)
    if more:
        text = ", ".join(shown) + f" and {more} more"
    elif len(shown) > 1:
        text = ", ".join(shown[:-1]) + " and " + shown[-1]
    else:
        text = shown[0] if shown else ""
    return ("player " if len(players) == 1 else "players ") + text


def treatment(tb: "TieBreak", options: Optional[Options]) -> tuple[str, Optional[int]]:
    """What ``tb`` (a rating tie-break) does with unrated players under ``options``, as the engine
    does it (:class:`xl_tiebreak.tiebreaks.rating.Ratings`): (kind, rating counted)."""
    opts = options or DEFAULT_OPTIONS
    rating = tb.unrated if tb.unrated is not None else opts.unrated_rating
    if rating is not None:
        return ASSIGNED, rating
    if opts.unrated_policy == "drop":
        return DROPPED, None
    return (NO_OWN if tb.spec.unrated == "own" else EXCLUDED), None


def _sentence(codes: Sequence[str], kind: str, rating: Optional[int], players: Sequence["Player"],
              from_descriptor: bool, how: str = HOW_TO_SET) -> str:
    who = name_players(players)
    be = "is" if len(players) == 1 else "are"
    head = ", ".join(codes)
    if kind == DROPPED:
        return (f"{head}: not computed, empty for every player: {who} {be} unrated and no rating is set for "
                f"unrated players, so the rating tie-breaks are dropped ({RULE}); to count them, {how}")
    if kind == ASSIGNED:
        source = f"/U{rating} in the descriptor" if from_descriptor else "the rating set for unrated players"
        return (f"{head}: {who} {be} unrated and count{'s' if len(players) == 1 else ''} as {rating} "
                f"({source}; {RULE})")
    if kind == EXCLUDED:
        return (f"{head}: {who} {be} unrated and left out of the opponents' averages (option "
                f"unrated_policy=exclude, as the 2024 reference engine; TIEBREAK_RULES §5.11, §5.15)")
    return (f"{head}: {who} {be} unrated: no value (empty, ranked last) (option unrated_policy=exclude; "
            f"C.07 Art. 10.6)")


def notes_for(t: "Tournament", tiebreaks: Sequence["TieBreak"], codes: Sequence[str],
              options: Optional[Options], how: str = HOW_TO_SET) -> list[RatingNote]:
    """The notes for a tie-break list (``codes`` as written, one per ``tiebreaks``) on ``t``'s
    players: one per way of treating unrated players, naming the tie-breaks treated that way.
    None when everyone is rated or no rating tie-break is listed. ``how``: how to set a rating for
    unrated players where the event was read (:data:`HOW_TO_SET`; a workbook's names its cell)."""
    unrated = unrated_players(t)
    if not unrated:
        return []
    groups: dict[tuple[str, Optional[int], bool], list[str]] = {}
    for tb, code in zip(tiebreaks, codes):
        if not tb.spec.unrated:  # not of the rating family (C.07 Art. 10)
            continue
        kind, rating = treatment(tb, options)
        key = (kind, rating, kind == ASSIGNED and tb.unrated is not None)
        if code not in groups.setdefault(key, []):
            groups[key].append(code)
    nos = tuple(p.no for p in unrated)
    return [RatingNote(tuple(cs), kind, rating, nos, _sentence(cs, kind, rating, unrated, own, how))
            for (kind, rating, own), cs in groups.items()]


def rating_notes(result: "Result", how: str = HOW_TO_SET) -> list[RatingNote]:
    """The notes on the rating tie-breaks of a computed :class:`~xl_tiebreak.engine.Result`
    (``how``: see :func:`notes_for`)."""
    return notes_for(result.tournament, result.tiebreaks, result.codes, result.options, how)


def note_for(t: "Tournament", tb: "TieBreak", options: Optional[Options], how: str = HOW_TO_SET) -> Optional[RatingNote]:
    """The note on one rating tie-break (``explain``), None when it has none (``how``: see
    :func:`notes_for`)."""
    got = notes_for(t, [tb], [tb.code], options, how)
    return got[0] if got else None


def unrated_findings(t: "Tournament", codes: Sequence[str], options: Optional[Options],
                     place: Callable[["Player"], str], how: str) -> list["Finding"]:
    """``check``: a warning (rule ``unrated``) at each unrated player's rating field (``place``)
    when a rating tie-break of ``codes`` (the event's list) will be empty for every player because
    no rating is set for unrated players (:data:`RULE`); ``how`` says how to set one in this kind
    of file. The first :data:`NAMED` players each get one; one more names the rest."""
    from .descriptor import parse_list
    from .errors import TiebreakError
    from .validation import Finding
    try:
        tiebreaks = parse_list(list(codes)) if codes else []
    except TiebreakError:
        return []  # a bad list is a finding of its own
    dropped = [n for n in notes_for(t, tiebreaks, codes, options) if n.kind == DROPPED]
    if not dropped:
        return []
    head = ", ".join(dropped[0].codes)
    unrated = unrated_players(t)
    found = [Finding("warning", "unrated", place(p), f"{head} will be empty for every player: player {p.no}"
                     f"{f' ({p.name})' if p.name else ''} has no rating and no rating is set for unrated players "
                     f"({RULE}); give the player's rating here, or {how}") for p in unrated[:NAMED]]
    rest = unrated[NAMED:]
    if rest:
        found.append(Finding("warning", "unrated", place(rest[0]), f"and {name_players(rest, 10)[len('players '):]}"
                             f" {'is' if len(rest) == 1 else 'are'} unrated too"))
    return found


__all__ = ["RatingNote", "rating_notes", "notes_for", "note_for", "unrated_players",
           "name_players", "treatment", "unrated_findings"]
