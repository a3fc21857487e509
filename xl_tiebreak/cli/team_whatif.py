"""``whatif`` on a team event (:mod:`.team`): which teams can still finish in the prize places
before a round's results (:mod:`xl_tiebreak.team_whatif`), each match's results and what they do;
``--before R`` looks back. A team workbook's round in progress is not read as pairings yet (its
reader keeps the round out of the event), so on a team workbook only ``--before`` looks (back) at
a round."""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import TYPE_CHECKING, Optional

from ..errors import InputError
from .choices import EventChoices
from .team import pab_text, team_choices

if TYPE_CHECKING:
    from ..teams import TeamEvent


def team_whatif(source: str, event: "TeamEvent", choices: EventChoices, *, rnd: Optional[int] = None,
                before: Optional[int] = None, places: Optional[int] = None, max_boards: Optional[int] = None,
                fmt: str = "table") -> str:
    """Who can still finish where (``places``: default 3, or every team when there are fewer), over
    the remaining matches of round ``rnd`` (default the round in progress; ``before``: as it stood
    before round ``before``'s results; the caller has checked that ``rnd`` agrees with it), as
    ``fmt``."""
    from ..team_whatif import pending_matches, played_results, team_before_results, team_what_if
    from ..team_whatif_report import render_team_whatif
    from ..whatif import DEFAULT_MAX_BOARDS
    played = event
    if before is not None:
        event = team_before_results(event, before)
    elif Path(source).suffix.lower() in (".xlsx", ".xlsm"):
        raise InputError("whatif does not read a team workbook's round in progress as pairings yet: on a team "
                         "workbook, --before R looks back at a round; for the round in progress, give a team TRF with "
                         "the round paired and its results blank", Path(source).name)
    codes = choices.tiebreaks or (",".join(event.tournament.tiebreaks) if event.tournament.tiebreaks else None)
    keywords = team_choices(source, choices)
    got = team_what_if(event, codes, rnd=rnd, places=min(3, len(event.teams)) if places is None else places,
                       edition=choices.rules or None,
                       max_boards=DEFAULT_MAX_BOARDS if max_boards is None else max_boards,
                       ede_knockout=keywords["ede_knockout"], ede_subset=keywords["ede_subset"])
    if played is not event:
        got = dataclasses.replace(got, played=played_results(played, got.round, pending_matches(event, got.round)[1]))
    if fmt.startswith("csv"):
        import sys
        print(f"xl-tiebreak: note: {pab_text(event, event.pab)}", file=sys.stderr)
    return render_team_whatif(got, fmt, event.name or source, pab_text(event, event.pab))
