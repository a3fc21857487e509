"""The registry is the one list of tie-break codes: every face reads it, and a new row is all a
new tie-break needs (the README's example, run as written)."""

from __future__ import annotations

import re

import pytest

from conftest import ROOT
from xl_tiebreak import compute, demo_tournament
from xl_tiebreak.descriptor import parse_descriptor
from xl_tiebreak.excel import functions
from xl_tiebreak.formatting import decimals_for
from xl_tiebreak.tiebreaks import registry


def test_rows_in_the_order_of_the_regulations():
    names = list(registry.rows())
    assert names[:9] == ["DE", "WIN", "WON", "BPG", "BWG", "PS", "REP", "STD", "TPN"]  # Art. 6, 7.1-7.8
    assert names.index("RTNG") < names.index("MEDIAN") < names.index("KENTLER") == len(names) - 1


def test_every_excel_name_is_a_function_of_the_registry_code():
    for name, code in registry.excel_functions():
        assert name in functions.FUNCTIONS
        assert code in functions.FUNCTIONS[name].__doc__


def test_aliases_and_direction_come_from_the_rows():
    assert parse_descriptor("ge").name == "REP" and parse_descriptor("Harkness/M1").name == "MEDIAN"
    assert parse_descriptor("TPN").lower_is_better and not parse_descriptor("TPN/R").lower_is_better
    assert parse_descriptor("RTNG/R").lower_is_better and not parse_descriptor("RTNG").lower_is_better


@pytest.fixture
def readme_row():
    """The README's example row, registered for one test and removed after it."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "register(Spec(" in b)
    from xl_tiebreak.tiebreaks import counts
    namespace = dict(vars(counts))
    exec(compile(block, "README.md", "exec"), namespace)
    registry._SORTED = None
    yield
    registry._ROWS.pop("LOSS")
    registry._SORTED = None


def test_a_new_row_is_all_a_new_tiebreak_needs(readme_row):
    t = demo_tournament()
    res = compute(t, "BH,LOSS", edition="fide2024")
    for k, p in enumerate(t.players):
        lost = sum(1 for r in p.rounds if r.kind.name == "LOSS")
        assert res.values[k][1] == lost  # counted from the crosstable by hand
    tb = parse_descriptor("loss")
    assert decimals_for(tb) == 0 and "games lost" in tb.describe
    with pytest.raises(Exception, match="does not apply to LOSS"):
        parse_descriptor("LOSS/C1")


def test_explain_reuses_a_results_evaluation():
    """explain(result, ...) reads the columns already computed: the same account as from the
    tournament, and a column the list did not name (AOB's BH) comes from the same evaluation."""
    from xl_tiebreak.explanation import explain, render_text
    t = demo_tournament()
    res = compute(t, "BH/C1,DE,SB", edition="fide2024")
    for code in ("DE", "SB", "AOB", "APRO", "KS"):
        listed = "BH/C1,DE,SB" if code in ("DE", "SB") else None
        assert render_text(explain(res, 3, code)) == render_text(explain(t, 3, code, "fide2024", tiebreaks=listed))
    assert res.column_of(parse_descriptor("BH")) is res.calculator.column(parse_descriptor("BH"))
    with pytest.raises(Exception, match="not in the list"):
        explain(res, 3, "KENTLER")  # a rank needs its place in the list
