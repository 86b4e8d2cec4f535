"""PDF → markdown with pdfplumber (pure Python, on pdfminer.six): text in reading order, headings, lists, tables.

Seed 003 names MinerU for PDFs; MinerU needs model weights that cannot be fetched on these machines, so graphsvc
uses pdfplumber, the best pure-Python text-and-layout library it could install: it gives every word's position,
size and orientation and finds ruled tables. The rules:

- a page whose text is set sideways or upside down (the page's ``/Rotate``, or text drawn at 90°, 180° or 270°
  on an upright page: a landscape table on a portrait page) is turned so that its main orientation reads
  upright, then read like any other page;
- only text in the page's main orientation is read: rotated margin text (an archive stamp up the left margin)
  is left out;
- a page whose rows split at vertical gaps into columns of text (two, three or four; each at least a fifth of
  the page wide) is read column by column, left to right; a line that spans a gap (a title over the columns) is
  read where it stands. Gaps are found one at a time: the page splits at the gap most rows share, then each side
  is looked at again, and words of one row on either side of a gap are never one line;
- running headers and footers (a top or bottom line repeated on other pages, page numbers apart) and page
  numbers ("12", "- 12 -", "Page 3 of 9", "iv") are left out, so neither becomes content or a title;
- words are grouped into lines by their vertical position; a line's size is the size most of its characters
  have; the body size is the size most characters of the document have; a line at least 15 % larger is a
  heading, the largest heading size ``#``, the next ``##``, then ``###``;
- lines whose vertical gap is larger than 1.5 line heights start a new paragraph; a word hyphenated at the end
  of a line is joined again; a line starting with a bullet (``•``, ``-``, ``*``, ``–``) or a number (``1.``,
  ``2)``) is a list item;
- ruled tables (``page.find_tables``) become markdown tables, and their words are left out of the text; in a
  cell, digits closer than ``DIGIT_GAP_EM`` of the font size are one number (tabular figures set with wide
  tracking are not split into "1 2 3 4"); a ruled row whose cells all hold the same number of lines (records
  ruled in groups) is one row per line.

Bounded (issue 25): compressed streams may inflate to ``max_inflated_bytes`` in all, the text to ``max_chars``
characters (parsing stops as soon as it passes), the document to ``max_pages`` pages. An encrypted PDF that
needs a password is refused with that reason. Scanned PDFs (images without a text layer) give no text:
graphsvc does no OCR.
"""

from __future__ import annotations

import contextlib
import copy
import difflib
import io
import re
import zlib
from collections import Counter
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

import pdfminer.pdftypes
import pdfplumber
from pdfminer.pdfdocument import PDFPasswordIncorrect
from pdfminer.pdfparser import PDFSyntaxError
from pdfplumber.utils.exceptions import PdfminerException

from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import markdown_blocks as md

HEADING_RATIO = 1.15
PARAGRAPH_GAP = 1.5
MAX_HEADING_CHARS = 200
COLUMN_GAP_EM = 1.5
"""A horizontal gap of at least this many font sizes splits a row into segments (column candidates)."""
MIN_COLUMN_SHARE = 0.2
"""Each column's typical segment is at least this share of the page width (label/value forms are not columns)."""
MAX_COLUMN_DEPTH = 2
"""Gaps are looked for this many times in a column already split off: up to four columns."""
MARGIN_SHARE = 0.12
"""Running headers and footers sit in the top or bottom share of the page."""
REPEAT_SIMILARITY = 0.8
REPEAT_WINDOW = 4
"""A running header or footer is looked for on the pages at most this many pages before and after (headers
alternate between left and right pages and change with the chapter)."""
DIGIT_GAP_EM = 0.6
_BULLET = re.compile(r"^(?:[•▪◦‣∙\-*–]\s+|\d{1,3}[.)]\s+)")
_PAGE_NUMBER = re.compile(
    r"^[\W_]*(?:(?:page|p\.|seite|página|页)\s*)?(?:\d{1,5}|[ivxlcdm]{1,7})(?:\s*(?:of|/|von|de)\s*\d{1,4})?[\W_]*$",
    re.IGNORECASE,
)
_HYPHENATED = re.compile(r"[^\W\d_]-$")


