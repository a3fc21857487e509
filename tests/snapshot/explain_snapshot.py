"""A fingerprint of every value, every explanation and every descriptor error, made before the
one-place-per-rule redesign (issue 12), so the redesign can show that nothing a user sees changed.

``python tests/snapshot/explain_snapshot.py --write`` records the fingerprints into
``tests/snapshot/explain_snapshot.json``; ``--show KEY`` prints what a key covers (the values
and the explanations' text), to diff against an older checkout when a fingerprint differs.
The test ``tests/test_explain_snapshot.py`` compares the fingerprints of the code as it is.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Iterator

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from oracle.generate import random_event  # noqa: E402

from xl_tiebreak import compute, demo_tournament, parse_trf  # noqa: E402
from xl_tiebreak.descriptor import parse_descriptor  # noqa: E402
from xl_tiebreak.errors import TiebreakError  # noqa: E402
from xl_tiebreak.explanation import explain, render_text  # noqa: E402
from xl_tiebreak.formatting import decimals_for, format_value  # noqa: E402
from xl_tiebreak.options import Options  # noqa: E402

SNAPSHOT = HERE / "explain_snapshot.json"

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

BAD_DESCRIPTORS = ["", "XX", "BH/Q", "BH/C1/C2", "WIN/C1", "BH/C100", "KS/L2000", "MEDIAN/M0", "BH/C1/M1",
                   "SB/F", "TPN/P", "ARO/R", "BH/U1400", "MOSTWINS/P", "bh/c1/p", "ge", "ps/c2"]


def events() -> Iterator[tuple[str, object]]:
    """The events fingerprinted: the demo, random Swiss events with byes, forfeits and unrated
    players, random round robins, and two real files when ../shared is beside the project."""
    yield "demo", demo_tournament()
    for seed in (1, 2, 3):
        yield f"swiss-{seed}", parse_trf(random_event(seed, players=14 + seed, unrated_share=0.1,
                                                      rates={"forfeit": 0.06, "hpb": 0.05, "zpb": 0.03, "withdraw": 0.03, "short": 0.03}))
    yield "swiss-rated", parse_trf(random_event(7, players=16, rounds=7, rates={"forfeit": 0.05}))
    for seed in (4, 5):
        yield f"rr-{seed}", parse_trf(random_event(seed, kind="round-robin", players=7 + seed % 2,
                                                   rates={"forfeit": 0.08}))
    real = HERE.parents[1].parent / "shared" / "data" / "real"
    for name in ("bre-jeunes-2024-u08.trf", "karl-mala-2005.trf"):
        if (real / name).is_file():
            yield f"real-{name}", parse_trf((real / name).read_text(encoding="utf-8", errors="replace"))


def cases() -> Iterator[tuple[str, object, str, Options, str]]:
    """(key, event, edition, options, code) of every fingerprint."""
    for name, t in events():
        for edition in ("fide2026", "fide2024", "fide2012"):
            for oname, opts in OPTION_SETS.items():
                if oname != "default" and edition == "fide2024":
                    continue
                for code in CODES:
                    yield f"{name}|{edition}|{oname}|{code}", t, edition, opts, code


def players_of(t) -> list[int]:
    nos = [p.no for p in t.players]
    return nos if len(nos) <= 6 else nos[:3] + nos[-3:]


def account(t, edition: str, opts: Options, code: str) -> str:
    """The values of ``code`` for every player and the explanations of some, as one text."""
    listed = f"{LIST},{code}" if code not in LIST.split(",") else LIST
    out = []
    try:
        res = compute(t, listed, edition=edition, options=opts)
    except TiebreakError as exc:
        return f"error: {exc}"
    tb = parse_descriptor(code)
    dec = decimals_for(tb)
    out.append(" ".join(format_value(res.value(p.no, code), dec) or "-" for p in t.players))
    for no in players_of(t):
        try:
            e = explain(t, no, code, edition, options=opts, tiebreaks=listed)
        except TiebreakError as exc:
            out.append(f"error: {exc}")
            continue
        out.append(render_text(e))
        out.append(json.dumps(e.as_dict(), sort_keys=True, ensure_ascii=False))
    return "\n".join(out)


def descriptor_errors() -> str:
    out = []
    for text in BAD_DESCRIPTORS:
        try:
            out.append(f"{text!r}: ok {parse_descriptor(text).code} | {parse_descriptor(text).describe}")
        except TiebreakError as exc:
            out.append(f"{text!r}: {exc}")
    return "\n".join(out)


def fingerprints() -> dict[str, str]:
    got = {"descriptor-errors": _hash(descriptor_errors())}
    for key, t, edition, opts, code in cases():
        got[key] = _hash(account(t, edition, opts, code))
    return got


def _hash(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:16]


def show(key: str) -> str:
    if key == "descriptor-errors":
        return descriptor_errors()
    for k, t, edition, opts, code in cases():
        if k == key:
            return account(t, edition, opts, code)
    raise KeyError(key)


if __name__ == "__main__":
    if sys.argv[1:2] == ["--write"]:
        SNAPSHOT.write_text(json.dumps(fingerprints(), indent=0, sort_keys=True) + "\n")
        print(f"wrote {SNAPSHOT}")
    elif sys.argv[1:2] == ["--show"]:
        print(show(sys.argv[2]))
    else:
        print(__doc__)
