"""``xl-tiebreak print``: the PDF of one sheet for the notice board, through LibreOffice.

LibreOffice (File > Export as PDF, ``soffice --convert-to pdf``) prints every visible sheet of a
workbook, ten pages where the arbiter wants the Standings. This command prints one sheet:

* The user's workbook is only read. A copy in memory is recomputed (:mod:`.recompute.cached_values`: the page
  shows what the results typed give now, even when the workbook was saved without
  recalculating), every other sheet of the copy is hidden and, on the Categories, Prizes and What
  if sheets, the rows one types in above the table (and the sheet's note to the arbiter) too, so
  the page is the heading, the status line and the table (:mod:`.xlsx.visibility`); ``category``
  leaves one category's block of the Categories sheet. A TRF file is first made into the
  workbook ``xl-tiebreak workbook`` makes of it.
* LibreOffice runs headless on that copy in a temporary folder with a profile of its own (so it
  runs beside a LibreOffice the user has open), told to show the stored values (never to
  recalculate on load: it does not know our functions), within :data:`TIMEOUT` seconds; the PDF
  is then written atomically where asked.

Without LibreOffice the command says so and how to get it (exit status 2). A workbook whose
next round was never paired has no Pairings sheet: asked for one, the command says so and how to
make it.
"""

from __future__ import annotations

import io
import os
import re
import shutil
import signal
import subprocess
import tempfile
import zipfile
from pathlib import Path
from typing import Any, Optional, Sequence

from ...errors import InputError

#: seconds LibreOffice may take to write the PDF (its first start in a new profile takes a few)
TIMEOUT = 180
#: where LibreOffice installs itself when it is not on the PATH (Windows, macOS)
KNOWN_PLACES = (r"C:\Program Files\LibreOffice\program\soffice.exe",
                r"C:\Program Files (x86)\LibreOffice\program\soffice.exe",
                "/Applications/LibreOffice.app/Contents/MacOS/soffice")
#: the tables printed without the rows one types in above them (and the sheet's note, row 2)
TABLES_BELOW_INPUTS = ("CATEGORY_STANDINGS", "PRIZES", "WHATIF")
NO_PAIRINGS = ("the workbook has no Pairings sheet yet: 'xl-tiebreak pair BOOK.xlsx --write' pairs the next round "
               "(Berger tables for a round robin, the Dutch system for a Swiss event) and writes it")
def profile_settings(recalc: int = 1) -> str:
    """LibreOffice's user settings (``registrymodifications.xcu`` of a private profile) with its
    "recalculation on file load" for Excel files, ``OOXMLRecalcMode``: 0 always, 1 never (show the
    stored values, as printing a workbook does), 2 ask."""
    return ('<?xml version="1.0" encoding="UTF-8"?>\n'
            '<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"\n'
            ' xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">\n'
            '<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">\n'
            f'<value>{recalc}</value></prop></item>\n'
            '</oor:items>\n')


def find_soffice() -> Optional[str]:
    """LibreOffice's program: ``soffice`` (or ``libreoffice``) on the PATH, else where it installs
    itself on Windows and macOS; None when it is not installed."""
    for name in ("soffice", "libreoffice"):
        found = shutil.which(name)
        if found:
            return found
    return next((p for p in KNOWN_PLACES if os.path.isfile(p)), None)


def _key(title: str) -> str:
    """A sheet's name as ``--sheet`` may write it: no case, no spaces, hyphens or underscores
    (``whatif`` and ``what-if`` name the sheet What if)."""
    return re.sub(r"[\s_-]+", "", title).casefold()


def choose_sheet(visible: Sequence[str], asked: str, source: str) -> str:
    """The visible sheet ``asked`` names (its name, written as :func:`_key` allows)."""
    got = [t for t in visible if _key(t) == _key(asked)]
    if got:
        return got[0]
    listed = ", ".join(visible) or "none"
    if _key(asked) == "pairings":
        raise InputError(f"--sheet {asked}: {NO_PAIRINGS} (the sheets: {listed})", source)
    raise InputError(f"--sheet {asked}: no such sheet to print; the sheets: {listed}", source)


