"""How each value is reached: a structured account of one tie-break of one player, and its text.

Each registry row gives its value and its account from one definition (a
:class:`~xl_tiebreak.tiebreaks.breakdown.Breakdown`: what each round contributes, why, and the
facts shown), so an account cannot disagree with its value. Here a generic assembler turns the
breakdown of any sum (BH, SB, WIN, KS, MEDIAN, ...) into rows, the words coming from the reason
codes' phrase table (:mod:`xl_tiebreak.reasons`); a row without a layout of its own
gets a generic one (each round and what it adds), a row whose value is no sum (AOB, the rating
family, DE, Kentler, TPN, RTNG) its finished account. Every row can point at the crosstable
cell it comes from (player, round).

>>> from xl_tiebreak import demo_tournament
>>> e = explain(demo_tournament(), 3, "BH/C1", edition="fide2026")
>>> e.value
Fraction(13, 2)
"""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Optional

from .descriptor import TieBreak, parse_descriptor, parse_list
from .engine import Result, compute, context, resolve_tiebreaks
from .errors import InputError
from .formatting import decimals_for, format_value, json_number
from .editions import Edition
from .model import Tournament
from .options import Options
from .textutil import table
from .rating_notes import HOW_TO_SET, note_for
from .tiebreaks.context import Context
from .tiebreaks.breakdown import Account, Breakdown, explained, round_row


@dataclass(frozen=True)
class Line:
    """One row of an account: its values (one per column of the account), why it counts as it
    does, whether it was cut and why, and the crosstable cell it comes from (player, round)."""

    values: tuple[Any, ...]
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
    extra: dict[str, object] = field(default_factory=dict)

    def as_dict(self) -> dict[str, object]:
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


def explain(t: "Tournament | Result", player: int, descriptor: str, edition: "str | Edition | None" = None, *,
            rounds: Optional[int] = None, kind: Optional[str] = None,
            options: Optional[Options] = None, tiebreaks: Optional[str] = None, live: bool = False,
            how: str = HOW_TO_SET) -> Explanation:
    """The account of ``descriptor`` (``"BH/C1"``, ``"SB"``, ``"ARO"``, ``"DE"``, ...) for the
    player with start number ``player``. ``tiebreaks``: the event's list, which DE needs to know
    its tied group (default: the event's own list when it holds the code, as ``standings`` shows
    it, else the players tied on points). ``t`` may be a :class:`Result` of
    :func:`compute`: its evaluation and columns are used as they are (its list is the list).
    ``how``: how to set a rating for unrated players where the event was read, in the note of a
    rating tie-break (:func:`xl_tiebreak.rating_notes.notes_for`; a workbook names its cell)."""
    tb = parse_descriptor(descriptor)
    given = t if isinstance(t, Result) else None
    if isinstance(t, Result):
        assert t.context is not None  # a Result of compute() keeps its evaluation
        ctx, tiebreaks = t.context, ",".join(x.code for x in t.tiebreaks)
    else:
        ctx = context(t, edition=edition, rounds=rounds, kind=kind, options=options, live=live)
    event = ctx.t
    index = event.positions
    if player not in index:
        raise InputError(f"there is no player {player}")
    i = index[player]
    if not tiebreaks and tb.spec.ranks:  # DE places inside the group the event's list leaves tied
        tiebreaks = _event_list_with(ctx, tb)
    listed = tiebreaks if tiebreaks else tb.code
    missing = tiebreaks and tb.code not in [x.code for x in parse_list(tiebreaks)]
    if missing and (given is None or tb.spec.ranks):  # a Result gives any other column too
        raise InputError(f"{tb.code} is not in the list {tiebreaks!r}; the list only places DE's and "
                         "KENTLER's tied group")
    res = given if given is not None else compute(ctx, listed)  # one evaluation
    rc = res.context or ctx  # the evaluation the result was computed in
    return _explanation(res, tb, i, None, note_for(rc.t, tb, rc.options, how))


def explain_all(res: Result, descriptor: str, how: str = HOW_TO_SET) -> list[Explanation]:
    """Every player's account of ``descriptor`` in a computed result, in start order: what
    :func:`explain` gives for each, with a sum's breakdown computed once for them all (a
    published page shows every account). The descriptor need not be in the result's list,
    except DE and KENTLER, which rank inside the list's tied groups. ``how``: as :func:`explain`'s.

    >>> from xl_tiebreak import compute, demo_tournament
    >>> res = compute(demo_tournament(), "BH/C1,SB", edition="fide2026")
    >>> [e.value for e in explain_all(res, "BH/C1")][2]
    Fraction(13, 2)
    """
    tb = parse_descriptor(descriptor)
    if tb.spec.ranks and tb.code not in [x.code for x in res.tiebreaks]:
        raise InputError(f"{tb.code} is not in the list {','.join(res.codes)!r}; the list only places DE's "
                         "and KENTLER's tied group")
    breakdown: list[object] = []
    note = note_for(res.context.t, tb, res.context.options, how) if res.context else None  # one for all
    return [_explanation(res, tb, i, breakdown, note) for i in range(len(res.tournament.players))]


