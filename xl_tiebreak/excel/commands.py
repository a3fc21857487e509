"""The workbook commands of the CLI: template, workbook, export-trf, recompute. Each returns the
text to print and the exit status (1 when a recompute could not compute some cell); errors that
stop a command are raised as TiebreakError and printed by the CLI.

Each command imports what it needs when it runs: the recompute never loads openpyxl (its import
alone takes a tenth of a second), the other commands do.
"""

from __future__ import annotations

from pathlib import Path

from .safe_write import atomic_write


def template(args) -> tuple[str, int]:
    from .template import template_bytes
    cells = getattr(args, "cells", False)
    runtime = getattr(args, "runtime", "classic")
    if args.kind == "teaching":
        if cells:
            from ..errors import InputError
            raise InputError("the teaching workbook exists in its spilled form only (Excel 365 or 2021)")
        from .teaching import teaching_bytes
        data = teaching_bytes(runtime)
    else:
        data = template_bytes(args.kind, args.players, args.rounds, cells=cells, runtime=runtime)
    out = atomic_write(Path(args.output), data, overwrite=args.force)
    form = "one formula per cell" if cells else "spilled tables"
    if runtime == "lite":
        form += ", for xlwings Lite"
    return f"wrote {out} ({args.kind} template, {form})\n", 0


def workbook(args) -> tuple[str, int]:
    from ..trf import read_trf
    from .workbook import write_workbook
    t = read_trf(args.input, encoding=getattr(args, "encoding", None))
    tbs = [c.strip() for c in args.tiebreaks.split(",") if c.strip()] if args.tiebreaks else None
    if tbs:
        from ..descriptor import parse_list
        parse_list(tbs)  # refuse unknown codes before writing anything
    if args.rules:
        from ..editions import get_edition
        get_edition(args.rules)
    out = write_workbook(t, args.output, tiebreaks=tbs, edition=args.rules, overwrite=args.force)
    return (f"wrote {out}: {len(t.players)} players, {t.rounds} rounds, values filled in; after editing "
            f"it without Excel, 'xl-tiebreak recompute {out}' fills them in again\n"), 0


def export_trf(args) -> tuple[str, int]:
    from ..trf import write_trf
    from .book_reader import read_workbook
    t, settings = read_workbook(args.input)
    if settings.tiebreaks and not t.tiebreaks:
        from dataclasses import replace
        t = replace(t, tiebreaks=settings.tiebreaks)
    out = atomic_write(Path(args.output), write_trf(t).encode("utf-8"), overwrite=args.force)
    return f"wrote {out}: {len(t.players)} players, {t.rounds} rounds\n", 0


def recompute(args) -> tuple[str, int]:
    from .recompute import recompute as _recompute
    report = _recompute(args.input, args.output, overwrite=args.force)
    computed = report.written + report.unchanged
    lines = [f"wrote {report.output}: {computed} cells computed, {report.written} of them written "
             f"(the others already held their value)"]
    if report.name_widened:
        lines.append(f"the name Crosstable now covers {report.name_widened} (players typed below its range)")
    if report.backup:
        lines.append(f"the previous version is kept as {report.backup}")
    for where, msg in list(report.errors.items())[:10]:
        lines.append(f"error in {where}: {msg}")
    if len(report.errors) > 10:
        lines.append(f"... and {len(report.errors) - 10} more errors")
    if report.skipped:
        lines.append(f"{len(report.skipped)} formula cells were left as they were (not our functions)")
    return "\n".join(lines) + "\n", 1 if report.errors else 0
