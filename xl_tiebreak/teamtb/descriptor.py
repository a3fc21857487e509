"""Team tie-break descriptors: ``NAME[:Q][/Ck|/Mk][/Kx][/P][/R]`` (TIEBREAK_RULES §9.4), case-
insensitive, into :class:`~.spec.TeamTieBreak`.

This module knows the grammar only; whether a name exists and which qualifiers and modifiers it
takes is the registry's (:func:`xl_tiebreak.teamtb.registry.parse_team`).
"""

from __future__ import annotations

import re
from typing import Optional

from ..errors import DescriptorError
from ..number_text import quoted, whole_number
from .spec import QUALIFIERS, TeamTieBreak

__all__ = ["parse_descriptor", "split_list"]

_NAME = re.compile(r"^[A-Z][A-Z0-9_]*$")
_MOD = re.compile(r"^([CMK])(\d+)$")
#: the largest number a modifier takes (a longer one is refused before it is converted)
MAX_NUMBER = 9999


def split_list(text: str) -> list[str]:
    """A comma- (or semicolon-) separated list of codes, blanks dropped."""
    return [c.strip() for c in re.split(r"[,;]", text) if c.strip()]


def parse_descriptor(text: str) -> TeamTieBreak:
    """Parse one team code (grammar only). Raises :class:`DescriptorError` naming the code and the
    part that is wrong."""
    raw = text
    code = text.strip().upper()
    if not code:
        raise DescriptorError("an empty team tie-break code")
    head, *mods = code.split("/")
    name, _, qual = head.partition(":")
    name, qual = name.strip(), qual.strip()
    if not _NAME.match(name):
        raise DescriptorError(f"team tie-break {quoted(raw)}: {quoted(name)} is not a tie-break name")
    if ":" in head and qual not in QUALIFIERS:
        raise DescriptorError(f"team tie-break {quoted(raw)}: unknown qualifier {quoted(':' + qual)}; "
                              f"expected one of {', '.join(':' + q for q in QUALIFIERS)}")
    cut = median = 0
    k: Optional[int] = None
    p = r = False
    for m in mods:
        m = m.strip()
        got = _MOD.match(m)
        if got:
            letter, num_ = got.group(1), whole_number(got.group(2), 0, MAX_NUMBER)
            if num_ is None:  # (not converted: it may have 5,000 digits)
                raise DescriptorError(f"team tie-break {quoted(raw)}: {quoted('/' + m)}: at most {MAX_NUMBER}")
            num = num_
            if letter == "C":
                if cut or median:
                    raise DescriptorError(f"team tie-break {quoted(raw)}: one cut or median only (/Ck or /Mk)")
                cut = num
            elif letter == "M":
                if cut or median:
                    raise DescriptorError(f"team tie-break {quoted(raw)}: one cut or median only (/Ck or /Mk)")
                median = num
            else:
                if k is not None:
                    raise DescriptorError(f"team tie-break {quoted(raw)}: /K given twice")
                k = num
        elif m == "P" and not p:
            p = True
        elif m == "R" and not r:
            r = True
        else:
            raise DescriptorError(f"team tie-break {quoted(raw)}: unknown or repeated modifier {quoted('/' + m)}; "
                                  "expected /Ck, /Mk, /Kx, /P or /R")
    return TeamTieBreak(name, qual, cut, median, k, p, r)
