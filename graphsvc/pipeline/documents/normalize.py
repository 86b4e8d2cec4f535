"""One document's bytes → checked → parsed by its format's adapter → one structured markdown.

Pure and synchronous; the service runs it only inside the sandboxed parser process (:mod:`.sandbox`), never in
its own process.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import PurePath

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import formats, guard, text_file
from graphsvc.pipeline.documents.limits import DocumentLimits
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


def normalize(data: bytes, *, filename: str, mime_type: str | None, settings: DocumentLimits) -> Normalized:
    """Check and parse one document.

    Raises:
        DocumentError: unsupported or wrong format, over a limit, a zip bomb, a DTD, corrupt, encrypted, or no text.
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


def _parse(data: bytes, fmt: DocumentFormat, *, filename: str, settings: DocumentLimits) -> tuple[str, int]:
    # each format's parser library is imported when a document of that format comes (the sandboxed parser
    # process starts once per document)
    if fmt == "pdf":
        from graphsvc.pipeline.documents import pdf_file

        return pdf_file.to_markdown(
            data,
            filename=filename,
            max_pages=settings.max_pages,
            max_chars=settings.max_chars,
            max_inflated_bytes=settings.max_inflated_bytes,
        )
    if fmt == "docx":
        from graphsvc.pipeline.documents import docx_file

        return docx_file.to_markdown(data, filename=filename)
    if fmt == "xlsx":
        from graphsvc.pipeline.documents import xlsx_file

        return xlsx_file.to_markdown(data, filename=filename, max_rows=MAX_TABLE_ROWS)
    text = formats.decode_text(data, filename=filename)
    if fmt == "csv":
        from graphsvc.pipeline.documents import csv_file

        return csv_file.to_markdown(text, filename=filename, max_rows=MAX_TABLE_ROWS)
    if fmt == "html":
        from graphsvc.pipeline.documents import html_file

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
