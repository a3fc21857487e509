"""A crosstable read into the engine's arrays straight from its checked pairings: the same arrays
as compiled from its Round objects, and the blank-round warnings as the former per-Round check
gave them."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import numpy as np
import pytest

from xl_tiebreak import compute
from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
from xl_tiebreak.model import Kind
from xl_tiebreak.notation import format_cell
from xl_tiebreak.arrays import Compiled
from xl_tiebreak.validation import Findings

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from events import swiss  # noqa: E402

ARRAYS = ("kind", "opp", "pts", "black", "halves", "entered", "pending", "short", "scale")


def rows_of(t, rng: random.Random | None = None) -> list[CrosstableRow]:
    """The crosstable of an event, rows shuffled (a sheet need not be in start order)."""
    rows = [CrosstableRow(p.no, p.name, p.rating, [format_cell(r) for r in p.rounds]) for p in t.players]
    if rng is not None:
        rng.shuffle(rows)
    return rows


@pytest.mark.parametrize("seed", range(6))
def test_the_arrays_are_those_compiled_from_the_rounds(seed):
    rng = random.Random(seed)
    for i in range(8):
        event = swiss(rng.randint(4, 30), rng.randint(2, 9), seed=seed * 100 + i)
        rows = rows_of(event, rng)
        if rng.random() < 0.3 and len(rows) > 1 and event.rounds:  # a double forfeit
            a, b = rows[0], next(r for r in rows if r.no != rows[0].no)
            r = rng.randrange(event.rounds)
            rows[0] = CrosstableRow(a.no, a.name, a.rating, a.cells[:r] + [f"-{b.no}"] + a.cells[r + 1:])
            at = rows.index(b)
            rows[at] = CrosstableRow(b.no, b.name, b.rating, b.cells[:r] + [f"-{a.no}"] + b.cells[r + 1:])
            kept = {a.no, b.no}
            for k, row in enumerate(rows):  # the players' old opponents in that round: now unpaired
                if row.no not in kept and row.cells[r].lstrip("+-").rstrip("wb½01= ").isdigit() and \
                        int(row.cells[r].lstrip("+-").rstrip("wb½01= ")) in kept:
                    rows[k] = CrosstableRow(row.no, row.name, row.rating, row.cells[:r] + ["-"] + row.cells[r + 1:])
        try:
            t = tournament_from_rows(rows, findings=Findings(strict=False))
        except Exception:  # a repaired crosstable can still be inconsistent: not this test's subject
            continue
        got = t.engine_arrays()
        if got is None:
            continue
        want = Compiled(t.with_players(t.players))  # (a copy: compiled from its Round objects)
        for name in ARRAYS:
            assert np.array_equal(getattr(got, name), getattr(want, name)), name
        assert compute(t, "BH,SB,AOB,PS").values == compute(t.with_players(t.players), "BH,SB,AOB,PS").values


def _blank_rounds_before(t) -> list[tuple[str, str]]:
    """The blank-round warnings as the per-Round check gave them (rows in start order here)."""
    out = []
    played = t.with_players(t.players).played_rounds  # (from the Round objects)
    for p in t.players:
        entered = [r for r, rd in enumerate(p.rounds, start=1) if rd.kind is not Kind.NOT_PLAYED]
        last = max(entered, default=0)
        for r, rd in enumerate(p.rounds[:played], start=1):
            if rd.kind is Kind.NOT_PLAYED and rd.opponent is None and r < last:
                out.append((f"R{r} of player {p.no}", f"player {p.no} has nothing in round {r} but results "
                            "after it: read as an absence (write - or Z to say so, or enter the result)"))
    return out


@pytest.mark.parametrize("seed", range(6))
def test_blank_rounds_are_found_as_before(seed):
    rng = random.Random(seed)
    found = 0
    for i in range(10):
        event = swiss(rng.randint(4, 20), rng.randint(2, 8), seed=seed * 100 + i)
        rows = rows_of(event)
        for _ in range(rng.randint(1, 4)):  # cells emptied, both sides (or one: then a pairing error too)
            k = rng.randrange(len(rows))
            r = rng.randrange(event.rounds)
            row = rows[k]
            rows[k] = CrosstableRow(row.no, row.name, row.rating, row.cells[:r] + [""] + row.cells[r + 1:])
        fd = Findings(strict=False)
        t = tournament_from_rows(rows, findings=fd)
        got = [(f.where, f.message) for f in fd.items if f.rule == "blank-round"]
        want = [w for w in _blank_rounds_before(t)
                if not any(f.where == w[0] and f.rule != "blank-round" for f in fd.items if f.severity == "error"
                           and f.rule == "notation")]
        assert got == want
        found += len(got)
    assert found > 0
