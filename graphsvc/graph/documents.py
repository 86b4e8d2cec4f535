"""Documents (seed 003): the ``Document`` node, its earlier versions (``DocumentVersion``), its chunk tree
(``Chunk`` nodes: ``HAS_CHUNK`` from the document to the top chunks, ``HAS_CHILD`` down the heading tree) and
the upload waiting to be parsed (``DocumentUpload``, ``HAS_UPLOAD``: the file's bytes, kept until it is ready).

Statements: ``cypher/queries/documents.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc import keys
from graphsvc.errors import NotFoundError
from graphsvc.graph import nodes
from graphsvc.graph.database import Queries
from graphsvc.vocabulary import DOCUMENT_STATUSES, ChunkKind, DocumentFormat, DocumentStatus


@dataclass(frozen=True)
class DocumentView:
    """A stored document. ``history``: how many earlier versions are kept; ``indexed_at``: when its entities
    and tags were done (None while the ``index_document`` job waits); ``status``: of its latest upload
    (``processing`` while its ``parse_document`` job ``job_uid`` runs, ``failed`` with ``error`` saying why; the
    content, chunks and version are those of the last version parsed, if any)."""

    uid: str
    source_id: str
    filename: str
    mime_type: str | None
    format: str | None
    title: str | None
    content_hash: str
    normalized_content: str
    version: int
    pages: int
    byte_size: int
    chunks: int
    history: int
    tags: list[str]
    created_at: datetime | None
    updated_at: datetime | None
    indexed_at: datetime | None
    event_uid: str | None
    status: DocumentStatus = "ready"
    error: str | None = None
    job_uid: str | None = None
    upload_at: datetime | None = None

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> DocumentView:
        """From a row holding the ``document`` node, its ``history`` count and its ``tags`` (names)."""
        d = nodes.Document.inflate(row["document"])
        status = d.status or "ready"
        return cls(
            uid=d.uid,
            source_id=d.source_id,
            filename=d.filename,
            mime_type=d.mime_type,
            format=d.format,
            title=d.title,
            content_hash=d.content_hash,
            normalized_content=d.normalized_content or "",
            version=d.version or 0,
            pages=d.pages or 0,
            byte_size=d.byte_size or 0,
            chunks=d.chunks or 0,
            history=int(row["history"]),
            tags=sorted(str(t) for t in row["tags"]),
            created_at=d.created_at,
            updated_at=d.updated_at,
            indexed_at=d.indexed_at,
            event_uid=d.event_uid,
            status=status if status in DOCUMENT_STATUSES else "ready",
            error=d.error,
            job_uid=d.job_uid,
            upload_at=d.upload_at,
        )


@dataclass(frozen=True)
class ChunkView:
    """One chunk of a document's tree; ``parent_uid`` None at the top."""

    uid: str
    kind: str
    heading_path: list[str]
    level: int
    position: int
    content: str
    tokens: int
    parent_uid: str | None


@dataclass(frozen=True)
class Passage:
    """A passage chunk's uid and text."""

    uid: str
    content: str


@dataclass(frozen=True)
class DocumentState:
    """A document as found (by a read, or by its write taking its lock).

    Attributes:
        content_hash: the bytes of the version stored (``""`` and version 0 when none is stored yet).
        upload_hash: the bytes of its latest upload (the same as ``content_hash`` once that is parsed).
        status: of the latest upload; ``job_uid`` its ``parse_document`` job.
    """

    content_hash: str
    version: int
    upload_hash: str
    status: DocumentStatus
    job_uid: str | None
    source_id: str


@dataclass(frozen=True)
class Upload:
    """A document's file as uploaded, waiting to be parsed: its bytes, their SHA-256 (hex) and what the caller
    declared."""

    data: bytes
    content_hash: str
    filename: str
    mime_type: str | None


@dataclass(frozen=True)
class PassageText:
    """A passage waiting for its vector: what it holds and the headings above it."""

    uid: str
    content: str
    heading_path: list[str]


@dataclass(frozen=True)
class DocumentContent:
    """What a new version of a document stores on its node.

    Attributes:
        content_hash: SHA-256 (hex) of the file's bytes.
        markdown: the normalised text.
        byte_size: the file's size in bytes.
        chunk_count: how many chunks its tree has.
        event_uid: the ``DOCUMENT`` event of this version.
    """

    filename: str
    mime_type: str | None
    format: DocumentFormat
    title: str
    content_hash: str
    markdown: str
    pages: int
    byte_size: int
    chunk_count: int
    event_uid: str


