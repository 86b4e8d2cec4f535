"""HTML → markdown with BeautifulSoup (scripts, styles and page furniture removed) and markdownify (ATX headings,
lists, tables as markdown tables)."""

from __future__ import annotations

import re

from bs4 import BeautifulSoup
from markdownify import markdownify

CHARS_PER_PAGE = 3_000
DROPPED = ("script", "style", "noscript", "template", "iframe", "svg", "nav", "footer")
_BLANK_LINES = re.compile(r"\n{3,}")


def to_markdown(text: str) -> tuple[str, int]:
    """The page's main content as markdown, and its page count (one per 3,000 characters)."""
    soup = BeautifulSoup(text, "html.parser")
    for tag in soup(DROPPED):
        tag.decompose()
    body = soup.body or soup
    out = markdownify(str(body), heading_style="ATX", bullets="-", strip=["img"])
    out = _BLANK_LINES.sub("\n\n", out).strip()
    return out, max(1, -(-len(out) // CHARS_PER_PAGE))
