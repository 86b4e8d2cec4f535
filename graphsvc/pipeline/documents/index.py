"""The ``index_document`` job: what a stored document adds beyond its chunks, after the ingest has returned.

A document is someone else's words (issue 22, "Sources have an author"): it gives the user no candidate statement
(:data:`graphsvc.pipeline.sources.statements.THIRD_PARTY`), and the people, places and things it names are the
document's, not the user's.

1. Document entities: the prose of the document's passages (at most ``ENTITY_PASSAGES``, in order; :func:`prose`:
   no table rows, no reference lines) is read by the offline entity rules
   (:func:`graphsvc.pipeline.impressions.active.detect_mentions`); each name becomes a ``DocumentEntity`` of the
   document, ``MENTIONED_IN`` the passages that name it (:func:`document_entities`), replacing those of an earlier
   version. They are in none of the user's entity lists, recall channels or reflection; a user's entity of the same
   name (the user's own words named it) links to it (:mod:`graphsvc.graph.document_entities`). What the document
   says about them is recalled as its passages, so no impression is made from a document and no LLM is called.
2. Topic tags: the document's best keywords tag it, and each passage that contains one of them.

Both commit with the job's success and the document's ``indexed_at`` (a retried job writes the same); a document
changed meanwhile (another content hash) is left to the job its new version queued.
"""

from __future__ import annotations

import asyncio
import re
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime

from graphsvc import keys
from graphsvc.conversation import ConversationMessage
from graphsvc.graph import document_entities as stored_entities
from graphsvc.graph import documents as stored_documents
from graphsvc.graph import jobs
from graphsvc.graph.database import NamedTx
from graphsvc.graph.document_entities import NewDocumentEntity
from graphsvc.graph.documents import Passage
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.pipeline.impressions.active import detect_mentions
from graphsvc.pipeline.tags import assign as tags
from graphsvc.pipeline.tags.keywords import keywords
from graphsvc.runtime import Runtime

ENTITY_PASSAGES = 200
ROLE = "document"


@dataclass
class IndexReport:
    """What one job did: ``entities``, the document entities it stored; ``tags``, the tag links it made."""

    entities: int = 0
    tags: int = 0


_TABLE_ROW = re.compile(r"^\s*\|.*\|\s*$")
_REFERENCE = re.compile(
    r"^\s*(?:\[\d{1,3}\]\s+"  # "[1] Novak, P. (2019) ..."
    r"|(?:\d{1,3}\.\s+)?[A-Z][\w'-]+,\s+(?:[A-Z]\.\s*)+(?:,|&|and|\(|\d{4}))"  # "Hart, J. & Lee, K. (2020)"
    r"|.*\bdoi:\s*10\.\d{4,}"
    r"|\s*(?:https?://|www\.)\S+\s*$"
)


def prose(content: str) -> str:
    """A passage's prose: its lines without markdown table rows ("| Porto | 12 |"), reference lines ("[1] Novak,
    P. (2019). …", "Smith, J. A. (2018) …", a DOI, a bare URL). Table cells and citations name people and places
    out of any sentence, so they are not read for entities or impressions; numbered steps stay prose.

    Returns:
        the kept lines joined by newlines, stripped; empty when nothing is prose.
    """
    return "\n".join(
        line for line in content.splitlines() if not (_TABLE_ROW.match(line) or _REFERENCE.match(line))
    ).strip()


def document_entities(
    user_id: str, document_uid: str, passages: Sequence[Passage], *, when: datetime
) -> list[NewDocumentEntity]:
    """Who and what the passages' prose names (pure): one entity per normalised name, with the passages naming it
    in document order; the kind of its first mention.

    Args:
        passages: the document's passages, in document order (only their :func:`prose` is read).
        when: the time the mentions are dated by (the document's change).

    Returns:
        the document's entities in order of first mention; empty when no prose names anyone or anything.
    """
    texts = [(p.uid, text) for p in passages if (text := prose(p.content))]
    messages = [
        ConversationMessage(message_id=f"m{i + 1}", role=ROLE, content=text, occurred_at=when)
        for i, (_, text) in enumerate(texts)
    ]
    passage_of = {m.message_id: uid for m, (uid, _) in zip(messages, texts, strict=True)}
    found: dict[str, NewDocumentEntity] = {}
    for mention in detect_mentions(messages):
        normalized = keys.normalise_text(mention.name)
        if not normalized:
            continue
        named_in = tuple(dict.fromkeys(passage_of[i] for i in mention.source_message_ids if i in passage_of))
        known = found.get(normalized)
        if known is not None:
            named_in = tuple(dict.fromkeys([*known.passage_uids, *named_in]))
        found[normalized] = NewDocumentEntity(
            uid=keys.document_entity_uid(user_id, document_uid, normalized),
            name=known.name if known else mention.name,
            normalized=normalized,
            kind=known.kind if known else mention.kind,
            passage_uids=named_in,
        )
    return [e for e in found.values() if e.passage_uids]


async def run(rt: Runtime, *, job: JobRow) -> IndexReport:
    """Index the job's document (its ``target_uid``) and commit with the job's success.

    Raises:
        NotFoundError: the document is gone (the job fails).
    """
    db, settings, user_id = rt.db, rt.settings, job.user_id
    document = await stored_documents.get_document(db, user_id=user_id, uid=job.target_uid or "")
    report = IndexReport()
    when = document.updated_at or rt.clock()
    passages = await stored_documents.passages(db, user_id=user_id, uid=document.uid, limit=ENTITY_PASSAGES)
    entities = await asyncio.to_thread(document_entities, user_id, document.uid, passages, when=when)
    doc_tags = keywords(document.normalized_content, top=settings.documents.auto_tags_per_document)
    pairs = [(document.uid, t) for t in doc_tags]
    for passage in await stored_documents.passages(db, user_id=user_id, uid=document.uid, limit=100_000):
        pairs += [(passage.uid, t) for t in tags.passage_tags(doc_tags, passage.content)]
    now = rt.clock()

    async def work(tx: NamedTx) -> None:
        stored = await stored_entities.replace(
            tx,
            user_id=user_id,
            document_uid=document.uid,
            content_hash=document.content_hash,
            entities=entities,
            now=now,
        )
        if stored is not None:
            report.entities = stored
            await stored_entities.link(tx, user_id=user_id, document_uid=document.uid)
        report.tags = await tags.tag(tx, user_id=user_id, pairs=pairs, origin="auto", now=now)
        await stored_documents.mark_indexed(
            tx, user_id=user_id, uid=document.uid, content_hash=document.content_hash, now=now
        )
        await jobs.complete(tx, job, now=now, llm_calls=0, outcome="indexed")

    await commit_with_job(db, job, now=now, work=work)
    return report
