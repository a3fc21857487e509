"""The layout of a TRF line (TIEBREAK_RULES §9.2): the fixed columns of record 001 and of its
rounds, and the result codes, one table read by the reader and the writer alike."""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from typing import Iterable, Mapping, Optional

from ..model import Kind
from ..name_text import clean_line

#: Result code -> kind, for rounds with an opponent (TRF-16 C.04 Annex 2).
RESULT_WITH_OPPONENT = {
    "1": Kind.WIN, "=": Kind.DRAW, "0": Kind.LOSS,
    "W": Kind.SHORT_WIN, "D": Kind.SHORT_DRAW, "L": Kind.SHORT_LOSS,
    "+": Kind.FORFEIT_WIN, "-": Kind.FORFEIT_LOSS,
}
#: Result code -> kind, for rounds without an opponent (``0000`` or blank). ``+`` is an older
#: spelling of the pairing-allocated bye; ``-`` with no opponent means "not paired" (lichess).
RESULT_WITHOUT_OPPONENT = {
    "U": Kind.PAB, "+": Kind.PAB, "F": Kind.FULL_BYE, "H": Kind.HALF_BYE,
    "Z": Kind.ZERO_BYE, "-": Kind.ABSENT, " ": Kind.ABSENT,
}
#: Kind -> the result code a writer puts (a double forfeit is ``-`` on both sides).
RESULT_CODE = {
    Kind.WIN: "1", Kind.DRAW: "=", Kind.LOSS: "0",
    Kind.SHORT_WIN: "W", Kind.SHORT_DRAW: "D", Kind.SHORT_LOSS: "L",
    Kind.FORFEIT_WIN: "+", Kind.FORFEIT_LOSS: "-", Kind.DOUBLE_FORFEIT: "-",
    Kind.PAB: "U", Kind.FULL_BYE: "F", Kind.HALF_BYE: "H", Kind.ZERO_BYE: "Z",
}


@dataclass(frozen=True)
class Field:
    """A fixed-column field of a TRF record: columns ``first`` to ``last`` (1-based, inclusive),
    what it ``holds``; the writer puts a shorter text ``align``-ed (``<`` left, ``>`` right) and
    ``cut``-s a longer one to the width (texts; numbers are written whole)."""

    name: str
    first: int
    last: int
    holds: str
    align: str = "<"
    cut: bool = False

    @property
    def width(self) -> int:
        return self.last - self.first + 1

    @property
    def cols(self) -> slice:
        """The field's characters: ``line[field.cols]``."""
        return slice(self.first - 1, self.last)

    @property
    def where(self) -> str:
        """``"column 10"``, ``"columns 5-8"``: the words of a finding's place."""
        return _columns(self.first, self.last)


def _columns(first: int, last: int) -> str:
    return f"column {first}" if first == last else f"columns {first}-{last}"


#: Record 001, one player (TIEBREAK_RULES §9.2): the fields before the rounds, in column order.
PLAYER_FIELDS = (
    Field("record", 1, 3, "the record code, 001"),
    Field("no", 5, 8, "start rank, 1-9999 (Player.no)", ">"),
    Field("sex", 10, 10, "sex, m or w", cut=True),
    Field("title", 11, 13, "title: GM IM WGM FM WIM CM WFM WCM, or g m f c wg wm wf wc", ">", cut=True),
    Field("name", 15, 47, "name, 'Last, First'", cut=True),
    Field("rating", 49, 52, "FIDE rating; 0 or blank: unrated", ">"),
    Field("fed", 54, 56, "federation", cut=True),
    Field("fide_id", 58, 68, "FIDE ID", ">", cut=True),
    Field("birth", 70, 79, "birth date, YYYY/MM/DD", cut=True),
    Field("points", 81, 84, "points under the event's scoring system (Player.declared_points)", ">"),
    Field("rank", 86, 89, "rank (Player.declared_rank)", ">"),
)
#: The fields of round 1; those of round r are ``ROUND_STRIDE * (r - 1)`` columns further right.
ROUND_FIELDS = (
    Field("opponent", 92, 95, "the opponent's start rank; 0000 or blank: none", ">"),
    Field("colour", 97, 97, "w, b, or - or blank without an opponent"),
    Field("result", 99, 99, "the result code: 1 = 0 + - W D L with an opponent, U F H Z + - or blank without"),
)
ROUND_STRIDE = 10
#: Every field by name.
FIELDS = {f.name: f for f in PLAYER_FIELDS + ROUND_FIELDS}


