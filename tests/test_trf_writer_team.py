"""Writing a team event as a TRF-26 file (:func:`xl_tiebreak.trf.team_writer.write_team_trf`).

The decisive test: FIDE's reference engine gacrux reads the file we wrote and gives the same values
as on the original (generated TRF-26 and TRF-16 events, the format samples and the real TRF-26
file), and our reader reads it back equal. gacrux is a test-only oracle, run in a subprocess.
"""

from __future__ import annotations

import dataclasses
import os
from fractions import Fraction
from pathlib import Path
from types import SimpleNamespace
from typing import Optional

import pytest

from conftest import SHARED
from tests.support.team_files import four_teams
from xl_tiebreak.teams import PAB, PabValue, TeamEvent, game_points, match_points
from xl_tiebreak.trf.team_writer import write_team_trf
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.validation import Findings

_SHARED = SHARED if SHARED.is_dir() else Path(os.environ.get("XL_TIEBREAK_SHARED", str(SHARED)))
REAL = _SHARED / "data" / "real"
TEAM = _SHARED / "data" / "team"

#: codes compared through gacrux (DE-like codes first: gacrux ranks them inside the groups before)
CODES = ["EDET/P", "EDEB", "DE", "MPTS", "GPTS", "BH:MP", "BH:GP", "BH:MP/C1", "EMGSB/C1", "EMGSB/C1/P", "ESB",
         "EMMSB", "EGGSB/C1", "MPVGP", "PS", "BC", "TBR", "BBE", "SSSC", "FB", "AOB"]


def _read(text: str, name: str = "event.trf") -> TeamEvent:
    return read_team_trf(text, name, findings=Findings(strict=False))


def assert_same_event(a: TeamEvent, b: TeamEvent) -> None:
    """What the team engine works on is equal: teams, every match and board, the settings, the games."""
    assert [(t.no, t.name, t.roster) for t in a.teams] == [(t.no, t.name, t.roster) for t in b.teams]
    assert a.matches == b.matches
    assert (a.rounds, a.boards, a.primary, a.match_values, a.pab_points) == \
        (b.rounds, b.boards, b.primary, b.match_values, b.pab_points)
    assert [(p.no, p.name, p.rating, p.fide_id, p.rounds) for p in a.tournament.players] == \
        [(p.no, p.name, p.rating, p.fide_id, p.rounds) for p in b.tournament.players]
    assert (a.tournament.name, a.tournament.start_date, a.tournament.scoring) == \
        (b.tournament.name, b.tournament.start_date, b.tournament.scoring)


# --- our own reader ------------------------------------------------------------------------------

def test_the_hand_made_event_is_written_with_its_team_records():
    text = write_team_trf(_read(four_teams()))
    lines = text.splitlines()
    assert lines[:4] == ["012 Four teams", "042 2026/03/07", "352 WB", "142 2"]
    assert "192 FIDE_TEAM_TYPEA_MP_GP" in lines and "362 TW 2.0   TD 1.0   TL 0.0" in lines
    teams = [ln for ln in lines if ln.startswith("310")]
    assert teams[0] == "310   1 Aurochs                                          3.0    2.5         1    2    9"
    assert [(ln[54:60], ln[61:67]) for ln in teams] == [("   3.0", "   2.5"), ("   2.0", "   2.5"),
                                                        ("   2.0", "   2.0"), ("   1.0", "   1.0")]
    # the reserve who never played: 0000 - - in both rounds, as the TEC team sample writes it
    assert next(ln for ln in lines if ln.startswith("001    9"))[91:] == "0000 - -  0000 - -"
    assert_same_event(_read(four_teams()), _read(text))


def test_ranks_and_the_tiebreak_list_come_from_the_standings_given():
    event = _read(four_teams())
    standings = SimpleNamespace(rows=[SimpleNamespace(no=2, rank="2-3"), SimpleNamespace(no=1, rank=1),
                                      SimpleNamespace(no=3, rank="2-3"), SimpleNamespace(no=4, rank=4)],
                                tiebreaks=["EMGSB/C1", SimpleNamespace(code="BH:MP")])
    lines = write_team_trf(event, standings).splitlines()
    assert "202 EMGSB/C1,BH:MP" in lines
    assert [ln[68:71] for ln in lines if ln.startswith("310")] == ["  1", "  2", "  2", "  4"]


