"""The FIDE rating figures of a player in an event: expected scores, the rating change, K and the
performance rating Rp (xl_tiebreak.rating_change; the rules in shared/spec/RATING_RULES.md).

Where each expected value comes from is said in each test: the spec's worked examples E1-E3
(RATING_RULES §7, which checked them with gacrux 1.11.65), FIDE's own published calculations the
spec cites (F-P01, F-P02, F-P05), the regulation text (B.02 8.1.2, 8.3.1, 8.3.3, 8.3.4; RB
7.3.1), or gacrux's rating code run on the same games (a test-only oracle).
"""

from __future__ import annotations

import random
from decimal import Decimal
from fractions import Fraction
from typing import Optional, Sequence

import pytest

from xl_tiebreak.errors import InputError
from xl_tiebreak.model import MIRROR, Kind, Player, Tournament, make_round
from xl_tiebreak.rating_change import event_ratings, half_away, parse_k_list, player_rating
from xl_tiebreak.rating_rules import k_factor, rating_rules, seconds_for_60_moves

F = Fraction
_MIRROR_BYE = (Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT, Kind.NOT_PLAYED)


def event(rating: Optional[int], games: Sequence[tuple[Kind, Optional[int]]], *, start: Optional[str] = "2026-04-10",
          birth: str = "", header: tuple[str, ...] = ()) -> Tournament:
    """Player 1 rated ``rating`` and one opponent per round (start numbers 2, 3, ...) rated as
    ``games`` say ((kind of player 1's round, opponent's rating; None: unrated)); a bye kind
    has no opponent. Each opponent plays only that round (absent in the others)."""
    n = len(games)
    own, others = [], []
    for r, (kind, opp_rating) in enumerate(games):
        if kind in _MIRROR_BYE:
            own.append(make_round(kind))
            continue
        no = len(others) + 2
        own.append(make_round(kind, no, "w"))
        rounds = [make_round(Kind.ABSENT)] * n
        rounds[r] = make_round(MIRROR[kind], 1, "b")
        others.append(Player(no, f"Opp {no}", opp_rating, tuple(rounds)))
    return Tournament((Player(1, "Own, Player", rating, tuple(own), birth=birth), *others), n, start_date=start,
                      header=header)


E1 = [(Kind.WIN, 1920), (Kind.DRAW, 1780), (Kind.LOSS, 2010), (Kind.WIN, 1650), (Kind.DRAW, 1895),
      (Kind.FORFEIT_WIN, 2100), (Kind.HALF_BYE, None)]


def test_e1_each_game_and_the_total_as_the_spec_works_them():
    """RATING_RULES §7 E1 (rated 1850, five rated games, a forfeit win and an HPB left out)."""
    fig = player_rating(event(1850, E1), 1)
    rated = [g for g in fig.games if g.rated]
    assert [g.expected for g in rated] == [F(40, 100), F(60, 100), F(29, 100), F(76, 100), F(44, 100)]
    assert [g.change for g in rated] == [F(12), F(-2), F(-58, 10), F(48, 10), F(12, 10)]  # K 20
    assert (fig.score, fig.expected, fig.k.value) == (3, F(249, 100), 20)
    assert (fig.change, fig.change_rounded) == (F(102, 10), 10)
    assert (fig.ra, fig.p, fig.dp, fig.rp) == (1851, 60, 72, 1923)
    assert [g.why for g in fig.games[5:]] == ["forfeit win: not played, not rated (B.02 5.1)",
                                               "half-point bye: no game (B.02 5.1)"]
    with40 = player_rating(event(1850, E1), 1, k=40)
    assert (with40.change, with40.change_rounded) == (F(204, 10), 20)


def test_e1_k20_is_marked_assumed_when_the_file_cannot_tell():
    """B.02 8.3.3: 20 for a player under 2400 with 30 games; the file has no games count."""
    fig = player_rating(event(1850, E1), 1)
    assert fig.k.assumed and not fig.k.given
    assert any(n.startswith("K 20 assumed") for n in fig.notes)
    assert not player_rating(event(1850, E1), 1, k=20).k.assumed


E2 = [(Kind.WIN, 1500), (Kind.WIN, 1550), (Kind.LOSS, 2450), (Kind.DRAW, 2100)]


