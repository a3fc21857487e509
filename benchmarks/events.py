"""Large generated Swiss events for the benchmarks (fast, deterministic, every unplayed kind)."""

from __future__ import annotations

import random

from xl_tiebreak.model import Kind, Player, Round, STANDARD_SCORING, Tournament


def swiss(players: int, rounds: int, seed: int = 1) -> Tournament:
    """A Swiss-like event: each round players are sorted by score and paired with a neighbour;
    about 3 % half-point byes, 2 % zero-point byes, 1.5 % forfeits, 0.2 % double forfeits, a PAB
    when the count is odd, 2 % of players withdraw part-way."""
    rng = random.Random(seed)
    sc = STANDARD_SCORING
    rows: list[list[Round]] = [[] for _ in range(players)]
    score = [0.0] * players
    withdraw = {i: rng.randint(2, rounds) for i in range(players) if rng.random() < 0.02}
    had_pab: set[int] = set()
    for r in range(1, rounds + 1):
        avail = []
        for i in range(players):
            if i in withdraw and r > withdraw[i]:
                rows[i].append(Round(Kind.ABSENT, points=sc.absent))
                continue
            u = rng.random()
            if u < 0.03:
                rows[i].append(Round(Kind.HALF_BYE, points=sc.draw))
                score[i] += 0.5
            elif u < 0.05:
                rows[i].append(Round(Kind.ZERO_BYE, points=sc.absent))
            else:
                avail.append(i)
        avail.sort(key=lambda i: (-score[i], rng.random()))
        if len(avail) % 2:
            cand = [i for i in reversed(avail) if i not in had_pab]
            bye = cand[0] if cand else avail[-1]
            avail.remove(bye)
            had_pab.add(bye)
            rows[bye].append(Round(Kind.PAB, points=sc.pab_points))
            score[bye] += 1
        for a, b in zip(avail[0::2], avail[1::2]):
            if rng.random() < 0.5:
                a, b = b, a
            u = rng.random()
            if u < 0.002:
                ka, kb = Kind.DOUBLE_FORFEIT, Kind.DOUBLE_FORFEIT
            elif u < 0.017:
                ka, kb = (Kind.FORFEIT_WIN, Kind.FORFEIT_LOSS) if rng.random() < 0.5 else (Kind.FORFEIT_LOSS, Kind.FORFEIT_WIN)
            else:
                v = rng.random()
                ka, kb = (Kind.WIN, Kind.LOSS) if v < 0.4 else (Kind.DRAW, Kind.DRAW) if v < 0.7 else (Kind.LOSS, Kind.WIN)
            rows[a].append(Round(ka, b + 1, "w", sc.points(ka)))
            rows[b].append(Round(kb, a + 1, "b", sc.points(kb)))
            score[a] += float(sc.points(ka))
            score[b] += float(sc.points(kb))
    ps = tuple(Player(no=i + 1, name=f"Player {i + 1}", rating=rng.randint(1000, 2800), rounds=tuple(rows[i]))
               for i in range(players))
    return Tournament(players=ps, rounds=rounds, name=f"Generated Swiss {players}x{rounds}",
                      kind="swiss", start_date="2026-05-01")
