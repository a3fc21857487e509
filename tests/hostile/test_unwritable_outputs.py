"""An ``-o`` path that cannot be written (issue 32, "Names and paths"): a file name longer than the
file system allows, a folder where nothing can be created. Every command that writes a file ends with
exit 2 and one message naming the path, before the work, and leaves nothing behind; none ends in an
internal error (exit 3), none claims to have written."""

from __future__ import annotations

import pytest

from xl_tiebreak.examples import demo_text

from .books import swiss_book
from .conftest import assert_refused, assert_unchanged, run_cli, snapshot
from .fs_faults import unwritable

# every command that writes a file, and the input it reads ("trf" or "book")
WRITERS = [
    ("publish", "trf", []),
    ("export-trf", "book", []),
    ("workbook", "trf", []),
    ("template", None, []),
    ("recompute", "book", []),
    ("standings", "trf", []),
    ("compute", "trf", []),
    ("prizes", "trf", ["--places", "10,5"]),
    ("whatif", "trf", ["--before", "4"]),
    ("demo", None, []),
]


@pytest.fixture
def inputs(tmp_path):
    trf = tmp_path / "event.trf"
    trf.write_text(demo_text(), encoding="utf-8")
    book = swiss_book(tmp_path / "event.xlsx")
    return {"trf": trf.name, "book": book.name}


def _argv(command, source, extra, inputs, out):
    return [command, *([inputs[source]] if source else []), *extra, "-o", out]


@pytest.mark.parametrize("command,source,extra", WRITERS, ids=[w[0] for w in WRITERS])
def test_a_file_name_too_long_for_the_folder_is_refused_naming_it(tmp_path, inputs, command, source, extra):
    out = "p" * 300 + ".out"
    before = snapshot(tmp_path)
    err = assert_refused(run_cli(_argv(command, source, extra, inputs, out), tmp_path), out, "too long")
    assert err.count("\n") == 1, err
    assert_unchanged(before, tmp_path)


@pytest.mark.parametrize("command,source,extra", WRITERS, ids=[w[0] for w in WRITERS])
def test_a_folder_where_nothing_can_be_created_is_refused_naming_it(tmp_path, inputs, command, source, extra):
    folder = tmp_path / "locked"
    folder.mkdir()
    out = "locked/result.out"
    before = snapshot(tmp_path)
    with unwritable(folder):
        proc = run_cli(_argv(command, source, extra, inputs, out), tmp_path)
    err = assert_refused(proc, out, "no file can be created")
    assert err.count("\n") == 1, err
    assert proc.stdout == b""  # nothing computed and claimed written
    assert_unchanged(before, tmp_path)


def test_an_output_that_is_a_folder_is_refused_naming_it(tmp_path, inputs):
    (tmp_path / "pages").mkdir()
    before = snapshot(tmp_path)
    for force in ([], ["--force"]):
        assert_refused(run_cli(["publish", inputs["trf"], "-o", "pages", *force], tmp_path), "pages", "folder")
    assert_unchanged(before, tmp_path)
