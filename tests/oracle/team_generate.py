"""Random but internally consistent team TRF events (TRF-26 or TRF-16), for oracle tests.

``random_team_event(seed, teams=..., boards=..., rounds=..., trf="26"|"16", primary="MP"|"GP",
match_points=(2, 1, 0)|(3, 1, 0), rates={...})`` returns the text of a team TRF file that
FIDE's reference engine gacrux reads (see ``team_runner``).  ``team_event(...)`` returns a
``TeamEvent`` holding the same text plus the generated matches, for independent checks.
The same seed and arguments always give the same text (``random.Random(seed)``).

Pairing is random among teams with close match points, without rematches when that is
possible (not a real FIDE team pairing): only the FILE has to be right.

What a file holds (conventions of FIDE TEC's TRF-2025 team sample, as in
``../shared/data/team/``):

* 001 player records, start ranks by rating; each team fields ``boards`` players of its
  roster (regulars and 0-2 reserves) in roster order.  Board colours follow 352
  (``WBWB...``): the first-named team of a match has the colour of the sequence on each
  board.  Board results ``1 = 0``, one-sided board forfeits ``+ -``, double forfeits
  (``-`` on both lines).  A player's points (81-84) count only his own boards.
* TRF-26: 142 rounds, 192 ``FIDE_TEAM_TYPEA_MP_GP`` / ``FIDE_TEAM_TYPEA_GP_MP`` (the
  primary score), 352, 362 ``TW/TD/TL``, 310 rosters with the declared MP, GP and rank,
  320 team PAB (its MP and GP, then the team per round), 300 out-of-order line-ups (two
  neighbouring boards swapped), 330 forfeited matches (players
  ``0000 - -``, the winner's fielded players ``0000 - +``), 240 team byes F/H/Z, and
  withdrawals as 240 Z byes to the end.
* TRF-16: XXR, 013 rosters.  No 192/362/320/330/240: the primary score cannot be written
  (give it to the runner), match points are gacrux's default 2/1/0 (``match_points`` must
  be (2, 1, 0)), a forfeited match is written board by board (``+``/``-`` against the paired
  players), a team PAB is ``0000 - U`` on the fielded boards (value: gacrux's default, see
  ``TRF16_PAB``), team byes are not written (no rate applies), and a withdrawn team's
  players are ``0000 - -`` to the end (an absence, worth 0).

Scores (independent of gacrux): a board is 1 / 0.5 / 0 for the player, a forfeit win 1;
a team's game points in a match are its boards' sum; the match is won by more game
points, drawn on equal game points, and worth ``match_points`` (TW, TD, TL); a match whose every board is a double forfeit
is worth 0 to both.  A forfeited
match gives the winner TW and ``boards`` game points, the loser TL and 0; a double
forfeited match gives both 0 and 0.  Team byes: F = TW and ``boards`` GP, H = TD and
``boards``/2 GP, Z = 0.  The PAB gives what its 320 record says (TRF-26).
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, Mapping

from tests.oracle.generate import _make_players, _pair, _player_line, _put, rates_of

__all__ = ["TeamRates", "TeamMatch", "TeamEvent", "team_event", "random_team_event", "write",
           "TRF16_PAB"]

# gacrux 1.11.65's value of a team PAB when no 320 record states it (TRF-16, ``0000 - U`` on
# the fielded boards): the match counts as drawn (match score "P": "D", 1 MP) and every board
# as won (game score "P": "W").  Quirk: gacrux takes the match result from the cell of the
# team's first player in roster order, so when a regular sits out (``0000 - -``) and a reserve
# takes the bye, the PAB is worth 0 MP (its GP are unchanged).  The generator therefore lets
# the first ``boards`` roster players sit a TRF-16 PAB.
TRF16_PAB = ("D", "W")

_TEAM_NAMES = ["Aurochs", "Badgers", "Caracals", "Dingoes", "Egrets", "Ferrets", "Gazelles", "Herons",
               "Ibexes", "Jaguars", "Kestrels", "Lynxes", "Marmots", "Newts", "Ocelots", "Pumas",
               "Quokkas", "Ravens", "Stoats", "Tapirs", "Urials", "Vipers", "Wombats", "Xeruses",
               "Yaks", "Zebras"]
_BOARD_POINTS = {"1": Fraction(1), "=": Fraction(1, 2), "0": Fraction(0), "+": Fraction(1), "-": Fraction(0)}
_MIRROR = {"1": "0", "=": "=", "0": "1", "+": "-", "-": "+"}


@dataclass(frozen=True)
class TeamRates:
    """Probabilities of the special cases."""

    draw: float = 0.30             # share of board games drawn (before rating skew)
    board_forfeit: float = 0.03    # one-sided board forfeit + / -, per board
    double_forfeit: float = 0.01   # - on both lines, per board
    forfeit_match: float = 0.04    # forfeited match (330 in TRF-26), per match
    double_forfeit_match: float = 0.2  # share of forfeited matches lost by both teams ("--")
    bye: float = 0.03              # team bye F/H/Z (240, TRF-26 only), per team-round
    withdraw: float = 0.08         # per team: withdraws after a random round
    reserve: float = 0.25          # per match and team: a reserve plays instead of a regular
    pab: float = 1.0               # odd number of teams: a PAB (else one team gets a Z bye)
    out_of_order: float = 0.05     # per match and team (TRF-26): two neighbours swap boards (300)


def _rates(rates: TeamRates | Mapping[str, float] | None) -> TeamRates:
    return rates_of(TeamRates, rates)


@dataclass
class TeamMatch:
    """One team's (or two teams') round.

    kind: "games" (board games, ``boards`` = [(white-team player, other player, result of the
    first-named team's player)]), "forfeit" (``result`` "+-", "-+" or "--" for first/second
    team), "pab", "bye" (``result`` F, H or Z; withdrawals are Z byes in TRF-26) or "absent"
    (TRF-16 withdrawal).  ``black`` is 0 when there is no second team.
    """

    round: int
    white: int
    black: int
    kind: str
    result: str = ""
    boards: list[tuple[int, int, str]] = field(default_factory=list)
    fielded: list[int] = field(default_factory=list)  # TRF-26 forfeit winner's / TRF-16 PAB line-up
    out_of_order: list[int] = field(default_factory=list)  # teams whose boards are not in roster order


@dataclass
class TeamEvent:
    seed: int
    trf: str
    primary: str
    boards: int
    rounds: int
    match_points: tuple[Fraction, Fraction, Fraction]
    pab: tuple[Fraction, Fraction] | None          # (MP, GP) of the 320 record; None in TRF-16
    rosters: dict[int, list[int]]                   # team -> start ranks in board order
    names: dict[int, str]
    matches: list[TeamMatch]
    mp: dict[int, Fraction]                          # declared in 310 (generator's own count)
    gp: dict[int, Fraction]
    text: str = ""


def _fmt(x: Fraction, width: int) -> str:
    return f"{float(x):{width}.1f}"


def _board_result(rng: random.Random, rates: TeamRates, wr: int, br: int) -> str:
    u = rng.random()
    if u < rates.double_forfeit:
        return "--"
    if u < rates.double_forfeit + rates.board_forfeit:
        return rng.choice("+-")
    expected = 1 / (1 + 10 ** ((br - wr) / 400))
    draw = rates.draw
    v = rng.random()
    if v < draw:
        return "="
    return "1" if rng.random() < expected else "0"


def team_event(seed: int, *, teams: int = 10, boards: int = 4, rounds: int = 7, trf: str = "26",
               primary: str = "MP", match_points: tuple[float, float, float] = (2, 1, 0),
               pab: tuple[float, float] | None = None,
               rates: TeamRates | Mapping[str, float] | None = None) -> TeamEvent:
    """Generate a team event; see the module docstring.  pab: (MP, GP) of a TRF-26 PAB
    (default: drawn match, half the boards; or a won match, all boards; chosen by seed)."""
    trf = str(trf)
    if trf not in ("26", "16"):
        raise ValueError("trf must be '26' or '16'")
    primary = primary.upper()
    if primary not in ("MP", "GP"):
        raise ValueError("primary must be 'MP' or 'GP'")
    mpts = tuple(Fraction(str(x)) for x in match_points)
    if trf == "16" and mpts != (2, 1, 0):
        raise ValueError("TRF-16 has no 362 record: match points are 2/1/0")
    if teams < 2 or boards < 1 or rounds < 1 or rounds >= teams + (teams % 2):
        raise ValueError("need 2+ teams, 1+ boards and fewer rounds than teams (no rematches)")
    if teams > len(_TEAM_NAMES) * 9:
        raise ValueError("too many teams")
    rt = _rates(rates)
    rng = random.Random(seed)
    tw, td, tl = mpts
    if trf == "26":
        if pab is None:
            pab_v = rng.choice([(td, Fraction(boards, 2)), (tw, Fraction(boards))])
        else:
            pab_v = (Fraction(str(pab[0])), Fraction(str(pab[1])))
    else:
        pab_v = None

    # Rosters: start ranks by rating, teams get players at random, board order = start order.
    sizes = [boards + rng.choice([0, 0, 1, 1, 2]) for _ in range(teams)]
    players = _make_players(rng, sum(sizes), 0.0, True, rounds)
    pool = list(range(1, len(players) + 1))
    rng.shuffle(pool)
    rosters: dict[int, list[int]] = {}
    at = 0
    for t in range(1, teams + 1):
        rosters[t] = sorted(pool[at:at + sizes[t - 1]])
        at += sizes[t - 1]
    team_of = {p: t for t, ps in rosters.items() for p in ps}
    names = {}
    for t in range(1, teams + 1):
        base = _TEAM_NAMES[(t - 1) % len(_TEAM_NAMES)]
        names[t] = base if t <= len(_TEAM_NAMES) else f"{base} {1 + (t - 1) // len(_TEAM_NAMES)}"
        for k, p in enumerate(rosters[t]):
            players[p - 1].name = f"{base[:-1]}{t}, Player {k + 1}"
    rating = {p.sno: p.rating for p in players}
    seq = ("WB" * boards)[:boards]

    withdraw_after = {t: (rng.randint(1, rounds - 1) if rounds > 1 and rng.random() < rt.withdraw else None)
                      for t in range(1, teams + 1)}
    mp = {t: Fraction(0) for t in rosters}
    gp = {t: Fraction(0) for t in rosters}
    met: dict[frozenset[int], int] = {}
    had_pab: set[int] = set()
    matches: list[TeamMatch] = []

    def lineup(t: int) -> list[int]:
        roster = rosters[t]
        chosen = roster[:boards]
        reserves = roster[boards:]
        if reserves and rng.random() < rt.reserve:
            chosen = list(chosen)
            chosen[rng.randrange(boards)] = rng.choice(reserves)
        return sorted(chosen)

    for r in range(1, rounds + 1):
        active = [t for t in rosters if withdraw_after[t] is None or r <= withdraw_after[t]]
        for t in rosters:
            if t not in active:
                matches.append(TeamMatch(r, t, 0, "bye" if trf == "26" else "absent", "Z"))
        avail = []
        for t in active:
            if trf == "26" and rng.random() < rt.bye:
                kind = rng.choice("FHZZ")
                matches.append(TeamMatch(r, t, 0, "bye", kind))
                mp[t] += {"F": tw, "H": td, "Z": Fraction(0)}[kind]
                gp[t] += {"F": Fraction(boards), "H": Fraction(boards, 2), "Z": Fraction(0)}[kind]
            else:
                avail.append(t)
        if len(avail) % 2:
            cands = [t for t in avail if t not in had_pab] or avail
            low = min(mp[t] for t in cands)
            t = rng.choice([t for t in cands if mp[t] == low])
            avail.remove(t)
            if rng.random() < rt.pab:
                had_pab.add(t)
                # TRF-16: the regulars sit the PAB (see TRF16_PAB: a reserve on it changes its value)
                matches.append(TeamMatch(r, t, 0, "pab", fielded=rosters[t][:boards] if trf == "16" else []))
                if pab_v is not None:
                    mp[t] += pab_v[0]
                    gp[t] += pab_v[1]
                else:  # TRF-16: gacrux's default (drawn match, every board won)
                    mp[t] += td
                    gp[t] += boards
            elif trf == "26":
                matches.append(TeamMatch(r, t, 0, "bye", "Z"))
            else:
                matches.append(TeamMatch(r, t, 0, "absent", "Z"))
        score = {t: float(mp[t]) for t in avail}
        pairs = _pair(rng, avail, score, met, False) or _pair(rng, avail, score, met, True) or []
        otb = False  # a game played over the board in this round
        for k, (a, b) in enumerate(pairs):
            # gacrux 1.11.65 fails (error 502) on a TRF-16 team file whose last round has no
            # game played over the board: keep one in the last round's last match.
            force_otb = trf == "16" and r == rounds and k == len(pairs) - 1 and not otb
            if rng.random() < 0.5:
                a, b = b, a
            met[frozenset((a, b))] = met.get(frozenset((a, b)), 0) + 1
            if rng.random() < rt.forfeit_match and not force_otb:
                res = "--" if rng.random() < rt.double_forfeit_match else rng.choice(["+-", "-+"])
                m = TeamMatch(r, a, b, "forfeit", res)
                if trf == "26" and res != "--":
                    m.fielded = lineup(a if res == "+-" else b)
                if trf == "16":  # written board by board against the paired players
                    la, lb = lineup(a), lineup(b)
                    m.boards = [(pa, pb, "--" if res == "--" else res[0]) for pa, pb in zip(la, lb)]
                matches.append(m)
                if res == "+-":
                    mp[a] += tw
                    mp[b] += tl
                    gp[a] += boards
                elif res == "-+":
                    mp[b] += tw
                    mp[a] += tl
                    gp[b] += boards
                continue
            la, lb = lineup(a), lineup(b)
            ooo = []
            for t, lu in ((a, la), (b, lb)):
                if trf == "26" and boards > 1 and rng.random() < rt.out_of_order:
                    k = rng.randrange(boards - 1)
                    lu[k], lu[k + 1] = lu[k + 1], lu[k]
                    ooo.append(t)
            bl = [(pa, pb, _board_result(rng, rt, rating[pa], rating[pb])) for pa, pb in zip(la, lb)]
            if force_otb and not any(res in ("1", "=", "0") for _, _, res in bl):
                bl[0] = (bl[0][0], bl[0][1], "=")
            otb = otb or any(res in ("1", "=", "0") for _, _, res in bl)
            m = TeamMatch(r, a, b, "games", "", bl, out_of_order=ooo)
            matches.append(m)
            ga = sum((_BOARD_POINTS[res[0]] if res != "--" else Fraction(0)) for _, _, res in bl)
            gb = sum((_BOARD_POINTS[_MIRROR[res]] if res != "--" else Fraction(0)) for _, _, res in bl)
            gp[a] += ga
            gp[b] += gb
            if all(res == "--" for _, _, res in bl):
                continue  # every board double-forfeited: lost by both teams (0 MP, as gacrux counts it)
            mp[a] += tw if ga > gb else td if ga == gb else tl
            mp[b] += tw if gb > ga else td if ga == gb else tl

    # Player round fields.
    for p in players:
        p.rounds = [(0, "-", "-") for _ in range(rounds)]
    for m in matches:
        i = m.round - 1
        if m.kind == "forfeit" and trf == "26":
            if m.result in ("+-", "-+"):
                for p in m.fielded:
                    players[p - 1].rounds[i] = (0, "-", "+")
            continue
        if m.kind == "pab" and trf == "16":
            for p in m.fielded:
                players[p - 1].rounds[i] = (0, "-", "U")
            continue
        for b, (pa, pb, res) in enumerate(m.boards):
            ca = "w" if seq[b] == "W" else "b"
            cb = "b" if ca == "w" else "w"
            ra, rb = ("-", "-") if res == "--" else (res, _MIRROR[res])
            players[pa - 1].rounds[i] = (pb, ca, ra)
            players[pb - 1].rounds[i] = (pa, cb, rb)

    text = _render(seed, trf, primary, boards, rounds, mpts, pab_v, players, rosters, names, matches, mp, gp)
    return TeamEvent(seed, trf, primary, boards, rounds, mpts, pab_v, rosters, names, matches, mp, gp, text)


def _player_points(p) -> Fraction:
    pts = {"1": Fraction(1), "=": Fraction(1, 2), "+": Fraction(1), "U": Fraction(1)}
    return sum((pts.get(e[2], Fraction(0)) for e in p.rounds if e is not None), Fraction(0))


def _render(seed, trf, primary, boards, rounds, mpts, pab_v, players, rosters, names, matches, mp, gp) -> str:
    ranked = sorted(players, key=lambda p: (-_player_points(p), p.sno))
    prank = {p.sno: i + 1 for i, p in enumerate(ranked)}
    key = (lambda t: (-mp[t], -gp[t], t)) if primary == "MP" else (lambda t: (-gp[t], -mp[t], t))
    trank = {t: i + 1 for i, t in enumerate(sorted(rosters, key=key))}
    lines = [f"012 Random team event {seed} (trf{trf}, {primary} primary)", "022 Nowhere", "032 FID",
             "042 2025/09/01", "052 2025/09/09", f"062 {len(players)}", f"072 {len(players)}",
             f"082 {len(rosters)}", "092 Team Swiss System", "102 Arbiter, Random"]
    if trf == "26":
        tw, td, tl = mpts
        lines += [f"142 {rounds}",
                  f"192 FIDE_TEAM_TYPEA_{'MP_GP' if primary == 'MP' else 'GP_MP'}",
                  f"352 {('WB' * boards)[:boards]}",
                  f"362 TW{_fmt(tw, 4)}   TD{_fmt(td, 4)}   TL{_fmt(tl, 4)}"]
    else:
        lines.append(f"XXR {rounds}")
    lines += [_player_line(p, prank[p.sno], rounds) for p in players]
    if trf == "26":
        for t in sorted(rosters):
            buf = [" "] * (72 + 5 * len(rosters[t]))
            _put(buf, 1, "310")
            _put(buf, 5, f"{t:3d}")
            _put(buf, 9, f"{names[t]:<32}"[:32])
            _put(buf, 42, names[t].upper()[:5])
            avg = sum(players[p - 1].rating for p in rosters[t][:boards]) // boards
            _put(buf, 48, f"{avg:6d}")
            _put(buf, 55, _fmt(mp[t], 6))
            _put(buf, 62, _fmt(gp[t], 6))
            _put(buf, 69, f"{trank[t]:3d}")
            for k, p in enumerate(rosters[t]):
                _put(buf, 74 + 5 * k, f"{p:4d}")
            lines.append("".join(buf).rstrip())
        byes: dict[tuple[str, int], list[int]] = {}
        for m in matches:
            if m.kind == "bye":
                byes.setdefault((m.result, m.round), []).append(m.white)
        for (kind, r), ts in sorted(byes.items(), key=lambda kv: (kv[0][1], kv[0][0])):
            lines.append(f"240 {kind} {r:3d} " + " ".join(f"{t:4d}" for t in sorted(ts)))
        pabs = {m.round: m.white for m in matches if m.kind == "pab"}
        if pabs:
            lines.append(f"320 {_fmt(pab_v[0], 4)} {_fmt(pab_v[1], 4)} "
                         + " ".join(f"{pabs.get(r, 0):03d}" for r in range(1, max(pabs) + 1)))
        for m in matches:
            if m.kind == "forfeit":
                lines.append(f"330 {m.result} {m.round:3d} {m.white:3d} {m.black:3d}")
        for m in matches:
            for t in m.out_of_order:
                other = m.black if t == m.white else m.white
                order = [pa if t == m.white else pb for pa, pb, _ in m.boards]
                lines.append(f"300 {m.round:3d} {t:3d} {other:3d} " + " ".join(f"{p:4d}" for p in order))
    else:
        for t in sorted(rosters):
            lines.append(f"013 {names[t]:<32}" + " ".join(f"{p:4d}" for p in rosters[t]))
    return "\n".join(lines) + "\n"


def random_team_event(seed: int, **kw: Any) -> str:
    """Text of a random team TRF; keyword arguments as ``team_event``."""
    return team_event(seed, **kw).text


def write(seed: int, path: str | Path, **kw: Any) -> Path:
    path = Path(path)
    path.write_text(random_team_event(seed, **kw), encoding="utf-8")
    return path


if __name__ == "__main__":  # python -m tests.oracle.team_generate SEED [--teams N ...]
    import argparse

    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("seed", type=int)
    ap.add_argument("--teams", type=int, default=10)
    ap.add_argument("--boards", type=int, default=4)
    ap.add_argument("--rounds", type=int, default=7)
    ap.add_argument("--trf", choices=["26", "16"], default="26")
    ap.add_argument("--primary", choices=["MP", "GP"], default="MP")
    ap.add_argument("--mp3", action="store_true", help="match points 3/1/0")
    a = ap.parse_args()
    print(random_team_event(a.seed, teams=a.teams, boards=a.boards, rounds=a.rounds, trf=a.trf,
                            primary=a.primary, match_points=(3, 1, 0) if a.mp3 else (2, 1, 0)), end="")
