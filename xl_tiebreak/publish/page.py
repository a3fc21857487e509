"""The published page: one self-contained HTML file (style, script, chart and data inside; no
font, script or image is fetched when it is viewed, and its Content-Security-Policy forbids it).

Every text that comes from the event (names, the event's name, federations, categories) is
HTML-escaped. The final standings, the crosstable (up to :data:`CROSSTABLE_HTML`) and the rest
are HTML (they show and print without a script). What only a click shows, and a large event's
crosstable, travel in non-executed script elements (data blocks), as JSON compressed with zlib
(RFC 1950) and written in base64, which has no ``<``, ``>`` or ``&``: each round's accounts, in
blocks of :data:`ACCOUNT_ROWS` player rows (``accounts-R-C``: ``{"lines": [...], "ids": [[...],
...]}`` for rows ``C * ACCOUNT_ROWS`` on, see :meth:`.accounts.Accounts.part`), each earlier
round's standings (``standings-R``: ``{"rows": [[place, player row, points, value, ..., split
by], ...]}``, the texts the final table's cells hold; a player's number, name, rating and
federation are read from the final table's row), the crosstable (:func:`_crosstable`), each
round's pairings (``pairs-R``, :func:`_pairings`), a large event's starting list (``list-players``)
and the players' cards (``cards-C``, :func:`_card_blocks`). The
browser inflates a block with ``DecompressionStream("deflate")`` when it is first needed and
shows it with ``textContent``, so the page opens at the speed of its final standings (a
generated 2,000 x 11 Swiss: 1.9 MB, 1.7 s in headless Chromium, ``benchmarks/bench_page.py``).
The value cells are plain numbers in the HTML (they print as such); the script turns a table's
values into buttons when the table is first shown, each named by its number first, then what it
is (``10.0, BH/C1 of 3 Three, C``).
"""

from __future__ import annotations

import base64
import hashlib
import json
import zlib
from fractions import Fraction
from html import escape
from typing import Callable, Optional, Sequence

from .. import __version__
from ..categories import Category
from ..engine import Result
from ..formatting import format_value
from ..notation import format_cell
from ..prize_report import category_rows, money
from ..rating_notes import rating_notes
from ..standings import Row
from .assets import CSS, SCRIPT
from .chart import PALETTE, place_chart
from .accounts import Accounts
from .boards import BOARDS_LEGEND, round_boards
from .cards import card_book
from .gather import EVERY_ROUND_ACCOUNTS, PageContent
from .details import COUNT_HEADS, event_details, result_counts, round_dates, starting_rows, tally
from .square import SQUARE_LEGEND, SQUARE_MAX, square_cells

__all__ = ["render_page", "document", "CHART_PLAYERS"]

#: how many of the final standings' leaders the chart follows
CHART_PLAYERS = 10

_TIES_TEXT = {"tiebreak": "players tied on points are ranked by the tie-breaks",
              "shared": "prizes of players tied on points are shared equally",
              "hort": "Hort system: half of each prize kept, the other halves shared among the tied players"}


def _e(text: object) -> str:
    return escape(str(text), quote=True)


def _sha256(text: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(text.encode("utf-8")).digest()).decode("ascii") + "'"


def _packed(data: object) -> str:
    """A data block as the page carries it: JSON, zlib-compressed, in base64 (level 6: level 9
    makes a large event's page 5 % smaller in three times the time)."""
    text = json.dumps(data, ensure_ascii=False, separators=(",", ":"))
    return base64.b64encode(zlib.compress(text.encode("utf-8"), 6)).decode("ascii")


def _block(kind: str, r: "int | str", data: object, attrs: str = "") -> str:
    """A non-executed script element holding ``data`` packed (:func:`_packed`), ``id="{kind}-{r}"``."""
    return f'<script type="application/octet-stream" id="{kind}-{r}"{attrs}>{_packed(data)}</script>'


class _Formats:
    """Each value's text, made once per distinct value and decimals (a page repeats them thousands of times)."""

    def __init__(self) -> None:
        self._seen: dict[tuple[Optional[Fraction], int], str] = {}

    def __call__(self, v: Optional[Fraction], decimals: int) -> str:
        key = (v, decimals)
        got = self._seen.get(key)
        if got is None:
            got = self._seen[key] = format_value(v, decimals)
        return got


