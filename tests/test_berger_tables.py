"""The Berger tables (C.05 Annex 1) by the arithmetic rule: equal to the handbook's tables, to
FIDE's reference engine for 3..20 players, single and double, and the round robin's pairing
(sit-out, absences, history that does not follow the table) as xl_tiebreak.pairing.berger gives it."""

from __future__ import annotations

import pytest

from tests.oracle.gacrux_runner import gacrux_available
from xl_tiebreak.model import Kind, Player, Round, Tournament
from xl_tiebreak.pairing.berger import cycle_rounds, pair_berger, round_pairing, scheduled_round, table_round
from xl_tiebreak.pairing.model import Pair, PairingError, Request, Unpaired

# The tables as PAIRING_RULES.md §4 prints them ("w-b"; in the odd case N sits out), which that
# section says were checked equal to FIDE's reference engine (berger.bergertables and every round
# of pairingchecker -m berger), Milvang's "Berger explained" and the public tables at
# c.w.fox.tripod.com/chess/berger.html (n <= 14): the handbook's C.05 Annex 1 tables.
HANDBOOK = {
    4: "R1 1-4 2-3 | R2 4-3 1-2 | R3 2-4 3-1",
    6: "R1 1-6 2-5 3-4 | R2 6-4 5-3 1-2 | R3 2-6 3-1 4-5 | R4 6-5 1-4 2-3 | R5 3-6 4-2 5-1",
    8: "R1 1-8 2-7 3-6 4-5 | R2 8-5 6-4 7-3 1-2 | R3 2-8 3-1 4-7 5-6 | R4 8-6 7-5 1-4 2-3 | "
       "R5 3-8 4-2 5-1 6-7 | R6 8-7 1-6 2-5 3-4 | R7 4-8 5-3 6-2 7-1",
    10: "R1 1-10 2-9 3-8 4-7 5-6 | R2 10-6 7-5 8-4 9-3 1-2 | R3 2-10 3-1 4-9 5-8 6-7 | "
        "R4 10-7 8-6 9-5 1-4 2-3 | R5 3-10 4-2 5-1 6-9 7-8 | R6 10-8 9-7 1-6 2-5 3-4 | "
        "R7 4-10 5-3 6-2 7-1 8-9 | R8 10-9 1-8 2-7 3-6 4-5 | R9 5-10 6-4 7-3 8-2 9-1",
    12: "R1 1-12 2-11 3-10 4-9 5-8 6-7 | R2 12-7 8-6 9-5 10-4 11-3 1-2 | R3 2-12 3-1 4-11 5-10 6-9 7-8 | "
        "R4 12-8 9-7 10-6 11-5 1-4 2-3 | R5 3-12 4-2 5-1 6-11 7-10 8-9 | R6 12-9 10-8 11-7 1-6 2-5 3-4 | "
        "R7 4-12 5-3 6-2 7-1 8-11 9-10 | R8 12-10 11-9 1-8 2-7 3-6 4-5 | R9 5-12 6-4 7-3 8-2 9-1 10-11 | "
        "R10 12-11 1-10 2-9 3-8 4-7 5-6 | R11 6-12 7-5 8-4 9-3 10-2 11-1",
    14: "R1 1-14 2-13 3-12 4-11 5-10 6-9 7-8 | R2 14-8 9-7 10-6 11-5 12-4 13-3 1-2 | "
        "R3 2-14 3-1 4-13 5-12 6-11 7-10 8-9 | R4 14-9 10-8 11-7 12-6 13-5 1-4 2-3 | "
        "R5 3-14 4-2 5-1 6-13 7-12 8-11 9-10 | R6 14-10 11-9 12-8 13-7 1-6 2-5 3-4 | "
        "R7 4-14 5-3 6-2 7-1 8-13 9-12 10-11 | R8 14-11 12-10 13-9 1-8 2-7 3-6 4-5 | "
        "R9 5-14 6-4 7-3 8-2 9-1 10-13 11-12 | R10 14-12 13-11 1-10 2-9 3-8 4-7 5-6 | "
        "R11 6-14 7-5 8-4 9-3 10-2 11-1 12-13 | R12 14-13 1-12 2-11 3-10 4-9 5-8 6-7 | "
        "R13 7-14 8-6 9-5 10-4 11-3 12-2 13-1",
    16: "R1 1-16 2-15 3-14 4-13 5-12 6-11 7-10 8-9 | R2 16-9 10-8 11-7 12-6 13-5 14-4 15-3 1-2 | "
        "R3 2-16 3-1 4-15 5-14 6-13 7-12 8-11 9-10 | R4 16-10 11-9 12-8 13-7 14-6 15-5 1-4 2-3 | "
        "R5 3-16 4-2 5-1 6-15 7-14 8-13 9-12 10-11 | R6 16-11 12-10 13-9 14-8 15-7 1-6 2-5 3-4 | "
        "R7 4-16 5-3 6-2 7-1 8-15 9-14 10-13 11-12 | R8 16-12 13-11 14-10 15-9 1-8 2-7 3-6 4-5 | "
        "R9 5-16 6-4 7-3 8-2 9-1 10-15 11-14 12-13 | R10 16-13 14-12 15-11 1-10 2-9 3-8 4-7 5-6 | "
        "R11 6-16 7-5 8-4 9-3 10-2 11-1 12-15 13-14 | R12 16-14 15-13 1-12 2-11 3-10 4-9 5-8 6-7 | "
        "R13 7-16 8-6 9-5 10-4 11-3 12-2 13-1 14-15 | R14 16-15 1-14 2-13 3-12 4-11 5-10 6-9 7-8 | "
        "R15 8-16 9-7 10-6 11-5 12-4 13-3 14-2 15-1",
}