@dataclass
class _Line:
    text: str
    size: float
    top: float
    bottom: float
    page: int
    x0: float = 0.0
    x1: float = 0.0


class InflateLimitError(Exception):
    """The document's compressed streams inflate past their budget."""


class _BoundedZlib:
    """What pdfminer's stream decoder calls as ``zlib``, with every inflated byte counted against a budget."""

    error = zlib.error

    def __init__(self, budget: int) -> None:
        self.left = budget

    def _spend(self, produced: int) -> None:
        self.left -= produced
        if self.left < 0:
            raise InflateLimitError

    def decompress(self, data: bytes, *args: Any, **kwargs: Any) -> bytes:
        inflater = zlib.decompressobj()
        out = inflater.decompress(data, self.left + 1)
        if inflater.unconsumed_tail:
            self._spend(self.left + 1)
        if not inflater.eof:
            raise zlib.error("incomplete or truncated stream")  # as zlib.decompress: pdfminer then salvages
        self._spend(len(out))
        return out

    def decompressobj(self, *args: Any, **kwargs: Any) -> _BoundedInflater:
        return _BoundedInflater(self, zlib.decompressobj(*args, **kwargs))


class _BoundedInflater:
    def __init__(self, budget: _BoundedZlib, inner: Any) -> None:
        self._budget = budget
        self._inner = inner

    def decompress(self, data: bytes, *args: Any) -> bytes:
        out: bytes = self._inner.decompress(data, self._budget.left + 1)
        self._budget._spend(len(out))
        return out

    def flush(self, *args: Any) -> bytes:
        out: bytes = self._inner.flush()
        self._budget._spend(len(out))
        return out


@contextlib.contextmanager
def inflate_budget(max_bytes: int) -> Iterator[None]:
    """While open, pdfminer's decoder inflates at most ``max_bytes`` in all (else :class:`InflateLimitError`)."""
    original = getattr(pdfminer.pdftypes, "zlib")  # noqa: B009 - the module pdfminer's decoder calls
    setattr(pdfminer.pdftypes, "zlib", _BoundedZlib(max_bytes))  # noqa: B010
    try:
        yield
    finally:
        setattr(pdfminer.pdftypes, "zlib", original)  # noqa: B010


MIN_UPRIGHT_SHARE = 0.2
"""A page is read in its upright text unless less than this share of its characters is upright."""


def _orientation(char: dict[str, Any]) -> str:
    """``up`` for text set the normal way, else ``down``, ``left`` or ``right`` (from the glyph matrix)."""
    a, b, c, d = (float(v) for v in char.get("matrix", (1, 0, 0, 1, 0, 0))[:4])
    if abs(a) >= abs(b):
        return "up" if a > 0 and d > 0 else "down"
    return "left" if b > 0 else "right"


def _main_text(page: Any) -> Any:
    """The page with only the characters of its main orientation (rotated margin text and stamps left out): the
    upright ones, unless under ``MIN_UPRIGHT_SHARE`` of the page's characters are upright (a page set sideways)."""
    counts = Counter(_orientation(c) for c in page.chars)
    if not counts:
        return page
    total = sum(counts.values())
    main = "up" if counts["up"] >= MIN_UPRIGHT_SHARE * total else counts.most_common(1)[0][0]
    if counts[main] == total:
        return page
    return page.filter(lambda obj: obj.get("object_type") != "char" or _orientation(obj) == main)


_TURN = {"right": 270, "left": 90, "down": 180}
"""Clockwise turn (degrees) that makes text of each orientation read upright."""


