"""Every validation rule, on a TRF file and on a workbook: the finding names the place (TRF line
and columns, or sheet and cell), says what is wrong, and has its severity."""

from __future__ import annotations

import io
import json
import re
from fractions import Fraction

import pytest
from openpyxl import load_workbook

from xl_tiebreak.check import check_trf
from xl_tiebreak.cli import main
from xl_tiebreak.excel.functions import individual as fx
from xl_tiebreak.excel.authoring.template import template_bytes
from xl_tiebreak.excel.workbook.book_check import check_workbook

_RES = {"1": "1", "0": "0", "½": "=", "=": "="}


def check_file(path):
    """What `xl-tiebreak check` reports for a TRF file or a workbook."""
    return check_workbook(path) if str(path).endswith(".xlsx") else check_trf(path)


def trf_field(cell: str) -> str:
    """A crosstable cell as a TRF round field (8 characters)."""
    if cell in ("", "-", "WD"):
        return "        "
    if cell.upper() in ("BYE", "U", "F", "H", "Z"):
        return f"0000 - {'U' if cell.upper() in ('BYE', 'U') else cell.upper()}"
    m = re.fullmatch(r"(\d+)([wb])(1|0|½|=)", cell)
    if m:
        return f"{int(m.group(1)):>4} {m.group(2)} {_RES[m.group(3)]}"
    m = re.fullmatch(r"(--|\+|-)(\d+)([wb]?)", cell)
    if m:
        return f"{int(m.group(2)):>4} {m.group(3) or '-'} {'+' if m.group(1) == '+' else '-'}"
    m = re.fullmatch(r"(\d+) ([UFHZ])", cell)  # a bye with an opponent (TRF only)
    if m:
        return f"{int(m.group(1)):>4} - {m.group(2)}"
    raise ValueError(cell)


def points(cells) -> Fraction:
    total = Fraction(0)
    for c in cells:
        if re.fullmatch(r"\d+[wb]1|\+\d+[wb]?|BYE|U|F", c):
            total += 1
        elif re.fullmatch(r"\d+[wb][½=]|H", c):
            total += Fraction(1, 2)
    return total


def trf_text(rows: dict[int, list[str]], declared: dict[int, str] = {}, extra: tuple = ()) -> str:
    lines = ["012 Check", f"XXR {max(len(c) for c in rows.values())}", *extra]
    for no, cells in rows.items():
        pts = declared.get(no, f"{float(points(cells)):.1f}")
        line = f"001 {no:>4} m    {f'Player {no}':<33} 1500 NOR {1000 + no:>11} {'':<10} {pts:>4} {no:>4}".ljust(89)
        line += "".join("  " + trf_field(c) for c in cells)
        lines.append(line.rstrip())
    lines.append("042 2026/03/01")  # (last: the tests name the player lines by number)
    return "\n".join(lines) + "\n"


def book(rows: dict[int, list[str]], tmp_path, name="check.xlsx"):
    nrounds = max(len(c) for c in rows.values())
    wb = load_workbook(io.BytesIO(template_bytes("swiss", players=max(len(rows), 4), rounds=nrounds)))
    ws = wb["Crosstable"]
    for i, (no, cells) in enumerate(rows.items()):
        ws.cell(5 + i, 1, no)
        ws.cell(5 + i, 2, f"Player {no}")
        for r, c in enumerate(cells):
            if c:
                ws.cell(5 + i, 6 + r, c)
    wb["Settings"]["B5"] = "2026-04-01"  # a start date: no warning that the edition is assumed
    from tests.support.workbook_typing import EVENT_FIELDS  # and the rating report's fields: no warning of them empty
    rows = {c.value: c.row for c in wb["Event"]["A"] if c.value}
    for label, value in EVENT_FIELDS.items():
        wb["Event"].cell(rows[label], 2, value)
    path = tmp_path / name
    wb.save(path)  # a test fixture
    from xl_tiebreak.excel.recompute.cached_values import recompute_bytes
    path.write_bytes(recompute_bytes(path.read_bytes())[0])  # its values current: no stale finding
    return path


def findings_for(path, rule):
    return [f for f in check_file(path) if f.rule == rule]


