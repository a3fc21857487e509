"""Rule editions: how unplayed rounds count (TIEBREAK_RULES §2, §4, §7.1, §8).

An edition is a value passed to every computation, never a global. (numpy is imported inside
the rules, so that naming an edition, as the command line does, loads no engine.) It carries its decisions as
behaviour: the score an opponent counts with (:meth:`Edition.opponent_score`), what a player's
own unplayed round is worth (:meth:`Edition.own_unplayed`), which unplayed rounds a cut takes
first, what Sonneborn-Berger multiplies by, and what counts as a game in a round robin. Each
answer comes with its reason code, which the explanations turn into words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Optional, Union

from .errors import EditionError
from .tiebreaks.reasons import Reason

if TYPE_CHECKING:
    import numpy as np

    from .tiebreaks.context import Context


class Unplayed(NamedTuple):
    """What each own unplayed round counts (players x rounds): ``value``; ``reason``, the
    ``(where, reason code)`` pairs saying which rule applied where (``where`` may be True: every
    round); and the facts the reasons name as ``(numerators, denominator)`` (the cap of C.07 2026
    Art. 16.4, the 2012 formula's terms)."""

    value: np.ndarray
    reason: tuple[tuple[Union[np.ndarray, bool], Reason], ...]
    facts: dict[str, tuple[Union[np.ndarray, int], int]]


def unplayed_as_draws(ctx: Context) -> tuple[np.ndarray, np.ndarray]:
    """Every unplayed round of a player counts as a draw (C.02 §13, USCF 34E1): the scores and
    the rounds so counted (players x rounds)."""
    import numpy as np
    drawn = ~ctx.is_game & ~ctx.not_in  # a game not in yet (live) is no round yet
    return np.where(drawn, ctx.D, ctx.pts).sum(axis=1), drawn


@dataclass(frozen=True)
class Edition:
    """One edition of the FIDE tie-break rules; this class is C.07 (2024), the others change
    what differs.

    ``aro_cut_unplayed``: the default of the option of that name: ARO/Cn and ARO/Mn count every
    unplayed round among the elements and cut it first (the pre-2024 practice, TIEBREAK_RULES
    §5.11, RULES_NOTES §3.7); False: only real ratings are elements (C.07 2024 Art. 10.1).
    """

    name: str
    title: str
    aro_cut_unplayed: bool = False
    #: the note on BH and FB in a round robin (a :class:`Reason` that has one, or NONE)
    round_robin_buchholz: Reason = Reason.NONE

    def opponent_score(self, ctx: Context) -> tuple[np.ndarray, np.ndarray, Reason]:
        """The score each player's opponents see in a Swiss event, the rounds counted as draws
        for it and why (C.07 Art. 16.3): requested byes and absences after the player's last
        round that is not a VUR (category 16.2.5) count as draws; every other round at its points. A
        game not in yet (live standings) is no round: it neither counts nor ends a run of VURs."""
        import numpy as np
        rounds = np.arange(1, ctx.n + 1)
        lna = np.where(~ctx.is_vur & ~ctx.not_in, rounds, 0).max(axis=1, initial=0)
        drawn = (rounds[None, :] > lna[:, None]) & ~ctx.has_opp & ~ctx.not_in
        return np.where(drawn, ctx.D, ctx.pts).sum(axis=1), drawn, Reason.DRAWN_AFTER_WITHDRAWAL

    def own_unplayed(self, ctx: Context) -> Unplayed:
        """An own unplayed round counts as a dummy opponent with the player's own score
        (C.07 2024 Art. 16.4)."""
        import numpy as np
        return Unplayed(np.broadcast_to(ctx.score[:, None], ctx.kind.shape), ((True, Reason.DUMMY_OWN),), {})

    def cut_first(self, ctx: Context, game: np.ndarray) -> tuple[np.ndarray, Reason, Reason]:
        """The unplayed rounds a cut may take first (C.07 Art. 16.5: the VURs, Art. 16.1), the
        reason shown on them and the reason of such a cut."""
        return ~game & ctx.is_vur, Reason.VUR, Reason.CUT_VUR

    def sb_factor(self, ctx: Context, game: np.ndarray) -> tuple[np.ndarray, Reason]:
        """What SB multiplies each round's score by (C.07 Art. 9.1): the points obtained."""
        return ctx.pts, Reason.NONE

    def round_robin_games(self, ctx: Context, purpose: str) -> np.ndarray:
        """What counts as a game in a round robin (C.07 2024 Art. 15.2): forfeits are regular games."""
        return ctx.has_opp


@dataclass(frozen=True)
class Fide2026(Edition):
    """C.07 (2026): the dummy is capped (Art. 16.4.1-16.4.2); round robins keep forfeits
    unplayed in rating tie-breaks and forfeit losses in Type-B ones (Art. 15.2)."""

    round_robin_buchholz: Reason = Reason.NO_BUCHHOLZ_IN_RR_2026

    def own_unplayed(self, ctx: Context) -> Unplayed:
        """The player's own score, capped by the scheduled opponent's adjusted score for a forfeit
        (16.4.1), else by a draw's value in each round (16.4.2; ``cap_rounds``: the rounds
        scheduled or those evaluated; live, each player's: a game not in yet is no round)."""
        import numpy as np
        own = np.broadcast_to(ctx.score[:, None], ctx.kind.shape)
        rounds: Union[int, np.ndarray] = ctx.n
        if ctx.options.cap_rounds == "scheduled":
            rounds = ctx.t.rounds
        elif ctx.not_in.any():
            rounds = np.broadcast_to(ctx.player_rounds[:, None], ctx.kind.shape)
        cap = np.where(ctx.is_forfeit, ctx.adj[ctx.opp0], ctx.D * rounds)
        reason = ((ctx.is_forfeit, Reason.CAPPED_BY_OPPONENT), (~ctx.is_forfeit, Reason.CAPPED_BY_DRAWS))
        return Unplayed(np.minimum(own, cap), reason, {"cap": (cap, ctx.scale), "cap_rounds": (rounds, 1)})

    def round_robin_games(self, ctx: Context, purpose: str) -> np.ndarray:
        """Forfeits are unplayed in the rating tie-breaks, forfeit losses in Type-B ones."""
        if purpose == "rating":
            return ctx.is_game
        if purpose == "type-b":
            played: np.ndarray = ctx.is_game | ctx.forfeit_win
            return played
        return ctx.has_opp


@dataclass(frozen=True)
class Fide2012(Edition):
    """The 2012 rule (C.02 §13): own unplayed rounds meet a virtual opponent (Svon) and every
    unplayed round of an opponent counts as a draw."""

    aro_cut_unplayed: bool = True

    def opponent_score(self, ctx: Context) -> tuple[np.ndarray, np.ndarray, Reason]:
        """Every unplayed round of the opponent counts as a draw (C.02 §13)."""
        return (*unplayed_as_draws(ctx), Reason.UNPLAYED_AS_DRAWS_2012)

    def own_unplayed(self, ctx: Context) -> Unplayed:
        """The virtual opponent's score (seed 000)."""
        from .tiebreaks.svon import svon_array
        terms: dict[str, np.ndarray] = {}
        value = svon_array(ctx.pts, ctx.W, ctx.D, ctx.L, terms, ctx.player_rounds)
        facts: dict[str, tuple[Union[np.ndarray, int], int]] = {
            k: (v, 1 if k == "later" else ctx.scale) for k, v in terms.items()}
        return Unplayed(value, ((True, Reason.VIRTUAL_OPPONENT),), facts)

    def cut_first(self, ctx: Context, game: np.ndarray) -> tuple[np.ndarray, Reason, Reason]:
        """No unplayed round is cut first, unless the option ``svon_cut_unplayed_first`` (SSF
        practice, RULES_NOTES §3.6) makes every one a candidate, as a VUR is in C.07 Art. 16.5."""
        import numpy as np
        if ctx.options.svon_cut_unplayed_first:
            return ~game, Reason.UNPLAYED_CUT_FIRST_2012, Reason.CUT_UNPLAYED_2012
        return np.zeros_like(game), Reason.NO_PRIORITY_2012, Reason.NONE

    def sb_factor(self, ctx: Context, game: np.ndarray) -> tuple[np.ndarray, Reason]:
        """An own unplayed round counts its awarded result "as a normal result" against the virtual
        opponent (C.02 §13); with ``svon_sb_unplayed="draw"`` it counts as a draw whatever was
        awarded (Swiss-Manager, RULES_NOTES §3.7)."""
        import numpy as np
        if ctx.options.svon_sb_unplayed == "draw":
            return np.where(game, ctx.pts, ctx.D), Reason.SB_SVON_DRAW
        return ctx.pts, Reason.SB_SVON_RESULT


FIDE2026 = Fide2026("fide2026", "FIDE C.07 (2026), in force from 1 Mar 2026")
FIDE2024 = Edition("fide2024", "FIDE C.07 (2024), 1 Apr 2024 - 28 Feb 2026")
FIDE2012 = Fide2012("fide2012", "FIDE 2012 virtual opponent (C.02 §13), 1 Jul 2012 - 31 Mar 2024")

EDITIONS = {e.name: e for e in (FIDE2026, FIDE2024, FIDE2012)}
DEFAULT_EDITION = FIDE2026


def get_edition(name: "str | Edition | None") -> Edition:
    """The edition called ``name`` (``fide2026``, ``fide2024``, ``fide2012``); ``None`` = default."""
    if isinstance(name, Edition):
        return name
    if name is None or not str(name).strip():
        return DEFAULT_EDITION
    key = str(name).strip().lower().replace("-", "").replace("_", "").replace(" ", "")
    if key in EDITIONS:
        return EDITIONS[key]
    raise EditionError(f"unknown rule edition {name!r}; use one of {', '.join(EDITIONS)}")


def edition_for_date(iso_date: Optional[str]) -> Edition:
    """The edition in force at an event's start date (ISO ``YYYY-MM-DD``); unknown date: 2026.

    2012 rule until 31 Mar 2024 (the date it ended for all rated events), the 2024 text until
    28 Feb 2026, the 2026 text from 1 Mar 2026 (TIEBREAK_RULES §2).
    """
    if not iso_date:
        return DEFAULT_EDITION
    if iso_date < "2024-04-01":
        return FIDE2012
    if iso_date < "2026-03-01":
        return FIDE2024
    return FIDE2026


#: Dates outside this window are taken as typing errors worth a warning (not an error: an
#: instructor may replay a 1926 event); the edition they select is named.
EARLIEST_PLAUSIBLE = "1990-01-01"
FUTURE_DAYS = 400


def date_note(iso_date: str, today: Optional[str] = None) -> Optional[str]:
    """A warning for a start date that is probably a typing error (before 1990, or more than about
    a year ahead), naming the edition it selects; ``None`` for a plausible date."""
    import datetime
    now = datetime.date.fromisoformat(today) if today else datetime.date.today()
    ed = edition_for_date(iso_date)
    if iso_date < EARLIEST_PLAUSIBLE:
        return (f"start date {iso_date} is before 1990: computed under {ed.name}, the oldest edition here; "
                "check the date, or choose the edition (--rules, Settings!B3)")
    if iso_date > (now + datetime.timedelta(days=FUTURE_DAYS)).isoformat():
        return (f"start date {iso_date} is more than a year ahead: computed under {ed.name}; check the date, "
                "or choose the edition (--rules, Settings!B3)")
    return None
