"""The team tie-break differential: our :func:`xl_tiebreak.team_engine.compute_team` against gacrux
(test-only), one gacrux run per event and edition with every code in one call.

``event_options(seed)`` draws the generator's options from the seed (TRF-26 and TRF-16, MP and
GP primary, 2/1/0 and 3/1/0, PABs, team byes, forfeited matches, board forfeits, out-of-order
line-ups, withdrawals). ``compare(seed, edition)`` returns the cells that differ and the count of
cells compared per code.

Compared as gacrux prints: AOB rounded half-up to 0.01 (0.001 from 9 rounds), SSSC to 0.01;
every other value exactly. TRF-16 files: gacrux values a PAB without a 320 record as a drawn match
(1 MP, every board won); the comparison passes that value to ``compute_team(pab=...)`` so that
like is compared with like (our default is a won match: the departure is asserted apart).
"""

from __future__ import annotations

import dataclasses
import random
import tempfile
from decimal import ROUND_HALF_UP, Decimal
from fractions import Fraction
from pathlib import Path
from typing import Any, Optional

from tests.oracle.team_generate import team_event
from tests.oracle.team_runner import run_team_gacrux
from xl_tiebreak.teams import PabValue
from xl_tiebreak.team_engine import compute_team
from xl_tiebreak.trf.teams import read_team_trf

#: every code of the core families, as both engines spell it
CODES = ["MPTS", "GPTS", "MPvGP",
         "BH:MP", "BH:GP", "BH:MP/C1", "BH:GP/C1", "BH:MP/C2", "BH:GP/C2", "BH:MP/M1", "BH:GP/M1", "BH:MP/P",
         "BH:GP/P", "BH", "BH/C1", "BH:MP/C9", "BH:GP/M2",
         "FB", "FB:MP", "FB:GP", "FB/C1", "FB/P", "FB:MP/M1", "AOB", "AOB:MP", "AOB:GP", "AOB/C1", "AOB:GP/P",
         "PS", "PS:MP", "PS:GP", "PS/C1", "PS/C2",
         "ESB", "ESB/C1", "ESB/C2", "ESB/P", "ESB:MP", "ESB:GP", "ESB:MM", "ESB:GG/C1", "EMGSB/M1",
         "EMMSB", "EMMSB/C1", "EMMSB/C2", "EMMSB/P", "EMGSB", "EMGSB/C1", "EMGSB/C2", "EMGSB/P",
         "EGMSB", "EGMSB/C1", "EGMSB/C2", "EGMSB/P", "EGGSB", "EGGSB/C1", "EGGSB/C2", "EGGSB/P",
         "SSSC", "SSSC/K3", "SSSC/P"]

TRF16_PAB_AS_GACRUX = PabValue(match_points=Fraction(1), game_points=None, source="option")


