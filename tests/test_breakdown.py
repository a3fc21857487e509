"""One place per rule: a tie-break's value and its account come from the same arrays.

Every family's breakdown sums (or averages) its own parts into the engine's column, with or
without the account; the account's reasons are the edition's and the family's decisions; explain
evaluates the event once; the 2012 virtual opponent has one formula behind its three faces.
"""

from __future__ import annotations

import importlib
import inspect
from fractions import Fraction

import numpy as np
import pytest

from oracle.generate import random_event
from xl_tiebreak import compute, demo_tournament, parse_trf
from xl_tiebreak.descriptor import parse_descriptor
from xl_tiebreak.editions import EDITIONS, FIDE2012, FIDE2024, FIDE2026
from xl_tiebreak.engine import context
from xl_tiebreak.explanation import explain
from xl_tiebreak.options import Options
from xl_tiebreak.tiebreaks.breakdown import Account, Breakdown
from xl_tiebreak.reasons import CUTS, ORDER, PHRASES, Reason
from xl_tiebreak.svon import svon, svon_array
from conftest import ROOT

explain_module = importlib.import_module("xl_tiebreak.explanation")

SUMS = ["BH", "BH/C1", "BH/M1", "BH/P", "FB", "FB/C1", "SB", "SB/C1", "SB/P", "WIN", "WON", "BPG", "BWG", "REP",
        "STD", "PS", "PS/C1", "KS", "KS/L-2", "MEDIAN", "MODMED", "SOLKOFF", "CUM", "OPPCUM", "KASHDAN",
        "MOSTWINS", "MOSTWINS/O", "SSFBH"]


def _events():
    yield "demo", demo_tournament()
    for seed in (11, 12):
        yield f"swiss-{seed}", parse_trf(random_event(seed, players=13, rates={"forfeit": 0.08, "hpb": 0.06,
                                                                                "zpb": 0.04, "withdraw": 0.04}))
    yield "rr", parse_trf(random_event(13, kind="round-robin", players=7, rates={"forfeit": 0.1}))


@pytest.mark.parametrize("edition", sorted(EDITIONS))
@pytest.mark.parametrize("opts", [Options(), Options(svon_cut_unplayed_first=True, svon_sb_unplayed="draw",
                                                     sb_vur_pick="score", cap_rounds="scheduled")])
def test_every_sum_is_its_parts_and_the_engines_value(edition, opts):
    for _, t in _events():
        ctx = context(t, edition=edition, options=opts)
        res = compute(t, SUMS, edition=edition, options=opts)
        for code in SUMS:
            tb = parse_descriptor(code)
            bd = tb.spec.compute(res.calculator, tb, (), True)  # the row's one definition, with its account
            assert isinstance(bd, Breakdown) and bd.layout is not None, code
            assert bd.parts.shape == bd.reasons.shape == (ctx.size, ctx.n)
            assert bd.column.den == bd.den and np.array_equal(bd.column.num, bd.parts.sum(axis=1)), code
            assert np.array_equal(bd.column.num * res.columns[SUMS.index(code)].den,
                                  res.columns[SUMS.index(code)].num * bd.den), code
            cut = (bd.reasons & CUTS) != 0
            assert not np.any(bd.parts[cut]), code  # a cut round contributes nothing


def test_every_reason_has_words_and_a_place_in_the_order():
    assert set(ORDER) == set(PHRASES) and len({int(r) for r in ORDER}) == len(ORDER)
    assert all(bin(int(r)).count("1") == 1 for r in ORDER)
    assert all(PHRASES[r].why for r in ORDER if r & CUTS)


def test_editions_decide_by_behaviour_not_flags():
    for flag in ("dummy_cap", "virtual_opponent", "rr_2026"):
        assert not any(hasattr(e, flag) for e in EDITIONS.values())
    t = demo_tournament()
    ctx = {e.name: context(t, edition=e) for e in (FIDE2024, FIDE2026, FIDE2012)}
    for c in ctx.values():  # the adjusted score is the raw one with the rounds given as draws
        adj, drawn, _ = c.adjusted
        assert np.array_equal(adj, np.where(drawn, c.D, c.pts).sum(axis=1))
    assert ctx["fide2024"].adjusted[2] == Reason.DRAWN_AFTER_WITHDRAWAL
    assert ctx["fide2012"].adjusted[2] == Reason.UNPLAYED_AS_DRAWS_2012
    own = ctx["fide2026"].own_round  # player 3's forfeit wins: capped by the scheduled opponents
    assert [w[2, 0] for w, _ in own.reason] == [True, False]
    assert int(own.value[2, 0]) == 4 and int(own.facts["cap"][0][2, 0]) == 4
    assert ctx["fide2024"].own_round.reason == ((True, Reason.DUMMY_OWN),)


def test_one_virtual_opponent_formula():
    rng = np.random.default_rng(1)
    pts = rng.integers(0, 3, size=(20, 9))  # half points: 0, 1, 2
    arr = svon_array(pts, 2, 1, 0)
    for i in range(20):
        for r in range(9):
            want = svon(Fraction(int(pts[i, :r].sum()), 2), Fraction(int(pts[i, r]), 2), 9, r + 1)
            assert Fraction(int(arr[i, r]), 2) == want
    e = explain(demo_tournament(), 6, "BH", "fide2012")
    assert "Svon = 0 + (1 - 0) + 0.5 x (4 - 1) = 2.5 (C.02 §13)" == e.lines[0].why


@pytest.mark.parametrize("code", ["AOB", "AOB/C1", "AOB/F", "APRO", "APPO", "BH/C1", "DE", "KENTLER"])
def test_explain_evaluates_the_event_once(code, monkeypatch):
    calls = []
    real = explain_module.compute
    monkeypatch.setattr(explain_module, "compute", lambda *a, **k: calls.append(a) or real(*a, **k))
    opts = Options(unrated_rating=1400)
    e = explain(demo_tournament(), 3, code, "fide2026", options=opts, tiebreaks=f"BH/C1,{code}")
    assert len(calls) == 1
    assert e.value == compute(demo_tournament(), f"BH/C1,{code}", edition="fide2026", options=opts).value(3, code)


def test_custom_accounts_are_finished_accounts():
    t = demo_tournament()
    ctx = context(t, edition="fide2026", options=Options(unrated_rating=1400))
    res = compute(t, "BH,AOB,TPR,PTP,ARO,APRO,APPO,RTNG,TPN,DE,KENTLER", edition="fide2026",
                  options=Options(unrated_rating=1400))
    for code in ("AOB", "ARO", "TPR", "PTP", "APRO", "APPO", "RTNG", "TPN", "DE", "KENTLER"):
        tb = parse_descriptor(code)
        got = tb.spec.account(ctx, 2, tb, res.value(3, code), res)
        assert isinstance(got, Account) and got.total, code


def test_explain_is_one_assembler():
    src = inspect.getsource(explain_module)
    assert len(src.splitlines()) <= 234
    assert "C.07 Art. 16" not in src and "np." not in src  # no rule of its own
    assert (ROOT / "xl_tiebreak" / "explanation.py").read_text().count("\n") <= 234