def test_e2_every_gap_over_400_counts_as_400_under_the_2024_rules():
    """RATING_RULES §7 E2 (rated 2000): capped PDs .92 .92 .08 .36, We 2.28; K 20 +4.4 -> +4,
    K 40 +8.8 -> +9 (gacrux, without the cap, would give +7 at K 40)."""
    fig = player_rating(event(2000, E2, start="2024-06-01"), 1, k=20)
    assert [g.expected for g in fig.games] == [F(92, 100), F(92, 100), F(8, 100), F(36, 100)]
    assert [g.counted for g in fig.games] == [400, 400, -400, -100]
    assert [g.change for g in fig.games] == [F(16, 10), F(16, 10), F(-16, 10), F(28, 10)]
    assert (fig.expected, fig.change, fig.change_rounded) == (F(228, 100), F(44, 10), 4)
    assert player_rating(event(2000, E2, start="2024-06-01"), 1, k=40).change_rounded == 9
    assert (fig.ra, fig.p, fig.rp) == (1900, 63, 1995)  # p = .625 -> .63, half up (ties to even: 1987)


def test_the_2022_rules_cap_only_the_game_of_the_largest_gap():
    """B.02 2022 art. 8.3.1 as RATING_RULES §1 reads it: one upgrade per event, the game of the
    largest gap (E2's |D| 500 against 1500); the others keep their real gap (8.1.2: 450 -> .94)."""
    fig = player_rating(event(2000, E2, start="2023-05-01"), 1, k=20)
    assert fig.rules.edition == "B.02 2022"
    assert [g.counted for g in fig.games] == [400, 450, -450, -100]
    assert [g.expected for g in fig.games] == [F(92, 100), F(94, 100), F(6, 100), F(36, 100)]
    assert [g.why for g in fig.games] == ["gap +500 counted as +400 (B.02 8.3.1)",
                                          "gap +450 not capped: only the largest gap is, once per event (B.02 2022 "
                                          "8.3.1)", "gap -450 not capped: only the largest gap is, once per event "
                                          "(B.02 2022 8.3.1)", ""]


E3 = [(Kind.WIN, 2230), (Kind.WIN, 2260), (Kind.DRAW, 2700), (Kind.FORFEIT_WIN, 2500), (Kind.PAB, None),
      (Kind.WIN, None)]


def test_e3_a_player_rated_2650_or_more_uses_the_real_gap_from_1_october_2025():
    """RATING_RULES §7 E3 (rated 2680, standard, after 1 Oct 2025): PD .94 .93 .47, We 2.34;
    K 10 +1.6 -> +2, K 20 +3.2 -> +3, K 40 +6.4 -> +6; Rp 2670 (Ra 2397, p .83, dp 273); the
    forfeit, the PAB and the win against an unrated opponent are left out."""
    t = event(2680, E3, start="2025-11-02", header=("222 5400+30",))
    fig = player_rating(t, 1)
    assert fig.k.value == 10 and not fig.k.assumed  # rated 2400 or more (8.3.3)
    assert [g.expected for g in fig.games if g.rated] == [F(94, 100), F(93, 100), F(47, 100)]
    assert (fig.expected, fig.change, fig.change_rounded) == (F(234, 100), F(16, 10), 2)
    assert [player_rating(t, 1, k=k).change_rounded for k in (20, 40)] == [3, 6]
    assert (fig.ra, fig.p, fig.dp, fig.rp) == (2397, 83, 273, 2670)
    assert fig.games[0].why == "gap +450 not capped: rated 2650 or more (1 Oct 2025 amendment)"
    assert fig.games[5].why == "unrated opponent: not rated (B.02 8.3.1)" and not fig.games[5].for_rp


@pytest.mark.parametrize("start, header", [("2025-09-30", ("222 5400+30",)), ("2025-11-02", ("222 900+10",))])
def test_e3_capped_before_the_amendment_and_in_rapid(start, header):
    """RATING_RULES §7 E3, capped (standard before 1 Oct 2025, or rapid, RB 7.3.1): PD .92 .92 .47,
    We 2.31; K 10 +1.9 -> +2, K 20 +3.8 -> +4, K 40 +7.6 -> +8."""
    t = event(2680, E3, start=start, header=header)
    fig = player_rating(t, 1)
    assert [g.expected for g in fig.games if g.rated] == [F(92, 100), F(92, 100), F(47, 100)]
    assert (fig.expected, fig.change) == (F(231, 100), F(19, 10))
    assert [player_rating(t, 1, k=k).change_rounded for k in (10, 20, 40)] == [2, 4, 8]