@dataclass(frozen=True)
class NewChunk:
    """One chunk to store, in document order (a parent before its children).

    Attributes:
        parent_uid: the chunk it hangs under; None for a top chunk (linked to the document).
        embedding: a passage's vector; None for a section.
    """

    uid: str
    kind: ChunkKind
    heading_path: list[str]
    level: int
    position: int
    content: str
    tokens: int
    parent_uid: str | None
    embedding: list[float] | None


def _state(row: dict[str, Any]) -> DocumentState:
    status = str(row["status"])
    return DocumentState(
        content_hash=str(row["content_hash"]),
        version=int(row["version"] or 0),
        upload_hash=str(row["upload_hash"]),
        status=status if status in DOCUMENT_STATUSES else "ready",
        job_uid=row["job_uid"],
        source_id=str(row["source_id"]),
    )


async def state(db: Queries, *, user_id: str, uid: str) -> DocumentState | None:
    """The document's stored and uploaded bytes' hashes and status; None when the user has no such document."""
    rows = await db.read("document_state", user_id=user_id, uid=uid)
    return _state(rows[0]) if rows else None


async def lock(
    db: Queries, *, user_id: str, uid: str, source_id: str, filename: str, now: datetime
) -> DocumentState | None:
    """Take the document's lock (creating it, at version 0, when new): the first statement of its write, so
    two writes of one document take turns.

    Returns:
        what it holds now; None when the uid belongs to another user's document (nothing written).
    """
    rows = await db.write(
        "lock_document",
        user_id=user_id,
        uid=uid,
        now=now,
        tenant_key=keys.tenant_key(user_id),
        source_id=source_id,
        filename=filename,
    )
    return _state(rows[0]) if rows else None


async def lock_stored(db: Queries, *, user_id: str, uid: str, now: datetime) -> DocumentState | None:
    """Take the lock of a document that exists (a job's write); None when it is gone (erased meanwhile)."""
    rows = await db.write("lock_stored_document", user_id=user_id, uid=uid, now=now)
    return _state(rows[0]) if rows else None


async def store_upload(
    db: Queries,
    *,
    user_id: str,
    uid: str,
    upload: Upload,
    format: DocumentFormat,
    job_uid: str,
    now: datetime,
) -> bool:
    """Keep an upload of the locked document for its ``parse_document`` job ``job_uid`` (replacing an upload not
    parsed yet); the document is ``processing`` from now on.

    Returns:
        False when the user has no such document (nothing written).
    """
    rows = await db.write(
        "store_document_upload",
        user_id=user_id,
        uid=uid,
        upload_uid=keys.digest("document-upload", uid),
        tenant_key=keys.tenant_key(user_id),
        data=upload.data,
        content_hash=upload.content_hash,
        filename=upload.filename,
        mime_type=upload.mime_type,
        format=format,
        byte_size=len(upload.data),
        job_uid=job_uid,
        now=now,
    )
    return bool(rows)


async def upload(db: Queries, *, user_id: str, uid: str) -> Upload | None:
    """The document's upload waiting to be parsed; None when none waits."""
    rows = await db.read("document_upload", user_id=user_id, uid=uid)
    if not rows:
        return None
    row = rows[0]
    return Upload(
        data=bytes(row["data"]),
        content_hash=str(row["content_hash"]),
        filename=str(row["filename"]),
        mime_type=row["mime_type"],
    )


async def mark_failed(db: Queries, *, user_id: str, uid: str, content_hash: str, error: str, now: datetime) -> bool:
    """The upload ``content_hash`` could not be taken: the document is ``failed`` with ``error``.

    Returns:
        False when a newer upload replaced it (the document is left to that upload's job).
    """
    rows = await db.write("document_failed", user_id=user_id, uid=uid, content_hash=content_hash, error=error, now=now)
    return bool(rows)


async def mark_ready(db: Queries, *, user_id: str, uid: str, content_hash: str, now: datetime) -> bool:
    """The upload ``content_hash`` is parsed, stored and embedded: the document is ``ready``, its upload's bytes go.

    Returns:
        False when a newer upload replaced it meanwhile.
    """
    rows = await db.write("document_ready", user_id=user_id, uid=uid, content_hash=content_hash, now=now)
    return bool(rows)


async def passages_without_vectors(db: Queries, *, user_id: str, uid: str, limit: int) -> list[PassageText]:
    """The document's passages still without their vector, in document order, at most ``limit``."""
    rows = await db.read("document_passages_unembedded", user_id=user_id, uid=uid, limit=limit)
    return [
        PassageText(uid=str(r["uid"]), content=str(r["content"]), heading_path=list(r["heading_path"] or []))
        for r in rows
    ]


