"""The declared limits on the request path: ``ingestMessages`` of ``MAX_MESSAGES_PER_REQUEST`` messages and an
upload of a 5 MB PDF, through GraphQL in-process (the app over an httpx ASGI transport).

    .venv/bin/python scripts/bench/ingest_limits.py [--rounds 5] [--pdf-mb 5]

After a warm-up batch of 20 messages, each round ingests one full batch (synthetic messages of
ingest_recall.py, a fresh user) with the job worker stopped and reports the request's wall time and this
process's CPU time per message (GraphQL parsing, validation, the write transaction; Neo4j's own CPU is not
counted). Then the worker is started and the time until the last of the round's messages has its vector (the
``embed_events`` backlog at 0: vector-searchable) is measured. Last, one PDF of ``--pdf-mb`` MB (random-pixel
image and a paragraph) is uploaded: the upload's wall time, and the time until the document is READY.
Prints a table and one JSON object.
"""

from __future__ import annotations

import asyncio
import base64
import json
import random
import sys
import time
import uuid
from datetime import UTC, datetime
from typing import Any

import click
import httpx
from figures import percentiles
from fpdf import FPDF
from ingest_recall import synth
from PIL import Image

from graphsvc.api.app import build_app
from graphsvc.config import Settings
from graphsvc.graph import event_vectors
from graphsvc.service import MemoryService

INGEST = "mutation($i: IngestMessagesInput!) { ingestMessages(input: $i) { stored } }"
UPLOAD = "mutation($i: IngestDocumentInput!) { ingestDocument(input: $i) { id status } }"
POLL_S = 0.25


def brochure(size_bytes: int, rng: random.Random) -> bytes:
    """A one-page PDF of about ``size_bytes``: a paragraph over an image of random pixels."""
    side = int((size_bytes / 3) ** 0.5) + 1
    image = Image.frombytes("RGB", (side, side), rng.randbytes(side * side * 3))
    doc = FPDF()
    doc.add_page()
    doc.set_font("Helvetica", size=12)
    doc.multi_cell(0, 6, "The harbour brochure: moorings, fees and the opening hours of the office. " * 6)
    doc.image(image, x=20, y=80, w=120)
    return bytes(doc.output())


async def post(http: httpx.AsyncClient, query: str, variables: dict[str, Any]) -> tuple[dict[str, Any], float, float]:
    """The response body, its wall time and this process's CPU time (seconds)."""
    wall, cpu = time.perf_counter(), time.process_time()
    body: dict[str, Any] = (await http.post("/graphql", json={"query": query, "variables": variables})).json()
    return body, time.perf_counter() - wall, time.process_time() - cpu


async def until(check: Any, timeout_s: float) -> float:
    started = time.perf_counter()
    while not await check():
        if time.perf_counter() - started > timeout_s:
            raise TimeoutError(f"not done within {timeout_s} s")
        await asyncio.sleep(POLL_S)
    return time.perf_counter() - started


async def run(rounds: int, pdf_mb: float) -> dict[str, object]:
    service = await MemoryService.open(Settings(), run_worker=False)
    limit = service.settings.limits.max_messages_per_request
    rng = random.Random(11)
    run_id = uuid.uuid4().hex[:8]
    app = build_app(service.settings, service=service)
    walls: list[float] = []
    cpu_per_message: list[float] = []
    searchable: list[float] = []
    try:
        async with httpx.AsyncClient(
            transport=httpx.ASGITransport(app=app), base_url="http://127.0.0.1", timeout=120
        ) as http:
            for r in range(-1, rounds):  # round -1 warms up (Cypher plans, the connection pool): not counted
                messages = synth(rng, limit if r >= 0 else 20, datetime(2026, 1, 1, tzinfo=UTC))
                variables = {
                    "i": {
                        "userId": f"bench-{run_id}-u{r}",
                        "sessionId": "s",
                        "messages": [
                            {
                                "role": m.role,
                                "content": m.content,
                                "occurredAt": m.occurred_at.isoformat(),
                                "messageId": m.message_id,
                            }
                            for m in messages
                        ],
                    }
                }
                body, wall, cpu = await post(http, INGEST, variables)
                assert (body.get("data") or {}).get("ingestMessages", {}).get("stored") == len(messages), body
                if r < 0:
                    continue
                walls.append(wall)
                cpu_per_message.append(cpu / limit * 1000)
                await service.worker.start()

                async def embedded() -> bool:
                    return (await event_vectors.backlog(service.rt.db)).events == 0

                searchable.append(await until(embedded, 600))
                await service.worker.stop()
            data = brochure(int(pdf_mb * 1024 * 1024), rng)
            upload = {"userId": f"bench-{run_id}-doc", "filename": "brochure.pdf"}
            upload["contentBase64"] = base64.b64encode(data).decode()
            body, pdf_wall, _ = await post(http, UPLOAD, {"i": upload})
            document = body["data"]["ingestDocument"]
            assert document["status"] == "PROCESSING", body
            await service.worker.start()

            async def ready() -> bool:
                found = await service.document(user_id=upload["userId"], document_id=document["id"])
                return found.status != "processing"

            pdf_ready = await until(ready, 900)
            final = await service.document(user_id=upload["userId"], document_id=document["id"])
    finally:
        await service.close()
    wall_p = percentiles([w * 1000 for w in walls])

    def median(values: list[float]) -> float:
        return sorted(values)[len(values) // 2]

    return {
        "messages_per_request": limit,
        "rounds": rounds,
        "ingest_wall_ms": {"p50": wall_p["p50"], "max": round(max(walls) * 1000, 1)},
        "request_cpu_ms_per_message": {
            "median": round(median(cpu_per_message), 2),
            "max": round(max(cpu_per_message), 2),
        },
        "vector_searchable_s": {"median": round(median(searchable), 1), "max": round(max(searchable), 1)},
        "pdf_bytes": len(data),
        "pdf_upload_ms": round(pdf_wall * 1000, 1),
        "pdf_ready_s": round(pdf_ready, 1),
        "pdf_status": final.status,
    }


@click.command()
@click.option("--rounds", default=5, show_default=True, help="Full batches ingested (one fresh user each).")
@click.option("--pdf-mb", default=5.0, show_default=True, help="Size of the uploaded PDF in MB.")
def main(rounds: int, pdf_mb: float) -> None:
    report = asyncio.run(run(rounds, pdf_mb))
    for key, value in report.items():
        print(f"{key:28} {value}")
    json.dump(report, sys.stdout)
    print()


if __name__ == "__main__":
    main()
