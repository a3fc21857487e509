"""The TRF writer: a tournament as TRF-16 text, plus the TRF-26 records that carry its data
(TIEBREAK_RULES §9)."""

from __future__ import annotations

from typing import Mapping, Optional

from ..model import Kind, Player, Round, Tournament
from .layout import RESULT_CODE, one_line, player_line, points_text
from .records import Writing, scoring_line, type_line, write_header_line


def write_trf(t: Tournament) -> str:
    """TRF-16 text for a tournament (plus TRF-26 records 142/162/202 where they carry data).

    The header records read (``t.header``) come back in their order, verbatim, except those the
    tournament itself settles: 012 the event's name, 042 the start date (the text read is kept
    when it is that date), 092/192 the type (kept when they say it), XXR/142 the number of rounds,
    162 the scoring, 202/212 the tie-breaks (kept when they list them), 062/072 the player counts
    (kept while the number of players is the same). What the header lacks is added after it."""
    out: list[str] = []
    nplayers = len(t.players)
    writing = Writing(t, counts_kept=any(ln[:3] == "062" and ln[4:].strip() == str(nplayers) for ln in t.header))
    done = writing.done
    for line in t.header:
        got = write_header_line(writing, line)
        if got is not None:
            out.append(one_line(got))
    if "012" not in done:
        out.insert(0, f"012 {one_line(t.name)}".rstrip())
    if "042" not in done and t.start_date:
        out.append(f"042 {t.start_date.replace('-', '/')}")
    if "092" not in done and t.kind:
        out.append(type_line(t.kind))
    if "XXR" not in done:
        out.append(f"XXR {t.rounds}")
    if not t.scoring.is_standard:
        out.append(scoring_line(t.scoring))
    if "202" not in done and t.tiebreaks:
        out.append("202 " + one_line(",".join(t.tiebreaks)))
    colours = missing_colours(t)
    for p in t.players:
        out.append(_player_line(p, colours))
    return "\n".join(out) + "\n"


def missing_colours(t: Tournament) -> dict[tuple[int, int], str]:
    """Colours for the rounds with an opponent but none typed (a forfeit written ``+6`` or
    ``-4``, a game written ``12 1`` or ``W12``): FIDE's reference engine refuses a pairing
    without colours. The opponent's colour, mirrored, when his cell has one; else white for the
    lower start number, black for the other, so that both sides of a game agree. Keys are
    (start number, round index)."""
    got: dict[tuple[int, int], str] = {}
    index = {p.no: p for p in t.players}
    for p in t.players:
        for i, r in enumerate(p.rounds):
            if r.opponent is None or r.colour is not None:
                continue
            other = index.get(r.opponent)
            mine = None
            if other is not None and i < len(other.rounds):
                theirs = other.rounds[i]
                if theirs.opponent == p.no and theirs.colour in ("w", "b"):
                    mine = "b" if theirs.colour == "w" else "w"
            got[(p.no, i)] = mine or ("w" if p.no < r.opponent else "b")
    return got


def _player_line(p: Player, colours: Optional[Mapping[tuple[int, int], str]] = None) -> str:
    rank = p.declared_rank
    colours = colours or {}
    return player_line({"no": p.no, "sex": p.sex, "title": p.title, "name": p.name, "rating": p.rating or "",
                        "fed": p.fed, "fide_id": p.fide_id, "birth": p.birth, "points": points_text(p.score()),
                        "rank": "" if rank is None else rank},
                       [_round_texts(r, colours.get((p.no, i))) for i, r in enumerate(p.rounds)])


def _round_texts(r: Round, colour: Optional[str] = None) -> tuple[object, str, str]:
    """A round's opponent, colour and result as a 001 line writes them; ``colour`` stands in
    for a colour the round lacks (see :func:`missing_colours`)."""
    if r.kind in (Kind.ABSENT, Kind.WITHDRAWN) or (r.kind is Kind.NOT_PLAYED and r.opponent is None):
        return "", " ", " "
    if r.kind is Kind.NOT_PLAYED:  # paired, result to come
        return r.opponent, r.colour or colour or "-", " "
    if r.opponent is None:
        return "0000", "-", RESULT_CODE[r.kind]
    return r.opponent, r.colour or colour or "-", RESULT_CODE[r.kind]
