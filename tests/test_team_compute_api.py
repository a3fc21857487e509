"""The Python API's ``compute`` accepts a team event (issue 34 stage 4): a
:class:`~xl_tiebreak.teams.TeamEvent` gives the team standings of
:func:`~xl_tiebreak.team_engine.compute_team`, equal to it and to the command line's on a real
team file; the individual options it cannot honour are refused."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import SHARED
from xl_tiebreak import InputError, compute
from xl_tiebreak.cli import main
from xl_tiebreak.formatting import json_number
from xl_tiebreak.options import Options
from xl_tiebreak.team_engine import TeamResult, compute_team
from xl_tiebreak.trf.teams import read_team_file

TEAM = SHARED / "data" / "team"
EXAMPLE = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"
FILES = [EXAMPLE, *(sorted(TEAM.glob("*.trf")) if TEAM.is_dir() else []),
         *sorted((SHARED / "data" / "real").glob("*-team.trf"))]


def _event(path: Path):
    event = read_team_file(path)
    assert event is not None
    return event


@pytest.mark.parametrize("path", FILES, ids=lambda p: p.name)
@pytest.mark.parametrize("codes", [None, "EMGSB,BH:GP,MPvGP"])
def test_compute_of_a_team_event_is_compute_team_and_the_command_lines(path, codes, capsys):
    event = _event(path)
    got = compute(event, codes)
    assert isinstance(got, TeamResult)
    assert got == compute_team(event, codes)
    assert main(["standings", str(path), "--format", "json", *(["--tiebreaks", codes] if codes else [])]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert doc["tiebreaks"] == got.codes and doc["edition"] == got.edition.name and doc["rounds"] == got.rounds
    assert [(t["rank"], t["no"], t["match_points"], t["game_points"], t["values"]) for t in doc["teams"]] == \
        [(r.rank, r.no, json_number(r.match_points), json_number(r.game_points), [json_number(v) for v in r.values])
         for r in got.rows]


def test_compute_passes_the_edition_rounds_and_kind_on():
    event = _event(EXAMPLE)
    assert compute(event, "BH:MP", edition="fide2024", rounds=1, kind="round-robin") == \
        compute_team(event, "BH:MP", edition="fide2024", rounds=1, round_robin=True)
    assert compute(event, "BH:MP", kind="swiss") == compute_team(event, "BH:MP", round_robin=False)
    assert compute(event).value(1, "MPvGP") == Fraction(5, 2)


@pytest.mark.parametrize("kw, needle", [({"options": Options()}, "options: for individual events"),
                                        ({"live": True}, "live: for individual events"),
                                        ({"kind": "knockout"}, "unknown event type")])
def test_what_a_team_event_cannot_honour_is_refused(kw, needle):
    with pytest.raises(InputError, match=needle):
        compute(_event(EXAMPLE), **kw)


def test_the_readmes_team_example_runs(capsys):
    import re
    from conftest import ROOT
    text = (ROOT / "README.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"```python\n(.*?)```", text, re.S) if "read_team_file" in b)
    exec(compile(block, "README.md", "exec"), {})
    want = compute_team(_event(EXAMPLE), "EMGSB,BH:GP")
    assert capsys.readouterr().out.splitlines() == [
        f"{r.rank} {r.name} {r.match_points} {r.game_points} {[str(v) for v in r.values]}" for r in want.rows]
