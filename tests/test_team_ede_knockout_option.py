"""The reading of the EDE knock-out steps (C.07 Art. 13.3.2) as a named option of team events:
``--set ede-knockout=event|encounter`` on the command line, ``ede_knockout=`` of
:func:`compute_team` / :func:`explain_team`. ``event`` (default) is the text: the steps only for two
teams still tied in both MP and GP, boards counted over the whole event (Art. 12); ``encounter``
is gacrux's: any two teams left, boards of their encounters only (tests/oracle/README.md, "EDE
knock-out steps"). Every output computed with ``encounter`` says so in its notes.

The case: grandmommys-cup-trf26-team.trf with its own list (202: EDET/P, EMGSB/C1/P, ...). Turkey
(41) and Belgium (49) drew 2-2, both 4 MP, 11 and 12.5 GP. The text leaves them tied on EDET/P
(GP differ) and EMGSB/C1/P puts Turkey 48th (131.5 against 124.5); gacrux's reading ranks them by TBR
on their match (Belgium 1 on board 1, Turkey 0): Belgium 48th, Turkey 49th."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from conftest import SHARED
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.options import TEAM_CHOICES, team_options_from_pairs
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.team_engine import compute_team, explain_team
from xl_tiebreak.validation import Findings

_SHARED = SHARED if SHARED.is_dir() else Path(os.environ.get("XL_TIEBREAK_SHARED", str(SHARED)))
GRAND = _SHARED / "data" / "real" / "grandmommys-cup-trf26-team.trf"
NOTE = "EDE knock-out steps read as FIDE's reference engine gacrux reads them (ede-knockout=encounter)"


def _run(args: list[str], capsys) -> tuple[int, str, str]:
    status = main(args)
    got = capsys.readouterr()
    return status, got.out, got.err


@pytest.fixture
def grand() -> str:
    if not GRAND.is_file():
        pytest.skip("../shared/data/real is not there")
    return str(GRAND)


def _places(out: str) -> dict[int, tuple[int, list]]:
    return {t["no"]: (t["rank"], t["values"]) for t in json.loads(out)["teams"]}


def test_turkey_and_belgium_through_the_command(grand, capsys):
    status, out, _ = _run(["standings", grand, "-f", "json"], capsys)
    assert status == 0
    default = _places(out)
    assert not any(NOTE in n for n in json.loads(out)["notes"])
    assert default[41] == (48, [1, 131.5, 101, 11]) and default[49] == (49, [1, 124.5, 94, 12.5])
    status, out, _ = _run(["standings", grand, "-f", "json", "--set", "ede-knockout=encounter"], capsys)
    assert status == 0
    gacrux = _places(out)
    assert gacrux[49] == (48, [1, 124.5, 94, 12.5]) and gacrux[41] == (49, [2, 131.5, 101, 11])
    assert [n for n in json.loads(out)["notes"] if NOTE in n][0].endswith("used by EDET/P")
    assert {t: p for t, p in default.items() if t not in (41, 49)} == \
        {t: p for t, p in gacrux.items() if t not in (41, 49)}
    # the table says it too, and the word is explicit: event is the default
    status, out, _ = _run(["standings", grand, "--set", "ede-knockout=encounter"], capsys)
    assert status == 0 and f"Note: {NOTE}" in out
    status, out, _ = _run(["standings", grand, "--set", "EDE_knockout=Event", "-f", "json"], capsys)
    assert status == 0 and _places(out) == default


def test_explain_with_and_without_the_option(grand, capsys):
    status, out, _ = _run(["explain", grand, "--team", "41", "-t", "EDET/P"], capsys)
    assert status == 0 and out.startswith("EDET/P = 1 for team 41")
    assert "(C.07 Art. 13.3.2 needs both equal): no knock-out tie-break" in out and NOTE not in out
    status, out, _ = _run(["explain", grand, "--team", "41", "-t", "EDET/P", "--set", "ede-knockout=encounter"],
                          capsys)
    assert status == 0 and out.startswith("EDET/P = 2 for team 41")
    assert f"note: {NOTE}" in out
    assert "{41, 49}: TBR (their encounters): 41: 0 0.5 1 0.5; 49: 1 0.5 0 0.5" in out


def test_the_keyword_of_the_engine_and_its_bad_values(grand):
    event = read_team_trf(GRAND.read_text(encoding="utf-8"), GRAND.name, findings=Findings(strict=False))
    res = compute_team(event, None, ede_knockout="encounter")
    assert (res.row(49).rank, res.row(41).rank) == (48, 49) and any(NOTE in n for n in res.notes)
    assert any("changes nothing here" in n for n in compute_team(event, "EDE,MPVGP", ede_knockout="encounter").notes)
    with pytest.raises(InputError, match="ede-knockout is event or encounter, not 'board'"):
        compute_team(event, None, ede_knockout="board")
    assert any(NOTE in ln for ln in explain_team(event, "EDET/P", 41, ede_knockout="encounter"))


def test_bad_set_values_are_named_and_exit_2(grand, capsys):
    status, out, err = _run(["standings", grand, "--set", "ede-knockout=board"], capsys)
    assert status == 2 and out == "" and "--set ede-knockout='board': one of event, encounter" in err
    status, _, err = _run(["standings", grand, "--set", "knockout=encounter"], capsys)
    assert status == 2 and "unknown choice; a team event takes ede_knockout" in err
    assert "Traceback" not in err


def test_the_team_option_is_refused_for_an_individual_event(tmp_path, capsys):
    path = tmp_path / "ind.trf"
    from xl_tiebreak.examples import demo_text  # an individual TRF (TIEBREAK_RULES §6.1)
    path.write_text(demo_text(), encoding="utf-8")
    status, _, err = _run(["compute", str(path), "--set", "ede-knockout=encounter"], capsys)
    assert status == 2 and "for team events only" in err


def test_the_words_and_the_parser():
    assert TEAM_CHOICES["ede_knockout"] == ("event", "encounter")
    assert team_options_from_pairs([("ede-knockout", " Encounter ")]) == {"ede_knockout": "encounter"}
    assert team_options_from_pairs([]) == {}
    with pytest.raises(ValueError, match="for individual events"):
        team_options_from_pairs([("rr_forfeits", "text")], where="--set")
