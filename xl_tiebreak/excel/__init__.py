"""The spreadsheet face, in layers (each imports only those below it):

* :mod:`.xlsx`: the one reader of a workbook's XML, the cell patcher, zip and XML safety;
* :mod:`.ranges`: ranges to the event: a crosstable, the team ranges, the Settings, Event, Published
  and prize ranges read into a Tournament or a TeamEvent, from Excel's arguments or from a file
  (the one workbook reader, :mod:`.ranges.book_reader`);
* :mod:`.functions`: the Excel-named functions (one registry), their checks, results, cache and the
  tables they spill;
* :mod:`.recompute`: the formula evaluator and the headless recompute that writes cached values;
* :mod:`.workbook`: the workbook commands (template, workbook, export-trf, recompute, check,
  prizes from a workbook, print);
* :mod:`.authoring`: the templates and workbooks the package writes (openpyxl).

A *table* here is always rows of cell values, a 2-D list: a range as Excel hands it over to a
function (the crosstable, the prize table) or the block a function spills (``whatif_table``,
``prize_tables``, ``standings_table``). What is read from tables is named for what it is: a
crosstable range (:mod:`.ranges.crosstable_range`), the team ranges (:mod:`.ranges.team_ranges`,
giving a :class:`~.ranges.team_ranges.TeamEventRead`).

Only this package (and the CLI) may import openpyxl or xlwings; the core never does."""
