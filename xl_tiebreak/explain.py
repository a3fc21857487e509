"""How each value is reached: a structured account of one tie-break of one player, and its text.

The account is built from the engine's own facts (adjusted scores, dummies, virtual opponents,
the cut decisions), so its total is the engine's value by construction, and a test checks that
on many events. Every row can point at the crosstable cell it comes from (player, round).

>>> from xl_tiebreak import demo_tournament
>>> e = explain(demo_tournament(), 3, "BH/C1", edition="fide2026")
>>> e.value
Fraction(13, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

import numpy as np

from .descriptor import TieBreak, parse_descriptor, parse_list
from .engine import compute, context, kentler_lists
from .errors import InputError
from .formatting import decimals_for, format_value, json_number
from .model import Kind, Tournament
from .options import Options
from .tiebreaks import national as nat
from .tiebreaks import rating as rt
from .tiebreaks.buchholz import CUT_HIGH, CUT_LOW, CUT_VUR, KEPT, cut_marks, elements, sb_unplayed_as_draw
from .tiebreaks.context import FORFEIT_CODES, Context
from .tiebreaks.direct import direct_encounter_tiers, ranks_from_tiers
from .tiebreaks.koya import koya_limit


@dataclass(frozen=True)
class Line:
    """One row of an account: its values (one per column of the account), why it counts as it
    does, whether it was cut and why, and the crosstable cell it comes from (player, round)."""

    values: tuple
    why: str = ""
    cut: str = ""
    cell: Optional[tuple[int, int]] = None


@dataclass(frozen=True)
class Explanation:
    """The account of one value: who, which tie-break, under which edition, the rows, the value
    and how the rows make it."""

    player: int
    name: str
    code: str
    title: str
    edition: str
    rounds: int
    columns: tuple[str, ...]
    lines: tuple[Line, ...]
    value: Optional[Fraction]
    total: str
    notes: tuple[str, ...] = ()
    decimals: int = 1
    extra: dict = field(default_factory=dict)

    def as_dict(self) -> dict:
        """A JSON-ready form (numbers as numbers, cells as ``{"player", "round"}``)."""
        def cell(v: Any) -> Any:
            return json_number(v) if isinstance(v, Fraction) else v
        return {
            "player": self.player, "name": self.name, "tiebreak": self.code, "title": self.title,
            "edition": self.edition, "rounds": self.rounds, "columns": list(self.columns),
            "rows": [{"values": [cell(v) for v in ln.values], "why": ln.why, "cut": ln.cut,
                      "cell": {"player": ln.cell[0], "round": ln.cell[1]} if ln.cell else None}
                     for ln in self.lines],
            "value": json_number(self.value), "total": self.total, "notes": list(self.notes),
        }


def explain(t: Tournament, player: int, descriptor: str, edition: "str | None" = None, *,
            rounds: Optional[int] = None, kind: Optional[str] = None,
            options: Optional[Options] = None, tiebreaks: Optional[str] = None) -> Explanation:
    """The account of ``descriptor`` (``"BH/C1"``, ``"SB"``, ``"ARO"``, ``"DE"``, ...) for the
    player with start number ``player``. ``tiebreaks``: the event's list, which DE needs to know
    its tied group (default: the players tied on points)."""
    tb = parse_descriptor(descriptor)
    ctx = context(t, edition=edition, rounds=rounds, kind=kind, options=options)
    index = t._index()
    if player not in index:
        raise InputError(f"there is no player {player}")
    i = index[player]
    listed = tiebreaks if tiebreaks else tb.code
    if tiebreaks and tb.code not in [x.code for x in parse_list(tiebreaks)]:
        raise InputError(f"{tb.code} is not in the list {tiebreaks!r}; the list only places DE's and "
                         "KENTLER's tied group")
    res = compute(t, listed, edition=ctx.edition, rounds=ctx.n, kind="round-robin" if ctx.rr else "swiss",
                  options=ctx.options)
    value = res.columns[res._column(tb.code)].value(i)
    builder = _BUILDERS.get(tb.name, _count)
    body = builder(ctx, i, tb, value, res)
    p = t.players[i]
    return Explanation(player=p.no, name=p.name, code=tb.code, title=tb.describe, edition=ctx.edition.name,
                       rounds=ctx.n, value=value, decimals=decimals_for(tb, ctx.scale), **body)


# ------------------------------------------------------------------------------ the pieces


def _pts(ctx: Context, v: int) -> Fraction:
    return Fraction(int(v), ctx.scale)


def _n(v: Fraction) -> str:
    """A number as short as it can be written exactly: 3, 2.5, 1.25."""
    return format_value(v, 0)


def _result(ctx: Context, i: int, r: int) -> str:
    """The player's result in round r (0-based) in words and points."""
    k = ctx.t.players[i].rounds[r].kind
    pts = format_value(_pts(ctx, ctx.pts[i][r]), 1)
    words = {Kind.WIN: "won", Kind.DRAW: "drew", Kind.LOSS: "lost", Kind.SHORT_WIN: "won (short)",
             Kind.SHORT_DRAW: "drew (short)", Kind.SHORT_LOSS: "lost (short)", Kind.FORFEIT_WIN: "forfeit win",
             Kind.FORFEIT_LOSS: "forfeit loss", Kind.DOUBLE_FORFEIT: "double forfeit", Kind.PAB: "pairing bye",
             Kind.FULL_BYE: "full-point bye", Kind.HALF_BYE: "half-point bye", Kind.ZERO_BYE: "zero-point bye",
             Kind.ABSENT: "absent", Kind.WITHDRAWN: "withdrawn", Kind.NOT_PLAYED: "nothing entered"}[k]
    return f"{words} {pts}"