#: player rows per block of a round's accounts: a click inflates its own block only (a 2,000-player
#: round's accounts in one block took 1 to 2.5 s to show the first account; 100 rows, 0.1 s)
ACCOUNT_ROWS = 100


def _account_blocks(book: Accounts) -> str:
    """A round's accounts as blocks of :data:`ACCOUNT_ROWS` player rows (at least one block)."""
    players = len(book.ids) // book.codes if book.codes else 0
    attrs = f' data-codes="{book.codes}" data-rows="{ACCOUNT_ROWS}"'
    return "".join(_block("accounts", f"{book.rounds}-{c}", book.part(c * ACCOUNT_ROWS, ACCOUNT_ROWS), attrs)
                   for c in range(max(1, -(-players // ACCOUNT_ROWS))))


def _card_blocks(pub: PageContent) -> str:
    """Each player's card after each round (:func:`.cards.card_book`), in blocks of
    :data:`ACCOUNT_ROWS` player rows (``cards-C``, the accounts' format: ``ids[k * R + r - 1]``
    row ``k``'s card after round ``r``, R in ``data-rounds``); none past
    :data:`~.gather.EVERY_ROUND_ACCOUNTS` players x rounds (the page's size)."""
    result = pub.result
    t = result.tournament
    book = card_book(result, pub.rate) if len(t.players) * result.rounds <= EVERY_ROUND_ACCOUNTS else None
    if book is None:
        return ""
    attrs = f' data-rows="{ACCOUNT_ROWS}" data-rounds="{book.rounds}"'
    return "".join(_block("cards", c, book.part(c * ACCOUNT_ROWS, ACCOUNT_ROWS), attrs)
                   for c in range(max(1, -(-len(t.players) // ACCOUNT_ROWS))))


def _table(head: Sequence[tuple[str, str]], rows: Sequence[str], caption: str = "", attrs: str = "") -> str:
    """A table in a scroller (its header row, and in a table of class ``rk`` its first column and
    the one of class ``name``, on a phone also the Pts column that its class ``p6``/``p4`` names,
    stay in view: see the style); ``head``:
    (text, class) per column; ``rows``: ready ``<tr>``s; ``attrs``: the table's attributes."""
    cap = f"<caption class=\"note\">{_e(caption)}</caption>" if caption else ""
    ths = "".join(f'<th class="{c}" scope="col">{_e(h)}</th>' if c else f'<th scope="col">{_e(h)}</th>'
                  for h, c in head)
    return f'<div class="scroll"><table{attrs}>{cap}<thead><tr>{ths}</tr></thead><tbody>\n' + "\n".join(rows) + \
        "\n</tbody></table></div>"


def _value_cells(row: Row, decimals: Sequence[int], fmt: _Formats) -> str:
    """The tie-break cells of a row, an undefined value a dash (the script makes each a button
    that opens its account)."""
    return "".join(f"<td>{fmt(v, d) or '&#8212;'}</td>" for v, d in zip(row.values, decimals))


def _accounts_of(result: Result, first: int) -> str:
    """A table's attributes naming the accounts its rows' values open: the round's (``data-r``)
    and the first tie-break column (``data-tb``); each row names its player row (``data-k``)."""
    return f' data-r="{result.rounds}" data-tb="{first}"'


#: the standings' columns before the tie-breaks (Pts the 6th: the style keeps it in view on a phone)
_STANDINGS_HEAD = (("Rk", "n"), ("No", "n"), ("Name", "name"), ("Rtg", "n opt"), ("Fed", "opt"), ("Pts", "n"))


def _split(rows: Sequence[Row], k: int) -> str:
    """The Split by cell of ``rows[k]``: the tie-break that set it below the row above on equal
    points, ``shared`` for a shared place."""
    r = rows[k]
    tied_above = k > 0 and rows[k - 1].points == r.points
    return r.separated_by or ("shared" if tied_above and rows[k - 1].place == r.place else "")


def _standings_table(result: Result, rows: Sequence[Row], fmt: _Formats) -> str:
    """The final standings as HTML (an earlier round's travel as data: :func:`_round_rows`)."""
    decimals = result.decimals
    index = result.tournament.positions
    head = [*_STANDINGS_HEAD, *((code, "n") for code in result.codes), ("Split by", "opt")]
    out = []
    for k, r in enumerate(rows):
        p = r.player
        out.append(f'<tr data-k="{index[p.no]}"><td>{_e(r.place)}</td><td>{p.no}</td><td class="name">{_e(p.name)}'
                   f'</td><td class="opt">{p.rating or ""}</td><td class="opt l">{_e(p.fed)}</td>'
                   f'<td>{fmt(r.points, 1)}</td>{_value_cells(r, decimals, fmt)}'
                   f'<td class="opt l">{_e(_split(rows, k))}</td></tr>')
    return _table(head, out, attrs=_accounts_of(result, 6) + ' class="rk p6"')


def _round_rows(result: Result, rows: Sequence[Row], fmt: _Formats) -> dict[str, list[list[object]]]:
    """An earlier round's standings as the page carries them (see the module's text): each row's
    place, player row, points, values (an undefined one a dash) and split by, as the final
    table writes them."""
    index = result.tournament.positions
    decimals = result.decimals
    return {"rows": [[r.place, index[r.player.no], fmt(r.points, 1),
                      *(fmt(v, d) or "\u2014" for v, d in zip(r.values, decimals)), _split(rows, k)]
                     for k, r in enumerate(rows)]}


def _standings(pub: PageContent, fmt: _Formats) -> str:
    """The final standings in the HTML; with more than one round, a picker (shown by the script)
    and each earlier round's standings as a data block that the script makes a table when it is
    picked; without a script, a note says where every round's results are."""
    n = len(pub.rounds)
    parts = ['<section id="standings"><h2>Standings</h2>']
    if n > 1:
        parts.append('<div class="picker noprint" role="group" aria-label="Standings after round">'
                     '<span class="note">After round</span>')
        for r, (res, _) in enumerate(pub.rounds):
            pressed = "true" if r == n - 1 else "false"
            parts.append(f'<button type="button" data-round="{res.rounds}" aria-pressed="{pressed}">'
                         f'{res.rounds}</button>')
        where = ("they and the crosstable open with JavaScript on" if _crosstable_rounds(pub)[1] else
                 "they open with JavaScript on, and every round's results are in the crosstable")
        parts.append('</div><p class="nojs note">The final standings are below; the standings after each earlier '
                     f"round are not: {where}.</p>")
    cards = len(pub.result.tournament.players) * pub.result.rounds <= EVERY_ROUND_ACCOUNTS  # :func:`_card_blocks`
    parts.append('<p class="hint note">Tap or click a tie-break value to see how it is reached after that '
                 "round, step by step" + ("; a name for the player's card after the round shown: each round's "
                                          "opponent, colour, result and running score, the rating change, the "
                                          "performance rating and the tie-breaks' accounts, as 'xl-tiebreak card' and "
                                          "'explain' print them (K and rate of play as the file gives them or "
                                          "assumed, as the card says)" if cards else "")
                 + ".</p>")
    for r, (res, rows) in enumerate(pub.rounds):
        if r == n - 1:
            parts.append(f'<section class="round" data-round="{res.rounds}"><h3>Standings {_e(res.label)}</h3>'
                         f"{_standings_table(res, rows, fmt)}</section>")
        else:
            parts.append(f'<section class="round" data-round="{res.rounds}" hidden><h3>Standings {_e(res.label)}</h3>'
                         f'{_block("standings", res.rounds, _round_rows(res, rows, fmt))}</section>')
    parts.append("</section>")
    return "".join(parts)


def _legend(result: Result, how: str) -> str:
    items = "".join(f"<dt>{_e(code)}</dt><dd>{_e(tb.legend())}</dd>" for code, tb in zip(result.codes, result.tiebreaks))
    notes = [n.text for n in rating_notes(result, how)]
    return ('<section id="tiebreaks"><h2>Tie-breaks</h2><p>In this order, after the points:</p>'
            f'<dl class="legend-tb">{items}</dl>'
            '<p class="note">An empty value (&#8212;) is undefined, for example with no game over the board; it ranks '
            'last. Split by: the tie-break that set the player below the one above on equal points.</p>'
            + "".join(f'<p class="note">Note: {_e(n)}</p>' for n in notes) + "</section>")


#: what each crosstable notation means (the crosstable's legend), in the arbiter's words
CROSSTABLE_LEGEND = ("12w1 won with white against 12, 12b½ drew with black, 12w0 lost; +12 / -12 forfeit won / "
                     "lost against 12; --12 double forfeit (neither player came: no game, no point); BYE "
                     "pairing-allocated bye; H / F / Z half-, full-, zero-point bye; - absent")


def _crosstable_cell(text: str, opponent: Optional[int]) -> str:
    """A round cell as the arbiter writes it, the opponent's number a link to their row (left
    aligned by the style: every cell of the crosstable's rounds is text)."""
    if opponent is None or str(opponent) not in text:
        return _e(text)
    before, _, after = text.partition(str(opponent))
    return f'{_e(before)}<a href="#x{opponent}">{opponent}</a>{_e(after)}'


#: players x rounds up to which the crosstable is HTML (it shows and prints without a script);
#: beyond, it is a data block that the script makes a table when the section comes into view (its
#: layout was half of the time a 2,000 x 11 page took to open)
CROSSTABLE_HTML = 6_000


def _crosstable_rounds(pub: PageContent) -> tuple[int, bool]:
    """The rounds the crosstable shows (those evaluated, and the one in progress) and whether it
    travels as data (past :data:`CROSSTABLE_HTML`)."""
    prog = pub.result.progress
    shown = max(pub.result.rounds, prog.current if prog is not None else 0)
    return shown, len(pub.result.tournament.players) * shown > CROSSTABLE_HTML


def _crosstable(pub: PageContent, fmt: _Formats) -> str:
    """The crosstable in start order: HTML up to :data:`CROSSTABLE_HTML`, else its header row
    and a data block (``crosstable-R``: ``{"rows": [[points, rank, cell, opponent, cell,
    opponent, ...], ...]}`` in start order, opponent 0 for none; each row's No, Name, Rtg and Fed
    are the final standings' row of that player's)."""
    result = pub.result
    t = result.tournament
    place = {r.player.no: r.place for r in pub.final}
    shown, as_data = _crosstable_rounds(pub)
    head = [("No", "n"), ("Name", "name"), ("Rtg", "n opt"), ("Fed", "opt")]
    head += [(f"R{r + 1}", "") for r in range(shown)] + [("Pts", "n"), ("Rk", "n")]
    intro = ('<section id="crosstable"><h2>Crosstable</h2><p class="note">In start order, each result as the '
             f"arbiter writes it: {_e(CROSSTABLE_LEGEND)}. Points and rank {_e(result.label)}. By rank: the rows "
             "in the order of the final standings, each opponent by their place in that order.</p>"
             '<div class="picker noprint" role="group" aria-label="Crosstable order"><span class="note">Order</span>'
             '<button type="button" data-order="no" aria-pressed="true">By start number</button>'
             '<button type="button" data-order="rank" aria-pressed="false">By rank</button></div>')
    if as_data:
        data = [[fmt(result.points[k], 1), place[p.no],
                 *(v for x in p.rounds[:shown] for v in (format_cell(x), x.opponent or 0))]
                for k, p in enumerate(t.players)]
        return (intro + f'<p class="nojs note">The crosstable of these {len(t.players):,} players opens with '
                "JavaScript on.</p>" + _table(head, [], attrs=f' class="rk x" data-fill="crosstable-{result.rounds}"')
                + _block("crosstable", result.rounds, {"rows": data}) + _square(pub, fmt) + "</section>")
    rows = []
    for k, p in enumerate(t.players):
        cells = "".join(f"<td>{_crosstable_cell(format_cell(x), x.opponent)}</td>" for x in p.rounds[:shown])
        rows.append(f'<tr id="x{p.no}"><td>{p.no}</td><td class="name">{_e(p.name)}</td>'
                    f'<td class="opt">{p.rating or ""}</td><td class="opt l">{_e(p.fed)}</td>{cells}'
                    f'<td>{fmt(result.points[k], 1)}</td><td>{_e(place[p.no])}</td></tr>')
    return intro + _table(head, rows, attrs=' class="rk x"') + _square(pub, fmt) + "</section>"


def _square(pub: PageContent, fmt: _Formats) -> str:
    """A round robin's square crosstable (:mod:`.square`) in the final standings' order, with
    the points and tie-break values of the final standings; none for a Swiss event or past
    :data:`~.square.SQUARE_MAX` players."""
    result = pub.result
    t = result.tournament
    if not result.round_robin or len(t.players) > SQUARE_MAX:
        return ""
    index = t.positions
    order = [index[r.player.no] for r in pub.final]
    cells = square_cells(t, order, _crosstable_rounds(pub)[0])
    head = [("Rk", "n"), ("No", "n"), ("Name", "name"), ("Rtg", "n opt"), ("Fed", "opt")]
    head += [(str(j + 1), "c") for j in range(len(order))] + [("Pts", "n")] + [(c, "n") for c in result.codes]
    rows = [f'<tr><td>{_e(r.place)}</td><td>{r.player.no}</td><td class="name">{_e(r.player.name)}</td>'
            f'<td class="opt">{r.player.rating or ""}</td><td class="opt l">{_e(r.player.fed)}</td>'
            + "".join(f'<td class="{"d" if j == i else "c"}">{_e(c)}</td>' for j, c in enumerate(cells[i]))
            + f"<td>{fmt(r.points, 1)}</td>" + "".join(f"<td>{fmt(v, d) or '&#8212;'}</td>"
                                                       for v, d in zip(r.values, result.decimals)) + "</tr>"
            for i, r in enumerate(pub.final)]
    return (f'<h3>Round robin: the square crosstable</h3><p class="note">{_e(SQUARE_LEGEND)}; points and '
            f"tie-breaks {_e(result.label)}.</p>" + _table(head, rows, attrs=' class="rk sq"'))


def _points_before(pub: PageContent, r: int) -> Sequence[Fraction]:
    """Each player row's points before round ``r``: those of the standings after round ``r - 1``
    (the final standings' before the round in progress)."""
    if r == 1:
        return [Fraction(0)] * len(pub.result.tournament.players)
    return pub.rounds[min(r - 2, len(pub.rounds) - 1)][0].points


def _pairings(pub: PageContent, fmt: _Formats, dates: Sequence[str] = ()) -> str:
    """Each round's pairings and results, board by board (:func:`.boards.round_boards`), a data
    block per round (``pairs-R``) that the script makes a table when its round is picked (the
    last round shown first); the players' No, Name and Rtg come from the final table's rows."""
    result = pub.result
    shown, _ = _crosstable_rounds(pub)
    if shown == 0:
        return ""
    parts = ['<section id="pairings"><h2>Pairings and results</h2><p class="note">Each game of the round, the '
             "boards ordered by the players' points before it (the file has no board numbers): "
             f"{_e(BOARDS_LEGEND)}. Pts: the points before the round. The players without an opponent "
             "follow the boards, with the points the round gave them.</p>"
             '<p class="nojs note">The pairings open with JavaScript on; every round\'s results are in the '
             'crosstable.</p><div class="picker noprint" role="group" aria-label="Pairings of round">'
             '<span class="note">Round</span>']
    parts += [f'<button type="button" data-pairs="{r}" aria-pressed="{"true" if r == shown else "false"}">{r}'
              "</button>" for r in range(1, shown + 1)]
    parts.append("</div>")
    for r in range(1, shown + 1):
        when = f", {dates[r - 1]}" if r <= len(dates) and dates[r - 1] else ""
        data = round_boards(result.tournament, r, _points_before(pub, r), fmt, result.round_robin)
        parts.append(f'<section class="pairs" data-pairs="{r}"{"" if r == shown else " hidden"}>'
                     f"<h3>Round {r}{_e(when)}</h3>{_block('pairs', r, data)}</section>")
    return "".join(parts) + "</section>"


#: the starting list's columns
_START_HEAD = (("No", "n"), ("Title", ""), ("Name", "name"), ("Fed", ""), ("Rtg", "n"), ("FIDE ID", "n opt"))


def _starting_list(pub: PageContent) -> str:
    """The players in start order (No, title, name, federation, rating, FIDE ID): HTML up to
    :data:`CROSSTABLE_HTML` players x rounds, as the crosstable, else a data block (``list-players``:
    ``{"rows": [[cell, ...], ...]}``) that the script makes the table's rows when it comes into view."""
    t = pub.result.tournament
    data = starting_rows(t)
    intro = '<section id="players"><h2>Starting list</h2>'
    if _crosstable_rounds(pub)[1]:
        return (intro + f'<p class="nojs note">The list of these {len(t.players):,} players opens with JavaScript '
                "on.</p>" + _table(_START_HEAD, [], attrs=' class="rk" data-list="list-players"')
                + _block("list", "players", {"rows": data}) + "</section>")
    rows = [f'<tr><td>{no}</td><td class="l">{_e(title)}</td><td class="name">{_e(name)}</td><td class="l">{_e(fed)}'
            f'</td><td>{rating}</td><td class="opt">{_e(fide)}</td></tr>' for no, title, name, fed, rating, fide in data]
    return intro + _table(_START_HEAD, rows, attrs=' class="rk"') + "</section>"


def _event(pub: PageContent) -> str:
    """The event's details from its file (:func:`.details.event_details`), the rounds' dates, and
    its statistics: each round's results (:func:`.details.result_counts`), the federations and
    the titles."""
    t = pub.result.tournament
    shown = _crosstable_rounds(pub)[0]
    items = [("Players", f"{len(t.players):,}"), ("Rounds", str(t.rounds)),
             ("Type", "Round robin" if pub.result.round_robin else "Swiss"), *event_details(t)]
    dates = round_dates(t)
    if any(dates):
        items.append(("Round dates", ", ".join(f"R{r + 1} {d}" for r, d in enumerate(dates) if d)))
    parts = ['<section id="event"><h2>Event</h2><dl class="legend-tb">'
             + "".join(f"<dt>{_e(k)}</dt><dd>{_e(v)}</dd>" for k, v in items) + "</dl>"]
    counts = result_counts(t, shown)
    parts.append("<h3>Results</h3><p class=\"note\">Each pairing once: games over the board by colour, forfeits, "
                 "double forfeits, byes (pairing-allocated and requested) and absences.</p>")
    parts.append(_table([(h, "n") for h in COUNT_HEADS], [
        "<tr>" + "".join(f"<td>{_e(c)}</td>" for c in row) + "</tr>" for row in counts]))
    for title, values in (("Federations", [p.fed for p in t.players]), ("Titles", [p.title for p in t.players])):
        got = tally(values)
        if got:
            parts.append(f"<h3>{title}</h3>" + _table([(title[:-1], ""), ("Players", "n")], [
                f'<tr><td class="l">{_e(v)}</td><td>{n}</td></tr>' for v, n in got]))
    return "".join(parts) + "</section>"


def _chart(pub: PageContent) -> str:
    rows = pub.final[:CHART_PLAYERS]
    index = pub.result.tournament.positions
    names = [f"{r.player.no} {r.player.name}" for r in rows]
    places = [pub.places[index[r.player.no]] for r in rows]
    lead = f"the first {len(rows)}" if len(rows) < len(pub.final) else "every player"
    caption = f"Place after each round of {lead} of the final standings"
    legend = "".join(f'<li><svg width="22" height="10" aria-hidden="true"><rect width="22" height="10" '
                     f'fill="{PALETTE[k % len(PALETTE)]}"/></svg>{_e(r.place)}. {_e(r.player.name)}</li>'
                     for k, r in enumerate(rows))
    return (f'<section id="chart"><h2>Place by round</h2><p class="note">{_e(caption)} (place 1 at the top).</p>'
            f'<div class="scroll">{place_chart(names, places, caption)}</div><ol class="legend">{legend}</ol></section>')


def _heading(cat: Category) -> str:
    """A category's heading: what it means (``U18 (under 18)``), after its name when it has one
    (a workbook's Categories sheet: ``Juniors: U18 (under 18)``)."""
    return cat.label if cat.plain else f"{cat.text}: {cat.label}"


def _categories(pub: PageContent, fmt: _Formats) -> str:
    if not pub.categories:
        return ""
    result = pub.result
    decimals = result.decimals
    index = result.tournament.positions
    head = [("Cat", "n"), ("Rk", "n"), ("No", "n"), ("Name", "name"), ("Rtg", "n opt"), ("Pts", "n")]
    head += [(code, "n") for code in result.codes]
    parts = ['<section id="categories"><h2>Categories</h2><p class="note">Each category keeps the order of the '
             "whole event. Cat: the place in the category; Rk: the place in the event.</p>"]
    for sel in pub.categories:
        rows = [f'<tr data-k="{index[r.player.no]}"><td>{cat}</td><td>{_e(r.place)}</td><td>{r.player.no}</td>'
                f'<td class="name">{_e(r.player.name)}</td><td class="opt">{r.player.rating or ""}</td>'
                f'<td>{fmt(r.points, 1)}</td>{_value_cells(r, decimals, fmt)}</tr>'
                for cat, r in category_rows(sel)]
        parts.append(f"<h3>{_e(_heading(sel.category))}</h3>")
        parts.append(_table(head, rows, attrs=_accounts_of(result, 6) + ' class="rk p6"') if rows
                     else '<p class="note">Nobody is in this category.</p>')
        if sel.note:
            parts.append(f'<p class="note">Note: {_e(sel.note)}</p>')
    return "".join(parts) + "</section>"


def _prizes(pub: PageContent) -> str:
    got = pub.prizes
    if got is None:
        return ""
    head = [("Place", ""), ("No", "n"), ("Name", "name"), ("Prize", ""), ("Listed", "n"), ("Paid", "n"),
            ("Shared with", "opt")]
    rows = [f'<tr><td class="l">{_e(a.place)}</td><td>{a.no}</td><td class="name">{_e(a.name)}</td>'
            f'<td class="l">{_e(a.prize)}</td><td>{money(a.listed)}</td><td>{money(a.paid)}</td>'
            f'<td class="opt l">{_e(" ".join(str(n) for n in a.shared_with if n != a.no))}</td></tr>'
            for a in got.awards]
    order = "the most valuable first" if got.order == "value" else "place prizes first"
    tail = [f"Total paid {money(got.total)}"]
    if got.left_over:
        tail.append(f"Left over by rounding shares down: {money(got.left_over)}")
    if got.unawarded:
        tail.append("Not awarded (nobody qualifies who has no larger prize): " + ", ".join(got.unawarded))
    tail += [f"Note: {n}" for n in pub.prize_notes]
    return (f'<section id="prizes"><h2>Prizes</h2><p class="note">Standings {_e(pub.result.label)}; '
            f"{_e(_TIES_TEXT[got.ties])}; one prize per player, {order}.</p>" + _table(head, rows)
            + "".join(f"<p>{_e(x)}</p>" for x in tail) + "</section>")


def render_page(pub: PageContent, source: str = "") -> str:
    """The whole page of ``pub`` (``source``: the file it came from, named in the footer)."""
    result = pub.result
    t = result.tournament
    fmt = _Formats()
    kind = "Round robin" if result.round_robin else "Swiss"
    sections: list[tuple[str, str, Callable[[], str]]] = [
        ("standings", "Standings", lambda: _standings(pub, fmt)),
        ("pairings", "Pairings", lambda: _pairings(pub, fmt, round_dates(t))),
        ("tiebreaks", "Tie-breaks", lambda: _legend(result, pub.how)),
        ("crosstable", "Crosstable", lambda: _crosstable(pub, fmt)),
        ("chart", "Place by round", lambda: _chart(pub)),
        ("categories", "Categories", lambda: _categories(pub, fmt)),
        ("prizes", "Prizes", lambda: _prizes(pub)),
        ("players", "Starting list", lambda: _starting_list(pub)),
        ("event", "Event", lambda: _event(pub)),
    ]
    meta = (f"Standings {result.label}. {kind}, {len(t.players)} players. Rules: {result.edition.name} "
            f"({result.edition.title}). Tie-breaks: {', '.join(result.codes) or 'none'}.")
    return document(t.name or source or "Tournament", result.label, meta, sections, pub.accounts, source,
                    pub.accounts_note, _card_blocks(pub))


def _css_string(text: str) -> str:
    """``text`` as a CSS string, every character but ASCII letters and digits escaped with six hex
    digits (a blank too: CSS takes the blank after an escape as its end): nothing in it can end
    the string or the style element."""
    return '"' + "".join(c if c.isascii() and c.isalnum() else f"\\{ord(c):06X}" for c in text) + '"'


def _print_style(title: str, label: str) -> str:
    """The printed pages' running heads (their own style element, hashed in the CSP): the event's
    name and the round at the top of every page, the page number and count at the bottom."""
    return ("@page { @top-left { content: " + _css_string(f"{title} - standings {label}")
            + "; font: 8pt sans-serif; color: #444; } @bottom-right { content: \"Page \" counter(page) \" of \" "
            "counter(pages); font: 8pt sans-serif; color: #444; } }")


def document(title: str, label: str, meta: str, sections: Sequence[tuple[str, str, Callable[[], str]]],
             accounts: Sequence[Accounts], source: str = "", note: str = "", cards: str = "") -> str:
    """The page's skeleton around its sections, an individual or a team event's: the head (title,
    ``Standings {label}``, style and Content-Security-Policy), the header (``meta``, ``note``: plain
    text), the navigation to each non-empty section (``sections``: key, name, its HTML made on
    demand), the footer naming ``source``, the account dialog, the packed ``accounts`` and the
    players' ``cards`` (ready blocks, :func:`_card_blocks`)."""
    bodies = [(key, name, make()) for key, name, make in sections]
    bodies = [b for b in bodies if b[2]]
    nav = "".join(f'<li><a href="#{key}">{_e(name)}</a></li>' for key, name, _ in bodies)
    running = _print_style(title, label)
    csp = (f"default-src 'none'; style-src {_sha256(CSS)} {_sha256(running)}; script-src {_sha256(SCRIPT)}; "
           "img-src data:; "
           "base-uri 'none'; form-action 'none'")
    return "".join([
        "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\">",
        f'<meta http-equiv="Content-Security-Policy" content="{csp}">',
        '<meta name="viewport" content="width=device-width, initial-scale=1">',
        f'<meta name="generator" content="xl-tiebreak {_e(__version__)}">',
        f"<title>{_e(title)} - standings {_e(label)}</title>",
        f"<style>{CSS}</style><style>{running}</style></head><body>",
        f"<header><h1>{_e(title)}</h1>",
        f'<p class="meta">{_e(meta)}</p>' + (f'<p class="note">{_e(note)}</p>' if note else "") + "</header>",
        f'<nav aria-label="Sections"><ul>{nav}</ul><div class="find"><input type="search" id="find" '
        'aria-label="Find a player or team by name or start number" placeholder="Find: name or No" '
        'autocomplete="off"></div></nav><main>',
        "".join(body for _, _, body in bodies),
        "</main>",
        f'<footer>Made by xl-tiebreak {_e(__version__)}' + (f" from {_e(source)}" if source else "")
        + ". Every value is exact, computed as the FIDE regulations prescribe under the rules named above.</footer>",
        '<dialog id="account" aria-labelledby="account-title"><div class="bar"><strong id="account-title"></strong>'
        '<form method="dialog"><button type="submit">Close</button></form></div>'
        '<pre id="account-text"></pre><div id="card" hidden></div></dialog>',
        "".join(_account_blocks(book) for book in accounts), cards,
        f"<script>{SCRIPT}</script>",
        "</body></html>\n",
    ])
