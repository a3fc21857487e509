"""TRF reader and writer: every result code, real files, errors that name line and column."""

from __future__ import annotations

from dataclasses import replace

import pytest

from xl_tiebreak import InputError, Kind, compute, parse_trf, read_trf, write_trf
from xl_tiebreak.examples import demo_text
from xl_tiebreak.trf.layout import FIELDS, PLAYER_FIELDS, ROUND_FIELDS, ROUND_STRIDE, player_line, round_where
from xl_tiebreak.trf.writer import missing_colours
from xl_tiebreak.validation import Findings
from conftest import F, real_files


def _line(no, pts, rounds, rating=1500, name=None):
    return player_line({"no": no, "sex": "m", "name": name or f"Player {no}", "rating": rating, "fed": "NOR",
                        "fide_id": str(1000 + no), "points": pts, "rank": no}, rounds)


def test_every_result_code():
    text = "\n".join([
        "012 Codes", "XXR 8",
        _line(1, "4.0", [(2, "w", "1"), (2, "b", "="), (2, "w", "0"), (2, "b", "W"),
                         (2, "w", "D"), (2, "b", "L"), (2, "w", "+"), (2, "b", "-")]),
        _line(2, "4.0", [(1, "b", "0"), (1, "w", "="), (1, "b", "1"), (1, "w", "L"),
                         (1, "b", "D"), (1, "w", "W"), (1, "b", "-"), (1, "w", "+")]),
        _line(3, "3.5", [("0000", "-", "U"), ("0000", "-", "F"), ("0000", "-", "H"), ("0000", "-", "Z"),
                         ("    ", " ", " "), ("0000", "-", "+"), (4, "w", "-"), ("0000", "-", "-")]),
        _line(4, "0.0", [("0000", "-", "Z")] * 6 + [(3, "b", "-")]),
    ])
    t = parse_trf(text)
    kinds = [[r.kind for r in p.rounds] for p in t.players]
    assert kinds[0] == [Kind.WIN, Kind.DRAW, Kind.LOSS, Kind.SHORT_WIN, Kind.SHORT_DRAW,
                        Kind.SHORT_LOSS, Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS]
    assert kinds[2] == [Kind.PAB, Kind.FULL_BYE, Kind.HALF_BYE, Kind.ZERO_BYE, Kind.ABSENT,
                        Kind.PAB, Kind.DOUBLE_FORFEIT, Kind.ABSENT]
    assert kinds[3][6] is Kind.DOUBLE_FORFEIT and kinds[3][7] is Kind.ABSENT  # trailing blank
    assert [p.score() for p in t.players] == [4, 4, F("3.5"), 0]
    assert t.rounds == 8 and t.played_rounds == 8


def test_comments_rounds_scoring_type_date_and_tiebreaks():
    text = "\n".join([
        "### a comment line 001 that is not a player",
        "012 Scored", "042 2026/04/02", "092 Individual: Round Robin", "142 3",
        "162  W 3.0  D 1.0  L 0.0  A 0.0  P 3.0",
        "202 DE,SB/C1,WIN",
        _line(1, "4.0", [(2, "w", "1"), (3, "b", "=")]),
        _line(2, "1.0", [(1, "b", "0"), ("0000", "-", "Z"), (3, "w", "=")]),
        _line(3, "2.0", [("0000", "-", "Z"), (1, "w", "="), (2, "b", "=")]),
    ])
    t = parse_trf(text)
    assert t.rounds == 3 and t.kind == "round-robin" and t.start_date == "2026-04-02"
    assert t.tiebreaks == ("DE", "SB/C1", "WIN")
    assert t.scoring.win == 3 and t.scoring.draw == 1
    assert t.player(1).score() == 4
    assert t.player(1).rounds[2].kind is Kind.ABSENT  # a blank round inside the event is an absence
    res = compute(t)
    assert res.codes == ("DE", "SB/C1", "WIN") and res.edition.name == "fide2026"


@pytest.mark.parametrize("text,where", [
    (player_line({"no": "1x2", "sex": "m", "name": "A", "rating": 1500}), "line 1, columns 5-8"),
    (_line(1, "1.0", [(7, "w", "1")]), "line 1, columns 92-99"),
    (_line(1, "1.0", [(1, "w", "1")]), "line 1, columns 92-99"),
    (_line(1, "1.0", [("0000", "-", "Q")]), "line 1, column 99"),
    (_line(1, "1.0", [("0000", "-", "1")]), "line 1, column 99"),
    (_line(1, "1.0", [("  2x", "w", "1")]), "line 1, columns 92-95"),
    ("XXR x\n" + _line(1, "1.0", []), "line 1, column 5"),
    (_line(1, "1.x", []), "line 1, columns 81-84"),
    (_line(1, "1.0", [], rating="1a00"), "line 1, columns 49-52"),
    ("012 nothing", "no player records"),
])
def test_errors_name_line_and_column(text, where):
    with pytest.raises(InputError) as exc:
        parse_trf(text, source="bad.trf")
    assert where in str(exc.value) and "bad.trf" in str(exc.value)


def test_a_rounds_record_behind_the_results_reads_every_round_with_a_warning():
    """``XXR 1`` and results in round 2 (a record written before the round was in): read as 2 rounds, as
    FIDE's reference reads it, with the rounds-record warning at the player's line (an error before)."""
    fd = Findings(strict=False)
    t = parse_trf("XXR 1\n" + _line(1, "2.0", [("0000", "-", "U"), ("0000", "-", "U")]), source="bad.trf",
                  findings=fd)
    warned = [f for f in fd.items if f.rule == "rounds-record"]
    assert t.rounds == 2 and not fd.errors and len(warned) == 1
    assert warned[0].where == "bad.trf line 2" and "read as 2 rounds" in warned[0].message


