"""Small text helpers shared by the readers and the text faces."""

from __future__ import annotations

from typing import Collection, Sequence


def is_digits(text: str) -> bool:
    """Only ASCII digits: ``str.isdigit`` also accepts ``'¹'``, which ``int()`` refuses."""
    return text.isascii() and text.isdigit()


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
