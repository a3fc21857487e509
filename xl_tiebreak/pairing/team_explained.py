"""Why a team round is paired as it is (C.04.6, 2026; issue 35 item 5), in words an arbiter can
read to a captain: the PAB first (art. 3.4), then bracket after bracket the scoregroup, the
upfloaters (art. 3.5) with the earlier sets passed over, the pairing identifier (art. 3.6) with the
earlier identifiers passed over, and each match's colour rule (art. 4.3.1-4.3.9).

Everything said comes from the :class:`~.team.trace.TeamTrace` the engine filled while it paired the
round (one run: the explanation cannot disagree with the pairing). The shapes and the helpers are
those of :mod:`.explained` (the individual explanation): :func:`account` gives the data
(``--format json``), :func:`render_text` the text; both can be narrowed to one team or one match.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Optional

from .explained import _pairs, _pts, focus, in_board_order, passed_lines, passed_words
from .model import Pairing
from .team.trace import SetPassed, TeamBracket, TeamColour, TeamSeat, TeamTrace

#: the criteria of C.04.6 art. 2 (2026), paraphrased (PAIRING_RULES §6)
CRITERIA = {
    "C1": "two teams do not meet twice, C.04.1 art. 2",
    "C2": "no PAB after a PAB, a match won by forfeit or a full-point bye, art. 2.1.2",
    "C3": "the teams still to pair must remain pairable, art. 2.2.1",
    "C4": "as few upfloaters as possible, art. 2.3.1",
    "C5": "the upfloaters' scores as high as possible, art. 2.3.2",
    "C6": "the upfloaters leave the next scoregroup pairable with C1, C3 and C4, unless all of it floats up, "
          "art. 2.3.3",
    "C7": "as few upfloaters as possible that floated in the previous round, art. 2.3.4",
    "C8": "as few teams as possible do not get the colour they prefer, art. 2.3.5",
    "C9": "as few teams as possible do not get the colour they strongly prefer (Type B), art. 2.3.6",
    "C10": "as few upfloaters' opponents as possible that floated in the previous round, art. 2.3.7",
    "forbidden": "the arbiter forbids this pair (TRF record 260 or --forbid)",
}

#: the colour rules of C.04.6 art. 4.3 (2026), paraphrased
COLOUR_RULES = {
    "4.3.1": "neither team has played a match: the first-team gets the initial-colour with an odd TPN, the other "
             "colour with an even one",
    "4.3.2": "only one team has a colour preference: it is granted",
    "4.3.3": "the two teams prefer opposite colours: both are granted",
    "4.3.4": "only one preference is strong (Type B): it is granted",
    "4.3.5": "White goes to the team with the lower colour difference",
    "4.3.6": "the colours alternate from the most recent round in which one team had White and the other Black",
    "4.3.7": "the first-team's colour preference is granted",
    "4.3.8": "the first-team's colour alternates from its last played match",
    "4.3.9": "the other team's colour alternates from its last played match",
}

_ORDER = "art. 3.6.2 (the identifiers)"
_WORD = {"w": "White", "b": "Black"}
_MODEL = {"A": "Type A colour preferences", "B": "Type B colour preferences", "none": "no colour preferences"}


def _score(x: Fraction, primary: str) -> str:
    return f"{_pts(x)} {'match points' if primary == 'MP' else 'game points'}"


def _set(ts: tuple[int, ...]) -> str:
    return "{" + ", ".join(str(t) for t in ts) + "}" if ts else "no upfloaters"


def set_lines(items: tuple[SetPassed, ...]) -> list[str]:
    """The sets of upfloaters passed over, one line per criterion in the order first met, the
    first few sets named and their count."""
    by: dict[str, list[tuple[int, ...]]] = {}
    for x in items:
        by.setdefault(x.criterion, []).append(x.teams)
    out = []
    for crit, sets in by.items():
        shown = ", ".join(_set(s) for s in sets[:6]) + (", ..." if len(sets) > 6 else "")
        what = {"C1": "the bracket could not be paired", "C3": "the teams left could not all be paired",
                "C6": "the next scoregroup could not be paired", "C7": "more upfloaters floated last round"}[crit]
        out.append(f"{shown}: {what} ({crit}: {CRITERIA[crit]})" + (f"; {len(sets)} sets" if len(sets) > 1 else ""))
    return out


def identifier(pairs: tuple[tuple[int, int], ...]) -> list[int]:
    """Art. 3.6.1: the top members ascending, then their partners in that order."""
    return [a for a, _ in pairs] + [b for _, b in pairs]


def colour_verdict(c: TeamColour, initial: str) -> str:
    """What the deciding rule of art. 4.3 did for this match, in words."""
    f, o = c.first, c.other
    got = "White" if f.no == c.white else "Black"
    if c.article == "4.3.1":
        return (f"the initial-colour is {_WORD[initial]}; first-team {f.no} has an {'odd' if f.no % 2 else 'even'} "
                f"TPN: {got}")
    if c.article in ("4.3.2", "4.3.4"):
        x = f if (f.colour is not None if c.article == "4.3.2" else f.strong) else o
        return f"{x.no} wants {_WORD[x.colour or 'w']} and gets it"
    if c.article == "4.3.3":
        return f"{c.white} wants White, {c.black} Black"
    if c.article == "4.3.5":
        cd = {f.no: f.difference, o.no: o.difference}
        return f"{c.white} has colour difference {cd[c.white]:+d}, {c.black} {cd[c.black]:+d}"
    if c.article == "4.3.6":
        back = next((i for i, (p, q) in enumerate(zip(reversed(f.colours), reversed(o.colours)), 1) if p != q), 0)
        return (f"{back} match{'es' if back > 1 else ''} back {f.no} had {_WORD[f.colours[-back]]} and {o.no} "
                f"{_WORD[o.colours[-back]]}: now {f.no} has {got}")
    if c.article == "4.3.7":
        return f"first-team {f.no} wants {got} and gets it"
    x = f if c.article == "4.3.8" else o
    return f"{x.no} had {_WORD[x.colours[-1]]} last: first-team {f.no} has {got}"


def seat_words(s: TeamSeat, primary: str) -> str:
    """One team as art. 4 reads it: scores, colours played, colour difference, preference."""
    want = (f"{'strong ' if s.strong else ''}preference for {_WORD[s.colour]}" if s.colour
            else "no colour preference")
    other = "GP" if primary == "MP" else "MP"
    return (f"{s.no}: {_pts(s.primary)} {primary}, {_pts(s.secondary)} {other}, colours "
            f"{s.colours.upper() or 'no match yet'}, CD {s.difference:+d}, {want}")


def _failures(s: TeamBracket, trace: TeamTrace) -> list[tuple[str, int]]:
    """The chosen upfloaters' [C6] (1: not complied), [C7] and the chosen pairing's [C8], [C9]
    (Type B only: art. 2.3.6), [C10] counts."""
    return [(c, v) for c, v in zip(("C6", "C7", "C8", "C9", "C10"), s.set_grade + s.costs)
            if c != "C9" or trace.model == "B"]


def _involves(step: TeamBracket, who: Optional[frozenset[int]]) -> bool:
    return who is None or bool(who & (set(step.residents) | set(step.upfloaters)))


def account(pairing: Pairing, trace: TeamTrace, *, team: Optional[int] = None,
            board: Optional[int] = None) -> dict[str, object]:
    """The explanation as data (``--format json``), in the shape of the individual one: the
    pairing, the PAB, the brackets, the colours; narrowed to ``team`` or match ``board``."""
    who = focus(pairing, team, board, "team")
    out: dict[str, object] = {"pairing": pairing.to_json(), "primary": trace.primary,
                              "initial_colour": "white" if trace.initial == "w" else "black",
                              "floats_count": trace.floats_count}
    if trace.pab is not None and (who is None or trace.pab in who):
        out["pab"] = {"no": trace.pab, "barred": list(trace.pab_barred), "passed_over": list(trace.pab_passed)}
    out["brackets"] = [{
        "score": float(s.score), "residents": list(s.residents), "upfloaters": list(s.upfloaters),
        "sets_examined": s.sets_examined,
        "sets_passed": [{"teams": list(x.teams), "criterion": x.criterion} for x in s.sets_passed
                        if who is None or who & set(x.teams)],
        "pairs": [list(p) for p in s.pairs], "identifier": identifier(s.pairs),
        "failures": [{"criterion": c, "value": v} for c, v in _failures(s, trace) if v],
        "passed_over": [{"pairs": [list(p) for p in x.pairs], "criterion": x.criterion, "partial": x.partial,
                         "why": passed_words(x, CRITERIA, _ORDER, "match")} for x in s.passed_over
                        if who is None or who & {n for pr in x.pairs for n in pr}],
        "complete": s.walked,
    } for s in trace.brackets if _involves(s, who)]
    out["colours"] = [{"white": c.white, "black": c.black, "article": f"C.04.6 art. {c.article}",
                       "rule": COLOUR_RULES[c.article], "verdict": colour_verdict(c, trace.initial),
                       "first_team": c.first.no,
                       "facts": f"{seat_words(c.first, trace.primary)}; {seat_words(c.other, trace.primary)}"}
                      for c in trace.colours if who is None or who & {c.white, c.black}]
    return out


def render_text(pairing: Pairing, trace: TeamTrace, names: dict[int, str], *, team: Optional[int] = None,
                board: Optional[int] = None) -> str:
    """The explanation as text to read aloud: the PAB, the brackets from the top, the colours."""
    who = focus(pairing, team, board, "team")

    def name(n: int) -> str:
        return f"{n} {names.get(n, '')}".rstrip()

    def names_of(xs: tuple[int, ...]) -> str:
        return ", ".join(name(x) for x in xs) or "none"
    out = [f"Round {pairing.round} (FIDE Swiss team system, C.04.6, {_MODEL.get(trace.model, trace.model)}): "
           "why these matches and these colours", ""]
    absent = [u.no for u in pairing.byes if u.kind == "absent" and (who is None or u.no in who)]
    if absent:
        out += [f"Not paired, known to be absent (C.04.2 art. 3.2-3.3): {names_of(tuple(absent))}", ""]
    if trace.pab is not None and (who is None or trace.pab in who):
        out.append(f"Pairing-allocated bye, chosen first (art. 3.4): {name(trace.pab)}")
        if trace.pab_barred:
            out.append(f"  C2: not {names_of(trace.pab_barred)} ({CRITERIA['C2']})")
        if trace.pab_passed:
            out.append(f"  art. 3.4.1: not {names_of(trace.pab_passed)} (the other teams could not all be paired)")
        out += ["  art. 3.4.2-3.4.4: of the rest, the lowest score, then the most matches played, then the largest "
                "TPN", ""]
    out.append("The brackets, from the top scoregroup down (art. 3.3.2: the top scoregroup of the teams not yet "
               "paired, with upfloaters when needed):")
    for s in trace.brackets:
        if not _involves(s, who):
            continue
        out += ["", f"{_score(s.score, trace.primary)}: {names_of(s.residents)}"]
        if s.upfloaters:
            out.append(f"  Upfloaters (art. 3.5): {names_of(s.upfloaters)}: C4 the fewest ({len(s.upfloaters)}), C5 "
                       "the highest scores; the first set in the order of art. 3.5.4 that gives a legal pairing "
                       f"with the best C6, C7 ({s.sets_examined} set{'s' if s.sets_examined != 1 else ''} examined)")
        sets = tuple(x for x in s.sets_passed if who is None or who & set(x.teams))
        if sets:
            out.append("  Sets of upfloaters passed over, earlier in the order of art. 3.5.4:")
            out += [f"    {line}" for line in set_lines(sets)]
        out.append(f"  Paired: {_pairs(s.pairs)} (identifier {' '.join(map(str, identifier(s.pairs)))}, "
                   "the first that complies with C1, C8, C9, C10: art. 3.6)")
        for crit, v in _failures(s, trace):
            if v:
                out.append(f"  Not avoidable here, {crit} ({CRITERIA[crit]}): {v}")
        shown = [x for x in s.passed_over if who is None or who & {n for pr in x.pairs for n in pr}]
        if shown:
            out.append(f"  Passed over, earlier in the order of {_ORDER}:")
            out += [f"    {line}" for line in passed_lines(shown, CRITERIA, _ORDER, "match")]
        if not s.walked:
            out.append("  (the earlier identifiers are too many to list them all)")
    colours = [c for c in trace.colours if who is None or who & {c.white, c.black}]
    if colours:
        out += ["", f"Colours (C.04.6 art. 4.3, the first rule that decides; the first-team (art. 4.2) has the "
                    f"higher score, then the smaller TPN; initial-colour {'White' if trace.initial == 'w' else 'Black'}):"]
        for match, c in in_board_order(pairing, colours):
            out.append(f"  Match {match}: {name(c.white)} White, {name(c.black)} "
                       f"Black: art. {c.article}, {COLOUR_RULES[c.article]}: {colour_verdict(c, trace.initial)}")
            out.append(f"    (first-team {seat_words(c.first, trace.primary)}; {seat_words(c.other, trace.primary)})")
    return "\n".join(out) + "\n"
