"""LibreOffice's PDF of a workbook, page by page (the real client that prints a workbook), and
what poppler reads back of a PDF: text with positions and font sizes, pixels.

LibreOffice prints every visible sheet of the workbook into one PDF; each page's footer says
``<sheet> - page P of N`` (the templates' footer ``&A - page &P of &N``), so one sheet's pages are
those whose text holds ``<sheet> - page``.
"""

from __future__ import annotations

import html
import re
import subprocess
from dataclasses import dataclass
from pathlib import Path

from xl_tiebreak.excel.workbook.printing import profile_settings



def to_pdf(book: Path, out: Path, recalc_always: bool = False) -> Path:
    """LibreOffice's PDF of ``book`` in the folder ``out``, through a private profile each time (no
    clash with another LibreOffice, a test running beside it included, and the recalculation mode
    chosen)."""
    profile = out / "profile"
    (profile / "user").mkdir(parents=True, exist_ok=True)
    if recalc_always:
        (profile / "user" / "registrymodifications.xcu").write_text(profile_settings(0))  # recalculate on load
    subprocess.run(["soffice", f"-env:UserInstallation={profile.as_uri()}", "--headless", "--convert-to", "pdf",
                    "--outdir", str(out), str(book)], check=True, capture_output=True, timeout=180)
    return out / (book.stem + ".pdf")


def pdf_pages(book: Path, out: Path, recalc_always: bool = False) -> list[str]:
    """The text of each page of LibreOffice's PDF of ``book`` (:func:`to_pdf`)."""
    pdf = to_pdf(book, out, recalc_always)
    info = subprocess.run(["pdfinfo", str(pdf)], check=True, capture_output=True, text=True).stdout
    pages = int(re.search(r"^Pages:\s+(\d+)", info, re.M).group(1))
    text = subprocess.run(["pdftotext", "-layout", str(pdf), "-"], check=True, capture_output=True,
                          text=True).stdout
    got = text.split("\f")[:pages]
    assert len(got) == pages
    return got


def sheet_pages(pages: list[str], sheet: str) -> list[str]:
    """The pages of one sheet (its footer says ``<sheet> - page``)."""
    return [p for p in pages if f"{sheet} - page" in p]


@dataclass(frozen=True)
class Text:
    """A run of text on a PDF page as poppler finds it: where (points from the page's top left)
    and its font size in points."""

    text: str
    left: float
    top: float
    width: float
    height: float
    size: float

    @property
    def right(self) -> float:
        return self.left + self.width


def pdf_texts(pdf: Path) -> list[list[Text]]:
    """Every run of text of each page of ``pdf``, with its position and font size (``pdftohtml
    -xml`` at zoom 2: positions and sizes to half a point)."""
    xml = subprocess.run(["pdftohtml", "-xml", "-i", "-stdout", "-zoom", "2", str(pdf)], check=True,
                         capture_output=True, text=True).stdout
    sizes = {m.group(1): int(m.group(2)) / 2 for m in re.finditer(r'<fontspec id="(\d+)" size="(-?\d+)"', xml)}
    pages = []
    for page in re.finditer(r"<page\b[^>]*>(.*?)</page>", xml, re.S):
        runs = []
        for m in re.finditer(r'<text top="(-?\d+)" left="(-?\d+)" width="(\d+)" height="(\d+)" font="(\d+)">(.*?)'
                             r"</text>", page.group(1), re.S):
            top, left, width, height = (int(v) / 2 for v in m.groups()[:4])
            words = html.unescape(re.sub(r"<[^>]+>", "", m.group(6)))
            runs.append(Text(words, left, top, width, height, sizes[m.group(5)]))
        pages.append(runs)
    return pages


def pdf_words(pdf: Path) -> list[list[Text]]:
    """Every word of each page of ``pdf`` with its box in points (``pdftotext -bbox``; no font
    size there: 0)."""
    xml = subprocess.run(["pdftotext", "-bbox", str(pdf), "-"], check=True, capture_output=True, text=True).stdout
    pages = []
    for page in re.finditer(r"<page\b[^>]*>(.*?)</page>", xml, re.S):
        words = []
        for m in re.finditer(r'<word xMin="([\d.]+)" yMin="([\d.]+)" xMax="([\d.]+)" yMax="([\d.]+)">(.*?)</word>',
                             page.group(1)):
            x0, y0, x1, y1 = map(float, m.groups()[:4])
            words.append(Text(html.unescape(m.group(5)), x0, y0, x1 - x0, y1 - y0, 0))
        pages.append(words)
    return pages


def page_size(pdf: Path, page: int = 1) -> tuple[float, float]:
    """(width, height) of a page in points."""
    info = subprocess.run(["pdfinfo", "-f", str(page), "-l", str(page), str(pdf)], check=True, capture_output=True,
                          text=True).stdout
    m = re.search(r"Page\s+\d+ size:\s+([\d.]+) x ([\d.]+)", info)
    assert m, info
    return float(m.group(1)), float(m.group(2))


def page_image(pdf: Path, page: int, dpi: int = 72) -> tuple[int, int, bytes]:
    """(width, height, RGB bytes) of a page rendered by poppler (``pdftoppm``, a PPM image): at 72
    dpi a pixel is a point."""
    ppm = subprocess.run(["pdftoppm", "-f", str(page), "-l", str(page), "-r", str(dpi), str(pdf)], check=True,
                         capture_output=True).stdout
    m = re.match(rb"P6\s+(\d+)\s+(\d+)\s+255\s", ppm)
    assert m, ppm[:20]
    return int(m.group(1)), int(m.group(2)), ppm[m.end():]


def pixel(image: tuple[int, int, bytes], x: float, y: float) -> tuple[int, int, int]:
    width, _, rgb = image
    at = 3 * (int(y) * width + int(x))
    return rgb[at], rgb[at + 1], rgb[at + 2]


HEAD_FILL = (0xDD, 0xE6, 0xF0)  # the templates' header fill (authoring/styles.py)


def filled_between(image: tuple[int, int, bytes], y: float, x0: float, x1: float,
                   colour: tuple[int, int, int] = HEAD_FILL) -> list[float]:
    """The points of the line ``y`` from ``x0`` to ``x1`` (a 72-dpi image: a pixel a point) drawn in
    ``colour``."""
    return [x for x in range(int(x0), int(x1)) if all(abs(a - b) <= 3 for a, b in zip(pixel(image, x, y), colour))]
