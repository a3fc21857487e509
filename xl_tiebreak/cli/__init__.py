"""The command line: ``xl-tiebreak compute | standings | demo | explain | card | compare | check | pair``
and the workbook commands ``template | workbook | export-trf | recompute | print``.

Each argument is declared once (:func:`.arguments.arguments`) and taken by name by the commands
that share it; each command is one entry of :func:`.arguments.commands`, which names the function,
in its command's module, that runs it: :mod:`.standings` (compute, standings, demo),
:mod:`.compare`, :mod:`.explain`, :mod:`.check`, :mod:`.prizes`, :mod:`.whatif`, :mod:`.publish`,
:mod:`.pair`, :mod:`.card`, :mod:`.workbook` (template, workbook, recompute, export-trf, print);
what they share is :mod:`.common`. A command that has a team variant calls it, when the input is
a team event, from its own module (:mod:`.team` and the ``team_*`` modules).

As twine's commands, each command is a library function with its choices as values (the event's
in :class:`.choices.EventChoices`), usable from Python (``standings.standings("event.trf")``,
``explain.explain(...)``, ``workbook.recompute(...)`` ...), and a thin ``run_*`` that turns the
parsed options into that call; this module parses, checks the paths, runs and prints.

Bad input exits with status 2 and one message naming the file, line and column or the word;
never a traceback.
"""

from __future__ import annotations

import argparse
import gc
import os
import sys
from pathlib import Path
from typing import Callable, Optional, Sequence

from ..errors import TiebreakError
from ..number_text import quoted
from ..output import check_paths
from . import arguments as cli_arguments
from .choices import EventChoices

__all__ = ["main", "build_parser", "EventChoices"]

#: what runs a command: the parsed options in, the text to print and the exit status out
Run = Callable[[argparse.Namespace], tuple[str, int]]


def build_parser() -> argparse.ArgumentParser:
    ap = argparse.ArgumentParser(prog="xl-tiebreak",
                                 description="Chess tie-breaks exactly as the FIDE regulations prescribe.")
    sub = ap.add_subparsers(dest="command", required=True)
    arguments = cli_arguments.arguments()
    for name, help_, takes, run in cli_arguments.commands():
        p = sub.add_parser(name, help=help_)
        for arg in takes:
            flags, settings = arguments[arg]
            p.add_argument(*flags, **settings)
        p.set_defaults(func=_runner(run))
    return ap


def _runner(where: str) -> Run:
    """The function ``module.function`` of this package that runs a command, imported when the
    command runs (:func:`.arguments.commands`)."""
    module, _, name = where.partition(".")

    def run(args: argparse.Namespace) -> tuple[str, int]:
        import importlib
        got: Run = getattr(importlib.import_module(f".{module}", __name__), name)
        return got(args)
    return run


def main(argv: Optional[Sequence[str]] = None) -> int:
    """The program: ``argv`` (else the command line), the output written, the exit status returned."""
    if argv is None:
        # Run as the program, before numpy is imported: one OpenBLAS thread (we do no linear
        # algebra; its pool of spinning threads cost about 0.06 s of CPU per command)
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    status = _main(argv)
    if argv is None:
        # Run as the program (the process ends next): the objects made so far are kept out of the
        # garbage collections of the interpreter's shutdown, which for a large event took longer
        # than writing the output (a recompute of 1,000 players: 0.05 s of 0.55 s).
        gc.freeze()
    return status


def _tolerant_streams() -> None:
    """A console that cannot show a character (a Windows console in cp1252, ``PYTHONIOENCODING=ascii``;
    in UTF-8 too, a lone surrogate, which no encoding writes) gets ``?`` for it instead of a
    UnicodeEncodeError; files written with ``-o`` are UTF-8 anyway."""
    for stream in (sys.stdout, sys.stderr):
        reconfigure = getattr(stream, "reconfigure", None)
        if reconfigure is not None:
            try:
                reconfigure(errors="replace")
            except (ValueError, OSError):  # a stream already written to in a way that forbids it
                pass


def _main(argv: Optional[Sequence[str]]) -> int:
    _tolerant_streams()
    args = build_parser().parse_args(argv)
    try:
        if getattr(args, "input", None) is not None:
            from ..input_file import check_input_file
            check_input_file(args.input)  # a regular file: a named pipe would block the read forever
        source, out = getattr(args, "input", None), getattr(args, "output", None)
        check_paths(source if isinstance(source, str) else None, out if isinstance(out, str) else None,
                    bool(getattr(args, "force", False)), getattr(args, "command", ""))
        text, status = args.func(args)
    except TiebreakError as exc:
        from ..errors import DescriptorError
        given = getattr(args, "tiebreaks", None) or getattr(args, "tiebreak", None)
        if isinstance(exc, DescriptorError) and given and "record 202" not in str(exc):
            several = "," in given or ";" in given  # (one code: the message quotes it already)
            head = f"--tiebreaks {quoted(given)}" if several else "--tiebreaks"
            exc = DescriptorError(f"{head}: {exc}")
        elif isinstance(exc, DescriptorError) and str(getattr(args, "input", "")).lower().endswith((".xlsx", ".xlsm")):
            exc = DescriptorError(f"{Path(args.input).name}: {_settings_list_cell(args.input)}: {exc}")
        print(f"xl-tiebreak: {exc}", file=sys.stderr)
        return 2
    except Exception as exc:  # a bug of ours: still one line, never a traceback
        print(f"xl-tiebreak: internal error ({type(exc).__name__}: {exc}); please report it "
              "with the input file", file=sys.stderr)
        return 3
    try:
        try:
            sys.stdout.write(text)
        except UnicodeEncodeError:  # a stream that would not take errors="replace" (_tolerant_streams)
            encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
            sys.stdout.write(text.encode(encoding, "replace").decode(encoding))
        sys.stdout.flush()
    except BrokenPipeError:  # the reader (e.g. head) went away: not an error of ours
        try:
            sys.stdout = open(os.devnull, "w")
        except OSError:
            pass
    return status


def _settings_list_cell(path: str) -> str:
    """The Settings cell of a workbook's tie-break list that cannot be read (``Settings!B8``; a team
    workbook's list, of team codes, has its own rows), else the list's cells: where a refusal of
    the workbook's list points."""
    from ..excel.workbook.book_check import settings_list_findings
    try:
        cells = [f.where for f in settings_list_findings(path, 0) if f.severity == "error"]
    except TiebreakError:
        cells = []
    return cells[0] if cells else "the Settings sheet's tie-breaks"
