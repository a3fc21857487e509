"""The crosstable exports met in real use (issue 24, item 4), read by ``--from swiss-manager`` and
``--from chess-results``: small files written here that reproduce each layout found, with its
source, the published points and a tie-break recomputed by our engine.

Sources of the layouts (facts about the files only; no code taken):

* Swiss-Manager's own Excel export of a list: a Malaysian club's importer of "Ranking List" files
  exported by Swiss-Manager, ``pertandingan-parse.ts`` and its test against a real export
  (``__fixtures__/ranking-141225.xls``, 27 players): the event's name, ``Final ranking``, the header
  ``Rank | SNo. | Name | FED | Pts | BH:GP | SB/C1 | PS`` (tie-break columns headed by the
  tie-break's short name, not ``TB1``), points written ``7½``, then the footer ``Program
  Swiss-Manager developed and copyright ...``; the file is an old ``.xls`` (BIFF8).
* Swiss-Manager's own Excel export of a round (a Greek team championship, ``parsePairings.test.ts``,
  "reproduces exactly the structure of the real Swiss-Manager file"): the event's name, an empty
  row, the list's title, an empty row, the header, the rows, an empty row and three footer rows
  (``Program Swiss-Manager developed and copyright © by DI.Heinz Herzog, ...``, ``Mail:...``,
  ``Details on this tournament can be found on http://chess-results.com``).
* chess-results' German Excel export: the chesscrew project's ``tournament_importer`` tests (the
  Schach Tirol Open 2025, tnr 1107066): ``Aus der Turnierdatenbank von Chess-Results ...``, the
  event, ``Die Seite wurde zuletzt aktualisiert am 30.08.2025 13:47:05``, ``Endtabelle nach 9
  Runden``, the header ``Rg. | | | Name | Land | 1.Rd ... | Pkt. | Wtg1 | Wtg2 | Wtg3 | Rp``, black
  written ``s``, ``16w+`` a forfeit won.
* chess-results' English "Starting rank crosstable" as the Keshmat circuit's
  ``process_crosstable.py`` reads it: the event, ``Date : ...``, ``Number of rounds ...``,
  ``Location : ...``, ``Starting rank crosstable``, a header beginning ``No.``, a footer ``You find
  all ... chess-results``.
* a real chess-results CSV export of a 40-player Swedish seniors' event (chess-results
  tnr1316880, "Ranking crosstable after Round 4", kept in an analysis script of GitHub user
  ChristerNilsson; names replaced here): ``Rk.,,Name,Rtg,FED,1.Rd,...,Pts. ,TB1,TB2,TB3``, cells
  padded with spaces (`` 17b1``, ``  4w `` paired without a result), ``  -½`` a half-point bye,
  ``-1`` a pairing-allocated bye and ``0`` a bye of no points yet, unpadded where a spreadsheet
  that opened the file made numbers of ``-1`` and ``-0``, two games of earlier rounds still
  without a result, the footer ``You find all details to this tournament under ...`` /
  ``Chess-Tournament-Results-Server: Chess-Results``. The event's page in ChristerNilsson/HugoLab
  (``content/klubben/medlemmar/christer-nilsson/srs_km_2026/_index.md``) lists those two as
  postponed games (round 2 Viklund - Ornstein, round 3 Hellman - Pettersson) and the personal
  byes (½ point, given after the round is played) of rounds 1, 2, 4 and 5.
* extra columns on chess-results pages (``Typ`` in ``Rk SNo Name Typ FED Rtg TB1 TB2 TB3``, a
  chess-results parser's test of tnr1375699), and club / FIDE id columns.

No real Swiss-Manager *crosstable* export was found: its three-column rounds (opponent, colour,
result under ``1.Rd.``) are taken from two readers of real ones (see the section of that name
below); the one-cell rounds of the chess-results pages Swiss-Manager publishes are read too.
"""

from __future__ import annotations

import json
import re
from fractions import Fraction

import pytest
from openpyxl import Workbook  # type: ignore[import-untyped]

from xl_tiebreak import compute
from xl_tiebreak.cli import main
from xl_tiebreak.errors import InputError
from xl_tiebreak.imports.chess_results import read_export, rows_from_text
from xl_tiebreak.imports.published import read_number
from xl_tiebreak.notation import format_cell

