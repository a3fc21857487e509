"""The crosstable chess-results.com exports (issue 24, item 4): read into the project's event, the
published points, ranks and TB columns compared with ours, anything not recognised refused by its
row and column.

The export files are written here, small and by hand, in the layout chess-results.com uses (see
the docstring of :mod:`xl_tiebreak.imports.chess_results` for where the format was learned): title
rows, ``Rk. | SNo | (title) | Name | Rtg | FED | 1.Rd ... | Pts. | TB1 | TB2``, cells ``3w1``,
``2b½`` (``s`` for black on German pages), ``4w+`` / ``3b-`` forfeits, ``-1`` / ``-½`` / ``-0``
no opponent, and a legend line under the table.
"""

from __future__ import annotations

import json
from fractions import Fraction

import pytest
from openpyxl import Workbook  # type: ignore[import-untyped]

from xl_tiebreak import compute
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.imports.chess_results import read_export
from xl_tiebreak.imports.published import read_number
from xl_tiebreak.model import Kind
from xl_tiebreak.notation import format_cell
from xl_tiebreak.standings import rank

TITLE = [["From the Tournament-Database of Chess-Results https://chess-results.com"], ["Club Open 2025"],
         ["Last update 06.09.2025 12:00:00"], ["Final Ranking crosstable after 3 Rounds"]]
HEADER = ["Rk.", "SNo", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "3.Rd", "Pts.", "TB1", "TB2"]
# rows in the final order; the cells name the opponent by his rank (a Final Ranking crosstable)
PLAYERS = [
    [1, 2, "FM", "Adams, A", 2100, "ENG", "3w1", "2b½", "-1", 2.5],
    [2, 1, "", "Brown, B", 2200, "ENG", "4b1", "1w½", "3s1", 2.5],
    [3, 3, "", "Cole, C", 1900, "SCO", "1b0", "4w+", "2w0", 1],
    [4, 4, "", "Dunn, D", 0, "WLS", "2w0", "3b-", "-0", 0],
]
LEGEND = [[], ["Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"]]
CODES = "BH,SB"


def _rows(players=PLAYERS, title=TITLE, header=HEADER, tbs=None) -> list[list]:
    """The export's rows; ``tbs`` the TB1, TB2 cells by rank (default: the engine's BH and SB)."""
    tbs = tbs or _true_tbs()
    return [*[list(r) for r in title], list(header), *[list(p) + list(tbs[p[0]]) for p in players],
            *[list(r) for r in LEGEND]]


def _true_tbs() -> dict[int, tuple]:
    """BH and SB of each rank as chess-results prints them (text with a decimal comma)."""
    t = read_export([*TITLE, HEADER[:10], *[p[:10] for p in PLAYERS]]).tournament
    res = compute(t, CODES)
    rank_of = {2: 1, 1: 2, 3: 3, 4: 4}  # start number -> rank, as in PLAYERS
    return {rank_of[p.no]: tuple(str(float(v)).replace(".", ",") for v in res.values[k])
            for k, p in enumerate(t.players)}


def test_an_export_becomes_the_event_with_start_numbers_titles_ratings_and_every_kind_of_round():
    imp = read_export(_rows(), "open.xlsx")
    t = imp.tournament
    assert imp.numbered_by == "rank" and imp.title == "Club Open 2025" and t.name == "Club Open 2025"
    assert [(p.no, p.name, p.title, p.rating, p.fed) for p in t.players] == [
        (1, "Brown, B", "", 2200, "ENG"), (2, "Adams, A", "FM", 2100, "ENG"), (3, "Cole, C", "", 1900, "SCO"),
        (4, "Dunn, D", "", None, "WLS")]  # rating 0: unrated
    cells = {p.no: [format_cell(r) for r in p.rounds] for p in t.players}
    # ranks turned into start numbers (rank 1 = No 2, rank 2 = No 1); s is black
    assert cells == {1: ["4b1", "2w½", "3b1"], 2: ["3w1", "1b½", "BYE"], 3: ["2b0", "+4", "1w0"],
                     4: ["1w0", "-3", "-"]}
    kinds = {p.no: [r.kind for r in p.rounds] for p in t.players}
    assert kinds[3][1] == Kind.FORFEIT_WIN and kinds[4][1] == Kind.FORFEIT_LOSS
    assert kinds[2][2] == Kind.PAB and kinds[4][2] in (Kind.ABSENT,)
    assert [float(p.score()) for p in t.players] == [2.5, 2.5, 1.0, 0.0]
    assert imp.published.ranks == {2: 1, 1: 2, 3: 3, 4: 4}
    assert imp.published.columns == ("TB1", "TB2")
    assert imp.published.legend == ("Tie Break1: Buchholz Tie-Breaks (variabel with parameter)",)


