"""Small text helpers shared by the readers and the text faces."""

from __future__ import annotations

from typing import Collection, Sequence

#: how many players a note names before "and N more" (a category's players left out, the unrated)
NAMED = 5


def table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Collection[int] = ()) -> list[str]:
    """A text table as lines: the header, a row of dashes, the rows. Each column is as wide as
    its widest cell; cells are left-justified (right-justified in the columns whose index is in
    ``right``) and joined by two spaces; every line is right-stripped.

    >>> table(["No", "Name"], [["1", "Ann"], ["12", "Bo"]], right={0})
    ['No  Name', '--  ----', ' 1  Ann', '12  Bo']
    """
    widths = [max(len(h), *(len(r[i]) for r in rows)) if rows else len(h) for i, h in enumerate(headers)]
    if right:
        just = [str.rjust if i in right else str.ljust for i in range(len(widths))]
        def line(cells: Sequence[str]) -> str:
            return "  ".join([j(c, w) for j, c, w in zip(just, cells, widths)]).rstrip()
    else:
        def line(cells: Sequence[str]) -> str:
            return "  ".join([c.ljust(w) for c, w in zip(cells, widths)]).rstrip()
    return [line(headers), line(["-" * w for w in widths])] + [line(r) for r in rows]


def lines_of(text: str) -> list[str]:
    """The lines of a file's text, broken at ``\\r\\n``, ``\\r`` and ``\\n`` only, as Python reads
    a text file and FIDE's reference engine a TRF (``str.splitlines`` also breaks at a form feed,
    VT, NEL, U+2028 and U+2029: a name holding one would split its line in two). What the others
    are inside a line, every reader's text cleaning says (:mod:`xl_tiebreak.name_text`).

    >>> lines_of("012 A\\r\\n001 Cole,\\x0cCarl\\rXXR 9\\n")
    ['012 A', '001 Cole,\\x0cCarl', 'XXR 9']
    """
    if "\r" in text:
        text = text.replace("\r\n", "\n").replace("\r", "\n")
    lines = text.split("\n")
    if lines[-1] == "":
        lines.pop()
    return lines


_NUMBER = None


def csv_safe(field: str) -> str:
    """A CSV field a spreadsheet will not run as a formula (OWASP's rule): text starting with
    ``=``, ``+``, ``-``, ``@``, a tab or a carriage return gets a leading ``'``; a plain number
    (``-1.5``, ``+3``) stays a number.

    >>> csv_safe("=HYPERLINK(1)"), csv_safe("-2+3+cmd|' /C calc'!A0"), csv_safe("-1.5"), csv_safe("Smith")
    ("'=HYPERLINK(1)", "'-2+3+cmd|' /C calc'!A0", '-1.5', 'Smith')
    """
    global _NUMBER
    if not field or field[0] not in "=+-@\t\r":
        return field
    if _NUMBER is None:
        import re
        _NUMBER = re.compile(r"[+-]?\d+(?:[.,]\d+)?")
    return field if _NUMBER.fullmatch(field) else "'" + field


def csv_text(headers: list[str], rows: list[list[str]], fmt: str = "csv") -> str:
    """CSV text; ``csv-eu`` is for Excel set to European formats: semicolons, decimal commas and
    a byte-order mark (so that Excel reads it as UTF-8)."""
    import csv
    import io
    import re
    eu = fmt == "csv-eu"
    number = re.compile(r"-?\d+\.\d+")
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n", delimiter=";" if eu else ",")
    w.writerow([csv_safe(h) for h in headers])
    for row in rows:
        w.writerow([f.replace(".", ",") if eu and number.fullmatch(f) else csv_safe(f) for f in row])
    return ("\ufeff" if eu else "") + buf.getvalue()