def test_declared_totals_that_were_wrong_are_written_as_the_games_give_them():
    text = four_teams(totals={2: ("3.0", "1.5")})
    event = _read(text)
    again = read_team_trf(write_team_trf(event), "again.trf")  # strict: no finding any more
    assert [(t.declared_mp, t.declared_gp) for t in again.teams][1] == (Fraction(2), Fraction(5, 2))


def test_a_name_cannot_forge_a_line():
    event = _read(four_teams())
    bad = dataclasses.replace(event, teams=(dataclasses.replace(event.teams[0], name="A\n001   77 x"),
                                            *event.teams[1:]))
    text = write_team_trf(bad)
    assert not any(ln.startswith("001   77") for ln in text.splitlines())
    assert read_team_trf(text, "x.trf").teams[0].name == "A 001   77 x"


def test_a_team_name_longer_than_310s_columns_is_cut_there_with_a_note_and_kept_in_a_comment(tmp_path):
    """TRF-26 gives a team name columns 9-40 of record 310, and the short name, strength, MP, GP,
    rank and roster fixed columns after it: a longer name (typed in a team workbook) is cut to 32
    characters, said in a note naming the team, and written whole in a ``###`` line after its 310.
    FIDE's reference engine reads the file with the same values as the original."""
    long = "Schachgesellschaft Zurich 1809 Erste Mannschaft"  # 47 characters
    event = _read(four_teams())
    named = dataclasses.replace(event, teams=(dataclasses.replace(event.teams[0], name=long), *event.teams[1:]))
    notes: list[str] = []
    lines = write_team_trf(named, notes=notes).splitlines()
    at = next(k for k, ln in enumerate(lines) if ln.startswith("310   1"))
    assert lines[at][8:40] == long[:32] and lines[at][40] == " "
    assert lines[at + 1] == f"### team 1 full name: {long}"
    assert notes == [f"team 1: the name {long!r} is longer than the 32 columns record 310 gives it (9-40); "
                     f"written as {long[:32]!r}, the full name in a comment line after it"]
    again = read_team_trf("\n".join(lines), "again.trf")
    assert again.teams[0].name == long[:32]
    assert_same_event(dataclasses.replace(named, teams=(dataclasses.replace(named.teams[0], name=long[:32]),
                                                        *named.teams[1:])), again)
    # written again: the comment comes back once, and no second note
    notes.clear()
    assert write_team_trf(again, notes=notes).count(f"### team 1 full name: {long}") == 1 and notes == []
    run = _gacrux()
    original, written = tmp_path / "original.trf", tmp_path / "written.trf"
    original.write_text(four_teams(), encoding="utf-8")
    written.write_text("\n".join(lines) + "\n", encoding="utf-8")
    _same_under_gacrux(run, original, written, primary="MP", codes=["MPTS", "GPTS", "BH:MP", "EMGSB/C1"])


def test_byes_pab_forfeited_matches_and_line_ups_are_written_and_read_back():
    # round 2 changed: team 1 - team 3 forfeited by team 3 (330), team 2 has the PAB, team 4 a half-point bye;
    # round 1: team 1 plays its boards in the other order (300)
    absent = ("0000", "-", "-")
    rounds = {1: [(4, "b", "="), ("0000", "-", "+")], 2: [(3, "w", "1"), ("0000", "-", "+")],
              3: [(2, "b", "0"), absent], 4: [(1, "w", "="), absent],
              5: [(7, "w", "0"), absent], 6: [(8, "b", "1"), absent], 7: [(5, "b", "1"), absent],
              8: [(6, "w", "0"), absent]}
    text = four_teams(rounds=rounds, totals={1: ("4.0", "3.5"), 2: ("2.0", "2.5"), 3: ("1.0", "1.0"),
                                             4: ("2.0", "2.0")},
                      extra=["300   1   1   2    2    1", "330 +-   2   1   3", "320  2.0  2.0       2",
                             "240 H   2    4"])
    event = read_team_trf(text, "event.trf")  # strict: consistent
    assert {(m.round, m.team): m.kind for m in event.matches if m.round == 2} == \
        {(2, 1): "forfeited", (2, 2): "pab", (2, 3): "forfeited", (2, 4): "bye"}
    written = write_team_trf(event)
    lines = written.splitlines()
    assert "300   1   1   2    2    1" in lines and "330 +-   2   1   3" in lines
    assert "320  2.0  2.0       2" in lines and "240 H   2    4" in lines
    assert_same_event(event, read_team_trf(written, "again.trf"))
    assert match_points(event) == {1: 4, 2: 2, 3: 1, 4: 2}


