"""Random but internally consistent FIDE TRF-16 tournaments, for oracle tests.

``random_event(seed, kind=..., players=...)`` returns the text of a TRF-16 file.
The same seed and arguments always give the same text (``random.Random(seed)``).

Swiss events (6-60 players, 5-11 rounds) are paired at random among players
with close scores (not a real FIDE pairing), without rematches except two
players whose earlier game was a forfeit, who are re-paired now and then on
purpose.  Every TRF result kind occurs with a tunable rate (see ``Rates``):
OTB ``1 = 0``, short games ``W D L``, forfeits ``+ -``, double forfeits
(``-`` on both lines), the PAB ``U`` (at most one per player), requested
byes ``H Z F``, withdrawals (later rounds written ``0000 - Z`` or left
blank; both spellings are used) and late entries (first rounds
``0000 - Z`` or ``0000 - H``).

Round robins (6-16 players) follow the FIDE Berger tables, with forfeits,
double forfeits and an optional withdrawal after which all the withdrawn
player's games are forfeits.  Odd number of players: the player drawn
against the Berger dummy "sits out".  Default spelling ``0000 - Z``
(0 points, no opponent).  Gacrux's own ``tournamentgenerator -m berger``
writes ``0000 - U`` (a PAB worth 1 point) instead; ``rr_bye="U"`` gives that.
Gacrux handles both (see ``gacrux_runner``): in a round robin it ignores
rounds without an opponent in BH/SB/DE/ARO..., so the choice only changes
PTS, WIN and REP by the same amount for every player.  ``Z`` is the one
consistent with the KS limit of gacrux (which removes the sit-out round
from the maximum score).

Scoring: win 1, draw 0.5, PAB/FPB 1, HPB 0.5, everything else 0.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, fields, replace
from pathlib import Path
from typing import Any, Mapping

__all__ = ["Rates", "random_event", "write", "SWISS", "ROUND_ROBIN"]

SWISS = "swiss"
ROUND_ROBIN = "round-robin"
_KIND_ALIASES = {
    "swiss": SWISS,
    "round-robin": ROUND_ROBIN,
    "round_robin": ROUND_ROBIN,
    "roundrobin": ROUND_ROBIN,
    "rr": ROUND_ROBIN,
    "berger": ROUND_ROBIN,
}

_POINTS = {"1": 1.0, "+": 1.0, "W": 1.0, "U": 1.0, "F": 1.0,
           "=": 0.5, "D": 0.5, "H": 0.5,
           "0": 0.0, "-": 0.0, "L": 0.0, "Z": 0.0, " ": 0.0}
_MIRROR = {"1": "0", "0": "1", "=": "=", "W": "L", "L": "W", "D": "D", "+": "-", "-": "+"}

_LAST = ["Adler", "Berg", "Castro", "Dahl", "Eriksen", "Fischer", "Garcia", "Horvat", "Ivanov",
         "Jensen", "Kowalski", "Larsen", "Moreau", "Novak", "Olsen", "Petrov", "Quinn", "Rossi",
         "Silva", "Tanaka", "Ueda", "Varga", "Weber", "Xu", "Yilmaz", "Zhang", "Nielsen", "Smit"]
_FIRST_M = ["Anders", "Boris", "Carlos", "David", "Erik", "Felix", "Goran", "Hugo", "Ivan", "Jonas",
            "Karl", "Luca", "Marek", "Nils", "Omar", "Pavel", "Rui", "Sven", "Tomas", "Viktor"]
_FIRST_W = ["Anna", "Berit", "Clara", "Dana", "Elena", "Freya", "Greta", "Hanna", "Ida", "Julia",
            "Kira", "Lena", "Maria", "Nora", "Olga", "Petra", "Rita", "Sara", "Tina", "Vera"]
_FEDS = ["NOR", "SWE", "DEN", "GER", "FRA", "ESP", "ITA", "POL", "CZE", "HUN", "NED", "ENG", "USA", "IND"]


@dataclass(frozen=True)
class Rates:
    """Probabilities of the unplayed kinds (per player-round, per game or per player)."""

    hpb: float = 0.03                 # requested half-point bye H, per available player-round
    zpb: float = 0.02                 # requested zero-point bye Z, per available player-round
    fpb: float = 0.004                # full-point bye F (rare), per available player-round
    forfeit: float = 0.03             # one-sided forfeit + / -, per game
    double_forfeit: float = 0.01      # - on both lines, per game
    short: float = 0.01               # short game W / D / L, per game (Swiss only)
    draw: float = 0.30                # share of OTB games drawn (before rating skew)
    withdraw: float = 0.06            # per player (Swiss); per event for one player (RR: see rr_withdraw)
    withdraw_forfeit: float = 0.5     # a Swiss withdrawal starts with a forfeit loss in its round
    late_entry: float = 0.04          # per player (Swiss)
    late_half: float = 0.4            # a late entry's missed rounds are H rather than Z
    repeat_after_forfeit: float = 0.08  # per eligible pair and round: re-pair after a forfeit
    rr_withdraw: float = 0.3          # per round-robin event: one player withdraws


def _rates(rates: Rates | Mapping[str, float] | None) -> Rates:
    return rates_of(Rates, rates)


def rates_of(kind: type, rates: object) -> Any:
    """``rates`` as an instance of the dataclass ``kind``: itself, the defaults (None), or the
    defaults with the given fields changed (a mapping; an unknown name is a ValueError)."""
    if rates is None:
        return kind()
    if isinstance(rates, kind):
        return rates
    known = {f.name for f in fields(kind)}
    unknown = set(rates) - known  # type: ignore[arg-type]
    if unknown:
        raise ValueError(f"unknown rate(s): {sorted(unknown)}; known: {sorted(known)}")
    return replace(kind(), **dict(rates))  # type: ignore[call-overload]


# A round entry: (opponent start rank or 0, colour 'w'/'b'/'-', result code), or None = blank.
_Entry = tuple[int, str, str] | None


@dataclass
class _Player:
    sno: int
    sex: str
    title: str
    name: str
    rating: int
    fed: str
    fide_id: int
    birth: str
    rounds: list[_Entry]
    keep_padding: bool = False  # keep trailing blank round fields instead of ending the line early

    def points(self) -> float:
        return sum(_POINTS[e[2]] for e in self.rounds if e is not None)


def _make_players(rng: random.Random, n: int, unrated_share: float, sort_by_rating: bool,
                  rounds: int) -> list[_Player]:
    ratings = [rng.randint(1000, 2700) for _ in range(n)]
    for i in range(n):
        if unrated_share > 0 and rng.random() < unrated_share:
            ratings[i] = 0
    if sort_by_rating:  # Swiss: start rank by rating, unrated last
        ratings.sort(key=lambda r: (r == 0, -r))
    ids = rng.sample(range(1_000_000, 99_999_999), n)
    players = []
    for i, rating in enumerate(ratings):
        sex = "w" if rng.random() < 0.25 else "m"
        first = rng.choice(_FIRST_W if sex == "w" else _FIRST_M)
        title = ""
        if rating >= 2500:
            title = rng.choice(["GM", "GM", "IM"])
        elif rating >= 2350:
            title = rng.choice(["IM", "FM", ""])
        elif rating >= 2200:
            title = rng.choice(["FM", "CM", ""])
        if sex == "w" and title and rng.random() < 0.5:
            title = {"GM": "WGM", "IM": "WIM", "FM": "WFM", "CM": "WCM"}[title]
        birth = f"{rng.randint(1950, 2015):04d}/{rng.randint(1, 12):02d}/{rng.randint(1, 28):02d}"
        players.append(_Player(i + 1, sex, title, f"{rng.choice(_LAST)}, {first}", rating,
                               rng.choice(_FEDS), ids[i], birth, [None] * rounds))
    return players


def _put(buf: list[str], col: int, text: str) -> None:
    """Write text into the 1-based column col of a fixed-width line buffer."""
    buf[col - 1:col - 1 + len(text)] = list(text)


def _player_line(p: _Player, rank: int, nrounds: int) -> str:
    buf = [" "] * (91 + 10 * nrounds)
    _put(buf, 1, "001")
    _put(buf, 5, f"{p.sno:4d}")
    _put(buf, 10, p.sex)
    _put(buf, 11, f"{p.title:>3}"[:3])
    _put(buf, 15, f"{p.name:<33}"[:33])
    _put(buf, 49, f"{p.rating:4d}")
    _put(buf, 54, f"{p.fed:<3}")
    _put(buf, 58, f"{p.fide_id:11d}")
    _put(buf, 70, p.birth)
    _put(buf, 81, f"{p.points():4.1f}")
    _put(buf, 86, f"{rank:4d}")
    for r, entry in enumerate(p.rounds):
        if entry is None:  # blank round fields
            continue
        opp, colour, res = entry
        _put(buf, 92 + 10 * r, f"{opp:04d}" if opp == 0 else f"{opp:4d}")
        _put(buf, 97 + 10 * r, colour)
        _put(buf, 99 + 10 * r, res)
    line = "".join(buf)
    return line if p.keep_padding else line.rstrip()


def _render(seed: int, players: list[_Player], nrounds: int, start_date: str, type_092: str | None) -> str:
    ranked = sorted(players, key=lambda p: (-p.points(), p.sno))
    rank = {p.sno: i + 1 for i, p in enumerate(ranked)}
    lines = [f"012 Random event {seed}", f"042 {start_date}", f"062 {len(players)}",
             f"072 {sum(1 for p in players if p.rating > 0)}"]
    if type_092:
        lines.append(f"092 {type_092}")
    lines.append(f"XXR {nrounds}")
    lines += [_player_line(p, rank[p.sno], nrounds) for p in players]
    return "\n".join(lines) + "\n"


def _otb_result(rng: random.Random, white_rating: int, black_rating: int, draw: float) -> str:
    """Result from White's side, skewed by the Elo expectation."""
    wr = white_rating or 1500
    br = black_rating or 1500
    expected = 1.0 / (1.0 + 10 ** ((br - wr) / 400.0))
    d = draw * (1.0 - abs(expected - 0.5))
    x = rng.random()
    if x < d:
        return "="
    return "1" if rng.random() < expected else "0"


