"""Why a round is paired as it is, in words an arbiter can read to a player (issue 35 item 5), as
``explain`` does for a tie-break: for the Dutch system the brackets in order (C.04.3 art. 3), the
floaters, the candidates passed over and the criterion that decided (art. 2), the PAB (C2, C5, C9)
and each board's colour rule (art. 5.2); for Berger tables the table (C.05 Annex 1).

Everything said comes from the :class:`~.dutch.trace.Trace` the engine filled while it paired the
round (one run: the explanation cannot disagree with the pairing). :func:`account` gives the
structured form (``--format json``), :func:`render_text` the text; both can be narrowed to one
player or one board.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Mapping, Optional, Protocol, Sequence, TypeVar

from ..errors import InputError
from .berger import TableRow
from .dutch.trace import BracketStep, ColourStep, PassedOver, Seat, Trace
from .model import Pairing

#: the criteria of C.04.3 art. 2 (2026), paraphrased (PAIRING_RULES §3.2, C.04.1 art. 2-4)
CRITERIA = {
    "C1": "two players do not meet twice, C.04.1 art. 2",
    "C2": "no second pairing-allocated bye, nor one after a win without playing, C.04.1 art. 4",
    "C3": "two players with the same absolute colour preference do not meet, unless topscorers",
    "C4": "the players still to pair must remain pairable",
    "C5": "the pairing-allocated bye goes to the lowest score possible",
    "C6": "as few downfloaters as possible",
    "C7": "the downfloaters' scores as low as possible",
    "C8": "downfloaters that let the next bracket comply with C1-C7",
    "C9": "the bye's receiver with as few unplayed games as possible",
    "C10": "as few topscorers or their opponents as possible get a colour difference beyond 2",
    "C11": "as few topscorers or their opponents as possible get the same colour three times in a row",
    "C12": "as few players as possible do not get the colour they prefer",
    "C13": "as few players as possible do not get the colour they strongly prefer",
    "C14": "as few resident downfloaters as possible who floated down in the previous round",
    "C15": "as few opponents of moved-down players as possible who floated up in the previous round",
    "C16": "as few resident downfloaters as possible who floated down two rounds before",
    "C17": "as few opponents of moved-down players as possible who floated up two rounds before",
    "C18": "the smallest score differences for moved-down players who floated down in the previous round",
    "C19": "the smallest score differences for opponents who floated up in the previous round",
    "C20": "as C18, two rounds before",
    "C21": "as C19, two rounds before",
    "forbidden": "the arbiter forbids this pair: same family or club",
    "art. 3.2": "two players moved down from above do not meet in this bracket",
}

#: the colour rules of C.04.3 art. 5.2 (2026), paraphrased
COLOUR_RULES = {
    "5.2.1": "both colour preferences are granted",
    "5.2.2": "the stronger colour preference is granted",
    "5.2.2 CD": "both preferences are absolute: the player with the wider colour difference gets the colour",
    "5.2.3": "the preferences clash equally: the colours alternate from the last round in which the two had "
             "different colours",
    "5.2.4": "the histories are the same: the higher-ranked player's preference is granted",
    "5.2.5": "no preference decides: the higher-ranked player gets the initial-colour with an odd pairing "
             "number, the other colour with an even one",
}


def _pts(x: Optional[Fraction]) -> str:
    if x is None:
        return ""
    return str(x.numerator) if x.denominator == 1 else f"{float(x):g}"


def _points(x: Fraction) -> str:
    return f"{_pts(x)} point{'' if x == 1 else 's'}"


def _pairs(pairs: tuple[tuple[int, int], ...]) -> str:
    return ", ".join(f"{a}-{b}" for a, b in pairs)


def passed_words(p: PassedOver, criteria: Mapping[str, str] = CRITERIA, order: str = "art. 4",
                 meeting: str = "game") -> str:
    """One candidate passed over, and why (the first criterion it fails); ``criteria``, ``order``
    and ``meeting`` name the system's criteria, the article that orders its candidates and what a
    rematch repeats (a team system: a match)."""
    rule = criteria[p.criterion] if p.criterion == "forbidden" else f"{p.criterion}: {criteria[p.criterion]}"
    if p.criterion in ("C1", "C3", "forbidden", "art. 3.2"):
        a, b = p.pairs[-1]
        verb = f"would repeat a {meeting}" if p.criterion == "C1" else "may not be paired"
        lead = f"{a}-{b} {verb}" if p.criterion != "art. 3.2" else f"{a}-{b}: both moved down"
        return f"{lead} ({rule})"
    if p.criterion == "C4":
        return f"{_pairs(p.pairs)} would leave the players below unpairable ({rule})"
    if p.tie:
        return f"{_pairs(p.pairs)} is as good on every criterion but comes later in the order of {order}"
    if p.partial:
        return f"no pairing with {_pairs(p.pairs)} does as well ({rule})"
    return f"{_pairs(p.pairs)} does worse ({rule})"


def passed_lines(items: "list[PassedOver] | tuple[PassedOver, ...]", criteria: Mapping[str, str] = CRITERIA,
                 order: str = "art. 4", meeting: str = "game") -> list[str]:
    """The candidates passed over in a bracket, each reason said once, in the order first met: a
    pair refused by an absolute criterion (a rematch, C1; a forbidden pair; C3; art. 3.2) is one
    reason however many candidates it refused, and whichever way round the arrangement of art. 4
    put it (``6-11`` and ``11-6`` are one game); when it served several, their count follows."""
    said: dict[object, tuple[str, int]] = {}
    for x in items:
        key: object = ((x.criterion, frozenset(x.pairs[-1])) if x.criterion in ("C1", "C3", "forbidden", "art. 3.2")
                       else passed_words(x, criteria, order, meeting))
        words, n = said.get(key, (passed_words(x, criteria, order, meeting), 0))
        said[key] = (words, n + 1)
    return [f"{words}; {n} candidates" if n > 1 else words for words, n in said.values()]


_WORD = {"w": "White", "b": "Black"}


def colour_verdict(c: ColourStep) -> str:
    """What the deciding article of art. 5.2 did for this board, in words."""
    hi, lo = c.higher, c.lower
    got = "White" if hi.no == c.white else "Black"
    if c.article == "5.2.1":
        return f"{c.white} wants White, {c.black} Black"
    if c.article == "5.2.2":
        x, y = (hi, lo) if _STRENGTH[hi.strength] > _STRENGTH[lo.strength] else (lo, hi)
        theirs = "has none" if y.colour is None else f"has a {y.strength} one"
        return f"{x.no}'s {x.strength} preference is granted, {y.no} {theirs}"
    if c.article == "5.2.2 CD":
        x = hi if hi.colour == ("w" if hi.no == c.white else "b") else lo
        return f"both want {_WORD.get(hi.colour or '', '')}: {x.no} has the wider colour difference ({x.difference:+d})"
    if c.article == "5.2.3":
        back = next((i for i, (p, q) in enumerate(zip(reversed(hi.colours), reversed(lo.colours)), 1) if p != q), 0)
        if back:
            return (f"{back} game{'s' if back > 1 else ''} back {hi.no} had {_WORD[hi.colours[-back]]} and {lo.no} "
                    f"{_WORD[lo.colours[-back]]}: now {hi.no} has {got}")
    if c.article == "5.2.4":
        return f"{hi.no} ranks higher and gets {got}"
    parity = "odd" if hi.number % 2 else "even"
    return f"{hi.no} ranks higher with the {parity} number {hi.number}: {got}"


_STRENGTH = {"absolute": 3, "strong": 2, "mild": 1, "none": 0}


def seat_words(s: Seat) -> str:
    """One player as art. 5.2 reads him: preference, colours played, number."""
    want = f"{s.strength} preference for {_WORD[s.colour]}" if s.colour else "no colour preference"
    return f"{s.no}: {want}, colours {s.colours.upper() or 'no game yet'}, number {s.number}"


def _involves(step: BracketStep, who: Optional[frozenset[int]]) -> bool:
    return who is None or bool(who & (set(step.residents) | set(step.mdps)))


class _Coloured(Protocol):
    @property
    def white(self) -> int: ...
    @property
    def black(self) -> int: ...


_C = TypeVar("_C", bound=_Coloured)


def in_board_order(pairing: Pairing, steps: Sequence[_C]) -> list[tuple[int, _C]]:
    """Each colour step with its board (a team event: its match number), in board order."""
    board_of = {(p.white, p.black): p.board for p in pairing.pairs}
    return sorted(((board_of.get((c.white, c.black), 0), c) for c in steps), key=lambda bc: bc[0])


def focus(pairing: Pairing, player: Optional[int], board: Optional[int], noun: str = "player"
          ) -> Optional[frozenset[int]]:
    """The players (``noun``: or teams) to explain: one, a board's two, or everyone (None)."""
    if board is not None:
        got = [p for p in pairing.pairs if p.board == board]
        if not got:
            what = "boards" if noun == "player" else "matches"
            raise InputError(f"--board {board}: round {pairing.round} has {what} 1-{len(pairing.pairs)}")
        return frozenset((got[0].white, got[0].black))
    if player is not None:
        here = {x for p in pairing.pairs for x in (p.white, p.black)} | {u.no for u in pairing.byes}
        if player not in here:
            numbers = "start numbers" if noun == "player" else f"{noun} numbers"
            raise InputError(f"--{noun} {player}: no such {noun} in round {pairing.round} "
                             f"({numbers} {min(here)}-{max(here)})")
        return frozenset((player,))
    return None