def round_where(rnd: int, first: str, last: Optional[str] = None) -> str:
    """Where field ``first`` (to field ``last``) of round ``rnd`` (1-based) is, e.g.
    ``round_where(2, "opponent") == "columns 102-105"``."""
    shift = ROUND_STRIDE * (rnd - 1)
    return _columns(FIELDS[first].first + shift, FIELDS[last or first].last + shift)


def _template(fields: tuple[Field, ...], start: int) -> str:
    """A ``str.format`` template putting each field at its columns, blanks between, from ``start``."""
    out = []
    for f in fields:
        cut = f".{f.width}" if f.cut else ""
        out.append(" " * (f.first - start) + "{%s:%s%d%s}" % (f.name, f.align, f.width, cut))
        start = f.last + 1
    return "".join(out)


_PLAYER_TEMPLATE = _template(PLAYER_FIELDS, 1)
_ROUND_TEMPLATE = _template(ROUND_FIELDS, PLAYER_FIELDS[-1].last + 1)  # one round: ROUND_STRIDE columns
assert ROUND_FIELDS[-1].last - PLAYER_FIELDS[-1].last == ROUND_STRIDE


class _Blank(dict[str, object]):
    def __missing__(self, key: str) -> str:
        return ""


def one_line(text: str) -> str:
    """``text`` as it may stand inside one TRF line: the characters every reader drops from a text
    field (:func:`~xl_tiebreak.name_text.clean_line`: a line break or a tab a space, a control or
    bidirectional character dropped), so that no field (a name typed in a spreadsheet cell with
    Alt+Enter, say) can end its line and forge a record of its own, or move a reader's columns.

    >>> one_line("Smith,\\nJohn\\u2028001    9"), one_line("\\u202eEN\\x0bG")
    ('Smith, John 001    9', 'EN G')
    """
    return clean_line(text)[0]


def player_line(fields: Mapping[str, object], rounds: Iterable[tuple[object, object, object]] = ()) -> str:
    """A 001 line: the texts of :data:`PLAYER_FIELDS` by name (blank where not given; ``record``
    is ``001``), then each round's (opponent, colour, result), right-stripped.

    >>> player_line({"no": 3, "name": "Three, C", "points": "1.0"}, [(5, "w", "1")])[80:]
    ' 1.0          5 w 1'
    """
    safe = {k: one_line(v) if isinstance(v, str) else v for k, v in fields.items()}
    line = _PLAYER_TEMPLATE.format_map(_Blank({"record": "001", **safe}))
    return (line + "".join([_ROUND_TEMPLATE.format(opponent=o, colour=c, result=r) for o, c, r in rounds])).rstrip()


#: Round 1's fields (opponent, colour, result) as slices of a line; round r's are
#: ``ROUND_STRIDE * (r - 1)`` further right.
ROUND_SLICES = tuple(f.cols for f in ROUND_FIELDS)
ROUNDS_FROM = ROUND_SLICES[0].start  # where round 1 starts: its opponent


def round_count(size: int) -> int:
    """How many rounds a 001 line of ``size`` characters (right-stripped) reaches into."""
    return (size - ROUNDS_FROM - 1) // ROUND_STRIDE + 1 if size > ROUNDS_FROM else 0


def round_fields(line: str) -> list[tuple[str, str, str]]:
    """The round fields (opponent, colour, result) of a 001 line, up to its last non-blank one."""
    (o1, o2), (c1, c2), (r1, r2) = ((f.start, f.stop) for f in ROUND_SLICES)
    fields = []
    for at in range(0, ROUND_STRIDE * round_count(len(line.rstrip())), ROUND_STRIDE):
        fields.append((line[o1 + at:o2 + at].ljust(o2 - o1), line[c1 + at:c2 + at].ljust(c2 - c1),
                       line[r1 + at:r2 + at].ljust(r2 - r1)))
    return fields


def points_text(v: Fraction) -> str:
    """A points value as TRF writes it: one decimal, or two for quarter points."""
    s = f"{float(v):.1f}"
    return s if Fraction(s) == v else f"{float(v):.2f}"