# Four players, two rounds, every game played. Round 1: Adams (No 2) beats Cole (No 3), Brown
# (No 1) beats Dunn (No 4); round 2: Brown - Adams draw, Cole beats Dunn (Dunn white).
# Points 1½ 1½ 1 0. Buchholz: Adams 1 + 1½ = 2½, Brown 0 + 1½ = 1½, Cole 1½ + 0 = 1½,
# Dunn 1½ + 1 = 2½. Sonneborn-Berger: Adams 1 + ½·1½ = 1.75, Brown ½·1½ = 0.75, Cole 0, Dunn 0.
# Final order (points, then BH): Adams, Brown, Cole, Dunn; the cells name opponents by rank.
SM_TITLE = [["Club Championship 2025"], [], ["Final ranking crosstable after 2 Rounds"], []]
SM_HEADER = ["Rank", "SNo.", "Name", "FED", "Rtg", "1.Rd", "2.Rd", "Pts", "BH:GP", "SB"]
SM_PLAYERS = [
    [1, 2, "Adams, A", "ENG", 2100, "3w1", "2b½", "1½", "2.5", "1.75"],
    [2, 1, "Brown, B", "ENG", 2200, "4w1", "1w½", "1½", "1.5", "0.75"],
    [3, 3, "Cole, C", "SCO", 1900, "1b0", "4b1", "1", "1.5", "0"],
    [4, 4, "Dunn, D", "WLS", 1800, "2b0", "3w0", "0", "2.5", "0"],
]
SM_FOOTER = [[], ["Program Swiss-Manager developed and copyright © by DI.Heinz Herzog, 1230 Vienna"],
             ["Mail:h.herzog@swiss-manager.at, homepage http://swiss-manager.at"],
             ["Details on this tournament can be found on http://chess-results.com"]]


def _write_xlsx(path, rows) -> None:
    wb = Workbook()
    ws = wb.active
    for row in rows:
        ws.append(row)
    wb.save(path)


def _cli(capsys, *args):
    code = main([str(a) for a in args])
    out, err = capsys.readouterr()
    return code, out, err


def test_swiss_managers_own_layout_reads_with_its_tie_break_headings_and_footer():
    imp = read_export([*SM_TITLE, SM_HEADER, *SM_PLAYERS, *SM_FOOTER], "club.xlsx")
    assert imp.numbered_by == "rank" and imp.title == "Club Championship 2025"
    assert imp.published.columns == ("BH:GP", "SB")
    t = imp.tournament
    assert [(p.no, p.name) for p in t.players] == [(1, "Brown, B"), (2, "Adams, A"), (3, "Cole, C"), (4, "Dunn, D")]
    assert [format_cell(r) for r in t.players[1].rounds] == ["3w1", "1b½"]  # Adams, by start number
    assert imp.published.points[2].value == Fraction(3, 2)  # "1½"
    res = compute(t, "BH,SB")
    assert [res.value(no, "BH") for no in (2, 1, 3, 4)] == [Fraction(5, 2), Fraction(3, 2), Fraction(3, 2),
                                                          Fraction(5, 2)]
    assert res.value(2, "SB") == Fraction(7, 4) and res.value(1, "SB") == Fraction(3, 4)


def test_check_from_swiss_manager_agrees_with_the_published_values_and_names_a_misprint(tmp_path, capsys):
    book = tmp_path / "club.xlsx"
    _write_xlsx(book, [*SM_TITLE, SM_HEADER, *SM_PLAYERS, *SM_FOOTER])
    code, out, err = _cli(capsys, "check", "--from", "swiss-manager", book, "-t", "BH,SB", "-f", "json")
    assert code == 0, (out, err)
    assert json.loads(out)["differences"] == []
    wrong = [list(p) for p in SM_PLAYERS]
    wrong[2][8] = "2.5"  # Cole's Buchholz misprinted
    _write_xlsx(book, [*SM_TITLE, SM_HEADER, *wrong, *SM_FOOTER])
    code, out, _ = _cli(capsys, "check", "--from", "swiss-manager", book, "-t", "BH,SB")
    assert code == 1 and "No 3 Cole, C: BH:GP (BH): published 2.5, ours 1.5" in out, out


