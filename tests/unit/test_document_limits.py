"""Hostile documents (issue 25 item 1) meet a limit with a clear reason: a DTD, a flood of paragraphs, a stream
inflating past its budget, more text than allowed, an encrypted PDF; and the sandboxed parser process is
stopped for CPU and memory, or when it hangs (never for waiting its turn for the CPU)."""

from __future__ import annotations

import asyncio
import os
from pathlib import Path

import pytest

from graphsvc.config import Settings
from graphsvc.errors import DocumentError
from graphsvc.pipeline.documents import sandbox
from graphsvc.pipeline.documents.normalize import normalize
from tests import sample_documents as samples

SETTINGS = Settings(environment="test")
DOCX = "application/vnd.openxmlformats-officedocument.wordprocessingml.document"


def test_a_billion_laughs_docx_is_refused_for_its_dtd_before_any_parser_runs() -> None:
    with pytest.raises(DocumentError, match="declares a DTD in word/document.xml"):
        normalize(samples.billion_laughs_docx(), filename="laughs.docx", mime_type=DOCX, settings=SETTINGS.documents)


def test_a_docx_of_more_paragraphs_than_the_limit_is_refused_before_it_is_loaded() -> None:
    limited = SETTINGS.model_copy(update={"document_max_elements": 1_000})
    with pytest.raises(DocumentError, match="more than 1,000 paragraphs and table rows"):
        normalize(samples.docx_with_paragraphs(1_001), filename="many.docx", mime_type=DOCX, settings=limited.documents)
    under = normalize(
        samples.docx_with_paragraphs(990), filename="many.docx", mime_type=DOCX, settings=limited.documents
    )
    assert under.markdown.count("\n\n") >= 900  # the docx template adds a few paragraphs of its own


def test_a_pdf_stream_inflating_past_the_budget_is_refused() -> None:
    bomb = samples.inflating_pdf(8 * 1024 * 1024)
    assert len(bomb) < 20_000
    tight = SETTINGS.model_copy(update={"document_max_inflated_bytes": 4 * 1024 * 1024})
    with pytest.raises(DocumentError, match="inflate to more than 4,194,304 bytes"):
        normalize(bomb, filename="bomb.pdf", mime_type=None, settings=tight.documents)
    roomy = SETTINGS.model_copy(update={"document_max_inflated_bytes": 16 * 1024 * 1024})
    assert normalize(bomb, filename="bomb.pdf", mime_type=None, settings=roomy.documents).markdown == "Hello"


def test_a_pdf_over_the_character_limit_stops_at_the_page_that_passes_it() -> None:
    small = SETTINGS.model_copy(update={"document_max_chars": 20_000})
    with pytest.raises(DocumentError, match=r"more than 20,000 characters of text \(stopped at page 2\)"):
        normalize(samples.dense_pdf(4), filename="dense.pdf", mime_type=None, settings=small.documents)


def test_an_encrypted_pdf_says_it_needs_a_password() -> None:
    with pytest.raises(DocumentError, match="is encrypted: it opens only with a password") as refused:
        normalize(samples.encrypted_pdf(), filename="locked.pdf", mime_type=None, settings=SETTINGS.documents)
    assert refused.value.fix and "without the password" in refused.value.fix


async def test_the_sandbox_parses_and_chunks_in_a_child_process() -> None:
    parsed = await sandbox.parse(
        b"# Boat manual\n\n## Engine\n\nMix oil at fifty to one.\n",
        filename="m.md",
        mime_type=None,
        settings=SETTINGS.documents,
    )
    assert (parsed.format, parsed.title, parsed.pages) == ("markdown", "Boat manual", 1)
    passages = [c for c in parsed.chunks if c.kind == "passage"]
    assert [p.heading_path for p in passages] == [["Boat manual", "Engine"]]
    assert passages[0].content == "Mix oil at fifty to one."


async def test_the_sandbox_passes_on_a_refusal_with_its_reason() -> None:
    with pytest.raises(DocumentError, match="'locked.pdf' is encrypted"):
        await sandbox.parse(samples.encrypted_pdf(), filename="locked.pdf", mime_type=None, settings=SETTINGS.documents)


