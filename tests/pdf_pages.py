"""LibreOffice's PDF of a workbook, page by page (the real client that prints a workbook).

LibreOffice prints every visible sheet of the workbook into one PDF; each page's footer says
``<sheet> - page P of N`` (the templates' footer ``&A - page &P of &N``), so one sheet's pages are
those whose text holds ``<sheet> - page``.
"""

from __future__ import annotations

import re
import subprocess
from pathlib import Path

_RECALC_ALWAYS = """<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema"
 xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Calc/Formula/Load"><prop oor:name="OOXMLRecalcMode" oor:op="fuse">
<value>0</value></prop></item>
</oor:items>
"""


def pdf_pages(book: Path, out: Path, recalc_always: bool = False) -> list[str]:
    """The text of each page of LibreOffice's PDF of ``book`` (a private profile each time: no
    clash with another LibreOffice, and the recalculation mode chosen)."""
    profile = out / "profile"
    (profile / "user").mkdir(parents=True, exist_ok=True)
    if recalc_always:
        (profile / "user" / "registrymodifications.xcu").write_text(_RECALC_ALWAYS)
    subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(out), str(book)], check=True, capture_output=True, timeout=180)
    pdf = out / (book.stem + ".pdf")
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    got = text.split("\f")[:pages]
    assert len(got) == pages
    return got


def _sheet_pages(pages: list[str], sheet: str) -> list[str]:
    return [p for p in pages if f"{sheet} - page" in p]


def sheet_pages(pages: list[str], sheet: str) -> list[str]:
    return [p for p in pages if f"{sheet} - page" in p]
