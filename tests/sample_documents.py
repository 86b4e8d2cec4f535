"""Sample documents made by the tests themselves (and the document benchmarks): PDF (fpdf2), DOCX (python-docx),
XLSX (openpyxl), a two-column PDF with running headers, page numbers, rotated margin text and a tracked table,
and hostile files (a corrupt PDF, a DOCX with a zip bomb inside, a dense many-page PDF, a PDF whose content stream
inflates far past its size, an encrypted PDF, a DOCX of very many paragraphs, a billion-laughs DOCX)."""

from __future__ import annotations

import io
import random
import re
import zipfile
import zlib

import docx
import openpyxl
from fpdf import FPDF

PARAGRAPH = (
    "Our team reviewed the quarterly numbers in Lisbon. Revenue grew in every region and the support queue "
    "shrank after the new onboarding guide shipped. "
)


def pdf(pages: int = 2, *, title: str = "Annual Report") -> bytes:
    """A PDF with a title, a heading per page, paragraphs, a bullet list and a ruled table on the first page."""
    doc = FPDF()
    for page in range(pages):
        doc.add_page()
        if page == 0:
            doc.set_font("Helvetica", size=24)
            doc.cell(0, 12, title, new_x="LMARGIN", new_y="NEXT")
        doc.set_font("Helvetica", size=16)
        doc.cell(0, 10, f"Chapter {page + 1}", new_x="LMARGIN", new_y="NEXT")
        doc.set_font("Helvetica", size=11)
        doc.multi_cell(0, 6, PARAGRAPH * 4)
        doc.ln(6)
        doc.multi_cell(0, 6, "- first point of the chapter\n- second point of the chapter")
        if page == 0:
            doc.ln(4)
            with doc.table() as table:
                for cells in (["Region", "Sales"], ["North", "10"], ["South", "12"]):
                    row = table.row()
                    for value in cells:
                        row.cell(value)
    return bytes(doc.output())


def docx_file(sections: int = 2, *, title: str = "Field Guide") -> bytes:
    """A DOCX with a title, headings, paragraphs, a bullet list and a table."""
    document = docx.Document()
    document.add_heading(title, level=0)
    for n in range(sections):
        document.add_heading(f"Section {n + 1}", level=1)
        document.add_paragraph(PARAGRAPH * 3)
        document.add_heading(f"Details {n + 1}", level=2)
        document.add_paragraph("first item", style="List Bullet")
        document.add_paragraph("second item", style="List Bullet")
    table = document.add_table(rows=2, cols=2)
    for r, cells in enumerate((["Name", "Role"], ["Ana", "Nurse"])):
        for c, value in enumerate(cells):
            table.cell(r, c).text = value
    out = io.BytesIO()
    document.save(out)
    return out.getvalue()


def xlsx_file() -> bytes:
    """A workbook of two sheets."""
    book = openpyxl.Workbook()
    sheet = book.active
    assert sheet is not None
    sheet.title = "Budget"
    for row in (["Item", "Cost"], ["Rent", 900], ["Food", 300]):
        sheet.append(row)
    other = book.create_sheet("People")
    for row in (["Name", "City"], ["Ana", "Lisbon"]):
        other.append(row)
    out = io.BytesIO()
    book.save(out)
    return out.getvalue()


def corrupt_pdf() -> bytes:
    """The first bytes of a PDF and then garbage: looks like a PDF, parses as none."""
    return b"%PDF-1.7\n" + bytes(range(256)) * 40