def test_fide_output_2813_against_2400_each_side_counted_its_own_way():
    """FIDE's published calculation [T F-P01/F-P02] as RATING_RULES §2 quotes it: the 2813-rated
    player used D = 413 (PD .93) while his 2400-rated opponent was capped (D -400, PD .08)."""
    t = event(2813, [(Kind.DRAW, 2400)], start="2025-12-01")
    top, other = event_ratings(t)
    assert (top.games[0].counted, top.games[0].expected) == (413, F(93, 100))
    assert (other.games[0].counted, other.games[0].expected) == (-400, F(8, 100))


def test_rapid_from_december_2024_leaves_out_a_gap_of_600_beside_a_player_above_2600():
    """RB 7.3.1 (from 1 Dec 2024): not rated; a day before, rated with the 400 cap."""
    games = [(Kind.WIN, 2050), (Kind.WIN, 2300)]
    fig = player_rating(event(2700, games, start="2024-12-01", header=("222 600+5",)), 1)
    assert fig.rules.rate == "rapid"
    assert [g.rated for g in fig.games] == [False, True]
    assert fig.games[0].why.startswith("gap 650 >= 600 with a player above 2600")
    before = player_rating(event(2700, games, start="2024-11-30", header=("222 600+5",)), 1)
    assert [g.counted for g in before.games] == [400, 400]


def test_short_games_double_forfeits_and_byes_are_not_rated():
    """B.02 5.1: unplayed games and games of less than one move are not rated."""
    games = [(Kind.SHORT_WIN, 1900), (Kind.DOUBLE_FORFEIT, 1900), (Kind.FULL_BYE, None), (Kind.ZERO_BYE, None),
             (Kind.NOT_PLAYED, None), (Kind.DRAW, 1900)]
    fig = player_rating(event(1900, games), 1)
    assert [g.rated for g in fig.games] == [False] * 5 + [True]
    assert fig.games[0].why == "less than one move played (TRF W): not rated (B.02 5.1)"
    assert fig.games[1].why == "double forfeit: not played, not rated (B.02 5.1)"
    assert (fig.change, fig.rp) == (0, 1900)  # a draw at D 0: PD .50; p .50, dp 0


def test_an_unrated_player_gets_rp_and_no_change():
    """B.02 8.2: an unrated player's first rating needs games this event may not hold; Rp over
    the rated opponents (E1's games: Ra 1851, p .60, dp 72), no K, no change."""
    fig = player_rating(event(None, E1), 1)
    assert (fig.k, fig.change, fig.change_rounded) == (None, None, None)
    assert (fig.rp_games, fig.ra, fig.rp) == (5, 1851, 1923)
    assert fig.games[0].why == "unrated player: no rating change (B.02 8.2); counts in Rp"


def test_a_perfect_and_a_zero_score_give_plus_and_minus_800():
    """B.02 8.1.1: dp at p = 1.00 is 800, at 0 it is -800 ("notionally", 8.1)."""
    assert player_rating(event(2000, [(Kind.WIN, 2000), (Kind.WIN, 2100)]), 1).rp == 2050 + 800
    assert player_rating(event(2000, [(Kind.LOSS, 2000), (Kind.LOSS, 2100)]), 1).rp == 2050 - 800


def test_no_rated_game_leaves_rp_blank():
    fig = player_rating(event(2000, [(Kind.HALF_BYE, None)]), 1)
    assert (fig.rp, fig.ra, fig.change) == (None, None, 0)


