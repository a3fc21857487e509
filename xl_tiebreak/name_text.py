"""Names are data: the one cleaning of a player's or a team's name, and of every other text field
a reader copies (a title, a federation, a club, a header record), done by every reader (TRF,
individual and team; workbooks and the Excel functions' ranges; the chess-results and Vega
imports), so that no text changes what a reader of an account, a table, a CSV file, a page, a TRF
line or a workbook sees, and every output shows the text the others show. One set of characters
(:data:`NOT_TEXT`) is taken out:

* Bidirectional controls are dropped: the embeddings and overrides U+202A-U+202E, the isolates
  U+2066-U+2069, the marks U+200E, U+200F and U+061C. An override in a name reverses the rest of
  the line it stands in (an account's "Counts as 2.0" shows "0.2"); a name in Arabic or Hebrew
  letters keeps its direction without them (the Unicode bidirectional algorithm orders it).
* A line break (LF, CR, VT, FF, NEL, U+2028, U+2029) or a tab becomes a space: a break would
  start a line of its own in an account, a CSV file or a TRF (``BH/C1 = 99.0 (forged)``).
* Every other control character (NUL, SOH, ESC, DEL, the C1 controls), U+FEFF, and what XML
  cannot hold (U+FFFE, U+FFFF, a lone surrogate) are dropped: a workbook's XML cannot hold them,
  and a terminal acts on ESC.

:func:`clean_line` does only that (a TRF record keeps its blanks: its columns);
:func:`clean_name` then makes runs of blanks one and strips the text. Letters, accents, joiners
(U+200C, U+200D) and the no-break space are kept as they are.

>>> clean_name("Four\\u202e, D")
('Four, D', 'a right-to-left override (U+202E) dropped')
>>> clean_name("Smith,\\nJohn")[0], clean_name("Thr\\x01ee\\x1b, C")[0], clean_name("Šimek, Žofie")
('Smith, John', 'Three, C', ('Šimek, Žofie', ''))
>>> clean_line("012  A\\x0cB\\uffff  C")
('012  A B  C', 'a line break (U+000C) written as a space; a character XML cannot hold (U+FFFF) dropped')
"""

from __future__ import annotations

import re

__all__ = ["clean_name", "clean_line", "BIDI_CONTROLS", "NOT_TEXT"]

#: the bidirectional formatting characters, with what a warning calls them
BIDI_CONTROLS = {
    "\u202a": "a left-to-right embedding", "\u202b": "a right-to-left embedding",
    "\u202c": "a pop directional formatting", "\u202d": "a left-to-right override",
    "\u202e": "a right-to-left override", "\u2066": "a left-to-right isolate", "\u2067": "a right-to-left isolate",
    "\u2068": "a first strong isolate", "\u2069": "a pop directional isolate", "\u200e": "a left-to-right mark",
    "\u200f": "a right-to-left mark", "\u061c": "an Arabic letter mark",
}
_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029\t"
#: every character no text field keeps (the module's text): controls, bidirectional controls, line and
#: paragraph separators, U+FEFF, and what XML 1.0 cannot hold (U+FFFE, U+FFFF, surrogates)
NOT_TEXT = re.compile("[\x00-\x1f\x7f-\x9f\ufeff\ufffe\uffff\ud800-\udfff" + "".join(BIDI_CONTROLS)
                      + "\u2028\u2029]")


def _what(ch: str) -> str:
    if ch in BIDI_CONTROLS:
        return f"{BIDI_CONTROLS[ch]} (U+{ord(ch):04X}) dropped"
    if ch in _BREAKS:
        return "a tab written as a space" if ch == "\t" else f"a line break (U+{ord(ch):04X}) written as a space"
    if ch == "\ufeff":
        return "a byte-order mark (U+FEFF) dropped"
    if "\ud800" <= ch <= "\udfff":
        return f"a lone surrogate (U+{ord(ch):04X}) dropped"
    if ch in "\ufffe\uffff":
        return f"a character XML cannot hold (U+{ord(ch):04X}) dropped"
    return f"a control character (U+{ord(ch):04X}) dropped"


def clean_line(text: str) -> tuple[str, str]:
    """``text`` without the characters of :data:`NOT_TEXT` (a line break or a tab written as a
    space, every other one dropped), its blanks otherwise as they are, and what that changed
    (``""`` when nothing: the text is returned as it is)."""
    if text.isprintable():
        return text, ""
    found = NOT_TEXT.findall(text)
    if not found:  # a no-break space or another blank: a letter of the name
        return text, ""
    seen = list(dict.fromkeys(_what(ch) for ch in found))
    return NOT_TEXT.sub(lambda m: " " if m.group() in _BREAKS else "", text), "; ".join(seen)


def clean_name(text: str) -> tuple[str, str]:
    """The name (or another text field) as every output shows it, and what the cleaning changed
    (``""`` when nothing: the text is returned as it is, stripped): :func:`clean_line`, then runs
    of blanks made one."""
    clean, changed = clean_line(text)
    if not changed:
        return text.strip(), ""
    return re.sub(r"  +", " ", clean).strip(), changed
