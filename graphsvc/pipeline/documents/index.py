"""The ``index_document`` job: what a stored document adds beyond its chunks, after the ingest has returned.

1. Entities (seed 000, like a conversation): the document's passages (at most ``ENTITY_PASSAGES``, in order) go
   through the impression pipeline as messages of the document, each citing the document's ``DOCUMENT`` event
   (``OBSERVED_IN`` and evidence ``FROM_EVENT`` point to it); LLM planner when configured, else the offline rules.
2. Candidates (seed 003): the statements of the document's text (:mod:`graphsvc.pipeline.sources.statements`)
   become candidates from the ``DOCUMENT`` event; ones that meet a promotion rule are promoted after the commit.
3. Topic tags: the document's best keywords tag it, and each passage that contains one of them.

Step 2 commits first (idempotent: a retried job adds nothing), step 3 and the document's ``indexed_at`` commit
with the job's success; a document changed meanwhile (another
content hash) is left to the job its new version queued.
"""

from __future__ import annotations

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
from graphsvc.pipeline.sources import candidates, statements
from graphsvc.pipeline.sources.events import EventRow
from graphsvc.pipeline.tags import assign as tags
from graphsvc.pipeline.tags.keywords import keywords
from graphsvc.runtime import Runtime

ENTITY_PASSAGES = 200
ROLE = "document"


@dataclass
class IndexReport:
    """What one job did."""

    entities: int = 0
    candidates: int = 0
    promoted: int = 0
    tags: int = 0
    llm_calls: int = 0
    tokens_in: int = 0
    tokens_out: int = 0


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
    messages = [
        ConversationMessage(message_id=f"m{i + 1}", role=ROLE, content=p.content, occurred_at=when)
        for i, p in enumerate(passages)
    ]
    event_uid = document.event_uid or ""
    if messages and event_uid:
        entity_run = await impressions.run(
            rt,
            user_id=user_id,
            messages=messages,
            event_uids={m.message_id: event_uid for m in messages},
            mentions=detect_mentions(messages),
            statements=extract_offline(messages).memories if rt.llm is None else (),
        )
        await embed_missing_impressions(db, rt.embedder, user_id=user_id)
        report.entities = entity_run.created_entities + entity_run.updated_entities
        report.llm_calls = len(entity_run.llm_calls)
        report.tokens_in = sum(c.tokens_in for c in entity_run.llm_calls)
        report.tokens_out = sum(c.tokens_out for c in entity_run.llm_calls)
    record = EventRow(
        uid=event_uid,
        source_uid="",
        source_type="document",
        source_id=document.source_id,
        title=document.title,
        content=document.normalized_content,
        status=None,
        metadata=None,
        occurred_at=when,
        tags=(),
    )
    found = statements.from_event(record, settings=settings)
    doc_tags = keywords(document.normalized_content, top=settings.auto_tags_per_document)
    pairs = [(document.uid, t) for t in doc_tags]
    for passage in await stored_documents.passages(db, user_id=user_id, uid=document.uid, limit=100_000):
        pairs += [(passage.uid, t) for t in tags.passage_tags(doc_tags, passage.content)]
    now = rt.clock()
    if event_uid and found:  # idempotent (a retried job adds nothing), and promoted before the job is done
        touched = await db.in_transaction(
            lambda tx: candidates.upsert(
                tx, settings, user_id=user_id, event=record, found=found, now=now, origin="source"
            )
        )
        report.candidates = len(touched)
        report.promoted = len(await candidates.promote_due(rt, user_id=user_id, uids=touched)) if touched else 0

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