def _upright(pdf: Any, page: Any) -> Any:
    """The page turned so that its main orientation reads upright (itself when it already does).

    The main orientation is the upright one unless under ``MIN_UPRIGHT_SHARE`` of the page's characters are
    upright; then it is the most common one. The page is turned by re-reading it with its ``/Rotate`` changed
    (pdfminer then lays out every character, line and rectangle in the turned frame), so tables and columns are
    found on the turned page as on any other.
    """
    counts = Counter(_orientation(c) for c in page.chars)
    total = sum(counts.values())
    if not total or counts["up"] >= MIN_UPRIGHT_SHARE * total:
        return page
    main = counts.most_common(1)[0][0]
    rotation = (int(page.rotation) + _TURN[main]) % 360
    turned = copy.copy(page.page_obj)
    turned.attrs = {**page.page_obj.attrs, "Rotate": rotation}
    turned.rotate = rotation
    page.flush_cache()
    return pdfplumber.page.Page(pdf, turned, page_number=page.page_number, initial_doctop=page.initial_doctop)


def _segments(words: list[dict[str, Any]], number: int, splits: Sequence[float] = ()) -> list[_Line]:
    """Rows of words (by vertical position), each split at gaps of ``COLUMN_GAP_EM`` or more into segments, and
    at every ``splits`` x (a column gap) lying between two words."""
    rows: list[list[dict[str, Any]]] = []
    for word in sorted(words, key=lambda w: (round(w["top"]), w["x0"])):
        size = max(float(word["size"]), 1.0)
        if rows and abs(word["top"] - rows[-1][0]["top"]) < 0.5 * size:
            rows[-1].append(word)
        else:
            rows.append([word])
    out: list[_Line] = []
    for row in rows:
        row.sort(key=lambda w: w["x0"])
        current: list[dict[str, Any]] = []
        for word in row:
            wide = word["x0"] - current[-1]["x1"] >= COLUMN_GAP_EM * max(float(word["size"]), 1.0) if current else False
            if current and (wide or any(current[-1]["x1"] <= x <= word["x0"] for x in splits)):
                out.append(_line_of(current, number))
                current = []
            current.append(word)
        out.append(_line_of(current, number))
    return out


def _line_of(words: list[dict[str, Any]], number: int) -> _Line:
    sizes: Counter[float] = Counter()
    for w in words:
        sizes[round(float(w["size"]), 1)] += len(w["text"])
    return _Line(
        text=" ".join(w["text"] for w in words),
        size=max(sizes, key=lambda s: (sizes[s], s)),
        top=min(float(w["top"]) for w in words),
        bottom=max(float(w["bottom"]) for w in words),
        page=number,
        x0=min(float(w["x0"]) for w in words),
        x1=max(float(w["x1"]) for w in words),
    )


@dataclass(frozen=True)
class Columns:
    """Two columns of text on a page: split at ``x``, between ``top`` and ``bottom`` (the side-by-side text)."""

    x: float
    top: float
    bottom: float


def gutter(segments: Sequence[_Line], width: float, *, start: float = 0.0, end: float | None = None) -> Columns | None:
    """Where the text between ``start`` and ``end`` (default: the whole page, ``width`` wide) splits into a left
    and a right column, or None when it does not (pure).

    Evidence of columns is a left and a right segment side by side (their vertical extents overlap, a gap between
    them), each at least ``MIN_COLUMN_SHARE`` of the page wide; the gap chosen is the one most such pairs (at least
    three) share, in the middle 40 % of the span (where several gaps tie, the leftmost run of them: on a page of
    three columns both gaps can tie, and their mean would fall inside the middle column). Lines crossing it (a
    title over both columns) and lines above or below the side-by-side text are read where they stand
    (:func:`reading_order`).
    """
    end = width if end is None else end
    pairs = _side_by_side([s for s in segments if s.x1 - s.x0 >= MIN_COLUMN_SHARE * width])
    best_count, best_xs, run = 0, [], False
    for step in range(30, 71):
        x = start + (end - start) * step / 100
        count = len({id(left) for left, right in pairs if left.x1 <= x <= right.x0})
        if count > best_count:
            best_count, best_xs, run = count, [x], True
        elif count == best_count and count and run:
            best_xs.append(x)
        else:
            run = False
    if best_count < 3:
        return None
    x = (best_xs[0] + best_xs[-1]) / 2
    sides = [segment for pair in pairs if pair[0].x1 <= x <= pair[1].x0 for segment in pair]
    return _extended(Columns(x=x, top=min(s.top for s in sides), bottom=max(s.bottom for s in sides)), segments)


