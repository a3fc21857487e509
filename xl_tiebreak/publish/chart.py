"""The place-by-round chart: inline SVG drawn when the page is built (no script needed to see
it; it prints as drawn)."""

from __future__ import annotations

from html import escape
from typing import Sequence

__all__ = ["PALETTE", "place_chart"]

#: line colours, told apart on screen and in print (the first player's line is the darkest)
PALETTE = ("#1f3a93", "#d35400", "#1e8449", "#c0392b", "#7d3c98", "#7e5109", "#d81b60", "#566573",
           "#9a7d0a", "#117a8b")

_W, _H = 600, 320
_LEFT, _RIGHT, _TOP, _BOTTOM = 62, 22, 16, 36
_PAD = 14  # between the place axis and the first round


def _ticks(top: int) -> list[int]:
    """Place 1, the last place and a few round numbers between them for the axis."""
    if top <= 10:
        return list(range(1, top + 1))
    step = next(s for s in (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000, 2000, 5000) if top / s <= 8)
    return [1, *range(step, top - (3 * step) // 4, step), top]  # no tick crowding the last place


#: the width of a digit of a tick's label, in the chart's units (15px sans-serif, about 0.6 em)
_DIGIT = 9.5
_LABEL_GAP = 6


def _round_step(rounds: int, spacing: float) -> int:
    """Every how many rounds the axis names one, so that no two labels overlap: the labels are
    the round numbers (``spacing`` apart a round), the widest of ``len(str(rounds))`` digits."""
    need = len(str(rounds)) * _DIGIT + _LABEL_GAP
    return next(s for s in (1, 2, 5, 10, 20, 25, 50, 100, 200, 500, 1000) if s * spacing >= need or s == 1000)


def place_chart(names: Sequence[str], places: Sequence[Sequence[int]], caption: str) -> str:
    """An SVG of each named player's place (``places[k][r]``: after round ``r + 1``), place 1 at the
    top; ``names`` in the order of :data:`PALETTE` (the page's legend uses the same colours)."""
    rounds = max((len(p) for p in places), default=0)
    worst = max((x for p in places for x in p), default=1)
    width, height = _W - _LEFT - _RIGHT - _PAD, _H - _TOP - _BOTTOM

    def x(r: int) -> float:
        return _LEFT + _PAD + (width / 2 if rounds <= 1 else r * width / (rounds - 1))

    def y(place: int) -> float:
        return _TOP + (0 if worst <= 1 else (place - 1) * height / (worst - 1))

    out = [f'<svg class="chart" viewBox="0 0 {_W} {_H}" role="img" aria-label="{escape(caption)}" '
           'xmlns="http://www.w3.org/2000/svg">', f"<title>{escape(caption)}</title>"]
    for t in _ticks(worst):
        out.append(f'<line class="grid" x1="{_LEFT}" x2="{_W - _RIGHT}" y1="{y(t):.1f}" y2="{y(t):.1f}"/>'
                   f'<text class="tick" x="{_LEFT - 6}" y="{y(t) + 4:.1f}" text-anchor="end">{t}</text>')
    step = _round_step(rounds, width / max(rounds - 1, 1))
    for r in range(rounds):
        out.append(f'<line class="grid" x1="{x(r):.1f}" x2="{x(r):.1f}" y1="{_TOP}" y2="{_H - _BOTTOM}"/>')
        if r == 0 or ((r + 1) % step == 0 and r >= step):  # round 1, then every step-th, none crowding 1
            out.append(f'<text class="tick" x="{x(r):.1f}" y="{_H - _BOTTOM + 22}" text-anchor="middle">{r + 1}</text>')
    out.append(f'<text class="axis" x="{_LEFT - 6}" y="{_H - _BOTTOM + 22}" text-anchor="end">round</text>')
    out.append(f'<text class="axis" x="14" y="{_TOP + height / 2:.1f}" text-anchor="middle" '
               f'transform="rotate(-90 14 {_TOP + height / 2:.1f})">place</text>')
    for k in reversed(range(len(names))):  # the leader's line drawn last, on top
        colour = PALETTE[k % len(PALETTE)]
        name = escape(names[k])
        points = " ".join(f"{x(r):.1f},{y(p):.1f}" for r, p in enumerate(places[k]))
        out.append(f'<g class="line"><title>{name}</title><polyline fill="none" stroke="{colour}" '
                   f'stroke-width="{3 if k == 0 else 2}" points="{points}"/>')
        for r, p in enumerate(places[k]):
            out.append(f'<circle cx="{x(r):.1f}" cy="{y(p):.1f}" r="3.5" fill="{colour}">'
                       f"<title>{name}: place {p} after round {r + 1}</title></circle>")
        out.append("</g>")
    out.append("</svg>")
    return "".join(out)
