"""Every format normalised to structured markdown, the checks that run before any parser, and the chunk tree."""

from __future__ import annotations

import pytest

from graphsvc.config import Settings
from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents.chunker import build_chunks
from graphsvc.pipeline.documents.formats import declared_format
from graphsvc.pipeline.documents.normalize import normalize
from tests import sample_documents as samples

SETTINGS = Settings(environment="test")
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"
XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"


def test_pdf_gives_headings_lists_and_a_table() -> None:
    out = normalize(samples.pdf(2), filename="report.pdf", mime_type="application/pdf", settings=SETTINGS.documents)
    lines = out.markdown.splitlines()
    assert out.format == "pdf" and out.pages == 2 and out.title == "Annual Report"
    assert "# Annual Report" in lines and "## Chapter 1" in lines and "## Chapter 2" in lines
    assert "- first point of the chapter" in lines
    assert "| Region | Sales |" in lines and "| North | 10 |" in lines


def test_docx_gives_heading_levels_lists_and_a_table() -> None:
    out = normalize(samples.docx_file(2), filename="guide.docx", mime_type=DOCX, settings=SETTINGS.documents)
    lines = out.markdown.splitlines()
    assert out.format == "docx" and out.title == "Field Guide"
    assert {"# Field Guide", "# Section 1", "## Details 1", "- first item", "| Name | Role |"} <= set(lines)


def test_xlsx_csv_html_markdown_and_text() -> None:
    book = normalize(samples.xlsx_file(), filename="budget.xlsx", mime_type=XLSX, settings=SETTINGS.documents).markdown
    assert "## Budget" in book and "| Rent | 900 |" in book and "## People" in book
    csv = normalize(b"name;city\nAna;Lisbon\n", filename="people.csv", mime_type=None, settings=SETTINGS.documents)
    assert csv.markdown.splitlines()[:3] == ["| name | city |", "|---|---|", "| Ana | Lisbon |"]
    html = normalize(
        b"<html><script>x()</script><body><h1>Hi</h1><p>Text <b>bold</b></p><ul><li>a</li></ul>"
        b"<table><tr><th>k</th></tr><tr><td>v</td></tr></table></body></html>",
        filename="page.html",
        mime_type="text/html",
        settings=SETTINGS.documents,
    ).markdown
    assert "# Hi" in html and "**bold**" in html and "- a" in html and "| k |" in html and "x()" not in html
    md = normalize(b"# T\n\nbody\r\n", filename="n.md", mime_type=None, settings=SETTINGS.documents)
    assert md.markdown == "# T\n\nbody" and md.title == "T"
    txt = normalize(
        "# not a heading\n正文".encode("gb18030"), filename="n.txt", mime_type=None, settings=SETTINGS.documents
    )
    assert txt.markdown == "\\# not a heading\n正文" and txt.title == "n"


@pytest.mark.parametrize(
    ("data", "filename", "mime", "message"),
    [
        (samples.corrupt_pdf(), "bad.pdf", "application/pdf", "not a readable PDF"),
        (b"hello, plain text", "fake.pdf", "application/pdf", "declared PDF but its bytes are text"),
        (samples.pdf(1), "fake.docx", DOCX, "declared DOCX but its bytes are pdf"),
        (samples.pdf(1), "fake.txt", "text/plain", "declared txt text but its bytes are pdf"),
        (b"x", "a.bin", "application/octet-stream", "does not parse"),
        (b"x", "a.exe", None, "unknown extension"),
        (b"", "empty.md", None, "is empty"),
    ],
)
def test_bad_files_are_refused_before_parsing(data: bytes, filename: str, mime: str | None, message: str) -> None:
    with pytest.raises(DocumentError, match=message):
        normalize(data, filename=filename, mime_type=mime, settings=SETTINGS.documents)


def test_a_zip_bomb_in_a_docx_is_refused_by_ratio_and_by_total() -> None:
    bomb = samples.docx_with_zip_bomb(8 * 1024 * 1024)
    assert len(bomb) < 100_000
    with pytest.raises(DocumentError, match="zip bomb"):
        normalize(bomb, filename="bomb.docx", mime_type=DOCX, settings=SETTINGS.documents)
    lenient = SETTINGS.model_copy(
        update={"document_max_zip_ratio": 1e9, "document_max_unzipped_bytes": 4 * 1024 * 1024}
    )
    with pytest.raises(DocumentError, match="more than 4,194,304 bytes"):
        normalize(bomb, filename="bomb.docx", mime_type=DOCX, settings=lenient.documents)


def test_limits_on_size_and_pages() -> None:
    small = SETTINGS.model_copy(update={"document_max_bytes": 1024, "document_max_pages": 1})
    with pytest.raises(DocumentError, match="over the limit of 1,024"):
        normalize(b"a" * 1025, filename="a.txt", mime_type=None, settings=small.documents)
    with pytest.raises(DocumentError, match="has 2 pages, over the limit of 1"):
        normalize(
            samples.pdf(2),
            filename="p.pdf",
            mime_type=None,
            settings=small.model_copy(update={"document_max_bytes": 10**7}).documents,
        )
    assert declared_format(filename="X.MD", mime_type=None) == "markdown"
    assert declared_format(filename="x", mime_type="text/html; charset=utf-8") == "html"


def test_the_chunk_tree_follows_the_headings_and_splits_long_blocks() -> None:
    md = (
        "Intro.\n\n# A\n\nalpha\n\n## B\n\n"
        + "A sentence about nothing. " * 60
        + "\n\n# C\n\n| h |\n|---|\n"
        + "| r |\n" * 80
    )
    chunks = build_chunks(md, chunk_tokens=50, section_tokens=100)
    sections = [c for c in chunks if c.kind == "section"]
    assert [s.heading_path for s in sections] == [["A"], ["A", "B"], ["C"]]
    assert sections[1].parent == sections[0].position and sections[0].parent is None
    assert "## B" in sections[0].content  # a section's text holds its sub-sections
    b_passages = [c for c in chunks if c.kind == "passage" and c.heading_path == ["A", "B"]]
    assert len(b_passages) > 1 and all(c.tokens <= 50 for c in b_passages)
    c_passages = [c for c in chunks if c.kind == "passage" and c.heading_path == ["C"]]
    assert len(c_passages) > 1 and all(p.content.startswith("| h |\n|---|") for p in c_passages)
    assert chunks[0].kind == "passage" and chunks[0].heading_path == [] and chunks[0].parent is None
    assert all(c.parent is None or c.parent < c.position for c in chunks)
