"""PDF layout: two or three columns in column order, pages turned sideways read as their text, rotated margin
text, running headers and page numbers left out, digits in tables kept together, hyphenated line ends joined."""

from __future__ import annotations

import difflib
import random
import string
from collections.abc import Sequence

import pytest

from graphsvc.config import Settings
from graphsvc.pipeline.documents import pdf_file
from graphsvc.pipeline.documents.normalize import normalize
from graphsvc.pipeline.documents.pdf_file import (
    _captioned,
    _join,
    _Line,
    _segments,
    column_gaps,
    drop_running_lines,
    gutter,
    reading_order,
    split_stacked_rows,
)
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


def test_a_three_column_page_is_read_column_by_column_without_the_header_or_the_margin_stamp() -> None:
    out = normalize(samples.three_column_pdf(2), filename="bulletin.pdf", mime_type=None, settings=SETTINGS.documents)
    text = out.markdown
    assert out.title == "Bulletin part 1"
    for page in (1, 2):
        part = text.split(f"# Bulletin part {page}")[1].split("# Bulletin part")[0]
        first, second, third = (s.strip() for s in samples.COLUMN_THREE)
        assert part.rindex(first) < part.index(second) and part.rindex(second) < part.index(third), part
        assert part.count(first) == 7 and part.count(second) == 7 and part.count(third) == 7  # no line lost
    assert samples.RUNNING_HEADER not in text and "archive stamp" not in text
    assert not [line for line in text.splitlines() if line.strip() in {"1", "2"}]


def test_three_columns_split_at_both_gaps_and_read_left_to_right() -> None:
    columns = [[line(f"c{c} line {i}", 40 + 180 * c, 200 + 180 * c, 100 + 12 * i) for i in range(8)] for c in range(3)]
    title = line("A title over the three columns", 150, 450, 70, size=16)
    segments = [title, *(s for column in columns for s in column)]
    gaps = column_gaps(segments, 595)
    assert len(gaps) == 2 and 200 <= gaps[0] <= 220 and 380 <= gaps[1] <= 400
    order = [s.text for s in reading_order(segments, 595)]
    assert order == [title.text, *(s.text for column in columns for s in column)]


def test_words_of_one_row_on_both_sides_of_a_column_gap_are_never_one_line() -> None:
    def word(text: str, x0: float, x1: float, top: float) -> dict[str, object]:
        return {"text": text, "x0": x0, "x1": x1, "top": top, "bottom": top + 9, "size": 9.0}

    words = [word("ends", 180, 200, 100), word("starts", 210, 240, 100.5)]  # 10 pt apart: under the gap width
    assert [s.text for s in _segments(words, 0)] == ["ends starts"]
    assert [s.text for s in _segments(words, 0, [205.0])] == ["ends", "starts"]


def test_a_page_turned_by_its_rotate_entry_is_read_as_its_text() -> None:
    out = normalize(
        samples.sideways_pdf(page_rotate=True), filename="t.pdf", mime_type=None, settings=SETTINGS.documents
    )
    assert samples.SIDEWAYS_TEXT in out.markdown
    assert "Lisbon 1,450 72,316" in out.markdown and "Porto 1,625 98,452" in out.markdown


def test_text_drawn_sideways_on_an_upright_page_is_read_as_its_text() -> None:
    out = normalize(
        samples.sideways_pdf(page_rotate=False), filename="t.pdf", mime_type=None, settings=SETTINGS.documents
    )
    assert samples.SIDEWAYS_TEXT in out.markdown
    assert "Harbour Ships Tonnage" in out.markdown and "Porto 1,625 98,452" in out.markdown


def test_a_ruled_row_of_stacked_records_is_one_row_per_record_and_a_header_row_stays_one() -> None:
    stacked = [["Alabama", "Alaska"], ["18,870", "209"], [], ["71,137", "7,095"]]
    assert split_stacked_rows(stacked) == [["Alabama", "18,870", "", "71,137"], ["Alaska", "209", "", "7,095"]]
    header = [["State /", "Territory"], ["Permit"], ["Handgun", "Long", "Gun"]]
    assert split_stacked_rows(header) == [["State / Territory", "Permit", "Handgun Long Gun"]]
    assert split_stacked_rows([["Lisbon", "Porto"], []]) == [["Lisbon Porto", ""]]  # one filled cell: one row


def test_a_title_ruled_into_a_table_is_its_caption_and_the_row_below_it_the_header() -> None:
    rows = [["Checks of November", "", ""], ["State", "Permit", "Total"], ["Alabama", "18,870", "71,137"]]
    assert _captioned(rows) == (
        "Checks of November\n\n| State | Permit | Total |\n|---|---|---|\n| Alabama | 18,870 | 71,137 |"
    )
    plain = [["State", "", "Total"], ["Alabama", "18,870", "71,137"], ["Alaska", "209", "7,095"]]
    assert _captioned(plain).startswith("| State |  | Total |")  # two filled header cells: a header


def test_running_lines_are_looked_for_on_nearby_pages_only_so_the_work_grows_with_the_pages(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    compared: list[str] = []

    class Counting(difflib.SequenceMatcher[str]):
        def set_seq1(self, a: Sequence[str]) -> None:
            compared.append("".join(a))
            super().set_seq1(a)

    monkeypatch.setattr(difflib, "SequenceMatcher", Counting)
    rng = random.Random(7)

    def unique() -> str:  # letters only: the digits of a margin line are no part of what repeats
        return " ".join("".join(rng.choice(string.ascii_lowercase) for _ in range(7)) for _ in range(5))

    pages = [[line(unique(), 60, 400, 30, page=n), line(unique(), 60, 400, 800, page=n)] for n in range(300)]
    for n in (150, 152, 290):
        pages[n].insert(0, line("A RUNNING HEADER", 60, 300, 20, page=n))
    kept = drop_running_lines(pages, [842.0] * 300, body=10)
    # each candidate meets at most the candidates of REPEAT_WINDOW pages either side (all pairs: 180,000)
    assert 0 < len(compared) <= 300 * 3 * (2 * pdf_file.REPEAT_WINDOW * 3)
    assert [ln.text for ln in kept[150]] == [ln.text for ln in pages[150][1:]]  # its twin two pages on: dropped
    assert kept[290][0].text == "A RUNNING HEADER"  # its twin is far away: not a running line here
    assert all(len(page) == 2 for n, page in enumerate(kept) if n != 290)