def test_a_half_point_bye_and_a_pairing_without_result_and_english_black():
    players = [[1, 1, "", "A", 1500, "ENG", "2w1", "-½", "2b"], [2, 2, "", "B", 1400, "ENG", "1b0", "-0", "1w"]]
    t = read_export([*TITLE, HEADER[:10], *players]).tournament
    assert [format_cell(r) for r in t.players[0].rounds] == ["2w1", "H", "2b"]
    assert t.players[0].rounds[1].kind == Kind.HALF_BYE


def test_the_starting_rank_crosstable_names_opponents_by_start_number():
    title = TITLE[:3] + [["Starting rank crosstable"]]
    by_start = [[2, 1, "", "Brown, B", 2200, "ENG", "4b1", "2w½", "3b1"],
                [1, 2, "FM", "Adams, A", 2100, "ENG", "3w1", "1b½", "-1"],
                [3, 3, "", "Cole, C", 1900, "SCO", "2b0", "4w+", "1w0"],
                [4, 4, "", "Dunn, D", 0, "WLS", "1w0", "3b-", "-0"]]
    imp = read_export([*title, HEADER[:9], *by_start])
    assert imp.numbered_by == "start number"
    assert [format_cell(r) for r in imp.tournament.players[0].rounds] == ["4b1", "2w½", "3b1"]


def test_without_the_title_line_the_numbering_in_which_every_game_is_mirrored_is_taken():
    rows = _rows(title=[["Club Open 2025"]])
    imp = read_export(rows)
    assert imp.numbered_by == "rank"  # by start number, rank 1's "3w1" would not be answered by No 3
    assert [format_cell(r) for r in imp.tournament.players[0].rounds] == ["4b1", "2w½", "3b1"]


def test_published_values_agree_when_ours_rounded_to_their_decimals_are_the_same():
    assert read_number("28,5").agrees(Fraction(57, 2))
    assert read_number("21,33").agrees(Fraction(64, 3))  # 21.333... printed with two decimals
    assert not read_number("21,34").agrees(Fraction(64, 3))
    assert read_number(2.5).decimals == 1 and read_number(3.0).decimals == 0
    assert read_number("") is None and read_number("-") is None


# --------------------------------------------------------------------------------- the command line

def _write_xlsx(path, rows) -> None:
    wb = Workbook()
    ws = wb.active
    ws.title = "Crosstable"
    for row in rows:
        ws.append(row)
    wb.save(path)


def _cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_check_from_chess_results_finds_no_difference_when_the_published_values_are_ours(tmp_path, capsys):
    book = tmp_path / "open.xlsx"
    _write_xlsx(book, _rows())
    code, out, err = _cli(capsys, "check", "--from", "chess-results", book, "-t", CODES, "-f", "json")
    assert code == 0, (out, err)
    doc = json.loads(out)
    assert doc["differences"] == [] and doc["numbered_by"] == "rank" and doc["tiebreaks"] == ["BH", "SB"]
    assert doc["legend"] == ["Tie Break1: Buchholz Tie-Breaks (variabel with parameter)"]


