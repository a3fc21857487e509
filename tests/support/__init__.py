"""Helpers shared by the tests: team events built by hand, team TRF files, a PDF's pages, typing
into a workbook as a user does, the reference xlsx reader (openpyxl)."""