def test_the_default_pab_value_is_written_explicitly():
    """No 320 in a TRF-16 file: the PAB is worth the default (a won match, every board won); the file
    written says so in its 320, so that every reader gives the PAB the same value."""
    text = four_teams()
    event = _read(text)
    pab = dataclasses.replace(event, matches=tuple(
        dataclasses.replace(m, kind=PAB, opponent=None, boards=()) if (m.round, m.team) == (2, 4) else m
        for m in event.matches))
    line = next(ln for ln in write_team_trf(pab).splitlines() if ln.startswith("320"))
    assert line == "320  2.0  2.0       4"


# --- FIDE's reference engine -----------------------------------------------------------------------

def _gacrux():
    from tests.oracle.team_runner import gacrux_available, run_team_gacrux
    if not gacrux_available():
        pytest.skip("gacrux (FIDE's reference engine, test-only) is not installed")
    return run_team_gacrux


def _same_under_gacrux(run, original: Path, written: Path, primary=None, codes=CODES) -> None:
    for edition in ("2024", "2026"):
        a = run(original, codes, edition=edition, primary=primary, encoding="utf-8")
        b = run(written, codes, edition=edition, encoding="utf-8")  # (the written file says its primary)
        assert a.raw == b.raw, (original.name, edition)
        assert a.rank == b.rank


GENERATED = [(seed, trf, primary, mpts)
             for seed, (trf, primary, mpts) in enumerate([("26", "MP", (2, 1, 0)), ("26", "GP", (3, 1, 0)),
                                                          ("16", "MP", (2, 1, 0)), ("16", "GP", (2, 1, 0)),
                                                          ("26", "MP", (3, 1, 0))] * 4)]


@pytest.mark.parametrize("seed, trf, primary, mpts", GENERATED)
def test_generated_events_round_trip_through_gacrux(tmp_path, seed, trf, primary, mpts):
    from tests.oracle.team_generate import team_event
    run = _gacrux()
    gen = team_event(2000 + seed, teams=8 + seed % 5, boards=3 + seed % 3, rounds=5 + seed % 2, trf=trf,
                     primary=primary, match_points=mpts,
                     rates={"bye": 0.08, "forfeit_match": 0.08, "out_of_order": 0.2} if trf == "26" else None)
    original = tmp_path / "original.trf"
    original.write_text(gen.text, encoding="utf-8")
    event = read_team_trf(gen.text, original.name)
    if trf == "16":
        # TRF-16 cannot state the primary score (the file written does, in 192) nor the PAB's value:
        # write it as gacrux reads a TRF-16 PAB (a drawn match, every board won) to compare the files
        event = dataclasses.replace(event, primary=primary, pab=PabValue(event.match_values.draw, None, "gacrux"))
    written = tmp_path / "written.trf"
    written.write_text(write_team_trf(event), encoding="utf-8")
    assert_same_event(event, read_team_trf(written.read_text(encoding="utf-8"), written.name))
    _same_under_gacrux(run, original, written, primary=primary if trf == "16" else None)