def _game_result(rng: random.Random, rates: Rates, wr: int, br: int, allow_short: bool) -> str:
    """Result code from White's side ('--' = double forfeit)."""
    x = rng.random()
    if x < rates.double_forfeit:
        return "--"
    x -= rates.double_forfeit
    if x < rates.forfeit:
        return rng.choice("+-")
    x -= rates.forfeit
    if allow_short and x < rates.short:
        return rng.choice("WDL")
    return _otb_result(rng, wr, br, rates.draw)


def _write_game(pw: _Player, pb: _Player, r: int, res: str) -> str:
    """Record a game White pw vs Black pb in round index r; returns the kind."""
    if res == "--":
        pw.rounds[r] = (pb.sno, "w", "-")
        pb.rounds[r] = (pw.sno, "b", "-")
        return "double"
    pw.rounds[r] = (pb.sno, "w", res)
    pb.rounds[r] = (pw.sno, "b", _MIRROR[res])
    return "forfeit" if res in "+-" else "game"


# ---------------------------------------------------------------- Swiss


def _pair(rng: random.Random, avail: list[int], score: dict[int, float],
          met: dict[frozenset[int], int], allow_rematch: bool, limit: int = 20000) -> list[tuple[int, int]] | None:
    """Pair the players in avail (even count) among close scores; None when it fails."""
    jitter = {p: rng.random() for p in avail}
    order = sorted(avail, key=lambda p: (-score[p], jitter[p]))
    budget = [limit]

    def dfs(rest: list[int]) -> list[tuple[int, int]] | None:
        if not rest:
            return []
        budget[0] -= 1
        if budget[0] < 0:
            return None
        a, others = rest[0], rest[1:]
        cands = []
        for b in others:
            m = met.get(frozenset((a, b)), 0)
            if m and not allow_rematch:
                continue
            cands.append((m, abs(score[a] - score[b]) + 0.75 * rng.random(), b))
        cands.sort()
        for _, _, b in cands:
            sub = dfs([x for x in others if x != b])
            if sub is not None:
                return [(a, b)] + sub
            if budget[0] < 0:
                return None
        return None

    return dfs(order)


