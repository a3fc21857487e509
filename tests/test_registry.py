"""The registry is the one list of tie-break codes: every face reads it, and a new row is all a
new tie-break needs (the README's example, run as written)."""

from __future__ import annotations

import io
import json
import os
import re
import subprocess
import sys
from contextlib import redirect_stderr, redirect_stdout

import pytest

from conftest import ROOT
from xl_tiebreak import compute, demo_tournament, explain, rank, render_text, write_trf
from xl_tiebreak.cli import main
from xl_tiebreak.descriptor import parse_descriptor
from xl_tiebreak.excel.functions import individual as functions
from xl_tiebreak.formatting import decimals_for
from xl_tiebreak.tiebreaks import registry


def _cli(*argv: str) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    with redirect_stdout(out), redirect_stderr(err):
        status = main(list(argv))
    return status, out.getvalue(), err.getvalue()


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


def _readme_row() -> str:
    """The README's example of a new tie-break (LOSS), as written there."""
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    return next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "register(Spec(" in b)


@pytest.fixture
def readme_row():
    """The README's example row, registered for one test and removed after it."""
    exec(compile(_readme_row(), "README.md", "exec"), {})
    yield
    registry.unregister("LOSS")


def _losses(t) -> list[int]:
    """Each player's games lost over the board, counted from the crosstable by hand."""
    return [sum(1 for r in p.rounds if r.kind.name == "LOSS") for p in t.players]


def test_a_new_row_is_all_a_new_tiebreak_needs(readme_row, tmp_path):
    """The one definition serves compute (the CLI), standings, explain and the descriptor."""
    t = demo_tournament()
    lost = _losses(t)
    trf = tmp_path / "demo.trf"
    trf.write_text(write_trf(t), encoding="utf-8")
    status, out, err = _cli("compute", str(trf), "--tiebreaks", "BH,LOSS", "-f", "json", "-r", "fide2024")
    assert status == 0, err
    assert [p["values"][1] for p in json.loads(out)["players"]] == lost
    status, out, err = _cli("standings", str(trf), "--tiebreaks", "LOSS", "-r", "fide2024")
    assert status == 0 and "LOSS     Number of games lost over the board" in out, err
    res = compute(t, "LOSS", edition="fide2024")
    assert {r.player.no: r.values[0] for r in rank(res)} == {p.no: n for p, n in zip(t.players, lost)}
    assert [v[0] for v in res.values] == lost
    k = next(k for k, n in enumerate(lost) if n)
    e = explain(t, t.players[k].no, "LOSS", "fide2024")
    counted = [ln.values[2] for ln in e.lines]
    assert e.value == lost[k] == sum(counted) and e.columns == ("Rd", "Result", "Contribution")
    assert e.total.endswith(f"= {lost[k]}") and e.notes == ("Number of games lost over the board",)
    assert "LOSS = " in render_text(e)
    tb = parse_descriptor("loss")
    assert decimals_for(tb) == 0 and "games lost" in tb.legend()
    with pytest.raises(Exception, match="does not apply to LOSS"):
        parse_descriptor("LOSS/C1")


_EXCEL_FACES = """
import json, sys
exec(compile(sys.argv[1], "README.md", "exec"), {})
from xl_tiebreak import demo_tournament, udfs
from xl_tiebreak.excel.functions import individual as functions
from xl_tiebreak.excel.authoring import standings_sheet, template
from xl_tiebreak.notation import format_cell
t = demo_tournament()
table = [["No", "Name", "Rating"] + [f"R{r + 1}" for r in range(t.rounds)]]
for p in t.players:
    table.append([float(p.no), p.name, float(p.rating)] + [format_cell(r) or None for r in p.rounds])
help_sheet = template.build(template.default_spec("swiss"))["Help"]
print(json.dumps({
    "doc": functions.FUNCTIONS["LOSSES"].__doc__,
    "legend": [list(row) for row in standings_sheet.lookup_rows() if row[0] == "LOSS"],
    "help": [[c.value for c in row][:2] for row in help_sheet.iter_rows() if row[0].value in ("LOSSES", "LOSS")],
    "values": [udfs.LOSSES(float(p.no), table, "fide2024") for p in t.players],  # as the add-in calls it
}))
"""


def test_the_excel_faces_of_a_new_row():
    """The row registered before the Excel layer loads (as a row in the package is): its Excel
    function, the legend lookup of the Standings sheet and the template's Help sheet."""
    out = subprocess.run([sys.executable, "-c", _EXCEL_FACES, _readme_row()], capture_output=True, text=True,
                         cwd=ROOT, env={**os.environ, "PYTHONPATH": str(ROOT)})
    assert out.returncode == 0, out.stderr
    got = json.loads(out.stdout)
    assert got["values"] == _losses(demo_tournament())
    assert got["doc"] == "Number of games lost over the board, TIEBREAK_RULES §7.12: one player's value (national " \
                         "or historical tie-break code LOSS)."
    assert got["legend"] == [["LOSS", "Number of games lost over the board", "TIEBREAK_RULES §7.12", 0]]
    assert got["help"] == [["LOSSES", got["doc"]], ["LOSS", "Number of games lost over the board."]]


def test_explain_reuses_a_results_evaluation():
    """explain(result, ...) reads the columns already computed: the same account as from the
    tournament, and a column the list did not name (AOB's BH) comes from the same evaluation."""
    t = demo_tournament()
    res = compute(t, "BH/C1,DE,SB", edition="fide2024")
    for code in ("DE", "SB", "AOB", "APRO", "KS"):
        listed = "BH/C1,DE,SB" if code in ("DE", "SB") else None
        assert render_text(explain(res, 3, code)) == render_text(explain(t, 3, code, "fide2024", tiebreaks=listed))
    assert res.column_of(parse_descriptor("BH")) is res.calculator.column(parse_descriptor("BH"))
    with pytest.raises(Exception, match="not in the list"):
        explain(res, 3, "KENTLER")  # a rank needs its place in the list


def test_threads_asking_for_the_team_rows_first_load_each_family_once():
    # found by the team campaign's thread pool: two threads loading the team families at once gave
    # "team tie-break PTS is registered twice"; a fresh interpreter, so that nothing is loaded yet
    script = ("import threading\n"
              "from xl_tiebreak.tiebreaks import registry\n"
              "errors = []\n"
              "def ask():\n"
              "    try:\n"
              "        registry.find('BH', 'team'); registry.rows('player')\n"
              "    except Exception as exc:\n"
              "        errors.append(repr(exc))\n"
              "threads = [threading.Thread(target=ask) for _ in range(16)]\n"
              "for t in threads: t.start()\n"
              "for t in threads: t.join()\n"
              "print(errors, len(registry.rows('team')), len(registry.rows('player')))\n")
    for _ in range(3):
        out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True).stdout
        assert out.startswith("[] 24 "), out
