"""Markdown and plain text: markdown is kept as written; plain text keeps its paragraphs (no headings)."""

from __future__ import annotations

CHARS_PER_PAGE = 3_000


def markdown(text: str) -> tuple[str, int]:
    """Markdown as is (line endings normalised), and its page count (one per 3,000 characters)."""
    clean = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    return clean, max(1, -(-len(clean) // CHARS_PER_PAGE))


def plain(text: str) -> tuple[str, int]:
    """Plain text as markdown paragraphs: blank-line separated blocks kept, characters that start markdown syntax
    at a line's start escaped (a ``#`` line in a text file is not a heading)."""
    clean = text.replace("\r\n", "\n").replace("\r", "\n").strip()
    lines = [("\\" + line) if line.lstrip().startswith(("#", ">", "|")) else line for line in clean.split("\n")]
    out = "\n".join(lines)
    return out, max(1, -(-len(out) // CHARS_PER_PAGE))
