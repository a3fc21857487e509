"""Why each round counts as it does: the reason codes of a :class:`~xl_tiebreak.tiebreaks.breakdown.Breakdown` and
their words, each rule's article cited once.

A round's reasons are a set of flags (one int per player and round): several can hold at once
(a forfeit counted as a game *and* an opponent whose late byes count as draws), and an account
lists the phrases of the set flags in the order they are declared here. The ``CUTS`` flags say
what a cut did to the round; the others say why its value is what it is.
"""

from __future__ import annotations

from enum import IntFlag
from functools import lru_cache
from typing import Any, Callable, NamedTuple, Optional, Union


class Reason(IntFlag):
    """One reason; the value order is the order of the phrases in an account."""

    NONE = 0
    # -- how a round with an opponent counts (Buchholz family)
    NO_OPPONENT_RR = 1 << 0
    FORE_FORFEIT_DRAWN = 1 << 1
    FORFEIT_AS_GAME = 1 << 2
    FORE_DRAWN = 1 << 3
    DRAWN_AFTER_WITHDRAWAL = 1 << 4  # C.07 Art. 16.3: the opponent's late requested byes
    UNPLAYED_AS_DRAWS_2012 = 1 << 5  # C.02 §13: every unplayed round of the opponent
    # -- an own unplayed round (the edition's rule)
    DUMMY_OWN = 1 << 6
    CAPPED_BY_OPPONENT = 1 << 7
    CAPPED_BY_DRAWS = 1 << 8
    VIRTUAL_OPPONENT = 1 << 9
    SB_SVON_DRAW = 1 << 10
    SB_SVON_RESULT = 1 << 11
    VUR = 1 << 12
    UNPLAYED_CUT_FIRST_2012 = 1 << 13
    NO_PRIORITY_2012 = 1 << 14  # never on a row: the note of a 2012 cut without the option
    NO_BUCHHOLZ_IN_RR_2026 = 1 << 15  # never on a row: the note of BH/FB in a 2026 round robin
    # -- Koya, own record
    REACHES_KOYA_LIMIT = 1 << 16
    BELOW_KOYA_LIMIT = 1 << 17
    NO_OPPONENT = 1 << 18
    WIN_UNPLAYED = 1 << 19
    NOT_OVER_THE_BOARD = 1 << 20
    BLACK_NOT_PLAYED = 1 << 21
    NOT_ELECTED = 1 << 22
    # -- national systems
    US_OPPONENT_DRAWS = 1 << 23
    US_UNPLAYED_ZERO = 1 << 24
    TAKEN_OFF = 1 << 25
    OPPCUM_UNPLAYED = 1 << 26
    KASHDAN_UNPLAYED = 1 << 27
    SSF_OWN_FORFEIT = 1 << 28
    SSF_OPPONENT = 1 << 29
    SSF_VIRTUAL = 1 << 30
    SSF_NO_COMPENSATION = 1 << 31
    # -- rating family, AOB
    UNRATED_LEFT_OUT = 1 << 32
    NOT_PLAYED_LEFT_OUT = 1 << 33
    UNPLAYED_ELEMENT = 1 << 34
    # -- Fore Buchholz, live: a last-round game not in yet (numbered apart; shown as its result)
    FORE_NOT_IN_DRAWN = 1 << 35
    # -- what a cut did (the "Cut" column)
    CUT_VUR = 1 << 40
    CUT_UNPLAYED_2012 = 1 << 41
    CUT_LOW = 1 << 42
    CUT_HIGH = 1 << 43
    CUT_FIRST_ROUNDS = 1 << 44
    DROPPED_LOW = 1 << 45
    DROPPED_HIGH = 1 << 46
    SSF_CUT_UNPLAYED = 1 << 47
    SSF_CUT_LOW = 1 << 48
    ARO_CUT_LOW = 1 << 49
    ARO_CUT_UNPLAYED = 1 << 50
    ARO_CUT_HIGH = 1 << 51


#: every flag, in phrase order
ORDER: tuple[Reason, ...] = tuple(sorted((r for r in Reason.__members__.values() if r), key=int))
#: the flags that say what a cut did
CUTS = int(sum(int(r) for r in ORDER if r >= Reason.CUT_VUR))

Text = Union[str, Callable[[dict[str, Any]], str]]


