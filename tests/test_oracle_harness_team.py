"""The team oracle harness itself: generated team TRFs are read by gacrux, the runner returns
every value, and gacrux's match and game points equal the ones counted here from the
generated matches (an independent check of the generator).  Test-only; needs gacrux."""

from __future__ import annotations

from fractions import Fraction

import pytest

from tests.oracle.team_generate import TeamEvent, team_event
from tests.oracle.team_runner import HARNESS_CODES, gacrux_available, run_team_gacrux

pytestmark = pytest.mark.oracle
needs_gacrux = pytest.mark.skipif(not gacrux_available(), reason="gacrux (test-only oracle) is not installed")

# (seed, options): both TRF versions, MP/GP primary, 3/1/0, PAB (odd team counts), team byes,
# forfeited matches, board forfeits, withdrawals.
CASES = [
    (1, dict(trf="26", primary="MP", teams=9, boards=4, rounds=7)),
    (2, dict(trf="26", primary="GP", teams=10, boards=4, rounds=6)),
    (3, dict(trf="26", primary="MP", teams=11, boards=6, rounds=8, match_points=(3, 1, 0))),
    (4, dict(trf="26", primary="GP", teams=7, boards=3, rounds=5, match_points=(3, 1, 0), pab=(3, 3))),
    (5, dict(trf="26", primary="MP", teams=13, boards=4, rounds=9, pab=(1, 2),
             rates=dict(bye=0.1, forfeit_match=0.15, board_forfeit=0.1, double_forfeit=0.05, withdraw=0.3,
                        out_of_order=0.3))),
    (6, dict(trf="16", primary="MP", teams=9, boards=4, rounds=7)),
    (7, dict(trf="16", primary="GP", teams=10, boards=5, rounds=7)),
    (8, dict(trf="16", primary="MP", teams=11, boards=4, rounds=9,
             rates=dict(forfeit_match=0.15, board_forfeit=0.1, double_forfeit=0.05, withdraw=0.3))),
    (9, dict(trf="26", primary="MP", teams=16, boards=10, rounds=11, rates=dict(out_of_order=0.2))),
    (10, dict(trf="26", primary="GP", teams=5, boards=2, rounds=4, rates=dict(bye=0.2, withdraw=0.5))),
    # matches with every board a double forfeit: 0 MP for both teams
    (11, dict(trf="26", primary="MP", teams=6, boards=2, rounds=4, rates=dict(double_forfeit=0.6))),
    (12, dict(trf="16", primary="GP", teams=6, boards=2, rounds=4, rates=dict(double_forfeit=0.6))),
]


def expected_scores(ev: TeamEvent) -> tuple[dict[int, Fraction], dict[int, Fraction]]:
    """Match and game points from the generated matches, by the rule (not the generator's count):
    per board 1 / 1/2 / 0 (forfeit win 1, double forfeit 0 for both); the match goes to the team
    with more game points and is worth TW/TD/TL (362); a forfeited match gives TW and every board
    to the winner, TL and 0 to the loser (0 and 0 to both when both lost it); team byes F/H/Z give
    TW and every board / TD and half the boards / nothing; the PAB gives its 320 values, or in
    TRF-16 gacrux's default, a drawn match with every board won."""
    tw, td, tl = ev.match_points
    n = ev.boards
    mp = {t: Fraction(0) for t in ev.rosters}
    gp = {t: Fraction(0) for t in ev.rosters}
    board = {"1": (1, 0), "=": (Fraction(1, 2), Fraction(1, 2)), "0": (0, 1), "+": (1, 0), "-": (0, 1),
             "--": (0, 0)}
    for m in ev.matches:
        if m.kind == "games" or (m.kind == "forfeit" and ev.trf == "16"):
            a = sum(Fraction(board[r][0]) for _, _, r in m.boards)
            b = sum(Fraction(board[r][1]) for _, _, r in m.boards)
            gp[m.white] += a
            gp[m.black] += b
            if a == b == 0 and all(r == "--" for _, _, r in m.boards):
                continue  # nothing played on any board: 0 match points for both
            mp[m.white] += tw if a > b else td if a == b else tl
            mp[m.black] += tw if b > a else td if a == b else tl
        elif m.kind == "forfeit":
            if m.result == "+-":
                mp[m.white] += tw
                mp[m.black] += tl
                gp[m.white] += n
            elif m.result == "-+":
                mp[m.black] += tw
                mp[m.white] += tl
                gp[m.black] += n
        elif m.kind == "bye":
            mp[m.white] += {"F": tw, "H": td, "Z": 0}[m.result]
            gp[m.white] += {"F": n, "H": Fraction(n, 2), "Z": 0}[m.result]
        elif m.kind == "pab":
            pmp, pgp = ev.pab if ev.pab is not None else (td, Fraction(n))
            mp[m.white] += pmp
            gp[m.white] += pgp
    return mp, gp


