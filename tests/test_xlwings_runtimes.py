"""The UDF module under xlwings's own code, not a stand-in.

- **Office.js** (xlwings Lite, xlwings Server): ``custom_functions_meta`` registers the functions
  and ``custom_functions_call`` runs them on bodies shaped as Excel sends them (every argument a
  2-D list, empty cells ``""``, error cells as Error objects, omitted optional arguments ``null``).
- **Classic add-in** (Windows): ``import_udfs`` ("Import Functions") writes the VBA module and the
  function-wizard texts, and ``call_udf`` runs a cell's call through the Windows engine's argument
  conversion (COM error codes, the "missing" marker); pywin32 is stubbed, nothing else.

Both run in a fresh process (tests/runtimes/*_driver.py), since xlwings picks its runtime when it
is imported. Every value is compared with the engine (``compute``, ``rank``, ``explain``, the
checks) on the same events, among them the real tournaments in ../shared/data/real.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import Any

import pytest

pytest.importorskip("xlwings")

from conftest import real_files  # noqa: E402
from oracle.generate import random_event  # noqa: E402
from xl_tiebreak import compute, demo_tournament, rank  # noqa: E402
from xl_tiebreak.check import collect  # noqa: E402
from xl_tiebreak.errors import TiebreakError  # noqa: E402
from xl_tiebreak.excel.functions import individual as fx  # noqa: E402
from xl_tiebreak.excel.ranges.crosstable_range import rows_to_tournament  # noqa: E402
from xl_tiebreak.explanation import explain, render_text  # noqa: E402
from xl_tiebreak.formatting import json_number  # noqa: E402
from xl_tiebreak.options import Options  # noqa: E402
from xl_tiebreak.trf import parse_trf, read_trf  # noqa: E402
from xl_tiebreak.udfs import RANGE_ARGUMENTS  # noqa: E402
from tests.support.runtimes import (COM_REF, ERROR_REF, MISSING, body, classic, crosstable, name_of,  # noqa: E402
                                    officejs, same)

def out(v: Any) -> Any:
    return "-" if v is None else json_number(v)


def scalar(result: dict) -> Any:
    assert "value" in result, result
    return result["value"][0][0]


# ------------------------------------------------------------------------------- the events

def _events() -> list[tuple[str, Any]]:
    got = [("demo", demo_tournament())]
    for seed, players in ((3, 24), (11, 41)):
        got.append((f"random swiss {seed}", parse_trf(random_event(seed, kind="swiss", players=players,
                                                                 unrated_share=0.1))))
    got.append(("random round robin 5", parse_trf(random_event(5, kind="round-robin", players=8))))
    for path in real_files():
        try:
            t = read_trf(path)
            table = crosstable(t)
            rows_to_tournament(table)  # the crosstable notation holds it (1/½/0 events)
        except TiebreakError:
            continue
        if t.scoring.win == 1 and t.kind != "round-robin":
            got.append((path.name, t))
    return got


EVENTS = _events()
EVENT_IDS = [name for name, _ in EVENTS]
FULL_LIST = "BH/C1,BH,SB,DE,WIN,BPG,ARO,TPR"


def _players(t, k: int = 5) -> list[int]:
    """A spread of start numbers: first, last and some between."""
    nos = [p.no for p in t.players]
    step = max(1, len(nos) // (k - 1))
    return sorted(set(nos[::step] + [nos[-1]]))


@lru_cache(maxsize=None)
def _run_event(i: int) -> tuple[list[tuple[str, tuple, Any]], list[dict], list[dict]]:
    """Every function called on event ``i`` through both runtimes: (calls with what the engine
    says, Office.js results, classic results)."""
    name, t = EVENTS[i]
    table = crosstable(t)
    kind = t.kind or "swiss"
    calls: list[tuple[str, tuple, Any]] = []
    res = compute(t, FULL_LIST, edition="fide2026", kind=kind)
    standings = rank(res)
    place = {r.player.no: (r.rank if "-" not in r.place else r.place) for r in standings}
    named = compute(t, ",".join(NAMED.values()), edition="fide2026", kind=kind)
    listed = compute(t, FULL_LIST + ",ARO/C1,PS", edition="fide2024", kind=kind)
    for no in _players(t, 5 if len(t.players) < 100 else 3):
        p = t.players[res.row(no)]
        calls.append(("SCORE", (no, table, None, kind), json_number(p.score())))
        for fname, code in NAMED.items():
            calls.append((fname, (no, table, "fide2026", kind), out(named.value(no, code))))
        for code in ("BH/C1", "SB", "DE", "ARO/C1", "PS"):
            calls.append(("TIEBREAK", (no, table, code, "fide2024", kind, FULL_LIST + ",ARO/C1,PS"),
                          out(listed.value(no, code))))
        calls.append(("PLACE", (no, table, FULL_LIST, "fide2026", kind), place[no]))
        calls.append(("RUNNING", (no, table, t.rounds // 2, kind), json_number(p.score(t.rounds // 2))))
        e = explain(t, no, "DE", "fide2026", kind=kind, tiebreaks=FULL_LIST)
        calls.append(("EXPLAIN_TEXT", (no, table, "DE", "fide2026", kind, FULL_LIST), render_text(e).rstrip()))
    calls.append(("TIEBREAKS", (table, FULL_LIST, "fide2026", kind),
                  [["No", "Name", "Pts", *res.codes]] + [[p.no, p.name, json_number(res.points[k]),
                                                         *map(out, res.values[k])]
                                                        for k, p in enumerate(t.players)]))
    calls.append(("STANDINGS", (table, FULL_LIST, "fide2026", kind),
                  [["Rk", "No", "Name", "Pts", *res.codes]] + [[place[r.player.no], r.player.no, r.player.name,
                                                                json_number(r.points), *map(out, r.values)]
                                                               for r in standings]))
    by_no = {p.no: k for k, p in enumerate(t.players)}
    aligned = [["Pts", *res.codes, "Place"]]
    for row in table[1:]:
        k = by_no.get(row[0])
        aligned.append([""] * (len(res.codes) + 2) if k is None else
                       [json_number(res.points[k]), *map(out, res.values[k]), place[row[0]]])
    calls.append(("RESULTS", (table, FULL_LIST, "fide2026", kind), aligned))
    found = collect(lambda fd: rows_to_tournament(table, kind=kind, findings=fd))
    calls.append(("CHECK", (table, kind), [["Severity", "Where", "Message"]] +
                  ([[f.severity, f.where, f.message] for f in found] or [["ok", "", "no problems found"]])))
    js = officejs([body(f, *args) for f, args, _ in calls])["results"]
    com = classic([[f, [MISSING if a is None else a for a in args]] for f, args, _ in calls])["results"]
    return calls, js, com


NAMED = {"BUCHHOLZ": "BH", "BUCHHOLZ_CUT1": "BH/C1", "BUCHHOLZ_CUT2": "BH/C2", "BUCHHOLZ_MEDIAN1": "BH/M1",
         "FORE_BUCHHOLZ": "FB", "AVG_OPP_BUCHHOLZ": "AOB", "SONNEBORN_BERGER": "SB",
         "SONNEBORN_BERGER_CUT1": "SB/C1", "WINS": "WIN", "GAMES_WON": "WON", "BLACK_GAMES": "BPG",
         "BLACK_WINS": "BWG", "PROGRESSIVE": "PS", "KOYA": "KS", "ARO": "ARO", "TPR": "TPR", "PTP": "PTP",
         "APRO": "APRO", "APPO": "APPO", "HARKNESS": "MEDIAN", "MODIFIED_MEDIAN": "MODMED",
         "SOLKOFF": "SOLKOFF", "CUMULATIVE": "CUM", "OPP_CUMULATIVE": "OPPCUM", "KASHDAN": "KASHDAN",
         "MOST_WINS": "MOSTWINS", "SSF_BUCHHOLZ": "SSFBH"}


def test_real_events_are_there_when_shared_data_is():
    if real_files():
        assert sum(name.endswith(".trf") for name in EVENT_IDS) >= 8


@pytest.mark.parametrize("i", range(len(EVENTS)), ids=EVENT_IDS)
def test_every_function_through_both_runtimes_equals_the_engine(i):
    calls, js, com = _run_event(i)
    assert len(js) == len(com) == len(calls)
    for (fname, args, want), got_js, got_com in zip(calls, js, com):
        table_value = want if isinstance(want, list) else [[want]]
        assert "value" in got_js, (fname, got_js)
        assert "value" in got_com, (fname, got_com)
        assert same(got_js["value"], table_value), (fname, args[0], got_js["value"], table_value)
        assert same(got_com["value"], table_value), (fname, args[0], got_com["value"], table_value)


def test_kentler_and_svon_through_both_runtimes():
    t = EVENTS[0][1]
    table = crosstable(t)
    from xl_tiebreak.engine import context
    from xl_tiebreak.tiebreaks.national import kentler_tprs
    lists = kentler_tprs(context(t, edition="fide2026"))
    bodies = [body("KENTLER", no, table) for no in (1, 2, 3)] + [body("SVON", 3, 1, 9, 7)]
    js = officejs(bodies)["results"]
    com = classic([["KENTLER", [no, table]] for no in (1, 2, 3)] + [["SVON", [3, 1, 9, 7]]])["results"]
    for k, no in enumerate((1, 2, 3)):
        want = ", ".join(map(str, lists[no - 1]))
        assert scalar(js[k]) == want and scalar(com[k]) == want
    assert scalar(js[3]) == scalar(com[3]) == 4.0  # seed 000: 3 + (1 - 1) + 0.5 x (9 - 7) = 4


# --------------------------------------------------------------- the shipped workbooks

def _workbooks() -> list[tuple[str, bytes]]:
    from xl_tiebreak.excel.authoring.teaching import teaching_bytes
    from xl_tiebreak.excel.authoring.template import template_bytes
    from xl_tiebreak.excel.authoring.workbook import workbook_bytes
    books = [("swiss template", template_bytes("swiss")), ("round-robin template", template_bytes("round-robin")),
             ("teaching workbook", teaching_bytes()), ("demo workbook", workbook_bytes(demo_tournament())),
             ("demo workbook, one-cell forms", workbook_bytes(demo_tournament(), cells=True))]
    for path in real_files()[:1]:
        books.append((path.name, workbook_bytes(read_trf(path))))
    return books


def test_every_call_of_the_shipped_workbooks_through_office_js():
    """Each formula of the templates, the teaching workbook and workbooks made by ``workbook``,
    with its arguments read from the workbook as Excel hands them over, runs through the Office.js
    runtime and gives what the registry function gives the headless recompute."""
    from xl_tiebreak.excel.recompute.formula_book import workbook_calls
    for title, data in _workbooks():
        calls, n, _cells = workbook_calls(data)
        assert calls and n <= (10 if "one-cell" not in title else n), title
        sample = calls if len(calls) <= 40 else calls[::len(calls) // 40]
        js = officejs([body(name, *args) for name, args in sample])["results"]
        for (name, args), got in zip(sample, js):
            plain = [None if a is None else (a[0][0] if len(a) == 1 and len(a[0]) == 1
                                              and name_of(name, i) not in RANGE_ARGUMENTS else a)
                     for i, a in enumerate(args)]
            plain = [None if v == "" else v for v in plain]
            want = fx.FUNCTIONS[name](*plain)
            assert "value" in got, (title, name, got)
            assert same(got["value"], want if isinstance(want, list) else [[want]]), (title, name)
        if "demo" in title:
            status = [r for (name, _), r in zip(sample, js) if name == "STATUS"]
            assert status and all(scalar(r).startswith("After round 4 of 4; rules fide2024")
                                  and scalar(r).endswith("No problems found.") for r in status), title


# ------------------------------------------------------------------------ error values

def test_an_error_cell_in_the_crosstable_is_refused_naming_the_cell_in_both_runtimes():
    t = demo_tournament()
    table = crosstable(t)
    js_table = [row[:] for row in table]
    js_table[2][4] = ERROR_REF              # player 2's R2 holds #REF!
    com_table = [row[:] for row in table]
    com_table[2][4] = COM_REF
    js = officejs([body("SCORE", 2, js_table), body("BUCHHOLZ", 1, js_table),
                   body("CHECK", js_table), body("STATUS", js_table)])["results"]
    com = classic([["SCORE", [2, com_table]], ["BUCHHOLZ", [1, com_table]], ["CHECK", [com_table]],
                   ["STATUS", [com_table]]])["results"]
    for results in (js, com):
        for r in results[:2]:
            assert "error" in r and "R2 of player 2" in r["error"] and "#REF!" in r["error"], r
        check = results[2]["value"]
        assert check[1][0] == "error" and check[1][1] == "R2 of player 2" and "#REF!" in check[1][2]
        assert scalar(results[3]).startswith("1 error") and "#REF!" in scalar(results[3])


def test_error_values_in_other_arguments_and_columns_are_refused():
    table = crosstable(demo_tournament())
    named = [row[:] for row in table]
    named[3][1] = ERROR_REF                 # player 3's name is #REF!
    js = officejs([body("BUCHHOLZ", ERROR_REF, table), body("TIEBREAK", 1, table, ERROR_REF),
                   body("SCORE", 1, named)])["results"]
    assert "player holds the spreadsheet error #REF!" in js[0]["error"]
    assert "code holds the spreadsheet error #REF!" in js[1]["error"]
    assert "Name holds the spreadsheet error #REF!" in js[2]["error"]
    com = classic([["BUCHHOLZ", [COM_REF, table]], ["SCORE", [1, [list(r) for r in named[:3]] +
                                                               [[3, COM_REF, None] + named[3][3:]]]]])["results"]
    assert "player holds the spreadsheet error #REF!" in com[0]["error"]
    assert "Name holds the spreadsheet error #REF!" in com[1]["error"]


# --------------------------------------------------------------- unrated and the settings

def test_unrated_rating_and_settings_reach_the_functions():
    t = demo_tournament()
    table = crosstable(t)
    table[4][2] = None                      # player 4 is now unrated
    base = rows_to_tournament(table)
    assert compute(base, "TPR").value(1, "TPR") is None  # the FIDE rule: dropped for everyone
    with_rating = compute(base, "TPR,ARO", options=Options(unrated_rating=1400))
    settings = [["unrated_policy", "exclude", "comment"], ["", "", ""]]
    excluded = compute(base, "ARO", options=Options(unrated_policy="exclude", unrated_rating=None))
    js = officejs([body("TPR", 1, table), body("TPR", 1, table, None, None, 1400),
                   body("ARO", 2, table, None, None, 1400), body("ARO", 2, table, None, None, None, settings),
                   body("ARO", 2, table, None, None, None, "unrated_policy=exclude"),
                   body("TPR", 1, table, None, None, 99999),
                   body("ARO", 2, table, None, None, None, [["no_such_choice", "1"]])])["results"]
    assert scalar(js[0]) == "-"
    assert scalar(js[1]) == float(json_number(with_rating.value(1, "TPR")))
    assert scalar(js[2]) == float(json_number(with_rating.value(2, "ARO")))
    assert scalar(js[3]) == scalar(js[4]) == float(json_number(excluded.value(2, "ARO")))
    assert "unrated 99999 is not a rating" in js[5]["error"]
    assert "no_such_choice" in js[6]["error"] and "unknown choice" in js[6]["error"]


def test_explain_takes_the_list_so_de_agrees_with_the_standings():
    t = demo_tournament()
    table = crosstable(t)
    res = compute(t, "BH,DE")
    # DE alone: its group is everyone on the same points, another account than inside BH,DE
    alone = {no: explain(t, no, "DE", "fide2026", tiebreaks="DE").total for no in range(1, 7)}
    differ = [no for no in range(1, 7) if alone[no] != explain(t, no, "DE", "fide2026", tiebreaks="BH,DE").total]
    assert differ
    js = officejs([body("EXPLAIN", no, table, "DE", None, None, None, None, "BH,DE") for no in differ]
                  + [body("EXPLAIN_TEXT", no, table, "DE", None, None, "BH,DE") for no in differ])["results"]
    for k, no in enumerate(differ):
        total = next(r for r in js[k]["value"] if str(r[0]).startswith("DE ="))
        assert total[1] == f"rank {res.value(no, 'DE')} of 1" != alone[no], (no, total)
        assert f"DE = rank {res.value(no, 'DE')} of 1" in scalar(js[len(differ) + k])


def test_empty_svon_argument_says_which():
    js = officejs([body("SVON", None, 1, 9, 7), body("SVON", 3, 1, 9, 7.5)])["results"]
    assert "score_before is empty" in js[0]["error"] and "SVON: SVON" not in js[0]["error"]
    assert "must be whole numbers" in js[1]["error"]


# ------------------------------------------------------------ what Excel shows and compiles

VBA_KEYWORDS = set("""
abs addressof and any array as attribute boolean byref byte byval call case cbool cbyte ccur cdate
cdbl cdec cdecl cint circle clng clnglng clngptr close const csng cstr currency cvar cverr date debug
decimal declare defbool defbyte defcur defdate defdbl defdec defint deflng deflnglng deflngptr defobj
defsng defstr defvar dim do doevents double each else elseif empty end endif enum eqv erase error
event exit false fix for friend function get global gosub goto if imp implements in input inputb int
integer is lbound len lenb let lib like line lock long longlong longptr loop lset me mid midb mod new
next not nothing null object on open option optional or paramarray preserve print private property
ptrsafe public put raiseevent randomize redim rem resume return rset scale seek select set sgn shared
single spc static stop string sub tab then to true type typeof ubound unlock until variant wend while
width with withevents write xor
round val str format left right trim ltrim rtrim split join replace instr instrrev choose iif switch
now time timer day month year weekday hour minute second sqr exp log sin cos tan atn rnd chr asc hex
oct lcase ucase space strcomp strconv isempty isnull isnumeric isarray isdate iserror ismissing
isobject typename vartype callbyname createobject getobject msgbox inputbox environ dir kill filelen
shell sendkeys beep rgb filter application range cells sheets worksheets name
""".split())


@pytest.fixture(scope="module")
def registered() -> tuple[dict, dict]:
    return officejs([])["meta"], classic([])


def test_parameters_are_no_vba_keyword_nor_a_function_name(registered):
    meta, com = registered
    functions = {f["id"].lower() for f in meta["functions"]}
    for name, info in com["xlfunc"].items():
        params = [a["name"].lower() for a in info["args"]]
        assert len(params) == len(set(params)), name
        for p in params:
            assert p not in VBA_KEYWORDS, (name, p)
            assert p not in functions, (name, p)


def test_same_functions_same_parameters_in_both_runtimes(registered):
    meta, com = registered
    js = {f["id"]: [p["name"] for p in f["parameters"]] for f in meta["functions"]}
    assert js == {name: [a["name"] for a in info["args"]] for name, info in com["xlfunc"].items()
                  if not info["sub"]}  # (the macro PAIR_NEXT_ROUND is a script in Lite: test_pairing_in_excel)
    assert set(js) == set(fx.FUNCTIONS)
    for f in meta["functions"]:
        assert [p.get("optional", False) for p in f["parameters"]] == \
               [a["optional"] for a in com["xlfunc"][f["id"]]["args"]]


def test_descriptions_are_one_plain_line_and_every_parameter_is_described(registered):
    meta, com = registered
    for f in meta["functions"]:
        d = f["description"]
        assert d and len(d) <= 255 and "\n" not in d and "``" not in d and "  " not in d, f["id"]
        assert ("FIDE code" in d) is False  # the code is called a tie-break code, national or FIDE
        for p in f["parameters"]:
            assert p["description"] and not p["description"].startswith("Positional argument"), (f["id"], p)
            assert len(p["description"]) <= 255 and "\n" not in p["description"]
    national = {"HARKNESS", "MODIFIED_MEDIAN", "SOLKOFF", "CUMULATIVE", "OPP_CUMULATIVE", "KASHDAN",
                "MOST_WINS", "SSF_BUCHHOLZ"}
    for f in meta["functions"]:
        if f["id"] in national:
            assert "national or historical tie-break code" in f["description"], f["id"]


def test_import_functions_registers_every_text_untruncated_in_a_category(registered):
    meta, com = registered
    descriptions = {f["id"]: f for f in meta["functions"]}
    options = {o["macro"].split("!")[1]: o for o in com["macro_options"]}
    assert set(options) == set(fx.FUNCTIONS) | {"PAIR_NEXT_ROUND"}  # the functions and the one macro
    del options["PAIR_NEXT_ROUND"]
    for name, o in options.items():
        assert o["Category"] == "xl-tiebreak"
        assert o["Description"] == descriptions[name]["description"]  # nothing cut at 255
        assert o["ArgumentDescriptions"] == [p["description"] for p in descriptions[name]["parameters"]]


def test_range_arguments_read_as_tables_and_errors_as_text(registered):
    meta, com = registered
    for name, info in com["xlfunc"].items():
        for a in info["args"]:
            assert a["options"].get("err_to_str") is True, (name, a["name"])
            if a["name"] in ("crosstable", "tiebreak_list", "settings"):  # the spec, not the constant
                assert a["options"].get("ndim") == 2, (name, a["name"])


_SIGNATURE = re.compile(r"^(Function|Sub) (\w+)\((.*)\)$")


def test_the_generated_vba_compiles(registered):
    """The module "Import Functions" writes: an independent VBA grammar (antlr4-vba) accepts it,
    lines are under VBA's 1,023-character limit, Optional parameters come last."""
    vba = registered[1]["vba"]
    assert vba.count("\nFunction ") == len(fx.FUNCTIONS)
    for line in vba.splitlines():
        assert len(line) < 1023
        m = _SIGNATURE.match(line)
        if m:
            params = [p.strip() for p in m.group(3).split(",") if p.strip()]
            optional = [p.startswith("Optional ") for p in params]
            assert optional == sorted(optional), line  # no required parameter after an Optional one
            names = [p.split()[-1].lower() for p in params]
            assert len(names) == len(set(names)) and m.group(2).lower() not in names, line
    assert vba_syntax_errors(vba) == []


