"""Hostile calls of the Excel functions (DESIGN "Hostile input and faults"): every
call of every registry function ends in a value or in the project's own error, a TiebreakError whose
message begins with the function's name; never TypeError, OverflowError, ... and never a hang.

The calls come from the seeded generator in ``function_calls.py`` (parameters found by signature, so
a parameter added later is fuzzed too); a sample also runs through xlwings's own runtimes
(Office.js and the classic add-in), where a table that spills shows the error table instead.
"""

from __future__ import annotations

import inspect
import math
import time

import pytest

from xl_tiebreak import errors
from xl_tiebreak.errors import InputError, TiebreakError
from xl_tiebreak.excel.functions import individual as fx

from .function_calls import GOOD, HUGE_INT, classic_args, hostile_calls, officejs_args

SEED = 2112
CALLS = 2000


def outcome(name: str, args: list) -> tuple[str, object]:
    """("value", v) or ("error", message); any other exception fails the test, naming the call."""
    try:
        return "value", fx.FUNCTIONS[name](*args)
    except TiebreakError as exc:
        return "error", str(exc)


def test_two_thousand_hostile_calls_give_a_value_or_an_error_naming_the_function():
    calls = hostile_calls(SEED, CALLS)
    start = time.perf_counter()
    errors_seen = values = 0
    for name, args in calls:
        t0 = time.perf_counter()
        try:
            kind, got = outcome(name, args)
        except Exception as exc:  # noqa: BLE001 - what the test is about
            pytest.fail(f"{name}{tuple(args)!r:.300} escaped as {type(exc).__name__}: {exc}")
        assert time.perf_counter() - t0 < 2, (name, args)  # no call near a hang
        if kind == "error":
            errors_seen += 1
            assert got.startswith(f"{name}: ") and f"{name}: {name}:" not in got, got
        else:
            values += 1
    assert time.perf_counter() - start < 15
    assert values > 200 and errors_seen > 1000  # both sides are reached, not only the first check


def test_the_generator_fuzzes_every_parameter_of_every_function():
    calls = hostile_calls(SEED, CALLS)
    assert {name for name, _ in calls} == set(fx.FUNCTIONS)
    assert hostile_calls(SEED, 50) == hostile_calls(SEED, 50)  # seeded: the same calls again
    params = {p for f in fx.FUNCTIONS.values() for p in inspect.signature(f).parameters}
    assert {"rounds", "live", "crosstable", "edition"} <= params


# ------------------------------------------------------------------- the classes found

@pytest.mark.parametrize("bad", [float("nan"), float("inf"), float("-inf"), 1e308, HUGE_INT, -HUGE_INT])
def test_nan_infinite_and_huge_numbers_are_refused_naming_the_argument(bad):
    assert fx.BUCHHOLZ(bad, GOOD) == "#N/A"  # no such start number: the cell shows #N/A
    calls = [(lambda: fx.BUCHHOLZ(1, GOOD, rounds=bad), "BUCHHOLZ: rounds "),
             (lambda: fx.ARO(1, GOOD, unrated=bad), "ARO: unrated "),
             (lambda: fx.SVON(bad, 1, 9, 7), "SVON: score_before ")]
    if isinstance(bad, float) and not math.isfinite(bad):  # no whole number at all
        calls += [(lambda: fx.STANDINGS(GOOD, row=bad, column=1), "STANDINGS: row "),
                  (lambda: fx.RUNNING(1, GOOD, bad), "RUNNING: after_round ")]
    else:  # a whole number past the table: an empty cell, a round the event does not have
        assert fx.STANDINGS(GOOD, row=bad, column=1) == ("" if bad > 0 else "#N/A")
        assert fx.RUNNING(1, GOOD, bad) == "#N/A"
    for call, start in calls:
        with pytest.raises(InputError) as exc:
            call()
        assert str(exc.value).startswith(start), exc.value