def test_check_from_chess_results_names_each_published_value_that_differs(tmp_path, capsys):
    tbs = _true_tbs()
    tbs[3] = (tbs[3][0], "9,75")  # Cole's SB misprinted
    csv = tmp_path / "open.csv"
    csv.write_text("\n".join(";".join("" if c is None else str(c) for c in r) for r in _rows(tbs=tbs)),
                   encoding="utf-8")
    code, out, _ = _cli(capsys, "check", "--from", "chess-results", csv, "-t", CODES)
    assert code == 1
    t = read_export(_rows()).tournament
    sb = compute(t, CODES).value(3, "SB")
    assert f"differs  No 3 Cole, C: TB2 (SB): published 9.75, ours {float(sb):g}" in out
    assert "open.csv: 1 difference(s)" in out
    # the ranks follow our tie-breaks: with SB first, Adams and Brown change places
    code, out, _ = _cli(capsys, "check", "--from", "chess-results", csv, "-t", "SB,BH")
    res = compute(t, "SB,BH")
    ours = {r.player.no: r.rank for r in rank(res)}
    if ours[2] != 1:
        assert "differs  No 2 Adams, A: Rk: published 1, ours 2" in out


def test_workbook_from_chess_results_makes_the_workbook_of_the_event(tmp_path, capsys):
    book = tmp_path / "open.xlsx"
    _write_xlsx(book, _rows())
    out = tmp_path / "book.xlsx"
    code, text, err = _cli(capsys, "workbook", "--from", "chess-results", book, "-o", out, "-t", CODES)
    assert code == 0, err
    code, text, _ = _cli(capsys, "standings", out, "-f", "csv")
    import csv
    lines = list(csv.reader(text.splitlines()[1:]))
    assert [(ln[1], ln[3]) for ln in lines] == [("2", "2.5"), ("1", "2.5"), ("3", "1.0"), ("4", "0.0")]


# ------------------------------------------------------------------------------------- refusals

@pytest.mark.parametrize("change, message", [
    (lambda r: r[5].__setitem__(7, "2x½"), "row 6, column H (2.Rd): '2x½' is not a chess-results result; expected"),
    (lambda r: r[5].__setitem__(6, "9w1"), "row 6, column G (1.Rd): '9w1': there is no player with rank 9"),
    (lambda r: r[6].__setitem__(6, "4b0"),  # Brown lost to rank 4, who says he lost too: the two sides disagree
     "row 7, column G (1.Rd): round 1: player 1 has a loss against 4 with Black, but player 4 has a loss"),
    (lambda r: r[4].__setitem__(7, "3.Rd"), "the round columns jump from 1.Rd to 3.Rd"),
    # a rank written again is a shared place (Swiss-Manager writes it so); one that jumps is a shortened list
    (lambda r: r[6].__setitem__(0, 3), "row 7, column A (Rk.): rank 3 in place 2 of the table: expected 2, or 1"),
])
def test_an_export_that_cannot_be_read_is_refused_naming_row_and_column(change, message):
    rows = _rows()
    change(rows)
    with pytest.raises(InputError) as got:
        read_export(rows, "open.xlsx")
    assert message in str(got.value), str(got.value)


def test_a_file_that_is_no_chess_results_crosstable_says_what_was_expected(tmp_path, capsys):
    with pytest.raises(InputError, match="no crosstable header found: expected a row with Rk. .*1.Rd, 2.Rd"):
        read_export([["Name", "Points"], ["A", 1]])
    rr = [*TITLE, ["Rk.", "", "Name", "Rtg", "FED", "1", "2", "3", "Pts."], [1, "", "A", 1500, "ENG", "*", 1, 1, 2]]
    with pytest.raises(InputError, match="a round-robin table .* does not say in which round"):
        read_export(rr)
    junk = tmp_path / "junk.xlsx"
    junk.write_bytes(b"PK\x03\x04 not really a zip")
    code, _, err = _cli(capsys, "check", "--from", "chess-results", junk)
    assert code == 2 and "junk.xlsx" in err and "Traceback" not in err
    old = tmp_path / "old.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    code, _, err = _cli(capsys, "workbook", "--from", "chess-results", old, "-o", tmp_path / "o.xlsx")
    assert code == 2 and "an old Excel .xls file: open it and save it as .xlsx" in err