@pytest.mark.parametrize("heading", ["BH:GP", "SB/C1", "PS", "BH/C1", "DE", "WIN", "TB3", "Wtg2"])
def test_a_tie_break_column_is_known_by_swiss_managers_short_name_or_by_tb_n(heading):
    header = SM_HEADER[:8] + [heading]
    imp = read_export([*SM_TITLE, header, *[p[:8] + ["1"] for p in SM_PLAYERS]])
    assert imp.published.columns == (heading,)


def test_chess_results_german_layout_with_two_unnamed_columns_and_a_forfeit():
    title = [["Aus der Turnierdatenbank von Chess-Results https://chess-results.com"], ["Vereinsopen 2025"],
             ["Die Seite wurde zuletzt aktualisiert am 30.08.2025 13:47:05"], ["Endtabelle nach 2 Runden"]]
    header = ["Rg.", None, None, "Name", "Land", "1.Rd", "2.Rd", "Pkt.", "Wtg1", "Wtg2", "Rp"]
    players = [  # as above, but Cole's round-2 win is a forfeit ("4s+" / "3w-")
        [1, None, "FM", "Adams, A", "AUT", "3w1", "2s½", 1.5, 2.5, 1.75, 2000],
        [2, None, None, "Brown, B", "AUT", "4w1", "1w½", 1.5, 1.5, 0.75, 1900],
        [3, None, None, "Cole, C", "GER", "1s0", "4s+", 1, None, None, 1500],
        [4, None, None, "Dunn, D", "GER", "2s0", "3w-", 0, None, None, 1000],
    ]
    legend = [[], ["Anmerkung:"], ["Wertung1: Buchholz Wertung"]]
    imp = read_export([*title, header, *players, *legend])
    assert imp.numbered_by == "rank" and imp.title == "Vereinsopen 2025"
    assert imp.published.columns == ("Wtg1", "Wtg2") and imp.published.legend == ("Wertung1: Buchholz Wertung",)
    t = imp.tournament
    assert t.players[0].title == "FM" and [format_cell(r) for r in t.players[2].rounds] == ["1b0", "+4"]
    res = compute(t, "BH,SB")
    published = [imp.published.points[t.players[k].no].value for k in range(4)]
    assert list(res.points) == published == [Fraction(3, 2), Fraction(3, 2), 1, 0]  # the forfeit won counts 1
    assert imp.published.values[1] == (read_number(2.5), read_number(1.75))


def test_chess_results_starting_rank_crosstable_with_metadata_rows_and_a_footer():
    rows = [["Keshmat Open 2026"], ["Date : 2026/01/10"], ["Number of rounds : 2"], ["Location : Beirut"],
            ["Starting rank crosstable"],
            ["No.", "", "Name", "Rtg", "FED", "1.Rd", "2.Rd", "Pts.", "Rk.", "TB1"],
            [1, "", "Brown, B", 2200, "LBN", "4w1", "2w½", 1.5, 2, 1.5],
            [2, "FM", "Adams, A", 2100, "LBN", "3w1", "1b½", 1.5, 1, 2.5],
            [3, "", "Cole, C", 1900, "LBN", "2b0", "4b1", 1, 3, 1.5],
            [4, "", "Dunn, D", 1800, "LBN", "1b0", "3w0", 0, 4, 2.5],
            [], ["You find all details of this tournament on https://chess-results.com/tnr1.aspx"]]
    imp = read_export(rows)
    assert imp.numbered_by == "start number" and imp.title == "Keshmat Open 2026"
    res = compute(imp.tournament, "BH")
    assert {no: res.value(no, "BH") for no in (1, 2, 3, 4)} == {
        no: imp.published.values[no][0].value for no in (1, 2, 3, 4)}
    assert imp.published.ranks == {1: 2, 2: 1, 3: 3, 4: 4}