GOOD = {1: ["2w1", "3b½"], 2: ["1b0", "4w1"], 3: ["4w1", "1w½"], 4: ["3b0", "2b0"]}

# rule -> (rows, row index of the player named in the place (0-based), round (1-based) or None)
CASES = {
    "mirror": ({**GOOD, 2: ["1b1", "4w1"]}, 0, 1),
    "colours": ({**GOOD, 2: ["1w0", "4w1"]}, 0, 1),
    "one-sided-forfeit": ({**GOOD, 1: ["+2", "3b½"]}, 0, 1),
    "paired-twice": ({**GOOD, 3: ["2w1", "1w½"], 4: ["Z", "2b0"]}, 2, 1),  # 3's claim is the wrong one
    "unknown-opponent": ({**GOOD, 4: ["3b0", "9b0"]}, 3, 2),
    "self": ({**GOOD, 4: ["3b0", "4b0"]}, 3, 2),
    "after-withdrawal": ({**GOOD, 4: ["WD", "2b0"], 3: ["Z", "1w½"]}, 3, 2),
    "pab-twice": ({1: ["BYE", "BYE", "2w1"], 2: ["3w1", "4b0", "1b0"], 3: ["2b0", "Z", "4w1"],
                   4: ["Z", "2w1", "3b0"]}, 0, 2),
    "f-for-u": ({1: ["F", "2w1"], 2: ["3w1", "1b0"], 3: ["2b0", "Z"]}, 0, 1),
    "repeat": ({1: ["2w1", "2b½"], 2: ["1b0", "1w½"], 3: ["4w1", "4b0"], 4: ["3b0", "3w1"]}, 0, 2),
}
SEVERITY = {"pab-twice": "warning", "f-for-u": "warning", "repeat": "warning"}
TRF_ONLY = {"after-withdrawal"}  # TRF has no withdrawal mark


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_on_a_trf_file(rule, tmp_path):
    if rule in TRF_ONLY:
        pytest.skip("TRF cannot mark a withdrawal (TIEBREAK_RULES §9.2); the workbook test covers it")
    rows, k, rnd = CASES[rule]
    path = tmp_path / "e.trf"
    path.write_text(trf_text(rows))
    got = findings_for(path, rule)
    assert got, check_file(path)
    f = got[0]
    assert f.severity == SEVERITY.get(rule, "error")
    col = 92 + 10 * (rnd - 1)
    assert f.where == f"e.trf line {3 + k}, columns {col}-{col + 7}"
    assert f.message


@pytest.mark.parametrize("rule", sorted(CASES))
def test_rule_on_a_workbook(rule, tmp_path):
    rows, k, rnd = CASES[rule]
    path = book(rows, tmp_path)
    got = findings_for(path, rule)
    assert got, check_file(path)
    f = got[0]
    assert f.severity == SEVERITY.get(rule, "error")
    assert f.where == f"Crosstable!{chr(ord('F') + rnd - 1)}{5 + k}"


def test_notation_and_layout_on_both(tmp_path):
    path = tmp_path / "e.trf"
    text = trf_text(GOOD).replace("   2 w 1", "   2 w Q", 1)
    path.write_text(text)
    f = findings_for(path, "notation")[0]
    assert f.where == "e.trf line 3, column 99" and "'Q'" in f.message
    wbk = book({**GOOD, 1: ["2x1", "3b½"]}, tmp_path)
    f = findings_for(wbk, "notation")[0]
    assert f.where == "Crosstable!F5" and "'2x1' is not a result" in f.message
    path.write_text(trf_text(GOOD).replace("001    2", "001   x2"))
    assert findings_for(path, "layout")[0].where == "e.trf line 4, columns 5-8"


def test_trf_only_rules(tmp_path):
    path = tmp_path / "e.trf"
    path.write_text(trf_text({**GOOD, 4: ["3b0", "2 U"]}))
    f = findings_for(path, "bye-with-opponent")[0]
    assert f.where == "e.trf line 6, columns 102-109" and "0000 - U" in f.message
    path.write_text(trf_text(GOOD, declared={3: "2.0"}, extra=("162  W 1.0  D 0.5",)))
    f = findings_for(path, "points")[0]
    assert f.where == "e.trf line 6, columns 81-84" and "2.0 points, but the results give 1.5" in f.message
    path.write_text(trf_text(GOOD, declared={1: "4.0", 2: "3.0", 3: "4.0", 4: "0.0"}))
    f = findings_for(path, "scoring")[0]
    assert f.severity == "warning" and "win 3.0" in f.message