def test_the_workbook_keeps_the_published_values_and_check_names_the_cell_that_differs(tmp_path, capsys):
    tbs = _true_tbs()
    tbs[2] = ("9,5", tbs[2][1])  # Brown's (rank 2, No 1) BH misprinted
    export = tmp_path / "open.xlsx"
    _write_xlsx(export, _rows(tbs=tbs))
    book = tmp_path / "book.xlsx"
    code, out, err = _cli(capsys, "workbook", "--from", "chess-results", export, "-o", book, "-t", CODES)
    assert code == 0 and "Published sheet" in out, err
    from openpyxl import load_workbook
    ws = load_workbook(book)["Published"]
    assert [c.value for c in ws[4]] == ["Rk", "No", "Name", "Pts.", "TB1", "TB2"]
    assert [c.value for c in ws[6]][:5] == [2, 1, "Brown, B", 2.5, 9.5]
    assert ws["A10"].value.startswith("Tie Break1: Buchholz")
    code, out, _ = _cli(capsys, "check", book, "-f", "json")
    found = [f for f in json.loads(out)["findings"] if f["rule"] == "published"]
    t = read_export(_rows()).tournament
    ours = compute(t, CODES).value(1, "BH")
    assert found == [{"severity": "warning", "rule": "published", "where": "Published!E6",
                      "message": f"player 1 (Brown, B): TB1 (BH): published 9.5, ours {float(ours):g}"}]


def test_the_german_page_reads_the_same():
    title = [["Aus der Turnierdatenbank von Chess-Results https://chess-results.com"], ["Vereinsturnier 2025"],
             ["Endtabelle nach 3 Runden"]]
    header = ["Rg.", "Snr", "", "Name", "Elo", "Land", "1.Rd", "2.Rd", "3.Rd", "Pkt.", "Wtg1"]
    players = [[1, 2, "FM", "Adams, A", 2100, "ENG", "3w1", "2s½", "-1", "2,5", "7"],
               [2, 1, "", "Brown, B", 2200, "ENG", "4s1", "1w½", "3s1", "2,5", "6,5"],
               [3, 3, "", "Cole, C", 1900, "SCO", "1s0", "4w+", "2w0", "1", "5"],
               [4, 4, "", "Dunn, D", 0, "WLS", "2w0", "3s-", "-0", "0", "4"]]
    imp = read_export([*title, header, *players])
    assert imp.title == "Vereinsturnier 2025" and imp.numbered_by == "rank"
    assert [format_cell(r) for r in imp.tournament.players[0].rounds] == ["4b1", "2w½", "3b1"]
    assert imp.published.columns == ("Wtg1",) and str(imp.published.points[1]) == "2.5"


def test_an_export_claiming_too_many_rows_or_columns_is_refused_before_the_work():
    with pytest.raises(InputError, match="more than the 100,001 a crosstable may have"):
        read_export([[]] * 100_002)
    wide = [*TITLE, HEADER[:9] + ["x"] * 1000, *[p[:9] for p in PLAYERS]]
    with pytest.raises(InputError, match="columns, more than 1,000"):
        read_export(wide)


def test_an_empty_cell_in_a_played_round_is_a_player_not_paired_and_an_empty_round_is_not_played():
    header = HEADER[:9] + ["4.Rd"] + HEADER[9:10]
    players = [[1, 2, "", "Adams, A", 2100, "ENG", "3w1", "2b½", "-1", "", 2.5],
               [2, 1, "", "Brown, B", 2200, "ENG", "4b1", "1w½", "3s1", "", 2.5],
               [3, 3, "", "Cole, C", 1900, "SCO", "1b0", "4w+", "2w0", "", 1],
               [4, 4, "", "Dunn, D", 0, "WLS", "2w0", "3b-", "", "", 0]]  # withdrew after round 2
    t = read_export([*TITLE, header, *players]).tournament
    assert t.rounds == 4
    dunn = t.players[3]
    assert [format_cell(r) for r in dunn.rounds[:3]] == ["1w0", "-3", "-"] and dunn.rounds[2].kind == Kind.ABSENT
    assert compute(t, "BH").rounds == 3  # standings after round 3: round 4 was not played


def test_a_text_export_with_a_monstrous_field_is_refused_not_a_traceback(tmp_path, capsys):
    bad = tmp_path / "huge.csv"
    bad.write_text('Rk.;Name;1.Rd\n1;"' + "x" * 200_000 + '";-1\n', encoding="utf-8")
    code, _, err = _cli(capsys, "check", "--from", "chess-results", bad)
    assert code == 2 and "huge.csv" in err and "not a readable CSV" in err


