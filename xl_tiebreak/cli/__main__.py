"""``python -m xl_tiebreak.cli``: the program (:func:`xl_tiebreak.cli.main`)."""

from . import main

if __name__ == "__main__":  # pragma: no cover
    raise SystemExit(main())
