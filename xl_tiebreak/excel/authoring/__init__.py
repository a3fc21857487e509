"""Workbooks authored with openpyxl: the templates, the teaching workbook and the workbook made
from a TRF file. Only the commands that make a workbook load this package (openpyxl's import alone
takes a tenth of a second)."""