def _side_by_side(wide: list[_Line]) -> list[tuple[_Line, _Line]]:
    """Pairs ``(left, right)`` of segments whose vertical extents overlap with a gap between them."""
    wide.sort(key=lambda s: s.top)
    pairs: list[tuple[_Line, _Line]] = []
    for i, first in enumerate(wide):
        for other in wide[i + 1 :]:
            if other.top >= first.bottom:
                break
            left, right = (first, other) if first.x1 <= other.x0 else (other, first)
            if left.x1 <= right.x0:
                pairs.append((left, right))
    return pairs


def _extended(columns: Columns, segments: Sequence[_Line]) -> Columns:
    """The columns start with the one-sided lines just above the first pair (a column's first heading) and end
    with the lines that go on below the last pair in one column at the column's line spacing."""
    x, top, bottom = columns.x, columns.top, columns.bottom
    for segment in sorted((s for s in segments if s.bottom <= top), key=lambda s: -s.bottom):
        if segment.x0 < x < segment.x1 or top - segment.bottom > 3 * max(segment.size, 1):
            break
        top = segment.top
    for segment in sorted((s for s in segments if s.top >= bottom), key=lambda s: s.top):
        if segment.x0 < x < segment.x1 or segment.top - bottom > max(segment.size, 1):
            break
        bottom = segment.bottom
    return Columns(x=x, top=top, bottom=bottom)


def column_gaps(segments: Sequence[_Line], width: float) -> list[float]:
    """Every column gap's x on the page, left to right (pure): :func:`gutter` on the page, then again on each side
    of a gap found, ``MAX_COLUMN_DEPTH`` levels deep."""

    def walk(part: list[_Line], start: float, end: float, depth: int) -> list[float]:
        columns = gutter(part, width, start=start, end=end) if depth <= MAX_COLUMN_DEPTH else None
        if columns is None:
            return []
        left, right = _sides(part, columns)
        return [*walk(left, start, columns.x, depth + 1), columns.x, *walk(right, columns.x, end, depth + 1)]

    return walk(sorted(segments, key=lambda s: (s.top, s.x0)), 0.0, width, 1)


def _sides(segments: list[_Line], columns: Columns) -> tuple[list[_Line], list[_Line]]:
    """The segments beside the gap: left of it, right of it."""
    beside = [s for s in segments if s.bottom > columns.top and s.top < columns.bottom]
    return [s for s in beside if s.x1 <= columns.x], [s for s in beside if s.x0 >= columns.x]


def reading_order(segments: list[_Line], width: float) -> list[_Line]:
    """The page's segments in reading order: top to bottom, or column by column (left to right) between
    spanning lines; a column is itself split again where its text runs in columns (:func:`column_gaps`)."""
    return _ordered(sorted(segments, key=lambda s: (s.top, s.x0)), width, 0.0, width, 1)


def _ordered(segments: list[_Line], width: float, start: float, end: float, depth: int) -> list[_Line]:
    columns = gutter(segments, width, start=start, end=end) if depth <= MAX_COLUMN_DEPTH else None
    if columns is None:
        return _merge_rows(segments)
    out: list[_Line] = []
    left: list[_Line] = []
    right: list[_Line] = []

    def flush() -> list[_Line]:
        return _ordered(left, width, start, columns.x, depth + 1) + _ordered(right, width, columns.x, end, depth + 1)

    for segment in segments:
        beside = segment.bottom > columns.top and segment.top < columns.bottom
        if beside and segment.x1 <= columns.x:
            left.append(segment)
        elif beside and segment.x0 >= columns.x:
            right.append(segment)
        else:  # spans the columns, or lies above or below them: what came before it is read first
            out += flush() + [segment]
            left, right = [], []
    return out + flush()


def _merge_rows(segments: list[_Line]) -> list[_Line]:
    """One column: segments of the same row are one line again (a wide gap inside a line is not a column)."""
    out: list[_Line] = []
    for segment in segments:
        last = out[-1] if out else None
        if last is not None and abs(segment.top - last.top) < 0.5 * max(segment.size, 1):
            last.text += " " + segment.text
            last.size = max(last.size, segment.size)
            last.bottom = max(last.bottom, segment.bottom)
            last.x1 = max(last.x1, segment.x1)
        else:
            out.append(segment)
    return out


