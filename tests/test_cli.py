"""The command line as the acceptance checks call it."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text


@pytest.fixture
def demo_file(tmp_path):
    p = tmp_path / "demo.trf"
    p.write_text(demo_text(), encoding="utf-8")
    return p


def run(capsys, *args):
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


def test_compute_json(capsys, demo_file):
    code, out, _ = run(capsys, "compute", str(demo_file), "--tiebreaks", "BH,BH/C1,SB,GE,DE",
                       "--rules", "fide2024", "--format", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["edition"] == "fide2024" and doc["rounds"] == 4
    assert doc["tiebreaks"] == ["BH", "BH/C1", "SB", "GE", "DE"]
    p3 = doc["players"][2]
    assert p3 == {"no": 3, "name": "Three, C", "points": 3.5, "values": [11.5, 10, 10, 4, 1]}
    assert [p["no"] for p in doc["players"]] == [1, 2, 3, 4, 5, 6]


def test_compute_json_null_where_undefined(capsys, demo_file):
    code, out, _ = run(capsys, "compute", str(demo_file), "-t", "ARO/C1", "--format", "json")
    assert json.loads(out)["players"][5]["values"] == [None]


def test_de_rank_inside_tied_groups(capsys, tmp_path):
    # 1 beat 2, 2 beat 3, 3 beat 1 in a triangle; all on 1 point after... plus 4 lost all
    from xl_tiebreak.trf import write_trf
    from conftest import event
    t = event({1: ["2w1", "3b0", "4w1"], 2: ["1b0", "4w1", "3w1"], 3: ["4b1", "1w1", "2b0"],
               4: ["3w0", "2b0", "1b0"]})
    f = tmp_path / "tri.trf"
    f.write_text(write_trf(t))
    code, out, _ = run(capsys, "compute", str(f), "-t", "DE", "-f", "json")
    values = {p["no"]: p["values"][0] for p in json.loads(out)["players"]}
    assert values == {1: 1, 2: 1, 3: 1, 4: 1}  # 1, 2, 3 tied 2 points each, 1 each inside: equal


def test_standings_table_has_legend_and_edition(capsys, demo_file):
    code, out, _ = run(capsys, "standings", str(demo_file), "--rules", "fide2026")
    assert code == 0
    assert "Rk" in out and "fide2026" in out and "Buchholz" in out
    lines = out.splitlines()
    first = next(line for line in lines if line.startswith("1 "))
    assert "Three, C" in first


def test_standings_csv_and_rounds(capsys, demo_file):
    code, out, _ = run(capsys, "standings", str(demo_file), "--rounds", "2", "-f", "csv", "-t", "BH")
    rows = out.strip().splitlines()
    assert rows[0] == "Rk,No,Name,Pts,BH,Split by"
    assert len(rows) == 7


@pytest.mark.parametrize("args,needle", [
    (["compute", "missing.trf"], "missing.trf: no such file"),
    (["compute", "DEMO", "-t", "BH,FOO"], "'FOO'"),
    (["compute", "DEMO", "--rules", "fide1999"], "fide1999"),
    (["compute", "DEMO", "--rounds", "9"], "--rounds 9"),
])
def test_bad_input_exits_nonzero_with_one_message(capsys, demo_file, args, needle):
    args = [str(demo_file) if a == "DEMO" else a for a in args]
    code, out, err = run(capsys, *args)
    assert code == 2 and needle in err and "Traceback" not in err and len(err.strip().splitlines()) == 1


def test_bad_trf_line_named(capsys, tmp_path):
    f = tmp_path / "bad.trf"
    f.write_text("012 x\n001    1 m    A                                 1500" + " " * 39 + "  7 w 1\n")
    code, _, err = run(capsys, "compute", str(f))
    assert code == 2 and "bad.trf line 2" in err


def test_console_script_demo_runs():
    out = subprocess.run([sys.executable, "-m", "xl_tiebreak.cli", "demo"], capture_output=True,
                         text=True, check=True).stdout
    assert "Three, C" in out and "Tie-breaks, in order" in out


@pytest.mark.parametrize("command", [("standings",), ("compute", "--format", "json"),
                                     ("explain", "--player", "5", "--tiebreak", "BH")])
def test_an_empty_rules_option_is_no_choice_in_every_command(capsys, tmp_path, command):
    """``--rules ""`` means what leaving it out means: the edition in force at the start date
    (here 2023: the 2012 rules, which count player 5's unplayed rounds differently from 2026)."""
    p = tmp_path / "old.trf"
    p.write_text(demo_text().replace("042 2025/01/01", "042 2023/05/01"), encoding="utf-8")
    name, *rest = command
    _, default, _ = run(capsys, name, str(p), *rest)
    _, empty, _ = run(capsys, name, str(p), *rest, "--rules", "")
    _, latest, _ = run(capsys, name, str(p), *rest, "--rules", "fide2026")
    assert empty == default != latest


@pytest.mark.parametrize("given,want", [(None, "1"), ("4", "4")])
def test_the_program_asks_openblas_for_one_thread_unless_told(given, want):
    """Run as the program, the CLI sets OPENBLAS_NUM_THREADS=1 before numpy loads (no linear
    algebra here; the thread pool only burnt CPU), unless the user set it."""
    import os
    env = {k: v for k, v in os.environ.items() if k != "OPENBLAS_NUM_THREADS"}
    if given:
        env["OPENBLAS_NUM_THREADS"] = given
    code = ("import os, sys; from xl_tiebreak.cli import main; sys.argv = ['xl-tiebreak', 'demo']; "
            "status = main(); print(os.environ.get('OPENBLAS_NUM_THREADS'), 'numpy' in sys.modules, file=sys.stderr)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env, timeout=120)
    assert done.returncode == 0
    assert done.stderr.split()[-2:] == [want, "True"]


def test_every_legend_says_the_same_words_and_names_each_modifier(capsys, demo_file, tmp_path):
    """The command line's legend, the published page's and the printed sheet's name a code alike
    (C.07 Art. 14's Cut-k, issue 33.4), every modifier in words: MOSTWINS/O is not MOSTWINS."""
    import html
    import re
    from xl_tiebreak import compute, parse_trf
    from xl_tiebreak.excel.functions.standings_page import NBSP, lines_under
    codes = "BH/C1,MOSTWINS/O,MOSTWINS,AOB/F"
    want = {"BH/C1": "Buchholz Cut-1, C.07 Art. 8.1",
            "MOSTWINS/O": "Most wins (Baumbach), over the board only, TIEBREAK_RULES §7.9",
            "MOSTWINS": "Most wins (Baumbach), TIEBREAK_RULES §7.9",
            "AOB/F": "Average of opponents' Buchholz, taken as Fore Buchholz, C.07 Art. 8.2"}
    code, out, _ = run(capsys, "standings", str(demo_file), "-t", codes)
    assert code == 0
    legend = out.split("Tie-breaks, in order:\n")[1].splitlines()[:4]
    assert [line.split(None, 1) for line in legend] == [[c, w] for c, w in want.items()]
    page = tmp_path / "page.html"
    assert main(["publish", str(demo_file), "-t", codes, "-o", str(page)]) == 0
    legend_html = page.read_text(encoding="utf-8").split('<section id="tiebreaks">')[1].split("</section>")[0]
    items = re.findall(r"<dt>(.*?)</dt><dd>(.*?)</dd>", legend_html)  # the legend's (the event's details are a dl too)
    assert [(html.unescape(c), html.unescape(w)) for c, w in items] == list(want.items())
    result = compute(parse_trf(demo_file.read_text(encoding="utf-8")), codes)
    sheet = " ".join(" ".join(lines_under(result, False)).replace(NBSP, " ").split())
    assert all(f"{c}: {w}" in sheet for c, w in want.items()), sheet