def test_round_trip_of_the_demo():
    t = parse_trf(demo_text())
    again = parse_trf(write_trf(t))
    assert again.players == t.players and again.rounds == t.rounds
    assert compute(again, "BH,SB,FB", edition="fide2026").values == compute(t, "BH,SB,FB", edition="fide2026").values


@pytest.mark.parametrize("path", real_files(), ids=lambda p: p.name)
def test_real_files_read_or_refused_clearly(path):
    if "team" in path.name:
        with pytest.raises(InputError, match="team event"):
            read_trf(path)
        t = read_trf(path, allow_team=True)  # the players' own lines still read
        assert len(t.players) > 100
        return
    t = read_trf(path)
    assert t.players and t.rounds >= t.played_rounds > 0
    # the points field agrees with the results wherever the file gives it (some programs count
    # byes already entered for the next round, as in the Gros file)
    n = t.played_rounds
    wrong = [p.no for p in t.players
             if p.declared_points is not None and p.declared_points not in (p.score(n), p.score())]
    assert wrong == []
    again = parse_trf(write_trf(t))
    # written back the same, but that a pairing without colour (karl-mala's forfeits "153 - -")
    # gets one: the opponent's mirrored, else white for the lower start number (trf.missing_colours)
    fill = missing_colours(t)
    assert list(again.players) == [replace(p, rounds=tuple(replace(r, colour=fill.get((p.no, i), r.colour))
                                                           for i, r in enumerate(p.rounds))) for p in t.players]
    res = compute(t, "BH/C1,BH,SB,FB,AOB,DE,WIN,PS,ARO,TPR,REP", edition="fide2026")
    assert len(res.values) == len(t.players)


def test_specific_real_file_features(real_dir):
    km = read_trf(real_dir / "karl-mala-2005.trf")
    assert km.rounds == 7 and len(km.players) == 284
    assert km.player(282).rounds[4].kind is Kind.PAB  # written "0000 - +"
    assert km.player(13).rounds[0].kind is Kind.FORFEIT_LOSS  # colour written "-"
    lc = read_trf(real_dir / "lichess-2020-06.trf")
    assert lc.player(5).rounds[0].kind is Kind.HALF_BYE and lc.player(5).rounds[1].kind is Kind.ABSENT
    assert all(p.rating is None for p in lc.players)
    gros = read_trf(real_dir / "gros-open-2010-partial.trf")
    assert gros.rounds == 9 and gros.played_rounds == 4


def test_the_column_table_is_the_layout_of_the_rules():
    """PLAYER_FIELDS and ROUND_FIELDS are TIEBREAK_RULES §9.2 field for field, in column order."""
    from conftest import SHARED
    spec = SHARED / "spec" / "TIEBREAK_RULES.md"
    if not spec.is_file():
        pytest.skip("../shared/spec is not beside the project")
    table = spec.read_text(encoding="utf-8").split("### 9.2 Player record 001")[1].split("\n\n")[1]
    spans = []
    for row in table.splitlines()[2:]:  # | 5–8 | start rank ... |, | 92–95 / 97 / 99 | round 1 ... |
        for part in row.split("|")[1].strip().split(" / "):
            first, _, last = part.partition("–")
            spans.append((int(first), int(last or first)))
    fields = PLAYER_FIELDS + ROUND_FIELDS
    assert spans[:len(fields)] == [(f.first, f.last) for f in fields]
    assert spans[len(fields):] == [(f.first + ROUND_STRIDE, f.last + ROUND_STRIDE) for f in ROUND_FIELDS]
    assert all(f.first > before.last for before, f in zip(fields, fields[1:]))


def test_what_the_writer_puts_the_reader_finds():
    texts = {"no": "12", "sex": "w", "title": "WGM", "name": "Ødegård, Åse", "rating": "2301", "fed": "NOR",
             "fide_id": "1504750", "birth": "1990/05/17", "points": "2.0", "rank": "7"}
    rounds = [("15", "b", "1"), ("0000", "-", "H"), ("", " ", " "), ("3", "w", "=")]
    line = player_line(texts, rounds)
    assert line[FIELDS["record"].cols] == "001"
    assert {name: line[FIELDS[name].cols].strip() for name in texts} == texts
    for r, want in enumerate(rounds):
        got = [line[f.first - 1 + ROUND_STRIDE * r:f.last + ROUND_STRIDE * r] for f in ROUND_FIELDS]
        assert [x.strip() for x in got] == [x.strip() for x in want]
    others = [player_line({"no": 15, "name": "B", "points": "0.0"}, [(12, "w", "0")]),
              player_line({"no": 3, "name": "C", "points": "0.5"}, [("", " ", " ")] * 3 + [(12, "b", "=")])]
    p = parse_trf("\n".join(["XXR 4", line, *others])).player(12)
    assert (p.name, p.title, p.sex, p.fed, p.fide_id, p.birth, p.rating, p.declared_rank) == \
        ("Ødegård, Åse", "WGM", "w", "NOR", "1504750", "1990/05/17", 2301, 7)
    assert [r.kind for r in p.rounds] == [Kind.WIN, Kind.HALF_BYE, Kind.ABSENT, Kind.DRAW]
    long = player_line({"name": "x" * 40, "title": "ABCD"})  # texts are cut to their columns
    assert len(long) == FIELDS["name"].last and long[FIELDS["title"].cols] == "ABC"


def test_places_are_named_by_the_table():
    assert FIELDS["points"].where == "columns 81-84" and FIELDS["sex"].where == "column 10"
    assert round_where(1, "result") == "column 99" and round_where(2, "opponent") == "columns 102-105"
    assert round_where(3, "opponent", "result") == "columns 112-119"