def test_generated_cases_cover_pabs_byes_forfeits_and_line_ups():
    from tests.oracle.team_generate import team_event
    kinds: set[str] = set()
    for seed, trf, primary, mpts in GENERATED:
        gen = team_event(2000 + seed, teams=8 + seed % 5, boards=3 + seed % 3, rounds=5 + seed % 2, trf=trf,
                         primary=primary, match_points=mpts,
                         rates={"bye": 0.08, "forfeit_match": 0.08, "out_of_order": 0.2} if trf == "26" else None)
        kinds |= {m.kind + (trf if m.kind == "pab" else "") for m in gen.matches}
        kinds |= {"out-of-order" for m in gen.matches if m.out_of_order}
    assert {"pab26", "pab16", "bye", "forfeit", "out-of-order", "games"} <= kinds


@pytest.mark.parametrize("name", ["sample-trf26-mp.trf", "sample-trf26-gp-primary.trf", "sample-trf26-310-mp3.trf",
                                  "sample-trf16-013.trf"])
def test_format_samples_round_trip_through_gacrux(tmp_path, name):
    run = _gacrux()
    original = TEAM / name
    if not original.is_file():
        pytest.skip("../shared/data/team is not there")
    event = _read(original.read_text(encoding="utf-8"), name)
    assert not any(m.kind == PAB for m in event.matches) or "trf16" not in name  # (no TRF-16 PAB to settle)
    written = tmp_path / name
    written.write_text(write_team_trf(event), encoding="utf-8")
    assert_same_event(event, _read(written.read_text(encoding="utf-8"), name))
    _same_under_gacrux(run, original, written, primary="MP" if "trf16" in name else None)


def test_the_real_trf26_team_file_round_trips_through_gacrux(tmp_path):
    run = _gacrux()
    original = REAL / "grandmommys-cup-trf26-team.trf"
    if not original.is_file():
        pytest.skip("../shared/data/real is not there")
    event = _read(original.read_text(encoding="utf-8"), original.name)
    written = tmp_path / original.name
    written.write_text(write_team_trf(event), encoding="utf-8")
    assert_same_event(event, read_team_trf(written.read_text(encoding="utf-8"), written.name))
    # every record the writer does not settle comes back verbatim (250, 260, 299, 801, 802, ...)
    kept = [ln for ln in original.read_text(encoding="utf-8").splitlines()
            if ln[:3] in ("250", "260", "299", "801", "802", "222", "152", "202", "132")]
    assert set(kept) <= set(written.read_text(encoding="utf-8").splitlines())
    _same_under_gacrux(run, original, written)


def test_the_real_trf16_team_file_is_written_so_that_gacrux_reads_it(tmp_path):
    """gacrux refuses the original (8 players' points field counts team-bye boards: error 401); the
    file written has the points of the results, and gacrux reads it with our match and game points.
    (SSSC is left out: gacrux 1.11.65 stops with a program error on this file, original or not.)"""
    run = _gacrux()
    original = REAL / "crete-interclub-2025-team.trf"
    if not original.is_file():
        pytest.skip("../shared/data/real is not there")
    event = _read(original.read_text(encoding="utf-8"), original.name)
    written = tmp_path / original.name
    written.write_text(write_team_trf(event), encoding="utf-8")
    again = read_team_trf(written.read_text(encoding="utf-8"), written.name)
    assert_same_event(event, again)
    got = run(written, [c for c in CODES if c != "SSSC"], edition="2026", encoding="utf-8")
    assert got.match_points == match_points(event) and got.game_points == game_points(event)
    assert match_points(event) == {1: 4, 2: 3, 3: 8, 4: 4, 5: 4, 6: 5, 7: 3, 8: 1}


# --- the command --------------------------------------------------------------------------------------------

