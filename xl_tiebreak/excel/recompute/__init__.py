"""The headless recompute: the evaluator of our formulas (:mod:`.formula`, :mod:`.formula_book`),
the cached values written into the workbook's XML (:mod:`.cached_values`), the print areas that
follow the players present, and the stale values that check and standings report."""