def account(pairing: Pairing, trace: Optional[Trace], *, player: Optional[int] = None,
            board: Optional[int] = None, table: Optional[TableRow] = None) -> dict[str, object]:
    """The explanation as data (``--format json``): the pairing, the brackets, the bye, the colours;
    narrowed to ``player`` or ``board`` when given; a round robin's ``table`` row (C.05 Annex 1)."""
    who = focus(pairing, player, board)
    out: dict[str, object] = {"pairing": pairing.to_json()}
    if pairing.system == "berger" or trace is None:
        out["rule"] = "C.05 Annex 1: the Berger table's round fixes every board and colour"
        if table is not None:
            out["table"] = {"players": table.players, "numbers": table.size, "round": table.table_round,
                            "pairs": [list(p) for p in table.pairs], "colours_reversed": table.second_cycle,
                            "last_two_rounds_swapped": table.swapped, "words": table.words()}
        return out
    out["initial_colour"] = "white" if trace.initial == "w" else "black"
    out["brackets"] = [{
        "score": float(s.score), "residents": list(s.residents), "moved_down": list(s.mdps),
        "pairs": [list(p) for p in s.pairs], "downfloaters": list(s.downfloaters),
        "failures": [{"criterion": c, "value": v} for c, v in s.failures],
        "passed_over": [{"pairs": [list(p) for p in x.pairs], "criterion": x.criterion, "partial": x.partial,
                         "tie": x.tie, "why": passed_words(x)} for x in s.passed_over
                        if who is None or who & {n for pr in x.pairs for n in pr}],
    } for s in trace.brackets if _involves(s, who)]
    if trace.pab is not None and (who is None or trace.pab in who):
        out["pab"] = {"no": trace.pab, "score": float(trace.pab_score or 0), "eligible": list(trace.pab_eligible),
                      "barred": list(trace.pab_barred)}
    out["colours"] = [{"white": c.white, "black": c.black, "article": f"C.04.3 art. {c.article.split()[0]}",
                       "rule": COLOUR_RULES[c.article], "verdict": colour_verdict(c),
                       "facts": f"{seat_words(c.higher)}; {seat_words(c.lower)}"}
                      for c in trace.colours if who is None or who & {c.white, c.black}]
    return out


