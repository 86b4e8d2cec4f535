"""A document's entities: who and what a document names, in the document's scope (issue 22, "Sources have an
author").

A document is someone else's words: the people, places and things it names are the document's
(``DocumentEntity``, ``(DocumentEntity)-[:MENTIONED_IN]->(Chunk)`` to the passages naming it), not the user's
(``Entity``), so they are in no entity list, dashboard, ``list_entities``, recall channel or reflection of the
user's. When the user's own words name the same one (an alias of the user's ``Entity`` has the document entity's
normalised name, :func:`graphsvc.keys.normalise_text`), the user's entity links to it
(``(Entity)-[:DOCUMENT_MENTION]->(DocumentEntity)``): "the user knows X, and this document mentions X".

Statements: ``cypher/queries/document_entities.cypher``.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphsvc.graph.database import Queries


@dataclass(frozen=True)
class NewDocumentEntity:
    """A document entity to store: ``passage_uids`` are the document's passages that name it (at least one)."""

    uid: str
    name: str
    normalized: str
    kind: str
    passage_uids: tuple[str, ...]


@dataclass(frozen=True)
class DocumentEntityView:
    """A document entity: ``mentions`` passages name it; ``entity_uids``: the user's entities linked to it (empty
    while the user's own words have not named it)."""

    uid: str
    name: str
    kind: str
    mentions: int
    entity_uids: tuple[str, ...]


@dataclass(frozen=True)
class DocumentMention:
    """One document naming one of the user's entities (``entity_uid``): the document entity and its document."""

    entity_uid: str
    mention_uid: str
    name: str
    mentions: int
    document_uid: str
    title: str


async def replace(
    db: Queries,
    *,
    user_id: str,
    document_uid: str,
    content_hash: str,
    entities: Sequence[NewDocumentEntity],
    now: datetime,
) -> int | None:
    """Make ``entities`` the document's entities (those of an earlier version go, with their links).

    Returns:
        how many were created; None when the document is gone or holds other bytes than ``content_hash`` (its new
        version's index job replaces them).
    """
    rows = [
        {"uid": e.uid, "name": e.name, "normalized": e.normalized, "kind": e.kind, "passage_uids": list(e.passage_uids)}
        for e in entities
    ]
    found = await db.write(
        "replace_document_entities",
        user_id=user_id,
        document_uid=document_uid,
        content_hash=content_hash,
        rows=rows,
        now=now,
    )
    return int(found[0]["created"]) if found else None


async def link(db: Queries, *, user_id: str, document_uid: str | None = None) -> int:
    """Link each of the user's entities to the document entities of its names, and unlink those whose name it no
    longer has (idempotent).

    Args:
        document_uid: only that document's entities (after its index job); None: every document's (after the
            user's own words changed the user's entities: a conversation's extraction, a retraction, curation).

    Returns:
        the number of links now held by the document entities looked at.
    """
    rows = await db.write("link_document_mentions", user_id=user_id, document_uid=document_uid)
    return int(rows[0]["links"] or 0) if rows else 0


async def of_document(db: Queries, *, user_id: str, document_uid: str) -> list[DocumentEntityView]:
    """The document's entities, most mentioned first; empty for an unknown or unindexed document."""
    rows = await db.read("document_entities", user_id=user_id, document_uid=document_uid)
    return [
        DocumentEntityView(
            uid=str(r["uid"]),
            name=str(r["name"]),
            kind=str(r["kind"]),
            mentions=int(r["mentions"] or 0),
            entity_uids=tuple(sorted(str(u) for u in r["entity_uids"])),
        )
        for r in rows
    ]


async def mentions_of(db: Queries, *, user_id: str, entity_uids: Sequence[str]) -> list[DocumentMention]:
    """The documents that name each of the user's entities (through the links), grouped by entity uid in
    order, most mentioned first; empty for entities no document names."""
    rows = await db.read("entity_document_mentions", user_id=user_id, uids=list(entity_uids))
    return [
        DocumentMention(
            entity_uid=str(r["uid"]),
            mention_uid=str(r["mention_uid"]),
            name=str(r["name"]),
            mentions=int(r["mentions"] or 0),
            document_uid=str(r["document_uid"]),
            title=str(r["title"]),
        )
        for r in rows
    ]
