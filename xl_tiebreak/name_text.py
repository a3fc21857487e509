"""Names are data: the one cleaning of a player's or a team's name, done by every reader (TRF,
individual and team; workbooks and the Excel functions' ranges; the chess-results and Vega
imports), so that no name changes what a reader of an account, a table, a CSV file, a page or a
workbook sees, and every output shows the name the others show.

* Bidirectional controls are dropped: the embeddings and overrides U+202A-U+202E, the isolates
  U+2066-U+2069, the marks U+200E, U+200F and U+061C. An override in a name reverses the rest of
  the line it stands in (an account's "Counts as 2.0" shows "0.2"); a name in Arabic or Hebrew
  letters keeps its direction without them (the Unicode bidirectional algorithm orders it).
* A line break (LF, CR, VT, FF, NEL, U+2028, U+2029) or a tab becomes a space: a break would
  start a line of its own in an account or a CSV file (``BH/C1 = 99.0 (forged)``).
* Every other control character (NUL, SOH, ESC, DEL, the C1 controls) and U+FEFF are dropped: a
  workbook's XML cannot hold most of them, and a terminal acts on ESC.

Runs of blanks left by the cleaning become one, and the name is stripped. Letters, accents,
joiners (U+200C, U+200D) and the no-break space are kept as they are.

>>> clean_name("Four\\u202e, D")
('Four, D', 'a right-to-left override (U+202E) dropped')
>>> clean_name("Smith,\\nJohn")[0], clean_name("Thr\\x01ee\\x1b, C")[0], clean_name("Šimek, Žofie")
('Smith, John', 'Three, C', ('Šimek, Žofie', ''))
"""

from __future__ import annotations

import re

__all__ = ["clean_name", "BIDI_CONTROLS"]

#: the bidirectional formatting characters, with what a warning calls them
BIDI_CONTROLS = {
    "\u202a": "a left-to-right embedding", "\u202b": "a right-to-left embedding",
    "\u202c": "a pop directional formatting", "\u202d": "a left-to-right override",
    "\u202e": "a right-to-left override", "\u2066": "a left-to-right isolate", "\u2067": "a right-to-left isolate",
    "\u2068": "a first strong isolate", "\u2069": "a pop directional isolate", "\u200e": "a left-to-right mark",
    "\u200f": "a right-to-left mark", "\u061c": "an Arabic letter mark",
}
_BREAKS = "\n\r\x0b\x0c\x85\u2028\u2029\t"
_CONTROL = re.compile("[\x00-\x1f\x7f-\x9f\ufeff" + "".join(BIDI_CONTROLS) + "\u2028\u2029]")


def _what(ch: str) -> str:
    if ch in BIDI_CONTROLS:
        return f"{BIDI_CONTROLS[ch]} (U+{ord(ch):04X}) dropped"
    if ch in _BREAKS:
        return "a tab written as a space" if ch == "\t" else f"a line break (U+{ord(ch):04X}) written as a space"
    if ch == "\ufeff":
        return "a byte-order mark (U+FEFF) dropped"
    return f"a control character (U+{ord(ch):04X}) dropped"


def clean_name(text: str) -> tuple[str, str]:
    """The name as every output shows it, and what the cleaning changed (``""`` when nothing:
    the name is returned as it is, stripped)."""
    if text.isprintable():
        return text.strip(), ""
    found = _CONTROL.findall(text)
    if not found:  # a no-break space or another blank: a letter of the name
        return text.strip(), ""
    seen = list(dict.fromkeys(_what(ch) for ch in found))
    clean = _CONTROL.sub(lambda m: " " if m.group() in _BREAKS else "", text)
    clean = re.sub(r"  +", " ", clean).strip()
    return clean, "; ".join(seen)
