"""The bounded fuzz run: random mutations of real TRF files and of filled workbooks,
with fixed seeds, through the CLI (compute, standings, check for a TRF file; check, standings,
compute, recompute -o, export-trf -o for a workbook). Every case keeps the contract of DESIGN
"Hostile input and faults" (see fuzz_runner): exit 0, 1 or 2, no traceback, no silent no-op, a
refusal naming the file and a place, the input byte-identical and no other file written.

About 3,300 cases in total, in chunks so that ``-n 4`` spreads them; ``-s`` prints each chunk's
figures (benchmarks/fuzz_mutations.py prints them all, with time and memory). The default suite runs
the first TRF chunk, the second zip chunk and the sample run in its own process (about 900 cases);
the other chunks are the campaign (``python -m pytest -m campaign``, which CI runs apart).
"""

from __future__ import annotations

import pytest

from . import fuzz_runner as fr
from . import mutations as mu
from .conftest import REAL, run_cli

TRF_CHUNKS, TRF_CASES = 4, 500  # 2,000 TRF cases, 3 commands each
PART_CHUNKS, PART_CASES = 4, 250  # 1,000 workbooks mutated inside, 5 commands each
ZIP_CHUNKS, ZIP_CASES = 2, 150  # 300 damaged zips, 5 commands each


@pytest.fixture(scope="module")
def books(tmp_path_factory):
    return fr.book_sources(tmp_path_factory.mktemp("fuzz-sources"))


def _assert_clean(name: str, stats: fr.Stats) -> None:
    print("\n" + stats.line(name))
    assert not stats.failures, f"{len(stats.failures)} problems, the first:\n" + "\n".join(stats.failures[:20])


def _chunks(count: int, default: int) -> list:
    """The chunks, all but ``default`` under the campaign marker."""
    return [pytest.param(c, marks=() if c == default else pytest.mark.campaign) for c in range(count)]


@pytest.mark.parametrize("chunk", _chunks(TRF_CHUNKS, 0))
def test_mutated_trf_files_exit_cleanly_and_stay_unchanged(chunk, tmp_path):
    sources = fr.trf_sources()
    if not REAL.is_dir():  # without ../shared: the package's own example only
        assert len(sources) == 1
    stats = fr.run_class(tmp_path, fr.make_cases(2100 + chunk, TRF_CASES, sources, mu.mutate_trf, ".trf"),
                         fr.TRF_COMMANDS, fr.Stats())
    assert stats.cases == TRF_CASES and stats.runs == TRF_CASES * len(fr.TRF_COMMANDS)
    assert len(stats.exits) >= 2, stats.exits  # the mutations reach both the good and the refused paths
    _assert_clean(f"TRF text, chunk {chunk}", stats)


@pytest.mark.campaign
@pytest.mark.parametrize("chunk", range(PART_CHUNKS))
def test_workbooks_mutated_inside_exit_cleanly_and_stay_unchanged(chunk, books, tmp_path):
    stats = fr.run_class(tmp_path, fr.make_cases(2200 + chunk, PART_CASES, books, mu.mutate_part, ".xlsx"),
                         fr.BOOK_COMMANDS, fr.Stats())
    assert stats.cases == PART_CASES and {0, 2} <= set(stats.exits), stats.exits
    _assert_clean(f"workbook parts, chunk {chunk}", stats)


@pytest.mark.parametrize("chunk", _chunks(ZIP_CHUNKS, 1))
def test_damaged_workbook_zips_exit_cleanly_and_stay_unchanged(chunk, books, tmp_path):
    stats = fr.run_class(tmp_path, fr.make_cases(2300 + chunk, ZIP_CASES, books, mu.mutate_zip, ".xlsx"),
                         fr.BOOK_COMMANDS, fr.Stats())
    assert stats.cases == ZIP_CASES and 2 in stats.exits, stats.exits
    _assert_clean(f"workbook zips, chunk {chunk}", stats)


def test_a_sample_behaves_the_same_in_its_own_process(books, tmp_path):
    """Every 50th case of the first chunks, run as the user runs the program: the same exit status
    and the same message as in this process."""
    trf = list(fr.make_cases(2100, TRF_CASES, fr.trf_sources(), mu.mutate_trf, ".trf"))[::50]
    parts = list(fr.make_cases(2200, PART_CASES, books, mu.mutate_part, ".xlsx"))[::50]
    zips = list(fr.make_cases(2300, ZIP_CASES, books, mu.mutate_zip, ".xlsx"))[::50]
    runs = [(c, ("standings",)) for c in trf] + [(c, ("check",)) for c in parts + zips] + \
           [(c, ("recompute", "-o", "OUT.xlsx")) for c in parts[:3] + zips[:2]]
    for case, cmd in runs:
        path = tmp_path / case.name
        path.write_bytes(case.data)
        argv = [cmd[0], case.name, *cmd[1:]]
        import os
        cwd = os.getcwd()
        os.chdir(tmp_path)
        try:
            status, out, err, _ = fr.run_cli_here(argv)
        finally:
            os.chdir(cwd)
        (tmp_path / "OUT.xlsx").unlink(missing_ok=True)
        proc = run_cli(argv, tmp_path)
        (tmp_path / "OUT.xlsx").unlink(missing_ok=True)
        assert path.read_bytes() == case.data, case.label
        got_err = proc.stderr.decode("utf-8", "replace")
        assert "Traceback" not in got_err, (case.label, got_err)
        assert (proc.returncode, got_err.strip()) == (status, err.strip()), case.label
        path.unlink()
    assert len(runs) >= 20
