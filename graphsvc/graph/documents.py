"""Documents (seed 003): the ``Document`` node, its earlier versions (``DocumentVersion``) and its chunk tree
(``Chunk`` nodes: ``HAS_CHUNK`` from the document to the top chunks, ``HAS_CHILD`` down the heading tree).

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
from graphsvc.vocabulary import ChunkKind, DocumentFormat


@dataclass(frozen=True)
class DocumentView:
    """A stored document. ``history``: how many earlier versions are kept; ``indexed_at``: when its entities,
    candidates and tags were done (None while the ``index_document`` job waits)."""

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

    @classmethod
    def from_row(cls, row: dict[str, Any]) -> DocumentView:
        """From a row holding the ``document`` node, its ``history`` count and its ``tags`` (names)."""
        d = nodes.Document.inflate(row["document"])
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
class DocumentLock:
    """A document as found when its write took its lock: the hash of its stored bytes (``""`` and version 0
    when it was created by this lock)."""

    content_hash: str
    version: int


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


async def stored_hash(db: Queries, *, user_id: str, uid: str) -> str | None:
    """The hash of the document's stored bytes; None when the user has no such document."""
    rows = await db.read("document_state", user_id=user_id, uid=uid)
    return str(rows[0]["content_hash"]) if rows else None


async def lock(
    db: Queries, *, user_id: str, uid: str, source_id: str, filename: str, now: datetime
) -> DocumentLock | None:
    """Take the document's lock (creating it, at version 0, when new): the first statement of its write, so
    two ingests of one document take turns.

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
    if not rows:
        return None
    return DocumentLock(content_hash=str(rows[0]["content_hash"]), version=int(rows[0]["version"] or 0))


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
    if not rows or not rows[0]["document"]["version"]:
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
