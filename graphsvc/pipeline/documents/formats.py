"""Which format a document is, from its declared mime type or its filename, checked against its bytes.

A declared format the bytes contradict (a "PDF" that is not one, a "DOCX" that is no Word zip, text holding NUL
bytes) is refused with a clear error instead of being handed to a parser.
"""

from __future__ import annotations

import io
import zipfile
from pathlib import PurePath

from graphsvc.errors import DocumentError
from graphsvc.vocabulary import DocumentFormat

MIME_TYPES: dict[str, DocumentFormat] = {
    "application/pdf": "pdf",
    "application/vnd.openxmlformats-officedocument.wordprocessingml.document": "docx",
    "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet": "xlsx",
    "text/csv": "csv",
    "text/markdown": "markdown",
    "text/x-markdown": "markdown",
    "text/plain": "txt",
    "text/html": "html",
    "application/xhtml+xml": "html",
}
EXTENSIONS: dict[str, DocumentFormat] = {
    ".pdf": "pdf",
    ".docx": "docx",
    ".xlsx": "xlsx",
    ".csv": "csv",
    ".md": "markdown",
    ".markdown": "markdown",
    ".txt": "txt",
    ".text": "txt",
    ".html": "html",
    ".htm": "html",
}
TEXT_FORMATS: frozenset[DocumentFormat] = frozenset({"csv", "markdown", "txt", "html"})
ZIP_MEMBERS: dict[DocumentFormat, str] = {"docx": "word/document.xml", "xlsx": "xl/workbook.xml"}


def declared_format(*, filename: str, mime_type: str | None) -> DocumentFormat:
    """The format the caller declares: the mime type when given, else the filename's extension.

    Raises:
        DocumentError: an unsupported mime type or extension.
    """
    if mime_type:
        base = mime_type.split(";")[0].strip().lower()
        if base not in MIME_TYPES:
            raise DocumentError(
                filename=filename,
                problem=f"has mime type {base!r}, which graphsvc does not parse",
                fix="send PDF, DOCX, XLSX, CSV, Markdown, plain text or HTML (" + ", ".join(sorted(MIME_TYPES)) + ")",
            )
        return MIME_TYPES[base]
    suffix = PurePath(filename).suffix.lower()
    if suffix not in EXTENSIONS:
        raise DocumentError(
            filename=filename,
            problem=f"has no mime type and an unknown extension {suffix or '(none)'!r}",
            fix="give mimeType, or a filename ending in one of " + ", ".join(sorted(EXTENSIONS)),
        )
    return EXTENSIONS[suffix]


def check_magic(data: bytes, fmt: DocumentFormat, *, filename: str) -> None:
    """Refuse bytes whose first kilobyte is not what ``fmt`` says (cheap: the upload's request path runs it).

    Raises:
        DocumentError: naming the declared format and what the bytes look like.
    """
    looks = _looks_like(data)
    if fmt == "pdf" and looks != "pdf":
        raise DocumentError(filename=filename, problem=f"is declared PDF but its bytes are {looks}", fix=_MIME_FIX)
    if fmt in ZIP_MEMBERS and looks != "zip":
        raise DocumentError(
            filename=filename, problem=f"is declared {fmt.upper()} but its bytes are {looks}", fix=_MIME_FIX
        )
    if fmt in TEXT_FORMATS and looks in ("pdf", "zip", "binary"):
        raise DocumentError(
            filename=filename, problem=f"is declared {fmt} text but its bytes are {looks}", fix=_MIME_FIX
        )


def check_bytes(data: bytes, fmt: DocumentFormat, *, filename: str) -> None:
    """Refuse bytes that are not what ``fmt`` says (magic numbers; text must have no NUL byte).

    Raises:
        DocumentError: naming the declared format and what the bytes look like.
    """
    looks = _looks_like(data)
    if fmt == "pdf" and looks != "pdf":
        raise DocumentError(filename=filename, problem=f"is declared PDF but its bytes are {looks}", fix=_MIME_FIX)
    if fmt in ZIP_MEMBERS:
        if looks != "zip":
            raise DocumentError(
                filename=filename, problem=f"is declared {fmt.upper()} but its bytes are {looks}", fix=_MIME_FIX
            )
        try:
            names = set(zipfile.ZipFile(io.BytesIO(data)).namelist())
        except zipfile.BadZipFile as exc:
            raise DocumentError(filename=filename, problem=f"is a damaged {fmt.upper()} (zip): {exc}") from exc
        if ZIP_MEMBERS[fmt] not in names:
            raise DocumentError(
                filename=filename, problem=f"is a zip without {ZIP_MEMBERS[fmt]}, so not a {fmt.upper()}", fix=_MIME_FIX
            )
    if fmt in TEXT_FORMATS and looks in ("pdf", "zip", "binary"):
        raise DocumentError(
            filename=filename, problem=f"is declared {fmt} text but its bytes are {looks}", fix=_MIME_FIX
        )


_MIME_FIX = "send the file with its real mime type (or filename extension)"


def _looks_like(data: bytes) -> str:
    head = data[:1024]
    if head.lstrip(b"\xef\xbb\xbf\r\n\t ").startswith(b"%PDF-"):
        return "pdf"
    if head.startswith(b"PK\x03\x04"):
        return "zip"
    if b"\x00" in head and not head.startswith((b"\xff\xfe", b"\xfe\xff")):
        return "binary"
    return "text"


def decode_text(data: bytes, *, filename: str) -> str:
    """Text bytes as str: UTF-8 (with or without BOM), UTF-16 with a BOM, else GB18030 (Chinese files).

    Raises:
        DocumentError: none of them decodes the bytes.
    """
    if data.startswith((b"\xff\xfe", b"\xfe\xff")):
        return data.decode("utf-16")
    for encoding in ("utf-8-sig", "gb18030"):
        try:
            return data.decode(encoding)
        except UnicodeDecodeError:
            continue
    raise DocumentError(filename=filename, problem="is not UTF-8, UTF-16 or GB18030 text", fix="save it as UTF-8")