def _parsed(text: str) -> list[tuple[tuple[int, int], ...]]:
    rounds = []
    for k, part in enumerate(text.split("|"), 1):
        words = part.split()
        assert words[0] == f"R{k}"
        rounds.append(tuple(tuple(int(x) for x in w.split("-")) for w in words[1:]))
    return rounds  # type: ignore[return-value]


@pytest.mark.parametrize("even", sorted(HANDBOOK))
def test_tables_equal_the_handbook_tables_for_both_sizes_they_serve(even):
    """Each printed table serves n = N - 1 (the dummy N sits out) and n = N."""
    expected = _parsed(HANDBOOK[even])
    assert len(expected) == even - 1
    for n in (even - 1, even):
        assert [table_round(n, r) for r in range(1, cycle_rounds(n) + 1)] == expected


def test_every_player_meets_every_other_once_per_cycle_with_balanced_colours():
    for n in range(2, 41):
        big = n + n % 2
        met = [frozenset(p) for r in range(1, big) for p in table_round(n, r)]
        assert len(met) == len(set(met)) == big * (big - 1) // 2
        whites = [sum(w == x for r in range(1, big) for w, _ in table_round(n, r)) for x in range(1, big + 1)]
        assert all(abs(2 * w - (big - 1)) <= 1 for w in whites)  # N/2 or N/2 - 1 Whites each


def test_double_round_robin_reverses_colours_and_swaps_the_last_two_first_cycle_rounds():
    """C.05 Annex 1's recommendation (PAIRING_RULES §4): rounds c - 1 and c of the first cycle are
    swapped; the second cycle is the table with colours reversed. With 6 players (c = 5) rounds 4
    and 5 play table rounds 5 and 4, and round 6 is table round 1 reversed: 6-1 5-2 4-3."""
    assert scheduled_round(6, 4, double=True) == table_round(6, 5)
    assert scheduled_round(6, 5, double=True) == table_round(6, 4)
    assert scheduled_round(6, 6, double=True) == ((6, 1), (5, 2), (4, 3))
    assert scheduled_round(6, 10, double=True) == ((6, 3), (2, 4), (1, 5))  # table R5 3-6 4-2 5-1 reversed
    assert scheduled_round(6, 4, double=True, swap=False) == table_round(6, 4)
    # the swap's purpose: nobody has one colour three times in a row at the turn (rounds 4-7)
    for n in range(3, 21):
        c = cycle_rounds(n)
        colours: dict[int, list[str]] = {x: [] for x in range(1, n + 2)}
        for r in range(1, 2 * c + 1):
            for w, b in scheduled_round(n, r, double=True):
                colours[w].append("w")
                colours[b].append("b")
        for x in range(1, n + 1):
            seq = "".join(colours[x])
            assert "www" not in seq[c - 3:c + 3] and "bbb" not in seq[c - 3:c + 3], (n, x, seq)


def test_a_round_beyond_the_table_is_refused():
    with pytest.raises(ValueError, match="rounds 1..5"):
        scheduled_round(6, 6)
    with pytest.raises(ValueError, match="rounds 1..10"):
        scheduled_round(5, 11, double=True)


# ----------------------------------------------------------------------- the round robin's pairing

def test_odd_round_robin_names_the_sit_out_and_numbers_boards_over_the_games():
    got = round_pairing(5, 2)  # table R2 6-4 5-3 1-2: 4 sits out
    assert got.pairs == (Pair(1, 5, 3), Pair(2, 1, 2))
    assert got.byes == (Unpaired(4, "sit-out"),)
    assert got.to_json() == {"round": 2, "system": "berger", "pairs": [{"board": 1, "white": 5, "black": 3},
                                                                        {"board": 2, "white": 1, "black": 2}],
                             "byes": [{"no": 4, "kind": "sit-out"}]}


def test_an_absent_player_is_not_paired_and_the_partner_has_no_game():
    got = round_pairing(6, 1, absent=frozenset({5}))  # table R1 1-6 2-5 3-4
    assert got.pairs == (Pair(1, 1, 6), Pair(2, 3, 4))
    assert got.byes == (Unpaired(2, "sit-out"), Unpaired(5, "absent"))


