"""The workbook commands: ``template``, ``workbook``, ``recompute`` (:mod:`xl_tiebreak.excel.workbook.commands`),
``export-trf`` (a workbook's crosstable, or a team TRF written again: :mod:`.team_export`) and ``print``
(:mod:`xl_tiebreak.excel.workbook.printing`).

:func:`template`, :func:`workbook`, :func:`export_trf`, :func:`recompute` and :func:`print_sheet`
are the commands as library functions, each returning its :class:`.report.Report`; ``run_*`` turn
the parsed options into them; each refuses an output that is its input, or that could not be
written, before the work (:func:`xl_tiebreak.output.check_paths`). The workbook layer still takes its options as one object
(:func:`_excel_options`)."""

from __future__ import annotations

import argparse
import os
from typing import Any, Optional

from ..errors import TiebreakError
from ..output import check_paths
from .choices import EventChoices, StrPath
from .report import Report


def _excel_options(**values: Any) -> argparse.Namespace:
    """The options of a command of :mod:`xl_tiebreak.excel.workbook.commands` or
    :mod:`xl_tiebreak.excel.workbook.printing`, which read them as attributes of one object."""
    return argparse.Namespace(**values)


def template(output: StrPath, *, kind: str = "swiss", players: Optional[int] = None, rounds: Optional[int] = None,
             player_fields: bool = False, boards: Optional[int] = None, cells: bool = False,
             runtime: str = "classic", force: bool = False) -> Report:
    """``template``: an empty workbook written to ``output`` (replaced only with ``force``):
    ``kind`` swiss, round-robin, teaching (the worked example) or team (``boards`` per match);
    ``players`` and ``rounds``: its rows and round columns; ``player_fields``: FIDE ID, Sex, Born
    and Club columns; ``cells``: one formula per cell (Excel 2019 and earlier); ``runtime``:
    classic or lite (xlwings Lite)."""
    from ..excel.workbook import commands
    check_paths(None, output, force)
    return Report(*commands.template(_excel_options(
        kind=kind, players=players, rounds=rounds, player_fields=player_fields, boards=boards, cells=cells,
        runtime=runtime, output=os.fspath(output), force=force)))


def workbook(source: StrPath, output: StrPath, choices: EventChoices = EventChoices(), *,
             source_format: str = "trf", force: bool = False) -> Report:
    """``workbook``: the workbook of a TRF file (the template, filled; ``source_format``
    chess-results, swiss-manager or vega: another program's export, its published values beside
    ours) written to ``output``; ``choices``: its tie-breaks, rules and the TRF's encoding."""
    from ..excel.workbook import commands
    check_paths(source, output, force)
    return Report(*commands.workbook(_excel_options(
        input=os.fspath(source), source=source_format, output=os.fspath(output), tiebreaks=choices.tiebreaks,
        rules=choices.rules, force=force, encoding=choices.encoding)))


def export_trf(source: StrPath, output: StrPath, choices: EventChoices = EventChoices(), *,
               output_encoding: Optional[str] = None, force: bool = False) -> Report:
    """``export-trf``: a workbook's crosstable as a TRF file written to ``output`` (in
    ``output_encoding``), or a team TRF written again as TRF-26 (:func:`.team_export.export_team_trf`;
    ``choices``: its tie-breaks, rules, PAB, primary score and the encoding it is read in, which a
    workbook takes from its Settings and refuses here)."""
    from .team_export import export_team_trf
    source, output = os.fspath(source), os.fspath(output)
    check_paths(source, output, force)
    team = export_team_trf(source, output, choices, output_encoding=output_encoding, force=force)
    if team is not None:
        return Report(team, 0)
    given = [f for f, on in (("--tiebreaks", choices.tiebreaks), ("--rules", choices.rules),
                             ("--team-pab", choices.team_pab), ("--team-primary", choices.team_primary)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: for a team TRF; a workbook's export-trf takes them from its Settings")
    if choices.encoding:
        raise TiebreakError("--input-encoding: the encoding a team TRF is read in; a workbook has none (--encoding "
                            "names the encoding of the TRF written)")
    from ..excel.workbook import commands
    return Report(*commands.export_trf(_excel_options(input=source, output=output, force=force,
                                                      output_encoding=output_encoding)))


def recompute(source: StrPath, output: Optional[StrPath] = None, *, force: bool = False) -> Report:
    """``recompute``: the values of our functions filled in, nothing else changed; in place (the
    previous version kept as a backup), or written to ``output``."""
    from ..excel.workbook import commands
    check_paths(source, output, force, "recompute")
    return Report(*commands.recompute(_excel_options(input=os.fspath(source),
                                                     output=None if output is None else os.fspath(output),
                                                     force=force)))


def print_sheet(source: StrPath, output: StrPath, choices: EventChoices = EventChoices(), *,
                sheet: Optional[str] = None, category: Optional[str] = None, force: bool = False) -> Report:
    """``print``: one sheet as a PDF written to ``output``, through LibreOffice
    (:mod:`xl_tiebreak.excel.workbook.printing`): ``sheet`` (standings by default), ``category`` (one of the
    Categories sheet); a TRF file is printed from the workbook ``workbook`` makes of it
    (``choices``: its tie-breaks, rules and encoding; a workbook's come from its Settings)."""
    from ..errors import InputError
    from ..excel.workbook.printing import print_sheet as print_pdf
    source = os.fspath(source)
    check_paths(source, output, force)
    given = [f for f, on in (("--tiebreaks", choices.tiebreaks), ("--rules", choices.rules)) if on]
    if given and source.lower().endswith((".xlsx", ".xlsm")):
        raise InputError(f"{', '.join(given)}: a workbook's Settings sheet gives them; change them there (or "
                         "print the TRF file)")
    return Report(*print_pdf(_excel_options(input=source, sheet=sheet, category=category, output=os.fspath(output),
                                            force=force, tiebreaks=choices.tiebreaks, rules=choices.rules,
                                            encoding=choices.encoding)))


def run_template(args: argparse.Namespace) -> tuple[str, int]:
    """``template`` on the command line: :func:`template`."""
    return template(args.output, kind=args.kind, players=args.players, rounds=args.rounds,
                    player_fields=args.player_fields, boards=args.boards, cells=args.cells, runtime=args.runtime,
                    force=args.force)


def run_workbook(args: argparse.Namespace) -> tuple[str, int]:
    """``workbook`` on the command line: :func:`workbook`."""
    return workbook(args.input, args.output, EventChoices.of(args), source_format=args.source, force=args.force)


def run_export_trf(args: argparse.Namespace) -> tuple[str, int]:
    """``export-trf`` on the command line: :func:`export_trf`."""
    return export_trf(args.input, args.output, EventChoices.of(args), output_encoding=args.output_encoding,
                      force=args.force)


def run_recompute(args: argparse.Namespace) -> tuple[str, int]:
    """``recompute`` on the command line: :func:`recompute`."""
    return recompute(args.input, args.output, force=args.force)


def run_print(args: argparse.Namespace) -> tuple[str, int]:
    """``print`` on the command line: :func:`print_sheet`."""
    return print_sheet(args.input, args.output, EventChoices.of(args), sheet=args.sheet, category=args.category,
                       force=args.force)