def render_text(pairing: Pairing, trace: Optional[Trace], names: dict[int, str], *,
                player: Optional[int] = None, board: Optional[int] = None,
                table: Optional[TableRow] = None) -> str:
    """The explanation as text to read aloud: the brackets from the top, the bye, the colours; for
    a round robin, its ``table`` row (C.05 Annex 1) and the boards."""
    who = focus(pairing, player, board)

    def name(n: int) -> str:
        return f"{n} {names.get(n, '')}".rstrip()

    def names_of(xs: tuple[int, ...]) -> str:
        return ", ".join(name(x) for x in xs) or "none"
    if pairing.system == "berger" or trace is None:
        return _berger_text(pairing, names, who, table)
    out = [f"Round {pairing.round} (Dutch system, C.04.3): why these pairs and these colours", ""]
    absent = [u.no for u in pairing.byes if u.kind == "absent" and (who is None or u.no in who)]
    if absent:
        out.append(f"Not paired, known to be absent or withdrawn (C.04.2 art. 3.2-3.3): {names_of(tuple(absent))}")
        out.append("")
    out.append("The brackets, from the highest score down (art. 3: each scoregroup, with the players moved "
               "down to it, is paired in turn):")
    for s in trace.brackets:
        if not _involves(s, who):
            continue
        out.append("")
        out.append(f"{_points(s.score)}: {names_of(s.residents)}"
                   + (f"; moved down from above: {names_of(s.mdps)}" if s.mdps else ""))
        out.append(f"  Paired: {_pairs(s.pairs) or 'nobody'}")
        if s.downfloaters:
            verb = "floats" if len(s.downfloaters) == 1 else "float"
            where = "left for the pairing-allocated bye" if s.last else f"{verb} down to the next bracket (art. 1.3)"
            out.append(f"  {names_of(s.downfloaters)}: {where}")
        for crit, v in s.failures:
            if crit in ("C6", "C7", "C8") and s.last:
                continue
            out.append(f"  Not avoidable here, {crit} ({CRITERIA[crit]}): {v}")
        shown = [x for x in s.passed_over if who is None or who & {n for pr in x.pairs for n in pr}]
        if shown:
            out.append("  Passed over, earlier in the order of art. 4:")
            out += [f"    {line}" for line in passed_lines(shown)]
    if trace.pab is not None and (who is None or trace.pab in who):
        out += ["", f"Pairing-allocated bye: {name(trace.pab)} (C.04.1 art. 3)",
                "  the player left over after the last bracket (art. 1.9.1)"]
        if trace.pab_barred:
            out.append(f"  C2: not {names_of(trace.pab_barred)} (had a bye or a win without playing already, "
                       "C.04.1 art. 4)")
        out.append(f"  C5: the lowest score that lets everyone else be paired is {_points(trace.pab_score or Fraction(0))}"
                   f": {names_of(trace.pab_eligible)} could have it; among them the bracket's best candidate "
                   "(C9: the fewest unplayed games, then art. 4's order) leaves this player")
    colours = [c for c in trace.colours if who is None or who & {c.white, c.black}]
    if colours:
        out += ["", f"Colours (C.04.3 art. 5.2, the first rule that decides; initial-colour "
                    f"{'White' if trace.initial == 'w' else 'Black'}):"]
        for board, c in in_board_order(pairing, colours):
            out.append(f"  Board {board}: {name(c.white)} White, {name(c.black)} "
                       f"Black: art. {c.article.split()[0]}, {COLOUR_RULES[c.article]}: "
                       f"{colour_verdict(c)}")
            out.append(f"    ({seat_words(c.higher)}; {seat_words(c.lower)})")
    return "\n".join(out) + "\n"


