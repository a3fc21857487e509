"""The workbook commands: ``template``, ``workbook``, ``recompute`` (:mod:`xl_tiebreak.excel.workbook.commands`),
``export-trf`` (a workbook's crosstable, or a team TRF written again: :mod:`.team_export`) and ``print``
(:mod:`xl_tiebreak.excel.workbook.printing`)."""

from __future__ import annotations

import argparse
from typing import Callable

from ..errors import TiebreakError


def _excel(name: str) -> Callable[[argparse.Namespace], tuple[str, int]]:
    """A workbook command, imported when it runs (:mod:`xl_tiebreak.excel.workbook.commands`)."""
    def run(args: argparse.Namespace) -> tuple[str, int]:
        from ..excel.workbook import commands
        return getattr(commands, name)(args)
    return run


run_template, run_workbook, _export_book, run_recompute = (
    _excel(n) for n in ("template", "workbook", "export_trf", "recompute"))


def run_export_trf(args) -> tuple[str, int]:
    """``export-trf``: a workbook's crosstable as a TRF, or a team TRF written again as TRF-26
    (:func:`.team_export.export_team_trf`)."""
    from .team_export import export_team_trf
    team = export_team_trf(args)
    if team is not None:
        return team
    given = [f for f, on in (("--tiebreaks", args.tiebreaks), ("--rules", args.rules), ("--team-pab", args.team_pab),
                             ("--team-primary", args.team_primary)) if on]
    if given:
        raise TiebreakError(f"{', '.join(given)}: for a team TRF; a workbook's export-trf takes them from its Settings")
    if args.encoding:
        raise TiebreakError("--input-encoding: the encoding a team TRF is read in; a workbook has none (--encoding "
                            "names the encoding of the TRF written)")
    return _export_book(args)


def run_print(args) -> tuple[str, int]:
    """``print``: one sheet as a PDF, through LibreOffice (:mod:`xl_tiebreak.excel.workbook.printing`)."""
    from ..errors import InputError
    from ..excel.workbook.printing import print_sheet
    given = [f for f, on in (("--tiebreaks", args.tiebreaks), ("--rules", args.rules)) if on]
    if given and str(args.input).lower().endswith((".xlsx", ".xlsm")):
        raise InputError(f"{', '.join(given)}: a workbook's Settings sheet gives them; change them there (or "
                         "print the TRF file)")
    return print_sheet(args)
