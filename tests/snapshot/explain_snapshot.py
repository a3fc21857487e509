"""Golden texts of what a user sees: every code's values on seven events, the explanations of
four of them, and the descriptor errors, so that a change shows up as changed words in a diff.

``python tests/snapshot/explain_snapshot.py --write`` rewrites the texts in ``tests/snapshot/``
(only for a change meant to be seen; say so in the commit). ``tests/test_explain_snapshot.py``
compares them with the code as it is.

- ``values.txt``: for each event, edition and option set, one line per code: the code, then its
  value for every player in start order (``-`` where there is none), or the error it raises.
- ``explain-EVENT.txt``: the explanations (as ``render_text`` prints them) of the first and last player for
  every code under FIDE 2026 with the default options; under the other editions and options only
  those whose text differs from that one in more than the edition's name. The demo's file also holds the JSON form
  (under FIDE 2026 with the default options).
- ``descriptor-errors.txt``: what each bad descriptor says.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Iterator

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from oracle.generate import random_event  # noqa: E402

from xl_tiebreak import (Options, TiebreakError, Tournament, compute, demo_tournament,  # noqa: E402
                         explain, parse_descriptor, parse_trf, render_text)
from xl_tiebreak.formatting import decimals_for, format_value  # noqa: E402

CODES = ["BH", "BH/C1", "BH/C2", "BH/M1", "BH/P", "BH/C1/P", "FB", "FB/C1", "AOB", "AOB/C1", "AOB/F", "AOB/P",
         "SB", "SB/C1", "SB/M1", "SB/P", "WIN", "WON", "BPG", "BWG", "REP", "STD", "PS", "PS/C1", "TPN", "TPN/R",
         "KS", "KS/L-2", "KS/L40", "ARO", "ARO/C1", "ARO/M1", "ARO/U1400", "TPR", "PTP", "APRO", "APPO", "RTNG",
         "RTNG/R", "MEDIAN", "MEDIAN/M1", "MODMED", "SOLKOFF", "CUM", "OPPCUM", "KASHDAN", "MOSTWINS",
         "MOSTWINS/O", "SSFBH", "KENTLER", "DE", "DE/P"]
#: the list DE and KENTLER are placed in (their tied group follows the earlier columns)
LIST = "BH/C1,DE,KENTLER"

OPTION_SETS = {
    "default": Options(),
    "variants": Options(unrated_rating=1400, svon_cut_unplayed_first=True, sb_vur_pick="score",
                        rr_forfeits="reference", short_games_played=False, cap_rounds="scheduled",
                        aob_decimals=None, aro_cut_unplayed="count", svon_sb_unplayed="draw"),
}
#: (edition, option set) pairs; FIDE 2024 only with the default options
SETTINGS = [("fide2026", "default"), ("fide2026", "variants"), ("fide2024", "default"),
            ("fide2012", "default"), ("fide2012", "variants")]

#: the events whose explanations are kept: the demo, a Swiss event with byes, forfeits and
#: unrated players, a rated Swiss event and a round robin with forfeits
EXPLAINED = ["demo", "swiss-1", "swiss-rated", "rr-4"]

BAD_DESCRIPTORS = ["", "XX", "BH/Q", "BH/C1/C2", "WIN/C1", "BH/C100", "KS/L2000", "MEDIAN/M0", "BH/C1/M1",
                   "SB/F", "TPN/P", "ARO/R", "BH/U1400", "MOSTWINS/P", "bh/c1/p", "ge", "ps/c2"]


def events() -> Iterator[tuple[str, Tournament]]:
    """The demo, random Swiss events with byes, forfeits and unrated players, random round robins."""
    yield "demo", demo_tournament()
    for seed in (1, 2, 3):
        yield f"swiss-{seed}", parse_trf(random_event(seed, players=14 + seed, unrated_share=0.1,
                                                      rates={"forfeit": 0.06, "hpb": 0.05, "zpb": 0.03,
                                                             "withdraw": 0.03, "short": 0.03}))
    yield "swiss-rated", parse_trf(random_event(7, players=16, rounds=7, rates={"forfeit": 0.05}))
    for seed in (4, 5):
        yield f"rr-{seed}", parse_trf(random_event(seed, kind="round-robin", players=7 + seed % 2,
                                                   rates={"forfeit": 0.08}))


def listed(code: str) -> str:
    """The tie-break list a code is computed in."""
    return f"{LIST},{code}" if code not in LIST.split(",") else LIST


def values_line(t: Tournament, edition: str, opts: Options, code: str) -> str:
    """``CODE  v1 v2 ...`` in start order, or ``CODE  error: ...``."""
    try:
        res = compute(t, listed(code), edition=edition, options=opts)
    except TiebreakError as exc:
        return f"{code:<11}error: {exc}"
    dec = decimals_for(parse_descriptor(code))
    return f"{code:<11}" + " ".join(format_value(res.value(p.no, code), dec) or "-" for p in t.players)


def explained_players(t: Tournament) -> list[int]:
    """The first and the last player in start order."""
    nos = [p.no for p in t.players]
    return sorted({nos[0], nos[-1]})


def explanation(t: Tournament, no: int, edition: str, opts: Options, code: str) -> tuple[str, str]:
    """The explanation as ``render_text`` prints it and its JSON form (empty on an error)."""
    try:
        e = explain(t, no, code, edition, options=opts, tiebreaks=listed(code))
    except TiebreakError as exc:
        return f"error: {exc}", ""
    return render_text(e).rstrip("\n"), json.dumps(e.as_dict(), sort_keys=True, ensure_ascii=False)


def values_text(all_events: list[tuple[str, Tournament]]) -> str:
    out = []
    for name, t in all_events:
        for edition, oname in SETTINGS:
            out.append(f"== {name} | {edition} | {oname}")
            out.extend(values_line(t, edition, OPTION_SETS[oname], code) for code in CODES)
            out.append("")
    return "\n".join(out)


def explain_text(name: str, t: Tournament) -> str:
    out = []
    first = {}
    for edition, oname in SETTINGS:
        for code in CODES:
            for no in explained_players(t):
                text, as_json = explanation(t, no, edition, OPTION_SETS[oname], code)
                key, same = (code, no), _without_edition(text, edition)
                if key in first and first[key] == same:
                    continue
                first.setdefault(key, same)
                out.append(f"== {edition} | {oname} | {code} | player {no}")
                out.append(text)
                if name == "demo" and (edition, oname) == SETTINGS[0] and as_json:
                    out.append(as_json)
                out.append("")
    return "\n".join(out)


def _without_edition(text: str, edition: str) -> str:
    """The text as it would read under any edition (its heading names it)."""
    return text.replace(f"), {edition}, after", "), *, after")


def descriptor_errors() -> str:
    out = []
    for text in BAD_DESCRIPTORS:
        try:
            tb = parse_descriptor(text)
            out.append(f"{text!r}: ok {tb.code} | {tb.legend()}")
        except TiebreakError as exc:
            out.append(f"{text!r}: {exc}")
    return "\n".join(out) + "\n"


def texts() -> dict[str, str]:
    """Every golden text by file name, as the code makes it now."""
    all_events = list(events())
    got = {"descriptor-errors.txt": descriptor_errors(), "values.txt": values_text(all_events)}
    for name, t in all_events:
        if name in EXPLAINED:
            got[f"explain-{name}.txt"] = explain_text(name, t)
    return got


def text_of(file_name: str) -> str:
    """One golden text as the code makes it now."""
    if file_name == "descriptor-errors.txt":
        return descriptor_errors()
    if file_name == "values.txt":
        return values_text(list(events()))
    name = file_name.removeprefix("explain-").removesuffix(".txt")
    return explain_text(name, dict(events())[name])


FILES = ["descriptor-errors.txt", "values.txt"] + [f"explain-{name}.txt" for name in EXPLAINED]


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        for file_name, text in texts().items():
            (HERE / file_name).write_text(text, encoding="utf-8")
            print(f"wrote {HERE / file_name} ({len(text)} characters)")
    else:
        print(__doc__)
