"""One default tie-break list per kind of event (Swiss, round robin, team), defined in one place
(xl_tiebreak.default_lists): the command line, the Python API, the Excel functions, the committed
templates' Settings sheets and the README all give that list, so a template and the command line
rank an event alike from round 1 on."""

from __future__ import annotations

import json
import re

from openpyxl import load_workbook

from xl_tiebreak import compute, parse_trf
from xl_tiebreak.cli import main
from xl_tiebreak.default_lists import DEFAULT_LISTS
from xl_tiebreak.descriptor import parse_team
from conftest import ROOT, event

TEMPLATES = ROOT / "workbook_templates"


def _codes(text: str) -> list[str]:
    return [c.strip().upper() for c in re.split(r"[,\s]+", text) if c.strip()]


def _upper(kind: str) -> list[str]:
    return [c.upper() for c in DEFAULT_LISTS[kind]]


def test_the_readme_states_the_default_lists():
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    m = re.search(r"Default: the file's record 202, else `([^`]+)` \(Swiss\) or `([^`]+)` \(round robin\)", readme)
    assert m, "the README's --tiebreaks row names the defaults"
    assert _codes(m.group(1)) == _upper("swiss") and _codes(m.group(2)) == _upper("round-robin")
    team = re.findall(r"Olympiad order `([^`]+)`", readme)
    assert len(team) == 2 and all(_codes(t) == _upper("team") for t in team)  # the command line, the team workbook
    m = re.search(r"The Settings list starts as the command line's default,\s+`([^`]+)` \(Swiss; round robin: "
                  r"`([^`]+)`\)", readme)
    assert m, "the README says what the templates' Settings list starts as"
    assert _codes(m.group(1)) == _upper("swiss") and _codes(m.group(2)) == _upper("round-robin")


def test_every_face_gives_the_one_default_list(tmp_path, capsys):
    """The committed templates' Settings (Swiss, round robin, team), the Python API, the command
    line and the Excel functions: the list of xl_tiebreak.default_lists, nothing added."""
    for kind, name in (("swiss", "xl-tiebreak-swiss.xlsx"), ("round-robin", "xl-tiebreak-round-robin.xlsx")):
        settings = load_workbook(TEMPLATES / name)["Settings"]
        cells = [settings.cell(7 + j, 2).value for j in range(6)]
        assert [c for c in cells if c] == list(DEFAULT_LISTS[kind]), name
        assert not any(cells[len(DEFAULT_LISTS[kind]):])  # the places after it are left for the arbiter
    wb = load_workbook(TEMPLATES / "xl-tiebreak-team.xlsx")
    sheet, area = wb.defined_names["TeamTiebreaks"].attr_text.replace("$", "").split("!")
    cells = [c.value for row in wb[sheet][area] for c in row if c.value]
    assert [parse_team(c).code for c in cells] == [parse_team(c).code for c in DEFAULT_LISTS["team"]]

    rows = {1: ["2w1", "3b½", "4w1"], 2: ["1b0", "4w1", "3b0"], 3: ["4w½", "1w½", "2w1"], 4: ["3b½", "2b0", "1b0"]}
    t = event(rows)
    assert list(compute(t).codes) == list(DEFAULT_LISTS["swiss"])
    assert list(compute(event(rows, kind="round-robin")).codes) == list(DEFAULT_LISTS["round-robin"])
    from xl_tiebreak.trf import write_trf
    path = tmp_path / "e.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    assert not parse_trf(path.read_text(encoding="utf-8")).tiebreaks  # no record 202
    assert main(["compute", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["tiebreaks"] == list(DEFAULT_LISTS["swiss"])
    from xl_tiebreak.excel.functions.individual import TIEBREAKS
    table = [["No", "Name", "Rating", "R1", "R2"], [1, "A", 1500, "2w1", "2b½"], [2, "B", 1500, "1b0", "1w½"]]
    assert TIEBREAKS(table)[0][3:] == list(DEFAULT_LISTS["swiss"])