def test_one_problem_is_reported_once(tmp_path):
    """A pair that disagrees is one finding, not one per side; an unreadable cell is not
    reported again through its opponent or the points field."""
    path = tmp_path / "e.trf"
    path.write_text(trf_text(CASES["mirror"][0]))
    assert len(check_file(path)) == 1
    path.write_text(trf_text(GOOD).replace("   2 w 1", "   2 w x", 1))
    assert [f.rule for f in check_file(path)] == ["notation"]


def test_missing_colours_and_blank_rounds_are_warned(tmp_path):
    wbk = book({1: ["2 1", "3b½"], 2: ["1 0", "4w1"], 3: ["4w1", "1w½"], 4: ["3b0", "2b0"]}, tmp_path)
    got = check_file(wbk)
    assert [f.rule for f in got] == ["no-colour"] and "2 game(s)" in got[0].message
    blank = book({1: ["2w1", "", "4w1"], 2: ["1b0", "3w1", "Z"], 3: ["4w½", "2b0", "Z"],
                  4: ["3b½", "Z", "1b0"]}, tmp_path, name="blank.xlsx")
    got = check_file(blank)
    assert [(f.rule, f.where) for f in got] == [("blank-round", "Crosstable!G5")]


def test_a_clean_event_has_no_findings(tmp_path):
    path = tmp_path / "e.trf"
    path.write_text(trf_text(GOOD))
    assert check_file(path) == []
    assert check_file(book(GOOD, tmp_path)) == []


