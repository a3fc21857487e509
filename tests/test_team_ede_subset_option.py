"""How EDE goes on in a new subset of tied teams (C.07 Art. 13.3.3), as a named option of team events:
``--set ede-subset=continue|restart`` on the command line, ``ede_subset=`` of :func:`compute_team` /
:func:`explain_team`.

FIDE TEC's exercise 45 is the only worked example of a subset left by one split: a group the secondary
score split, whose subset TEC's published answer goes on ranking with that same score, "still within
the same application of the tie-break" (its endnote); FIDE's reference engine gacrux and Sharly do the
same. That is the default, ``continue``. The text read literally ("any time a new subset of tied teams
appears, restart from 13.3.1") starts the subset from the primary score again: ``restart``.

The exercise's own data are not in ../shared/spec nor in the seeds, so the event here is built to have
the same shape: five teams of four boards, a round robin, every team 4 MP (so match points split
nothing); their game points among the five, 8.5 / 8 / 8 / 8 / 7.5, split them into {1} > {2, 3, 4} >
{5}; inside the subset {2, 3, 4} match points and game points disagree:

* match points among them: team 2 beat 3 and drew 4 (3), team 3 beat 4 (2), team 4 (1): 2 > 3 > 4;
* game points among them: 2: 2½ + 2 = 4½, 3: 1½ + 3½ = 5, 4: 2 + ½ = 2½: 3 > 2 > 4.

So TEC's reading ranks 1, 3, 2, 4, 5 (gacrux agrees, run below) and the literal one 1, 2, 3, 4, 5.
"""

from __future__ import annotations

import json

import pytest

from tests.support.team_builders import team_event, trf26_text
from tests.oracle.team_runner import gacrux_available, run_team_gacrux
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.options import TEAM_CHOICES, team_options_from_pairs
from xl_tiebreak.team_engine import compute_team, explain_team

#: (round, team a, team b, team a's four boards: 1 win, = draw, 0 loss); a round robin of five teams,
#: one sitting out each round
MATCHES = [(1, 1, 2, "1=0="), (1, 3, 4, "111="), (2, 1, 3, "1111"), (2, 2, 5, "=100"), (3, 1, 4, "000="),
           (3, 3, 5, "1110"), (4, 1, 5, "===="), (4, 2, 4, "=1=0"), (5, 2, 3, "11=0"), (5, 4, 5, "1=0=")]
TEC = {1: 1, 3: 2, 2: 3, 4: 4, 5: 5}  # the subset {2, 3, 4} goes on with game points
LITERAL = {1: 1, 2: 2, 3: 3, 4: 4, 5: 5}  # the subset starts again from match points
NOTE = "EDE restarts every new subset of tied teams from the primary score (ede-subset=restart"


def _event():
    return team_event(5, 4, 5, MATCHES)


def _ranks(result, code: str = "EDE") -> dict[int, int]:
    return {r.no: int(result.value(r.no, code)) for r in result.rows}


def _file(tmp_path) -> str:
    path = tmp_path / "subset.trf"
    path.write_text(trf26_text(5, 4, 5, MATCHES), encoding="utf-8")
    return str(path)


def test_a_subset_goes_on_with_the_score_that_split_it_by_default():
    res = compute_team(_event(), "EDE")
    assert {r.no: (r.match_points, r.game_points) for r in res.rows} == {  # the shape of the exercise
        1: (4, 8.5), 2: (4, 8), 3: (4, 8), 4: (4, 8), 5: (4, 7.5)}
    assert _ranks(res) == TEC
    assert _ranks(compute_team(_event(), "EDE", ede_subset="continue")) == TEC
    assert not any(NOTE in n for n in compute_team(_event(), "EDE").notes)


def test_the_literal_reading_restarts_the_subset_from_the_primary_score_and_says_so():
    res = compute_team(_event(), "EDE", ede_subset="restart")
    assert _ranks(res) == LITERAL
    assert [n for n in res.notes if NOTE in n][0].endswith("used by EDE")
    assert any("changes nothing here" in n for n in compute_team(_event(), "MPvGP", ede_subset="restart").notes)
    with pytest.raises(InputError, match="ede-subset is continue or restart, not 'again'"):
        compute_team(_event(), "EDE", ede_subset="again")