def _berger_text(pairing: Pairing, names: dict[int, str], who: Optional[frozenset[int]],
                 table: Optional[TableRow] = None) -> str:
    """A round robin: the table's round is the answer; nothing is chosen (C.05 Annex 1). With
    ``table``, the row of the Annex's table the round is, and which numbers the players drew."""
    if table is None:
        out = [f"Round {pairing.round} (Berger tables, C.05 Annex 1): the table's round {pairing.round} fixes every "
               "board and colour; the start numbers are the table's numbers, drawn by lot before round 1.", ""]
    else:
        out = [f"Round {pairing.round} (Berger tables, C.05 Annex 1) is {table.words()}.",
               "Every board and colour is the table's; the start numbers are the table's numbers, drawn by lot "
               "before round 1" + (": " + ", ".join(f"{no} {names[no]}" for no in sorted(names) if names[no])
                                   if who is None and any(names.values()) else "") + ".", ""]
    for p in pairing.pairs:
        if who is None or who & {p.white, p.black}:
            out.append(f"  Board {p.board}: {p.white} {names.get(p.white, '')} White, {p.black} "
                       f"{names.get(p.black, '')} Black: the table's pair for this round")
    for u in pairing.byes:
        if who is None or u.no in who:
            why = ("meets the table's dummy number (an odd number of players): sits out, not a bye"
                   if u.kind == "sit-out" else "absent")
            out.append(f"  {u.no} {names.get(u.no, '')}: {why}")
    return "\n".join(out) + "\n"
