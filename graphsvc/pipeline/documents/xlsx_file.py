"""XLSX → markdown with openpyxl (read-only, cached values): one ``##`` section and one table per sheet.

The first non-empty row of a sheet is its table's header. At most ``max_rows`` rows per sheet are kept (the
section says how many were left out). Pages: one per sheet and 50 rows. openpyxl reads the XML through defusedxml
(installed beside it), and the zip was checked for bombs before (:mod:`.guard`).
"""

from __future__ import annotations

import io
import zipfile

import openpyxl
from openpyxl.utils.exceptions import InvalidFileException

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import markdown_blocks as md

ROWS_PER_PAGE = 50


def to_markdown(data: bytes, *, filename: str, max_rows: int) -> tuple[str, int]:
    """The workbook as markdown, and its page count (one per sheet and 50 rows).

    Raises:
        DocumentError: not a readable XLSX.
    """
    try:
        book = openpyxl.load_workbook(io.BytesIO(data), read_only=True, data_only=True)
    except (InvalidFileException, KeyError, ValueError, zipfile.BadZipFile, OSError) as exc:
        raise DocumentError(filename=filename, problem=f"is not a readable XLSX ({exc})"[:500]) from exc
    blocks: list[str] = []
    pages = 0
    try:
        for sheet in book.worksheets:
            rows: list[tuple[object, ...]] = []
            left_out = 0
            for row in sheet.iter_rows(values_only=True):
                if not any(v is not None and str(v).strip() for v in row):
                    continue
                if len(rows) < max_rows:
                    rows.append(row)
                else:
                    left_out += 1
            blocks.append(md.heading(2, sheet.title))
            table = md.table(rows)
            if table:
                blocks.append(table)
            if left_out:
                blocks.append(f"({left_out} more rows not shown)")
            pages += max(1, -(-(len(rows) + left_out) // ROWS_PER_PAGE))
    finally:
        book.close()
    return "\n\n".join(blocks), max(pages, 1)