def _event(n: int, rounds: int, played: dict[int, dict[int, Round]]) -> Tournament:
    players = []
    for no in range(1, n + 1):
        rs = [played.get(r, {}).get(no, Round(Kind.NOT_PLAYED)) for r in range(1, rounds + 1)]
        players.append(Player(no, f"P{no}", rounds=tuple(rs)))
    return Tournament(tuple(players), rounds, kind="round-robin")


def test_pairing_follows_the_history_and_refuses_a_round_that_did_not_follow_the_table():
    ok = {1: {1: Round(Kind.WIN, 4, "w", 1), 4: Round(Kind.LOSS, 1, "b"), 2: Round(Kind.DRAW, 3, "w"),
              3: Round(Kind.DRAW, 2, "b")}}
    assert pair_berger(Request(_event(4, 3, ok), 2)).pairs == (Pair(1, 4, 3), Pair(2, 1, 2))
    bad = {1: {1: Round(Kind.WIN, 3, "w", 1), 3: Round(Kind.LOSS, 1, "b"), 2: Round(Kind.DRAW, 4, "w"),
               4: Round(Kind.DRAW, 2, "b")}}
    with pytest.raises(PairingError, match="round 1 of player 1 does not follow the Berger table: it is "
                                           "against 3 with White, where the table says player 1 meets 4"):
        pair_berger(Request(_event(4, 3, bad), 2))
    swapped = {1: {1: Round(Kind.WIN, 4, "b", 1), 4: Round(Kind.LOSS, 1, "w")}}
    with pytest.raises(PairingError, match="meets 4 with White"):
        pair_berger(Request(_event(4, 3, swapped), 2))


def test_a_double_round_robin_is_read_from_the_rounds_declared_and_a_round_past_it_refused():
    assert pair_berger(Request(_event(4, 6, {}), 4)).pairs == (Pair(1, 4, 1), Pair(2, 3, 2))
    with pytest.raises(PairingError, match="a round robin of 4 players has 3 rounds"):
        pair_berger(Request(_event(4, 5, {}), 4))
    with pytest.raises(PairingError, match="double round robin of 4 players has 6 rounds"):
        pair_berger(Request(_event(4, 6, {}), 7))


def test_start_numbers_other_than_one_to_n_are_refused():
    t = Tournament((Player(1, "A", rounds=(Round(Kind.NOT_PLAYED),)), Player(3, "C", rounds=(Round(Kind.NOT_PLAYED),)),
                    Player(4, "D", rounds=(Round(Kind.NOT_PLAYED),))), 1)
    with pytest.raises(PairingError, match=r"not 1..3 \(no player 2\)"):
        pair_berger(Request(t, 1))


# ----------------------------------------------------------------------- FIDE's reference engine

def _players_trf(n: int, rounds: int) -> str:
    lines = ["012 Berger tables", f"XXR {rounds}", "152 W"]
    for no in range(1, n + 1):
        lines.append(f"001 {no:>4}      {f'Player {no}':<33} {2000 - no:>4}{'':28} 0.0 {no:>4}")
    return "\n".join(lines) + "\n"


def _as_gacrux(n: int, rnd: int, double: bool, swap: bool) -> list[tuple[int, int]]:
    """Our round as gacrux prints it: the dummy's game as ``p 0``."""
    return [(w, b) if max(w, b) <= n else (min(w, b), 0) for w, b in scheduled_round(n, rnd, double, swap)]


@pytest.mark.oracle
@pytest.mark.skipif(not gacrux_available(), reason="gacrux (test extra) is not installed")
def test_every_round_equals_the_reference_for_3_to_20_players_single_and_double(tmp_path):
    """gacrux ``-m berger`` (single), ``berger-double-fide`` (the Annex's swap; 192
    FIDE_DOUBLEROUNDROBIN) and ``berger-double`` (no swap; 192 BERGER_DOUBLEROUNDROBIN): every
    round, pairs, colours and board order."""
    from tests.oracle.pairing_runner import board_lines, run_pairings
    jobs, expected = [], []
    for n in range(3, 21):
        c = cycle_rounds(n)
        path = tmp_path / f"rr{n}.trf"
        path.write_text(_players_trf(n, 2 * c), encoding="latin-1")
        for method, double, swap in (("berger", False, True), ("berger-double-fide", True, True),
                                     ("berger-double", True, False)):
            for r in range(1, (2 * c if double else c) + 1):
                jobs.append(["-i", str(path), "-p", "-m", method, "-n", str(r), "-d", "T"])
                expected.append(((n, method, r), _as_gacrux(n, r, double, swap)))
    got = run_pairings(jobs)
    assert len(got) == len(expected) > 900
    for (what, ours), text in zip(expected, got):
        assert board_lines(text) == ours, what
