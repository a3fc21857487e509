"""Rule editions: how unplayed rounds count (TIEBREAK_RULES §2, §4, §7.1, §8).

An edition is a value passed to every computation, never a global. (numpy is imported inside
the rules, so that naming an edition, as the command line does, loads no engine.) It carries its decisions as
behaviour: the score an opponent counts with (:meth:`Edition.opponent_score`), what a player's
own unplayed round is worth (:meth:`Edition.own_unplayed`), which unplayed rounds a cut takes
first, what Sonneborn-Berger multiplies by, and what counts as a game in a round robin. Each
answer comes with its reason code, which the explanations turn into words.

C.07 Art. 16.3 (:meth:`Edition.drawn_for_opponents`) and 16.4 (:meth:`Edition.dummy`) are written
here once, over the competitor arrays (competitors x rounds, :mod:`xl_tiebreak.arrays`): a player's
points, or a team's match or game points (:meth:`xl_tiebreak.tiebreaks.team_context.TeamContext.channel`).
Each edition carries the first day
it is in force (:func:`edition_for_date`) and whether it has a text for team events
(:func:`team_edition`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NamedTuple, Optional, Union

from .errors import EditionError
from .reasons import Reason

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


class Dummy(NamedTuple):
    """The dummy opponent of each own unplayed round (C.07 Art. 16.4; competitors x rounds):
    ``value``, its score; ``cap``, the cap it met (``None``: no cap, 2024); ``reason``, the
    ``(where, reason code)`` pairs saying which rule applied where (as :attr:`Unplayed.reason`)."""

    value: np.ndarray
    cap: Optional[np.ndarray]
    reason: tuple[tuple[Union[np.ndarray, bool], Reason], ...]


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

    ``since``: the first day it is in force (ISO ``YYYY-MM-DD``; :func:`edition_for_date`).
    ``aro_cut_unplayed``: the default of the option of that name: ARO/Cn and ARO/Mn count every
    unplayed round among the elements and cut it first (the pre-2024 practice, TIEBREAK_RULES
    §5.11, RULES_NOTES §3.7); False: only real ratings are elements (C.07 2024 Art. 10.1).
    ``teams``: the edition has a text for team events (C.07 from 2024; :func:`team_edition`).
    """

    name: str
    title: str
    since: str
    aro_cut_unplayed: bool = False
    #: the note on BH and FB in a round robin (a :class:`Reason` that has one, or NONE)
    round_robin_buchholz: Reason = Reason.NONE
    teams: bool = True

    def drawn_for_opponents(self, rnd: np.ndarray, last_available: np.ndarray, unpaired: np.ndarray) -> np.ndarray:
        """Which rounds count as a draw in the score the opponents see (C.07 Art. 16.3, category
        16.2.5): those after the last round that is not a VUR (``last_available``) without a
        scheduled opponent (``unpaired``). Elementwise (numpy broadcasting)."""
        drawn: np.ndarray = (rnd > last_available) & unpaired
        return drawn

    def opponent_score(self, ctx: Context) -> tuple[np.ndarray, np.ndarray, Reason]:
        """The score each player's opponents see in a Swiss event, the rounds counted as draws
        for it and why (C.07 Art. 16.3, :meth:`drawn_for_opponents`): requested byes and absences
        after the player's last round that is not a VUR (category 16.2.5) count as draws; every
        other round at its points. A game not in yet (live standings) is no round: it neither
        counts nor ends a run of VURs."""
        import numpy as np
        rounds = np.arange(1, ctx.n + 1)
        lna = np.where(~ctx.is_vur & ~ctx.not_in, rounds, 0).max(axis=1, initial=0)
        drawn = self.drawn_for_opponents(rounds[None, :], lna[:, None], ~ctx.has_opp & ~ctx.not_in)
        return np.where(drawn, ctx.D, ctx.pts).sum(axis=1), drawn, Reason.DRAWN_AFTER_WITHDRAWAL

    def dummy(self, own: np.ndarray, forfeit: np.ndarray, opponent_adjusted: np.ndarray,
              draws: Union[int, np.ndarray]) -> Dummy:
        """The dummy opponent's score for each own unplayed round (C.07 2024 Art. 16.4): the own
        score ``own``. (The caps, :class:`Fide2026`, use the other arguments: ``forfeit``, a
        forfeited game or match; ``opponent_adjusted``, the scheduled opponent's adjusted score;
        ``draws``, a draw in each round counted.) Elementwise, competitors x rounds."""
        return Dummy(own, None, ((True, Reason.DUMMY_OWN),))

    def own_unplayed(self, ctx: Context) -> Unplayed:
        """An own unplayed round counts as a dummy opponent (:meth:`dummy`, C.07 Art. 16.4; a cap
        counts a draw in each round scheduled or evaluated, ``cap_rounds``; live, each player's:
        a game not in yet is no round)."""
        import numpy as np
        own = np.broadcast_to(ctx.score[:, None], ctx.kind.shape)
        rounds: Union[int, np.ndarray] = ctx.n
        if ctx.options.cap_rounds == "scheduled":
            rounds = ctx.t.rounds
        elif ctx.not_in.any():
            rounds = np.broadcast_to(ctx.player_rounds[:, None], ctx.kind.shape)
        got = self.dummy(own, ctx.is_forfeit, ctx.adj[ctx.opp0], ctx.D * rounds)
        facts: dict[str, tuple[Union[np.ndarray, int], int]] = {}
        if got.cap is not None:
            facts = {"cap": (np.asarray(got.cap), ctx.scale), "cap_rounds": (rounds, 1)}
        return Unplayed(np.asarray(got.value), got.reason, facts)

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

    def dummy(self, own: np.ndarray, forfeit: np.ndarray, opponent_adjusted: np.ndarray,
              draws: Union[int, np.ndarray]) -> Dummy:
        """The own score, capped by the scheduled opponent's adjusted score for a forfeit
        (16.4.1), else by a draw's value in each round (16.4.2)."""
        import numpy as np
        cap = np.where(forfeit, opponent_adjusted, draws)
        reason = ((forfeit, Reason.CAPPED_BY_OPPONENT), (~forfeit, Reason.CAPPED_BY_DRAWS))
        return Dummy(np.minimum(own, cap), cap, reason)

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
    unplayed round of an opponent counts as a draw. It has no text for team events."""

    aro_cut_unplayed: bool = True
    teams: bool = False

    def opponent_score(self, ctx: Context) -> tuple[np.ndarray, np.ndarray, Reason]:
        """Every unplayed round of the opponent counts as a draw (C.02 §13)."""
        return (*unplayed_as_draws(ctx), Reason.UNPLAYED_AS_DRAWS_2012)

    def own_unplayed(self, ctx: Context) -> Unplayed:
        """The virtual opponent's score (seed 000)."""
        from .svon import svon_array
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