def _cell_text(chars: list[dict[str, Any]]) -> str:
    """A table cell's text: words split at spaces and gaps, except that digits set close together stay one number."""
    return " ".join(_cell_lines(chars))


def _cell_lines(chars: list[dict[str, Any]]) -> list[str]:
    """A table cell's text lines (top to bottom), words split as in :func:`_cell_text`."""
    lines: list[str] = []
    text = ""
    previous: dict[str, Any] | None = None
    for char in sorted(chars, key=lambda c: (round(c["top"]), c["x0"])):
        glyph = str(char["text"])
        if previous is not None:
            gap = float(char["x0"]) - float(previous["x1"])
            new_row = abs(float(char["top"]) - float(previous["top"])) > 0.5 * float(char.get("size", 1) or 1)
            digits = glyph[:1].isdigit() and str(previous["text"])[-1:].isdigit()
            tolerance = DIGIT_GAP_EM * float(char.get("size", 10) or 10) if digits else 3.0
            if new_row:
                lines.append(text)
                text = ""
            elif gap > tolerance and not text.endswith(" ") and not glyph.isspace():
                text += " "
        text += glyph
        previous = char
    lines.append(text)
    return [line for line in (" ".join(raw.split()) for raw in lines) if line]


def split_stacked_rows(row: list[list[str]]) -> list[list[str]]:
    """A ruled row whose filled cells (two at least) each hold the same number of lines, several, is that many
    rows (pure): tables ruled every few records (five states between two rules) give one row per record. Any
    other row is one row, each cell's lines joined."""
    filled = [cell for cell in row if cell]
    counts = {len(cell) for cell in filled}
    if len(filled) >= 2 and len(counts) == 1 and (n := counts.pop()) > 1:
        return [[cell[i] if cell else "" for cell in row] for i in range(n)]
    return [[" ".join(cell) for cell in row]]


def _captioned(rows: list[list[str]]) -> str:
    """A ruled table as markdown; a first row holding one cell of text over a wider table (its title ruled into
    the table) is the table's caption, a paragraph before it, and the row below it the header."""
    if len(rows) > 2 and len(rows[0]) > 2 and sum(1 for c in rows[0] if c) == 1:
        caption = next(c for c in rows[0] if c)
        body = md.table(rows[1:])
        return f"{caption}\n\n{body}" if body else caption
    return md.table(rows)


def _tables(page: Any) -> tuple[list[Any], list[str]]:
    tables = page.find_tables()
    chars = page.chars
    rendered = []
    for table in tables:
        rows: list[list[str]] = []
        for row in table.rows:
            cells: list[list[str]] = []
            for cell in row.cells:
                if cell is None:
                    cells.append([])
                    continue
                x0, top, x1, bottom = cell
                inside = [
                    c
                    for c in chars
                    if x0 <= (c["x0"] + c["x1"]) / 2 < x1 and top <= (c["top"] + c["bottom"]) / 2 < bottom
                ]
                cells.append(_cell_lines(inside))
            rows += split_stacked_rows(cells)
        rendered.append(_captioned(rows))
    return tables, [t for t in rendered if t]


def _page_content(pdf: Any, page: Any, number: int) -> tuple[list[_Line], list[str], int, float]:
    """The page's lines in reading order, its tables as markdown, how many characters it holds, and its height
    (points, as read: a page turned upright has its width as height)."""
    chars = len(page.chars)
    page = _main_text(_upright(pdf, page))
    tables, rendered = _tables(page)
    boxes = [t.bbox for t in tables]

    def outside(word: dict[str, Any]) -> bool:
        return not any(x0 <= word["x0"] <= x1 and top <= word["top"] <= bottom for x0, top, x1, bottom in boxes)

    words = [w for w in page.extract_words(extra_attrs=["size"], keep_blank_chars=False) if outside(w)]
    width = float(page.width)
    gaps = column_gaps(_segments(words, number), width)
    segments = _segments(words, number, gaps) if gaps else _segments(words, number)
    lines = reading_order(segments, width)
    height = float(page.height)
    page.flush_cache()
    return lines, rendered, chars, height