def test_export_trf_writes_a_team_trf_again_with_the_standings_ranks(tmp_path, capsys):
    from xl_tiebreak.cli import main
    source = tmp_path / "four.trf"
    source.write_text(four_teams(), encoding="utf-8")
    out = tmp_path / "out.trf"
    assert main(["export-trf", str(source), "-o", str(out), "-t", "EMGSB,BH:GP"]) == 0
    said = capsys.readouterr().out.splitlines()
    assert said[0] == (f"wrote {out}: 4 teams, 9 players, 2 rounds; ranks (310) of the standings after round 2 by "
                       "EMGSB, BH:GP (fide2026)")
    assert said[1].startswith("Team PAB: 2 MP, 2 GP (the default")
    lines = out.read_text(encoding="utf-8").splitlines()
    assert "202 EMGSB,BH:GP" in lines and "320  2.0  2.0" in lines
    # ranks: team 1, then team 3 above team 2 on EMGSB (4 > 3.5), team 4
    assert [(ln[4:7], ln[68:71]) for ln in lines if ln.startswith("310")] == [
        ("  1", "  1"), ("  2", "  3"), ("  3", "  2"), ("  4", "  4")]
    assert_same_event(_read(four_teams()), _read(out.read_text(encoding="utf-8")))
    # an existing file is replaced only with --force; a workbook's options are refused for a workbook
    assert main(["export-trf", str(source), "-o", str(out)]) == 2
    assert "exists" in capsys.readouterr().err


def test_export_trf_of_a_workbook_refuses_the_team_options(tmp_path, capsys):
    from xl_tiebreak.cli import main
    assert main(["template", "--type", "team", "-o", str(tmp_path / "book.xlsx")]) == 0  # (the file must exist)
    capsys.readouterr()
    assert main(["export-trf", str(tmp_path / "book.xlsx"), "-o", str(tmp_path / "x.trf"), "--team-pab", "win"]) == 2
    assert "--team-pab: for a team TRF; a workbook's export-trf takes them from its Settings" in capsys.readouterr().err


def test_an_empty_board_of_a_300_line_up_keeps_the_board_numbers(tmp_path):
    """Round 1: team 1 leaves board 1 empty (300 ``0 2``): team 2's player 3 wins it by forfeit against
    nobody (``0000 - +``); team 1's player 2 draws on board 2. His board is 2 (its place in the line-up,
    as FIDE's reference engine numbers it), which BC (board x game points) and TBR see."""
    rounds = {1: [("0000", "-", "-"), (5, "w", "=")], 3: [("0000", "-", "+"), (7, "w", "1")]}
    text = four_teams(rounds=rounds, totals={1: ("1.0", "1.5"), 2: ("4.0", "3.5")},
                      extra=["300   1   1   2    0    2"], points={1: "0.5", 3: "2.0"})
    event = read_team_trf(text, "event.trf")  # strict: consistent
    first = event.matches_of(1)[0]
    assert [(b.board, b.player) for b in first.boards] == [(2, 2)]
    assert [(b.board, b.player, b.opponent) for b in event.matches_of(2)[0].boards] == [(1, 3, None), (2, 4, 2)]
    written = write_team_trf(event)
    assert "300   1   1   2    0    2" in written.splitlines()
    assert_same_event(event, read_team_trf(written, "again.trf"))
    run = _gacrux()
    original, again = tmp_path / "original.trf", tmp_path / "written.trf"
    original.write_text(text, encoding="utf-8")
    again.write_text(written, encoding="utf-8")
    _same_under_gacrux(run, original, again, codes=["TBR", "MPTS", "GPTS", "BC"])
    # BC = sum of board x game points: round 1 board 2's ½ (2 x ½), round 2 ½ on boards 1 and 2 (1 x ½ + 2 x ½)
    # = 2.5 (numbered 1, 2, ... without the empty board it would be 2)
    from xl_tiebreak.team_engine import compute_team
    assert compute_team(event, "BC", edition="fide2026").value(1, "BC") == Fraction(5, 2)
    assert run(again, ["BC"], edition="2026").values[1]["BC"] == Fraction(5, 2)


def test_points_too_wide_for_their_columns():
    from xl_tiebreak.errors import TiebreakError
    from xl_tiebreak.trf.team_writer import _points
    assert _points(Fraction(100), 4) == " 100" and _points(Fraction(25, 2), 4) == "12.5"
    assert _points(Fraction(9, 4), 4) == "2.25" and _points(Fraction(1234, 1), 6) == "1234.0"
    with pytest.raises(TiebreakError):
        _points(Fraction(201, 2), 4)


# --- a team workbook written as TRF, read by FIDE's reference engine -----------------------------------------