def test_k_by_the_rules_of_8_3_3():
    """B.02 8.3.3: 10 from 2400; 40 to the end of the year of the 18th birthday while under
    2300; else 20; the 700 cap: FIDE's examples K 40 x 18 games -> 38, K 20 x 36 -> 19 and
    (FIDE output [T F-P05]) K 20 x 39 -> 17."""
    assert k_factor(2400, "", "2026-01-01").value == 10
    assert k_factor(2299, "2008/12/31", "2026-12-31").value == 40  # 2008 + 18 = 2026
    assert k_factor(2299, "2008/01/01", "2027-01-01").value == 20
    assert k_factor(2300, "2010/01/01", "2026-01-01").value == 20  # a junior at 2300: 20
    assert [k_factor(2000, "", "2026-01-01", given=40, games=18).value,
            k_factor(2000, "", "2026-01-01", games=36).value, k_factor(2000, "", "2026-01-01", games=39).value] \
        == [38, 19, 17]
    with pytest.raises(InputError, match="not a K factor"):
        k_factor(2000, "", "2026-01-01", given=41)


def test_a_capped_k_gives_two_decimals_shown_to_one():
    """RATING_RULES §4: K x ΔR is a multiple of 0.1 only for K 10/20/40; with a capped K 38, E1's
    +0.51 gives +19.38, shown +19.4 and rounded +19 (8.3.4)."""
    fig = player_rating(event(1850, E1), 1, k=38)
    assert (fig.change, fig.change_shown, fig.change_rounded) == (F(1938, 100), F(194, 10), 19)


def test_change_rounds_half_away_from_zero():
    """B.02 8.3.4: FIDE published -2.50 as -3 [T F-P01]; Python's round() would give -2."""
    assert half_away(F(-5, 2)) == -3 and half_away(F(5, 2)) == 3 and half_away(F(-249, 100)) == -2


def test_a_k_of_10_makes_a_tie_that_rounds_away_from_zero():
    """A change of exactly +2.5 (8.3.4): K 10, W - We = .25 from a draw at PD .25 ... made of a
    loss at PD .25 (D -189: .25) and a win at PD .50: 10 x (1 - .75) = +2.5 -> +3."""
    fig = player_rating(event(2400, [(Kind.LOSS, 2589), (Kind.WIN, 2400)]), 1)
    assert [g.expected for g in fig.games] == [F(25, 100), F(50, 100)]
    assert (fig.change, fig.change_shown, fig.change_rounded) == (F(5, 2), F(5, 2), 3)


def test_the_rate_of_play_from_record_222():
    """B.02 1.1 / RB 1.1: standard 60 minutes or more for 60 moves, blitz 10 or fewer."""
    assert seconds_for_60_moves("40/6000+30:900+30") == 6900 + 1800
    assert seconds_for_60_moves("W300-B240") is None
    assert player_rating(event(2000, E2, header=("222 180+2",)), 1).rules.rate == "blitz"
    assumed = player_rating(event(2000, E2), 1)
    assert assumed.rules.rate == "standard" and any("rate of play standard assumed" in n for n in assumed.notes)
    assert player_rating(event(2000, E2), 1, rate="rapid").rules.rate == "rapid"


def test_the_edition_follows_the_start_date():
    assert rating_rules("2024-02-29").edition == "B.02 2022"
    assert rating_rules("2024-03-01").edition == "B.02 2024"
    assert "older editions are not modelled" in rating_rules("2019-05-01", "standard").notes[0]
    assert rating_rules(None).cap_exempt_from == 2650 and "no start date" in rating_rules(None, "blitz").notes[0]


def test_k_list_and_unknown_players_are_errors_that_name_the_place():
    assert parse_k_list("2=10,3=40") == {2: 10, 3: 40}
    with pytest.raises(InputError, match="'3:10': write START_NUMBER=K"):
        parse_k_list("3:10")
    with pytest.raises(InputError, match="--k-factor 3=50: 50 is not a K factor"):
        parse_k_list("3=50")
    with pytest.raises(InputError, match="K given for player 99"):
        event_ratings(event(2000, E2), k={99: 20})
    with pytest.raises(InputError, match="player 42: no such start number"):
        player_rating(event(2000, E2), 42)


