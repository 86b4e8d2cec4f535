"""Limits checked before any parser runs: size, and for DOCX/XLSX (zip files) a zip bomb guard.

Each entry of the zip is decompressed as a stream and counted, whatever its header claims, and the file is
refused when an entry unpacks to more than ``DOCUMENT_MAX_ZIP_RATIO`` times its packed size (past 1 MB), or
all entries together to more than ``DOCUMENT_MAX_UNZIPPED_BYTES``, or there are more than
``DOCUMENT_MAX_ZIP_ENTRIES`` entries. While streaming, an XML part that declares a DTD (``<!DOCTYPE`` or
``<!ENTITY``: Office files never do; a "billion laughs" file expands entities to gigabytes) is refused, and
DOCX paragraphs and table rows are counted: more than ``DOCUMENT_MAX_ELEMENTS`` is refused before python-docx
loads the XML (2.5 million empty paragraphs pack into 1.7 MB and take over 1 GB to load). The parsers then
read a zip that is known to be bounded.
"""

from __future__ import annotations

import io
import zipfile

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents.limits import DocumentLimits

READ_BLOCK = 1 << 16
RATIO_FROM_BYTES = 1 << 20
DTD_MARKERS = (b"<!DOCTYPE", b"<!ENTITY")
ELEMENT_MARKERS = (b"<w:p>", b"<w:p ", b"<w:p/>", b"<w:tr>", b"<w:tr ", b"<w:tr/>")
"""A DOCX paragraph or table row as Word writes it (the ``w`` prefix of WordprocessingML)."""
_OVERLAP = max(len(m) for m in (*DTD_MARKERS, *ELEMENT_MARKERS)) - 1


def check_size(size_bytes: int, *, filename: str, settings: DocumentLimits) -> None:
    """Refuse a document larger than ``DOCUMENT_MAX_BYTES`` (before it is read or decoded).

    Raises:
        DocumentError: naming the size and the limit.
    """
    if size_bytes > settings.max_bytes:
        raise DocumentError(
            filename=filename,
            problem=f"is {size_bytes:,} bytes, over the limit of {settings.max_bytes:,}",
            fix="split the document, or raise DOCUMENT_MAX_BYTES",
        )
    if size_bytes == 0:
        raise DocumentError(filename=filename, problem="is empty")


def check_zip(data: bytes, *, filename: str, settings: DocumentLimits) -> None:
    """Stream every entry of a DOCX/XLSX zip and refuse it when it unpacks past the limits, declares a DTD, or
    (DOCX) holds more paragraphs and table rows than ``DOCUMENT_MAX_ELEMENTS``.

    Raises:
        DocumentError: a zip bomb (ratio or total), too many entries, a DTD, too many elements, a damaged zip.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > settings.max_zip_entries:
            raise DocumentError(
                filename=filename,
                problem=f"holds {len(infos):,} zip entries, over {settings.max_zip_entries:,}",
            )
        total = elements = 0
        for info in infos:
            unpacked = 0
            is_xml = info.filename.lower().endswith((".xml", ".rels"))
            tail = b""
            with archive.open(info) as entry:
                while block := entry.read(READ_BLOCK):
                    unpacked += len(block)
                    total += len(block)
                    if total > settings.max_unzipped_bytes:
                        raise _bomb(filename, f"unpacks to more than {settings.max_unzipped_bytes:,} bytes")
                    packed = max(info.compress_size, 1)
                    if unpacked > RATIO_FROM_BYTES and unpacked / packed > settings.max_zip_ratio:
                        raise _bomb(
                            filename,
                            f"has an entry ({info.filename}) unpacking over {settings.max_zip_ratio:g} times "
                            "its packed size",
                        )
                    if is_xml:
                        window = tail + block
                        _refuse_dtd(window, filename=filename, entry=info.filename)
                        # a marker that straddles two blocks is counted once: in the window whose end it lies in
                        elements += sum(window.count(m) - tail.count(m) for m in ELEMENT_MARKERS)
                        if elements > settings.max_elements:
                            raise DocumentError(
                                filename=filename,
                                problem=f"holds more than {settings.max_elements:,} paragraphs and table rows",
                                fix="split the document, or raise DOCUMENT_MAX_ELEMENTS",
                            )
                        tail = window[-_OVERLAP:]
    except (zipfile.BadZipFile, EOFError, zipfile.LargeZipFile, NotImplementedError, RuntimeError) as exc:
        raise DocumentError(filename=filename, problem=f"is a damaged zip: {exc}") from exc


def _refuse_dtd(window: bytes, *, filename: str, entry: str) -> None:
    if any(marker in window for marker in DTD_MARKERS):
        raise DocumentError(
            filename=filename,
            problem=f"declares a DTD in {entry} (Office files never do; entity expansion can take gigabytes)",
            fix="save the file again from Word, Excel or LibreOffice",
        )


def _bomb(filename: str, what: str) -> DocumentError:
    return DocumentError(
        filename=filename,
        problem=f"{what}: refused as a zip bomb",
        fix="send the document without padding, or raise DOCUMENT_MAX_UNZIPPED_BYTES / DOCUMENT_MAX_ZIP_RATIO",
    )