def test_extra_columns_typ_sex_club_fide_id_are_passed_over_and_a_bye_and_an_empty_cell_read():
    header = ["Rk.", "SNo", "", "Name", "Typ", "sex", "FED", "Rtg", "Club/City", "FideID", "1.Rd", "2.Rd", "Pts.",
              "Rp", "n", "K", "rtg+/-"]  # the rating columns some exports add are passed over too
    rows = [["Final Ranking crosstable after 2 Rounds"], header,
            [1, 1, "GM", "Brown, B", "S50", "", "AUT", 2200, "SK Ried", 1234567, "3w1", "-1", 2, 2500, 1, 20, 5],
            [2, 2, "", "Adams, A", "U18", "w", "AUT", 2100, "SK Wels", 1234568, "4b1", "3w½", 1.5, 2100, 2, 40, 4],
            [3, 3, "", "Cole, C", "", "", "GER", 1900, "", "", "1b0", "2b½", 0.5, 1900, 2, 20, -5],
            [4, 4, "", "Dunn, D", "", "", "GER", 1800, "", "", "2w0", "", 0, 1500, 1, 20, -4]]
    imp = read_export(rows)
    assert imp.published.columns == ()
    t = imp.tournament
    assert [p.name for p in t.players] == ["Brown, B", "Adams, A", "Cole, C", "Dunn, D"]
    assert [format_cell(r) for r in t.players[0].rounds] == ["3w1", "BYE"]
    assert [format_cell(r) for r in t.players[3].rounds] == ["2w0", "-"]  # not paired in round 2
    res = compute(t, "BH")
    published = [imp.published.points[no].value for no in (1, 2, 3, 4)]
    assert list(res.points) == published == [2, Fraction(3, 2), Fraction(1, 2), 0]


# ------------------------------------------------------------------------------------- refusals

def test_a_ranking_list_without_rounds_is_refused_naming_its_row(tmp_path, capsys):
    rows = [["PERTANDINGAN MINGGUAN CFK"], ["Final ranking"],
            ["Rank", "SNo.", "Name", "FED", "Pts", "BH:GP", "SB/C1", "PS"],
            [1, 8, "Azim", "MAS", "7½", "40.5", "32.75", "33.5"],
            ["Program Swiss-Manager developed and copyright"]]
    with pytest.raises(InputError, match=r"row 3: a ranking list .* without the round columns 1.Rd, 2.Rd"):
        read_export(rows)
    book = tmp_path / "ranking.xlsx"
    _write_xlsx(book, rows)
    code, _, err = _cli(capsys, "workbook", "--from", "swiss-manager", book, "-o", tmp_path / "b.xlsx")
    assert code == 2 and "ranking.xlsx" in err and "row 3: a ranking list" in err and "Traceback" not in err


def test_swiss_managers_old_xls_and_an_unknown_language_are_refused_saying_what_to_do(tmp_path, capsys):
    old = tmp_path / "ranking-141225.xls"
    old.write_bytes(b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 100)
    code, _, err = _cli(capsys, "check", "--from", "swiss-manager", old)
    assert code == 2 and "save it as .xlsx (or CSV)" in err and "Traceback" not in err
    polish = [["Nr", "", "Nazwisko", "Rg", "Fed", "1.Rd", "2.Rd", "Pkt."], [1, "", "Kowalski", 1800, "POL", "2w1",
                                                                          "-1", 2]]
    with pytest.raises(InputError, match="no crosstable header found: expected a row with Rk. .*English or German"):
        read_export(polish)


def test_a_misprinted_cell_in_swiss_managers_layout_names_its_row_and_column():
    wrong = [list(p) for p in SM_PLAYERS]
    wrong[1][6] = "1x½"
    with pytest.raises(InputError, match=r"row 7, column G \(2.Rd\): '1x½' is not a chess-results result"):
        read_export([*SM_TITLE, SM_HEADER, *wrong, *SM_FOOTER])


# ------------------------------------------------------------- a real chess-results CSV (tnr1316880)

