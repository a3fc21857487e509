"""The TRF writer: a tournament as TRF-16 text, plus the TRF-26 records that carry its data
(TIEBREAK_RULES §9).

A file read and written back keeps every header record and comment line, and every field the
reader took from a 001 line (start rank, sex, title, name, rating, federation, FIDE ID, birth
date, points, rank, each round's opponent, colour and result). What it does not keep
character for character, on purpose:

* 001 fields stand at their columns in one alignment (text left, numbers right): a federation
  written ``" OS"`` or a name starting a column late comes back ``"OS "``, starting at column 15;
* a rating of ``0`` / ``0000`` is written blank (TRF-16: 0 or blank, unrated; the reader takes
  both for "no rating");
* a round without an opponent is written ``0000 - X`` (``X`` its code; the opponent of four
  blanks and the ``+`` that older files write for a pairing-allocated bye become TRF-16's
  ``0000`` and ``U``), and an absence (``-`` or blank without an opponent) is left blank, which
  TRF-16 reads as the same; trailing blanks are not written;
* a game or forfeit without a colour (``-``) gets one (:func:`missing_colours`): FIDE's
  reference engine refuses a pairing without colours;
* the points field is the points of the results (:meth:`~xl_tiebreak.model.Player.score`);
* the players come in start-rank order; blank lines are left out;
* the records the tournament settles are rewritten when it says otherwise (see
  :func:`write_trf`), and those it lacks are added: ``XXR`` (the number of rounds), a ``162``
  for a scoring other than 1/½/0, ``202`` for its tie-breaks, ``012``, ``042``, ``092``.

A text longer than its columns (a name of more than 33 characters, say) is cut to them, and a
note says so; so is a count of 062/072 that could not be brought up to date
(:func:`~xl_tiebreak.trf.records._write_count`). The notes go to the list the caller gives.
"""

from __future__ import annotations

from typing import Mapping, Optional

from ..model import Kind, Player, Round, Tournament
from .layout import PLAYER_FIELDS, RESULT_CODE, one_line, player_line, points_text
from .records import Writing, scoring_line, type_line, write_header_line


def write_trf(t: Tournament, notes: Optional[list[str]] = None) -> str:
    """TRF-16 text for a tournament (plus TRF-26 records 142/162/202 where they carry data).

    The header records read (``t.header``) come back in their order, verbatim, except those the
    tournament itself settles: 012 the event's name, 042 the start date (the text read is kept
    when it is that date, or when the event has none), 092/192 the type (kept when they say it),
    XXR/142 the number of rounds, 162 the scoring, 202/212 the tie-breaks (kept when they list
    them), 062/072 the player counts (kept while still true; see
    :func:`~xl_tiebreak.trf.records._write_count`). What the header lacks is added after it.
    ``notes``: where the writer says what it could not keep as read (module docstring)."""
    out: list[str] = []
    writing = Writing(t)
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
        out.append(_player_line(p, colours, writing.notes))
    with_k = [p.no for p in t.players if p.k_factor is not None]
    if with_k:  # B.02 8.3.3's K, typed in a workbook's K column: no TRF record carries it
        writing.notes.append(f"the K factors of {len(with_k)} player(s) (the workbook's K column) are not in the "
                             "TRF: it has no field for them; a rating change computed from the TRF uses "
                             "B.02 8.3.3's K, marked assumed")
    if notes is not None:
        notes.extend(writing.notes)
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


#: the 001 fields a writer cuts to their columns (:class:`~xl_tiebreak.trf.layout.Field`)
_CUT_FIELDS = tuple(f for f in PLAYER_FIELDS if f.cut)


def _player_line(p: Player, colours: Optional[Mapping[tuple[int, int], str]] = None,
                 notes: Optional[list[str]] = None) -> str:
    rank = p.declared_rank
    colours = colours or {}
    fields = {"no": p.no, "sex": p.sex, "title": p.title, "name": p.name, "rating": p.rating or "", "fed": p.fed,
              "fide_id": p.fide_id, "birth": p.birth, "points": points_text(p.score()),
              "rank": "" if rank is None else rank}
    if notes is not None:
        for f in _CUT_FIELDS:
            text = one_line(str(fields[f.name]))
            if len(text) > f.width:
                notes.append(f"player {p.no}: the {f.name} {text!r} is longer than the {f.width} columns of TRF's "
                             f"001 record ({f.where}); written as {text[:f.width]!r}")
    # a withdrawal (a workbook's WD: this round and every later one) written in each round from it on
    gone = next((i for i, r in enumerate(p.rounds) if r.kind is Kind.WITHDRAWN), len(p.rounds))
    rounds = [r if i < gone or r.kind.is_entered or r.opponent is not None else Round(Kind.WITHDRAWN)
              for i, r in enumerate(p.rounds)]
    return player_line(fields, [_round_texts(r, colours.get((p.no, i))) for i, r in enumerate(rounds)])


def _round_texts(r: Round, colour: Optional[str] = None) -> tuple[object, str, str]:
    """A round's opponent, colour and result as a 001 line writes them; ``colour`` stands in
    for a colour the round lacks (see :func:`missing_colours`)."""
    if r.kind is Kind.WITHDRAWN:  # TRF has no code for it: absent, written out so that a round yet to
        # pair reads it as the reference does (C.04.2 art. 3.2)
        return "0000", "-", "-"
    if r.kind is Kind.ABSENT or (r.kind is Kind.NOT_PLAYED and r.opponent is None):
        return "", " ", " "
    if r.kind is Kind.NOT_PLAYED:  # paired, result to come
        return r.opponent, r.colour or colour or "-", " "
    if r.opponent is None:
        return "0000", "-", RESULT_CODE[r.kind]
    return r.opponent, r.colour or colour or "-", RESULT_CODE[r.kind]
