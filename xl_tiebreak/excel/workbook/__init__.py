"""The workbook commands: template, workbook, export-trf, recompute (:mod:`.commands`), check of a
workbook, its prize table read for ``prizes``, one sheet printed through LibreOffice."""
