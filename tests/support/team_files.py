"""A small team event written by hand as a TRF-26 file, for the team CLI tests.

Four teams of two boards (352 ``WB``: the first-named team has white on board 1), two rounds,
match points 2/1/0 (362), MP primary (192). Team 1 has a reserve, player 9, who never plays.

    round 1: team 1 - team 2   player 1 - 3  1-0,  player 2 - 4  ½-½   team 1 1.5 GP 2 MP, team 2 0.5 GP 0 MP
             team 3 - team 4   player 5 - 7  0-1,  player 6 - 8  1-0   1 GP each, 1 MP each
    round 2: team 1 - team 3   player 1 - 5  ½-½,  player 2 - 6  ½-½   1 GP each, 1 MP each
             team 2 - team 4   player 3 - 7  1-0,  player 4 - 8  1-0   team 2 2 GP 2 MP, team 4 0 GP 0 MP

    totals:  team 1 3 MP 2.5 GP;  team 2 2 MP 2.5 GP;  team 3 2 MP 2 GP;  team 4 1 MP 1 GP

Line numbers: 1-6 the header (012 042 142 192 352 362), 7-15 the players 1-9, 16-19 the 310 records
of teams 1-4, then whatever a test appends (``extra``).
"""

from __future__ import annotations

from conftest import trf_line

NAMES = {1: "Aurochs", 2: "Badgers", 3: "Caracals", 4: "Dingoes"}
ROSTERS = {1: [1, 2, 9], 2: [3, 4], 3: [5, 6], 4: [7, 8]}
TOTALS = {1: ("3.0", "2.5"), 2: ("2.0", "2.5"), 3: ("2.0", "2.0"), 4: ("1.0", "1.0")}
ROUNDS = {  # player: [(opponent, colour, result) per round]
    1: [(3, "w", "1"), (5, "w", "=")], 2: [(4, "b", "="), (6, "b", "=")],
    3: [(1, "b", "0"), (7, "w", "1")], 4: [(2, "w", "="), (8, "b", "1")],
    5: [(7, "w", "0"), (1, "b", "=")], 6: [(8, "b", "1"), (2, "w", "=")],
    7: [(5, "b", "1"), (3, "b", "0")], 8: [(6, "w", "0"), (4, "w", "0")],
    9: [("0000", "-", "-"), ("0000", "-", "-")],
}
POINTS = {1: "1.5", 2: "1.0", 3: "1.0", 4: "1.5", 5: "0.5", 6: "1.5", 7: "1.0", 8: "0.0", 9: "0.0"}
HEADER = ["012 Four teams", "042 2026/03/07", "142 2", "192 FIDE_TEAM_TYPEA_MP_GP", "352 WB",
          "362 TW 2.0   TD 1.0   TL 0.0"]
FIRST_PLAYER_LINE = len(HEADER) + 1
FIRST_TEAM_LINE = FIRST_PLAYER_LINE + len(ROUNDS)


def team_line(no: int, name: str, players: list[int], mp: str = "", gp: str = "", rank: str = "") -> str:
    """A 310 record: number 5-7, name 9-40, MP 55-60, GP 62-67, rank 69-71, players from 74 every 5."""
    return (f"310 {no:3d} {name:<32} {'':5} {'':6} {mp:>6} {gp:>6} {rank:>3}  "
            + " ".join(f"{p:4d}" for p in players))


def four_teams(*, rounds: dict[int, list[tuple]] | None = None, rosters: dict[int, list[int]] | None = None,
               totals: dict[int, tuple[str, str]] | None = None, header: list[str] | None = None,
               extra: list[str] = (), points: dict[int, str] | None = None) -> str:
    """The event's text, with any part replaced (``rounds`` for some players and their ``points``,
    ``rosters``, ``totals`` as 310 states them, the ``header``) and ``extra`` records appended."""
    rs = {**ROUNDS, **(rounds or {})}
    pts = {**POINTS, **(points or {})}
    ro = {**ROSTERS, **(rosters or {})}
    to = {**TOTALS, **(totals or {})}
    lines = list(HEADER if header is None else header)
    lines += [trf_line(p, rs[p], pts[p]) for p in sorted(rs)]
    lines += [team_line(t, NAMES[t], ro[t], *to[t]) for t in sorted(ro)]
    return "\n".join(lines + list(extra)) + "\n"