def test_the_knockout_chains_follow_the_same_reading():
    """A chain ranks the subset as EDE does before its steps (none applies here: no two teams are left)."""
    assert _ranks(compute_team(_event(), "EDET", ede_subset="continue"), "EDET") == TEC
    assert _ranks(compute_team(_event(), "EDET", ede_subset="restart"), "EDET") == LITERAL


def test_explain_says_which_score_the_subset_goes_on_with():
    lines = explain_team(_event(), "EDE", 3)
    assert ("{2, 3, 4}: a new subset, still within the same application of EDE: GP first, the score that "
            "split its group (FIDE TEC's answer to its exercise 45; C.07 Art. 13.3.3)") in lines
    assert "EDE: {1} > {3} > {2} > {4} > {5}: team 3 is rank 2 of 5" in lines
    restarted = explain_team(_event(), "EDE", 3, ede_subset="restart")
    assert "EDE: {1} > {2} > {3} > {4} > {5}: team 3 is rank 3 of 5" in restarted
    assert any(ln.startswith("note: " + NOTE) for ln in restarted)


def test_through_the_command_line(tmp_path, capsys):
    path = _file(tmp_path)
    assert main(["standings", path, "-t", "EDE", "-f", "json"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [t["no"] for t in doc["teams"]] == [1, 3, 2, 4, 5]
    assert main(["standings", path, "-t", "EDE", "-f", "json", "--set", "ede-subset=restart"]) == 0
    doc = json.loads(capsys.readouterr().out)
    assert [t["no"] for t in doc["teams"]] == [1, 2, 3, 4, 5] and any(NOTE in n for n in doc["notes"])
    assert main(["explain", path, "--team", "2", "-t", "EDE", "--set", "EDE-Subset=Restart"]) == 0
    assert capsys.readouterr().out.startswith("EDE = 2 for team 2")
    assert main(["standings", path, "--set", "ede-subset=again"]) == 2
    err = capsys.readouterr().err
    assert "--set ede-subset='again': one of continue, restart" in err and "Traceback" not in err


@pytest.mark.skipif(not gacrux_available(), reason="gacrux (FIDE's reference engine) is not installed")
def test_fide_s_reference_engine_ranks_the_subset_as_tec_does(tmp_path):
    got = run_team_gacrux(_file(tmp_path), ["EDE"], edition="2026", scores_last=True)
    assert {t: int(v["EDE"]) for t, v in got.values.items()} == TEC
    assert _ranks(compute_team(_event(), "EDE")) == TEC


def test_the_words_of_the_option():
    assert TEAM_CHOICES["ede_subset"] == ("continue", "restart")
    assert team_options_from_pairs([("ede-subset", " Restart ")]) == {"ede_subset": "restart"}


def test_an_individual_event_refuses_each_team_choice_citing_its_own_article(tmp_path, capsys):
    """``--set ede_subset=...`` with an individual file names C.07 Art. 13.3.3 (the subsets), and
    ede_knockout 13.3.2 (the knock-out steps); ``--set``'s help explains both. Before: 13.3.2
    for both, and the help explained ede_knockout only."""
    from xl_tiebreak.examples import demo_text
    from xl_tiebreak.options import options_from_pairs
    from xl_tiebreak.tiebreaks import team_context as context, team_encounter as encounter
    path = tmp_path / "demo.trf"
    path.write_text(demo_text(), encoding="utf-8")
    for choice, article in (("ede_subset=restart", "13.3.3"), ("ede-knockout=encounter", "13.3.2")):
        assert main(["standings", str(path), "--set", choice]) == 2
        assert f"for team events only (C.07 Art. {article}); this is an individual event" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["standings", "--help"])
    shown = " ".join(capsys.readouterr().out.split())
    assert "ede_subset=continue|restart (C.07 Art. 13.3.3: a new subset of tied teams in EDE." in shown
    assert "ede_knockout=event|encounter (C.07 Art. 13.3.2: the EDE knock-out steps." in shown
    with pytest.raises(ValueError, match=r"13\.3\.3"):
        options_from_pairs([("ede_subset", "continue")], where="Settings!B20")
    # the words are defined once, with the options; the engine's readings are those words
    assert context.EDE_SUBSET is TEAM_CHOICES["ede_subset"] and context.EDE_KNOCKOUT is TEAM_CHOICES["ede_knockout"]
    assert (encounter.CONTINUE, encounter.RESTART) == TEAM_CHOICES["ede_subset"]
