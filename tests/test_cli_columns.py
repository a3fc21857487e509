"""The command line writes its output column by column; the text is the same as the row-by-row
writer's (json.dumps of the whole document, format_value of every cell)."""

from __future__ import annotations

import io
import json
import sys
from contextlib import redirect_stdout
from pathlib import Path

import pytest

from xl_tiebreak import compute, rank, write_trf
from xl_tiebreak.cli import main
from xl_tiebreak.formatting import json_number

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "benchmarks"))
from events import swiss  # noqa: E402

LIST = "DE,BH,BH/C1,SB,AOB,WIN,PS,ARO,TPR,APRO,FB"


def run(*argv: str) -> str:
    out = io.StringIO()
    with redirect_stdout(out):
        assert main(list(argv)) == 0
    return out.getvalue()


@pytest.mark.parametrize("tiebreaks", [LIST, "BH"])
def test_json_as_json_dumps_writes_it(tmp_path, tiebreaks):
    t = swiss(60, 7, seed=11)
    path = tmp_path / "e.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    res = compute(t, tiebreaks, edition="fide2026")
    players = [{"no": p.no, "name": p.name, "points": float(res.points[k]),
                "values": [json_number(v) for v in res.values[k]]} for k, p in enumerate(t.players)]
    doc = {"edition": "fide2026", "rounds": res.rounds, "of": t.rounds, "in_progress": None, "live": False,
           "label": f"after round {res.rounds} of {t.rounds}", "tiebreaks": list(res.codes), "players": players}
    got = run("compute", str(path), "-t", tiebreaks, "-r", "fide2026", "-f", "json")
    assert got == json.dumps(doc, ensure_ascii=False, indent=1) + "\n"
    rows = rank(res)
    index = {p.no: k for k, p in enumerate(t.players)}
    ranked = [{"rank": r.place, **players[index[r.player.no]], "separated_by": r.separated_by} for r in rows]
    got = run("standings", str(path), "-t", tiebreaks, "-r", "fide2026", "-f", "json")
    assert got == json.dumps({**doc, "players": ranked}, ensure_ascii=False, indent=1) + "\n"


def test_names_with_quotes_and_accents(tmp_path):
    t = swiss(9, 4, seed=3)
    t = t.with_players(p.__class__(**{**p.__dict__, "name": n}) for p, n in
                       zip(t.players, ['Ødegård, "Ø"', "Ünal \\ Ç", "%s %d", *[f"P{i}" for i in range(6)]]))
    path = tmp_path / "n.trf"
    path.write_text(write_trf(t), encoding="utf-8")
    doc = json.loads(run("compute", str(path), "-t", "BH,ARO", "-f", "json"))
    assert [p["name"] for p in doc["players"][:3]] == ['Ødegård, "Ø"', "Ünal \\ Ç", "%s %d"]