def _swiss(rng: random.Random, n: int, nrounds: int, rates: Rates, unrated_share: float) -> list[_Player]:
    players = _make_players(rng, n, unrated_share, True, nrounds)
    by = {p.sno: p for p in players}
    R = nrounds

    # Pre-planned withdrawals and late entries.
    withdraw_at: dict[int, int] = {}     # sno -> first round index (0-based) not played
    withdraw_blank: dict[int, bool] = {}
    withdraw_ff: dict[int, bool] = {}
    late_until: dict[int, int] = {}      # sno -> first round index played
    late_code: dict[int, str] = {}
    for p in players:
        if R >= 3 and rng.random() < rates.late_entry:
            late_until[p.sno] = rng.randint(1, min(2, R - 2))
            late_code[p.sno] = "H" if rng.random() < rates.late_half else "Z"
        if R >= 3 and rng.random() < rates.withdraw:
            lo = late_until.get(p.sno, 0) + 1
            if lo <= R - 1:
                withdraw_at[p.sno] = rng.randint(lo, R - 1)
                withdraw_blank[p.sno] = rng.random() < 0.5
                p.keep_padding = withdraw_blank[p.sno] and rng.random() < 0.5
                withdraw_ff[p.sno] = rng.random() < rates.withdraw_forfeit

    score = {p.sno: 0.0 for p in players}
    met: dict[frozenset[int], int] = {}        # pairs that were paired (any result)
    otb_met: set[frozenset[int]] = set()       # pairs whose meeting included a real game
    had_pab: set[int] = set()

    for r in range(R):
        avail: list[int] = []
        forced_ff: set[int] = set()
        for p in players:
            s = p.sno
            w = withdraw_at.get(s)
            if w is not None and (r > w or (r == w and not withdraw_ff[s])):
                p.rounds[r] = None if withdraw_blank[s] else (0, "-", "Z")
                continue
            if s in late_until and r < late_until[s]:
                p.rounds[r] = (0, "-", late_code[s])
                continue
            if w is not None and r == w:  # withdraws: paired, does not show up
                forced_ff.add(s)
                avail.append(s)
                continue
            x = rng.random()
            if x < rates.hpb:
                p.rounds[r] = (0, "-", "H")
            elif x < rates.hpb + rates.zpb:
                p.rounds[r] = (0, "-", "Z")
            elif x < rates.hpb + rates.zpb + rates.fpb:
                p.rounds[r] = (0, "-", "F")
            else:
                avail.append(s)

        # Deliberate repeated pairings of players whose earlier game was a forfeit.
        pre: list[tuple[int, int]] = []
        used: set[int] = set()
        ff_pairs = [tuple(sorted(k)) for k in met if k not in otb_met]
        ff_pairs.sort()
        rng.shuffle(ff_pairs)
        for a, b in ff_pairs:
            if a in avail and b in avail and a not in used and b not in used \
                    and rng.random() < rates.repeat_after_forfeit:
                pre.append((a, b))
                used |= {a, b}

        rest = [s for s in avail if s not in used]
        if len(rest) % 2 == 1:  # pairing-allocated bye, at most one per player
            elig = [s for s in rest if s not in had_pab and s not in forced_ff]
            if elig:
                low = min(score[s] for s in elig)
                pab = rng.choice(sorted(s for s in elig if score[s] == low))
                by[pab].rounds[r] = (0, "-", "U")
                had_pab.add(pab)
            else:  # nobody may get a PAB: the lowest player is left unpaired (ZPB)
                low = min(score[s] for s in rest)
                pab = rng.choice(sorted(s for s in rest if score[s] == low))
                by[pab].rounds[r] = (0, "-", "Z")
            rest.remove(pab)

        pairs = _pair(rng, rest, score, met, False)
        if pairs is None and pre:  # the deliberate rematches made the round unpairable
            rest += [s for ab in pre for s in ab]
            pre = []
            pairs = _pair(rng, rest, score, met, False)
        if pairs is None:  # more rounds than the field allows: rematches are unavoidable
            pairs = _pair(rng, rest, score, met, True, limit=10**6)
        assert pairs is not None

        for a, b in pre + pairs:
            pa, pb = by[a], by[b]
            # colours: the player with more whites so far gets black
            bal = {s: sum(1 if e and e[1] == "w" else -1 if e and e[1] == "b" else 0
                          for e in by[s].rounds[:r]) for s in (a, b)}
            if bal[a] < bal[b] or (bal[a] == bal[b] and rng.random() < 0.5):
                pw, pbk = pa, pb
            else:
                pw, pbk = pb, pa
            fw, fb = pw.sno in forced_ff, pbk.sno in forced_ff
            if fw and fb:
                res = "--"
            elif fw:
                res = "-"
            elif fb:
                res = "+"
            else:
                res = _game_result(rng, rates, pw.rating, pbk.rating, True)
            kind = _write_game(pw, pbk, r, res)
            key = frozenset((a, b))
            met[key] = met.get(key, 0) + 1
            if kind == "game":
                otb_met.add(key)
        for p in players:
            e = p.rounds[r]
            score[p.sno] += _POINTS[e[2]] if e else 0.0
    return players


