"""Limits checked before any parser runs: size, and for DOCX/XLSX (zip files) a zip bomb guard.

Each entry of the zip is decompressed as a stream and counted, whatever its header claims, and the file is
refused when an entry unpacks to more than ``document_max_zip_ratio`` times its packed size (past 1 MB), or
all entries together to more than ``document_max_unzipped_bytes``, or there are more than
``document_max_zip_entries`` entries. The parsers then read a zip that is known to be bounded.
"""

from __future__ import annotations

import io
import zipfile

from graphsvc.config import DocumentSettings
from graphsvc.errors import DocumentError

READ_BLOCK = 1 << 16
RATIO_FROM_BYTES = 1 << 20


def check_size(size_bytes: int, *, filename: str, settings: DocumentSettings) -> None:
    """Refuse a document larger than ``document_max_bytes`` (before it is read or decoded).

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


def check_zip(data: bytes, *, filename: str, settings: DocumentSettings) -> None:
    """Stream every entry of a DOCX/XLSX zip and refuse it when it unpacks past the limits.

    Raises:
        DocumentError: a zip bomb (ratio or total), too many entries, or a damaged zip.
    """
    try:
        archive = zipfile.ZipFile(io.BytesIO(data))
        infos = archive.infolist()
        if len(infos) > settings.max_zip_entries:
            raise DocumentError(
                filename=filename,
                problem=f"holds {len(infos):,} zip entries, over {settings.max_zip_entries:,}",
            )
        total = 0
        for info in infos:
            unpacked = 0
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
    except (zipfile.BadZipFile, EOFError, zipfile.LargeZipFile, NotImplementedError, RuntimeError) as exc:
        raise DocumentError(filename=filename, problem=f"is a damaged zip: {exc}") from exc


def _bomb(filename: str, what: str) -> DocumentError:
    return DocumentError(
        filename=filename,
        problem=f"{what}: refused as a zip bomb",
        fix="send the document without padding, or raise DOCUMENT_MAX_UNZIPPED_BYTES / DOCUMENT_MAX_ZIP_RATIO",
    )
