"""Team events: the team model, reading a team TRF, match and game points.

Values: a tiny event worked by hand (below), the sample files' own record 310 standings, and FIDE's
reference engine gacrux on generated events (skipped when gacrux is not installed). Where gacrux
departs from the text (a TRF-16 PAB: a drawn match), we follow the text and assert the departure.
"""

from __future__ import annotations

import dataclasses
import os
from fractions import Fraction
from pathlib import Path

import pytest

from conftest import SHARED, trf_line
from xl_tiebreak.errors import InputError
from xl_tiebreak.teams import (
    BYE,
    DEFAULT_PAB,
    FORFEITED,
    PAB,
    PLAYED,
    MatchValues,
    PabValue,
    game_points,
    match_points,
    primary_score,
    secondary_score,
)
from xl_tiebreak.trf import parse_trf
from xl_tiebreak.trf.teams import read_team_trf
from xl_tiebreak.validation import Findings

# ../shared beside the project (XL_TIEBREAK_SHARED names it elsewhere, e.g. from a git worktree)
_SHARED = SHARED if SHARED.is_dir() else Path(os.environ.get("XL_TIEBREAK_SHARED", str(SHARED)))
TEAM = _SHARED / "data" / "team"
REAL = _SHARED / "data" / "real"
F = Fraction


def team_line(no: int, name: str, players: list[int], mp: str = "", gp: str = "") -> str:
    """A 310 record: number 5-7, name 9-40, MP 55-60, GP 62-67, players from 74 every 5 columns."""
    return (f"310 {no:3d} {name:<32} {'':5} {'':6} {mp:>6} {gp:>6} {'':3}  "
            + " ".join(f"{p:4d}" for p in players))


def tiny(pab320: bool = True, t1_mp: str = "2.0") -> str:
    """Three teams of two boards, two rounds (worked by hand, C.07 team scoring as TIEBREAK_RULES §5.17):

    round 1: team 1 - team 2, board 1 1-0, board 2 ½-½: team 1 1.5 GP, 2 MP; team 2 0.5 GP, 0 MP;
             team 3 has the PAB (320: 1 MP, 1 GP; without 320: the default, a won match, 2 MP, 2 GP);
    round 2: team 3 - team 1 a forfeited match won by team 3 (330 ``+-``): 2 MP, 2 GP (every board)
             and 0, 0; team 2 a half-point team bye (240 H): a drawn match, 1 MP, every board drawn, 1 GP.
    Totals: team 1 2 MP 1.5 GP; team 2 1 MP 1.5 GP; team 3 3 MP 3 GP (4 MP 4 GP with the default PAB).
    """
    pab = "U" if not pab320 else "-"
    lines = ["012 Tiny team event", "042 2026/03/01", "142 2", "192 FIDE_TEAM_TYPEA_MP_GP", "352 WB",
             "362 TW 2.0   TD 1.0   TL 0.0",
             trf_line(1, [(3, "w", "1"), ("0000", "-", "-")]),
             trf_line(2, [(4, "b", "="), ("0000", "-", "-")]),
             trf_line(3, [(1, "b", "0"), ("0000", "-", "-")]),
             trf_line(4, [(2, "w", "="), ("0000", "-", "-")]),
             trf_line(5, [("0000", "-", pab), ("0000", "-", "+")]),
             trf_line(6, [("0000", "-", pab), ("0000", "-", "+")]),
             team_line(1, "One", [1, 2], t1_mp, "1.5"),
             team_line(2, "Two", [3, 4], "1.0", "1.5"),
             team_line(3, "Three", [5, 6], "3.0" if pab320 else "4.0", "3.0" if pab320 else "4.0"),
             "240 H   2    2",
             "330 +-   2   3   1"]
    if pab320:
        lines.append("320  1.0  1.0   3")
    return "\n".join(lines) + "\n"