async def set_passage_vectors(
    db: Queries, *, user_id: str, uid: str, vectors: Sequence[tuple[str, list[float]]]
) -> int:
    """Give passages of the document their vectors (``(chunk uid, (d,) L2-normalised)``); returns how many."""
    rows = [{"uid": chunk_uid, "embedding": vector} for chunk_uid, vector in vectors]
    found = await db.write("set_chunk_vectors", user_id=user_id, uid=uid, rows=rows)
    return int(found[0]["stored"]) if found else 0


async def archive_current_version(db: Queries, *, user_id: str, uid: str, now: datetime) -> None:
    """Keep the document's current version as a ``DocumentVersion`` (its markdown, as history) and delete its
    chunks; nothing happens to a document not stored yet (version 0)."""
    await db.write("archive_document_version", user_id=user_id, uid=uid, now=now, version_uid=keys.new_uid())


async def store_content(db: Queries, *, user_id: str, uid: str, content: DocumentContent, now: datetime) -> None:
    """Write a new version onto the locked document (its version counts up; ``indexed_at`` is cleared)."""
    await db.write(
        "store_document",
        user_id=user_id,
        uid=uid,
        now=now,
        filename=content.filename,
        mime_type=content.mime_type,
        format=content.format,
        title=content.title,
        content_hash=content.content_hash,
        markdown=content.markdown,
        pages=content.pages,
        byte_size=content.byte_size,
        chunk_count=content.chunk_count,
        event_uid=content.event_uid,
    )


async def create_chunks(db: Queries, *, user_id: str, uid: str, chunks: Sequence[NewChunk], now: datetime) -> None:
    """Store the document's chunk tree: top chunks ``HAS_CHUNK`` from the document, the others ``HAS_CHILD``
    from their parent."""
    rows = [
        {
            "uid": c.uid,
            "kind": c.kind,
            "heading_path": c.heading_path,
            "level": c.level,
            "position": c.position,
            "content": c.content,
            "tokens": c.tokens,
            "parent": c.parent_uid,
            "embedding": c.embedding,
        }
        for c in chunks
    ]
    edges = [{"parent": c.parent_uid, "child": c.uid} for c in chunks if c.parent_uid is not None]
    await db.write(
        "create_chunks",
        user_id=user_id,
        uid=uid,
        now=now,
        tenant_key=keys.tenant_key(user_id),
        chunks=rows,
        edges=edges,
    )


async def link_event(db: Queries, *, user_id: str, uid: str, event_uid: str) -> None:
    """Point the document ``FROM_EVENT`` its ``DOCUMENT`` event."""
    await db.write("link_document_event", user_id=user_id, uid=uid, event_uid=event_uid)


async def get_document(db: Queries, *, user_id: str, uid: str) -> DocumentView:
    """One stored document of the user.

    Raises:
        NotFoundError: the user has no such document (or only its lock: its first write did not commit).
    """
    rows = await db.read("get_document", user_id=user_id, uid=uid)
    if not rows or not (rows[0]["document"]["version"] or rows[0]["document"].get("status")):
        raise NotFoundError(kind="document", ident=uid)
    return DocumentView.from_row(rows[0])


async def list_documents(db: Queries, *, user_id: str, limit: int) -> list[DocumentView]:
    """The user's documents, most recently changed first, at most ``limit``."""
    return [DocumentView.from_row(r) for r in await db.read("list_documents", user_id=user_id, limit=limit)]


async def document_chunks(db: Queries, *, user_id: str, uid: str) -> list[ChunkView]:
    """A document's chunks in document order (parents before children); empty for an unknown document."""
    rows = await db.read("document_chunks", user_id=user_id, uid=uid)
    return [
        ChunkView(
            uid=r["uid"],
            kind=r["kind"],
            heading_path=list(r["heading_path"] or []),
            level=int(r["level"] or 0),
            position=int(r["position"] or 0),
            content=r["content"],
            tokens=int(r["tokens"] or 0),
            parent_uid=r["parent_uid"],
        )
        for r in rows
    ]


async def passages(db: Queries, *, user_id: str, uid: str, limit: int) -> list[Passage]:
    """The document's first ``limit`` passages, in document order."""
    rows = await db.read("document_passages", user_id=user_id, uid=uid, limit=limit)
    return [Passage(uid=str(r["uid"]), content=str(r["content"])) for r in rows]


async def mark_indexed(db: Queries, *, user_id: str, uid: str, content_hash: str, now: datetime) -> bool:
    """Mark the document indexed at ``now``, only while it still holds the bytes of ``content_hash``.

    Returns:
        False when it changed meanwhile (its new version is left to the job that version queued) or is gone.
    """
    rows = await db.write("mark_document_indexed", user_id=user_id, uid=uid, content_hash=content_hash, now=now)
    return bool(rows)
