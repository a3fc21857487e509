"""``export-trf`` on a team TRF (:mod:`.team`): the team event written again as TRF-26."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Optional

from .team import load_team_event, pab_text, team_result


def export_team_trf(args: argparse.Namespace) -> Optional[tuple[str, int]]:
    """``export-trf TEAM.trf -o OUT.trf``: the team event written again as TRF-26
    (:func:`~xl_tiebreak.trf.team_writer.write_team_trf`): the team records, the games' MP and GP,
    the ranks of the team standings (``--tiebreaks``, else the file's 202, else the Olympiad order;
    ``--rules``), the PAB value used stated in 320; in ``--encoding``, else in the encoding the file was
    read in (``--input-encoding``, else the one detected; UTF-8 with a note where a character has no
    place there). ``None`` when the input is not a team TRF (a team
    workbook is written by :func:`xl_tiebreak.excel.workbook.commands.export_trf`, every match typed included)."""
    if Path(args.input).suffix.lower() in (".xlsx", ".xlsm"):
        return None
    event = load_team_event(args)
    if event is None:
        return None
    from ..excel.xlsx.safe_write import atomic_write
    from ..trf.encoding import encode_trf
    from ..trf.reader import trf_encoding
    from ..trf.team_writer import write_team_trf
    result = team_result(args, event)
    notes: list[str] = []
    text = write_team_trf(event, result, notes)
    encoded = encode_trf(text, args.output_encoding, source=args.encoding or trf_encoding(Path(args.input)))
    out = atomic_write(Path(args.output), encoded.data, overwrite=args.force)
    if encoded.note:
        print(f"xl-tiebreak: note: {out}: {encoded.note}", file=sys.stderr)
    players = sum(len(t.roster) for t in event.teams)
    return (f"wrote {out}: {len(event.teams)} teams, {players} players, {event.rounds} rounds; ranks (310) of the "
            f"standings after round {result.rounds} by {', '.join(result.codes) or 'the primary score'} "
            f"({result.edition.name})\n{pab_text(event, result.pab)}\n" + "".join(f"note: {n}\n" for n in notes)), 0
