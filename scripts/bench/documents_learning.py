"""Document ingest speed (PDF and DOCX pages per second) and the daily learning job's time for many users.

    .venv/bin/python scripts/bench/documents_learning.py [--documents 10] [--pages 20] [--users 1000]

Against the Neo4j that ``NEO4J_URI`` names (use a bench instance: it writes users ``bench-doc-*`` and
``bench-learn-*`` and deletes them at the end). Documents are made by ``tests/sample_documents.py`` (fpdf2,
python-docx): ``--documents`` files of ``--pages`` pages each (a DOCX "page" is one section with a heading,
paragraphs, a list), ingested one after another through ``MemoryService.ingest_document_bytes`` and its
``parse_document`` job (parse in the sandboxed parser process, normalise to markdown, chunk, embed the passages
with the local e5 model, write), each timed until it is READY; pages/s = pages / wall time (the embedding model
is loaded before the clock starts). The worker runs only while a document is awaited, so an index job (entities,
candidates, tags) queued by an earlier document may run in that time and is then counted in it.

The daily job: ``--users`` users, each with 3 conversation messages, 2 todo events (2 candidates), and 5 old
unimportant memories, then ``graphsvc learn``'s path: ``run_daily_learning`` for each user in turn (offline:
reflection is the rule-based reflector, no LLM). Prints the totals, per-user p50/p95 and one JSON object.
"""

from __future__ import annotations

import asyncio
import json
import sys
import time
from datetime import UTC, datetime, timedelta
from pathlib import Path
from typing import Any

import click
from figures import percentiles

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))

from graphsvc.config import Settings  # noqa: E402
from graphsvc.conversation import MessageIn  # noqa: E402
from graphsvc.graph.documents import DocumentView  # noqa: E402
from graphsvc.service import MemoryService  # noqa: E402
from graphsvc.service.views import SourceEventIn  # noqa: E402
from tests import sample_documents as samples  # noqa: E402


async def documents(service: MemoryService, *, count: int, pages: int) -> dict[str, Any]:
    out: dict[str, Any] = {}
    await service.rt.embedder.embed_passages(["warm-up: load the model before the clock starts"])
    for kind, name in (("pdf", "report-{}.pdf"), ("docx", "guide-{}.docx")):
        files = [
            samples.pdf(pages, title=f"Report {i}") if kind == "pdf" else samples.docx_file(pages, title=f"Guide {i}")
            for i in range(count)
        ]
        started = time.perf_counter()
        chunks = 0
        for i, data in enumerate(files):
            outcome = await service.ingest_document_bytes(
                user_id="bench-doc-user", filename=name.format(i), content=data, mime_type=None, source_id=None
            )
            chunks += (await ready(service, outcome.document.uid)).chunks
        elapsed = time.perf_counter() - started
        out[kind] = {
            "documents": count,
            "pages": count * pages,
            "chunks": chunks,
            "seconds": round(elapsed, 2),
            "pages_per_s": round(count * pages / elapsed, 2),
        }
    return out


async def ready(service: MemoryService, uid: str) -> DocumentView:
    """The document once its ``parse_document`` job made it READY (the worker runs meanwhile)."""
    await service.worker.start()
    try:
        while True:
            found = await service.document(user_id="bench-doc-user", document_id=uid)
            if found.status == "ready":
                return found
            if found.status == "failed":
                raise RuntimeError(f"{found.filename} failed: {found.error}")
            await asyncio.sleep(0.05)
    finally:
        await service.worker.stop()


async def seed_users(service: MemoryService, *, users: int) -> None:
    now = datetime.now(UTC)
    old = now - timedelta(days=service.rt.settings.learning.archive_after_days + 10)
    for n in range(users):
        user = f"bench-learn-{n:05d}"
        await service.ingest_messages(
            user_id=user,
            session_id="s1",
            messages=[
                MessageIn(role="user", content=text, occurred_at=now - timedelta(hours=3 - i), message_id=f"m{i}")
                for i, text in enumerate(
                    ["I moved to Porto last year.", "I work as a chemistry teacher.", "I love hiking on weekends."]
                )
            ],
        )
        await service.ingest_events(
            user_id=user,
            events=[
                SourceEventIn(source_type="todo", source_id="t1", content="Renew the passport", occurred_at=now),
                SourceEventIn(source_type="todo", source_id="t2", content="Book the dentist", occurred_at=now),
            ],
        )
    async with service.db.driver.session() as session:
        await (
            await session.run(
                "UNWIND range(0, $users - 1) AS n UNWIND range(1, 5) AS i "
                "CREATE (:Memory {uid: 'bench-old-' + n + '-' + i, user_id: 'bench-learn-' + "
                "right('0000' + toString(n), 5), status: 'active', importance: 0.1, memory_type: 'fact', "
                "content: 'old ' + i, created_at: $old, last_reinforced_at: $old})",
                users=users,
                old=old,
            )
        ).consume()


async def learning(service: MemoryService, *, users: int) -> dict[str, Any]:
    started = time.perf_counter()
    await seed_users(service, users=users)
    seeded = time.perf_counter() - started
    per_user: list[float] = []
    archived = 0
    started = time.perf_counter()
    for n in range(users):
        t0 = time.perf_counter()
        run = await service.run_daily_learning(user_id=f"bench-learn-{n:05d}")
        per_user.append((time.perf_counter() - t0) * 1000)
        if run.status != "COMPLETED":
            raise click.ClickException(f"run of user {n} is {run.status}: {run.error}")
        archived += run.memories_archived
    total = time.perf_counter() - started
    spread = percentiles(per_user)
    return {
        "users": users,
        "seed_seconds": round(seeded, 1),
        "seconds": round(total, 1),
        "per_user_ms_p50": spread["p50"],
        "per_user_ms_p95": spread["p95"],
        "memories_archived": archived,
    }


async def cleanup(service: MemoryService) -> None:
    async with service.db.driver.session() as session:
        await (
            await session.run(
                "MATCH (n) WHERE n.user_id STARTS WITH 'bench-doc-' OR n.user_id STARTS WITH 'bench-learn-' "
                "CALL (n) { DETACH DELETE n } IN TRANSACTIONS OF 5000 ROWS"
            )
        ).consume()


async def main_async(count: int, pages: int, users: int) -> dict[str, Any]:
    service = await MemoryService.open(Settings(daily_learning=False), run_worker=False)
    try:
        await cleanup(service)
        result = {"documents": await documents(service, count=count, pages=pages)}
        if users:
            result["daily_learning"] = await learning(service, users=users)
        return result
    finally:
        await cleanup(service)
        await service.close()


@click.command()
@click.option("--documents", "count", default=10, show_default=True, help="Files per format.")
@click.option("--pages", default=20, show_default=True, help="Pages (DOCX: sections) per file.")
@click.option("--users", default=1000, show_default=True, help="Users of the daily learning run (0: skip).")
def main(count: int, pages: int, users: int) -> None:
    result = asyncio.run(main_async(count, pages, users))
    for kind, row in result["documents"].items():
        click.echo(
            f"{kind}: {row['pages']} pages in {row['seconds']} s = {row['pages_per_s']} pages/s "
            f"({row['chunks']} chunks)"
        )
    if "daily_learning" in result:
        row = result["daily_learning"]
        click.echo(
            f"daily learning: {row['users']} users in {row['seconds']} s (per user p50 {row['per_user_ms_p50']} ms, "
            f"p95 {row['per_user_ms_p95']} ms), {row['memories_archived']} memories archived"
        )
    click.echo(json.dumps(result))


if __name__ == "__main__":
    main()
