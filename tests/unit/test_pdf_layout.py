"""PDF layout (issue 22): two columns in column order, rotated margin text, running headers and page numbers left
out, digits in tables kept together, hyphenated line ends joined."""

from __future__ import annotations

from graphsvc.config import Settings
from graphsvc.pipeline.documents.normalize import normalize
from graphsvc.pipeline.documents.pdf_file import _join, _Line, drop_running_lines, gutter, reading_order
from tests import sample_documents as samples

SETTINGS = Settings(environment="test")


def line(text: str, x0: float, x1: float, top: float, *, size: float = 10, page: int = 0) -> _Line:
    return _Line(text=text, size=size, top=top, bottom=top + size, page=page, x0=x0, x1=x1)


def test_a_two_column_page_is_read_column_by_column_without_headers_numbers_or_margin_stamps() -> None:
    out = normalize(samples.two_column_pdf(3), filename="notes.pdf", mime_type=None, settings=SETTINGS.documents)
    text = out.markdown
    assert out.title == "Report part 1"
    for page in (1, 2, 3):
        part = text.split(f"# Report part {page}")[1].split("# Report part")[0]
        ends = [part.rindex(s.strip()) for s in samples.COLUMN_LEFT] + [
            part.index(s.strip()) for s in samples.COLUMN_RIGHT
        ]
        assert ends[0] < ends[1] < ends[2] < ends[3], part  # every left sentence before the first right one
    assert samples.RUNNING_HEADER not in text and "archive stamp" not in text
    assert not [line for line in text.splitlines() if line.strip() in {"1", "2", "3"}]  # no page numbers
    assert "| 2023 | 1450 |" in text and "| 2024 | 1625 |" in text  # not "2 0 2 3"


def test_the_gutter_needs_text_side_by_side_in_wide_columns() -> None:
    left = [line(f"left {i}", 50, 280, 100 + 14 * i) for i in range(6)]
    right = [line(f"right {i}", 310, 545, 100 + 14 * i) for i in range(6)]
    title = line("A title over both columns", 120, 480, 70, size=16)
    columns = gutter([title, *left, *right], 595)
    assert columns is not None and 280 <= columns.x <= 310
    order = [s.text for s in reading_order([title, *left, *right], 595)]
    assert order == ["A title over both columns", *(s.text for s in left), *(s.text for s in right)]
    one_column = [line(f"row {i}", 50, 545, 100 + 14 * i) for i in range(12)]
    assert gutter(one_column, 595) is None
    form = [line(f"Label {i}:", 50, 110, 100 + 14 * i) for i in range(6)]
    values = [line(f"value {i}", 310, 400, 100 + 14 * i) for i in range(6)]
    assert gutter([*form, *values], 595) is None  # labels and short values are not columns of text
    assert [s.text for s in reading_order([*form, *values], 595)][:2] == ["Label 0: value 0", "Label 1: value 1"]


def test_page_numbers_and_repeated_margin_lines_go_but_repeated_headings_stay() -> None:
    pages = []
    for n in range(3):
        pages.append(
            [
                line(f"{48 + n} THE SIEGE OF VICKSBURG.", 60, 400, 30, page=n),
                line(f"Chapter {n + 1}", 60, 300, 60, size=16, page=n),
                line("Body text of the page.", 60, 500, 200, page=n),
                line(f"- {n + 1} -", 280, 310, 800, page=n),
            ]
        )
    kept = drop_running_lines(pages, [842.0] * 3, body=10)
    assert [[ln.text for ln in page] for page in kept] == [
        [f"Chapter {n + 1}", "Body text of the page."] for n in range(3)
    ]


def test_a_word_hyphenated_at_a_line_end_is_joined_and_a_dash_before_a_capital_is_kept() -> None:
    paragraph: list[str] = []
    for text in ("it became too conspicuous and dan-", "gerous for use. Pre-", "War times"):
        _join(paragraph, text)
    assert " ".join(paragraph) == "it became too conspicuous and dangerous for use. Pre- War times"
