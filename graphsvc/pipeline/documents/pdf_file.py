"""PDF → markdown with pdfplumber (pure Python, on pdfminer.six): text with its layout, headings, lists, tables.

Seed 003 names MinerU for PDFs; MinerU needs model weights that cannot be fetched on these machines, so graphsvc
uses pdfplumber, the best pure-Python text-and-layout library it could install: it gives every word's position
and font size and finds ruled tables. The rules:

- words are grouped into lines by their vertical position; a line's size is the size most of its characters have;
- the body size is the size most characters of the document have; a line at least 15 % larger is a heading, the
  largest heading size ``#``, the next ``##``, then ``###``;
- lines whose vertical gap is larger than 1.5 line heights start a new paragraph; a line starting with a bullet
  (``•``, ``-``, ``*``, ``–``) or a number (``1.``, ``2)``) is a list item;
- ruled tables (``page.find_tables``) become markdown tables, and their words are left out of the text.

Scanned PDFs (images without a text layer) give no text: graphsvc does no OCR.
"""

from __future__ import annotations

import io
import re
from collections import Counter
from dataclasses import dataclass
from typing import Any

import pdfplumber
from pdfminer.pdfparser import PDFSyntaxError
from pdfplumber.utils.exceptions import PdfminerException

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import markdown_blocks as md

HEADING_RATIO = 1.15
PARAGRAPH_GAP = 1.5
MAX_HEADING_CHARS = 200
_BULLET = re.compile(r"^(?:[•▪◦‣∙\-*–]\s+|\d{1,3}[.)]\s+)")


@dataclass
class _Line:
    text: str
    size: float
    top: float
    bottom: float
    page: int


def _lines_of(page: Any, number: int) -> tuple[list[_Line], list[str]]:
    tables = page.find_tables()
    boxes = [t.bbox for t in tables]

    def outside(word: dict[str, Any]) -> bool:
        return not any(x0 <= word["x0"] <= x1 and top <= word["top"] <= bottom for x0, top, x1, bottom in boxes)

    words = [w for w in page.extract_words(extra_attrs=["size"], keep_blank_chars=False) if outside(w)]
    lines: list[_Line] = []
    for word in sorted(words, key=lambda w: (round(w["top"]), w["x0"])):
        if lines and lines[-1].page == number and abs(word["top"] - lines[-1].top) < 0.5 * max(word["size"], 1):
            line = lines[-1]
            line.text += " " + word["text"]
            line.size = max(line.size, float(word["size"]))
            line.bottom = max(line.bottom, float(word["bottom"]))
        else:
            lines.append(_Line(word["text"], float(word["size"]), float(word["top"]), float(word["bottom"]), number))
    rendered = [md.table(t.extract()) for t in tables]
    return lines, [t for t in rendered if t]


def _heading_levels(lines: list[_Line], body: float) -> dict[float, int]:
    sizes = sorted({round(line.size, 1) for line in lines if line.size >= body * HEADING_RATIO}, reverse=True)
    return {size: min(i + 1, 3) for i, size in enumerate(sizes)}


def _render(lines: list[_Line], tables_by_page: dict[int, list[str]], body: float) -> list[str]:
    levels = _heading_levels(lines, body)
    blocks: list[str] = []
    paragraph: list[str] = []
    previous: _Line | None = None

    def flush() -> None:
        if paragraph:
            blocks.append(" ".join(paragraph))
            paragraph.clear()

    page = 0
    for line in lines:
        while page < line.page:
            flush()
            blocks.extend(tables_by_page.get(page, []))
            page += 1
        level = levels.get(round(line.size, 1))
        if level is not None and len(line.text) <= MAX_HEADING_CHARS:
            flush()
            blocks.append(md.heading(level, line.text))
        elif _BULLET.match(line.text):
            item = "- " + _BULLET.sub("", line.text, count=1)
            if not paragraph and blocks and blocks[-1].startswith("- "):
                blocks[-1] += "\n" + item  # consecutive items stay one list
            else:
                flush()
                blocks.append(item)
        else:
            gap = line.top - previous.bottom if previous is not None and previous.page == line.page else 0.0
            if paragraph and gap > PARAGRAPH_GAP * max(line.size, 1):
                flush()
            paragraph.append(line.text)
        previous = line
    flush()
    for rest in range(page, max(tables_by_page, default=-1) + 1):
        blocks.extend(tables_by_page.get(rest, []))
    return blocks


def to_markdown(data: bytes, *, filename: str, max_pages: int) -> tuple[str, int]:
    """The PDF as markdown, and its page count.

    Raises:
        DocumentError: not a readable PDF (corrupt, encrypted), or more than ``max_pages`` pages.
    """
    try:
        with pdfplumber.open(io.BytesIO(data)) as pdf:
            pages = len(pdf.pages)
            if pages > max_pages:
                raise DocumentError(
                    filename=filename,
                    problem=f"has {pages} pages, over the limit of {max_pages}",
                    fix="split it, or raise DOCUMENT_MAX_PAGES",
                )
            lines: list[_Line] = []
            tables: dict[int, list[str]] = {}
            for number, page in enumerate(pdf.pages):
                page_lines, page_tables = _lines_of(page, number)
                lines += page_lines
                tables[number] = page_tables
                page.flush_cache()
    except DocumentError:
        raise
    except (PdfminerException, PDFSyntaxError, ValueError, KeyError, TypeError, AttributeError) as exc:
        raise DocumentError(
            filename=filename,
            problem=f"is not a readable PDF ({type(exc).__name__}: {exc})"[:500],
            fix="check that the file is a complete, unencrypted PDF",
        ) from exc
    sizes: Counter[float] = Counter()
    for line in lines:
        sizes[round(line.size, 1)] += len(line.text)
    body = sizes.most_common(1)[0][0] if sizes else 0.0
    return "\n\n".join(_render(lines, tables, body)), pages
