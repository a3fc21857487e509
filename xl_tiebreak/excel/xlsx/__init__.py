"""The package's own xlsx stack, below the spreadsheet face and without openpyxl: the zip package
(limits, safe reads, a copy with members replaced), its parts, shared strings, dates, defined
names, the sheet reader, the sheet patcher, A1 notation, shared-formula shifting, safe XML
parsing and atomic writes."""