# Rk., title, Rtg, FED, 1.Rd ... 5.Rd, Pts., TB1, TB2, TB3 as the real export has them (the name,
# "Player <rank> ", is put back in by _stockholm); round 5 paired, no result yet.
STOCKHOLM = """\
1,,2020,SWE, 17b1,  5w1,  9b½, 10w1,  4w ,3.5,5,0,3
2,,1971,SWE, 25b1, 12w1, 16b1,  8w½,  3b ,3.5,4.5,0,3
3,WFM,1904,SWE, 35b1, 31w1,  6b½,  9w1,  2w ,3.5,3.5,0,3
4,,1926,SWE, 26w1, 15b1,  8w , 16w1,  1b ,3,4.5,0,3
5,,1896,SWE, 37b1,  1b0, 18w1, 17w1,  6b ,3,4,0,3
6,,1982,SWE, 33w1, 30b1,  3w½,  7b½,  5w ,3,4,0,2
7,,1922,SWE, 24b½, 39w1, 32b+,  6w½,  8b ,3,3.5,0,1
8,,2096,SWE, 19b1, 11w1,  4b ,  2b½,  7w ,2.5,5.5,0,2
9,,1924,SWE, 22w1, 18b1,  1w½,  3b0,0,2.5,5.5,0,2
10,,1946,SWE,   -½, 20b1, 13w1,  1b0, 23w ,2.5,4.5,0,2
11,,1901,SWE, 21w1,  8b0, 33w1, 15b½, 14w ,2.5,4.5,0,2
12,,1870,SWE, 27w1,  2b0, 26w1, 14b½, 13w ,2.5,4,0,2
13,,1852,SWE, 38w1,   -½, 10b0, 24w1, 12b ,2.5,4,0,2
14,,1929,POL, 34b1, 16w0, 25b1, 12w½, 11b ,2.5,3.5,0,2
15,,1810,SWE, 28b1,  4w0, 31b1, 11w½, 30b ,2.5,3.5,0,2
16,,1841,SWE, 40w1, 14b1,  2w0,  4b0, 22w ,2,5.5,0,2
17,,1793,SWE,  1w0, 27b1, 28w1,  5b0, 29w ,2,4.5,0,2
18,,1767,SWE, 29b1,  9w0,  5b0, 35w1, 19b ,2,4,0,2
19,,1802,SWE,  8w0, 21b½, 22w1, 20b½, 18w ,2,4,0,1
20,,1809,SWE, 32b½, 10w0, 39b1, 19w½, 21b ,2,3.5,0,1
21,,1695,SWE, 11b0, 19w½, 29w1, 32b½, 20w ,2,3.5,0,1
22,,1702,SWE,  9b0, 36w1, 19b0, 31w1, 16b ,2,3,0,2
23,,1814,SWE, 39b½, 32w , 24b½, 34w1, 10b ,2,2.5,0,1
24,,1729,SWE,  7w½, 29b½, 23w½, 13b0, 26w ,1.5,4.5,0,0
25,,1737,SWE,  2w0, 38b1, 14w0, 27b½,0,1.5,4,0,1
26,,1724,SWE,  4b0, 37w1, 12b0, 28w½, 24b ,1.5,3.5,0,1
27,,1668,SWE, 12b0, 17w0, 36b1, 25w½, 34b ,1.5,3.5,0,1
28,,1587,SWE, 15w0,-1, 17b0, 26b½, 33w ,1.5,3.5,0,1
29,,1932,SWE, 18w0, 24w½, 21b0, 39w1, 17b ,1.5,3.5,0,1
30,,1839,SWE, 36b1,  6w0, 34b ,   -½, 15w ,1.5,2.5,0,1
31,,1500,SWE,-1,  3b0, 15w0, 22b0, 36w ,1,4.5,0,1
32,IM,2059,SWE, 20w½, 23b ,  7w-, 21w½, 37b ,1,4,0,0
33,,1720,SWE,  6b0, 35w1, 11b0, 37w , 28b ,1,3.5,0,1
34,,1717,SWE, 14w0, 40b1, 30w , 23b0, 27w ,1,3.5,0,1
35,,1670,SWE,  3w0, 33b0, 40w1, 18b0, 38b ,1,3,0,1
36,,1600,SWE, 30w0, 22b0, 27w0, 40b1, 31b ,1,3,0,1
37,,1666,SWE,  5w0, 26b0, 38w1, 33b , 32w ,1,2.5,1,1
38,,1528,SWE, 13b0, 25w0, 37b0,-1, 35w ,1,2.5,0,1
39,,1536,SWE, 23w½,  7b0, 20w0, 29b0, 40w ,0.5,4,0,0
40,,1537,SWE, 16b0, 34w0, 35b0, 36w0, 39b ,0,2,0,0
"""