def test_the_grammar_would_catch_the_old_signature(registered):
    """The check above can fail: the parameter ``type`` (a VBA keyword) is a syntax error."""
    vba = registered[1]["vba"]
    first = vba[:vba.index("\nFunction ", vba.index("\nFunction ") + 1)] + "\n"  # the header and APPO
    assert "Optional kind" in first and vba_syntax_errors(first) == []
    assert vba_syntax_errors(first.replace("Optional kind", "Optional type").replace(", kind,", ", type,"))


def vba_syntax_errors(vba: str) -> list[str]:
    antlr = pytest.importorskip("antlr4")
    from antlr4.error.ErrorListener import ErrorListener
    from antlr4_vba.vba_ccLexer import vba_ccLexer
    from antlr4_vba.vba_ccParser import vba_ccParser
    from antlr4_vba.vbaLexer import vbaLexer
    from antlr4_vba.vbaParser import vbaParser

    class Errors(ErrorListener):
        def __init__(self) -> None:
            self.found: list[str] = []

        def syntaxError(self, recognizer, offending, line, column, msg, e):  # noqa: N802
            self.found.append(f"line {line}:{column} {msg}")

    def parse(text: str, lexer_cls, parser_cls) -> list[str]:
        errors = Errors()
        lexer = lexer_cls(antlr.InputStream(text))
        lexer.removeErrorListeners()
        lexer.addErrorListener(errors)
        parser = parser_cls(antlr.CommonTokenStream(lexer))
        parser.removeErrorListeners()
        parser.addErrorListener(errors)
        parser.startRule()
        return errors.found

    # conditional compilation first (#Const, #If App = "Microsoft Excel"), a function at a time
    # (the Python runtime of this grammar is slow on the whole module), then the Excel branch
    head, *functions = vba.split("\nFunction ")
    found = [e for f in functions for e in parse(f"{head}\nFunction {f}", vba_ccLexer, vba_ccParser)]
    lines, keep = [], [True]
    for line in vba.splitlines():
        s = line.strip()
        if s.startswith("#Const"):
            continue
        if s.startswith("#If"):
            keep.append(keep[-1] and 'App = "Microsoft Excel"' in s)
        elif s.startswith("#Else"):
            keep[-1] = not keep[-1] and keep[-2]
        elif s.startswith("#End If"):
            keep.pop()
        elif keep[-1]:
            lines.append(line)
    return found + parse("\n".join(lines) + "\n", vbaLexer, vbaParser)


