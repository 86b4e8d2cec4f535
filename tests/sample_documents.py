"""Sample documents made by the tests themselves (and the document benchmark): PDF (fpdf2), DOCX (python-docx),
XLSX (openpyxl), and bad files (a corrupt PDF, a DOCX with a zip bomb inside)."""

from __future__ import annotations

import io
import zipfile

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