def test_tiny_event_by_hand():
    ev = read_team_trf(tiny(), "tiny.trf")
    assert [t.no for t in ev.teams] == [1, 2, 3] and ev.teams[0].roster == (1, 2)
    assert ev.boards == 2 and ev.primary == "MP" and ev.match_values == MatchValues()
    assert ev.pab == PabValue(F(1), F(1), "320")
    kinds = {(m.round, m.team): m.kind for m in ev.matches}
    assert kinds == {(1, 1): PLAYED, (1, 2): PLAYED, (1, 3): PAB, (2, 1): FORFEITED, (2, 2): BYE,
                     (2, 3): FORFEITED}
    m = ev.matches_of(1)[0]
    assert m.opponent == 2 and [(b.board, b.player, b.opponent, b.points) for b in m.boards] == \
        [(1, 1, 3, F(1)), (2, 2, 4, F(1, 2))]
    assert match_points(ev) == {1: F(2), 2: F(1), 3: F(3)}
    assert game_points(ev) == {1: F(3, 2), 2: F(3, 2), 3: F(3)}
    assert primary_score(ev) == match_points(ev) and secondary_score(ev) == game_points(ev)


def test_default_pab_is_a_won_match_with_every_board_won():
    """No 320: TRF-26 162's P = W, and TIEBREAK_RULES §5.17 "a PAB counts as a standard win on every board"."""
    ev = read_team_trf(tiny(pab320=False), "tiny.trf")
    assert ev.pab == DEFAULT_PAB and ev.pab.source == "default" and ev.pab_points == (F(2), F(2))
    assert ev.matches_of(3)[0].kind == PAB  # from the players' 0000 - U
    assert match_points(ev) == {1: F(2), 2: F(1), 3: F(4)}
    assert game_points(ev) == {1: F(3, 2), 2: F(3, 2), 3: F(4)}
    # the value is an event setting: a drawn match against a virtual team, say
    drawn = dataclasses.replace(ev, pab=PabValue(F(1), None, "setting"))
    assert match_points(drawn)[3] == F(3) and game_points(drawn)[3] == F(4)


def test_declared_points_that_differ_are_a_warning_naming_the_line_and_the_games_count():
    """FIDE's reference engine reads such a file with the games' totals: a warning, not an error
    (validation never refuses what the reference computes); read strictly too."""
    text = tiny(t1_mp="3.0")
    ev = read_team_trf(text, "tiny.trf")
    assert match_points(ev)[1] != F(3)
    fd = Findings(strict=False)
    read_team_trf(text, "tiny.trf", findings=fd)
    assert not fd.errors
    assert [(f.rule, f.where) for f in fd.warnings] == [("team-declared", "tiny.trf line 13, column 55")]
    assert fd.warnings[0].message.endswith(": the games' totals are used")


def test_player_in_no_team_is_a_warning_naming_his_line():
    text = tiny().replace(team_line(2, "Two", [3, 4], "1.0", "1.5"), team_line(2, "Two", [3], "1.0", "1.5"))
    fd = Findings(strict=False)
    ev = read_team_trf(text, "tiny.trf", findings=fd)
    assert [(f.rule, f.where) for f in fd.warnings if f.rule == "team-roster"] == [("team-roster", "tiny.trf line 10")]
    assert game_points(ev)[2] == F(1)  # (player 4's draw no longer counts for team 2)


def test_boards_against_two_teams_is_an_error_naming_the_line():
    # player 2 moved to team 3: in round 1 team 3 has the PAB (320) and a board game
    text = tiny().replace(team_line(1, "One", [1, 2], "2.0", "1.5"), team_line(1, "One", [1], "2.0", "1.5")) \
        .replace(team_line(3, "Three", [5, 6], "3.0", "3.0"), team_line(3, "Three", [5, 6, 2], "3.0", "3.0"))
    fd = Findings(strict=False)
    read_team_trf(text, "tiny.trf", findings=fd)
    rules = {(f.rule, f.where) for f in fd.errors}
    assert ("team-match", "tiny.trf line 18") in rules  # the 320 record
    assert ("team-match", "tiny.trf line 10, column 92") in rules  # team 2's player 4 meets team 3's player 2
    with pytest.raises(InputError):
        read_team_trf(text, "tiny.trf")


