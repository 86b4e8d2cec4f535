"""One document's bytes → checked → parsed by its format's adapter → one structured markdown.

Pure and synchronous (the caller runs it in a thread, under ``document_parse_timeout_s``).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from graphsvc.config import DocumentSettings
from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import csv_file, docx_file, formats, guard, html_file, pdf_file, text_file, xlsx_file
from graphsvc.vocabulary import DocumentFormat

MAX_TABLE_ROWS = 10_000
_TITLE_CHARS = 300


@dataclass(frozen=True)
class Normalized:
    """A parsed document: its markdown, format, page count and title (its first heading, else the file name)."""

    markdown: str
    format: DocumentFormat
    pages: int
    title: str


def normalize(data: bytes, *, filename: str, mime_type: str | None, settings: DocumentSettings) -> Normalized:
    """Check and parse one document.

    Raises:
        DocumentError: unsupported or wrong format, over a limit, a zip bomb, corrupt, or no text at all.
    """
    guard.check_size(len(data), filename=filename, settings=settings)
    fmt = formats.declared_format(filename=filename, mime_type=mime_type)
    formats.check_bytes(data, fmt, filename=filename)
    if fmt in ("docx", "xlsx"):
        guard.check_zip(data, filename=filename, settings=settings)
    markdown, pages = _parse(data, fmt, filename=filename, settings=settings)
    if fmt != "pdf" and pages > settings.max_pages:
        raise DocumentError(
            filename=filename,
            problem=f"has about {pages} pages, over the limit of {settings.max_pages}",
            fix="split it, or raise DOCUMENT_MAX_PAGES",
        )
    if len(markdown) > settings.max_chars:
        raise DocumentError(
            filename=filename,
            problem=f"gives {len(markdown):,} characters of text, over the limit of {settings.max_chars:,}",
            fix="split it, or raise DOCUMENT_MAX_CHARS",
        )
    if not markdown.strip():
        raise DocumentError(
            filename=filename, problem="holds no text graphsvc can read (a scanned PDF needs OCR, which it does not do)"
        )
    return Normalized(markdown=markdown, format=fmt, pages=pages, title=title_of(markdown, filename))


def _parse(data: bytes, fmt: DocumentFormat, *, filename: str, settings: DocumentSettings) -> tuple[str, int]:
    if fmt == "pdf":
        return pdf_file.to_markdown(data, filename=filename, max_pages=settings.max_pages)
    if fmt == "docx":
        return docx_file.to_markdown(data, filename=filename)
    if fmt == "xlsx":
        return xlsx_file.to_markdown(data, filename=filename, max_rows=MAX_TABLE_ROWS)
    text = formats.decode_text(data, filename=filename)
    if fmt == "csv":
        return csv_file.to_markdown(text, filename=filename, max_rows=MAX_TABLE_ROWS)
    if fmt == "html":
        return html_file.to_markdown(text)
    if fmt == "markdown":
        return text_file.markdown(text)
    return text_file.plain(text)


def title_of(markdown: str, filename: str) -> str:
    """The first heading's text, else the file name without its extension."""
    for line in markdown.splitlines():
        stripped = line.strip()
        if stripped.startswith("#"):
            text = stripped.lstrip("#").strip()
            if text:
                return text[:_TITLE_CHARS]
    return PurePath(filename).stem[:_TITLE_CHARS] or filename[:_TITLE_CHARS]