class Phrase(NamedTuple):
    """The words of a reason: ``why`` for the reasons column (a template over an account row's
    facts, or a function of them), ``who`` the label shown instead of an opponent, ``result``
    the template shown instead of the result, ``note`` the note it adds under the account."""

    why: Text = ""
    who: Optional[str] = None
    result: Optional[str] = None
    note: str = ""


def _draws(count: int) -> str:
    return "count as draws" if count > 1 else "counts as a draw"


def _svon(where: str) -> Callable[[dict[str, Any]], str]:
    def text(p: dict[str, Any]) -> str:
        from .svon import formula
        return f"{formula(p)} ({where})"
    return text


R = Reason
PHRASES: dict[Reason, Phrase] = {
    R.NO_OPPONENT_RR: Phrase("no opponent: not counted (round robin, Art. 15.2)"),
    R.FORE_FORFEIT_DRAWN: Phrase("the last round's forfeit counts as a drawn game (Art. 8.3)"),
    R.FORFEIT_AS_GAME: Phrase("forfeit counted as a game against the scheduled opponent (/P)"),
    R.FORE_DRAWN: Phrase(result="counted as a draw {draw}"),
    R.FORE_NOT_IN_DRAWN: Phrase("paired in the last round, result not in yet: a game drawn under Fore Buchholz "
                                "(Art. 8.3)", result="counted as a draw {draw}"),
    R.DRAWN_AFTER_WITHDRAWAL: Phrase(lambda p: f"{p['opp']} scored {p['opp_score']}; its {p['opp_drawn']} (requested "
                                     f"byes or absences with no game after them) {_draws(p['opp_drawn#'])}: "
                                     f"{p['opp_adj']} (C.07 Art. 16.3)"),
    R.UNPLAYED_AS_DRAWS_2012: Phrase(lambda p: f"{p['opp']} scored {p['opp_score']}; its unplayed {p['opp_drawn']} "
                                     f"{_draws(p['opp_drawn#'])}: {p['opp_adj']} (C.02 §13)"),
    R.DUMMY_OWN: Phrase("a dummy with the player's own score {own} (C.07 Art. 16.4)", who="dummy"),
    R.CAPPED_BY_OPPONENT: Phrase("the player's score {own} capped by scheduled opponent {opp}'s adjusted score "
                                 "{cap}: min({own}, {cap}) = {score} (C.07 Art. 16.4.1, 2026)", who="dummy"),
    R.CAPPED_BY_DRAWS: Phrase("the player's score {own} capped by a draw in each of {cap_rounds} rounds: "
                              "min({own}, {cap}) = {score} (C.07 Art. 16.4.2, 2026)", who="dummy"),
    R.VIRTUAL_OPPONENT: Phrase(_svon("C.02 §13"), who="virtual opponent"),
    R.SB_SVON_DRAW: Phrase(
        "SB: counted as a draw whatever was awarded, {score} x {draw} = {value} (Swiss-Manager practice, "
        "svon_sb_unplayed=draw)", result="{result}, counted as a draw {draw}",
        note="an own unplayed round (forfeit win or loss, bye, absence) counts as a draw against the virtual "
             "opponent whatever was awarded: half of Svon (Swiss-Manager's practice under the 2012 rules, "
             "RULES_NOTES §3.7; option svon_sb_unplayed=draw)"),
    R.SB_SVON_RESULT: Phrase(
        "SB: the awarded {got} counts as a normal result, {score} x {got} = {value} (2012 text, "
        "svon_sb_unplayed=result)",
        note="an own unplayed round counts the points awarded as a normal result against the virtual "
             "opponent: Svon x points (the 2012 text, C.02 §13; option svon_sb_unplayed=result)"),
    R.VUR: Phrase("a voluntary unplayed round (Art. 16.1)",
                  note="a cut compares the least significant game with the lowest voluntary unplayed round "
                       "and removes the higher contribution, so a VUR worth 0 stays (C.07 Art. 16.5)"),
    R.UNPLAYED_CUT_FIRST_2012: Phrase(
        "unplayed rounds are cut first (option svon_cut_unplayed_first, RULES_NOTES §3.6)",
        note="with svon_cut_unplayed_first (SSF practice, RULES_NOTES §3.6) an unplayed round is cut in "
             "preference, as a VUR is in C.07 Art. 16.5: the higher of its contribution and the least "
             "significant one goes"),
    R.NO_PRIORITY_2012: Phrase(note="the cut removes the least significant element (the lowest score, then the "
                                    "lowest contribution): the 2012 rule gives the virtual opponents no priority "
                                    "(RULES_NOTES §3.6)"),
    R.NO_BUCHHOLZ_IN_RR_2026: Phrase(note="the 2026 text does not allow the Buchholz family in round robins "
                                          "(note to Art. 8)"),
    R.REACHES_KOYA_LIMIT: Phrase("reaches the limit {limit}"),
    R.BELOW_KOYA_LIMIT: Phrase("below the limit {limit}"),
    R.NO_OPPONENT: Phrase("no opponent"),
    R.WIN_UNPLAYED: Phrase("a win without playing counts (Art. 7.1)"),
    R.NOT_OVER_THE_BOARD: Phrase("not won over the board"),
    R.BLACK_NOT_PLAYED: Phrase("Black in a game not played: not counted"),
    R.NOT_ELECTED: Phrase("a requested bye, absence or forfeit loss: not elected to play"),
    R.US_OPPONENT_DRAWS: Phrase(lambda p: f"{p['opp']}'s unplayed {p['opp_drawn']} {_draws(p['opp_drawn#'])}: "
                                f"{p['opp_adj']}"),
    R.US_UNPLAYED_ZERO: Phrase("an unplayed round counts as an opponent with 0 (USCF 34E1)"),
    R.TAKEN_OFF: Phrase("points obtained without playing are taken off once (USCF 34E3)"),
    R.OPPCUM_UNPLAYED: Phrase("an unplayed round contributes 0"),
    R.KASHDAN_UNPLAYED: Phrase("an unplayed game scores 0 (USCF 34E7)"),
    R.SSF_OWN_FORFEIT: Phrase("own forfeit: the scheduled opponent's value"),
    R.SSF_OPPONENT: Phrase("{opp} scored {opp_score}; SSF value {opp_value} (forfeit wins and losses count as "
                           "draws, bye wins 0, rounds after withdrawing as draws)"),
    R.SSF_VIRTUAL: Phrase(_svon("SSF step 9"), who="virtual opponent"),
    R.SSF_NO_COMPENSATION: Phrase("not paired or withdrawn: no compensation (SSF step 8)"),
    R.UNRATED_LEFT_OUT: Phrase("unrated opponent: left out"),
    R.NOT_PLAYED_LEFT_OUT: Phrase("no game over the board: left out"),
    R.UNPLAYED_ELEMENT: Phrase("no game over the board: no rating in the average, but one of the elements of the "
                               "cut, below every rating"),
    R.CUT_VUR: Phrase("cut: a voluntary unplayed round goes first (C.07 Art. 16.5)"),
    R.CUT_UNPLAYED_2012: Phrase("cut: an unplayed round goes first (option, SSF practice)"),
    R.CUT_LOW: Phrase("cut: least significant (C.07 Art. 14.1)"),
    R.CUT_HIGH: Phrase("cut: most significant (median, C.07 Art. 14.2)"),
    R.CUT_FIRST_ROUNDS: Phrase("cut: the first rounds (C.07 Art. 7.5)"),
    R.DROPPED_LOW: Phrase("dropped: lowest"),
    R.DROPPED_HIGH: Phrase("dropped: highest"),
    R.SSF_CUT_UNPLAYED: Phrase("cut: the lowest unplayed round (SSF steps 12-13)"),
    R.SSF_CUT_LOW: Phrase("cut: the lowest value (SSF step 11)"),
    R.ARO_CUT_LOW: Phrase("cut: lowest (C.07 Art. 14.1)"),
    R.ARO_CUT_UNPLAYED: Phrase("cut: an unplayed round is one of the elements cut, and goes first"),
    R.ARO_CUT_HIGH: Phrase("cut: highest (median, C.07 Art. 14.2)"),
}


def flags(code: int) -> list[Reason]:
    """The reasons set in ``code``, in phrase order."""
    return list(_flags(int(code)))


@lru_cache(maxsize=4096)
def _flags(code: int) -> tuple[Reason, ...]:
    """:func:`flags`, once per code (an account asks for each of its rounds; a page of every
    account, thousands of times for a few dozen codes)."""
    return tuple(r for r in ORDER if code & r)