def _input_rows(formulas: dict[str, str], anchor: str) -> list[int]:
    """The rows above a table of :data:`TABLES_BELOW_INPUTS` at ``anchor`` that one types in, and
    the note to the arbiter (row 2): every row between the title (row 1) and the table's own
    label (the row above it) but the status line's (the row whose formula shows the event's)."""
    row = int(re.sub(r"^[A-Z]+", "", anchor))
    status = {int(re.sub(r"^[A-Z]+", "", c)) for c, f in formulas.items()
              if "SHEET_STATUS(" in f or "Crosstable!$A$3" in f}
    return [r for r in range(2, row - 1) if r not in status]


def _category_rows(table: list[list[Any]], first: int, name: str, source: str) -> list[int]:
    """The rows of the Categories table (from row ``first``) outside the block of the category
    ``name`` (its title row holds the name in its first cell; the block ends at an empty row)."""
    starts = [k for k in range(len(table) - 1) if str(table[k + 1][0]) == "Rk" and str(table[k][0]).strip()]
    names = [str(table[k][0]) for k in starts]
    at = next((k for k in starts if str(table[k][0]).strip().casefold() == name.strip().casefold()), None)
    if at is None:
        raise InputError(f"--category {name}: no such category on the Categories sheet; its categories: "
                         f"{', '.join(names) or 'none (type a name and a category there)'}", source)
    end = next((k for k in range(at, len(table)) if not any(str(v).strip() for v in table[k])), len(table))
    return [first + k for k in range(len(table)) if not at <= k < end]


def _run(soffice: str, book: bytes, folder: Path) -> bytes:
    """LibreOffice's PDF of the workbook ``book`` (written in ``folder``, with a private profile)."""
    profile = folder / "profile"
    (profile / "user").mkdir(parents=True)
    (profile / "user" / "registrymodifications.xcu").write_text(profile_settings(1), encoding="utf-8")
    src = folder / "page.xlsx"
    src.write_bytes(book)
    cmd = [soffice, f"-env:UserInstallation={profile.as_uri()}", "--headless", "--norestore", "--convert-to", "pdf",
           "--outdir", str(folder), str(src)]
    posix = os.name == "posix"
    try:
        proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL,
                                start_new_session=posix)
    except OSError as exc:
        raise InputError(f"LibreOffice ({soffice}) could not be started: {exc.strerror or exc}") from None
    try:
        _, err = proc.communicate(timeout=TIMEOUT)
    except subprocess.TimeoutExpired:
        if posix:  # soffice starts soffice.bin: end them both
            try:
                os.killpg(proc.pid, signal.SIGKILL)
            except OSError:
                pass
        proc.kill()
        proc.communicate()
        raise InputError(f"LibreOffice did not write the PDF within {TIMEOUT} s; nothing was written") from None
    pdf = folder / "page.pdf"
    if proc.returncode != 0 or not pdf.is_file() or pdf.stat().st_size == 0:
        said = err.decode("utf-8", "replace").strip().splitlines()[-1:] or ["no message"]
        raise InputError(f"LibreOffice ({soffice}) wrote no PDF (exit status {proc.returncode}: {said[0][:300]}); "
                         "nothing was written")
    return pdf.read_bytes()


def page_count(pdf: bytes) -> int:
    """The pages of a PDF LibreOffice wrote (its page objects)."""
    return len(re.findall(rb"/Type\s*/Page\b(?!s)", pdf))


def _workbook_of_trf(args: Any) -> tuple[bytes, list[str]]:
    """The workbook ``xl-tiebreak workbook`` makes of a TRF file under the same options
    (:func:`.workbook.commands.trf_workbook`), not yet recomputed, and the reader's notes; ``--category``
    typed on its Categories sheet (a TRF file has none of its own)."""
    from ..authoring.template import to_bytes
    from .commands import trf_workbook
    made = trf_workbook(args)
    if args.category:
        if made.team:
            raise InputError("--category: a team event has no categories")
        from ...categories import parse_category
        from ..authoring.prize_sheets import CAT_FIRST, CATEGORIES_SHEET
        parse_category(args.category, "--category")
        for col in (1, 2):  # as text, never a formula
            cell = made.wb[CATEGORIES_SHEET].cell(CAT_FIRST, col)
            cell.value, cell.data_type = args.category.strip(), "s"
    return to_bytes(made.wb), made.notes


