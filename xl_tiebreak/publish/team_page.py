"""The published page of a team event (``xl-tiebreak publish TEAM.trf``): the individual page's
skeleton, style, script, legend and escaping (:func:`.page.document`) around the team sections:
the team standings (rank, team, MP, GP, the tie-break values; each value opens its account, the
text ``explain`` prints for it), the tie-break legend with the notes, and the match results by
round. A team event has no categories and no prizes: the command line refuses those options.

>>> from importlib.resources import files
>>> from xl_tiebreak.team_engine import compute_team
>>> from xl_tiebreak.trf.teams import read_team_file
>>> event = read_team_file(files("xl_tiebreak") / "data" / "example-teams.trf")
>>> html = build_team_page(event, compute_team(event, "EMGSB,BH:GP"))
>>> "Aurochs" in html and html.startswith("<!DOCTYPE html>")
True
"""

from __future__ import annotations

from fractions import Fraction
from typing import Callable, Optional, Sequence

from ..formatting import format_value
from ..model import Player
from ..teams import BYE, FORFEITED, PAB, PLAYED, Match, TeamEvent, match_score
from ..team_engine import TeamResult, explain_team
from .accounts import text_accounts
from .gather import check_page_size
from .page import _e, _Formats, _table, document
from .team_boards import line_up, match_boards

__all__ = ["build_team_page", "TeamAccount"]

#: the account of one team's value of one code (team number, code as listed): the text ``explain`` prints
TeamAccount = Callable[[int, str], str]


def build_team_page(event: TeamEvent, result: TeamResult, source: str = "", *, notes: Sequence[str] = (),
                    account: Optional[TeamAccount] = None) -> str:
    """The page of ``result`` (a :func:`~xl_tiebreak.team_engine.compute_team` result of
    ``event``) as HTML text; ``source``: the file, named in the footer; ``notes``: lines added to
    the legend's notes (the command line's ``Team PAB`` line); ``account``: each value's account
    (default: :func:`~xl_tiebreak.team_engine.explain_team` with the result's list, edition,
    rounds and primary score, the EDE readings at their defaults). Past
    :data:`~.gather.PAGE_BUDGET` players x rounds the page is refused (:class:`InputError`) before
    any account is made."""
    check_page_size(len(event.tournament.players), result.rounds)  # as the individual page, before the work
    if account is None:
        account = _default_account(event, result)
    fmt = _Formats()
    teams = [t.no for t in event.teams]
    texts = [account(no, code) for no in teams for code in result.codes]
    book = text_accounts(result.rounds, len(result.codes), texts)
    sections: list[tuple[str, str, Callable[[], str]]] = [
        ("standings", "Standings", lambda: _standings(result, teams, fmt)),
        ("tiebreaks", "Tie-breaks", lambda: _legend(result, notes)),
        ("matches", "Matches", lambda: _matches(event, result, fmt)),
        ("teams", "Line-ups", lambda: _line_ups(event, result, fmt)),
    ]
    mv = event.match_values
    kind = "Round robin" if result.round_robin else "Swiss"
    meta = (f"Team standings {result.label}. {kind}, {len(event.teams)} teams of {event.boards} boards; primary "
            f"score {result.primary}; match points {'/'.join(format_value(v, 0) for v in (mv.win, mv.draw, mv.loss))}."
            f" Rules: {result.edition.name} ({result.edition.title}). Tie-breaks: {', '.join(result.codes) or 'none'}.")
    return document(event.name or source or "Team event", result.label, meta, sections, [book], source)


def _default_account(event: TeamEvent, result: TeamResult) -> TeamAccount:
    def account(no: int, code: str) -> str:
        return "\n".join(explain_team(event, code, no, edition=result.edition, rounds=result.rounds,
                                      pab=None if result.pab == event.pab else result.pab,
                                      primary=result.primary, round_robin=result.round_robin,
                                      codes=list(result.codes)))
    return account


