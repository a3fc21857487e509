"""The options that choose between readings of the rules: unrated opponents left out or given a
rating, short games counted as played or not, the rounds that cap a virtual opponent, which
voluntary unplayed rounds SB cuts."""

from __future__ import annotations


from xl_tiebreak import Options, compute, demo_tournament, parse_trf
from conftest import event, trf_line


def test_unrated_opponents_left_out_are_cut_first():
    """Policy "exclude" (the 2024 reference engine): opponents unrated, 1800, 2000. ARO = 1900;
    ARO-C1 cuts the unrated game first, 1900; ARO-M1 cuts it and 2000, 1800."""
    t = event({1: ["2w1", "3b1", "4w1"], 2: ["1b0", "-", "-"], 3: ["-", "1w0", "-"], 4: ["-", "-", "1b0"]},
              ratings={1: 1700, 3: 1800, 4: 2000})
    opts = Options(unrated_policy="exclude")
    res = compute(t, "ARO,ARO/C1,ARO/M1", options=opts)
    assert (res.value(1, "ARO"), res.value(1, "ARO/C1"), res.value(1, "ARO/M1")) == (1900, 1900, 1800)
    assert compute(t, "ARO").value(1, "ARO") is None  # default: dropped, an unrated participant
    assert compute(t, "ARO", options=Options(unrated_rating=1000)).value(1, "ARO") == round((1000 + 3800) / 3)


def test_short_games_switch_only_touches_rating_tiebreaks():
    t = parse_trf("\n".join(["XXR 2",
                              trf_line(1, [(2, "w", "W"), (3, "b", "=")], "1.5", 1800),
                              trf_line(2, [(1, "b", "L"), ("0000", "-", "U")], "1.0", 1600),
                              trf_line(3, [("0000", "-", "U"), (1, "w", "=")], "1.5", 2000)]))
    off = Options(short_games_played=False)
    on_ = compute(t, "REP,WON,BH,ARO,TPR")
    off_ = compute(t, "REP,WON,BH,ARO,TPR", options=off)
    for code in ("REP", "WON", "BH"):
        assert on_.value(1, code) == off_.value(1, code)
    assert on_.value(1, "ARO") == 1800 and off_.value(1, "ARO") == 2000  # the short game is unrated


def test_cap_rounds_and_sb_pick_options():
    t = demo_tournament()
    base = compute(t, "BH", edition="fide2026", rounds=3)
    sched = compute(t, "BH", edition="fide2026", rounds=3, options=Options(cap_rounds="scheduled"))
    # player 3's R1 forfeit-win dummy is capped by adj(6), the same either way; player 4's ZPB
    # dummy: min(1, ½ x 3) or min(1, ½ x 4): equal too; so the event is unchanged here
    assert base.values == sched.values
    by_score = compute(t, "SB/C1", edition="fide2026", options=Options(sb_vur_pick="score"))
    assert by_score.values == compute(t, "SB/C1", edition="fide2026").values  # §3.1 needs 2+ VURs
