"""What ``check`` says of the tie-break list a file holds (TRF record 202/212, a workbook's
Settings!B7:B12), each entry at its place:

* a code the program does not know: an error (``descriptor``);
* an empty entry before a code (``202 BH,,SB``, a blank Settings row between two codes): a
  warning (``list-gap``): the entry is skipped, so every later tie-break moves up one place;
* a cut or median that leaves nothing of the event's rounds (``BH/C99`` in 11 rounds): a warning
  (``cut-leaves-nothing``). Not an error: the cuts take what there is and the sum of nothing is 0
  (C.07 Art. 14.1; FIDE's reference engine prints BH/C1 = 0 after one round), so every face
  computes it; but it separates no one, and is most likely a typing error or an event whose
  rounds are not stated.
"""

from __future__ import annotations

import re
from dataclasses import replace
from typing import Callable, Collection, Optional, Sequence

from .descriptor import TieBreak
from .errors import TiebreakError
from .validation import Finding, RULES

__all__ = ["cut_leaves_nothing", "entry_error", "trf_entries", "trf_list", "list_findings"]


def _dropped(tb: TieBreak) -> int:
    return (tb.cut or 0) + 2 * (tb.median or 0)


def cut_leaves_nothing(tb: TieBreak, code: str, rounds: int, rounds_at: str) -> Optional[str]:
    """The warning for a cut or median that leaves nothing of an event of ``rounds`` rounds (stated
    at ``rounds_at``), with a code of the same tie-break that does leave something; ``None`` when
    it leaves something."""
    dropped = _dropped(tb)
    if not dropped or not rounds or dropped < rounds:
        return None
    lighter = replace(tb, cut=1, median=0) if tb.cut else replace(tb, cut=0, median=1)
    if _dropped(lighter) >= rounds:
        lighter = replace(tb, cut=0, median=0)
    return (f"{code!r} cuts {dropped} value(s) and the event has {rounds} round(s): nothing is left to count, "
            f"so {code} separates no one (0 for all, or empty for an average; C.07 Art. 14.1); if the event has "
            f"more rounds, give their number ({rounds_at}), else cut fewer, e.g. {lighter.code}")


def trf_entries(line: str, where: str) -> list[tuple[str, str]]:
    """The entries of a 202/212 record as typed, in order, each with its place (``where`` and its
    column): every code (codes are separated by commas, semicolons or blanks), and every empty
    entry between two separators (at the column of the separator that ends it). 212's leading
    ``PTS`` (the primary score) is an entry too, so each entry's number is its place in the line."""
    out = []
    at = 4  # the list starts at column 5
    for piece in re.split(r"[,;]", line[4:]):
        words = list(re.finditer(r"\S+", piece))
        for m in words:
            out.append((m.group(), f"{where}, column {at + m.start() + 1}"))
        if not words:
            out.append(("", f"{where}, column {at + len(piece) + 1}"))
        at += len(piece) + 1
    return out


def trf_list(lines: Sequence[str], source: str) -> tuple[list[tuple[str, str]], tuple[str, ...]]:
    """The entries of a TRF file's tie-break list, record 202, else 212 (:func:`trf_entries`; the
    reader reads the same record), at ``source`` line N, and the words among them that are no
    tie-break (212's ``PTS``, the primary score); none without either record."""
    for code in ("202", "212"):
        at = next((k for k, ln in enumerate(lines) if ln[:3] == code), None)
        if at is not None:
            return trf_entries(lines[at], f"{source} line {at + 1}"), (("PTS",) if code == "212" else ())
    return [], ()


def list_findings(entries: Sequence[tuple[str, str]], rounds: int, rounds_at: str,
                  parse: Callable[[str], TieBreak], gap_hint: str,
                  codes: bool = True, scores: Collection[str] = ()) -> list[Finding]:
    """The findings on a list's ``entries`` (text, place) as typed, empty ones included, each named
    by its number there (``scores``: the words that are entries but no tie-break, such as record
    212's ``PTS``, passed over): with ``codes``, each code ``parse`` refuses is an error; an empty entry before a code is a warning
    (``gap_hint`` says how it comes about); a cut that leaves nothing of the event's ``rounds``
    (stated at ``rounds_at``) is a warning."""
    out: list[Finding] = []
    listed = [text for text, _ in entries if text and text.upper() not in scores]
    for k, (text, where) in enumerate(entries, start=1):
        if not text:
            if any(t for t, _ in entries[k:]):
                out.append(_finding("list-gap", where, f"entry {k} of the tie-break list is empty ({gap_hint}): it is "
                                    f"skipped, so the tie-breaks are {', '.join(listed)}; remove the empty entry, or "
                                    "write the tie-break meant there"))
            continue
        if text.upper() in scores:
            continue
        for word in text.split():
            try:
                tb = parse(word)
            except TiebreakError as exc:
                if codes:
                    out.append(_finding("descriptor", where, entry_error(k, exc)))
                continue
            said = cut_leaves_nothing(tb, word, rounds, rounds_at)
            if said:
                out.append(_finding("cut-leaves-nothing", where, said))
    return out


def entry_error(k: int, exc: Exception) -> str:
    """What a list says of its entry ``k`` (numbered as typed) that is no tie-break it computes."""
    return f"entry {k} of the tie-break list: {exc}"


def _finding(rule: str, where: str, message: str) -> Finding:
    return Finding(RULES[rule][0], rule, where, message)
