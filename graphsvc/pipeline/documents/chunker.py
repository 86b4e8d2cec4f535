"""The heading tree of a markdown document → hierarchical chunks (seed 003: document → sections → passages).

The markdown is parsed with markdown-it-py (CommonMark plus tables). Every heading opens a *section* under the
nearest heading of a lower level; text before the first heading belongs to the document itself. A section's
direct blocks (paragraphs, lists, tables, code, quotes) are packed, in order, into *passages* of at most
``chunk_tokens`` estimated tokens; a larger block is split (a table by rows, its header repeated; other text at
sentence ends, else at line ends). Every chunk knows its heading path (the headings above it and its own).

A section chunk holds its heading and all the text under it (sub-sections included), cut at
``section_tokens``: the context a small passage brings into ``memoryContext``. Passages are what recall searches
(embedded as ``heading path`` + text, and full-text indexed).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from markdown_it import MarkdownIt

from graphsvc.text.language import split_sentences
from graphsvc.text.tokens import estimate_tokens
from graphsvc.vocabulary import ChunkKind

_PARSER = MarkdownIt("commonmark").enable("table")
_BLOCK_OPENERS = {
    "paragraph_open",
    "bullet_list_open",
    "ordered_list_open",
    "table_open",
    "blockquote_open",
    "fence",
    "code_block",
    "html_block",
}


@dataclass
class ChunkDraft:
    """One chunk before it is stored. ``parent``: the index of its parent chunk in the list, None at the top."""

    kind: ChunkKind
    heading_path: list[str]
    level: int
    content: str
    parent: int | None
    position: int = 0
    tokens: int = 0

    @property
    def embedding_text(self) -> str:
        """What a passage is embedded as: its heading path, then its text."""
        path = " › ".join(self.heading_path)
        return f"{path}\n{self.content}" if path else self.content


@dataclass
class _Section:
    heading: str
    level: int
    path: list[str]
    start: int
    end: int = 0
    blocks: list[str] = field(default_factory=list)
    index: int | None = None


def _sections(markdown: str) -> tuple[list[_Section], list[str]]:
    lines = markdown.split("\n")
    tokens = _PARSER.parse(markdown)
    root = _Section(heading="", level=0, path=[], start=0)
    sections = [root]
    stack = [root]
    for i, token in enumerate(tokens):
        if token.level != 0 or token.map is None:
            continue
        start, end = token.map
        if token.type == "heading_open":
            level = int(token.tag[1])
            text = tokens[i + 1].content.strip() if i + 1 < len(tokens) else ""
            while stack[-1].level >= level:
                stack.pop()
            section = _Section(heading=text, level=level, path=[*stack[-1].path, text], start=start)
            sections.append(section)
            stack.append(section)
        elif token.type in _BLOCK_OPENERS or token.type == "hr":
            block = "\n".join(lines[start:end]).strip()
            if block and token.type != "hr":
                stack[-1].blocks.append(block)
    for i, section in enumerate(sections[1:], start=1):
        later = (s.start for s in sections[i + 1 :] if s.level <= section.level)
        section.end = next(later, len(lines))  # sub-sections are part of a section's text
    return sections, lines


def _split_block(block: str, budget: int) -> list[str]:
    if estimate_tokens(block) <= budget:
        return [block]
    lines = block.split("\n")
    if len(lines) > 2 and lines[0].startswith("|") and set(lines[1].replace("|", "").strip()) <= {"-", ":", " "}:
        header, body = lines[:2], lines[2:]
        return _pack([*body], budget, prefix="\n".join(header))
    pieces = split_sentences(block) if len(lines) == 1 else lines
    out: list[str] = []
    for piece in pieces:
        out += [piece] if estimate_tokens(piece) <= budget else _hard_split(piece, budget)
    return _pack(out, budget)


def _hard_split(text: str, budget: int) -> list[str]:
    size = max(budget * 2, 40)  # characters: at least two per estimated token
    return [text[i : i + size] for i in range(0, len(text), size)]


def _pack(pieces: list[str], budget: int, *, prefix: str = "", sep: str = "\n") -> list[str]:
    out: list[str] = []
    current: list[str] = []
    used = estimate_tokens(prefix)
    for piece in pieces:
        cost = estimate_tokens(piece)
        if current and used + cost > budget:
            out.append(sep.join(([prefix] if prefix else []) + current))
            current, used = [], estimate_tokens(prefix)
        current.append(piece)
        used += cost
    if current:
        out.append(sep.join(([prefix] if prefix else []) + current))
    return out


def _cut(text: str, budget: int) -> str:
    if estimate_tokens(text) <= budget:
        return text
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if estimate_tokens(text[:mid]) <= budget:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + " …"


def build_chunks(markdown: str, *, chunk_tokens: int, section_tokens: int) -> list[ChunkDraft]:
    """The document's chunk tree, parents before their children, in document order.

    Returns:
        section and passage drafts; empty for a document without text.
    """
    sections, lines = _sections(markdown)
    chunks: list[ChunkDraft] = []
    for section in sections:
        parent: int | None = None
        if section.level > 0:
            above = next((s for s in reversed(sections[: sections.index(section)]) if s.level < section.level), None)
            parent = above.index if above is not None else None
            text = "\n".join(lines[section.start : section.end]).strip()
            section.index = len(chunks)
            chunks.append(ChunkDraft("section", section.path, section.level, _cut(text, section_tokens), parent))
            parent = section.index
        for block in _pack(
            [p for b in section.blocks for p in _split_block(b, chunk_tokens)], chunk_tokens, sep="\n\n"
        ):
            chunks.append(ChunkDraft("passage", section.path, section.level + 1, block, parent))
    for position, chunk in enumerate(chunks):
        chunk.position = position
        chunk.tokens = estimate_tokens(chunk.content)
    return chunks