def _stockholm(entered: bool = False) -> str:
    """The export as text; ``entered``: the games of rounds 2-4 without a result (postponed, or not
    entered yet) written as lost by both players by default (``8w-`` / ``4b-``), which scores them
    as the published points do."""
    lines = ["From the Tournament-Database of Chess-Results https://chess-results.com" + "," * 13,
             "Seniors Championship 2026 " + "," * 13, "Last update 13.02.2026 18:17:32" + "," * 13,
             "Ranking crosstable after Round 4" + "," * 13,
             "Rk.,,Name,Rtg,FED,1.Rd,2.Rd,3.Rd,4.Rd,5.Rd,Pts. ,TB1,TB2,TB3"]
    for line in STOCKHOLM.splitlines():
        f = line.split(",")
        if entered:
            f[4:8] = [c.rstrip() + "-" if re.fullmatch(r"\s*\d+[wb]\s*", c) else c for c in f[4:8]]
        lines.append(",".join([f[0], f[1], f"Player {f[0]} ", *f[2:]]))
    lines += ["," * 13, "You find all details to this tournament under  https://chess-results.com/tnr1316880.aspx"
              "?lan=1" + "," * 13, "Chess-Tournament-Results-Server: Chess-Results" + "," * 13]
    return "\n".join(lines) + "\n"


def test_the_real_chess_results_csv_reads_with_its_padding_byes_and_saved_numbers():
    imp = read_export(rows_from_text(_stockholm()), "km.csv")
    t = imp.tournament
    assert imp.numbered_by == "rank" and imp.title == "Seniors Championship 2026" and len(t.players) == 40
    assert t.players[2].title == "WFM" and t.players[2].rating == 1904 and t.players[0].name == "Player 1"
    cells = {p.no: [format_cell(r) for r in p.rounds] for p in t.players}
    assert cells[1] == ["17b1", "5w1", "9b½", "10w1", "4w"]  # round 5 paired, no result yet
    assert cells[31][0] == "BYE" and cells[28][1] == "BYE"  # "-1"
    assert cells[10][0] == "H" and cells[13][1] == "H"  # "  -½"
    assert cells[9][4] == "-" and cells[25][4] == "-"  # "0": "-0" as a spreadsheet saved it
    assert cells[7][2] == "+32" and cells[32][2] == "-7"  # forfeit won / lost
    assert imp.unfinished[0] == "row 9, column H (3.Rd): '8w' in round 3" and len(imp.unfinished) == 8
    # one '-1' in each of rounds 1, 2 and 4, for three players: read as the pairing's byes, said so
    assert len(imp.notes) == 1 and imp.notes[0].startswith(
        "'-1' (a point without an opponent) in 3 cell(s), the first at row 33, column G (2.Rd): read as a "
        "pairing-allocated bye (BYE)")


def test_check_of_the_real_csv_names_the_postponed_game_and_agrees_on_all_40_points(tmp_path, capsys):
    raw = tmp_path / "km.csv"
    raw.write_text(_stockholm(), encoding="utf-8")
    code, _, err = _cli(capsys, "check", "--from", "chess-results", raw)
    assert code == 2 and "km.csv: row 9, column H (3.Rd): '8w' in round 3: a game without a result" in err
    assert "Traceback" not in err
    raw.write_text(_stockholm(entered=True), encoding="utf-8")
    code, out, err = _cli(capsys, "check", "--from", "swiss-manager", raw, "-f", "json")
    assert code == 0, (out, err)
    doc = json.loads(out)
    assert doc["players"] == 40 and doc["rounds"] == 5 and doc["differences"] == []  # every published Pts.
    imp = read_export(rows_from_text(_stockholm(entered=True)))
    res = compute(imp.tournament)
    assert res.points[0] == Fraction(7, 2) and res.points[39] == 0 and res.points[30] == 1  # No 31: 1 for the bye


def test_the_numbers_a_spreadsheet_made_of_byes_read_as_the_byes_and_other_numbers_are_refused():
    title = [["Final Ranking crosstable after 2 Rounds"]]
    header = ["Rk.", "SNo", "Name", "1.Rd", "2.Rd", "Pts."]
    rows = [[1, 1, "A", "2w1", -1, 2], [2, 2, "B", "1b0", 0, 0], [3, 3, "C", -0.5, "-1", 1.5]]
    t = read_export([*title, header, *rows]).tournament
    assert [[format_cell(r) for r in p.rounds] for p in t.players] == [["2w1", "BYE"], ["1b0", "-"], ["H", "BYE"]]
    rows[2][4] = 1
    with pytest.raises(InputError, match=r"row 5, column E \(2.Rd\): '1' is not a chess-results result"):
        read_export([*title, header, *rows])