def expected_board_count(ev: TeamEvent) -> dict[int, Fraction]:
    """BC (sum of board number x game points on that board), from the generated boards in the
    order they were played (300 records included).  Unplayed rounds as gacrux 1.11.65 counts
    them (observed, and what §5.17 says of the PAB for the knock-out tie-breaks): a forfeited
    match won, an F bye and the PAB (whatever its 320 GP) are every board won, an H bye every
    board drawn.  A match in which no game was played (only board forfeits) and not both teams
    scored counts like a forfeited match: every board won for the winner, nothing otherwise."""
    full = Fraction(ev.boards * (ev.boards + 1), 2)
    board = {"1": (1, 0), "=": (Fraction(1, 2), Fraction(1, 2)), "0": (0, 1), "+": (1, 0), "-": (0, 1),
             "--": (0, 0)}
    bc = {t: Fraction(0) for t in ev.rosters}
    for m in ev.matches:
        if m.boards and not any(r in ("1", "=", "0") for _, _, r in m.boards) and not (
                sum(Fraction(board[r][0]) for _, _, r in m.boards) > 0
                and sum(Fraction(board[r][1]) for _, _, r in m.boards) > 0):
            # no game played and not both teams scoring: counted as a forfeited match
            a = sum(Fraction(board[r][0]) for _, _, r in m.boards)
            b = sum(Fraction(board[r][1]) for _, _, r in m.boards)
            bc[m.white] += full if a > b else 0
            bc[m.black] += full if b > a else 0
        elif m.boards:
            for i, (_, _, r) in enumerate(m.boards):
                bc[m.white] += (i + 1) * Fraction(board[r][0])
                bc[m.black] += (i + 1) * Fraction(board[r][1])
        elif m.kind == "forfeit" and m.result != "--":
            bc[m.white if m.result == "+-" else m.black] += full
        elif m.kind == "bye":
            bc[m.white] += {"F": full, "H": full / 2, "Z": 0}[m.result]
        elif m.kind == "pab":
            bc[m.white] += full
    return bc


@needs_gacrux
@pytest.mark.parametrize("seed,opts", CASES, ids=[f"s{s}-trf{o['trf']}-{o['primary']}" for s, o in CASES])
def test_generated_team_event_through_gacrux(tmp_path, seed, opts):
    ev = team_event(seed, **opts)
    path = tmp_path / f"team{seed}.trf"
    path.write_text(ev.text, encoding="utf-8")
    kinds = {m.kind for m in ev.matches}
    assert "games" in kinds
    if opts["teams"] % 2:
        assert "pab" in kinds
    primary = opts["primary"] if opts["trf"] == "16" else None
    mp, gp = expected_scores(ev)
    for edition in ("2024", "2026"):
        res = run_team_gacrux(path, HARNESS_CODES, edition=edition, primary=primary)
        assert sorted(res.values) == sorted(ev.rosters)
        for t, row in res.values.items():
            assert list(row) == HARNESS_CODES
            assert all(v is not None for v in row.values()), (t, res.raw[t])
        assert res.match_points == mp, edition
        assert res.game_points == gp, edition
        assert {t: row["MPTS"] for t, row in res.values.items()} == mp
        assert {t: row["GPTS"] for t, row in res.values.items()} == gp
        assert {t: row["BC"] for t, row in res.values.items()} == expected_board_count(ev), edition
    # The 310 record declares what the generator counted (gacrux checks it too).
    assert ev.mp == mp and ev.gp == gp


def test_generated_cases_cover_the_special_kinds():
    evs = [team_event(s, **o) for s, o in CASES]
    kinds = {(ev.trf, m.kind, m.result) for ev in evs for m in ev.matches}
    for k in [("26", "pab", ""), ("16", "pab", ""), ("26", "forfeit", "+-"), ("26", "forfeit", "-+"),
              ("16", "forfeit", "+-"), ("26", "bye", "F"), ("26", "bye", "H"), ("26", "bye", "Z"),
              ("16", "absent", "Z")]:
        assert k in kinds, k
    results = {r for ev in evs for m in ev.matches for _, _, r in m.boards}
    assert {"1", "=", "0", "+", "-", "--"} <= results
    assert any(ev.match_points == (3, 1, 0) for ev in evs)
    assert any(m.out_of_order for ev in evs for m in ev.matches)
    assert {ev.trf for ev in evs for m in ev.matches if m.boards and all(b[2] == "--" for b in m.boards)} == {"26", "16"}
    assert any(len(ps) > ev.boards and any(p in ps[ev.boards:] for m in ev.matches for b in m.boards
                                           for p in b[:2]) for ev in evs for ps in ev.rosters.values())


def test_same_seed_same_text():
    assert team_event(3, **CASES[2][1]).text == team_event(3, **CASES[2][1]).text


@needs_gacrux
def test_primary_is_the_first_points_code_without_192(tmp_path):
    """TRF-16 cannot state the primary score: the runner's primary= decides what un-qualified codes use."""
    ev = team_event(7, **CASES[6][1])
    path = tmp_path / "t16.trf"
    path.write_text(ev.text, encoding="utf-8")
    as_mp = run_team_gacrux(path, ["BH", "BH:MP", "BH:GP"], edition="2026", primary="MP")
    as_gp = run_team_gacrux(path, ["BH", "BH:MP", "BH:GP"], edition="2026", primary="GP")
    for t in ev.rosters:
        assert as_mp.values[t]["BH"] == as_mp.values[t]["BH:MP"]
        assert as_gp.values[t]["BH"] == as_gp.values[t]["BH:GP"]