async def test_a_parser_past_its_cpu_limit_is_stopped() -> None:
    strict = SETTINGS.model_copy(update={"document_parse_cpu_s": 1})
    with pytest.raises(DocumentError, match="needed more than 1 s of CPU to parse and was stopped"):
        await sandbox.parse(samples.dense_pdf(40), filename="dense.pdf", mime_type=None, settings=strict.documents)


async def test_a_parser_past_its_memory_limit_is_stopped() -> None:
    strict = SETTINGS.model_copy(
        update={"document_parse_memory_mb": 256, "document_max_elements": 10**7, "document_max_chars": 10**8}
    )
    with pytest.raises(DocumentError, match="needed more than 256 MiB of memory to parse"):
        await sandbox.parse(
            samples.docx_with_paragraphs(300_000), filename="many.docx", mime_type=DOCX, settings=strict.documents
        )


async def test_a_hung_parser_is_killed_with_its_process_group(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """A parser that sleeps (hung: no CPU, not waiting for it) is stopped after DOCUMENT_PARSE_STALL_S."""
    (tmp_path / "hung_parser.py").write_text("import time\ntime.sleep(60)\n", encoding="utf-8")
    monkeypatch.setenv("PYTHONPATH", str(tmp_path))
    monkeypatch.setattr(sandbox, "MODULE", "hung_parser")
    started: list[int] = []
    spawn = asyncio.create_subprocess_exec

    async def recording(*args: object, **kwargs: object) -> asyncio.subprocess.Process:
        child = await spawn(*args, **kwargs)  # type: ignore[arg-type]
        started.append(child.pid)
        return child

    monkeypatch.setattr(asyncio, "create_subprocess_exec", recording)
    strict = SETTINGS.model_copy(update={"document_parse_stall_s": 1.0})
    with pytest.raises(DocumentError, match="hung: the parser used no CPU for 1 s and was stopped"):
        await sandbox.parse(samples.dense_pdf(4), filename="dense.pdf", mime_type=None, settings=strict.documents)
    assert started
    with pytest.raises(ProcessLookupError):
        os.kill(started[0], 0)  # the child is gone (killed and reaped)


async def test_a_parser_that_works_longer_than_the_stall_time_is_not_stopped() -> None:
    """Busy for longer than DOCUMENT_PARSE_STALL_S (it uses CPU all along): parsed, not stopped for time."""
    strict = SETTINGS.model_copy(update={"document_parse_stall_s": 1.0})
    parsed = await sandbox.parse(samples.dense_pdf(12), filename="dense.pdf", mime_type=None, settings=strict.documents)
    assert parsed.pages == 12


def test_progress_counts_only_time_asleep_without_cpu() -> None:
    progress = sandbox.Progress(stall_s=10.0, now=0.0)
    # waiting for the CPU on a busy machine (runnable, no CPU used): never hung, however long
    assert not any(progress.hung(now=t, cpu_s=0.0, runnable=True) for t in (5.0, 50.0, 500.0))
    # asleep without CPU: hung once stall_s has passed since the last sign of life
    assert not progress.hung(now=505.0, cpu_s=0.0, runnable=False)
    assert progress.hung(now=510.0, cpu_s=0.0, runnable=False)
    # CPU used since: alive again, and the count starts over
    assert not progress.hung(now=511.0, cpu_s=0.5, runnable=False)
    assert not progress.hung(now=520.0, cpu_s=0.5, runnable=False)
    assert progress.hung(now=521.0, cpu_s=0.5, runnable=False)


async def test_a_pdf_of_as_much_text_as_the_default_limit_allows_is_parsed_within_the_default_cpu_limit() -> None:
    """The limits agree: a PDF of the densest text (6 pt, about 18,400 characters a page) just under
    DOCUMENT_MAX_CHARS is parsed and chunked inside DOCUMENT_PARSE_CPU_S with every other default, so the limit a
    user meets is the one on characters (the parser's CPU is the backstop)."""
    defaults = SETTINGS.documents
    pages = defaults.max_chars // 18_500
    parsed = await sandbox.parse(samples.dense_pdf(pages), filename="dense.pdf", mime_type=None, settings=defaults)
    assert parsed.pages == pages
    assert len(parsed.markdown) > 0.95 * defaults.max_chars
    assert parsed.chunks
