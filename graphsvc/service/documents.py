"""The documents and tags area of the service (seed 003): ingest documents, read them and their chunk trees;
tag memories by hand and list a user's tags."""

from __future__ import annotations

import base64
import binascii
from pathlib import Path

from graphsvc.errors import DocumentError, InvalidInputError, NotFoundError
from graphsvc.graph import document_entities
from graphsvc.graph import documents as stored_documents
from graphsvc.graph import tags as stored_tags
from graphsvc.graph.document_entities import DocumentEntityView
from graphsvc.graph.documents import ChunkView, DocumentView
from graphsvc.graph.tags import TagView
from graphsvc.logs import for_user
from graphsvc.pipeline.documents import ingest
from graphsvc.pipeline.documents.guard import check_size
from graphsvc.pipeline.documents.ingest import DocumentOutcome
from graphsvc.pipeline.tags import assign as tags
from graphsvc.runtime import Runtime
from graphsvc.validation import require_id, require_label, require_limit

MAX_DOCUMENT_PAGE = 200
MAX_TAG_PAGE = 1_000
MAX_TAG_CHARS = 100


class DocumentArea:
    """Mixed into :class:`graphsvc.service.MemoryService`; everything runs on ``self.rt``."""

    rt: Runtime

    def _wake_worker(self) -> None:
        """Ask the job worker to poll now (the service sets this up)."""

    async def ingest_document(
        self,
        *,
        user_id: str,
        filename: str,
        mime_type: str | None = None,
        content_base64: str | None = None,
        text: str | None = None,
        source_id: str | None = None,
    ) -> DocumentOutcome:
        """Store a document given as base64 bytes or as text; see :mod:`graphsvc.pipeline.documents.ingest`.

        Raises:
            InvalidInputError: none or both contents, malformed base64, bad ids.
            DocumentError: the document is refused (size, format, zip bomb, corrupt...); nothing is written.
        """
        data = None
        if content_base64 is not None:
            check_size(len(content_base64) * 3 // 4, filename=filename, settings=self.rt.settings.documents)
            try:
                data = base64.b64decode(content_base64, validate=True)
            except (binascii.Error, ValueError) as exc:
                raise InvalidInputError(field="contentBase64", problem="is not valid base64") from exc
        content = ingest.content_of(text=text, data=data, filename=filename)
        with for_user(user_id):
            outcome = await ingest.run(
                self.rt, user_id=user_id, filename=filename, content=content, mime_type=mime_type, source_id=source_id
            )
        if outcome.changed:
            self._wake_worker()
        return outcome

    def read_document_file(self, path: Path) -> bytes:
        """A document file's bytes for :meth:`ingest_document_bytes` (the CLI); its size is checked before reading.

        Raises:
            DocumentError: the file is missing or larger than ``document_max_bytes``.
        """
        if not path.is_file():
            raise DocumentError(filename=str(path), problem="does not exist or is not a file")
        check_size(path.stat().st_size, filename=path.name, settings=self.rt.settings.documents)
        return path.read_bytes()

    async def ingest_document_bytes(
        self, *, user_id: str, filename: str, content: bytes, mime_type: str | None = None, source_id: str | None = None
    ) -> DocumentOutcome:
        """Store a document from its bytes; see :mod:`graphsvc.pipeline.documents.ingest`."""
        with for_user(user_id):
            outcome = await ingest.run(
                self.rt, user_id=user_id, filename=filename, content=content, mime_type=mime_type, source_id=source_id
            )
        if outcome.changed:
            self._wake_worker()
        return outcome

    async def documents(self, *, user_id: str, limit: int = 50) -> list[DocumentView]:
        """The user's documents, most recently changed first."""
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_DOCUMENT_PAGE)
        return await stored_documents.list_documents(self.rt.db, user_id=user_id, limit=limit)

    async def document(self, *, user_id: str, document_id: str) -> DocumentView:
        """One document. Raises: NotFoundError."""
        user_id = require_id("userId", user_id, self.rt.settings)
        return await stored_documents.get_document(
            self.rt.db, user_id=user_id, uid=require_id("id", document_id, self.rt.settings)
        )

    async def document_chunks(self, *, user_id: str, document_id: str) -> list[ChunkView]:
        """A document's chunk tree in document order (parents first)."""
        user_id = require_id("userId", user_id, self.rt.settings)
        return await stored_documents.document_chunks(
            self.rt.db, user_id=user_id, uid=require_id("id", document_id, self.rt.settings)
        )

    async def document_entities(self, *, user_id: str, document_id: str) -> list[DocumentEntityView]:
        """Who and what a document names (its entities, in the document's scope), most mentioned first, each with
        the user's entities that link to it; empty for an unknown document or one not indexed yet."""
        user_id = require_id("userId", user_id, self.rt.settings)
        return await document_entities.of_document(
            self.rt.db, user_id=user_id, document_uid=require_id("id", document_id, self.rt.settings)
        )

    async def tag_memory(self, *, user_id: str, memory_id: str, tag: str) -> list[str]:
        """Put a person's tag on a memory (idempotent). Returns the memory's tags.

        Raises:
            NotFoundError: the user has no such memory. InvalidInputError: a blank or oversized tag.
        """
        user_id, memory_id, name = self._tag_args(user_id, memory_id, tag)
        await self._require_memory(user_id, memory_id)
        await tags.tag(self.rt.db, user_id=user_id, pairs=[(memory_id, name)], origin="user", now=self.rt.clock())
        return await self._memory_tags(user_id, memory_id)

    async def untag_memory(self, *, user_id: str, memory_id: str, tag: str) -> list[str]:
        """Take a tag off a memory (whoever put it there; a tag it does not carry changes nothing)."""
        user_id, memory_id, name = self._tag_args(user_id, memory_id, tag)
        await self._require_memory(user_id, memory_id)
        await stored_tags.untag_memory(self.rt.db, user_id=user_id, uid=memory_id, tag_uid=tags.tag_uid(user_id, name))
        return await self._memory_tags(user_id, memory_id)

    async def tags(self, *, user_id: str, limit: int = 200) -> list[TagView]:
        """The user's tags, most used first, with their counts."""
        user_id = require_id("userId", user_id, self.rt.settings)
        limit = require_limit("limit", limit, maximum=MAX_TAG_PAGE)
        return await stored_tags.user_tags(self.rt.db, user_id=user_id, limit=limit)

    def _tag_args(self, user_id: str, memory_id: str, tag: str) -> tuple[str, str, str]:
        settings = self.rt.settings
        name = require_label("tag", tag, limit=MAX_TAG_CHARS)
        if not tags.normalise(name):
            raise InvalidInputError(field="tag", problem="has no letters or digits")
        return require_id("userId", user_id, settings), require_id("memoryId", memory_id, settings), name

    async def _require_memory(self, user_id: str, memory_id: str) -> None:
        if not await stored_tags.memory_exists(self.rt.db, user_id=user_id, uid=memory_id):
            raise NotFoundError(kind="memory", ident=memory_id)

    async def _memory_tags(self, user_id: str, memory_id: str) -> list[str]:
        return await stored_tags.memory_tags(self.rt.db, user_id=user_id, uid=memory_id)
