"""Markdown building blocks the format adapters share: tables, escaping, headings."""

from __future__ import annotations

from collections.abc import Sequence

MAX_CELL_CHARS = 500


def cell(value: object) -> str:
    """One table cell as markdown: text on one line, ``|`` escaped, None as empty."""
    if value is None:
        return ""
    text = " ".join(str(value).split())
    return text[:MAX_CELL_CHARS].replace("|", "\\|")


def table(rows: Sequence[Sequence[object]]) -> str:
    """A markdown table; the first row is the header. Empty rows are dropped; short rows are padded.

    Returns:
        "" when there is no row with content.
    """
    kept = [[cell(v) for v in row] for row in rows if any(cell(v) for v in row)]
    if not kept:
        return ""
    width = max(len(r) for r in kept)
    kept = [r + [""] * (width - len(r)) for r in kept]
    header, body = kept[0], kept[1:]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * width]
    lines += ["| " + " | ".join(r) + " |" for r in body]
    return "\n".join(lines)


def heading(level: int, text: str) -> str:
    """``#`` × level (1–6) and the text on one line."""
    return "#" * min(max(level, 1), 6) + " " + " ".join(text.split())
