"""``explain``: how one value is reached, step by step (:mod:`xl_tiebreak.explanation`). A team event
goes to :mod:`.team_explain`."""

from __future__ import annotations

from .common import (chosen_edition, chosen_live, chosen_settings, how_to_set, load_input, open_input,
                     team_event)


def run_explain(args) -> tuple[str, int]:
    """``explain``: the account of one value."""
    opened = open_input(args.input)
    event = team_event(args, opened)  # a team TRF or team workbook: the team command
    if event is not None:
        from .team_explain import team_explain
        return team_explain(args, event)
    from ..explanation import explain, render_text
    t, book = load_input(args.input, args, opened)
    tiebreaks, kind, options = chosen_settings(args, book)
    edition = chosen_edition(args, book)
    e = explain(t, args.player, args.tiebreak, edition, rounds=args.rounds, kind=kind, tiebreaks=tiebreaks,
                options=options, live=chosen_live(args, book), how=how_to_set(args.input))
    if args.format == "json":
        import json  # here, not at the top: the other commands start without it
        return json.dumps(e.as_dict(), ensure_ascii=False, indent=1) + "\n", 0
    return render_text(e), 0