def test_a_huge_rating_or_start_number_in_the_crosstable_is_out_of_range():
    table = [list(r) for r in GOOD]
    table[3][2] = HUGE_INT  # player 3's rating, a 400-digit number (no float holds it)
    with pytest.raises(InputError, match=r"^ARO: rating of player 3: rating 1000000.*is out of range"):
        fx.ARO(1, table)
    table[3][2], table[3][0] = 1800.0, float(HUGE_INT // 10 ** 100)  # a float start number of 1e300
    with pytest.raises(InputError, match=r"^ARO: .*start number .* is out of range"):
        fx.ARO(1, table)


def test_ragged_rows_are_read_as_the_range_with_empty_cells():
    ragged = [list(r) for r in GOOD]
    padded = [list(r) for r in GOOD]
    ragged[6] = ragged[6][:-2]              # player 6's last two rounds not given
    padded[6][-2:] = [None, None]
    assert fx.TIEBREAKS(ragged, "BH,SB") == fx.TIEBREAKS(padded, "BH,SB")


def test_a_flat_list_as_crosstable_is_one_row_and_mixed_rows_are_refused():
    # one row without a header: player 1 alone, whose opponents are not in the range
    with pytest.raises(InputError, match=r"^SCORE: ") as exc:
        fx.SCORE(1, GOOD[1])
    assert "opponent" in str(exc.value) or "player" in str(exc.value)
    mixed = [list(GOOD[0]), "row", *GOOD[2:]]
    with pytest.raises(InputError, match=r"^SCORE: the argument crosstable mixes rows and single values \(row 2"):
        fx.SCORE(1, mixed)
    with pytest.raises(InputError, match=r"^SCORE: the argument crosstable is one value \(1\.0\), not a range"):
        fx.SCORE(1, 1.0)
    with pytest.raises(InputError, match=r"^SCORE: crosstable: row 1, column 1 holds list"):
        fx.SCORE(1, [[[c] for c in r] for r in GOOD])


def test_a_range_where_one_value_goes_is_refused_and_one_cell_is_its_value():
    assert fx.BUCHHOLZ([[1.0]], GOOD) == fx.BUCHHOLZ(1, GOOD) == fx.BUCHHOLZ([1.0], GOOD)
    assert fx.BUCHHOLZ([], GOOD) == ""      # an empty range: no player, an empty cell
    with pytest.raises(InputError, match=r"^BUCHHOLZ: the argument player is a range of 2 cells; give one value"):
        fx.BUCHHOLZ([[1.0], [2.0]], GOOD)
    with pytest.raises(InputError, match=r"^STANDINGS: the argument kind is a range of 3 cells"):
        fx.STANDINGS(GOOD, None, None, [["swiss", "rr", None]])
    # the edition keeps taking a range (the templates pass Settings!B3:B5: name, ..., start date)
    assert fx.STATUS(GOOD, None, [[None], [None], ["2012-05-01"]]).endswith("rules fide2012 (start date 2012-05-01). No problems found.")


def test_missing_and_extra_arguments_are_refused_by_name():
    with pytest.raises(InputError, match=r"^BUCHHOLZ: the argument crosstable is missing; The crosstable range"):
        fx.BUCHHOLZ(1)
    with pytest.raises(InputError, match=r"^SVON: 5 arguments given, but it takes at most 4 \(score_before, "):
        fx.SVON(3, 1, 9, 7, 1)
    with pytest.raises(InputError, match=r"^CHECK: it has no argument colour; its arguments are crosstable, kind"):
        fx.CHECK(GOOD, colour="white")
    with pytest.raises(InputError, match=r"^CHECK: the argument kind is given twice"):
        fx.CHECK(GOOD, "swiss", kind="swiss")


def test_unknown_edition_kind_and_codes_name_the_argument():
    with pytest.raises(errors.EditionError, match=r"^BUCHHOLZ: edition: unknown rule edition 'fide1999'"):
        fx.BUCHHOLZ(1, GOOD, "fide1999")
    with pytest.raises(InputError, match=r"^SCORE: kind: unknown event type 'knockout'"):
        fx.SCORE(1, GOOD, None, "knockout")
    with pytest.raises(errors.DescriptorError, match=r"^TIEBREAK: code: "):
        fx.TIEBREAK(1, GOOD, "XYZ")
    with pytest.raises(errors.DescriptorError, match=r"^PLACE: tiebreak_list: "):
        fx.PLACE(1, GOOD, "BH;;SB/C" + "9" * 400)


def test_a_round_column_far_past_the_last_round_is_refused_at_once():
    table = [list(r) for r in GOOD]
    table[0][-1] = "R877868"  # 877,868 empty rounds per player took 20 s before
    t0 = time.perf_counter()
    with pytest.raises(InputError, match=r"^BUCHHOLZ: header column 7: the round column R877868 is past round 10000"):
        fx.BUCHHOLZ(1, table)
    assert time.perf_counter() - t0 < 1


def test_svon_refuses_numbers_no_score_is():
    with pytest.raises(InputError, match=r"^SVON: rounds_completed 1e\+30 is out of range \(at most 1000000\)"):
        fx.SVON(3, 1, 1e30, 7)
    with pytest.raises(InputError, match=r"^SVON: score_before nan is not a number"):
        fx.SVON(float("nan"), 1, 9, 7)
    assert fx.SVON(3, 1, 9, 7) == 4.0  # seed 000: 3 + (1 - 1) + 0.5 x (9 - 7)
    assert fx.SVON("3,5", "0", "9", "7") == 5.5  # a decimal comma, numbers typed as text
    # text Fraction() would read by building a billion-digit integer (it ran for minutes): refused at once
    t0 = time.perf_counter()
    for huge in ("1e999999999", "9" * 5000):
        with pytest.raises(InputError, match=r"^SVON: score_before '.* is out of range"):
            fx.SVON(huge, 1, 9, 7)
    assert time.perf_counter() - t0 < 1


# ------------------------------------------------------------ through xlwings's runtimes

xlwings = pytest.importorskip("xlwings")


def _runtimes():
    from tests.support.runtimes import body, classic, officejs
    return body, classic, officejs


def _error_kinds() -> set[str]:
    seen, todo = set(), [TiebreakError]
    while todo:
        c = todo.pop()
        seen.add(c.__name__)
        todo += c.__subclasses__()
    return seen


def _fine(name: str, got: dict, kinds: set[str]) -> bool:
    """A value, or the project's own error naming the function (as the driver reports it)."""
    if "value" in got:
        v = got["value"]
        cell = v[0][0] if isinstance(v, list) and v and isinstance(v[0], list) and v[0] else v
        return not (isinstance(cell, str) and cell.startswith(fx.ERROR_PREFIX)) \
            or cell.startswith(f"{fx.ERROR_PREFIX}{name}: ")
    kind, _, message = got["error"].partition(": ")
    return kind in kinds and message.startswith(f"{name}: ")


def test_five_hundred_hostile_calls_through_both_xlwings_runtimes():
    body, classic, officejs = _runtimes()
    calls = hostile_calls(SEED + 1, 500)
    js = officejs([{**body(name), "args": officejs_args(args)} for name, args in calls])["results"]
    com = classic([[name, classic_args(args)] for name, args in calls])["results"]
    kinds = _error_kinds()
    bad = [(name, args, got) for (name, args), got in zip(calls, js) if not _fine(name, got, kinds)]
    bad += [(name, args, got) for (name, args), got in zip(calls, com) if not _fine(name, got, kinds)]
    assert not bad, bad[:5]
    assert sum("value" in g for g in js) > 100 and sum("error" in g for g in js) > 100


def test_a_typo_in_the_crosstable_spills_as_the_error_table_through_office_js():
    """The templates read ``IFERROR(RESULTS(...), Cache!...)``: a raised error would show the
    stored values, the last good figures, as if current; the add-in gives the error table instead
    (as the headless recompute writes it). A one-value function still raises (#VALUE!)."""
    body, classic, officejs = _runtimes()
    typo = [list(r) for r in GOOD]
    typo[2][4] = "12x1"  # player 2's R2
    js = officejs([body("RESULTS", typo), body("STANDINGS", typo), body("TIEBREAKS", typo),
                   body("STANDINGS", typo, None, None, None, 1, 2), body("BUCHHOLZ", 2, typo),
                   body("RESULTS", GOOD)])["results"]
    for k, name in enumerate(("RESULTS", "STANDINGS", "TIEBREAKS")):
        assert js[k] == {"value": [[f"#ERROR: {name}: R2 of player 2: '12x1' is not a result; "
                                    "write e.g. 12w1, 12b½, +12, BYE, H"]]}, js[k]
    assert js[3]["error"].startswith("InputError: STANDINGS: R2 of player 2: '12x1'")  # one cell
    assert js[4]["error"].startswith("InputError: BUCHHOLZ: R2 of player 2: '12x1'")
    assert js[5]["value"][0][0] == "Pts" and len(js[5]["value"]) == len(GOOD)  # good input: the table
    com = classic([["RESULTS", [typo]]])["results"]
    assert com[0]["value"][0][0].startswith("#ERROR: RESULTS: R2 of player 2: '12x1'")


def test_the_registry_still_raises_so_the_recompute_writes_the_cell_it_names():
    typo = [list(r) for r in GOOD]
    typo[2][4] = "12x1"
    with pytest.raises(InputError, match=r"^RESULTS: R2 of player 2: '12x1' is not a result"):
        fx.RESULTS(typo)