def _standings(result: TeamResult, teams: list[int], fmt: _Formats) -> str:
    """The team standings (one round's, as the script expects: each row names its team's row of
    the accounts, ``data-k``, its values from column 5)."""
    decimals = result.decimals
    index = {no: k for k, no in enumerate(teams)}
    rows = result.rows
    split = result.separated_by(rows)
    head = [("Rk", "n k"), ("No", "n"), ("Team", "name"), ("MP", "n"), ("GP", "n")]
    head += [(code, "n") for code in result.codes] + [("Split by", "opt")]
    out = []
    for k, r in enumerate(rows):
        why = split[k] or ("shared" if k > 0 and rows[k - 1].rank == r.rank else "")
        values = "".join(f"<td>{fmt(v, d) or '&#8212;'}</td>" for v, d in zip(r.values, decimals))
        out.append(f'<tr data-k="{index[r.no]}"><td>{r.rank}</td><td>{r.no}</td><td class="name">{_e(r.name)}</td>'
                   f"<td>{fmt(r.match_points, 1)}</td><td>{fmt(r.game_points, 1)}</td>{values}"
                   f'<td class="opt l">{_e(why)}</td></tr>')
    table = _table(head, out, attrs=f' data-r="{result.rounds}" data-tb="5" class="rk p4"')
    return ('<section id="standings"><h2>Standings</h2><p class="hint note">Tap or click a tie-break value to see '
            f'how it is reached, step by step.</p><section class="round" data-round="{result.rounds}">'
            f"<h3>Team standings {_e(result.label)}</h3>{table}</section></section>")


def _legend(result: TeamResult, notes: Sequence[str]) -> str:
    items = "".join(f"<dt>{_e(code)}</dt><dd>{_e(tb.spec.legend)}</dd>"
                    for code, tb in zip(result.codes, result.tiebreaks))
    return (f'<section id="tiebreaks"><h2>Tie-breaks</h2><p>In this order, after the primary score '
            f'({_e(result.primary)}):</p><dl class="legend-tb">{items}</dl>'
            '<p class="note">An empty value (&#8212;) is undefined; it ranks last. Split by: the tie-break that set '
            "the team below the one above on equal points.</p>"
            + "".join(f'<p class="note">{_e(n)}</p>' for n in notes)
            + "".join(f'<p class="note">Note: {_e(n)}</p>' for n in result.notes) + "</section>")


def _points(mp: Fraction, gp: Fraction, fmt: _Formats) -> tuple[str, str]:
    return fmt(mp, 1), fmt(gp, 1)


def _alone(m: Match) -> str:
    """A round without an opponent team, in words."""
    if m.kind == PAB:
        return "pairing-allocated bye"
    if m.kind == BYE:
        return {"F": "full-point bye", "H": "half-point bye", "Z": "zero-point bye"}[m.bye or "Z"]
    if m.kind == PLAYED:
        return "boards won by forfeit, no opponent team"
    return "absent"