def print_sheet(args: Any) -> tuple[str, int]:
    """``print``: the PDF of one sheet (see the module's description); the message, and the exit
    status (1 when a table of the page's workbook shows an error, which the page shows too)."""
    from ..ranges.book_reader import Book
    from ..recompute.cached_values import Report, plan, planned_bytes
    from ..xlsx.package import MAX_WORKBOOK_BYTES, ZipCopy
    from ..xlsx.parts import workbook_part
    from ..xlsx.safe_write import atomic_write, writable_target
    from ..xlsx.visibility import hide_rows, show_only
    from ...input_file import read_input_file
    source = Path(args.input).name
    out = Path(args.output)
    if out.suffix.lower() != ".pdf":
        raise InputError("the page is written as PDF: name the file *.pdf", str(out))
    writable_target(out, overwrite=args.force)  # refused before the work, not after it
    soffice = find_soffice()
    if soffice is None:
        raise InputError("print needs LibreOffice to write the PDF, and it is not installed (no soffice on the "
                         "PATH): install it (libreoffice.org; Debian/Ubuntu: apt-get install libreoffice-calc), "
                         "or open the workbook and export its sheet as PDF; nothing was written")
    asked = args.sheet or ("Categories" if args.category else "Standings")
    is_book = str(args.input).lower().endswith((".xlsx", ".xlsm"))
    notes: list[str] = []
    if not is_book:  # (the TRF reader's errors name the file already)
        data, notes = _workbook_of_trf(args)
    try:
        if is_book:
            data = read_input_file(args.input, MAX_WORKBOOK_BYTES, f"the file is larger than "
                                   f"{MAX_WORKBOOK_BYTES // 2**20} MiB (MAX_WORKBOOK_BYTES)")
        report = Report()
        planned = plan(data, report)  # the workbook read once: the page's values, and the stale note below
        data, report = planned_bytes(planned, report)
        book = Book(data, source)  # the page's workbook (the values written)
    except InputError as exc:
        raise InputError(str(exc), source) from None
    visible = [t for t, p in book.sheets.items() if p.state == "visible"]
    title = choose_sheet(visible, asked, source)
    if args.category and title != "Categories":
        raise InputError(f"--category prints the Categories sheet, not {title}: leave --sheet out")
    formulas = {c: v for c, v in book.cells(title).items() if isinstance(v, str) and v.startswith("=")}
    hidden: list[int] = []
    # the table's first cell (its spilled formula, or the first of its one-cell formulas)
    anchor = next((c for c, text in formulas.items() if any(f"{n}(" in text for n in TABLES_BELOW_INPUTS)), None)
    if anchor is not None:
        hidden = _input_rows(formulas, anchor)
    if args.category:
        table = report.values.get(f"{title}!{anchor}")
        if not isinstance(table, list):
            raise InputError("--category: the Categories sheet has no table of categories to take one from (a "
                             "workbook with one formula per cell); print the whole sheet with --sheet categories",
                             source)
        hidden += _category_rows(table, int(re.sub(r"^[A-Z]+", "", str(anchor))), args.category, source)
    with zipfile.ZipFile(io.BytesIO(data)) as z:
        wb_path = workbook_part(z)
        sheet_path = book.sheets[title].path
        workbook_xml = z.read(wb_path).decode("utf-8")
        sheet_xml = z.read(sheet_path).decode("utf-8")
    try:
        shown, rows = show_only(workbook_xml, title), hide_rows(sheet_xml, hidden)
    except InputError as exc:
        raise InputError(str(exc), source) from None
    copy = ZipCopy(data, {wb_path, sheet_path})
    copy.put(wb_path, shown.encode("utf-8"))
    copy.put(sheet_path, rows.encode("utf-8"))
    page = copy.finish()
    with tempfile.TemporaryDirectory(prefix="xl-tiebreak-print-") as folder:
        pdf = _run(soffice, page, Path(folder))
    written = atomic_write(out, pdf, overwrite=args.force)
    n = page_count(pdf)
    what = f"the {title} sheet" + (f", category {args.category.strip()}" if args.category else "")
    lines = [f"wrote {written}: {what} of {source}, {n} page{'' if n == 1 else 's'}"
             + (" (values recomputed from the results typed; the workbook is unchanged)" if is_book else "")]
    if is_book:  # the page shows the values the results give; the workbook's own may be older
        from ..recompute.stale import note, planned_findings, stale_in
        note(planned_findings(stale_in(planned, report), report.errors, source))
    lines += [f"note: {n}" for n in notes]
    if report.errors:
        where, why = next(iter(report.errors.items()))
        lines.append(f"the page shows an error ({where}: {why}); correct the cell and print again")
    return "\n".join(lines) + "\n", 1 if report.errors else 0
