"""A team TRF typed mid-round: a board paired with its result still to come makes its round
incomplete, so no team figure counts that round (it used to be scored from the boards already
in: Aurochs 2.0 GP "after round 2" with one board of their match missing)."""

from __future__ import annotations

from pathlib import Path

from xl_tiebreak.cli import main
from xl_tiebreak.teamtb.engine import compute_team
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.validation import Findings

EXAMPLE = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"


def _mid_round() -> str:
    """The shipped example with round 2's game of players 1 and 5 (board 1, Aurochs - Caracals)
    paired and its result not yet typed."""
    out = []
    for line in EXAMPLE.read_text(encoding="utf-8").splitlines():
        if line.startswith(("001    1 ", "001    5 ")):
            line = line.rstrip()[:-1] + " "
        out.append(line)
    return "\n".join(out) + "\n"


def test_a_board_still_to_come_keeps_its_round_out_of_every_figure():
    event = read_team_trf(_mid_round(), "mid.trf", findings=Findings(strict=False))
    assert event.pending_rounds == (2,)
    live = compute_team(event, "EMGSB,BH:GP", "fide2026")
    after_1 = compute_team(event, "EMGSB,BH:GP", "fide2026", rounds=1)
    assert live.rounds == 1
    assert [(r.no, r.match_points, r.game_points, r.values) for r in live.rows] == \
        [(r.no, r.match_points, r.game_points, r.values) for r in after_1.rows]
    # round 1 alone, from the example's crosstable: Aurochs beat Badgers 1½-½, Caracals drew Dingoes 1-1
    assert {r.no: (r.match_points, r.game_points) for r in live.rows} == {1: (2, 1.5), 2: (0, 0.5), 3: (1, 1),
                                                                          4: (1, 1)}
    assert any("round 2 is in progress" in n for n in live.notes)


def test_the_standings_command_says_which_round_it_stops_at(tmp_path, capsys):
    path = tmp_path / "mid.trf"
    path.write_text(_mid_round(), encoding="utf-8")
    assert main(["standings", str(path), "-t", "EMGSB"]) == 0
    out = capsys.readouterr().out
    assert "Team standings after round 1" in out
    assert "round 2 is in progress (a board paired with its result still to come): computed after round 1 of 2" \
        in out