def test_random_damage_to_an_export_gives_our_error_or_an_event_never_anything_else():
    import random
    from xl_tiebreak.errors import TiebreakError
    from xl_tiebreak.imports.vega import read_vega
    from test_vega_import import SAMPLE
    rng = random.Random(24)
    alphabet = ["", "-", "+", "*", "w", "b", "s", "½", "1", "0", "12", "3w", "-1", "x", " ", "=", "2b½", "Rk.", "Name",
                None, 3.5, 7, "1.Rd", "-½", "4w+"]
    base = _rows()
    for _ in range(400):
        rows = [list(r) for r in base]
        for _ in range(rng.randint(1, 4)):
            i = rng.randrange(len(rows))
            if rows[i]:
                rows[i][rng.randrange(len(rows[i]))] = rng.choice(alphabet)
        try:
            read_export(rows, "fuzz.xlsx")
        except TiebreakError:
            pass
    lines = SAMPLE.splitlines()
    for _ in range(400):
        damaged = list(lines)
        k = rng.randrange(len(damaged))
        line = damaged[k]
        if line:
            j = rng.randrange(len(line))
            damaged[k] = line[:j] + rng.choice(["", "|", "-", "+", "W", "9", " ", "BYE", "(W)"]) + line[j + 1:]
        try:
            read_vega("\n".join(damaged), "fuzz.txt")
        except TiebreakError:
            pass


# ---------------------------------------------- a shared place written once, and what '-1' may be
#
# The layout of a real chess-results Excel export of a Final Ranking crosstable (the 2025
# ``chessResultsList.xlsx`` of GitHub's NathENSAE/Seminaire: a 9-round open, its first 150 of some
# 300 rows): ``Rk. | (12 spaces) | (title) | Name | Rtg | FED | 1.Rd ... | Pts. | TB1 | Rp``, no
# SNo column, the rank left empty on the row of a player sharing the place above (places 4, 6 and
# 8: Svane 7 / 52 under Esipenko 7 / 52 ...), and the opponents named by their place in the
# table: every one of the 425 games between two of its 150 rows is written on both rows when read
# so (place 8's ``  6b½`` in round 8, place 6's ``  8w½``), while 310 cells name a place whose rank
# is left empty, so the ranks shown cannot be the numbering. Some of
# its players have ``-1`` in several rounds (place 25: -1, -½, -1, -1 in rounds 1-4), which
# cannot all be the pairing-allocated bye; the spreadsheet kept ``-1`` and ``-0`` as the
# numbers -1 and 0, ``   -½`` as text.
#
# The event, by hand in that layout: places 1 Adams 3, 2 Dunn 2, 3 Brown 1½, 4 Cole 1½ (sharing
# place 3: its rank left empty). R1: Adams beats Cole, Brown beats Dunn; R2: Adams beats Brown, Cole
# and Dunn a point without a game; R3: Brown - Cole drawn, Adams and Dunn a point without a game.
SHARED_HEADER = ["Rk.", None, None, "Name", "Rtg", "FED", "1.Rd", "2.Rd", "3.Rd", "Pts. ", "TB1", "Rp"]
SHARED = [
    [1, "            ", "FM", "Adams  Anna ", 2100, "ENG", "  4w1", "  3b1", -1, 3, 4.5, "2300"],
    [2, "            ", None, "Dunn  Dora ", 1800, "WLS", "  3b0", -1, -1, 2, 3, "1700"],
    [3, "            ", None, "Brown  Ben ", 2200, "ENG", "  2w1", "  1w0", "  4b½", 1.5, 7.5, "2000"],
    [None, "            ", None, "Cole  Carl ", 1900, "SCO", "  1b0", -1, "  3w½", 1.5, 7.5, "1900"],
]


