"""GraphQL types of documents, their chunk trees, and tags (seed 003)."""

from __future__ import annotations

from datetime import datetime
from enum import Enum

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.entity_types import EntityKind
from graphsvc.service.views import ChunkView, DocumentEntityView, DocumentView, TagView


@strawberry.input
class IngestDocumentInput:
    user_id: str
    filename: str = strawberry.field(description="The file's name; its extension names the format without mimeType")
    mime_type: str | None = strawberry.field(
        default=None,
        description="application/pdf, …wordprocessingml.document, …spreadsheetml.sheet, text/csv, "
        "text/markdown, text/plain or text/html",
    )
    content_base64: str | None = strawberry.field(default=None, description="The file's bytes, base64")
    text: str | None = strawberry.field(default=None, description="Or the document as text (Markdown, CSV, HTML…)")
    source_id: str | None = strawberry.field(
        default=None,
        description="The caller's id of the document (default: the filename); a re-ingest with the "
        "same id and other bytes is a new version",
    )


@strawberry.type(description="One node of a document's heading tree: a section or a passage.")
class DocumentChunk:
    id: strawberry.ID
    kind: str = strawberry.field(description="section (a heading and its text) or passage (recalled)")
    heading_path: list[str]
    level: int
    position: int
    content: str
    tokens: int
    parent_id: strawberry.ID | None

    @classmethod
    def from_domain(cls, view: ChunkView) -> DocumentChunk:
        return cls(
            id=strawberry.ID(view.uid),
            kind=view.kind,
            heading_path=view.heading_path,
            level=view.level,
            position=view.position,
            content=view.content,
            tokens=view.tokens,
            parent_id=strawberry.ID(view.parent_uid) if view.parent_uid else None,
        )


@strawberry.type(
    description="Someone or something a document names. It lives in the document's scope: it is not one of the "
    "user's entities unless the user's own words name it too (entityIds: the user's entities linked to it)."
)
class DocumentEntity:
    id: strawberry.ID
    name: str
    kind: EntityKind
    mentions: int = strawberry.field(description="How many of the document's passages name it")
    entity_ids: list[strawberry.ID] = strawberry.field(description="The user's entities of the same name")

    @classmethod
    def from_domain(cls, view: DocumentEntityView) -> DocumentEntity:
        return cls(
            id=strawberry.ID(view.uid),
            name=view.name,
            kind=EntityKind(view.kind),
            mentions=view.mentions,
            entity_ids=[strawberry.ID(u) for u in view.entity_uids],
        )


@strawberry.enum(
    description="PROCESSING while the upload is parsed, chunked and embedded in the background; READY once its "
    "passages are recalled; FAILED with the reason in error (an earlier version, if any, stays)."
)
class DocumentStatus(Enum):
    PROCESSING = "processing"
    READY = "ready"
    FAILED = "failed"


@strawberry.type(description="A document normalised to markdown, with its chunk tree (seed 003).")
class Document:
    id: strawberry.ID
    user_id: str
    source_id: str
    filename: str
    mime_type: str | None
    format: str | None = strawberry.field(description="pdf, docx, xlsx, csv, markdown, txt or html")
    title: str | None
    normalized_content: str = strawberry.field(description="The document as structured markdown")
    version: int
    pages: int
    byte_size: int
    chunk_count: int
    history: int = strawberry.field(description="Earlier versions kept")
    tags: list[str]
    created_at: datetime | None
    updated_at: datetime | None
    indexed_at: datetime | None = strawberry.field(description="When its entities and tags were done")
    event_id: strawberry.ID | None = strawberry.field(description="Its DOCUMENT event (this version)")
    changed: bool = strawberry.field(description="False when the same bytes were uploaded before (nothing changed)")
    status: DocumentStatus = strawberry.field(description="Of the latest upload (see DocumentStatus)")
    error: str | None = strawberry.field(description="Why the latest upload FAILED (null otherwise)")
    job_id: strawberry.ID | None = strawberry.field(
        description="The background job that parses the latest upload (follow it with job(id))"
    )

    @strawberry.field(description="The chunk tree in document order (parents before children).")
    async def chunks(self, info: Info) -> list[DocumentChunk]:
        views = await info.context.service.document_chunks(user_id=self.user_id, document_id=str(self.id))
        return [DocumentChunk.from_domain(v) for v in views]

    @strawberry.field(description="Who and what the document names, most mentioned first (empty until indexed).")
    async def entities(self, info: Info) -> list[DocumentEntity]:
        views = await info.context.service.document_entities(user_id=self.user_id, document_id=str(self.id))
        return [DocumentEntity.from_domain(v) for v in views]

    @classmethod
    def from_domain(cls, user_id: str, view: DocumentView, *, changed: bool = False) -> Document:
        return cls(
            id=strawberry.ID(view.uid),
            user_id=user_id,
            source_id=view.source_id,
            filename=view.filename,
            mime_type=view.mime_type,
            format=view.format,
            title=view.title,
            normalized_content=view.normalized_content,
            version=view.version,
            pages=view.pages,
            byte_size=view.byte_size,
            chunk_count=view.chunks,
            history=view.history,
            tags=view.tags,
            created_at=view.created_at,
            updated_at=view.updated_at,
            indexed_at=view.indexed_at,
            event_id=strawberry.ID(view.event_uid) if view.event_uid else None,
            changed=changed,
            status=DocumentStatus(view.status),
            error=view.error,
            job_id=strawberry.ID(view.job_uid) if view.job_uid else None,
        )


@strawberry.type(description="A tag and how many of the user's nodes carry it.")
class Tag:
    id: strawberry.ID
    name: str
    count: int
    memories: int
    events: int
    documents: int
    chunks: int
    origins: list[str] = strawberry.field(description="auto, user and/or source")
    created_at: datetime | None

    @classmethod
    def from_domain(cls, view: TagView) -> Tag:
        return cls(
            id=strawberry.ID(view.uid),
            name=view.name,
            count=view.count,
            memories=view.memories,
            events=view.events,
            documents=view.documents,
            chunks=view.chunks,
            origins=view.origins,
            created_at=view.created_at,
        )