def _matches(event: TeamEvent, result: TeamResult, fmt: _Formats) -> str:
    """The matches of each round counted, each pairing once (the lower team number first), with
    both teams' match and game points and each match's boards; a round without an opponent in
    words. Each round is a section of its own (``section.pairs``) under a round picker, as the
    individual page's pairings: the script shows the last round and the one picked; without a
    script, and on paper, every round shows."""
    name = {t.no: t.name for t in event.teams}
    head = [("No", "n"), ("Team", "name"), ("MP", "n"), ("GP", "n"), ("", ""), ("GP", "n"), ("MP", "n"), ("No", "n"),
            ("Opponent", "")]
    last = result.rounds
    parts = ['<section id="matches"><h2>Matches</h2><p class="note">Each round\'s matches with the match points '
             "(MP) and game points (GP) of both teams; f: a match forfeited.</p>"]
    if last > 1:  # the individual page's picker (:func:`.page._pairings`): the last round shown first
        parts.append('<div class="picker noprint" role="group" aria-label="Matches of round"><span class="note">Round'
                     "</span>" + "".join(f'<button type="button" data-pairs="{r}" aria-pressed='
                                         f'"{str(r == last).lower()}">{r}</button>' for r in range(1, last + 1))
                     + "</div>")
    for rnd in range(1, last + 1):
        rows: list[str] = []
        boards: list[str] = []
        for m in sorted((m for m in event.matches if m.round == rnd), key=lambda m: m.team):
            mp, gp = _points(*match_score(event, m), fmt)
            if m.opponent is None:
                rows.append(f'<tr><td>{m.team}</td><td class="name">{_e(name[m.team])}</td><td>{mp}</td><td>{gp}</td>'
                            f'<td></td><td></td><td></td><td></td><td class="l">{_e(_alone(m))}</td></tr>')
                continue
            if m.opponent < m.team:
                continue
            other = next((o for o in event.matches_of(m.opponent) if o.round == rnd), None)
            omp, ogp = _points(*match_score(event, other), fmt) if other is not None else ("", "")
            mark = "f" if m.kind == FORFEITED else "-"
            rows.append(f'<tr><td>{m.team}</td><td class="name">{_e(name[m.team])}</td><td>{mp}</td><td>{gp}</td>'
                        f'<td class="l">{mark}</td><td>{ogp}</td><td>{omp}</td><td>{m.opponent}</td>'
                        f'<td class="l">{_e(name.get(m.opponent, ""))}</td></tr>')
            if m.boards:
                boards.append(f"<h4>{_e(name[m.team])} {gp} - {ogp} {_e(name.get(m.opponent, ''))}</h4>"
                              + _boards(event, m))
        table = _table(head, rows) if rows else '<p class="note">No matches.</p>'
        parts.append(f'<section class="pairs" data-pairs="{rnd}"><h3>Round {rnd}</h3>{table}{"".join(boards)}</section>')
    return "".join(parts) + "</section>"


def _boards(event: TeamEvent, m: Match) -> str:
    """A match's boards (:func:`.team_boards.match_boards`), from team ``m.team``'s side."""
    player: dict[int, Optional[Player]] = {p.no: p for p in event.tournament.players}
    head = [("Bd", "n"), ("No", "n"), ("Name", ""), ("Rtg", "n opt"), ("Result", ""), ("No", "n"), ("Name", ""),
            ("Rtg", "n opt")]
    rows = []
    for board, no, res, opp in match_boards(event, m):
        p, o = player.get(no), player.get(opp)
        rows.append(f'<tr><td>{board}</td><td>{no}</td><td class="l">{_e(p.name if p else "")}</td>'
                    f'<td class="opt">{(p.rating if p else None) or ""}</td><td class="l">{_e(res)}</td>'
                    f'<td>{opp or ""}</td><td class="l">{_e(o.name if o else "")}</td>'
                    f'<td class="opt">{(o.rating if o else None) or ""}</td></tr>')
    return _table(head, rows, attrs=' class="pairs"')


def _line_ups(event: TeamEvent, result: TeamResult, fmt: _Formats) -> str:
    """Each team's line-up (:func:`.team_boards.line_up`): its players in board order with each
    round's result, their points and games."""
    rounds = result.rounds
    head = [("Bd", "n"), ("No", "n"), ("Name", "name"), ("Title", "opt"), ("Rtg", "n opt"), ("Fed", "opt")]
    head += [(f"R{r}", "c") for r in range(1, rounds + 1)] + [("Pts", "n"), ("Games", "n")]
    parts = ['<section id="teams"><h2>Line-ups</h2><p class="note">Each team\'s players in board order, reserves '
             "last, with each round's result on the board (1, ½, 0; + / - forfeit won / lost; -- double forfeit; "
             "empty: not playing), the points they brought and their games over the board.</p>"]
    for team in event.teams:
        rows = [f'<tr><td>{bd}</td><td>{p.no}</td><td class="name">{_e(p.name)}</td><td class="opt l">{_e(p.title)}</td>'
                f'<td class="opt">{p.rating or ""}</td><td class="opt l">{_e(p.fed)}</td>'
                + "".join(f'<td class="c">{_e(x)}</td>' for x in marks) + f"<td>{fmt(pts, 1)}</td><td>{games}</td></tr>"
                for bd, p, marks, pts, games in line_up(event, team, rounds)]
        parts.append(f"<h3>{team.no}. {_e(team.name)}</h3>" + _table(head, rows, attrs=' class="rk sq"'))
    return "".join(parts) + "</section>"