def test_errors_stop_computation_and_warnings_do_not(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text(trf_text(CASES["mirror"][0]))
    assert main(["compute", str(bad)]) == 2
    assert "bad.trf line 3, columns 92-99" in capsys.readouterr().err
    warn = tmp_path / "warn.trf"
    warn.write_text(trf_text(CASES["repeat"][0]))
    assert main(["compute", str(warn), "-t", "BH"]) == 0
    assert "warning: warn.trf line 3, columns 102-109: players 1 and 2 meet in round 2" in capsys.readouterr().err


def test_cli_check(tmp_path, capsys):
    bad = tmp_path / "bad.trf"
    bad.write_text(trf_text({**GOOD, 2: ["1b1", "4w1"], 4: ["3b0", "4b0"]}))
    assert main(["check", str(bad)]) == 1
    out = capsys.readouterr().out
    assert "error    bad.trf line 3, columns 92-99: round 1: player 1 has a win" in out
    assert out.strip().endswith("bad.trf: 3 error(s), 0 warning(s)")  # 1-2 once, 4 v 4, 2's claim on 4
    assert main(["check", str(bad), "--format", "json"]) == 1
    doc = json.loads(capsys.readouterr().out)
    assert doc["errors"] == 3 and {f["rule"] for f in doc["findings"]} == {"mirror", "self", "paired-twice"}
    good = tmp_path / "good.trf"
    good.write_text(trf_text(GOOD))
    assert main(["check", str(good)]) == 0


def test_check_function_spills_the_findings():
    table = [["No", "Name", "R1", "R2"], [1.0, "A", "2w1", "3b½"], [2.0, "B", "1b1", "4w1"],
             [3.0, "C", "4w1", "1w½"], [4.0, "D", "3b0", "2b0"]]
    got = fx.CHECK(table)
    assert got[0] == ["Severity", "Where", "Message"]
    assert {row[0] for row in got[1:]} == {"error"} and got[1][1] == "R1 of player 1"
    ok = [list(r) for r in table]
    ok[2][2] = "1b0"
    assert fx.CHECK(ok) == [["Severity", "Where", "Message"], ["ok", "", "no problems found"]]


def test_an_empty_entry_of_record_202_is_a_warning_at_its_column(tmp_path, capsys):
    """``202 BH,,SB``: the empty entry is skipped (the list is BH, SB), and check says so at its
    column (the second comma), with the list as it is read; a warning, so everything else computes.
    Before: nothing said."""
    path = tmp_path / "gap.trf"
    path.write_text(trf_text(GOOD, extra=("202 BH,,SB",)))
    (gap,) = check_file(path)
    assert (gap.severity, gap.rule, gap.where) == ("warning", "list-gap", "gap.trf line 3, column 8")
    assert gap.message.startswith("entry 2 of the tie-break list is empty (two commas in a row?): it is skipped, "
                                  "so the tie-breaks are BH, SB")
    assert main(["check", str(path)]) == 0
    assert "warning  gap.trf line 3, column 8: entry 2" in capsys.readouterr().out
    assert main(["compute", str(path), "--format", "json"]) == 0
    assert json.loads(capsys.readouterr().out)["tiebreaks"] == ["BH", "SB"]


@pytest.mark.parametrize("record,gap,bad", [("202 BH,,XYZ", ("entry 2", 8), ("entry 3", 9)),
                                             ("212 PTS,,XYZ", ("entry 2", 9), ("entry 3", 10)),
                                             ("202 BH SB XYZ", None, ("entry 3", 11))])
def test_every_entry_of_record_202_is_named_by_its_place_as_typed_with_its_column(tmp_path, capsys, record, gap, bad):
    """One numbering: the entries as typed (an empty one and 212's PTS count), each at its column,
    in check's error and warning and in the error that stops standings. Before: the unknown code
    was "tie-break 2 of the list" (gaps skipped) at the line only, and 212's gap "entry 1"."""
    path = tmp_path / "list.trf"
    path.write_text(trf_text(GOOD, extra=(record,)))
    found = {f.rule: f for f in check_file(path)}
    unknown = f"{bad[0]} of the tie-break list: unknown tie-break 'XYZ'"
    assert found["descriptor"].where == f"list.trf line 3, column {bad[1]}"
    assert found["descriptor"].message.startswith(unknown)
    if gap:
        assert found["list-gap"].where == f"list.trf line 3, column {gap[1]}"
        assert found["list-gap"].message.startswith(f"{gap[0]} of the tie-break list is empty")
    assert set(found) == ({"descriptor", "list-gap"} if gap else {"descriptor"})
    capsys.readouterr()
    assert main(["standings", str(path)]) == 2
    assert capsys.readouterr().err.startswith(f"xl-tiebreak: list.trf line 3, column {bad[1]}: {unknown}")


def test_the_gap_after_212_s_pts_is_its_second_entry(tmp_path, capsys):
    path = tmp_path / "gap.trf"
    path.write_text(trf_text(GOOD, extra=("212 PTS,,BH",)))
    (gap,) = check_file(path)
    assert (gap.rule, gap.where) == ("list-gap", "gap.trf line 3, column 9")
    assert gap.message.startswith("entry 2 of the tie-break list is empty (two commas in a row?): it is skipped, "
                                  "so the tie-breaks are BH;")


def test_a_blank_settings_row_between_two_codes_is_a_warning_at_its_cell(tmp_path, capsys):
    """Settings B7 BH/C1, B8 empty, B9 SB: the list is BH/C1, SB (the blank row skipped) and check
    says so at Settings!B8; blank rows after the last code are no gap. Before: nothing said."""
    path = book(GOOD, tmp_path)
    from tests.support.workbook_typing import type_cells
    type_cells(path, {"Settings!B8": "", "Settings!B9": "SB", "Settings!B10": "", "Settings!B11": "", "Settings!B12": ""})
    from xl_tiebreak.excel.recompute.cached_values import recompute_bytes
    path.write_bytes(recompute_bytes(path.read_bytes())[0])
    (gap,) = check_file(path)
    assert (gap.severity, gap.rule, gap.where) == ("warning", "list-gap", "Settings!B8")
    assert gap.message.startswith("entry 2 of the tie-break list is empty (a blank row between two codes): it is "
                                  "skipped, so the tie-breaks are BH/C1, SB")
    assert main(["check", str(path)]) == 0
    assert "warning  Settings!B8: entry 2 of the tie-break list is empty" in capsys.readouterr().out
