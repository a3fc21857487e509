"""A player known not to play the round to pair, as a TRF and a workbook say it, is not paired
(C.04.2 art. 3.2 withdrawn players, 3.3 players known to be absent): a TRF's ``0000 - -`` in that
round (which the TRF reader reads as "not played yet" after the last round played), a workbook's
``WD`` in an earlier round; and what says it is kept: ``pair --write`` keeps ``0000 - -`` in the
later rounds, and a TRF written from a workbook writes a withdrawal as ``0000 - -`` in every round
from it on (TRF has no withdrawal code; FIDE's reference reads that field as not paired)."""

from __future__ import annotations

from dataclasses import replace
from pathlib import Path

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from tests.test_pair_command import players_trf
from xl_tiebreak.cli import main
from xl_tiebreak.cli.pair import paired
from xl_tiebreak.model import Kind, Round
from xl_tiebreak.trf import write_trf

#: round 1 of 6 players played: 1-4 1-0, 5-2 ½, 3-6 0-1
ROUND1 = {1: ["4 w 1"], 4: ["1 b 0"], 5: ["2 w ="], 2: ["5 b ="], 3: ["6 w 0"], 6: ["3 b 1"]}


def _with_field(trf: Path, no: int, rnd: int, field: str) -> None:
    lines = []
    for line in trf.read_text(encoding="latin-1").splitlines():
        if line[:3] == "001" and int(line[4:8]) == no:
            start = 91 + 10 * (rnd - 1)
            line = line.ljust(start + 8)[:start] + field + line.ljust(start + 8)[start + 8:]
        lines.append(line.rstrip())
    trf.write_text("\n".join(lines) + "\n", encoding="latin-1")


def test_a_trf_field_0000_minus_minus_in_the_round_to_pair_is_an_absence_and_is_kept(tmp_path, capsys):
    trf = tmp_path / "swiss.trf"
    trf.write_text(players_trf(6, 5, ROUND1, kind="Swiss-System", extra="152 W"), encoding="latin-1")
    for rnd in (2, 3, 4):  # withdrew after round 1: absent in each round from 2 on
        _with_field(trf, 3, rnd, "0000 - -")
    p = paired(trf)
    assert p.pairing.round == 2
    assert sorted(u.kind for u in p.pairing.byes) == ["PAB", "absent"]  # 5 players to pair: a PAB besides
    assert [u.no for u in p.pairing.byes if u.kind == "absent"] == [3]
    assert 3 not in {n for b in p.pairing.pairs for n in (b.white, b.black)}
    out = tmp_path / "round2.trf"
    assert main(["pair", str(trf), "--write", str(out)]) == 0
    line = next(x for x in out.read_text(encoding="latin-1").splitlines() if x.startswith("001    3"))
    assert line[91:] == "   6 w 0  0000 - -  0000 - -  0000 - -"  # rounds 2-4 kept as typed
    capsys.readouterr()


@pytest.mark.oracle
@pytest.mark.skipif(not gacrux_available(), reason="gacrux (test extra) is not installed")
def test_an_absence_typed_ahead_of_round_one_does_not_stop_the_other_games_being_written(tmp_path, capsys):
    # round 1's column holds only player 5's zero-point bye: the TRF reader reads the other blank
    # fields of that column as "not paired" (TRF-16, a round played); a pairing reads them as nothing
    # typed yet, and --write must write their games (it wrote none, and said "2 games to play")
    trf = tmp_path / "swiss.trf"
    trf.write_text(players_trf(6, 5, {5: ["0000 - Z"]}, kind="Swiss-System", extra="152 W"), encoding="latin-1")
    p = paired(trf)
    byes = {u.kind: u.no for u in p.pairing.byes}
    assert sorted(byes) == ["PAB", "absent"] and byes["absent"] == 5  # 5 players to pair: a PAB besides
    out = tmp_path / "round1.trf"
    assert main(["pair", str(trf), "--write", str(out)]) == 0
    assert "round 1 paired, 2 games to play" in capsys.readouterr().out
    fields = {int(x[4:8]): x[91:99].ljust(8) for x in out.read_text(encoding="latin-1").splitlines() if x[:3] == "001"}
    games = {(b.white, b.black) for b in p.pairing.pairs}
    for w, b in games:
        assert (fields[w], fields[b]) == (f"{b:>4} w  ", f"{w:>4} b  ")
    assert fields[5] == "0000 - Z" and fields[byes["PAB"]] == "0000 - U"
    assert paired(out).pairing == p.pairing  # read back: the same round, its games typed now
    from tests.oracle.pairing_runner import board_lines, run_pairings
    (text,) = run_pairings([["-i", str(out), "-p", "-m", "dutch", "-n", "1", "-d", "T"]])
    assert set(board_lines(text)) == games | {(byes["PAB"], 0)}


def test_a_withdrawal_is_written_to_a_trf_in_every_round_from_it_on():
    from tests.conftest import event
    t = event({1: ["2w1", "WD", "", ""], 2: ["1b0", "", "", ""]})
    assert t.players[0].rounds[1].kind is Kind.WITHDRAWN
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001    1"))
    assert line[91:] == "   2 w 1  0000 - -  0000 - -  0000 - -"
    # a round typed after the withdrawal (a result entered) is written as it is
    one = t.players[0]
    t = t.with_players([replace(one, rounds=(*one.rounds[:3], Round(Kind.ZERO_BYE))), t.players[1]])
    line = next(x for x in write_trf(t).splitlines() if x.startswith("001    1"))
    assert line[91:] == "   2 w 1  0000 - -  0000 - -  0000 - Z"


def test_a_workbook_player_who_withdrew_leaves_no_result_missing_in_the_later_rounds(tmp_path):
    from tests.support.workbook_typing import club_cells, type_cells
    book = tmp_path / "club.xlsx"
    assert main(["template", "--type", "swiss", "--players", "10", "--rounds", "5", "-o", str(book)]) == 0
    cells = club_cells(6)
    r1 = {1: "4w1", 4: "1b0", 5: "2w½", 2: "5b½", 3: "6w0", 6: "3b1"}
    r2 = {1: "6w½", 6: "1b½", 2: "4w1", 4: "2b0", 5: "BYE", 3: "WD"}  # 3 withdraws in round 2
    r3 = {1: "2w1", 2: "1b0", 4: "5w0", 5: "4b1", 6: "BYE"}  # 3's cell left empty, as a user leaves it
    for col, results in (("F", r1), ("G", r2), ("H", r3)):
        cells.update({f"Crosstable!{col}{4 + no}": v for no, v in results.items()})
    type_cells(book, cells)
    p = paired(book)
    assert p.pairing.round == 4  # round 3 complete: the withdrawn player has no result to come
    assert [(u.no, u.kind) for u in p.pairing.byes if u.kind == "absent"] == [(3, "absent")]