# ------------------------------------------------------------------------- mid-round

def test_a_round_in_progress_through_both_runtimes_standings_after_the_last_complete_round_or_live():
    """Mid-round through xlwings's runtimes: one game of the demo's round 4 not in yet.
    STATUS says so; SCORE is the points after round 3 (the rule: never one round's points with
    another's), and with live=TRUE the finished games of round 4 count, the missing one as not
    played. Expected points come from the demo's results (the engine's score after a round)."""
    t = demo_tournament()
    a = next(p for p in t.players if p.rounds[3].opponent)
    b = a.rounds[3].opponent
    games = len({frozenset((p.no, p.rounds[3].opponent)) for p in t.players if p.rounds[3].opponent})
    table = crosstable(t)
    for row in table[1:]:
        if row[0] in (a.no, b):
            row[3 + 3] = None  # R4 of both players of the game not in yet
    calls = [("STATUS", [table, None, "fide2026", 4])]  # the event's 4 rounds (Settings, Rounds)
    calls += [("SCORE", [p.no, table, "fide2026"]) for p in t.players]
    calls += [("SCORE", [p.no, table, "fide2026", None, None, None, None, True]) for p in t.players]
    js = officejs([body(f, *args) for f, args in calls])["results"]
    com = classic([[f, [MISSING if x is None else x for x in args]] for f, args in calls])["results"]
    n = len(t.players)
    for results in (js, com):
        assert scalar(results[0]).startswith(f"After round 3 of 4; round 4 in progress: {games - 1} of {games} "
                                              "games in; rules fide2026"), scalar(results[0])
        for k, p in enumerate(t.players):
            assert scalar(results[1 + k]) == float(p.score(3)), p.no
            live = p.score(3) if p.no in (a.no, b) else p.score(4)
            assert scalar(results[1 + n + k]) == float(live), p.no
