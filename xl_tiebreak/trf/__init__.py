"""FIDE's Tournament Report File (TRF-16 / TRF-26, TIEBREAK_RULES §9): the column table
(:mod:`.layout`), the header records (:mod:`.records`), the reader and the writer."""

from .reader import parse_trf, read_trf
from .writer import write_trf

__all__ = ["parse_trf", "read_trf", "write_trf"]
