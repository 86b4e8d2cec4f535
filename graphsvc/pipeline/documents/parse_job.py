"""The ``parse_document`` job: an uploaded document → parsed in the sandbox → stored → embedded → ready.

1. Read the document's waiting upload (none, or a newer one than the job was queued for: nothing to do).
2. Parse and chunk it in the sandboxed parser process (:mod:`.sandbox`: CPU, memory and time limits, killed on
   timeout). A refusal (format, encryption, a bomb, a limit) makes the document ``FAILED`` with the reason and
   the job FAILED without retries (retrying cannot help; ``retryJob`` tries again).
3. One transaction, under the job's lease: the previous version (if any) is archived and its chunks removed,
   the new version's markdown and chunk tree are stored (passages without vectors: full-text search finds them
   at once), with its ``DOCUMENT`` event (a version of the document's ``Source``, its preview embedded). A job
   retried after this step finds the version stored and goes on with step 4.
4. The passages are embedded as background work (slices of ``SLICE`` texts, queries first), ``READ_BATCH`` per
   write transaction under the lease.
5. One transaction: the document is ``READY`` (its upload's bytes go), the ``index_document`` job is queued
   (its entities and topic tags: :mod:`.index`) and this job SUCCEEDED. A newer upload that arrived
   meanwhile is left to its own job (this one ends without making the document ready).

A failure other than a refusal (Neo4j away, the embedder overloaded) is retried with backoff; on the job's last
attempt the document is made ``FAILED`` with that reason, so it never stays ``PROCESSING`` with no job.
"""

from __future__ import annotations

import json
from dataclasses import dataclass

from graphsvc import keys
from graphsvc.errors import DocumentError, JobGaveUpError
from graphsvc.graph import documents as stored_documents
from graphsvc.graph import jobs
from graphsvc.graph import sources as stored_sources
from graphsvc.graph.database import NamedTx
from graphsvc.graph.documents import DocumentContent, NewChunk, Upload
from graphsvc.graph.jobs import JobRow, commit_with_job
from graphsvc.graph.leases import LeaseLostError
from graphsvc.graph.sources import SourceEventVersion
from graphsvc.pipeline.documents import sandbox
from graphsvc.pipeline.documents.chunker import ChunkDraft
from graphsvc.pipeline.documents.ingest import event_preview
from graphsvc.pipeline.documents.sandbox import ParsedDocument
from graphsvc.runtime import Runtime

READ_BATCH = 32
"""Passages embedded and written per transaction."""
SLICE = 2
"""Passages per embedder call (background work: recall's queries go first between slices)."""


@dataclass
class ParseReport:
    """What one job did: ``outcome`` ready, failed (with ``error``), superseded or nothing to do."""

    outcome: str = "ready"
    chunks: int = 0
    embedded: int = 0
    error: str | None = None


async def run(rt: Runtime, *, job: JobRow) -> ParseReport:
    """Parse, store and embed the job's document (its ``target_uid``) and commit with the job's success.

    Raises:
        JobGaveUpError: the document was refused (it is FAILED with the reason; the job ends FAILED).
        LeaseLostError: the job was taken over; nothing more of it commits.
        other errors: retried with backoff (the document is FAILED on the last attempt).
    """
    try:
        return await _run(rt, job)
    except (JobGaveUpError, LeaseLostError):
        raise
    except Exception as exc:
        if job.attempts >= rt.settings.jobs.max_attempts:
            await _fail(rt, job, f"could not be processed: {type(exc).__name__}: {exc}"[:500], content_hash=None)
        raise


async def _run(rt: Runtime, job: JobRow) -> ParseReport:
    user_id, uid = job.user_id, job.target_uid or ""
    upload = await stored_documents.upload(rt.db, user_id=user_id, uid=uid)
    found = await stored_documents.state(rt.db, user_id=user_id, uid=uid)
    if upload is None or found is None or found.upload_hash != upload.content_hash:
        await _complete(rt, job, "nothing to parse")
        return ParseReport(outcome="nothing to parse")
    report = ParseReport()
    if found.content_hash != upload.content_hash:  # not stored yet (a retried job may have stored it before)
        try:
            parsed = await sandbox.parse(
                upload.data, filename=upload.filename, mime_type=upload.mime_type, settings=rt.settings.documents
            )
        except DocumentError as exc:
            await _fail(rt, job, exc.message, content_hash=upload.content_hash)
            raise JobGaveUpError(exc.message) from exc
        report.chunks = len(parsed.chunks)
        if not await _store(rt, job, upload, parsed):
            await _complete(rt, job, "superseded by a newer upload")
            return ParseReport(outcome="superseded")
    report.embedded = await _embed_passages(rt, job, uid)
    ready = await _finish(rt, job, uid, upload.content_hash)
    report.outcome = "ready" if ready else "superseded"
    return report