def event_options(seed: int) -> dict[str, Any]:
    rng = random.Random(seed)
    trf = rng.choice(["26", "16"])
    kw: dict[str, Any] = dict(trf=trf, primary=rng.choice(["MP", "GP"]), teams=rng.randint(5, 14),
                              boards=rng.randint(2, 6))
    # at least as many rounds as a match's secondary points need for a non-zero SSSC normaliser
    kw["rounds"] = rng.randint(max(3, (kw["boards"] + 1) // 2), min(9, kw["teams"] - 1))
    if trf == "26" and rng.random() < 0.4:
        kw["match_points"] = (3, 1, 0)
    kw["rates"] = dict(bye=rng.choice([0.03, 0.1]), forfeit_match=rng.choice([0.04, 0.12]),
                       board_forfeit=rng.choice([0.03, 0.1]), double_forfeit=rng.choice([0.01, 0.05]),
                       withdraw=rng.choice([0.08, 0.3]), out_of_order=rng.choice([0.05, 0.2]))
    return kw


def fore_pattern(seed: int) -> list[int]:
    """Teams of the generated event with a round that Art. 16.3 counts as drawn under BH but at face
    value under FB (a requested bye or absence followed only by VURs up to a paired final round):
    the case where gacrux's FB on game points departs from the text (tests/oracle/README.md)."""
    from xl_tiebreak.team_engine import team_context
    kw = event_options(seed)
    ev = read_team_trf(team_event(seed, **kw).text, f"seed {seed}")
    if kw["trf"] == "16":
        ev = dataclasses.replace(ev, primary=kw["primary"])
    ctx = team_context(ev, "fide2026", pab=TRF16_PAB_AS_GACRUX if kw["trf"] == "16" else None)
    fore = ctx.fore()
    return [t for t in ctx.teams if ctx.drawn_rounds(t) != fore.drawn_rounds(t)]


def _printed(x: Fraction, norm: str) -> Fraction:
    d = (Decimal(x.numerator) / Decimal(x.denominator)).quantize(Decimal(norm), rounding=ROUND_HALF_UP)
    return Fraction(d)


def compare(seed: int, edition: str, codes: Optional[list[str]] = None, workdir: Optional[Path] = None,
            rounds: Optional[int] = None) -> tuple[list[tuple[int, str, Optional[Fraction], Optional[Fraction], str]], dict[str, int]]:
    """(differing cells as (team, code, ours as printed, gacrux's, gacrux's text), cells compared
    per code) for one generated event under one edition ("2024"/"2026"), after ``rounds`` rounds
    (default all)."""
    codes = codes or CODES
    kw = event_options(seed)
    gen = team_event(seed, **kw)
    ev = read_team_trf(gen.text, f"seed {seed}")
    pab = None
    if kw["trf"] == "16":
        pab = TRF16_PAB_AS_GACRUX
        ev = dataclasses.replace(ev, primary=kw["primary"])  # TRF-16 cannot state it
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        path = Path(tmp) / f"team-{seed}.trf"
        path.write_text(gen.text, encoding="utf-8")
        oracle = run_team_gacrux(path, codes, edition=edition,
                                 primary=kw["primary"] if kw["trf"] == "16" else None, rounds=rounds)
    ours = compute_team(ev, codes, edition="fide" + edition, pab=pab, rounds=rounds)
    aob_norm = "0.01" if ours.rounds < 9 else "0.001"
    bad = []
    counts = {c: 0 for c in codes}
    for row in ours.rows:
        for code, v in zip(codes, row.values):
            mine = v
            if v is not None and code.startswith("AOB"):
                mine = _printed(v, aob_norm)
            elif v is not None and code.startswith("SSSC"):
                mine = _printed(v, "0.01")
            got = oracle.values[row.no][code]
            counts[code] += 1
            if mine != got:
                bad.append((row.no, code, mine, got, oracle.raw[row.no][code]))
    return bad, counts


def compare_ranks(seed: int, edition: str, codes: list[str], workdir: Optional[Path] = None,
                  ) -> tuple[dict[int, int], dict[int, int]]:
    """(our ranks, gacrux's ranks) of one generated event for the tie-break list ``codes``. gacrux
    ranks by the primary score, then the codes of its ``-t`` list in their order (the runner's MPTS
    and GPTS included, wherever it puts them); so do we here."""
    kw = event_options(seed)
    gen = team_event(seed, **kw)
    ev = read_team_trf(gen.text, f"seed {seed}")
    pab = TRF16_PAB_AS_GACRUX if kw["trf"] == "16" else None
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        path = Path(tmp) / f"team-{seed}.trf"
        path.write_text(gen.text, encoding="utf-8")
        oracle = run_team_gacrux(path, codes, edition=edition,
                                 primary=kw["primary"] if kw["trf"] == "16" else None)
    # gacrux ranks in the order of its -t list (the runner adds MPTS and GPTS, and moves FB codes
    # last): rank ours in that same order
    listed = oracle.command[oracle.command.index("-t") + 2:oracle.command.index("-d")]
    order = [c.rsplit("/", 1)[0] for c in listed]  # each ends with the runner's /V1 or /V2
    ours = compute_team(ev, order, edition="fide" + edition, pab=pab, primary=kw["primary"])
    return {r.no: r.rank for r in ours.rows}, oracle.rank
