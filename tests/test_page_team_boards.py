"""A team event's page (issue 36 item 6): each match's boards under the round's matches, each
team's line-up with every player's result per round, points and games; the line-ups' points add up
to the team's game points in ``standings``; sorting, search and CSV work as on an individual page.
In the file and in Chromium at 390 and 1280 px (no console error, no request)."""

from __future__ import annotations

import csv
import io
import re
from fractions import Fraction
from pathlib import Path

import pytest

from test_publish import _open, _Page, _shots, browser  # noqa: F401 (the fixture)
from xl_tiebreak.cli import main
from xl_tiebreak.teams import game_points
from xl_tiebreak.trf.teams import read_team_file

EXAMPLE = Path(__file__).resolve().parents[1] / "xl_tiebreak" / "data" / "example-teams.trf"


@pytest.fixture(scope="module")
def team_page(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("team") / "team.html"
    assert main(["publish", str(EXAMPLE), "-o", str(out)]) == 0
    return out


def _half(text: str) -> Fraction:
    return Fraction(text.replace("½", ".5") or "0") if text not in ("+", "-", "--", "·", "") else \
        Fraction(1 if text == "+" else 0)


def test_the_line_ups_add_up_to_each_teams_game_points(team_page):
    event = read_team_file(EXAMPLE)
    page = _Page(team_page.read_text(encoding="utf-8"))
    rows = page.rows["teams"]
    head = rows[0]
    gp = game_points(event)
    at = 1
    for team in event.teams:  # one table a team, in team order, its roster in board order
        body = rows[at + 1:at + 1 + len(team.roster)] if rows[at] == head else rows[at:at + len(team.roster)]
        at += len(team.roster) + 1
        assert [int(r[1]) for r in body] == list(team.roster)
        points = [Fraction(r[head.index("Pts")]) for r in body]
        assert sum(points) == gp[team.no]
        for r in body:  # each player's points are the sum of their round marks
            assert sum(_half(r[k]) for k in range(6, 6 + event.rounds)) == Fraction(r[head.index("Pts")])


def test_each_matchs_boards_are_the_files(team_page):
    event = read_team_file(EXAMPLE)
    html = team_page.read_text(encoding="utf-8")
    names = {p.no: p.name for p in event.tournament.players}
    for m in event.matches:
        if m.opponent is None or m.opponent < m.team or not m.boards:
            continue
        for b in m.boards:  # each board's two players, in board order, in the match's table
            assert f"<td>{b.board}</td><td>{b.player}</td><td class=\"l\">{names[b.player]}</td>" in html


@pytest.mark.parametrize("width", [390, 1280])
def test_the_team_pages_boards_and_line_ups_in_the_browser(browser, team_page, width):  # noqa: F811
    page, seen = _open(browser, team_page, width, 844 if width < 600 else 900)
    event = read_team_file(EXAMPLE)
    first = event.teams[0]
    assert page.locator("#teams h3").first.inner_text() == f"{first.no}. {first.name}"
    page.get_by_role("searchbox").fill(event.tournament.players[0].name)
    shown = page.evaluate("Array.from(document.querySelectorAll('#teams tbody tr')).filter(r => !r.hidden).length")
    assert shown == 1  # the player looked for, in their team's line-up
    page.get_by_role("searchbox").fill("")
    with page.expect_download() as got:
        page.get_by_role("button", name=f"Download {first.no}. {first.name} as CSV").click()
    rows = list(csv.reader(io.StringIO(Path(got.value.path()).read_bytes().decode("utf-8-sig"))))
    assert [int(r[1]) for r in rows[1:]] == list(first.roster)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shots = _shots()
    if shots:
        page.locator("#matches").screenshot(path=str(shots / f"team-matches-{width}.png"))
        page.locator("#teams").screenshot(path=str(shots / f"team-lineups-{width}.png"))
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert [u for u in seen["requests"] if not u.startswith("blob:")] == [team_page.as_uri()]


CRETE = Path("/work/shared/data/real/crete-interclub-2025-team.trf")


@pytest.mark.parametrize("width", [390, 1280])
def test_the_team_pages_matches_come_a_round_at_a_time_under_a_round_picker(browser, tmp_path, width):  # noqa: F811
    """As the individual page's pairings: the last round's matches first, a button a round; without
    a script (the HTML) every round is there, none hidden. A real interclub league if here."""
    path = CRETE if CRETE.exists() else EXAMPLE
    event = read_team_file(path)
    out = tmp_path / "team.html"
    assert main(["publish", str(path), "-o", str(out)]) == 0
    html = out.read_text(encoding="utf-8")
    assert len(re.findall(r'<section class="pairs" data-pairs="\d+">', html)) == event.rounds
    page, seen = _open(browser, out, width, 844 if width < 600 else 900)
    shown = "#matches section.pairs:not([hidden])"
    picker = page.get_by_role("group", name="Matches of round")
    assert picker.get_by_role("button").all_text_contents() == [str(r) for r in range(1, event.rounds + 1)]
    assert page.locator(shown).count() == 1
    assert page.locator(f"{shown} h3").text_content() == f"Round {event.rounds}"
    picker.get_by_role("button", name="1", exact=True).click()
    assert page.locator(shown).count() == 1 and page.locator(f"{shown} h3").text_content() == "Round 1"
    assert picker.locator('[aria-pressed="true"]').all_text_contents() == ["1"]
    first = next(m for m in sorted(event.matches, key=lambda m: m.team) if m.round == 1 and m.opponent)
    name = {t.no: t.name for t in event.teams}
    assert page.locator(f"{shown} table").first.locator("tbody tr").first.locator("td").nth(1).text_content() \
        == name[first.team]  # round 1's first match, from the file
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shots = _shots()
    if shots:
        page.locator("#matches").screenshot(path=str(shots / f"team-picker-{width}.png"))
    page.emulate_media(media="print")  # on paper, every round's matches
    assert page.locator("#matches section.pairs").evaluate_all("s => s.filter(e => e.offsetHeight > 0).length") \
        == event.rounds
    assert seen["errors"] == [] and [c for c in seen["console"] if c[0] in ("error", "warning")] == []
    assert seen["requests"] == [out.as_uri()]


def test_a_team_page_past_its_budget_is_refused_before_the_work(tmp_path, capsys, monkeypatch):
    """The individual page's budget (PAGE_BUDGET players x rounds): past it, publish on a team
    event stops with one message and status 2 before any account is made, and writes nothing."""
    import importlib
    gathering = importlib.import_module("xl_tiebreak.publish.gather")
    team_publish = importlib.import_module("xl_tiebreak.cli.team_publish")
    event = read_team_file(EXAMPLE)
    size = len(event.tournament.players) * event.rounds
    explain = team_publish.team_explain
    monkeypatch.setattr(gathering, "PAGE_BUDGET", size - 1)
    monkeypatch.setattr(team_publish, "team_explain", lambda *a: pytest.fail("the work began"))
    out = tmp_path / "team.html"
    assert main(["publish", str(EXAMPLE), "-o", str(out)]) == 2
    err = capsys.readouterr().err
    assert (f"{len(event.tournament.players)} players x {event.rounds} rounds = {size}: more than the {size - 1} "
            "players x rounds a published page holds") in err
    assert err.count("\n") == 1 and "Traceback" not in err and not out.exists()
    monkeypatch.setattr(team_publish, "team_explain", explain)
    monkeypatch.setattr(gathering, "PAGE_BUDGET", size)
    assert main(["publish", str(EXAMPLE), "-o", str(out)]) == 0