FIDE2026 = Fide2026("fide2026", "FIDE C.07 (2026), in force from 1 Mar 2026", "2026-03-01")
FIDE2024 = Edition("fide2024", "FIDE C.07 (2024), 1 Apr 2024 - 28 Feb 2026", "2024-04-01")
FIDE2012 = Fide2012("fide2012", "FIDE 2012 virtual opponent (C.02 §13), 1 Jul 2012 - 31 Mar 2024", "2012-07-01")

EDITIONS = {e.name: e for e in (FIDE2026, FIDE2024, FIDE2012)}
DEFAULT_EDITION = FIDE2026
#: the editions newest first (each in force from its ``since`` to the day before the next one's)
_BY_DATE = sorted(EDITIONS.values(), key=lambda e: e.since, reverse=True)
#: the oldest edition with a team text (C.07 2024): team events dated before it are computed under it
OLDEST_TEAM = min((e for e in EDITIONS.values() if e.teams), key=lambda e: e.since)


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

    2012 rule until 31 Mar 2024 (the date it ended for all rated events; an older date too), the
    2024 text until 28 Feb 2026, the 2026 text from 1 Mar 2026 (TIEBREAK_RULES §2): each
    edition's ``since``.
    """
    if not iso_date:
        return DEFAULT_EDITION
    return next((e for e in _BY_DATE if iso_date >= e.since), _BY_DATE[-1])


def team_edition(edition: "str | Edition | None", start_date: Optional[str] = None) -> tuple[Edition, Optional[str]]:
    """The edition a team computation uses and a note when it was chosen for the caller.

    ``None``: the one in force at the start date (:func:`edition_for_date`); an edition without a
    team text (``teams``: an event dated before 1 Apr 2024) gives the oldest one with it,
    :data:`OLDEST_TEAM` (2024), with a note. A named edition without a team text is refused
    (:class:`EditionError`)."""
    if edition is None or (isinstance(edition, str) and not edition.strip()):
        in_force = edition_for_date(start_date)
        if not in_force.teams:
            return OLDEST_TEAM, (f"start date {start_date} is before the {OLDEST_TEAM.since[:4]} C.07 text; team "
                                 f"tie-breaks are defined from that text, so the event is computed under "
                                 f"{OLDEST_TEAM.name}")
        return in_force, None
    ed = get_edition(edition)
    if not ed.teams:
        with_text = [e.name for e in _BY_DATE[::-1] if e.teams]
        raise EditionError(f"team tie-breaks are defined from the {OLDEST_TEAM.since[:4]} C.07 text: edition "
                           f"{ed.name} has none; use {' or '.join(with_text)}")
    return ed, None


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
