"""A TRF file read, written and read again is the same event, and the arrays the reader hands
the engine are those of the tournament it builds: properties over generated events (byes,
forfeits, double forfeits, withdrawals, late entries, unrated players, round robins), and over
damaged files, where a strict reader stops at the first error a collecting one lists."""

from __future__ import annotations

import numpy as np
from hypothesis import HealthCheck, given, settings, strategies as st

from oracle.generate import random_event
from xl_tiebreak import InputError, parse_trf, write_trf
from xl_tiebreak.arrays import Compiled, compiled
from xl_tiebreak.validation import Findings

#: the arrays the engine reads, and the score scale they are in
ARRAYS = ("kind", "opp", "pts", "black", "halves", "entered", "pending", "short", "scale")
_RATE = st.sampled_from([0.0, 0.03, 0.1])
_SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


@st.composite
def trf_texts(draw) -> str:
    """The text of a generated Swiss event or round robin (tests/oracle/generate.py)."""
    kind = draw(st.sampled_from(["swiss", "round-robin"]))
    rates = {name: draw(_RATE) for name in ("hpb", "zpb", "fpb", "forfeit", "double_forfeit", "withdraw",
                                            "late_entry", "rr_withdraw")}
    if kind == "swiss":
        rates["short"] = draw(_RATE)
    return random_event(draw(st.integers(0, 10**6)), kind=kind, players=draw(st.integers(6, 16)),
                        unrated_share=draw(st.sampled_from([0.0, 0.2])), rates=rates)


@st.composite
def damaged_texts(draw) -> str:
    """A generated event with one to three characters of its player lines changed, or a line dropped."""
    lines = draw(trf_texts()).split("\n")
    players = [i for i, ln in enumerate(lines) if ln.startswith("001")]
    for _ in range(draw(st.integers(1, 3))):
        i = draw(st.sampled_from(players))
        if draw(st.integers(0, 9)) == 0:
            lines[i] = ""
            continue
        at = draw(st.integers(0, max(0, len(lines[i]) - 1)))
        lines[i] = lines[i][:at] + draw(st.sampled_from(" 0123456789wb-+=UFHZLDWX?")) + lines[i][at + 1:]
    return "\n".join(lines)


@_SETTINGS
@given(trf_texts())
def test_an_event_written_and_read_again_is_the_same_event(text):
    t = parse_trf(text)
    written = write_trf(t)
    again = parse_trf(written)
    assert again == t  # players (identity, rating, every round), rounds, name, scoring, kind, date, list
    assert write_trf(again) == written


@_SETTINGS
@given(trf_texts())
def test_the_readers_arrays_are_those_of_the_tournament_it_builds(text):
    t = parse_trf(text)
    got, want = compiled(t), Compiled(t)
    for name in ARRAYS:
        assert np.array_equal(getattr(got, name), getattr(want, name)), name


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(damaged_texts())
def test_a_strict_reader_stops_at_the_first_error_a_collecting_one_lists(text):
    collected = Findings(strict=False)
    try:
        parse_trf(text, source="x.trf", findings=collected)
        fatal = None
    except InputError as exc:
        fatal = exc
    first = collected.errors[0] if collected.errors else None
    try:
        parse_trf(text, source="x.trf")
    except InputError as exc:
        assert first is not None or fatal is not None
        want = (first.where, first.message) if first is not None else (fatal.where, fatal.detail)
        assert (exc.where, exc.detail) == want
    else:
        assert first is None and fatal is None
