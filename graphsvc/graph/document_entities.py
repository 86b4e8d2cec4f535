"""A document's entities: who and what a document names, in the document's scope (issue 22, "Sources have an
author"); and :func:`migrate_legacy`, which moves what documents (and other third-party sources) gave the user's
graph before.

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

from graphsvc import keys
from graphsvc.graph.database import Queries
from graphsvc.vocabulary import THIRD_PARTY_SOURCES


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


LEGACY_BATCH = 200
"""Entities (and impressions) one transaction of :func:`migrate_legacy` moves (drops)."""


@dataclass(frozen=True)
class LegacyMigration:
    """What :func:`migrate_legacy` did: ``users`` looked at (those holding third-party records); ``entities``: the
    user's entities that left the user's graph (moved into their documents' scope, or dropped when only other
    third-party records named them); ``document_entities``: document entities made or extended for them;
    ``impressions``: impressions of the user's entities dropped because only third-party records gave them."""

    users: int = 0
    entities: int = 0
    document_entities: int = 0
    impressions: int = 0


async def migrate_legacy(db: Queries, *, now: datetime, batch: int = LEGACY_BATCH) -> LegacyMigration:
    """Move what third-party sources gave the user's graph before they had their own scope (idempotent, per
    user, in batches of ``batch``; run at start-up after the schema).

    The third-party sources are :data:`graphsvc.vocabulary.THIRD_PARTY_SOURCES` (documents, forum posts by
    others). An index job used to read a document's passages like the user's messages: the names it found became
    the user's ``Entity`` (observed in the document's ``DOCUMENT`` event, with aliases and impression evidence
    from it); an older database may hold the same shape for another person's forum post. For each user holding
    third-party records:

    1. every entity observed in a third-party event and in nothing the user's own words gave (no observation,
       name, impression or feature evidence from another event, no relation observed in one, no memory of the
       user's words mentioning it, no pending observation naming it, no name added by hand) leaves the user's
       graph with its names, impressions, features, their evidence, relations and history. Where a document
       named it, it becomes a ``DocumentEntity`` of each such document, ``MENTIONED_IN`` the passages holding
       one of its names (uid as the index job makes it, so a later index job replaces it in place). A forum
       post has no passages and no entity scope of its own (ingesting one today makes no entity): an entity
       only such records named just goes, and the post is recalled as itself;
    2. impressions of the entities that stay (the user's words named them) whose every evidence came from
       third-party records go with that evidence: what a document or another person says is recalled as its
       passages or its record;
    3. the user's entities link to the document entities of their names (:func:`link`).

    A second run finds nothing to move or drop and changes nothing.

    Returns:
        the counts over all users.
    """
    third_party = sorted(THIRD_PARTY_SOURCES)
    users = [str(r["user_id"]) for r in await db.read("legacy_third_party_users", third_party=third_party)]
    entities = made = impressions = 0
    for user_id in users:
        moved_here = 0
        seen: set[str] = set()
        while True:
            found = await db.read("legacy_third_party_entities", user_id=user_id, limit=batch, third_party=third_party)
            if not found or seen.issuperset(str(r["uid"]) for r in found):  # none left (or none could go)
                break
            seen.update(str(r["uid"]) for r in found)
            rows = []
            for r in found:
                names = [str(n) for n in r["names"] or [r["subject"]]]
                normalized = keys.normalise_text(str(r["subject"]))
                for document_uid in dict.fromkeys(str(d) for d in r["documents"]):
                    rows.append(
                        {
                            "uid": keys.document_entity_uid(user_id, document_uid, normalized),
                            "document_uid": document_uid,
                            "name": str(r["subject"]),
                            "normalized": normalized,
                            "kind": str(r["kind"]),
                            "names": names,
                        }
                    )
            result = await db.write(
                "move_legacy_third_party_entities",
                user_id=user_id,
                rows=rows,
                entity_uids=[str(r["uid"]) for r in found],
                now=now,
            )
            made += int(result[0]["created"] or 0) if result else 0
            moved_here += len(found)
        while dropped := await db.write(
            "drop_third_party_only_impressions", user_id=user_id, limit=batch, third_party=third_party
        ):
            count = int(dropped[0]["dropped"] or 0)
            if not count:
                break
            impressions += count
        if moved_here:
            await link(db, user_id=user_id)
        entities += moved_here
    return LegacyMigration(users=len(users), entities=entities, document_entities=made, impressions=impressions)