async def _store(rt: Runtime, job: JobRow, upload: Upload, parsed: ParsedDocument) -> bool:
    """Step 3: the new version, its chunk tree and its ``DOCUMENT`` event; False when a newer upload replaced
    this one meanwhile (nothing written)."""
    user_id, uid = job.user_id, job.target_uid or ""
    excerpt = event_preview(parsed.title, parsed.markdown, parsed.chunks)
    event_vector = (await rt.embedder.embed_passages([excerpt], background=True))[0].tolist()
    now = rt.clock()

    async def work(tx: NamedTx) -> bool:
        locked = await stored_documents.lock_stored(tx, user_id=user_id, uid=uid, now=now)
        if locked is None or locked.upload_hash != upload.content_hash:
            return False
        if locked.content_hash == upload.content_hash:
            return True  # stored by an earlier attempt of this job
        if locked.version > 0:
            await stored_documents.archive_current_version(tx, user_id=user_id, uid=uid, now=now)
        source_id = locked.source_id
        event_uid = keys.source_event_uid(user_id, "document", source_id, upload.content_hash)
        metadata = json.dumps(
            {"documentId": uid, "filename": upload.filename, "contentHash": upload.content_hash, "pages": parsed.pages},
            ensure_ascii=False,
            sort_keys=True,
            separators=(",", ":"),
        )
        content = DocumentContent(
            filename=upload.filename,
            mime_type=upload.mime_type,
            format=parsed.format,
            title=parsed.title,
            content_hash=upload.content_hash,
            markdown=parsed.markdown,
            pages=parsed.pages,
            byte_size=len(upload.data),
            chunk_count=len(parsed.chunks),
            event_uid=event_uid,
        )
        await stored_documents.store_content(tx, user_id=user_id, uid=uid, content=content, now=now)
        chunks = new_chunks(uid, upload.content_hash, parsed.chunks)
        await stored_documents.create_chunks(tx, user_id=user_id, uid=uid, chunks=chunks, now=now)
        event = SourceEventVersion(
            uid=event_uid,
            source_uid=keys.source_uid(user_id, "document", source_id),
            source_type="document",
            source_id=source_id,
            title=parsed.title,
            content=excerpt,
            status=None,
            metadata=metadata,
            occurred_at=now,
        )
        await stored_sources.store_version(tx, user_id=user_id, event=event, embedding=event_vector, now=now)
        await stored_documents.link_event(tx, user_id=user_id, uid=uid, event_uid=event_uid)
        return True

    stored: bool = await commit_with_job(rt.db, job, now=now, work=work)
    return stored


def new_chunks(uid: str, digest: str, chunks: list[ChunkDraft]) -> list[NewChunk]:
    """The chunk tree to store for version ``digest`` of document ``uid``: uids from the document, the version
    and the position; passages without a vector yet."""
    uids = [keys.chunk_uid(uid, digest, c.position) for c in chunks]
    return [
        NewChunk(
            uid=uids[i],
            kind=c.kind,
            heading_path=c.heading_path,
            level=c.level,
            position=c.position,
            content=c.content,
            tokens=c.tokens,
            parent_uid=None if c.parent is None else uids[c.parent],
            embedding=None,
        )
        for i, c in enumerate(chunks)
    ]


async def _embed_passages(rt: Runtime, job: JobRow, uid: str) -> int:
    """Step 4: embed the document's passages that have no vector, ``READ_BATCH`` per transaction."""
    user_id, embedded = job.user_id, 0
    while True:
        waiting = await stored_documents.passages_without_vectors(rt.db, user_id=user_id, uid=uid, limit=READ_BATCH)
        if not waiting:
            return embedded
        texts = [passage_text(p.heading_path, p.content) for p in waiting]
        vectors: list[list[float]] = []
        for start in range(0, len(texts), SLICE):
            vectors += (await rt.embedder.embed_passages(texts[start : start + SLICE], background=True)).tolist()
        pairs = [(p.uid, v) for p, v in zip(waiting, vectors, strict=True)]
        stored = await _write_vectors(rt, job, uid, pairs)
        if not stored:
            raise RuntimeError(f"{len(pairs)} passages of document {uid} could not be given their vectors")
        embedded += stored


async def _write_vectors(rt: Runtime, job: JobRow, uid: str, pairs: list[tuple[str, list[float]]]) -> int:
    async def work(tx: NamedTx) -> int:
        return await stored_documents.set_passage_vectors(tx, user_id=job.user_id, uid=uid, vectors=pairs)

    stored: int = await commit_with_job(rt.db, job, now=rt.clock(), work=work)
    return stored


async def _finish(rt: Runtime, job: JobRow, uid: str, content_hash: str) -> bool:
    """Step 5: ready, the index job queued, this job done; False when a newer upload replaced this one."""
    now = rt.clock()

    async def work(tx: NamedTx) -> bool:
        ready = await stored_documents.mark_ready(tx, user_id=job.user_id, uid=uid, content_hash=content_hash, now=now)
        if ready:
            await jobs.enqueue(
                tx,
                user_id=job.user_id,
                kind="index_document",
                coalesce_on=uid,
                target_uid=uid,
                now=now,
                request_id=job.request_id,
            )
        await jobs.complete(tx, job, now=now, llm_calls=0, outcome="ready" if ready else "superseded")
        return ready

    finished: bool = await commit_with_job(rt.db, job, now=now, work=work)
    return finished


async def _complete(rt: Runtime, job: JobRow, outcome: str) -> None:
    now = rt.clock()

    async def work(tx: NamedTx) -> None:
        await jobs.complete(tx, job, now=now, llm_calls=0, outcome=outcome)

    await commit_with_job(rt.db, job, now=now, work=work)


async def _fail(rt: Runtime, job: JobRow, error: str, *, content_hash: str | None) -> None:
    """The document is FAILED with ``error`` (its latest upload's, or ``content_hash``'s if still the latest)."""
    user_id, uid, now = job.user_id, job.target_uid or "", rt.clock()
    if content_hash is None:
        found = await stored_documents.state(rt.db, user_id=user_id, uid=uid)
        if found is None:
            return
        content_hash = found.upload_hash
    chosen = content_hash

    async def work(tx: NamedTx) -> bool:
        return await stored_documents.mark_failed(
            tx, user_id=user_id, uid=uid, content_hash=chosen, error=error, now=now
        )

    await commit_with_job(rt.db, job, now=now, work=work)


def passage_text(heading_path: list[str], content: str) -> str:
    """What a passage is embedded as (:attr:`ChunkDraft.embedding_text`: its heading path, then its text)."""
    return ChunkDraft(kind="passage", heading_path=heading_path, level=0, content=content, parent=None).embedding_text
