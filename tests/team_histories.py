"""Team event histories paired by FIDE's reference (gacrux's ``fideteam`` methods), for the team
pairing tests.

gacrux's own generator (``python -m gacrux.tournamentgenerator``) has no team method (its
``fideteam`` entry is commented out in 1.11.65: "410 Method 'fideteam' not implemented"), so a
history is made here round by round: the file so far (rounds 1..r-1, and team byes typed in advance
for round r as records 240) is paired by ``python -m gacrux.pairingchecker -i FILE -p -m METHOD``,
the reference's pairing is written as round r with random board results (now and then a forfeited
match, record 330), and so on. Each round's reference pairing is kept in the file as a comment line
``### ref R: W-B W-B ... PAB T`` (team numbers; W the team whose board-1 player has White), so a
committed file carries its oracle. Seeded: the same arguments give the same file.
"""

from __future__ import annotations

import json
import random
import subprocess
import sys
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Callable, Optional

#: the record 192 code and the reference's method for each (colour model, primary score)
CODES = {("A", "MP"): ("FIDE_TEAM_TYPEA_MP_GP", "fideteam"),
         ("B", "MP"): ("FIDE_TEAM_TYPEB_MP_GP", "fideteam-typeb"),
         ("A", "GP"): ("FIDE_TEAM_TYPEA_GP_MP", "fideteam-gp-mp"),
         ("B", "GP"): ("FIDE_TEAM_TYPEB_GP_MP", "fideteam-typeb-gp-mp"),
         ("none", "MP"): ("FIDE_TEAM_MP_GP", "fideteam-nocolor")}


@dataclass
class _History:
    teams: int
    boards: int
    rounds: int
    model: str
    primary: str
    pab_value: tuple[str, str]
    cells: dict[int, list[str]] = field(default_factory=dict)    # player -> round cells
    points: dict[int, Fraction] = field(default_factory=dict)
    byes: list[tuple[str, int, int]] = field(default_factory=list)       # (type, round, team)
    forfeits: list[tuple[str, int, int, int]] = field(default_factory=list)  # (+-, round, white, black)
    pabs: dict[int, int] = field(default_factory=dict)                     # round -> team
    refs: list[str] = field(default_factory=list)

    def player(self, team: int, board: int) -> int:
        return (team - 1) * self.boards + board

    def text(self) -> str:
        code = CODES[(self.model, self.primary)][0]
        pattern = ("WB" * self.boards)[:self.boards]
        lines = ["012 Generated team event", f"142 {self.rounds}", "152 W", f"192 {code}", f"352 {pattern}",
                 "362 TW 2.0   TD 1.0   TL 0.0"]
        lines += self.refs
        for t in range(1, self.teams + 1):
            players = "".join(f"{self.player(t, b):4d} " for b in range(1, self.boards + 1))
            lines.append(f"310 {t:3d} {'Team ' + str(t):<32} {'T' + str(t):<5} {2400 - 10 * t:6d} {'':6} {'':6} "
                         f"{'':3}  {players}".rstrip())
        for kind, r, t in self.byes:
            lines.append(f"240 {kind} {r:3d} {t:4d}")
        if self.pabs:
            last = max(self.pabs)
            lines.append(f"320 {self.pab_value[0]:>4} {self.pab_value[1]:>4} "
                         + " ".join(f"{self.pabs.get(r, 0):03d}" for r in range(1, last + 1)))
        for res, r, w, b in self.forfeits:
            lines.append(f"330 {res} {r:3d} {w:3d} {b:3d}")
        for no in sorted(self.cells):
            pts = float(self.points[no])
            line = f"001 {no:>4} m    {'Player ' + str(no):<33} {2400 - no:>4} NOR {1000 + no:>11} {'':<10} {pts:4.1f} {no:>4}"
            lines.append(line.ljust(89) + "".join("  " + c for c in self.cells[no]))
        return "\n".join(lines) + "\n"


def _reference(path: Path, method: str) -> Optional[list[tuple[int, int]]]:
    r = subprocess.run([sys.executable, "-m", "gacrux.pairingchecker", "-i", str(path), "-p", "-m", method],
                       capture_output=True, text=True, timeout=600)
    try:
        got = json.loads(r.stdout)
    except ValueError:
        return None
    if got.get("status", {}).get("code", 0) != 0:
        return None
    return [(w, b) for w, b in got["pairingResult"]["pairs"]]


