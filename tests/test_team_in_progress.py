"""A team TRF typed mid-round: a board paired with its result still to come makes its round
incomplete, so no team figure counts that round (it used to be scored from the boards already
in: Aurochs 2.0 GP "after round 2" with one board of their match missing)."""

from __future__ import annotations

from pathlib import Path

from xl_tiebreak.cli import main
from xl_tiebreak.team_engine import compute_team
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
    # the heading names the round in progress, as the individual standings do
    assert out.splitlines()[1] == "Team standings after round 1 of 2; round 2 in progress"
    assert "round 2 is in progress (not every result of it is in): computed after round 1 of 2" in out


def test_a_team_workbook_mid_round_says_the_round_in_progress_not_that_no_team_has_a_match(tmp_path, capsys):
    # the last round's matches typed, one board of one match left empty: the round is in progress (it
    # said "after round 1" with the note "no team has a match in round 2 or later yet")
    from xl_tiebreak.excel.authoring.team_template import filled_team_workbook, to_bytes
    event = read_team_trf(EXAMPLE.read_text(encoding="utf-8"), "example-teams.trf", findings=Findings(strict=False))
    wb = filled_team_workbook(event)
    ms = wb["Matches"]
    row = next(r for r in range(5, ms.max_row + 1) if ms.cell(r, 1).value == 2 and ms.cell(r, 5).value)
    ms.cell(row, 5).value = None
    book = tmp_path / "mid.xlsx"
    book.write_bytes(to_bytes(wb))
    assert main(["standings", str(book)]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[1] == "Team standings after round 1 of 2; round 2 in progress"
    assert "Note: round 2 is in progress (not every result of it is in): computed after round 1 of 2" in out
    assert "no team has a match" not in out