def test_rp_and_expected_scores_equal_gacruxs_rating_code():
    """gacrux's rating.py (test-only oracle) on random events without gaps over 400 (it has no
    400 cap, RATING_RULES §2): each PD (ComputeExpectedScore), Rp (ComputeTournamentPerformance-
    Rating), and the change rounded as its ratingsimulation.update_existing_rating rounds it,
    ROUND_HALF_UP of K x (W - We) over rating.py's PDs (that module imports matplotlib and scipy,
    which the test environment lacks, so its one line of arithmetic is applied here)."""
    rating = pytest.importorskip("gacrux.rating")
    rng = random.Random(36)
    kinds = [Kind.WIN, Kind.DRAW, Kind.LOSS]
    for _ in range(300):
        own = rng.randint(1400, 2600)
        games = [(rng.choice(kinds), own + rng.randint(-400, 400)) for _ in range(rng.randint(1, 11))]
        k = rng.choice([10, 20, 40])
        fig = player_rating(event(own, games), 1, k=k)
        opps = [r for _, r in games]
        assert [g.expected for g in fig.games] == [F(str(rating.ComputeExpectedScore(own, r))) for r in opps]
        score = Decimal(str(float(fig.score)))
        assert fig.rp == rating.ComputeTournamentPerformanceRating(score, opps)
        delta = (score - sum(rating.ComputeExpectedScore(own, r) for r in opps)) * k
        assert fig.change_rounded == int(delta.quantize(Decimal("0"), rounding="ROUND_HALF_UP"))


def test_a_crosstables_k_column_gives_the_k_and_a_bad_one_names_its_cell():
    """A workbook's Crosstable may carry the K factor (the rating list's) in a column headed K;
    empty: K by the rules (8.3.3); a K over 40 is a warning at the cell, and K by the rules."""
    from xl_tiebreak.excel.ranges.crosstable_range import rows_to_tournament
    head = ["No", "Name", "Rating", "K", "R1"]
    t = rows_to_tournament([head, [1, "A", 1850, 40, "2w1"], [2, "B", 1920, None, "1b0"]])
    assert [p.k_factor for p in t.players] == [40, None]
    a, b = event_ratings(t)
    assert (a.k.value, a.k.given, b.k.value, b.k.assumed) == (40, True, 20, True)
    assert a.change == 40 * (1 - F(40, 100))  # D -70: PD .40 (8.1.2)
    assert player_rating(t, 1, k=10).k.value == 10  # a K given by the caller comes first
    from xl_tiebreak.validation import Findings
    fd = Findings()
    bad = rows_to_tournament([head, [1, "A", 1850, 45, "2w1"], [2, "B", 1920, None, "1b0"]],
                             cell_name=lambda i, j: f"Crosstable!{'ABCDE'[j]}{i + 1}", findings=fd)
    assert [(f.severity, f.where) for f in fd.items] == [("warning", "Crosstable!D2")]
    assert "K factor: 45 is not a K factor" in fd.items[0].message
    assert bad.players[0].k_factor is None and player_rating(bad, 1).k.assumed


def test_a_k_list_of_huge_numbers_is_refused_before_it_is_converted():
    with pytest.raises(InputError, match="is not a K factor"):
        parse_k_list("1=" + "9" * 5000)
    with pytest.raises(InputError, match="is not a start number"):
        parse_k_list("9" * 5000 + "=20")
    with pytest.raises(InputError, match="write START_NUMBER=K"):
        parse_k_list("1=¹")


def test_a_trf_written_from_a_k_column_says_the_k_factors_are_not_carried():
    """TRF-26's 001 record has no K field: the writer says so instead of dropping them silently."""
    from xl_tiebreak.excel.ranges.crosstable_range import rows_to_tournament
    from xl_tiebreak.trf import write_trf
    head = ["No", "Name", "Rating", "K", "R1"]
    notes: list[str] = []
    write_trf(rows_to_tournament([head, [1, "A", 1850, 40, "2w1"], [2, "B", 1920, None, "1b0"]]), notes)
    assert notes == ["the K factors of 1 player(s) (the workbook's K column) are not in the TRF: it has no field "
                     "for them; a rating change computed from the TRF uses B.02 8.3.3's K, marked assumed"]
    notes = []
    write_trf(rows_to_tournament([["No", "Name", "Rating", "R1"], [1, "A", 1850, "2w1"], [2, "B", 1920, "1b0"]]),
              notes)
    assert notes == []