def generate(path: Path, seed: int, teams: int, boards: int, rounds: int, model: str = "A",
             primary: str = "MP", bye_rate: float = 0.04, forfeit_rate: float = 0.04,
             pairer: Optional[Callable[[Path, int], Optional[list[tuple[int, int]]]]] = None) -> Optional[Path]:
    """A history of ``teams`` teams of ``boards`` boards over ``rounds`` rounds, every round paired by
    the reference (or by ``pairer(file so far, round)``: (white, black) pairs, ``(t, 0)`` the PAB),
    written to ``path``; None when no pairing is found for a round."""
    rnd = random.Random(seed)
    pab_value = ("1.0", f"{boards / 2:.1f}") if rnd.random() < 0.7 else ("2.0", f"{boards:.1f}")
    h = _History(teams, boards, rounds, model, primary, pab_value)
    for t in range(1, teams + 1):
        for b in range(1, boards + 1):
            h.cells[h.player(t, b)] = []
            h.points[h.player(t, b)] = Fraction(0)
    method = CODES[(model, primary)][1]
    white_board = [("WB" * boards)[i] == "W" for i in range(boards)]
    for r in range(1, rounds + 1):
        out = {t for t in range(1, teams + 1) if r > 1 and rnd.random() < bye_rate}
        for t in sorted(out):
            h.byes.append((rnd.choice("ZH"), r, t))
        path.write_text(h.text(), encoding="latin-1")
        pairs = _reference(path, method) if pairer is None else pairer(path, r)
        if pairs is None:
            return None
        ref = []
        for w, b in pairs:
            if b == 0:
                h.pabs[r] = w
                ref.append(f"PAB {w}")
            else:
                ref.append(f"{w}-{b}")
        h.refs.append(f"### ref {r}: " + " ".join(ref))
        paired = {t for w, b in pairs if b for t in (w, b)}
        for t in range(1, teams + 1):
            if t not in paired:
                for bd in range(1, boards + 1):
                    h.cells[h.player(t, bd)].append("0000 - -")
        for w, b in pairs:
            if b == 0:
                continue
            if rnd.random() < forfeit_rate:
                res = rnd.choice(["+-", "-+"])
                h.forfeits.append((res, r, w, b))
                for team, mark in ((w, res[0]), (b, res[1])):
                    for bd in range(1, boards + 1):
                        p = h.player(team, bd)
                        h.cells[p].append(f"0000 - {mark}")
                        h.points[p] += 1 if mark == "+" else 0
                continue
            for bd in range(1, boards + 1):
                pw, pb = h.player(w, bd), h.player(b, bd)
                x = rnd.random()
                res = "1" if x < 0.4 else "=" if x < 0.7 else "0"
                back = {"1": "0", "0": "1", "=": "="}[res]
                cw, cb = ("w", "b") if white_board[bd - 1] else ("b", "w")
                h.cells[pw].append(f"{pb:4d} {cw} {res}")
                h.cells[pb].append(f"{pw:4d} {cb} {back}")
                h.points[pw] += {"1": 1, "=": Fraction(1, 2), "0": 0}[res]
                h.points[pb] += {"1": 1, "=": Fraction(1, 2), "0": 0}[back]
    path.write_text(h.text(), encoding="latin-1")
    return path


def references(path: Path) -> dict[int, tuple[set[tuple[int, int]], list[int]]]:
    """The reference's pairing of each round kept in a generated file: round -> (pairs, PAB)."""
    out = {}
    for line in path.read_text(encoding="latin-1").splitlines():
        if line.startswith("### ref "):
            head, _, body = line[8:].partition(":")
            words = body.split()
            pairs = {(int(a), int(b)) for a, _, b in (w.partition("-") for w in words if "-" in w)}
            pab = [int(words[i + 1]) for i, w in enumerate(words) if w == "PAB"]
            out[int(head)] = (pairs, pab)
    return out


def plan(count: int = 240) -> list[tuple[int, dict[str, object]]]:
    """The histories of the team sweep: (seed, shape) for ``count`` seeds; 4-20 teams of 2-4 boards,
    4-9 rounds; Type A with MP primary the most, then Type B, Type A with GP primary, no preferences."""
    out: list[tuple[int, dict[str, object]]] = []
    for seed in range(count):
        rnd = random.Random(10_000 + seed)
        teams = rnd.randint(4, 20)
        rounds = min(rnd.randint(4, 9), teams - 1 if teams % 2 == 0 else teams)
        model, primary = [("A", "MP"), ("A", "MP"), ("B", "MP"), ("B", "MP"), ("A", "GP"), ("none", "MP"),
                          ("B", "GP")][seed % 7]
        out.append((seed, {"teams": teams, "boards": rnd.choice([2, 4]), "rounds": rounds, "model": model,
                           "primary": primary}))
    return out
