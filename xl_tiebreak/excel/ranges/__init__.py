"""Ranges to the event: the rows of a range (as Excel hands them over to a function, or as the
one workbook reader reads them from a file) read into a Tournament or a TeamEvent, with the
event's settings, the Event and Published sheets and the prize arguments."""
