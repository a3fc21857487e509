"""``check``: every problem of a TRF file (a team TRF's too) or a workbook's crosstable; with
``--from``, where another program's export differs from our values. :func:`check` is the command
as a library function; :func:`run_check` turns the parsed options into it."""

from __future__ import annotations

import argparse
import os
from pathlib import Path
from .choices import FINDINGS_FORMATS, EventChoices, StrPath, check_format
from .report import Report


def check(source: StrPath, choices: EventChoices = EventChoices(), *, source_format: str = "trf",
          fmt: str = "table") -> Report:
    """``check``: every finding of a TRF file (a team TRF's too) or a workbook's crosstable
    (``choices.encoding``: the TRF's); with ``source_format`` ``chess-results``, ``swiss-manager``
    or ``vega`` (``--from``), where the export's published values differ from ours
    (``choices.tiebreaks``: what its TB1, TB2, ... are; ``choices.rules``: the edition). ``fmt``:
    table or json."""
    from ..input_file import check_input_file
    check_format(fmt, FINDINGS_FORMATS)
    p = Path(source)
    check_input_file(p)
    if source_format != "trf":
        return _check_export(p, choices, source_format, fmt)
    if p.suffix.lower() in (".xlsx", ".xlsm"):
        from ..excel.workbook.book_check import check_workbook
        found = check_workbook(p)
    else:
        from ..check import check_trf
        found = check_trf(p, encoding=choices.encoding)
    errors = sum(1 for f in found if f.severity == "error")
    status = 1 if errors else 0
    if fmt == "json":
        import json  # here, not at the top: the other commands start without it
        return Report(json.dumps({"errors": errors, "warnings": len(found) - errors, "findings": [
            {"severity": f.severity, "rule": f.rule, "where": f.where, "message": f.message} for f in found]},
            ensure_ascii=False, indent=1) + "\n", status)
    lines = [f"{f.severity:<8} {f.where}: {f.message}" if f.where else f"{f.severity:<8} {f.message}"
             for f in found]
    lines.append(f"{p.name}: {errors} error(s), {len(found) - errors} warning(s)")
    return Report("\n".join(lines) + "\n", status)


def run_check(args: argparse.Namespace) -> tuple[str, int]:
    """``check`` on the command line: :func:`check`."""
    return check(os.fspath(args.input), EventChoices.of(args), source_format=getattr(args, "source", "trf"),
                 fmt=args.format)


def _check_export(p: Path, choices: EventChoices, source_format: str, fmt: str) -> Report:
    """``check --from chess-results FILE``: the export read into an event, then every published
    point total, rank and TB column (TB1 the first code of --tiebreaks) that differs from ours;
    exit 1 when one does."""
    from ..engine import compute
    from ..errors import InputError
    from ..imports.export_file import read_import
    from ..imports.published import differences
    from ..standings import rank
    imported = read_import(p, source_format)
    t, pub = imported.tournament, imported.published
    codes = [c.strip() for c in (choices.tiebreaks or "").split(",") if c.strip()]
    try:
        result = compute(t, ",".join(codes) or None, edition=choices.rules or None, kind="swiss")  # by the start date
    except InputError as exc:
        unfinished = getattr(imported, "unfinished", ())
        if not unfinished or "result is missing" not in exc.detail:
            raise
        more = f", and {len(unfinished) - 1} more such cell(s)" if len(unfinished) > 1 else ""
        raise InputError(f"{unfinished[0]}: a game without a result in a round before the last one (a postponed "
                         f"game?){more}; the "
                         "published values count it as not played yet, which no tie-break rule defines: check "
                         "the export once its result is in, or make the workbook (workbook --from) and enter "
                         "the result there", p.name) from None
    ranks = {r.player.no: r.rank for r in rank(result)}
    compared = list(result.codes) if codes else []
    found = differences(pub, [pl.no for pl in t.players], [pl.name for pl in t.players], result.points,
                        [list(v) if compared else [] for v in result.values], compared,
                        ranks if codes else None)
    head = (f"{imported.title or p.name}: {len(t.players)} players, {t.rounds} rounds, opponents named by "
            f"{imported.numbered_by}; rules {result.edition.name}")
    if not codes:
        head += "; give --tiebreaks (what TB1, TB2, ... are, e.g. BH/C1,BH,SB) to compare the tie-breaks and ranks"
    columns = list(pub.columns)
    pairs = list(zip(columns, compared))
    unread = [c for c in columns[len(compared):]] if codes else []  # published, not compared
    spare = compared[len(columns):]  # given, with no published column
    said = []
    if pairs:
        said.append("compared " + ", ".join(f"{col} with {code}" for col, code in pairs))
    if unread:
        said.append(f"not compared: {', '.join(unread)} (give a code for each in --tiebreaks)")
    if spare:
        said.append(f"no published column for {', '.join(spare)}")
    if fmt == "json":
        import json  # here, not at the top: the other commands start without it
        return Report(json.dumps({"players": len(t.players), "rounds": t.rounds, "numbered_by": imported.numbered_by,
                           "edition": result.edition.name, "tiebreaks": compared, "legend": list(pub.legend),
                           "notes": list(imported.notes),
                           "compared": [{"column": col, "code": code} for col, code in pairs],
                           "not_compared": unread, "no_column": spare,
                           "differences": [{"no": d.no, "name": d.name, "what": d.what, "published": d.published,
                                            "ours": d.ours} for d in found]},
                          ensure_ascii=False, indent=1) + "\n", 1 if found else 0)
    lines = [head] + [f"  legend: {ln}" for ln in pub.legend] + [f"note     {n}" for n in imported.notes]
    lines += [f"columns  {x}" for x in said]
    lines += [f"differs  No {d.no} {d.name}: {d.what}: published {d.published}, ours {d.ours}" for d in found]
    lines.append(f"{p.name}: {len(found)} difference(s) between the published values and ours"
                 + ("" if codes else " (points only)"))
    return Report("\n".join(lines) + "\n", 1 if found else 0)
