"""Read documents and their chunk trees (the views callers get)."""

from __future__ import annotations

from dataclasses import dataclass
from datetime import datetime
from typing import Any

from graphsvc.errors import NotFoundError
from graphsvc.graph import nodes
from graphsvc.graph.database import Database


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


async def get_document(db: Database, *, user_id: str, uid: str) -> DocumentView:
    """One document of the user.

    Raises:
        NotFoundError: the user has no such document.
    """
    rows = await db.read("get_document", user_id=user_id, uid=uid)
    if not rows or not rows[0]["document"]["version"]:
        raise NotFoundError(kind="document", ident=uid)
    return DocumentView.from_row(rows[0])


async def list_documents(db: Database, *, user_id: str, limit: int) -> list[DocumentView]:
    """The user's documents, most recently changed first."""
    return [DocumentView.from_row(r) for r in await db.read("list_documents", user_id=user_id, limit=limit)]


async def document_chunks(db: Database, *, user_id: str, uid: str) -> list[ChunkView]:
    """A document's chunks in document order (parents before children)."""
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