def test_a_place_shared_and_written_once_reads_by_place_and_keeps_the_rank_above():
    imp = read_export([SHARED_HEADER, *SHARED], "chessResultsList.xlsx")
    t = imp.tournament
    assert imp.numbered_by == "rank" and [p.name for p in t.players] == ["Adams  Anna", "Dunn  Dora", "Brown  Ben",
                                                                         "Cole  Carl"]
    cells = {p.no: [format_cell(r) for r in p.rounds] for p in t.players}  # start numbers = places (no SNo column)
    assert cells == {1: ["4w1", "3b1", "BYE"], 2: ["3b0", "BYE", "BYE"], 3: ["2w1", "1w0", "4b½"],
                     4: ["1b0", "BYE", "3w½"]}
    assert imp.published.ranks == {1: 1, 2: 2, 3: 3, 4: 3}
    assert [float(x) for x in compute(t).points] == [3, 2, 1.5, 1.5]


def test_a_minus_one_is_read_as_the_pairing_bye_and_the_import_says_what_else_it_may_be(tmp_path, capsys):
    imp = read_export([SHARED_HEADER, *SHARED])
    assert len(imp.notes) == 2
    assert imp.notes[0].startswith("'-1' (a point without an opponent) in 4 cell(s), the first at row 2, column I "
                                   "(3.Rd): read as a pairing-allocated bye (BYE); the export writes a full-point bye")
    assert "write F in its cell" in imp.notes[0]
    assert imp.notes[1].startswith("'-1' in more than one round for 1 player(s) (No 2: rounds 2, 3): a player "
                                   "receives the pairing-allocated bye once (C.04)")
    # the note's claim: a full-point bye in its place changes no value of any tie-break here
    from xl_tiebreak.crosstable import CrosstableRow, tournament_from_rows
    from xl_tiebreak.tiebreaks.registry import rows as registry

    def event(bye):
        return tournament_from_rows([CrosstableRow(p.no, p.name, p.rating,
                                                   [bye if format_cell(r) == "BYE" else format_cell(r) for r in p.rounds])
                                     for p in imp.tournament.players], rounds=3, kind="swiss")
    codes = ",".join(registry())
    for edition in ("fide2026", "fide2024", "fide2012"):
        a, b = compute(event("BYE"), codes, edition=edition), compute(event("F"), codes, edition=edition)
        assert a.points == b.points and a.values == b.values, edition
    book = tmp_path / "open.xlsx"
    wb = Workbook()
    for row in [SHARED_HEADER, *SHARED]:
        wb.active.append(row)
    wb.save(book)
    code = main(["check", "--from", "chess-results", str(book)])
    out = capsys.readouterr().out
    assert code == 0 and "note     '-1' (a point without an opponent) in 4 cell(s)" in out
    assert main(["check", "--from", "chess-results", str(book), "-f", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["notes"] == list(imp.notes)
    assert main(["workbook", "--from", "chess-results", str(book), "-o", str(tmp_path / "b.xlsx")]) == 0
    assert "note: '-1' in more than one round for 1 player(s)" in capsys.readouterr().out


def test_check_from_says_which_published_columns_were_compared_with_which_code(tmp_path, capsys):
    """TB1 is compared with the first --tiebreaks code, TB2 with the second; a published column
    without a code, or a code without a column, is said, never passed over in silence."""
    path = tmp_path / "export.csv"
    path.write_text("\n".join([
        "Final Ranking crosstable after 3 Rounds",
        "Rk.;SNo;;Name;Rtg;FED;1.Rd;2.Rd;3.Rd;Pts.;TB1;TB2",
        "1;2;FM;Adams, A;2100;ENG;3w1;2b½;-1;2,5;3;4,5",
        "2;1;;Brown, B;2200;ENG;4b1;1w½;3s1;2,5;3;3,75",
        "3;3;;Cole, C;1900;SCO;1b0;4w+;2w0;1;5;0",
        "4;4;;Dunn, D;0;WLS;2w0;3b-;-0;0;4,5;0"]) + "\n", encoding="utf-8")
    _, out, _ = _cli(capsys, "check", "--from", "chess-results", str(path), "-t", "BH")
    assert "columns  compared TB1 with BH" in out and "columns  not compared: TB2" in out
    _, out, _ = _cli(capsys, "check", "--from", "chess-results", str(path), "-t", "BH,SB,WIN", "-f", "json")
    doc = json.loads(out)
    assert doc["compared"] == [{"column": "TB1", "code": "BH"}, {"column": "TB2", "code": "SB"}]
    assert doc["not_compared"] == [] and doc["no_column"] == ["WIN"]
