"""``export-trf`` on a team TRF (:mod:`.team`): the team event written again as TRF-26."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Optional

from .choices import EventChoices
from .team import load_team_event, pab_text, team_result


def export_team_trf(source: str, output: str, choices: EventChoices, *, output_encoding: Optional[str] = None,
                    force: bool = False) -> Optional[str]:
    """``export-trf TEAM.trf -o OUT.trf``: the team event written again as TRF-26
    (:func:`~xl_tiebreak.trf.team_writer.write_team_trf`): the team records, the games' MP and GP,
    the ranks of the team standings (``--tiebreaks``, else the file's 202, else the Olympiad order;
    ``--rules``), the PAB value used stated in 320; in ``--encoding``, else in the encoding the file was
    read in (``choices.encoding``, else the one detected; UTF-8 with a note where a character has no
    place there). Returns the lines to print; ``None`` when the input is not a team TRF (a team
    workbook is written by :func:`xl_tiebreak.excel.workbook.commands.export_trf`, every match typed included)."""
    if Path(source).suffix.lower() in (".xlsx", ".xlsm"):
        return None
    got = load_team_event(source, choices)
    if got is None:
        return None
    event, choices = got
    from ..excel.xlsx.safe_write import atomic_write
    from ..trf.encoding import encode_trf
    from ..trf.reader import trf_encoding
    from ..trf.team_writer import write_team_trf
    result = team_result(source, choices, event)
    notes: list[str] = []
    text = write_team_trf(event, result, notes)
    encoded = encode_trf(text, output_encoding, source=choices.encoding or trf_encoding(Path(source)))
    out = atomic_write(Path(output), encoded.data, overwrite=force)
    if encoded.note:
        print(f"xl-tiebreak: note: {out}: {encoded.note}", file=sys.stderr)
    players = sum(len(t.roster) for t in event.teams)
    return (f"wrote {out}: {len(event.teams)} teams, {players} players, {event.rounds} rounds; ranks (310) of the "
            f"standings after round {result.rounds} by {', '.join(result.codes) or 'the primary score'} "
            f"({result.edition.name})\n{pab_text(event, result.pab)}\n" + "".join(f"note: {n}\n" for n in notes))
