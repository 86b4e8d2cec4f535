"""Upload a document: check what is cheap to check, keep its bytes, queue its parsing, and return at once.

- The document is keyed by (user, ``sourceId`` or the filename). The hash of its bytes decides: the same bytes as
  its latest upload change nothing (not even a timestamp); other bytes are a new upload, which its
  ``parse_document`` job makes a new version (:mod:`.parse_job`); that replaces the chunk tree and keeps the
  previous version's markdown as a ``DocumentVersion`` (history).
- On the request path only the size, the declared format and the file's first bytes are checked (an upload that
  fails these writes nothing and is refused with INVALID_DOCUMENT). Everything that reads the file (zip bombs,
  pages, characters, parse errors) runs in the job's sandboxed parser, never in the service's process; a
  document refused there is ``FAILED`` with the reason.
- One transaction locks the document, queues its ``parse_document`` job and keeps the bytes on its
  ``DocumentUpload``; the document is ``PROCESSING`` until the job made it ``READY`` (or ``FAILED``). A version
  parsed before stays readable and recalled meanwhile.
- The ``DOCUMENT`` event the job writes holds a short preview, not the text (:func:`event_preview`: the title and
  the section headings, or the first lines of a document without headings, at most ``PREVIEW_CHARS``): the
  passages carry the content, so a recall for something the document says finds the passage, not a copy of it in
  the event.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.errors import InvalidInputError
from graphsvc.graph import documents as stored_documents
from graphsvc.graph import jobs
from graphsvc.graph.database import NamedTx
from graphsvc.graph.documents import DocumentView, Upload
from graphsvc.logs import request_id_var
from graphsvc.pipeline.documents import formats
from graphsvc.pipeline.documents.chunker import ChunkDraft
from graphsvc.pipeline.documents.guard import check_size
from graphsvc.runtime import Runtime
from graphsvc.text.summary import clip
from graphsvc.validation import require_encodable, require_id
from graphsvc.vocabulary import OPEN_JOB_STATUSES, DocumentFormat

PREVIEW_CHARS = 300
PREVIEW_HEADINGS = 12
MAX_FILENAME_CHARS = 255


@dataclass(frozen=True)
class DocumentOutcome:
    """The document as it is now, and whether this call changed it (False: the same bytes were its latest upload)."""

    document: DocumentView
    changed: bool


def event_preview(title: str, markdown: str, chunks: list[ChunkDraft]) -> str:
    """The ``DOCUMENT`` event's text (pure): ``"<title> — sections: A; B; …"`` (section headings in document
    order, the title's own heading left out, at most ``PREVIEW_HEADINGS``), or, with no headings,
    ``"<title> — <first lines>"``; one line, at most ``PREVIEW_CHARS`` characters."""
    headings = [
        c.heading_path[-1] for c in chunks if c.kind == "section" and c.heading_path and c.heading_path[-1] != title
    ]
    if headings:
        body = "sections: " + "; ".join(dict.fromkeys(headings[:PREVIEW_HEADINGS]))
    else:
        body = " ".join(line.strip().lstrip("#").strip() for line in markdown.splitlines()[:5] if line.strip())
    return clip(f"{title} — {body}" if body else title, max_chars=PREVIEW_CHARS)


def content_of(*, text: str | None, data: bytes | None, filename: str) -> bytes:
    """The document's bytes: ``data``, or ``text`` as UTF-8; exactly one must be given.

    Raises:
        InvalidInputError: none or both given.
    """
    if (text is None) == (data is None):
        raise InvalidInputError(field="contentBase64", problem="give exactly one of contentBase64 and text")
    if text is not None:
        return require_encodable("text", text).encode("utf-8")
    assert data is not None
    return data


async def run(
    rt: Runtime,
    *,
    user_id: str,
    filename: str,
    content: bytes,
    mime_type: str | None = None,
    source_id: str | None = None,
) -> DocumentOutcome:
    """Take one upload (see the module docstring): nothing here reads more of the file than its first bytes.

    Args:
        filename: the file's name (its extension names the format when ``mime_type`` is not given).
        content: the file's bytes (at most ``document_max_bytes``).
        source_id: the caller's id of the document (default: the filename).

    Returns:
        the document (``processing`` with its job's id after a new upload).

    Raises:
        InvalidInputError: bad ids or filename, or the id names another user's document.
        DocumentError: empty, over ``document_max_bytes``, an unsupported format, or bytes that are not the
            declared format (nothing is written).
    """
    settings = rt.settings
    user_id = require_id("userId", user_id, settings)
    filename = require_id("filename", filename, settings)[:MAX_FILENAME_CHARS]
    source_id = require_id("sourceId", source_id, settings) if source_id else filename
    check_size(len(content), filename=filename, settings=settings.documents)
    fmt = formats.declared_format(filename=filename, mime_type=mime_type)
    formats.check_magic(content, fmt, filename=filename)
    uid = keys.document_uid(user_id, source_id)
    digest = hashlib.sha256(content).hexdigest()
    found = await stored_documents.state(rt.db, user_id=user_id, uid=uid)
    if found is not None and found.upload_hash == digest and await _job_open_or_done(rt, user_id, found):
        return DocumentOutcome(await stored_documents.get_document(rt.db, user_id=user_id, uid=uid), changed=False)
    upload = Upload(data=content, content_hash=digest, filename=filename, mime_type=mime_type)

    async def work(tx: NamedTx) -> bool:
        return await _store_upload(tx, rt, user_id=user_id, uid=uid, source_id=source_id, upload=upload, fmt=fmt)

    changed = await rt.db.in_transaction(work)
    return DocumentOutcome(await stored_documents.get_document(rt.db, user_id=user_id, uid=uid), changed=changed)


async def _job_open_or_done(rt: Runtime, user_id: str, found: stored_documents.DocumentState) -> bool:
    """An upload of the same bytes is left as it is unless it is still processing with no job to finish it (its
    job was cancelled or gave up): then it is queued again."""
    if found.status != "processing" or found.job_uid is None:
        return True
    job = await jobs.get(rt.db, uid=found.job_uid, user_ids=[user_id])
    return job is not None and job.status in OPEN_JOB_STATUSES


async def _store_upload(
    tx: NamedTx, rt: Runtime, *, user_id: str, uid: str, source_id: str, upload: Upload, fmt: DocumentFormat
) -> bool:
    now = rt.clock()
    locked = await stored_documents.lock(
        tx, user_id=user_id, uid=uid, source_id=source_id, filename=upload.filename, now=now
    )
    if locked is None:
        raise InvalidInputError(field="sourceId", problem="names a document of another user")
    queued = await jobs.enqueue(
        tx,
        user_id=user_id,
        kind="parse_document",
        coalesce_on=uid,
        target_uid=uid,
        now=now,
        request_id=request_id_var.get(),
    )
    assert queued is not None  # a user job is always queued (only session jobs can find no session)
    await stored_documents.store_upload(
        tx, user_id=user_id, uid=uid, upload=upload, format=fmt, job_uid=queued[0].uid, now=now
    )
    return True
