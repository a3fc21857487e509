"""Every tie-break value's account in one round's standings, as ``xl-tiebreak explain EVENT
--player N -t CODE --rounds R`` prints it (:func:`~xl_tiebreak.explanation.explain_all` over that
round's result, then :func:`~xl_tiebreak.explanation.render_text`), kept as shared lines: a page
holds the accounts of every round, tens of thousands of them, and most of their lines recur
(a DE account shows its whole tied group's mini crosstable, the same for every member).

>>> from xl_tiebreak import compute, demo_tournament
>>> book = round_accounts(compute(demo_tournament(), "BH/C1,SB", edition="fide2026", rounds=2))
>>> book.text(2, 0).splitlines()[0]
'BH/C1 of player 3 Three, C (Buchholz Cut-1, C.07 Art. 8.1), fide2026, after round 2'
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Callable, Sequence

from ..engine import Result
from ..explanation import Explanation, explain_all, render_text
from ..rating_notes import HOW_TO_SET

__all__ = ["Accounts", "round_accounts", "text_accounts"]


@dataclass(frozen=True)
class Accounts:
    """The accounts of one result: ``lines`` each distinct line once; ``ids[k * codes + j]`` the
    lines, in order, of player row ``k``'s value of tie-break ``j`` (the text is them joined by
    newlines)."""

    rounds: int
    codes: int
    lines: tuple[str, ...]
    ids: tuple[tuple[int, ...], ...]

    def text(self, k: int, j: int) -> str:
        """The account of player row ``k``'s value of tie-break ``j``, as ``explain`` prints it."""
        return "\n".join(self.lines[i] for i in self.ids[k * self.codes + j])

    def part(self, first: int, rows: int) -> dict[str, list]:
        """The accounts of player rows ``first`` .. ``first + rows - 1`` alone, as the page carries
        them (``{"lines": [...], "ids": [[...], ...]}``, the lines they use once, renumbered)."""
        seen: dict[int, int] = {}
        ids = [[seen.setdefault(i, len(seen)) for i in self.ids[n]]
               for n in range(first * self.codes, min(len(self.ids), (first + rows) * self.codes))]
        return {"lines": [self.lines[i] for i in seen], "ids": ids}


def round_accounts(result: Result, how: str = HOW_TO_SET) -> Accounts:
    """Every account of ``result`` (a :func:`~xl_tiebreak.engine.compute` result, possibly cut
    off at an earlier round): what ``explain`` prints for that round, value by value (``how``:
    how to set a rating for unrated players, :func:`~xl_tiebreak.explanation.explain_all`)."""
    seen: dict[str, int] = {}

    def intern(line: str) -> int:
        got = seen.get(line)
        if got is None:
            got = seen[line] = len(seen)
        return got

    by_code = [_line_ids(explain_all(result, code, how), intern) for code in result.codes]
    players = len(result.tournament.players)
    ids = tuple(col[k] for k in range(players) for col in by_code)
    return Accounts(result.rounds, len(result.codes), tuple(seen), ids)


def text_accounts(rounds: int, codes: int, texts: Sequence[str]) -> Accounts:
    """The :class:`Accounts` of ready account texts, ``texts[k * codes + j]`` row ``k``'s value of
    tie-break ``j`` (a team event's, as ``explain`` prints them), each distinct line kept once."""
    seen: dict[str, int] = {}
    ids = tuple(tuple(seen.setdefault(line, len(seen)) for line in text.split("\n")) for text in texts)
    return Accounts(rounds, codes, tuple(seen), ids)


def _line_ids(accounts: list[Explanation], intern: Callable[[str], int]) -> list[tuple[int, ...]]:
    """Each account's line numbers. Accounts with the same rows, columns and notes (a DE tied
    group's members) differ only in their heading and total lines (see ``render_text``): the
    first is rendered, the others take its lines with their own heading (the first line of
    their account rendered without rows) and total. (Accounts are first told apart by their
    first row, which holds the player's own cell in a sum's account: no whole rows compared.)"""
    done: dict[tuple, list[tuple[Explanation, tuple[int, ...], int]]] = {}
    out = []
    for e in accounts:
        key = (e.code, e.title, e.edition, e.rounds, e.columns, e.notes, len(e.lines), e.lines[:1])
        alike = done.setdefault(key, [])
        first = next((got for got in alike if got[0].lines == e.lines), None)
        if first is None:
            text = render_text(e).split("\n")
            ids = tuple(map(intern, text))
            alike.append((e, ids, text.index(f"{e.code} = {e.total}", 1)))
            out.append(ids)
            continue
        _, ids, at = first
        head = render_text(replace(e, lines=())).split("\n", 1)[0]
        mine = list(ids)
        mine[0], mine[at] = intern(head), intern(f"{e.code} = {e.total}")
        out.append(tuple(mine))
    return out
