"""Ingest one document: check, parse, normalise to markdown, chunk, embed, and store it all in ONE transaction.

- The document is keyed by (user, ``sourceId`` or the filename). The hash of its bytes decides: the same bytes
  again change nothing (not even a timestamp); other bytes are a new version, which replaces the chunk tree and
  keeps the previous version's markdown as a ``DocumentVersion`` (history).
- Every check (size, format against bytes, zip bomb, pages, characters, parse errors) runs before anything is
  written; the write is one transaction holding the document, its chunks and their edges, its ``DOCUMENT`` event
  (a version of the document's ``Source``, so a changed document is a new event version) and the queued
  ``index_document`` job (entities, candidates and topic tags: :mod:`.index`). A failure leaves nothing behind.
- Passages are embedded (``heading path`` + text) before the transaction, in batches of ``EMBED_BATCH``.
- The ``DOCUMENT`` event holds a short preview, not the text (:func:`event_preview`: the title and the section
  headings, or the first lines of a document without headings, at most ``PREVIEW_CHARS``): the passages carry
  the content, so a recall for something the document says finds the passage, not a copy of it in the event.
"""

from __future__ import annotations

import asyncio
import hashlib
import json
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.errors import DocumentError, InvalidInputError
from graphsvc.graph import documents as stored_documents
from graphsvc.graph import jobs
from graphsvc.graph import sources as stored_sources
from graphsvc.graph.database import NamedTx
from graphsvc.graph.documents import DocumentContent, DocumentView, NewChunk
from graphsvc.graph.sources import SourceEventVersion
from graphsvc.logs import request_id_var
from graphsvc.pipeline.documents.chunker import ChunkDraft, build_chunks
from graphsvc.pipeline.documents.normalize import Normalized, normalize
from graphsvc.runtime import Runtime
from graphsvc.text.summary import clip
from graphsvc.validation import require_encodable, require_id

EMBED_BATCH = 256
PREVIEW_CHARS = 300
PREVIEW_HEADINGS = 12
MAX_FILENAME_CHARS = 255


@dataclass(frozen=True)
class DocumentOutcome:
    """The document as stored, and whether this call changed it (False: the same bytes were stored before)."""

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


def document_uid(user_id: str, source_id: str) -> str:
    return keys.digest("document", user_id, source_id)


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
    """Store one document (see the module docstring).

    Args:
        filename: the file's name (its extension names the format when ``mime_type`` is not given).
        content: the file's bytes (at most ``document_max_bytes``).
        source_id: the caller's id of the document (default: the filename).

    Raises:
        InvalidInputError: bad ids or filename. DocumentError: the file is refused (nothing is written).
    """
    settings = rt.settings
    user_id = require_id("userId", user_id, settings)
    filename = require_id("filename", filename, settings)[:MAX_FILENAME_CHARS]
    source_id = require_id("sourceId", source_id, settings) if source_id else filename
    uid = document_uid(user_id, source_id)
    digest = hashlib.sha256(content).hexdigest()
    if await stored_documents.stored_hash(rt.db, user_id=user_id, uid=uid) == digest:
        return DocumentOutcome(await stored_documents.get_document(rt.db, user_id=user_id, uid=uid), changed=False)
    try:
        parsed = await asyncio.wait_for(
            asyncio.to_thread(normalize, content, filename=filename, mime_type=mime_type, settings=settings),
            timeout=settings.document_parse_timeout_s,
        )
    except TimeoutError as exc:
        raise DocumentError(
            filename=filename,
            problem=f"took longer than {settings.document_parse_timeout_s:g} s to parse",
            fix="split it, or raise DOCUMENT_PARSE_TIMEOUT_S",
        ) from exc
    chunks = build_chunks(
        parsed.markdown, chunk_tokens=settings.document_chunk_tokens, section_tokens=settings.document_section_tokens
    )
    passages = [c for c in chunks if c.kind == "passage"]
    excerpt = event_preview(parsed.title, parsed.markdown, chunks)
    vectors = []
    texts = [excerpt, *(c.embedding_text for c in passages)]
    for start in range(0, len(texts), EMBED_BATCH):
        vectors += [v.tolist() for v in await rt.embedder.embed_passages(texts[start : start + EMBED_BATCH])]
    embeddings = dict(zip([id(c) for c in passages], vectors[1:], strict=True))
    changed = await rt.db.in_transaction(
        lambda tx: _store(
            tx,
            rt,
            user_id=user_id,
            uid=uid,
            source_id=source_id,
            filename=filename,
            mime_type=mime_type,
            parsed=parsed,
            digest=digest,
            size=len(content),
            chunks=chunks,
            embeddings=embeddings,
            excerpt=excerpt,
            event_vector=vectors[0],
        )
    )
    return DocumentOutcome(await stored_documents.get_document(rt.db, user_id=user_id, uid=uid), changed=changed)