@pytest.mark.parametrize("bad, where", [
    ("330 ++   2   3   1", "tiny.trf line 17, column 5"),
    ("330 +-   2   3   9", "tiny.trf line 17"),
    ("240 Q   2    2", "tiny.trf line 16, column 5"),
    ("320  x.0  1.0   3", "tiny.trf line 18, column 5"),
])
def test_bad_team_records_raise_input_error_naming_the_line(bad, where):
    lines = tiny().splitlines()
    code = bad[:3]
    i = next(k for k, ln in enumerate(lines) if ln.startswith(code))
    lines[i] = bad
    with pytest.raises(InputError) as exc:
        read_team_trf("\n".join(lines) + "\n", "tiny.trf")
    assert exc.value.where == where


def test_bad_roster_and_no_team_records():
    text = tiny().replace(team_line(3, "Three", [5, 6], "3.0", "3.0"), team_line(3, "Three", [5, 6, 77], "3.0", "3.0"))
    with pytest.raises(InputError) as exc:
        read_team_trf(text, "tiny.trf")
    assert exc.value.where == "tiny.trf line 15"
    with pytest.raises(InputError):
        read_team_trf("012 x\n042 2026/03/01\n" + trf_line(1, [("0000", "-", "U")]) + "\n", "x.trf")


def test_parse_trf_still_refuses_a_team_file_by_default():
    with pytest.raises(InputError):
        parse_trf(tiny(), "tiny.trf")
    assert len(parse_trf(tiny(), "tiny.trf", allow_team=True).players) == 6


def _shared(path):
    if not path.is_file():
        pytest.skip(f"{path} is not beside the project (../shared)")
    return path


@pytest.mark.parametrize("name", ["sample-trf26-mp.trf", "sample-trf26-gp-primary.trf", "sample-trf26-310-mp3.trf"])
def test_trf26_samples_equal_their_own_310_standings(name):
    """Read strictly: every team's MP and GP equal what its 310 record declares (else team-declared)."""
    path = _shared(TEAM / name)
    ev = read_team_trf(path.read_text(encoding="utf-8"), name)
    mp, gp = match_points(ev), game_points(ev)
    assert {t.no: (t.declared_mp, t.declared_gp) for t in ev.teams} == {t: (mp[t], gp[t]) for t in mp}
    assert ev.pab.source == "320"
    expect = {"sample-trf26-mp.trf": ("MP", MatchValues(), (F(1), F(2))),
              "sample-trf26-gp-primary.trf": ("GP", MatchValues(), (F(2), F(4))),
              "sample-trf26-310-mp3.trf": ("MP", MatchValues(F(3), F(1), F(0)), None)}[name]
    assert ev.primary == expect[0] and ev.match_values == expect[1]
    if expect[2]:
        assert ev.pab_points == expect[2]


def test_trf16_sample_reads():
    path = _shared(TEAM / "sample-trf16-013.trf")
    fd = Findings(strict=False)
    ev = read_team_trf(path.read_text(encoding="utf-8"), path.name, findings=fd)
    assert len(ev.teams) == 10 and ev.boards == 4 and ev.pab == DEFAULT_PAB
    assert not [f for f in fd.items if f.rule.startswith("team")]
    assert not any(m.kind == PAB for m in ev.matches)  # (10 teams: no PAB, so nothing departs from gacrux)


@pytest.mark.parametrize("name", ["sample-trf26-mp.trf", "sample-trf26-gp-primary.trf", "sample-trf26-310-mp3.trf",
                                  "sample-trf16-013.trf"])
def test_samples_equal_gacrux(name):
    path = _shared(TEAM / name)
    run = _oracle()
    ev = read_team_trf(path.read_text(encoding="utf-8"), name)
    o = run(path, ["MPTS", "GPTS"], edition="2026", primary="MP" if "trf16" in name else None)
    assert match_points(ev) == o.match_points and game_points(ev) == o.game_points