def _is_page_number(text: str) -> bool:
    return bool(_PAGE_NUMBER.match(text.strip()))


def _margin_key(text: str) -> str:
    return re.sub(r"[\d\W_]+", " ", text).strip().lower()


def drop_running_lines(pages: list[list[_Line]], heights: list[float], body: float) -> list[list[_Line]]:
    """Leave out page numbers and running headers and footers (pure).

    Candidates are the two topmost and two bottommost lines of a page (by position, not reading order: in columns
    a header over the second column is read after the first) lying in its top or bottom ``MARGIN_SHARE``. A
    candidate is left out when it is a page number, or when, not set as a heading, its text without digits is
    like (``REPEAT_SIMILARITY``) a candidate of another page at most ``REPEAT_WINDOW`` pages away. Each candidate
    is compared with a bounded number of others, so the work grows with the pages, not with their square (all
    pairs took 10 s of CPU for 40 dense pages and would take minutes for 500).
    """
    candidates: list[list[tuple[_Line, str]]] = []
    for lines, height in zip(pages, heights, strict=True):
        by_top = sorted(lines, key=lambda line: line.top)
        edge = {id(line): line for line in [*by_top[:2], *by_top[-2:]]}.values()
        candidates.append(
            [
                (line, _margin_key(line.text))
                for line in edge
                if line.top < MARGIN_SHARE * height or line.bottom > (1 - MARGIN_SHARE) * height
            ]
        )
    doomed: set[int] = set()
    for index, found in enumerate(candidates):
        near = [
            key
            for i in range(max(0, index - REPEAT_WINDOW), min(len(candidates), index + REPEAT_WINDOW + 1))
            if i != index
            for _, key in candidates[i]
        ]
        for line, key in found:
            if _is_page_number(line.text):
                doomed.add(id(line))
            elif line.size < body * HEADING_RATIO and len(key) >= 3 and _repeated(key, near):
                doomed.add(id(line))
    return [[line for line in lines if id(line) not in doomed] for lines in pages]


def _repeated(key: str, others: list[str]) -> bool:
    """Whether one of ``others`` is like ``key``: ``difflib``'s ratio at least ``REPEAT_SIMILARITY``, its cheap
    upper bounds tried first (the matcher indexes ``key`` once)."""
    if key in others:
        return True
    matcher = difflib.SequenceMatcher(None, b=key)
    for other in others:
        matcher.set_seq1(other)
        if (
            matcher.real_quick_ratio() >= REPEAT_SIMILARITY
            and matcher.quick_ratio() >= REPEAT_SIMILARITY
            and matcher.ratio() >= REPEAT_SIMILARITY
        ):
            return True
    return False


def _heading_levels(lines: list[_Line], body: float) -> dict[float, int]:
    sizes = sorted({round(line.size, 1) for line in lines if line.size >= body * HEADING_RATIO}, reverse=True)
    return {size: min(i + 1, 3) for i, size in enumerate(sizes)}


def _join(paragraph: list[str], text: str) -> None:
    """Add a line to a paragraph, joining a word hyphenated across the line break."""
    if paragraph and _HYPHENATED.search(paragraph[-1]) and text[:1].islower():
        paragraph[-1] = paragraph[-1][:-1] + text
    else:
        paragraph.append(text)