# ---------------------------------------------------------------- round robin


def berger_rounds(n: int) -> list[list[tuple[int, int]]]:
    """FIDE Berger table for n players (n even): per round, (white, black) pairs.

    With m = n - 1 and a = (k-1)*n/2 mod m in round k: board 1 is player a+1 against
    player n (a+1 has White in odd rounds), then (a+i mod m)+1 (White) against
    (a-i mod m)+1 for i = 1 .. n/2-1.
    """
    if n % 2:
        raise ValueError("berger_rounds needs an even n; add a dummy for odd fields")
    m = n - 1
    table = []
    for k in range(1, n):
        a = (k - 1) * (n // 2) % m
        pairs = [(a + 1, n) if k % 2 else (n, a + 1)]
        for i in range(1, n // 2):
            pairs.append(((a + i) % m + 1, (a - i) % m + 1))
        table.append(pairs)
    return table


def _round_robin(rng: random.Random, n: int, rates: Rates, unrated_share: float, rr_bye: str) -> list[_Player]:
    size = n + (n % 2)
    table = berger_rounds(size)
    R = len(table)
    players = _make_players(rng, n, unrated_share, False, R)  # start rank = Berger number
    by = {p.sno: p for p in players}
    withdrawn, after = 0, R
    if rng.random() < rates.rr_withdraw:
        withdrawn = rng.randint(1, n)
        after = rng.randint(1, R - 1)  # plays rounds 1..after, then all games forfeited
    for r, pairs in enumerate(table):
        for w, b in pairs:
            if w > n or b > n:  # against the dummy: sits out
                s = b if w > n else w
                by[s].rounds[r] = None if rr_bye == "blank" else (0, "-", rr_bye)
                continue
            if r >= after and withdrawn in (w, b):
                res = "-" if w == withdrawn else "+"
            else:
                res = _game_result(rng, rates, by[w].rating, by[b].rating, False)
            _write_game(by[w], by[b], r, res)
    return players


# ---------------------------------------------------------------- public API


def random_event(seed: int, *, kind: str = SWISS, players: int, rounds: int | None = None,
                 start_date: str = "2025/05/01", unrated_share: float = 0.0,
                 rates: Rates | Mapping[str, float] | None = None,
                 with_092: bool = True, rr_bye: str = "Z") -> str:
    """Return the TRF-16 text of a random tournament, deterministic for seed.

    kind: "swiss" (6-60 players, 5-11 rounds; rounds=None picks 5..min(11, players-3);
    rematches of real games happen only when the field is too small for the
    rounds asked for) or "round-robin" (6-16 players; rounds must be None or the
    Berger count: n-1 for even n, n for odd n).  unrated_share: probability
    that a player is unrated (rating 0).  rates: a ``Rates`` or a mapping of
    some of its fields.  with_092: write the 092 record.  rr_bye: round-robin
    sit-out spelling, "Z" (``0000 - Z``), "U" (``0000 - U``, gacrux generator
    style) or "blank".
    """
    kind_n = _KIND_ALIASES.get(kind.lower())
    if kind_n is None:
        raise ValueError(f"kind must be 'swiss' or 'round-robin', not {kind!r}")
    if not 0.0 <= unrated_share <= 1.0:
        raise ValueError("unrated_share must be between 0 and 1")
    rt = _rates(rates)
    rng = random.Random(seed)
    if kind_n == SWISS:
        if not 4 <= players <= 9999:
            raise ValueError("a Swiss event needs 4..9999 players (6-60 recommended)")
        if rounds is None:
            rounds = rng.randint(5, max(5, min(11, players - 3)))
        if rounds < 1:
            raise ValueError("rounds must be >= 1")
        plist = _swiss(rng, players, rounds, rt, unrated_share)
        type_092 = "Individual: Swiss-System"
    else:
        if not 3 <= players <= 40:
            raise ValueError("a round robin needs 3..40 players (6-16 recommended)")
        if rr_bye not in ("Z", "U", "blank"):
            raise ValueError("rr_bye must be 'Z', 'U' or 'blank'")
        full = players - 1 if players % 2 == 0 else players
        if rounds is not None and rounds != full:
            raise ValueError(f"a single round robin of {players} players has {full} rounds")
        rounds = full
        plist = _round_robin(rng, players, rt, unrated_share, rr_bye)
        type_092 = "Individual: Round Robin"
    return _render(seed, plist, rounds, start_date, type_092 if with_092 else None)


def write(seed: int, path: str | Path, **kw: Any) -> Path:
    """Write random_event(seed, **kw) to path (latin-1, as gacrux reads TRF) and return it."""
    p = Path(path)
    p.write_text(random_event(seed, **kw), encoding="latin-1", newline="\n")
    return p


if __name__ == "__main__":  # pragma: no cover - manual use
    import argparse

    ap = argparse.ArgumentParser(description="Print a random TRF-16 event.")
    ap.add_argument("seed", type=int)
    ap.add_argument("--kind", default=SWISS)
    ap.add_argument("--players", type=int, default=20)
    ap.add_argument("--rounds", type=int)
    ap.add_argument("--start-date", default="2025/05/01")
    ap.add_argument("--unrated-share", type=float, default=0.0)
    a = ap.parse_args()
    print(random_event(a.seed, kind=a.kind, players=a.players, rounds=a.rounds,
                       start_date=a.start_date, unrated_share=a.unrated_share), end="")
