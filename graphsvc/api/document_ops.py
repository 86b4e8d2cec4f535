"""GraphQL operations of documents and tags (seed 003)."""

from __future__ import annotations

import strawberry

from graphsvc.api.context import Info
from graphsvc.api.document_types import Document, IngestDocumentInput, Tag


@strawberry.type
class DocumentQuery:
    @strawberry.field(description="A user's documents, most recently changed first.")
    async def documents(self, info: Info, user_id: str, limit: int = 50) -> list[Document]:
        scoped = info.context.scope(user_id)
        return [
            Document.from_domain(scoped, v) for v in await info.context.service.documents(user_id=scoped, limit=limit)
        ]

    @strawberry.field(description="One document with its chunk tree.")
    async def document(self, info: Info, user_id: str, id: strawberry.ID) -> Document:
        scoped = info.context.scope(user_id)
        return Document.from_domain(scoped, await info.context.service.document(user_id=scoped, document_id=str(id)))

    @strawberry.field(description="A user's tags with how many memories, events, documents and chunks carry each.")
    async def tags(self, info: Info, user_id: str, limit: int = 200) -> list[Tag]:
        views = await info.context.service.tags(user_id=info.context.scope(user_id), limit=limit)
        return [Tag.from_domain(v) for v in views]


@strawberry.type
class DocumentMutation:
    @strawberry.mutation(
        description="Upload a document (PDF, DOCX, XLSX, CSV, Markdown, text, HTML) and return at once with status "
        "PROCESSING and its jobId: a background job parses it in a sandbox (normalised to markdown, chunked by its "
        "headings, embedded) and makes it READY, or FAILED with the reason. Size, format and the file's first bytes "
        "are checked here (INVALID_DOCUMENT). The same bytes again change nothing; other bytes are a new version. "
        "Its entities (who and what it names, in its own scope) and tags follow in another background job."
    )
    async def ingest_document(self, info: Info, input: IngestDocumentInput) -> Document:
        scoped = info.context.scope(input.user_id)
        outcome = await info.context.service.ingest_document(
            user_id=scoped,
            filename=input.filename,
            mime_type=input.mime_type,
            content_base64=input.content_base64,
            text=input.text,
            source_id=input.source_id,
        )
        return Document.from_domain(scoped, outcome.document, changed=outcome.changed)

    @strawberry.mutation(description="Put a tag on a memory (idempotent); returns the memory's tags.")
    async def tag_memory(self, info: Info, user_id: str, memory_id: strawberry.ID, tag: str) -> list[str]:
        return await info.context.service.tag_memory(
            user_id=info.context.scope(user_id), memory_id=str(memory_id), tag=tag
        )

    @strawberry.mutation(description="Take a tag off a memory; returns the memory's tags.")
    async def untag_memory(self, info: Info, user_id: str, memory_id: strawberry.ID, tag: str) -> list[str]:
        return await info.context.service.untag_memory(
            user_id=info.context.scope(user_id), memory_id=str(memory_id), tag=tag
        )
