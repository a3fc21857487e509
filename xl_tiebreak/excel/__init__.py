"""The spreadsheet face: Excel-named functions (one registry), the xlwings UDF module, workbook
templates, reading and writing workbooks, and the headless recompute. Only this package (and
the CLI) may import openpyxl or xlwings; the core never does."""
