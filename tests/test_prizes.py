"""Prize lists: one prize per player, shared money and the Hort system, worked by hand from the
rules as xl_tiebreak.prizes states them (no oracle exists for prize lists)."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction as F

import pytest

from xl_tiebreak.categories import parse_category
from xl_tiebreak.errors import InputError
from xl_tiebreak.model import Player
from xl_tiebreak.prizes import PrizeTable, allocate, ordinal


@dataclass(frozen=True)
class _Row:
    player: Player
    points: F
    place: str


def _rows(spec: list[tuple[str, float, int | None]]) -> list[_Row]:
    """(name, points, rating) best first; start numbers 1, 2, ... in that order."""
    return [_Row(Player(k, name, rating), F(pts).limit_denominator(2), str(k))
            for k, (name, pts, rating) in enumerate(spec, 1)]


def _allocate(rows: list[_Row], table: PrizeTable, **kw: object):
    return allocate(rows, table, player_of=lambda r: r.player, points_of=lambda r: r.points,
                    place_of=lambda r: r.place, in_category=lambda c, r: bool(c.holds(r.player)), **kw)


def _paid(pl) -> dict[str, F]:
    return {a.name: a.paid for a in pl.awards}


# The Hort system's published example (German Wikipedia, "Hort-System"): six prizes 100/80/60/40/20/10;
# A and B tied on 8, C alone on 7.5, D, E and F tied on 7.
HORT_ROWS = [("A", 8, 2000), ("B", 8, 2000), ("C", 7.5, 2000), ("D", 7, 2000), ("E", 7, 2000), ("F", 7, 2000),
             ("G", 6, 2000)]
HORT_TABLE = PrizeTable.parse("100,80,60,40,20,10")


def test_hort_system_keeps_half_of_each_prize_and_splits_the_other_half_among_the_tied_players():
    pl = _allocate(_rows(HORT_ROWS), HORT_TABLE, ties="hort")
    # A and B: 50 + 40 pooled, 45 each; C untied keeps 60; D/E/F: 20 + 10 + 5 = 35 pooled, 11.66 each (35/3 down to cents)
    assert _paid(pl) == {"A": F(95), "B": F(85), "C": F(60), "D": F(3166, 100), "E": F(2166, 100), "F": F(1666, 100)}
    assert pl.left_over == F(35) - 3 * F(1166, 100) == F(2, 100)  # stated, not paid out
    assert pl.total + pl.left_over == 310


def test_hort_pays_whole_units_own_half_included():
    """With a unit of 1 (whole euros), a Hort payment is rounded down as a whole: D's own half 20
    plus his share 35/3 is 31.67, paid 31 (not 20 + 11 = 31 by luck: E's 10 + 11.67 is 21, F's own
    half 5 + 11.67 = 16.67 is 16, never 16.50-style halves the unit cannot pay); the 2 left over
    is stated. Values worked by hand from the Hort rule in the module docstring."""
    pl = _allocate(_rows(HORT_ROWS), HORT_TABLE, ties="hort", unit=F(1))
    assert _paid(pl) == {"A": F(95), "B": F(85), "C": F(60), "D": F(31), "E": F(21), "F": F(16)}
    assert pl.left_over == F(2)
    odd = PrizeTable.parse("33,21")  # A and B tied: own halves 16.5 and 10.5, pot 27 -> 13.5 each
    pl = _allocate(_rows([("A", 8, 2000), ("B", 8, 2000), ("C", 7, 2000)]), odd, ties="hort", unit=F(1))
    assert _paid(pl) == {"A": F(30), "B": F(24)}
    assert pl.left_over == F(0)


def test_shared_money_adds_the_prizes_of_the_tied_places_and_splits_them_equally():
    pl = _allocate(_rows(HORT_ROWS), HORT_TABLE, ties="shared")
    # D, E, F: 40 + 20 + 10 = 70, 23.33 each (70/3 down to cents), 0.01 left over
    assert _paid(pl) == {"A": F(90), "B": F(90), "C": F(60), "D": F(2333, 100), "E": F(2333, 100), "F": F(2333, 100)}
    assert pl.left_over == F(1, 100)
    assert [a.shared_with for a in pl.awards][:2] == [(1, 2), (1, 2)]


def test_by_tiebreak_each_player_receives_the_prize_of_his_place():
    pl = _allocate(_rows(HORT_ROWS), HORT_TABLE)
    assert _paid(pl) == {"A": 100, "B": 80, "C": 60, "D": 40, "E": 20, "F": 10}
    assert [a.prize for a in pl.awards][:3] == ["1st place", "2nd place", "3rd place"]


def test_a_tie_running_past_the_last_prize_shares_it_with_the_tied_player_without_a_prize():
    rows = _rows([("A", 5, 1500), ("B", 4, 1500), ("C", 4, 1500), ("D", 4, 1500)])
    pl = _allocate(rows, PrizeTable.parse("300,200,100"), ties="shared")
    # B, C, D tied for 2nd-4th with prizes for 2nd and 3rd only: 300 split three ways
    assert _paid(pl) == {"A": 300, "B": 100, "C": 100, "D": 100}
    assert pl.awards[-1].prize == "share of tied prizes"


def test_one_prize_per_player_the_most_valuable_one_and_the_next_player_moves_up():
    rows = _rows([("A", 5, 2100), ("B", 4.5, 1550), ("C", 4, 1900), ("D", 3.5, 1500), ("E", 3, 1400)])
    table = PrizeTable.parse("500,300,100", ["U1600=200,50"])
    pl = _allocate(rows, table)
    # B is 2nd overall (300) and best U1600 (200): he takes the 300; the U1600 prizes go to D and E
    # the 3rd place prize (100) goes to C, who is 3rd.
    assert {a.name: (a.prize, a.paid) for a in pl.awards} == {
        "A": ("1st place", 500), "B": ("2nd place", 300), "C": ("3rd place", 100),
        "D": ("U1600 1st", 200), "E": ("U1600 2nd", 50)}


def test_a_category_prize_worth_more_than_a_place_prize_is_taken_first_under_value_order():
    rows = _rows([("A", 5, 2100), ("B", 4.5, 2000), ("C", 4, 1500), ("D", 3.5, 1900)])
    table = PrizeTable.parse("500,300,100", ["U1600=150"])
    assert {a.name: a.prize for a in _allocate(rows, table).awards} == {
        "A": "1st place", "B": "2nd place", "C": "U1600 1st", "D": "3rd place"}
    # places first: C (3rd) takes the 3rd place prize, and nobody else is under 1600
    pl = _allocate(rows, table, order="places-first")
    assert {a.name: a.prize for a in pl.awards} == {"A": "1st place", "B": "2nd place", "C": "3rd place"}
    assert pl.unawarded == ("U1600 1st",)


def test_equal_amounts_give_the_place_prize_before_the_category_prize():
    rows = _rows([("A", 5, 2100), ("B", 4, 1500)])
    pl = _allocate(rows, PrizeTable.parse("100,100", ["U1600=100"]))
    assert {a.name: a.prize for a in pl.awards} == {"A": "1st place", "B": "2nd place"}
    assert pl.unawarded == ("U1600 1st",)


def test_bad_prize_tables_are_refused_with_their_place():
    with pytest.raises(InputError, match=r"place prizes: prize 2 'abc' is not an amount"):
        PrizeTable.parse("100,abc")
    with pytest.raises(InputError, match=r"place prizes: prize 2 is 0; list only the places that have a prize"):
        PrizeTable.parse("100,0")  # it was paid, and shared, as 0.00
    with pytest.raises(InputError, match=r"expected CATEGORY=amounts"):
        PrizeTable.parse("100", ["U1600"])
    with pytest.raises(InputError, match=r"'U16OO' is not a category"):
        PrizeTable.parse("100", ["U16OO=50"])
    with pytest.raises(InputError, match="prize ties"):
        _allocate(_rows(HORT_ROWS), HORT_TABLE, ties="equal")


def test_ordinals():
    assert [ordinal(n) for n in (1, 2, 3, 4, 11, 12, 13, 21, 22, 101, 111)] == [
        "1st", "2nd", "3rd", "4th", "11th", "12th", "13th", "21st", "22nd", "101st", "111th"]


def test_rating_category_excludes_unrated_players_and_unrated_is_its_own_category():
    u = parse_category("U1600")
    # an unrated player is in no band: missing (None), so that the list names him, not silently "no"
    assert [u.holds(Player(1, "x", r)) for r in (1599, 1600, None)] == [True, False, None]
    assert parse_category("unrated").holds(Player(1, "x", None)) is True
    band = parse_category("1600-1799")
    assert [band.holds(Player(1, "x", r)) for r in (1599, 1600, 1799, 1800)] == [False, True, True, False]


def test_age_categories_by_birth_year_follow_fide_youth_and_senior_events():
    from datetime import date
    start = date(2024, 7, 1)
    u18, s50 = parse_category("U18"), parse_category("S50")
    # by year: U18 in 2024 = born 2006 or later; S50 = born 1974 or earlier (FIDE's youth / senior convention)
    assert [u18.holds(Player(1, "x", birth=b), start) for b in ("2006/12/31", "2005/12/31")] == [True, False]
    assert [s50.holds(Player(1, "x", birth=b), start) for b in ("1974/12/31", "1975/01/01")] == [True, False]
    # by the start date: exact age on 1 July 2024
    assert [u18.holds(Player(1, "x", birth=b), start, "date") for b in ("2006/07/02", "2006/07/01")] == [True, False]
    assert [s50.holds(Player(1, "x", birth=b), start, "date") for b in ("1974/07/01", "1974/07/02")] == [True, False]
    # a year only, and a missing birth date (None: reported, never a silent "no")
    assert u18.holds(Player(1, "x", birth="2010"), start) is True
    assert u18.holds(Player(1, "x"), start) is None
    assert u18.holds(Player(1, "x", birth="2010/01/01"), None) is None


def test_category_standings_keep_the_full_events_order_and_name_players_with_missing_fields():
    from datetime import date
    from xl_tiebreak import compute, demo_tournament
    from xl_tiebreak.categories import select
    from xl_tiebreak.standings import rank
    from dataclasses import replace
    t = demo_tournament()
    sexes = {p.no: ("w" if p.no % 2 else ("m" if p.no != 2 else "")) for p in t.players}
    t = replace(t, players=tuple(replace(p, sex=sexes[p.no]) for p in t.players))
    rows = rank(compute(t, "BH/C1,BH,SB"))
    sel = select(rows, parse_category("women"), lambda r: r.player, date(2024, 1, 1))
    assert [r.player.no for r in sel.rows] == [r.player.no for r in rows if r.player.no % 2]
    assert sel.missing == (2,)
    # the player left out is named, his name beside his number (a number alone says little)
    assert sel.note == "1 player(s) with no sex field are not in Women (female players): 2 (Two, B)"


# --- the command line -------------------------------------------------------------------------

def _cli(capsys, *args):
    from xl_tiebreak.cli import main
    code = main(list(args))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def demo_file(tmp_path):
    from xl_tiebreak.examples import demo_text
    p = tmp_path / "demo.trf"
    p.write_text(demo_text(), encoding="utf-8")
    return p


def test_prizes_command_pays_the_standings_places_and_says_how_ties_were_treated(capsys, demo_file):
    import json
    from xl_tiebreak import compute
    from xl_tiebreak.standings import rank
    from xl_tiebreak.trf import read_trf
    rows = rank(compute(read_trf(demo_file), "BH/C1,BH,SB", edition="fide2024"))
    code, out, _ = _cli(capsys, "prizes", str(demo_file), "-t", "BH/C1,BH,SB", "-r", "fide2024",
                        "--places", "60,30,10", "--ties", "shared", "-f", "json")
    assert code == 0
    doc = json.loads(out)
    assert doc["ties"] == "shared" and doc["order"] == "value"
    # the money follows the points: equal points, equal pay; total 100 less what rounding left
    paid = {a["no"]: F(a["paid"]) for a in doc["awards"]}
    pts = {r.player.no: r.points for r in rows}
    for a in paid:
        for b in paid:
            if pts[a] == pts[b]:
                assert paid[a] == paid[b]
    assert sum(paid.values()) + F(doc["left_over"]) == 100
    assert [a["no"] for a in doc["awards"]][0] == rows[0].player.no
    code, out, _ = _cli(capsys, "prizes", str(demo_file), "--places", "60,30,10")
    assert code == 0 and "tied players are ranked by the tie-breaks" in out and "Total paid 100.00" in out


def test_prizes_command_refuses_a_missing_or_bad_table_with_status_2(capsys, demo_file):
    code, _, err = _cli(capsys, "prizes", str(demo_file))
    assert code == 2 and "no prize given" in err
    code, _, err = _cli(capsys, "prizes", str(demo_file), "--places", "60,x")
    assert code == 2 and "place prizes: prize 2 'x' is not an amount" in err
    code, _, err = _cli(capsys, "prizes", str(demo_file), "--places", "60", "--unit", "0")
    assert code == 2 and "--unit" in err
    undated = demo_file.with_name("undated.trf")
    undated.write_text("".join(ln for ln in demo_file.read_text(encoding="utf-8").splitlines(True)
                               if not ln.startswith("042")), encoding="utf-8")
    code, _, err = _cli(capsys, "prizes", str(undated), "--category-prize", "U18=50")
    assert code == 2 and "needs the event's start date" in err


@pytest.mark.parametrize("first,second", [("U1700=10", "U1700=20"), ("U1700=10", "u 1700:20"), ("women=10", "W=20")])
def test_a_category_given_twice_is_refused_naming_both_options(capsys, demo_file, first, second):
    # two lists under one label would pay "U1700 1st" twice, with two amounts
    for command in ("prizes", "publish"):
        extra = ["-o", str(demo_file.with_name("page.html"))] if command == "publish" else []
        code, out, err = _cli(capsys, command, str(demo_file), "--places", "60,30", "--category-prize", first,
                              "--category-prize", second, *extra)
        assert code == 2 and not out and "Traceback" not in err
        assert f"--category-prize {second}: the category {first.split('=')[0]} is given twice (first at " \
               f"--category-prize {first}), which would pay two prizes under one name; give its prizes once" in err
    assert not demo_file.with_name("page.html").exists()
    # one check, the table's own (the command line's, the workbook's and the table's said it three ways)
    with pytest.raises(InputError, match="^the category U1700 is given twice, which would pay two prizes under"):
        PrizeTable((), ((parse_category("U1700"), (F(10),)), (parse_category("U1700"), (F(20),))))
    # two categories of one kind are two lists: U1700 and U1600, women and FED=ENG
    assert len(PrizeTable.parse("", ["U1700=10", "U1600=10", "women=5", "FED=ENG=5"]).categories) == 4


def test_standings_of_a_category_keep_the_event_places_and_number_the_category(capsys, demo_file):
    from xl_tiebreak import compute
    from xl_tiebreak.standings import rank
    from xl_tiebreak.trf import read_trf
    t = read_trf(demo_file)
    rows = rank(compute(t, "BH/C1,BH,SB", edition="fide2024"))
    cut = sorted(p.rating for p in t.players if p.rating is not None)[len(t.players) // 2]
    code, out, _ = _cli(capsys, "standings", str(demo_file), "-t", "BH/C1,BH,SB", "-r", "fide2024",
                        "--category", f"U{cut}", "-f", "csv")
    assert code == 0
    lines = out.splitlines()
    assert lines[0].startswith("Rk,Cat,No,Name")
    want = [r for r in rows if r.player.rating is not None and r.player.rating < cut]
    assert [ln.split(",")[2] for ln in lines[1:]] == [str(r.player.no) for r in want]
    assert [ln.split(",")[0] for ln in lines[1:]] == [r.place for r in want]
    code, _, err = _cli(capsys, "standings", str(demo_file), "--category", "U16OO")
    assert code == 2 and "is not a category" in err


def test_a_category_says_who_was_split_by_what_against_the_player_above_in_the_category(real_dir, capsys):
    # Gros 2010 after round 4, U1600: the whole event's "split by" compares a player with the one above
    # him in the event, who may be outside the category; in the category list it is the one above there
    import csv
    import io
    code, out, _ = _cli(capsys, "standings", str(real_dir / "gros-open-2010-partial.trf"), "--category", "U1600",
                        "-f", "csv")
    rows = list(csv.DictReader(io.StringIO(out)))
    got = [(r["Cat"], r["No"], r["Pts"], r["Split by"]) for r in rows]
    # 44 (1.5) below 45 (2.0): points split them, no tie-break (the event's list said BH, against No 37 out
    # of the category); 38 below 44 on 1.5 with BH/C1 and BH equal: SB (1.75 against 1.00)
    assert code == 0 and got[:4] == [("1", "45", "2.0", ""), ("2", "44", "1.5", ""), ("3", "38", "1.5", "SB"),
                                     ("4", "39", "1.5", "BH/C1")]
    code, out, _ = _cli(capsys, "standings", str(real_dir / "gros-open-2010-partial.trf"), "--category", "U1600")
    assert "the one above on equal points (the one above in this list)." in out


def test_a_categorys_note_names_the_players_it_leaves_out_by_number_and_name(real_dir, capsys):
    trf = str(real_dir / "gros-open-2010-partial.trf")
    code, out, _ = _cli(capsys, "standings", trf, "--category", "U1600")
    assert code == 0 and "Note: 11 player(s) with no rating are not in U1600 (rated below 1600): 6 (Gorrochategui " \
                         "Torres, Eugenio); 52 (Darbinyan Vigen); 37 (Lopez Zorzano Alex); 46 (Jauregi Barandiaran " \
                         "Jon); 31 (Botaya Helios); and 6 more" in out
    code, out, _ = _cli(capsys, "prizes", trf, "--category-prize", "U1600=10")
    assert code == 0 and "Note: 11 player(s) with no rating are not in U1600 (rated below 1600): 6 (Gorrochategui" in out


@pytest.mark.parametrize("text,label", [("women", "Women (female players)"), ("W", "Women (female players)"),
                                        ("unrated", "Unrated (players without a rating)"),
                                        ("FED=ENG", "FED=ENG (federation ENG)")])
def test_every_category_is_titled_by_its_code_and_what_it_means(text, label):
    # as U1600 is "U1600 (rated below 1600)" and S50 "S50 (50 and over)"
    assert parse_category(text).label == label


# --- club categories ---------------------------------------------------------------------------

def test_club_category_compares_names_without_case_or_repeated_spaces_and_says_when_a_club_is_missing():
    cat = parse_category("  club = Hastings   CC ")
    assert (cat.field, cat.label) == ("club", "CLUB=Hastings CC (the club's players)")
    assert cat.holds(Player(1, "A", club="HASTINGS cc")) is True
    assert cat.holds(Player(2, "B", club="Hastings Chess Club")) is False  # another name is another club
    assert cat.holds(Player(3, "C")) is None  # no club typed: missing, not "no"
    with pytest.raises(InputError, match="names no club"):
        parse_category("CLUB=")


def _club_book(tmp_path, capsys):
    """The demo event in a template made with --player-fields, clubs typed in its Club column."""
    from openpyxl import load_workbook
    from xl_tiebreak.examples import demo_tournament
    from xl_tiebreak.notation import format_cell
    book = tmp_path / "clubs.xlsx"
    assert _cli(capsys, "template", "--players", "6", "--rounds", "4", "--player-fields", "-o", str(book))[0] == 0
    wb = load_workbook(book)
    ws = wb["Crosstable"]
    assert ws.cell(4, 9).value == "Club" and ws.cell(4, 10).value == "R1"
    clubs = {1: "Hastings CC", 2: "Battle", 4: "hastings cc", 5: "Battle"}
    for i, p in enumerate(demo_tournament().players):
        ws.cell(5 + i, 1, p.no)
        ws.cell(5 + i, 2, p.name)
        ws.cell(5 + i, 4, p.rating)
        ws.cell(5 + i, 9, clubs.get(p.no))
        for r, rd in enumerate(p.rounds):
            ws.cell(5 + i, 10 + r, format_cell(rd))
    wb.save(book)  # a test's own workbook (the product never re-saves a user's file)
    return book, clubs


def test_standings_and_prizes_of_a_club_read_the_workbooks_club_column(tmp_path, capsys):
    import json
    book, clubs = _club_book(tmp_path, capsys)
    code, out, _ = _cli(capsys, "standings", str(book), "--category", "CLUB=Hastings CC", "-f", "json")
    assert code == 0, out
    doc = json.loads(out)
    full = json.loads(_cli(capsys, "standings", str(book), "-f", "json")[1])
    order = [r["no"] for r in full["players"]]
    assert [r["no"] for r in doc["players"]] == [n for n in order if n in (1, 4)]
    assert [r["rank"] for r in doc["players"]] == [r["rank"] for r in full["players"] if r["no"] in (1, 4)]
    # the players with no club typed are named, in the standings' order, not silently left out
    assert doc["category"] == {"text": "CLUB=Hastings CC", "label": "CLUB=Hastings CC (the club's players)",
                               "missing": [n for n in order if n in (3, 6)]}
    # a club prize goes to the club's best player, by the full event's order
    code, out, _ = _cli(capsys, "prizes", str(book), "--category-prize", "CLUB=Battle=40", "-f", "json")
    assert code == 0, out
    awards = json.loads(out)["awards"]
    best = [n for n in order if clubs.get(n) == "Battle"][0]
    assert [(a["no"], a["prize"]) for a in awards] == [(best, "CLUB=Battle 1st")]


def test_a_club_category_on_a_trf_file_is_refused_naming_the_missing_club_column(capsys, demo_file):
    code, _, err = _cli(capsys, "standings", str(demo_file), "--category", "CLUB=Hastings CC")
    assert code == 2 and "no player has a club" in err and "TRF file has no club field" in err
    code, _, err = _cli(capsys, "prizes", str(demo_file), "--category-prize", "CLUB=Hastings CC=50")
    assert code == 2 and "no player has a club" in err


def test_a_category_cell_of_32767_characters_is_read_at_once_and_quoted_short_in_the_error():
    club = parse_category("CLUB=" + "a " * 16_380 + "b")  # once quadratic in a regular expression
    assert club.field == "club" and len(club.label) == len("CLUB= (the club's players)") + 2 * 16_380 + 1
    with pytest.raises(InputError) as exc:
        parse_category("x" * 32_767)
    assert len(str(exc.value)) < 300 and "'xxxxxxxx" in str(exc.value)


# --- review findings: what the rules say where the first version did something else ---------------

def test_players_the_tiebreaks_do_not_separate_share_the_prizes_of_their_places():
    """Under "tiebreak", C.07 Art. 2.2.2 ranks tied players by the tie-breaks; where they do not
    separate two players (a shared place "2-3"), nothing ranks them, so the start number must not
    decide: they share the 2nd and 3rd prizes equally (worked by hand: (200 + 100) / 2 = 150)."""
    rows = _rows([("A", 5, 1500), ("B", 4, 1500), ("C", 4, 1500), ("D", 3, 1500)])
    rows[1] = _Row(rows[1].player, rows[1].points, "2-3")
    rows[2] = _Row(rows[2].player, rows[2].points, "2-3")
    pl = _allocate(rows, PrizeTable.parse("300,200,100,50"))
    assert _paid(pl) == {"A": 300, "B": 150, "C": 150, "D": 50}
    # a shared place past the last prize: the prize of the place inside is shared with the one outside
    pl = _allocate(rows, PrizeTable.parse("300,200"))
    assert _paid(pl) == {"A": 300, "B": 100, "C": 100}
    assert [a.prize for a in pl.awards] == ["1st place", "2nd place", "share of tied prizes"]


def test_a_prize_list_rising_from_one_prize_to_the_next_is_refused_as_a_typing_error():
    with pytest.raises(InputError, match=r"place prizes: the 3rd prize \(2000\) is more than the 2nd \(300\)"):
        PrizeTable.parse("500,300,2000")
    with pytest.raises(InputError, match=r"category U1600 prizes: the 2nd prize \(60\) is more than the 1st \(50\)"):
        PrizeTable.parse("", ["U1600=50,60"])
    assert PrizeTable.parse("100,100,50").places == (100, 100, 50)  # equal prizes are fine


def test_an_incomplete_birth_date_counts_only_where_every_day_it_may_be_gives_the_same_answer():
    from datetime import date
    start = date(2026, 5, 1)
    u14 = parse_category("U14")
    # born "2012": on 1 May 2026 he is 13 (birthday later in the year) or 14 (earlier): undecided
    assert u14.holds(Player(1, "x", birth="2012"), start, "date") is None
    assert u14.holds(Player(1, "x", birth="2012"), start, "year") is True  # by year: under 14 on 1 January
    assert u14.holds(Player(1, "x", birth="2013"), start, "date") is True  # at most 13 on any day of 2013
    assert u14.holds(Player(1, "x", birth="2012/09/00"), start, "date") is True  # September: still 13 in May
    assert u14.holds(Player(1, "x", birth="2012/05/00"), start, "date") is None  # May: 13 or 14 on the 1st


def test_a_rating_band_names_the_unrated_players_and_an_empty_category_says_nobody_is_in_it(capsys, tmp_path):
    import json
    from dataclasses import replace
    from xl_tiebreak.examples import demo_tournament
    from xl_tiebreak.trf.writer import write_trf
    t = demo_tournament()  # ratings 2000, 1900, ... 1500: player 6 made unrated
    t = replace(t, players=tuple(replace(p, rating=None) if p.no == 6 else p for p in t.players))
    path = tmp_path / "unrated.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    code, out, _ = _cli(capsys, "standings", str(path), "--category", "U1700", "-f", "json")
    doc = json.loads(out)
    assert code == 0 and [r["no"] for r in doc["players"]] == [5]  # 1600; unrated 6 in no band
    assert doc["category"]["missing"] == [6]  # named, not silently left out
    code, out, _ = _cli(capsys, "standings", str(path), "--category", "U1700")
    assert "Note: 1 player(s) with no rating are not in U1700 (rated below 1700): 6" in out
    code, out, _ = _cli(capsys, "standings", str(path), "--category", "U1000")
    assert code == 0 and "Nobody is in U1000 (rated below 1000)." in out
    code, out, err = _cli(capsys, "standings", str(path), "--category", "U1000", "-f", "json")
    assert code == 0 and json.loads(out)["players"] == [] and "nobody is in U1000" in err
    code, _, err = _cli(capsys, "standings", str(path), "--category", "U0")
    assert code == 2 and "nobody is under or over 0" in err


def test_amounts_show_as_many_decimals_as_the_unit_pays():
    from xl_tiebreak.prize_report import money
    assert [money(F(v)) for v in ("100", "16.66", "16.666", "2.5")] == ["100.00", "16.66", "16.666", "2.50"]
    assert money(F(1, 3)) == "0.333333…"  # what rounding left of a third: marked, not passed for exact
    pl = _allocate(_rows([("A", 2, 1500), ("B", 2, 1500), ("C", 2, 1500)]), PrizeTable.parse("50"), ties="shared",
                   unit=F(1, 1000))
    assert [money(a.paid) for a in pl.awards] == ["16.666"] * 3 and money(pl.left_over) == "0.002"


def test_a_tied_player_takes_his_share_of_the_place_prizes_when_it_pays_more_than_his_category_prize():
    """One prize per player, the most valuable: valued by what he is paid. Worked by hand: A 6
    points; B, C, D, E 5 (places 2-5); F 4; place prizes 300, 200, 40, 40; S50 50 for C and F.
    By the listed amounts C (S50) takes the 50 before the two 40s are handed out, and B, D, E
    share 280 (93.33 each). Shared equally, C's share would be 280 / 4 = 70 > 50: he shares the
    place prizes, and the S50 prize goes to F. Under Hort, without the S50 prize C takes the 3rd
    place prize (40) himself: his own half 20 plus a quarter of the pooled halves (200 + 40 + 40) / 2
    = 140, 35, is 55 > 50: he takes it; B 100 + 35, D 20 + 35, E (no place prize) 35, F the S50."""
    rows = _rows([("A", 6, 2000), ("B", 5, 2000), ("C", 5, 2000), ("D", 5, 2000), ("E", 5, 2000), ("F", 4, 2000)])
    seniors = {"C", "F"}
    table = PrizeTable((F(300), F(200), F(40), F(40)), ((parse_category("S50"), (F(50),)),))

    def run(ties: str):
        return allocate(rows, table, player_of=lambda r: r.player, points_of=lambda r: r.points,
                        place_of=lambda r: r.place, in_category=lambda c, r: r.player.name in seniors, ties=ties)
    pl = run("shared")
    assert _paid(pl) == {"A": 300, "B": 70, "C": 70, "D": 70, "E": 70, "F": 50}
    assert {a.name: a.prize for a in pl.awards}["F"] == "S50 1st"
    pl = run("hort")
    assert _paid(pl) == {"A": 300, "B": 135, "C": 55, "D": 55, "E": 35, "F": 50}
    assert pl.total == 630 and pl.left_over == 0
    # a category prize worth more than the share is kept: S50 100 > 70
    table = PrizeTable((F(300), F(200), F(40), F(40)), ((parse_category("S50"), (F(100),)),))
    pl = run("shared")
    assert _paid(pl)["C"] == 100 and "F" not in _paid(pl)