def test_real_team_files_read():
    path = _shared(REAL / "grandmommys-cup-trf26-team.trf")
    fd = Findings(strict=False)
    ev = read_team_trf(path.read_text(encoding="utf-8"), path.name, findings=fd)
    assert len(ev.teams) == 50 and ev.rounds == 14 and ev.boards == 4
    # Denmark's 310 (and 802) count a half-point bye in round 3 that no record of the file states
    # (240 gives its H bye in round 4 only; its players are 0000 - - in round 3): the finding shows it.
    assert not fd.errors and [(f.rule, f.where) for f in fd.warnings if f.rule == "team-declared"] == [
        ("team-declared", f"{path.name} line 334, column 55"), ("team-declared", f"{path.name} line 334, column 62")]
    crete = _shared(REAL / "crete-interclub-2025-team.trf")
    fd = Findings(strict=False)
    ev = read_team_trf(crete.read_text(encoding="utf-8"), crete.name, findings=fd)
    assert len(ev.teams) == 8 and not fd.errors


# --- against FIDE's reference engine -----------------------------------------------------------

def _oracle():
    from tests.oracle.team_runner import gacrux_available, run_team_gacrux
    if not gacrux_available():
        pytest.skip("gacrux (FIDE's reference engine, test-only) is not installed")
    return run_team_gacrux


CASES = [(seed, trf, primary, mpts)
         for seed in range(12)
         for trf, primary, mpts in (("26", "MP", (2, 1, 0)), ("26", "GP", (3, 1, 0)), ("16", "MP", (2, 1, 0)),
                                    ("16", "GP", (2, 1, 0)))][:48]


def test_match_and_game_points_equal_gacrux(tmp_path):
    """>= 40 generated events (TRF-26 and TRF-16, MP and GP primary, 2/1/0 and 3/1/0, PABs, team byes,
    forfeited matches, board forfeits, withdrawals, out-of-order line-ups): our MP and GP are gacrux's,
    except where gacrux departs from the text (TRF-16 PAB, asserted below)."""
    from tests.oracle.team_generate import team_event
    run = _oracle()
    departures = 0
    for seed, trf, primary, mpts in CASES:
        gen = team_event(1000 + seed, teams=9 + seed % 4, boards=3 + seed % 3, rounds=6, trf=trf,
                         primary=primary, match_points=mpts,
                         rates={"bye": 0.08, "forfeit_match": 0.08} if trf == "26" else None)
        path = tmp_path / f"e{seed}-{trf}-{primary}.trf"
        path.write_text(gen.text, encoding="utf-8")
        ev = read_team_trf(gen.text, path.name)  # strict: no finding (310's MP/GP are the games' too)
        o = run(path, ["MPTS", "GPTS"], edition="2026", primary=None if trf == "26" else primary)
        mp, gp = match_points(ev), game_points(ev)
        assert gp == o.game_points, (path.name, gen.text)
        if trf == "26":
            assert ev.primary == primary
            assert ev.pab.source == ("320" if gen.pab is not None and any(m.kind == "pab" for m in gen.matches)
                                     else "default")
            assert mp == o.match_points == gen.mp, (path.name, gen.text)
            continue
        # TRF-16 (no 320): we give the PAB a won match (TW) and every board won -- TRF-26 162 "P: default
        # = W" and TIEBREAK_RULES §5.17 "a PAB counts as a standard win on every board"; gacrux 1.11.65
        # gives a *drawn* match (TD) with every board won. The departure is exactly TW - TD per PAB.
        pabs = {t: sum(m.kind == PAB for m in ev.matches_of(t)) for t in mp}
        tw, td = ev.match_values.win, ev.match_values.draw
        assert mp == {t: o.match_points[t] + (tw - td) * pabs[t] for t in mp}, (path.name, gen.text)
        departures += sum(pabs.values())
        as_gacrux = dataclasses.replace(ev, pab=PabValue(td, None, "gacrux TRF-16 default"))
        assert match_points(as_gacrux) == o.match_points == gen.mp
    assert departures >= 5  # the TRF-16 PAB departure was really exercised
    assert len(CASES) >= 40