def _who(ctx: Context, j: int) -> str:
    p = ctx.t.players[j]
    return f"{p.no} {p.name}".strip()


def _rounds_text(rs: list[int]) -> str:
    if not rs:
        return ""
    if len(rs) > 1 and rs == list(range(rs[0], rs[-1] + 1)):
        return f"rounds {rs[0]}-{rs[-1]}"
    return ("round " if len(rs) == 1 else "rounds ") + ", ".join(map(str, rs))


def _adjusted_why(ctx: Context, j: int) -> str:
    """Why opponent j counts with the score it does for its opponents."""
    score, adj = _pts(ctx, ctx.score[j]), _pts(ctx, ctx.adj[j])
    if ctx.rr:
        return ""
    if ctx.edition.virtual_opponent:
        unplayed = [r + 1 for r in range(ctx.n) if not ctx.is_game[j][r]]
        if not unplayed:
            return ""
        return (f"{ctx.t.players[j].no} scored {_n(score)}; its unplayed {_rounds_text(unplayed)} "
                f"{'count as draws' if len(unplayed) > 1 else 'counts as a draw'}: {_n(adj)} (C.02 §13)")
    rounds = np.arange(1, ctx.n + 1)
    lna = int(np.where(~ctx.is_vur[j], rounds, 0).max(initial=0))
    drawn = [r + 1 for r in range(ctx.n) if r + 1 > lna and not ctx.has_opp[j][r]]
    if not drawn:
        return ""
    return (f"{ctx.t.players[j].no} scored {_n(score)}; its {_rounds_text(drawn)} (requested byes or "
            f"absences with no game after them) count as draws: {_n(adj)} (C.07 Art. 16.3)")


def _svon_formula(ctx: Context, i: int, r: int) -> str:
    """The virtual opponent's formula filled in: ``Svon = 3 + (1 - 1) + 0.5 x (9 - 7) = 4``."""
    before = _pts(ctx, ctx.pts[i][:r].sum())
    sf = _pts(ctx, ctx.pts[i][r])
    val = _pts(ctx, ctx.svon[i][r])
    later = ctx.n - (r + 1)
    if ctx.t.scoring.is_standard:
        return f"Svon = {_n(before)} + (1 - {_n(sf)}) + 0.5 x ({ctx.n} - {r + 1}) = {_n(val)}"
    opposite = val - before - Fraction(ctx.D, ctx.scale) * later
    return (f"Svon = {_n(before)} + {_n(opposite)} (the opposite result) + {_n(Fraction(ctx.D, ctx.scale))}"
            f" x {later} = {_n(val)}")


def _own_why(ctx: Context, i: int, r: int) -> tuple[str, str]:
    """(opponent column, why) for the player's own unplayed round r (0-based)."""
    own = _pts(ctx, ctx.score[i])
    if ctx.edition.virtual_opponent and not ctx.rr:
        return "virtual opponent", f"{_svon_formula(ctx, i, r)} (C.02 §13)"
    dummy = _pts(ctx, ctx.dummy[i][r])
    if not ctx.edition.dummy_cap:
        return "dummy", f"a dummy with the player's own score {_n(own)} (C.07 Art. 16.4)"
    if ctx.kind[i][r] in FORFEIT_CODES:
        j = int(ctx.opp[i][r])
        cap = _pts(ctx, ctx.adj[j])
        return "dummy", (f"the player's score {_n(own)} capped by scheduled opponent "
                         f"{ctx.t.players[j].no}'s adjusted score {_n(cap)}: min({_n(own)}, "
                         f"{_n(cap)}) = {_n(dummy)} (C.07 Art. 16.4.1, 2026)")
    rounds = ctx.t.rounds if ctx.options.cap_rounds == "scheduled" else ctx.n
    cap = Fraction(ctx.D * rounds, ctx.scale)
    return "dummy", (f"the player's score {_n(own)} capped by a draw in each of {rounds} rounds: "
                     f"min({_n(own)}, {_n(cap)}) = {_n(dummy)} "
                     f"(C.07 Art. 16.4.2, 2026)")


_SVON_SB_RESULT = ("an own unplayed round counts the points awarded as a normal result against the virtual "
                   "opponent: Svon x points (the 2012 text, C.02 §13; option svon_sb_unplayed=result)")
_SVON_SB_DRAW = ("an own unplayed round (forfeit win or loss, bye, absence) counts as a draw against the virtual "
                 "opponent whatever was awarded: half of Svon (Swiss-Manager's practice under the 2012 rules, "
                 "RULES_NOTES §3.7; option svon_sb_unplayed=draw)")


