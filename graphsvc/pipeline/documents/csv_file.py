"""CSV → markdown with the standard library's ``csv`` module: one table (the first row is its header).

The dialect (comma, semicolon, tab...) is sniffed from the start of the file. At most ``max_rows`` rows are kept.
"""

from __future__ import annotations

import csv
import io

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import markdown_blocks as md

ROWS_PER_PAGE = 50


def to_markdown(text: str, *, filename: str, max_rows: int) -> tuple[str, int]:
    """The CSV as a markdown table, and its page count (one per 50 rows).

    Raises:
        DocumentError: the text is not CSV.
    """
    try:
        dialect: type[csv.Dialect] | csv.Dialect = csv.Sniffer().sniff(text[:8192], delimiters=",;\t|")
    except csv.Error:
        dialect = csv.excel
    try:
        rows = list(csv.reader(io.StringIO(text), dialect))
    except csv.Error as exc:
        raise DocumentError(filename=filename, problem=f"is not readable CSV ({exc})") from exc
    kept = rows[: max_rows + 1]
    table = md.table(kept)
    if len(rows) > len(kept):
        table += f"\n\n({len(rows) - len(kept)} more rows not shown)"
    return table, max(1, -(-len(rows) // ROWS_PER_PAGE))