def _sample_workbook(tmp_path: Path, drop_round: Optional[int] = None) -> tuple[TeamEvent, Path]:
    """sample-trf26-mp.trf (11 teams of 4 boards, 7 rounds; round 4: team 7 won its match against
    team 10 by forfeit, 330 ``-+``) as a team workbook, without the match rows of ``drop_round``."""
    from xl_tiebreak.excel.authoring.team_template import filled_team_workbook, to_bytes
    source = TEAM / "sample-trf26-mp.trf"
    if not source.is_file():
        pytest.skip("../shared/data/team is not there")
    event = _read(source.read_text(encoding="utf-8"), source.name)
    wb = filled_team_workbook(event)
    ms = wb["Matches"]
    for r in range(5, ms.max_row + 1):
        if drop_round is not None and ms.cell(r, 1).value == drop_round:
            for j in range(1, ms.max_column + 1):
                ms.cell(r, j).value = None
    book = tmp_path / "team.xlsx"
    book.write_bytes(to_bytes(wb))
    return event, book


def _rounds_of(text: str, no: int) -> list[str]:
    line = next(ln for ln in text.splitlines() if ln.startswith("001") and int(ln[4:8]) == no)
    return [line[91 + 10 * r:99 + 10 * r] for r in range(7)]


def test_a_workbook_s_forfeited_match_is_written_so_that_fide_s_reference_scores_it(tmp_path, capsys):
    """The winners of a forfeited match get ``0000 - +`` on the first ``boards`` players of their roster
    (the workbook has no line-up for it; FIDE TEC's TRF-2025 sample writes it on the players fielded),
    and their points fields count it. Written ``0000 - -``, gacrux gave team 7 no match point and no game
    point for that round (2 MP instead of 4): here it reads the workbook's TRF with the source's values."""
    from xl_tiebreak.cli import main
    run = _gacrux()
    event, book = _sample_workbook(tmp_path)
    out = tmp_path / "back.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    assert event.team(7).roster[:4] == (21, 27, 31, 38)
    assert [_rounds_of(text, p)[3] for p in (21, 27, 31, 38, 46)] == ["0000 - +"] * 4 + ["0000 - -"]
    assert next(ln for ln in text.splitlines() if ln.startswith("001   21"))[80:84] == " 5.5"  # 4.5 + the forfeit
    assert [_rounds_of(text, p)[3] for p in event.team(10).roster] == ["0000 - -"] * 5
    assert_same_event(event, read_team_trf(text, out.name))
    _same_under_gacrux(run, TEAM / "sample-trf26-mp.trf", out)
    assert run(out, ["MPTS"]).match_points[7] == 4


def test_a_team_trf_written_mid_event_leaves_the_rounds_to_come_blank(tmp_path, capsys):
    """Round 7 of 7 not played yet: every player's round 7 is left blank, as the individual writer
    leaves it (``0000 - -`` there is a round without a game, which a reader may count as a forfeit),
    while a reserve who sat out a round played is still ``0000 - -``; from the workbook and from the TRF
    written, read again. FIDE's reference engine gives the values of the source after round 6."""
    from xl_tiebreak.cli import main
    run = _gacrux()
    _event, book = _sample_workbook(tmp_path, drop_round=7)
    out = tmp_path / "mid.trf"
    assert main(["export-trf", str(book), "-o", str(out)]) == 0
    text = out.read_text(encoding="utf-8")
    again = tmp_path / "again.trf"
    assert main(["export-trf", str(out), "-o", str(again)]) == 0
    for written in (text, again.read_text(encoding="utf-8")):
        players = [ln for ln in written.splitlines() if ln.startswith("001")]
        assert players and all(len(ln.rstrip()) <= 91 + 10 * 6 for ln in players)  # nothing after round 6
        assert _rounds_of(written, 46)[:6] == ["0000 - -", "0000 - -", "  53 b 1", "0000 - -", "0000 - -", "0000 - -"]
    for edition in ("2024", "2026"):
        a = run(TEAM / "sample-trf26-mp.trf", CODES, edition=edition, rounds=6)
        b = run(out, CODES, edition=edition, rounds=6)
        assert (a.raw, a.rank) == (b.raw, b.rank)
