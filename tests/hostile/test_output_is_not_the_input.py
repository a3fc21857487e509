"""``-o`` naming the input itself (the same path, a symlink or a hard link to it) is refused before
any work, --force or not: the user's workbook, TRF file or downloaded export is never replaced by
the command's output (a review found ``publish b.xlsx -o b.xlsx --force`` turned the workbook into
a web page)."""

from __future__ import annotations

import os

import pytest

from xl_tiebreak.cli import main
from xl_tiebreak.examples import demo_text


@pytest.fixture
def files(tmp_path):
    trf = tmp_path / "demo.trf"
    trf.write_text(demo_text(), encoding="utf-8")
    book = tmp_path / "demo.xlsx"
    assert main(["workbook", str(trf), "-o", str(book)]) == 0
    return trf, book


@pytest.mark.parametrize("command", [["standings"], ["compute"], ["publish"], ["prizes", "--places", "10"],
                                     ["export-trf"], ["whatif", "--before", "4"]])
@pytest.mark.parametrize("how", ["same", "dotted", "symlink", "hardlink"])
def test_an_output_that_is_the_input_is_refused_and_the_input_kept(files, command, how, capsys):
    trf, book = files
    source = trf if command[0] != "export-trf" else book
    before = source.read_bytes()
    if how == "same":
        out = str(source)
    elif how == "dotted":
        out = os.path.join(str(source.parent), ".", source.name)
    elif how == "symlink":
        out = str(source.parent / "link")
        os.symlink(source, out)
    else:
        out = str(source.parent / "hard")
        os.link(source, out)
    capsys.readouterr()
    assert main([command[0], str(source), *command[1:], "-o", out, "--force"]) == 2
    err = capsys.readouterr().err
    assert "that is the input file itself" in err and "Traceback" not in err
    assert source.read_bytes() == before


def test_recompute_onto_itself_says_to_leave_o_out(files, capsys):
    _, book = files
    before = book.read_bytes()
    assert main(["recompute", str(book), "-o", str(book)]) == 2
    assert "leave -o out to update the workbook in place" in capsys.readouterr().err
    assert book.read_bytes() == before
    assert main(["standings", str(book), "-o", str(book.with_name("out.txt"))]) == 0  # another file: written
