"""The ``index_document`` job: what a stored document adds beyond its chunks, after the ingest has returned.

1. Entities (seed 000, like a conversation): the prose of the document's passages (at most ``ENTITY_PASSAGES``,
   in order; :func:`prose`: no table rows, no reference lines) goes through the impression pipeline as messages of
   the document, each citing the document's ``DOCUMENT`` event (``OBSERVED_IN`` and evidence ``FROM_EVENT`` point
   to it); LLM planner when configured, else the offline rules.
2. Topic tags: the document's best keywords tag it, and each passage that contains one of them.

A document is someone else's words: it gives the user no candidate statement
(:data:`graphsvc.pipeline.sources.statements.THIRD_PARTY`). Step 1 commits first (idempotent: a retried job adds
nothing), step 2 and the document's ``indexed_at`` commit with the job's success; a document changed meanwhile
(another content hash) is left to the job its new version queued.
"""

from __future__ import annotations

import asyncio
import re
from dataclasses import dataclass

from graphsvc.conversation import ConversationMessage
from graphsvc.graph import documents as stored_documents
from graphsvc.graph import jobs
from graphsvc.graph.database import NamedTx
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.pipeline.extraction.offline import extract_offline
from graphsvc.pipeline.impressions import run as impressions
from graphsvc.pipeline.impressions.active import detect_mentions
from graphsvc.pipeline.impressions.vectors import embed_missing_impressions
from graphsvc.pipeline.tags import assign as tags
from graphsvc.pipeline.tags.keywords import keywords
from graphsvc.runtime import Runtime

ENTITY_PASSAGES = 200
ROLE = "document"


@dataclass
class IndexReport:
    """What one job did."""

    entities: int = 0
    tags: int = 0
    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0


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


async def run(rt: Runtime, *, job: JobRow) -> IndexReport:
    """Index the job's document (its ``target_uid``) and commit with the job's success.

    Raises:
        LLMError: a planner call failed (the job is retried). NotFoundError: the document is gone (the job fails).
    """
    db, settings, user_id = rt.db, rt.settings, job.user_id
    document = await stored_documents.get_document(db, user_id=user_id, uid=job.target_uid or "")
    report = IndexReport()
    when = document.updated_at or rt.clock()
    passages = await stored_documents.passages(db, user_id=user_id, uid=document.uid, limit=ENTITY_PASSAGES)
    texts = [text for p in passages if (text := prose(p.content))]
    messages = [
        ConversationMessage(message_id=f"m{i + 1}", role=ROLE, content=text, occurred_at=when)
        for i, text in enumerate(texts)
    ]
    event_uid = document.event_uid or ""
    if messages and event_uid:
        entity_run = await impressions.run(
            rt,
            user_id=user_id,
            messages=messages,
            event_uids={m.message_id: event_uid for m in messages},
            mentions=await asyncio.to_thread(detect_mentions, messages),
            statements=extract_offline(messages).memories if rt.llm is None else (),
        )
        await embed_missing_impressions(db, rt.embedder, user_id=user_id)
        report.entities = entity_run.created_entities + entity_run.updated_entities
        report.llm_calls = len(entity_run.llm_calls)
        report.tokens_in = sum(c.tokens_in for c in entity_run.llm_calls)
        report.tokens_out = sum(c.tokens_out for c in entity_run.llm_calls)
    doc_tags = keywords(document.normalized_content, top=settings.documents.auto_tags_per_document)
    pairs = [(document.uid, t) for t in doc_tags]
    for passage in await stored_documents.passages(db, user_id=user_id, uid=document.uid, limit=100_000):
        pairs += [(passage.uid, t) for t in tags.passage_tags(doc_tags, passage.content)]
    now = rt.clock()

    async def work(tx: NamedTx) -> None:
        report.tags = await tags.tag(tx, user_id=user_id, pairs=pairs, origin="auto", now=now)
        await stored_documents.mark_indexed(
            tx, user_id=user_id, uid=document.uid, content_hash=document.content_hash, now=now
        )
        await jobs.complete(
            tx,
            job,
            now=now,
            llm_calls=report.llm_calls,
            tokens_in=report.tokens_in,
            tokens_out=report.tokens_out,
            outcome="indexed",
        )

    await commit_with_job(db, job, now=now, work=work)
    return report