def _render(lines: list[_Line], tables_by_page: dict[int, list[str]], body: float) -> list[str]:
    levels = _heading_levels(lines, body)
    blocks: list[str] = []
    paragraph: list[str] = []
    previous: _Line | None = None

    def flush() -> None:
        if paragraph:
            blocks.append(" ".join(paragraph))
            paragraph.clear()

    page = 0
    for line in lines:
        while page < line.page:
            flush()
            blocks.extend(tables_by_page.get(page, []))
            page += 1
        level = levels.get(round(line.size, 1))
        if level is not None and len(line.text) <= MAX_HEADING_CHARS:
            flush()
            blocks.append(md.heading(level, line.text))
        elif _BULLET.match(line.text):
            item = "- " + _BULLET.sub("", line.text, count=1)
            if not paragraph and blocks and blocks[-1].startswith("- "):
                blocks[-1] += "\n" + item  # consecutive items stay one list
            else:
                flush()
                blocks.append(item)
        else:
            gap = line.top - previous.bottom if previous is not None and previous.page == line.page else 0.0
            if paragraph and gap > PARAGRAPH_GAP * max(line.size, 1):
                flush()
            _join(paragraph, line.text)
        previous = line
    flush()
    for rest in range(page, max(tables_by_page, default=-1) + 1):
        blocks.extend(tables_by_page.get(rest, []))
    return blocks


def _unreadable(filename: str, exc: Exception) -> DocumentError:
    cause = exc.args[0] if isinstance(exc, PdfminerException) and exc.args else exc
    if isinstance(cause, PDFPasswordIncorrect):
        return DocumentError(
            filename=filename,
            problem="is encrypted: it opens only with a password, so graphsvc cannot read its text",
            fix="send it without the password (save an unprotected copy)",
        )
    return DocumentError(
        filename=filename,
        problem=f"is not a readable PDF ({type(cause).__name__}: {cause})"[:500],
        fix="check that the file is a complete PDF",
    )


def to_markdown(
    data: bytes,
    *,
    filename: str,
    max_pages: int,
    max_chars: int = 2_000_000,
    max_inflated_bytes: int = 256 * 1024 * 1024,
) -> tuple[str, int]:
    """The PDF as markdown, and its page count.

    Args:
        max_pages: more pages are refused before any page is read.
        max_chars: parsing stops, and the document is refused, once its pages hold more characters.
        max_inflated_bytes: what its compressed streams may inflate to in all.

    Raises:
        DocumentError: not a readable PDF (corrupt), encrypted with a password, more than ``max_pages`` pages,
            more than ``max_chars`` characters, or streams inflating past ``max_inflated_bytes``.
    """
    try:
        with inflate_budget(max_inflated_bytes), pdfplumber.open(io.BytesIO(data)) as pdf:
            pages = len(pdf.pages)
            if pages > max_pages:
                raise DocumentError(
                    filename=filename,
                    problem=f"has {pages} pages, over the limit of {max_pages}",
                    fix="split it, or raise DOCUMENT_MAX_PAGES",
                )
            by_page: list[list[_Line]] = []
            heights: list[float] = []
            tables: dict[int, list[str]] = {}
            chars = 0
            for number, page in enumerate(pdf.pages):
                page_lines, page_tables, page_chars, height = _page_content(pdf, page, number)
                chars += page_chars
                if chars > max_chars:
                    raise DocumentError(
                        filename=filename,
                        problem=f"holds more than {max_chars:,} characters of text (stopped at page {number + 1})",
                        fix="split it, or raise DOCUMENT_MAX_CHARS",
                    )
                by_page.append(page_lines)
                heights.append(height)
                tables[number] = page_tables
                page.flush_cache()
    except DocumentError:
        raise
    except (
        InflateLimitError,
        PdfminerException,
        PDFSyntaxError,
        ValueError,
        KeyError,
        TypeError,
        AttributeError,
    ) as exc:
        cause = exc.args[0] if isinstance(exc, PdfminerException) and exc.args else exc  # pdfplumber wraps them
        if isinstance(cause, InflateLimitError):
            raise DocumentError(
                filename=filename,
                problem=f"has compressed streams that inflate to more than {max_inflated_bytes:,} bytes",
                fix="send a smaller PDF, or raise DOCUMENT_MAX_INFLATED_BYTES",
            ) from exc
        raise _unreadable(filename, exc) from exc
    sizes: Counter[float] = Counter()
    for line in (line for lines in by_page for line in lines):
        sizes[round(line.size, 1)] += len(line.text)
    body = sizes.most_common(1)[0][0] if sizes else 0.0
    lines = [line for kept in drop_running_lines(by_page, heights, body) for line in kept]
    return "\n\n".join(_render(lines, tables, body)), pages
