"""The team what-if answer (:mod:`xl_tiebreak.team_whatif`) as the command line shows it: text,
CSV, JSON, in the shapes of the individual one (:mod:`xl_tiebreak.whatif_report`) with matches
for boards and teams for players.

Text: who can still finish in each prize place and who is certain, the contending teams with their
places, then a table per match and result. CSV: that table long (one line per match, result and
team). JSON: everything, places as numbers (``places + 1``: below the prize places).
"""

from __future__ import annotations

from .formatting import format_value
from .team_whatif import TeamWhatIf
from .textutil import csv_text, table
from .whatif import Range, combinations_json
from .whatif_report import contender_row, outcome_rows, places_document, who

__all__ = ["render_team_whatif"]


def _head(w: TeamWhatIf) -> list[str]:
    """The lines above the tables: the round and settings, whether the answer is exact and why."""
    how = (f"Exact: {w.open_boards} open board(s), 3^{w.open_boards} = {w.combinations:,} combinations of results, "
           f"{w.ranked_by_tiebreaks:,} of them ranked by the tie-breaks, the others settled on {w.primary}"
           if w.exact else f"Not exact: {w.message}")
    lines = [f"What if: round {w.round} of {w.of}, {len(w.matches)} match(es) still to complete ({w.open_boards} "
             f"board(s)); prize places 1-{w.places}; primary score {w.primary}; rules {w.edition}; tie-breaks "
             f"{', '.join(w.codes) or 'none'}", how]
    if w.played:
        lines.append(f"Looking back: the event as it stood before round {w.round}'s results; (played) marks the "
                     "result each match had.")
    return lines


def _match_rows(w: TeamWhatIf) -> tuple[list[list[str]], int]:
    """The matches' table (Match, Home, Away, Result, Home's, Away's, Others; the match's cells on
    its first result only) and how many matches were left out as changing nothing."""
    groups = []
    for m in w.matches:
        outcomes = []
        for mo in (mo for mo in w.by_match if mo.match == m):
            res = m.results[mo.outcome]
            text = f"{res.text} ({format_value(res.home_mp, 0)}-{format_value(res.away_mp, 0)} MP)"
            outcomes.append((text + (" (played)" if w.played.get(m.number) == res.text else ""), mo.places))
        groups.append(([str(m.number), f"{m.home} {w.names[m.home]}", f"{m.away} {w.names[m.away]}"], m.home, m.away,
                       outcomes))
    return outcome_rows(w, groups)


def render_team_whatif(w: TeamWhatIf, fmt: str, source: str, pab: str) -> str:
    """The answer as a text table (``table``), CSV (``csv``, ``csv-eu``) or JSON; ``pab``: the team
    PAB's value used, in words (a line of the text)."""
    n = w.places
    if fmt == "json":
        import json
        return json.dumps(_document(w), ensure_ascii=False, indent=1) + "\n"
    headers = ["Match", "Home", "Away", "Result", "No", "Team", "Best", "Worst"] + (["Played"] if w.played else [])
    long_rows = [[str(mo.match.number), str(mo.match.home), str(mo.match.away), mo.match.results[mo.outcome].text,
                  str(no), w.names[no], str(r.best), str(r.worst)]
                 + ([w.played[mo.match.number]] if w.played else [])
                 for mo in w.by_match for no, r in mo.places.items()]
    if fmt.startswith("csv"):
        return csv_text(headers, long_rows, fmt)
    lines = [source] + _head(w) + ["", "Who can still finish where:"]
    lines += table(["Place", "Certain", "Can still finish there"],
                   [[str(k), who(w, w.certain(k)), who(w, w.can_finish(k), w.only_if_ties(k))]
                    for k in range(1, n + 1)])
    if not w.exact:
        lines.append(f"*: only level on {w.primary} with others there; whether it can is for the tie-breaks to say.")
    lines += ["", "Contenders (the teams that can still reach the prize places):"]
    lines += table(["No", "Team", w.primary, "Max", "On points", "If ties lost", "Places"],
                   [contender_row(w, no) for no in w.contenders], right={0, 2, 3})
    lines += [f"On points: its places with ties on {w.primary} going its way or against it; If ties lost: "
              "the best place some combination of results gives it even with every tie on "
              f"{w.primary} going against it (it needs those results: it is not a place it is sure of).",
              "Places: " + ("every place it reaches in some combination (ranked by the primary score and the "
                            "tie-breaks)." if w.exact else f"on {w.primary} alone (the tie-breaks are not applied).")]
    rows, quiet = _match_rows(w)
    lines += ["", "Each match's results: the places of its two teams, and of the other contenders whose places it "
              f"changes (team number: places); out: below place {n}"
              + ("" if w.exact else f"; on {w.primary} alone, ties going either way") + "."]
    lines += table(["Match", "Home", "Away", "Result", "Home's", "Away's", "Others"], rows, right={0})
    if quiet:
        lines.append(f"{quiet} other match(es): no result brings either team into places 1-{n} or changes "
                     "another contender's places.")
    lines += ["", pab] + [f"Note: {note}" for note in w.notes]
    return "\n".join(lines) + "\n"


def _document(w: TeamWhatIf) -> dict[str, object]:
    def rng(r: Range) -> dict[str, int]:
        return {"best": r.best, "worst": r.worst}
    return {
        "round": w.round, "of": w.of, "prize_places": w.places, "primary": w.primary, "edition": w.edition,
        "tiebreaks": list(w.codes), "exact": w.exact, "message": w.message, "open_boards": w.open_boards,
        "max_boards": w.max_boards, "combinations": combinations_json(w.combinations),
        "ranked_by_tiebreaks": w.ranked_by_tiebreaks,
        "below": w.places + 1,
        **places_document(w),
        "matches": [{"match": m.number, "home": m.home, "away": m.away,
                     "open_boards": [b for b, _, _ in m.open],
                     "results": {m.results[mo.outcome].text: {
                         "match_points": [float(m.results[mo.outcome].home_mp), float(m.results[mo.outcome].away_mp)],
                         "places": {str(no): rng(r) for no, r in mo.places.items()}}
                         for mo in w.by_match if mo.match == m},
                     **({"played": w.played[m.number]} if w.played else {})} for m in w.matches],
        "notes": list(w.notes),
        **({"looking_back": True} if w.played else {}),
    }