def _new_chunks(uid: str, digest: str, chunks: list[ChunkDraft], embeddings: dict[int, list[float]]) -> list[NewChunk]:
    uids = [keys.digest("chunk", uid, digest, str(c.position)) for c in chunks]
    return [
        NewChunk(
            uid=uids[i],
            kind=c.kind,
            heading_path=c.heading_path,
            level=c.level,
            position=c.position,
            content=c.content,
            tokens=c.tokens,
            parent_uid=None if c.parent is None else uids[c.parent],
            embedding=embeddings.get(id(c)),
        )
        for i, c in enumerate(chunks)
    ]


async def _store(
    tx: NamedTx,
    rt: Runtime,
    *,
    user_id: str,
    uid: str,
    source_id: str,
    filename: str,
    mime_type: str | None,
    parsed: Normalized,
    digest: str,
    size: int,
    chunks: list[ChunkDraft],
    embeddings: dict[int, list[float]],
    excerpt: str,
    event_vector: list[float],
) -> bool:
    now = rt.clock()
    locked = await stored_documents.lock(tx, user_id=user_id, uid=uid, source_id=source_id, filename=filename, now=now)
    if locked is None:
        raise InvalidInputError(field="sourceId", problem="names a document of another user")
    if locked.content_hash == digest:
        return False  # stored meanwhile by a concurrent ingest of the same bytes
    if locked.version > 0:
        await stored_documents.archive_current_version(tx, user_id=user_id, uid=uid, now=now)
    metadata = json.dumps(
        {"documentId": uid, "filename": filename, "contentHash": digest, "pages": parsed.pages},
        ensure_ascii=False,
        sort_keys=True,
        separators=(",", ":"),
    )
    event_uid = keys.digest("source-event", user_id, "document", source_id, digest)
    content = DocumentContent(
        filename=filename,
        mime_type=mime_type,
        format=parsed.format,
        title=parsed.title,
        content_hash=digest,
        markdown=parsed.markdown,
        pages=parsed.pages,
        byte_size=size,
        chunk_count=len(chunks),
        event_uid=event_uid,
    )
    await stored_documents.store_content(tx, user_id=user_id, uid=uid, content=content, now=now)
    new_chunks = _new_chunks(uid, digest, chunks, embeddings)
    await stored_documents.create_chunks(tx, user_id=user_id, uid=uid, chunks=new_chunks, now=now)
    event = SourceEventVersion(
        uid=event_uid,
        source_uid=keys.digest("source", user_id, "document", source_id),
        source_type="document",
        source_id=source_id,
        title=parsed.title,
        content=excerpt,
        status=None,
        metadata=metadata,
        occurred_at=now,
    )
    await stored_sources.store_version(tx, user_id=user_id, event=event, embedding=event_vector, now=now)
    await stored_documents.link_event(tx, user_id=user_id, uid=uid, event_uid=event_uid)
    await jobs.enqueue(
        tx,
        user_id=user_id,
        kind="index_document",
        coalesce_on=uid,
        target_uid=uid,
        now=now,
        request_id=request_id_var.get(),
    )
    return True