def test_workbook_from_swiss_manager_makes_the_workbook_and_its_check_agrees(tmp_path, capsys):
    export = tmp_path / "club.xlsx"
    _write_xlsx(export, [*SM_TITLE, SM_HEADER, *SM_PLAYERS, *SM_FOOTER])
    book = tmp_path / "book.xlsx"
    code, _, err = _cli(capsys, "workbook", "--from", "swiss-manager", export, "-o", book, "-t", "BH,SB")
    assert code == 0, err
    code, out, _ = _cli(capsys, "standings", book, "-f", "json")
    assert code == 0
    rows = json.loads(out)["players"]  # the published order, points and BH:GP / SB columns again
    assert [(r["no"], r["points"], r["values"]) for r in rows] == [
        (2, 1.5, [2.5, 1.75]), (1, 1.5, [1.5, 0.75]), (3, 1, [1.5, 0]), (4, 0, [2.5, 0])]
    code, out, _ = _cli(capsys, "check", book, "-f", "json")
    findings = json.loads(out)["findings"]
    assert code == 0 and findings and not [f for f in findings if f["rule"] == "published"]  # none differs
    wrong = [list(p) for p in SM_PLAYERS]
    wrong[3][9] = "0.5"  # Dunn's SB misprinted
    _write_xlsx(export, [*SM_TITLE, SM_HEADER, *wrong, *SM_FOOTER])
    assert _cli(capsys, "workbook", "--from", "swiss-manager", export, "-o", book, "-t", "BH,SB", "--force")[0] == 0
    code, out, _ = _cli(capsys, "check", book, "-f", "json")
    assert len([f for f in json.loads(out)["findings"] if f["rule"] == "published"]) == 1


# ------------------------------------------- Swiss-Manager's own crosstable: three columns a round
#
# No real Swiss-Manager crosstable export is in the stores searched (issue 24): the layout is the
# one two readers of real exports describe, facts only: PyRP 0.2 (PyPI, a reader of Swiss-Manager
# output files for the ARPO tie-breaks) reads a semicolon-separated file whose heading line holds
# ``Name``, ``Rtg``, ``Pts`` and ``1.Rd.``, ``2.Rd.`` ..., each round three fields: the opponent,
# the colour (``w``, ``b``, ``-``) and the result; a browser tool's ``batch-tournament.js`` reads
# Swiss-Manager's "Crosstable_Tiebreaks" .xls: the event, ``Label : value`` rows (Organizer, Chief
# Arbiter, Town, Date), ``Final ranking``, the heading ``Rank | SNo. | | Name | Rtg | FED | 1.Rd. |
# | | 2.Rd. | | | ... | Pts | DE | BH:GP``, each round three cells (opponent, colour w/b/-, result
# 1 / ½ / 0 / -), the opponent named by his place in the table, a shared place keeping its rank.
#
# The event, by hand: five players, two rounds. R1: Brown (SNo 1) beats Dunn (4), Adams (2) -
# Cole (3) drawn, Evans (5) the pairing-allocated bye. R2: Brown beats Evans with Black, Adams
# wins by forfeit against Dunn, Cole a half-point bye. Points: Brown 2, Adams 1½, Cole 1, Evans 1,
# Dunn 0; Cole and Evans share place 3 (no tie-break listed), Swiss-Manager writes 3 twice.
SM3_TITLE = [["Club Rapid 2025"], ["Organizer : Chess Club"], ["Chief Arbiter : A. Arbiter"], ["Town : Vienna"],
             ["Date : 2025/06/07 To 2025/06/08"], [], ["Final ranking"], []]
SM3_HEADER = ["Rank", "SNo.", "", "Name", "Rtg", "FED", "Club", "1.Rd.", "", "", "2.Rd.", "", "", "Pts"]
SM3_PLAYERS = [  # places: 1 Brown, 2 Adams, 3 Cole, 4 Evans, 5 Dunn
    [1, 1, "FM", "Brown, B", 2200, "AUT", "SK Wien", 5, "w", 1, 4, "b", 1, 2],
    [2, 2, "", "Adams, A", 2100, "AUT", "SK Linz", 3, "w", "½", 5, "w", "+", "1½"],
    [3, 3, "", "Cole, C", 1900, "GER", "", 2, "b", "½", "", "-", "½", 1],
    [3, 5, "", "Evans, E", 1700, "GER", "SC Graz", "", "-", 1, 1, "w", 0, 1],
    [5, 4, "", "Dunn, D", 1800, "AUT", "", 1, "b", 0, 2, "b", "-", 0],
]