def _explanation(res: Result, tb: TieBreak, i: int, breakdown: Optional[list[object]], note: Any) -> Explanation:
    """The account of row ``i`` (``breakdown``: a list that keeps a sum's breakdown between calls;
    ``note``: :func:`note_for`'s, what a rating tie-break did with unrated players, if anything)."""
    ctx = res.context
    assert ctx is not None  # a Result of compute() keeps its evaluation
    event = ctx.t
    value = res.column_of(tb).value(i)
    body = account_of(res, tb, i, value, breakdown)
    p = event.players[i]
    return Explanation(player=p.no, name=p.name, code=tb.code, title=tb.legend(), edition=ctx.edition.name,
                       rounds=ctx.n, value=value, decimals=decimals_for(tb, ctx.scale), columns=body.columns,
                       lines=tuple(Line(*row) for row in body.rows), total=body.total,
                       notes=((note.text,) if note else ()) + tuple(body.notes))


def _event_list_with(ctx: Context, tb: TieBreak) -> Optional[str]:
    """The event's own list (record 202, else the default ``standings`` uses) when it holds ``tb``,
    so that a ranking code (DE) is explained inside the group the standings show; else ``None``
    (the players tied on points)."""
    tbs, codes = resolve_tiebreaks(ctx.t, None, ctx.rr)
    return ",".join(codes) if tb.code in [x.code for x in tbs] else None


def account_of(res: Result, tb: TieBreak, i: int, value: Optional[Fraction],
               breakdown: Optional[list[object]] = None) -> Account:
    """The registry row's account of row ``i``: its finished account, else the breakdown its
    compute gives with ``account`` (a generic layout when it names none), else the bare value.
    ``breakdown``: a list that keeps the explained breakdown for the next player's account."""
    row, ctx = tb.spec, res.context
    assert ctx is not None and res.calculator is not None  # a Result of compute() keeps both
    if row.account is not None:
        return row.account(ctx, i, tb, value, res)
    if breakdown:
        got = breakdown[0]
    else:
        got = row.compute(res.calculator, tb, (), True)
        if isinstance(got, Breakdown):
            got = explained(got, ctx, row.legend, decimals_for(tb, ctx.scale))
        if breakdown is not None:
            breakdown.append(got)
    if isinstance(got, Breakdown):
        return _assemble(got, i)
    return Account(("Value",), (((value,), "", "", None),), format_value(value, decimals_for(tb, ctx.scale)),
                   (row.legend,))


def _assemble(bd: Breakdown, i: int) -> Account:
    """The rows of a sum's account, one per round, from its breakdown: the values its layout
    names, the phrases of each round's reasons, the cut; then the total, written from the same
    rows (the terms kept, the cut ones aside) and the breakdown's own value."""
    lay, ctx, reasons = bd.layout, bd.ctx, bd.reasons
    assert lay is not None and ctx is not None and reasons is not None  # see breakdown.explained
    rows = [round_row(bd, i, r) for r in range(ctx.n)]
    def fmt(v: Fraction) -> str:
        return format_value(v, lay.decimals or 0)
    terms = [v[lay.term] for v, _, cut, _ in rows if not cut and v[lay.term] is not None
             and (v[lay.term] or not lay.skip_zero)]
    total = " + ".join(map(fmt, terms)) or lay.empty
    off = -sum((v[lay.less] for v, *_ in rows if v[lay.less]), Fraction(0)) if lay.less is not None else Fraction(0)
    total += (f" - {format_value(off, 0)}" if off else "") + \
        f" = {format_value(bd.column.value(i), lay.value_decimals)}"
    cut = [v[lay.term] for v, _, c, _ in rows if c]
    if lay.show_cut and cut:
        total += f" (cut: {', '.join(map(fmt, cut))})"
    return Account(tuple(h for h, _ in lay.columns), tuple(rows), total, lay.notes)


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
    contribution = parse_descriptor(e.code).spec.decimals or 1  # SB's products: two decimals
    numeric_dec = {c: (contribution if c == "Contribution" else 1) for c in e.columns}
    rows = [[_cell_text(v, 0 if isinstance(v, Fraction) and v.denominator == 1 and e.columns[j] in
                        ("Rd", "No", "Rating", "Rank", "TPR", "PTP", "Counts", "Start number", "Points") else
                        numeric_dec.get(e.columns[j], 1)) for j, v in enumerate(ln.values)]
            + ([ln.cut] if any(x.cut for x in e.lines) else []) for ln in e.lines]
    headers = list(e.columns) + (["Cut"] if any(x.cut for x in e.lines) else [])
    out = head + [""] + table(headers, rows)
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