def docx_with_zip_bomb(unpacked_bytes: int = 50 * 1024 * 1024) -> bytes:
    """A real DOCX with one more entry of ``unpacked_bytes`` zeros, which deflate packs about 1000 times."""
    source = zipfile.ZipFile(io.BytesIO(docx_file(1)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as bomb:
        for item in source.infolist():
            bomb.writestr(item, source.read(item))
        with bomb.open("word/media/padding.bin", "w") as entry:
            block = b"\0" * (1 << 20)
            for _ in range(unpacked_bytes // len(block)):
                entry.write(block)
    return out.getvalue()


COLUMN_LEFT = (
    "The left column opens with the harbour survey of March. ",
    "Its second paragraph lists the moorings that failed inspection. ",
)
COLUMN_RIGHT = (
    "The right column starts with the lighthouse budget. ",
    "It closes with the keeper's request for a new lens. ",
)
RUNNING_HEADER = "Harbour Commission - Quarterly Notes"
MARGIN_STAMP = "archive stamp 2024-0417 rotated in the margin"


class _RunningPages(FPDF):
    def header(self) -> None:
        self.set_font("Helvetica", size=8)
        self.cell(0, 5, RUNNING_HEADER, align="C", new_x="LMARGIN", new_y="NEXT")
        self.ln(4)

    def footer(self) -> None:
        self.set_y(-12)
        self.set_font("Helvetica", size=8)
        self.cell(0, 5, str(self.page_no()), align="C")


def two_column_pdf(pages: int = 3) -> bytes:
    """Pages with a running header, a page number, a stamp rotated up the left margin, a title over two columns of
    text (the left column's sentences, then the right's) and a ruled table whose digits are set 1.5 mm apart."""
    doc = _RunningPages()
    for page in range(pages):
        doc.add_page()
        doc.set_font("Helvetica", size=9)
        with doc.rotation(90, x=8, y=200):
            doc.text(8, 200, MARGIN_STAMP)
        doc.set_font("Helvetica", size=18)
        doc.cell(0, 10, f"Report part {page + 1}", new_x="LMARGIN", new_y="NEXT")
        doc.set_font("Helvetica", size=10)
        with doc.text_columns(ncols=2, gutter=12) as columns:
            for text in COLUMN_LEFT:
                columns.write(text=text * 6)
                columns.ln()
            columns.new_column()
            for text in COLUMN_RIGHT:
                columns.write(text=text * 6)
                columns.ln()
        doc.ln(10)
        for cells in (("Year", "Ships"), ("2023", "1450"), ("2024", "1625")):
            for value in cells:
                doc.set_char_spacing(1.5 if value.isdigit() else 0)
                doc.cell(40, 8, value, border=1)
            doc.set_char_spacing(0)
            doc.ln()
    return bytes(doc.output())


COLUMN_THREE = (
    "The first column tells of the ferry timetable. ",
    "The second column covers the dredging contract. ",
    "The third column ends with the pier lighting. ",
)


def three_column_pdf(pages: int = 2) -> bytes:
    """Pages with a running header, a page number, a title over three columns of text (each column's sentence
    repeated, read first column to last) and a stamp rotated down the right margin."""
    doc = _RunningPages()
    for page in range(pages):
        doc.add_page()
        doc.set_font("Helvetica", size=9)
        with doc.rotation(270, x=203, y=60):
            doc.text(203, 60, MARGIN_STAMP)
        doc.set_font("Helvetica", size=18)
        doc.cell(0, 10, f"Bulletin part {page + 1}", new_x="LMARGIN", new_y="NEXT")
        doc.set_font("Helvetica", size=9)
        with doc.text_columns(ncols=3, gutter=6) as columns:
            for number, text in enumerate(COLUMN_THREE):
                if number:
                    columns.new_column()
                columns.write(text=text * 7)
    return bytes(doc.output())


SIDEWAYS_ROWS = (("Harbour", "Ships", "Tonnage"), ("Lisbon", "1,450", "72,316"), ("Porto", "1,625", "98,452"))
SIDEWAYS_TEXT = "Landing figures of the season, one row per harbour."


def sideways_pdf(*, page_rotate: bool) -> bytes:
    """One page whose text reads sideways: a sentence and a table of ``SIDEWAYS_ROWS`` (numbers in separate
    columns). With ``page_rotate`` the text is set upright on a landscape page that carries ``/Rotate 90`` (a
    viewer shows it turned); without, it is drawn at 90° on a portrait page (a landscape table printed sideways)."""
    lines = [(SIDEWAYS_TEXT, 60.0, 520.0)] + [
        (cell, 60.0 + 140.0 * column, 470.0 - 24.0 * row)
        for row, cells in enumerate(SIDEWAYS_ROWS)
        for column, cell in enumerate(cells)
    ]
    if page_rotate:
        ops = [f"BT /F1 11 Tf 1 0 0 1 {x:g} {y:g} Tm ({text}) Tj ET" for text, x, y in lines]
        return _raw_pdf([zlib.compress("\n".join(ops).encode())], mediabox=(842, 595), rotate=90)
    # on the portrait page, the landscape point (x, y) is drawn at (595 - y, x), text running up the page
    ops = [f"BT /F1 11 Tf 0 1 -1 0 {595 - y:g} {x:g} Tm ({text}) Tj ET" for text, x, y in lines]
    return _raw_pdf([zlib.compress("\n".join(ops).encode())])


def dense_pdf(pages: int, *, font_pt: float = 6) -> bytes:
    """``pages`` pages full of small text, about 17,000 characters each (issue 25: 500 pages of 6 pt text took
    minutes of parser CPU)."""
    rng = random.Random(pages)
    words = PARAGRAPH.split()
    streams = []
    for _ in range(pages):
        lines = [" ".join(rng.choice(words) for _ in range(28))[:160] for _ in range(int(760 / (font_pt * 1.1)))]
        ops = [f"BT /F1 {font_pt:g} Tf {font_pt * 1.1:g} TL 20 780 Td".encode()]
        ops += [b"(" + line.encode() + b") Tj T*" for line in lines]
        ops.append(b"ET")
        streams.append(zlib.compress(b"\n".join(ops)))
    return _raw_pdf(streams)


def inflating_pdf(inflated_bytes: int) -> bytes:
    """A one-page PDF whose content stream inflates to ``inflated_bytes`` (``BT ... ET`` padded with spaces):
    a few kilobytes per megabyte inflated (issue 25: 1 MB inflating to 1 GiB)."""
    body = b"BT /F1 12 Tf 72 720 Td (Hello) Tj ET" + b" " * max(0, inflated_bytes - 36)
    return _raw_pdf([zlib.compress(body, 9)])


def _raw_pdf(streams: list[bytes], *, mediabox: tuple[int, int] = (595, 842), rotate: int = 0) -> bytes:
    """A PDF of one page per Flate-compressed content stream, in Helvetica, ``mediabox`` (width, height) points,
    with ``/Rotate rotate``."""
    count = len(streams)
    font = 3 + 2 * count
    kids = " ".join(f"{3 + 2 * i} 0 R" for i in range(count)).encode()
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [" + kids + b"] /Count %d >>" % count]
    for i, stream in enumerate(streams):
        objects.append(
            b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 %d %d] /Rotate %d /Contents %d 0 R "
            % (*mediabox, rotate, 4 + 2 * i)
            + b"/Resources << /Font << /F1 %d 0 R >> >> >>" % font
        )
        objects.append(b"<< /Length %d /Filter /FlateDecode >>\nstream\n" % len(stream) + stream + b"\nendstream")
    objects.append(b"<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>")
    out = io.BytesIO()
    out.write(b"%PDF-1.4\n")
    offsets = []
    for number, body_bytes in enumerate(objects, start=1):
        offsets.append(out.tell())
        out.write(f"{number} 0 obj\n".encode() + body_bytes + b"\nendobj\n")
    xref = out.tell()
    out.write(f"xref\n0 {len(objects) + 1}\n0000000000 65535 f \n".encode())
    for offset in offsets:
        out.write(f"{offset:010d} 00000 n \n".encode())
    out.write(f"trailer\n<< /Size {len(objects) + 1} /Root 1 0 R >>\nstartxref\n{xref}\n%%EOF\n".encode())
    return out.getvalue()


def encrypted_pdf() -> bytes:
    """A PDF that opens only with its user password."""
    doc = FPDF()
    doc.add_page()
    doc.set_font("Helvetica", size=12)
    doc.cell(0, 10, "The combination is 4-8-15.")
    doc.set_encryption(owner_password="owner-secret", user_password="user-secret")
    return bytes(doc.output())


def _with_document_xml(document_xml: bytes) -> bytes:
    """A real DOCX whose ``word/document.xml`` is replaced."""
    source = zipfile.ZipFile(io.BytesIO(docx_file(1)))
    out = io.BytesIO()
    with zipfile.ZipFile(out, "w", zipfile.ZIP_DEFLATED) as target:
        for item in source.infolist():
            data = document_xml if item.filename == "word/document.xml" else source.read(item)
            target.writestr(item.filename, data)
    return out.getvalue()


def _document_open_tag() -> bytes:
    xml = zipfile.ZipFile(io.BytesIO(docx_file(1))).read("word/document.xml")
    found = re.search(rb"<w:document[^>]*>", xml)
    assert found is not None
    return found.group(0)


def docx_with_paragraphs(count: int) -> bytes:
    """A DOCX of ``count`` short paragraphs of varied words (issue 25: 2.5 million of them in 1.7 MB took
    over 1 GB to load)."""
    rng = random.Random(count)
    parts = [b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n', _document_open_tag(), b"<w:body>"]
    parts += [f"<w:p><w:r><w:t>n{rng.randrange(10**6)}</w:t></w:r></w:p>".encode() for _ in range(count)]
    parts.append(b"</w:body></w:document>")
    return _with_document_xml(b"".join(parts))


def billion_laughs_docx(levels: int = 9) -> bytes:
    """A DOCX whose document.xml declares nested entities that expand ten-fold per level."""
    entities = ['<!ENTITY lol0 "lol">'] + [f'<!ENTITY lol{n} "{f"&lol{n - 1};" * 10}">' for n in range(1, levels + 1)]
    dtd = "<!DOCTYPE lolz [" + "".join(entities) + "]>"
    xml = (
        b'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n'
        + dtd.encode()
        + _document_open_tag()
        + f"<w:body><w:p><w:r><w:t>&lol{levels};</w:t></w:r></w:p></w:body></w:document>".encode()
    )
    return _with_document_xml(xml)


def pdf_of_size(size_bytes: int) -> bytes:
    """A readable one-page PDF of at least ``size_bytes``: a paragraph of text over a photo-like image of random
    pixels (which no compression shrinks), as a scanned page or a brochure is large."""
    from PIL import Image

    side = int((size_bytes / 3) ** 0.5) + 1
    noise = Image.frombytes("RGB", (side, side), random.Random(size_bytes).randbytes(side * side * 3))
    doc = FPDF()
    doc.add_page()
    doc.set_font("Helvetica", size=12)
    doc.multi_cell(0, 6, PARAGRAPH)
    doc.image(noise, x=20, y=80, w=120)
    return bytes(doc.output())