def test_swiss_managers_three_column_rounds_read_by_place_with_a_shared_place_written_twice():
    rows = [*SM3_TITLE, SM3_HEADER, *SM3_PLAYERS, *SM_FOOTER]
    imp = read_export(rows, "rapid_Crosstable_Tiebreaks.xlsx")
    assert imp.numbered_by == "rank" and imp.title == "Club Rapid 2025"
    t = imp.tournament
    cells = {p.no: [format_cell(r) for r in p.rounds] for p in t.players}
    assert cells == {1: ["4w1", "5b1"], 2: ["3w½", "+4"], 3: ["2b½", "H"], 4: ["1b0", "-2"], 5: ["BYE", "1w0"]}
    assert [p.title for p in t.players] == ["FM", "", "", "", ""]
    assert [float(x) for x in compute(t).points] == [2, 1.5, 1, 0, 1]  # by start number, as published
    assert {no: float(v.value) for no, v in imp.published.points.items()} == {1: 2, 2: 1.5, 3: 1, 5: 1, 4: 0}
    assert imp.published.ranks == {1: 1, 2: 2, 3: 3, 5: 3, 4: 5}
    assert [(p.no, p.club) for p in t.players] == [(1, "SK Wien"), (2, "SK Linz"), (3, ""), (4, ""), (5, "SC Graz")]


def test_swiss_managers_semicolon_text_export_reads_the_same():
    def line(cells):
        return ";".join("" if c is None else str(c) for c in cells)
    text = "\n".join(line(r) for r in [*SM3_TITLE, SM3_HEADER, *SM3_PLAYERS, *SM_FOOTER]) + "\n"
    imp = read_export(rows_from_text(text), "rapid.txt")
    assert [format_cell(r) for r in imp.tournament.players[4].rounds] == ["BYE", "1w0"]
    assert imp.published.ranks == {1: 1, 2: 2, 3: 3, 5: 3, 4: 5}


def test_a_three_column_round_that_is_not_a_result_is_refused_naming_its_cell():
    wrong = [list(p) for p in SM3_PLAYERS]
    wrong[3][7:10] = [7, "-", 1]  # a bye with an opponent: neither a game nor a bye
    with pytest.raises(InputError, match=r"row 13, column H \(1.Rd.\): '7 \| - \| 1' is not a chess-results result; "
                                         r".*three columns under N.Rd."):
        read_export([*SM3_TITLE, SM3_HEADER, *wrong])


def test_the_club_column_is_read_under_its_english_and_german_headings():
    header = ["Rk.", "SNo", "Name", "FED", "Club/City", "1.Rd", "Pts."]
    rows = [["Final Ranking crosstable after 1 Rounds"], header,
            [1, 2, "Adams, A", "MAS", "Sk Beserah", "2w1", 1], [2, 1, "Brown, B", "MAS", "Sri Abim", "1b0", 0]]
    t = read_export(rows).tournament
    assert [(p.no, p.name, p.club) for p in t.players] == [(1, "Brown, B", "Sri Abim"), (2, "Adams, A", "Sk Beserah")]
    rows[1] = ["Rg.", "Snr", "Name", "Land", "Verein/Ort", "1.Rd", "Pkt."]
    assert [p.club for p in read_export(rows).tournament.players] == ["Sri Abim", "Sk Beserah"]


def test_the_workbook_made_from_an_export_keeps_the_clubs_for_a_club_category(tmp_path, capsys):
    """Export -> workbook --from -> the Club column -> standings --category CLUB=..."""
    export, book = tmp_path / "rapid.xlsx", tmp_path / "rapid-book.xlsx"
    _write_xlsx(export, [*SM3_TITLE, SM3_HEADER, *SM3_PLAYERS, *SM_FOOTER])
    code, out, err = _cli(capsys, "workbook", "--from", "swiss-manager", export, "-o", book)
    assert code == 0, (out, err)
    code, out, err = _cli(capsys, "standings", book, "--category", "club=sk wien", "-f", "json")
    assert code == 0, (out, err)
    doc = json.loads(out)
    assert [r["no"] for r in doc["players"]] == [1]  # Brown, SK Wien
    assert doc["category"]["missing"] and set(doc["category"]["missing"]) == {3, 4}  # no club written