def _svon_sb_why(ctx: Context, i: int, r: int) -> str:
    """How SB counts the virtual opponent of the player's own unplayed round r (0-based)."""
    svon = _pts(ctx, ctx.svon[i][r])
    if sb_unplayed_as_draw(ctx):
        d = Fraction(ctx.D, ctx.scale)
        return (f"SB: counted as a draw whatever was awarded, {_n(svon)} x {_n(d)} = {_n(svon * d)} "
                f"(Swiss-Manager practice, svon_sb_unplayed=draw)")
    got = _pts(ctx, ctx.pts[i][r])
    return (f"SB: the awarded {_n(got)} counts as a normal result, {_n(svon)} x {_n(got)} = {_n(svon * got)} "
            f"(2012 text, svon_sb_unplayed=result)")


_CUT_WHY = {CUT_VUR: "cut: a voluntary unplayed round goes first (C.07 Art. 16.5)",
            CUT_LOW: "cut: least significant (C.07 Art. 14.1)",
            CUT_HIGH: "cut: most significant (median, C.07 Art. 14.2)"}


def _buchholz_like(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """BH, FB and SB: one row per round, the cut rows marked."""
    sb = tb.name == "SB"
    fore = tb.name == "FB"
    c = Context(ctx.t, ctx.edition, ctx.n, ctx.options, ctx.rr, fore=True) if fore else ctx
    elems = elements(c, sb, tb.forfeits_as_games)
    one = tuple(a[i:i + 1] for a in elems)
    by_score = ctx.options.sb_vur_pick == "score" and sb
    total, marks2 = cut_marks(one, tb.cut or tb.median, tb.median, by_score)
    marks = marks2[0]
    score, val, vur, present = (a[0] for a in one)
    unit = c.scale * c.scale if sb else c.scale
    lines = []
    game = c.has_opp if (c.rr or tb.forfeits_as_games) else c.is_game
    for r in range(c.n):
        cell = (ctx.t.players[i].no, r + 1)
        if not present[r]:
            lines.append(Line((r + 1, "-", None, _result(c, i, r), None), "no opponent: not counted "
                              "(round robin, Art. 15.2)", "", cell))
            continue
        if game[i][r]:
            j = int(c.opp[i][r])
            who = _who(c, j)
            why = _adjusted_why(c, j)
            if ctx.kind[i][r] in FORFEIT_CODES and not c.rr:
                lead = ("the last round's forfeit counts as a drawn game (Art. 8.3)" if fore and r == c.n - 1
                        else "forfeit counted as a game against the scheduled opponent (/P)")
                why = lead + (f"; {why}" if why else "")
        else:
            who, why = _own_why(c, i, r)
            if sb and c.edition.virtual_opponent and not c.rr:
                why += "; " + _svon_sb_why(c, i, r)
            if vur[r]:
                why += ("; unplayed rounds are cut first (option svon_cut_unplayed_first, RULES_NOTES "
                        "§3.6)" if c.edition.virtual_opponent else "; a voluntary unplayed round (Art. 16.1)")
        contribution = Fraction(int(val[r]), unit)
        result = _result(c, i, r)
        if fore and r == c.n - 1 and ctx.has_opp[i][r]:
            result = f"counted as a draw {_n(Fraction(c.D, c.scale))}"
        elif sb and not game[i][r] and sb_unplayed_as_draw(c):
            result = f"{result}, counted as a draw {_n(Fraction(c.D, c.scale))}"
        cut = _CUT_WHY.get(int(marks[r]), "")
        if c.edition.virtual_opponent and int(marks[r]) == CUT_VUR:
            cut = "cut: an unplayed round goes first (option, SSF practice)"
        lines.append(Line((r + 1, who, Fraction(int(score[r]), c.scale), result, contribution), why, cut, cell))
    kept = [ln.values[4] for ln, m in zip(lines, marks) if m == KEPT]
    cut = [ln.values[4] for ln, m in zip(lines, marks) if m > KEPT]
    got = Fraction(int(total[0]), unit)
    text = " + ".join(format_value(v, 2 if sb else 1) for v in kept) or "0"
    total_text = f"{text} = {format_value(got, 2 if sb else 1)}"
    if cut:
        total_text += f" (cut: {', '.join(format_value(v, 2 if sb else 1) for v in cut)})"
    notes = []
    if fore:
        notes.append("Fore Buchholz: every game paired in the last round counts as a draw for both players, "
                     "so every score here is the Fore Buchholz score (C.07 Art. 8.3)" if c.n == c.t.rounds else
                     "the last round is not reached yet, so FB equals BH (C.07 Art. 8.3)")
    if sb:
        notes.append("each contribution is the opponent's score times the points the player obtained in "
                     "that round (C.07 Art. 9.1)")
        if c.edition.virtual_opponent and not c.rr:
            notes.append(_SVON_SB_DRAW if sb_unplayed_as_draw(c) else _SVON_SB_RESULT)
        if (tb.cut or tb.median) and c.edition.virtual_opponent and not c.rr:
            notes.append("with svon_cut_unplayed_first (SSF practice, RULES_NOTES §3.6) an unplayed round is cut in "
                         "preference, as a VUR is in C.07 Art. 16.5: the higher of its contribution and the least "
                         "significant one goes" if c.options.svon_cut_unplayed_first else
                         "the cut removes the least significant element (the lowest score, then the lowest "
                         "contribution): the 2012 rule gives the virtual opponents no priority (RULES_NOTES §3.6)")
        elif tb.cut or tb.median:
            notes.append("a cut compares the least significant game with the lowest voluntary unplayed "
                         "round and removes the higher contribution, so a VUR worth 0 stays (C.07 Art. 16.5)")
    if c.rr and c.edition.rr_2026 and not sb:
        notes.append("the 2026 text does not allow the Buchholz family in round robins (note to Art. 8)")
    return dict(columns=("Rd", "Opponent", "Counts as", "Result", "Contribution"), lines=tuple(lines),
                total=total_text, notes=tuple(notes))


def _aob(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    base = TieBreak("FB" if tb.fore else "BH", cut=tb.cut, median=tb.median,
                    forfeits_as_games=tb.forfeits_as_games)
    opp_values = compute(ctx.t, [base], edition=ctx.edition, rounds=ctx.n,
                         kind="round-robin" if ctx.rr else "swiss", options=ctx.options).columns[0]
    games = ctx.played("other")
    lines, got = [], []
    for r in range(ctx.n):
        cell = (ctx.t.players[i].no, r + 1)
        if games[i][r]:
            j = int(ctx.opp[i][r])
            v = opp_values.value(j)
            got.append(v)
            lines.append(Line((r + 1, _who(ctx, j), v), f"{base.code} of {ctx.t.players[j].no}", "", cell))
        else:
            lines.append(Line((r + 1, _result(ctx, i, r), None), "no game over the board: left out", "", cell))
    mean = sum(got, Fraction(0)) / len(got) if got else None
    total = (f"({' + '.join(format_value(v) for v in got)}) / {len(got)} = {format_value(mean, 4)}, rounded "
             f"half up: {format_value(value, 2)}" if got else "no game over the board: undefined")
    return dict(columns=("Rd", "Opponent", f"Opponent's {base.code}"), lines=tuple(lines), total=total,
                notes=("the mean of the opponents' Buchholz over the games played (C.07 Art. 8.2)",))


def _count(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """WIN, WON, BPG, BWG, REP, STD, PS, TPN, RTNG, KS: which rounds counted."""
    name = tb.name
    lines = []
    no = ctx.t.players[i].no
    if name in ("TPN", "RTNG"):
        what = "start number" if name == "TPN" else "rating"
        return dict(columns=(what.capitalize(),), lines=(Line((value,), f"the player's {what} (C.07 "
                    f"Art. {'7.8' if name == 'TPN' else '10.6'})"),), total=format_value(value, 0)
                    if value is not None else "unrated: undefined", notes=())
    running = 0
    lim = koya_limit(ctx, tb.limit) if name == "KS" else None
    played_b = ctx.played("type-b")
    for r in range(ctx.n):
        cell = (no, r + 1)
        p = int(ctx.pts[i][r])
        running += p
        res_text = _result(ctx, i, r)
        if name == "PS":
            counted = r >= tb.cut
            lines.append(Line((r + 1, res_text, Fraction(running, ctx.scale)), "",
                              "" if counted else "cut: the first rounds (C.07 Art. 7.5)", cell))
            continue
        if name == "KS":
            if ctx.has_opp[i][r]:
                j = int(ctx.opp[i][r])
                s = Fraction(int(ctx.score[j]), ctx.scale)
                ok = s >= lim
                lines.append(Line((r + 1, _who(ctx, j), s, res_text, Fraction(p, ctx.scale) if ok else Fraction(0)),
                                  f"{'reaches' if ok else 'below'} the limit {format_value(lim)}", "", cell))
            else:
                lines.append(Line((r + 1, "-", None, res_text, Fraction(0)), "no opponent", "", cell))
            continue
        k = ctx.t.players[i].rounds[r].kind
        unplayed_game = ctx.black[i][r] and not played_b[i][r]
        why = ""
        if name == "MOSTWINS":
            name_ = "WON" if tb.over_the_board else "WIN"
        else:
            name_ = name
        if name_ == "WIN":
            ok = p == ctx.W
            if ok and not ctx.is_game[i][r]:
                why = "a win without playing counts (Art. 7.1)"
        elif name_ == "WON":
            ok = bool(p == ctx.W and (played_b[i][r] if name == "WON" else ctx.is_game[i][r]))
            if p == ctx.W and not ok:
                why = "not won over the board"
        elif name in ("BPG", "BWG"):
            ok = bool(ctx.black[i][r] and played_b[i][r] and (name == "BPG" or p == ctx.W))
            if unplayed_game:
                why = "Black in a game not played: not counted"
        elif name == "REP":
            ok = not (k in (Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.WITHDRAWN, Kind.NOT_PLAYED) or
                      (k in (Kind.FORFEIT_LOSS, Kind.DOUBLE_FORFEIT) and not played_b[i][r]))
            if not ok:
                why = "a requested bye, absence or forfeit loss: not elected to play"
        else:  # STD
            std = Fraction(1) if p > ctx.D else Fraction(1, 2) if p == ctx.D else Fraction(0)
            lines.append(Line((r + 1, res_text, std), "", "", cell))
            continue
        lines.append(Line((r + 1, res_text, Fraction(int(ok))), why, "", cell))
    if name == "KS":
        cols = ("Rd", "Opponent", "Opponent's score", "Result", "Counted")
        notes = (f"limit: {format_value(lim)} points, half the maximum score (C.07 Art. 9.2)",)
    elif name == "PS":
        cols, notes = ("Rd", "Result", "Running score"), ("the sum of the running scores (C.07 Art. 7.5)",)
    else:
        cols = ("Rd", "Result", "Counts")
        notes = ({"WIN": "rounds with the points of a win, played or not (C.07 Art. 7.1)",
                  "WON": "games won over the board (C.07 Art. 7.2)",
                  "BPG": "games played with Black (C.07 Art. 7.3)",
                  "BWG": "games won with Black (C.07 Art. 7.4)",
                  "REP": "rounds minus requested byes and forfeit losses (C.07 Art. 7.6)",
                  "STD": "1 for more than a draw's points, ½ for a draw's (C.07 Art. 7.7)",
                  "MOSTWINS": "the number of wins (Baumbach); /O: over the board only"}[name],)
    counted = [ln.values[-1] for ln in lines if not ln.cut and ln.values[-1]]
    total = f"{' + '.join(format_value(v, 1 if name in ('PS', 'KS', 'STD') else 0) for v in counted) or '0'} = " \
            f"{format_value(value, 1 if name in ('PS', 'KS', 'STD') else 0)}"
    return dict(columns=cols, lines=tuple(lines), total=total, notes=notes)


def _rating(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """ARO, TPR, PTP, APRO, APPO: the opponents' ratings, what counted, the table used."""
    ratings = rt.Ratings(ctx, tb.unrated)
    no = ctx.t.players[i].no
    if ratings.dropped:
        unrated = [p.no for p in ctx.t.players if p.rating is None]
        return dict(columns=("Rd",), lines=(), total="undefined", notes=(
            f"unrated participants ({', '.join(map(str, unrated[:10]))}{'...' if len(unrated) > 10 else ''}) and no "
            "rating assigned to them: the rating tie-breaks are dropped (C.07 Art. 10, TIEBREAK_RULES §5.15); "
            "give one with /U1400 (or --unrated)",))
    inner = None
    if tb.name in ("APRO", "APPO"):
        inner = compute(ctx.t, [TieBreak("TPR" if tb.name == "APRO" else "PTP", unrated=tb.unrated)],
                        edition=ctx.edition, rounds=ctx.n, kind="round-robin" if ctx.rr else "swiss",
                        options=ctx.options).columns[0]
    marks = _aro_marks(ratings, i, tb)
    counted_unplayed = tb.name == "ARO" and bool(tb.cut or tb.median) and rt.counts_unplayed(ctx)
    lines = []
    for r in range(ctx.n):
        cell = (no, r + 1)
        res_text = _result(ctx, i, r)
        if ratings.games[i][r]:
            j = int(ctx.opp[i][r])
            rating = int(ratings.own[j])
            shown: Any = (inner.value(j) if inner is not None else (rating if rating >= 0 else "unrated"))
            cut = marks.get(r, "")
            why = "" if rating >= 0 else "unrated opponent: left out"
            lines.append(Line((r + 1, _who(ctx, j), shown, res_text), why, cut, cell))
        elif counted_unplayed:
            lines.append(Line((r + 1, "-", None, res_text), "no game over the board: no rating in the average, "
                              "but one of the elements of the cut, below every rating", marks.get(r, ""), cell))
        else:
            lines.append(Line((r + 1, "-", None, res_text), "no game over the board: left out", "", cell))
    notes: list[str] = []
    total = "undefined" if value is None else format_value(value, 0)
    if tb.name == "ARO":
        kept = [ln.values[2] for ln in lines if ln.values[2] not in (None, "unrated") and not ln.cut]
        if kept:
            total = f"({' + '.join(map(str, kept))}) / {len(kept)} = {format_value(Fraction(sum(kept), len(kept)), 2)}, " \
                    f"rounded half up: {total}"
        notes.append("the mean rating of the opponents met over the board (C.07 Art. 10.1)")
        if tb.cut or tb.median:
            notes.append(f"unplayed rounds count among the elements cut and are cut first, as in {_ARO_PRACTICE}"
                         if counted_unplayed else "unplayed rounds are left out before the cut; the cut removes "
                         "real ratings only (C.07 2024/2026 Art. 10.1; aro_cut_unplayed=exclude)")
    elif tb.name in ("TPR", "PTP"):
        count = int(ratings.count[i])
        halves = int(np.where(ratings.mask[i], ctx.halves[i], 0).sum())
        score = Fraction(halves, 2)
        if count:
            mean = rt.half_up_div(np.array([ratings.opp[i].sum()]), np.array([count]))[0]
            if tb.name == "TPR":
                p = int(rt.half_up_div(np.array([50 * halves]), np.array([count]))[0])
                total = (f"ARO {int(mean)} + dp({p / 100:.2f}) = {int(mean)} {'+' if rt.dp(p) >= 0 else '-'} "
                         f"{abs(rt.dp(p))} = {total}")
                notes.append(f"score {format_value(score)} of {count} games over the board: p = {p / 100:.2f}; dp "
                             f"from the FIDE table B.02 8.1a, line p = {p / 100:.2f}: {rt.dp(p)} (C.07 Art. 10.2)")
            else:
                R = int(value)
                opp = [int(x) for x, m in zip(ratings.opp[i], ratings.mask[i]) if m]
                e_at = sum(int(rt.expected_hundredths(R - x)) for x in opp)
                e_below = sum(int(rt.expected_hundredths(R - 1 - x)) for x in opp)
                notes.append(f"score {format_value(score)} in {count} game{'s' if count != 1 else ''}; the expected score (table B.02 8.1b) "
                             f"at {R} is {e_at / 100:.2f}, at {R - 1} it is {e_below / 100:.2f}: {R} is the lowest "
                             f"rating that reaches {format_value(score)} (C.07 Art. 10.3)")
                if score == 0:
                    notes.append("a zero score gives the lowest opponent's rating minus 800")
    else:
        notes.append(f"the mean of the opponents' {'TPR' if tb.name == 'APRO' else 'PTP'}, rounded half up "
                     f"(C.07 Art. {'10.4' if tb.name == 'APRO' else '10.5'})")
    return dict(columns=("Rd", "Opponent", "TPR" if tb.name == "APRO" else "PTP" if tb.name == "APPO"
                         else "Rating", "Result"), lines=tuple(lines), total=total, notes=tuple(notes))


_ARO_PRACTICE = ("the pre-2024 practice: the 2022 text, the \"old ARO\" of the World Rapid and Blitz, and "
                 "Swiss-Manager under the 2012 rules (option aro_cut_unplayed=count; TIEBREAK_RULES §5.11, "
                 "RULES_NOTES §3.7)")


def _aro_marks(ratings: "rt.Ratings", i: int, tb: TieBreak) -> dict[int, str]:
    """Which rounds ARO's cut removes and why (the engine's :func:`rating.aro_cut_marks`)."""
    if tb.name != "ARO" or not (tb.cut or tb.median):
        return {}
    marks = rt.aro_cut_marks(ratings, tb.cut, tb.median)[i]
    out = {}
    for r, m in enumerate(marks):
        if m == rt.ARO_CUT_LOW:
            out[r] = ("cut: lowest (C.07 Art. 14.1)" if ratings.games[i][r] else
                      "cut: an unplayed round is one of the elements cut, and goes first")
        elif m == rt.ARO_CUT_HIGH:
            out[r] = "cut: highest (median, C.07 Art. 14.2)"
    return out


def _direct_encounter(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """DE: the mini crosstable of the tied group and how Art. 6 ranks it."""
    j_de = [k for k, t_ in enumerate(res.tiebreaks) if t_.code == tb.code][0]
    key_of = lambda k: (res.points_column.num[k],) + tuple(  # noqa: E731
        (c.num[k] if c.defined is None or c.defined[k] else None) for c in res.columns[:j_de])
    group = [k for k in range(ctx.size) if key_of(k) == key_of(i)]
    counted = ctx.has_opp if (tb.forfeits_as_games or ctx.rr) else ctx.is_game
    nos = [ctx.t.players[k].no for k in group]
    lines = []
    for k in group:
        row: list[Any] = [ctx.t.players[k].no]
        for m in group:
            if m == k:
                row.append("x")
                continue
            got = [Fraction(int(ctx.pts[k][r]), ctx.scale) for r in range(ctx.n)
                   if counted[k][r] and int(ctx.opp[k][r]) == m]
            row.append(sum(got, Fraction(0)) / len(got) if got else None)
        s = sum((v for v in row[1:] if isinstance(v, Fraction)), Fraction(0))
        rank = ranks_from_tiers(direct_encounter_tiers(ctx, group, tb.forfeits_as_games))[k]
        lines.append(Line(tuple(row) + (s, rank), "", "", None))
    notes = [f"players tied on points{' and on ' + ', '.join(res.codes[:j_de]) if j_de else ''}: "
             f"{', '.join(map(str, nos))}"]
    if len(group) == 1:
        notes.append("alone in the group: rank 1")
    else:
        met_all = all(v is not None for ln in lines for v in ln.values[1:-2] if v != "x")
        notes.append("all have met: ranked by the points among them, then again inside each subgroup still "
                     "tied (C.07 Art. 6.2)" if met_all or ctx.rr else
                     "not all have met: a leader is placed only if its points are more than any other member "
                     "could reach by winning its missing games (C.07 Art. 6.3)")
        notes.append("an empty cell: not met (or only by forfeit); two games against one opponent count as "
                     "their average (Art. 6.1.2)")
    return dict(columns=("No", *map(str, nos), "Points", "Rank"), lines=tuple(lines),
                total=f"rank {format_value(value, 0)} of {len(group)}", notes=tuple(notes))


def _uscf(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """MEDIAN, MODMED, SOLKOFF: the opponents' adjusted scores and which are dropped."""
    elems = nat.opponent_elements(ctx)
    adj = nat.us_adjusted(ctx)
    low, high = nat.drop_counts(ctx, tb.name, tb.median)
    _, marks = nat.drop_marks(elems[i:i + 1], low[i:i + 1], high[i:i + 1])
    lines = []
    for r in range(ctx.n):
        cell = (ctx.t.players[i].no, r + 1)
        if ctx.is_game[i][r]:
            j = int(ctx.opp[i][r])
            unplayed = [x + 1 for x in range(ctx.n) if not ctx.is_game[j][x]]
            why = (f"{ctx.t.players[j].no}'s unplayed {_rounds_text(unplayed)} "
                   f"{'count as draws' if len(unplayed) > 1 else 'counts as a draw'}: {_n(_pts(ctx, adj[j]))}"
                   if unplayed else "")
            who = _who(ctx, j)
        else:
            who, why = "-", "an unplayed round counts as an opponent with 0 (USCF 34E1)"
        mark = int(marks[0][r])
        cut = "dropped: lowest" if mark < 0 else "dropped: highest" if mark > 0 else ""
        lines.append(Line((r + 1, who, _pts(ctx, elems[i][r]), _result(ctx, i, r)), why, cut, cell))
    kept = [ln.values[2] for ln in lines if not ln.cut]
    rule = {"MEDIAN": "the highest and the lowest are dropped (two of each from nine rounds on)",
            "MODMED": "at 50 % the highest and the lowest are dropped, above 50 % the lowest, below the "
                      "highest; two at a time from nine rounds on (USCF 34E1)",
            "SOLKOFF": "nothing is dropped (USCF 34E2)"}[tb.name]
    return dict(columns=("Rd", "Opponent", "Counts as", "Result"), lines=tuple(lines),
                total=f"{' + '.join(_n(v) for v in kept) or '0'} = {format_value(value)}", notes=(rule,))


def _cumulative(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """CUM: running scores less the points obtained without playing; OPPCUM: the opponents' CUM."""
    lines = []
    if tb.name == "OPPCUM":
        cum = nat.cumulative_scaled(ctx)
        for r in range(ctx.n):
            cell = (ctx.t.players[i].no, r + 1)
            if ctx.is_game[i][r]:
                j = int(ctx.opp[i][r])
                lines.append(Line((r + 1, _who(ctx, j), _pts(ctx, cum[j])), "", "", cell))
            else:
                lines.append(Line((r + 1, "-", Fraction(0)), "an unplayed round contributes 0", "", cell))
        got = [ln.values[2] for ln in lines]
        return dict(columns=("Rd", "Opponent", "Opponent's CUM"), lines=tuple(lines),
                    total=f"{' + '.join(_n(v) for v in got)} = {format_value(value)}",
                    notes=("the sum of the opponents' cumulative scores (USCF)",))
    running = 0
    unplayed = nat.unplayed_points(ctx)[i]
    for r in range(ctx.n):
        running += int(ctx.pts[i][r])
        less = Fraction(int(unplayed[r]), ctx.scale)
        lines.append(Line((r + 1, _result(ctx, i, r), Fraction(running, ctx.scale), -less if less else None),
                          "points obtained without playing are taken off once (USCF 34E3)" if less else "",
                          "", (ctx.t.players[i].no, r + 1)))
    runs = " + ".join(_n(ln.values[2]) for ln in lines)
    off = sum((-ln.values[3] for ln in lines if ln.values[3]), Fraction(0))
    return dict(columns=("Rd", "Result", "Running score", "Less"), lines=tuple(lines),
                total=f"{runs}{f' - {_n(off)}' if off else ''} = {format_value(value)}",
                notes=("the sum of the running scores, less the points of unplayed wins and half points",))


def _kashdan(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    lines = []
    for r in range(ctx.n):
        p = int(ctx.pts[i][r])
        if ctx.is_game[i][r]:
            v = 4 if p == ctx.W else 2 if p == ctx.D else 1
            why = ""
        else:
            v, why = 0, "an unplayed game scores 0 (USCF 34E7)"
        lines.append(Line((r + 1, _result(ctx, i, r), Fraction(v)), why, "", (ctx.t.players[i].no, r + 1)))
    return dict(columns=("Rd", "Result", "Points"), lines=tuple(lines),
                total=f"{' + '.join(_n(ln.values[2]) for ln in lines)} = {format_value(value, 0)}",
                notes=("4 for a win, 2 for a draw, 1 for a loss over the board, 0 unplayed (USCF 34E7)",))


def _ssf(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """SSFBH: the SSF value of each round, the unplayed ones, and the one cut."""
    vals, unplayed = nat.ssf_elements(ctx)
    opp_value = nat.ssf_opponent_value(ctx)
    row = (vals[i:i + 1], vals[i:i + 1], unplayed[i:i + 1], np.ones_like(unplayed[i:i + 1]))
    _, marks = cut_marks(row, 1, 0)
    lines = []
    for r in range(ctx.n):
        cell = (ctx.t.players[i].no, r + 1)
        v = _pts(ctx, vals[i][r])
        if ctx.has_opp[i][r]:
            j = int(ctx.opp[i][r])
            who = _who(ctx, j)
            why = (f"{ctx.t.players[j].no} scored {_n(_pts(ctx, ctx.score[j]))}; SSF value "
                   f"{_n(_pts(ctx, opp_value[j]))} (forfeit wins and losses count as draws, bye wins 0, rounds "
                   f"after withdrawing as draws)")
            if not ctx.is_game[i][r]:
                why = "own forfeit: the scheduled opponent's value; " + why
        elif v:
            who, why = "virtual opponent", _own_why_svon(ctx, i, r)
        else:
            who, why = "-", "not paired or withdrawn: no compensation (SSF step 8)"
        cut = ""
        if int(marks[0][r]) > 0:
            cut = ("cut: the lowest unplayed round (SSF steps 12-13)" if unplayed[i][r]
                   else "cut: the lowest value (SSF step 11)")
        lines.append(Line((r + 1, who, v, _result(ctx, i, r)), why, cut, cell))
    kept = [ln.values[2] for ln in lines if not ln.cut]
    return dict(columns=("Rd", "Opponent", "Value", "Result"), lines=tuple(lines),
                total=f"{' + '.join(_n(v) for v in kept)} = {format_value(value)}",
                notes=("SSF Buchholz (seed 002): Cut-1, an unplayed round is cut first",))


def _own_why_svon(ctx: Context, i: int, r: int) -> str:
    return f"{_svon_formula(ctx, i, r)} (SSF step 9)"


def _kentler(ctx: Context, i: int, tb: TieBreak, value, res) -> dict:
    """KENTLER: the opponents' TPRs, best first, and the comparison inside the tied group."""
    lists = kentler_lists(ctx.t, edition=ctx.edition, rounds=ctx.n, kind="round-robin" if ctx.rr else "swiss",
                          options=ctx.options, unrated=tb.unrated)
    j_k = [k for k, t_ in enumerate(res.tiebreaks) if t_.code == tb.code][0]
    key_of = lambda k: (res.points_column.num[k],) + tuple(  # noqa: E731
        (c.num[k] if c.defined is None or c.defined[k] else None) for c in res.columns[:j_k])
    group = [k for k in range(ctx.size) if key_of(k) == key_of(i)]
    ranks = nat.kentler_ranks(lists, group)
    lines = tuple(Line((ctx.t.players[k].no, ctx.t.players[k].name, ", ".join(map(str, lists[k])), ranks[k]))
                  for k in sorted(group, key=lambda k: ranks[k]))
    return dict(columns=("No", "Name", "Opponents' TPR, best first", "Rank"), lines=lines,
                total=f"rank {format_value(value, 0)} of {len(group)}",
                notes=("compared in turn: the better best opponent, then the next ... (Kentler, seed 004); "
                       "TPR from this event's games (C.07 Art. 10.2), an unrated player's games left out",))


_BUILDERS = {"BH": _buchholz_like, "FB": _buchholz_like, "SB": _buchholz_like, "AOB": _aob,
             "ARO": _rating, "TPR": _rating, "PTP": _rating, "APRO": _rating, "APPO": _rating,
             "DE": _direct_encounter, "MEDIAN": _uscf, "MODMED": _uscf, "SOLKOFF": _uscf,
             "CUM": _cumulative, "OPPCUM": _cumulative, "KASHDAN": _kashdan, "SSFBH": _ssf,
             "KENTLER": _kentler}


# ------------------------------------------------------------------------------ rendering


def _cell_text(v: Any, decimals: int) -> str:
    if v is None:
        return ""
    if isinstance(v, Fraction):
        return format_value(v, decimals)
    return str(v)


def render_text(e: Explanation) -> str:
    """The account as text: a heading, a table, the total, the notes; reasons below the table."""
    head = [f"{e.code} of player {e.player} {e.name} ({e.title}), {e.edition}, after round {e.rounds}"]
    numeric_dec = {c: (2 if e.code.startswith("SB") and c in ("Contribution",) else 1) for c in e.columns}
    rows = [[_cell_text(v, 0 if isinstance(v, Fraction) and v.denominator == 1 and e.columns[j] in
                        ("Rd", "No", "Rating", "Rank", "TPR", "PTP", "Counts", "Start number", "Points") else
                        numeric_dec.get(e.columns[j], 1)) for j, v in enumerate(ln.values)]
            + ([ln.cut] if any(x.cut for x in e.lines) else []) for ln in e.lines]
    headers = list(e.columns) + (["Cut"] if any(x.cut for x in e.lines) else [])
    widths = [max([len(h)] + [len(r[j]) for r in rows]) for j, h in enumerate(headers)]
    def fmt(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) for c, w in zip(cells, widths)).rstrip()
    out = head + ["", fmt(headers), fmt(["-" * w for w in widths])] + [fmt(r) for r in rows]
    out += ["", f"{e.code} = {e.total}"]
    reasons = [(ln.cell, ln.values[0], ln.why) for ln in e.lines if ln.why]
    if reasons:
        out += ["", "Why:"]
        for cell, first, why in reasons:
            where = f"R{cell[1]}" if cell else str(first)
            out.append(f"  {where}: {why}")
    for note in e.notes:
        out.append(f"Note: {note}")
    return "\n".join(out) + "\n"
